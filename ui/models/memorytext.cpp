#include "ui/models/memorytext.h"

#include "report/reportmarkdown.h"

#include <QCoreApplication>

namespace sb::memorytext {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("sb::memorytext", text);
}

} // namespace

QString age(const report::TreeAge &a)
{
    if (!a.known())
        return tr("unknown");
    if (a.fresh)
        return tr("fresh");
    if (a.seconds < 0)
        return tr("%1 requests").arg(report::formatNumber(a.requests, 0));
    return tr("%1 requests over %2 s")
        .arg(report::formatNumber(a.requests, 0),
             report::formatNumber(a.seconds, a.seconds < 10 ? 1 : 0));
}

QString comparison(const report::MemoryComparison &c, const report::TreeAge &cellAge,
                   const report::TreeAge &baselineAge, const QString &baseline)
{
    if (c.compared()) {
        const QString why =
            c.match == report::AgeMatch::Fresh ? tr("both trees fresh") : tr("trees of equal age");
        if (c.pssRatio > 0)
            return tr("%1 the peak RSS and %2 the peak PSS of %3 (%4)")
                .arg(report::formatRatio(c.rssRatio), report::formatRatio(c.pssRatio), baseline,
                     why);
        return tr("%1 the peak RSS of %2 (%3)").arg(report::formatRatio(c.rssRatio), baseline, why);
    }
    const QString why = c.match == report::AgeMatch::Unknown  ? tr("a tree's age is unknown")
                        : c.match == report::AgeMatch::Differ ? tr("the trees' ages differ")
                                                              : tr("a cell sampled no memory");
    return tr("Not compared with %1: %2 (this tree: %3; %1's: %4)")
        .arg(baseline, why, age(cellAge), age(baselineAge));
}

QString rssHeader()
{
    return tr("Peak resident set of the server tree: median [min-max] of the valid windows' "
              "peaks. RSS counts a page shared by the tree's processes once per process.");
}

QString pssHeader()
{
    return tr("Peak proportional set of the server tree: median [min-max] of the valid windows' "
              "peaks. PSS shares a shared page out among the processes that map it.");
}

QString ageHeader()
{
    return tr("The server tree's age at the windows: the requests it had served before the "
              "window's warm-up and the seconds since it started (medians), or fresh when the "
              "window's warm-up was its first load. RSS measures a process's history: memory is "
              "compared only on fresh trees or at equal age.");
}

} // namespace sb::memorytext
