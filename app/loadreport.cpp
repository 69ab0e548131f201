#include "app/loadreport.h"

#include "core/cpuset.h"
#include "run/loadjson.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <cstdio>
#include <vector>

namespace sb::cli {

namespace {

using LL = long long;

QString latencyText(double us)
{
    if (us >= 1e6)
        return QString::number(us / 1e6, 'f', 2) + QStringLiteral("s");
    if (us >= 1e3)
        return QString::number(us / 1e3, 'f', 2) + QStringLiteral("ms");
    return QString::number(us, 'f', 0) + QStringLiteral("us");
}

QString bytesText(double bytes)
{
    const char *units[] = {"B", "KB", "MB", "GB", "TB"};
    int u = 0;
    while (bytes >= 1024 && u < 4) {
        bytes /= 1024;
        ++u;
    }
    return QString::number(bytes, 'f', 2) + QLatin1String(units[u]);
}

bool isOpen(const LoadOptions &o)
{
    return o.spec.mode == load::Mode::Open;
}

double perS(int64_t count, double seconds)
{
    return seconds > 0 ? double(count) / seconds : 0.0;
}

// The CPUs the worker threads ran on: the set the engine applied once it reports one
// (LoadResult::cpusApplied), else the requested set.
template<typename Result> std::vector<int> cpusOf(const Result &r, const load::LoadSpec &spec)
{
    if constexpr (requires { r.cpusApplied; })
        return r.cpusApplied;
    else
        return spec.cpus;
}

QJsonObject countersJson(const load::Counters &c)
{
    return QJsonObject{{QStringLiteral("requests"), double(c.requests)},
                       {QStringLiteral("responses"), double(c.responses)},
                       {QStringLiteral("ok"), double(c.ok)},
                       {QStringLiteral("status"), run::statusCountsJson(c)},
                       {QStringLiteral("errors"), run::errorCountsJson(c)},
                       {QStringLiteral("bytes_in"), double(c.bytesIn)},
                       {QStringLiteral("bytes_out"), double(c.bytesOut)},
                       {QStringLiteral("reconnects"), double(c.reconnects)},
                       {QStringLiteral("late"), double(c.late)}};
}

QJsonObject latencyJson(const Histogram &h)
{
    QJsonObject o = run::latencySummaryJson(h);
    o.insert(QStringLiteral("count"), double(h.count()));
    return o;
}

// The send delay (ns in the histogram) in us, with one decimal: on-time sends are sub-us.
double delayUs(int64_t ns)
{
    return double(ns) / 1000.0;
}

QJsonObject sendDelayJson(const Histogram &h)
{
    return QJsonObject{{QStringLiteral("p50"), delayUs(h.valueAtPercentile(50))},
                       {QStringLiteral("p99"), delayUs(h.valueAtPercentile(99))},
                       {QStringLiteral("p999"), delayUs(h.valueAtPercentile(99.9))},
                       {QStringLiteral("max"), delayUs(h.max())},
                       {QStringLiteral("mean"), h.mean() / 1000.0},
                       {QStringLiteral("count"), double(h.count())}};
}

void printLatency(const LoadOptions &o, const load::LoadResult &r)
{
    const Histogram &h = r.latency;
    std::printf("  Latency %s   avg %9s   stdev %9s   max %9s\n", isOpen(o) ? "(corrected)" : "",
                qPrintable(latencyText(h.mean())), qPrintable(latencyText(h.stdev())),
                qPrintable(latencyText(double(h.max()))));
    std::printf("  Latency Distribution\n");
    for (double p : {50.0, 90.0, 99.0, 99.9})
        std::printf("  %6.1f%%  %9s\n", p, qPrintable(latencyText(double(h.valueAtPercentile(p)))));
    if (isOpen(o))
        std::printf("  Uncorrected p50 %s, p99 %s; late requests: %lld\n",
                    qPrintable(latencyText(double(r.latencyUncorrected.valueAtPercentile(50)))),
                    qPrintable(latencyText(double(r.latencyUncorrected.valueAtPercentile(99)))),
                    LL(r.total.late));
    if (isOpen(o)) {
        const Histogram &d = r.sendDelay;
        std::printf("  Send delay p50 %s, p99 %s, max %s\n",
                    qPrintable(latencyText(delayUs(d.valueAtPercentile(50)))),
                    qPrintable(latencyText(delayUs(d.valueAtPercentile(99)))),
                    qPrintable(latencyText(delayUs(d.max()))));
    }
}

void printNon2xx(const load::Counters &t)
{
    if (t.responses - t.ok <= 0)
        return;
    std::printf("  Non-2xx responses: %lld (", LL(t.responses - t.ok));
    bool first = true;
    for (size_t code = 0; code < t.status.size(); ++code) {
        if (t.status[code] == 0 || (code >= 200 && code < 300))
            continue;
        std::printf("%s%zu: %lld", first ? "" : ", ", code, LL(t.status[code]));
        first = false;
    }
    std::printf(")\n");
}

void printCounts(const load::LoadResult &r)
{
    const load::Counters &t = r.total;
    std::printf("  %lld requests in %.2fs, %s read\n", LL(t.responses), r.elapsedS,
                qPrintable(bytesText(double(t.bytesIn))));
    std::printf("  Drain: %.2fs of it waiting for %lld requests in flight when sending stopped\n",
                r.drainS, LL(r.inFlightAtEnd));
    printNon2xx(t);
    if (t.errors() > 0)
        std::printf(
            "  Socket errors: connect %lld, read %lld, write %lld, timeout %lld, parse %lld\n",
            LL(t.connectErrors), LL(t.readErrors), LL(t.writeErrors), LL(t.timeouts),
            LL(t.parseErrors));
    if (t.reconnects > 0)
        std::printf("  Reconnects: %lld\n", LL(t.reconnects));
}

} // namespace

void printIntervalLine(const LoadOptions &o, const load::IntervalSnapshot &s)
{
    const char *phase = s.warmup ? "warm-up" : s.draining ? "drain  " : "measure";
    QString inFlight = s.draining ? QStringLiteral("draining: %1 in flight").arg(s.inFlight)
                                  : QStringLiteral("in flight %1").arg(s.inFlight);
    if (isOpen(o) && !s.draining)
        inFlight +=
            QStringLiteral("  send delay max %1").arg(latencyText(double(s.sendDelayMaxUs)));
    std::fprintf(stderr, "  %s %5.1fs  2xx/s %10.1f  p50 %9s  p99 %9s  errors %lld  %s\n", phase,
                 s.endS, s.okPerS, qPrintable(latencyText(double(s.p50Us))),
                 qPrintable(latencyText(double(s.p99Us))), LL(s.counts.errors()),
                 qPrintable(inFlight));
}

void printHeader(const LoadOptions &o)
{
    const load::LoadSpec &spec = o.spec;
    const QString what = spec.requestLimit > 0
                             ? QStringLiteral("%1 requests").arg(spec.requestLimit)
                             : QStringLiteral("%1s").arg(double(spec.durationMs) / 1000.0);
    const QString pacing = isOpen(o) ? QStringLiteral("open loop at %1 req/s").arg(spec.ratePerS)
                                     : QStringLiteral("closed loop");
    std::printf("Running %s test @ %s\n  %d threads and %d connections, %s\n", qPrintable(what),
                qPrintable(o.url), spec.threads, spec.connections, qPrintable(pacing));
    std::fflush(stdout);
}

void printTextReport(const LoadOptions &o, const load::LoadResult &r)
{
    printLatency(o, r);
    printCounts(r);
    std::printf("Requests/sec: %12.2f\n", perS(r.total.responses, r.elapsedS));
    std::printf("2xx/sec:      %12.2f\n", r.okPerS);
    std::printf("Client CPU:   %12.2fs (%.2f cores); process %.2fs\n", r.clientCpuS,
                r.elapsedS > 0 ? r.clientCpuS / r.elapsedS : 0.0, r.processCpuS);
    if (const std::vector<int> cpus = cpusOf(r, o.spec); !cpus.empty())
        std::printf("Client CPUs:  %s\n", formatCpuList(cpus).c_str());
    if (r.cancelled)
        std::printf("Interrupted: the numbers cover the time until the interruption.\n");
    if (!r.aborted.empty())
        std::printf("Aborted: %s; the numbers cover the time until then.\n", r.aborted.c_str());
    std::fflush(stdout);
}

QByteArray jsonReport(const LoadOptions &o, const load::LoadResult &r)
{
    QJsonObject j = countersJson(r.total);
    j.insert(QStringLiteral("url"), o.url);
    j.insert(QStringLiteral("connections"), o.spec.connections);
    j.insert(QStringLiteral("threads"), o.spec.threads);
    j.insert(QStringLiteral("mode"), isOpen(o) ? QStringLiteral("open") : QStringLiteral("closed"));
    j.insert(QStringLiteral("elapsed_s"), r.elapsedS);
    j.insert(QStringLiteral("drain_s"), r.drainS);
    j.insert(QStringLiteral("in_flight_at_end"), double(r.inFlightAtEnd));
    j.insert(QStringLiteral("warmup_s"), r.warmupS);
    j.insert(QStringLiteral("ok_per_s"), r.okPerS);
    j.insert(QStringLiteral("requests_per_s"), perS(r.total.responses, r.elapsedS));
    j.insert(QStringLiteral("latency_us"), latencyJson(r.latency));
    if (isOpen(o))
        j.insert(QStringLiteral("latency_uncorrected_us"), latencyJson(r.latencyUncorrected));
    if (isOpen(o))
        j.insert(QStringLiteral("send_delay_us"), sendDelayJson(r.sendDelay));
    j.insert(QStringLiteral("client_cpu_s"), r.clientCpuS);
    j.insert(QStringLiteral("process_cpu_s"), r.processCpuS);
    if (const std::vector<int> cpus = cpusOf(r, o.spec); !cpus.empty())
        j.insert(QStringLiteral("cpus"), QString::fromStdString(formatCpuList(cpus)));
    j.insert(QStringLiteral("warmup"), countersJson(r.warmup));
    j.insert(QStringLiteral("cancelled"), r.cancelled);
    if (!r.aborted.empty())
        j.insert(QStringLiteral("aborted"), QString::fromStdString(r.aborted));
    return QJsonDocument(j).toJson(QJsonDocument::Indented);
}

} // namespace sb::cli
