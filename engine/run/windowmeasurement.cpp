#include "run/windowmeasurement.h"

#include "core/cpuset.h"
#include "core/qterror.h"
#include "http/url.h"
#include "run/configurationsession.h"
#include "run/gates.h"
#include "run/hookmoments.h"
#include "run/loadwindow.h"
#include "run/runcontext.h"
#include "run/runprogress.h"
#include "run/windowfigures.h"

#include <QDateTime>
#include <QSet>
#include <QThread>
#include <algorithm>

namespace sb::run {

load::LoadSpec loadSpecFor(const plan::Plan &plan, const plan::Profile &profile,
                           const plan::Configuration &config, const plan::Route &route,
                           int concurrency)
{
    load::LoadSpec spec;
    const http::Url url = http::parseUrl(config.baseUrl.toStdString()).value();
    spec.host = url.host;
    spec.port = url.port;
    spec.hostHeader = url.hostHeader;
    spec.request.method = route.method.toStdString();
    spec.request.target = route.path.toStdString();
    for (const plan::Header &h : route.headers)
        spec.request.headers.emplace_back(h.name.toStdString(), h.value.toStdString());
    if (route.hasBody)
        spec.request.body = route.body.toStdString();
    spec.connections = concurrency;
    spec.threads = std::max(1, std::min(plan.load.threads, concurrency));
    spec.mode =
        plan.load.mode == plan::LoadSettings::Mode::Open ? load::Mode::Open : load::Mode::Closed;
    spec.ratePerS = plan.load.rateRps;
    spec.timeoutMs = plan.load.timeoutMs;
    spec.durationMs = profile.measureMs;
    spec.intervalMs = plan.sampler.intervalMs;
    spec.cpus = plan.load.cpus;
    return spec;
}

load::LoadSpec warmupSpecFor(const plan::Plan &plan, const plan::Profile &profile,
                             const load::LoadSpec &measured)
{
    load::LoadSpec spec = measured;
    if (profile.warmupScope == plan::Profile::WarmupScope::Route && profile.warmupConcurrency > 0) {
        spec.connections = profile.warmupConcurrency;
        spec.threads = std::max(1, std::min(plan.load.threads, spec.connections));
    }
    if (profile.warmup.kind == plan::Warmup::Kind::Requests)
        spec.requestLimit = profile.warmup.requests;
    else
        spec.durationMs = profile.warmup.durationMs;
    return spec;
}

void setInvalid(store::WindowRecord &window, QLatin1String kind, const QString &reason)
{
    window.valid = false;
    window.invalidKind = kind;
    window.invalidReason = reason;
}

WindowMeasurement::WindowMeasurement(RunContext &context, ConfigurationSession &configurations,
                                     HookMoments &moments, RunProgress &progress)
    : m_context(context)
    , m_configurations(configurations)
    , m_moments(moments)
    , m_progress(progress)
{}

store::WindowRecord WindowMeasurement::measure(const plan::Configuration &config,
                                               const plan::Route &route, const CellRef &cell)
{
    store::WindowRecord window;
    window.runId = m_context.runId;
    window.round = cell.round;
    window.configuration = cell.configuration;
    window.route = cell.route;
    window.concurrency = cell.concurrency;
    window.attempt = cell.attempt;
    window.startedAt = QDateTime::currentDateTimeUtc();
    const load::LoadSpec spec =
        loadSpecFor(m_context.plan, *m_context.profile, config, route, cell.concurrency);
    if (prepare(config, route, cell, spec, window))
        measureWindow(config, route, cell, spec, window);
    // The window's clean-up runs whatever became of it; if it fails, the next window would
    // start from what this one left, so this one does not count.
    if (sb::Status st = m_moments.run(&plan::HookSet::afterWindow, &config, &route);
        !st.ok() && window.valid)
        setInvalid(window, store::kInvalidHook,
                   QStringLiteral("after_window hook failed: ") + sb::qtDetail(st.error()));
    return window;
}

// False (and the window invalid) when a hook or the warm-up failed.
bool WindowMeasurement::prepare(const plan::Configuration &config, const plan::Route &route,
                                const CellRef &cell, const load::LoadSpec &spec,
                                store::WindowRecord &window)
{
    if (sb::Status st = m_moments.run(&plan::HookSet::beforeWindow, &config, &route); !st.ok()) {
        setInvalid(window, store::kInvalidHook,
                   QStringLiteral("before_window hook failed: ") + sb::qtDetail(st.error()));
        return false;
    }
    if (!warmUp(config, route, cell, spec, window))
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
                               const CellRef &cell, const load::LoadSpec &measured,
                               store::WindowRecord &window)
{
    const plan::Profile &profile = *m_context.profile;
    const bool perRoute = profile.warmupScope == plan::Profile::WarmupScope::Route;
    QSet<QString> &warm = m_configurations.warmRoutes(config.name);
    if (profile.warmup.isNone() || (perRoute && warm.contains(route.name)))
        return true;
    const load::LoadSpec spec = warmupSpecFor(m_context.plan, profile, measured);
    m_context.observer->windowStarted(WindowStarted{
        m_context.runId, cell, Phase::WarmUp, m_progress.windowNumber(), m_context.totalCells()});
    const sb::Result<MeasuredLoad> r =
        measureLoad(spec, route.expectStatus, std::nullopt, cell, Phase::WarmUp, nullptr);
    if (!r.ok()) {
        setInvalid(window, store::kInvalidStart,
                   QStringLiteral("warm-up could not start: ") +
                       QString::fromStdString(r.error().detail));
        return false;
    }
    if (r->load.cancelled) {
        setInvalid(window, store::kInvalidCancelled, QStringLiteral("cancelled"));
        return false;
    }
    const WarmupVerdict verdict = evaluateWarmup(r->load, route.expectStatus);
    QJsonObject gate = verdict.gate;
    gate.insert(QStringLiteral("connections"), spec.connections);
    gate.insert(QStringLiteral("scope"),
                perRoute ? QStringLiteral("route") : QStringLiteral("window"));
    window.gates.insert(QStringLiteral("warmup"), gate);
    if (verdict.failure.isEmpty()) {
        if (perRoute)
            warm.insert(route.name);
        return true;
    }
    setInvalid(window, store::kInvalidWarmup, QStringLiteral("warm-up failed: ") + verdict.failure);
    return false;
}

// Load and sampler together, then the gates.
void WindowMeasurement::measureWindow(const plan::Configuration &config, const plan::Route &route,
                                      const CellRef &cell, const load::LoadSpec &spec,
                                      store::WindowRecord &window)
{
    const std::optional<qint64> checkpointsBefore = readCheckpoints(config.name);
    m_configurations.recordTreeCpus(config);
    m_context.observer->windowStarted(WindowStarted{
        m_context.runId, cell, Phase::Measure, m_progress.windowNumber(), m_context.totalCells()});
    window.startedAt = QDateTime::currentDateTimeUtc();
    const sb::Result<MeasuredLoad> r = measureLoad(
        spec, route.expectStatus, samplerOptions(config.name), cell, Phase::Measure, &window);
    if (!r.ok()) {
        setInvalid(window, store::kInvalidStart,
                   QStringLiteral("the measured window could not start: ") +
                       QString::fromStdString(r.error().detail));
        return;
    }
    std::optional<qint64> checkpointsAfter;
    if (checkpointsBefore)
        checkpointsAfter = readCheckpoints(config.name);
    m_configurations.updateInfo(config.name, QStringLiteral("load_cpus_applied"),
                                QString::fromStdString(formatCpuList(r->loadCpus)));
    window.checkpoints = checkpointsAfter ? *checkpointsAfter - *checkpointsBefore : 0;
    noteSamplerEvents(config.name, cell, r->summary);

    const plan::SamplerSettings &sampler = m_context.plan.sampler;
    const ServerProcess *process = m_context.servers->process(config.name);
    GateFigures f;
    f.cancelled = r->load.cancelled;
    f.aborted = QString::fromStdString(r->load.aborted);
    f.serverDied = r->summary.rootExited || !m_context.servers->running(config.name);
    f.serverDetail = process ? process->exitDescription() : QStringLiteral("not started");
    for (const sample::Event &e : r->summary.events)
        if (e.kind == sample::EventKind::Sleep)
            f.sleeps << QString::fromStdString(e.detail);
    f.checkpointsWatched = checkpointsAfter.has_value();
    f.checkpoints = window.checkpoints;
    f.foreignPctMean = r->summary.foreignPct.mean;
    f.foreignGate = sampler.foreignGate;
    f.machineCores = sampler.machineCores;
    f.foreignPeakGate = sampler.foreignPeakGate;
    f.foreignPeak = foreignPeak(window.intervals);
    f.problems = problemSummary(r->load.total, route.expectStatus);
    f.clientCpuS = r->load.clientCpuS;
    f.elapsedS = r->load.elapsedS;
    f.threads = spec.threads;
    f.samplerClientBound = r->summary.clientBound;
    const GateVerdict verdict = evaluateGates(f);
    for (auto it = verdict.gates.begin(); it != verdict.gates.end(); ++it)
        window.gates.insert(it.key(), it.value());
    window.flags = verdict.flags;
    window.valid = verdict.valid();
    window.invalidReason = verdict.reason();
    window.invalidKind = verdict.invalidKind();
}

sb::Result<MeasuredLoad>
WindowMeasurement::measureLoad(const load::LoadSpec &spec, int expectStatus,
                               const std::optional<sample::Options> &sampler, const CellRef &cell,
                               Phase phase, store::WindowRecord *window)
{
    LoadWindow load([&](const PairedInterval &p) {
        m_context.observer->intervalMeasured(
            IntervalUpdate{m_context.runId, cell, phase, p.record, p.inFlight, p.draining});
    });
    {
        std::lock_guard<std::mutex> lock(m_inFlightMutex);
        m_cancelInFlight = [&load] { load.cancel(); };
    }
    if (m_context.cancelled()) // a cancel() before the load was published
        load.cancel();
    sb::Result<LoadWindowResult> result = load.run(LoadWindowSpec{spec, expectStatus, sampler});
    {
        std::lock_guard<std::mutex> lock(m_inFlightMutex);
        m_cancelInFlight = nullptr;
    }
    if (!result.ok())
        return result.error();
    if (window) {
        fillWindowFigures(*window, result->load, result->summary, spec.mode);
        window->intervals =
            QVector<store::IntervalRecord>(result->intervals.begin(), result->intervals.end());
        window->samples = result->samples;
    }
    return MeasuredLoad{std::move(result->load), std::move(result->summary),
                        std::move(result->loadCpus)};
}

void WindowMeasurement::cancel()
{
    std::lock_guard<std::mutex> lock(m_inFlightMutex);
    if (m_cancelInFlight)
        m_cancelInFlight();
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
                                          const sample::Summary &summary)
{
    for (const sample::Event &e : summary.events)
        m_context.note(QStringLiteral("sampler-") + QLatin1String(sample::eventKindName(e.kind)),
                       configuration,
                       QStringLiteral("%1 during %2: %3")
                           .arg(QLatin1String(sample::eventKindName(e.kind)), describeCell(cell),
                                QString::fromStdString(e.detail)),
                       QJsonObject{{QStringLiteral("pid"), double(e.pid)},
                                   {QStringLiteral("at_s"), double(e.offsetNs) / 1e9}});
}

sample::Options WindowMeasurement::samplerOptions(const QString &configuration)
{
    sample::Options options;
    const ServerProcess *process = m_context.servers->process(configuration);
    options.rootPid = process ? process->pid() : 0;
    options.intervalMs = m_context.plan.sampler.intervalMs;
    options.excludes.clear();
    for (const QString &e : m_context.plan.sampler.exclude)
        options.excludes.push_back(e.toStdString());
    options.sleepGapS = double(m_context.plan.sampler.sleepGapMs) / 1000.0;
    return options;
}

} // namespace sb::run
