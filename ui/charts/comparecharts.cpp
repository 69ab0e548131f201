#include "ui/charts/comparecharts.h"

#include "report/memoryreport.h"
#include "stats/histogram.h"
#include "stats/summary.h"
#include "ui/charts/palette.h"
#include "ui/charts/percentilecurve.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QCategoryAxis>
#include <QChart>
#include <QCoreApplication>
#include <QFont>
#include <QGraphicsLayout>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>

namespace sb::charts {

namespace {

// Series of at most this many points show them as markers.
constexpr qsizetype kMarkedPoints = 10;
// The legend's font against the chart's.
constexpr double kLegendFontScale = 0.9;

QString tr(const char *text)
{
    return QCoreApplication::translate("sb::charts", text);
}

// One series of a chart: a configuration of a run.
struct SeriesRef
{
    int run = 0;
    QString configuration;
    QColor colour;
    Qt::PenStyle style = Qt::SolidLine;
    QString name;
};

QVector<SeriesRef> seriesOf(const ChartSource &source)
{
    QVector<SeriesRef> out;
    for (int r = 0; r < source.runs.size(); ++r)
        for (const QString &c : source.runs[r].configurations)
            out.append({r, c, palette::configurationInRun(source.colourIndex(c), r),
                        palette::runPenStyle(r), source.seriesName(r, c)});
    return out;
}

// The concurrency levels measured for `route` in any run, ascending.
QList<int> levelsOf(const ChartSource &source, const QString &route)
{
    QList<int> out;
    for (const report::RunReport &r : source.runs)
        for (const report::CellReport &c : r.cells)
            if (c.route == route && !out.contains(c.concurrency))
                out << c.concurrency;
    std::sort(out.begin(), out.end());
    return out;
}

const report::CellReport *cellOf(const ChartSource &source, const SeriesRef &s,
                                 const QString &route, int concurrency)
{
    return source.runs[s.run].cell(s.configuration, route, concurrency);
}

QChart *newChart(const QString &title, ChartLook look)
{
    auto *chart = new QChart;
    chart->setTheme(look == ChartLook::Dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTitle(title);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(6, 6, 6, 6));
    // The background fills the view (the layout's own margins would leave a grey frame).
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    QFont small = chart->legend()->font();
    small.setPointSizeF(small.pointSizeF() * kLegendFontScale);
    chart->legend()->setFont(small);
    chart->legend()->setShowToolTips(true); // a name elided in the legend, whole on hover
    return chart;
}

QValueAxis *valueAxis(const QString &title, double lo, double hi)
{
    auto *axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setRange(lo, hi > lo ? hi : lo + 1);
    axis->applyNiceNumbers();
    axis->setLabelFormat(hi >= 100 ? QStringLiteral("%.0f") : QStringLiteral("%.3g"));
    return axis;
}

QLogValueAxis *concurrencyAxis(const QList<int> &levels)
{
    auto *axis = new QLogValueAxis;
    axis->setTitleText(tr("connections (log scale)"));
    axis->setBase(logBaseFor(levels));
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setMinorTickCount(-1);
    const double lo = levels.isEmpty() ? 1 : levels.first();
    const double hi = levels.isEmpty() ? 10 : levels.last();
    axis->setRange(lo / 1.3, hi * 1.3);
    return axis;
}

// Axes first, then each series attached to both (an empty chart still shows its axes). The
// legend goes beside the plot: at 1280x720 height is what a chart lacks, a legend beneath it
// took a row of it.
template<typename Series>
void addAll(QChart *chart, QAbstractAxis *x, QAbstractAxis *y, const QList<Series *> &series)
{
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    // Lines differ by colour and, across runs or percentiles, by dash: each entry draws a piece
    // of its line, not a filled square that hides the dash. Set before the series come: set
    // after, Qt draws a piece half as long, too short for a dash. (Boxes keep their filled
    // squares: from a box series Qt draws an empty one.)
    if constexpr (std::is_same_v<Series, QLineSeries>)
        chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    for (Series *s : series) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    chart->legend()->setAlignment(Qt::AlignRight);
}

QLineSeries *lineSeries(const QString &name, const QColor &colour, Qt::PenStyle style,
                        double width = 2)
{
    auto *s = new QLineSeries;
    s->setName(name);
    QPen pen(colour, width, style);
    pen.setCapStyle(Qt::RoundCap);
    s->setPen(pen);
    return s;
}

// Only the first line of each name gets a legend entry (timelines: a line per window).
void dedupeLegend(QChart *chart)
{
    QStringList seen;
    for (QLegendMarker *m : chart->legend()->markers()) {
        const bool first = !seen.contains(m->label());
        m->setVisible(first);
        seen << m->label();
    }
}

const std::vector<double> &valuesOf(const report::CellReport &cell, Metric metric)
{
    return metric == Metric::PerCpuS ? cell.perCpuS : cell.okPerS;
}

QString metricTitle(Metric metric)
{
    return metric == Metric::PerCpuS ? tr("2xx per CPU-second") : tr("2xx/s");
}

// The same on a y axis: short, so that it fits beside a plot 150 px high.
QString metricAxisTitle(Metric metric)
{
    return metric == Metric::PerCpuS ? tr("per CPU-s") : tr("2xx/s");
}

// Whether the series' trees at `concurrency` may be compared: the worst of each one's match
// with the first that sampled memory; " (fresh)", " (ages differ)", ... ("" for one series).
QString ageNote(const ChartSource &source, const QVector<SeriesRef> &series, const QString &route,
                int concurrency)
{
    const report::CellReport *first = nullptr;
    QString firstMode;
    std::optional<report::AgeMatch> match;
    for (const SeriesRef &s : series) {
        const report::CellReport *cell = cellOf(source, s, route, concurrency);
        if (!cell || !report::memoryMeasured(*cell))
            continue;
        const QString mode = report::processModeOf(source.runs[s.run].run);
        if (!first) {
            first = cell;
            firstMode = mode;
            continue;
        }
        const report::AgeMatch m =
            report::matchAges(cell->treeAge, mode, first->treeAge, firstMode);
        match = match ? std::max(*match, m) : m;
    }
    if (!match)
        return QString();
    switch (*match) {
    case report::AgeMatch::Fresh:
        return tr(" (fresh)");
    case report::AgeMatch::Equal:
        return tr(" (equal age)");
    case report::AgeMatch::Differ:
        return tr(" (ages differ)");
    case report::AgeMatch::Unknown:
        break;
    }
    return tr(" (age unknown)");
}

} // namespace

int logBaseFor(const QList<int> &levels)
{
    if (levels.isEmpty() || levels.first() <= 0)
        return 10;
    return double(levels.last()) / levels.first() <= 64 ? 2 : 10;
}

QChart *boxPlotChart(const ChartSource &source, const QString &route, Metric metric, ChartLook look)
{
    QChart *chart = newChart(tr("%1 across windows: %2").arg(metricTitle(metric), route), look);
    const QList<int> levels = levelsOf(source, route);
    auto *x = new QBarCategoryAxis;
    for (int c : levels)
        x->append(QStringLiteral("c=%1").arg(c));
    x->setTitleText(tr("concurrency"));
    double lo = INFINITY;
    double hi = 0;
    QList<QBoxPlotSeries *> all;
    for (const SeriesRef &s : seriesOf(source)) {
        auto *series = new QBoxPlotSeries;
        series->setName(s.name);
        QColor fill = s.colour;
        fill.setAlpha(150);
        series->setBrush(fill);
        series->setPen(QPen(s.colour.darker(140), 1.2));
        series->setBoxWidth(0.6);
        for (int c : levels) {
            const report::CellReport *cell = cellOf(source, s, route, c);
            const BoxFigures b = cell ? boxFigures(valuesOf(*cell, metric)) : BoxFigures{};
            series->append(new QBoxSet(b.min, b.lowerQuartile, b.median, b.upperQuartile, b.max,
                                       QStringLiteral("c=%1").arg(c)));
            if (cell && !valuesOf(*cell, metric).empty()) {
                lo = std::min(lo, b.min);
                hi = std::max(hi, b.max);
            }
        }
        all << series;
    }
    if (!std::isfinite(lo))
        lo = 0;
    const double pad = std::max((hi - lo) * 0.08, hi * 0.01);
    QValueAxis *y = valueAxis(metricAxisTitle(metric), std::max(0.0, lo - pad), hi + pad);
    addAll(chart, x, y, all);
    return chart;
}

QChart *throughputChart(const ChartSource &source, const QString &route, Metric metric,
                        ChartLook look)
{
    QChart *chart =
        newChart(tr("%1 against concurrency: %2").arg(metricTitle(metric), route), look);
    const QList<int> levels = levelsOf(source, route);
    QLogValueAxis *x = concurrencyAxis(levels);
    double hi = 0;
    QList<QLineSeries *> lines;
    for (const SeriesRef &s : seriesOf(source)) {
        QLineSeries *line = lineSeries(s.name, s.colour, s.style);
        line->setPointsVisible(true);
        for (int c : levels)
            if (const report::CellReport *cell = cellOf(source, s, route, c)) {
                const stats::Spread &v =
                    metric == Metric::PerCpuS ? cell->figures.perCpuS : cell->figures.okPerS;
                if (v.n == 0)
                    continue;
                line->append(c, v.median);
                hi = std::max(hi, v.median);
            }
        lines << line;
    }
    QValueAxis *y = valueAxis(tr("%1, median").arg(metricAxisTitle(metric)), 0, hi * 1.1);
    addAll(chart, x, y, lines);
    return chart;
}

QChart *latencyChart(const ChartSource &source, const QString &route, ChartLook look)
{
    QChart *chart =
        newChart(tr("Latency against concurrency, median of windows: %1").arg(route), look);
    const QList<int> levels = levelsOf(source, route);
    QLogValueAxis *x = concurrencyAxis(levels);
    double hi = 0;
    double lo = INFINITY;
    QList<QLineSeries *> lines;
    // One legend entry per series (its p50's) and one per percentile's dash, not two per series.
    const QColor key =
        look == ChartLook::Dark ? QColor(0xb0, 0xb0, 0xb0) : QColor(0x60, 0x60, 0x60);
    QLineSeries *p50Key = lineSeries(tr("p50"), key, Qt::SolidLine);
    QLineSeries *p99Key = lineSeries(tr("p99"), key, Qt::DashLine);
    QList<QLineSeries *> p99s;
    for (const SeriesRef &s : seriesOf(source)) {
        QLineSeries *p50 = lineSeries(s.name, s.colour, Qt::SolidLine);
        QLineSeries *p99 = lineSeries(tr("%1 p99").arg(s.name), s.colour, Qt::DashLine);
        p99s << p99;
        for (QLineSeries *l : {p50, p99})
            l->setPointsVisible(true);
        for (int c : levels)
            if (const report::CellReport *cell = cellOf(source, s, route, c)) {
                if (cell->figures.validWindows == 0)
                    continue;
                p50->append(c, cell->figures.p50Us.median / 1000.0);
                p99->append(c, cell->figures.p99Us.median / 1000.0);
                hi = std::max(hi, cell->figures.p99Us.median / 1000.0);
                if (cell->figures.p50Us.median > 0)
                    lo = std::min(lo, cell->figures.p50Us.median / 1000.0);
            }
        lines << p50 << p99;
    }
    // One slow tail would flatten every other line: a log scale once they span 20x.
    QAbstractAxis *y = nullptr;
    if (lo > 0 && hi / lo > 20) {
        auto *log = new QLogValueAxis;
        log->setTitleText(tr("ms (log scale)"));
        log->setBase(10);
        log->setLabelFormat(QStringLiteral("%g"));
        log->setMinorTickCount(-1);
        log->setRange(lo / 1.3, hi * 1.3);
        y = log;
    } else {
        y = valueAxis(tr("ms"), 0, hi * 1.1);
    }
    if (lines.isEmpty()) { // nothing drawn: no key either
        delete p50Key;
        delete p99Key;
    } else {
        lines << p50Key << p99Key;
    }
    addAll(chart, x, y, lines);
    for (QLineSeries *p99 : p99s)
        chart->legend()->markers(p99).constFirst()->setVisible(false);
    return chart;
}

QChart *percentileChart(const ChartSource &source, const QString &route, int concurrency,
                        ChartLook look)
{
    const QString title =
        concurrency > 0 ? tr("Latency by percentile, pooled: %1 c=%2").arg(route).arg(concurrency)
                        : tr("Latency by percentile, pooled: %1").arg(route);
    QChart *chart = newChart(title, look);
    chart->setMargins(QMargins(6, 6, 36, 6)); // room for the last label, 99.999%
    auto *x = new QCategoryAxis;
    x->setTitleText(tr("percentile (log scale of 1/(1-p))"));
    x->setStartValue(0);
    const char *labels[] = {"0%", "90%", "99%", "99.9%", "99.99%", "99.999%"};
    for (int i = 0; i < 6; ++i)
        x->append(QString::fromLatin1(labels[i]), i);
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    x->setRange(0, 5);
    const QList<int> levels = concurrency > 0 ? QList<int>{concurrency} : levelsOf(source, route);
    double hi = 0;
    QList<QLineSeries *> lines;
    for (const SeriesRef &s : seriesOf(source)) {
        for (qsizetype li = 0; li < levels.size(); ++li) {
            const report::CellReport *cell = cellOf(source, s, route, levels[li]);
            Histogram h;
            if (!cell || cell->figures.pooledHistogram.empty() ||
                !h.decode(cell->figures.pooledHistogram))
                continue;
            const QString name =
                concurrency > 0 ? s.name : QStringLiteral("%1 c=%2").arg(s.name).arg(levels[li]);
            const Qt::PenStyle style = concurrency > 0 ? s.style : palette::runPenStyle(int(li));
            QLineSeries *line = lineSeries(name, s.colour, style);
            for (const PercentilePoint &p : percentileCurve(h)) {
                line->append(std::log10(p.x), p.latencyMs);
                hi = std::max(hi, p.latencyMs);
            }
            lines << line;
        }
    }
    QValueAxis *y = valueAxis(tr("latency, ms"), 0, hi * 1.05);
    addAll(chart, x, y, lines);
    return chart;
}

QChart *timelineChart(const ChartSource &source, const QString &route, int concurrency,
                      ChartLook look)
{
    QChart *chart = newChart(
        tr("2xx/s per interval of each window: %1 c=%2").arg(route).arg(concurrency), look);
    QHash<QString, int> runIndex;
    for (int r = 0; r < source.runs.size(); ++r)
        runIndex.insert(source.runs[r].run.id, r);
    double hiX = 0;
    double hiY = 0;
    QList<QLineSeries *> lines;
    for (const WindowTimeline &t : source.timelines) {
        if (!t.valid || t.route != route || t.concurrency != concurrency || t.okPerS.isEmpty())
            continue;
        const int run = runIndex.value(t.runId, 0);
        QLineSeries *line =
            lineSeries(source.seriesName(run, t.configuration),
                       palette::configurationInRun(source.colourIndex(t.configuration), run),
                       palette::runPenStyle(run), 1.5);
        line->append(t.okPerS);
        // A window of a few intervals (1 s windows have one) is a few points: a line alone
        // may draw nothing.
        if (t.okPerS.size() <= kMarkedPoints) {
            line->setPointsVisible(true);
            line->setMarkerSize(7);
        }
        for (const QPointF &p : t.okPerS) {
            hiX = std::max(hiX, p.x());
            hiY = std::max(hiY, p.y());
        }
        lines << line;
    }
    QValueAxis *x = valueAxis(tr("seconds into the measured window"), 0, hiX);
    QValueAxis *y = valueAxis(tr("2xx/s"), 0, hiY * 1.1);
    addAll(chart, x, y, lines);
    dedupeLegend(chart);
    return chart;
}

QChart *memoryChart(const ChartSource &source, const QString &route, ChartLook look)
{
    QChart *chart =
        newChart(tr("Peak RSS of the server tree, median of windows: %1").arg(route), look);
    const QList<int> levels = levelsOf(source, route);
    const QVector<SeriesRef> series = seriesOf(source);
    auto *x = new QBarCategoryAxis;
    QStringList notes;
    for (int c : levels)
        notes << ageNote(source, series, route, c);
    // One note for every level goes once into the axis title: beside each "c=N" it was cut
    // off at 1280x720 ("c=10 (age unkno...").
    const bool common = !notes.isEmpty() && notes.count(notes.first()) == notes.size();
    x->setTitleText(common && !notes.first().isEmpty()
                        ? tr("concurrency") + notes.first()
                        : tr("concurrency (whether the trees' ages allow a comparison)"));
    for (qsizetype i = 0; i < levels.size(); ++i)
        x->append(QStringLiteral("c=%1").arg(levels[i]) + (common ? QString() : notes[i]));
    auto *bars = new QBarSeries;
    double hi = 0;
    for (const SeriesRef &s : series) {
        auto *set = new QBarSet(s.name);
        set->setColor(s.colour);
        set->setBorderColor(s.colour.darker(140));
        for (int c : levels) {
            const report::CellReport *cell = cellOf(source, s, route, c);
            const double mib = cell && report::memoryMeasured(*cell)
                                   ? cell->figures.rssPeakBytes.median / (1024.0 * 1024.0)
                                   : 0;
            set->append(mib);
            hi = std::max(hi, mib);
        }
        bars->append(set);
    }
    QValueAxis *y = valueAxis(tr("peak RSS, MiB"), 0, hi * 1.1);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    if (series.isEmpty()) { // an empty chart shows its axes, as the others do
        delete bars;
        return chart;
    }
    chart->addSeries(bars);
    bars->attachAxis(x);
    bars->attachAxis(y);
    chart->legend()->setAlignment(Qt::AlignRight);
    return chart;
}

} // namespace sb::charts
