#pragma once

#include <QObject>
#include <QString>

class QLabel;
class QProgressBar;
class QStatusBar;
class QSystemTrayIcon;

namespace sb {

class CheckController;
class RunController;

// What the main window says about runs and checks: the status bar's run state, current cell
// (with its phase, or the wait for a quiet machine), progress ("window 3 of 24") and ETA, a log
// line for each run event, and the end of a run announced (a tray message where there is a
// tray, the status bar, the window alerted). GUI thread.
class RunStatus : public QObject
{
    Q_OBJECT
public:
    // Adds its widgets to `bar` and follows `run` and `check`.
    RunStatus(QStatusBar *bar, RunController *run, CheckController *check);

    // The run state, current cell, ETA and progress texts shown, " | " between them.
    QString text() const;

Q_SIGNALS:
    // A line for the window's log.
    void logged(const QString &line);

private:
    void connectRun(RunController *run);
    void announce(const QString &title, const QString &message, bool error);

    QLabel *m_state;
    QLabel *m_cell;
    QProgressBar *m_progress;
    QLabel *m_eta;
    QSystemTrayIcon *m_tray = nullptr;
};

} // namespace sb
