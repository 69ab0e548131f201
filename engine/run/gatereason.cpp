#include "run/gatereason.h"

#include "core/enginetext.h"
#include "run/gates.h"
#include "sample/foreigntop.h"

#include <QJsonArray>

namespace sb::run {

namespace {

QString pct(double value)
{
    return QString::number(value, 'f', 0) + QLatin1Char('%');
}

// "64%", or "64% (32%machine of 2 cores)" for a share of the machine: the threshold compared
// with, and the gate as the plan wrote it when the two differ. From a CPU gate as stored
// (gates.cpp: cpuGateObject()).
QString thresholdText(const QJsonObject &g)
{
    const QString resolved = pct(g.value(QLatin1String("threshold")).toDouble());
    const QString gate = g.value(QLatin1String("gate")).toString();
    if (!gate.endsWith(QLatin1String("%machine")))
        return resolved;
    // The count in a variable: lupdate (6.4) hangs on a string literal in the count argument.
    const int cores = g.value(QLatin1String("machine_cores")).toInt();
    return trEngine("sb::run", "%1 (%2 of %n cores)", nullptr, cores).arg(resolved, gate);
}

// The processes of a foreign gate as stored ("top": [{name, pid, cores}]).
QList<ForeignProcess> storedTop(const QJsonObject &g)
{
    QList<ForeignProcess> out;
    for (const QJsonValue &v : g.value(QLatin1String("top")).toArray()) {
        const QJsonObject p = v.toObject();
        out.append(ForeignProcess{p.value(QLatin1String("name")).toString(),
                                  p.value(QLatin1String("pid")).toInteger(),
                                  p.value(QLatin1String("cores")).toDouble()});
    }
    return out;
}

// What follows a foreign gate's figures: the processes behind them (when they were sampled: the
// gate stores "top"), then the key that sets the gate. Names are concatenated, never passed
// through arg(): a process may call itself "%1".
QString foreignTail(const QJsonObject &g, QLatin1String key)
{
    QString tail;
    if (g.contains(QLatin1String("top"))) {
        const QList<ForeignProcess> processes = storedTop(g);
        tail = QStringLiteral(": ") +
               (processes.isEmpty()
                    ? trEngine("sb::run", "no single process used %1 cores or more (short-lived "
                                          "processes, or the kernel)")
                          .arg(sample::kForeignTopMinCores)
                    : foreignTopText(processes));
    }
    return tail + QStringLiteral("; ") +
           trEngine("sb::run", "the plan's \"sampler\": {\"%1\": \"%2\"} sets the gate")
               .arg(key, g.value(QLatin1String("gate")).toString());
}

QString foreignMeanReason(const QJsonObject &g)
{
    return trEngine("sb::run", "foreign-cpu %1 of a core (mean) >= the gate %2")
               .arg(pct(g.value(QLatin1String("value")).toDouble()), thresholdText(g)) +
           foreignTail(g, QLatin1String("foreign_gate"));
}

QString foreignPeakReason(const QJsonObject &g)
{
    return trEngine("sb::run", "foreign-cpu peak %1 of a core in interval %2 (%3-%4 s) >= the "
                               "gate %5")
               .arg(pct(g.value(QLatin1String("value")).toDouble()))
               .arg(g.value(QLatin1String("interval")).toInt() + 1)
               .arg(g.value(QLatin1String("start_s")).toDouble(), 0, 'f', 1)
               .arg(g.value(QLatin1String("end_s")).toDouble(), 0, 'f', 1)
               .arg(thresholdText(g)) +
           foreignTail(g, QLatin1String("foreign_peak_gate"));
}

} // namespace

QString gateReason(const QString &kind, const QJsonObject &gates)
{
    const QJsonObject g = gates.value(kind).toObject();
    const auto text = [&](QLatin1String key) { return g.value(key).toString(); };
    if (kind == store::kInvalidCancelled)
        return trEngine("sb::run", "cancelled");
    if (kind == store::kInvalidServer)
        return trEngine("sb::run", "server tree died: %1").arg(text(QLatin1String("detail")));
    if (kind == store::kInvalidOther) // the load engine gave up: the "load" gate
        return trEngine("sb::run", "load aborted: %1")
            .arg(gates.value(QLatin1String("load"))
                     .toObject()
                     .value(QLatin1String("aborted"))
                     .toString());
    if (kind == store::kInvalidSleep)
        return trEngine("sb::run", "sleep gap: %1")
            .arg(g.value(QLatin1String("events")).toArray().at(0).toString());
    if (kind == store::kInvalidCheckpoint) {
        const int checkpoints = int(g.value(QLatin1String("value")).toDouble());
        return trEngine("sb::run", "%n database checkpoint(s) inside the window", nullptr,
                        checkpoints);
    }
    if (kind == store::kInvalidForeignCpu)
        return foreignMeanReason(g);
    if (kind == store::kInvalidForeignPeak)
        return foreignPeakReason(g);
    if (kind == store::kInvalidErrors)
        return trEngine("sb::run", "errors: %1").arg(text(QLatin1String("detail")));
    if (kind == store::kInvalidClientBound) { // the first saturated load host
        const QJsonArray hosts = gates.value(QLatin1String("load_hosts"))
                                     .toObject()
                                     .value(QLatin1String("hosts"))
                                     .toArray();
        for (const QJsonValue &h : hosts) {
            const QJsonObject o = h.toObject();
            if (!o.value(QLatin1String("saturated")).toBool())
                continue;
            return trEngine("sb::run", "the load generator on %1 was saturated: %2 cores of its "
                                       "%3 threads; add a load host or threads there")
                .arg(o.value(QLatin1String("host")).toString())
                .arg(o.value(QLatin1String("generator_cores")).toDouble(), 0, 'f', 2)
                .arg(o.value(QLatin1String("threads")).toInt());
        }
    }
    return {};
}

QString invalidReasonText(const store::WindowRecord &window)
{
    if (window.valid || window.invalidKind.isEmpty())
        return window.invalidReason;
    QString english;
    {
        const EnglishEngineTexts source;
        english = gateReason(window.invalidKind, window.gates);
    }
    if (english.isEmpty() || english != window.invalidReason)
        return window.invalidReason;
    return gateReason(window.invalidKind, window.gates);
}

} // namespace sb::run
