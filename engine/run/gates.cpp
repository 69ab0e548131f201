#include "run/gates.h"

#include "core/enginetext.h"
#include "run/gatereason.h"
#include "run/loadwindow.h"
#include "sample/foreigntop.h"

#include <QJsonArray>
#include <algorithm>

namespace sb::run {

int64_t unexpectedStatuses(const load::Counters &c, int expectStatus)
{
    const int64_t matching = expectStatus >= 0 && expectStatus < int(c.status.size())
                                 ? c.status[size_t(expectStatus)]
                                 : 0;
    return c.responses - matching;
}

QString problemSummary(const load::Counters &c, int expectStatus)
{
    QStringList parts;
    if (c.errors() > 0)
        parts << QStringLiteral("%1 transport errors (connect %2, read %3, write %4, timeout %5, "
                                "parse %6)")
                     .arg(c.errors())
                     .arg(c.connectErrors)
                     .arg(c.readErrors)
                     .arg(c.writeErrors)
                     .arg(c.timeouts)
                     .arg(c.parseErrors);
    if (c.tlsErrors() > 0)
        parts << QStringLiteral("TLS: handshake %1, certificate %2, alert %3, closed without "
                                "close_notify %4")
                     .arg(c.tlsHandshakeErrors)
                     .arg(c.tlsCertificateErrors)
                     .arg(c.tlsAlerts)
                     .arg(c.tlsNoCloseNotify);
    if (c.h2Errors() > 0)
        parts << QStringLiteral("HTTP/2: refused streams %1, reset streams %2, streams lost with "
                                "their connection %3, h2 not chosen by ALPN %4, h2c not spoken %5")
                     .arg(c.h2Refused)
                     .arg(c.h2Resets)
                     .arg(c.h2StreamsLost)
                     .arg(c.h2AlpnRefused)
                     .arg(c.h2NotSpoken);
    const int64_t unexpected = unexpectedStatuses(c, expectStatus);
    if (unexpected > 0) {
        QStringList codes;
        for (size_t code = 0; code < c.status.size(); ++code)
            if (c.status[code] > 0 && int(code) != expectStatus)
                codes << QStringLiteral("%1 x%2").arg(code).arg(c.status[code]);
        parts << QStringLiteral("%1 responses with a status other than %2 (%3)")
                     .arg(unexpected)
                     .arg(expectStatus)
                     .arg(codes.join(QStringLiteral(", ")));
    }
    return parts.join(QStringLiteral("; "));
}

WarmupVerdict evaluateWarmup(const load::LoadResult &warmup, int expectStatus)
{
    QString failure = problemSummary(warmup.total, expectStatus);
    if (!warmup.aborted.empty())
        failure = QString::fromStdString(warmup.aborted) +
                  (failure.isEmpty() ? QString() : QStringLiteral("; ") + failure);
    return {QJsonObject{{QStringLiteral("passed"), failure.isEmpty()},
                        {QStringLiteral("responses"), double(warmup.total.responses)},
                        {QStringLiteral("seconds"), warmup.elapsedS}},
            failure};
}

ForeignPeak foreignPeak(const QVector<store::IntervalRecord> &intervals)
{
    ForeignPeak peak;
    for (const store::IntervalRecord &r : intervals)
        if (peak.index < 0 || r.foreignPct > peak.pct)
            peak = ForeignPeak{r.index, r.startS, r.endS, r.foreignPct};
    return peak;
}

namespace {

QJsonObject cpuGateObject(bool passed, double value, const plan::CpuGate &gate, int machineCores)
{
    return QJsonObject{{QStringLiteral("passed"), passed},
                       {QStringLiteral("value"), value},
                       {QStringLiteral("threshold"), gate.percentOfOneCore(machineCores)},
                       {QStringLiteral("gate"), gate.text()},
                       {QStringLiteral("machine_cores"), machineCores}};
}

void fail(GateVerdict &v, QLatin1String kind, const QString &reason)
{
    v.failures.append(GateFailure{QString(kind), reason});
}

QString safeName(const QString &name)
{
    return QString::fromStdString(sample::sanitizedProcessName(name.toStdString()));
}

// The mean gate over the window, then the peak gate over its busiest interval.
void foreignGates(const GateFigures &f, GateVerdict &v)
{
    const int cores = std::max(1, f.machineCores);
    const bool meanPassed = f.foreignPctMean < f.foreignGate.percentOfOneCore(cores);
    QJsonObject mean = cpuGateObject(meanPassed, f.foreignPctMean, f.foreignGate, cores);
    if (f.foreignTop.sampled)
        mean.insert(QStringLiteral("top"), foreignTopJson(f.foreignTop.window));
    v.gates.insert(QStringLiteral("foreign_cpu"), mean);
    if (!meanPassed)
        fail(v, store::kInvalidForeignCpu, gateReason(store::kInvalidForeignCpu, v.gates));
    if (!f.foreignPeakGate)
        return;
    const ForeignPeak &peak = f.foreignPeak;
    const bool peakPassed = peak.pct < f.foreignPeakGate->percentOfOneCore(cores);
    QJsonObject gate = cpuGateObject(peakPassed, peak.pct, *f.foreignPeakGate, cores);
    gate.insert(QStringLiteral("interval"), peak.index);
    gate.insert(QStringLiteral("start_s"), peak.startS);
    gate.insert(QStringLiteral("end_s"), peak.endS);
    const QList<ForeignProcess> peakTop = f.foreignTop.interval(peak.index);
    if (f.foreignTop.sampled)
        gate.insert(QStringLiteral("top"), foreignTopJson(peakTop));
    v.gates.insert(QStringLiteral("foreign_peak"), gate);
    if (!peakPassed)
        fail(v, store::kInvalidForeignPeak, gateReason(store::kInvalidForeignPeak, v.gates));
}

} // namespace

QStringList GateVerdict::reasons() const
{
    QStringList out;
    for (const GateFailure &f : failures)
        out << f.reason;
    return out;
}

GateFigures gateFiguresOf(const WindowOutcome &m, const store::WindowRecord &window,
                          const plan::SamplerSettings &sampler, int threads)
{
    GateFigures f;
    f.cancelled = m.cancelled;
    f.aborted = m.aborted;
    f.serverDied = m.serverExited;
    f.serverDetail = QStringLiteral("the sampled process exited");
    for (const SamplerEvent &e : m.events)
        if (e.kind == QLatin1String("sleep"))
            f.sleeps << e.detail;
    f.foreignPctMean = window.foreignPctMean;
    f.foreignGate = sampler.foreignGate;
    f.machineCores = sampler.machineCores;
    f.foreignPeakGate = sampler.foreignPeakGate;
    f.foreignPeak = foreignPeak(window.intervals);
    f.problems = m.problems;
    f.clientCpuS = window.clientCpuS;
    f.elapsedS = window.elapsedS;
    f.threads = threads;
    f.samplerClientBound = m.clientBound;
    f.foreignTop = m.foreignTop; // the foreign gates name the busiest processes
    f.loadHosts = m.loadHosts;   // each load host's generator, gated on its own
    return f;
}

GateVerdict evaluateGates(const GateFigures &f)
{
    GateVerdict v;
    if (f.cancelled)
        fail(v, store::kInvalidCancelled, gateReason(store::kInvalidCancelled, v.gates));

    v.gates.insert(QStringLiteral("server"),
                   QJsonObject{{QStringLiteral("passed"), !f.serverDied},
                               {QStringLiteral("detail"), f.serverDetail}});
    if (f.serverDied)
        fail(v, store::kInvalidServer, gateReason(store::kInvalidServer, v.gates));

    const QString aborted = f.aborted;
    v.gates.insert(QStringLiteral("load"),
                   QJsonObject{{QStringLiteral("passed"), aborted.isEmpty()},
                               {QStringLiteral("aborted"), aborted}});
    if (!aborted.isEmpty())
        fail(v, store::kInvalidOther, gateReason(store::kInvalidOther, v.gates));

    v.gates.insert(QStringLiteral("sleep"),
                   QJsonObject{{QStringLiteral("passed"), f.sleeps.isEmpty()},
                               {QStringLiteral("events"), QJsonArray::fromStringList(f.sleeps)}});
    if (!f.sleeps.isEmpty())
        fail(v, store::kInvalidSleep, gateReason(store::kInvalidSleep, v.gates));

    if (f.checkpointsWatched) {
        v.gates.insert(QStringLiteral("checkpoint"),
                       QJsonObject{{QStringLiteral("passed"), f.checkpoints == 0},
                                   {QStringLiteral("value"), double(f.checkpoints)}});
        if (f.checkpoints > 0)
            fail(v, store::kInvalidCheckpoint, gateReason(store::kInvalidCheckpoint, v.gates));
    }

    foreignGates(f, v);

    v.gates.insert(QStringLiteral("errors"),
                   QJsonObject{{QStringLiteral("passed"), f.problems.isEmpty()},
                               {QStringLiteral("detail"), f.problems}});
    if (!f.problems.isEmpty())
        fail(v, store::kInvalidErrors, gateReason(store::kInvalidErrors, v.gates));

    if (!f.loadHosts.isEmpty()) {
        QJsonArray hosts;
        bool saturated = false;
        for (const QJsonValue &h : f.loadHosts) {
            QJsonObject o = h.toObject();
            const double cores = o.value(QLatin1String("generator_cores")).toDouble();
            const int threads = std::max(1, o.value(QLatin1String("threads")).toInt());
            const bool full = cores >= 0.95 * threads;
            o.insert(QStringLiteral("saturated"), full);
            saturated = saturated || full;
            hosts.append(o);
        }
        v.gates.insert(
            QStringLiteral("load_hosts"),
            QJsonObject{{QStringLiteral("passed"), !saturated}, {QStringLiteral("hosts"), hosts}});
        if (saturated) {
            fail(v, store::kInvalidClientBound, gateReason(store::kInvalidClientBound, v.gates));
            v.flags << QStringLiteral("client-bound");
        }
        return v;
    }
    const double clientCores = f.elapsedS > 0 ? f.clientCpuS / f.elapsedS : 0;
    const bool clientBound = f.samplerClientBound || clientCores >= 0.95 * f.threads;
    v.gates.insert(QStringLiteral("client_bound"),
                   QJsonObject{{QStringLiteral("flagged"), clientBound},
                               {QStringLiteral("client_cores"), clientCores},
                               {QStringLiteral("threads"), f.threads}});
    if (clientBound)
        v.flags << QStringLiteral("client-bound");
    return v;
}

QString foreignTopText(const QList<ForeignProcess> &top)
{
    QStringList parts;
    for (const ForeignProcess &p : top)
        parts << safeName(p.name) + QLatin1Char(' ') +
                     trEngine("sb::run", "(pid %1) %2 cores").arg(p.pid).arg(p.cores, 0, 'f', 2);
    return parts.join(QStringLiteral(", "));
}

QJsonArray foreignTopJson(const QList<ForeignProcess> &top)
{
    QJsonArray out;
    for (const ForeignProcess &p : top)
        out.append(QJsonObject{{QStringLiteral("name"), safeName(p.name)},
                               {QStringLiteral("pid"), double(p.pid)},
                               {QStringLiteral("cores"), p.cores}});
    return out;
}

bool foreignContended(const QJsonObject &gates)
{
    for (const QLatin1String name : {QLatin1String("foreign_cpu"), QLatin1String("foreign_peak")}) {
        const QJsonObject g = gates.value(name).toObject();
        if (g.contains(QStringLiteral("passed")) && !g.value(QStringLiteral("passed")).toBool())
            return true;
    }
    return false;
}

} // namespace sb::run
