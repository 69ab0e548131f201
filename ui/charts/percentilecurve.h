#pragma once

#include "report/reportcharts.h"

#include <QColor>
#include <QList>
#include <QString>
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

// One curve of a chart of several: the current window's, or a faint ghost of an earlier round.
struct Curve
{
    QVector<PercentilePoint> points;
    QString name;       // legend entry; empty = not in the legend
    QColor colour;      // line colour
    bool ghost = false; // faint and thin, drawn beneath
};

// As drawPercentileCurve(), for several curves: ghosts first (beneath), the y range over all.
// A curve of fewer than kCurveMarkerPoints points is drawn with markers too (a live window's
// curve has its three interval percentiles). GUI thread.
inline constexpr int kCurveMarkerPoints = 8;
void drawPercentileCurves(QCustomPlot *plot, const QList<Curve> &curves);

} // namespace sb::charts
