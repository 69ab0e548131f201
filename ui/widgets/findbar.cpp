#include "ui/widgets/findbar.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QStyle>
#include <QTextDocument>
#include <QToolButton>

namespace sb {

static QToolButton *makeButton(const QString &text, const QString &accessible, QWidget *parent)
{
    auto *b = new QToolButton(parent);
    b->setText(text);
    b->setAccessibleName(accessible);
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return b;
}

FindBar::FindBar(QPlainTextEdit *editor, QWidget *parent)
    : QWidget(parent)
    , m_editor(editor)
    , m_find(new QLineEdit(this))
    , m_replace(new QLineEdit(this))
    , m_case(new QCheckBox(tr("Match &case"), this))
    , m_next(makeButton(tr("Next"), tr("Find next"), this))
    , m_previous(makeButton(tr("Previous"), tr("Find previous"), this))
    , m_replaceOne(makeButton(tr("Replace"), tr("Replace this match"), this))
    , m_replaceAll(makeButton(tr("Replace all"), tr("Replace every match"), this))
    , m_replaceLabel(new QLabel(tr("Replace with:"), this))
    , m_status(new QLabel(this))
{
    setAccessibleName(tr("Find and replace"));
    m_find->setPlaceholderText(tr("Find"));
    m_find->setAccessibleName(tr("Text to find"));
    m_find->setClearButtonEnabled(true);
    m_replace->setPlaceholderText(tr("Replacement"));
    m_replace->setAccessibleName(tr("Replacement text"));
    m_case->setAccessibleName(tr("Match case"));
    m_status->setAccessibleName(tr("Find status"));
    auto *close = new QToolButton(this);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setAutoRaise(true);
    close->setToolTip(tr("Close (Esc)"));
    close->setAccessibleName(tr("Close the find bar"));
    auto *findLabel = new QLabel(tr("Find:"), this);
    findLabel->setBuddy(m_find);
    m_replaceLabel->setBuddy(m_replace);

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(4, 2, 4, 2);
    grid->addWidget(findLabel, 0, 0);
    grid->addWidget(m_find, 0, 1);
    grid->addWidget(m_previous, 0, 2);
    grid->addWidget(m_next, 0, 3);
    grid->addWidget(m_case, 0, 4);
    grid->addWidget(m_status, 0, 5);
    grid->addWidget(close, 0, 6);
    grid->addWidget(m_replaceLabel, 1, 0);
    grid->addWidget(m_replace, 1, 1);
    grid->addWidget(m_replaceOne, 1, 2);
    grid->addWidget(m_replaceAll, 1, 3);
    grid->setColumnStretch(1, 1);

    connect(m_next, &QToolButton::clicked, this, &FindBar::findNext);
    connect(m_previous, &QToolButton::clicked, this, &FindBar::findPrevious);
    connect(m_replaceOne, &QToolButton::clicked, this, &FindBar::replaceOne);
    connect(m_replaceAll, &QToolButton::clicked, this, &FindBar::replaceAll);
    connect(close, &QToolButton::clicked, this, &FindBar::closeBar);
    connect(m_find, &QLineEdit::textEdited, m_status, &QLabel::clear);
    m_find->installEventFilter(this);
    m_replace->installEventFilter(this);
    hide();
}

void FindBar::setReplaceVisible(bool visible)
{
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_replaceLabel, m_replace, m_replaceOne, m_replaceAll})
        w->setVisible(visible);
}

void FindBar::showFind()
{
    const QString selected = m_editor->textCursor().selectedText();
    if (!selected.isEmpty() && !selected.contains(QChar::ParagraphSeparator))
        m_find->setText(selected);
    setReplaceVisible(false);
    show();
    m_find->setFocus(Qt::ShortcutFocusReason);
    m_find->selectAll();
}

void FindBar::showReplace()
{
    showFind();
    setReplaceVisible(true);
}

void FindBar::closeBar()
{
    hide();
    m_editor->setFocus(Qt::OtherFocusReason);
    Q_EMIT closed();
}

void FindBar::setFindText(const QString &text)
{
    m_find->setText(text);
}

void FindBar::setReplaceText(const QString &text)
{
    m_replace->setText(text);
}

void FindBar::setCaseSensitive(bool on)
{
    m_case->setChecked(on);
}

bool FindBar::find(bool backward)
{
    const QString text = m_find->text();
    if (text.isEmpty())
        return false;
    QTextDocument::FindFlags flags;
    if (backward)
        flags |= QTextDocument::FindBackward;
    if (m_case->isChecked())
        flags |= QTextDocument::FindCaseSensitively;
    if (m_editor->find(text, flags)) {
        m_status->clear();
        return true;
    }
    QTextCursor wrapped = m_editor->document()->find(
        text, backward ? m_editor->document()->characterCount() - 1 : 0, flags);
    if (wrapped.isNull()) {
        m_status->setText(tr("Not found"));
        return false;
    }
    m_editor->setTextCursor(wrapped);
    m_status->setText(tr("Wrapped"));
    return true;
}

bool FindBar::findNext()
{
    return find(false);
}

bool FindBar::findPrevious()
{
    return find(true);
}

bool FindBar::selectionMatches() const
{
    const QString selected = m_editor->textCursor().selectedText();
    return !selected.isEmpty() &&
           selected.compare(m_find->text(),
                            m_case->isChecked() ? Qt::CaseSensitive : Qt::CaseInsensitive) == 0;
}

bool FindBar::replaceOne()
{
    if (!selectionMatches() && !findNext())
        return false;
    m_editor->textCursor().insertText(m_replace->text());
    findNext();
    return true;
}

int FindBar::replaceAll()
{
    const QString text = m_find->text();
    if (text.isEmpty())
        return 0;
    QTextDocument::FindFlags flags;
    if (m_case->isChecked())
        flags |= QTextDocument::FindCaseSensitively;
    QTextDocument *doc = m_editor->document();
    QTextCursor edit(doc);
    edit.beginEditBlock();
    int count = 0;
    for (QTextCursor c = doc->find(text, 0, flags); !c.isNull();
         c = doc->find(text, c.selectionEnd(), flags)) {
        c.insertText(m_replace->text());
        ++count;
    }
    edit.endEditBlock();
    m_status->setText(tr("%n replaced", nullptr, count));
    return count;
}

bool FindBar::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Escape) {
            closeBar();
            return true;
        }
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            if (watched == m_replace)
                replaceOne();
            else if (key->modifiers() & Qt::ShiftModifier)
                findPrevious();
            else
                findNext();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace sb
