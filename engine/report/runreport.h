#pragma once

// The summary of one stored run: every cell's figures, ratios against a baseline configuration
// with verdicts, where the ceiling is, and what the gates caught. Built from the store's records;
// rendered by report/markdown.h, report/csvreport.h and report/jsonreport.h. Any thread (the
// store itself must be read on its own thread).

#include "core/result.h"
#include "report/loadhosts.h"
#include "report/runsetup.h"
#include "report/treeage.h"
#include "stats/ceiling.h"
#include "stats/cell.h"
#include "stats/verdict.h"
#include "store/records.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

namespace sb::store {
class RunStore;
}

namespace sb::report {

struct ReportOptions
{
    QString baseline;         // configuration the others are compared with; empty = the first
    double noiseFloor = -1;   // |ratio - 1| the harness produces itself (0.03 = 3 %); < 0 none
    QString noiseFloorSource; // where the floor came from ("A/A run 20261201-...")
    uint64_t seed = 424242;   // seed for statistics that draw (none draws today)
    bool ratios = true;       // compute ratios against the baseline (compare needs none)
};

// One cell: (configuration, route, concurrency).
struct CellReport
{
    QString configuration;
    QString route;
    int concurrency = 0;
    stats::CellFigures figures;      // over the valid windows
    std::vector<double> okPerS;      // per valid window, in stored order
    std::vector<double> perCpuS;     // per valid window
    std::vector<double> p50Us;       // per valid window, the window's own p50
    std::vector<double> p99Us;       // per valid window, the window's own p99
    std::vector<int> rounds;         // per valid window, its 0-based round (pairs the verdicts)
    QString bound;                   // the bound most valid windows had ("server", ...), "" if none
    QString boundBecause;            // the figures that decided it: the window with that bound
                                     // nearest the cell's median
    QMap<QString, int> windowBounds; // bound -> valid windows
    stats::CpuShares shares;         // where the machine's CPU went, in boundBecause's window
    TreeAge treeAge; // the server tree's age at the valid windows (report/treeage.h)
    // Where its load came from when the plan's "load" named hosts: each host's generator over
    // the valid windows (report/loadhosts.h); empty = this machine's load engine.
    QVector<CellLoadHost> loadHosts;
};

// A ratio of one configuration's cell to the baseline's, for one metric.
struct RatioReport
{
    QString configuration;
    QString baseline;
    QString route;
    int concurrency = 0;
    QString metric; // "ok_per_s" or "per_cpu_s"
    stats::Comparison comparison;
};

struct SaturationReport
{
    QString configuration;
    QString route;
    stats::Saturation saturation;
    // The bound of the highest concurrency level measured (CellReport::bound, "" if none) and
    // its sentence: where the ceiling is once throughput stopped growing.
    int topConcurrency = 0;
    QString topBound;
    QString topBoundBecause;
};

struct RunReport
{
    store::RunRecord run;
    QString planName;                      // the run's plan name (RunRecord::planName)
    QStringList configurations;            // in plan order
    QStringList routes;                    // in plan order
    QList<int> concurrency;                // ascending
    int machineCores = 0;                  // from the environment record
    QHash<QString, int> serverCpus;        // configuration -> its CPU count (pinned ones only)
    ReportOptions options;                 // as used (baseline filled in)
    QVector<CellReport> cells;             // routes, then concurrency, then configurations
    QVector<RatioReport> ratios;           // per non-baseline configuration, cell and metric
    QVector<SaturationReport> saturations; // per configuration and route
    int validWindows = 0;
    int invalidWindows = 0;
    QMap<QString, int> invalidByGate; // gate -> invalid attempts
    qint64 checkpointsInWindows = 0;  // database checkpoints inside measured windows, all attempts
    QMap<QString, int> events;        // event kind -> count
    bool aa = false;                  // an A/A run: two arms of one configuration
    bool openLoop = false; // its windows were an open loop (a fixed rate: "rate" of the profile)
    double measuredFloor = -1; // aa: the largest |ratio - 1| between the arms, any cell
    QMap<QString, double> measuredFloorByRoute; // aa: the same per route
    QStringList blocked;                        // "configuration-blocked" event details
    QStringList warnings;                       // "warning" event details
    QStringList failures;                       // "run-failed" event details (why it failed)
    RunSetup setup; // machine, configurations as started, gate settings (report/runsetup.h)
    // Every start of a server tree that became ready (cold start), in stored order; filled by
    // loadRunReport() (buildRunReport() leaves it empty: the caller may fill it).
    QVector<store::ServerStartRecord> starts;
    // The run's CPU profiles with their folded stacks, in stored order; filled by
    // loadRunReport() (report/profilereport.h: loadProfiles) like `starts`.
    QVector<store::ProfileRecord> profiles;

    const CellReport *cell(const QString &configuration, const QString &route,
                           int concurrency) const;
    // Some cell's load came from other hosts (CellReport::loadHosts).
    bool loadFromHosts() const;
};

// Builds the report from records already read (windows with samples for the CPU shares); the
// configurations give each configuration's CPU count (ConfigurationRecord::cpuCount) and what
// the Setup section says of it (ConfigurationRecord::info).
RunReport buildRunReport(const store::RunRecord &run,
                         const QVector<store::ConfigurationRecord> &configurations,
                         const QVector<store::WindowRecord> &windows,
                         const QVector<store::EventRecord> &events, const ReportOptions &options);
// The same for a caller without the configuration records: their CPU counts are read from the
// stored plan text as the store derives them for runs stored before the typed column
// (store/planoutline.h), and the Setup section has no command, CPU set or version of them.
// Prefer the overload above.
RunReport buildRunReport(const store::RunRecord &run, const QVector<store::WindowRecord> &windows,
                         const QVector<store::EventRecord> &events, const ReportOptions &options);

// Reads the run from the store and builds its report; `windows`, when given, receives the
// windows read (with their samples), for callers that need them beside the report. Errors: the
// store's ("store.not-found", "store.read"), "report.baseline" (no such configuration in the
// run).
sb::Result<RunReport> loadRunReport(const store::RunStore &store, const QString &runId,
                                    ReportOptions options = {},
                                    QVector<store::WindowRecord> *windows = nullptr);

} // namespace sb::report
