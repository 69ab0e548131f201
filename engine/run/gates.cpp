#include "run/gates.h"

#include <QJsonArray>

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

GateVerdict evaluateGates(const GateFigures &f)
{
    GateVerdict v;
    if (f.cancelled)
        v.reasons << QStringLiteral("cancelled");

    v.gates.insert(QStringLiteral("server"),
                   QJsonObject{{QStringLiteral("passed"), !f.serverDied},
                               {QStringLiteral("detail"), f.serverDetail}});
    if (f.serverDied)
        v.reasons << QStringLiteral("server tree died: ") + f.serverDetail;

    const QString aborted = f.aborted;
    v.gates.insert(QStringLiteral("load"),
                   QJsonObject{{QStringLiteral("passed"), aborted.isEmpty()},
                               {QStringLiteral("aborted"), aborted}});
    if (!aborted.isEmpty())
        v.reasons << QStringLiteral("load aborted: ") + aborted;

    v.gates.insert(QStringLiteral("sleep"),
                   QJsonObject{{QStringLiteral("passed"), f.sleeps.isEmpty()},
                               {QStringLiteral("events"), QJsonArray::fromStringList(f.sleeps)}});
    if (!f.sleeps.isEmpty())
        v.reasons << QStringLiteral("sleep gap: ") + f.sleeps.first();

    if (f.checkpointsWatched) {
        v.gates.insert(QStringLiteral("checkpoint"),
                       QJsonObject{{QStringLiteral("passed"), f.checkpoints == 0},
                                   {QStringLiteral("value"), double(f.checkpoints)}});
        if (f.checkpoints > 0)
            v.reasons
                << QStringLiteral("%1 database checkpoint(s) inside the window").arg(f.checkpoints);
    }

    const bool foreignPassed = f.foreignPctMean < f.foreignGatePct;
    v.gates.insert(QStringLiteral("foreign_cpu"),
                   QJsonObject{{QStringLiteral("passed"), foreignPassed},
                               {QStringLiteral("value"), f.foreignPctMean},
                               {QStringLiteral("threshold"), f.foreignGatePct}});
    if (!foreignPassed)
        v.reasons << QStringLiteral("foreign-cpu %1% >= %2%")
                         .arg(f.foreignPctMean, 0, 'f', 0)
                         .arg(f.foreignGatePct, 0, 'f', 0);

    v.gates.insert(QStringLiteral("errors"),
                   QJsonObject{{QStringLiteral("passed"), f.problems.isEmpty()},
                               {QStringLiteral("detail"), f.problems}});
    if (!f.problems.isEmpty())
        v.reasons << QStringLiteral("errors: ") + f.problems;

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

} // namespace sb::run
