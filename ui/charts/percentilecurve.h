#pragma once

#include "report/reportcharts.h"

#include <QVector>

class QCustomPlot;

// The latency percentile curve as HdrHistogram's plotter draws it: x = 1/(1-p) on a log scale
// (1 = p0, 10 = p90, 100 = p99, ... 100000 = p99.999), y = the latency at that percentile.
namespace sb::charts {

// The points and the curve are the engine's (report/reportcharts.h: the HTML report draws the
// same curves).
using report::percentileCurve;
using report::PercentilePoint;

// Sets up `plot` for percentile curves (log x with the 50 % / 90 % / 99 % ... tick labels,
// latency in ms) and draws `points` as one graph named `name`. GUI thread.
void drawPercentileCurve(QCustomPlot *plot, const QVector<PercentilePoint> &points,
                         const QString &name);

} // namespace sb::charts
