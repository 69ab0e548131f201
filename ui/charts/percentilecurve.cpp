#include "ui/charts/percentilecurve.h"

#include "ui/charts/palette.h"

#include <QCoreApplication>
#include <cmath>
#include <qcustomplot.h>

namespace sb::charts {

void drawPercentileCurve(QCustomPlot *plot, const QVector<PercentilePoint> &points,
                         const QString &name)
{
    plot->clearGraphs();
    plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    const std::pair<double, const char *> ticks[] = {
        {1, "0%"}, {10, "90%"}, {100, "99%"}, {1e3, "99.9%"}, {1e4, "99.99%"}, {1e5, "99.999%"}};
    for (const auto &[x, label] : ticks)
        ticker->addTick(x, QString::fromLatin1(label));
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setRange(1, 1e5);
    plot->xAxis->setLabel(QCoreApplication::translate("sb::charts", "percentile"));
    plot->yAxis->setLabel(QCoreApplication::translate("sb::charts", "latency, ms"));
    QVector<double> xs;
    QVector<double> ys;
    for (const PercentilePoint &p : points) {
        xs << p.x;
        ys << p.latencyMs;
    }
    QCPGraph *g = plot->addGraph();
    g->setName(name);
    g->setPen(QPen(palette::categorical(0), 2));
    g->setData(xs, ys, true);
    double hi = 0;
    for (double y : ys)
        hi = std::max(hi, y);
    plot->yAxis->setRange(0, hi > 0 ? hi * 1.1 : 1);
    plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace sb::charts
