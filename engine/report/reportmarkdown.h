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

// The whole report; a Charts block closes each route's section.
Document reportDocument(const RunReport &report);
QString reportMarkdown(const RunReport &report); // markdownOf(reportDocument(report))

// The summary table: per route, concurrency and configuration the median 2xx/s and per
// CPU-second, the ratios to the baseline with their verdicts, and the invalid attempts.
Table summaryTable(const RunReport &report);
// "python `health`: within 10 % from c=10 on while p50 grew 5.0x" (where the ceiling is).
Inline saturationLine(const SaturationReport &saturation);

// The definitions section (metrics, verdict rules, bound rules and thresholds), shared by every
// Markdown and HTML output.
Document definitionsDocument();
QString definitionsMarkdown();

// Number formats shared by the renderers: "33,431.7", "5.726 ms", "19.58x", "26.8 %".
QString formatNumber(double v, int decimals);
QString formatMs(double us);
QString formatRatio(double r);
QString formatPercent(double share); // 0.268 -> "26.8 %"
// A comparison's ratio with its 95 % interval when the windows support one ("0.944x
// [0.900x-0.990x]"), else the ratio alone ("0.944x").
QString ratioText(const stats::Comparison &c);

} // namespace sb::report
