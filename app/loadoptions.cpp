#include "app/loadoptions.h"

#include "core/limits.h"
#include "core/qterror.h"

#include <QFile>

namespace sb::cli {

namespace {

QStringList names(const char *shortName, const char *longName)
{
    return QStringList{QLatin1String(shortName), QLatin1String(longName)};
}

sb::Error inputError(const QString &where, const QString &detail)
{
    return sb::qtError(QString::fromLatin1(kInputError), where, detail);
}

// Whether `path` can be written, found before the window runs rather than after it. Leaves an
// existing file as it was and no new file behind.
sb::Status checkWritable(const QString &where, const QString &path)
{
    QFile file(path);
    const bool existed = file.exists();
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append))
        return inputError(where,
                          QStringLiteral("cannot write \"%1\": %2").arg(path, file.errorString()));
    file.close();
    if (!existed)
        file.remove();
    return sb::Ok{};
}

// HTTP/2 streams per connection at most (the load engine's bound).
constexpr int64_t kMaxStreams = 1000;

} // namespace

QString protocolText(const LoadOptions &o)
{
    if (!o.http2)
        return QStringLiteral("HTTP/1.1");
    const QString streams = o.streams == 1
                                ? QStringLiteral("1 stream per connection")
                                : QStringLiteral("%1 streams per connection").arg(o.streams);
    return (o.spec.request.tls ? QStringLiteral("HTTP/2 over TLS (ALPN h2), ")
                               : QStringLiteral("HTTP/2 cleartext (h2c, prior knowledge), ")) +
           streams;
}

LoadArguments::LoadArguments(CommandLine &cl)
    : m_cl(cl)
    , m_connections(cl.option(names("c", "connections"),
                              QStringLiteral("Connections to keep open, at most 1000000."),
                              QStringLiteral("N"), QStringLiteral("10")))
    , m_threads(cl.option(names("t", "threads"),
                          QStringLiteral("Worker threads, each with its own event loop, at "
                                         "most 256."),
                          QStringLiteral("T"), QStringLiteral("1")))
    , m_duration(cl.option(
          names("d", "duration"),
          QStringLiteral("Sending time: 10 (seconds), 10s, 500ms, 2m, at most 1 day. Then the "
                         "window waits for the requests still in flight (the drain, up to "
                         "--timeout); the drain is part of the measured time."),
          QStringLiteral("DURATION"), QStringLiteral("10s")))
    , m_requests(cl.option(names("n", "requests"),
                           QStringLiteral("Measure exactly this many requests instead of a "
                                          "duration."),
                           QStringLiteral("REQUESTS")))
    , m_warmup(cl.option(QStringList{QStringLiteral("warmup")},
                         QStringLiteral("Warm-up before measuring, discarded: a duration (5s) or "
                                        "a request count (1000req). Default none."),
                         QStringLiteral("5s|1000req")))
    , m_rate(cl.option(QStringList{QStringLiteral("rate")},
                       QStringLiteral("Open loop: total requests per second (0.01 .. 10000000), "
                                      "latency measured from the intended send time."),
                       QStringLiteral("R")))
    , m_timeout(cl.option(QStringList{QStringLiteral("timeout")},
                          QStringLiteral("Per-request (and per-connect) timeout: 180, 30s, 500ms, "
                                         "at most 1 day. Waiting is latency, not failure."),
                          QStringLiteral("DURATION"), QStringLiteral("180s")))
    , m_interval(cl.option(QStringList{QStringLiteral("interval")},
                           QStringLiteral("Live interval, 100ms .. 60s."),
                           QStringLiteral("DURATION"), QStringLiteral("1s")))
    , m_cpus(cl.option(QStringList{QStringLiteral("cpus")},
                       QStringLiteral("Run the worker threads on these CPUs only: 0, 0-3, 0,2. "
                                      "Default any."),
                       QStringLiteral("LIST")))
    , m_method(cl.option(names("m", "method"), QStringLiteral("HTTP method."),
                         QStringLiteral("METHOD"), QStringLiteral("GET")))
    , m_header(cl.option(names("H", "header"),
                         QStringLiteral("Extra header 'Name: value'; repeatable."),
                         QStringLiteral("HEADER")))
    , m_body(cl.option(QStringList{QStringLiteral("body")},
                       QStringLiteral("Request body: text, or @file to read it from a file (at "
                                      "most 16 MiB)."),
                       QStringLiteral("@file|text")))
    , m_json(cl.flag(QStringList{QStringLiteral("json")},
                     QStringLiteral("Print one JSON object instead of text.")))
    , m_hgrm(cl.option(QStringList{QStringLiteral("hgrm")},
                       QStringLiteral("Also write the latency distribution in HdrHistogram's "
                                      ".hgrm text format (ms) to FILE."),
                       QStringLiteral("FILE")))
    , m_insecure(cl.flag(QStringList{QStringLiteral("insecure")},
                         QStringLiteral("https: do not verify the server's certificate (the "
                                        "report says so). Default: verified against the "
                                        "system's CA store and the URL's host.")))
    , m_cacert(cl.option(QStringList{QStringLiteral("cacert")},
                         QStringLiteral("https: trust the CAs in this PEM file instead of the "
                                        "system's store."),
                         QStringLiteral("FILE")))
    , m_h2(cl.flag(QStringList{QStringLiteral("h2")},
                   QStringLiteral("HTTP/2: over https:// by ALPN (h2 offered alone: a server "
                                  "without it is an error), over http:// in clear text with "
                                  "prior knowledge (h2c).")))
    , m_streams(cl.option(QStringList{QStringLiteral("streams")},
                          QStringLiteral("HTTP/2: concurrent streams per connection, 1 .. 1000 "
                                         "(h2load's -m); each stream is one request. Needs "
                                         "--h2."),
                          QStringLiteral("N"), QStringLiteral("1")))
{
    cl.allowEmpty(m_body);
}

sb::Result<LoadOptions> LoadArguments::read() const
{
    LoadOptions options;
    if (sb::Status s = readRequest(options); !s.ok())
        return s.error();
    if (sb::Status s = readPacing(options.spec); !s.ok())
        return s.error();
    if (sb::Status s = readOutput(options); !s.ok())
        return s.error();
    return options;
}

sb::Status LoadArguments::readRequest(LoadOptions &options) const
{
    options.url = m_cl.positionalValue(0);
    plan::RequestBuilder request;
    if (sb::Status s = request.setUrl(options.url); !s.ok())
        return sb::qtError(QString::fromLatin1(kUsageError), QString(),
                           QStringLiteral("bad URL: ") + sb::qtDetail(s.error()));
    if (sb::Status s = request.setMethod(m_cl.value(m_method)); !s.ok())
        return m_cl.optionError(m_method, sb::qtDetail(s.error()));
    if (sb::Status s = readHeaders(request); !s.ok())
        return s;
    if (sb::Status s = readBody(request); !s.ok())
        return s;
    if (sb::Status s = readTls(request); !s.ok())
        return s;
    options.spec.request = request.request();
    return readProtocol(options);
}

sb::Status LoadArguments::readProtocol(LoadOptions &options) const
{
    options.http2 = m_cl.isSet(m_h2);
    const sb::Result<int64_t> streams = m_cl.count(m_streams, 1, kMaxStreams);
    if (!streams.ok())
        return streams.error();
    options.streams = int(*streams);
    if (options.streams > 1 && !options.http2)
        return m_cl.optionError(m_streams, QStringLiteral("more than one stream per connection "
                                                          "needs HTTP/2 (--h2): HTTP/1.1 sends "
                                                          "one request at a time"));
    if (options.http2) {
        options.spec.request.protocol = plan::HttpProtocol::Http2;
        options.spec.streams = options.streams;
    }
    return sb::Ok{};
}

sb::Status LoadArguments::readHeaders(plan::RequestBuilder &request) const
{
    for (const QString &h : m_cl.values(m_header)) {
        const qsizetype colon = h.indexOf(QLatin1Char(':'));
        if (colon <= 0)
            return m_cl.optionError(m_header,
                                    QStringLiteral("\"%1\" is not a header 'Name: value'").arg(h));
        if (sb::Status s = request.addHeader(h.left(colon).trimmed(), h.mid(colon + 1)); !s.ok())
            return m_cl.optionError(m_header, sb::qtText(s.error()));
    }
    return sb::Ok{};
}

sb::Status LoadArguments::readTls(plan::RequestBuilder &request) const
{
    plan::TlsSettings tls;
    tls.insecure = m_cl.isSet(m_insecure);
    if (m_cl.isSet(m_cacert)) {
        if (tls.insecure)
            return m_cl.optionError(m_cacert, QStringLiteral("give --cacert or --insecure, "
                                                             "not both"));
        tls.caFile = m_cl.value(m_cacert);
        QFile file(tls.caFile);
        if (!file.open(QIODevice::ReadOnly))
            return inputError(
                m_cl.spelling(m_cacert),
                QStringLiteral("cannot read \"%1\": %2").arg(tls.caFile, file.errorString()));
    }
    if ((m_cl.isSet(m_insecure) || m_cl.isSet(m_cacert)) && !request.request().tls)
        return m_cl.optionError(m_cl.isSet(m_insecure) ? m_insecure : m_cacert,
                                QStringLiteral("only for an https:// URL"));
    request.setTlsSettings(tls);
    return sb::Ok{};
}

sb::Status LoadArguments::readBody(plan::RequestBuilder &request) const
{
    if (!m_cl.isSet(m_body))
        return sb::Ok{};
    const QString body = m_cl.value(m_body);
    if (!body.startsWith(QLatin1Char('@'))) {
        request.setBody(body.toUtf8());
        return sb::Ok{};
    }
    const QString where = m_cl.spelling(m_body);
    QFile file(body.mid(1));
    if (!file.open(QIODevice::ReadOnly))
        return inputError(
            where,
            QStringLiteral("cannot read \"%1\": %2").arg(file.fileName(), file.errorString()));
    // A bounded read: "@/dev/zero" must not take all memory.
    const QByteArray bytes = file.read(limits::kMaxPlanFileBytes + 1);
    if (bytes.size() > limits::kMaxPlanFileBytes)
        return inputError(where,
                          QStringLiteral("\"%1\" is larger than 16 MiB").arg(file.fileName()));
    request.setBody(bytes);
    return sb::Ok{};
}

sb::Status LoadArguments::readPacing(run::WindowSpec &spec) const
{
    const sb::Result<int64_t> connections = m_cl.count(m_connections, 1, limits::kMaxConnections);
    if (!connections.ok())
        return connections.error();
    spec.connections = int(*connections);
    const sb::Result<int64_t> threads = m_cl.count(m_threads, 1, limits::kMaxThreads);
    if (!threads.ok())
        return threads.error();
    spec.threads = int(*threads);
    if (sb::Status s = readLength(spec); !s.ok())
        return s;
    const sb::Result<int64_t> timeout = m_cl.durationMs(m_timeout, 1);
    if (!timeout.ok())
        return timeout.error();
    spec.timeoutMs = *timeout;
    const sb::Result<int64_t> interval =
        m_cl.durationMs(m_interval, limits::kMinIntervalMs, limits::kMaxIntervalMs);
    if (!interval.ok())
        return interval.error();
    spec.intervalMs = int(*interval);
    if (m_cl.isSet(m_rate)) {
        const sb::Result<double> rate = m_cl.rate(m_rate);
        if (!rate.ok())
            return rate.error();
        spec.ratePerS = *rate;
        spec.openLoop = true;
    }
    if (m_cl.isSet(m_cpus)) {
        sb::Result<std::vector<int>> cpus = m_cl.cpus(m_cpus);
        if (!cpus.ok())
            return cpus.error();
        spec.cpus = std::move(*cpus);
    }
    return sb::Ok{};
}

// The window's length (-d or -n) and its warm-up.
sb::Status LoadArguments::readLength(run::WindowSpec &spec) const
{
    if (m_cl.isSet(m_requests) && m_cl.isSet(m_duration))
        return m_cl.optionError(m_requests, QStringLiteral("give a duration (-d) or a request "
                                                           "count (-n), not both"));
    if (m_cl.isSet(m_requests)) {
        const sb::Result<int64_t> n = m_cl.count(m_requests, 1, limits::kMaxRequests);
        if (!n.ok())
            return n.error();
        spec.requestLimit = *n;
    } else {
        const sb::Result<int64_t> d = m_cl.durationMs(m_duration, 1);
        if (!d.ok())
            return d.error();
        spec.durationMs = *d;
    }
    if (m_cl.isSet(m_warmup)) {
        const sb::Result<Span> warmup = m_cl.span(m_warmup);
        if (!warmup.ok())
            return warmup.error();
        spec.warmupMs = warmup->ms;
        spec.warmupRequests = warmup->requests;
    }
    return sb::Ok{};
}

sb::Status LoadArguments::readOutput(LoadOptions &options) const
{
    options.json = m_cl.isSet(m_json);
    if (!m_cl.isSet(m_hgrm))
        return sb::Ok{};
    options.hgrmPath = m_cl.value(m_hgrm);
    return checkWritable(m_cl.spelling(m_hgrm), options.hgrmPath);
}

} // namespace sb::cli
