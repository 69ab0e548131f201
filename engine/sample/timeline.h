#pragma once

#include "sample/sampler.h"

#include <cstdint>
#include <optional>
#include <vector>

// The sampler's interval timeline: the half-interval rule of sampler.h as pure functions and a
// small state machine, so that the rule is testable without processes or clocks. Plain values;
// one Timeline belongs to one window and one thread.
namespace sb::sample {

// True when an interval of `spanNs` is shorter than half of `intervalMs`.
bool isShortInterval(int64_t spanNs, int intervalMs);

// Fills the rates of `s` (serverCores and every *Pct, clientBound, the foreign top's cores, which
// drops the processes under kForeignTopMinCores) from its CPU nanoseconds and its span: CPU / span,
// each capped at the machine's capacity (`cores` cores = 100 x cores %), never below 0.
// `generatorCores` is the client-bound threshold's core count (0 = never bound).
void computeRates(Snapshot &s, int cores, int generatorCores);

// One interval from `earlier`'s start to `later`'s end: the CPU nanoseconds of both added (the
// foreign tops merged per process),
// memory, process counts, pids and rootAlive from `later` (they are read at an interval's end),
// both intervals' events in order, index and final from `later`. Rates are left to computeRates.
Snapshot foldIntervals(const Snapshot &earlier, const Snapshot &later);

class Timeline
{
public:
    // `intervalMs`: the nominal sampling interval; `cores`: online CPUs, for the rate caps.
    Timeline(int intervalMs, int cores);

    // Adds what one sample measured (CPU ns, span, memory, events; `final` when stop() took it)
    // and returns the intervals that became definitive, in order, with index, rates and flags
    // set. The newest interval is held back until the next add(), in case a short final one
    // must be folded into it; a short regular one is held back to be folded into the next. So a
    // regular add() returns at most the interval before, the final add() whatever is left.
    std::vector<Snapshot> add(Snapshot measured, int generatorCores);

    // The summary over the definitive intervals. Call once, after the final add(). Fills every
    // field but rootExited and foreignTop (the sampler knows each process's window total).
    Summary summary(int generatorCores);

private:
    struct Series
    {
        double weighted = 0; // sum of value x span ns
        double peak = 0;     // largest value of an emitted interval
        bool any = false;

        void add(double value, int64_t spanNs);
        SeriesStats stats(int64_t totalNs) const;
    };
    void release(std::vector<Snapshot> &out);

    int m_intervalMs;
    int m_cores;
    int m_count = 0;                 // intervals made (indices handed out)
    std::optional<Snapshot> m_carry; // a short regular interval waiting for the next one
    std::optional<Snapshot> m_last;  // the newest interval, held back
    int64_t m_totalNs = 0;
    int64_t m_serverNs = 0, m_foreignNs = 0, m_excludedNs = 0, m_ownNs = 0, m_generatorNs = 0,
            m_machineNs = 0;
    int64_t m_rssPeak = 0, m_pssPeak = 0; // over every reading, folded ones too
    Series m_server, m_foreign, m_excluded, m_own, m_generator, m_machine, m_rss, m_pss, m_procs;
    std::vector<Event> m_events;
    std::vector<ForeignTop> m_intervalTops;
};

} // namespace sb::sample
