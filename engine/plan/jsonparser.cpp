#include "jsonparser.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
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
int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

void appendUtf8(QByteArray &out, char32_t cp)
{
    if (cp < 0x80) {
        out.append(char(cp));
    } else if (cp < 0x800) {
        out.append(char(0xC0 | (cp >> 6)));
        out.append(char(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.append(char(0xE0 | (cp >> 12)));
        out.append(char(0x80 | ((cp >> 6) & 0x3F)));
        out.append(char(0x80 | (cp & 0x3F)));
    } else {
        out.append(char(0xF0 | (cp >> 18)));
        out.append(char(0x80 | ((cp >> 12) & 0x3F)));
        out.append(char(0x80 | ((cp >> 6) & 0x3F)));
        out.append(char(0x80 | (cp & 0x3F)));
    }
}

class Parser
{
public:
    explicit Parser(const QByteArray &text)
        : m_data(text.constData())
        , m_size(text.size())
    {
        if (m_size >= 3 && text.startsWith("\xEF\xBB\xBF"))
            m_pos = 3;
        m_lineStarts.push_back(m_pos);
        m_cursor.offset = m_pos; // a BOM takes no column
        for (qsizetype i = m_pos; i < m_size; ++i) {
            if (m_data[i] == '\n')
                m_lineStarts.push_back(i + 1);
        }
    }

    JsonParseResult run()
    {
        JsonParseResult result;
        m_path = QStringLiteral("$");
        skipWhitespace();
        if (parseValue(result.root, 0)) {
            skipWhitespace();
            if (m_pos < m_size)
                fail(m_pos, QStringLiteral("expected end of input after the JSON value, found %1")
                                .arg(describe(m_pos)));
        }
        result.issues = std::move(m_issues);
        result.work = m_work;
        return result;
    }

private:
    // Line and column of `offset`. The parser asks in increasing order, so the walk goes on from
    // the previous answer: every byte is walked once, however long the line (a generated plan is
    // often one line). Asking backwards (an error at an earlier comma) starts again at the line.
    void position(qsizetype offset, int &line, int &column)
    {
        if (offset < m_cursor.offset) {
            auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
            m_cursor.line = std::max<qsizetype>((it - m_lineStarts.begin()) - 1, 0);
            m_cursor.offset = m_lineStarts[size_t(m_cursor.line)];
            m_cursor.column = 1;
        }
        while (size_t(m_cursor.line) + 1 < m_lineStarts.size() &&
               m_lineStarts[size_t(m_cursor.line) + 1] <= offset) {
            ++m_cursor.line;
            m_cursor.offset = m_lineStarts[size_t(m_cursor.line)];
            m_cursor.column = 1;
            ++m_work;
        }
        for (; m_cursor.offset < offset && m_cursor.offset < m_size; ++m_cursor.offset) {
            ++m_work;
            if ((uchar(m_data[m_cursor.offset]) & 0xC0) != 0x80) // code points, not UTF-8 bytes
                ++m_cursor.column;
        }
        line = int(m_cursor.line) + 1;
        column = m_cursor.column;
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
            return QStringLiteral("end of input");
        const uchar c = uchar(m_data[offset]);
        if (c == '"')
            return QStringLiteral("a string");
        if (c >= 0x21 && c < 0x7F)
            return QStringLiteral("'%1'").arg(QLatin1Char(char(c)));
        if (c < 0x80)
            return QStringLiteral("U+%1").arg(int(c), 4, 16, QLatin1Char('0')).toUpper();
        return QStringLiteral("a non-ASCII character");
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
            return fail(m_pos, QStringLiteral("expected a JSON value, found end of input"));
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
            return fail(m_pos, QStringLiteral("strings must be in double quotes"));
        case '/':
            return fail(m_pos, QStringLiteral("comments are not allowed in JSON"));
        default:
            break;
        }
        if (c == '-' || isDigit(c))
            return parseNumber(v);
        if (isWordChar(c))
            return parseLiteral(v);
        return fail(m_pos, QStringLiteral("expected a JSON value, found %1").arg(describe(m_pos)));
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
            return fail(start,
                        QStringLiteral("invalid literal \"%1\"; expected true, false, null, a "
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
            return fail(p, QStringLiteral("expected a digit after '-', found %1").arg(describe(p)));
        if (m_data[p] == '0') {
            ++p;
            if (p < m_size && isDigit(m_data[p]))
                return fail(start, QStringLiteral("numbers must not have leading zeros"));
        } else {
            while (p < m_size && isDigit(m_data[p]))
                ++p;
        }
        if (p < m_size && m_data[p] == '.') {
            ++p;
            if (p >= m_size || !isDigit(m_data[p]))
                return fail(
                    p, QStringLiteral("expected a digit after '.', found %1").arg(describe(p)));
            while (p < m_size && isDigit(m_data[p]))
                ++p;
        }
        if (p < m_size && (m_data[p] == 'e' || m_data[p] == 'E')) {
            ++p;
            if (p < m_size && (m_data[p] == '+' || m_data[p] == '-'))
                ++p;
            if (p >= m_size || !isDigit(m_data[p]))
                return fail(
                    p,
                    QStringLiteral("expected a digit in the exponent, found %1").arg(describe(p)));
            while (p < m_size && isDigit(m_data[p]))
                ++p;
        }
        if (p < m_size && isWordChar(m_data[p]))
            return fail(p, QStringLiteral("unexpected %1 after a number").arg(describe(p)));
        v.numberText = QByteArray(m_data + start, p - start);
        bool ok = false;
        v.number = v.numberText.toDouble(&ok);
        if (!ok || !std::isfinite(v.number))
            return fail(
                start,
                QStringLiteral("number %1 is out of range").arg(QString::fromLatin1(v.numberText)));
        m_pos = p;
        v.length = p - start;
        return true;
    }

    // The value of 4 hex digits at `at`; -1 when they are not there.
    int readHex4(qsizetype at) const
    {
        if (at + 4 > m_size)
            return -1;
        int value = 0;
        for (int i = 0; i < 4; ++i) {
            const int h = hexValue(m_data[at + i]);
            if (h < 0)
                return -1;
            value = value * 16 + h;
        }
        return value;
    }

    // m_pos at the opening quote; leaves m_pos after the closing quote.
    bool parseString(QString &out)
    {
        const qsizetype open = m_pos;
        qsizetype p = m_pos + 1;
        QByteArray utf8;
        while (true) {
            if (p >= m_size)
                return fail(open, QStringLiteral("unterminated string"));
            const uchar c = uchar(m_data[p]);
            if (c == '"') {
                ++p;
                break;
            }
            if (c == '\\') {
                if (p + 1 >= m_size)
                    return fail(open, QStringLiteral("unterminated string"));
                if (!parseEscape(p, utf8))
                    return false;
                continue;
            }
            if (c < 0x20) {
                if (c == '\n' || c == '\r')
                    return fail(p,
                                QStringLiteral("line break inside a string (unterminated string, "
                                               "or write it as \\n)"));
                return fail(p, QStringLiteral("control character U+%1 inside a string; escape it")
                                   .arg(int(c), 4, 16, QLatin1Char('0')));
            }
            if (c < 0x80) {
                utf8.append(char(c));
                ++p;
                continue;
            }
            if (!copyUtf8Sequence(p, utf8))
                return false;
        }
        m_pos = p;
        out = QString::fromUtf8(utf8);
        return true;
    }

    // The escape at `p` (a backslash and at least one more byte): appends what it stands for and
    // moves `p` past it.
    bool parseEscape(qsizetype &p, QByteArray &utf8)
    {
        const char e = m_data[p + 1];
        static const char kSimple[][2] = {{'"', '"'},  {'\\', '\\'}, {'/', '/'},  {'b', '\b'},
                                          {'f', '\f'}, {'n', '\n'},  {'r', '\r'}, {'t', '\t'}};
        for (const auto &pair : kSimple) {
            if (e == pair[0]) {
                utf8.append(pair[1]);
                p += 2;
                return true;
            }
        }
        if (e == 'u')
            return parseUnicodeEscape(p, utf8);
        if (uchar(e) >= 0x21 && uchar(e) < 0x7F)
            return fail(p, QStringLiteral("invalid escape '\\%1' in string; allowed: "
                                          "\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
                               .arg(QLatin1Char(e)));
        return fail(p, QStringLiteral("invalid escape in string"));
    }

    // \\uXXXX at `p`, or a surrogate pair of them.
    bool parseUnicodeEscape(qsizetype &p, QByteArray &utf8)
    {
        const int unit = readHex4(p + 2);
        if (unit < 0)
            return fail(p, QStringLiteral("invalid \\u escape: expected 4 hex digits"));
        char32_t cp = char32_t(unit);
        qsizetype used = 6;
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            const int low = (p + 7 < m_size && m_data[p + 6] == '\\' && m_data[p + 7] == 'u')
                                ? readHex4(p + 8)
                                : -1;
            if (low < 0xDC00 || low > 0xDFFF)
                return fail(p, QStringLiteral("unpaired surrogate \\u%1 in string")
                                   .arg(QString::fromLatin1(m_data + p + 2, 4)));
            cp = 0x10000 + ((char32_t(unit) - 0xD800) << 10) + (char32_t(low) - 0xDC00);
            used = 12;
        } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
            return fail(p, QStringLiteral("unpaired surrogate \\u%1 in string")
                               .arg(QString::fromLatin1(m_data + p + 2, 4)));
        }
        appendUtf8(utf8, cp);
        p += used;
        return true;
    }

    // One multi-byte UTF-8 sequence at `p`, validated (no overlongs, no surrogates, at most
    // U+10FFFF), copied as it is.
    bool copyUtf8Sequence(qsizetype &p, QByteArray &utf8)
    {
        const uchar c = uchar(m_data[p]);
        int extra = 0;
        uchar lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            extra = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            extra = 2;
            if (c == 0xE0)
                lo = 0xA0;
            if (c == 0xED)
                hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            extra = 3;
            if (c == 0xF0)
                lo = 0x90;
            if (c == 0xF4)
                hi = 0x8F;
        } else {
            return fail(p, QStringLiteral("invalid UTF-8 in string"));
        }
        if (p + extra >= m_size)
            return fail(p, QStringLiteral("invalid UTF-8 in string"));
        for (int i = 1; i <= extra; ++i) {
            const uchar b = uchar(m_data[p + i]);
            const uchar bl = i == 1 ? lo : 0x80;
            const uchar bh = i == 1 ? hi : 0xBF;
            if (b < bl || b > bh)
                return fail(p, QStringLiteral("invalid UTF-8 in string"));
        }
        utf8.append(m_data + p, extra + 1);
        p += extra + 1;
        return true;
    }

    bool parseObject(JsonValue &v, int depth)
    {
        begin(v, JsonValue::Type::Object);
        if (depth >= kMaxDepth)
            return fail(m_pos, QStringLiteral("nesting deeper than %1 levels").arg(kMaxDepth));
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
                    if (!repaired(comma, QStringLiteral("trailing comma before '}'")))
                        return false;
                    ++m_pos;
                    v.length = m_pos - v.offset;
                    return true;
                }
                if (m_pos < m_size && m_data[m_pos] == '\'')
                    return fail(m_pos, QStringLiteral("keys must be in double quotes"));
                if (m_pos < m_size && m_data[m_pos] == '/')
                    return fail(m_pos, QStringLiteral("comments are not allowed in JSON"));
                return fail(m_pos, QStringLiteral("expected a key in double quotes, found %1")
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
                QStringLiteral("expected ',' or '}', found %1").arg(describe(m_pos));
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
            return fail(m_pos, QStringLiteral("expected ':' after key \"%1\", found %2")
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
            issue.message = QStringLiteral("duplicate key \"%1\" (first at line %2, column %3)")
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
            return fail(m_pos, QStringLiteral("nesting deeper than %1 levels").arg(kMaxDepth));
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
                if (!repaired(comma, QStringLiteral("trailing comma before ']'")))
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
                QStringLiteral("expected ',' or ']', found %1").arg(describe(m_pos));
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
    qsizetype m_pos = 0;
    std::vector<qsizetype> m_lineStarts;
    QString m_path;
    QList<JsonIssue> m_issues;
    int m_repairs = 0;
    qint64 m_work = 0;
    struct Cursor
    {
        qsizetype offset = 0; // the last position asked for
        qsizetype line = 0;   // its 0-based line
        int column = 1;       // its 1-based column
    } m_cursor;
    static constexpr int kMaxRepairs = 20;
};

void appendCompact(const JsonValue &v, QByteArray &out)
{
    switch (v.type) {
    case JsonValue::Type::Null:
        out.append("null");
        break;
    case JsonValue::Type::Bool:
        out.append(v.boolean ? "true" : "false");
        break;
    case JsonValue::Type::Number:
        out.append(v.numberText);
        break;
    case JsonValue::Type::String:
        out.append(jsonQuote(v.string));
        break;
    case JsonValue::Type::Array:
        out.append('[');
        for (size_t i = 0; i < v.items.size(); ++i) {
            if (i)
                out.append(',');
            appendCompact(v.items[i], out);
        }
        out.append(']');
        break;
    case JsonValue::Type::Object:
        out.append('{');
        for (size_t i = 0; i < v.members.size(); ++i) {
            if (i)
                out.append(',');
            out.append(jsonQuote(v.members[i].key));
            out.append(':');
            appendCompact(v.members[i].value, out);
        }
        out.append('}');
        break;
    }
}

} // namespace

const JsonMember *JsonValue::member(QStringView key) const
{
    for (const JsonMember &m : members) {
        if (m.key == key)
            return &m;
    }
    return nullptr;
}

const JsonValue *JsonValue::value(QStringView key) const
{
    const JsonMember *m = member(key);
    return m ? &m->value : nullptr;
}

QString JsonValue::typeName() const
{
    switch (type) {
    case Type::Null:
        return QStringLiteral("null");
    case Type::Bool:
        return QStringLiteral("a boolean");
    case Type::Number:
        return QStringLiteral("a number");
    case Type::String:
        return QStringLiteral("a string");
    case Type::Array:
        return QStringLiteral("an array");
    case Type::Object:
        return QStringLiteral("an object");
    }
    return QString();
}

QByteArray JsonValue::toCompactJson() const
{
    QByteArray out;
    appendCompact(*this, out);
    return out;
}

QJsonValue JsonValue::toQJsonValue() const
{
    switch (type) {
    case Type::Null:
        return QJsonValue(QJsonValue::Null);
    case Type::Bool:
        return QJsonValue(boolean);
    case Type::Number:
        return QJsonValue(number);
    case Type::String:
        return QJsonValue(string);
    case Type::Array: {
        QJsonArray a;
        for (const JsonValue &item : items)
            a.append(item.toQJsonValue());
        return a;
    }
    case Type::Object: {
        QJsonObject o;
        for (const JsonMember &m : members)
            o.insert(m.key, m.value.toQJsonValue());
        return o;
    }
    }
    return QJsonValue();
}

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
