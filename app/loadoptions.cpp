#include "app/loadoptions.h"

#include "core/limits.h"
#include "core/qterror.h"
#include "http/url.h"

#include <QFile>

namespace sb::cli {

namespace {

QStringList names(const char *shortName, const char *longName)
{
    return QStringList{QLatin1String(shortName), QLatin1String(longName)};
}

// RFC 9110 token: the characters of a method or a header name.
bool isToken(const QString &text)
{
    static const QString extra = QStringLiteral("!#$%&'*+-.^_`|~");
    if (text.isEmpty())
        return false;
    for (const QChar c : text)
        if (c.unicode() > 127 || !(c.isLetterOrNumber() || extra.contains(c)))
            return false;
    return true;
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

} // namespace

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
    const sb::Result<http::Url> url = http::parseUrl(options.url.toStdString());
    if (!url.ok())
        return sb::qtError(QString::fromLatin1(kUsageError), QString(),
                           QStringLiteral("bad URL: ") + sb::qtDetail(url.error()));
    load::LoadSpec &spec = options.spec;
    spec.host = url->host;
    spec.port = url->port;
    spec.hostHeader = url->hostHeader;
    spec.request.target = url->target;
    const QString method = m_cl.value(m_method).toUpper();
    if (!isToken(method))
        return m_cl.optionError(m_method, QStringLiteral("\"%1\" is not an HTTP method (a "
                                                         "token like GET or POST)")
                                              .arg(m_cl.value(m_method)));
    spec.request.method = method.toStdString();
    if (sb::Status s = readHeaders(spec.request, spec.hostHeader); !s.ok())
        return s;
    return readBody(spec.request);
}

sb::Status LoadArguments::readHeaders(http::Request &request, std::string &hostHeader) const
{
    for (const QString &h : m_cl.values(m_header)) {
        const qsizetype colon = h.indexOf(QLatin1Char(':'));
        const QString name = h.left(colon).trimmed();
        const QString value = h.mid(colon + 1).trimmed();
        if (colon <= 0 || !isToken(name))
            return m_cl.optionError(m_header,
                                    QStringLiteral("\"%1\" is not a header 'Name: value'").arg(h));
        if (value.contains(QLatin1Char('\r')) || value.contains(QLatin1Char('\n')))
            return m_cl.optionError(m_header,
                                    QStringLiteral("the value of %1 holds a line break").arg(name));
        if (name.compare(QLatin1String("host"), Qt::CaseInsensitive) == 0)
            hostHeader = value.toStdString();
        else
            request.headers.emplace_back(name.toStdString(), value.toStdString());
    }
    return sb::Ok{};
}

sb::Status LoadArguments::readBody(http::Request &request) const
{
    if (!m_cl.isSet(m_body))
        return sb::Ok{};
    const QString body = m_cl.value(m_body);
    if (!body.startsWith(QLatin1Char('@'))) {
        request.body = body.toStdString();
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
    request.body = bytes.toStdString();
    return sb::Ok{};
}

sb::Status LoadArguments::readPacing(load::LoadSpec &spec) const
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
        spec.mode = load::Mode::Open;
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
sb::Status LoadArguments::readLength(load::LoadSpec &spec) const
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
