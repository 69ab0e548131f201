#pragma once

#include "stats/histogram.h"

#include <QVector>

class QCustomPlot;

// The latency percentile curve as HdrHistogram's plotter draws it: x = 1/(1-p) on a log scale
// (1 = p0, 10 = p90, 100 = p99, ... 100000 = p99.999), y = the latency at that percentile.
namespace sb::charts {

struct PercentilePoint
{
    double x = 1;          // 1/(1-p)
    double percentile = 0; // p, 0..100
    double latencyMs = 0;  // histogram value at p, milliseconds
};

// Points from p0 to p99.999 (x = 1 .. 1e5), `perDecade` per factor of ten, plus the maximum's
// percentile when it comes earlier. Empty for an empty histogram. The histogram is in
// microseconds. Pure; any thread.
QVector<PercentilePoint> percentileCurve(const Histogram &latencyUs, int perDecade = 20);

// Sets up `plot` for percentile curves (log x with the 50 % / 90 % / 99 % ... tick labels,
// latency in ms) and draws `points` as one graph named `name`. GUI thread.
void drawPercentileCurve(QCustomPlot *plot, const QVector<PercentilePoint> &points,
                         const QString &name);

} // namespace sb::charts
