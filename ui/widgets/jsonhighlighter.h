#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace sb {

// The built-in JSON highlighter of the plan editor (used when KSyntaxHighlighting is not there):
// keys, strings, numbers, true/false/null, punctuation and ${placeholders} inside strings. Two
// colour sets, one readable on a light background and one on a dark one. GUI thread.
class JsonHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    enum Token
    {
        Key,
        String,
        Number,
        Keyword, // true, false, null
        Punctuation,
        Placeholder, // ${name} inside a string
        TokenCount
    };

    explicit JsonHighlighter(QTextDocument *document);

    // Picks the colour set for a dark (true) or light background and re-highlights.
    void setDarkBackground(bool dark);
    bool darkBackground() const { return m_dark; }
    // The format used for `token` with the current colour set.
    QTextCharFormat format(Token token) const { return m_formats[token]; }

    // Whether `base` (a palette's Base colour) counts as dark.
    static bool isDark(const QColor &base);

protected:
    void highlightBlock(const QString &text) override;

private:
    int highlightString(const QString &text, int start);
    void highlightPlaceholders(const QString &text, int start, int end);

    bool m_dark = false;
    QTextCharFormat m_formats[TokenCount];
};

} // namespace sb
