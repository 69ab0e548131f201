#include "report/runvalidity.h"

#include "report/windowfigures.h"

#include <QStringList>
#include <algorithm>
#include <utility>

namespace sb::report {

QString invalidKindPhrase(const QString &kind)
{
    // Verb phrases that read after "1" and after "56" alike.
    static const std::pair<QLatin1String, const char *> kPhrases[] = {
        {store::kInvalidForeignCpu, "failed the foreign-CPU gate"},
        {store::kInvalidForeignPeak, "failed the peak foreign-CPU gate"},
        {store::kInvalidServer, "saw the server tree die"},
        {store::kInvalidSleep, "spanned a sleep or clock gap"},
        {store::kInvalidCheckpoint, "had a database checkpoint inside"},
        {store::kInvalidErrors, "had transport errors or unexpected statuses"},
        {store::kInvalidWarmup, "failed their warm-up"},
        {store::kInvalidHook, "had a hook fail"},
        {store::kInvalidStart, "could not start the load"},
        {store::kInvalidCancelled, "were stopped by the user"},
        {store::kInvalidOther, "failed for another reason"},
        {store::kInvalidLoadHost, "lost a load host mid-window"},
        {store::kInvalidLoadHostSetup, "could not reach a load host"},
        {store::kInvalidClientBound, "saturated a load host's generator"},
    };
    for (const auto &[k, phrase] : kPhrases)
        if (kind == k)
            return QString::fromLatin1(phrase);
    return QStringLiteral("failed (%1)").arg(kind);
}

QMap<QString, int> invalidByKind(const QVector<store::WindowRecord> &windows)
{
    QMap<QString, int> out;
    for (const store::WindowRecord &w : windows)
        if (!w.valid)
            ++out[invalidKind(w)];
    return out;
}

QString validityText(int validWindows, const QMap<QString, int> &byKind)
{
    QVector<std::pair<QString, int>> kinds;
    int invalid = 0;
    for (auto it = byKind.begin(); it != byKind.end(); ++it) {
        kinds.append({it.key(), it.value()});
        invalid += it.value();
    }
    std::stable_sort(kinds.begin(), kinds.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    QString out =
        QStringLiteral("%1 of %2 windows valid").arg(validWindows).arg(validWindows + invalid);
    QStringList parts;
    for (const auto &[kind, n] : kinds)
        parts << QStringLiteral("%1 %2").arg(n).arg(invalidKindPhrase(kind));
    if (!parts.isEmpty())
        out += QStringLiteral(": ") + parts.join(QStringLiteral(", "));
    return out;
}

} // namespace sb::report
