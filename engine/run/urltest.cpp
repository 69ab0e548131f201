#include "run/urltest.h"

#include "core/cpuset.h"
#include "core/enginetext.h"
#include "plan/planloader.h"
#include "run/environment.h"
#include "run/gates.h"
#include "run/loadjson.h"
#include "run/runnerprocess.h"
#include "run/sleepinhibitor.h"
#include "store/runstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>

namespace sb::run {

namespace {

const QLatin1String kRoute("quick-test");

// A configuration name the plan grammar takes ([A-Za-z0-9_.-]+) from a process name.
QString configurationName(const QString &serverName)
{
    if (serverName.isEmpty())
        return QStringLiteral("server");
    QString name;
    for (const QChar ch : serverName)
        name += (ch.isLetterOrNumber() && ch.unicode() < 128) || ch == QLatin1Char('-') ||
                        ch == QLatin1Char('_') || ch == QLatin1Char('.')
                    ? ch
                    : QLatin1Char('-');
    return name;
}

QString baseUrl(const plan::HttpRequest &r)
{
    const QString host =
        r.host.contains(QLatin1Char(':')) ? QLatin1Char('[') + r.host + QLatin1Char(']') : r.host;
    return QStringLiteral("%1://%2:%3")
        .arg(r.tls ? QStringLiteral("https") : QStringLiteral("http"), host)
        .arg(r.port);
}

QString seconds(qint64 ms)
{
    return QString::number(double(ms) / 1000.0);
}

QJsonObject routeJson(const plan::HttpRequest &r)
{
    QJsonObject route{{QStringLiteral("name"), kRoute},
                      {QStringLiteral("method"), r.method},
                      {QStringLiteral("path"), r.target}};
    QJsonObject headers;
    // The URL's own Host value is what a plan sends by itself; any other was a Host header.
    plan::RequestBuilder own;
    if (own.setUrl(baseUrl(r)).ok() && own.request().hostHeader != r.hostHeader)
        headers.insert(QStringLiteral("Host"), r.hostHeader);
    for (const plan::Header &h : r.headers)
        headers.insert(h.name, h.value);
    if (!headers.isEmpty())
        route.insert(QStringLiteral("headers"), headers);
    if (!r.body.isEmpty()) {
        QString body = QString::fromUtf8(r.body);
        if (body.startsWith(QLatin1Char('@')))
            body.prepend(QLatin1Char('@')); // "@@" is a literal '@', not a file
        route.insert(QStringLiteral("body"), body);
    }
    return route;
}

QJsonObject profileJson(const WindowSpec &w)
{
    QJsonObject profile{{QStringLiteral("rounds"), 1},
                        {QStringLiteral("concurrency"), QJsonArray{w.connections}},
                        {QStringLiteral("retries"), 0}};
    if (w.requestLimit <= 0)
        profile.insert(QStringLiteral("measure_s"), double(w.durationMs) / 1000.0);
    if (w.warmupRequests > 0)
        profile.insert(QStringLiteral("warmup"), QStringLiteral("%1req").arg(w.warmupRequests));
    else
        profile.insert(QStringLiteral("warmup"), QStringLiteral("%1ms").arg(w.warmupMs));
    return profile;
}

// The run's gates on the test's window, as a run judges a measured window.
void judge(store::WindowRecord &window, const WindowOutcome &m, const WarmupOutcome &warmup,
           const plan::Plan &plan, int threads)
{
    const GateFigures f = gateFiguresOf(m, window, plan.sampler, threads);
    const GateVerdict verdict = evaluateGates(f);
    for (auto it = verdict.gates.begin(); it != verdict.gates.end(); ++it)
        window.gates.insert(it.key(), it.value());
    window.flags = verdict.flags;
    window.valid = verdict.valid();
    window.invalidReason = verdict.reason();
    window.invalidKind = verdict.invalidKind();
    if (!warmup.ran)
        return;
    QJsonObject gate = warmup.gate;
    gate.insert(QStringLiteral("connections"), window.concurrency);
    gate.insert(QStringLiteral("scope"), QStringLiteral("window"));
    window.gates.insert(QStringLiteral("warmup"), gate);
    if (!warmup.failure.isEmpty() && !m.cancelled) {
        window.valid = false;
        window.invalidReason = QStringLiteral("warm-up failed: ") + warmup.failure;
        window.invalidKind = store::kInvalidWarmup;
    }
}

QJsonObject configurationInfo(const UrlTestResult &r, const plan::Configuration &c)
{
    const WindowSpec &w = r.spec.window;
    QJsonObject info{
        {QStringLiteral("command"), QJsonArray::fromStringList(c.command)},
        {QStringLiteral("cwd"), QString()},
        {QStringLiteral("env"), QJsonObject()},
        {QStringLiteral("base_url"), c.baseUrl},
        {QStringLiteral("versions"), QJsonObject()},
        {QStringLiteral("containment"), QStringLiteral("external")}, // not started by Stackbench
        {QStringLiteral("cpus"), QString()},
        {QStringLiteral("load_cpus"), QString::fromStdString(formatCpuList(w.cpus))},
        {QStringLiteral("load_cpus_applied"),
         QString::fromStdString(formatCpuList(r.measured.loadCpus))},
        {QStringLiteral("pid"), double(w.sample ? w.sample->rootPid : 0)},
        {QStringLiteral("protocol"),
         plan::protocolDescription(
             w.request.protocol, w.request.tls,
             w.request.protocol == plan::HttpProtocol::Http2 ? std::max(1, w.streams) : 1)}};
    // https://: what the window's TLS connections agreed on, as a run records it.
    if (const QString tls = tlsDescription(r.measured.connections); !tls.isEmpty())
        info.insert(QStringLiteral("tls"), tls);
    return info;
}

sb::Result<plan::Plan> loadPlan(const QByteArray &text)
{
    return plan::parsePlan(text, QStringLiteral("quick-test.json"), QDir::currentPath()).toResult();
}

} // namespace

QByteArray urlTestPlanText(const UrlTestSpec &spec)
{
    const WindowSpec &w = spec.window;
    QJsonArray command;
    for (const QString &a : spec.serverCommandLine.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        command.append(a);
    if (command.isEmpty())
        command.append(QStringLiteral("true")); // not started by Stackbench
    QJsonObject load{{QStringLiteral("threads"), w.threads},
                     {QStringLiteral("timeout_s"), double(w.timeoutMs) / 1000.0}};
    if (w.openLoop) {
        load.insert(QStringLiteral("mode"), QStringLiteral("open"));
        load.insert(QStringLiteral("rate"), w.ratePerS);
    }
    if (!w.cpus.empty())
        load.insert(QStringLiteral("cpus"), QString::fromStdString(formatCpuList(w.cpus)));
    // https://: the test's TLS settings (a kept test's plan runs as it ran).
    const plan::TlsSettings &tls = w.request.tlsSettings;
    if (w.request.tls && (tls.insecure || !tls.caFile.isEmpty())) {
        QJsonObject t{{QStringLiteral("insecure"), tls.insecure}};
        if (!tls.caFile.isEmpty())
            t.insert(QStringLiteral("ca_file"), // "$${" is a literal "${" in a plan
                     QString(tls.caFile).replace(QStringLiteral("${"), QStringLiteral("$${")));
        load.insert(QStringLiteral("tls"), t);
    }
    // HTTP/2: the protocol and its streams per connection (HTTP/1.1 is the plan's default).
    if (w.request.protocol == plan::HttpProtocol::Http2) {
        load.insert(QStringLiteral("protocol"), plan::protocolKey(w.request.protocol));
        load.insert(QStringLiteral("streams"), std::max(1, w.streams));
    }
    QJsonObject sampler{{QStringLiteral("interval_ms"), w.intervalMs}};
    if (!spec.foreignGate.isEmpty())
        sampler.insert(QStringLiteral("foreign_gate"), spec.foreignGate);
    const QString length = w.requestLimit > 0 ? QStringLiteral("%1 requests").arg(w.requestLimit)
                                              : seconds(w.durationMs) + QStringLiteral(" s");
    const QJsonObject plan{
        {QStringLiteral("format"), 1},
        {QStringLiteral("name"), QStringLiteral("quick test %1").arg(spec.url)},
        {QStringLiteral("description"),
         QStringLiteral("Quick test from the Stackbench GUI: %1 %2, %3 connections, %4")
             .arg(w.request.method, spec.url)
             .arg(w.connections)
             .arg(length)},
        {QStringLiteral("configurations"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), configurationName(spec.serverName)},
                                {QStringLiteral("command"), command},
                                {QStringLiteral("base_url"), baseUrl(w.request)}}}},
        {QStringLiteral("routes"), QJsonArray{routeJson(w.request)}},
        {QStringLiteral("load"), load},
        {QStringLiteral("sampler"), sampler},
        {QStringLiteral("profiles"), QJsonObject{{kUrlTestProfile, profileJson(w)}}}};
    return QJsonDocument(plan).toJson(QJsonDocument::Indented);
}

UrlTest::UrlTest(LoadWindow::IntervalSink onInterval,
                 std::function<void(double atS)> onMeasureStarted)
    : m_measurement(std::move(onInterval))
    , m_onMeasureStarted(std::move(onMeasureStarted))
{}

void UrlTest::cancel()
{
    m_measurement.cancel();
}

sb::Result<UrlTestResult> UrlTest::run(const UrlTestSpec &spec)
{
    // A kept test is stored as a run is: its reasons in English (core/enginetext.h).
    const EnglishEngineTexts english;
    UrlTestResult r;
    r.spec = spec;
    r.startedAt = QDateTime::currentDateTimeUtc();
    QElapsedTimer clock;
    clock.start();
    r.planText = urlTestPlanText(spec);
    const sb::Result<plan::Plan> plan = loadPlan(r.planText);
    if (!plan.ok())
        return plan.error();
    SleepInhibitor inhibitor;
    (void)inhibitor.acquire(QStringLiteral("measuring a quick test of ") + spec.url);
    r.environment =
        runEnvironment(*plan, kUrlTestProfile, spec.window.connections, inhibitor.state(), nullptr);
    sb::Result<WarmupOutcome> warmup = m_measurement.warmUp(spec.window);
    if (!warmup.ok())
        return warmup.error();
    r.warmup = std::move(*warmup);
    if (m_onMeasureStarted)
        m_onMeasureStarted(double(clock.nsecsElapsed()) / 1e9);
    store::WindowRecord window;
    window.configuration = plan->configurations.first().name;
    window.route = kRoute;
    window.concurrency = spec.window.connections;
    sb::Result<WindowOutcome> measured = m_measurement.measure(spec.window, window);
    if (!measured.ok())
        return measured.error();
    r.measured = std::move(*measured);
    r.finishedAt = QDateTime::currentDateTimeUtc();
    judge(r.measured.window, r.measured, r.warmup, *plan, spec.window.threads);
    return r;
}

sb::Result<QString> keepUrlTest(const QString &storeLocation, const UrlTestResult &r)
{
    const EnglishEngineTexts english;
    const sb::Result<plan::Plan> plan = loadPlan(r.planText);
    if (!plan.ok())
        return plan.error();
    sb::Result<std::unique_ptr<store::RunStore>> opened = store::RunStore::open(storeLocation);
    if (!opened.ok())
        return opened.error();
    store::RunStore &st = **opened;
    store::RunRecord run;
    run.id = store::RunStore::newRunId(r.startedAt);
    run.planName = plan->name;
    run.planText = plan->redactedText();
    run.planSha256 = plan->sha256;
    run.profile = kUrlTestProfile;
    run.startedAt = r.startedAt;
    // The test's own end, not the moment it was kept: finishRun() would stamp "now".
    run.finishedAt = r.finishedAt;
    run.status = store::kStatusRunning;
    run.environment = r.environment;
    const RunnerIdentity self = thisProcess();
    run.runnerPid = self.pid;
    run.runnerHost = self.host;
    run.runnerStart = self.start;
    if (sb::Status s = st.createRun(run); !s.ok())
        return s.error();
    store::WindowRecord window = r.measured.window;
    window.runId = run.id;
    const plan::Configuration &c = plan->configurations.first();
    sb::Status s =
        st.saveConfiguration({run.id, c.name, configurationInfo(r, c), int(c.cpus.size())});
    if (s.ok())
        if (sb::Result<qint64> saved = st.saveWindow(window); !saved.ok())
            s = saved.error();
    if (s.ok())
        s = st.setRunStatus(run.id, store::kStatusFinished);
    if (!s.ok()) {
        (void)st.deleteRun(run.id); // a half-kept test would read as an interrupted run
        return s.error();
    }
    return run.id;
}

} // namespace sb::run
