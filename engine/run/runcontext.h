#pragma once

#include "core/result.h"
#include "plan/plan.h"
#include "run/hookrunner.h"
#include "run/runevents.h"
#include "run/runoptions.h"
#include "run/runvariables.h"
#include "run/schedule.h"
#include "run/serverpool.h"
#include "store/runstore.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <atomic>
#include <memory>

namespace sb::run {

// `value` with every string in it (keys too) scrubbed of the plan's secrets.
QJsonValue redactedJson(const plan::Plan &plan, const QJsonValue &value);
QStringList redactedList(const plan::Plan &plan, const QStringList &list);

// What every step of one Runner::run() or Runner::check() shares: the plan as filled with its
// variables, the profile and filters used, the store and the run's id, the observer, the hook
// runner and the server pool. A plain holder the steps read and the run's opening fills; it
// lives as long as the run. Use from the run's thread; cancelled() from any.
struct RunContext
{
    RunContext(RunObserver *observer, const std::atomic<bool> &cancelFlag);

    // Loads the plan at `planPath` with the placeholders of `asRun` (kept as `options`), picks
    // the profile (the named one, else the plan's default, else its first) and checks the
    // filters and the ports (firstPortClash()). Errors: "plan.invalid" (every diagnostic in the
    // detail), "run.profile", "run.filter", "run.port-shared" (where = the second
    // configuration's place in the plan).
    sb::Status loadPlan(const RunOptions &asRun, const QString &planPath);

    // Makes the plan's variables now (the run's start or its resume) and fills them into the
    // plan, which registers the secret ones for redaction; then makes the hook runner and the
    // server pool for the filled plan. `made` (when given) receives what became of each
    // variable. An error is the first variable that could not be made; the plan is filled with
    // the values that could.
    sb::Status applyVariables(VariableRun *made = nullptr);

    // To the observer, and to the store's events once the run has an id; an event the store
    // refuses still reaches the observer, with a warning beside it. Redacted here.
    void note(const QString &kind, const QString &configuration, const QString &detail,
              const QJsonObject &data = {});

    // How the profile was chosen (RunStarted::profileChoice): "" when the caller named it.
    QString profileChoice() const;

    bool cancelled() const { return cancelFlag.load(); }
    int totalCells() const { return int(schedule.size()); }

    RunObserver *observer;                  // never null
    const std::atomic<bool> &cancelFlag;    // Runner::cancel() sets it
    plan::Plan plan;                        // as loaded, then filled with its variables
    QList<plan::Diagnostic> planWarnings;   // problems that do not block the run
    const plan::Profile *profile = nullptr; // into `plan`
    bool profileNamed = false;              // the caller named the profile
    RunOptions options; // as run: on resume, the stored run's profile, filters and placeholders
    QList<ScheduledWindow> schedule;        // the cells in run order
    std::unique_ptr<store::RunStore> store; // null until the run opens it (and in check)
    QString runId;                          // "" until the run has one
    std::unique_ptr<HookRunner> hooks;      // made by applyVariables()
    std::unique_ptr<ServerPool> servers;    // made by applyVariables()

private:
    RunObserver m_silent;
};

} // namespace sb::run
