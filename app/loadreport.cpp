#include "app/loadreport.h"

#include "core/cpuset.h"
#include "report/figures.h"
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
    return o.spec.openLoop;
}

double perS(qint64 count, double seconds)
{
    return seconds > 0 ? double(count) / seconds : 0.0;
}

qint64 errorCount(const store::WindowRecord &w, const char *kind)
{
    return qint64(w.errors.value(QLatin1String(kind)).toDouble());
}

qint64 transportErrors(const store::WindowRecord &w)
{
    qint64 n = 0;
    for (const char *kind : run::transportErrorKinds())
        n += errorCount(w, kind);
    return n;
}

qint64 h2Errors(const store::WindowRecord &w)
{
    qint64 n = 0;
    for (const char *kind :
         {"h2_refused", "h2_reset", "h2_streams_lost", "h2_alpn_refused", "h2_not_spoken"})
        n += errorCount(w, kind);
    return n;
}

qint64 tlsErrors(const store::WindowRecord &w)
{
    qint64 n = 0;
    for (const char *kind :
         {"tls_handshake", "tls_certificate", "tls_alert", "tls_no_close_notify"})
        n += errorCount(w, kind);
    return n;
}

// The counters of a phase, as `stackbench load --json` has always named them.
QJsonObject countersJson(const run::WindowOutcome &o)
{
    const store::WindowRecord &w = o.window;
    QJsonObject errors = w.errors;
    if (errors.isEmpty()) // a phase that did not run
        for (const char *kind : {"connect", "read", "write", "timeout", "parse"})
            errors.insert(QLatin1String(kind), 0);
    return QJsonObject{{QStringLiteral("requests"), double(o.requestsSent)},
                       {QStringLiteral("responses"), double(w.requests)},
                       {QStringLiteral("ok"), double(w.ok)},
                       {QStringLiteral("status"), w.statusCounts},
                       {QStringLiteral("errors"), errors},
                       {QStringLiteral("bytes_in"), double(w.bytesIn)},
                       {QStringLiteral("bytes_out"), double(w.bytesOut)},
                       {QStringLiteral("reconnects"), double(w.reconnects)},
                       {QStringLiteral("late"), double(o.late)}};
}

QJsonObject latencyJson(const QByteArray &encoded)
{
    const Histogram h = run::decodedHistogram(encoded);
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

void printLatency(const LoadOptions &o, const run::WindowOutcome &r)
{
    const QJsonObject &l = r.window.latencyUs;
    auto us = [&l](const char *key) { return l.value(QLatin1String(key)).toDouble(); };
    std::printf("  Latency %s   avg %9s   stdev %9s   max %9s\n", isOpen(o) ? "(corrected)" : "",
                qPrintable(latencyText(us("mean"))), qPrintable(latencyText(us("stdev"))),
                qPrintable(latencyText(us("max"))));
    std::printf("  Latency Distribution\n");
    for (const auto &[p, key] : {std::pair{50.0, "p50"}, std::pair{90.0, "p90"},
                                 std::pair{99.0, "p99"}, std::pair{99.9, "p999"}})
        std::printf("  %6.1f%%  %9s\n", p, qPrintable(latencyText(us(key))));
    if (!isOpen(o))
        return;
    const Histogram u = run::decodedHistogram(r.window.histogramUncorrected);
    std::printf("  Uncorrected p50 %s, p99 %s; late requests: %lld\n",
                qPrintable(latencyText(double(u.valueAtPercentile(50)))),
                qPrintable(latencyText(double(u.valueAtPercentile(99)))), LL(r.late));
    const Histogram d = run::decodedHistogram(r.sendDelayHistogram);
    std::printf("  Send delay p50 %s, p99 %s, max %s\n",
                qPrintable(latencyText(delayUs(d.valueAtPercentile(50)))),
                qPrintable(latencyText(delayUs(d.valueAtPercentile(99)))),
                qPrintable(latencyText(delayUs(d.max()))));
}

void printNon2xx(const store::WindowRecord &w)
{
    if (w.requests - w.ok <= 0)
        return;
    std::printf("  Non-2xx responses: %lld (", LL(w.requests - w.ok));
    bool first = true;
    for (auto it = w.statusCounts.begin(); it != w.statusCounts.end(); ++it) {
        if (it.key().startsWith(QLatin1Char('2')))
            continue;
        std::printf("%s%s: %lld", first ? "" : ", ", qPrintable(it.key()),
                    LL(it.value().toDouble()));
        first = false;
    }
    std::printf(")\n");
}

void printCounts(const store::WindowRecord &w)
{
    std::printf("  %lld requests in %.2fs, %s read\n", LL(w.requests), w.elapsedS,
                qPrintable(bytesText(double(w.bytesIn))));
    std::printf("  Drain: %.2fs of it waiting for %lld requests in flight when sending stopped\n",
                w.drainS, LL(w.inFlightAtEnd));
    printNon2xx(w);
    if (transportErrors(w) > 0)
        std::printf(
            "  Socket errors: connect %lld, read %lld, write %lld, timeout %lld, parse %lld\n",
            LL(errorCount(w, "connect")), LL(errorCount(w, "read")), LL(errorCount(w, "write")),
            LL(errorCount(w, "timeout")), LL(errorCount(w, "parse")));
    if (tlsErrors(w) > 0)
        std::printf("  TLS errors: handshake %lld, certificate %lld, alert %lld, closed without "
                    "close_notify %lld\n",
                    LL(errorCount(w, "tls_handshake")), LL(errorCount(w, "tls_certificate")),
                    LL(errorCount(w, "tls_alert")), LL(errorCount(w, "tls_no_close_notify")));
    if (h2Errors(w) > 0)
        std::printf("  HTTP/2 errors: refused streams %lld, reset streams %lld, streams lost with "
                    "their connection %lld, no h2 by ALPN %lld, no h2c %lld\n",
                    LL(errorCount(w, "h2_refused")), LL(errorCount(w, "h2_reset")),
                    LL(errorCount(w, "h2_streams_lost")), LL(errorCount(w, "h2_alpn_refused")),
                    LL(errorCount(w, "h2_not_spoken")));
    if (w.reconnects > 0)
        std::printf("  Reconnects: %lld\n", LL(w.reconnects));
}

// HTTP/2's events that are no errors: GOAWAYs, the streams they sent again, flow-control stalls
// (the "h2" object of the window's connections, when the run layer records it).
void printH2Events(const run::WindowOutcome &r)
{
    const QJsonObject h2 = r.connections.value(QStringLiteral("h2")).toObject();
    auto n = [&h2](const char *key) { return LL(h2.value(QLatin1String(key)).toDouble()); };
    if (h2.isEmpty() ||
        n("goaways") + n("goaway_retried") + n("conn_stalls") + n("stream_stalls") == 0)
        return;
    std::printf("  HTTP/2: %lld GOAWAY (%lld streams above last_stream_id sent again), "
                "flow-control stalls: connection %lld, stream %lld\n",
                n("goaways"), n("goaway_retried"), n("conn_stalls"), n("stream_stalls"));
}

// Connect time and, over TLS, the handshake time beside it (per connection).
void printConnections(const run::WindowOutcome &r)
{
    const QJsonObject &c = r.connections;
    auto line = [](const char *label, const QJsonObject &t, const QString &what) {
        auto us = [&t](const char *key) { return t.value(QLatin1String(key)).toDouble(); };
        std::printf("  %s avg %9s   p50 %9s   p99 %9s   max %9s  (%s)\n", label,
                    qPrintable(latencyText(us("mean"))), qPrintable(latencyText(us("p50"))),
                    qPrintable(latencyText(us("p99"))), qPrintable(latencyText(us("max"))),
                    qPrintable(what));
    };
    const QJsonObject connect = c.value(QStringLiteral("connect_us")).toObject();
    if (connect.value(QStringLiteral("count")).toDouble() > 0)
        line("Connect  ", connect,
             QStringLiteral("%1 connects").arg(LL(c.value(QStringLiteral("connects")).toDouble())));
    const QJsonObject tls = c.value(QStringLiteral("tls")).toObject();
    if (tls.isEmpty())
        return;
    const QJsonObject handshake = tls.value(QStringLiteral("handshake_us")).toObject();
    if (handshake.value(QStringLiteral("count")).toDouble() > 0)
        line("Handshake", handshake,
             QStringLiteral("%1 TLS handshakes, %2 resumed")
                 .arg(LL(tls.value(QStringLiteral("handshakes")).toDouble()))
                 .arg(LL(tls.value(QStringLiteral("resumed")).toDouble())));
    if (!tls.value(QStringLiteral("version")).toString().isEmpty()) // what the first agreed
        std::printf("  %s\n", qPrintable(run::tlsDescription(c)));
    if (!tls.value(QStringLiteral("verify")).toBool())
        std::printf("  TLS certificates NOT verified (--insecure)\n");
}

} // namespace

void printIntervalLine(const LoadOptions &o, const run::WindowInterval &i)
{
    const char *phase = i.warmUp ? "warm-up" : i.draining ? "drain  " : "measure";
    QString inFlight = i.draining ? QStringLiteral("draining: %1 in flight").arg(i.inFlight)
                                  : QStringLiteral("in flight %1").arg(i.inFlight);
    if (isOpen(o) && !i.draining)
        inFlight +=
            QStringLiteral("  send delay max %1").arg(latencyText(double(i.sendDelayMaxUs)));
    std::fprintf(stderr, "  %s %5.1fs  2xx/s %10.1f  p50 %9s  p99 %9s  errors %lld  %s\n", phase,
                 i.record.endS, report::intervalOkPerS(i.record),
                 qPrintable(latencyText(double(i.record.p50Us))),
                 qPrintable(latencyText(double(i.record.p99Us))), LL(i.transportErrors),
                 qPrintable(inFlight));
}

void printHeader(const LoadOptions &o)
{
    const run::WindowSpec &spec = o.spec;
    const QString what = spec.requestLimit > 0
                             ? QStringLiteral("%1 requests").arg(spec.requestLimit)
                             : QStringLiteral("%1s").arg(double(spec.durationMs) / 1000.0);
    const QString pacing = isOpen(o) ? QStringLiteral("open loop at %1 req/s").arg(spec.ratePerS)
                                     : QStringLiteral("closed loop");
    std::printf("Running %s test @ %s\n  %d threads and %d connections, %s\n", qPrintable(what),
                qPrintable(o.url), spec.threads, spec.connections, qPrintable(pacing));
    if (o.http2)
        std::printf("  %s\n", qPrintable(protocolText(o)));
    std::fflush(stdout);
}

QString nothingMeasured(const run::WindowOutcome &m)
{
    const store::WindowRecord &w = m.window;
    if (w.ok > 0)
        return QString();
    const QString why = m.problems.isEmpty() ? QString() : QStringLiteral("; ") + m.problems;
    if (w.requests == 0)
        return QStringLiteral("measured nothing: no response in %1 s (%2 requests sent)%3")
            .arg(w.elapsedS, 0, 'f', 2)
            .arg(m.requestsSent)
            .arg(why);
    return QStringLiteral("no 2xx response: %1 responses in %2 s, none of them 2xx%3")
        .arg(w.requests)
        .arg(w.elapsedS, 0, 'f', 2)
        .arg(why);
}

void printTextReport(const LoadOptions &o, const LoadRun &run)
{
    const run::WindowOutcome &r = run.measured;
    const store::WindowRecord &w = r.window;
    printLatency(o, r);
    printCounts(w);
    printConnections(r);
    printH2Events(r);
    std::printf("Requests/sec: %12.2f\n", perS(w.requests, w.elapsedS));
    std::printf("2xx/sec:      %12.2f\n", report::windowOkPerS(w));
    std::printf("Client CPU:   %12.2fs (%.2f cores); process %.2fs\n", w.clientCpuS,
                report::cores(w.clientCpuS, w.elapsedS), r.processCpuS);
    if (!r.loadCpus.empty())
        std::printf("Client CPUs:  %s\n", formatCpuList(r.loadCpus).c_str());
    if (r.cancelled)
        std::printf("Interrupted: the numbers cover the time until the interruption.\n");
    if (!r.aborted.isEmpty())
        std::printf("Aborted: %s; the numbers cover the time until then.\n", qPrintable(r.aborted));
    if (const QString nothing = nothingMeasured(r); !nothing.isEmpty())
        std::printf("No result: %s.\n", qPrintable(nothing));
    std::fflush(stdout);
}

QByteArray jsonReport(const LoadOptions &o, const LoadRun &run)
{
    const run::WindowOutcome &r = run.measured;
    const store::WindowRecord &w = r.window;
    QJsonObject j = countersJson(r);
    j.insert(QStringLiteral("url"), o.url);
    j.insert(QStringLiteral("connections"), o.spec.connections);
    j.insert(QStringLiteral("threads"), o.spec.threads);
    j.insert(QStringLiteral("protocol"), !o.http2             ? QStringLiteral("http/1.1")
                                         : o.spec.request.tls ? QStringLiteral("h2")
                                                              : QStringLiteral("h2c"));
    j.insert(QStringLiteral("streams"), o.streams);
    j.insert(QStringLiteral("mode"), isOpen(o) ? QStringLiteral("open") : QStringLiteral("closed"));
    j.insert(QStringLiteral("elapsed_s"), w.elapsedS);
    j.insert(QStringLiteral("drain_s"), w.drainS);
    j.insert(QStringLiteral("in_flight_at_end"), double(w.inFlightAtEnd));
    j.insert(QStringLiteral("warmup_s"), run.warmup.figures.window.elapsedS);
    j.insert(QStringLiteral("ok_per_s"), report::windowOkPerS(w));
    j.insert(QStringLiteral("requests_per_s"), perS(w.requests, w.elapsedS));
    j.insert(QStringLiteral("latency_us"), latencyJson(w.histogram));
    if (isOpen(o))
        j.insert(QStringLiteral("latency_uncorrected_us"), latencyJson(w.histogramUncorrected));
    if (isOpen(o))
        j.insert(QStringLiteral("send_delay_us"),
                 sendDelayJson(run::decodedHistogram(r.sendDelayHistogram)));
    for (auto it = r.connections.begin(); it != r.connections.end(); ++it)
        j.insert(it.key(), it.value()); // connects, connect_us and over TLS tls
    j.insert(QStringLiteral("client_cpu_s"), w.clientCpuS);
    j.insert(QStringLiteral("process_cpu_s"), r.processCpuS);
    if (!r.loadCpus.empty())
        j.insert(QStringLiteral("cpus"), QString::fromStdString(formatCpuList(r.loadCpus)));
    j.insert(QStringLiteral("warmup"), countersJson(run.warmup.figures));
    j.insert(QStringLiteral("cancelled"), r.cancelled);
    if (!r.aborted.isEmpty())
        j.insert(QStringLiteral("aborted"), r.aborted);
    if (const QString nothing = nothingMeasured(r); !nothing.isEmpty())
        j.insert(QStringLiteral("no_result"), nothing);
    return QJsonDocument(j).toJson(QJsonDocument::Indented);
}

} // namespace sb::cli
