// The Compare page's table: the engine's comparisons cell by cell (runs against a baseline run,
// or one run's configurations against a baseline configuration), the raw <-> per CPU-second
// toggle, the noise floor, the labels of runs that are not like for like.
#include "../engine/memoryfixture.h"
#include "comparefixture.h"
#include "report/reportmarkdown.h"
#include "store/runstore.h"
#include "ui/charts/palette.h"
#include "ui/models/cellsmodel.h"
#include "ui/models/comparemodel.h"
#include "ui/models/figures.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sb;

namespace {

// The row of (run, configuration, route, concurrency); -1 when there is none.
int rowOf(const CompareModel &m, const QString &run, const QString &configuration,
          const QString &route, int concurrency)
{
    for (int r = 0; r < m.rowCount(); ++r) {
        const QModelIndex i = m.index(r, CompareModel::ConfigurationColumn);
        if (i.data(CompareModel::RunIdRole).toString() == run &&
            i.data().toString() == configuration &&
            i.data(CompareModel::RouteRole).toString() == route &&
            i.data(CompareModel::ConcurrencyRole).toInt() == concurrency)
            return r;
    }
    return -1;
}

charts::CompareRequest request(quint64 id, const QString &store, const QStringList &runs)
{
    charts::CompareRequest r;
    r.id = id;
    r.storeLocation = store;
    r.runIds = runs;
    return r;
}

QString cellText(const CompareModel &m, int row, int column)
{
    return m.index(row, column).data().toString();
}

} // namespace

class TestCompareModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("runs.sqlite"));
        QCOMPARE(test::writeFixtureStore(m_store, m_ids), QString());
    }

    void runsAgainstABaselineRun_data()
    {
        QTest::addColumn<QString>("configuration");
        QTest::addColumn<QString>("route");
        QTest::addColumn<int>("concurrency");
        QTest::addColumn<QString>("okPerS");  // verdict key, raw 2xx/s
        QTest::addColumn<QString>("perCpuS"); // verdict key, per CPU-second
        QTest::newRow("faster") << "fast"
                                << "health" << 8 << "faster"
                                << "no-winner";
        QTest::newRow("slower") << "fast"
                                << "echo" << 1 << "slower"
                                << "slower";
        // Per CPU-second every cell of run B moved to 0.77x (more cores for the same work): that
        // is the drift between the runs, and a cell inside it is not called.
        QTest::newRow("ranges overlap") << "fast"
                                        << "health" << 1 << "no-winner"
                                        << "inside-drift";
        QTest::newRow("one window") << "slow"
                                    << "echo" << 8 << "not-enough-windows"
                                    << "not-enough-windows";
    }
    void runsAgainstABaselineRun()
    {
        QFETCH(QString, configuration);
        QFETCH(QString, route);
        QFETCH(int, concurrency);
        QFETCH(QString, okPerS);
        QFETCH(QString, perCpuS);
        CompareModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const charts::CompareResult r =
            charts::loadComparison(request(1, m_store, {m_ids.a, m_ids.b}));
        QCOMPARE(r.error, QString());
        QVERIFY(r.multiRun);
        m.setResult(r);
        // 2 configurations x 2 routes x 2 levels in the baseline, and the same in run B.
        QCOMPARE(m.rowCount(), 16);
        const int row = rowOf(m, m_ids.b, configuration, route, concurrency);
        QVERIFY(row >= 0);
        QCOMPARE(m.index(row, 0).data(CompareModel::VerdictKeyRole).toString(), okPerS);
        const int base = rowOf(m, m_ids.a, configuration, route, concurrency);
        QVERIFY(base >= 0 && base < row);
        QCOMPARE(cellText(m, base, CompareModel::RatioColumn), QStringLiteral("baseline"));
        QCOMPARE(m.index(base, 0).data(CompareModel::VerdictRole).toInt(), -1);

        // The ratio text is the engine's comparison written as `stackbench compare` writes it.
        const report::ComparedCell *cc = nullptr;
        for (const report::ComparedCell &c : r.okPerS.cells)
            if (c.ratio.configuration == configuration && c.ratio.route == route &&
                c.ratio.concurrency == concurrency)
                cc = &c;
        QVERIFY(cc);
        const stats::Comparison &s = cc->ratio.comparison;
        const QString expected =
            s.high <= 0 ? report::formatRatio(s.ratio)
                        : QStringLiteral("%1 [%2-%3]")
                              .arg(report::formatRatio(s.ratio), report::formatRatio(s.low),
                                   report::formatRatio(s.high));
        QCOMPARE(cellText(m, row, CompareModel::RatioColumn), expected);
        QCOMPARE(cellText(m, row, CompareModel::VerdictColumn),
                 QString::fromLatin1(stats::verdictText(s.verdict)));

        QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
        m.setMetric(charts::Metric::PerCpuS);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(m.index(row, 0).data(CompareModel::VerdictKeyRole).toString(), perCpuS);
        QVERIFY(m.headerData(CompareModel::RatioColumn, Qt::Horizontal)
                    .toString()
                    .contains(QStringLiteral("CPU")));
        m.setMetric(charts::Metric::PerCpuS); // no change, no signal
        QCOMPARE(changed.size(), 1);
    }

    // A figure reads the same on Compare as on the Run page's cells table (the same stored
    // windows in both): "20200 [20000-20400]", not "20,200.0 [20,000.0-20,400.0]" beside it.
    void cellFiguresAsTheRunPageWritesThem()
    {
        CompareModel m;
        const charts::CompareResult r =
            charts::loadComparison(request(1, m_store, {m_ids.a, m_ids.b}));
        m.setResult(r);
        const int row = rowOf(m, m_ids.a, QStringLiteral("fast"), QStringLiteral("health"), 1);
        // 20000, 20200, 20400 2xx/s over 5 s windows; 0.5 cores.
        QCOMPARE(cellText(m, row, CompareModel::OkPerSColumn),
                 QStringLiteral("20200 [20000-20400]"));
        QCOMPARE(cellText(m, row, CompareModel::PerCpuSColumn),
                 QStringLiteral("40400 [40000-40800]"));
        QCOMPARE(cellText(m, row, CompareModel::CoresColumn), QStringLiteral("0.50"));
        QCOMPARE(cellText(m, row, CompareModel::WindowsColumn), QStringLiteral("3"));
        QCOMPARE(cellText(m, row, CompareModel::P50Column), figures::latencyUs(49));
        // Every cell of run A as the Run page's table shows it.
        auto opened = store::RunStore::open(m_store, store::RunStore::OpenMode::ReadOnly);
        QVERIFY(opened.ok());
        auto windows = (*opened)->windows(m_ids.a);
        QVERIFY(windows.ok());
        CellsModel cells;
        cells.setConfigurationOrder({QStringLiteral("fast"), QStringLiteral("slow")});
        for (const store::WindowRecord &w : *windows)
            cells.addWindow(w);
        QCOMPARE(cells.rowCount(), 8);
        for (int i = 0; i < cells.rowCount(); ++i) {
            const auto text = [&](int column) { return cells.index(i, column).data().toString(); };
            const int compared =
                rowOf(m, m_ids.a, text(CellsModel::ConfigurationColumn),
                      text(CellsModel::RouteColumn), text(CellsModel::ConcurrencyColumn).toInt());
            QVERIFY(compared >= 0);
            QCOMPARE(cellText(m, compared, CompareModel::OkPerSColumn),
                     text(CellsModel::OkPerSColumn));
            QCOMPARE(cellText(m, compared, CompareModel::PerCpuSColumn),
                     text(CellsModel::PerCpuSColumn));
        }
        QVERIFY(!cellText(m, row, CompareModel::CeilingColumn).isEmpty());
        // The series colour: the configuration's, darker in the second run.
        const int other = rowOf(m, m_ids.b, QStringLiteral("fast"), QStringLiteral("health"), 1);
        QCOMPARE(m.index(row, 0).data(CompareModel::SeriesColourRole).value<QColor>(),
                 palette::configurationInRun(0, 0));
        QCOMPARE(m.index(other, 0).data(CompareModel::SeriesColourRole).value<QColor>(),
                 palette::configurationInRun(0, 1));
    }

    // The tooltips say the rule the verdicts follow (a t test on the logs, the cells of a
    // configuration together, p < 0.025 and >= 5 %; across runs the drift), not an older one.
    void tooltipsSayTheVerdictRule()
    {
        for (const QStringList &runs : {QStringList{m_ids.a, m_ids.b}, QStringList{m_ids.a}}) {
            CompareModel m;
            m.setResult(charts::loadComparison(request(1, m_store, runs)));
            QVERIFY(m.rowCount() > 0);
            QStringList texts;
            for (int c = 0; c < m.columnCount(); ++c) {
                texts << m.headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
                for (int r = 0; r < m.rowCount(); ++r)
                    texts << m.index(r, c).data(Qt::ToolTipRole).toString();
            }
            for (const QString &t : texts)
                for (const char *old : {"Mann", "bootstrap", "min\u2013max", "overlap"})
                    QVERIFY2(!t.contains(QString::fromUtf8(old), Qt::CaseInsensitive),
                             qPrintable(t));
            const QString rule =
                m.headerData(CompareModel::VerdictColumn, Qt::Horizontal, Qt::ToolTipRole)
                    .toString();
            for (const char *part : {"t test on the logs", "paired by round", "p < 0.025", "5 %"})
                QVERIFY2(rule.contains(QLatin1String(part)), qPrintable(rule));
            QCOMPARE(rule.contains(QStringLiteral("drift")), runs.size() > 1);
            int tested = 0;
            for (int r = 0; r < m.rowCount(); ++r) {
                const QModelIndex v = m.index(r, CompareModel::VerdictColumn);
                if (v.data(CompareModel::VerdictRole).toInt() <=
                    int(stats::Verdict::NotEnoughWindows))
                    continue;
                const QString tip = v.data(Qt::ToolTipRole).toString();
                QVERIFY2(tip.startsWith(QStringLiteral("t test on the logs, ")), qPrintable(tip));
                QVERIFY(tip.contains(QStringLiteral("p = ")));
                QVERIFY(tip.endsWith(rule));
                ++tested;
            }
            QVERIFY(tested > 0);
        }
    }

    void runsFromAnotherMachineAreLabelled()
    {
        CompareModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResult(charts::loadComparison(request(1, m_store, {m_ids.a, m_ids.b, m_ids.c})));
        QCOMPARE(m.rowCount(), 24);
        QCOMPARE(m.differences().size(), 2); // hostname and git_revision of run C
        const int b = rowOf(m, m_ids.b, QStringLiteral("fast"), QStringLiteral("echo"), 1);
        const int c = rowOf(m, m_ids.c, QStringLiteral("fast"), QStringLiteral("echo"), 1);
        QCOMPARE(cellText(m, b, CompareModel::LabelColumn), QString());
        QCOMPARE(cellText(m, c, CompareModel::LabelColumn),
                 QStringLiteral("another machine, another Stackbench revision"));
        QVERIFY(m.index(c, CompareModel::LabelColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("bench-2")));
        // Run B lacks 'slow' echo c=8's other windows, not the cell: nothing is missing.
        QCOMPARE(m.missing(), QStringList());
    }

    void noiseFloorFromAnAaRun()
    {
        charts::CompareRequest request = ::request(1, m_store, {m_ids.a, m_ids.b});
        request.noiseFloorRun = m_ids.aa;
        const charts::CompareResult r = charts::loadComparison(request);
        QCOMPARE(r.error, QString());
        QVERIFY(qAbs(r.noiseFloor - 0.02) < 1e-3);
        QCOMPARE(r.noiseFloorSource, QStringLiteral("A/A run %1").arg(m_ids.aa));
        CompareModel m;
        m.setResult(r);
        const int row = rowOf(m, m_ids.b, QStringLiteral("fast"), QStringLiteral("health"), 8);
        QCOMPARE(cellText(m, row, CompareModel::NoiseFloorColumn), QStringLiteral("2.0 %"));
        QCOMPARE(m.index(row, 0).data(CompareModel::VerdictKeyRole).toString(),
                 QStringLiteral("faster"));
        // A floor run that is not in the store: the comparison fails and says which.
        request.noiseFloorRun = QStringLiteral("20990101-000000-0000");
        const charts::CompareResult bad = charts::loadComparison(request);
        QVERIFY(bad.error.contains(request.noiseFloorRun));
        QVERIFY(bad.source.runs.isEmpty());
    }

    void configurationsOfOneRun()
    {
        CompareModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        charts::CompareRequest request = ::request(1, m_store, {m_ids.a});
        request.baselineConfiguration = QStringLiteral("slow");
        const charts::CompareResult r = charts::loadComparison(request);
        QCOMPARE(r.error, QString());
        QVERIFY(!r.multiRun);
        m.setResult(r);
        QCOMPARE(m.rowCount(), 8);
        const int slow = rowOf(m, m_ids.a, QStringLiteral("slow"), QStringLiteral("echo"), 8);
        const int fast = rowOf(m, m_ids.a, QStringLiteral("fast"), QStringLiteral("echo"), 8);
        QCOMPARE(cellText(m, slow, CompareModel::RatioColumn), QStringLiteral("baseline"));
        QCOMPARE(m.index(fast, 0).data(CompareModel::VerdictKeyRole).toString(),
                 QStringLiteral("faster"));
        QVERIFY(cellText(m, fast, CompareModel::RatioColumn).startsWith(QStringLiteral("2.50x [")));
        QCOMPARE(m.differences(), QStringList());
    }

    // The tree's peak RSS and PSS with its age, and a tooltip that says whether the cell's
    // memory was compared with the baseline's: only on fresh trees or at equal age.
    void memoryColumnsWithAge()
    {
        CompareModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        charts::CompareResult r;
        r.source.runs = {test::memoryRun(QStringLiteral("20261201-120000-0001"),
                                         QStringLiteral("round"),
                                         {{QStringLiteral("native"), 4, {10, 11, 12}, 0, 1.5},
                                          {QStringLiteral("python"), 4, {30, 33, 36}, 0, 1.6},
                                          {QStringLiteral("native"), 32, {16}, 120'000, 40},
                                          {QStringLiteral("python"), 32, {31}, 30'000, 40}})};
        m.setResult(r);
        QCOMPARE(m.rowCount(), 4);
        const QString id = QStringLiteral("20261201-120000-0001");
        const int native = rowOf(m, id, QStringLiteral("native"), QStringLiteral("health"), 4);
        const int fresh = rowOf(m, id, QStringLiteral("python"), QStringLiteral("health"), 4);
        const int older = rowOf(m, id, QStringLiteral("python"), QStringLiteral("health"), 32);
        QVERIFY(native >= 0 && fresh >= 0 && older >= 0);
        QCOMPARE(cellText(m, fresh, CompareModel::RssColumn),
                 QStringLiteral("33.0 MiB [30.0-36.0]"));
        QCOMPARE(cellText(m, fresh, CompareModel::PssColumn),
                 QStringLiteral("16.5 MiB [15.0-18.0]"));
        QCOMPARE(cellText(m, fresh, CompareModel::AgeColumn), QStringLiteral("fresh"));
        QCOMPARE(cellText(m, older, CompareModel::AgeColumn),
                 QStringLiteral("30,000 requests over 40 s"));
        QCOMPARE(cellText(m, older, CompareModel::RssColumn), QStringLiteral("31.0 MiB"));
        const QString compared =
            m.index(fresh, CompareModel::RssColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(compared.contains(QStringLiteral("3.00x the peak RSS")) &&
                     compared.contains(QStringLiteral("native")) &&
                     compared.contains(QStringLiteral("both trees fresh")),
                 qPrintable(compared));
        const QString notCompared =
            m.index(older, CompareModel::AgeColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(notCompared.startsWith(QStringLiteral("Not compared with native: the trees' "
                                                       "ages differ")) &&
                     notCompared.contains(QStringLiteral("120,000 requests over 40 s")),
                 qPrintable(notCompared));
        QVERIFY(!notCompared.contains(QStringLiteral("x the peak"))); // no ratio given
        QVERIFY(m.index(native, CompareModel::RssColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("baseline")));
        for (int column :
             {CompareModel::RssColumn, CompareModel::PssColumn, CompareModel::AgeColumn})
            QVERIFY(!m.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
        QCOMPARE(m.headerData(CompareModel::AgeColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Tree age"));
        // Runs stored before ages were recorded: unknown, never compared.
        r.source.runs = {test::memoryRun(id, QStringLiteral("round"),
                                         {{QStringLiteral("native"), 4, {10}, -1, -1},
                                          {QStringLiteral("python"), 4, {30}, -1, -1}})};
        m.setResult(r);
        const int unknown = rowOf(m, id, QStringLiteral("python"), QStringLiteral("health"), 4);
        QCOMPARE(cellText(m, unknown, CompareModel::AgeColumn), QStringLiteral("unknown"));
        QVERIFY(m.index(unknown, CompareModel::RssColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("age is unknown")));
    }

    // A cell whose every window failed a gate: its figures read "–" (never 0), the baseline
    // configuration's row there is not called "baseline", and the ratio against it is "–".
    void cellWithoutAValidWindowReadsDash()
    {
        const QString path = m_dir.filePath(QStringLiteral("gated.sqlite"));
        test::FixtureRun f;
        f.id = QStringLiteral("20261202-100000-dddd");
        f.okPerS = [](const QString &c, const QString &route, int k, int round) {
            if (c == QLatin1String("slow") && route == QLatin1String("echo") && k == 8)
                return 0.0; // no valid window: only the invalid ones below
            return test::baseRate(c, route, k, round);
        };
        {
            auto opened = store::RunStore::open(path);
            QVERIFY(opened.ok());
            QCOMPARE(test::writeFixtureRun(**opened, f), QString());
            for (int round = 0; round < 3; ++round) {
                store::WindowRecord w;
                w.runId = f.id;
                w.round = round;
                w.configuration = QStringLiteral("slow");
                w.route = QStringLiteral("echo");
                w.concurrency = 8;
                w.startedAt = QDateTime::currentDateTimeUtc();
                w.invalidKind = store::kInvalidForeignCpu;
                w.invalidReason = QStringLiteral("foreign CPU 150% >= 64%");
                QVERIFY((*opened)->saveWindow(w).ok());
            }
        }
        CompareModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        charts::CompareRequest request = ::request(1, path, {f.id});
        request.baselineConfiguration = QStringLiteral("slow");
        const charts::CompareResult r = charts::loadComparison(request);
        QCOMPARE(r.error, QString());
        m.setResult(r);
        const QString dash = QStringLiteral("\u2013");
        const int slow = rowOf(m, f.id, QStringLiteral("slow"), QStringLiteral("echo"), 8);
        QVERIFY(slow >= 0);
        QCOMPARE(cellText(m, slow, CompareModel::WindowsColumn), QStringLiteral("0 (+3 invalid)"));
        for (int column : {int(CompareModel::OkPerSColumn), int(CompareModel::PerCpuSColumn),
                           int(CompareModel::CoresColumn), int(CompareModel::P50Column),
                           int(CompareModel::P99Column), int(CompareModel::RatioColumn)})
            QCOMPARE(cellText(m, slow, column), dash);
        const int fast = rowOf(m, f.id, QStringLiteral("fast"), QStringLiteral("echo"), 8);
        QVERIFY(fast >= 0);
        QCOMPARE(cellText(m, fast, CompareModel::RatioColumn), dash);
        QVERIFY(cellText(m, fast, CompareModel::OkPerSColumn).contains(QLatin1Char('[')));
        // Where the baseline measured, "baseline" as before.
        QCOMPARE(cellText(m, rowOf(m, f.id, QStringLiteral("slow"), QStringLiteral("echo"), 1),
                          CompareModel::RatioColumn),
                 QStringLiteral("baseline"));
        m.setMetric(charts::Metric::PerCpuS);
        QCOMPARE(cellText(m, fast, CompareModel::RatioColumn), dash);
    }

    void errorsNameTheRun()
    {
        CompareModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResult(charts::loadComparison(request(1, m_store, {m_ids.a, m_ids.b})));
        QVERIFY(m.rowCount() > 0);
        const charts::CompareResult r = charts::loadComparison(
            request(2, m_store, {m_ids.a, QStringLiteral("20990101-000000-ffff")}));
        QVERIFY(r.error.contains(QStringLiteral("20990101-000000-ffff")));
        m.setResult(r);
        QCOMPARE(m.rowCount(), 0);
        const charts::CompareResult missing = charts::loadComparison(
            request(3, m_dir.filePath(QStringLiteral("none.sqlite")), {m_ids.a}));
        QVERIFY(!missing.error.isEmpty());
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("none.sqlite"))));
    }

private:
    QTemporaryDir m_dir;
    QString m_store;
    test::FixtureStore m_ids;
};

QTEST_GUILESS_MAIN(TestCompareModel)
#include "tst_comparemodel.moc"
