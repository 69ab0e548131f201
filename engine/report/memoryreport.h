#pragma once

// Memory in the reports (DESIGN.md, "memory"): each cell's peak RSS and PSS of the server tree
// (the median of its valid windows' peaks) with the tree's age at those windows
// (report/treeage.h), compared with the baseline only where the ages allow it, and one sentence
// per route that says what was compared. Written once here for the Markdown and HTML report
// (memorySection, memoryChart), the terminal summary (memorySummaryTable) and the GUI
// (compareMemory). Pure; any thread.

#include "report/reportdocument.h"
#include "report/runreport.h"
#include "report/svgchart.h"
#include "report/treeage.h"

#include <QString>

namespace sb::report {

// The process mode of the run's profile, as its stored plan text gives it ("round", "window",
// "once"; "round" when the profile names none); "" when the text does not hold the profile.
QString processModeOf(const store::RunRecord &run);

// "70.7 MiB"; "–" for 0 or less (nothing sampled).
QString formatMiB(double bytes);
// A cell's peak memory as the report writes a figure: "70.7 MiB [65.1-80.2]" (median [min-max]),
// "70.7 MiB" for one window; "–" when no window sampled any.
QString memoryRangeText(const stats::Spread &bytes);
// Whether the cell's windows sampled the tree's memory.
bool memoryMeasured(const CellReport &cell);

// One cell's memory against a baseline cell (the same route and concurrency): the ratios of the
// peak RSS and PSS medians, given only when the ages match (both fresh, or equal age) and both
// sampled memory.
struct MemoryComparison
{
    AgeMatch match = AgeMatch::Unknown;
    double rssRatio = 0; // cell / baseline; 0 = not compared
    double pssRatio = 0; // cell / baseline; 0 = not compared (or no PSS read)

    bool compared() const { return rssRatio > 0; }
};
MemoryComparison compareMemory(const CellReport &cell, const QString &mode,
                               const CellReport &baseline, const QString &baselineMode);

// What the report did with the memory of `route`, one clause without a capital or a full stop:
// "compared on fresh processes (process: window)", "ages differ at c=32: native served 120,000
// requests over 40 s, python 30,000 requests over 40 s: not compared (process: round)",
// "compared on fresh processes at c=4; ages differ at c=32: ...", "one configuration: nothing to
// compare", "no memory was sampled".
QString routeMemorySentence(const RunReport &report, const QString &route);

// The report's Memory section: what the figures mean, then per route its sentence ("**Route**
// `health`: Compared on fresh processes (process: window)."), a table of every configuration and
// concurrency (windows, peak RSS, peak PSS, tree age, against the baseline) and, when a cell of
// the route sampled memory, a Charts block keyed memoryChartsKey(route).
Document memorySection(const RunReport &report);
// The key of a route's memory chart in a Charts block, and the route of such a key (false for a
// route's own charts).
QString memoryChartsKey(const QString &route);
bool isMemoryChartsKey(const QString &key, QString *route);
// Peak RSS (the cells' medians, MiB) against concurrency (log x), a line per configuration.
svg::Chart memoryChart(const RunReport &report, const QString &route);

// The terminal summary's memory lines: one row per configuration with the range of its cells'
// peak RSS and PSS medians and the range of its trees' ages ("fresh", "fresh to 120,000 requests
// over 40 s").
Table memorySummaryTable(const RunReport &report);

} // namespace sb::report
