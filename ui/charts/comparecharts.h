#pragma once

// The comparison charts (Qt Charts), shared by the Compare page and the HTML report. Each
// builder returns a new QChart the caller owns (hand it to a QChartView, or render it with
// charts/chartexport.h). A series is one configuration of one run (ChartSource); its colour is
// the configuration's on every chart (palette::configurationInRun). Figures come from the
// reports as the engine computed them; a chart computes only what it draws (quartiles of a box,
// percentile points of a pooled histogram). GUI thread (Qt Charts are graphics items).

#include "report/reportcharts.h"
#include "ui/charts/comparedata.h"

#include <QSize>
#include <vector>

class QChart;

namespace sb::charts {

// The size charts are rendered at when no view gives one (HTML report, export from the page's
// menu), pixels.
inline constexpr QSize kChartSize{860, 360};

// Colours for a light or a dark background (the HTML report is always light).
enum class ChartLook
{
    Light,
    Dark,
};

// Box plots of each cell of `route` across its valid windows: one box per series and
// concurrency level, of the windows' 2xx/s or per CPU-second.
QChart *boxPlotChart(const ChartSource &source, const QString &route, Metric metric,
                     ChartLook look = ChartLook::Light);
// The cells' medians (2xx/s or per CPU-second) against concurrency (log x), a line per series.
QChart *throughputChart(const ChartSource &source, const QString &route, Metric metric,
                        ChartLook look = ChartLook::Light);
// Median p50 (solid) and p99 (dashed) latency against concurrency (log x), ms.
QChart *latencyChart(const ChartSource &source, const QString &route,
                     ChartLook look = ChartLook::Light);
// Latency percentile curves of the cells' pooled histograms, as HdrHistogram's plotter draws
// them: x = 1/(1-p) on a log scale (labels 0 %, 90 %, 99 % ... 99.999 %), y = ms. One curve per
// series at `concurrency`; 0 = every level of the route (line style by level).
QChart *percentileChart(const ChartSource &source, const QString &route, int concurrency,
                        ChartLook look = ChartLook::Light);
// Per-window timelines of one cell, overlaid across runs: 2xx/s per measured interval against
// seconds since the window's measurement began; one line per stored valid window.
QChart *timelineChart(const ChartSource &source, const QString &route, int concurrency,
                      ChartLook look = ChartLook::Light);

// Peak RSS of the server tree (the cells' medians, MiB) by series, grouped by concurrency; each
// level's label says whether the trees' ages allow comparing them (report/memoryreport.h): "c=4
// (fresh)", "c=32 (ages differ)".
QChart *memoryChart(const ChartSource &source, const QString &route,
                    ChartLook look = ChartLook::Light);

// What a box shows (min, Tukey's hinges, the median): the engine's, which the HTML report's box
// plots use too (report/reportcharts.h).
using report::BoxFigures;
using report::boxFigures;

// The base of the log x axis for these concurrency levels: 2 while they span at most 2^6,
// otherwise 10 (so the axis has at least two labelled ticks). Pure.
int logBaseFor(const QList<int> &levels);

} // namespace sb::charts
