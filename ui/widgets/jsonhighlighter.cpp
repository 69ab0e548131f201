#include "ui/widgets/jsonhighlighter.h"

#include <QColor>
#include <QFont>

namespace sb {

JsonHighlighter::JsonHighlighter(QTextDocument *document)
    : QSyntaxHighlighter(document)
{
    setDarkBackground(false);
}

bool JsonHighlighter::isDark(const QColor &base)
{
    return base.lightnessF() < 0.5;
}

void JsonHighlighter::setDarkBackground(bool dark)
{
    // Chosen for a contrast of at least 4.5:1 on white and on #1e1e1e respectively.
    struct Colours
    {
        const char *light;
        const char *dark;
        bool bold;
    };
    static const Colours table[TokenCount] = {
        {"#0b4f8a", "#8cc4ff", false}, // Key
        {"#1b6e20", "#a8dba8", false}, // String
        {"#9a4a00", "#ffbf70", false}, // Number
        {"#7b1fa2", "#d7a6e8", true},  // Keyword
        {"#555555", "#b8b8b8", false}, // Punctuation
        {"#b0004f", "#ff8fc0", true},  // Placeholder
    };
    m_dark = dark;
    for (int i = 0; i < TokenCount; ++i) {
        QTextCharFormat f;
        f.setForeground(QColor(QLatin1String(dark ? table[i].dark : table[i].light)));
        if (table[i].bold)
            f.setFontWeight(QFont::Bold);
        m_formats[i] = f;
    }
    rehighlight();
}

void JsonHighlighter::highlightBlock(const QString &text)
{
    const int n = int(text.size());
    int i = 0;
    while (i < n) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('"')) {
            i = highlightString(text, i);
        } else if (c.isDigit() || c == QLatin1Char('-')) {
            int j = i + 1;
            while (j < n && (text.at(j).isDigit() || QStringLiteral(".eE+-").contains(text.at(j))))
                ++j;
            setFormat(i, j - i, m_formats[Number]);
            i = j;
        } else if (c.isLetter()) {
            int j = i + 1;
            while (j < n && text.at(j).isLetter())
                ++j;
            const QStringView word = QStringView(text).mid(i, j - i);
            if (word == u"true" || word == u"false" || word == u"null")
                setFormat(i, j - i, m_formats[Keyword]);
            i = j;
        } else {
            if (QStringLiteral("{}[],:").contains(c))
                setFormat(i, 1, m_formats[Punctuation]);
            ++i;
        }
    }
}

// Highlights the string starting at `start` (its opening quote) as a key when a ':' follows it;
// returns the position after its closing quote (or the end of the line when it is unterminated).
int JsonHighlighter::highlightString(const QString &text, int start)
{
    const int n = int(text.size());
    int j = start + 1;
    while (j < n) {
        if (text.at(j) == QLatin1Char('\\')) {
            j += 2;
            continue;
        }
        if (text.at(j++) == QLatin1Char('"'))
            break;
    }
    j = std::min(j, n);
    int k = j;
    while (k < n && text.at(k).isSpace())
        ++k;
    const bool key = k < n && text.at(k) == QLatin1Char(':');
    setFormat(start, j - start, m_formats[key ? Key : String]);
    if (!key)
        highlightPlaceholders(text, start, j);
    return j;
}

void JsonHighlighter::highlightPlaceholders(const QString &text, int start, int end)
{
    for (int p = start; p + 1 < end; ++p) {
        if (text.at(p) != QLatin1Char('$') || text.at(p + 1) != QLatin1Char('{'))
            continue;
        if (p > start && text.at(p - 1) == QLatin1Char('$'))
            continue; // "$${" is a literal "${"
        const int close = int(text.indexOf(QLatin1Char('}'), p));
        if (close < 0 || close >= end)
            return;
        setFormat(p, close - p + 1, m_formats[Placeholder]);
        p = close;
    }
}

} // namespace sb
