#include "ui/runstatus.h"

#include "report/figures.h"
#include "run/gatereason.h"
#include "ui/charts/palette.h"
#include "ui/checkcontroller.h"
#include "ui/loadcontroller.h"
#include "ui/runcontroller.h"
#include "ui/widgets/outlineview.h"

#include <QApplication>
#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QStyle>
#include <QSystemTrayIcon>
#include <utility>

namespace sb {

namespace {

QString phaseText(run::Phase phase)
{
    return phase == run::Phase::WarmUp ? RunStatus::tr("warm-up") : RunStatus::tr("measuring");
}

QString cellText(const run::CellRef &cell)
{
    return RunStatus::tr("round %1 · %2 · %3 · c=%4 · attempt %5")
        .arg(cell.round + 1)
        .arg(cell.configuration, cell.route)
        .arg(cell.concurrency)
        .arg(cell.attempt + 1);
}

QString windowText(const store::WindowRecord &w)
{
    const run::CellRef cell{w.round, w.configuration, w.route, w.concurrency, w.attempt};
    if (w.valid)
        return RunStatus::tr("%1: valid, %2 2xx/s, p99 %3 ms")
            .arg(cellText(cell))
            .arg(report::windowOkPerS(w), 0, 'f', 0)
            .arg(w.latencyUs.value(QLatin1String("p99")).toDouble() / 1000.0, 0, 'f', 2);
    return RunStatus::tr("%1: invalid: %2").arg(cellText(cell), run::invalidReasonText(w));
}

} // namespace

RunStatus::RunStatus(QStatusBar *bar, RunController *run, CheckController *check)
    : QObject(bar)
    , m_state(new QLabel(bar))
    , m_cell(new QLabel(bar))
    , m_progress(new QProgressBar(bar))
    , m_eta(new QLabel(bar))
{
    m_state->setAccessibleName(tr("Run state"));
    m_cell->setAccessibleName(tr("Current cell"));
    m_progress->setAccessibleName(tr("Run progress"));
    m_eta->setAccessibleName(tr("Time left"));
    // A long cell text is cut, never wrapped, and never takes the progress' room.
    m_cell->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_cell->setMinimumWidth(0);
    m_progress->setFormat(tr("window %v of %m"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    {
        const QString widest = m_progress->format()
                                   .replace(QLatin1String("%v"), QStringLiteral("8888"))
                                   .replace(QLatin1String("%m"), QStringLiteral("8888"));
        const int text = m_progress->fontMetrics().horizontalAdvance(widest);
        m_progress->setMinimumWidth(text + 4 * m_progress->fontMetrics().averageCharWidth());
        m_progress->setMaximumWidth(std::max(220, m_progress->minimumWidth()));
    }
    m_progress->hide();
    bar->addPermanentWidget(m_cell, 1);
    bar->addPermanentWidget(m_progress);
    bar->addPermanentWidget(m_eta);
    bar->addPermanentWidget(m_state);
    setState(tr("Idle"));
    connectRun(run);
    connect(check, &CheckController::busyChanged, this, [this](bool busy) {
        if (!m_runBusy)
            setState(busy ? tr("Checking") : tr("Idle"));
    });
}

void RunStatus::setState(const QString &text, bool error)
{
    m_state->setText(text);
    QPalette p = m_state->palette();
    p.setColor(QPalette::WindowText,
               error ? palette::cellState(CellState::Failed)
                     : m_state->parentWidget()->palette().color(QPalette::WindowText));
    m_state->setPalette(p);
}

void RunStatus::endProgress()
{
    m_eta->clear();
    m_cell->clear();
    m_cell->setToolTip(QString());
    m_progress->hide();
}

void RunStatus::followQuickTest(LoadController *load)
{
    connect(load, &LoadController::stateChanged, this, [this](LoadController::State state) {
        if (m_runBusy)
            return;
        if (state == LoadController::State::Idle) {
            setState(tr("Idle"));
            m_cell->clear();
            return;
        }
        endProgress(); // the last run's progress is not the quick test's
        setState(state == LoadController::State::Running ? tr("Quick test running")
                                                         : tr("Stopping the quick test"));
    });
}

QString RunStatus::text() const
{
    QStringList parts{m_state->text(), m_cell->text(), m_eta->text()};
    if (!m_progress->isHidden())
        parts << m_progress->text();
    parts.removeAll(QString());
    return parts.join(QStringLiteral(" | "));
}

RunCounts RunStatus::finishedCounts(const run::RunFinished &e, int cells, int remeasured)
{
    RunCounts c;
    c.cells = cells;
    c.valid = e.validWindows;
    c.remeasured = std::min(remeasured, e.validWindows);
    c.invalidAttempts = e.invalidWindows;
    c.failed = e.ranOutCells;
    for (const QString &f : e.failedCells)
        if (f.contains(QLatin1String(": configuration blocked: ")))
            ++c.blocked;
    c.toMeasure = std::max(0, int(e.failedCells.size()) - c.failed - c.blocked);
    return c;
}

void RunStatus::connectRun(RunController *run)
{
    connect(run, &RunController::stateChanged, this, [this](RunController::State state) {
        m_runBusy = state != RunController::State::Idle;
        if (state == RunController::State::Running) {
            setState(tr("Running"));
            return;
        }
        // No ETA once the run stops: the window being measured is abandoned.
        m_eta->clear();
        if (state == RunController::State::Stopping) {
            setState(tr("Stopping"));
            return;
        }
        m_cell->clear();
        m_cell->setToolTip(QString());
        m_progress->hide();
        if (m_state->text() == tr("Running") || m_state->text() == tr("Stopping"))
            setState(tr("Idle")); // ended without a runFinished (it failed to start)
    });
    connect(run, &RunController::runStarted, this, [this](const run::RunStarted &e) {
        Q_EMIT logged(
            tr("Run %1 %2: plan %3, profile %4, %n window(s) to measure, %5 done; store %6",
               nullptr, e.totalWindows)
                .arg(e.runId, e.resumed ? tr("resumed") : tr("started"), e.planName, e.profile)
                .arg(e.doneWindows)
                .arg(e.storeLocation));
        for (const QString &w : e.warnings)
            Q_EMIT logged(tr("warning: %1").arg(w));
        m_counts = RunCounts{};
        m_counts.cells = e.totalWindows;
        m_counts.valid = e.doneWindows;
        m_progress->setRange(0, std::max(1, e.totalWindows));
        m_progress->setValue(e.doneWindows);
        m_progress->show();
        setState(tr("Running"));
    });
    connect(run, &RunController::windowStarted, this, [this](const run::WindowStarted &e) {
        m_cell->setText(cellText(e.cell) + QStringLiteral(" · ") + phaseText(e.phase));
        m_cell->setToolTip(m_cell->text());
    });
    connect(run, &RunController::quietWaitProgressed, this, [this](const run::WaitingForQuiet &e) {
        if (!e.outcome.isEmpty())
            return; // the next window's start says what runs now
        m_cell->setText(cellText(e.cell) + QStringLiteral(" · ") +
                        tr("waiting for a quiet machine (%1 of %2 s)")
                            .arg(e.waitedS, 0, 'f', 0)
                            .arg(e.limitS, 0, 'f', 0));
        m_cell->setToolTip(m_cell->text());
    });
    connect(run, &RunController::windowFinished, this, [this](const run::WindowFinished &e) {
        QString line = windowText(e.window);
        if (e.willRetry)
            line += tr(" (measured again)");
        if (e.cellFailed)
            line += tr(" (cell failed: retries used up)");
        if (e.window.valid) {
            ++m_counts.valid;
            if (e.window.attempt > 0)
                ++m_counts.remeasured;
        } else {
            ++m_counts.invalidAttempts;
            if (e.cellFailed)
                ++m_counts.failed;
        }
        Q_EMIT logged(line);
    });
    connect(run, &RunController::noted, this, [this](const run::RunNote &n) {
        Q_EMIT logged(n.configuration.isEmpty()
                          ? tr("[%1] %2").arg(n.kind, n.detail)
                          : tr("[%1] %2: %3").arg(n.kind, n.configuration, n.detail));
    });
    connect(run, &RunController::progressed, this, [this](const run::Progress &p) {
        if (!m_runBusy)
            return;
        m_progress->setRange(0, std::max(1, p.totalWindows));
        m_progress->setValue(p.doneWindows);
        m_eta->setText(p.etaS < 0
                           ? tr("ETA unknown")
                           : tr("ETA %1").arg(OutlineView::durationText(qint64(p.etaS * 1000))));
    });
    connect(run, &RunController::runFinished, this, [this](const run::RunFinished &e) {
        m_counts = finishedCounts(e, m_counts.cells, m_counts.remeasured);
        const bool failed = e.status == store::kStatusFailed || e.validWindows == 0;
        const QString status = failed ? QString(store::kStatusFailed) : e.status;
        const QString text =
            tr("Run %1 %2: %3")
                .arg(e.runId, RunsModel::statusName(status), RunsModel::countsText(m_counts));
        Q_EMIT logged(text);
        for (const QString &c : e.blockedConfigurations)
            Q_EMIT logged(tr("blocked: %1").arg(c));
        if (!e.error.isEmpty())
            Q_EMIT logged(tr("error: %1").arg(e.error));
        if (e.ranOutCells > 0)
            Q_EMIT logged(tr("History › Retry failed cells measures the %n cell(s) that ran out "
                             "of retries again.",
                             nullptr, e.ranOutCells));
        const QString names[] = {tr("Finished"), tr("Failed"), tr("Interrupted"), tr("Incomplete")};
        const QString state = status == store::kStatusFailed        ? names[1]
                              : status == store::kStatusInterrupted ? names[2]
                              : status == store::kStatusIncomplete  ? names[3]
                                                                    : names[0];
        setState(state, failed);
        m_state->setToolTip(text);
        announce(tr("Run %1").arg(RunsModel::statusName(status)), text, failed);
    });
    connect(run, &RunController::startRefused, this, [this] { m_refused = true; });
    connect(run, &RunController::runFailed, this, [this](const QString &message) {
        Q_EMIT logged(tr("Run failed: %1").arg(message));
        if (std::exchange(m_refused, false))
            return; // a second start was refused: the run shown goes on
        setState(tr("Failed"), true);
        m_state->setToolTip(message);
        announce(tr("Run failed"), message, true);
    });
}

void RunStatus::announce(const QString &title, const QString &message, bool error)
{
    auto *bar = static_cast<QStatusBar *>(parent());
    QWidget *window = bar->window();
    if (QSystemTrayIcon::isSystemTrayAvailable()) {
        if (!m_tray) {
            m_tray =
                new QSystemTrayIcon(window->windowIcon().isNull()
                                        ? window->style()->standardIcon(QStyle::SP_ComputerIcon)
                                        : window->windowIcon(),
                                    this);
            m_tray->setToolTip(tr("Stackbench"));
            m_tray->show();
        }
        m_tray->showMessage(title, message,
                            error ? QSystemTrayIcon::Critical : QSystemTrayIcon::Information);
    }
    bar->showMessage(title + QStringLiteral(": ") + message, 30000);
    QApplication::alert(window);
}

} // namespace sb
