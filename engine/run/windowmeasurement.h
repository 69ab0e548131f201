#pragma once

#include "core/result.h"
#include "load/loadresult.h"
#include "load/loadspec.h"
#include "plan/plan.h"
#include "run/runevents.h"
#include "sample/sampler.h"
#include "store/records.h"

#include <QLatin1String>
#include <QString>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

namespace sb::run {

struct RunContext;
class ConfigurationSession;
class HookMoments;
class RunProgress;

// The load of a cell's measured window: the configuration's URL, the route's request, the
// cell's connections over the plan's load threads (at most one per connection), mode, rate,
// timeout and CPUs, the profile's measured length and the sampler's interval. The base URL was
// checked by ServerPool::start(). Pure.
load::LoadSpec loadSpecFor(const plan::Plan &plan, const plan::Profile &profile,
                           const plan::Configuration &config, const plan::Route &route,
                           int concurrency);

// The warm-up of a window measured with `measured`: the profile's warm-up length (a duration or
// a request count) instead of the measured one and, with warmup_scope "route" and a
// warmup_concurrency, that many connections (threads capped like the measured window's). Pure.
load::LoadSpec warmupSpecFor(const plan::Plan &plan, const plan::Profile &profile,
                             const load::LoadSpec &measured);

// Marks the window invalid with a store::kInvalid* kind and a reason.
void setInvalid(store::WindowRecord &window, QLatin1String kind, const QString &reason);

// What the load of one window gave besides the stored figures.
struct MeasuredLoad
{
    load::LoadResult load;     // the engine's totals
    sample::Summary summary;   // the sampler's summary (empty without the sampler: warm-up)
    std::vector<int> loadCpus; // CPUs the engine's worker threads may run on, read back
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

    // The attempt's record (not stored). A cancel makes it invalid ("cancelled").
    store::WindowRecord measure(const plan::Configuration &config, const plan::Route &route,
                                const CellRef &cell);
    // Abandons the load in flight, if any (and one that is about to start). Any thread.
    void cancel();

private:
    bool prepare(const plan::Configuration &config, const plan::Route &route, const CellRef &cell,
                 const load::LoadSpec &spec, store::WindowRecord &window);
    bool warmUp(const plan::Configuration &config, const plan::Route &route, const CellRef &cell,
                const load::LoadSpec &measured, store::WindowRecord &window);
    void measureWindow(const plan::Configuration &config, const plan::Route &route,
                       const CellRef &cell, const load::LoadSpec &spec,
                       store::WindowRecord &window);
    // The one place a window's load runs: the engine with `spec` and, when `sampler` is given,
    // the sampler watching the tree alongside; `expectStatus` is the route's status (for the
    // intervals' errors). Intervals go to the observer as they come; with `window`, its
    // figures, intervals and samples are filled. Errors: the load's or the sampler's start
    // errors; nothing ran then.
    sb::Result<MeasuredLoad> measureLoad(const load::LoadSpec &spec, int expectStatus,
                                         const std::optional<sample::Options> &sampler,
                                         const CellRef &cell, Phase phase,
                                         store::WindowRecord *window);
    std::optional<qint64> readCheckpoints(const QString &configuration);
    void noteSamplerEvents(const QString &configuration, const CellRef &cell,
                           const sample::Summary &summary);
    sample::Options samplerOptions(const QString &configuration);

    RunContext &m_context;
    ConfigurationSession &m_configurations;
    HookMoments &m_moments;
    RunProgress &m_progress;

    std::mutex m_inFlightMutex;
    std::function<void()> m_cancelInFlight; // set while a load runs
};

} // namespace sb::run
