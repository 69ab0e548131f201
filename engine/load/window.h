#pragma once

// Internals of one load window shared by the engine, its workers and its collector. Not part of
// the public API (see loadengine.h).

#include "load/h2session.h"
#include "load/loadresult.h"
#include "load/loadspec.h"
#include "load/tls.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <sched.h>
#include <string>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace sb::load::detail {

constexpr int kRingSize = 16; // interval slots a worker can hand over before the collector reads

inline int64_t clockNs(clockid_t clock)
{
    timespec ts;
    clock_gettime(clock, &ts);
    return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

inline int64_t nowNs()
{
    return clockNs(CLOCK_MONOTONIC);
}

// CPU time of the calling thread, and of the whole process (every thread, live or exited), ns.
inline int64_t threadCpuNs()
{
    return clockNs(CLOCK_THREAD_CPUTIME_ID);
}

inline int64_t processCpuNs()
{
    return clockNs(CLOCK_PROCESS_CPUTIME_ID);
}

// One worker's counts for the intervals [firstIndex, index] of one phase, passed from the
// worker to the collector. Usually firstIndex == index; a range covers intervals the worker
// could not hand over one by one (its ring was full, or it slept through them), so that the
// merged interval carries its true time span.
struct Slot
{
    bool warmup = false;
    bool draining = false; // the worker had stopped sending before the range began
    int firstIndex = 0;
    int index = 0;
    int64_t endNs = 0; // absolute end of the time this slot covers
    int64_t sendDelayMaxNs = 0;
    int inFlight = 0;
    Counters counts;
    Histogram latency;
};

// Single-producer (a worker), single-consumer (the collector) ring of slots.
struct Ring
{
    Slot slots[kRingSize];
    std::atomic<uint32_t> head{0}; // next slot the collector reads
    std::atomic<uint32_t> tail{0}; // next slot the worker fills
};

// Interval keys order warm-up intervals before measured ones.
using Key = std::pair<int, int>; // (0 warm-up / 1 measured, index)

// Pins the calling thread to `cpus` (nothing when empty) and returns the CPUs it may run on now.
inline std::vector<int> pinCurrentThread(const std::vector<int> &cpus)
{
    cpu_set_t set;
    if (!cpus.empty()) {
        CPU_ZERO(&set);
        for (int cpu : cpus)
            CPU_SET(cpu, &set);
        sched_setaffinity(0, sizeof set, &set);
    }
    std::vector<int> applied;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
            if (CPU_ISSET(cpu, &set))
                applied.push_back(cpu);
    return applied;
}

// What every worker of a window reads; written before the workers start, except the atomics.
struct Window
{
    LoadSpec spec;
    sockaddr_storage addr{};
    socklen_t addrLen = 0;
    std::string requestBytes; // the encoded request, sent as is on every connection
    bool headRequest = false;
    int64_t intervalNs = 1'000'000'000;
    std::unique_ptr<TlsContext> tls; // https: the window's one TLS context; null = plain TCP
    std::unique_ptr<H2Request> h2;   // HTTP/2: the request's headers and body; null = HTTP/1.1

    std::atomic<bool> cancelled{false}; // cancel(): stop at once
    std::atomic<bool> aborted{false};   // a worker found the target unreachable: stop sending
    // HTTP/2 over TLS: a server did not choose "h2" by ALPN (aborted is set too).
    std::atomic<bool> alpnRefused{false};
    // HTTP/2 in clear text: a server answered the preface with no HTTP/2 (aborted is set too).
    std::atomic<bool> h2NotSpoken{false};
    // An eventfd in every worker's epoll set, edge-triggered and never read, so that each write
    // wakes every worker once. Created with the engine, before any worker exists.
    int wakeFd = -1;
    int64_t startNs = 0;                    // window start (warm-up begins)
    std::atomic<int64_t> measureStartNs{0}; // 0 until measuring begins (beginMeasuring())
    // The process's CPU time when measuring began, read before measureStartNs was set, so that
    // every thread's CPU span of the measured phase lies within the process's.
    std::atomic<int64_t> processCpuAtMeasureNs{0};
    std::atomic<int64_t> warmupResponses{0}; // for warm-up by request count
    std::atomic<int64_t> tickets{0};         // measured attempts claimed (request limit)
    int collectorFd = -1;                    // eventfd: a worker pushed a slot or finished

    // Measuring begins at `atNs`, unless it began already. Any thread.
    void beginMeasuring(int64_t atNs)
    {
        const int64_t cpu = processCpuNs();
        int64_t expected = 0;
        if (measureStartNs.compare_exchange_strong(expected, atNs))
            processCpuAtMeasureNs.store(cpu);
    }

    // Wakes every worker; async-signal-safe.
    void wakeAll() const
    {
        uint64_t one = 1;
        [[maybe_unused]] ssize_t n = ::write(wakeFd, &one, sizeof one);
    }
    void abort()
    {
        if (!aborted.exchange(true))
            wakeAll();
    }
};

} // namespace sb::load::detail
