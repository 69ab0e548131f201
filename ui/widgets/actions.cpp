#include "ui/widgets/actions.h"

#include <QAction>
#include <QCoreApplication>
#include <QRegularExpression>

namespace sb {

QAction *makeAction(QObject *parent, const QString &name, const QString &text,
                    const QList<QKeySequence> &keys, const QIcon &icon)
{
    auto *a = new QAction(icon, text, parent);
    a->setObjectName(name);
    a->setIconText(plainText(text)); // the toolbar's label: "打开", not "打开(O)…"
    a->setShortcuts(keys);
    if (!keys.isEmpty())
        a->setToolTip(QCoreApplication::translate("sb::MainWindow", "%1 (%2)")
                          .arg(plainText(text), keys.first().toString(QKeySequence::NativeText)));
    return a;
}

QList<QKeySequence> standardKeys(QKeySequence::StandardKey key, const QKeySequence &fallback)
{
    const QList<QKeySequence> keys = QKeySequence::keyBindings(key);
    return keys.isEmpty() ? QList<QKeySequence>{fallback} : keys;
}

QString plainText(const QString &text)
{
    static const QRegularExpression accelerator(QStringLiteral("\\(&[^&]\\)|&(?!&)"));
    return QString(text).remove(accelerator).remove(QStringLiteral("…"));
}

} // namespace sb
