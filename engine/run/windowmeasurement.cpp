#include "run/windowmeasurement.h"

#include "core/cpuset.h"
#include "core/limits.h"
#include "core/qterror.h"
#include "plan/requestbuilder.h"
#include "run/configurationsession.h"
#include "run/gates.h"
#include "run/hookmoments.h"
#include "run/lanephase.h"
#include "run/loadjson.h"
#include "run/runcontext.h"
#include "run/runprogress.h"
#include "run/serverhost.h"

#include <QDateTime>
#include <QScopeGuard>
#include <QSet>
#include <QThread>
#include <algorithm>

namespace sb::run {

int windowIntervalMs(int planIntervalMs, qint64 measureMs)
{
    const qint64 fitting = measureMs / kMinIntervalsPerWindow;
    return int(std::clamp<qint64>(std::min<qint64>(planIntervalMs, fitting),
                                  sb::limits::kMinIntervalMs,
                                  std::max<qint64>(planIntervalMs, sb::limits::kMinIntervalMs)));
}

sb::Result<WindowSpec> windowSpecFor(const plan::Plan &plan, const plan::Profile &profile,
                                     const plan::Configuration &config, const plan::Route &route,
                                     int concurrency)
{
    sb::Result<plan::HttpRequest> request = plan::routeRequest(config.baseUrl, route);
    if (!request.ok())
        return request.error();
    WindowSpec spec;
    spec.request = std::move(*request);
    spec.request.tlsSettings = config.tls; // https://: the plan's TLS settings
    spec.request.protocol = config.protocol;
    spec.streams = config.protocol == plan::HttpProtocol::Http2 ? config.streams : 1;
    spec.connections = concurrency;
    spec.threads = std::max(1, std::min(plan.load.threads, concurrency));
    spec.openLoop = plan.load.mode == plan::LoadSettings::Mode::Open || profile.rateRps > 0;
    spec.ratePerS = profile.rateRps > 0 ? profile.rateRps : plan.load.rateRps;
    spec.timeoutMs = plan.load.timeoutMs;
    spec.durationMs = profile.measureMs;
    spec.intervalMs = windowIntervalMs(plan.sampler.intervalMs, profile.measureMs);
    spec.cpus = plan.load.cpus;
    spec.expectStatus = route.expectStatus;
    sb::Result<std::vector<LoadHostCommand>> hosts = loadHostCommands(plan);
    if (!hosts.ok())
        return hosts.error();
    spec.loadHosts = std::move(*hosts);
    return spec;
}

WindowSpec warmupSpecFor(const plan::Plan &plan, const plan::Profile &profile,
                         const WindowSpec &measured)
{
    WindowSpec spec = measured;
    if (profile.warmupScope == plan::Profile::WarmupScope::Route && profile.warmupConcurrency > 0) {
        spec.connections = profile.warmupConcurrency;
        spec.threads = std::max(1, std::min(plan.load.threads, spec.connections));
    }
    if (profile.warmup.kind == plan::Warmup::Kind::Requests)
        spec.warmupRequests = profile.warmup.requests;
    else
        spec.warmupMs = profile.warmup.durationMs;
    return spec;
}

void setInvalid(store::WindowRecord &window, QLatin1String kind, const QString &reason)
{
    window.valid = false;
    window.invalidKind = kind;
    window.invalidReason = reason;
}

bool setLoadHostFault(store::WindowRecord &window, const sb::Error &error)
{
    const QString code = QString::fromStdString(error.code);
    if (code == QLatin1String(kLoadHostSetupError))
        setInvalid(window, store::kInvalidLoadHostSetup, sb::qtDetail(error));
    else if (code == QLatin1String(kLoadHostWindowError))
        setInvalid(window, store::kInvalidLoadHost, sb::qtDetail(error));
    else
        return false;
    return true;
}

WindowMeasurement::WindowMeasurement(RunContext &context, ConfigurationSession &configurations,
                                     HookMoments &moments, RunProgress &progress)
    : m_context(context)
    , m_configurations(configurations)
    , m_moments(moments)
    , m_progress(progress)
{}

store::WindowRecord WindowMeasurement::measure(const plan::Configuration &config,
                                               const plan::Route &route, const CellRef &cell,
                                               LoadAttachment *attachment)
{
    m_attachment = attachment;
    const auto detach = qScopeGuard([this] { m_attachment = nullptr; });
    store::WindowRecord window;
    window.runId = m_context.runId;
    window.round = cell.round;
    window.configuration = cell.configuration;
    window.route = cell.route;
    window.concurrency = cell.concurrency;
    window.attempt = cell.attempt;
    window.startedAt = QDateTime::currentDateTimeUtc();
    // What the tree had served before this window's warm-up; measureWindow() sets the seconds
    // again when the measured window starts.
    const ConfigurationSession::TreeAge age = m_configurations.treeAge(config.name);
    window.treeAgeS = age.seconds;
    window.treeRequests = age.requests;
    const sb::Result<WindowSpec> spec =
        windowSpecFor(m_context.plan, *m_context.profile, config, route, cell.concurrency);
    if (!spec.ok() && spec.error().code == kLoadHostSetupError) {
        setInvalid(window, store::kInvalidLoadHostSetup, sb::qtDetail(spec.error()));
        return window;
    }
    if (!spec.ok()) { // before any hook: there is nothing to clean up
        setInvalid(window, store::kInvalidStart,
                   QStringLiteral("the request could not be built: ") + sb::qtText(spec.error()));
        return window;
    }
    measureLoad(config, route, cell, *spec, window);
    // The window's clean-up runs whatever became of it; if it fails, the next window would
    // start from what this one left, so this one does not count.
    if (sb::Status st = m_moments.run(&plan::HookSet::afterWindow, &config, &route);
        !st.ok() && window.valid)
        setInvalid(window, store::kInvalidHook,
                   QStringLiteral("after_window hook failed: ") + sb::qtDetail(st.error()));
    return window;
}

void WindowMeasurement::measureLoad(const plan::Configuration &config, const plan::Route &route,
                                    const CellRef &cell, const WindowSpec &spec,
                                    store::WindowRecord &window)
{
    LoadWindow load([this, &cell](const WindowInterval &i) {
        m_context.observer->intervalMeasured(IntervalUpdate{
            m_context.runId, cell, i.warmUp ? Phase::WarmUp : Phase::Measure, i.record, i.inFlight,
            i.draining, i.transportErrors, i.foreignTop, i.hostCores});
    });
    {
        std::lock_guard<std::mutex> lock(m_loadMutex);
        m_load = &load;
    }
    if (m_context.cancelled()) // a cancel() before the load was published
        load.cancel();
    if (prepare(config, route, cell, spec, load, window))
        measureWindow(config, cell, spec, load, window);
    std::lock_guard<std::mutex> lock(m_loadMutex);
    m_load = nullptr;
}

// False (and the window invalid) when a hook or the warm-up failed.
bool WindowMeasurement::prepare(const plan::Configuration &config, const plan::Route &route,
                                const CellRef &cell, const WindowSpec &spec, LoadWindow &load,
                                store::WindowRecord &window)
{
    if (sb::Status st = m_moments.run(&plan::HookSet::beforeWindow, &config, &route); !st.ok()) {
        setInvalid(window, store::kInvalidHook,
                   QStringLiteral("before_window hook failed: ") + sb::qtDetail(st.error()));
        return false;
    }
    if (!warmUp(config, route, cell, spec, load, window))
        return false;
    if (sb::Status st = m_moments.run(&plan::HookSet::afterWarmup, &config, &route); !st.ok()) {
        setInvalid(window, store::kInvalidHook,
                   QStringLiteral("after_warmup hook failed: ") + sb::qtDetail(st.error()));
        return false;
    }
    if (m_context.profile->settleMs > 0)
        QThread::msleep(unsigned(m_context.profile->settleMs));
    return true;
}

// With warmup_scope "route" a route is warmed up once on each tree after its before_route
// hooks, and its other windows have none.
bool WindowMeasurement::warmUp(const plan::Configuration &config, const plan::Route &route,
                               const CellRef &cell, const WindowSpec &measured, LoadWindow &load,
                               store::WindowRecord &window)
{
    const plan::Profile &profile = *m_context.profile;
    const bool perRoute = profile.warmupScope == plan::Profile::WarmupScope::Route;
    QSet<QString> &warm = m_configurations.warmRoutes(config.name);
    if (profile.warmup.isNone() || (perRoute && warm.contains(route.name)))
        return true;
    const WindowSpec spec = warmupSpecFor(m_context.plan, profile, measured);
    m_context.observer->windowStarted(WindowStarted{
        m_context.runId, cell, Phase::WarmUp, m_progress.windowNumber(), m_context.totalCells()});
    const sb::Result<WarmupOutcome> r = load.warmUp(spec);
    if (r.ok())
        m_configurations.served(config.name, r->figures.window.requests);
    if (!r.ok() && setLoadHostFault(window, r.error()))
        return false;
    if (!r.ok()) {
        setInvalid(window, store::kInvalidStart,
                   QStringLiteral("warm-up could not start: ") +
                       QString::fromStdString(r.error().detail));
        return false;
    }
    if (r->figures.cancelled) {
        setInvalid(window, store::kInvalidCancelled, QStringLiteral("cancelled"));
        return false;
    }
    QJsonObject gate = r->gate;
    gate.insert(QStringLiteral("connections"), spec.connections);
    gate.insert(QStringLiteral("scope"),
                perRoute ? QStringLiteral("route") : QStringLiteral("window"));
    window.gates.insert(QStringLiteral("warmup"), gate);
    if (r->failure.isEmpty()) {
        if (perRoute)
            warm.insert(route.name);
        return true;
    }
    setInvalid(window, store::kInvalidWarmup, QStringLiteral("warm-up failed: ") + r->failure);
    return false;
}

// Load and sampler together, then the gates.
void WindowMeasurement::measureWindow(const plan::Configuration &config, const CellRef &cell,
                                      WindowSpec spec, LoadWindow &load,
                                      store::WindowRecord &window)
{
    const std::optional<qint64> checkpointsBefore = readCheckpoints(config.name);
    m_configurations.recordTreeCpus(config);
    m_context.observer->windowStarted(WindowStarted{
        m_context.runId, cell, Phase::Measure, m_progress.windowNumber(), m_context.totalCells()});
    window.startedAt = QDateTime::currentDateTimeUtc();
    const double treeAgeS = m_configurations.treeAge(config.name).seconds;
    const qint64 treeRequests = window.treeRequests;
    spec.sample = treeSampling(config.name);
    if (m_attachment)
        m_attachment->loadStarting(config.name);
    const sb::Result<WindowOutcome> r = load.measure(spec, window);
    if (m_attachment)
        m_attachment->loadEnded();
    if (!r.ok() && setLoadHostFault(window, r.error()))
        return;
    if (!r.ok()) {
        setInvalid(window, store::kInvalidStart,
                   QStringLiteral("the measured window could not start: ") +
                       QString::fromStdString(r.error().detail));
        return;
    }
    std::optional<qint64> checkpointsAfter;
    if (checkpointsBefore)
        checkpointsAfter = readCheckpoints(config.name);
    if (spec.loadHosts.empty())
        m_configurations.updateInfo(config.name, QStringLiteral("load_cpus_applied"),
                                    QString::fromStdString(formatCpuList(r->loadCpus)));
    if (!r->loadHosts.isEmpty())
        noteLoadHosts(config.name, r->loadHosts);
    // https://: the protocol, cipher and ALPN result the window's connections agreed on.
    if (const QString tls = tlsDescription(r->connections); !tls.isEmpty())
        m_configurations.updateInfo(config.name, QStringLiteral("tls"), tls);
    window = r->window;
    window.treeAgeS = treeAgeS;
    window.treeRequests = treeRequests;
    m_configurations.served(config.name, window.requests);
    window.checkpoints = checkpointsAfter ? *checkpointsAfter - *checkpointsBefore : 0;
    noteSamplerEvents(config.name, cell, r->events);

    const plan::SamplerSettings &sampler = m_context.plan.sampler;
    GateFigures f = gateFiguresOf(*r, window, sampler, spec.threads);
    f.serverDied = r->serverExited || !m_context.servers->running(config.name);
    f.serverDetail = m_context.servers->exitDescription(config.name);
    f.checkpointsWatched = checkpointsAfter.has_value();
    f.checkpoints = window.checkpoints;
    const GateVerdict verdict = evaluateGates(f);
    for (auto it = verdict.gates.begin(); it != verdict.gates.end(); ++it)
        window.gates.insert(it.key(), it.value());
    window.flags = verdict.flags;
    window.valid = verdict.valid();
    window.invalidReason = verdict.reason();
    window.invalidKind = verdict.invalidKind();
}

// The configuration's "load_hosts" info: each host as its agent described itself, and its
// generator's mean CPU over the measured windows so far.
void WindowMeasurement::noteLoadHosts(const QString &configuration, const QJsonArray &hosts)
{
    QStringList parts;
    for (const QJsonValue &v : hosts) {
        const QJsonObject h = v.toObject();
        const QString name = h.value(QStringLiteral("host")).toString();
        HostCpuSum &sum = m_hostCpu[configuration][name];
        sum.cpuS += h.value(QStringLiteral("client_cpu_s")).toDouble();
        sum.elapsedS += h.value(QStringLiteral("elapsed_s")).toDouble();
        ++sum.windows;
        const QString destination = h.value(QStringLiteral("destination")).toString();
        parts << QStringLiteral("%1%2: machine %3, %4 cores, stackbench %5, generator %6 cores "
                                "mean of %7 windows")
                     .arg(name,
                          destination == name ? QString()
                                              : QStringLiteral(" (%1)").arg(destination),
                          h.value(QStringLiteral("machine")).toString())
                     .arg(h.value(QStringLiteral("cores")).toInt())
                     .arg(h.value(QStringLiteral("version")).toString())
                     .arg(sum.elapsedS > 0 ? sum.cpuS / sum.elapsedS : 0.0, 0, 'f', 2)
                     .arg(sum.windows);
    }
    m_configurations.updateInfo(configuration, QStringLiteral("load_hosts"),
                                parts.join(QStringLiteral("; ")));
}

void WindowMeasurement::cancel()
{
    std::lock_guard<std::mutex> lock(m_loadMutex);
    if (m_load)
        m_load->cancel();
}

// The database's checkpoint counter, when the plan's database is PostgreSQL and readable.
std::optional<qint64> WindowMeasurement::readCheckpoints(const QString &configuration)
{
    if (!m_context.hooks->watchesCheckpoints())
        return std::nullopt;
    sb::Result<qint64> c = m_context.hooks->checkpointCount();
    if (c.ok())
        return *c;
    m_context.note(QStringLiteral("warning"), configuration,
                   QStringLiteral("cannot read the checkpoint counter (the window's checkpoint "
                                  "gate is not applied): ") +
                       sb::qtDetail(c.error()));
    return std::nullopt;
}

void WindowMeasurement::noteSamplerEvents(const QString &configuration, const CellRef &cell,
                                          const QList<SamplerEvent> &events)
{
    for (const SamplerEvent &e : events)
        m_context.note(
            QStringLiteral("sampler-") + e.kind, configuration,
            QStringLiteral("%1 during %2: %3").arg(e.kind, describeCell(cell), e.detail),
            QJsonObject{{QStringLiteral("pid"), double(e.pid)}, {QStringLiteral("at_s"), e.atS}});
}

TreeSampling WindowMeasurement::treeSampling(const QString &configuration)
{
    TreeSampling sampling;
    sampling.excludes = m_context.plan.sampler.exclude;
    sampling.sleepGapS = double(m_context.plan.sampler.sleepGapMs) / 1000.0;
    if (ServerHost *host = m_context.servers->hostOf(configuration)) {
        sampling.remoteHost = host; // sampled there by its agent
        sampling.remoteTree = configuration;
        return sampling;
    }
    const ServerProcess *process = m_context.servers->process(configuration);
    sampling.rootPid = process ? process->pid() : 0;
    if (process) { // what escapes the root's descendants is still the server's
        sampling.cgroupDir = QString::fromLocal8Bit(process->cgroupPath());
        sampling.reaperPid = process->supervisorPid();
    }
    return sampling;
}

} // namespace sb::run
