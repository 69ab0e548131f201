#include "app/commands.h"
#include "app/durations.h"
#include "core/qterror.h"
#include "http/url.h"
#include "load/loadengine.h"
#include "run/loadjson.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace sb::cli {

namespace {

load::LoadEngine *g_engine = nullptr;

void onSignal(int)
{
    if (g_engine)
        g_engine->cancel(); // only an atomic store and eventfd writes: async-signal-safe
}

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

int fail(const QString &message)
{
    std::fprintf(stderr, "stackbench load: %s\n", qPrintable(message));
    return 2;
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

} // namespace

int loadCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Runs one window of HTTP/1.1 load against URL and reports successful throughput,\n"
        "latency percentiles (HDR histogram, first byte written to last byte read), errors by\n"
        "kind and the client's own CPU time. Waiting is latency, not failure: the default\n"
        "timeout is 180 s."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("URL"), QStringLiteral("http://host[:port]/path"));
    const QCommandLineOption connections(
        QStringList{QStringLiteral("c"), QStringLiteral("connections")},
        QStringLiteral("Connections to keep open (default 10)."), QStringLiteral("N"),
        QStringLiteral("10"));
    const QCommandLineOption threads(QStringList{QStringLiteral("t"), QStringLiteral("threads")},
                                     QStringLiteral("Worker threads, each with its own event loop "
                                                    "(default 1)."),
                                     QStringLiteral("T"), QStringLiteral("1"));
    const QCommandLineOption duration(QStringList{QStringLiteral("d"), QStringLiteral("duration")},
                                      QStringLiteral("Measured duration: 10, 10s, 500ms, 2m "
                                                     "(default 10s)."),
                                      QStringLiteral("SECONDS"), QStringLiteral("10"));
    const QCommandLineOption requests(QStringList{QStringLiteral("n"), QStringLiteral("requests")},
                                      QStringLiteral("Measure exactly this many requests instead "
                                                     "of a duration."),
                                      QStringLiteral("REQUESTS"));
    const QCommandLineOption warmup(QStringLiteral("warmup"),
                                    QStringLiteral("Warm-up before measuring, discarded: a "
                                                   "duration (5s) or a request count (1000req). "
                                                   "Default none."),
                                    QStringLiteral("5s|1000req"));
    const QCommandLineOption rate(QStringLiteral("rate"),
                                  QStringLiteral("Open loop: total requests per second, latency "
                                                 "measured from the intended send time."),
                                  QStringLiteral("R"));
    const QCommandLineOption method(QStringList{QStringLiteral("m"), QStringLiteral("method")},
                                    QStringLiteral("HTTP method (default GET)."),
                                    QStringLiteral("METHOD"), QStringLiteral("GET"));
    const QCommandLineOption header(QStringList{QStringLiteral("H"), QStringLiteral("header")},
                                    QStringLiteral("Extra header 'K: V'; repeatable."),
                                    QStringLiteral("HEADER"));
    const QCommandLineOption body(QStringLiteral("body"),
                                  QStringLiteral("Request body: text, or @file to read it from "
                                                 "a file."),
                                  QStringLiteral("@file|text"));
    const QCommandLineOption timeout(QStringLiteral("timeout"),
                                     QStringLiteral("Per-request timeout: 180, 30s, 500ms "
                                                    "(default 180s)."),
                                     QStringLiteral("S"), QStringLiteral("180"));
    const QCommandLineOption interval(QStringLiteral("interval"),
                                      QStringLiteral("Live interval, 100ms .. 60s (default 1s)."),
                                      QStringLiteral("DURATION"), QStringLiteral("1s"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("Print one JSON object instead of text."));
    const QCommandLineOption hgrm(QStringLiteral("hgrm"),
                                  QStringLiteral("Also write the latency distribution in "
                                                 "HdrHistogram's .hgrm text format (ms) to FILE."),
                                  QStringLiteral("FILE"));
    parser.addOptions({connections, threads, duration, requests, warmup, rate, method, header, body,
                       timeout, interval, json, hgrm});

    QStringList argv = args;
    argv.prepend(QStringLiteral("stackbench load"));
    if (!parser.parse(argv))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return 0;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1)
        return fail(positional.isEmpty() ? QStringLiteral("missing URL (try --help)")
                                         : QStringLiteral("expected one URL, got %1: %2")
                                               .arg(positional.size())
                                               .arg(positional.join(QLatin1Char(' '))));

    load::LoadSpec spec;
    const sb::Result<http::Url> parsed = http::parseUrl(positional.first().toStdString());
    if (!parsed.ok())
        return fail(QStringLiteral("bad URL: %1").arg(sb::qtDetail(parsed.error())));
    const http::Url &url = *parsed;
    std::string error;
    spec.host = url.host;
    spec.port = url.port;
    spec.hostHeader = url.hostHeader;
    spec.request.target = url.target;
    spec.request.method = parser.value(method).toUpper().toStdString();

    bool ok = false;
    spec.connections = parser.value(connections).toInt(&ok);
    if (!ok || spec.connections < 1)
        return fail(QStringLiteral("-c must be a whole number of connections >= 1, got '%1'")
                        .arg(parser.value(connections)));
    spec.threads = parser.value(threads).toInt(&ok);
    if (!ok || spec.threads < 1 || spec.threads > 1024)
        return fail(QStringLiteral("-t must be a number of threads from 1 to 1024, got '%1'")
                        .arg(parser.value(threads)));
    QString why;
    if (!parseDurationMs(parser.value(duration), 1000, spec.durationMs, why) ||
        spec.durationMs <= 0)
        return fail(
            QStringLiteral("-d: %1").arg(why.isEmpty() ? QStringLiteral("must be above 0") : why));
    if (parser.isSet(requests)) {
        spec.requestLimit = parser.value(requests).toLongLong(&ok);
        if (!ok || spec.requestLimit < 1)
            return fail(QStringLiteral("-n must be a request count >= 1, got '%1'")
                            .arg(parser.value(requests)));
    }
    if (parser.isSet(warmup)) {
        const QString w = parser.value(warmup);
        if (w.endsWith(QLatin1String("req"))) {
            spec.warmupRequests = w.chopped(3).toLongLong(&ok);
            if (!ok || spec.warmupRequests < 0)
                return fail(
                    QStringLiteral("--warmup: '%1' is not a request count like 1000req").arg(w));
        } else if (!parseDurationMs(w, 1000, spec.warmupMs, why)) {
            return fail(QStringLiteral("--warmup: %1").arg(why));
        }
    }
    if (parser.isSet(rate)) {
        spec.ratePerS = parser.value(rate).toDouble(&ok);
        if (!ok || !(spec.ratePerS > 0))
            return fail(QStringLiteral("--rate must be requests per second above 0, got '%1'")
                            .arg(parser.value(rate)));
        spec.mode = load::Mode::Open;
    }
    if (!parseDurationMs(parser.value(timeout), 1000, spec.timeoutMs, why) || spec.timeoutMs <= 0)
        return fail(QStringLiteral("--timeout: %1")
                        .arg(why.isEmpty() ? QStringLiteral("must be above 0") : why));
    int64_t intervalMs = 0;
    if (!parseDurationMs(parser.value(interval), 1000, intervalMs, why) || intervalMs < 100 ||
        intervalMs > 60'000)
        return fail(QStringLiteral("--interval must be between 100ms and 60s"));
    spec.intervalMs = int(intervalMs);
    for (const QString &h : parser.values(header)) {
        const qsizetype colon = h.indexOf(QLatin1Char(':'));
        if (colon <= 0)
            return fail(QStringLiteral("-H '%1': expected 'Name: value'").arg(h));
        const QString name = h.left(colon).trimmed();
        const QString value = h.mid(colon + 1).trimmed();
        if (name.compare(QLatin1String("host"), Qt::CaseInsensitive) == 0)
            spec.hostHeader = value.toStdString();
        else
            spec.request.headers.emplace_back(name.toStdString(), value.toStdString());
    }
    if (parser.isSet(body)) {
        const QString b = parser.value(body);
        if (b.startsWith(QLatin1Char('@'))) {
            QFile f(b.mid(1));
            if (!f.open(QIODevice::ReadOnly))
                return fail(
                    QStringLiteral("--body: cannot read '%1': %2").arg(b.mid(1), f.errorString()));
            spec.request.body = f.readAll().toStdString();
        } else {
            spec.request.body = b.toStdString();
        }
    }
    const bool asJson = parser.isSet(json);
    const bool live = !asJson && isatty(STDERR_FILENO);

    load::LoadEngine engine;
    auto onInterval = [live](const load::IntervalSnapshot &s) {
        if (!live)
            return;
        std::fprintf(
            stderr, "  %s %5.1fs  2xx/s %10.1f  p50 %9s  p99 %9s  errors %lld  in flight %d\n",
            s.warmup ? "warm-up" : "measure", s.endS, s.okPerS,
            qPrintable(latencyText(double(s.p50Us))), qPrintable(latencyText(double(s.p99Us))),
            static_cast<long long>(s.counts.errors()), s.inFlight);
    };
    if (const sb::Status st = engine.start(spec, onInterval); !st.ok())
        return fail(sb::qtDetail(st.error()));
    g_engine = &engine;
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    if (!asJson) {
        const QString what = spec.requestLimit > 0
                                 ? QStringLiteral("%1 requests").arg(spec.requestLimit)
                                 : QStringLiteral("%1s").arg(double(spec.durationMs) / 1000.0);
        std::printf("Running %s test @ %s\n  %d threads and %d connections, %s\n", qPrintable(what),
                    qPrintable(positional.first()), spec.threads, spec.connections,
                    spec.mode == load::Mode::Open
                        ? qPrintable(QStringLiteral("open loop at %1 req/s").arg(spec.ratePerS))
                        : "closed loop");
        std::fflush(stdout);
    }
    const load::LoadResult r = engine.wait();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    g_engine = nullptr;

    const load::Counters &t = r.total;
    if (parser.isSet(hgrm)) {
        QFile out(parser.value(hgrm));
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text) ||
            out.write(QByteArray::fromStdString(r.latency.toHgrm(1000.0))) < 0)
            std::fprintf(stderr, "stackbench load: cannot write '%s': %s\n",
                         qPrintable(parser.value(hgrm)), qPrintable(out.errorString()));
    }
    if (asJson) {
        QJsonObject o = countersJson(t);
        o.insert(QStringLiteral("url"), positional.first());
        o.insert(QStringLiteral("connections"), spec.connections);
        o.insert(QStringLiteral("threads"), spec.threads);
        o.insert(QStringLiteral("mode"),
                 spec.mode == load::Mode::Open ? QStringLiteral("open") : QStringLiteral("closed"));
        o.insert(QStringLiteral("elapsed_s"), r.elapsedS);
        o.insert(QStringLiteral("warmup_s"), r.warmupS);
        o.insert(QStringLiteral("ok_per_s"), r.okPerS);
        o.insert(QStringLiteral("requests_per_s"),
                 r.elapsedS > 0 ? double(t.responses) / r.elapsedS : 0.0);
        o.insert(QStringLiteral("latency_us"), latencyJson(r.latency));
        if (spec.mode == load::Mode::Open)
            o.insert(QStringLiteral("latency_uncorrected_us"), latencyJson(r.latencyUncorrected));
        o.insert(QStringLiteral("client_cpu_s"), r.clientCpuS);
        o.insert(QStringLiteral("warmup"), countersJson(r.warmup));
        o.insert(QStringLiteral("cancelled"), r.cancelled);
        std::fputs(QJsonDocument(o).toJson(QJsonDocument::Indented).constData(), stdout);
    } else {
        const Histogram &h = r.latency;
        std::printf("  Latency %s   avg %9s   stdev %9s   max %9s\n",
                    spec.mode == load::Mode::Open ? "(corrected)" : "",
                    qPrintable(latencyText(h.mean())), qPrintable(latencyText(h.stdev())),
                    qPrintable(latencyText(double(h.max()))));
        std::printf("  Latency Distribution\n");
        for (double p : {50.0, 90.0, 99.0, 99.9})
            std::printf("  %6.1f%%  %9s\n", p,
                        qPrintable(latencyText(double(h.valueAtPercentile(p)))));
        if (spec.mode == load::Mode::Open)
            std::printf("  Uncorrected p50 %s, p99 %s; late requests: %lld\n",
                        qPrintable(latencyText(double(r.latencyUncorrected.valueAtPercentile(50)))),
                        qPrintable(latencyText(double(r.latencyUncorrected.valueAtPercentile(99)))),
                        static_cast<long long>(t.late));
        std::printf("  %lld requests in %.2fs, %s read\n", static_cast<long long>(t.responses),
                    r.elapsedS, qPrintable(bytesText(double(t.bytesIn))));
        const int64_t non2xx = t.responses - t.ok;
        if (non2xx > 0) {
            std::printf("  Non-2xx responses: %lld (", static_cast<long long>(non2xx));
            bool first = true;
            for (size_t code = 0; code < t.status.size(); ++code) {
                if (t.status[code] == 0 || (code >= 200 && code < 300))
                    continue;
                std::printf("%s%zu: %lld", first ? "" : ", ", code,
                            static_cast<long long>(t.status[code]));
                first = false;
            }
            std::printf(")\n");
        }
        if (t.errors() > 0)
            std::printf(
                "  Socket errors: connect %lld, read %lld, write %lld, timeout %lld, parse %lld\n",
                static_cast<long long>(t.connectErrors), static_cast<long long>(t.readErrors),
                static_cast<long long>(t.writeErrors), static_cast<long long>(t.timeouts),
                static_cast<long long>(t.parseErrors));
        if (t.reconnects > 0)
            std::printf("  Reconnects: %lld\n", static_cast<long long>(t.reconnects));
        std::printf("Requests/sec: %12.2f\n",
                    r.elapsedS > 0 ? double(t.responses) / r.elapsedS : 0.0);
        std::printf("2xx/sec:      %12.2f\n", r.okPerS);
        std::printf("Client CPU:   %12.2fs (%.2f cores)\n", r.clientCpuS,
                    r.elapsedS > 0 ? r.clientCpuS / r.elapsedS : 0.0);
        if (r.cancelled)
            std::printf("Interrupted: the numbers cover the time until the interruption.\n");
    }
    std::fflush(stdout);
    if (r.cancelled)
        return 1;
    return 0;
}

} // namespace sb::cli
