#include "ui/charts/timeline.h"

#include <algorithm>
#include <iterator>

namespace sb::charts {

namespace {

// A host named, its cores not known yet.
HostCores hostNamed(const QString &host)
{
    HostCores h;
    h.host = host;
    return h;
}

} // namespace

CappedSeries::CappedSeries(Merge merge, int cap)
    : m_merge(merge)
    , m_cap(std::max(cap, 2))
{
    m_keys.reserve(m_cap);
    m_values.reserve(m_cap);
}

double CappedSeries::merged(double a, double b) const
{
    return m_merge == Merge::Max ? std::max(a, b) : (a + b) / 2;
}

void CappedSeries::append(double key, double value)
{
    if (m_stride > 1) {
        // Fill a bucket of `stride` source points; it becomes one point when complete. The
        // bucket's running value is shown as the last point so the line never lags.
        if (m_pendingCount == 0) {
            m_pendingValue = value;
            m_keys.append(key);
            m_values.append(value);
        } else {
            m_pendingValue = m_merge == Merge::Max
                                 ? std::max(m_pendingValue, value)
                                 : (m_pendingValue * m_pendingCount + value) / (m_pendingCount + 1);
            m_keys.back() = key;
            m_values.back() = m_pendingValue;
        }
        if (++m_pendingCount == m_stride)
            m_pendingCount = 0;
    } else {
        m_keys.append(key);
        m_values.append(value);
    }
    if (m_keys.size() >= m_cap && m_pendingCount == 0)
        compress();
}

void CappedSeries::compress()
{
    const qsizetype half = m_keys.size() / 2;
    for (qsizetype i = 0; i < half; ++i) {
        m_keys[i] = m_keys[2 * i + 1];
        m_values[i] = merged(m_values[2 * i], m_values[2 * i + 1]);
    }
    const bool odd = m_keys.size() % 2 != 0;
    if (odd) {
        m_keys[half] = m_keys.back();
        m_values[half] = m_values.back();
    }
    m_keys.resize(half + (odd ? 1 : 0));
    m_values.resize(m_keys.size());
    m_stride *= 2;
    m_pendingCount = 0;
}

void CappedSeries::clear()
{
    m_keys.clear();
    m_values.clear();
    m_stride = 1;
    m_pendingCount = 0;
}

Timeline::Timeline()
{
    m_series[size_t(Series::Max)] = CappedSeries(CappedSeries::Merge::Max, kMaxPoints);
    for (int i = 0; i < kSeriesCount; ++i)
        if (Series(i) != Series::Max)
            m_series[size_t(i)] = CappedSeries(CappedSeries::Merge::Mean, kMaxPoints);
}

void Timeline::clear()
{
    for (CappedSeries &s : m_series)
        s.clear();
    m_measureStartS = 0;
    m_expectedEndS = 0;
    m_lastS = 0;
    m_lastSpanS = 0;
    m_hasP90 = false;
    m_hasMemory = false;
    for (HostCores &h : m_hostCores) {
        h.cores = -1;
        h.intervals.clear();
    }
}

void Timeline::setLoadHosts(const QStringList &hosts, bool keepReported)
{
    QList<HostCores> next;
    for (const QString &h : hosts) {
        const auto it = std::find_if(m_hostCores.begin(), m_hostCores.end(),
                                     [&h](const HostCores &c) { return c.host == h; });
        next.append(it == m_hostCores.end() ? hostNamed(h) : *it);
    }
    if (keepReported)
        for (const HostCores &c : std::as_const(m_hostCores))
            if ((c.cores >= 0 || c.intervals.size() > 0) && !hosts.contains(c.host))
                next.append(c);
    m_hostCores = next;
}

void Timeline::setHostCores(const QString &host, double cores)
{
    for (HostCores &h : m_hostCores) {
        if (h.host == host) {
            h.cores = std::max(0.0, cores);
            return;
        }
    }
    m_hostCores.append(hostNamed(host));
    m_hostCores.back().cores = std::max(0.0, cores);
}

void Timeline::addHostCores(double atS, const run::LoadHostCoresList &hosts)
{
    for (const run::LoadHostCores &c : hosts) {
        auto it = std::find_if(m_hostCores.begin(), m_hostCores.end(),
                               [&c](const HostCores &h) { return h.host == c.host; });
        if (it == m_hostCores.end()) {
            m_hostCores.append(hostNamed(c.host));
            it = std::prev(m_hostCores.end());
        }
        it->intervals.append(atS, std::max(0.0, c.cores));
    }
    if (!hosts.isEmpty())
        m_lastS = std::max(m_lastS, atS);
}

void Timeline::setMeasureStart(double s)
{
    m_measureStartS = std::max(0.0, s);
    m_lastS = std::max(m_lastS, m_measureStartS);
}

void Timeline::addLoad(const LoadPoint &p)
{
    if (p.spanS > 0 && m_lastSpanS > 0 && p.spanS < m_lastSpanS / 4)
        return;
    if (p.spanS > 0)
        m_lastSpanS = p.spanS;
    auto add = [&](Series s, double v) { m_series[size_t(s)].append(p.atS, v); };
    add(Series::Ok, p.okPerS);
    add(Series::Non2xx, p.non2xxPerS);
    add(Series::Errors, p.errorsPerS);
    add(Series::P50, p.p50Ms);
    if (p.p90Ms >= 0) {
        add(Series::P90, p.p90Ms);
        m_hasP90 = true;
    }
    add(Series::P99, p.p99Ms);
    add(Series::Max, p.maxMs);
    m_lastS = std::max(m_lastS, p.atS);
}

void Timeline::addResources(const ResourcePoint &p)
{
    auto add = [&](Series s, double v) { m_series[size_t(s)].append(p.atS, v); };
    add(Series::ServerCores, p.serverCores);
    add(Series::GeneratorCores, p.generatorCores);
    add(Series::ExcludedCores, p.excludedCores);
    add(Series::ForeignPct, p.foreignPct);
    if (p.rssMiB >= 0) {
        add(Series::RssMiB, p.rssMiB);
        m_hasMemory = true;
    }
    m_lastS = std::max(m_lastS, p.atS);
}

void Timeline::addInterval(const store::IntervalRecord &r, bool warmUp,
                           const run::LoadHostCoresList &hosts)
{
    const double atS = warmUp ? r.endS : m_measureStartS + r.endS;
    const double span = r.endS - r.startS;
    if (span > 0 && m_lastSpanS > 0 && span < m_lastSpanS / 4)
        return; // a stub (see addLoad)
    addLoad(loadPoint(r, atS));
    if (!warmUp) {
        addResources(resourcePoint(r, atS));
        addHostCores(atS, hosts);
    }
}

void Timeline::clearGhosts()
{
    m_ghosts.clear();
}

Ghost makeGhost(const QVector<store::IntervalRecord> &intervals)
{
    Ghost g{CappedSeries(CappedSeries::Merge::Mean, Timeline::kMaxPoints),
            CappedSeries(CappedSeries::Merge::Mean, Timeline::kMaxPoints),
            CappedSeries(CappedSeries::Merge::Mean, Timeline::kMaxPoints),
            CappedSeries(CappedSeries::Merge::Mean, Timeline::kMaxPoints)};
    for (const store::IntervalRecord &r : intervals) {
        g.ok.append(r.endS, r.okPerS);
        g.p99.append(r.endS, double(r.p99Us) / 1000.0);
        g.serverCores.append(r.endS, r.serverCores);
        g.foreignPct.append(r.endS, r.foreignPct);
    }
    return g;
}

void Timeline::addGhost(const Ghost &ghost)
{
    m_ghosts.append(ghost);
    while (m_ghosts.size() > kMaxGhosts)
        m_ghosts.removeFirst();
}

LoadPoint loadPoint(const store::IntervalRecord &r, double atS)
{
    const double dt = r.endS - r.startS;
    LoadPoint p;
    p.atS = atS;
    p.spanS = dt;
    p.okPerS = r.okPerS;
    p.non2xxPerS = dt > 0 ? double(r.requests - r.ok) / dt : 0;
    p.errorsPerS = dt > 0 ? double(r.errors) / dt : 0;
    p.p50Ms = double(r.p50Us) / 1000.0;
    // A stored interval from before schema version 3 has no p90 (0).
    p.p90Ms = r.p90Us > 0 ? double(r.p90Us) / 1000.0 : -1;
    p.p99Ms = double(r.p99Us) / 1000.0;
    p.maxMs = double(r.maxUs) / 1000.0;
    return p;
}

ResourcePoint resourcePoint(const store::IntervalRecord &r, double atS)
{
    ResourcePoint p;
    p.atS = atS;
    p.serverCores = r.serverCores;
    p.generatorCores = r.generatorPct / 100.0;
    p.excludedCores = r.excludedPct / 100.0;
    p.foreignPct = r.foreignPct;
    p.rssMiB = r.rssBytes > 0 ? double(r.rssBytes) / (1024.0 * 1024.0) : -1;
    return p;
}

} // namespace sb::charts
