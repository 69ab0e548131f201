#include "jsonparser.h"

#include "core/enginetext.h"
#include "jsonstring.h"
#include "textpositions.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace sb::plan {

namespace {

constexpr int kMaxDepth = 256;

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_';
}

class Parser
{
public:
    explicit Parser(const QByteArray &text)
        : m_data(text.constData())
        , m_size(text.size())
        , m_pos(m_size >= 3 && text.startsWith("\xEF\xBB\xBF") ? 3 : 0)
        , m_positions(m_data, m_size, m_pos)
    {}

    JsonParseResult run()
    {
        JsonParseResult result;
        m_path = QStringLiteral("$");
        skipWhitespace();
        if (parseValue(result.root, 0)) {
            skipWhitespace();
            if (m_pos < m_size)
                fail(m_pos,
                     trEngine("sb::plan", "expected end of input after the JSON value, found %1")
                         .arg(describe(m_pos)));
        }
        result.issues = std::move(m_issues);
        result.work = m_work + m_positions.work();
        return result;
    }

private:
    void position(qsizetype offset, int &line, int &column)
    {
        m_positions.position(offset, line, column);
    }

    bool fail(qsizetype offset, const QString &message)
    {
        JsonIssue issue;
        position(offset, issue.line, issue.column);
        issue.path = m_path;
        issue.message = message;
        issue.fatal = true;
        m_issues.append(issue);
        return false;
    }

    // A syntax error the parser can step over. After too many, the text is not a plan with a
    // typo any more: the error becomes fatal.
    bool repaired(qsizetype offset, const QString &message)
    {
        if (++m_repairs > kMaxRepairs)
            return fail(offset, message);
        JsonIssue issue;
        position(offset, issue.line, issue.column);
        issue.path = m_path;
        issue.message = message;
        issue.fatal = false;
        issue.syntax = true;
        m_issues.append(issue);
        return true;
    }

    bool startsValue(qsizetype offset) const
    {
        if (offset >= m_size)
            return false;
        const char c = m_data[offset];
        return c == '"' || c == '{' || c == '[' || c == '-' || isDigit(c) || c == 't' || c == 'f' ||
               c == 'n';
    }

    QString describe(qsizetype offset) const
    {
        if (offset >= m_size)
            return trEngine("sb::plan", "end of input");
        const uchar c = uchar(m_data[offset]);
        if (c == '"')
            return trEngine("sb::plan", "a string");
        if (c >= 0x21 && c < 0x7F)
            return QStringLiteral("'%1'").arg(QLatin1Char(char(c)));
        if (c < 0x80)
            return QStringLiteral("U+%1").arg(int(c), 4, 16, QLatin1Char('0')).toUpper();
        return trEngine("sb::plan", "a non-ASCII character");
    }

    void skipWhitespace()
    {
        while (m_pos < m_size) {
            const char c = m_data[m_pos];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
                ++m_pos;
            else
                break;
        }
    }

    void begin(JsonValue &v, JsonValue::Type type)
    {
        v.type = type;
        v.offset = m_pos;
        position(m_pos, v.line, v.column);
    }

    bool parseValue(JsonValue &v, int depth)
    {
        if (m_pos >= m_size)
            return fail(m_pos, trEngine("sb::plan", "expected a JSON value, found end of input"));
        const char c = m_data[m_pos];
        switch (c) {
        case '{':
            return parseObject(v, depth);
        case '[':
            return parseArray(v, depth);
        case '"': {
            begin(v, JsonValue::Type::String);
            if (!parseString(v.string))
                return false;
            v.length = m_pos - v.offset;
            return true;
        }
        case '\'':
            return fail(m_pos, trEngine("sb::plan", "strings must be in double quotes"));
        case '/':
            return fail(m_pos, trEngine("sb::plan", "comments are not allowed in JSON"));
        default:
            break;
        }
        if (c == '-' || isDigit(c))
            return parseNumber(v);
        if (isWordChar(c))
            return parseLiteral(v);
        return fail(m_pos,
                    trEngine("sb::plan", "expected a JSON value, found %1").arg(describe(m_pos)));
    }

    bool parseLiteral(JsonValue &v)
    {
        const qsizetype start = m_pos;
        qsizetype end = m_pos;
        while (end < m_size && isWordChar(m_data[end]))
            ++end;
        const QByteArray word(m_data + start, end - start);
        begin(v, JsonValue::Type::Null);
        if (word == "true" || word == "false") {
            v.type = JsonValue::Type::Bool;
            v.boolean = word == "true";
        } else if (word != "null") {
            return fail(start, trEngine("sb::plan",
                                        "invalid literal \"%1\"; expected true, false, null, a "
                                        "number, a string, an array or an object")
                                   .arg(QString::fromUtf8(word)));
        }
        m_pos = end;
        v.length = end - start;
        return true;
    }

    bool parseNumber(JsonValue &v)
    {
        begin(v, JsonValue::Type::Number);
        const qsizetype start = m_pos;
        qsizetype p = m_pos;
        if (m_data[p] == '-')
            ++p;
        if (p >= m_size || !isDigit(m_data[p]))
            return fail(
                p, trEngine("sb::plan", "expected a digit after '-', found %1").arg(describe(p)));
        if (m_data[p] == '0') {
            ++p;
            if (p < m_size && isDigit(m_data[p]))
                return fail(start, trEngine("sb::plan", "numbers must not have leading zeros"));
        } else {
            while (p < m_size && isDigit(m_data[p]))
                ++p;
        }
        if (p < m_size && m_data[p] == '.') {
            ++p;
            if (p >= m_size || !isDigit(m_data[p]))
                return fail(
                    p,
                    trEngine("sb::plan", "expected a digit after '.', found %1").arg(describe(p)));
            while (p < m_size && isDigit(m_data[p]))
                ++p;
        }
        if (p < m_size && (m_data[p] == 'e' || m_data[p] == 'E')) {
            ++p;
            if (p < m_size && (m_data[p] == '+' || m_data[p] == '-'))
                ++p;
            if (p >= m_size || !isDigit(m_data[p]))
                return fail(p, trEngine("sb::plan", "expected a digit in the exponent, found %1")
                                   .arg(describe(p)));
            while (p < m_size && isDigit(m_data[p]))
                ++p;
        }
        if (p < m_size && isWordChar(m_data[p]))
            return fail(p, trEngine("sb::plan", "unexpected %1 after a number").arg(describe(p)));
        v.numberText = QByteArray(m_data + start, p - start);
        bool ok = false;
        v.number = v.numberText.toDouble(&ok);
        if (!ok || !std::isfinite(v.number))
            return fail(start, trEngine("sb::plan", "number %1 is out of range")
                                   .arg(QString::fromLatin1(v.numberText)));
        m_pos = p;
        v.length = p - start;
        return true;
    }

    // m_pos at the opening quote; leaves m_pos after the closing quote.
    bool parseString(QString &out)
    {
        JsonString s = decodeJsonString(m_data, m_size, m_pos);
        if (!s.ok)
            return fail(s.errorOffset, s.error);
        m_pos = s.end;
        out = std::move(s.value);
        return true;
    }

    bool parseObject(JsonValue &v, int depth)
    {
        begin(v, JsonValue::Type::Object);
        if (depth >= kMaxDepth)
            return fail(m_pos,
                        trEngine("sb::plan", "nesting deeper than %1 levels").arg(kMaxDepth));
        ++m_pos;
        skipWhitespace();
        if (m_pos < m_size && m_data[m_pos] == '}') {
            ++m_pos;
            v.length = m_pos - v.offset;
            return true;
        }
        const QString path = m_path;
        qsizetype comma = -1;
        QHash<QString, size_t> keyIndex; // for wide objects only, see findMember
        while (true) {
            if (m_pos >= m_size || m_data[m_pos] != '"') {
                if (comma >= 0 && m_pos < m_size && m_data[m_pos] == '}') {
                    if (!repaired(comma, trEngine("sb::plan", "trailing comma before '}'")))
                        return false;
                    ++m_pos;
                    v.length = m_pos - v.offset;
                    return true;
                }
                if (m_pos < m_size && m_data[m_pos] == '\'')
                    return fail(m_pos, trEngine("sb::plan", "keys must be in double quotes"));
                if (m_pos < m_size && m_data[m_pos] == '/')
                    return fail(m_pos, trEngine("sb::plan", "comments are not allowed in JSON"));
                return fail(m_pos, trEngine("sb::plan", "expected a key in double quotes, found %1")
                                       .arg(describe(m_pos)));
            }
            if (!parseMember(v, keyIndex, path, depth))
                return false;
            m_path = path;
            skipWhitespace();
            if (m_pos < m_size && m_data[m_pos] == ',') {
                comma = m_pos;
                ++m_pos;
                skipWhitespace();
                continue;
            }
            if (m_pos < m_size && m_data[m_pos] == '}') {
                ++m_pos;
                v.length = m_pos - v.offset;
                return true;
            }
            const QString expected =
                trEngine("sb::plan", "expected ',' or '}', found %1").arg(describe(m_pos));
            if (m_pos < m_size && m_data[m_pos] == '"') { // the next key: a comma is missing
                if (!repaired(m_pos, expected))
                    return false;
                comma = -1;
                continue;
            }
            return fail(m_pos, expected);
        }
    }

    // One "key": value at m_pos (a '"'), added to `v` unless its key is a duplicate (reported).
    bool parseMember(JsonValue &v, QHash<QString, size_t> &keyIndex, const QString &path, int depth)
    {
        JsonMember member;
        position(m_pos, member.line, member.column);
        if (!parseString(member.key))
            return false;
        skipWhitespace();
        if (m_pos >= m_size || m_data[m_pos] != ':')
            return fail(m_pos, trEngine("sb::plan", "expected ':' after key \"%1\", found %2")
                                   .arg(member.key, describe(m_pos)));
        ++m_pos;
        skipWhitespace();
        m_path = jsonChildPath(path, member.key);
        if (!parseValue(member.value, depth + 1))
            return false;
        if (const JsonMember *first = findMember(v.members, keyIndex, member.key)) {
            JsonIssue issue;
            issue.line = member.line;
            issue.column = member.column;
            issue.path = m_path;
            issue.message =
                trEngine("sb::plan", "duplicate key \"%1\" (first at line %2, column %3)")
                    .arg(member.key)
                    .arg(first->line)
                    .arg(first->column);
            issue.fatal = false;
            m_issues.append(issue);
        } else {
            v.members.push_back(std::move(member));
            indexMembers(v.members, keyIndex);
        }
        return true;
    }

    // Duplicate keys: a small object is searched, a wide one (an "env" or "headers" of thousands
    // of keys) gets an index, so that finding duplicates stays linear.
    static constexpr size_t kIndexedMembers = 16;

    const JsonMember *findMember(const std::vector<JsonMember> &members,
                                 const QHash<QString, size_t> &index, const QString &key)
    {
        if (members.size() >= kIndexedMembers) {
            ++m_work;
            const auto it = index.constFind(key);
            return it == index.constEnd() ? nullptr : &members[it.value()];
        }
        for (const JsonMember &m : members) {
            ++m_work;
            if (m.key == key)
                return &m;
        }
        return nullptr;
    }

    static void indexMembers(const std::vector<JsonMember> &members, QHash<QString, size_t> &index)
    {
        if (members.size() < kIndexedMembers)
            return;
        if (members.size() == kIndexedMembers) {
            for (size_t i = 0; i < members.size(); ++i)
                index.insert(members[i].key, i);
            return;
        }
        index.insert(members.back().key, members.size() - 1);
    }

    bool parseArray(JsonValue &v, int depth)
    {
        begin(v, JsonValue::Type::Array);
        if (depth >= kMaxDepth)
            return fail(m_pos,
                        trEngine("sb::plan", "nesting deeper than %1 levels").arg(kMaxDepth));
        ++m_pos;
        skipWhitespace();
        if (m_pos < m_size && m_data[m_pos] == ']') {
            ++m_pos;
            v.length = m_pos - v.offset;
            return true;
        }
        const QString path = m_path;
        qsizetype comma = -1;
        while (true) {
            if (comma >= 0 && m_pos < m_size && m_data[m_pos] == ']') {
                if (!repaired(comma, trEngine("sb::plan", "trailing comma before ']'")))
                    return false;
                ++m_pos;
                v.length = m_pos - v.offset;
                return true;
            }
            m_path = jsonIndexPath(path, qsizetype(v.items.size()));
            JsonValue item;
            if (!parseValue(item, depth + 1))
                return false;
            v.items.push_back(std::move(item));
            m_path = path;
            skipWhitespace();
            if (m_pos < m_size && m_data[m_pos] == ',') {
                comma = m_pos;
                ++m_pos;
                skipWhitespace();
                continue;
            }
            if (m_pos < m_size && m_data[m_pos] == ']') {
                ++m_pos;
                v.length = m_pos - v.offset;
                return true;
            }
            const QString expected =
                trEngine("sb::plan", "expected ',' or ']', found %1").arg(describe(m_pos));
            if (startsValue(m_pos)) { // the next item: a comma is missing
                if (!repaired(m_pos, expected))
                    return false;
                comma = -1;
                continue;
            }
            return fail(m_pos, expected);
        }
    }

    const char *m_data;
    qsizetype m_size;
    qsizetype m_pos;
    TextPositions m_positions;
    QString m_path;
    QList<JsonIssue> m_issues;
    int m_repairs = 0;
    qint64 m_work = 0; // keys compared to find duplicates (m_positions counts its own walk)
    static constexpr int kMaxRepairs = 20;
};

} // namespace

JsonParseResult parseJson(const QByteArray &text)
{
    return Parser(text).run();
}

QString jsonChildPath(const QString &path, const QString &key)
{
    // [A-Za-z_][A-Za-z0-9_]* without a regular expression: this runs for every member.
    const bool identifier = !key.isEmpty() && !key.front().isDigit() &&
                            std::all_of(key.begin(), key.end(), [](QChar c) {
                                return c.unicode() < 0x80 && isWordChar(char(c.unicode()));
                            });
    if (identifier)
        return path + QLatin1Char('.') + key;
    return path + QLatin1Char('[') + QString::fromUtf8(jsonQuote(key)) + QLatin1Char(']');
}

QString jsonIndexPath(const QString &path, qsizetype index)
{
    return path + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

QByteArray jsonQuote(const QString &s)
{
    QByteArray out;
    out.append('"');
    const QByteArray utf8 = s.toUtf8();
    for (const char ch : utf8) {
        const uchar c = uchar(ch);
        switch (c) {
        case '"':
            out.append("\\\"");
            break;
        case '\\':
            out.append("\\\\");
            break;
        case '\b':
            out.append("\\b");
            break;
        case '\f':
            out.append("\\f");
            break;
        case '\n':
            out.append("\\n");
            break;
        case '\r':
            out.append("\\r");
            break;
        case '\t':
            out.append("\\t");
            break;
        default:
            if (c < 0x20) {
                static const char hex[] = "0123456789abcdef";
                out.append("\\u00");
                out.append(hex[c >> 4]);
                out.append(hex[c & 0xF]);
            } else {
                out.append(ch);
            }
        }
    }
    out.append('"');
    return out;
}

} // namespace sb::plan
