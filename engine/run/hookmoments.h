#pragma once

#include "core/result.h"
#include "plan/plan.h"
#include "run/schedule.h"

#include <QList>
#include <QString>

namespace sb::run {

struct RunContext;

// A hook moment: its list in a plan::HookSet (&plan::HookSet::afterWarmup).
using MomentList = QList<plan::Hook> plan::HookSet::*;

// The moment's key in a plan ("after_warmup"); "" for a list that is no moment.
QString momentName(MomentList moment);

// The configuration's own hooks of the moment, each command hook marked to run where its tree
// runs (plan::Hook::host = the configuration's host).
QList<plan::Hook> configurationHooks(const plan::Configuration &config, MomentList moment);

// The moment's hooks of the plan, then the configuration's, then the route's (either may be
// null), in the order they run (plan::hooksInRunOrder()).
QList<plan::Hook> momentHooks(const plan::Plan &plan, const plan::Configuration *config,
                              const plan::Route *route, MomentList moment);

// before_run or after_run: the plan's hooks, then those of each configuration that has a cell
// in `schedule` (in plan order), in the order they run.
QList<plan::Hook> runMomentHooks(const plan::Plan &plan, const QList<ScheduledWindow> &schedule,
                                 MomentList moment);

// "before_window[0]" for a plan hook, "configurations[1].before_route[0]" for another, from
// the hook's place in the plan ("plan.json:40:9 at $.hooks.before_window[0]").
QString hookLabel(const plan::Hook &hook);

// Runs the hooks of the run's moments through the context's hook runner, noting each moment
// that ran ("hook", with its output) or failed ("hook-failed"). Use from the run's thread.
class HookMoments
{
public:
    explicit HookMoments(RunContext &context);

    // The moment's hooks of the plan, the configuration and the route (either may be null).
    // Errors: HookRunner::run()'s ("run.hook"), the first hook that failed.
    sb::Status run(MomentList moment, const plan::Configuration *config,
                   const plan::Route *route = nullptr);
    // before_run or after_run (runMomentHooks() of the context's schedule).
    sb::Status runRunMoment(MomentList moment);

private:
    sb::Status runHooks(const QList<plan::Hook> &hooks, const QString &moment,
                        const QString &configuration);

    RunContext &m_context;
};

} // namespace sb::run
