#include "lane/sharemerge.h"

#include "core/qterror.h"

#include <algorithm>
#include <map>

namespace sb::lane {

namespace {

sb::Error mismatch(const QString &host, const QString &detail)
{
    return sb::qtError(QString::fromLatin1(kMismatchError), host, detail);
}

// The counts that must agree between a host's intervals and its total.
struct CountField
{
    const char *name;
    int64_t load::Counters::*member;
};
constexpr CountField kCheckedCounts[] = {
    {"requests", &load::Counters::requests},
    {"responses", &load::Counters::responses},
    {"2xx", &load::Counters::ok},
    {"connect errors", &load::Counters::connectErrors},
    {"read errors", &load::Counters::readErrors},
    {"timeouts", &load::Counters::timeouts},
};

sb::Status checkHost(const HostShare &h)
{
    load::Counters sum;
    for (const ShareInterval &i : h.intervals)
        if (!i.snapshot.warmup)
            sum.add(i.snapshot.counts);
    // A cancelled window stops handing over intervals early; its totals stand alone.
    if (h.result.cancelled)
        return sb::Ok{};
    for (const CountField &f : kCheckedCounts)
        if (sum.*f.member != h.result.total.*f.member)
            return mismatch(h.host, QStringLiteral("the measured intervals of %1 add up to %2 %3, "
                                                   "its total says %4")
                                        .arg(h.host)
                                        .arg(sum.*f.member)
                                        .arg(QLatin1String(f.name))
                                        .arg(h.result.total.*f.member));
    return sb::Ok{};
}

bool addHistogram(Histogram &into, const Histogram &h)
{
    if (h.count() == 0 && h.clampedCount() == 0)
        return true;
    if (into.count() == 0 && (into.lowest() != h.lowest() || into.highest() != h.highest() ||
                              into.significantDigits() != h.significantDigits())) {
        into = h;
        return true;
    }
    return into.add(h);
}

} // namespace

sb::Result<MergedWindow> mergeShares(std::vector<HostShare> hosts)
{
    MergedWindow m;
    std::map<std::pair<int, int>, MergedInterval> intervals;
    int64_t latencyCount = 0;
    for (const HostShare &h : hosts) {
        if (const sb::Status st = checkHost(h); !st.ok())
            return st.error();
        const load::LoadResult &r = h.result;
        m.warmup.add(r.warmup);
        m.total.add(r.total);
        if (!addHistogram(m.latency, r.latency) ||
            !addHistogram(m.latencyUncorrected, r.latencyUncorrected) ||
            !addHistogram(m.sendDelay, r.sendDelay))
            return mismatch(h.host, QStringLiteral("the histograms of %1 have another layout "
                                                   "than those of the other hosts")
                                        .arg(h.host));
        latencyCount += r.latency.count();
        m.elapsedS = std::max(m.elapsedS, r.elapsedS);
        m.cancelled = m.cancelled || r.cancelled;
        if (m.aborted.isEmpty() && !r.aborted.empty())
            m.aborted = h.host + QStringLiteral(": ") + QString::fromStdString(r.aborted);
        m.cpu.push_back(HostCpu{h.host, r.clientCpuS, r.processCpuS, r.elapsedS, h.hello.cores});
        for (const ShareInterval &i : h.intervals) {
            const load::IntervalSnapshot &s = i.snapshot;
            MergedInterval &mi = intervals[{s.warmup ? 0 : 1, s.index}];
            if (mi.hosts == 0) {
                mi.warmup = s.warmup;
                mi.index = s.index;
                mi.startS = s.startS;
                mi.latency = i.latency;
            } else {
                mi.startS = std::min(mi.startS, s.startS);
                if (mi.latency && i.latency) {
                    if (!addHistogram(*mi.latency, *i.latency))
                        return mismatch(h.host, QStringLiteral("an interval histogram of %1 has "
                                                               "another layout")
                                                    .arg(h.host));
                } else {
                    mi.latency.reset();
                }
            }
            mi.endS = std::max(mi.endS, s.endS);
            mi.counts.add(s.counts);
            mi.okPerS += s.okPerS;
            mi.maxUs = std::max(mi.maxUs, s.maxUs);
            mi.inFlight += s.inFlight;
            ++mi.hosts;
        }
    }
    if (m.latency.count() != latencyCount)
        return mismatch(QString(), QStringLiteral("the merged histogram holds %1 latencies, the "
                                                  "hosts' hold %2")
                                       .arg(m.latency.count())
                                       .arg(latencyCount));
    m.intervals.reserve(intervals.size());
    for (auto &[key, mi] : intervals)
        m.intervals.push_back(std::move(mi));
    m.okPerS = m.elapsedS > 0 ? double(m.total.ok) / m.elapsedS : 0;
    m.hosts = std::move(hosts);
    return m;
}

std::vector<load::LoadSpec> splitSpec(const load::LoadSpec &spec, int shares)
{
    shares = std::clamp(shares, 1, std::max(1, spec.connections));
    if (spec.requestLimit > 0) // a share of 0 requests would measure by duration instead
        shares = int(std::min<int64_t>(shares, spec.requestLimit));
    std::vector<load::LoadSpec> out(size_t(shares), spec);
    for (int i = 0; i < shares; ++i) {
        load::LoadSpec &s = out[size_t(i)];
        s.connections = spec.connections / shares + (i < spec.connections % shares ? 1 : 0);
        s.threads = std::clamp(spec.threads, 1, s.connections);
        s.ratePerS = spec.ratePerS / shares;
        if (spec.requestLimit > 0)
            s.requestLimit = spec.requestLimit / shares + (i < spec.requestLimit % shares ? 1 : 0);
        if (spec.warmupRequests > 0)
            s.warmupRequests =
                spec.warmupRequests / shares + (i < spec.warmupRequests % shares ? 1 : 0);
    }
    return out;
}

} // namespace sb::lane
