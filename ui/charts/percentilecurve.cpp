#include "ui/charts/percentilecurve.h"

#include "ui/charts/palette.h"
#include "ui/widgets/liveplot.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <cmath>
#include <qcustomplot.h>

namespace sb::charts {

namespace {

// Compact: the percent sign moves from each tick label to the axis title, so that the labels of
// a narrow chart (the Run page's, some 200 px) keep apart.
void setUpAxes(QCustomPlot *plot, bool compact)
{
    plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    const std::pair<double, const char *> ticks[] = {
        {1, "0"}, {10, "90"}, {100, "99"}, {1e3, "99.9"}, {1e4, "99.99"}, {1e5, "99.999"}};
    for (const auto &[x, label] : ticks)
        ticker->addTick(x,
                        QString::fromLatin1(label) + (compact ? QString() : QStringLiteral("%")));
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setRange(1, 1e5);
    plot->xAxis->setLabel(compact ? QCoreApplication::translate("sb::charts", "percentile, %")
                                  : QCoreApplication::translate("sb::charts", "percentile"));
    plot->yAxis->setLabel(QCoreApplication::translate("sb::charts", "latency, ms"));
}

} // namespace

void drawPercentileCurves(QCustomPlot *plot, const QList<Curve> &curves)
{
    if (plot->xAxis->scaleType() != QCPAxis::stLogarithmic)
        setUpAxes(plot, true);
    // Ghosts first (drawn beneath). The graphs are kept from one call to the next: the Run page
    // draws its curve twice a second while a run goes on.
    QList<const Curve *> ordered;
    for (int pass = 0; pass < 2; ++pass)
        for (const Curve &c : curves)
            if (c.ghost == (pass == 0))
                ordered << &c;
    while (plot->graphCount() > ordered.size())
        plot->removeGraph(plot->graphCount() - 1);
    while (plot->graphCount() < ordered.size())
        plot->addGraph();
    double hi = 0;
    for (qsizetype i = 0; i < ordered.size(); ++i) {
        const Curve &c = *ordered[i];
        QVector<double> xs;
        QVector<double> ys;
        xs.reserve(c.points.size());
        ys.reserve(c.points.size());
        for (const PercentilePoint &p : c.points) {
            xs << p.x;
            ys << p.latencyMs;
            hi = std::max(hi, p.latencyMs);
        }
        QCPGraph *g = plot->graph(int(i));
        QColor colour = c.colour;
        if (c.ghost)
            colour.setAlpha(90);
        g->setPen(QPen(colour, c.ghost ? 1.0 : 2.0));
        g->setScatterStyle(c.points.size() < kCurveMarkerPoints
                               ? QCPScatterStyle(QCPScatterStyle::ssDisc, colour, 5)
                               : QCPScatterStyle(QCPScatterStyle::ssNone));
        g->setData(xs, ys, true);
        g->setName(c.name);
        if (c.name.isEmpty())
            g->removeFromLegend();
        else
            g->addToLegend();
    }
    plot->yAxis->setRange(0, hi > 0 ? hi * 1.1 : 1);
    // Up to the decade the curves reach (at least 99 %): a narrow chart has room for few
    // percentile labels, and decades nothing reaches say nothing.
    double right = 100;
    for (const Curve &c : curves)
        for (const PercentilePoint &p : c.points)
            while (right < p.x && right < 1e5)
                right *= 10;
    plot->xAxis->setRange(1, right);
    // Every decade a tick; a label on every other one when a decade is too narrow for one.
    const int decades = int(std::lround(std::log10(right)));
    const int widthPx = std::max(plot->axisRect()->width(), plot->width() - 80);
    const int labelPx =
        QFontMetrics(plot->xAxis->tickLabelFont()).horizontalAdvance(QStringLiteral("99.999")) + 8;
    const bool everyOther = decades > 0 && widthPx / decades < labelPx;
    QMap<double, QString> ticks;
    const char *labels[] = {"0", "90", "99", "99.9", "99.99", "99.999"};
    for (int d = 0; d <= decades && d < 6; ++d)
        ticks.insert(std::pow(10.0, d),
                     everyOther && d % 2 == 1 ? QString() : QString::fromLatin1(labels[d]));
    const auto current = plot->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    if (!current || current->ticks() != ticks) {
        auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
        ticker->setTicks(ticks);
        plot->xAxis->setTicker(ticker);
    }
    redrawSoon(plot);
}

void drawPercentileCurve(QCustomPlot *plot, const QVector<PercentilePoint> &points,
                         const QString &name)
{
    plot->clearGraphs();
    setUpAxes(plot, false);
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
    redrawSoon(plot);
}

} // namespace sb::charts
