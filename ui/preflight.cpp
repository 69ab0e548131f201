#include "ui/preflight.h"

#include "run/quietwait.h"
#include "ui/widgets/outlineview.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QThread>
#include <algorithm>

namespace sb {

namespace {

// CPU of every process but this one, by name, ns.
QHash<QString, qint64> cpuByName()
{
    QHash<QString, qint64> out;
    for (const auto &[name, ns] : run::cpuNsByProcessName())
        out.insert(QString::fromStdString(name), ns);
    return out;
}

} // namespace

PreflightReading readPreflight(int spanMs, const QStringList &exclude)
{
    PreflightReading r;
    r.cores = std::max(1, QThread::idealThreadCount());
    QFile loadavg(QStringLiteral("/proc/loadavg"));
    if (loadavg.open(QIODevice::ReadOnly)) {
        bool ok = false;
        const double l = loadavg.readLine().split(' ').value(0).toDouble(&ok);
        r.load1 = ok ? l : -1;
    }
    run::ForeignCpuProbe probe(exclude, 0);
    const bool probing = probe.start();
    const QHash<QString, qint64> before = cpuByName();
    QThread::msleep(std::max(100, spanMs));
    qint64 spanMsRead = 0;
    if (probing)
        r.foreignPct = probe.read(&spanMsRead);
    const QHash<QString, qint64> after = cpuByName();
    const double spanNs = double(std::max<qint64>(spanMsRead, spanMs)) * 1e6;
    for (auto it = after.begin(); it != after.end(); ++it) {
        if (exclude.contains(it.key()))
            continue;
        const double cores = double(it.value() - before.value(it.key(), it.value())) / spanNs;
        if (cores >= 0.05)
            r.top.append({it.key(), cores});
    }
    std::sort(r.top.begin(), r.top.end(),
              [](const auto &a, const auto &b) { return a.second > b.second; });
    if (r.top.size() > 3)
        r.top.resize(3);
    return r;
}

QString preflightText(const PreflightReading &r, double gatePct, int retries, qint64 waitQuietMs)
{
    QStringList parts;
    if (r.load1 >= 0)
        parts << QCoreApplication::translate("sb::Preflight", "load %1 on %2 cores")
                     .arg(r.load1, 0, 'f', 1)
                     .arg(r.cores);
    if (r.foreignPct < 0)
        return parts.isEmpty()
                   ? QCoreApplication::translate("sb::Preflight", "Machine now: cannot be read")
                   : QCoreApplication::translate("sb::Preflight", "Machine now: %1")
                         .arg(parts.join(QStringLiteral("; ")));
    QString foreign = QCoreApplication::translate("sb::Preflight", "other processes %1 %")
                          .arg(r.foreignPct, 0, 'f', 0);
    if (!r.top.isEmpty()) {
        QStringList names;
        for (const auto &p : r.top)
            names << QCoreApplication::translate("sb::Preflight", "%1 %2 cores")
                         .arg(p.first)
                         .arg(p.second, 0, 'f', 1);
        foreign += QStringLiteral(" (") + names.join(QStringLiteral(", ")) + QLatin1Char(')');
    }
    parts << foreign;
    QString verdict;
    if (r.foreignPct < gatePct) {
        verdict = QCoreApplication::translate(
                      "sb::Preflight", "under the foreign-CPU gate (%1 %): windows should pass")
                      .arg(gatePct, 0, 'f', 0);
    } else {
        verdict = QCoreApplication::translate(
                      "sb::Preflight", "over the foreign-CPU gate (%1 %): windows would fail it")
                      .arg(gatePct, 0, 'f', 0);
        if (retries > 0)
            verdict += QLatin1Char(' ') +
                       (waitQuietMs > 0
                            ? QCoreApplication::translate(
                                  "sb::Preflight",
                                  "and be measured again up to %1 times, each after a wait of up "
                                  "to %2 for quiet")
                                  .arg(retries)
                                  .arg(OutlineView::durationText(waitQuietMs))
                            : QCoreApplication::translate(
                                  "sb::Preflight", "and be measured again up to %1 times at once")
                                  .arg(retries));
        verdict += QStringLiteral("; ") +
                   QCoreApplication::translate("sb::Preflight",
                                               "raise sampler.foreign_gate or "
                                               "sampler.wait_quiet_s in the plan, or stop "
                                               "those processes");
    }
    return QCoreApplication::translate("sb::Preflight", "Machine now: %1 — %2")
        .arg(parts.join(QStringLiteral("; ")), verdict);
}

} // namespace sb
