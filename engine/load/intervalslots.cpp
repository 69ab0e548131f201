#include "load/intervalslots.h"

#include <chrono>
#include <thread>
#include <utility>

namespace sb::load::detail {

void IntervalSlots::moveTo(const Key &key, int64_t phaseStartNs, const Progress &progress)
{
    const bool samePhase = key.first == m_key.first;
    // Intervals this worker slept through belong to the slot it hands over now, so that the
    // phase's slots tile its time; the warm-up ends where measuring begins.
    int last = key.second - 1;
    int64_t endNs = phaseStartNs + int64_t(key.second) * m_window.intervalNs;
    if (!samePhase) {
        endNs = phaseStartNs;
        last = std::max(m_key.second, int((endNs - 1 - m_window.startNs) / m_window.intervalNs));
    }
    const bool pushed = flushCarry(false, progress) &&
                        pushSlot(m_key.first == 0, m_firstIndex, last, endNs, m_counts, m_latency,
                                 m_sendDelayMaxNs, false, progress);
    if (pushed) {
        m_firstIndex = samePhase ? key.second : 0;
    } else if (!samePhase) {
        // The collector is behind as measuring begins: keep the warm-up's tail apart.
        m_carry.valid = true;
        m_carry.first = m_firstIndex;
        m_carry.last = last;
        m_carry.endNs = endNs;
        m_carry.counts = m_counts;
        m_counts = Counters{};
        m_carry.sendDelayMaxNs = std::exchange(m_sendDelayMaxNs, 0);
        std::swap(m_carry.latency, m_latency);
        m_latency.reset();
        m_firstIndex = 0;
    } // else the next slot covers these intervals too, from m_firstIndex on
    m_key = key;
}

void IntervalSlots::flushFinal(int64_t now, const Progress &progress)
{
    flushCarry(true, progress);
    pushSlot(m_key.first == 0, m_firstIndex, m_key.second, now, m_counts, m_latency,
             m_sendDelayMaxNs, true, progress);
}

bool IntervalSlots::flushCarry(bool wait, const Progress &progress)
{
    if (!m_carry.valid)
        return true;
    if (!pushSlot(true, m_carry.first, m_carry.last, m_carry.endNs, m_carry.counts, m_carry.latency,
                  m_carry.sendDelayMaxNs, wait, progress))
        return false;
    m_carry.valid = false;
    return true;
}

bool IntervalSlots::pushSlot(bool warmup, int first, int last, int64_t endNs, Counters &counts,
                             Histogram &latency, int64_t &sendDelayMaxNs, bool wait,
                             const Progress &progress)
{
    Ring &r = m_ring;
    const uint32_t tail = r.tail.load(std::memory_order_relaxed);
    while (tail - r.head.load(std::memory_order_acquire) >= kRingSize) {
        if (!wait)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    Slot &s = r.slots[tail % kRingSize];
    s.warmup = warmup;
    s.firstIndex = first;
    s.index = last;
    s.endNs = endNs;
    const int64_t phaseStart = warmup ? m_window.startNs : progress.measureStartNs;
    s.draining = progress.stoppedAtNs <= phaseStart + int64_t(first) * m_window.intervalNs;
    s.inFlight = progress.inFlight;
    s.counts = counts;
    counts = Counters{};
    s.sendDelayMaxNs = std::exchange(sendDelayMaxNs, 0);
    std::swap(s.latency, latency); // the slot's histogram was reset by the collector
    r.tail.store(tail + 1, std::memory_order_release);
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(m_window.collectorFd, &one, sizeof one);
    return true;
}

} // namespace sb::load::detail
