#pragma once

#include <QObject>
#include <QString>

class QLabel;
class QProgressBar;
class QStatusBar;

namespace sb {

class CheckController;
class RunController;

// What the main window says about runs and checks: the status bar's run state, current cell
// (with its phase, or the wait for a quiet machine), progress ("window 3 of 24") and ETA, and a
// log line for each run event. GUI thread.
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
    // A run ended (finished, stopped or failed): for a notification.
    void runEnded(const QString &title, const QString &message, bool error);

private:
    void connectRun(RunController *run);

    QLabel *m_state;
    QLabel *m_cell;
    QProgressBar *m_progress;
    QLabel *m_eta;
};

} // namespace sb
