#pragma once

#include "plan/plan.h"
#include "run/schedule.h"
#include "store/records.h"

#include <QString>

namespace sb::run {

struct RunContext;
class ConfigurationSession;
class RunProgress;
class WindowMeasurement;

// How a run goes on after one of its steps.
enum class Flow
{
    Continue,
    Interrupted, // cancelled: the run ends "interrupted"
    Failed       // an error stopped the run (the step says why)
};

// What a session does with a cell of the schedule, from what is stored of it.
enum class CellTodo
{
    Measure,  // measure it (attempts continue, with a fresh retry budget)
    Valid,    // it has a valid window: skip
    RanOut,   // its stored attempts used a whole budget (retries + 1) without a valid window:
              // it stays failed; 'resume --retry-failed' measures it again
    NotAsked, // --retry-failed and the cell did not run out of retries: left for a plain resume
};
// `progress` is the cell's stored progress, null when nothing is stored; `retries` the profile's.
CellTodo cellTodo(const store::CellProgress *progress, int retries, bool retryFailed);

// What follows one stored attempt of a cell.
struct AfterAttempt
{
    bool restartTree = false; // the tree died under a policy that keeps it: start a fresh one
    bool stopTree = false;    // "process": "window": each window has a tree of its own
    bool waitQuiet = false;   // contended and measured again: wait for a quiet machine first
};
// Decided from the profile's process policy, the attempt's verdict, whether the tree still
// runs, whether the window failed on foreign CPU (foreignContended()), whether the cell has an
// attempt left, the plan's wait_quiet_s and a cancel. Pure.
AfterAttempt afterAttempt(plan::Profile::Process policy, bool valid, bool treeRunning,
                          bool contended, bool attemptLeft, qint64 waitQuietMs, bool cancelled);

// The attempts of one cell: measured until a valid window or the retries are used up, each
// attempt stored (secrets redacted) and told to the observer, the tree restarted when it died,
// the cooldown after each window, and a wait for a quiet machine before the re-measure of a
// contended window (shown live, stored as a "quiet-wait" event). Use from the run's thread.
class CellAttempts
{
public:
    CellAttempts(RunContext &context, ConfigurationSession &configurations,
                 WindowMeasurement &measurement, RunProgress &progress);

    // Measures the cell `w` of `config` and `route`; `stored` is what is stored of it (null:
    // nothing), its attempts go on from there with a fresh budget of retries + 1. Failed when
    // the store refused a window (failure() says why); Interrupted on a cancel (the window in
    // flight is not stored).
    Flow measure(const plan::Configuration &config, const plan::Route &route,
                 const ScheduledWindow &w, const store::CellProgress *stored);
    QString failure() const { return m_failure; }

private:
    bool storeWindow(store::WindowRecord &window, int attempt, int maxAttempts);
    void waitForQuietMachine(const store::WindowRecord &contended, const CellRef &next);

    RunContext &m_context;
    ConfigurationSession &m_configurations;
    WindowMeasurement &m_measurement;
    RunProgress &m_progress;
    QString m_failure;
};

} // namespace sb::run
