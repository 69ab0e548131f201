// The run monitor: a short run of the reference target driven through the RunController fills
// the matrix grid, the cells so far and the four charts (with a ghost line of the cell's earlier
// window and the plan's gate); double-clicking a cell opens its stored timeline. The charts'
// points per series stay capped over a 30-minute window at 100 ms; redraws are coalesced and
// the live plots draw one per turn of the event loop, straight into the widget; a window
// changes only its rows of the cells so far. The page renders without Qt warnings.
#include "plan/plan.h"
#include "ui/charts/timeline.h"
#include "ui/models/cellsmodel.h"
#include "ui/models/matrixmodel.h"
#include "ui/pages/runpage.h"
#include "ui/runcontroller.h"
#include "ui/storeservice.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/liveplot.h"
#include "ui/widgets/matrixview.h"
#include "uitest.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <qcustomplot.h>

using namespace sb;
using charts::Series;
using charts::Timeline;

class TestRunPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QTest::failOnWarning(test::anyWarningOfOurs()); }

    // A plan whose load comes from other hosts: the run's context names them, in the plan's
    // order, so the live charts keep a line per host (tst_liveview); a plan without has none.
    void contextNamesTheLoadHosts()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("hosts.json"));
        QVERIFY(test::writeShortPlan(path, 1, QJsonArray{1}));
        run::RunOptions options =
            test::shortRunOptions(path, dir.filePath(QStringLiteral("runs.sqlite")));
        options.profile = QStringLiteral("quick");
        RunContext local = loadRunContext(options, QStringLiteral("r"));
        QVERIFY2(local.error.isEmpty(), qPrintable(local.error));
        QVERIFY(local.loadHosts.isEmpty());

        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject plan = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        plan.insert(
            QStringLiteral("hosts"),
            QJsonObject{{QStringLiteral("bench-a"),
                         QJsonObject{{QStringLiteral("ssh"), QStringLiteral("root@10.0.0.2")}}}});
        QJsonObject load = plan.value(QStringLiteral("load")).toObject();
        load.insert(QStringLiteral("hosts"),
                    QJsonArray{QStringLiteral("bench-a"), QStringLiteral("local")});
        plan.insert(QStringLiteral("load"), load);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QVERIFY(f.write(QJsonDocument(plan).toJson()) > 0);
        f.close();
        RunContext hosts = loadRunContext(options, QStringLiteral("r"));
        QVERIFY2(hosts.error.isEmpty(), qPrintable(hosts.error));
        QCOMPARE(hosts.loadHosts,
                 (QStringList{QStringLiteral("bench-a"), QStringLiteral("local")}));
    }

    void cappedSeriesKeepsCoverage_data()
    {
        QTest::addColumn<int>("merge");
        QTest::addColumn<int>("points");
        QTest::newRow("mean, below the cap") << int(charts::CappedSeries::Merge::Mean) << 999;
        QTest::newRow("mean, 30 min at 100 ms") << int(charts::CappedSeries::Merge::Mean) << 18000;
        QTest::newRow("max, 30 min at 100 ms") << int(charts::CappedSeries::Merge::Max) << 18000;
        QTest::newRow("mean, a day at 100 ms") << int(charts::CappedSeries::Merge::Mean) << 864000;
    }
    void cappedSeriesKeepsCoverage()
    {
        QFETCH(int, merge);
        QFETCH(int, points);
        charts::CappedSeries s(charts::CappedSeries::Merge(merge), Timeline::kMaxPoints);
        double sum = 0;
        for (int i = 1; i <= points; ++i) {
            const double v = i % 10 == 0 ? 100 : 1; // a spike every tenth interval
            sum += v;
            s.append(i * 0.1, v);
            QVERIFY(s.size() <= Timeline::kMaxPoints);
        }
        QCOMPARE(s.keys().last(), points * 0.1);         // the latest point is always shown
        QVERIFY(s.keys().first() <= points * 0.1 / 100); // and the start is still covered
        double maxValue = 0;
        double stored = 0;
        for (double v : s.values()) {
            maxValue = std::max(maxValue, v);
            stored += v;
        }
        if (charts::CappedSeries::Merge(merge) == charts::CappedSeries::Merge::Max)
            QCOMPARE(maxValue, 100.0); // spikes survive
        else
            QVERIFY(qAbs(stored / s.size() - sum / points) < 0.5); // the mean survives
    }

    void chartsStayBoundedOverThirtyMinutes()
    {
        Timeline t;
        t.setGatePct(450);
        t.setMeasureStart(5);
        for (int i = 0; i < 18000; ++i) {
            store::IntervalRecord r;
            r.index = i;
            r.startS = i * 0.1;
            r.endS = (i + 1) * 0.1;
            r.requests = r.ok = 1000;
            r.okPerS = 10000;
            r.p50Us = 800;
            r.p99Us = 2000;
            r.maxUs = 9000;
            r.serverCores = 0.9;
            r.foreignPct = 12;
            t.addInterval(r, false);
        }
        for (int s = 0; s < charts::kSeriesCount; ++s)
            QVERIFY(t.series(Series(s)).size() <= Timeline::kMaxPoints);
        QCOMPARE(t.series(Series::Ok).keys().last(), 5 + 1800.0);
        ChartPanel panel;
        panel.resize(900, 700);
        const int before = panel.replotCount();
        panel.setTimeline(&t);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_VERIFY(panel.replotCount() > before);
        QVERIFY(panel.drawnPoints(Series::Ok) > 0);
        for (int s = 0; s < charts::kSeriesCount; ++s)
            QVERIFY(panel.drawnPoints(Series(s)) <= Timeline::kMaxPoints);
        QCOMPARE(panel.plot(ChartPanel::Chart::Throughput)->xAxis->range().upper, 1805.0);
    }

    void redrawsAreCoalesced()
    {
        Timeline t;
        ChartPanel panel;
        panel.setTimeline(&t);
        QTRY_VERIFY(panel.replotCount() > 0);
        const int before = panel.replotCount();
        QSignalSpy replots(&panel, &ChartPanel::replotted);
        for (int i = 0; i < 100; ++i) {
            charts::LoadPoint p;
            p.atS = i;
            p.okPerS = 100;
            t.addLoad(p);
            panel.timelineChanged();
        }
        QCOMPARE(panel.replotCount(), before); // nothing drawn synchronously
        QVERIFY(replots.wait(5000));
        QCOMPARE(panel.replotCount(), before + 1); // one redraw for the hundred points
        QCOMPARE(panel.drawnPoints(Series::Ok), 100);
    }

    // The four charts replotted in one pass of the event loop stalled it for up to 500 ms on a
    // busy machine (gui-overhead.sh): each chart is drawn in a turn of its own, so a timer that
    // falls due during the first runs before the second. Ten points, one drawing per chart.
    void chartsDrawOnePerTurn()
    {
        Timeline t;
        ChartPanel panel;
        panel.resize(900, 600);
        panel.setTimeline(&t);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_VERIFY(panel.replotCount() > 0);
        QTRY_COMPARE(LivePlot::queuedRedraws(), 0);
        QStringList order;
        QTimer dueAtOnce;
        dueAtOnce.setSingleShot(true);
        dueAtOnce.setInterval(0);
        connect(&dueAtOnce, &QTimer::timeout, this, [&] { order << QStringLiteral("timer"); });
        for (auto chart : {ChartPanel::Chart::Throughput, ChartPanel::Chart::Latency,
                           ChartPanel::Chart::Cores, ChartPanel::Chart::Foreign}) {
            LivePlot *p = panel.plot(chart);
            connect(p, &LivePlot::drawn, this, [&, p] {
                order << p->accessibleName();
                if (order.size() == 1)
                    dueAtOnce.start();
            });
        }
        for (int i = 0; i < 10; ++i) {
            charts::LoadPoint p;
            p.atS = i;
            p.okPerS = 100;
            t.addLoad(p);
            panel.timelineChanged();
        }
        QTRY_COMPARE(order.size(), 5);
        QCOMPARE(LivePlot::queuedRedraws(), 0);
        QVERIFY2(order.indexOf(QStringLiteral("timer")) == 1,
                 qPrintable(order.join(QStringLiteral(", "))));
        order.removeAll(QStringLiteral("timer"));
        order.removeDuplicates();
        QCOMPARE(order.size(), 4); // each chart once for the ten points
    }

    void redrawQueueCoalescesAndSkipsDeletedPlots()
    {
        QWidget top;
        top.resize(400, 300);
        auto *gone = new LivePlot(&top);
        auto *kept = new LivePlot(&top);
        kept->setGeometry(0, 0, 200, 300);
        gone->setGeometry(200, 0, 200, 300); // its going repaints its place, not the other's
        top.show();
        QVERIFY(QTest::qWaitForWindowExposed(&top));
        QTRY_COMPARE(LivePlot::queuedRedraws(), 0);
        int drawn = 0;
        connect(kept, &LivePlot::drawn, this, [&] { ++drawn; });
        gone->redrawSoon();
        kept->redrawSoon();
        kept->redrawSoon();
        QCOMPARE(LivePlot::queuedRedraws(), 2);
        delete gone;
        QTRY_COMPARE(LivePlot::queuedRedraws(), 0);
        QCOMPARE(drawn, 1);
    }

    // A replot draws every layer into QCustomPlot's paint buffers, private memory the size of
    // the plot that the runner's fork of the GUI process for each window makes copy-on-write:
    // the page's plots draw straight into the widget when asked to redraw, never replotting.
    void livePlotsDrawWithoutReplotting()
    {
        RunController controller;
        StoreService service;
        RunPage page(&controller, &service);
        page.resize(1280, 720);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const QList<QCustomPlot *> plots = page.findChildren<QCustomPlot *>();
        QCOMPARE(plots.size(), 6); // four charts, the curve, the strip
        QTRY_COMPARE(LivePlot::queuedRedraws(), 0);
        int replots = 0;
        int drawn = 0;
        for (QCustomPlot *p : plots) {
            auto *live = qobject_cast<LivePlot *>(p);
            QVERIFY2(live, qPrintable(p->accessibleName()));
            connect(p, &QCustomPlot::afterReplot, this, [&] { ++replots; });
            connect(live, &LivePlot::drawn, this, [&] { ++drawn; });
            live->redrawSoon();
        }
        QTRY_COMPARE(drawn, 6);
        QCOMPARE(replots, 0);
    }

    // A window changes its own row and the verdicts it pools with (its configuration's cells, or
    // every row's ratio and verdict when it is the baseline's), not the whole table: a view that
    // sizes its columns to their contents measures what changed.
    void aWindowChangesItsRowsOnly()
    {
        CellsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QStringList configurations{QStringLiteral("a"), QStringLiteral("b"),
                                         QStringLiteral("c")};
        m.setConfigurationOrder(configurations);
        auto window = [](const QString &configuration, const QString &route, int round) {
            store::WindowRecord w;
            w.valid = true;
            w.configuration = configuration;
            w.route = route;
            w.concurrency = 4;
            w.round = round;
            w.ok = 1000 + 10 * round;
            w.elapsedS = 1;
            return w;
        };
        const QStringList routes{QStringLiteral("r1"), QStringLiteral("r2")};
        for (int round = 0; round < 2; ++round)
            for (const QString &c : configurations)
                for (const QString &r : routes)
                    m.addWindow(window(c, r, round));
        QCOMPARE(m.rowCount(), 6); // a/r1 a/r2 b/r1 b/r2 c/r1 c/r2
        QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
        m.addWindow(window(QStringLiteral("c"), QStringLiteral("r2"), 2));
        QVERIFY(!changed.isEmpty());
        bool ownRow = false;
        for (const QList<QVariant> &s : std::as_const(changed)) {
            const QModelIndex from = s[0].toModelIndex();
            const QModelIndex to = s[1].toModelIndex();
            QVERIFY2(from.row() >= 4 && to.row() <= 5,
                     qPrintable(QStringLiteral("rows %1-%2").arg(from.row()).arg(to.row())));
            ownRow = ownRow || (from.row() <= 5 && to.row() >= 5 && from.column() == 0 &&
                                to.column() == CellsModel::ColumnCount - 1);
        }
        QVERIFY(ownRow);
        QCOMPARE(m.index(5, CellsModel::WindowsColumn).data().toInt(), 3);
        // The baseline's window moves every ratio and verdict.
        changed.clear();
        m.addWindow(window(QStringLiteral("a"), QStringLiteral("r1"), 2));
        bool everyRatio = false;
        for (const QList<QVariant> &s : std::as_const(changed))
            everyRatio =
                everyRatio || (s[0].toModelIndex().row() == 0 && s[1].toModelIndex().row() == 5 &&
                               s[0].toModelIndex().column() <= CellsModel::RatioColumn &&
                               s[1].toModelIndex().column() >= CellsModel::VerdictColumn);
        QVERIFY(everyRatio);
    }

    void followsTheSystemPalette()
    {
        ChartPanel panel;
        QPalette dark;
        dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
        dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
        panel.setPalette(dark);
        for (QCustomPlot *p :
             {panel.plot(ChartPanel::Chart::Throughput), panel.plot(ChartPanel::Chart::Foreign)}) {
            QCOMPARE(p->xAxis->tickLabelColor(), QColor(0xe0, 0xe0, 0xe0));
            QCOMPARE(p->legend->textColor(), QColor(0xe0, 0xe0, 0xe0));
        }
    }

    void resumedRunStartsFromItsStoredWindows()
    {
        QTemporaryDir dir;
        const QString plan = dir.filePath(QStringLiteral("plan.json"));
        const QString store = dir.filePath(QStringLiteral("s.sqlite"));
        QVERIFY(test::writeShortPlan(plan, 2, QJsonArray{1}, 1, QStringLiteral("200ms")));
        QString runId;
        {
            // The first session stops once the first window is stored.
            RunController controller;
            QSignalSpy finished(&controller, &RunController::runFinished);
            connect(&controller, &RunController::windowFinished, &controller, &RunController::stop);
            controller.start(test::shortRunOptions(plan, store));
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
            const auto end = finished.first().first().value<run::RunFinished>();
            QCOMPARE(end.status, QString(store::kStatusInterrupted));
            QCOMPARE(end.validWindows, 1);
            runId = end.runId;
            QTRY_VERIFY(!controller.isBusy());
        }
        RunController controller;
        StoreService service;
        RunPage page(&controller, &service);
        QSignalSpy context(&page, &RunPage::contextLoaded);
        QSignalSpy finished(&controller, &RunController::runFinished);
        controller.resume(runId, test::shortRunOptions(plan, store));
        QTRY_COMPARE_WITH_TIMEOUT(context.count(), 1, 60000);
        // The grid shows the stored window before (or beside) the one being measured.
        QVERIFY(page.matrixModel()->count(CellState::Valid) >= 1);
        QCOMPARE(page.matrixModel()->columnCount(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        QCOMPARE(page.matrixModel()->count(CellState::Valid), 2);
        QCOMPARE(page.cellsModel()->index(0, CellsModel::WindowsColumn).data().toInt(), 2);
    }

    void shortRunFillsGridCellsAndCharts()
    {
        QTemporaryDir dir;
        const QString plan = dir.filePath(QStringLiteral("plan.json"));
        QVERIFY(test::writeShortPlan(plan, 2, QJsonArray{1}));
        RunController controller;
        StoreService service;
        RunPage page(&controller, &service);
        QAbstractItemModelTester matrixTester(
            page.matrixModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester cellsTester(
            page.cellsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QSignalSpy finished(&controller, &RunController::runFinished);
        QSignalSpy context(&page, &RunPage::contextLoaded);
        QSignalSpy windows(&controller, &RunController::windowFinished);
        QStringList headers;
        int ghostsInRoundTwo = -1;
        connect(&controller, &RunController::intervalMeasured, this,
                [&](const run::IntervalUpdate &e) {
                    headers << page.headerText();
                    if (e.cell.round == 1 && e.phase == run::Phase::Measure)
                        ghostsInRoundTwo = int(page.liveTimeline().ghosts().size());
                });
        int measuredPoints = 0;
        connect(&controller, &RunController::windowFinished, this,
                [&](const run::WindowFinished &) {
                    measuredPoints = page.liveTimeline().series(Series::ServerCores).size();
                });
        test::LagProbe probe;
        probe.start();
        controller.start(test::shortRunOptions(plan, dir.filePath(QStringLiteral("s.sqlite"))));
        QTRY_COMPARE_WITH_TIMEOUT(context.count(), 1, 60000);
        QVERIFY(page.hasContext());
        // The grid is laid out from the plan before any window ends: 1 row, c=1 x 2 rounds.
        MatrixModel *m = page.matrixModel();
        QCOMPARE(m->rowCount(), 1);
        QCOMPARE(m->columnCount(), 2);
        // The plan's "100%machine", in percent of one core on this machine.
        QCOMPARE(page.liveTimeline().gatePct(), 100.0 * plan::machineCoreCount());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 180000);

        probe.stop();
        qInfo("event loop with the page shown: longest stall %lld ms over %lld ticks of 10 ms",
              probe.maxLagMs(), probe.ticks());
        QCOMPARE(m->count(CellState::Valid), 2);
        QCOMPARE(m->index(0, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("2xx/s")),
                 true);
        QCOMPARE(page.cellsModel()->rowCount(), 1);
        QCOMPARE(page.cellsModel()->index(0, CellsModel::WindowsColumn).data().toInt(), 2);
        QCOMPARE(page.cellsModel()->index(0, CellsModel::RatioColumn).data().toString(),
                 QStringLiteral("baseline"));
        // Charts: the last window's series, the measured phase after a shaded warm-up.
        const Timeline &t = page.liveTimeline();
        QVERIFY(t.series(Series::Ok).size() >= 3);
        QVERIFY(measuredPoints >= 2);
        QVERIFY(t.measureStartS() > 0.5);
        QVERIFY(*std::max_element(t.series(Series::Ok).values().begin(),
                                  t.series(Series::Ok).values().end()) > 0);
        QCOMPARE(ghostsInRoundTwo, 1);
        QTRY_VERIFY(page.chartPanel()->drawnPoints(Series::Ok) >= 3);
        QVERIFY(page.chartPanel()->drawnPoints(Series::ServerCores) >= 2);
        bool sawHeader = false;
        for (const QString &h : std::as_const(headers))
            sawHeader = sawHeader || (h.contains(QStringLiteral("round 2 of 2")) &&
                                      h.contains(QStringLiteral("target-a")) &&
                                      h.contains(QStringLiteral("health (GET /health)")) &&
                                      h.contains(QStringLiteral("c=1")) &&
                                      h.contains(QStringLiteral("attempt 1")) &&
                                      h.contains(QStringLiteral("measuring")));
        QVERIFY2(sawHeader, qPrintable(headers.join(QLatin1Char('\n'))));
        QVERIFY(page.headerText().contains(QStringLiteral("2 valid")));

        // Double-click the first round's cell: its stored timeline in the same charts.
        QSignalSpy shown(&page, &RunPage::storedWindowShown);
        QTableView *table = page.matrixView()->table();
        const QModelIndex first = m->index(0, m->column(1, 0));
        const QRect cell = table->visualRect(first);
        QVERIFY(first.data(MatrixModel::WindowIdRole).toLongLong() > 0);
        QVERIFY(table->viewport()->rect().contains(cell.center()));
        // A double-click is a press, a release, then the double-click event (Qt 6's mouseDClick
        // sends only the latter two).
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 10000);
        QCOMPARE(shown.first().first().toLongLong(),
                 windows.first().first().value<run::WindowFinished>().window.id);
        QVERIFY(page.isShowingStoredWindow());
        QVERIFY(page.chartPanel()->timeline() != &page.liveTimeline());
        QVERIFY(page.chartPanel()->timeline()->series(Series::Ok).size() >= 2);
        // Named by its cell, not by the store's id (it was "Stored window 169: ..."), and drawn.
        const QString caption = page.chartCaption();
        const qint64 id = shown.first().first().toLongLong();
        QVERIFY2(!caption.contains(QStringLiteral("window %1").arg(id)), qPrintable(caption));
        for (const char *part : {"target-a", "health (GET /health)", "c=1", "round 1 of 2"})
            QVERIFY2(caption.contains(QLatin1String(part)), qPrintable(caption));
        QTRY_VERIFY(page.chartPanel()->drawnPoints(Series::ServerCores) >= 2);
        page.showLive();
        QCOMPARE(page.chartPanel()->timeline(), &page.liveTimeline());
    }
};

QTEST_MAIN(TestRunPage)
#include "tst_runpage.moc"
