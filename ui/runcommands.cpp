#include "ui/runcommands.h"

#include "ui/checkcontroller.h"
#include "ui/models/outlinemodel.h"
#include "ui/models/paritymodel.h"
#include "ui/models/runsmodel.h"
#include "ui/pages/planpage.h"
#include "ui/planfile.h"
#include "ui/runcontroller.h"
#include "ui/storeservice.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QKeySequence>
#include <QLocale>
#include <QMessageBox>

namespace sb {

namespace {

QString absolutePath(const QString &path)
{
    return path.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

} // namespace

RunCommands::RunCommands(StoreService *store, PlanPage *planPage, PlanFile *planFile,
                         QWidget *window)
    : QObject(window)
    , m_store(store)
    , m_planPage(planPage)
    , m_planFile(planFile)
    , m_window(window)
    , m_run(new RunController(this))
    , m_check(new CheckController(this))
    , m_parity(new ParityModel(this))
    , m_profileCpu(new QAction(tr("&Profile CPU with perf"), this))
{
    m_profileCpu->setObjectName(QStringLiteral("actionProfileCpu"));
    m_profileCpu->setCheckable(true);
    m_profileCpu->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F7));
    m_profileCpu->setToolTip(
        tr("Take a CPU profile of each cell's server tree with perf: one more window after the "
           "cell's last measured window (the profile's \"profile_cpu\" chooses the cells when "
           "it has one)"));
    connect(m_store, &StoreService::runsLoaded, this, [this](const RunsResult &r) {
        if (r.request == m_resumeRequest)
            offerResume(r);
    });
    // The store was switched while Resume looked: the user asks again, of the new store.
    connect(m_store, &StoreService::resultDropped, this, [this](quint64 request) {
        if (request != m_resumeRequest)
            return;
        m_resumeRequest = 0;
        Q_EMIT resumeLookupChanged(false);
    });
    connect(m_check, &CheckController::noted, this, [this](const run::RunNote &n) {
        Q_EMIT logged(tr("[%1] %2: %3").arg(n.kind, n.configuration, n.detail));
    });
    connect(m_check, &CheckController::checkFinished, this, &RunCommands::showCheckOutcome);
    connect(m_check, &CheckController::checkFailed, this, [this](const QString &message) {
        Q_EMIT checkSummaryChanged(tr("The check could not run: %1").arg(message));
        Q_EMIT logged(tr("Check failed: %1").arg(message));
    });
}

plan::PlanVariables RunCommands::planVariables() const
{
    plan::PlanVariables v = m_variables;
    if (!v.contains(QStringLiteral("stackbench")))
        v.insert(QStringLiteral("stackbench"), QCoreApplication::applicationFilePath());
    return v;
}

run::RunOptions RunCommands::startOptions() const
{
    run::RunOptions options;
    options.planPath = m_planPage->filePath();
    options.storeLocation = m_store->location();
    options.variables = planVariables();
    m_planPage->outline()->applyTo(options);
    options.profileCpu = m_profileCpu->isChecked();
    return options;
}

bool RunCommands::isBusy() const
{
    return m_run->isBusy() || m_check->isBusy();
}

bool RunCommands::ensureRunnable(const QString &what, void (RunCommands::*again)())
{
    // Valid first: saving a plan that cannot run only writes the broken text over the file.
    if (!m_planPage->isValid() && m_planPage->isValidationPending()) {
        auto *once = new QObject(this);
        connect(m_planPage, &PlanPage::validated, once, [this, once, again] {
            once->deleteLater();
            (this->*again)();
        });
        m_planPage->validateNow();
        return false;
    }
    if (!m_planPage->isValid()) {
        Q_EMIT problemsFound();
        QMessageBox::warning(m_window, what,
                             tr("The plan has problems (listed under Problems); fix them first."));
        return false;
    }
    return m_planFile->ensureSaved(what);
}

void RunCommands::launch(const run::RunOptions &options)
{
    m_run->start(options);
    Q_EMIT runLaunched();
}

void RunCommands::check()
{
    if (isBusy() || !ensureRunnable(tr("Check"), &RunCommands::check))
        return;
    const run::RunOptions options = startOptions();
    m_parity->clear();
    Q_EMIT checkSummaryChanged(tr("Checking…"));
    Q_EMIT logged(tr("Checking %1").arg(QFileInfo(options.planPath).fileName()));
    m_check->start(options);
}

void RunCommands::showCheckOutcome(const CheckOutcome &outcome)
{
    const std::optional<plan::Plan> &plan = m_planPage->lastValidPlan();
    if (!plan)
        return;
    QStringList configurations = outcome.configurations;
    if (configurations.isEmpty())
        for (const plan::Configuration &c : plan->configurations)
            configurations << c.name;
    QVector<ParityRow> rows = parityRowsFromReport(*plan, configurations, outcome.report);
    attachResponses(&rows, outcome.notes);
    m_parity->setRows(rows);
    const QStringList failures = m_parity->failureSummary();
    Q_EMIT checkSummaryChanged(
        failures.isEmpty() ? tr("All %n configuration(s) started and passed every parity check.",
                                nullptr, int(configurations.size()))
                           : failures.join(QLatin1Char('\n')));
    for (const QString &line : outcome.report)
        Q_EMIT logged(tr("check: %1").arg(line));
}

void RunCommands::start()
{
    if (m_run->isBusy() || !ensureRunnable(tr("Start"), &RunCommands::start))
        return;
    const run::RunOptions options = startOptions();
    if (m_planPage->outline()->estimate().windows == 0) {
        QMessageBox::information(m_window, tr("Start"),
                                 tr("Tick at least one configuration and one route."));
        return;
    }
    Q_EMIT logged(
        tr("Starting %1, profile %2").arg(QFileInfo(options.planPath).fileName(), options.profile));
    launch(options);
}

void RunCommands::stop()
{
    if (m_check->isBusy())
        m_check->stop();
    if (m_run->state() == RunController::State::Running) {
        Q_EMIT logged(
            tr("Stopping: the window being measured is not stored; the run can be resumed."));
        m_run->stop();
    }
}

std::optional<store::RunRecord> RunCommands::resumableRun(const QVector<store::RunRecord> &runs,
                                                          const QString &planPath)
{
    const QString wanted = absolutePath(planPath);
    for (const store::RunRecord &r : runs) {
        const bool resumable =
            r.status == store::kStatusInterrupted || r.status == store::kStatusIncomplete;
        if (resumable && !wanted.isEmpty() && absolutePath(r.planPath) == wanted)
            return r;
    }
    return std::nullopt;
}

std::optional<store::RunRecord> RunCommands::retryableRun(const QVector<store::RunRecord> &runs,
                                                          const QString &planPath)
{
    const QString wanted = absolutePath(planPath);
    for (const store::RunRecord &r : runs)
        if (!wanted.isEmpty() && absolutePath(r.planPath) == wanted &&
            r.status != store::kStatusRunning && r.windowCount > r.validWindowCount)
            return r;
    return std::nullopt;
}

void RunCommands::resume()
{
    if (m_run->isBusy() || isLookingForResume() || m_planPage->filePath().isEmpty())
        return;
    m_lookingToRetry = false;
    m_resumeRequest = m_store->requestRuns(this);
    Q_EMIT resumeLookupChanged(true);
}

void RunCommands::retryFailed()
{
    if (m_run->isBusy() || isLookingForResume() || m_planPage->filePath().isEmpty())
        return;
    m_lookingToRetry = true;
    m_resumeRequest = m_store->requestRuns(this);
    Q_EMIT resumeLookupChanged(true);
}

void RunCommands::offerResume(const RunsResult &result)
{
    m_resumeRequest = 0;
    Q_EMIT resumeLookupChanged(false);
    const QString title = m_lookingToRetry ? tr("Retry failed cells") : tr("Resume");
    if (!result.error.isEmpty()) {
        QMessageBox::warning(m_window, title,
                             tr("Cannot read the run store: %1").arg(result.error));
        return;
    }
    const QString plan = QFileInfo(m_planPage->filePath()).fileName();
    const std::optional<store::RunRecord> resumable =
        m_lookingToRetry ? std::nullopt : resumableRun(result.records, m_planPage->filePath());
    const std::optional<store::RunRecord> retryable =
        retryableRun(result.records, m_planPage->filePath());
    if (!resumable && !retryable) {
        QMessageBox::information(
            m_window, title,
            m_lookingToRetry
                ? tr("No run of %1 with failed cells is stored.").arg(plan)
                : tr("No interrupted or incomplete run of %1 is stored, and none with failed "
                     "cells.")
                      .arg(plan));
        return;
    }
    // Nothing to continue, but a run whose cells failed (a busy machine): offer those again.
    const bool retry = !resumable;
    const store::RunRecord &candidate = retry ? *retryable : *resumable;
    const QString started =
        QLocale().toString(candidate.startedAt.toLocalTime(), QLocale::ShortFormat);
    const QString question =
        retry ? tr("Measure the failed cells of run %1 again (profile %2, started %3, %4, %5 "
                   "of %n stored window(s) valid), each with a fresh retry budget?",
                   nullptr, int(candidate.windowCount))
                    .arg(candidate.id, candidate.profile, started,
                         RunsModel::statusName(candidate.status))
                    .arg(candidate.validWindowCount)
              : tr("Resume run %1 (profile %2, started %3, %4, %n valid window(s) stored)?",
                   nullptr, candidate.validWindowCount)
                    .arg(candidate.id, candidate.profile, started,
                         RunsModel::statusName(candidate.status));
    const auto answer = QMessageBox::question(m_window, title, question);
    if (answer != QMessageBox::Yes || m_run->isBusy())
        return;
    run::RunOptions options = startOptions();
    options.resumeRunId = candidate.id;
    options.retryFailed = retry;
    Q_EMIT logged(retry ? tr("Retrying the failed cells of run %1").arg(candidate.id)
                        : tr("Resuming run %1").arg(candidate.id));
    launch(options);
}

run::RunOptions RunCommands::storedRunOptions(const RunRow &run, bool retryFailed) const
{
    run::RunOptions options;
    options.planPath = run.planPath; // the runner reads the plan from the store
    options.profile = run.profile;
    options.storeLocation = m_store->location();
    options.variables = planVariables();
    options.resumeRunId = run.id;
    options.retryFailed = retryFailed;
    return options;
}

void RunCommands::resumeStoredRun(const RunRow &run)
{
    if (isBusy() || !run.resumable())
        return;
    Q_EMIT logged(tr("Resuming run %1 (%2, profile %3)").arg(run.id, run.planName, run.profile));
    launch(storedRunOptions(run, false));
}

void RunCommands::retryStoredRun(const RunRow &run)
{
    if (isBusy() || !run.retryable())
        return;
    Q_EMIT logged(tr("Retrying the failed cells of run %1 (%2, profile %3)")
                      .arg(run.id, run.planName, run.profile));
    launch(storedRunOptions(run, true));
}

} // namespace sb
