#pragma once

// Value types the run store saves and loads. Plain data, copyable, no behaviour; any thread may
// hold them. Secrets never reach these records: the caller redacts plan text, environments and
// command lines before handing them over; the store saves exactly what it is given.

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QLatin1String>
#include <QString>
#include <QStringList>
#include <QVector>

namespace sb::store {

// Run status values (RunRecord::status).
inline constexpr QLatin1String kStatusRunning{"running"};         // a runner is (or was) writing
inline constexpr QLatin1String kStatusFinished{"finished"};       // every cell done
inline constexpr QLatin1String kStatusFailed{"failed"};           // stopped by an error
inline constexpr QLatin1String kStatusInterrupted{"interrupted"}; // stopped by the user or a kill
inline constexpr QLatin1String kStatusIncomplete{"incomplete"}; // ended with cells still to measure

// Why a window is invalid (WindowRecord::invalidKind): the gate that failed first, in the
// runner's order, or the step of the window that failed. Stored as a typed column, never guessed
// from the reason's text.
inline constexpr QLatin1String kInvalidServer{"server"};            // the server tree died
inline constexpr QLatin1String kInvalidSleep{"sleep"};              // a sleep/suspend gap
inline constexpr QLatin1String kInvalidCheckpoint{"checkpoint"};    // a checkpoint inside
inline constexpr QLatin1String kInvalidForeignCpu{"foreign_cpu"};   // mean foreign CPU gate
inline constexpr QLatin1String kInvalidForeignPeak{"foreign_peak"}; // peak foreign CPU gate
inline constexpr QLatin1String kInvalidErrors{"errors"};            // transport errors, statuses
inline constexpr QLatin1String kInvalidWarmup{"warmup"};            // the warm-up failed
inline constexpr QLatin1String kInvalidHook{"hook"};                // a window hook failed
inline constexpr QLatin1String kInvalidStart{"start"};              // the load could not start
inline constexpr QLatin1String kInvalidCancelled{"cancelled"};      // stopped by the user
inline constexpr QLatin1String kInvalidOther{"other"};              // anything else
// A load host's part of the window failed (its agent died, the link was cut): measured again.
inline constexpr QLatin1String kInvalidLoadHost{"load_host"};
// A load host could not be reached (ssh, login, host key, agent missing or of another version):
// the run stops on it, naming the host and the fix.
inline constexpr QLatin1String kInvalidLoadHostSetup{"load_host_setup"};
// A load host's generator was saturated (its client-bound gate): measured again.
inline constexpr QLatin1String kInvalidClientBound{"client_bound"};

// One execution of a plan with a profile.
struct RunRecord
{
    QString id;       // sortable + random suffix, e.g. "20261130-091500-3f2a" (RunStore::newRunId)
    QString planPath; // the plan file as given by the user
    QString planName; // the plan's "name" (a typed column; read from planText for older runs)
    QByteArray planText;   // the plan's text, already redacted by the caller
    QByteArray planSha256; // SHA-256 of the plan file as read (bytes as given; raw or hex)
    QString profile;       // "quick", "full", ...
    QStringList only;      // configuration filter given on the command line; empty = all
    QStringList routes;    // route filter; empty = all
    QDateTime startedAt;   // when the run began (stored in UTC, millisecond precision)
    QDateTime finishedAt;  // when it ended; invalid while running
    QString status;        // one of the kStatus* values above
    QJsonObject
        environment;        // machine, kernel, CPU, governor, somaxconn, versions, git revision ...
    QJsonObject fileHashes; // file path -> SHA-256 (hex) of files the plan refers to
    qint64 runnerPid = 0;   // process id of the stackbench process that is (or was) running it;
                            // 0 = not recorded (runs stored before schema version 2)
    QString runnerHost;     // host name of that process's machine
    QString runnerStart;    // that process's identity beside its pid: "<boot id>:<start ticks>"
                            // (createRun() stores these three; RunStore::setRunner() updates them)

    // Filled by RunStore::run() and RunStore::runs(); ignored by createRun().
    qint64 windowCount = 0;      // stored windows of this run, valid or not
    qint64 validWindowCount = 0; // stored windows that passed every gate
};

// One configuration of a run: what was started and what it reported.
struct ConfigurationRecord
{
    QString runId;    // the run
    QString name;     // the configuration's name in the plan
    QJsonObject info; // command, cwd, redacted environment, versions read back, ...
    int cpuCount = 0; // CPUs in the configuration's "cpus" set; 0 = not pinned (typed column)
};

// One interval of a window's timeline (the sampler reads once per interval).
struct IntervalRecord
{
    int index = 0;           // 0-based interval number inside the measured window
    double startS = 0;       // interval start, seconds since the measured window began
    double endS = 0;         // interval end, seconds since the measured window began
    qint64 requests = 0;     // responses completed in the interval
    qint64 ok = 0;           // 2xx responses completed in the interval
    qint64 errors = 0;       // transport errors + responses with a status other than the route's
    double okPerS = 0;       // ok / (endS - startS), responses per second
    qint64 p50Us = 0;        // median latency of the interval, microseconds
    qint64 p90Us = 0;        // 90th percentile latency of the interval, microseconds
    qint64 p99Us = 0;        // 99th percentile latency of the interval, microseconds
    qint64 maxUs = 0;        // largest latency of the interval, microseconds
    double serverCores = 0;  // server tree CPU / wall time in the interval; 1.0 = one core
    double foreignPct = 0;   // foreign CPU in the interval, percent of one core (450 = 4.5 cores)
    double excludedPct = 0;  // CPU of excluded processes (database backends), percent of one core
    double generatorPct = 0; // CPU of the load engine, percent of one core
    qint64 rssBytes = 0; // server tree resident set at interval end, bytes (double-counts shared)
    qint64 pssBytes = 0; // server tree proportional set at interval end, bytes
};

// One raw sampler reading inside a window, for series that do not fit IntervalRecord
// (per-process CPU, a database's counters, ...).
struct SampleRecord
{
    double atS = 0;   // seconds since the measured window began
    QString series;   // what was read, e.g. "pid:4242:cpu-s" or "pg:checkpoints"
    double value = 0; // the reading, in the unit the series name states
};

// One measured attempt of a cell in one round, valid or not.
struct WindowRecord
{
    qint64 id = 0;         // assigned by RunStore::saveWindow(); ignored on save
    QString runId;         // the run
    int round = 0;         // 0-based round number
    QString configuration; // configuration name
    QString route;         // route name
    int concurrency = 0;   // connections (closed loop) of the cell
    int attempt = 0;       // 0-based attempt number of this cell in this round
    bool valid = false;    // passed every gate
    QString
        invalidReason; // why not, e.g. "foreign-cpu 512% >= 450%", "sleep gap 14.2 s", "checkpoint"
    QStringList flags; // remarks that do not invalidate, e.g. "client-bound"
    QString invalidKind;             // one of the kInvalid* words; "" when valid
    QDateTime startedAt;             // start of the measured interval (UTC, millisecond precision)
    double elapsedS = 0;             // measured seconds including the final drain
    double drainS = 0;               // of elapsedS, seconds spent waiting for in-flight requests
    qint64 inFlightAtEnd = 0;        // requests outstanding when sending stopped
    qint64 requests = 0;             // responses completed
    qint64 ok = 0;                   // 2xx responses
    QJsonObject statusCounts;        // status code (as text) -> responses
    QJsonObject errors;              // connect, read, write, timeout, parse -> count
    qint64 bytesIn = 0;              // bytes read from the server
    qint64 bytesOut = 0;             // bytes written to the server
    qint64 reconnects = 0;           // connections re-opened during the window
    double clientCpuS = 0;           // CPU seconds used by the load engine
    QJsonObject latencyUs;           // p50 p90 p99 p999 max mean stdev, microseconds
    QByteArray histogram;            // sb::Histogram::encode() bytes (latency, microseconds)
    QByteArray histogramUncorrected; // same without coordinated-omission correction (open loop)
    double serverCpuS = 0;           // server tree CPU seconds during the window
    double serverCoresMean = 0;      // serverCpuS / sampler's span, not elapsedS; 1.0 = one core
    double foreignPctMean = 0;       // mean foreign CPU, percent of one core
    double foreignPctPeak = 0;       // highest interval foreign CPU, percent of one core
    double excludedPctMean = 0;      // mean CPU of excluded processes, percent of one core
    double generatorPctMean = 0;     // mean load engine CPU, percent of one core
    qint64 rssBytesPeak = 0;         // largest server tree RSS seen, bytes
    qint64 pssBytesPeak = 0;         // largest server tree PSS seen, bytes
    qint64 checkpoints = 0;          // database checkpoints that happened inside the window
    QJsonObject gates;               // gate name -> {value, threshold, passed, ...}
    QVector<IntervalRecord> intervals; // per-interval timeline, in index order
    QVector<SampleRecord> samples;     // raw sampler readings, in stored order
    // The server tree's age when the window was measured (RSS measures a process's history, so
    // memory is compared only at equal age or on fresh trees). -1 = unknown: a window stored
    // before schema version 5, a quick test, an import without them.
    double treeAgeS = -1;     // seconds from the tree's start to the measured window's start
    qint64 treeRequests = -1; // responses to Stackbench's load the tree had served before this
                              // window's warm-up (earlier windows and their warm-ups); 0 = fresh
};

// Something that happened during a run: server start/stop, parity result, hook output, warning.
struct EventRecord
{
    QString runId;    // the run
    QDateTime at;     // when (UTC, millisecond precision)
    QString kind;     // e.g. "server-started", "parity-failed", "warning"
    QString detail;   // one human sentence
    QJsonObject data; // anything structured
};

// A configuration's server output of one round (chunks appended in order are joined).
struct ServerLogRecord
{
    QString runId;          // the run
    QString configuration;  // configuration name
    int round = 0;          // 0-based round
    QByteArray stdoutBytes; // everything the server tree wrote to stdout
    QByteArray stderrBytes; // everything the server tree wrote to stderr
};

// One start of a configuration's server tree that became ready (the cold start): from the
// spawn to the exec, to the port accepting connections, to the readiness probe's expected answer,
// and the tree's memory at that moment. A start that failed has none.
struct ServerStartRecord
{
    QString runId;         // the run
    QString configuration; // configuration name
    int round = 0;         // 0-based round the tree was started for
    QDateTime startedAt;   // when the spawn began (UTC, millisecond precision)
    double execMs = 0;     // spawn -> the server's program exec'd, ms
    double acceptMs = 0;   // exec -> the first TCP connect that succeeded, ms (2 ms resolution)
    double readyMs = 0;    // exec -> the readiness probe's expected answer, ms (10 ms resolution)
    qint64 rssBytes = 0; // the whole tree's RSS at ready, bytes (shared pages counted per process)
    qint64 pssBytes = 0; // the whole tree's PSS at ready, bytes (shared pages divided)
};

// One CPU profile of a cell's server tree: the extra window taken after the cell's measured
// windows, under perf record. Folded stacks are stored compressed; in memory they are text.
struct ProfileRecord
{
    qint64 id = 0;          // store id (0 before insert)
    QString runId;          // the run
    QString configuration;  // configuration name
    QString route;          // route name
    int concurrency = 0;    // connections (closed loop) of the cell
    int round = 0;          // the round after whose window it was taken (0-based)
    QDateTime takenAt;      // when the profiling window began (UTC, millisecond precision)
    double okPerS = 0;      // the profiling window's own 2xx/s
    double cellOkPerS = -1; // the cell's measured median 2xx/s when it was taken (-1 unknown)
    int frequencyHz = 0;    // perf's sampling frequency, Hz
    QString callGraph;      // "fp" (frame pointers) or "dwarf"
    qint64 samples = 0;     // samples in `folded`
    QString note;           // what the user must know: "python frames are the interpreter's
                            // (CPython < 3.12 has no perf map)", "perf lost 12 samples", ...
    QByteArray folded;      // "frame;frame;leaf COUNT\n" lines, root first (Brendan Gregg's
                            // collapsed format), UTF-8, in memory uncompressed; empty from
                            // RunStore::profiles(), at most kMaxFoldedBytes
};

// The largest folded text a profile may hold, bytes: the store and an import refuse more (a
// hostile export or store cannot make a reader inflate gigabytes).
inline constexpr qint64 kMaxFoldedBytes = qint64(64) << 20;

// What `stackbench resume` needs about one cell in one round.
struct CellProgress
{
    int round = 0;           // 0-based round
    QString configuration;   // configuration name
    QString route;           // route name
    int concurrency = 0;     // connections
    int attempts = 0;        // stored windows of this cell in this round, valid or not
    int validWindows = 0;    // of those, how many passed every gate (0 or 1 normally)
    qint64 lastWindowId = 0; // id of the cell's most recent window in this round
};

} // namespace sb::store
