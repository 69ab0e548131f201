// The run monitor shows a wait for a quiet machine: foreign burners (one core on this 2-core
// machine) trip the default foreign-CPU gate, the RunController re-emits each WaitingForQuiet on
// the GUI thread, and the page's header names the re-measure, the seconds waited of the limit and
// the foreign CPU read, then how the wait ended.
#include "../engine/burners.h"
#include "ui/pages/runpage.h"
#include "ui/runcontroller.h"
#include "ui/storeservice.h"
#include "uitest.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace sb;

class TestRunPageQuiet : public QObject
{
    Q_OBJECT

private:
    // The short two-target plan with an open loop of 50 requests/s, readings every 250 ms, a
    // wait of up to `waitS` and one retry.
    static bool writePlan(const QString &path, int waitS)
    {
        if (!test::writeShortPlan(path, 1, QJsonArray{1}, 1, QStringLiteral("300ms")))
            return false;
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return false;
        QJsonObject plan = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        plan.insert(QStringLiteral("load"),
                    QJsonObject{{QStringLiteral("threads"), 1},
                                {QStringLiteral("mode"), QStringLiteral("open")},
                                {QStringLiteral("rate"), 50}});
        plan.insert(QStringLiteral("sampler"),
                    QJsonObject{{QStringLiteral("interval_ms"), 250},
                                {QStringLiteral("wait_quiet_s"), waitS}});
        QJsonObject profiles = plan.value(QStringLiteral("profiles")).toObject();
        QJsonObject quick = profiles.value(QStringLiteral("quick")).toObject();
        quick.insert(QStringLiteral("retries"), 1);
        profiles.insert(QStringLiteral("quick"), quick);
        plan.insert(QStringLiteral("profiles"), profiles);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return false;
        return f.write(QJsonDocument(plan).toJson()) > 0;
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QTest::failOnWarning(test::anyWarningOfOurs()); }

    void headerShowsTheWait()
    {
        QTemporaryDir dir;
        const QString plan = dir.filePath(QStringLiteral("plan.json"));
        QVERIFY(writePlan(plan, 4));
        RunController controller;
        StoreService service;
        RunPage page(&controller, &service);
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        test::Burners burners(test::Burners::neededFor(0.32));
        QVERIFY(burners.started());
        QStringList headers;
        QList<run::WaitingForQuiet> waits;
        bool onGuiThread = true;
        // Connected after the page's own slot: the header has taken the event in.
        connect(&controller, &RunController::quietWaitProgressed, this,
                [&](const run::WaitingForQuiet &e) {
                    onGuiThread = onGuiThread && QThread::currentThread() == thread();
                    headers << page.headerText();
                    waits << e;
                    burners.kill();
                });
        QSignalSpy finished(&controller, &RunController::runFinished);
        controller.start(test::shortRunOptions(plan, dir.filePath(QStringLiteral("s.sqlite"))));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        QVERIFY(onGuiThread);
        QVERIFY2(waits.size() >= 2, qPrintable(headers.join(QLatin1Char('\n'))));
        const QString cell = QStringLiteral("attempt 2 of round 1 - target-a - health - c=1");
        QVERIFY2(headers.first().startsWith(
                     QStringLiteral("Waiting for a quiet machine before %1: ").arg(cell)),
                 qPrintable(headers.first()));
        QVERIFY2(headers.first().contains(
                     QStringLiteral(" s of at most 4 s - foreign CPU %1 % (quiet once below %2 %")
                         .arg(waits.first().foreignPct, 0, 'f', 0)
                         .arg(waits.first().gatePct, 0, 'f', 0)),
                 qPrintable(headers.first()));
        const QString outcome = waits.last().outcome;
        if (outcome == QStringLiteral("quiet"))
            QVERIFY2(headers.last().startsWith(QStringLiteral("The machine is quiet after ")) &&
                         headers.last().endsWith(QStringLiteral(": measuring ") + cell),
                     qPrintable(headers.last()));
        else
            QVERIFY2(
                outcome == QStringLiteral("timed-out") &&
                    headers.last().startsWith(QStringLiteral("Waited 4 s for a quiet machine")),
                qPrintable(outcome + QLatin1Char(' ') + headers.last()));
    }
};

QTEST_MAIN(TestRunPageQuiet)
#include "tst_runpagequiet.moc"
