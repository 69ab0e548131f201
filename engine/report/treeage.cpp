#include "report/treeage.h"

#include "report/reportmarkdown.h"
#include "stats/summary.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace sb::report {

TreeAge treeAgeOf(const QVector<WindowAge> &validWindows)
{
    std::vector<double> seconds, requests;
    bool fresh = true;
    for (const WindowAge &w : validWindows) {
        if (w.requests < 0)
            continue;
        requests.push_back(double(w.requests));
        if (w.seconds >= 0)
            seconds.push_back(w.seconds);
        fresh = fresh && w.requests == 0;
    }
    TreeAge age;
    age.windows = int(requests.size());
    if (requests.empty())
        return age;
    age.requests = stats::median(requests);
    age.seconds = seconds.empty() ? -1 : stats::median(seconds);
    age.fresh = fresh;
    return age;
}

TreeAge treeAgeOf(const QVector<const store::WindowRecord *> &windows)
{
    QVector<WindowAge> ages;
    for (const store::WindowRecord *w : windows)
        if (w->valid)
            ages.append({w->treeAgeS, w->treeRequests});
    return treeAgeOf(ages);
}

QString treeAgeText(const TreeAge &age)
{
    if (!age.known())
        return QStringLiteral("unknown");
    if (age.fresh)
        return QStringLiteral("fresh");
    QString text = formatNumber(age.requests, 0) + QStringLiteral(" requests");
    if (age.seconds >= 0)
        text += QStringLiteral(" over ") + formatNumber(age.seconds, age.seconds < 10 ? 1 : 0) +
                QStringLiteral(" s");
    return text;
}

AgeMatch matchAges(const TreeAge &a, const QString &modeA, const TreeAge &b, const QString &modeB)
{
    if (!a.known() || !b.known())
        return AgeMatch::Unknown;
    if (a.fresh && b.fresh)
        return AgeMatch::Fresh;
    if (a.fresh || b.fresh || modeA != modeB || modeA.isEmpty())
        return AgeMatch::Differ;
    const double larger = std::max(a.requests, b.requests);
    return std::abs(a.requests - b.requests) <= kEqualAgeShare * larger ? AgeMatch::Equal
                                                                        : AgeMatch::Differ;
}

QString ageMatchText(AgeMatch match)
{
    switch (match) {
    case AgeMatch::Fresh:
        return QStringLiteral("fresh");
    case AgeMatch::Equal:
        return QStringLiteral("equal age");
    case AgeMatch::Differ:
        return QStringLiteral("ages differ");
    case AgeMatch::Unknown:
        break;
    }
    return QStringLiteral("age unknown");
}

} // namespace sb::report
