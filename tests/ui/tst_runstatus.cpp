// The status bar's account of runs and quick tests (RunStatus), fed the run controller's
// signals directly: the progress stays on one line beside a long cell, the ETA goes with Stop,
// a quick test is not shown with the last run's "window 56 of 56", and a run that ended with
// nothing valid reads "Failed" with the one wording of the counts.
#include "ui/checkcontroller.h"
#include "ui/loadcontroller.h"
#include "ui/runcontroller.h"
#include "ui/runstatus.h"

#include <QLabel>
#include <QMainWindow>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

using namespace sb;

namespace {

run::CellRef longCell()
{
    return {1, QStringLiteral("django-gunicorn-uvicorn-workers-with-a-long-name"),
            QStringLiteral("GET /api/v1/users/:id/orders/:order/items?expand=all"), 256, 2};
}

// A run of 56 cells that has measured 11, the ETA known.
void runUnderway(RunController &run)
{
    Q_EMIT run.stateChanged(RunController::State::Running);
    run::RunStarted s;
    s.runId = QStringLiteral("r1");
    s.totalWindows = 56;
    Q_EMIT run.runStarted(s);
    Q_EMIT run.windowStarted({QStringLiteral("r1"), longCell(), run::Phase::Measure, 12, 56});
    Q_EMIT run.progressed({QStringLiteral("r1"), 11, 56, 120});
}

} // namespace

class TestRunStatus : public QObject
{
    Q_OBJECT

    struct Fixture
    {
        QMainWindow window;
        RunController run;
        CheckController check;
        LoadController load;
        RunStatus *status;
        QStringList log;
        Fixture()
            : status(new RunStatus(window.statusBar(), &run, &check))
        {
            status->followQuickTest(&load);
            QObject::connect(status, &RunStatus::logged,
                             [this](const QString &line) { log << line; });
        }
    };

private slots:
    // "window 11 of 56" wrapped onto two lines beside a long cell: the progress keeps the
    // width of its text, the cell gives way.
    void progressStaysOnOneLine_data()
    {
        QTest::addColumn<int>("width");
        QTest::newRow("1280") << 1280;
        QTest::newRow("1024") << 1024;
    }

    void progressStaysOnOneLine()
    {
        QFETCH(int, width);
        Fixture f;
        f.window.resize(width, 600);
        f.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.window));
        runUnderway(f.run);
        QProgressBar *bar = f.status->progressBar();
        QTRY_VERIFY(bar->isVisible());
        QCOMPARE(bar->text(), QStringLiteral("window 11 of 56"));
        QVERIFY2(bar->width() > bar->fontMetrics().horizontalAdvance(bar->text()),
                 qPrintable(QString::number(bar->width())));
        QVERIFY(f.status->cellLabel()->width() < f.window.width());
        QVERIFY(f.status->text().contains(QStringLiteral("ETA 2 min")));
    }

    // "ETA 2 min" stayed after Stop.
    void stopClearsTheEta()
    {
        Fixture f;
        runUnderway(f.run);
        QVERIFY(f.status->text().contains(QStringLiteral("ETA")));
        Q_EMIT f.run.stateChanged(RunController::State::Stopping);
        QVERIFY2(!f.status->text().contains(QStringLiteral("ETA")), qPrintable(f.status->text()));
        Q_EMIT f.run.progressed({QStringLiteral("r1"), 12, 56, 100}); // a late one
        Q_EMIT f.run.stateChanged(RunController::State::Idle);
        QVERIFY2(!f.status->text().contains(QStringLiteral("ETA")), qPrintable(f.status->text()));
        QVERIFY2(!f.status->text().contains(QStringLiteral("window")),
                 qPrintable(f.status->text()));
    }

    // "Idle | window 56 of 56" during a quick test.
    void aQuickTestIsNotTheLastRun()
    {
        Fixture f;
        runUnderway(f.run);
        Q_EMIT f.run.progressed({QStringLiteral("r1"), 56, 56, 0});
        run::RunFinished e;
        e.runId = QStringLiteral("r1");
        e.status = store::kStatusFinished;
        e.validWindows = 56;
        Q_EMIT f.run.runFinished(e);
        Q_EMIT f.run.stateChanged(RunController::State::Idle);
        QCOMPARE(f.status->stateLabel()->text(), QStringLiteral("Finished"));
        Q_EMIT f.load.stateChanged(LoadController::State::Running);
        QCOMPARE(f.status->text(), QStringLiteral("Quick test running"));
        Q_EMIT f.load.stateChanged(LoadController::State::Idle);
        QCOMPARE(f.status->text(), QStringLiteral("Idle"));
    }

    // A busy machine: every window failed the gate. The state reads "Failed" (red), and the log
    // and the announcement say the counts as History does.
    void nothingValidReadsFailed_data()
    {
        QTest::addColumn<QString>("stored");
        QTest::newRow("stored failed") << QString(store::kStatusFailed);
        QTest::newRow("finished without a valid window") << QString(store::kStatusFinished);
    }

    void nothingValidReadsFailed()
    {
        QFETCH(QString, stored);
        Fixture f;
        runUnderway(f.run);
        run::RunFinished e;
        e.runId = QStringLiteral("r1");
        e.status = stored;
        e.invalidWindows = 168;
        for (int i = 0; i < 56; ++i)
            e.failedCells << QStringLiteral("round 1 a /r c=%1: foreign-cpu 512% >= 450%").arg(i);
        e.ranOutCells = 56;
        Q_EMIT f.run.runFinished(e);
        Q_EMIT f.run.stateChanged(RunController::State::Idle);
        QCOMPARE(f.status->stateLabel()->text(), QStringLiteral("Failed"));
        QVERIFY(!f.log.isEmpty());
        const QString counts =
            QStringLiteral("0 of 56 cell(s) valid · 56 failed · 168 invalid attempt(s)");
        QVERIFY2(f.log.join(QLatin1Char('\n')).contains(QStringLiteral("Run r1 failed: ") + counts),
                 qPrintable(f.log.join(QLatin1Char('\n'))));
        QVERIFY2(f.window.statusBar()->currentMessage().contains(counts),
                 qPrintable(f.window.statusBar()->currentMessage()));
    }

    // A blocked configuration's cells are counted as blocked, not failed.
    void blockedCellsAreBlocked()
    {
        run::RunFinished e;
        e.status = store::kStatusIncomplete;
        e.validWindows = 4;
        e.invalidWindows = 1;
        e.failedCells = {QStringLiteral("round 1 b /r c=1: configuration blocked: port 8000 taken"),
                         QStringLiteral("round 1 b /r c=4: configuration blocked: port 8000 taken"),
                         QStringLiteral("round 1 a /r c=4: foreign-cpu 512% >= 450%")};
        e.ranOutCells = 1;
        const RunCounts c = RunStatus::finishedCounts(e, 7, 1);
        QCOMPARE(c.valid, 4);
        QCOMPARE(c.remeasured, 1);
        QCOMPARE(c.failed, 1);
        QCOMPARE(c.blocked, 2);
        QCOMPARE(c.toMeasure, 0);
        QCOMPARE(RunsModel::countsText(c),
                 QStringLiteral("4 of 7 cell(s) valid (1 re-measured) · 1 failed · 2 blocked · "
                                "1 invalid attempt(s)"));
    }
};

QTEST_MAIN(TestRunStatus)
#include "tst_runstatus.moc"
