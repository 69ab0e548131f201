#pragma once

#include <QList>
#include <QPlainTextEdit>

namespace sb {

class JsonHighlighter;

// The plan editor: a plain-text editor with line numbers, the current line highlighted, the
// built-in JSON highlighter, and diagnostics underlined with a wavy line at their line:column
// (tool tip: the message). Undo/redo come from QPlainTextEdit. GUI thread.
class CodeEditor : public QPlainTextEdit
{
    Q_OBJECT
public:
    // A problem to underline. Columns count Unicode code points, as plan::Diagnostic does.
    struct Mark
    {
        int line = 0;      // 1-based; 0 = the whole file (not underlined)
        int column = 0;    // 1-based
        bool error = true; // false: a warning
        QString message;
    };

    explicit CodeEditor(QWidget *parent = nullptr);

    void setMarks(const QList<Mark> &marks);
    const QList<Mark> &marks() const { return m_marks; }
    // The extra selections of the marks only (the current-line one excluded).
    QList<QTextEdit::ExtraSelection> markSelections() const { return m_markSelections; }

    // Moves the cursor to line:column (1-based, code points), shows it and focuses the editor.
    void goTo(int line, int column = 1);
    // The cursor's 1-based line and column (code points).
    int cursorLine() const;
    int cursorColumn() const;
    // Asks for a line number and goes there.
    void askGoToLine();

    JsonHighlighter *highlighter() const { return m_highlighter; }

    // The UTF-16 offset in `text` of the 1-based code-point column `column` (clamped).
    static int utf16Offset(const QString &text, int column);

    int lineNumberAreaWidth() const;
    void paintLineNumbers(QPaintEvent *event);

protected:
    // Return keeps the line's indentation (one level more after an opening { or [).
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    void updateLineNumberAreaWidth();
    void updateLineNumberArea(const QRect &rect, int dy);
    void updateExtraSelections();
    void followPalette();
    QTextCursor markCursor(const Mark &mark) const;

    QWidget *m_lineNumberArea;
    JsonHighlighter *m_highlighter;
    QList<Mark> m_marks;
    QList<QTextEdit::ExtraSelection> m_markSelections;
};

} // namespace sb
