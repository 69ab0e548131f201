#pragma once

// Building the main window's actions and menus.

#include <QIcon>
#include <QKeySequence>
#include <QList>
#include <QString>
#include <initializer_list>

class QAction;
class QObject;

namespace sb {

// An action with the object name `name` (tests and settings find it by it), `text`, the
// shortcuts `keys` (the first named in its tooltip) and `icon`; its toolbar label is `text`
// without the accelerator. GUI thread.
QAction *makeAction(QObject *parent, const QString &name, const QString &text,
                    const QList<QKeySequence> &keys, const QIcon &icon = {});

// The platform's keys for `key`, or `fallback` where the platform has none (Save as and Quit
// have none on some platforms, the offscreen one included).
QList<QKeySequence> standardKeys(QKeySequence::StandardKey key, const QKeySequence &fallback);

// An action's text without its accelerator or ellipsis, as "&Open…" and Chinese "打开(&O)…" read
// in a tooltip or on a toolbar ("Open", "打开"). Pure.
QString plainText(const QString &text);

// Adds `actions` to `to` (a QMenu or a QToolBar) in order, a separator for each null. GUI
// thread.
template<typename MenuOrBar>
void addInOrder(MenuOrBar *to, std::initializer_list<QAction *> actions)
{
    for (QAction *a : actions) {
        if (a)
            to->addAction(a);
        else
            to->addSeparator();
    }
}

} // namespace sb
