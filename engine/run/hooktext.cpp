#include "run/hooktext.h"

#include <algorithm>

namespace sb::run {

namespace {

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

// The dollar quote opening at `i` ("$$", "$tag$"), or an empty string.
QString dollarTag(const QString &sql, qsizetype i)
{
    if (i > 0 && isWordChar(sql.at(i - 1))) // "a$b" is a name, not a quote
        return QString();
    qsizetype end = i + 1;
    while (end < sql.size() && isWordChar(sql.at(end)))
        ++end;
    if (end >= sql.size() || sql.at(end) != QLatin1Char('$') ||
        (end > i + 1 && sql.at(i + 1).isDigit())) // "$1" is a parameter
        return QString();
    return sql.mid(i, end - i + 1);
}

// One-line text of a statement, with the places it may be cut.
class Shortener
{
public:
    explicit Shortener(int maxChars)
        : m_max(maxChars)
    {}

    bool full() const { return m_out.size() > m_max; }

    void space()
    {
        if (m_out.isEmpty() || m_out.endsWith(QLatin1Char(' ')))
            return;
        safeHere();
        m_out += QLatin1Char(' ');
    }

    void code(QChar c)
    {
        m_out += c;
        if (c == QLatin1Char('(') || c == QLatin1Char(',') || c == QLatin1Char(')'))
            safeHere();
    }

    // A quote, its quote characters included; `prefix` characters before it belong to it (the
    // E of E'...').
    void quoted(const QString &text, int prefix)
    {
        if (m_out.size() - prefix <= m_max)
            m_safe = m_out.size() - prefix;
        for (const QChar c : text) {
            if (c.isSpace()) {
                if (!m_out.endsWith(QLatin1Char(' ')))
                    m_out += QLatin1Char(' ');
            } else {
                m_out += c;
            }
        }
    }

    QString result() const
    {
        if (!full())
            return m_out.trimmed();
        const QString kept = m_safe > 0 ? m_out.left(m_safe).trimmed() : m_out.left(m_max);
        return kept + QStringLiteral(" ...");
    }

private:
    void safeHere()
    {
        if (m_out.size() <= m_max)
            m_safe = m_out.size();
    }

    int m_max;
    QString m_out;
    qsizetype m_safe = 0; // m_out.left(m_safe) ends outside every quote, between tokens
};

} // namespace

QString shortSql(const QString &sql, int maxChars)
{
    Shortener s(maxChars);
    const qsizetype n = sql.size();
    qsizetype i = 0;
    while (i < n && !s.full()) {
        const QChar c = sql.at(i);
        const QChar next = i + 1 < n ? sql.at(i + 1) : QChar();
        if (c == QLatin1Char('-') && next == QLatin1Char('-')) { // a comment to the line's end
            while (i < n && sql.at(i) != QLatin1Char('\n'))
                ++i;
            s.space();
            continue;
        }
        if (c == QLatin1Char('/') && next == QLatin1Char('*')) {
            const qsizetype end = sql.indexOf(QStringLiteral("*/"), i + 2);
            i = end < 0 ? n : end + 2;
            s.space();
            continue;
        }
        if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            // E'...' takes backslash escapes; '' (or "") inside is the quote itself.
            const bool escapes = c == QLatin1Char('\'') && i > 0 &&
                                 sql.at(i - 1).toUpper() == QLatin1Char('E') &&
                                 (i < 2 || !isWordChar(sql.at(i - 2)));
            qsizetype end = i + 1;
            while (end < n) {
                if (escapes && sql.at(end) == QLatin1Char('\\')) {
                    end += 2;
                    continue;
                }
                if (sql.at(end) == c) {
                    if (end + 1 < n && sql.at(end + 1) == c) {
                        end += 2;
                        continue;
                    }
                    break;
                }
                ++end;
            }
            s.quoted(sql.mid(i, std::min(end + 1, n) - i), escapes ? 1 : 0);
            i = end + 1;
            continue;
        }
        if (c == QLatin1Char('$')) {
            const QString tag = dollarTag(sql, i);
            if (!tag.isEmpty()) {
                const qsizetype close = sql.indexOf(tag, i + tag.size());
                const qsizetype end = close < 0 ? n : close + tag.size();
                s.quoted(sql.mid(i, end - i), 0);
                i = end;
                continue;
            }
        }
        if (c.isSpace())
            s.space();
        else
            s.code(c);
        ++i;
    }
    return s.result();
}

} // namespace sb::run
