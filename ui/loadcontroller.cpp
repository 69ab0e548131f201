#include "ui/loadcontroller.h"

#include "core/duration.h"
#include "core/qterror.h"
#include "http/url.h"
#include "load/loadengine.h"
#include "run/loadjson.h"
#include "store/runstore.h"
#include "ui/models/figures.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaType>
#include <QThread>
#include <QUrl>
#include <cmath>
#include <mutex>
#include <optional>

namespace sb {

namespace {

// "must be at most 1 day" from a value error's detail, without repeating the field name.
QString reason(const sb::Error &e)
{
    return QString::fromStdString(e.detail);
}

const QStringList &methods()
{
    static const QStringList m = {QStringLiteral("GET"),    QStringLiteral("HEAD"),
                                  QStringLiteral("POST"),   QStringLiteral("PUT"),
                                  QStringLiteral("PATCH"),  QStringLiteral("DELETE"),
                                  QStringLiteral("OPTIONS")};
    return m;
}

} // namespace

void registerQuickTestTypes()
{
    qRegisterMetaType<QuickTestSpec>();
    qRegisterMetaType<QuickTestPoint>();
    qRegisterMetaType<QuickTestResult>();
    qRegisterMetaType<charts::ResourcePoint>();
    qRegisterMetaType<LoadController::State>();
}

namespace {

// URL, method, headers and body.
void checkRequest(const LoadForm &f, LoadFormCheck &c)
{
    load::LoadSpec &s = c.spec.spec;
    c.spec.url = f.url.trimmed();
    const sb::Result<http::Url> url = http::parseUrl(c.spec.url.toStdString());
    if (c.spec.url.isEmpty())
        c.errors.insert(LoadField::Url,
                        LoadController::tr("enter a URL like http://127.0.0.1:8080/health"));
    else if (!url.ok())
        c.errors.insert(LoadField::Url, reason(url.error()));
    else {
        s.host = url->host;
        s.port = url->port;
        s.hostHeader = url->hostHeader;
        s.request.target = url->target;
    }
    const QString method = f.method.trimmed().toUpper();
    if (!methods().contains(method))
        c.errors.insert(
            LoadField::Method,
            LoadController::tr("must be one of %1").arg(methods().join(QLatin1String(", "))));
    s.request.method = method.toStdString();

    for (const auto &[name, value] : f.headers) {
        const QString n = name.trimmed();
        if (n.isEmpty())
            continue;
        if (n.contains(QLatin1Char(':')) || n.contains(QLatin1Char(' ')))
            c.errors.insert(
                LoadField::Headers,
                LoadController::tr("header name '%1' must not contain ':' or spaces").arg(n));
        else if (n.compare(QLatin1String("host"), Qt::CaseInsensitive) == 0)
            s.hostHeader = value.trimmed().toStdString();
        else
            s.request.headers.emplace_back(n.toStdString(), value.trimmed().toStdString());
    }
    s.request.body = f.body.toStdString();
}

// Connections, threads, how long, warm-up, rate, timeout and interval.
void checkAmounts(const LoadForm &f, LoadFormCheck &c)
{
    load::LoadSpec &s = c.spec.spec;
    if (auto n = parseCount(f.connections.trimmed().toStdString(), 1, limits::kMaxConnections);
        n.ok())
        s.connections = int(*n);
    else
        c.errors.insert(LoadField::Connections, reason(n.error()));
    if (auto n = parseCount(f.threads.trimmed().toStdString(), 1, limits::kMaxThreads); n.ok())
        s.threads = int(*n);
    else
        c.errors.insert(LoadField::Threads, reason(n.error()));
    if (auto span = parseSpan(f.length.trimmed().toStdString(), BareUnit::Seconds); !span.ok())
        c.errors.insert(LoadField::Length, reason(span.error()));
    else if (span->isNone())
        c.errors.insert(LoadField::Length, LoadController::tr("must be above 0"));
    else if (span->isRequests())
        s.requestLimit = span->requests;
    else
        s.durationMs = span->ms;
    if (!f.warmUp.trimmed().isEmpty()) {
        if (auto span = parseSpan(f.warmUp.trimmed().toStdString(), BareUnit::Seconds); !span.ok())
            c.errors.insert(LoadField::WarmUp, reason(span.error()));
        else if (span->isRequests())
            s.warmupRequests = span->requests;
        else
            s.warmupMs = span->ms;
    }
    if (!f.rate.trimmed().isEmpty()) {
        if (auto r = parseRate(f.rate.trimmed().toStdString()); r.ok()) {
            s.mode = load::Mode::Open;
            s.ratePerS = *r;
        } else {
            c.errors.insert(LoadField::Rate, reason(r.error()));
        }
    }
    if (auto t = parseDurationMs(f.timeout.trimmed().toStdString(), BareUnit::Seconds, 1); t.ok())
        s.timeoutMs = *t;
    else
        c.errors.insert(LoadField::Timeout, reason(t.error()));
    if (auto t = parseDurationMs(f.interval.trimmed().toStdString(), BareUnit::Seconds,
                                 limits::kMinIntervalMs, limits::kMaxIntervalMs);
        t.ok())
        s.intervalMs = int(*t);
    else
        c.errors.insert(LoadField::Interval, reason(t.error()));
}

} // namespace

LoadFormCheck checkLoadForm(const LoadForm &f)
{
    LoadFormCheck c;
    checkRequest(f, c);
    checkAmounts(f, c);
    return c;
}

namespace {

// The header and latency lines of the summary.
QStringList latencyLines(const QuickTestResult &r)
{
    const load::LoadSpec &spec = r.spec.spec;
    const load::LoadResult &res = r.load;
    const Histogram &h = res.latency;
    const bool open = spec.mode == load::Mode::Open;
    QStringList out;
    const QString what = spec.requestLimit > 0
                             ? LoadController::tr("%1 requests").arg(spec.requestLimit)
                             : LoadController::tr("%1s").arg(double(spec.durationMs) / 1000.0);
    out << LoadController::tr("Running %1 test @ %2").arg(what, r.spec.url);
    out << LoadController::tr("  %1 threads and %2 connections, %3")
               .arg(spec.threads)
               .arg(spec.connections)
               .arg(open ? LoadController::tr("open loop at %1 req/s").arg(spec.ratePerS)
                         : LoadController::tr("closed loop"));
    out << LoadController::tr("  Latency %1  avg %2   stdev %3   max %4")
               .arg(open ? LoadController::tr("(corrected)") : QString(),
                    figures::latencyUs(h.mean()), figures::latencyUs(h.stdev()),
                    figures::latencyUs(double(h.max())));
    out << LoadController::tr("  Latency Distribution");
    for (double p : {50.0, 90.0, 99.0, 99.9})
        out << QStringLiteral("  %1%  %2")
                   .arg(p, 6, 'f', 1)
                   .arg(figures::latencyUs(double(h.valueAtPercentile(p))), 9);
    if (open)
        out << LoadController::tr("  Uncorrected p50 %1, p99 %2; late requests: %3")
                   .arg(figures::latencyUs(double(res.latencyUncorrected.valueAtPercentile(50))),
                        figures::latencyUs(double(res.latencyUncorrected.valueAtPercentile(99))))
                   .arg(res.total.late);
    return out;
}

// Requests, statuses, errors, throughput and CPU.
QStringList countLines(const QuickTestResult &r)
{
    const load::LoadResult &res = r.load;
    const load::Counters &t = res.total;
    QStringList out;
    out << LoadController::tr("  %1 requests in %2s, %3 bytes read")
               .arg(t.responses)
               .arg(res.elapsedS, 0, 'f', 2)
               .arg(t.bytesIn);
    const qint64 non2xx = t.responses - t.ok;
    if (non2xx > 0) {
        QStringList codes;
        for (size_t code = 0; code < t.status.size(); ++code)
            if (t.status[code] != 0 && (code < 200 || code >= 300))
                codes << QStringLiteral("%1: %2").arg(code).arg(t.status[code]);
        out << LoadController::tr("  Non-2xx responses: %1 (%2)")
                   .arg(non2xx)
                   .arg(codes.join(QLatin1String(", ")));
    }
    if (t.errors() > 0)
        out << LoadController::tr(
                   "  Socket errors: connect %1, read %2, write %3, timeout %4, parse %5")
                   .arg(t.connectErrors)
                   .arg(t.readErrors)
                   .arg(t.writeErrors)
                   .arg(t.timeouts)
                   .arg(t.parseErrors);
    if (t.reconnects > 0)
        out << LoadController::tr("  Reconnects: %1").arg(t.reconnects);
    out << LoadController::tr("Requests/sec: %1")
               .arg(res.elapsedS > 0 ? double(t.responses) / res.elapsedS : 0.0, 12, 'f', 2);
    out << LoadController::tr("2xx/sec:      %1").arg(res.okPerS, 12, 'f', 2);
    out << LoadController::tr("Client CPU:   %1s (%2 cores)")
               .arg(res.clientCpuS, 12, 'f', 2)
               .arg(res.elapsedS > 0 ? res.clientCpuS / res.elapsedS : 0.0, 0, 'f', 2);
    if (r.sampled) {
        const double cores = r.server.durationS > 0 ? r.server.serverCpuS / r.server.durationS : 0;
        out << LoadController::tr(
                   "Server tree:  %1 cores, %2 2xx per CPU-second, peak RSS %3 MiB (%4, pid %5)")
                   .arg(cores, 0, 'f', 2)
                   .arg(figures::rate(r.server.serverCpuS > 0 ? double(t.ok) / r.server.serverCpuS
                                                              : 0))
                   .arg(double(r.server.rssBytesPeak) / (1024.0 * 1024.0), 0, 'f', 1)
                   .arg(r.spec.serverName)
                   .arg(r.spec.serverPid);
    }
    if (!res.aborted.empty())
        out << LoadController::tr("Aborted: %1").arg(QString::fromStdString(res.aborted));
    if (res.cancelled)
        out << LoadController::tr(
            "Interrupted: the numbers cover the time until the interruption.");
    return out;
}

} // namespace

QString loadSummaryText(const QuickTestResult &r)
{
    return (latencyLines(r) + countLines(r)).join(QLatin1Char('\n'));
}

QByteArray quickTestPlanText(const QuickTestSpec &q)
{
    const load::LoadSpec &s = q.spec;
    const QString base = QStringLiteral("http://%1").arg(QString::fromStdString(s.hostHeader));
    QJsonArray command;
    const QStringList args = q.serverCommandLine.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &a : args)
        command.append(a);
    if (command.isEmpty())
        command.append(QStringLiteral("true")); // not started by Stackbench
    QJsonObject headers;
    for (const auto &[name, value] : s.request.headers)
        headers.insert(QString::fromStdString(name), QString::fromStdString(value));
    QJsonObject route{{QStringLiteral("name"), QStringLiteral("quick-test")},
                      {QStringLiteral("method"), QString::fromStdString(s.request.method)},
                      {QStringLiteral("path"), QString::fromStdString(s.request.target)}};
    if (!headers.isEmpty())
        route.insert(QStringLiteral("headers"), headers);
    if (!s.request.body.empty()) {
        QString body = QString::fromStdString(s.request.body);
        if (body.startsWith(QLatin1Char('@')))
            body.prepend(QLatin1Char('@')); // "@@" is a literal '@', not a file
        route.insert(QStringLiteral("body"), body);
    }
    QJsonObject load{{QStringLiteral("threads"), s.threads},
                     {QStringLiteral("timeout_s"), double(s.timeoutMs) / 1000.0}};
    if (s.mode == load::Mode::Open) {
        load.insert(QStringLiteral("mode"), QStringLiteral("open"));
        load.insert(QStringLiteral("rate"), s.ratePerS);
    }
    QJsonObject profile{{QStringLiteral("rounds"), 1},
                        {QStringLiteral("concurrency"), QJsonArray{s.connections}},
                        {QStringLiteral("measure_s"), double(s.durationMs) / 1000.0}};
    if (s.warmupRequests > 0)
        profile.insert(QStringLiteral("warmup"), QStringLiteral("%1req").arg(s.warmupRequests));
    else
        profile.insert(QStringLiteral("warmup"), QStringLiteral("%1ms").arg(s.warmupMs));
    const QString configuration = q.serverName.isEmpty() ? QStringLiteral("server") : q.serverName;
    QString cleanName;
    for (QChar ch : configuration)
        cleanName += (ch.isLetterOrNumber() && ch.unicode() < 128) || ch == QLatin1Char('-') ||
                             ch == QLatin1Char('_') || ch == QLatin1Char('.')
                         ? ch
                         : QLatin1Char('-');
    const QJsonObject plan{
        {QStringLiteral("format"), 1},
        {QStringLiteral("name"), QStringLiteral("quick test %1").arg(q.url)},
        {QStringLiteral("description"), QStringLiteral("Quick test from the Stackbench GUI: %1 %2")
                                            .arg(QString::fromStdString(s.request.method), q.url)},
        {QStringLiteral("configurations"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), cleanName},
                                {QStringLiteral("command"), command},
                                {QStringLiteral("base_url"), base}}}},
        {QStringLiteral("routes"), QJsonArray{route}},
        {QStringLiteral("load"), load},
        {QStringLiteral("profiles"), QJsonObject{{QStringLiteral("quick-test"), profile}}}};
    return QJsonDocument(plan).toJson(QJsonDocument::Indented);
}

namespace {

// The test as the one window of run `run`: valid when it ran to its end with 2xx answers.
store::WindowRecord quickTestWindow(const QuickTestResult &r, const store::RunRecord &run,
                                    const QString &configuration)
{
    const QuickTestSpec &q = r.spec;
    const load::LoadResult &res = r.load;
    store::WindowRecord w;
    w.runId = run.id;
    w.configuration = configuration;
    w.route = QStringLiteral("quick-test");
    w.concurrency = q.spec.connections;
    w.valid = !res.cancelled && res.aborted.empty() && res.total.ok > 0;
    if (!w.valid)
        w.invalidReason = res.cancelled          ? QStringLiteral("cancelled")
                          : !res.aborted.empty() ? QString::fromStdString(res.aborted)
                                                 : QStringLiteral("no 2xx responses");
    w.startedAt = run.startedAt;
    w.elapsedS = res.elapsedS;
    w.drainS = res.drainS;
    w.inFlightAtEnd = res.inFlightAtEnd;
    w.requests = res.total.responses;
    w.ok = res.total.ok;
    w.statusCounts = run::statusCountsJson(res.total);
    w.errors = run::errorCountsJson(res.total);
    w.bytesIn = res.total.bytesIn;
    w.bytesOut = res.total.bytesOut;
    w.reconnects = res.total.reconnects;
    w.clientCpuS = res.clientCpuS;
    w.latencyUs = run::latencySummaryJson(res.latency);
    w.histogram = run::encodedHistogram(res.latency);
    if (q.spec.mode == load::Mode::Open)
        w.histogramUncorrected = run::encodedHistogram(res.latencyUncorrected);
    if (r.sampled) {
        w.serverCpuS = r.server.serverCpuS;
        w.serverCoresMean = r.server.durationS > 0 ? r.server.serverCpuS / r.server.durationS : 0;
        w.foreignPctMean = r.server.foreignPct.mean;
        w.foreignPctPeak = r.server.foreignPct.peak;
        w.excludedPctMean = r.server.excludedPct.mean;
        w.generatorPctMean = r.server.generatorPct.mean;
        w.rssBytesPeak = r.server.rssBytesPeak;
        w.pssBytesPeak = r.server.pssBytesPeak;
    }
    w.intervals = r.intervals;
    return w;
}

} // namespace

sb::Result<QString> keepInHistory(const QString &storeLocation, const QuickTestResult &r)
{
    sb::Result<std::unique_ptr<store::RunStore>> opened = store::RunStore::open(storeLocation);
    if (!opened.ok())
        return opened.error();
    store::RunStore &st = **opened;
    const QuickTestSpec &q = r.spec;
    const QByteArray planText = quickTestPlanText(q);
    QJsonDocument planJson = QJsonDocument::fromJson(planText);
    const QString configuration =
        planJson[QStringLiteral("configurations")][0][QStringLiteral("name")].toString();

    store::RunRecord run;
    run.id = store::RunStore::newRunId();
    run.planPath = QString(); // in memory only
    run.planText = planText;
    run.planSha256 = QCryptographicHash::hash(planText, QCryptographicHash::Sha256).toHex();
    run.profile = QStringLiteral("quick-test");
    run.startedAt = r.startedAt.isValid() ? r.startedAt : QDateTime::currentDateTimeUtc();
    run.status = store::kStatusRunning;
    run.environment = QJsonObject{{QStringLiteral("source"), QStringLiteral("gui quick test")},
                                  {QStringLiteral("url"), q.url}};
    if (sb::Status s = st.createRun(run); !s.ok())
        return s.error();
    if (sb::Result<qint64> saved = st.saveWindow(quickTestWindow(r, run, configuration));
        !saved.ok())
        return saved.error();
    if (sb::Status s = st.finishRun(run.id, store::kStatusFinished); !s.ok())
        return s.error();
    return run.id;
}

// ---------------------------------------------------------------------------------------------

// Between the GUI thread (stop) and the test's thread.
struct LoadController::Shared
{
    std::mutex mutex;
    load::LoadEngine *engine = nullptr; // while the engine runs
    bool cancelled = false;
};

LoadController::LoadController(QObject *parent)
    : QObject(parent)
{
    registerQuickTestTypes();
}

LoadController::~LoadController()
{
    if (m_shared) { // no stateChanged(): the receivers may be half destroyed
        std::lock_guard<std::mutex> lock(m_shared->mutex);
        m_shared->cancelled = true;
        if (m_shared->engine)
            m_shared->engine->cancel();
    }
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void LoadController::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

template<typename F> void LoadController::post(quint64 generation, F f)
{
    QMetaObject::invokeMethod(
        this,
        [this, generation, f] {
            if (generation == m_generation)
                f();
        },
        Qt::QueuedConnection);
}

void LoadController::start(const QuickTestSpec &spec)
{
    if (isBusy()) {
        Q_EMIT failed(tr("A quick test is going on; stop it first."));
        return;
    }
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    const quint64 generation = ++m_generation;
    m_shared = std::make_shared<Shared>();
    std::shared_ptr<Shared> shared = m_shared;
    m_thread = QThread::create([this, shared, spec, generation] { run(shared, spec, generation); });
    connect(m_thread, &QThread::finished, this, [this, generation] {
        if (generation == m_generation)
            setState(State::Idle);
    });
    setState(State::Running);
    m_thread->start();
}

void LoadController::stop()
{
    if (m_state != State::Running || !m_shared)
        return;
    setState(State::Stopping);
    std::lock_guard<std::mutex> lock(m_shared->mutex);
    m_shared->cancelled = true;
    if (m_shared->engine)
        m_shared->engine->cancel();
}

namespace {

// Gathers a test's intervals from the engine's collector thread and the sampler's thread.
// Times: the sampler's clock starts just before the engine, so its readings are in seconds since
// the test started, like the warm-up's; measured intervals are moved by the warm-up's length.
class Collector
{
public:
    // A load interval as a live point; *measureStarted is set on the first measured one.
    QuickTestPoint load(const load::IntervalSnapshot &s, bool *measureStarted)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        *measureStarted = !s.warmup && !m_measuring;
        if (s.warmup)
            m_warmUpEndS = s.endS;
        else
            m_measuring = true;
        const double dt = s.endS - s.startS;
        QuickTestPoint p;
        p.warmUp = s.warmup;
        p.point.atS = s.warmup ? s.endS : m_warmUpEndS + s.endS;
        p.point.spanS = dt;
        p.point.okPerS = s.okPerS;
        p.point.non2xxPerS = dt > 0 ? double(s.counts.responses - s.counts.ok) / dt : 0;
        p.point.errorsPerS = dt > 0 ? double(s.counts.errors()) / dt : 0;
        p.point.p50Ms = double(s.p50Us) / 1000.0;
        p.point.p90Ms = double(s.p90Us) / 1000.0;
        p.point.p99Ms = double(s.p99Us) / 1000.0;
        p.point.maxMs = double(s.maxUs) / 1000.0;
        p.inFlight = s.inFlight;
        p.draining = s.draining;
        if (!s.warmup)
            m_measured.append(record(s));
        return p;
    }

    charts::ResourcePoint sample(const sample::Snapshot &s)
    {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_samples.append(s);
        }
        charts::ResourcePoint p;
        p.atS = double(s.endNs) / 1e9;
        p.serverCores = s.serverCores;
        p.generatorCores = s.generatorPct / 100.0;
        p.excludedCores = s.excludedPct / 100.0;
        p.foreignPct = s.foreignPct;
        p.rssMiB = double(s.serverRssBytes) / (1024.0 * 1024.0);
        return p;
    }

    double warmUpEndS()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_warmUpEndS;
    }

    // The measured intervals, each with the sampler reading that ends nearest to its end.
    QVector<store::IntervalRecord> intervals()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        QVector<store::IntervalRecord> out = m_measured;
        for (store::IntervalRecord &r : out) {
            const double at = m_warmUpEndS + r.endS;
            const sample::Snapshot *best = nullptr;
            for (const sample::Snapshot &s : m_samples)
                if (!best ||
                    std::abs(double(s.endNs) / 1e9 - at) < std::abs(double(best->endNs) / 1e9 - at))
                    best = &s;
            if (!best)
                continue;
            r.serverCores = best->serverCores;
            r.foreignPct = best->foreignPct;
            r.excludedPct = best->excludedPct;
            r.generatorPct = best->generatorPct;
            r.rssBytes = best->serverRssBytes;
            r.pssBytes = best->serverPssBytes;
        }
        return out;
    }

private:
    static store::IntervalRecord record(const load::IntervalSnapshot &s)
    {
        store::IntervalRecord r;
        r.index = s.index;
        r.startS = s.startS;
        r.endS = s.endS;
        r.requests = s.counts.responses;
        r.ok = s.counts.ok;
        r.errors = s.counts.errors();
        r.okPerS = s.okPerS;
        r.p50Us = s.p50Us;
        r.p99Us = s.p99Us;
        r.maxUs = s.maxUs;
        return r;
    }

    std::mutex m_mutex;
    double m_warmUpEndS = 0;
    bool m_measuring = false;
    QVector<store::IntervalRecord> m_measured;
    QVector<sample::Snapshot> m_samples;
};

} // namespace

// On the test's thread: sampler (when asked), engine, wait, result.
void LoadController::run(std::shared_ptr<Shared> shared, QuickTestSpec q, quint64 generation)
{
    Collector collector;
    auto onLoad = [&](const load::IntervalSnapshot &s) {
        bool measureStart = false;
        const QuickTestPoint p = collector.load(s, &measureStart);
        if (measureStart) {
            const double at = collector.warmUpEndS();
            post(generation, [this, at] { Q_EMIT measureStarted(at); });
        }
        post(generation, [this, p] { Q_EMIT loadMeasured(p); });
    };
    auto onSample = [&](const sample::Snapshot &s) {
        const charts::ResourcePoint p = collector.sample(s);
        post(generation, [this, p] { Q_EMIT resourcesSampled(p); });
    };
    auto fail = [&](const QString &message) {
        post(generation, [this, message] { Q_EMIT failed(message); });
    };

    std::optional<sample::Sampler> sampler;
    if (q.serverPid > 0) {
        sample::Options options;
        options.rootPid = pid_t(q.serverPid);
        options.intervalMs = q.spec.intervalMs;
        options.generatorCores = q.spec.threads;
        if (sb::Status st = sampler.emplace().start(options, onSample); !st.ok())
            return fail(
                tr("Cannot sample process %1: %2").arg(q.serverPid).arg(sb::qtDetail(st.error())));
    }
    load::LoadEngine engine;
    const QDateTime started = QDateTime::currentDateTimeUtc();
    if (sb::Status st = engine.start(q.spec, onLoad); !st.ok()) {
        if (sampler)
            sampler->stop();
        return fail(sb::qtText(st.error()));
    }
    if (sampler)
        sampler->setGeneratorThreads(engine.workerTids());
    {
        std::lock_guard<std::mutex> lock(shared->mutex);
        shared->engine = &engine;
        if (shared->cancelled)
            engine.cancel();
    }
    QuickTestResult result;
    result.load = engine.wait();
    {
        std::lock_guard<std::mutex> lock(shared->mutex);
        shared->engine = nullptr;
    }
    result.spec = q;
    result.startedAt = started.addMSecs(qint64(result.load.warmupS * 1000));
    if (sampler) {
        result.server = sampler->stop();
        result.sampled = true;
    }
    result.intervals = collector.intervals();
    post(generation, [this, result] { Q_EMIT finished(result); });
}

} // namespace sb
