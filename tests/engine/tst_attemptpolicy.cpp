// The attempt policy and the progress of a run as pure functions: what follows one attempt of a
// cell (run/attemptpolicy.h: restart a dead tree, a tree per window, wait for a quiet machine),
// and the ETA (run/runprogress.h).

#include "run/attemptpolicy.h"
#include "run/runprogress.h"

#include <QTest>

using namespace sb;

Q_DECLARE_METATYPE(sb::plan::Profile::Process)

class TestAttemptPolicy : public QObject
{
    Q_OBJECT

private slots:
    void afterAttempt_data()
    {
        using P = plan::Profile::Process;
        QTest::addColumn<P>("process");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<bool>("treeRunning");
        QTest::addColumn<bool>("contended");
        QTest::addColumn<bool>("attemptLeft");
        QTest::addColumn<qint64>("waitQuietMs");
        QTest::addColumn<bool>("cancelled");
        QTest::addColumn<QString>("next"); // "restart stop wait" flags present

        QTest::newRow("valid, round")
            << P::Round << true << true << false << false << qint64(0) << false << QString();
        QTest::newRow("valid, window: its tree goes")
            << P::Window << true << true << false << false << qint64(0) << false
            << QStringLiteral("stop");
        QTest::newRow("the tree died, round: restart")
            << P::Round << false << false << false << true << qint64(0) << false
            << QStringLiteral("restart");
        QTest::newRow("the tree died, once: restart, retries used up too")
            << P::Once << false << false << false << false << qint64(0) << false
            << QStringLiteral("restart");
        QTest::newRow("the tree died, window: the next attempt starts one")
            << P::Window << false << false << false << true << qint64(0) << false
            << QStringLiteral("stop");
        QTest::newRow("contended, a retry left, wait_quiet_s: wait")
            << P::Round << false << true << true << true << qint64(10000) << false
            << QStringLiteral("wait");
        QTest::newRow("contended, no wait_quiet_s")
            << P::Round << false << true << true << true << qint64(0) << false << QString();
        QTest::newRow("contended, no retry left")
            << P::Round << false << true << true << false << qint64(10000) << false << QString();
        QTest::newRow("contended, cancelled")
            << P::Round << false << true << true << true << qint64(10000) << true << QString();
        QTest::newRow("invalid for errors: no wait")
            << P::Round << false << true << false << true << qint64(10000) << false << QString();
    }

    void afterAttempt()
    {
        QFETCH(plan::Profile::Process, process);
        QFETCH(bool, valid);
        QFETCH(bool, treeRunning);
        QFETCH(bool, contended);
        QFETCH(bool, attemptLeft);
        QFETCH(qint64, waitQuietMs);
        QFETCH(bool, cancelled);
        QFETCH(QString, next);
        const run::AfterAttempt a = run::afterAttempt(process, valid, treeRunning, contended,
                                                      attemptLeft, waitQuietMs, cancelled);
        QStringList flags;
        if (a.restartTree)
            flags << QStringLiteral("restart");
        if (a.stopTree)
            flags << QStringLiteral("stop");
        if (a.waitQuiet)
            flags << QStringLiteral("wait");
        QCOMPARE(flags.join(QLatin1Char(' ')), next);
    }

    void eta_data()
    {
        QTest::addColumn<qint64>("elapsedMs");
        QTest::addColumn<int>("doneThisSession");
        QTest::addColumn<int>("done");
        QTest::addColumn<int>("total");
        QTest::addColumn<double>("etaS");
        QTest::newRow("nothing measured yet") << qint64(5000) << 0 << 3 << 10 << -1.0;
        QTest::newRow("2 s per cell, 5 left") << qint64(10000) << 5 << 5 << 10 << 10.0;
        QTest::newRow("a resume: only this session's cells count")
            << qint64(4000) << 2 << 8 << 10 << 4.0;
        QTest::newRow("all done") << qint64(4000) << 4 << 10 << 10 << 0.0;
    }

    void eta()
    {
        QFETCH(qint64, elapsedMs);
        QFETCH(int, doneThisSession);
        QFETCH(int, done);
        QFETCH(int, total);
        QFETCH(double, etaS);
        QCOMPARE(run::etaSeconds(elapsedMs, doneThisSession, done, total), etaS);
    }
};

QTEST_GUILESS_MAIN(TestAttemptPolicy)
#include "tst_attemptpolicy.moc"
