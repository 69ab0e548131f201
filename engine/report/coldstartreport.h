#pragma once

// Cold start in the reports: each configuration's tree starts (store::ServerStartRecord) as
// median [min-max] of exec -> accepting, exec -> ready and the tree's RSS and PSS at ready, with
// the number of starts, and every start on its own row. Written once here for the Markdown and
// HTML report and read by the GUI (coldStartSummaries). Pure; any thread.

#include "report/reportdocument.h"
#include "report/runreport.h"
#include "stats/summary.h"

#include <QString>
#include <QVector>

namespace sb::report {

// One configuration's starts summed up. A start whose figure was not measured (accept_ms -1)
// leaves that figure's spread out.
struct ColdStartSummary
{
    QString configuration;
    int starts = 0;         // starts that became ready
    stats::Spread acceptMs; // exec -> the port accepting connections, ms
    stats::Spread readyMs;  // exec -> the readiness probe's expected answer, ms
    stats::Spread rssBytes; // the tree's RSS at ready, bytes
    stats::Spread pssBytes; // the tree's PSS at ready, bytes
};

// Per configuration with a start: the report's configurations in plan order, then any other
// configuration a start names, in stored order.
QVector<ColdStartSummary> coldStartSummaries(const RunReport &report);

// "412.0 ms [401.2-455.9]", "412.0 ms" for one start; notMeasured() for none.
QString coldStartMsText(const stats::Spread &ms);

// One row per configuration with a start: starts, exec -> accepting, exec -> ready, RSS and
// PSS at ready as median [min-max]; no rows without a start. The section's table and the
// terminal summary's.
Table coldStartSummaryTable(const RunReport &report);

// The report's Cold start section: what the figures mean, one row per configuration (starts,
// exec -> accepting, exec -> ready, RSS and PSS at ready as median [min-max]) and a table of
// every start (round, time, spawn -> exec, the figures). The table of every start is left out
// when `everyStart` is false and the run has more than kColdStartRowsInline starts (the HTML
// report passes true; the Markdown names where they are instead).
inline constexpr int kColdStartRowsInline = 12;
Document coldStartSection(const RunReport &report, bool everyStart);

} // namespace sb::report
