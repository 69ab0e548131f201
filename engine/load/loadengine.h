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
//
// Call start(), then wait() once; cancel() may be called from any thread at any time.
// An engine runs one window; make a new one for the next.
class LoadEngine
{
public:
    using IntervalCallback = std::function<void(const IntervalSnapshot &)>;

    LoadEngine();
    ~LoadEngine(); // cancels and joins a running window
    LoadEngine(const LoadEngine &) = delete;
    LoadEngine &operator=(const LoadEngine &) = delete;

    // Validates the spec, resolves the host, checks that it accepts a connection, and starts
    // the threads. Errors: code "load.spec" (a value out of range: "connections (0) must be at
    // least 1"), "load.connect" (resolve or first connect failed: "connection refused by
    // 127.0.0.1:9"), "load.system" (an event loop or thread could not be created); where = the
    // endpoint "host:port" when one is involved. Nothing runs after an error.
    sb::Status start(const LoadSpec &spec, IntervalCallback onInterval);

    // Blocks until the window is over (measured, drained or cancelled) and returns the totals.
    LoadResult wait();

    // Stops sending, abandons in-flight requests and ends the window soon. Any thread.
    void cancel();

    // Kernel thread ids of the worker threads (for the sampler's generator series); valid
    // after start() returned true.
    std::vector<pid_t> workerTids() const;

private:
    struct Shared;
    void collect();

    std::unique_ptr<Shared> m_shared;
    std::vector<std::unique_ptr<detail::Worker>> m_workers;
    IntervalCallback m_onInterval;
};

} // namespace sb::load
