#pragma once

// One phase of a window whose load comes from other hosts (WindowSpec::loadHosts): the spec is
// split over the hosts (lane::splitSpec()), every share started together by command over ssh
// (lane::runLaneWindow()), and the merged window handed back as the local load engine would
// hand back its own, so that the stored figures are computed by the same functions. Internal to
// engine/run (LoadWindow uses it).

#include "core/result.h"
#include "load/loadresult.h"
#include "load/loadspec.h"
#include "plan/plan.h"
#include "run/loadwindow.h"

#include <QJsonArray>
#include <atomic>
#include <functional>
#include <vector>

namespace sb::run {

// How each of the plan's load hosts ("load": {"hosts": [...]}) is reached, in its order: `ssh -o
// BatchMode=yes [ssh_options] DESTINATION AGENT agent` (lane::sshAgentCommand()), or this program's
// own `agent` for "local". Empty when the load comes from this process. Errors: code
// kLoadHostSetupError for a destination ssh would read as an option.
sb::Result<std::vector<LoadHostCommand>> loadHostCommands(const plan::Plan &plan);
// How one of the plan's hosts (or "local") is reached, as loadHostCommands() does for each;
// also a configuration's own host (run/serverhost.h); `role` begins an error's detail ("load
// host"). Errors: code kLoadHostSetupError.
sb::Result<LoadHostCommand> hostAgentCommand(const plan::Plan &plan, const QString &name,
                                             const QString &role);

struct LanePhase
{
    load::LoadResult result; // the merged counts, histograms (added), CPU (summed) and times
    QJsonArray hosts;        // WindowOutcome::loadHosts
};

// Runs `spec` over `hosts`. `onInterval` gets each merged interval (the same index of every
// host, counts summed, latency the union of the hosts' histograms, valid during the call) and
// each host's generator over it (the hosts that said, in their order) on the calling thread as
// soon as every host sent it; the rest at the end. Blocks, running a
// local event loop. `cancelled` stops it soon (the result then says cancelled). Errors: code
// kLoadHostSetupError or kLoadHostWindowError (loadwindow.h), the detail naming the host.
sb::Result<LanePhase>
runLanePhase(const std::vector<LoadHostCommand> &hosts, const load::LoadSpec &spec,
             const std::atomic<bool> &cancelled,
             const std::function<void(const load::IntervalSnapshot &, const LoadHostCoresList &)>
                 &onInterval);

// The merged interval of one index from the hosts' intervals of it (any number >= 1).
load::IntervalSnapshot mergedSnapshot(const std::vector<const load::IntervalSnapshot *> &parts,
                                      const std::vector<const Histogram *> &latencies,
                                      Histogram &latency);

} // namespace sb::run
