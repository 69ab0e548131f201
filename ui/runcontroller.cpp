#include "ui/runcontroller.h"

#include "core/qterror.h"

#include <QMetaType>
#include <QThread>

namespace sb {

void registerRunEventTypes()
{
    qRegisterMetaType<run::RunOptions>();
    qRegisterMetaType<run::RunStarted>();
    qRegisterMetaType<run::WindowStarted>();
    qRegisterMetaType<run::IntervalUpdate>();
    qRegisterMetaType<run::WindowFinished>();
    qRegisterMetaType<run::RunNote>();
    qRegisterMetaType<run::WaitingForQuiet>();
    qRegisterMetaType<run::Progress>();
    qRegisterMetaType<run::RunFinished>();
    qRegisterMetaType<RunController::State>();
}

// Lives on the run thread: the Runner's observer. Each event is posted to the controller, tagged
// with the generation of the run it belongs to.
class RunController::Relay : public run::RunObserver
{
public:
    Relay(RunController *controller, quint64 generation)
        : m_controller(controller)
        , m_generation(generation)
    {}

    void runStarted(const run::RunStarted &e) override
    {
        RunController *c = m_controller;
        const quint64 generation = m_generation;
        QMetaObject::invokeMethod(
            c,
            [c, generation, e] {
                if (generation != c->m_generation)
                    return;
                c->m_runId = e.runId;
                Q_EMIT c->runStarted(e);
            },
            Qt::QueuedConnection);
    }
    void windowStarted(const run::WindowStarted &e) override
    {
        post(&RunController::windowStarted, e);
    }
    void intervalMeasured(const run::IntervalUpdate &e) override
    {
        post(&RunController::intervalMeasured, e);
    }
    void windowFinished(const run::WindowFinished &e) override
    {
        post(&RunController::windowFinished, e);
    }
    void noted(const run::RunNote &e) override { post(&RunController::noted, e); }
    void quietWaitProgressed(const run::WaitingForQuiet &e) override
    {
        post(&RunController::quietWaitProgressed, e);
    }
    void progressed(const run::Progress &e) override { post(&RunController::progressed, e); }
    void runFinished(const run::RunFinished &e) override { post(&RunController::runFinished, e); }
    void failed(const QString &message)
    {
        RunController *c = m_controller;
        const quint64 generation = m_generation;
        QMetaObject::invokeMethod(
            c,
            [c, generation, message] {
                if (generation == c->m_generation)
                    Q_EMIT c->runFailed(message);
            },
            Qt::QueuedConnection);
    }

private:
    template<typename Signal, typename Event> void post(Signal signal, const Event &event)
    {
        RunController *c = m_controller;
        const quint64 generation = m_generation;
        QMetaObject::invokeMethod(
            c,
            [c, generation, signal, event] {
                if (generation == c->m_generation && c->accepts(event.runId))
                    (c->*signal)(event);
            },
            Qt::QueuedConnection);
    }

    RunController *m_controller;
    quint64 m_generation;
};

RunController::RunController(QObject *parent)
    : QObject(parent)
{
    registerRunEventTypes();
}

RunController::~RunController()
{
    if (m_runner)
        m_runner->cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void RunController::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void RunController::start(const run::RunOptions &options)
{
    if (isBusy()) {
        const QString message = tr("A run is going on; stop it first.");
        Q_EMIT startRefused(message);
        Q_EMIT runFailed(message);
        return;
    }
    if (m_thread) { // the previous run's thread has ended; reap it
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    const quint64 generation = ++m_generation;
    m_options = options;
    m_runId.clear();
    auto relay = std::make_shared<Relay>(this, generation);
    m_runner = std::make_unique<run::Runner>(relay.get());
    run::Runner *runner = m_runner.get();
    m_thread = QThread::create([runner, relay, options] {
        sb::Result<run::RunFinished> result = runner->run(options);
        if (!result.ok())
            relay->failed(sb::qtText(result.error()));
    });
    connect(m_thread, &QThread::finished, this, [this, generation] { finished(generation); });
    setState(State::Running);
    m_thread->start();
}

void RunController::resume(const QString &runId, const run::RunOptions &options)
{
    run::RunOptions o = options;
    o.resumeRunId = runId;
    start(o);
}

bool RunController::accepts(const QString &runId)
{
    // Before runStarted() nothing names the run yet; after it only its own events pass.
    return m_runId.isEmpty() || runId == m_runId;
}

void RunController::stop()
{
    if (m_state != State::Running || !m_runner)
        return;
    setState(State::Stopping);
    m_runner->cancel();
}

void RunController::finished(quint64 generation)
{
    if (generation != m_generation)
        return;
    // Every event of this run was posted before the thread finished, so they have all been
    // delivered by now (queued in order ahead of this one).
    m_runner.reset();
    setState(State::Idle);
}

} // namespace sb
