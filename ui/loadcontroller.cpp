#include "ui/loadcontroller.h"

#include "core/duration.h"
#include "core/limits.h"
#include "core/qterror.h"
#include "report/figures.h"
#include "run/loadjson.h"
#include "ui/models/figures.h"

#include <QFile>
#include <QMetaType>
#include <QRegularExpression>
#include <QThread>
#include <mutex>

namespace sb {

namespace {

// "must be at most 1 day" from a value error's detail, without repeating the field name.
QString reason(const sb::Error &e)
{
    return QString::fromStdString(e.detail);
}

} // namespace

void registerQuickTestTypes()
{
    qRegisterMetaType<QuickTestSpec>();
    qRegisterMetaType<QuickTestResult>();
    qRegisterMetaType<run::WindowInterval>();
    qRegisterMetaType<LoadController::State>();
}

namespace {

// URL, method, headers and body, by the engine's one rule (plan/requestbuilder.h).
void checkRequest(const LoadForm &f, LoadFormCheck &c)
{
    plan::RequestBuilder b;
    c.spec.url = f.url.trimmed();
    if (c.spec.url.isEmpty())
        c.errors.insert(LoadField::Url,
                        LoadController::tr("enter a URL like http://127.0.0.1:8080/health"));
    else if (const sb::Status st = b.setUrl(c.spec.url); !st.ok())
        c.errors.insert(LoadField::Url, reason(st.error()));
    if (!b.setMethod(f.method).ok())
        c.errors.insert(LoadField::Method,
                        LoadController::tr("must be one of %1")
                            .arg(plan::requestMethods().join(QLatin1String(", "))));
    for (const auto &[name, value] : f.headers) {
        if (name.trimmed().isEmpty())
            continue;
        if (const sb::Status st = b.addHeader(name.trimmed(), value); !st.ok())
            c.errors.insert(LoadField::Headers, sb::qtText(st.error()));
    }
    b.setBody(f.body.toUtf8());
    // https://: verification as the form says (as `stackbench load --insecure --cacert`).
    if (b.request().tls) {
        plan::TlsSettings tls;
        tls.insecure = f.insecure;
        tls.caFile = f.caFile.trimmed();
        if (!tls.caFile.isEmpty()) {
            QFile file(tls.caFile);
            if (tls.insecure)
                c.errors.insert(LoadField::CaFile,
                                LoadController::tr("give a CA file or Insecure, not both"));
            else if (!file.open(QIODevice::ReadOnly))
                c.errors.insert(LoadField::CaFile, LoadController::tr("cannot read \"%1\": %2")
                                                       .arg(tls.caFile, file.errorString()));
        }
        b.setTlsSettings(tls);
    }
    c.spec.window.request = b.request();
    // HTTP/2 (h2 by ALPN over https://, h2c with prior knowledge over http://) and its streams.
    if (f.http2) {
        c.spec.window.request.protocol = plan::HttpProtocol::Http2;
        if (f.streams < 1 || f.streams > plan::kMaxStreams)
            c.errors.insert(LoadField::Streams,
                            LoadController::tr("must be between 1 and %1").arg(plan::kMaxStreams));
        else
            c.spec.window.streams = f.streams;
    }
}

// Connections, threads, how long, warm-up, rate, timeout and interval.
void checkAmounts(const LoadForm &f, LoadFormCheck &c)
{
    run::WindowSpec &s = c.spec.window;
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
            s.openLoop = true;
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

double latencyOf(const store::WindowRecord &w, const char *key)
{
    return w.latencyUs.value(QLatin1String(key)).toDouble();
}

// The header and latency lines of the summary.
QStringList latencyLines(const QuickTestResult &r)
{
    const run::WindowSpec &spec = r.spec.window;
    const store::WindowRecord &w = r.measured.window;
    QStringList out;
    const QString what = spec.requestLimit > 0
                             ? LoadController::tr("%1 requests").arg(spec.requestLimit)
                             : LoadController::tr("%1s").arg(double(spec.durationMs) / 1000.0);
    out << LoadController::tr("Running %1 test @ %2").arg(what, r.spec.url);
    out << LoadController::tr("  %1 threads and %2 connections, %3")
               .arg(spec.threads)
               .arg(spec.connections)
               .arg(spec.openLoop ? LoadController::tr("open loop at %1 req/s").arg(spec.ratePerS)
                                  : LoadController::tr("closed loop"));
    out << LoadController::tr("  Latency %1  avg %2   stdev %3   max %4")
               .arg(spec.openLoop ? LoadController::tr("(corrected)") : QString(),
                    figures::latencyUs(latencyOf(w, "mean")),
                    figures::latencyUs(latencyOf(w, "stdev")),
                    figures::latencyUs(latencyOf(w, "max")));
    out << LoadController::tr("  Latency Distribution");
    for (const auto &[p, key] : {std::pair{50.0, "p50"}, std::pair{90.0, "p90"},
                                 std::pair{99.0, "p99"}, std::pair{99.9, "p999"}})
        out << QStringLiteral("  %1%  %2")
                   .arg(p, 6, 'f', 1)
                   .arg(figures::latencyUs(latencyOf(w, key)), 9);
    if (spec.openLoop) {
        const Histogram u = run::decodedHistogram(w.histogramUncorrected);
        out << LoadController::tr("  Uncorrected p50 %1, p99 %2; late requests: %3")
                   .arg(figures::latencyUs(double(u.valueAtPercentile(50))),
                        figures::latencyUs(double(u.valueAtPercentile(99))))
                   .arg(r.measured.late);
    }
    return out;
}

// Requests, statuses, errors, throughput and CPU: the stored window's figures.
QStringList countLines(const QuickTestResult &r)
{
    const store::WindowRecord &w = r.measured.window;
    auto errors = [&w](const char *kind) {
        return qint64(w.errors.value(QLatin1String(kind)).toDouble());
    };
    QStringList out;
    out << LoadController::tr("  %1 requests in %2s, %3 bytes read")
               .arg(w.requests)
               .arg(w.elapsedS, 0, 'f', 2)
               .arg(w.bytesIn);
    const qint64 non2xx = w.requests - w.ok;
    if (non2xx > 0) {
        QStringList codes;
        for (auto it = w.statusCounts.begin(); it != w.statusCounts.end(); ++it)
            if (!it.key().startsWith(QLatin1Char('2')))
                codes << QStringLiteral("%1: %2").arg(it.key()).arg(qint64(it.value().toDouble()));
        out << LoadController::tr("  Non-2xx responses: %1 (%2)")
                   .arg(non2xx)
                   .arg(codes.join(QLatin1String(", ")));
    }
    const qint64 transport =
        errors("connect") + errors("read") + errors("write") + errors("timeout") + errors("parse");
    if (transport > 0)
        out << LoadController::tr(
                   "  Socket errors: connect %1, read %2, write %3, timeout %4, parse %5")
                   .arg(errors("connect"))
                   .arg(errors("read"))
                   .arg(errors("write"))
                   .arg(errors("timeout"))
                   .arg(errors("parse"));
    // https://: TLS failures by class, as `stackbench load` prints them.
    const qint64 tlsFailures = errors("tls_handshake") + errors("tls_certificate") +
                               errors("tls_alert") + errors("tls_no_close_notify");
    if (tlsFailures > 0)
        out << LoadController::tr("  TLS errors: handshake %1, certificate %2, alert %3, closed "
                                  "without close_notify %4")
                   .arg(errors("tls_handshake"))
                   .arg(errors("tls_certificate"))
                   .arg(errors("tls_alert"))
                   .arg(errors("tls_no_close_notify"));
    if (w.reconnects > 0)
        out << LoadController::tr("  Reconnects: %1").arg(w.reconnects);
    out << LoadController::tr("Requests/sec: %1")
               .arg(w.elapsedS > 0 ? double(w.requests) / w.elapsedS : 0.0, 12, 'f', 2);
    out << LoadController::tr("2xx/sec:      %1").arg(report::windowOkPerS(w), 12, 'f', 2);
    out << LoadController::tr("Client CPU:   %1s (%2 cores)")
               .arg(w.clientCpuS, 12, 'f', 2)
               .arg(report::cores(w.clientCpuS, w.elapsedS), 0, 'f', 2);
    if (r.measured.sampled)
        out << LoadController::tr(
                   "Server tree:  %1 cores, %2 2xx per CPU-second, peak RSS %3 MiB (%4, pid %5)")
                   .arg(report::windowCores(w), 0, 'f', 2)
                   .arg(figures::rate(report::windowPerCpuS(w)))
                   .arg(double(w.rssBytesPeak) / (1024.0 * 1024.0), 0, 'f', 1)
                   .arg(r.spec.serverName)
                   .arg(r.spec.window.sample->rootPid);
    if (!r.measured.aborted.isEmpty())
        out << LoadController::tr("Aborted: %1").arg(r.measured.aborted);
    if (r.measured.cancelled)
        out << LoadController::tr(
            "Interrupted: the numbers cover the time until the interruption.");
    return out;
}

} // namespace

QString loadSummaryText(const QuickTestResult &r)
{
    QStringList lines = latencyLines(r) + countLines(r);
    // https://: what the connections agreed on, and whether the certificate was verified.
    if (const QString tls = run::tlsDescription(r.measured.connections); !tls.isEmpty())
        lines << LoadController::tr("TLS: %1").arg(tls);
    return lines.join(QLatin1Char('\n'));
}

sb::Result<QString> keepInHistory(const QString &storeLocation, const QuickTestResult &result)
{
    return run::keepUrlTest(storeLocation, result);
}

// ---------------------------------------------------------------------------------------------

// Between the GUI thread (stop) and the test's thread.
struct LoadController::Shared
{
    std::mutex mutex;
    run::UrlTest *test = nullptr; // while the test runs
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
        if (m_shared->test)
            m_shared->test->cancel();
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
    if (m_shared->test)
        m_shared->test->cancel();
}

// On the test's thread: the engine's URL test, its events posted to the GUI thread.
void LoadController::run(std::shared_ptr<Shared> shared, QuickTestSpec spec, quint64 generation)
{
    run::UrlTest test(
        [&](const run::WindowInterval &i) {
            post(generation, [this, i] { Q_EMIT intervalMeasured(i); });
        },
        [&](double atS) { post(generation, [this, atS] { Q_EMIT measureStarted(atS); }); });
    {
        std::lock_guard<std::mutex> lock(shared->mutex);
        shared->test = &test;
        if (shared->cancelled)
            test.cancel();
    }
    sb::Result<QuickTestResult> result = test.run(spec);
    {
        std::lock_guard<std::mutex> lock(shared->mutex);
        shared->test = nullptr;
    }
    if (!result.ok()) {
        const sb::Error e = result.error();
        const QString message =
            e.code == "sample.start"
                ? tr("Cannot sample process %1: %2")
                      .arg(spec.window.sample ? spec.window.sample->rootPid : 0)
                      .arg(sb::qtDetail(e).remove(QRegularExpression(QStringLiteral("^sampler: "))))
                : sb::qtText(e);
        post(generation, [this, message] { Q_EMIT failed(message); });
        return;
    }
    post(generation, [this, r = *result] { Q_EMIT finished(r); });
}

} // namespace sb
