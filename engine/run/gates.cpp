#include "run/gates.h"

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

QString pct(double value)
{
    return QString::number(value, 'f', 0) + QLatin1Char('%');
}

// "64%", or "64% (32%machine of 2 cores)" for a share of the machine: the threshold compared
// with, and the gate as the plan wrote it when the two differ.
QString thresholdText(const plan::CpuGate &gate, int machineCores)
{
    const QString resolved = pct(gate.percentOfOneCore(machineCores));
    if (gate.unit == plan::CpuGate::Unit::CorePct)
        return resolved;
    return QStringLiteral("%1 (%2 of %3 cores)").arg(resolved, gate.text()).arg(machineCores);
}

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

// The mean gate over the window, then the peak gate over its busiest interval.
void foreignGates(const GateFigures &f, GateVerdict &v)
{
    const int cores = std::max(1, f.machineCores);
    const bool meanPassed = f.foreignPctMean < f.foreignGate.percentOfOneCore(cores);
    v.gates.insert(QStringLiteral("foreign_cpu"),
                   cpuGateObject(meanPassed, f.foreignPctMean, f.foreignGate, cores));
    if (!meanPassed)
        fail(v, store::kInvalidForeignCpu,
             QStringLiteral("foreign-cpu %1 >= %2")
                 .arg(pct(f.foreignPctMean), thresholdText(f.foreignGate, cores)));
    if (!f.foreignPeakGate)
        return;
    const ForeignPeak &peak = f.foreignPeak;
    const bool peakPassed = peak.pct < f.foreignPeakGate->percentOfOneCore(cores);
    QJsonObject gate = cpuGateObject(peakPassed, peak.pct, *f.foreignPeakGate, cores);
    gate.insert(QStringLiteral("interval"), peak.index);
    gate.insert(QStringLiteral("start_s"), peak.startS);
    gate.insert(QStringLiteral("end_s"), peak.endS);
    v.gates.insert(QStringLiteral("foreign_peak"), gate);
    if (!peakPassed)
        fail(v, store::kInvalidForeignPeak,
             QStringLiteral("foreign-cpu peak %1 >= %2 in interval %3 (%4-%5 s)")
                 .arg(pct(peak.pct), thresholdText(*f.foreignPeakGate, cores))
                 .arg(peak.index + 1)
                 .arg(peak.startS, 0, 'f', 1)
                 .arg(peak.endS, 0, 'f', 1));
}

} // namespace

QStringList GateVerdict::reasons() const
{
    QStringList out;
    for (const GateFailure &f : failures)
        out << f.reason;
    return out;
}

GateVerdict evaluateGates(const GateFigures &f)
{
    GateVerdict v;
    if (f.cancelled)
        fail(v, store::kInvalidCancelled, QStringLiteral("cancelled"));

    v.gates.insert(QStringLiteral("server"),
                   QJsonObject{{QStringLiteral("passed"), !f.serverDied},
                               {QStringLiteral("detail"), f.serverDetail}});
    if (f.serverDied)
        fail(v, store::kInvalidServer, QStringLiteral("server tree died: ") + f.serverDetail);

    const QString aborted = f.aborted;
    v.gates.insert(QStringLiteral("load"),
                   QJsonObject{{QStringLiteral("passed"), aborted.isEmpty()},
                               {QStringLiteral("aborted"), aborted}});
    if (!aborted.isEmpty())
        fail(v, store::kInvalidOther, QStringLiteral("load aborted: ") + aborted);

    v.gates.insert(QStringLiteral("sleep"),
                   QJsonObject{{QStringLiteral("passed"), f.sleeps.isEmpty()},
                               {QStringLiteral("events"), QJsonArray::fromStringList(f.sleeps)}});
    if (!f.sleeps.isEmpty())
        fail(v, store::kInvalidSleep, QStringLiteral("sleep gap: ") + f.sleeps.first());

    if (f.checkpointsWatched) {
        v.gates.insert(QStringLiteral("checkpoint"),
                       QJsonObject{{QStringLiteral("passed"), f.checkpoints == 0},
                                   {QStringLiteral("value"), double(f.checkpoints)}});
        if (f.checkpoints > 0)
            fail(v, store::kInvalidCheckpoint,
                 QStringLiteral("%1 database checkpoint(s) inside the window").arg(f.checkpoints));
    }

    foreignGates(f, v);

    v.gates.insert(QStringLiteral("errors"),
                   QJsonObject{{QStringLiteral("passed"), f.problems.isEmpty()},
                               {QStringLiteral("detail"), f.problems}});
    if (!f.problems.isEmpty())
        fail(v, store::kInvalidErrors, QStringLiteral("errors: ") + f.problems);

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
