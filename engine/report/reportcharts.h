#pragma once

// The charts of a route in the HTML report, built from the run's report (the engine's own
// figures; a chart computes only what it draws: the quartiles of a box, the percentile points
// of a pooled histogram) and drawn by report/svgchart.h. A series is one configuration, in its
// palette colour by its position in the plan. Pure; any thread.

#include "report/runreport.h"
#include "report/svgchart.h"
#include "stats/histogram.h"

#include <QList>
#include <QVector>
#include <vector>

namespace sb::report {

// Box plots of each cell of `route` across its valid windows, one box per configuration and
// concurrency level, of the windows' 2xx/s (perCpuS false) or per CPU-second.
svg::Chart boxPlotChart(const RunReport &report, const QString &route, bool perCpuS);
// The cells' medians (2xx/s or per CPU-second) against concurrency (log x), a line per
// configuration.
svg::Chart throughputChart(const RunReport &report, const QString &route, bool perCpuS);
// Median p50 (solid) and p99 (dashed) latency against concurrency (log x), ms; log y once the
// lines span 20x.
svg::Chart latencyChart(const RunReport &report, const QString &route);
// Latency percentile curves of the cells' pooled histograms, as HdrHistogram's plotter draws
// them: x = 1/(1-p) on a log scale (labels 0 %, 90 %, 99 % ... 99.999 %), y = ms; a curve per
// configuration and level (dash by level).
svg::Chart percentileChart(const RunReport &report, const QString &route);
// 2xx/s per measured interval of each valid window of `route` at `concurrency`, against seconds
// into the window; a line per window (`windows` as loadRunReport hands them, with intervals).
svg::Chart timelineChart(const RunReport &report, const QVector<store::WindowRecord> &windows,
                         const QString &route, int concurrency);

// The charts the HTML report draws after a route's tables: box plots of 2xx/s and per
// CPU-second, 2xx/s against concurrency, latency against concurrency, the percentile curves,
// and (when `windows` are given) the timelines of the highest concurrency level.
QVector<svg::Chart> routeCharts(const RunReport &report,
                                const QVector<store::WindowRecord> &windows, const QString &route);

// What a box shows: min, Tukey's hinges (the medians of the lower and upper halves, the middle
// value in both for odd counts) and the median (stats::median). All 0 when empty.
using BoxFigures = svg::Box;
BoxFigures boxFigures(std::vector<double> values);

// A latency percentile curve point: x = 1/(1-p) (1 = p0, 10 = p90, 100 = p99, ...).
struct PercentilePoint
{
    double x = 1;          // 1/(1-p)
    double percentile = 0; // p, 0..100
    double latencyMs = 0;  // histogram value at p, milliseconds
};

// Points from p0 to p99.999 (x = 1 .. 1e5), `perDecade` per factor of ten. Empty for an empty
// histogram. The histogram is in microseconds.
QVector<PercentilePoint> percentileCurve(const Histogram &latencyUs, int perDecade = 20);

} // namespace sb::report
