#pragma once

// The collector's bookkeeping: merges the workers' slots into one IntervalSnapshot per interval.
// Internal to the load engine (see loadengine.h); one thread (the collector) uses it.

#include "load/loadresult.h"
#include "load/window.h"

#include <map>
#include <vector>

namespace sb::load::detail {

class IntervalMerger
{
public:
    // `workers` slots sources; intervals of `intervalNs`.
    IntervalMerger(int workers, int64_t intervalNs);

    // Takes worker `w`'s next slot (its slots arrive in order). A slot whose range overlaps
    // pending intervals merges them into one, so that every emitted interval carries the time
    // span its counts were gathered in. Reads slot.latency; does not reset it.
    void add(int w, const Slot &slot);

    // Emits, in order, each pending interval that no worker can add to any more: every worker
    // not `finished` has handed over a later one (or `all`). Phase starts are absolute ns.
    //
    // No interval shorter than half an interval is emitted (the sampler's rule, so that both
    // time lines have the same intervals): an interval waits while the one after it is still
    // short, and with `all` a final sliver is folded into the interval before it, which keeps
    // its index. An emitted interval never changes afterwards.
    template<typename Deliver>
    void emitReady(const std::vector<bool> &finished, bool all, int64_t warmupStartNs,
                   int64_t measureStartNs, Deliver &&deliver)
    {
        if (all)
            foldFinalSliver(warmupStartNs, measureStartNs);
        while (!m_pending.empty()) {
            const auto it = m_pending.begin();
            if (!all) {
                for (size_t w = 0; w < m_last.size(); ++w)
                    if (!finished[w] && !(m_last[w] > it->first))
                        return;
                const auto next = std::next(it);
                if (next == m_pending.end() ||
                    (std::next(next) == m_pending.end() && next->first.first == it->first.first &&
                     isShort(next->second, phaseStart(next->first, warmupStartNs, measureStartNs))))
                    return;
            }
            fill(it->first, it->second, it->first.first == 0 ? warmupStartNs : measureStartNs);
            release(it);
            deliver(static_cast<const IntervalSnapshot &>(m_snapshot));
        }
    }

    bool empty() const { return m_pending.empty(); }

private:
    struct Pending
    {
        explicit Pending(int workers)
            : inFlightOf(size_t(workers), -1)
        {}
        void reset();
        void merge(const Pending &later);

        int first = 0; // first interval index of the range (the map key holds the last)
        int64_t endNs = 0;
        bool draining = true;
        Counters counts;
        Histogram latency;
        int64_t sendDelayMaxNs = 0;
        std::vector<int> inFlightOf; // per worker, its latest in-flight count, -1 = none
    };
    using Map = std::map<Key, Pending>;

    Map::node_type node(Key key);
    void release(Map::iterator it);
    static int64_t phaseStart(const Key &key, int64_t warmupStartNs, int64_t measureStartNs)
    {
        return key.first == 0 ? warmupStartNs : measureStartNs;
    }
    // Covers less than half an interval (from its first interval's start to its last datum).
    bool isShort(const Pending &p, int64_t phaseStartNs) const;
    void foldFinalSliver(int64_t warmupStartNs, int64_t measureStartNs);
    void fill(const Key &key, const Pending &p, int64_t phaseStartNs);

    int m_workers;
    int64_t m_intervalNs;
    Map m_pending;                      // by (phase, last index); ranges are disjoint
    std::vector<Map::node_type> m_free; // emitted entries, reused: no allocation per interval
    std::vector<Key> m_last;            // per worker, the latest key it handed over
    IntervalSnapshot m_snapshot;
};

} // namespace sb::load::detail
