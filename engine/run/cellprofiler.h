#pragma once

#include "plan/plan.h"
#include "profile/perfrecord.h"
#include "run/attemptpolicy.h" // Flow
#include "run/schedule.h"

#include <QSet>
#include <QString>
#include <optional>

namespace sb::run {

struct RunContext;
class ConfigurationSession;
class WindowMeasurement;

// The CPU profiling a run does: the profile's "profile_cpu" when it enables it; else, when
// `forced` (RunOptions::profileCpu: --profile-cpu, the Run page's switch), every cell at the
// defaults; else none. Pure.
plan::CpuProfiling cpuProfilingOf(const plan::Profile &profile, bool forced);
// Whether `profiling` takes a profile of the cell of `route` at `concurrency`. Pure.
bool profilesCell(const plan::CpuProfiling &profiling, const QString &route, int concurrency);

// What a profile's note says (store::ProfileRecord::note), from what perf found: the
// interpreter frames of a Python without perf maps, perf maps read (or a runtime that writes
// none), objects without symbols, short frame-pointer stacks, lost samples, a failed window.
// `comms` are the tree's process names when perf attached. Pure.
QString profileNote(const profile::PerfFold &fold, const QString &callGraph,
                    const QStringList &perfWarnings, const QString &toolNote,
                    const QString &attachedTo, const QStringList &comms,
                    const QString &windowProblem);

// The profiling window of a cell (issue 25): after the cell's measured window of the last round,
// one more window of the same cell - the same hooks, warm-up, settle and load - with perf record
// attached to the server tree while its load runs (profile/perfrecord.h). It is not a measured
// window: nothing of it is stored as one, so the cell's figures stay clean; its stacks, its own
// 2xx/s and the cell's median 2xx/s at that moment are stored as one store::ProfileRecord, and a
// "profile-taken" event says so. A cell that has a profile already (resume) is not profiled again.
// A perf that is missing, forbidden or failing is said once per run (a "warning" event, which the
// report lists) and the run goes on, valid, without profiles. Use from the run's thread.
class CellProfiler
{
public:
    CellProfiler(RunContext &context, ConfigurationSession &configurations,
                 WindowMeasurement &measurement);

    // Profiles the cell `w` of `config` and `route` when the run asks for it (see above).
    // Interrupted on a cancel (nothing is stored); Continue otherwise.
    Flow profile(const plan::Configuration &config, const plan::Route &route,
                 const ScheduledWindow &w);

private:
    bool wanted(const plan::CpuProfiling &profiling, const ScheduledWindow &w);
    void giveUp(const QString &why);
    double cellMedianOkPerS(const ScheduledWindow &w) const;

    RunContext &m_context;
    ConfigurationSession &m_configurations;
    WindowMeasurement &m_measurement;
    std::optional<profile::PerfTool> m_tool; // found on the first profile
    bool m_gaveUp = false;                   // perf cannot profile in this run
    bool m_storedRead = false;
    QSet<QString> m_profiled; // cells (configuration, route, concurrency) with a profile
};

} // namespace sb::run
