#pragma once

// Internals of one load window shared by the engine, its workers and its collector. Not part of
// the public API (see loadengine.h).

#include "load/loadresult.h"
#include "load/loadspec.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <sys/socket.h>
#include <time.h>
#include <utility>

namespace sb::load::detail {

constexpr int kRingSize = 16; // interval slots a worker can hand over before the collector reads

inline int64_t nowNs()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// One interval's contribution of one worker, passed from the worker to the collector.
struct Slot
{
    bool warmup = false;
    int index = 0;
    int64_t endNs = 0; // absolute end of the time this slot covers
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

inline Key keyOf(const Slot &s)
{
    return {s.warmup ? 0 : 1, s.index};
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

    std::atomic<bool> cancelled{false};
    int64_t startNs = 0;                     // window start (warm-up begins)
    std::atomic<int64_t> measureStartNs{0};  // 0 until measuring begins
    std::atomic<int64_t> warmupResponses{0}; // for warm-up by request count
    std::atomic<int64_t> tickets{0};         // measured requests claimed (request limit)
    int collectorFd = -1;                    // eventfd: a worker pushed a slot or finished
};

} // namespace sb::load::detail
