#include "run/sqlneed.h"

#include <QList>

namespace sb::run {

namespace {

struct Token
{
    enum class Type
    {
        Word,   // an unquoted identifier or keyword
        Quoted, // a "quoted identifier", quotes kept
        Punct,  // one of . , ( ) * and anything else of one character
        String  // a 'string' or $$dollar$$ literal
    };
    Type type = Type::Punct;
    QString text;

    bool is(const char *word) const
    {
        return type == Type::Word && text.compare(QLatin1String(word), Qt::CaseInsensitive) == 0;
    }
    bool punct(char c) const { return type == Type::Punct && text == QLatin1Char(c); }
};

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('$');
}

// The end of the literal or identifier quoted by sql[i], past its closing quote (a doubled
// quote inside is part of it).
qsizetype skipQuoted(const QString &sql, qsizetype i)
{
    const QChar q = sql.at(i);
    qsizetype j = i + 1;
    while (j < sql.size()) {
        if (sql.at(j) == q) {
            if (j + 1 < sql.size() && sql.at(j + 1) == q) {
                j += 2;
                continue;
            }
            return j + 1;
        }
        ++j;
    }
    return j;
}

QList<Token> tokenize(const QString &sql)
{
    QList<Token> out;
    const qsizetype n = sql.size();
    qsizetype i = 0;
    while (i < n) {
        const QChar c = sql.at(i);
        const QChar next = i + 1 < n ? sql.at(i + 1) : QChar();
        if (c.isSpace()) {
            ++i;
        } else if (c == QLatin1Char('-') && next == QLatin1Char('-')) {
            const qsizetype end = sql.indexOf(QLatin1Char('\n'), i);
            i = end < 0 ? n : end + 1;
        } else if (c == QLatin1Char('/') && next == QLatin1Char('*')) {
            const qsizetype end = sql.indexOf(QStringLiteral("*/"), i + 2);
            i = end < 0 ? n : end + 2;
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            const qsizetype end = skipQuoted(sql, i);
            out.append({c == QLatin1Char('"') ? Token::Type::Quoted : Token::Type::String,
                        sql.mid(i, end - i)});
            i = end;
        } else if (isWordChar(c)) {
            qsizetype end = i;
            while (end < n && isWordChar(sql.at(end)))
                ++end;
            out.append({Token::Type::Word, sql.mid(i, end - i)});
            i = end;
        } else {
            out.append({Token::Type::Punct, QString(c)});
            ++i;
        }
    }
    return out;
}

// Reads tokens one by one.
class Reader
{
public:
    explicit Reader(QList<Token> tokens)
        : m_tokens(std::move(tokens))
    {}

    const Token &peek() const
    {
        static const Token none{Token::Type::Punct, QString()};
        return m_at < m_tokens.size() ? m_tokens[m_at] : none;
    }
    bool atEnd() const { return m_at >= m_tokens.size(); }
    void skip() { ++m_at; }
    bool take(const char *word)
    {
        if (!peek().is(word))
            return false;
        ++m_at;
        return true;
    }
    bool takePunct(char c)
    {
        if (!peek().punct(c))
            return false;
        ++m_at;
        return true;
    }
    // Skips a balanced ( ... ) when one starts here.
    void skipParens()
    {
        if (!peek().punct('('))
            return;
        int depth = 0;
        while (!atEnd()) {
            if (peek().punct('('))
                ++depth;
            else if (peek().punct(')'))
                --depth;
            skip();
            if (depth == 0)
                return;
        }
    }
    // A possibly qualified name as written ("public.orders", "\"Odd\""), or "".
    QString name()
    {
        QString out;
        while (peek().type == Token::Type::Word || peek().type == Token::Type::Quoted) {
            out += peek().text;
            skip();
            if (!peek().punct('.'))
                break;
            out += QLatin1Char('.');
            skip();
        }
        return out;
    }

private:
    QList<Token> m_tokens;
    qsizetype m_at = 0;
};

// VACUUM / ANALYZE: options, then tables (each with an optional column list), comma-separated.
QStringList maintainedTables(Reader &r)
{
    r.skipParens(); // new-style options
    while (r.take("FULL") || r.take("FREEZE") || r.take("VERBOSE") || r.take("ANALYZE") ||
           r.take("ANALYSE")) {
    }
    QStringList tables;
    for (QString t = r.name(); !t.isEmpty(); t = r.name()) {
        tables << t;
        r.skipParens();
        if (!r.takePunct(','))
            break;
    }
    return tables;
}

QStringList truncatedTables(Reader &r)
{
    r.take("TABLE");
    QStringList tables;
    do {
        r.take("ONLY");
        const QString t = r.name();
        if (t.isEmpty())
            break;
        tables << t;
        r.takePunct('*');
    } while (r.takePunct(','));
    return tables;
}

QStringList oneTable(Reader &r)
{
    r.take("ONLY");
    const QString t = r.name();
    return t.isEmpty() ? QStringList() : QStringList{t};
}

} // namespace

SqlNeed sqlNeed(const QString &statement)
{
    Reader r(tokenize(statement));
    SqlNeed need;
    need.verb = r.peek().type == Token::Type::Word ? r.peek().text.toUpper() : QString();
    using K = SqlNeed::Kind;
    if (r.take("CHECKPOINT")) {
        need.kind = K::Checkpoint;
    } else if (r.take("VACUUM")) {
        need.kind = K::Maintain;
        need.tables = maintainedTables(r);
    } else if (r.take("ANALYZE") || r.take("ANALYSE")) {
        need.kind = K::Maintain;
        need.verb = QStringLiteral("ANALYZE");
        need.tables = maintainedTables(r);
    } else if (r.take("TRUNCATE")) {
        need.kind = K::Truncate;
        need.tables = truncatedTables(r);
    } else if (r.take("DELETE") && r.take("FROM")) {
        need.kind = K::Delete;
        need.tables = oneTable(r);
    } else if (r.take("INSERT") && r.take("INTO")) {
        need.kind = K::Insert;
        need.tables = oneTable(r);
    } else if (r.take("UPDATE")) {
        need.kind = K::Update;
        need.tables = oneTable(r);
    }
    // A statement that names no table where one is required is not understood.
    if (need.kind != K::Checkpoint && need.kind != K::Maintain && need.tables.isEmpty())
        need.kind = K::Unknown;
    return need;
}

QString tablePrivilege(SqlNeed::Kind kind)
{
    switch (kind) {
    case SqlNeed::Kind::Truncate:
        return QStringLiteral("TRUNCATE");
    case SqlNeed::Kind::Delete:
        return QStringLiteral("DELETE");
    case SqlNeed::Kind::Insert:
        return QStringLiteral("INSERT");
    case SqlNeed::Kind::Update:
        return QStringLiteral("UPDATE");
    default:
        return QString();
    }
}

} // namespace sb::run
