#pragma once

// A load worker's side of the interval hand-over (the collector's side is IntervalMerger): the
// counts, latencies and largest send delay of the intervals not handed over yet, and the ring
// they go through. Internal to the load engine; the worker's thread alone calls it (the ring's
// other end is the collector's).

#include "load/window.h"

#include <algorithm>
#include <cstdint>

namespace sb::load::detail {

class IntervalSlots
{
public:
    explicit IntervalSlots(const Window &window)
        : m_window(window)
    {}

    // Where the worker stands when handing over: each slot says how many requests were in
    // flight and whether sending had stopped before its range began.
    struct Progress
    {
        int64_t measureStartNs = 0;      // when this worker saw measuring begin, 0 = not yet
        int64_t stoppedAtNs = INT64_MAX; // when sending stopped for good, INT64_MAX = not
        int inFlight = 0;                // requests outstanding
    };

    // The interval `now` falls in and the start of its phase (absolute ns).
    Key keyAt(int64_t now, int64_t &phaseStartNs) const
    {
        const int64_t ms = m_window.measureStartNs.load(std::memory_order_relaxed);
        if (ms != 0 && now >= ms) {
            phaseStartNs = ms;
            return {1, int((now - ms) / m_window.intervalNs)};
        }
        phaseStartNs = m_window.startNs;
        return {0, int((now - m_window.startNs) / m_window.intervalNs)};
    }

    // The current interval, whose counts are gathered now.
    const Key &key() const { return m_key; }
    // Does a request of the measured (or warm-up) phase count in the current interval?
    bool takes(bool measured) const { return measured == (m_key.first == 1); }
    Counters &counts() { return m_counts; }
    Histogram &latency() { return m_latency; }
    void noteSendDelay(int64_t delayNs) { m_sendDelayMaxNs = std::max(m_sendDelayMaxNs, delayNs); }
    Ring &ring() { return m_ring; }

    // The window's first interval, before anything was counted.
    void begin(Key key)
    {
        m_key = key;
        m_firstIndex = 0;
    }

    // The current interval becomes `key` (a later one, of a phase starting at `phaseStartNs`):
    // hands over the intervals that are over, if the ring has room; otherwise the next slot
    // covers them too (within one phase: a warm-up tail waits apart, in the carry).
    void moveTo(const Key &key, int64_t phaseStartNs, const Progress &progress);
    // At the end (`now`): hands over everything, waiting for the collector to make room.
    void flushFinal(int64_t now, const Progress &progress);

private:
    bool flushCarry(bool wait, const Progress &progress);
    // One slot [first, last] ending at endNs; false when the ring is full and !wait.
    bool pushSlot(bool warmup, int first, int last, int64_t endNs, Counters &counts,
                  Histogram &latency, int64_t &sendDelayMaxNs, bool wait, const Progress &progress);

    const Window &m_window;
    // The counts not handed over yet cover the intervals [m_firstIndex, m_key.second] of
    // m_key's phase.
    Key m_key{0, 0};
    int m_firstIndex = 0;
    Counters m_counts;
    Histogram m_latency;
    int64_t m_sendDelayMaxNs = 0;
    // The warm-up's last intervals when the ring was full as measuring began.
    struct Carry
    {
        bool valid = false;
        int first = 0;
        int last = 0;
        int64_t endNs = 0;
        Counters counts;
        Histogram latency;
        int64_t sendDelayMaxNs = 0;
    } m_carry;
    Ring m_ring;
};

} // namespace sb::load::detail
