#include "run/windowfigures.h"

#include "report/figures.h"
#include "run/gates.h"
#include "run/loadjson.h"

namespace sb::run {

double serverCoresMean(const TreeSummary &s)
{
    return report::cores(s.serverCpuS, s.durationS);
}

void fillWindowFigures(store::WindowRecord &w, const load::LoadResult &r, const TreeSummary &s,
                       load::Mode mode)
{
    const load::Counters &t = r.total;
    w.elapsedS = r.elapsedS;
    w.drainS = r.drainS;
    w.inFlightAtEnd = r.inFlightAtEnd;
    w.requests = t.responses;
    w.ok = t.ok;
    w.statusCounts = statusCountsJson(t);
    w.errors = errorCountsJson(t);
    w.bytesIn = t.bytesIn;
    w.bytesOut = t.bytesOut;
    w.reconnects = t.reconnects;
    w.clientCpuS = r.clientCpuS;
    w.latencyUs = latencySummaryJson(r.latency);
    w.histogram = encodedHistogram(r.latency);
    if (mode == load::Mode::Open)
        w.histogramUncorrected = encodedHistogram(r.latencyUncorrected);
    w.serverCpuS = s.serverCpuS;
    w.serverCoresMean = serverCoresMean(s);
    w.foreignPctMean = s.foreignPct.mean;
    w.foreignPctPeak = s.foreignPct.peak;
    w.excludedPctMean = s.excludedPct.mean;
    w.generatorPctMean = s.generatorPct.mean;
    w.rssBytesPeak = s.rssBytesPeak;
    w.pssBytesPeak = s.pssBytesPeak;
}

store::IntervalRecord loadInterval(const load::IntervalSnapshot &s, int expectStatus)
{
    store::IntervalRecord r;
    r.index = s.index;
    r.startS = s.startS;
    r.endS = s.endS;
    r.requests = s.counts.responses;
    r.ok = s.counts.ok;
    r.errors = s.counts.errors() + unexpectedStatuses(s.counts, expectStatus);
    r.okPerS = s.okPerS;
    r.p50Us = s.p50Us;
    r.p90Us = s.p90Us;
    r.p99Us = s.p99Us;
    r.maxUs = s.maxUs;
    return r;
}

void addSampleToInterval(store::IntervalRecord &r, const TreeReading &s)
{
    r.serverCores = s.serverCores;
    r.foreignPct = s.foreignPct;
    r.excludedPct = s.excludedPct;
    r.generatorPct = s.generatorPct;
    r.rssBytes = s.rssBytes;
    r.pssBytes = s.pssBytes;
}

void appendSampleSeries(QVector<store::SampleRecord> &samples, const TreeReading &s)
{
    const double atS = s.endS;
    samples.append({atS, QStringLiteral("machine-pct"), s.machinePct});
    samples.append({atS, QStringLiteral("own-pct"), s.ownPct});
    samples.append({atS, QStringLiteral("server-cpu-s"), s.serverCpuS});
    samples.append({atS, QStringLiteral("server-processes"), double(s.processes)});
    samples.append({atS, QStringLiteral("excluded-processes"), double(s.excludedProcesses)});
}

} // namespace sb::run
