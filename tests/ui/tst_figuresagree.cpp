// One stored cell, one per CPU-second everywhere: the stored report (report::loadRunReport), the
// Compare page's table (charts::loadComparison + CompareModel), the live "cells so far" table
// (CellsModel), the live matrix's tooltip (MatrixModel) and the terminal's "ok" line
// (report::windowFiguresText, what app/terminalobserver prints), for windows whose sampler span
// (8 s) differs from their elapsed time (10 s): per CPU-second is 2xx/s / mean cores, never
// 2xx / server CPU-seconds (which would read 1000 here, not 800).
#include "report/figures.h"
#include "report/runreport.h"
#include "store/runstore.h"
#include "ui/charts/comparedata.h"
#include "ui/models/cellsmodel.h"
#include "ui/models/comparemodel.h"
#include "ui/models/figures.h"
#include "ui/models/matrixmodel.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QTest>

using namespace sb;

namespace {

const QString kRun = QStringLiteral("20261201-100000-f1f1");
constexpr double kElapsedS = 10;    // the measured window, drain included
constexpr double kSamplerSpanS = 8; // what the sampler read the server's CPU across
constexpr double kServerCpuS = 12;  // CPU seconds of the server tree in that span: 1.5 cores

store::WindowRecord window(int round, qint64 ok)
{
    store::WindowRecord w;
    w.runId = kRun;
    w.round = round;
    w.configuration = QStringLiteral("native");
    w.route = QStringLiteral("/health");
    w.concurrency = 8;
    w.valid = true;
    w.elapsedS = kElapsedS;
    w.ok = ok;
    w.requests = ok;
    w.statusCounts = QJsonObject{{QStringLiteral("200"), double(ok)}};
    w.serverCpuS = kServerCpuS;
    w.serverCoresMean = kServerCpuS / kSamplerSpanS;
    w.latencyUs = QJsonObject{{QStringLiteral("p50"), 900.0}, {QStringLiteral("p99"), 4000.0}};
    return w;
}

} // namespace

class TestFiguresAgree : public QObject
{
    Q_OBJECT

private slots:
    void perCpuSecondReadsTheSameEverywhere()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("runs.sqlite"));
        // 2xx/s 1160, 1200, 1240 at 1.5 cores: per CPU-second 773.3, 800, 826.7.
        const QVector<store::WindowRecord> written{window(0, 12000), window(1, 11600),
                                                   window(2, 12400)};
        {
            auto opened = store::RunStore::open(path);
            QVERIFY(opened.ok());
            store::RunRecord run;
            run.id = kRun;
            run.planText =
                QByteArrayLiteral(R"({"name": "figures", "configurations": [{"name": "native"}],)"
                                  R"( "routes": [{"name": "/health"}]})");
            run.status = store::kStatusFinished;
            QVERIFY((*opened)->createRun(run).ok());
            for (const store::WindowRecord &w : written)
                QVERIFY((*opened)->saveWindow(w).ok());
        }
        auto opened = store::RunStore::open(path, store::RunStore::OpenMode::ReadOnly);
        QVERIFY(opened.ok());
        QVector<store::WindowRecord> windows;
        const sb::Result<report::RunReport> stored =
            report::loadRunReport(**opened, kRun, {}, &windows);
        QVERIFY(stored.ok());
        QCOMPARE(windows.size(), 3);
        const report::CellReport *cell =
            stored->cell(QStringLiteral("native"), QStringLiteral("/health"), 8);
        QVERIFY(cell);
        const double median = cell->figures.perCpuS.median;
        QCOMPARE(median, 800.0);
        // The old live formula would not agree: 2xx / server CPU-seconds.
        QCOMPARE(double(written.first().ok) / written.first().serverCpuS, 1000.0);

        // The report's per-window values are report/figures.h's, window by window.
        QCOMPARE(cell->perCpuS.size(), std::size_t(3));
        for (qsizetype i = 0; i < windows.size(); ++i)
            QCOMPARE(cell->perCpuS[std::size_t(i)], report::windowPerCpuS(windows[i]));

        // Compare: one run's configurations, as the page loads it.
        charts::CompareRequest request;
        request.storeLocation = path;
        request.runIds = {kRun};
        request.timelines = false;
        const charts::CompareResult compared = charts::loadComparison(request);
        QVERIFY2(compared.error.isEmpty(), qPrintable(compared.error));
        CompareModel compare;
        QAbstractItemModelTester compareTester(
            &compare, QAbstractItemModelTester::FailureReportingMode::QtTest);
        compare.setResult(compared);
        QCOMPARE(compare.rowCount(), 1);
        const QString compareText = compare.index(0, CompareModel::PerCpuSColumn).data().toString();
        QCOMPARE(compareText, QStringLiteral("800 [773-827]"));

        // The live table, fed the windows as the runner's events carry them.
        CellsModel cells;
        QAbstractItemModelTester cellsTester(
            &cells, QAbstractItemModelTester::FailureReportingMode::QtTest);
        cells.setConfigurationOrder({QStringLiteral("native")});
        for (const store::WindowRecord &w : windows)
            cells.addWindow(w);
        const QModelIndex live = cells.index(0, CellsModel::PerCpuSColumn);
        QCOMPARE(live.data(CellsModel::MedianRole).toDouble(), median);
        QCOMPARE(live.data().toString(), compareText);

        // The live matrix's tooltip of the median window.
        MatrixModel matrix;
        QAbstractItemModelTester matrixTester(
            &matrix, QAbstractItemModelTester::FailureReportingMode::QtTest);
        matrix.setSchedule({{0, QStringLiteral("native"), QStringLiteral("/health"), 8}});
        run::WindowFinished finished;
        finished.runId = kRun;
        finished.window = windows.first();
        matrix.windowFinished(finished);
        const QString tip = matrix.index(0, 0).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("per CPU-second: %1").arg(figures::rate(median))),
                 qPrintable(tip));

        // The terminal's line for the same window.
        const QString line = report::windowFiguresText(windows.first());
        QVERIFY2(line.contains(QStringLiteral("server 1.50 cores, 800 per CPU-s")),
                 qPrintable(line));
        QVERIFY2(line.startsWith(QStringLiteral("1200.0 2xx/s, p99 4.00 ms")), qPrintable(line));
    }
};

QTEST_MAIN(TestFiguresAgree)
#include "tst_figuresagree.moc"
