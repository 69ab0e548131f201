#include "sample/timeline.h"

#include <algorithm>

namespace sb::sample {

namespace {

constexpr double kNsPerS = 1e9;

// CPU over a span as % of one core, within 0..capPct. Readings of different counters are taken
// one after another, and /proc/stat counts in 10 ms ticks, so over a short span the ratio can
// exceed what the machine can do; the nanoseconds themselves stay as measured (their sums over
// a window are exact), only the rate is capped.
double pct(int64_t cpuNs, int64_t spanNs, double capPct)
{
    return std::clamp(100.0 * double(cpuNs) / double(spanNs), 0.0, capPct);
}

} // namespace

bool isShortInterval(int64_t spanNs, int intervalMs)
{
    return spanNs * 2 < int64_t(intervalMs) * 1'000'000LL;
}

void computeRates(Snapshot &s, int cores, int generatorCores)
{
    const int64_t spanNs = std::max<int64_t>(1, s.endNs - s.startNs);
    const double cap = 100.0 * std::max(1, cores);
    s.serverCores = pct(s.serverCpuNs, spanNs, cap) / 100.0;
    s.foreignPct = pct(s.foreignCpuNs, spanNs, cap);
    s.excludedPct = pct(s.excludedCpuNs, spanNs, cap);
    s.ownPct = pct(s.ownCpuNs, spanNs, cap);
    s.generatorPct = pct(s.generatorCpuNs, spanNs, cap);
    s.machinePct = pct(s.machineBusyNs, spanNs, cap);
    s.clientBound = generatorCores > 0 && s.generatorPct / 100.0 >= 0.95 * generatorCores;
    s.foreignTop.rate(spanNs);
}

Snapshot foldIntervals(const Snapshot &earlier, const Snapshot &later)
{
    Snapshot s = later;
    s.startNs = earlier.startNs;
    s.serverCpuNs += earlier.serverCpuNs;
    s.foreignCpuNs += earlier.foreignCpuNs;
    s.excludedCpuNs += earlier.excludedCpuNs;
    s.ownCpuNs += earlier.ownCpuNs;
    s.generatorCpuNs += earlier.generatorCpuNs;
    s.machineBusyNs += earlier.machineBusyNs;
    s.foreignTop.merge(earlier.foreignTop);
    s.events = earlier.events;
    s.events.insert(s.events.end(), later.events.begin(), later.events.end());
    s.tooShort = false;
    return s;
}

Timeline::Timeline(int intervalMs, int cores)
    : m_intervalMs(intervalMs)
    , m_cores(cores)
{}

std::vector<Snapshot> Timeline::add(Snapshot measured, int generatorCores)
{
    m_rssPeak = std::max(m_rssPeak, measured.serverRssBytes);
    m_pssPeak = std::max(m_pssPeak, measured.serverPssBytes);
    if (m_carry) {
        measured = foldIntervals(*m_carry, measured);
        m_carry.reset();
    }
    Snapshot s = std::move(measured);
    s.tooShort = false;
    std::vector<Snapshot> out;
    if (isShortInterval(s.endNs - s.startNs, m_intervalMs)) {
        if (!s.final) {
            m_carry = std::move(s);
            return out;
        }
        if (m_last) {
            const int index = m_last->index;
            s = foldIntervals(*m_last, s);
            s.index = index;
        } else {
            s.index = m_count++;
            s.tooShort = true;
        }
    } else {
        s.index = m_count++;
        release(out);
    }
    computeRates(s, m_cores, generatorCores);
    m_last = std::move(s);
    if (m_last->final)
        release(out);
    return out;
}

void Timeline::Series::add(double value, int64_t spanNs)
{
    weighted += value * double(spanNs);
    peak = any ? std::max(peak, value) : value;
    any = true;
}

SeriesStats Timeline::Series::stats(int64_t totalNs) const
{
    SeriesStats s;
    s.peak = peak;
    // A time-weighted mean of the same values can only exceed their largest by rounding.
    s.mean = totalNs > 0 ? std::min(weighted / double(totalNs), peak) : 0;
    return s;
}

// Hands out the held-back interval and counts it in the summary.
void Timeline::release(std::vector<Snapshot> &out)
{
    if (!m_last)
        return;
    const Snapshot &s = *m_last;
    const int64_t spanNs = s.endNs - s.startNs;
    m_totalNs += spanNs;
    m_serverNs += s.serverCpuNs;
    m_foreignNs += s.foreignCpuNs;
    m_excludedNs += s.excludedCpuNs;
    m_ownNs += s.ownCpuNs;
    m_generatorNs += s.generatorCpuNs;
    m_machineNs += s.machineBusyNs;
    m_server.add(s.serverCores, spanNs);
    m_foreign.add(s.foreignPct, spanNs);
    m_excluded.add(s.excludedPct, spanNs);
    m_own.add(s.ownPct, spanNs);
    m_generator.add(s.generatorPct, spanNs);
    m_machine.add(s.machinePct, spanNs);
    m_rss.add(double(s.serverRssBytes), spanNs);
    m_pss.add(double(s.serverPssBytes), spanNs);
    m_procs.add(double(s.serverProcesses), spanNs);
    m_events.insert(m_events.end(), s.events.begin(), s.events.end());
    m_intervalTops.push_back(s.foreignTop);
    out.push_back(std::move(*m_last));
    m_last.reset();
}

Summary Timeline::summary(int generatorCores)
{
    std::vector<Snapshot> unused;
    release(unused); // only if the final add() never came
    Summary sum;
    sum.durationS = double(m_totalNs) / kNsPerS;
    sum.samples = m_count;
    sum.serverCores = m_server.stats(m_totalNs);
    sum.foreignPct = m_foreign.stats(m_totalNs);
    sum.excludedPct = m_excluded.stats(m_totalNs);
    sum.ownPct = m_own.stats(m_totalNs);
    sum.generatorPct = m_generator.stats(m_totalNs);
    sum.machinePct = m_machine.stats(m_totalNs);
    sum.serverRssBytes = m_rss.stats(m_totalNs);
    sum.serverPssBytes = m_pss.stats(m_totalNs);
    sum.serverProcesses = m_procs.stats(m_totalNs);
    sum.serverCpuS = double(m_serverNs) / kNsPerS;
    sum.foreignCpuS = double(m_foreignNs) / kNsPerS;
    sum.excludedCpuS = double(m_excludedNs) / kNsPerS;
    sum.ownCpuS = double(m_ownNs) / kNsPerS;
    sum.generatorCpuS = double(m_generatorNs) / kNsPerS;
    sum.machineCpuS = double(m_machineNs) / kNsPerS;
    sum.rssBytesPeak = m_rssPeak;
    sum.pssBytesPeak = m_pssPeak;
    sum.clientBound = generatorCores > 0 && sum.generatorPct.mean / 100.0 >= 0.95 * generatorCores;
    sum.intervalForeignTops = std::move(m_intervalTops);
    sum.events = std::move(m_events);
    sum.slept = std::any_of(sum.events.begin(), sum.events.end(),
                            [](const Event &e) { return e.kind == EventKind::Sleep; });
    return sum;
}

} // namespace sb::sample
