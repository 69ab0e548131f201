#include "report/comparison.h"

#include "core/qterror.h"
#include "report/cellcomparison.h"
#include "report/palette.h"
#include "report/reportjson.h"
#include "report/reportmarkdown.h"
#include "stats/summary.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace sb::report {

bool isComparisonMetric(const QString &metric)
{
    static const QStringList metrics{QStringLiteral("ok_per_s"), QStringLiteral("per_cpu_s"),
                                     QStringLiteral("p50"), QStringLiteral("p99")};
    return metrics.contains(metric);
}

namespace {

// Labels for what differs between the baseline run and another: results from another machine,
// kernel, Stackbench build or plan are not like for like.
QStringList differencesOf(const RunReport &base, const RunReport &other)
{
    static const std::pair<const char *, const char *> keys[] = {
        {"hostname", "another machine"},
        {"cpu_model", "another CPU"},
        {"kernel", "another kernel"},
        {"git_revision", "another Stackbench revision"},
        {"plan_sha256", "another plan"}};
    QStringList out;
    for (const auto &[key, what] : keys) {
        const QString a = base.run.environment.value(QLatin1String(key)).toVariant().toString();
        const QString b = other.run.environment.value(QLatin1String(key)).toVariant().toString();
        if (a != b)
            out << QStringLiteral("run %1 ran on %2 (%3: %4 vs %5)")
                       .arg(other.run.id, QLatin1String(what), QLatin1String(key),
                            b.isEmpty() ? QStringLiteral("?") : b.left(24),
                            a.isEmpty() ? QStringLiteral("?") : a.left(24));
    }
    return out;
}

} // namespace

sb::Result<RunComparison> compareRuns(const QVector<RunReport> &reports,
                                      const RunCompareOptions &options)
{
    if (!isComparisonMetric(options.metric))
        return sb::qtError(QStringLiteral("compare.metric"), QString(),
                           QStringLiteral("unknown metric '%1'; use ok_per_s, per_cpu_s, p50 or "
                                          "p99")
                               .arg(options.metric));
    if (reports.size() < 2)
        return sb::qtError(QStringLiteral("compare.runs"), QString(),
                           QStringLiteral("give at least two runs to compare"));
    const RunReport &base = reports.first();
    RunComparison c;
    c.metric = options.metric;
    c.baselineRun = base.run.id;
    for (const RunReport &r : reports)
        c.runs << r.run.id;
    c.noiseFloor = options.noiseFloor;
    c.noiseFloorSource = options.noiseFloorSource;
    ReportOptions ro;
    ro.noiseFloor = options.noiseFloor;
    ro.seed = options.seed;
    const bool higher = higherIsBetter(options.metric);
    for (qsizetype i = 1; i < reports.size(); ++i) {
        const RunReport &other = reports[i];
        c.differences << differencesOf(base, other);
        std::vector<stats::CellPair> pairs;
        std::vector<double> ratios; // each shared cell's median ratio: the drift's evidence
        QVector<ComparedCell> cells;
        for (const CellReport &b : base.cells) {
            const CellReport *cell = other.cell(b.configuration, b.route, b.concurrency);
            if (!cell) {
                c.missing << QStringLiteral("run %1 has no cell %2 %3 c=%4")
                                 .arg(other.run.id, b.configuration, b.route,
                                      QString::number(b.concurrency));
                continue;
            }
            stats::CellPair pair{cellWindows(*cell, options.metric),
                                 cellWindows(b, options.metric)};
            pair.candidate.rounds.clear(); // rounds of two runs are not the same moments
            pair.baseline.rounds.clear();
            const double mb = stats::median(pair.baseline.values);
            const double mc = stats::median(pair.candidate.values);
            if (mb > 0 && !pair.candidate.values.empty())
                ratios.push_back(mc / mb);
            pairs.push_back(std::move(pair));
            ComparedCell cc;
            cc.median = mc;
            cc.baselineMedian = mb;
            cc.run = other.run.id;
            cc.baselineRun = base.run.id;
            cc.ratio = RatioReport{b.configuration, b.configuration, b.route,
                                   b.concurrency,   options.metric,  {}};
            cc.errorRate = cell->figures.errorRate();
            cc.p99Delta = b.figures.p99Us.median > 0
                              ? cell->figures.p99Us.median / b.figures.p99Us.median - 1
                              : 0;
            cells.append(cc);
        }
        const stats::Drift drift = stats::estimateDrift(ratios);
        c.drifts.append({other.run.id, drift});
        const std::vector<stats::Comparison> verdicts = compareCellPairs(pairs, ro, higher, &drift);
        for (qsizetype k = 0; k < cells.size(); ++k) {
            cells[k].ratio.comparison = verdicts[size_t(k)];
            c.cells.append(cells[k]);
        }
    }
    return c;
}

sb::Result<double> noiseFloorOf(const RunReport &aaRun)
{
    if (aaRun.configurations.size() != 2)
        return sb::qtError(QStringLiteral("compare.noise-floor"), aaRun.run.id,
                           QStringLiteral("an A/A run has two arms; this run has %1 "
                                          "configurations")
                               .arg(aaRun.configurations.size()));
    double floor = -1;
    for (const RatioReport &r : aaRun.ratios)
        if (r.comparison.verdict != stats::Verdict::NotEnoughWindows && r.comparison.ratio > 0)
            floor = std::max(floor, std::fabs(r.comparison.ratio - 1));
    if (floor < 0)
        return sb::qtError(QStringLiteral("compare.noise-floor"), aaRun.run.id,
                           QStringLiteral("no cell of the A/A run has 2 valid windows per arm"));
    return floor;
}

sb::Result<QVector<FailCondition>> parseFailIf(const QString &text)
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*(ratio|p99_delta|error_rate)\\s*(<=|>=|<|>)\\s*(-?[0-9]*\\.?[0-9]+(?:["
                       "eE][-+]?[0-9]+)?)\\s*$"));
    QVector<FailCondition> out;
    for (const QString &part : text.split(QLatin1Char(','))) {
        const QRegularExpressionMatch m = re.match(part);
        if (!m.hasMatch())
            return sb::qtError(QStringLiteral("compare.fail-if"), QString(),
                               QStringLiteral("'%1' is not a condition like ratio<0.95, "
                                              "p99_delta>0.10 or error_rate>0.01")
                                   .arg(part.trimmed()));
        out.append({m.captured(1), m.captured(2), m.captured(3).toDouble(), part.trimmed()});
    }
    return out;
}

QStringList failingCells(const RunComparison &comparison, const QVector<FailCondition> &conditions)
{
    QStringList out;
    for (const ComparedCell &cell : comparison.cells) {
        for (const FailCondition &f : conditions) {
            double v = cell.ratio.comparison.ratio;
            if (f.name == QLatin1String("p99_delta"))
                v = cell.p99Delta;
            else if (f.name == QLatin1String("error_rate"))
                v = cell.errorRate;
            const bool holds = f.op == QLatin1String("<")    ? v < f.value
                               : f.op == QLatin1String("<=") ? v <= f.value
                               : f.op == QLatin1String(">")  ? v > f.value
                                                             : v >= f.value;
            if (holds)
                out << QStringLiteral("run %1 %2 %3 c=%4: %5 %6 %7 %8")
                           .arg(cell.run, cell.ratio.configuration, cell.ratio.route,
                                QString::number(cell.ratio.concurrency), f.name,
                                QString::number(v, 'g', 4), f.op, QString::number(f.value, 'g', 6));
        }
    }
    return out;
}

QJsonObject comparisonJson(const RunComparison &c)
{
    QJsonArray ratios;
    for (const ComparedCell &cell : c.cells) {
        QJsonObject o = ratioJson(cell.ratio);
        o.insert(QStringLiteral("run"), cell.run);
        o.insert(QStringLiteral("baseline_run"), cell.baselineRun);
        o.insert(QStringLiteral("p99_delta"), cell.p99Delta);
        o.insert(QStringLiteral("error_rate"), cell.errorRate);
        ratios.append(o);
    }
    QJsonArray drifts;
    for (const RunDrift &d : c.drifts)
        drifts.append(QJsonObject{{QStringLiteral("run"), d.run},
                                  {QStringLiteral("measurable"), d.drift.measurable},
                                  {QStringLiteral("cells"), d.drift.cells},
                                  {QStringLiteral("shift"), d.drift.shift},
                                  {QStringLiteral("spread"), d.drift.spread},
                                  {QStringLiteral("low"), d.drift.low},
                                  {QStringLiteral("high"), d.drift.high}});
    return QJsonObject{{QStringLiteral("schema"), QStringLiteral("stackbench-compare")},
                       {QStringLiteral("version"), 1},
                       {QStringLiteral("metric"), c.metric},
                       {QStringLiteral("baseline_run"), c.baselineRun},
                       {QStringLiteral("noise_floor"),
                        c.noiseFloor >= 0 ? QJsonValue(c.noiseFloor) : QJsonValue()},
                       {QStringLiteral("noise_floor_source"), c.noiseFloorSource},
                       {QStringLiteral("differences"), QJsonArray::fromStringList(c.differences)},
                       {QStringLiteral("missing"), QJsonArray::fromStringList(c.missing)},
                       {QStringLiteral("drift"), drifts},
                       {QStringLiteral("ratios"), ratios}};
}

QString driftSentence(const RunDrift &x)
{
    const stats::Drift &d = x.drift;
    if (!d.measurable)
        return QStringLiteral("Run %1 and the baseline run were measured at different times and "
                              "share %2 cells with a ratio: at least %3 are needed to measure "
                              "the drift between them, so no cell is called.")
            .arg(x.run)
            .arg(d.cells)
            .arg(stats::kMinDriftCells);
    return QStringLiteral("Run %1 was measured at another time than the baseline run: its %2 "
                          "shared cells read %3 of the baseline's (spread %4), so ratios "
                          "between %5 and %6 are machine drift and not called.")
        .arg(x.run)
        .arg(d.cells)
        .arg(formatRatio(d.shift), formatPercent(d.spread), formatRatio(d.low),
             formatRatio(d.high));
}

QString comparisonMetricTitle(const QString &metric)
{
    if (metric == QLatin1String("ok_per_s"))
        return QStringLiteral("2xx/s");
    if (metric == QLatin1String("per_cpu_s"))
        return QStringLiteral("2xx per CPU-second");
    if (metric == QLatin1String("p50") || metric == QLatin1String("p99"))
        return metric + QStringLiteral(" latency");
    return metric;
}

namespace {

// A median of the metric's window values as the run report writes that figure.
QString metricMedianText(const QString &metric, double value, bool measured)
{
    if (!measured)
        return notMeasured();
    if (metric == QLatin1String("p50") || metric == QLatin1String("p99"))
        return formatMs(value);
    return formatNumber(value, metric == QLatin1String("per_cpu_s") ? 0 : 1);
}

// The routes of the compared cells, in the baseline's order.
QStringList routesOf(const RunComparison &c)
{
    QStringList out;
    for (const ComparedCell &cell : c.cells)
        if (!out.contains(cell.ratio.route))
            out << cell.ratio.route;
    return out;
}

Table cellTable(const RunComparison &c, const QString &route)
{
    Table t;
    for (const char *h : {"run", "configuration", "c", "baseline median", "median",
                          "ratio [95 % CI]", "p", "verdict", "noise floor", "note"})
        t.header << Inline(QString::fromLatin1(h));
    t.align = {Align::Left,  Align::Left,  Align::Right, Align::Right, Align::Right,
               Align::Right, Align::Right, Align::Left,  Align::Right, Align::Left};
    for (const ComparedCell &cell : c.cells) {
        if (cell.ratio.route != route)
            continue;
        const stats::Comparison &s = cell.ratio.comparison;
        const bool tested = s.verdict != stats::Verdict::NotEnoughWindows;
        t.rows.append({cell.run, cell.ratio.configuration, QString::number(cell.ratio.concurrency),
                       metricMedianText(c.metric, cell.baselineMedian, s.baselineWindows > 0),
                       metricMedianText(c.metric, cell.median, s.candidateWindows > 0),
                       ratioText(s),
                       tested ? QString::number(s.pValue, 'f', 3) : QStringLiteral("-"),
                       QString::fromLatin1(stats::verdictText(s.verdict)),
                       s.noiseFloor >= 0 ? formatPercent(s.noiseFloor) : QStringLiteral("-"),
                       QString::fromStdString(s.note)});
    }
    return t;
}

} // namespace

Document comparisonDocument(const RunComparison &c, int headingLevel)
{
    Document d;
    d.heading(headingLevel, Inline(QStringLiteral("Comparison against run %1: %2 (")
                                       .arg(c.baselineRun, comparisonMetricTitle(c.metric)))
                                << code(c.metric) << QStringLiteral(")"));
    d.paragraph(c.noiseFloor >= 0 ? QStringLiteral("Noise floor: %1 (%2).")
                                        .arg(formatPercent(c.noiseFloor), c.noiseFloorSource)
                                  : QStringLiteral("No noise floor given (--noise-floor RUN of "
                                                   "an A/A run)."));
    for (const QString &difference : c.differences)
        d.item(Inline(strong(QStringLiteral("Not like for like")))
               << QStringLiteral(": ") << difference);
    for (const RunDrift &x : c.drifts)
        d.item(driftSentence(x));
    for (const QString &route : routesOf(c)) {
        d.heading(headingLevel + 1, Inline(QStringLiteral("Route ")) << code(route));
        d.table(cellTable(c, route));
        d.charts(comparisonChartsKey(c.metric, route));
    }
    for (const QString &m : c.missing)
        d.item(m);
    return d;
}

QString comparisonMarkdown(const RunComparison &c)
{
    return markdownOf(comparisonDocument(c));
}

QString comparisonChartsKey(const QString &metric, const QString &route)
{
    // Control characters do not occur in metric keys or in the names of a plan's routes.
    return QStringLiteral("\x1f"
                          "comparison\x1f") +
           metric + QLatin1Char('\x1f') + route;
}

bool isComparisonChartsKey(const QString &key, QString *metric, QString *route)
{
    static const QString prefix = QStringLiteral("\x1f"
                                                 "comparison\x1f");
    const qsizetype end = key.indexOf(QLatin1Char('\x1f'), prefix.size());
    if (!key.startsWith(prefix) || end < 0)
        return false;
    *metric = key.mid(prefix.size(), end - prefix.size());
    *route = key.mid(end + 1);
    return true;
}

svg::Chart comparisonRatioChart(const RunComparison &c, const QString &route)
{
    svg::Chart chart;
    chart.title = QStringLiteral("Ratio to run %1, %2: %3")
                      .arg(c.baselineRun, comparisonMetricTitle(c.metric), route);
    chart.y.title = QStringLiteral("ratio (whiskers: 95 % interval)");
    chart.empty = QStringLiteral("no ratio could be computed");
    QList<int> levels;
    QStringList configurations;
    QStringList series; // "run configuration", in order of first appearance
    for (const ComparedCell &cell : c.cells) {
        if (cell.ratio.route != route)
            continue;
        if (!levels.contains(cell.ratio.concurrency))
            levels << cell.ratio.concurrency;
        if (!configurations.contains(cell.ratio.configuration))
            configurations << cell.ratio.configuration;
        const QString key = cell.run + QLatin1Char('\n') + cell.ratio.configuration;
        if (!series.contains(key))
            series << key;
    }
    std::sort(levels.begin(), levels.end());
    // A configuration's runs side by side, in its colour: the legend reads in the same order.
    std::stable_sort(series.begin(), series.end(), [&](const QString &a, const QString &b) {
        return configurations.indexOf(a.section(QLatin1Char('\n'), 1)) <
               configurations.indexOf(b.section(QLatin1Char('\n'), 1));
    });
    for (int level : levels)
        chart.categories << QStringLiteral("c=%1").arg(level);
    double lo = 1;
    double hi = 1;
    const bool manyRuns = c.runs.size() > 2;
    for (const QString &key : series) {
        const QString run = key.section(QLatin1Char('\n'), 0, 0);
        const QString configuration = key.section(QLatin1Char('\n'), 1);
        svg::BoxSeries b;
        b.name = manyRuns ? QStringLiteral("%1 (run %2)").arg(configuration, run) : configuration;
        b.colour = int(configurations.indexOf(configuration));
        b.boxes.resize(levels.size());
        for (const ComparedCell &cell : c.cells) {
            const stats::Comparison &s = cell.ratio.comparison;
            if (cell.ratio.route != route || cell.run != run ||
                cell.ratio.configuration != configuration || !(s.ratio > 0) ||
                !std::isfinite(s.ratio))
                continue;
            const bool interval = s.low > 0 && s.high >= s.low && std::isfinite(s.high);
            svg::Box box{interval ? s.low : s.ratio, s.ratio, s.ratio, s.ratio,
                         interval ? s.high : s.ratio};
            b.boxes[levels.indexOf(cell.ratio.concurrency)] = box;
            lo = std::min(lo, box.min);
            hi = std::max(hi, box.max);
        }
        chart.boxes.append(b);
    }
    const double pad = std::max((hi - lo) * 0.08, 0.02);
    chart.y.lo = std::max(0.0, lo - pad);
    chart.y.hi = hi + pad;
    svg::Line baseline;
    baseline.name = QStringLiteral("1 = the baseline run");
    baseline.colour = int(kConfigurationColours.size()) - 1; // the palette's grey
    baseline.dash = svg::Dash::Dashed;
    baseline.points = {{-0.5, 1.0}, {double(levels.size()) - 0.5, 1.0}};
    if (!levels.isEmpty())
        chart.lines.append(baseline);
    return chart;
}

} // namespace sb::report
