#pragma once

#include "ui/models/runsmodel.h"

#include <QObject>
#include <QString>

class QLabel;
class QProgressBar;
class QStatusBar;
class QSystemTrayIcon;

namespace sb {

class CheckController;
class LoadController;
class RunController;

namespace run {
struct RunFinished;
}

// What the main window says about runs, checks and quick tests: the status bar's state (after a
// run, how it ended: "Finished", "Failed" in red, ...), current cell (with its phase, or the wait
// for a quiet machine; elided, never pushing the progress out), progress ("window 3 of 24", on
// one line, only while a run goes on) and ETA (only while a run goes on), a log line for each
// run event, and the end of a run announced with its counts (RunsModel::countsText) in a tray
// message where there is a tray, the status bar and the log, the window alerted. GUI thread.
class RunStatus : public QObject
{
    Q_OBJECT
public:
    // Adds its widgets to `bar` and follows `run` and `check`.
    RunStatus(QStatusBar *bar, RunController *run, CheckController *check);

    // Also follows the quick test's `load` (its state instead of the run's, no run progress).
    void followQuickTest(LoadController *load);

    // The run state, current cell, ETA and progress texts shown, " | " between them.
    QString text() const;
    // The counts of the run going on, or of the last one (cells known from its start).
    RunCounts counts() const { return m_counts; }
    QLabel *stateLabel() const { return m_state; }
    QLabel *cellLabel() const { return m_cell; }
    QProgressBar *progressBar() const { return m_progress; }

    // The counts a run's end reports, with `cells` in its schedule (< 0: unknown) and
    // `remeasured` valid cells measured more than once in it. Blocked cells are those the runner
    // left with "configuration blocked: ..." (run/runner.cpp), failed those that ran out of
    // retries, the rest of the failed cells are still to measure. Pure.
    static RunCounts finishedCounts(const run::RunFinished &e, int cells, int remeasured);

Q_SIGNALS:
    // A line for the window's log.
    void logged(const QString &line);

private:
    void connectRun(RunController *run);
    void announce(const QString &title, const QString &message, bool error);
    void setState(const QString &text, bool error = false);
    void endProgress();

    QLabel *m_state;
    QLabel *m_cell;
    QProgressBar *m_progress;
    QLabel *m_eta;
    QSystemTrayIcon *m_tray = nullptr;
    RunCounts m_counts;
    bool m_runBusy = false;
    bool m_refused = false; // runFailed() answers a refused second start
};

} // namespace sb
