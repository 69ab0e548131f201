#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QToolButton;

namespace sb {

// The editor's find/replace bar: find next and previous (wrapping), replace, replace all (one
// undo step), match case. Enter finds the next match, Shift+Enter the previous one, Escape closes
// the bar. GUI thread.
class FindBar : public QWidget
{
    Q_OBJECT
public:
    explicit FindBar(QPlainTextEdit *editor, QWidget *parent = nullptr);

    // Shows the bar with the find field focused (and the replace row when `replace`), seeded
    // with the editor's selection.
    void showFind();
    void showReplace();

    void setFindText(const QString &text);
    void setReplaceText(const QString &text);
    void setCaseSensitive(bool on);

    // Selects the next (previous) match, wrapping at the end; false when there is none.
    bool findNext();
    bool findPrevious();
    // Replaces the selected match (when it is one) and selects the next one.
    bool replaceOne();
    // Replaces every match; returns how many.
    int replaceAll();

Q_SIGNALS:
    void closed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool find(bool backward);
    bool selectionMatches() const;
    void setReplaceVisible(bool visible);
    void closeBar();

    QPlainTextEdit *m_editor;
    QLineEdit *m_find;
    QLineEdit *m_replace;
    QCheckBox *m_case;
    QToolButton *m_next;
    QToolButton *m_previous;
    QToolButton *m_replaceOne;
    QToolButton *m_replaceAll;
    QLabel *m_replaceLabel;
    QLabel *m_status;
};

} // namespace sb
