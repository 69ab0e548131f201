#pragma once

#include "run/runner.h"

#include <QObject>
#include <QString>
#include <memory>

class QThread;

namespace sb {

// Runs plans for the GUI: owns a run::Runner on a QThread of its own and re-emits every
// RunObserver event as a queued signal carrying its value type, so slots run on the GUI thread.
// Events of an earlier run (one stopped before its thread ended) are dropped. One run at a time.
// Create, use and destroy on the GUI thread; the destructor stops a run and waits for its thread.
class RunController : public QObject
{
    Q_OBJECT
public:
    enum class State
    {
        Idle,    // nothing running
        Running, // a run (or resume) is going on
        Stopping // stop() was called; the window in flight is abandoned
    };
    Q_ENUM(State)

    explicit RunController(QObject *parent = nullptr);
    ~RunController() override;

    State state() const { return m_state; }
    bool isBusy() const { return m_state != State::Idle; }
    // The options of the run going on (or of the last one).
    const run::RunOptions &options() const { return m_options; }
    // The id of the run going on (or of the last one), known from runStarted(); empty before.
    QString runId() const { return m_runId; }

public Q_SLOTS:
    // Starts a new run (options.resumeRunId empty) or a resume. Refused with runFailed() (and
    // nothing else changes) when a run is going on.
    void start(const sb::run::RunOptions &options);
    // Resumes the stored run `runId` with `options`' store and variables.
    void resume(const QString &runId, const sb::run::RunOptions &options);
    // Stops the run: the window in flight is not stored; the run ends "interrupted" and can be
    // resumed. No effect when idle.
    void stop();

Q_SIGNALS:
    void stateChanged(sb::RunController::State state);
    void runStarted(const sb::run::RunStarted &event);
    void windowStarted(const sb::run::WindowStarted &event);
    void intervalMeasured(const sb::run::IntervalUpdate &event);
    void windowFinished(const sb::run::WindowFinished &event);
    void noted(const sb::run::RunNote &event);
    // A contended window waits for a quiet machine before its re-measure: one per reading.
    void quietWaitProgressed(const sb::run::WaitingForQuiet &event);
    void progressed(const sb::run::Progress &event);
    void runFinished(const sb::run::RunFinished &event);
    // start() was called while a run is going on; runFailed(message) follows at once (for
    // callers that show every failure); the run going on is not affected.
    void startRefused(const QString &message);
    // The run could not start or stopped on an error (invalid plan, store failure, ...): the
    // message names the place. runFinished() is not emitted then.
    void runFailed(const QString &message);

private:
    class Relay;
    void setState(State state);
    void finished(quint64 generation);
    // Whether an event of run `runId` belongs to the run going on (it drops the others).
    bool accepts(const QString &runId);

    State m_state = State::Idle;
    quint64 m_generation = 0; // bumped by every start(); events carry theirs
    run::RunOptions m_options;
    QString m_runId;
    QThread *m_thread = nullptr;
    std::unique_ptr<run::Runner> m_runner;
    Relay *m_relay = nullptr;
};

// Registers the run event types for queued connections; called by RunController's constructor.
void registerRunEventTypes();

} // namespace sb
