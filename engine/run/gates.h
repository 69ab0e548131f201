#pragma once

#include "load/loadresult.h"
#include "plan/plan.h"
#include "run/samplesession.h"
#include "store/records.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>
#include <cstdint>
#include <optional>

// The gates of DESIGN.md's window lifecycle as pure functions: figures in, verdicts and reasons
// out. No I/O, any thread.
namespace sb::run {

// Responses whose status is not the one the route expects.
int64_t unexpectedStatuses(const load::Counters &counters, int expectStatus);

// One sentence naming the transport errors and unexpected statuses in `counters`, e.g.
// "3 transport errors (connect 3, read 0, ...); 2 responses with a status other than 200
// (500 x2)"; empty when there are none.
QString problemSummary(const load::Counters &counters, int expectStatus);

// The warm-up's verdict: it fails closed on any transport error, unexpected status or abort.
struct WarmupVerdict
{
    QJsonObject gate; // {passed, responses, seconds}
    QString failure;  // "" when it passed, else why (without the "warm-up failed: " prefix)
};
WarmupVerdict evaluateWarmup(const load::LoadResult &warmup, int expectStatus);

// The busiest interval of a window's timeline by foreign CPU: what the peak gate judges.
struct ForeignPeak
{
    int index = -1;    // 0-based interval index; -1 = the window has no intervals
    double startS = 0; // interval start, seconds since the measured window began
    double endS = 0;   // interval end, seconds since the measured window began
    double pct = 0;    // its foreign CPU, percent of one core
};

// The interval with the highest foreignPct (the first of equal ones).
ForeignPeak foreignPeak(const QVector<store::IntervalRecord> &intervals);

// What decides a measured window.
struct GateFigures
{
    bool cancelled = false;          // the load engine was cancelled
    QString aborted;                 // LoadResult::aborted: why the engine gave up, "" = it did not
    bool serverDied = false;         // the tree's root exited during (or by the end of) the window
    QString serverDetail;            // its exit description ("running" while alive)
    QStringList sleeps;              // details of the sampler's sleep/clock-gap events
    bool checkpointsWatched = false; // the plan's database is PostgreSQL and was readable
    qint64 checkpoints = 0;          // database checkpoints that completed inside the window
    double foreignPctMean = 0;       // mean foreign CPU over the window, percent of one core
    plan::CpuGate foreignGate;       // the threshold the mean must stay below
    int machineCores = 1;            // what a "%machine" gate is a share of (>= 1)
    std::optional<plan::CpuGate> foreignPeakGate; // the threshold the busiest interval must
                                                  // stay below; none = no peak gate
    ForeignPeak foreignPeak;                      // the busiest interval (foreignPeak())
    QString problems;                             // problemSummary() of the window's counters
    double clientCpuS = 0;                        // CPU seconds of the load engine
    double elapsedS = 0;                          // the window's measured seconds
    int threads = 1;                              // load engine threads
    bool samplerClientBound = false;              // the sampler saw the generator threads saturated
    // The load hosts' figures (WindowOutcome::loadHosts): each host's generator is gated on its
    // own (a host whose generator used >= 95 % of its threads invalidates the window), and the
    // window's client_bound flag is not computed from the summed CPU. Empty: a local window.
    QJsonArray loadHosts = {};
    // The busiest foreign processes over the window and per interval (WindowOutcome::foreignTop):
    // the foreign gates name them. Not sampled (the default): the reasons name no process.
    ForeignTop foreignTop = {};
};

// One gate a window failed.
struct GateFailure
{
    QString kind;   // the store::kInvalid* word: cancelled, server, other (load aborted), sleep,
                    // checkpoint, foreign_cpu, foreign_peak, errors
    QString reason; // one sentence: "foreign-cpu 512% >= 450%"
};

struct GateVerdict
{
    QJsonObject gates;           // gate name -> {passed, value, threshold, detail, ...}, as stored
    QList<GateFailure> failures; // failed gates, most fundamental first
    QStringList flags;           // remarks that do not invalidate ("client-bound")

    bool valid() const { return failures.isEmpty(); }
    // The first failure's reason: the window's invalidReason; "" when valid.
    QString reason() const { return failures.isEmpty() ? QString() : failures.first().reason; }
    // The first failure's kind: the window's invalidKind (store::kInvalid*); "" when valid.
    QString invalidKind() const { return failures.isEmpty() ? QString() : failures.first().kind; }
    // Every failure's reason, in order.
    QStringList reasons() const;
};

// Most fundamental first: cancelled, server tree died, load aborted, sleep gap, checkpoint,
// foreign CPU (mean, then peak), errors; each failure with its store::kInvalid* kind. A CPU gate is
// resolved to percent of one core with figures.machineCores ("32%machine" on 2 cores: 64 %); its
// reason names the value, the threshold and, for a machine share, the gate as written, then the
// busiest foreign processes (the window's for the mean, the busiest interval's for the peak) and
// the plan key that sets the gate:
//   foreign-cpu 100% of a core (mean) >= the gate 64% (32%machine of 2 cores): cc1plus (pid 4242)
//   0.93 cores, make (pid 4200) 0.10 cores; the plan's "sampler": {"foreign_gate": "32%machine"}
//   sets the gate
//   foreign-cpu peak 180% of a core in interval 3 (2.0-3.0 s) >= the gate 150%: ...; the plan's
//   "sampler": {"foreign_peak_gate": "150%"} sets the gate
// ("no single process used 0.05 cores or more" when the sampler named none, nothing when
// figures.foreignTop was not sampled). The stored gates are "foreign_cpu" and, with a peak gate,
// "foreign_peak"; each holds its processes as "top": [{name, pid, cores}] when sampled.
// The client-bound flag (generator cores >= 95 % of its threads, or the sampler's own verdict)
// never invalidates a local window; with load hosts, each host is gated on its own (the
// "load_hosts" gate: {passed, hosts: [the host's figures + "saturated"]}), and a saturated host
// invalidates the window (client_bound, naming the host).
GateVerdict evaluateGates(const GateFigures &figures);

struct WindowOutcome;
// The figures a measured window is judged on, from its outcome (the load's end, problems,
// client CPU, sleeps, foreign CPU and its processes; `window` is the outcome's record as the
// caller keeps it) and the plan's sampler settings: the one fill for the runner and the quick
// test. serverDied/serverDetail and the checkpoints are the caller's: only it knows its tree.
GateFigures gateFiguresOf(const WindowOutcome &outcome, const store::WindowRecord &window,
                          const plan::SamplerSettings &sampler, int threads);

// "cc1plus (pid 4242) 0.93 cores, make (pid 4200) 0.10 cores"; "" for none. Names are sanitised
// again (printable ASCII, no markup characters), whoever filled the list.
QString foreignTopText(const QList<ForeignProcess> &top);
// The list as a foreign gate stores it: [{"name", "pid", "cores"}], names sanitised as above.
QJsonArray foreignTopJson(const QList<ForeignProcess> &top);

// Whether a window's stored gates (WindowRecord::gates) failed on foreign CPU, mean or peak:
// the machine was contended, and a re-measure may wait for it to be quiet (quietwait.h).
bool foreignContended(const QJsonObject &gates);

} // namespace sb::run
