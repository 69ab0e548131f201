// The pre-flight line before Start: what the machine does now (load, foreign CPU, the busiest
// other processes by name) and what the plan's foreign-CPU gate will do with it.
#include "ui/preflight.h"

#include <QProcess>
#include <QTest>

using namespace sb;

class TestPreflight : public QObject
{
    Q_OBJECT

private slots:
    void text_data()
    {
        QTest::addColumn<double>("foreignPct");
        QTest::addColumn<int>("retries");
        QTest::addColumn<qint64>("waitMs");
        QTest::addColumn<QString>("text");
        QTest::newRow("quiet") << 4.0 << 2 << qint64(0)
                               << QStringLiteral("Machine now: load 0.5 on 2 cores; other "
                                                 "processes 4 % (cc1plus 1.2 cores) — under the "
                                                 "foreign-CPU gate (64 %): windows should pass");
        QTest::newRow("busy, waits")
            << 180.0 << 2 << qint64(30000)
            << QStringLiteral("Machine now: load 0.5 on 2 cores; other processes "
                              "180 % (cc1plus 1.2 cores) — over the foreign-CPU "
                              "gate (64 %): windows would fail it and be measured "
                              "again up to 2 times, each after a wait of up to 30 "
                              "s for quiet; raise sampler.foreign_gate or "
                              "sampler.wait_quiet_s in the plan, or stop those processes");
        QTest::newRow("busy, no retries")
            << 180.0 << 0 << qint64(0)
            << QStringLiteral("Machine now: load 0.5 on 2 cores; other processes 180 % (cc1plus "
                              "1.2 cores) — over the foreign-CPU gate (64 %): windows would fail "
                              "it; raise sampler.foreign_gate or sampler.wait_quiet_s in the "
                              "plan, or stop those processes");
    }

    void text()
    {
        QFETCH(double, foreignPct);
        QFETCH(int, retries);
        QFETCH(qint64, waitMs);
        PreflightReading r;
        r.load1 = 0.5;
        r.cores = 2;
        r.foreignPct = foreignPct;
        r.top = {{QStringLiteral("cc1plus"), 1.2}};
        QTEST(preflightText(r, 64, retries, waitMs), "text");
    }

    // A CPU burner this test starts is named among the busiest processes and counted in the
    // foreign CPU (the machine may be busier still, and share its 2 cores with the burner:
    // lower bounds only).
    void namesABurner()
    {
        QProcess burner;
        burner.start(QStringLiteral("sh"),
                     {QStringLiteral("-c"), QStringLiteral("while :; do :; done")});
        QVERIFY(burner.waitForStarted());
        const PreflightReading r = readPreflight(1000, {QStringLiteral("postgres")});
        burner.kill();
        burner.waitForFinished();
        QVERIFY(r.cores >= 1);
        QVERIFY(r.load1 >= 0);
        QVERIFY2(r.foreignPct >= 40, qPrintable(QString::number(r.foreignPct)));
        bool named = false;
        for (const auto &p : r.top)
            named = named || (p.first == QLatin1String("sh") && p.second >= 0.1);
        QVERIFY2(named, qPrintable(preflightText(r, 64, 2, 0)));
    }
};

QTEST_GUILESS_MAIN(TestPreflight)
#include "tst_preflight.moc"
