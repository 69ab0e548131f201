#pragma once

#include "core/result.h"
#include "plan/plan.h"
#include "run/loadwindow.h"
#include "run/runevents.h"
#include "store/records.h"

#include <QHash>
#include <QJsonArray>
#include <QLatin1String>
#include <QList>
#include <QString>
#include <mutex>
#include <optional>

namespace sb::run {

struct RunContext;
class ConfigurationSession;
class HookMoments;
class RunProgress;

// The interval a window of `measureMs` is measured in (its load intervals and sampler readings,
// live and stored alike): the plan's sampler.interval_ms, shortened so that the window has at
// least kMinIntervalsPerWindow of them (a 1 s window at the default 1000 ms would otherwise draw
// one point per live chart and none for the sampler's series), never below
// sb::limits::kMinIntervalMs. Pure.
inline constexpr int kMinIntervalsPerWindow = 5;
int windowIntervalMs(int planIntervalMs, qint64 measureMs);

// The measured window of a cell: the route's request to the configuration
// (plan::routeRequest()), the cell's connections over the plan's load threads (at most one per
// connection), mode, rate, timeout and CPUs, the profile's measured length, the sampling
// interval (windowIntervalMs()) and the route's expected status; no warm-up and no sampled tree.
// Pure. Errors: plan::routeRequest()'s (a variable made at the run's start gave a header value the
// request rule refuses; the plan's own text was checked when it loaded).
sb::Result<WindowSpec> windowSpecFor(const plan::Plan &plan, const plan::Profile &profile,
                                     const plan::Configuration &config, const plan::Route &route,
                                     int concurrency);

// The warm-up of a window measured with `measured`: the profile's warm-up length (warmupMs or
// warmupRequests) and, with warmup_scope "route" and a warmup_concurrency, that many
// connections (threads capped like the measured window's). Pure.
WindowSpec warmupSpecFor(const plan::Plan &plan, const plan::Profile &profile,
                         const WindowSpec &measured);

// Marks the window invalid with a store::kInvalid* kind and a reason.
void setInvalid(store::WindowRecord &window, QLatin1String kind, const QString &reason);
// A fault of the window's load hosts (code kLoadHostSetupError or kLoadHostWindowError,
// loadwindow.h) as the window's invalid kind (store::kInvalidLoadHostSetup or kInvalidLoadHost)
// and reason; false (window untouched) for any other error.
bool setLoadHostFault(store::WindowRecord &window, const sb::Error &error);

// What runs beside a window's measured load and nothing else of it: the profiling window's perf
// record (run/cellprofiler.h), so that the profile covers exactly the load a window measures.
// Called on the run's thread.
class LoadAttachment
{
public:
    virtual ~LoadAttachment() = default;
    // Right before the measured load starts (after the warm-up, hooks and settle).
    virtual void loadStarting(const QString &configuration) = 0;
    // Right after it ended, however it ended (not called when it never came to start).
    virtual void loadEnded() = 0;
};

// One attempt of a cell, up to the record to store: before_window hooks, the warm-up (fails
// closed; per route with warmup_scope "route"), after_warmup hooks, settle, the measured window
// with the sampler watching the tree, the gates, after_window hooks. Every way it can fail sets
// the window's invalidReason and invalidKind (store::kInvalid*). Tells the observer when each
// phase starts and each interval as it comes. Use from the run's thread; cancel() from any.
class WindowMeasurement
{
public:
    WindowMeasurement(RunContext &context, ConfigurationSession &configurations,
                      HookMoments &moments, RunProgress &progress);

    // The attempt's record (not stored). A cancel makes it invalid ("cancelled"); a request
    // windowSpecFor() cannot build fails it before any hook ("the request could not be built:
    // ...", kind "start"). It carries its tree's age (treeAgeS when the measured window started,
    // treeRequests before its warm-up: ConfigurationSession::treeAge()), and the warm-up's and the
    // window's responses count as served by the tree.
    // With `attachment`, it runs beside the measured load: the profiling window, measured the
    // same way as the cell's windows and not stored as one (run/cellprofiler.h).
    store::WindowRecord measure(const plan::Configuration &config, const plan::Route &route,
                                const CellRef &cell, LoadAttachment *attachment = nullptr);
    // Abandons the load in flight, if any (and one that is about to start). Any thread.
    void cancel();

private:
    // The one place a window's load runs: one LoadWindow for the attempt's warm-up and its
    // measured window, reachable by cancel() while it lives, its intervals sent to the observer
    // as they come; prepare() and measureWindow() run through it.
    void measureLoad(const plan::Configuration &config, const plan::Route &route,
                     const CellRef &cell, const WindowSpec &spec, store::WindowRecord &window);
    bool prepare(const plan::Configuration &config, const plan::Route &route, const CellRef &cell,
                 const WindowSpec &spec, LoadWindow &load, store::WindowRecord &window);
    bool warmUp(const plan::Configuration &config, const plan::Route &route, const CellRef &cell,
                const WindowSpec &measured, LoadWindow &load, store::WindowRecord &window);
    void measureWindow(const plan::Configuration &config, const CellRef &cell, WindowSpec spec,
                       LoadWindow &load, store::WindowRecord &window);
    std::optional<qint64> readCheckpoints(const QString &configuration);
    void noteSamplerEvents(const QString &configuration, const CellRef &cell,
                           const QList<SamplerEvent> &events);
    TreeSampling treeSampling(const QString &configuration);
    void noteLoadHosts(const QString &configuration, const QJsonArray &hosts);

    RunContext &m_context;
    ConfigurationSession &m_configurations;
    HookMoments &m_moments;
    RunProgress &m_progress;

    LoadAttachment *m_attachment = nullptr; // the current measure()'s, if any
    // Each load host's generator CPU over the measured windows, by configuration, then host.
    struct HostCpuSum
    {
        double cpuS = 0;
        double elapsedS = 0;
        int windows = 0;
    };
    QHash<QString, QHash<QString, HostCpuSum>> m_hostCpu;
    std::mutex m_loadMutex;
    LoadWindow *m_load = nullptr; // the attempt's, while measureLoad() runs
};

} // namespace sb::run
