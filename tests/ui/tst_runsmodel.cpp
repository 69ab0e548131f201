// The History page's runs model and its filter: rows picked out of run records (plan name,
// machine, kernel, revision, duration), every status of a real store listed as it is now (a
// "running" run whose runner is gone reads "interrupted"), a text filter over every column, a
// status filter, sorting by dates and numbers; QAbstractItemModelTester on both models.
#include "historyfixture.h"
#include "ui/charts/palette.h"
#include "ui/models/runsfiltermodel.h"
#include "ui/models/runsmodel.h"
#include "ui/storeservice.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sb;

namespace {

RunRow row(const QString &id, const QString &status, const QString &plan, qint64 valid,
           double durationS, const QString &host, const QDateTime &started)
{
    RunRow r;
    r.id = id;
    r.status = status;
    r.planName = plan;
    r.profile = QStringLiteral("quick");
    r.validWindows = valid;
    r.windows = valid + 1;
    r.durationS = durationS;
    r.hostname = host;
    r.cpuModel = QStringLiteral("AMD EPYC 7B13");
    r.kernel = QStringLiteral("6.1.0-18-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1");
    r.revision = QStringLiteral("6cab155");
    r.startedAt = started;
    return r;
}

QVector<RunRow> sampleRows()
{
    const QDateTime t(QDate(2026, 12, 1), QTime(9, 0), Qt::UTC);
    return {row(QStringLiteral("r1"), QStringLiteral("finished"), QStringLiteral("django"), 24, 75,
                QStringLiteral("bench1"), t.addSecs(3600)),
            row(QStringLiteral("r2"), QStringLiteral("interrupted"), QStringLiteral("django"), 9,
                30, QStringLiteral("bench2"), t),
            row(QStringLiteral("r3"), QStringLiteral("failed"), QStringLiteral("fastapi"), 100, -1,
                QStringLiteral("laptop"), t.addSecs(7200)),
            row(QStringLiteral("r4"), QStringLiteral("finished"), QStringLiteral("fastapi"), 2,
                4000, QStringLiteral("bench1"), t.addSecs(60))};
}

// "a b c" as a list.
QStringList names(const char *spaced)
{
    return QString::fromLatin1(spaced).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

QStringList ids(const QAbstractItemModel &m)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, 0).data(RunsModel::RunIdRole).toString();
    return out;
}

} // namespace

class TestRunsModel : public QObject
{
    Q_OBJECT

private slots:
    void rowFromARecord()
    {
        store::RunRecord r;
        r.id = QStringLiteral("20261201-100000-abcd");
        r.planPath = QStringLiteral("/plans/demo.json");
        r.planName = QStringLiteral("django vs fastapi"); // the typed column, not the text
        r.planText = QByteArrayLiteral("{\"name\": \"another name\", \"format\": 1}");
        r.profile = QStringLiteral("full");
        r.startedAt = QDateTime(QDate(2026, 12, 1), QTime(10, 0), Qt::UTC);
        r.finishedAt = r.startedAt.addSecs(3725);
        r.windowCount = 30;
        r.validWindowCount = 28;
        r.environment =
            QJsonObject{{QStringLiteral("hostname"), QStringLiteral("bench1")},
                        {QStringLiteral("cpu_model"), QStringLiteral("AMD EPYC 7B13")},
                        {QStringLiteral("kernel"), QStringLiteral("6.1.0-18-amd64 #1 SMP")},
                        {QStringLiteral("git_revision"), QStringLiteral("6cab155")},
                        {QStringLiteral("stackbench_version"), QStringLiteral("0.1.0")}};
        const RunRow row = runRow(r, QStringLiteral("finished"));
        QCOMPARE(row.planName, QStringLiteral("django vs fastapi"));
        QCOMPARE(row.hostname, QStringLiteral("bench1"));
        QCOMPARE(row.revision, QStringLiteral("6cab155"));
        QCOMPARE(row.durationS, 3725.0);

        RunsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRuns({row});
        const auto text = [&](int column) { return model.index(0, column).data().toString(); };
        QCOMPARE(text(RunsModel::WindowsColumn), QStringLiteral("28 / 30"));
        QCOMPARE(text(RunsModel::KernelColumn), QStringLiteral("6.1.0-18-amd64"));
        QCOMPARE(model.index(0, RunsModel::KernelColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("6.1.0-18-amd64 #1 SMP"));
        QCOMPARE(text(RunsModel::MachineColumn), QStringLiteral("bench1 / AMD EPYC 7B13"));
        QCOMPARE(text(RunsModel::DurationColumn), QStringLiteral("1 h 02 min"));
        QCOMPARE(text(RunsModel::RunColumn), r.id);

        // A plan without a name: the file's name; no finish: no duration.
        r.planName.clear();
        r.finishedAt = QDateTime();
        const RunRow unnamed = runRow(r, QStringLiteral("interrupted"));
        QCOMPARE(unnamed.planName, QStringLiteral("demo.json"));
        QVERIFY(unnamed.durationS < 0);
        QVERIFY(unnamed.resumable());
    }

    // A failed run, and one whose every stored window is invalid whatever its status, read red
    // (the colour and the text) and say "failed" (an older store kept "finished 0/56" there,
    // shown green); the status's tooltip of the latter says nothing was valid.
    void failedRunsAreRed_data()
    {
        QTest::addColumn<QString>("status");
        QTest::addColumn<qint64>("valid");
        QTest::addColumn<qint64>("windows");
        QTest::addColumn<int>("state"); // CellState of the status's colour
        QTest::addColumn<bool>("red");
        QTest::addColumn<QString>("tip");
        QTest::addColumn<QString>("shown");
        QTest::newRow("finished") << QStringLiteral("finished") << qint64(8) << qint64(9)
                                  << int(CellState::Valid) << false << QStringLiteral("finished")
                                  << QStringLiteral("finished");
        QTest::newRow("failed, some valid")
            << QStringLiteral("failed") << qint64(5) << qint64(9) << int(CellState::Failed) << true
            << QStringLiteral("failed") << QStringLiteral("failed");
        QTest::newRow("stored finished, nothing valid")
            << QStringLiteral("finished") << qint64(0) << qint64(56) << int(CellState::Failed)
            << true << QStringLiteral("0 of 56 stored window(s) valid") << QStringLiteral("failed");
        QTest::newRow("stored incomplete, nothing valid")
            << QStringLiteral("incomplete") << qint64(0) << qint64(168) << int(CellState::Failed)
            << true << QStringLiteral("0 of 168 stored window(s) valid")
            << QStringLiteral("failed");
        QTest::newRow("failed, nothing valid")
            << QStringLiteral("failed") << qint64(0) << qint64(3) << int(CellState::Failed) << true
            << QStringLiteral("0 of 3 stored window(s) valid") << QStringLiteral("failed");
        QTest::newRow("failed before any window")
            << QStringLiteral("failed") << qint64(0) << qint64(0) << int(CellState::Failed) << true
            << QStringLiteral("failed") << QStringLiteral("failed");
        QTest::newRow("interrupted")
            << QStringLiteral("interrupted") << qint64(2) << qint64(2) << int(CellState::Invalid)
            << false << QStringLiteral("interrupted") << QStringLiteral("interrupted");
    }

    void failedRunsAreRed()
    {
        QFETCH(QString, status);
        QFETCH(qint64, valid);
        QFETCH(qint64, windows);
        QFETCH(int, state);
        QFETCH(bool, red);
        QFETCH(QString, tip);
        QFETCH(QString, shown);
        RunRow r = sampleRows().first();
        r.status = status;
        r.validWindows = valid;
        r.windows = windows;
        RunsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRuns({r});
        const QModelIndex i = model.index(0, RunsModel::StatusColumn);
        QCOMPARE(i.data().toString(), shown);
        QCOMPARE(i.data(RunsModel::StatusRole).toString(), shown); // the status filter's
        QCOMPARE(i.data(Qt::DecorationRole).value<QColor>(), palette::cellState(CellState(state)));
        QCOMPARE(i.data(Qt::ForegroundRole).isValid(), red);
        if (red)
            QCOMPARE(i.data(Qt::ForegroundRole).value<QColor>(),
                     palette::cellState(CellState::Failed));
        QCOMPARE(i.data(Qt::ToolTipRole).toString(), tip);
        QCOMPARE(model.index(0, RunsModel::WindowsColumn).data().toString(),
                 QStringLiteral("%1 / %2").arg(valid).arg(windows));
    }

    // The one wording of a run's counts: valid cells of all (re-measured among them), then
    // failed, blocked and to measure when any, then the invalid attempts.
    void countsText_data()
    {
        QTest::addColumn<RunCounts>("counts");
        QTest::addColumn<QString>("text");
        QTest::newRow("busy machine")
            << RunCounts{56, 0, 0, 56, 0, 0, 168}
            << QStringLiteral("0 of 56 cell(s) valid · 56 failed · 168 invalid attempt(s)");
        QTest::newRow("blocked configuration")
            << RunCounts{8, 4, 1, 0, 4, 0, 1}
            << QStringLiteral(
                   "4 of 8 cell(s) valid (1 re-measured) · 4 blocked · 1 invalid attempt(s)");
        QTest::newRow("interrupted, cells unknown")
            << RunCounts{-1, 3, 0, 0, 0, 2, 0}
            << QStringLiteral("3 valid cell(s) · 2 to measure · 0 invalid attempt(s)");
    }

    void countsText()
    {
        QFETCH(RunCounts, counts);
        QFETCH(QString, text);
        QCOMPARE(RunsModel::countsText(counts), text);
    }

    void durationText_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("text");
        QTest::newRow("unknown") << -1.0 << QString();
        QTest::newRow("seconds") << 12.4 << QStringLiteral("12 s");
        QTest::newRow("minutes") << 185.0 << QStringLiteral("3 min 05 s");
        QTest::newRow("hours") << 7260.0 << QStringLiteral("2 h 01 min");
    }

    void durationText()
    {
        QFETCH(double, seconds);
        QFETCH(QString, text);
        QCOMPARE(RunsModel::durationText(seconds), text);
    }

    void filter_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("status");
        QTest::addColumn<QStringList>("expected"); // in source order
        QTest::newRow("everything") << QString() << QString() << names("r1 r2 r3 r4");
        QTest::newRow("plan") << QStringLiteral("FASTAPI") << QString() << names("r3 r4");
        QTest::newRow("machine") << QStringLiteral("bench1") << QString() << names("r1 r4");
        QTest::newRow("status text") << QStringLiteral("interr") << QString() << names("r2");
        QTest::newRow("run id") << QStringLiteral(" r3 ") << QString() << names("r3");
        QTest::newRow("kernel version beyond the shown release")
            << QStringLiteral("Debian 6.1.76") << QString() << names("r1 r2 r3 r4");
        QTest::newRow("status") << QString() << QStringLiteral("finished") << names("r1 r4");
        QTest::newRow("status and text")
            << QStringLiteral("django") << QStringLiteral("finished") << names("r1");
        QTest::newRow("nothing") << QStringLiteral("no such thing") << QString() << QStringList();
    }

    void filter()
    {
        QFETCH(QString, text);
        QFETCH(QString, status);
        QFETCH(QStringList, expected);
        RunsModel model;
        RunsFilterModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRuns(sampleRows());
        proxy.setText(text);
        proxy.setStatus(status);
        QCOMPARE(ids(proxy), expected);
        proxy.setText(QString());
        proxy.setStatus(QString());
        QCOMPARE(proxy.rowCount(), 4);
    }

    void sort_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("order");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("started, newest first")
            << int(RunsModel::StartedColumn) << int(Qt::DescendingOrder) << names("r3 r1 r4 r2");
        // By number: 100 valid windows after 24, not before it as text would sort.
        QTest::newRow("valid windows")
            << int(RunsModel::WindowsColumn) << int(Qt::AscendingOrder) << names("r4 r2 r1 r3");
        QTest::newRow("duration, unknown first")
            << int(RunsModel::DurationColumn) << int(Qt::AscendingOrder) << names("r3 r2 r1 r4");
        QTest::newRow("plan") << int(RunsModel::PlanColumn) << int(Qt::AscendingOrder)
                              << names("r1 r2 r3 r4");
    }

    void sort()
    {
        QFETCH(int, column);
        QFETCH(int, order);
        QFETCH(QStringList, expected);
        RunsModel model;
        RunsFilterModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRuns(sampleRows());
        proxy.sort(column, Qt::SortOrder(order));
        QCOMPARE(ids(proxy), expected);
        // A new list keeps the order.
        model.setRuns(sampleRows());
        QCOMPARE(ids(proxy), expected);
    }

    void listsEveryStatusOfAStore()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("runs.sqlite"));
        QVERIFY(test::fillHistoryStore(path));
        StoreService store;
        store.setLocation(path);
        QSignalSpy loaded(&store, &StoreService::runsLoaded);
        store.requestRuns();
        QVERIFY(loaded.wait(10000));
        const auto result = loaded.first().first().value<RunsResult>();
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.location, path);

        RunsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRuns(result.runs);
        QCOMPARE(ids(model), (QStringList{test::kRunning, test::kIncomplete, test::kFailed,
                                          test::kInterrupted, test::kFinished}));
        QStringList statuses;
        for (int r = 0; r < model.rowCount(); ++r)
            statuses << model.index(r, 0).data(RunsModel::StatusRole).toString();
        QCOMPARE(statuses, (names("running incomplete failed interrupted finished")));
        const int finished = model.rowOf(test::kFinished);
        QCOMPARE(model.index(finished, RunsModel::WindowsColumn).data().toString(),
                 QStringLiteral("8 / 9")); // one invalid attempt stored beside 8 valid windows
        QCOMPARE(model.index(finished, RunsModel::PlanColumn).data().toString(),
                 QStringLiteral("two-targets"));
        QCOMPARE(model.index(finished, RunsModel::RevisionColumn).data().toString(),
                 QStringLiteral("rev10"));
        QVERIFY(model.index(model.rowOf(test::kInterrupted), 0)
                    .data(RunsModel::ResumableRole)
                    .toBool());
        QVERIFY(
            model.index(model.rowOf(test::kIncomplete), 0).data(RunsModel::ResumableRole).toBool());
        QVERIFY(
            !model.index(model.rowOf(test::kRunning), 0).data(RunsModel::ResumableRole).toBool());
        QVERIFY(!model.index(finished, 0).data(RunsModel::ResumableRole).toBool());
    }

    void aMissingStoreIsNotAnError()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("none.sqlite"));
        StoreService store;
        store.setLocation(path);
        QSignalSpy loaded(&store, &StoreService::runsLoaded);
        store.requestRuns();
        QVERIFY(loaded.wait(10000));
        const auto result = loaded.first().first().value<RunsResult>();
        QVERIFY(result.missing);
        QVERIFY(result.error.isEmpty());
        QVERIFY(result.runs.isEmpty());
        QVERIFY(!QFile::exists(path)); // reading created nothing
    }
};

QTEST_MAIN(TestRunsModel)
#include "tst_runsmodel.moc"
