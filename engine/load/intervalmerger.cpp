#include "load/intervalmerger.h"

#include <algorithm>

namespace sb::load::detail {

namespace {

// Entries kept for reuse from the start: the collector rarely holds more than a few intervals.
constexpr int kPreallocated = 4;
constexpr size_t kFreeCapacity = 64;

} // namespace

void IntervalMerger::Pending::reset()
{
    first = 0;
    endNs = 0;
    draining = true;
    counts = Counters{};
    latency.reset();
    sendDelayMaxNs = 0;
    std::fill(inFlightOf.begin(), inFlightOf.end(), -1);
}

void IntervalMerger::Pending::merge(const Pending &later)
{
    first = std::min(first, later.first);
    endNs = std::max(endNs, later.endNs);
    draining = draining && later.draining;
    counts.add(later.counts);
    latency.add(later.latency);
    sendDelayMaxNs = std::max(sendDelayMaxNs, later.sendDelayMaxNs);
    for (size_t w = 0; w < inFlightOf.size(); ++w)
        if (later.inFlightOf[w] >= 0)
            inFlightOf[w] = later.inFlightOf[w];
}

IntervalMerger::IntervalMerger(int workers, int64_t intervalNs)
    : m_workers(workers)
    , m_intervalNs(intervalNs)
    , m_last(size_t(workers), Key{-1, -1})
{
    m_free.reserve(kFreeCapacity);
    Map spare;
    for (int i = 0; i < kPreallocated; ++i)
        spare.try_emplace(Key{0, i}, workers);
    while (!spare.empty())
        m_free.push_back(spare.extract(spare.begin()));
}

IntervalMerger::Map::node_type IntervalMerger::node(Key key)
{
    Map::node_type n;
    if (m_free.empty()) {
        Map one;
        one.try_emplace(key, m_workers);
        n = one.extract(one.begin());
    } else {
        n = std::move(m_free.back());
        m_free.pop_back();
        n.mapped().reset();
    }
    n.key() = key;
    return n;
}

void IntervalMerger::release(Map::iterator it)
{
    m_free.push_back(m_pending.extract(it));
}

void IntervalMerger::add(int w, const Slot &slot)
{
    const int phase = slot.warmup ? 0 : 1;
    int first = slot.firstIndex;
    int last = slot.index;
    // Pending ranges that overlap [first, last] (they are disjoint and sorted by their last
    // index) become one entry with the slot, in order, so that later in-flight counts win.
    Map::node_type merged;
    auto it = m_pending.lower_bound(Key{phase, first});
    while (it != m_pending.end() && it->first.first == phase && it->second.first <= last) {
        last = std::max(last, it->first.second);
        Map::node_type n = m_pending.extract(it++);
        if (merged.empty()) {
            merged = std::move(n);
        } else {
            merged.mapped().merge(n.mapped());
            n.mapped().reset();
            m_free.push_back(std::move(n));
        }
    }
    if (merged.empty()) {
        merged = node(Key{phase, last});
        merged.mapped().first = first;
    }
    Pending &p = merged.mapped();
    p.first = std::min(p.first, first);
    p.endNs = std::max(p.endNs, slot.endNs);
    p.draining = p.draining && slot.draining;
    p.counts.add(slot.counts);
    p.latency.add(slot.latency);
    p.sendDelayMaxNs = std::max(p.sendDelayMaxNs, slot.sendDelayMaxNs);
    p.inFlightOf[size_t(w)] = slot.inFlight;
    merged.key() = Key{phase, last};
    m_pending.insert(std::move(merged));
    m_last[size_t(w)] = std::max(m_last[size_t(w)], Key{phase, slot.index});
}

bool IntervalMerger::isShort(const Pending &p, int64_t phaseStartNs) const
{
    return p.endNs - (phaseStartNs + int64_t(p.first) * m_intervalNs) < m_intervalNs / 2;
}

void IntervalMerger::foldFinalSliver(int64_t warmupStartNs, int64_t measureStartNs)
{
    if (m_pending.size() < 2)
        return;
    const auto last = std::prev(m_pending.end());
    const auto before = std::prev(last);
    if (before->first.first != last->first.first ||
        !isShort(last->second, phaseStart(last->first, warmupStartNs, measureStartNs)))
        return;
    before->second.merge(last->second);
    release(last);
}

void IntervalMerger::fill(const Key &key, const Pending &p, int64_t phaseStartNs)
{
    IntervalSnapshot &s = m_snapshot;
    s.warmup = key.first == 0;
    s.index = key.second;
    s.startS = double(int64_t(p.first) * m_intervalNs) / 1e9;
    s.endS = std::max(s.startS, double(p.endNs - phaseStartNs) / 1e9);
    s.counts = p.counts;
    const double span = s.endS - s.startS;
    s.okPerS = span > 0 ? double(p.counts.ok) / span : 0;
    s.latency = &p.latency;
    s.p50Us = p.latency.valueAtPercentile(50);
    s.p90Us = p.latency.valueAtPercentile(90);
    s.p99Us = p.latency.valueAtPercentile(99);
    s.maxUs = p.latency.max();
    s.sendDelayMaxUs = (p.sendDelayMaxNs + 500) / 1000;
    s.inFlight = 0;
    for (int n : p.inFlightOf)
        s.inFlight += std::max(0, n);
    s.draining = p.draining;
}

} // namespace sb::load::detail
