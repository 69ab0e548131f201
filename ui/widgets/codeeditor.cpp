#include "ui/widgets/codeeditor.h"

#include "ui/widgets/jsonhighlighter.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QInputDialog>
#include <QKeyEvent>
#include <QPainter>
#include <QTextBlock>
#include <QToolTip>

namespace sb {

namespace {

class LineNumberArea : public QWidget
{
public:
    explicit LineNumberArea(CodeEditor *editor)
        : QWidget(editor)
        , m_editor(editor)
    {}
    QSize sizeHint() const override { return QSize(m_editor->lineNumberAreaWidth(), 0); }

protected:
    void paintEvent(QPaintEvent *event) override { m_editor->paintLineNumbers(event); }

private:
    CodeEditor *m_editor;
};

} // namespace

CodeEditor::CodeEditor(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_lineNumberArea(new LineNumberArea(this))
    , m_highlighter(new JsonHighlighter(document()))
{
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 2);
    setAccessibleName(tr("Plan editor"));
    setAccessibleDescription(tr("The plan's JSON text"));
    connect(this, &QPlainTextEdit::blockCountChanged, this, &CodeEditor::updateLineNumberAreaWidth);
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeEditor::updateLineNumberArea);
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, &CodeEditor::updateExtraSelections);
    updateLineNumberAreaWidth();
    followPalette();
}

int CodeEditor::lineNumberAreaWidth() const
{
    int digits = 1;
    for (int max = std::max(1, blockCount()); max >= 10; max /= 10)
        ++digits;
    return 8 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(3, digits);
}

void CodeEditor::updateLineNumberAreaWidth()
{
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
}

void CodeEditor::updateLineNumberArea(const QRect &rect, int dy)
{
    if (dy)
        m_lineNumberArea->scroll(0, dy);
    else
        m_lineNumberArea->update(0, rect.y(), m_lineNumberArea->width(), rect.height());
    if (rect.contains(viewport()->rect()))
        updateLineNumberAreaWidth();
}

void CodeEditor::keyPressEvent(QKeyEvent *event)
{
    const bool newLine = (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) &&
                         !(event->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier));
    if (!newLine || isReadOnly()) {
        QPlainTextEdit::keyPressEvent(event);
        return;
    }
    QTextCursor cursor = textCursor();
    const QString line = cursor.block().text();
    const QString before = line.left(cursor.positionInBlock()).trimmed();
    qsizetype n = 0;
    while (n < line.size() && (line[n] == QLatin1Char(' ') || line[n] == QLatin1Char('\t')))
        ++n;
    QString indent = line.left(n);
    if (before.endsWith(QLatin1Char('{')) || before.endsWith(QLatin1Char('[')))
        indent += QStringLiteral("  "); // the plans and templates indent by two spaces
    cursor.beginEditBlock();
    cursor.insertText(QStringLiteral("\n") + indent);
    cursor.endEditBlock();
    setTextCursor(cursor);
    ensureCursorVisible();
}

void CodeEditor::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect cr = contentsRect();
    m_lineNumberArea->setGeometry(QRect(cr.left(), cr.top(), lineNumberAreaWidth(), cr.height()));
}

void CodeEditor::paintLineNumbers(QPaintEvent *event)
{
    QPainter painter(m_lineNumberArea);
    const QPalette &pal = palette();
    painter.fillRect(event->rect(), pal.color(QPalette::AlternateBase));
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    const int current = textCursor().blockNumber();
    QSet<int> errorLines;
    for (const Mark &m : m_marks)
        errorLines.insert(m.line - 1);
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            const int n = block.blockNumber();
            QFont f = font();
            f.setBold(n == current || errorLines.contains(n));
            painter.setFont(f);
            painter.setPen(errorLines.contains(n) ? QColor(0xd0, 0x30, 0x30)
                           : n == current         ? pal.color(QPalette::Text)
                                                  : pal.color(QPalette::PlaceholderText));
            painter.drawText(0, top, m_lineNumberArea->width() - 4, fontMetrics().height(),
                             Qt::AlignRight, QString::number(n + 1));
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
    }
}

int CodeEditor::utf16Offset(const QString &text, int column)
{
    int offset = 0;
    for (int cp = 1; cp < column && offset < text.size(); ++cp)
        offset += (text.at(offset).isHighSurrogate() && offset + 1 < text.size()) ? 2 : 1;
    return offset;
}

// The token a diagnostic points at: a whole string literal, a word or number, or one character.
QTextCursor CodeEditor::markCursor(const Mark &mark) const
{
    const QTextBlock block = document()->findBlockByNumber(mark.line - 1);
    if (!block.isValid())
        return {};
    const QString text = block.text();
    int start = utf16Offset(text, mark.column);
    if (start >= text.size() && !text.isEmpty())
        start = int(text.size()) - 1; // past the end of the line: mark its last character
    int end = start + 1;
    if (start < text.size() && text.at(start) == QLatin1Char('"')) {
        for (end = start + 1; end < text.size(); ++end) {
            if (text.at(end) == QLatin1Char('\\'))
                ++end;
            else if (text.at(end) == QLatin1Char('"'))
                break;
        }
        end = std::min<int>(end + 1, int(text.size()));
    } else if (start < text.size() && (text.at(start).isLetterOrNumber())) {
        while (end < text.size() &&
               (text.at(end).isLetterOrNumber() || text.at(end) == QLatin1Char('.')))
            ++end;
    }
    QTextCursor c(block);
    if (text.isEmpty()) { // an empty line: mark its line break, if there is one
        c.movePosition(QTextCursor::NextCharacter, QTextCursor::KeepAnchor);
        return c;
    }
    c.setPosition(block.position() + start);
    c.setPosition(block.position() + std::min<int>(end, int(text.size())), QTextCursor::KeepAnchor);
    return c;
}

void CodeEditor::setMarks(const QList<Mark> &marks)
{
    m_marks = marks;
    m_markSelections.clear();
    for (const Mark &m : marks) {
        if (m.line <= 0)
            continue;
        QTextEdit::ExtraSelection sel;
        sel.cursor = markCursor(m);
        if (sel.cursor.isNull())
            continue;
        sel.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        sel.format.setUnderlineColor(m.error ? QColor(0xe0, 0x20, 0x20) : QColor(0xd0, 0x90, 0x00));
        sel.format.setToolTip(m.message);
        m_markSelections << sel;
    }
    updateExtraSelections();
    m_lineNumberArea->update();
}

void CodeEditor::updateExtraSelections()
{
    QList<QTextEdit::ExtraSelection> all;
    QTextEdit::ExtraSelection line;
    QColor bg = palette().color(QPalette::Highlight);
    bg.setAlpha(JsonHighlighter::isDark(palette().color(QPalette::Base)) ? 40 : 28);
    line.format.setBackground(bg);
    line.format.setProperty(QTextFormat::FullWidthSelection, true);
    line.cursor = textCursor();
    line.cursor.clearSelection();
    all << line << m_markSelections;
    setExtraSelections(all);
    m_lineNumberArea->update();
}

void CodeEditor::followPalette()
{
    const bool dark = JsonHighlighter::isDark(palette().color(QPalette::Base));
    if (dark != m_highlighter->darkBackground())
        m_highlighter->setDarkBackground(dark);
    updateExtraSelections();
}

void CodeEditor::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        followPalette();
    if (event->type() == QEvent::FontChange)
        updateLineNumberAreaWidth();
}

bool CodeEditor::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QPoint inViewport = viewport()->mapFromGlobal(help->globalPos());
        const int pos = cursorForPosition(inViewport).position();
        for (const QTextEdit::ExtraSelection &sel : std::as_const(m_markSelections)) {
            if (pos >= sel.cursor.selectionStart() && pos <= sel.cursor.selectionEnd()) {
                QToolTip::showText(help->globalPos(), sel.format.toolTip(), this);
                return true;
            }
        }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QPlainTextEdit::event(event);
}

void CodeEditor::goTo(int line, int column)
{
    const QTextBlock block = document()->findBlockByNumber(std::max(0, line - 1));
    if (!block.isValid())
        return;
    QTextCursor c(block);
    c.setPosition(block.position() + utf16Offset(block.text(), std::max(1, column)));
    setTextCursor(c);
    centerCursor();
    setFocus(Qt::OtherFocusReason);
}

int CodeEditor::cursorLine() const
{
    return textCursor().blockNumber() + 1;
}

int CodeEditor::cursorColumn() const
{
    const QTextCursor c = textCursor();
    const QString before = c.block().text().left(c.positionInBlock());
    return int(before.toUcs4().size()) + 1;
}

void CodeEditor::askGoToLine()
{
    bool ok = false;
    const int line =
        QInputDialog::getInt(this, tr("Go to line"), tr("Line (1 to %1):").arg(blockCount()),
                             cursorLine(), 1, blockCount(), 1, &ok);
    if (ok)
        goTo(line, 1);
}

} // namespace sb
