#pragma once

#include "core/result.h"
#include "load/loadresult.h"
#include "load/loadspec.h"

#include <functional>
#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

namespace sb::load {

namespace detail {
class Worker;
}

// The load engine: runs one window of HTTP/1.1 load described by a LoadSpec.
//
// Threads: spec.threads workers, each with its own epoll loop, connections, buffers, counters
// and histograms, allocated before the first request; no locks and no allocation per request.
// Every interval each worker hands an immutable snapshot of that interval to a collector
// thread, which merges them and calls `onInterval` (on the collector thread, never concurrently,
// in order: warm-up intervals first, then measured ones). A slow consumer never stalls workers:
// their snapshots queue up, or the next one covers more time.
// Workers set their timer slack to 1 ns, and in open loop ask for the scheduler's shortest
// slices (sched_setattr, EEVDF), so that a send's timer wakes them on time on a busy machine.
//
// Call start(), then wait() once; cancel() may be called from any thread at any time: before
// start() (the window then ends as soon as it starts), during it, or during wait(); it only sets a
// flag and writes an eventfd, so a signal handler may call it too. An engine runs one window;
// make a new one for the next.
class LoadEngine
{
public:
    using IntervalCallback = std::function<void(const IntervalSnapshot &)>;

    LoadEngine();
    ~LoadEngine(); // cancels and joins a running window
    LoadEngine(const LoadEngine &) = delete;
    LoadEngine &operator=(const LoadEngine &) = delete;

    // Validates the spec against core/limits.h, checks what the window needs against what the
    // machine allows (file descriptors: the soft RLIMIT_NOFILE is raised up to the hard one when
    // needed; memory: MemAvailable, the cgroup's limit, RLIMIT_AS), resolves the host, checks
    // that it accepts a connection, and starts the threads, pinned to spec.cpus when given.
    // Errors: code "load.spec" (a value out of range: "timeout (10000000000000 ms) must be at
    // most 1 day"; a CPU this process may not use), "load.resources" (too many connections for
    // the descriptor limit, too little memory, a thread that could not be created: "50000000
    // connections need 50000010 file descriptors; the limit is 20000 (ulimit -n)"),
    // "load.connect" (resolve or first connect failed: "connection refused by 127.0.0.1:9"),
    // "load.system" (an event loop could not be created); where = the endpoint "host:port" when
    // one is involved. Nothing runs after an error, and no exception leaves start(). A cancel()
    // before or during start() makes it return Ok with a window that is over at once
    // (wait() returns cancelled = true). Call it once, from one thread.
    sb::Status start(const LoadSpec &spec, IntervalCallback onInterval);

    // Blocks until the window is over (measured and drained, aborted, or cancelled) and
    // returns the totals. Call it from the thread that called start().
    LoadResult wait();

    // Stops sending, abandons in-flight requests and ends the window soon. Any thread, any
    // moment; async-signal-safe.
    void cancel();

    // Kernel thread ids of the worker threads (for the sampler's generator series); valid
    // after start() returned Ok, from the thread that called it.
    std::vector<pid_t> workerTids() const;

private:
    struct Shared;
    // The steps of start(), in order after the spec check.
    sb::Status prepareAndLaunch(const LoadSpec &spec, IntervalCallback onInterval);
    sb::Status reserveResources(const LoadSpec &spec);
    sb::Status createWorkers();
    sb::Status launch();
    void collect();
    void summarize();

    std::unique_ptr<Shared> m_shared;
    std::vector<std::unique_ptr<detail::Worker>> m_workers;
    IntervalCallback m_onInterval;
};

} // namespace sb::load
