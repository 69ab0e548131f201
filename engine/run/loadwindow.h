#pragma once

// The one way a window is measured: a run's windows (the runner), `stackbench load` and the GUI's
// quick test all hand a WindowSpec to a LoadWindow and get back the window as the store
// keeps it (store::WindowRecord, figures computed once by the engine's own functions) and, while
// it runs, one WindowInterval per interval. Only plain values and store records cross this
// header: no type of the load engine, the sampler or the HTTP layer.

#include "core/result.h"
#include "plan/requestbuilder.h"
#include "run/loadhostcores.h"
#include "run/samplesession.h"
#include "store/records.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <sys/types.h>
#include <vector>

namespace sb::load {
class LoadEngine;
}

namespace sb::run {

// One load host of a window (the equal-resource lane, engine/lane): how its `stackbench agent` is
// started (`ssh -o BatchMode=yes ... DESTINATION PROGRAM agent`, or this program for "local").
struct LoadHostCommand
{
    QString name;    // the plan's name of the host ("bench-a", "local")
    QString program; // "ssh", or a local program
    QStringList arguments;
    QString destination; // what ssh is given ("user@10.0.0.2"); the name for "local"
};

// The error codes of a window whose load came from hosts (measure(), warmUp()): a fault before
// every host's agent answered (ssh could not reach a host, refused the login or its key; the
// agent is missing or of another version) needs the user, so a run stops on it; a fault while
// the shares ran (an agent that died, a cut link, counts that do not add up) makes the window
// invalid and worth measuring again. The detail names the plan's host.
inline constexpr const char *kLoadHostSetupError = "lane.host";
inline constexpr const char *kLoadHostWindowError = "lane.window";

// One window: what is sent, how, for how long, and what is watched beside it. Plain values.
struct WindowSpec
{
    plan::HttpRequest request;          // sent on every connection (plan::RequestBuilder builds it)
    int connections = 10;               // total connections, spread over the threads
    int streams = 1;                    // HTTP/2 (request.protocol): streams per connection
    int threads = 1;                    // load threads, each with its own event loop
    bool openLoop = false;              // requests at a fixed total rate instead of back to back
    double ratePerS = 0;                // open loop: total intended requests per second
    qint64 warmupMs = 0;                // warmUp(): by time ...
    qint64 warmupRequests = 0;          // ... or by response count; both 0 = none
    qint64 durationMs = 10'000;         // measure(): sending time, then the drain
    qint64 requestLimit = 0;            // > 0: exactly this many requests instead of a duration
    qint64 timeoutMs = 180'000;         // per request and per connect
    int intervalMs = 1000;              // live interval, and the sampler's, 100 .. 60000
    qint64 unreachableAbortMs = 5000;   // give up when no connection opened for so long; 0 = never
    std::vector<int> cpus;              // CPUs the load threads may run on; empty = any
    int expectStatus = 200;             // other statuses count as errors of an interval
    std::optional<TreeSampling> sample; // measure(): sample this tree alongside
    // The hosts the load comes from, each with its share of the connections (or of the rate,
    // lane::splitSpec()), started together and merged without loss; empty = this process's load
    // engine. `threads` and `cpus` apply on each host.
    std::vector<LoadHostCommand> loadHosts;
};

// One interval of a window as it ends: what the live views show.
struct WindowInterval
{
    bool warmUp = false;          // an interval of warmUp() (measure()'s restart at index 0)
    store::IntervalRecord record; // as stored: the load's figures, errors counting unexpected
                                  // statuses, and the sampler's figures of the same interval
    qint64 transportErrors = 0;   // of record.errors: connect, read, write, timeout and parse
    int inFlight = 0;             // requests outstanding when the interval closed
    bool draining = false;        // sending had stopped: the interval belongs to the final drain
    qint64 sendDelayMaxUs = 0;    // open loop: how late the latest request was written, us
    // The interval's busiest foreign processes (sampled windows; at most 3, each >= 0.05 cores).
    QList<ForeignProcess> foreignTop;
    // Load from other hosts: each host's generator over the interval; empty for a local window.
    LoadHostCoresList hostCores;
};

// A measured window.
struct WindowOutcome
{
    // The window's figures as the store keeps them: counts, statuses, errors, latency
    // (p50 p90 p99 p999 max mean stdev), histograms, elapsed and drain, client CPU, the server
    // tree's CPU, cores and memory, foreign CPU, intervals and samples; concurrency (the
    // connections) and startedAt (when the measured phase began, UTC). What the caller passed to
    // measure() is kept: identity, gates, flags, validity.
    store::WindowRecord window;
    bool cancelled = false;  // cancel() stopped it; the figures cover the time until then
    QString aborted;         // why the load gave up early ("target unreachable for 5 s"); ""
    QString problems;        // transport errors and unexpected statuses in one sentence; ""
    qint64 requestsSent = 0; // requests written (answered, in flight or failed)
    qint64 late = 0;         // open loop: requests sent over 1 ms after their intended time
    double processCpuS = 0;  // CPU seconds of the whole process over clientCpuS's span
    // Connections of the measured phase: connects and connect time, over TLS the handshakes, the
    // resumed ones, the handshake time and whether certificates were verified
    // (run::connectionsJson()).
    QJsonObject connections;
    QByteArray sendDelayHistogram; // open loop: how late each request went out
                                   // (Histogram::encode(), nanoseconds); empty in closed loop
    std::vector<int> loadCpus;     // CPUs the load threads could run on (their affinity, united)
    bool sampled = false;          // a server tree was sampled
    bool serverExited = false;     // its root exited during the window
    bool clientBound = false;      // the sampler saw the load threads saturated
    // The load hosts' own figures (WindowSpec::loadHosts), in order: {"host", "machine",
    // "version", "cores", "threads", "connections", "rate", "requests", "ok", "client_cpu_s",
    // "process_cpu_s", "elapsed_s", "generator_cores", "latency_histogram" (base64 of that
    // host's Histogram::encode(); the window's histogram is their union)}; empty for a local
    // window.
    QJsonArray loadHosts;
    QList<SamplerEvent> events; // the sampler's events, in order

    // The busiest foreign processes over the window (each process's CPU summed over its
    // intervals, at most 3, each >= 0.05 cores) and per interval: what the foreign-CPU gates
    // name (GateFigures::foreignTop). sampled = false when no tree was sampled.
    ForeignTop foreignTop;
};

// A warm-up and the verdict a run fails closed on.
struct WarmupOutcome
{
    bool ran = false;      // the spec asked for a warm-up
    WindowOutcome figures; // its counts and time (no sampler)
    QJsonObject gate;      // {passed, responses, seconds}: the window's "warmup" gate
    QString
        failure; // "" when it passed; else why (an abort, transport errors, unexpected statuses)
};

// Measures one window: optionally a warm-up, then the measured phase with the sampler on the
// server tree when the spec names one. Intervals reach `onInterval` on the calling thread as they
// come (load and sampler halves paired by index).
//
// One window per object: at most one warmUp(), then at most one measure(), from one thread.
// cancel() may be called from any thread, and from a signal handler, at any moment while the
// object lives: before (the window ends as soon as it starts), during or after either call.
class LoadWindow
{
public:
    using IntervalSink = std::function<void(const WindowInterval &)>;

    explicit LoadWindow(IntervalSink onInterval = {});
    ~LoadWindow(); // after warmUp() / measure() returned, on their thread
    LoadWindow(const LoadWindow &) = delete;
    LoadWindow &operator=(const LoadWindow &) = delete;

    // The spec's warm-up (warmupMs or warmupRequests) as a window of its own without a sampler,
    // discarded but judged: any transport error, unexpected status or abort fails it. Nothing
    // runs when the spec has none (ran = false). Blocks. Errors: as measure().
    sb::Result<WarmupOutcome> warmUp(const WindowSpec &spec);

    // The measured window (the spec's warm-up fields are ignored: call warmUp() first), its
    // figures written into `window` (see WindowOutcome::window). Blocks until the window is
    // measured and drained, aborted or cancelled. Errors (nothing ran then): "sample.start"
    // (the tree's root does not exist), "load.spec", "load.resources", "load.connect" (the
    // target refused or could not be resolved; where = "host:port"), "load.system".
    sb::Result<WindowOutcome> measure(const WindowSpec &spec, store::WindowRecord window = {});

    // Stops the window soon; the figures cover the time until then. Async-signal-safe.
    void cancel();

private:
    // One phase; a warm-up when `warmup` is given (its verdict is written there).
    sb::Result<WindowOutcome> runPhase(const WindowSpec &spec, store::WindowRecord window,
                                       WarmupOutcome *warmup);
    // The same over WindowSpec::loadHosts (run/lanephase.h).
    sb::Result<WindowOutcome> runLanePhase(const WindowSpec &spec, WindowOutcome out,
                                           WarmupOutcome *warmup);

    IntervalSink m_onInterval;
    std::atomic<bool> m_cancelled{false};
    // One engine per phase (warm-up, measure), alive as long as this object so that cancel()
    // never reaches a destroyed one.
    std::array<std::unique_ptr<load::LoadEngine>, 2> m_engines;
};

// The CPUs a thread or process may run on (sched_getaffinity), ascending; empty when it is gone.
// Any thread.
std::vector<int> affinityOf(pid_t tid);

} // namespace sb::run
