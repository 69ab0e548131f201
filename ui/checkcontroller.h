#pragma once

#include "run/runner.h"

#include <QObject>
#include <QStringList>
#include <memory>

class QThread;

namespace sb {

// What Runner::check() gave back.
struct CheckOutcome
{
    bool passed = false;        // every configuration started and passed every parity check
    QStringList configurations; // the options' filter (only); empty = every configuration
    QStringList report;         // the runner's report, one line per configuration or failure
    QList<run::RunNote> notes;  // the notes the runner sent while checking
};

// Runs the parity gate for the GUI: Runner::check() (start, readiness, parity checks, stop for
// each configuration) on a QThread of its own, its notes re-emitted as queued signals. One check
// at a time; events of an earlier check are dropped. Create, use and destroy on the GUI thread;
// the destructor stops a check and waits for its thread.
class CheckController : public QObject
{
    Q_OBJECT
public:
    explicit CheckController(QObject *parent = nullptr);
    ~CheckController() override;

    bool isBusy() const { return m_thread != nullptr; }

public Q_SLOTS:
    // Checks the plan at options.planPath (options.only filters configurations). Ignored with
    // checkFailed() while a check is going on.
    void start(const sb::run::RunOptions &options);
    // Abandons the check: the server being checked is stopped, the rest are not started.
    void stop();

Q_SIGNALS:
    void checkStarted();
    void noted(const sb::run::RunNote &note);
    void checkFinished(const sb::CheckOutcome &outcome);
    // The check could not run (the plan is invalid, ...): the message names the place.
    void checkFailed(const QString &message);
    void busyChanged(bool busy);

private:
    class Relay;
    void finished(quint64 generation);

    quint64 m_generation = 0;
    QThread *m_thread = nullptr;
    std::unique_ptr<run::Runner> m_runner;
};

} // namespace sb

Q_DECLARE_METATYPE(sb::CheckOutcome)
