#include "report/reportcharts.h"

#include "report/figures.h"
#include "stats/summary.h"

#include <algorithm>
#include <cmath>

namespace sb::report {

namespace {

QString metricTitle(bool perCpuS)
{
    return perCpuS ? QStringLiteral("2xx per CPU-second") : QStringLiteral("2xx/s");
}

// The concurrency levels measured for `route`, ascending.
QList<int> levelsOf(const RunReport &r, const QString &route)
{
    QList<int> out;
    for (int c : r.concurrency)
        for (const CellReport &cell : r.cells)
            if (cell.route == route && cell.concurrency == c) {
                out << c;
                break;
            }
    return out;
}

// A log concurrency axis with a tick at each measured level.
svg::Axis concurrencyAxis(const QList<int> &levels)
{
    svg::Axis a;
    a.title = QStringLiteral("connections (log scale)");
    a.log = true;
    const double lo = levels.isEmpty() ? 1 : levels.first();
    const double hi = levels.isEmpty() ? 10 : levels.last();
    a.lo = std::max(lo, 1.0) / 1.3;
    a.hi = std::max(hi, 1.0) * 1.3;
    for (int c : levels)
        a.ticks.append({double(c), QString::number(c)});
    return a;
}

svg::Axis valueAxis(const QString &title, double lo, double hi)
{
    svg::Axis a;
    a.title = title;
    a.lo = lo;
    a.hi = hi > lo ? hi : lo + 1;
    return a;
}

} // namespace

BoxFigures boxFigures(std::vector<double> values)
{
    if (values.empty())
        return {};
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    const size_t half = (n + 1) / 2; // the middle value belongs to both halves
    const std::vector<double> lower(values.begin(), values.begin() + qsizetype(half));
    const std::vector<double> upper(values.end() - qsizetype(half), values.end());
    return {values.front(), stats::median(lower), stats::median(values), stats::median(upper),
            values.back()};
}

QVector<PercentilePoint> percentileCurve(const Histogram &h, int perDecade)
{
    QVector<PercentilePoint> out;
    if (h.count() == 0)
        return out;
    perDecade = std::max(1, perDecade);
    const int steps = 5 * perDecade; // x from 10^0 to 10^5
    for (int i = 0; i <= steps; ++i) {
        const double x = std::pow(10.0, double(i) / perDecade);
        const double p = 100.0 * (1.0 - 1.0 / x);
        out.append(PercentilePoint{x, p, double(h.valueAtPercentile(p)) / 1000.0});
    }
    return out;
}

svg::Chart boxPlotChart(const RunReport &r, const QString &route, bool perCpuS)
{
    svg::Chart chart;
    chart.title = QStringLiteral("%1 across windows: %2").arg(metricTitle(perCpuS), route);
    chart.empty = QStringLiteral("no valid windows");
    const QList<int> levels = levelsOf(r, route);
    for (int c : levels)
        chart.categories << QStringLiteral("c=%1").arg(c);
    chart.x.title = QStringLiteral("concurrency");
    double lo = INFINITY;
    double hi = 0;
    for (qsizetype i = 0; i < r.configurations.size(); ++i) {
        svg::BoxSeries series{r.configurations[i], int(i), {}};
        for (int c : levels) {
            const CellReport *cell = r.cell(r.configurations[i], route, c);
            const std::vector<double> *values =
                cell ? (perCpuS ? &cell->perCpuS : &cell->okPerS) : nullptr;
            if (!values || values->empty()) {
                series.boxes.append(std::nullopt);
                continue;
            }
            const BoxFigures b = boxFigures(*values);
            series.boxes.append(b);
            lo = std::min(lo, b.min);
            hi = std::max(hi, b.max);
        }
        chart.boxes.append(series);
    }
    if (!std::isfinite(lo))
        lo = 0;
    const double pad = std::max((hi - lo) * 0.08, hi * 0.01);
    chart.y = valueAxis(metricTitle(perCpuS), std::max(0.0, lo - pad), hi + pad);
    return chart;
}

svg::Chart throughputChart(const RunReport &r, const QString &route, bool perCpuS)
{
    svg::Chart chart;
    chart.title = QStringLiteral("%1 against concurrency: %2").arg(metricTitle(perCpuS), route);
    chart.empty = QStringLiteral("no valid windows");
    const QList<int> levels = levelsOf(r, route);
    chart.x = concurrencyAxis(levels);
    double hi = 0;
    for (qsizetype i = 0; i < r.configurations.size(); ++i) {
        svg::Line line{r.configurations[i], int(i), svg::Dash::Solid, true, true, {}};
        for (int c : levels)
            if (const CellReport *cell = r.cell(r.configurations[i], route, c)) {
                const stats::Spread &v = perCpuS ? cell->figures.perCpuS : cell->figures.okPerS;
                if (v.n == 0)
                    continue;
                line.points.append({double(c), v.median});
                hi = std::max(hi, v.median);
            }
        chart.lines.append(line);
    }
    chart.y = valueAxis(QStringLiteral("%1 (median)").arg(metricTitle(perCpuS)), 0, hi * 1.1);
    return chart;
}

svg::Chart latencyChart(const RunReport &r, const QString &route)
{
    svg::Chart chart;
    chart.title = QStringLiteral("Latency against concurrency, median of windows: %1").arg(route);
    chart.empty = QStringLiteral("no valid windows");
    const QList<int> levels = levelsOf(r, route);
    chart.x = concurrencyAxis(levels);
    double hi = 0;
    double lo = INFINITY;
    for (qsizetype i = 0; i < r.configurations.size(); ++i) {
        const QString &name = r.configurations[i];
        svg::Line p50{name + QStringLiteral(" p50"), int(i), svg::Dash::Solid, true, true, {}};
        svg::Line p99{name + QStringLiteral(" p99"), int(i), svg::Dash::Dashed, true, true, {}};
        for (int c : levels)
            if (const CellReport *cell = r.cell(name, route, c)) {
                if (cell->figures.validWindows == 0)
                    continue;
                const double p50Ms = cell->figures.p50Us.median / 1000.0;
                const double p99Ms = cell->figures.p99Us.median / 1000.0;
                p50.points.append({double(c), p50Ms});
                p99.points.append({double(c), p99Ms});
                hi = std::max(hi, p99Ms);
                if (p50Ms > 0)
                    lo = std::min(lo, p50Ms);
            }
        chart.lines << p50 << p99;
    }
    // One slow tail would flatten every other line: a log scale once they span 20x.
    if (lo > 0 && std::isfinite(lo) && hi / lo > 20) {
        chart.y = valueAxis(QStringLiteral("ms (log scale)"), lo / 1.3, hi * 1.3);
        chart.y.log = true;
    } else {
        chart.y = valueAxis(QStringLiteral("ms"), 0, hi * 1.1);
    }
    return chart;
}

svg::Chart percentileChart(const RunReport &r, const QString &route)
{
    svg::Chart chart;
    chart.title = QStringLiteral("Latency by percentile, pooled: %1").arg(route);
    chart.empty = QStringLiteral("no latency histogram");
    chart.x = valueAxis(QStringLiteral("percentile (log scale of 1/(1-p))"), 0, 5);
    const char *labels[] = {"0%", "90%", "99%", "99.9%", "99.99%", "99.999%"};
    for (int i = 0; i < 6; ++i)
        chart.x.ticks.append({double(i), QString::fromLatin1(labels[i])});
    const QList<int> levels = levelsOf(r, route);
    double hi = 0;
    for (qsizetype i = 0; i < r.configurations.size(); ++i) {
        for (qsizetype li = 0; li < levels.size(); ++li) {
            const CellReport *cell = r.cell(r.configurations[i], route, levels[li]);
            Histogram h;
            if (!cell || cell->figures.pooledHistogram.empty() ||
                !h.decode(cell->figures.pooledHistogram))
                continue;
            svg::Line line{
                QStringLiteral("%1 c=%2").arg(r.configurations[i], QString::number(levels[li])),
                int(i),
                svg::dashOf(int(li)),
                false,
                true,
                {}};
            for (const PercentilePoint &p : percentileCurve(h)) {
                line.points.append({std::log10(p.x), p.latencyMs});
                hi = std::max(hi, p.latencyMs);
            }
            chart.lines.append(line);
        }
    }
    chart.y = valueAxis(QStringLiteral("latency, ms"), 0, hi * 1.05);
    return chart;
}

svg::Chart timelineChart(const RunReport &r, const QVector<store::WindowRecord> &windows,
                         const QString &route, int concurrency)
{
    svg::Chart chart;
    chart.title = QStringLiteral("2xx/s per interval of each window: %1 c=%2")
                      .arg(route, QString::number(concurrency));
    chart.empty = QStringLiteral("no valid window with intervals");
    double hiX = 0;
    double hiY = 0;
    QList<QString> named; // configurations that have their legend entry
    for (const store::WindowRecord &w : windows) {
        if (!w.valid || w.route != route || w.concurrency != concurrency || w.intervals.isEmpty())
            continue;
        const int colour = int(std::max<qsizetype>(0, r.configurations.indexOf(w.configuration)));
        // A window of a few intervals (1 s windows have one) is a few points: a line alone may
        // draw nothing.
        svg::Line line{w.configuration,
                       colour,
                       svg::Dash::Solid,
                       w.intervals.size() <= 10,
                       !named.contains(w.configuration),
                       {}};
        named << w.configuration;
        for (const store::IntervalRecord &i : w.intervals) {
            const double rate = intervalOkPerS(i);
            line.points.append({i.endS, rate});
            hiX = std::max(hiX, i.endS);
            hiY = std::max(hiY, rate);
        }
        chart.lines.append(line);
    }
    chart.x = valueAxis(QStringLiteral("seconds into the measured window"), 0, hiX);
    chart.y = valueAxis(QStringLiteral("2xx/s"), 0, hiY * 1.1);
    return chart;
}

QVector<svg::Chart> routeCharts(const RunReport &r, const QVector<store::WindowRecord> &windows,
                                const QString &route)
{
    QVector<svg::Chart> out{boxPlotChart(r, route, false), boxPlotChart(r, route, true),
                            throughputChart(r, route, false), latencyChart(r, route),
                            percentileChart(r, route)};
    const QList<int> levels = levelsOf(r, route);
    if (!windows.isEmpty() && !levels.isEmpty())
        out.append(timelineChart(r, windows, route, levels.last()));
    return out;
}

} // namespace sb::report
