// OffThread (ui/offthread.h): work off the GUI thread whose newest job alone reaches done(), on
// the GUI thread; older jobs' results, a superseded job's and those still to come when the
// OffThread is destroyed are dropped.

#include "ui/offthread.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <memory>

using namespace sb;

class TestOffThread : public QObject
{
    Q_OBJECT

private slots:
    void onlyTheNewestJobIsDelivered()
    {
        OffThread jobs;
        QSignalSpy dropped(&jobs, &OffThread::dropped);
        QList<int> delivered;
        QThread *doneOn = nullptr;
        QSemaphore hold;
        // The first job waits until the others have been asked for: it arrives stale.
        const quint64 first = jobs.run(
            [&hold] {
                hold.acquire();
                return 1;
            },
            [&](int v) { delivered << v; });
        const quint64 second = jobs.run([] { return 2; }, [&](int v) { delivered << v; });
        const quint64 third = jobs.run([] { return 3; },
                                       [&](int v) {
                                           delivered << v;
                                           doneOn = QThread::currentThread();
                                       });
        QVERIFY(first < second && second < third);
        QCOMPARE(jobs.generation(), third);
        QVERIFY(jobs.isBusy());
        hold.release();
        QTRY_COMPARE_WITH_TIMEOUT(dropped.size(), 2, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!jobs.isBusy(), 30000);
        QCOMPARE(delivered, QList<int>{3});
        QCOMPARE(doneOn, QThread::currentThread()); // done() runs on the GUI thread
        QList<quint64> droppedJobs;
        for (const QList<QVariant> &args : std::as_const(dropped))
            droppedJobs << args.first().value<quint64>();
        std::sort(droppedJobs.begin(), droppedJobs.end());
        QCOMPARE(droppedJobs, (QList<quint64>{first, second}));
    }

    // supersede(): what the job going on yields no longer counts (the text it read changed).
    void supersedeDropsTheJobGoingOn()
    {
        OffThread jobs;
        QSignalSpy dropped(&jobs, &OffThread::dropped);
        bool called = false;
        QSemaphore hold;
        const quint64 job = jobs.run(
            [&hold] {
                hold.acquire();
                return 1;
            },
            [&](int) { called = true; });
        jobs.supersede();
        QVERIFY(!jobs.isBusy());
        QVERIFY(jobs.generation() > job);
        hold.release();
        QTRY_COMPARE_WITH_TIMEOUT(dropped.size(), 1, 30000);
        QCOMPARE(dropped.first().first().value<quint64>(), job);
        QVERIFY(!called);
    }

    void nothingArrivesAfterItIsDestroyed()
    {
        auto jobs = std::make_unique<OffThread>();
        bool called = false;
        QSemaphore hold;
        QSemaphore finished;
        jobs->run(
            [&hold, &finished] {
                hold.acquire();
                finished.release();
                return 1;
            },
            [&](int) { called = true; });
        jobs.reset();
        hold.release();
        QVERIFY(finished.tryAcquire(1, 30000));
        QThreadPool::globalInstance()->waitForDone(30000); // the result is posted by now
        QCoreApplication::processEvents();
        QVERIFY(!called);
    }
};

QTEST_GUILESS_MAIN(TestOffThread)
#include "tst_offthread.moc"
