#pragma once

// The report as Markdown, modelled on seed 000's summary: a summary table, per-route tables of
// every cell with spreads, cores and latency, ratios with verdicts and intervals, where the
// ceiling is, what the gates caught, the environment and the metric definitions. Any thread.

#include "report/runreport.h"

#include <QString>

namespace sb::report {

QString reportMarkdown(const RunReport &report);

// The definitions section (metrics, verdict rules, bound rules and thresholds), shared by every
// Markdown and HTML output.
QString definitionsMarkdown();

// Number formats shared by the renderers: "33,431.7", "5.726 ms", "19.58x", "26.8 %".
QString formatNumber(double v, int decimals);
QString formatMs(double us);
QString formatRatio(double r);
QString formatPercent(double share); // 0.268 -> "26.8 %"

} // namespace sb::report
