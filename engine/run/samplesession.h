#pragma once

// The sampler as the rest of Stackbench sees it: a server process tree's CPU and memory and the
// machine's foreign CPU, one reading per interval, then a summary. A measured window samples
// through it (run/loadwindow.h) and `stackbench sample` samples a tree on its own. Only
// plain values cross this header.
//
// Percent convention: 100 % = one core (a 2-core machine fully busy reads 200 %). Groups: the
// server tree (the root and every descendant), Stackbench's own threads, the load threads
// (generator), excluded processes (database backends by default) and foreign: everything else.

#include "core/result.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <sys/types.h>
#include <vector>

namespace sb::sample {
class Sampler;
}

namespace sb::run {

class ServerHost;

// The server process tree to sample.
struct TreeSampling
{
    qint64 rootPid = 0; // root of the tree; must exist when sampling starts
    // Processes outside the tree whose CPU counts as "excluded", not foreign (their names or
    // command lines); default: PostgreSQL's backends.
    QStringList excludes = {QStringLiteral("postgres")};
    double sleepGapS = 10; // a clock gap over this many seconds is a sleep event
    // What escapes the root's descendants is still the server's: the tree's own cgroup v2
    // directory (absolute; "" for none) and the subreaper that adopts a double-forked daemon
    // (0 for none), as ServerProcess gives them.
    QString cgroupDir = {};
    qint64 reaperPid = 0;
    // A tree on a configuration's own host (run/serverhost.h): sampled there by its agent, the
    // tree named `remoteTree`; rootPid, cgroupDir and reaperPid are then the agent's business.
    ServerHost *remoteHost = nullptr;
    QString remoteTree = {};
};

// Something the sampler noticed.
struct SamplerEvent
{
    QString kind;   // "sleep", "root-exited", "process-started", "process-exited"
    double atS = 0; // when it noticed it, seconds since sampling started
    qint64 pid = 0; // the process concerned; 0 for machine-wide events
    QString detail; // one sentence
};

// A process behind the foreign CPU: outside the server tree, Stackbench and the excluded
// processes.
struct ForeignProcess
{
    QString name;     // its kernel name (/proc/PID/comm, at most 15 characters), sanitised:
                      // printable ASCII without < > & " ' ` \ (each other byte reads '?')
    qint64 pid = 0;   // its process id
    double cores = 0; // its CPU over the span / the span; 1.0 = one core
};

// The busiest foreign processes of a sampling: at most 3 per span, each at least 0.05 cores over
// it, busiest first.
struct ForeignTop
{
    bool sampled = false;                   // a sampler looked; false: nothing is known
    QList<ForeignProcess> window;           // over the whole span, each process summed
    QList<QList<ForeignProcess>> intervals; // each interval's own, by TreeReading::index

    // The interval's list; empty for an index out of range.
    QList<ForeignProcess> interval(int index) const { return intervals.value(index); }
};

// One interval's reading. CPU figures are for the interval, memory is read at its end. No
// interval is shorter than half the sampling interval, except a window's only one.
struct TreeReading
{
    int index = 0;              // 0-based interval number
    double startS = 0;          // interval start, seconds since sampling started
    double endS = 0;            // interval end; the next one starts here
    bool final = false;         // the last interval, ended by stop() (partial)
    double serverCores = 0;     // tree CPU / interval wall time; 1.0 = one core
    double serverCpuS = 0;      // tree CPU seconds in the interval
    qint64 rssBytes = 0;        // tree RSS (shared pages counted per process), bytes
    qint64 pssBytes = 0;        // tree PSS (shared pages divided), bytes
    int processes = 0;          // live members of the tree at the interval end
    bool rootAlive = true;      // false once the root has exited
    double foreignPct = 0;      // foreign CPU, % of one core
    double excludedPct = 0;     // excluded processes' CPU, % of one core
    int excludedProcesses = 0;  // live excluded processes at the interval end
    double ownPct = 0;          // Stackbench without its load threads, % of one core
    double generatorPct = 0;    // the load threads, % of one core
    double machinePct = 0;      // all busy CPU of the machine, % of one core
    QList<SamplerEvent> events; // what happened in this interval

    // The interval's busiest foreign processes (at most 3, each >= 0.05 cores, busiest first).
    QList<ForeignProcess> foreignTop;
};

// Mean (time-weighted over the intervals) and peak of one series.
struct SeriesFigures
{
    double mean = 0;
    double peak = 0;
};

// A whole sampling.
struct TreeSummary
{
    double durationS = 0;          // the sampler's span, seconds (the last interval's end)
    int samples = 0;               // intervals in the timeline
    SeriesFigures serverCores;     // cores (1.0 = one core)
    SeriesFigures serverProcesses; // process count
    SeriesFigures foreignPct;      // % of one core
    SeriesFigures excludedPct;     // % of one core
    SeriesFigures ownPct;          // % of one core
    SeriesFigures generatorPct;    // % of one core
    SeriesFigures machinePct;      // % of one core
    double serverCpuS = 0;         // CPU seconds of the tree over the span
    double foreignCpuS = 0;        // foreign CPU seconds
    double excludedCpuS = 0;       // excluded CPU seconds
    double ownCpuS = 0;            // own CPU seconds (without the load threads)
    double generatorCpuS = 0;      // load threads' CPU seconds
    double machineCpuS = 0;        // machine busy CPU seconds
    qint64 rssBytesPeak = 0;       // peak tree RSS over every reading, bytes
    qint64 pssBytesPeak = 0;       // peak tree PSS over every reading, bytes
    bool clientBound = false;      // the load threads used >= 95 % of the cores they were given
    bool rootExited = false;       // the root exited while sampling
    bool slept = false;            // at least one sleep event
    ForeignTop foreignTop;         // the busiest foreign processes, over the span and per interval
    QList<SamplerEvent> events;    // every event, in order
};

// Samples one tree at a fixed interval on a thread of its own: the baseline is read in start(),
// then one reading per interval, and stop() takes a final partial one. start(), stop() and
// setGeneratorThreads() from one controlling thread; readings arrive on the sampler's thread,
// in index order, one interval behind (an interval is final once the next one was read).
class SampleSession
{
public:
    using ReadingSink = std::function<void(const TreeReading &)>;

    SampleSession();
    ~SampleSession(); // stops (without a summary) when still sampling
    SampleSession(const SampleSession &) = delete;
    SampleSession &operator=(const SampleSession &) = delete;

    // Starts sampling `tree` every `intervalMs` (100 .. 60000); `generatorCores` are the cores
    // the load threads were given (0 = as many as there are load threads), for the client-bound
    // verdict. `onReading` must not call back into this session. Errors: "sample.start" ("process
    // 123 does not exist", "interval 50 ms is below 100 ms").
    sb::Status start(const TreeSampling &tree, int intervalMs, ReadingSink onReading,
                     int generatorCores = 0);
    // The load threads' kernel thread ids (gettid), whose CPU is the generator's, not own.
    void setGeneratorThreads(std::vector<pid_t> tids);
    // When sampling started, ns on CLOCK_MONOTONIC.
    qint64 startMonotonicNs() const;
    // Takes the final reading, delivers what remains (before it returns), and summarises. An
    // empty summary when not sampling.
    TreeSummary stop();

private:
    std::unique_ptr<sample::Sampler> m_sampler;
};

} // namespace sb::run
