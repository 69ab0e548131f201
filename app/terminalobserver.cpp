#include "app/terminalobserver.h"

#include "app/cli.h"
#include "report/figures.h"
#include "store/celllabel.h"

#include <cstdio>
#include <unistd.h>

namespace sb::cli {

namespace {

QString duration(double s)
{
    if (s < 0)
        return QStringLiteral("?");
    const qint64 t = qint64(s + 0.5);
    if (t >= 3600)
        return QStringLiteral("%1h%2m").arg(t / 3600).arg((t % 3600) / 60, 2, 10, QLatin1Char('0'));
    if (t >= 60)
        return QStringLiteral("%1m%2s").arg(t / 60).arg(t % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1s").arg(t);
}

QString cellText(const run::CellRef &c)
{
    // the progress line prints it raw
    return oneLine(store::cellLabel(c.round, c.configuration, c.route, c.concurrency, c.attempt));
}

} // namespace

TerminalObserver::TerminalObserver()
    : m_tty(isatty(STDOUT_FILENO))
{}

void TerminalObserver::runStarted(const run::RunStarted &e)
{
    line(QStringLiteral("run ") + e.runId);
    const QString profile = e.profileChoice.isEmpty() ? e.profile
                                                      : e.profile + QStringLiteral(" (") +
                                                            e.profileChoice + QLatin1Char(')');
    line(QStringLiteral("  plan '%1', profile %2, %3 windows%4, store %5")
             .arg(e.planName, profile, QString::number(e.totalWindows),
                  e.resumed ? QStringLiteral(" (%1 already valid)").arg(e.doneWindows) : QString(),
                  e.storeLocation));
    for (const QString &w : e.warnings)
        line(QStringLiteral("  warning: ") + w);
    m_total = e.totalWindows;
    m_done = e.doneWindows;
    std::fflush(stdout);
}

void TerminalObserver::windowStarted(const run::WindowStarted &e)
{
    m_cell = e.cell;
    m_phase = e.phase;
    m_number = e.windowNumber;
    m_okPerS = 0;
    m_elapsedS = 0;
    m_inFlight = 0;
    m_draining = false;
    m_waiting = false;
    progressLine();
}

void TerminalObserver::intervalMeasured(const run::IntervalUpdate &e)
{
    m_okPerS = report::intervalOkPerS(e.interval);
    m_elapsedS = e.interval.endS;
    m_inFlight = e.inFlight;
    m_draining = e.draining;
    progressLine();
}

void TerminalObserver::windowFinished(const run::WindowFinished &e)
{
    const store::WindowRecord &w = e.window;
    if (w.valid) {
        QString text = QStringLiteral("  ok   %1: %2")
                           .arg(store::windowLabel(w), report::windowFiguresText(w));
        if (!w.flags.isEmpty())
            text += QStringLiteral(" [%1]").arg(w.flags.join(QStringLiteral(", ")));
        line(text);
        return;
    }
    line(QStringLiteral("  FAIL %1: %2%3")
             .arg(store::windowLabel(w), w.invalidReason,
                  e.willRetry ? QStringLiteral(" (measuring again)")
                              : QStringLiteral(" (no retries left)")));
}

void TerminalObserver::noted(const run::RunNote &e)
{
    // run-failed: the run's end says its error on stderr (printFinished).
    static const QStringList quiet = {QStringLiteral("hook"), QStringLiteral("run-started"),
                                      QStringLiteral("run-resumed"), QStringLiteral("run-failed")};
    if (quiet.contains(e.kind))
        return;
    line(QStringLiteral("  %1%2").arg(
        e.configuration.isEmpty() ? QString() : QStringLiteral("[%1] ").arg(e.configuration),
        e.detail));
}

void TerminalObserver::quietWaitProgressed(const run::WaitingForQuiet &e)
{
    m_wait = e;
    if (!e.outcome.isEmpty()) { // the "quiet-wait" note that follows says how it ended
        m_waiting = false;
        return;
    }
    if (!m_waiting)
        line(QStringLiteral("  wait %1: waiting up to %2 for foreign CPU below %3% for %4 s")
                 .arg(cellText(e.cell), duration(e.limitS))
                 .arg(e.gatePct, 0, 'f', 0)
                 .arg(e.quietNeededS, 0, 'f', 1));
    m_waiting = true;
    m_cell = e.cell;
    progressLine();
}

void TerminalObserver::progressed(const run::Progress &e)
{
    m_done = e.doneWindows;
    m_total = e.totalWindows;
    m_etaS = e.etaS;
}

void TerminalObserver::line(const QString &text)
{
    if (m_tty && m_progressShown)
        std::printf("\r\033[K");
    m_progressShown = false;
    printLine(stdout, text); // one line, whatever a plan, server or hook put in it
}

void TerminalObserver::progressLine()
{
    if (!m_tty)
        return;
    if (m_waiting) {
        std::printf("\r\033[K[%d/%d] %s, waiting for quiet %.0fs/%.0fs, foreign %.0f%% "
                    "(quiet below %.0f%%: %.1f/%.1fs)",
                    m_number, m_total, qPrintable(cellText(m_cell)), m_wait.waitedS, m_wait.limitS,
                    m_wait.foreignPct, m_wait.gatePct, m_wait.quietS, m_wait.quietNeededS);
        std::fflush(stdout);
        m_progressShown = true;
        return;
    }
    const QString phase = m_phase == run::Phase::WarmUp ? QStringLiteral("warm-up")
                          : m_draining                  ? QStringLiteral("drain")
                                                        : QStringLiteral("measuring");
    const QString figures = m_draining ? QStringLiteral("draining: %1 in flight").arg(m_inFlight)
                                       : QStringLiteral("2xx/s %1").arg(m_okPerS, 0, 'f', 1);
    std::printf("\r\033[K[%d/%d] %s, %s %.0fs, %s, ETA %s", m_number, m_total,
                qPrintable(cellText(m_cell)), qPrintable(phase), m_elapsedS, qPrintable(figures),
                qPrintable(duration(m_etaS)));
    std::fflush(stdout);
    m_progressShown = true;
}

} // namespace sb::cli
