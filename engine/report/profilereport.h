#pragma once

// "Where the time goes" in the reports (issue 25): each CPU profile of a run's cells with its
// top functions by self time (self and total share of the samples), the profiling window's
// 2xx/s against the cell's median (what perf cost), the profile's note, and in the HTML report
// its flame graph; and for each route and concurrency where the baseline configuration and
// another were both profiled, the differential flame graph of the other against the baseline
// with the functions whose share changed most. Written once here for the Markdown and HTML
// report. Pure; any thread.

#include "profile/difftree.h"
#include "profile/frametree.h"
#include "report/reportdocument.h"
#include "report/runreport.h"

#include <QString>
#include <QVector>

namespace sb::report {

// The top functions the report lists per profile and per differential.
inline constexpr int kProfileTopFunctions = 10;

// The run's profiles (RunStore::profiles) each with its folded stacks (RunStore::profile), in
// stored order. A profile whose stacks cannot be read keeps its record without them, its note
// saying why; errors: the store's listing's ("store.read"). The store's thread.
sb::Result<QVector<store::ProfileRecord>> loadProfiles(const store::RunStore &store,
                                                       const QString &runId);

// A profile's stored stacks as a tree; errors as profile::parseFolded's (a stored profile
// that cannot be read is said in the report, not fatal).
sb::Result<profile::FrameTree> profileTree(const store::ProfileRecord &profile);

// "c=32 of `route`, configuration `native`" as the report names a profile's cell (plain text).
QString profileCellText(const store::ProfileRecord &profile);

// The report's "Where the time goes" section: nothing when the run has no profile.
Document profileSection(const RunReport &report);

// The pairs the section draws differentially: indexes into report.profiles of the baseline's
// profile (first) and another configuration's (second) of one route and concurrency, in the
// report's order (route, concurrency, configuration).
QVector<std::pair<int, int>> profileDiffPairs(const RunReport &report);

// The keys of the section's Charts blocks, and what a key names (false for other keys):
// profile `index` of report.profiles, or the differential of profiles `index` and `other`.
QString profileChartsKey(int index);
QString profileDiffChartsKey(int index, int other);
bool isProfileChartsKey(const QString &key, int *index, int *other);

// The SVG (report/flamegraphsvg.h) a key of the section names, `widthPx` wide, ids starting
// with `idPrefix`; empty for a key of no profile or a profile that cannot be read.
QString profileChartsSvg(const RunReport &report, const QString &key, int widthPx,
                         const QString &idPrefix);

} // namespace sb::report
