#pragma once

#include "core/result.h"
#include "run/runoptions.h"
#include "run/runvariables.h"
#include "run/sleepinhibitor.h"
#include "store/records.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace sb::run {

struct RunContext;
struct ScheduledWindow;

// Why `run` cannot be resumed, or nullopt: it is finished (unless `retryFailed`: its failed
// cells are measured again), or it is still running in a live process on this host
// (run::currentStatus), or it reads "running" on another host, where this process cannot tell
// (`force` resumes it anyway). A "running" run with no recorded runner (runnerPid 0, stored
// before runners were recorded) may be resumed.
std::optional<QString> resumeRefusal(const store::RunRecord &run, bool force,
                                     bool retryFailed = false);

// The options a resume runs with: the stored run's profile, filters and placeholders (the
// caller's placeholders on top), the caller's store, force and retryFailed. Pure.
RunOptions resumedOptions(const store::RunRecord &run, const RunOptions &given);

// The start of a run: a new one checks the plan, profile and filters, makes the plan's
// variables, builds the schedule and only then creates the store (a broken plan leaves no store
// behind) and the run record (environment, redacted plan, runner identity); a resumed one opens
// only an existing store, refuses what resumeRefusal() refuses and a changed plan file (unless
// forced), makes the variables again, reads what each cell has stored and records this process
// as the run's runner. Either way the machine is kept awake (a sleep inhibitor) until release().
// Use from the run's thread.
class RunOpening
{
public:
    explicit RunOpening(RunContext &context);

    // Creates or resumes the run; fills the context (plan, profile, schedule, store, runId).
    // Errors: RunContext::loadPlan()'s, "run.variable", "run.resume", "store.*".
    sb::Status open(const RunOptions &options);
    // Tells the observer the run started (RunStarted, `alreadyValid` cells done) and notes what
    // it should know: the runner, a missing sleep inhibitor, the variables, the warnings.
    void announce(bool resumed, int alreadyValid);
    // What was stored of the cell before this session; null when nothing.
    const store::CellProgress *stored(const ScheduledWindow &w) const;
    // Cells of the schedule with a valid window stored already.
    int alreadyValid() const;
    // Lets the machine sleep again.
    void release() { m_inhibitor.release(); }

private:
    sb::Status createRun(const RunOptions &options);
    sb::Status resumeRun(const RunOptions &options);
    sb::Status openStore(const QString &location, bool existing);
    void readEnvironment(const plan::PlanVariables &placeholders);

    RunContext &m_context;
    SleepInhibitor m_inhibitor; // held from the run's start to its end
    store::RunRecord m_record;
    QMap<QString, store::CellProgress> m_stored; // by cellKey()
    VariableRun m_variables; // what became of the plan's variables (run and resume)
    QStringList m_environmentWarnings;
    QJsonObject m_environment;
};

} // namespace sb::run
