#include "ui/checkcontroller.h"

#include "core/qterror.h"
#include "ui/runcontroller.h"

#include <QThread>

namespace sb {

class CheckController::Relay : public run::RunObserver
{
public:
    Relay(CheckController *controller, quint64 generation)
        : m_controller(controller)
        , m_generation(generation)
    {}

    void noted(const run::RunNote &note) override
    {
        m_notes << note;
        post([note](CheckController *c) { Q_EMIT c->noted(note); });
    }

    // Called on the check thread when check() has returned.
    void done(const sb::Result<bool> &result, const run::RunOptions &options,
              const QStringList &report)
    {
        if (!result.ok()) {
            const QString message = sb::qtText(result.error());
            post([message](CheckController *c) { Q_EMIT c->checkFailed(message); });
            return;
        }
        CheckOutcome outcome{result.value(), options.only, report, m_notes};
        post([outcome](CheckController *c) { Q_EMIT c->checkFinished(outcome); });
    }

private:
    template<typename F> void post(F f)
    {
        CheckController *c = m_controller;
        const quint64 generation = m_generation;
        QMetaObject::invokeMethod(
            c,
            [c, generation, f] {
                if (generation == c->m_generation)
                    f(c);
            },
            Qt::QueuedConnection);
    }

    CheckController *m_controller;
    quint64 m_generation;
    QList<run::RunNote> m_notes;
};

CheckController::CheckController(QObject *parent)
    : QObject(parent)
{
    registerRunEventTypes();
    qRegisterMetaType<CheckOutcome>();
}

CheckController::~CheckController()
{
    if (m_runner)
        m_runner->cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void CheckController::start(const run::RunOptions &options)
{
    if (isBusy()) {
        Q_EMIT checkFailed(tr("A check is going on; wait for it or stop it first."));
        return;
    }
    const quint64 generation = ++m_generation;
    auto relay = std::make_shared<Relay>(this, generation);
    m_runner = std::make_unique<run::Runner>(relay.get());
    run::Runner *runner = m_runner.get();
    m_thread = QThread::create([runner, relay, options] {
        QStringList report;
        const sb::Result<bool> result = runner->check(options, &report);
        relay->done(result, options, report);
    });
    connect(m_thread, &QThread::finished, this, [this, generation] { finished(generation); });
    m_thread->start();
    Q_EMIT busyChanged(true);
    Q_EMIT checkStarted();
}

void CheckController::stop()
{
    if (m_runner)
        m_runner->cancel();
}

void CheckController::finished(quint64 generation)
{
    if (generation != m_generation)
        return;
    // Everything the check posted was queued before this, so it has been delivered.
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    m_runner.reset();
    Q_EMIT busyChanged(false);
}

} // namespace sb
