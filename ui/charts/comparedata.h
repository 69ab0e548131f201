#pragma once

// What the Compare page, its charts and the HTML report draw: the stored runs' reports (the
// engine's own figures, report::loadRunReport), the comparisons `stackbench compare` prints
// (report::compareRuns, for 2xx/s and per CPU-second), and each window's measured intervals for
// the timelines. Plain values: built on a worker thread with its own store, handed to the GUI
// thread queued. Nothing here recomputes a figure of the engine.

#include "core/result.h"
#include "report/comparison.h"
#include "report/runreport.h"

#include <QMetaType>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QVector>

namespace sb::store {
class RunStore;
}

namespace sb::charts {

// Which per-window throughput figure a chart or a table shows.
enum class Metric
{
    OkPerS,  // 2xx per second
    PerCpuS, // 2xx per server CPU-second
};
// "ok_per_s" / "per_cpu_s", as report::compareRuns names them.
QString metricKey(Metric metric);

// The measured intervals of one stored window, for the per-window timelines.
struct WindowTimeline
{
    QString runId;
    QString configuration;
    QString route;
    int concurrency = 0;
    int round = 0;   // 0-based
    int attempt = 0; // 0-based
    bool valid = false;
    QVector<QPointF> okPerS; // (interval end, seconds since the measured window began; 2xx/s)
    QVector<QPointF> p99Ms;  // (interval end, s; the interval's p99, milliseconds)
};

// The timelines of `windows` (read with their intervals), in stored order.
QVector<WindowTimeline> timelinesOf(const QVector<store::WindowRecord> &windows);

// The runs a chart draws: the first is the baseline. A series of a chart is one configuration of
// one run; its colour is palette::configurationInRun(colourIndex(configuration), run).
struct ChartSource
{
    QVector<report::RunReport> runs;
    QVector<WindowTimeline> timelines;

    // Every configuration of the runs, in the baseline's plan order, then first seen.
    QStringList configurations() const;
    int colourIndex(const QString &configuration) const;
    // Every route, in the same order.
    QStringList routes() const;
    // "target-a" for one run; "target-a @ 8061" (the run id's random suffix; the whole id when
    // two runs share it) for more.
    QString seriesName(int run, const QString &configuration) const;
};

// A comparison to load: two or more runs (the first is the baseline; compared cell by cell as
// `stackbench compare` does), or one run (its configurations against `baselineConfiguration`, as
// `stackbench report --baseline` does).
struct CompareRequest
{
    quint64 id = 0;                // echoed in the result; the page drops results of older ids
    QString storeLocation;         // empty = the default store
    QStringList runIds;            // at least one; baseline first
    QString baselineConfiguration; // one run: the configuration the others are compared with
    QString noiseFloorRun;         // an A/A run whose arms give the noise floor; empty = none
    bool timelines = true;         // also read each window's intervals
};

struct CompareResult
{
    quint64 id = 0;
    QString error;                 // why nothing could be loaded (empty: loaded)
    bool multiRun = false;         // runs against a baseline run (else configurations of one run)
    ChartSource source;            // reports, baseline first, and timelines
    report::RunComparison okPerS;  // multiRun: compareRuns(..., "ok_per_s")
    report::RunComparison perCpuS; // multiRun: compareRuns(..., "per_cpu_s")
    double noiseFloor = -1;        // |ratio - 1|; < 0 unknown
    QString noiseFloorSource;      // "A/A run 20261201-..." as the command line says it
    double loadMs = 0;             // time spent reading and comparing
};

// Reads and compares as the request says. Opens its own read-only stores (one per run, each
// read on a thread of its own) and closes them before returning, so it may run on any thread.
// Errors go to result.error, naming the run or the store.
CompareResult loadComparison(const CompareRequest &request);

// One run's report as `stackbench report` builds it, with its windows' timelines: the records
// report::loadRunReport reads (read once for both), built by report::buildRunReport as it
// builds them, with its errors. Without timelines, loadRunReport itself. Store's thread.
struct RunData
{
    report::RunReport report;
    QVector<WindowTimeline> timelines;
};
sb::Result<RunData> loadRunData(const store::RunStore &store, const QString &runId,
                                const report::ReportOptions &options, bool timelines = true);

} // namespace sb::charts

Q_DECLARE_METATYPE(sb::charts::CompareResult)
