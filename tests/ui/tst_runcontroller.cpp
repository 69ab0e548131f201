// The RunController runs a short plan of the reference target on its own thread and re-emits
// the runner's events as queued signals on the GUI thread; stop() mid-run ends the run
// interrupted and the run Resume offers (read through the store service) finishes with resume();
// a second start while busy is refused.
// A timer-lag probe reports the longest stall of the event loop (printed, not asserted: wall
// time belongs to tests/bench/gui-overhead.sh).
#include "store/runstore.h"
#include "ui/runcommands.h"
#include "ui/runcontroller.h"
#include "ui/storeservice.h"
#include "uitest.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace sb;

class TestRunController : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_plan;

    QString store(const QString &name) const
    {
        return m_dir.filePath(name + QStringLiteral(".sqlite"));
    }

    // The run of m_plan that Resume would offer from the store at `location`, read as the main
    // window reads it; "!" when the store could not be read.
    QString resumableRun(const QString &location) const
    {
        StoreService service;
        service.setLocation(location);
        QSignalSpy loaded(&service, &StoreService::runsLoaded);
        service.requestRuns();
        if (!loaded.wait(30000))
            return QStringLiteral("!");
        const auto result = loaded.first().first().value<RunsResult>();
        if (!result.error.isEmpty())
            return QStringLiteral("!");
        const auto found = RunCommands::resumableRun(result.records, m_plan);
        return found ? found->id : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_plan = m_dir.filePath(QStringLiteral("two-targets.json"));
        QVERIFY(test::writeShortPlan(m_plan, 2, QJsonArray{1}));
    }

    void runsOnItsOwnThreadAndEmitsQueuedEvents()
    {
        RunController c;
        QSignalSpy states(&c, &RunController::stateChanged);
        QSignalSpy started(&c, &RunController::runStarted);
        QSignalSpy windows(&c, &RunController::windowFinished);
        QSignalSpy finished(&c, &RunController::runFinished);
        QSignalSpy failed(&c, &RunController::runFailed);
        int intervals = 0;
        bool allOnGuiThread = true;
        connect(&c, &RunController::intervalMeasured, this, [&](const run::IntervalUpdate &) {
            ++intervals;
            allOnGuiThread = allOnGuiThread && QThread::currentThread() == thread();
        });
        test::LagProbe probe;
        probe.start();
        c.start(test::shortRunOptions(m_plan, store(QStringLiteral("one"))));
        QCOMPARE(c.state(), RunController::State::Running);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 180000);
        probe.stop();
        QCOMPARE(failed.count(), 0);
        QCOMPARE(started.count(), 1);
        const auto start = started.first().first().value<run::RunStarted>();
        QCOMPARE(start.totalWindows, 2);
        QCOMPARE(c.runId(), start.runId);
        const auto end = finished.first().first().value<run::RunFinished>();
        QCOMPARE(end.status, QString(store::kStatusFinished));
        QCOMPARE(end.validWindows, 2);
        QCOMPARE(windows.count(), 2);
        for (const QList<QVariant> &w : std::as_const(windows))
            QCOMPARE(w.first().value<run::WindowFinished>().runId, start.runId);
        QVERIFY(intervals >= 4); // 2 windows x (1 s warm-up + 2 s measured) at 1 s intervals
        QVERIFY(allOnGuiThread);
        QTRY_COMPARE(c.state(), RunController::State::Idle);
        QCOMPARE(states.count(), 2); // Running, Idle
        qInfo("event loop: longest stall %lld ms over %lld ticks of 10 ms", probe.maxLagMs(),
              probe.ticks());
    }

    void secondStartWhileBusyIsRefused()
    {
        RunController c;
        QSignalSpy refused(&c, &RunController::startRefused);
        QSignalSpy failed(&c, &RunController::runFailed);
        QSignalSpy started(&c, &RunController::runStarted);
        QSignalSpy finished(&c, &RunController::runFinished);
        c.start(test::shortRunOptions(m_plan, store(QStringLiteral("busy"))));
        c.start(test::shortRunOptions(m_plan, store(QStringLiteral("busy2"))));
        QCOMPARE(refused.count(), 1);
        QCOMPARE(failed.count(), 1);
        QCOMPARE(c.state(), RunController::State::Running);
        QCOMPARE(c.options().storeLocation, store(QStringLiteral("busy")));
        QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 60000);
        c.stop();
        QCOMPARE(c.state(), RunController::State::Stopping);
        c.start(test::shortRunOptions(m_plan, store(QStringLiteral("busy2"))));
        QCOMPARE(refused.count(), 2); // still busy while stopping
        QTRY_COMPARE_WITH_TIMEOUT(c.state(), RunController::State::Idle, 60000);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(started.count(), 1); // the refused starts never ran
    }

    void stopMidRunEndsInterruptedAndResumeFinishesIt()
    {
        const QString location = store(QStringLiteral("resume"));
        RunController c;
        QSignalSpy windows(&c, &RunController::windowFinished);
        QSignalSpy finished(&c, &RunController::runFinished);
        bool stopped = false;
        // Stop in the first window's measured phase. On a busy machine the event may arrive
        // after that window ended: then it is stored and the stop lands before the second.
        connect(&c, &RunController::intervalMeasured, this, [&](const run::IntervalUpdate &e) {
            if (!stopped && e.phase == run::Phase::Measure && e.cell.round == 0) {
                stopped = true;
                c.stop();
            }
        });
        c.start(test::shortRunOptions(m_plan, location));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 180000);
        QVERIFY(stopped);
        const auto end = finished.first().first().value<run::RunFinished>();
        QCOMPARE(end.status, QString(store::kStatusInterrupted));
        QVERIFY(end.validWindows <= 1);
        QCOMPARE(windows.count(), end.validWindows); // the window cut short is not stored
        QTRY_COMPARE_WITH_TIMEOUT(c.state(), RunController::State::Idle, 30000);

        const QString resumable = resumableRun(location);
        QCOMPARE(resumable, end.runId);

        QSignalSpy started(&c, &RunController::runStarted);
        c.resume(resumable, test::shortRunOptions(m_plan, location));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 180000);
        QVERIFY(started.first().first().value<run::RunStarted>().resumed);
        const auto resumed = finished.last().first().value<run::RunFinished>();
        QCOMPARE(resumed.runId, end.runId);
        QCOMPARE(resumed.status, QString(store::kStatusFinished));
        QCOMPARE(resumed.validWindows, 2);
        QCOMPARE(resumableRun(location), QString());
    }
};

QTEST_MAIN(TestRunController)
#include "tst_runcontroller.moc"
