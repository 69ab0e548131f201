#pragma once

#include "plan/planloader.h"
#include "run/runner.h"
#include "store/records.h"

#include <QObject>
#include <QVector>
#include <optional>

class QAction;
class QWidget;

namespace sb {

class CheckController;
class ParityModel;
class PlanFile;
class PlanPage;
class RunController;
class StoreService;
struct CheckOutcome;
struct RunRow;
struct RunsResult;

// The Run menu's commands for the main window: Check, Start, Stop, Resume (the newest
// interrupted or incomplete run of the open plan, looked up through the store service), and the
// resume of a run History picked. Owns the run and check controllers and the parity results of
// the last check. Before a check or a run the plan is saved (the runner reads the file) and must
// be valid; questions are shown over `window`. GUI thread.
class RunCommands : public QObject
{
    Q_OBJECT
public:
    RunCommands(StoreService *store, PlanPage *planPage, PlanFile *planFile, QWidget *window);

    RunController *runController() const { return m_run; }
    CheckController *checkController() const { return m_check; }
    ParityModel *parityModel() const { return m_parity; }
    // Run ▸ Profile CPU with perf (Ctrl+Shift+F7; checkable, off by default): Start takes CPU
    // profiles (run::RunOptions::profileCpu).
    QAction *profileCpuAction() const { return m_profileCpu; }

    // ${name} values for the plan; "stackbench" defaults to this program
    // (QCoreApplication::applicationFilePath()) when not given.
    void setPlanVariables(const plan::PlanVariables &variables) { m_variables = variables; }
    plan::PlanVariables planVariables() const;

    // What Start would run now: the open plan's file, the outline's profile and ticked
    // configurations and routes, the store service's store and the variables. Asks nothing.
    run::RunOptions startOptions() const;
    // A run or a check is going on.
    bool isBusy() const;
    // Resume is looking for the run to resume.
    bool isLookingForResume() const { return m_resumeRequest != 0; }

    // The newest run of `runs` that belongs to `planPath` and can be resumed (status interrupted
    // or incomplete; pass statuses through run::currentStatus() first). Pure.
    static std::optional<store::RunRecord> resumableRun(const QVector<store::RunRecord> &runs,
                                                        const QString &planPath);
    // The newest run of `runs` that belongs to `planPath`, has ended (not running) and has an
    // invalid attempt stored: what "Retry failed cells" offers. Pure.
    static std::optional<store::RunRecord> retryableRun(const QVector<store::RunRecord> &runs,
                                                        const QString &planPath);
    // The options that continue stored run `run` (its plan file, profile, the store and the
    // variables), measuring its failed cells again when `retryFailed`. Asks nothing.
    run::RunOptions storedRunOptions(const RunRow &run, bool retryFailed) const;

public Q_SLOTS:
    void check();
    void start();
    // Stops the check or the run going on.
    void stop();
    // Offers to resume the newest resumable run of the open plan (asks first).
    void resume();
    // Resumes the stored run History picked.
    void resumeStoredRun(const sb::RunRow &run);
    // Measures the failed cells of the stored run History picked again, with a fresh retry
    // budget (`stackbench resume RUN --retry-failed`; a finished or failed run too).
    void retryStoredRun(const sb::RunRow &run);
    // Offers to measure the failed cells of the newest ended run of the open plan again.
    void retryFailed();

Q_SIGNALS:
    // A line for the window's log.
    void logged(const QString &line);
    // A run or a resume was started.
    void runLaunched();
    // A check was started, or it ended: what the check results say now.
    void checkSummaryChanged(const QString &summary);
    // Start or Check found problems in the plan (the Problems dock lists them).
    void problemsFound();
    // Resume began or ended looking for the run to resume.
    void resumeLookupChanged(bool looking);

private:
    // The plan is valid (else the Problems dock comes forward and a message says so; a text
    // still being validated is validated first and `again` called then), then saved (asked).
    bool ensureRunnable(const QString &what, void (RunCommands::*again)());
    void offerResume(const RunsResult &result);
    void launch(const run::RunOptions &options);
    void showCheckOutcome(const CheckOutcome &outcome);

    StoreService *m_store;
    PlanPage *m_planPage;
    PlanFile *m_planFile;
    QWidget *m_window;
    RunController *m_run;
    CheckController *m_check;
    ParityModel *m_parity;
    QAction *m_profileCpu;
    plan::PlanVariables m_variables;
    quint64 m_resumeRequest = 0;   // the store's runs, asked for by resume() or retryFailed()
    bool m_lookingToRetry = false; // that request is retryFailed()'s
};

} // namespace sb
