#pragma once

#include "core/result.h"
#include "sample/clocksource.h"
#include "sample/foreigntop.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

// The sampler: watches a server process tree, the machine and Stackbench itself during a window.
//
// Percent convention: 100 % = one core (a 2-core machine fully busy reads 200 %).
//
// Groups (disjoint; each on its own series):
//   server    the root process and every descendant, re-discovered at each sample; a process
//             that joined stays a member until it exits, even if re-parented to init; with
//             Options::cgroupDir every process in the tree's cgroup, and with
//             Options::reaperPid every process the subreaper adopts, joins too (a daemon that
//             double-forked away from the root is still the server's);
//   own       this (Stackbench) process, every thread, minus the generator threads;
//   generator the load engine's worker threads (Options::generatorTids);
//   excluded  other processes matched by name or command line (default: PostgreSQL);
//   foreign   everything else: machine busy CPU minus the four groups above, never below 0.
//             Its busiest processes are named (Snapshot::foreignTop, Summary::foreignTop): every
//             process outside the other groups is read once per interval from /proc/PID/stat,
//             in the /proc scan that finds the excluded ones; one that used no CPU at its last
//             reading is read less often (every 2nd, 4th, ... interval, at least once a second),
//             and every process is read at the window's end, so window totals stay exact.
namespace sb::sample {

enum class EventKind
{
    Sleep,          // suspend, wall-clock step or stalled sampler: a gap over Options::sleepGapS
    RootExited,     // the root process exited (or is a zombie); the server series ends
    ProcessStarted, // a process joined the server tree (pid in Event::pid)
    ProcessExited,  // a non-root member of the server tree exited
};

// "sleep", "root-exited", "process-started", "process-exited".
const char *eventKindName(EventKind kind);

struct Event
{
    EventKind kind = EventKind::Sleep;
    int64_t offsetNs = 0; // when the sampler noticed it, ns since the window start (monotonic)
    pid_t pid = 0;        // the process concerned, 0 for machine-wide events
    std::string detail;   // one human sentence, e.g. "CLOCK_BOOTTIME advanced 15.0 s more than
                          // CLOCK_MONOTONIC (suspend)"
};

struct Options
{
    pid_t rootPid = 0;     // root of the server tree; must exist when start() is called
    int intervalMs = 1000; // sampling interval, 100 ms or more
    // Processes outside the tree whose CPU goes to the excluded series (see NameMatcher in
    // proctree.h). Default: PostgreSQL backends.
    std::vector<std::string> excludes = {"postgres"};
    double sleepGapS = 10; // a clock gap larger than this is a Sleep event, in seconds
    // Thread ids (gettid) of the load engine's workers in this process. Can be changed while
    // running with Sampler::setGeneratorThreads().
    std::vector<pid_t> generatorTids;
    // Cores given to the generator, for the client-bound flag; 0 = number of generator threads.
    int generatorCores = 0;
    // Clocks; null = the system clocks. Tests inject suspends and jumps through it.
    std::shared_ptr<ClockSource> clock;
    // Read PSS (smaps_rollup walks page tables, the dearest read) every N samples; 1 = always.
    int pssEveryN = 1;
    // How the tree is contained (run/containment.h), so that no process of it escapes its
    // accounting. cgroupDir: the tree's own cgroup v2 directory (absolute); its processes are
    // members, and the server's CPU is the cgroup's cpu.stat usage_usec (exact, including
    // processes that came and went between two samples) while that file reads. Empty = none.
    std::string cgroupDir;
    // The subreaper above the root (the tree's supervisor): orphans of the tree are re-parented
    // to it, and the processes it adopts are members. Its own CPU is not the server's. 0 = none.
    pid_t reaperPid = 0;
};

// One interval. CPU figures are for the interval; memory is read at its end.
//
// The half-interval rule: no interval in a window's timeline is shorter than half of
// Options::intervalMs, because over a few milliseconds the readings' skew and /proc/stat's 10 ms
// ticks dominate (a 3 ms sliver read 509 % foreign CPU on 2 cores). The interval closed by stop()
// is the usual short one: it is folded into the interval before it (one interval from that one's
// start to the window's end, CPU nanoseconds added, rates recomputed over the combined span),
// which becomes the window's final interval. So that no consumer ever sees an interval that
// changes later, each interval is delivered only when the next sample has been taken (or by
// stop()): the callback runs one interval behind the sampling. Only a window shorter than half
// an interval has a short interval: its only one, flagged `tooShort`. (A regular interval cut
// short after a stall is folded into the next one.)
//
// Rates (serverCores, *Pct) are CPU / span, capped at the machine's capacity (100 % x online
// CPUs) and never below 0: counters are read one after another and in ticks, so a ratio above
// what the machine can do is a reading artefact. The *CpuNs stay as measured, so their sum over
// the timeline is the window's total in the Summary.
struct Snapshot
{
    int index = 0;         // 0-based interval number within the window
    int64_t startNs = 0;   // interval start, ns since the window start (monotonic)
    int64_t endNs = 0;     // interval end, ns since the window start; the next one starts here
    bool final = false;    // the window's last interval, ending when stop() was called
    bool tooShort = false; // under half the interval: only a window's only interval can be

    double serverCores = 0;        // server tree CPU / interval wall time; 1.0 = one core
    int64_t serverCpuNs = 0;       // server tree CPU used in the interval, ns (the cgroup's
                                   // usage with Options::cgroupDir, else the members' sum)
    int64_t serverRssBytes = 0;    // sum of RSS over the tree (shared pages counted per process)
    int64_t serverPssBytes = 0;    // sum of PSS over the tree (shared pages divided)
    int serverProcesses = 0;       // live (non-zombie) members of the tree at the interval end
    std::vector<pid_t> serverPids; // those members, parents before children
    bool rootAlive = true;         // false once the root has exited

    double foreignPct = 0;      // CPU outside every group below, % of one core
    double excludedPct = 0;     // CPU of excluded processes, % of one core
    int excludedProcesses = 0;  // live excluded processes at the interval end
    double ownPct = 0;          // this process minus the generator threads, % of one core
    double generatorPct = 0;    // the generator threads, % of one core
    double machinePct = 0;      // all busy CPU of the machine, % of one core
    int64_t foreignCpuNs = 0;   // foreign CPU in the interval, ns
    int64_t excludedCpuNs = 0;  // excluded CPU in the interval, ns
    int64_t ownCpuNs = 0;       // own CPU (without generator) in the interval, ns
    int64_t generatorCpuNs = 0; // generator CPU in the interval, ns
    int64_t machineBusyNs = 0;  // machine busy CPU in the interval, ns (10 ms ticks)
    bool clientBound = false;   // generator used >= 95 % of the cores it was given
    // The busiest foreign processes of the interval (at most kForeignTopSize, each at least
    // kForeignTopMinCores over the interval, busiest first), with their CPU in it. A process the
    // idle back-off did not read in the interval before is credited the share of its CPU growth
    // that falls in this interval. Folding two intervals sums them per process.
    ForeignTop foreignTop;

    std::vector<Event> events; // what happened in this interval
};

// Mean and peak of one series over a window's timeline (the intervals delivered). mean <= peak.
struct SeriesStats
{
    double mean = 0; // time-weighted mean over the intervals
    double peak = 0; // largest value among the intervals
};

struct Summary
{
    double durationS = 0; // window length (monotonic), seconds: the last interval's end
    int samples = 0;      // number of intervals in the timeline

    SeriesStats serverCores;     // cores (1.0 = one core)
    SeriesStats foreignPct;      // % of one core
    SeriesStats excludedPct;     // % of one core
    SeriesStats ownPct;          // % of one core
    SeriesStats generatorPct;    // % of one core
    SeriesStats machinePct;      // % of one core
    SeriesStats serverRssBytes;  // bytes
    SeriesStats serverPssBytes;  // bytes
    SeriesStats serverProcesses; // process count

    // Totals: the sums of the intervals' *CpuNs.
    double serverCpuS = 0;    // total CPU-seconds of the server tree
    double foreignCpuS = 0;   // total foreign CPU-seconds
    double excludedCpuS = 0;  // total excluded CPU-seconds
    double ownCpuS = 0;       // total own CPU-seconds (without the generator)
    double generatorCpuS = 0; // total generator CPU-seconds
    double machineCpuS = 0;   // total machine busy CPU-seconds
    int64_t rssBytesPeak = 0; // peak tree RSS over every reading (folded ones too), bytes
    int64_t pssBytesPeak = 0; // peak tree PSS over every reading, bytes

    bool clientBound = false; // mean generator cores >= 95 % of the cores it was given
    // The busiest foreign processes of the window: each process's CPU summed over every
    // interval (processes that exited during the window included), cores over durationS, at
    // most kForeignTopSize and each at least kForeignTopMinCores, busiest first.
    ForeignTop foreignTop;
    std::vector<ForeignTop> intervalForeignTops; // each interval's Snapshot::foreignTop, by index
    bool rootExited = false;                     // the root exited during the window
    bool slept = false;                          // at least one Sleep event
    std::vector<Event> events;                   // every event of the window, in order
};

// Samples at a fixed interval on its own thread, aligned to the window: the baseline is read in
// start() (offset 0), then one sample every intervalMs after it (a deadline less than half an
// interval after the last sample, missed in a stall, is skipped), and stop() takes a final
// partial sample, folded into the interval before it when short (see Snapshot). Not copyable.
// start()/stop()/setGeneratorThreads() may be called from any one controlling thread; the callback
// runs on the sampler's thread.
class Sampler
{
public:
    Sampler();
    ~Sampler(); // stops (without a summary) if still running
    Sampler(const Sampler &) = delete;
    Sampler &operator=(const Sampler &) = delete;

    // Reads the baseline and starts the thread. Errors: code "sample.start", detail one line
    // (e.g. "process 123 does not exist", "interval 50 ms is below 100 ms").
    // `onInterval` is called on the sampler's thread once per interval, in index order, when the
    // interval is definitive: after the next sample, or in stop() for the last one or two
    // (see Snapshot); it must not call back into this Sampler.
    sb::Status start(const Options &options, std::function<void(const Snapshot &)> onInterval);
    // Takes the final partial sample, delivers the remaining intervals (on the sampler's thread,
    // before this returns), joins the thread and returns the window summary. Returns
    // an empty Summary when not running.
    Summary stop();
    bool running() const;

    // Replaces the generator thread ids (gettid values of this process). A thread that started
    // after the window start counts in full; an older one from the moment it is added. A thread
    // that exits before stop() loses its CPU since the last sample to the own series (the
    // process total stays exact), so stop the sampler before joining the load engine.
    void setGeneratorThreads(std::vector<pid_t> tids);

    // The window start on the clock source's CLOCK_MONOTONIC, ns (valid after start()).
    int64_t windowStartMonotonicNs() const;

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace sb::sample
