#pragma once

// The same cells across runs: each run's cells against a baseline run's, for one metric, with
// the verdicts of stats/verdict.h, and a label when the runs differ in machine, kernel,
// Stackbench revision or plan. `--fail-if` conditions turn a comparison into a CI gate.
// Any thread.

#include "core/result.h"
#include "report/reportdocument.h"
#include "report/runreport.h"
#include "report/svgchart.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>

namespace sb::report {

// What is compared: "ok_per_s", "per_cpu_s" (higher is better), "p50", "p99" (lower is better).
bool isComparisonMetric(const QString &metric);

struct ComparedCell
{
    QString run;          // the candidate run's id
    QString baselineRun;  // the baseline run's id
    RatioReport ratio;    // configuration/route/concurrency of the cell; baseline = same config
    double errorRate = 0; // the candidate cell's (transport errors + non-2xx) / responses
    double p99Delta = 0;  // candidate median p99 / baseline median p99 - 1
    // The medians of the metric's window values the ratio divides (2xx/s, per CPU-second, or
    // microseconds for p50 and p99); 0 when a side has no valid window.
    double median = 0;
    double baselineMedian = 0;
};

// The machine drift between the baseline run and a candidate run, measured on the cells both
// share (stats::estimateDrift): cells inside its band are not called.
struct RunDrift
{
    QString run; // the candidate run's id
    stats::Drift drift;
};

struct RunComparison
{
    QString metric;
    QString baselineRun;
    QStringList runs; // every run's id, the baseline first
    double noiseFloor = -1;
    QString noiseFloorSource;
    QStringList differences;     // "run X ran on another machine (a vs b)", ...
    QVector<ComparedCell> cells; // per candidate run, in the baseline's cell order
    QStringList missing;         // cells of the baseline that a run does not have
    QVector<RunDrift> drifts;    // per candidate run, in order
};

struct RunCompareOptions
{
    QString metric = QStringLiteral("ok_per_s");
    double noiseFloor = -1;
    QString noiseFloorSource;
    uint64_t seed = 424242;
};

// Compares every run after the first against the first (the baseline): the same configuration,
// route and concurrency. The runs were measured at different times: each candidate run's cells
// are judged together (report::compareCellPairs, unpaired) and only outside the drift its shared
// cells show. Errors: "compare.metric" (unknown metric), "compare.runs" (fewer than
// two reports).
sb::Result<RunComparison> compareRuns(const QVector<RunReport> &reports,
                                      const RunCompareOptions &options);

// The noise floor an A/A run measured: the largest |ratio - 1| of any ratio (2xx/s and per
// CPU-second) between its two arms. Errors: "compare.noise-floor" when the run does not have
// exactly two configurations or no ratio could be computed.
sb::Result<double> noiseFloorOf(const RunReport &aaRun);

// --fail-if: conditions joined by "," (any that holds fails), each NAME OP NUMBER with NAME one
// of ratio, p99_delta, error_rate and OP one of < <= > >=, e.g. "ratio<0.95,error_rate>0.01".
struct FailCondition
{
    QString name;
    QString op;
    double value = 0;
    QString text; // as written
};
sb::Result<QVector<FailCondition>> parseFailIf(const QString &text);
// The cells for which any condition holds, one line each ("python /health c=10: ratio 0.91 <
// 0.95").
QStringList failingCells(const RunComparison &comparison, const QVector<FailCondition> &conditions);

QJsonObject comparisonJson(const RunComparison &comparison);
// One sentence on the drift between the baseline run and a candidate run: how much, from how
// many shared cells, and which ratios it keeps from being called (or that it could not be
// measured, so nothing is called).
QString driftSentence(const RunDrift &drift);

// What a metric is, for a heading or an axis: "2xx/s", "2xx per CPU-second", "p50 latency",
// "p99 latency".
QString comparisonMetricTitle(const QString &metric);

// The comparison as a document (report/reportdocument.h), rendered as Markdown by
// comparisonMarkdown and as HTML by report/reporthtml.h's comparisonHtml: a heading at
// `headingLevel` (1 for a document of its own) naming the baseline run and the metric, the noise
// floor, what is not like for like, each run's drift, then per route (a heading one level down)
// a table of its compared cells (run, configuration, concurrency, both medians, the ratio with
// its 95 % interval, p, verdict, noise floor, note) closed by a Charts block keyed by the route
// and metric (comparisonChartsKey), and the baseline's cells a run lacks. Texts raw: each renderer
// escapes.
Document comparisonDocument(const RunComparison &comparison, int headingLevel = 1);
QString comparisonMarkdown(const RunComparison &comparison); // markdownOf(comparisonDocument())

// The Charts block's key of `route` in a comparison document of `metric`, and both back from
// one (false when `key` is not a comparison's).
QString comparisonChartsKey(const QString &metric, const QString &route);
bool isComparisonChartsKey(const QString &key, QString *metric, QString *route);

// The ratios of `route`'s compared cells as a chart: per concurrency (a category each) a bar per
// candidate run and configuration at its ratio, its whiskers the 95 % interval (none when the
// windows support none), and a line at 1 (the baseline). Colours by the configuration's position
// among the comparison's; a cell with no ratio draws nothing.
svg::Chart comparisonRatioChart(const RunComparison &comparison, const QString &route);

} // namespace sb::report
