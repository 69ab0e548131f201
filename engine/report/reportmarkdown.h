#pragma once

// The report's content, modelled on seed 000's summary: a summary table, per-route tables of
// every cell with spreads, cores and latency, ratios with verdicts and intervals, where the
// ceiling is, what the gates caught, the environment and the metric definitions. Written once
// as a Document (report/reportdocument.h) and rendered as Markdown here, as HTML by
// report/reporthtml.h and, for its summary, as terminal lines by `stackbench run`. Any thread.

#include "report/reportdocument.h"
#include "report/runreport.h"

#include <QString>

namespace sb::report {

// The whole report; a Charts block closes each route's section. `everyStart`: the Cold start
// section lists every start however many there are (report/coldstartreport.h; HTML).
Document reportDocument(const RunReport &report, bool everyStart = false);
QString reportMarkdown(const RunReport &report); // markdownOf(reportDocument(report))

// What went wrong with the run as a whole, in plain sentences, for the report's header and the
// terminal summary: a run with no valid window ("0 of 56 windows valid: 56 failed the
// foreign-CPU gate. Nothing was measured: every figure reads –." and, when a gate failed them,
// the plan key that sets it), and why a failed run failed ("run-failed" events). Empty when
// there is nothing to say. The terminal summary after a run leaves the run's failures out
// (RunFailures::Omit): the run's end has already said them on stderr.
enum class RunFailures
{
    Include,
    Omit
};
QStringList runProblems(const RunReport &report, RunFailures failures = RunFailures::Include);

// The Setup section: machine, system, load at start, Stackbench; each configuration's command,
// working directory, CPU sets asked for and applied (its own and the load engine's) and the
// versions its probes read; the gate settings as the plan writes them.
Document setupSection(const RunReport &report);

// The summary table: per route, concurrency and configuration the median 2xx/s and per
// CPU-second, the ratios to the baseline with their verdicts, and the invalid attempts.
Table summaryTable(const RunReport &report);
// "python `health`: within 10 % from c=10 on while p50 grew 5.0x" (where the ceiling is).
Inline saturationLine(const SaturationReport &saturation);

// The definitions section (metrics, verdict rules, bound rules and thresholds), shared by every
// Markdown and HTML output.
Document definitionsDocument();
QString definitionsMarkdown();

// What a figure that was never measured reads, everywhere (reports, terminal, GUI): "–" (an en
// dash), never 0.
QString notMeasured();

// Number formats shared by the renderers: "33,431.7", "5.726 ms", "19.58x", "26.8 %".
QString formatNumber(double v, int decimals);
QString formatMs(double us);
QString formatRatio(double r);       // notMeasured() for 0 (a ratio that could not be computed)
QString formatPercent(double share); // 0.268 -> "26.8 %"
// A cell's figure over its valid windows: "median [min-max]" ("median" alone for one window),
// its median alone, its median in ms, its spread as a percentage; notMeasured() when no valid
// window gave one (Spread::n == 0; spreadPercent: fewer than 2).
QString spreadText(const stats::Spread &s, int decimals);
QString medianText(const stats::Spread &s, int decimals);
QString medianMsText(const stats::Spread &s);
QString spreadPercent(const stats::Spread &s);
// A comparison's ratio with its 95 % interval when the windows support one ("0.944x
// [0.900x-0.990x]"), else the ratio alone ("0.944x"); notMeasured() when it has none.
QString ratioText(const stats::Comparison &c);

} // namespace sb::report
