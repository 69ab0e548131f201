#pragma once

#include <QCoreApplication>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <atomic>
#include <memory>
#include <utility>

namespace sb {

// Slow work (parsing a plan, reading files) off the GUI thread, of which only the newest job
// counts (STYLE.md: "Results carry a run id; anything that arrives for an older run is
// dropped"). Each run() is a job with a number; its result reaches done() on the GUI thread only
// while it is still the newest job: a later run() or supersede() drops it (dropped() says so),
// and a job superseded before it started is not even run. Destroying the OffThread drops every
// result still to come. The run store is not read this way: StoreService is its one door.
// Create, call and destroy on the GUI thread.
class OffThread : public QObject
{
    Q_OBJECT
public:
    explicit OffThread(QObject *parent = nullptr)
        : QObject(parent)
    {}

    // Runs work() on the global thread pool, then done(result) on the GUI thread unless the job
    // was superseded. `work` must not touch widgets or other GUI-thread objects; its result must
    // be copyable. Returns the job's number (increasing).
    template<typename Work, typename Done> quint64 run(Work work, Done done);
    // Drops the result of the job going on (the text it reads changed, the run it is for ended).
    void supersede()
    {
        ++*m_newest;
        m_busy = false;
    }
    // The newest job's number; supersede() counts as a job that yields nothing.
    quint64 generation() const { return m_newest->load(); }
    // Whether the newest job's result is still to come.
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
    // Job `job`'s result arrived (or would have) after a newer job: not delivered.
    void dropped(quint64 job);

private:
    // GUI thread.
    template<typename Deliver> void arrived(quint64 job, Deliver deliver)
    {
        if (job != m_newest->load()) {
            Q_EMIT dropped(job);
            return;
        }
        m_busy = false;
        deliver();
    }

    // Shared with the pool's jobs, which read it to skip superseded work.
    std::shared_ptr<std::atomic<quint64>> m_newest = std::make_shared<std::atomic<quint64>>(0);
    bool m_busy = false;
};

template<typename Work, typename Done> quint64 OffThread::run(Work work, Done done)
{
    const quint64 job = ++*m_newest;
    m_busy = true;
    // The result goes back through the application object, which outlives every page; the
    // guard, read on the GUI thread only, tells whether this OffThread is still there.
    QPointer<OffThread> guard(this);
    std::shared_ptr<std::atomic<quint64>> newest = m_newest;
    QThreadPool::globalInstance()->start([guard, newest, job, work, done]() {
        if (newest->load() != job) {
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [guard, job] {
                    if (guard)
                        guard->arrived(job, [] {});
                },
                Qt::QueuedConnection);
            return;
        }
        auto result = work();
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [guard, job, done, result]() {
                if (guard)
                    guard->arrived(job, [&] { done(result); });
            },
            Qt::QueuedConnection);
    });
    return job;
}

// For the two callers outside the pages that are still to move to StoreService
// (ui/htmlreport.cpp's exportHtmlReport, the quick test's "Keep in history"): work() on the
// global thread pool, then done(result) on the GUI thread unless `receiver` was destroyed in
// between; nothing is superseded. New code uses OffThread or StoreService. GUI thread.
template<typename Work, typename Done> void runOffThread(QObject *receiver, Work work, Done done)
{
    QPointer<QObject> guard(receiver);
    QThreadPool::globalInstance()->start([guard, work, done]() {
        auto result = work();
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [guard, done, result]() {
                if (guard)
                    done(result);
            },
            Qt::QueuedConnection);
    });
}

} // namespace sb
