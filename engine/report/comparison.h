#pragma once

// The same cells across runs: each run's cells against a baseline run's, for one metric, with
// the verdicts of stats/verdict.h, and a label when the runs differ in machine, kernel,
// Stackbench revision or plan. `--fail-if` conditions turn a comparison into a CI gate.
// Any thread.

#include "core/result.h"
#include "report/runreport.h"

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
QString comparisonMarkdown(const RunComparison &comparison);

} // namespace sb::report
