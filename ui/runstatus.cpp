#include "ui/runstatus.h"

#include "report/figures.h"
#include "ui/checkcontroller.h"
#include "ui/runcontroller.h"
#include "ui/widgets/outlineview.h"

#include <QApplication>
#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QStyle>
#include <QSystemTrayIcon>

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
    return RunStatus::tr("%1: invalid: %2").arg(cellText(cell), w.invalidReason);
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
    m_progress->setMaximumWidth(220);
    m_progress->setFormat(tr("window %v of %m"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->hide();
    bar->addPermanentWidget(m_cell, 1);
    bar->addPermanentWidget(m_progress);
    bar->addPermanentWidget(m_eta);
    bar->addPermanentWidget(m_state);
    m_state->setText(tr("Idle"));
    connectRun(run);
    connect(check, &CheckController::busyChanged, this,
            [this](bool busy) { m_state->setText(busy ? tr("Checking") : tr("Idle")); });
}

QString RunStatus::text() const
{
    QStringList parts{m_state->text(), m_cell->text(), m_eta->text()};
    if (m_progress->isVisible())
        parts << m_progress->text();
    parts.removeAll(QString());
    return parts.join(QStringLiteral(" | "));
}

void RunStatus::connectRun(RunController *run)
{
    connect(run, &RunController::stateChanged, this, [this](RunController::State state) {
        const QString names[] = {tr("Idle"), tr("Running"), tr("Stopping")};
        m_state->setText(names[int(state)]);
        if (state == RunController::State::Idle) {
            m_cell->clear();
            m_eta->clear();
        }
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
        m_progress->setRange(0, std::max(1, e.totalWindows));
        m_progress->setValue(e.doneWindows);
        m_progress->show();
    });
    connect(run, &RunController::windowStarted, this, [this](const run::WindowStarted &e) {
        m_cell->setText(cellText(e.cell) + QStringLiteral(" · ") + phaseText(e.phase));
    });
    connect(run, &RunController::quietWaitProgressed, this, [this](const run::WaitingForQuiet &e) {
        if (!e.outcome.isEmpty())
            return; // the next window's start says what runs now
        m_cell->setText(cellText(e.cell) + QStringLiteral(" · ") +
                        tr("waiting for a quiet machine (%1 of %2 s)")
                            .arg(e.waitedS, 0, 'f', 0)
                            .arg(e.limitS, 0, 'f', 0));
    });
    connect(run, &RunController::windowFinished, this, [this](const run::WindowFinished &e) {
        QString line = windowText(e.window);
        if (e.willRetry)
            line += tr(" (measured again)");
        if (e.cellFailed)
            line += tr(" (cell failed: retries used up)");
        Q_EMIT logged(line);
    });
    connect(run, &RunController::noted, this, [this](const run::RunNote &n) {
        Q_EMIT logged(n.configuration.isEmpty()
                          ? tr("[%1] %2").arg(n.kind, n.detail)
                          : tr("[%1] %2: %3").arg(n.kind, n.configuration, n.detail));
    });
    connect(run, &RunController::progressed, this, [this](const run::Progress &p) {
        m_progress->setRange(0, std::max(1, p.totalWindows));
        m_progress->setValue(p.doneWindows);
        m_eta->setText(p.etaS < 0
                           ? tr("ETA unknown")
                           : tr("ETA %1").arg(OutlineView::durationText(qint64(p.etaS * 1000))));
    });
    connect(run, &RunController::runFinished, this, [this](const run::RunFinished &e) {
        const QString text =
            tr("Run %1 %2: %3, %4, %5")
                .arg(e.runId, e.status, tr("%n valid window(s)", nullptr, e.validWindows),
                     tr("%n invalid attempt(s)", nullptr, e.invalidWindows),
                     tr("%n failed cell(s)", nullptr, int(e.failedCells.size())));
        Q_EMIT logged(text);
        for (const QString &c : e.blockedConfigurations)
            Q_EMIT logged(tr("blocked: %1").arg(c));
        if (!e.error.isEmpty())
            Q_EMIT logged(tr("error: %1").arg(e.error));
        announce(tr("Run %1").arg(e.status), text, e.status == store::kStatusFailed);
    });
    connect(run, &RunController::runFailed, this, [this](const QString &message) {
        Q_EMIT logged(tr("Run failed: %1").arg(message));
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
