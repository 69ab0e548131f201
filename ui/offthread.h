#pragma once

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>
#include <utility>

namespace sb {

// Runs `work()` on the global thread pool and then `done(result)` on the GUI thread, unless
// `receiver` was destroyed in between. For slow reads (the run store, a plan) that must not
// stall the event loop; `work` must not touch widgets. Call from the GUI thread.
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
