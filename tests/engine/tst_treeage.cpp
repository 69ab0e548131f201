// The server tree's age at each window, end to end: `stackbench run` against reference targets it
// starts itself stores each window's age (seconds and requests since its tree started) by the
// profile's process mode - a tree per round grows older window by window and starts fresh each
// round, a tree per window is always fresh, one tree for the run is fresh only at its first
// window - and the terminal summary and `stackbench report` show memory with that age.

#include "programrun.h"
#include "runplans.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace sb;

class TestTreeAge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("target.sqlite"));
        const QString failure = test::seedTarget(m_db);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }

    void agesByProcessMode_data()
    {
        QTest::addColumn<QString>("process");
        QTest::addColumn<int>("configurations");
        QTest::addColumn<int>("rounds");
        QTest::newRow("round") << QStringLiteral("round") << 2 << 2;
        QTest::newRow("window") << QStringLiteral("window") << 1 << 1;
        QTest::newRow("once") << QStringLiteral("once") << 1 << 2;
    }

    void agesByProcessMode()
    {
        QFETCH(QString, process);
        QFETCH(int, configurations);
        QFETCH(int, rounds);
        const test::RunPlans plans(m_dir.path(), m_db);
        QJsonArray targets{plans.target(QStringLiteral("a"))};
        if (configurations > 1)
            targets.append(plans.target(QStringLiteral("b")));
        QJsonObject profile = test::RunPlans::profile(rounds, QJsonArray{1, 2}, 0.3);
        profile.insert(QStringLiteral("process"), process);
        const QString name = QStringLiteral("ages-") + process;
        const QString plan =
            plans.write(name, QJsonObject{{QStringLiteral("configurations"), targets},
                                          {QStringLiteral("routes"), test::RunPlans::routes(1)},
                                          {QStringLiteral("profiles"),
                                           QJsonObject{{QStringLiteral("quick"), profile}}}});
        QVERIFY(!plan.isEmpty());
        const QString storePath = plans.store(name);
        const test::Outcome run = test::runProgram(
            QStringLiteral(STACKBENCH_BIN),
            {QStringLiteral("run"), plan, QStringLiteral("--store"), storePath}, 240'000);
        const QString out = QString::fromUtf8(run.out);
        QVERIFY2(run.exitCode == 0, qPrintable(out + QString::fromUtf8(run.err)));

        auto opened = store::RunStore::open(storePath, store::RunStore::OpenMode::ReadOnly);
        QVERIFY(opened.ok());
        const auto runs = (*opened)->runs();
        QVERIFY(runs.ok() && runs->size() == 1);
        const QString runId = runs->first().id;
        const auto windows = (*opened)->windows(runId);
        QVERIFY(windows.ok());
        QCOMPARE(windows->size(), configurations * rounds * 2);
        QHash<QString, const store::WindowRecord *> previous; // configuration -> its last window
        for (const store::WindowRecord &w : *windows) {
            QVERIFY2(w.valid, qPrintable(w.invalidReason));
            QVERIFY2(w.treeAgeS > 0, qPrintable(QString::number(w.treeAgeS)));
            QVERIFY(w.rssBytesPeak > 0);
            const store::WindowRecord *before = previous.value(w.configuration);
            previous.insert(w.configuration, &w);
            const bool firstOnTree =
                process == QLatin1String("window") || !before ||
                (process == QLatin1String("round") && before->round != w.round);
            const QString where = QStringLiteral("%1 round %2 c=%3: %4 requests, %5 s")
                                      .arg(w.configuration)
                                      .arg(w.round)
                                      .arg(w.concurrency)
                                      .arg(w.treeRequests)
                                      .arg(w.treeAgeS);
            if (firstOnTree) {
                QVERIFY2(w.treeRequests == 0, qPrintable(where)); // fresh
                continue;
            }
            // The same tree, older: it served the window before (and that one's warm-up).
            QVERIFY2(w.treeRequests >= before->treeRequests + before->requests, qPrintable(where));
            QVERIFY2(w.treeRequests > 0, qPrintable(where));
            QVERIFY2(w.treeAgeS > before->treeAgeS + before->elapsedS, qPrintable(where));
        }

        // The terminal summary ends with each configuration's memory and its trees' ages.
        QVERIFY2(out.contains(QStringLiteral("memory of the server trees")), qPrintable(out));
        // Per window every cell is fresh; per round each tree's first cell; with one tree for
        // the run no cell is (its first window was, the next round's was not).
        const QString ages = process == QLatin1String("window") ? QStringLiteral("fresh")
                             : process == QLatin1String("round")
                                 ? QStringLiteral("fresh to ")
                                 : QStringLiteral(" requests over ");
        const QString memory = out.mid(out.indexOf(QStringLiteral("memory of the server trees")));
        QVERIFY2(memory.contains(QStringLiteral("MiB")) && memory.contains(ages),
                 qPrintable(memory));

        // And each configuration's cold start: a fresh tree per window here, so every
        // configuration has starts with their exec -> ready.
        const QString cold = out.mid(out.indexOf(QStringLiteral("cold start of the server trees")));
        QVERIFY2(out.contains(QStringLiteral("cold start of the server trees")), qPrintable(out));
        QVERIFY2(cold.contains(QStringLiteral(" ms")) && cold.contains(QStringLiteral("MiB")),
                 qPrintable(cold));

        // `stackbench report` has the Memory section with the ages.
        const test::Outcome report = test::runProgram(
            QStringLiteral(STACKBENCH_BIN),
            {QStringLiteral("report"), runId, QStringLiteral("--store"), storePath});
        QCOMPARE(report.exitCode, 0);
        const QString md = QString::fromUtf8(report.out);
        QVERIFY2(md.contains(QStringLiteral("## Memory")), qPrintable(md));
        if (configurations > 1)
            QVERIFY2(md.contains(
                         QStringLiteral("**Route** `health`: Compared on fresh processes at c=1")),
                     qPrintable(md));
        else
            QVERIFY2(md.contains(QStringLiteral(
                         "**Route** `health`: One configuration: nothing to compare.")),
                     qPrintable(md));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_GUILESS_MAIN(TestTreeAge)
#include "tst_treeage.moc"
