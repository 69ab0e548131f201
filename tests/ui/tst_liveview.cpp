// The live view of issue 21: never empty and legible at 1280x720. A real run with the demo's
// quick timing (0.25 s warm-up, 1 s windows, the plan's 1000 ms sampler interval) draws points on
// every live chart in every window (the interval follows the window) and keeps the last window
// on screen until the next one has data; no tick label of any chart overlaps another or leaves
// its widget, and the gate and warm-up labels sit inside their charts. The data behind the
// tiles (LiveWindow) and the run-so-far strip (RunStripData), and the stored window's caption.
#include "run/windowmeasurement.h"
#include "ui/charts/livewindow.h"
#include "ui/charts/percentilecurve.h"
#include "ui/charts/runstripdata.h"
#include "ui/charts/timeline.h"
#include "ui/pages/runpage.h"
#include "ui/runcontroller.h"
#include "ui/storeservice.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/livetiles.h"
#include "ui/widgets/runstrip.h"
#include "uitest.h"

#include <QFontMetrics>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using namespace sb;
using charts::Series;

namespace {

// The demo's quick profile's timing on the test plan.
bool writeQuickPlan(const QString &path)
{
    if (!test::writeShortPlan(path, 2, QJsonArray{1, 4}, 1, QStringLiteral("250ms")))
        return false;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    QJsonObject plan = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    QJsonObject sampler = plan.value(QStringLiteral("sampler")).toObject();
    sampler.insert(QStringLiteral("interval_ms"), 1000);
    plan.insert(QStringLiteral("sampler"), sampler);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(QJsonDocument(plan).toJson()) > 0;
}

// Where QCustomPlot draws each tick label of `axis` (QCPAxisPainterPrivate's placement: beside
// the axis, past its ticks and padding, centred on the tick), in plot pixels.
QList<QRect> tickLabelRects(QCPAxis *axis)
{
    QList<QRect> out;
    if (!axis->visible() || !axis->tickLabels())
        return out;
    const QFontMetrics fm(axis->tickLabelFont());
    const QRect ar = axis->axisRect()->rect();
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    const int gap = axis->offset() + std::max(0, axis->tickLengthOut()) + axis->tickLabelPadding();
    for (qsizetype i = 0; i < ticks.size() && i < labels.size(); ++i) {
        if (!axis->range().contains(ticks[i]) || labels[i].isEmpty())
            continue;
        const QSize size = fm.boundingRect(QRect(), Qt::TextDontClip, labels[i]).size();
        const double at = axis->coordToPixel(ticks[i]);
        QRect r(QPoint(0, 0), size);
        switch (axis->axisType()) {
        case QCPAxis::atBottom:
            r.moveTopLeft(QPoint(int(at - size.width() / 2.0), ar.bottom() + gap));
            break;
        case QCPAxis::atTop:
            r.moveBottomLeft(QPoint(int(at - size.width() / 2.0), ar.top() - gap));
            break;
        case QCPAxis::atLeft:
            r.moveTopRight(QPoint(ar.left() - gap, int(at - size.height() / 2.0)));
            break;
        case QCPAxis::atRight:
            r.moveTopLeft(QPoint(ar.right() + gap, int(at - size.height() / 2.0)));
            break;
        }
        out << r;
    }
    return out;
}

// Every overlap of two tick labels of one axis, and every label outside its plot, as text.
QStringList labelProblems(QCustomPlot *plot, const QString &name)
{
    QStringList problems;
    for (QCPAxisRect *rect : plot->axisRects()) {
        for (QCPAxis *axis : rect->axes()) {
            const QList<QRect> rects = tickLabelRects(axis);
            const QVector<QString> labels = axis->tickVectorLabels();
            for (qsizetype i = 0; i < rects.size(); ++i) {
                if (!plot->rect().contains(rects[i]))
                    problems << QStringLiteral("%1: tick label %2 at %3,%4 %5x%6 leaves the %7x%8 "
                                               "plot")
                                    .arg(name, labels.value(i))
                                    .arg(rects[i].x())
                                    .arg(rects[i].y())
                                    .arg(rects[i].width())
                                    .arg(rects[i].height())
                                    .arg(plot->width())
                                    .arg(plot->height());
                for (qsizetype j = i + 1; j < rects.size(); ++j)
                    if (rects[i].intersects(rects[j]))
                        problems << QStringLiteral("%1: tick labels %2 and %3 overlap")
                                        .arg(name, labels.value(i), labels.value(j));
            }
            // The axis title fits along its axis rect's side.
            if (!axis->label().isEmpty()) {
                const int length = QFontMetrics(axis->labelFont()).horizontalAdvance(axis->label());
                const bool vertical = axis->orientation() == Qt::Vertical;
                const int room = vertical ? plot->height() : plot->width();
                if (length > room)
                    problems << QStringLiteral("%1: axis title '%2' (%3 px) is longer than its "
                                               "plot (%4 px)")
                                    .arg(name, axis->label())
                                    .arg(length)
                                    .arg(room);
            }
        }
    }
    return problems;
}

// Every visible text item of the plot lies inside its axis rect (not clipped).
QStringList itemProblems(QCustomPlot *plot, const QString &name)
{
    QStringList problems;
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto *text = qobject_cast<QCPItemText *>(plot->item(i));
        if (!text || !text->visible() || text->text().isEmpty())
            continue;
        const QRect area = plot->axisRect()->rect().adjusted(-1, -1, 1, 1);
        const QPoint tl = text->topLeft->pixelPosition().toPoint();
        const QPoint br = text->bottomRight->pixelPosition().toPoint();
        if (!area.contains(tl) || !area.contains(br))
            problems << QStringLiteral("%1: '%2' at %3,%4-%5,%6 is cut by its chart %7,%8-%9,%10")
                            .arg(name, text->text())
                            .arg(tl.x())
                            .arg(tl.y())
                            .arg(br.x())
                            .arg(br.y())
                            .arg(area.left())
                            .arg(area.top())
                            .arg(area.right())
                            .arg(area.bottom());
    }
    return problems;
}

QList<QPair<QString, QCustomPlot *>> plotsOf(RunPage &page)
{
    ChartPanel *p = page.chartPanel();
    return {{QStringLiteral("2xx/s"), p->plot(ChartPanel::Chart::Throughput)},
            {QStringLiteral("latency"), p->plot(ChartPanel::Chart::Latency)},
            {QStringLiteral("cores"), p->plot(ChartPanel::Chart::Cores)},
            {QStringLiteral("foreign"), p->plot(ChartPanel::Chart::Foreign)},
            {QStringLiteral("percentiles"), page.percentilePlot()},
            {QStringLiteral("strip"), page.runStrip()->plot()}};
}

store::IntervalRecord interval(int index, double spanS, double okPerS)
{
    store::IntervalRecord r;
    r.index = index;
    r.startS = index * spanS;
    r.endS = (index + 1) * spanS;
    r.requests = r.ok = qint64(okPerS * spanS);
    r.okPerS = okPerS;
    r.p50Us = 500;
    r.p90Us = 900;
    r.p99Us = 2000;
    r.maxUs = 4000;
    r.serverCores = 0.8;
    r.generatorPct = 40;
    r.foreignPct = 10;
    return r;
}

run::IntervalUpdate update(const run::CellRef &cell, run::Phase phase,
                           const store::IntervalRecord &r)
{
    run::IntervalUpdate e;
    e.runId = QStringLiteral("r");
    e.cell = cell;
    e.phase = phase;
    e.interval = r;
    return e;
}

} // namespace

class TestLiveView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QTest::failOnWarning(test::anyWarningOfOurs()); }

    // The run's interval is shortened to fit five in a window: the demo's quick profile.
    void quickProfileGetsFiveIntervals()
    {
        QCOMPARE(run::windowIntervalMs(1000, 1000), 200);
        QVERIFY(1000 / run::windowIntervalMs(1000, 1000) >= run::kMinIntervalsPerWindow);
    }

    // Real run, 1280x720 with the docks open (the page gets about 1180x480) and without them.
    void everyChartDrawsInEveryWindow_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x720 with docks") << QSize(1180, 480);
        QTest::newRow("1280x720 without docks") << QSize(1180, 640);
    }
    void everyChartDrawsInEveryWindow()
    {
        QFETCH(QSize, size);
        QTemporaryDir dir;
        const QString plan = dir.filePath(QStringLiteral("plan.json"));
        QVERIFY(writeQuickPlan(plan));
        RunController controller;
        StoreService service;
        RunPage page(&controller, &service);
        page.resize(size);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        ChartPanel *panel = page.chartPanel();
        // Per window number: the most points each chart drew while the window went on.
        struct Drawn
        {
            int ok = 0, p99 = 0, cores = 0, foreign = 0, intervals = 0, stored = 0;
            QStringList spans;
        };
        QMap<int, Drawn> drawn;
        int window = 0;
        QStringList keptProblems;
        connect(
            &controller, &RunController::windowStarted, &page, [&](const run::WindowStarted &e) {
                if (e.phase == run::Phase::WarmUp && window > 0 &&
                    panel->drawnPoints(Series::Ok) == 0)
                    keptProblems
                        << QStringLiteral("window %1 started on empty charts").arg(e.windowNumber);
                if (e.phase == run::Phase::WarmUp && window > 0 &&
                    page.liveTimeline().series(Series::ServerCores).size() == 0)
                    keptProblems << QStringLiteral("window %1: the last window's cores "
                                                   "were dropped before it had data")
                                        .arg(e.windowNumber);
                window = e.windowNumber;
            });
        // The window whose data the charts show: the last one until the next has an interval.
        int shown = 0;
        connect(&controller, &RunController::intervalMeasured, &page,
                [&](const run::IntervalUpdate &e) {
                    shown = window;
                    if (e.phase == run::Phase::Measure) {
                        ++drawn[window].intervals;
                        drawn[window].spans << QStringLiteral("%1-%2")
                                                   .arg(e.interval.startS, 0, 'f', 2)
                                                   .arg(e.interval.endS, 0, 'f', 2);
                    }
                });
        connect(panel, &ChartPanel::replotted, &page, [&] {
            if (shown == 0 || page.isShowingStoredWindow())
                return;
            Drawn &d = drawn[shown];
            d.ok = std::max(d.ok, panel->drawnPoints(Series::Ok));
            d.p99 = std::max(d.p99, panel->drawnPoints(Series::P99));
            d.cores = std::max(d.cores, panel->drawnPoints(Series::ServerCores));
            d.foreign = std::max(d.foreign, panel->drawnPoints(Series::ForeignPct));
        });
        QStringList layoutProblems;
        QSignalSpy finished(&controller, &RunController::runFinished);
        connect(
            &controller, &RunController::windowFinished, this, [&](const run::WindowFinished &e) {
                // The tiles name the finished window's own figures.
                if (e.window.valid &&
                    page.tiles()->value(LiveTiles::Tile::Throughput) == QStringLiteral("\u2013"))
                    layoutProblems << QStringLiteral("no 2xx/s tile after window %1").arg(window);
            });
        controller.start(test::shortRunOptions(plan, dir.filePath(QStringLiteral("s.sqlite"))));
        QSignalSpy replots(panel, &ChartPanel::replotted);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 240000);
        // The last window's last intervals came with the run's end: their coalesced redraw.
        replots.clear();
        replots.wait(2 * ChartPanel::kReplotMs + 500);
        QVERIFY2(keptProblems.isEmpty(), qPrintable(keptProblems.join(QLatin1Char('\n'))));
        QVERIFY2(layoutProblems.isEmpty(), qPrintable(layoutProblems.join(QLatin1Char('\n'))));
        QCOMPARE(drawn.size(), 4); // c=1 and c=4, two rounds
        for (auto it = drawn.cbegin(); it != drawn.cend(); ++it) {
            const Drawn &d = it.value();
            const QByteArray what =
                QStringLiteral("window %1: %2 intervals (%7); drawn 2xx/s %3, p99 %4, cores %5, "
                               "foreign %6")
                    .arg(it.key())
                    .arg(d.intervals)
                    .arg(d.ok)
                    .arg(d.p99)
                    .arg(d.cores)
                    .arg(d.foreign)
                    .arg(d.spans.join(QLatin1Char(' ')))
                    .toUtf8();
            // Five intervals a window; the drain's stub may be left out of the charts.
            QVERIFY2(d.intervals >= run::kMinIntervalsPerWindow, what.constData());
            QVERIFY2(d.cores >= run::kMinIntervalsPerWindow - 1, what.constData());
            QVERIFY2(d.foreign >= run::kMinIntervalsPerWindow - 1, what.constData());
            QVERIFY2(d.ok >= run::kMinIntervalsPerWindow - 1, what.constData());
            QVERIFY2(d.p99 >= run::kMinIntervalsPerWindow - 1, what.constData());
        }
        // After the run: the strip holds its four windows, the last window is still drawn.
        QCOMPARE(page.stripData().windows().size(), 4);
        QTRY_COMPARE(page.runStrip()->drawnPoints(RunStrip::Row::Throughput), 4);
        QVERIFY(panel->drawnPoints(Series::ServerCores) >= run::kMinIntervalsPerWindow - 1);
        QVERIFY(page.percentilePlot()->graphCount() >= 1);
        QVERIFY(page.percentilePlot()->graph(page.percentilePlot()->graphCount() - 1)->dataCount() >
                10); // the finished window's full curve from its histogram

        // Legible: no tick label overlaps another or leaves its chart; labels inside.
        QTRY_VERIFY(page.runStrip()->replotCount() > 0);
        QStringList problems;
        for (const auto &[name, plot] : plotsOf(page)) {
            plot->replot(QCustomPlot::rpImmediateRefresh);
            problems << labelProblems(plot, name);
            QVERIFY2(plot->height() >= 90,
                     qPrintable(QStringLiteral("%1 is %2 px tall").arg(name).arg(plot->height())));
        }
        for (const auto &[name, plot] : plotsOf(page).mid(0, 4))
            problems << itemProblems(plot, name);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // The geometry check itself: labels crammed into a tiny plot do overlap.
    void overlapCheckSeesOverlaps()
    {
        QCustomPlot plot;
        plot.resize(120, 60);
        plot.yAxis->ticker()->setTickCount(12);
        plot.yAxis->setRange(0, 1000000);
        plot.xAxis->ticker()->setTickCount(12);
        plot.xAxis->setRange(0, 1000000);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(!labelProblems(&plot, QStringLiteral("tiny")).isEmpty());
    }

    // The charts keep the last window until the next one has an interval; then only its own.
    void lastWindowStaysUntilTheNextHasData()
    {
        RunController controller;
        StoreService service;
        RunPage page(&controller, &service);
        const QString runId = QStringLiteral("r");
        run::RunStarted started;
        started.runId = runId;
        started.planName = QStringLiteral("p");
        started.profile = QStringLiteral("quick");
        started.totalWindows = 2;
        Q_EMIT controller.runStarted(started);
        const run::CellRef a{0, QStringLiteral("x"), QStringLiteral("health"), 4, 0};
        const run::CellRef b{0, QStringLiteral("x"), QStringLiteral("health"), 32, 0};
        Q_EMIT controller.windowStarted(run::WindowStarted{runId, a, run::Phase::Measure, 1, 2});
        for (int i = 0; i < 5; ++i)
            Q_EMIT controller.intervalMeasured(
                update(a, run::Phase::Measure, interval(i, 0.2, 1000)));
        QCOMPARE(page.liveTimeline().series(Series::Ok).size(), 5);
        store::WindowRecord w;
        w.id = 1;
        w.configuration = a.configuration;
        w.route = a.route;
        w.concurrency = a.concurrency;
        w.valid = true;
        w.ok = 1000;
        w.elapsedS = 1;
        Q_EMIT controller.windowFinished(run::WindowFinished{runId, w});
        Q_EMIT controller.windowStarted(run::WindowStarted{runId, b, run::Phase::WarmUp, 2, 2});
        QCOMPARE(page.liveTimeline().series(Series::Ok).size(), 5); // still the last window
        QCOMPARE(page.liveTimeline().series(Series::ServerCores).size(), 5);
        Q_EMIT controller.intervalMeasured(update(b, run::Phase::WarmUp, interval(0, 0.2, 3000)));
        QCOMPARE(page.liveTimeline().series(Series::Ok).size(), 1); // now the new one alone
        QCOMPARE(page.liveTimeline().series(Series::Ok).values().first(), 3000.0);
        QCOMPARE(page.liveTimeline().series(Series::ServerCores).size(), 0);
        // The strip highlights the window going on; the finished one is in it.
        QCOMPARE(page.stripData().windows().size(), 1);
        QCOMPARE(page.stripData().currentX(),
                 page.stripData().slotX(QStringLiteral("x|health|32"), 0));
    }

    // Load from other hosts: each measured interval carries each host's generator
    // (IntervalUpdate::hostCores) and the cores chart draws one line per host, a point per
    // interval, as the intervals come; the legend names each "HOST generator". When the window
    // ends, the tile and the strip's window name each host's cores over the window (its
    // "load_hosts" gate) and the lines keep their intervals. The next window's lines start
    // empty, its legend still naming the hosts.
    void hostGeneratorsPerInterval()
    {
        RunController controller;
        StoreService service;
        RunPage page(&controller, &service);
        const QString runId = QStringLiteral("r");
        run::RunStarted started;
        started.runId = runId;
        started.planName = QStringLiteral("p");
        started.profile = QStringLiteral("quick");
        started.totalWindows = 2;
        Q_EMIT controller.runStarted(started);
        const run::CellRef a{0, QStringLiteral("x"), QStringLiteral("health"), 4, 0};
        const run::CellRef b{0, QStringLiteral("x"), QStringLiteral("health"), 32, 0};
        Q_EMIT controller.windowStarted(run::WindowStarted{runId, a, run::Phase::Measure, 1, 2});
        QSignalSpy replots(page.chartPanel(), &ChartPanel::replotted);
        QCustomPlot *cores = page.chartPanel()->plot(ChartPanel::Chart::Cores);
        const QList<QCPGraph *> &graphs = page.chartPanel()->hostGraphs();
        auto hostsAt = [](int i) {
            return run::LoadHostCoresList{{QStringLiteral("bench-a"), 0.3 + 0.05 * i},
                                          {QStringLiteral("local"), 0.5 - 0.05 * i}};
        };
        for (int i = 0; i < 5; ++i) {
            run::IntervalUpdate e = update(a, run::Phase::Measure, interval(i, 0.2, 1000));
            e.hostCores = hostsAt(i);
            Q_EMIT controller.intervalMeasured(e);
            // Each interval puts a point on each host's line, live.
            QVERIFY(replots.wait(10000));
            QCOMPARE(graphs.size(), 2);
            for (int h = 0; h < 2; ++h) {
                QCOMPARE(graphs[h]->dataCount(), i + 1);
                QCOMPARE(graphs[h]->data()->at(i)->key, (i + 1) * 0.2);
                QCOMPARE(graphs[h]->data()->at(i)->value, hostsAt(i)[h].cores);
            }
            QTRY_COMPARE(page.tiles()->note(LiveTiles::Tile::Cores),
                         QStringLiteral("bench-a %1, local %2")
                             .arg(hostsAt(i)[0].cores, 0, 'f', 2)
                             .arg(hostsAt(i)[1].cores, 0, 'f', 2));
        }
        QCOMPARE(graphs[0]->name(), QStringLiteral("bench-a generator"));
        QCOMPARE(graphs[1]->name(), QStringLiteral("local generator"));
        QCOMPARE(page.liveTimeline().hostCores().size(), 2);
        QCOMPARE(page.liveTimeline().hostCores()[0].cores, -1.0); // the window's: not yet
        store::WindowRecord w;
        w.id = 1;
        w.configuration = a.configuration;
        w.route = a.route;
        w.concurrency = a.concurrency;
        w.valid = true;
        w.ok = 1000;
        w.elapsedS = 1;
        w.serverCoresMean = 0.8;
        auto host = [](const char *name, double cores, bool saturated) {
            return QJsonObject{{QStringLiteral("host"), QLatin1String(name)},
                               {QStringLiteral("destination"), QLatin1String(name)},
                               {QStringLiteral("cores"), 8},
                               {QStringLiteral("threads"), 2},
                               {QStringLiteral("generator_cores"), cores},
                               {QStringLiteral("saturated"), saturated}};
        };
        w.gates.insert(
            QStringLiteral("load_hosts"),
            QJsonObject{{QStringLiteral("passed"), true},
                        {QStringLiteral("hosts"),
                         QJsonArray{host("bench-a", 0.41, false), host("local", 0.39, false)}}});
        Q_EMIT controller.windowFinished(run::WindowFinished{runId, w});
        const QList<charts::HostCores> &hosts = page.liveTimeline().hostCores();
        QCOMPARE(hosts.size(), 2);
        QCOMPARE(hosts[0].host, QStringLiteral("bench-a"));
        QCOMPARE(hosts[0].cores, 0.41);
        QCOMPARE(hosts[1].host, QStringLiteral("local"));
        QCOMPARE(hosts[1].cores, 0.39);
        QVERIFY(replots.wait(10000));
        QCOMPARE(graphs.size(), 2);
        QCOMPARE(graphs[0]->name(), QStringLiteral("bench-a generator"));
        QCOMPARE(graphs[1]->name(), QStringLiteral("local generator"));
        for (int i = 0; i < 2; ++i) {
            QVERIFY(graphs[i]->visible());
            QVERIFY(cores->legend->hasItemWithPlottable(graphs[i]));
            QCOMPARE(graphs[i]->dataCount(), 5); // its intervals, not the mean
            QCOMPARE(graphs[i]->data()->at(4)->value, hostsAt(4)[i].cores);
        }
        // This process generated none of the load: no "generator" line of its own.
        bool localGenerator = false;
        for (int i = 0; i < cores->legend->itemCount(); ++i)
            if (auto *item = qobject_cast<QCPPlottableLegendItem *>(cores->legend->item(i)))
                localGenerator =
                    localGenerator || item->plottable()->name() == QStringLiteral("generator");
        QVERIFY(!localGenerator);
        QCOMPARE(page.tiles()->value(LiveTiles::Tile::Cores), QStringLiteral("0.80 / 0.80"));
        QCOMPARE(page.tiles()->note(LiveTiles::Tile::Cores),
                 QStringLiteral("generators, window mean: bench-a 0.41, local 0.39"));
        QCOMPARE(page.stripData().windows().size(), 1);
        const charts::StripWindow &strip = page.stripData().windows().first();
        QCOMPARE(strip.hostCores.size(), 2);
        QCOMPARE(strip.hostCores[0], (QPair<QString, double>{QStringLiteral("bench-a"), 0.41}));

        // The next window: the hosts stay named, their lines wait for its end.
        Q_EMIT controller.windowStarted(run::WindowStarted{runId, b, run::Phase::WarmUp, 2, 2});
        Q_EMIT controller.intervalMeasured(update(b, run::Phase::WarmUp, interval(0, 0.2, 3000)));
        QCOMPARE(page.liveTimeline().hostCores().size(), 2);
        QCOMPARE(page.liveTimeline().hostCores()[0].cores, -1.0);
        QCOMPARE(page.liveTimeline().hostCores()[0].intervals.size(), 0);
        QVERIFY(replots.wait(10000));
        QCOMPARE(graphs[0]->dataCount(), 0);
        QVERIFY(cores->legend->hasItemWithPlottable(graphs[0]));
        QCOMPARE(graphs[0]->name(), QStringLiteral("bench-a generator"));
    }

    // A stored window keeps only each host's generator over the window: its line is that mean
    // across the measured phase, and the legend says so.
    void storedHostGeneratorsAreTheWindowMean()
    {
        charts::Timeline t;
        for (int i = 0; i < 5; ++i)
            t.addInterval(interval(i, 0.2, 1000), false);
        t.setLoadHosts({}, false);
        t.setHostCores(QStringLiteral("bench-a"), 0.41);
        ChartPanel panel;
        QSignalSpy replots(&panel, &ChartPanel::replotted);
        panel.setTimeline(&t);
        QVERIFY(replots.wait(10000));
        const QList<QCPGraph *> &graphs = panel.hostGraphs();
        QCOMPARE(graphs.size(), 1);
        QCOMPARE(graphs[0]->name(), QStringLiteral("bench-a (window mean)"));
        QCOMPARE(graphs[0]->dataCount(), 2);
        QCOMPARE(graphs[0]->data()->at(0)->key, 0.0);
        QCOMPARE(graphs[0]->data()->at(1)->key, 1.0);
        QCOMPARE(graphs[0]->data()->at(1)->value, 0.41);
    }

    // The Cores tile with the load on other hosts: before the window ends it names the hosts and
    // says when their cores come; then their sum against the server's, each host in the note,
    // and a saturated host's warning.
    void tilesNameTheLoadHosts()
    {
        LiveTiles tiles;
        charts::LiveWindow w;
        w.setLoadHosts({QStringLiteral("bench-a"), QStringLiteral("bench-b")});
        const run::CellRef cell{0, QStringLiteral("x"), QStringLiteral("health"), 8, 0};
        w.start(cell, 2);
        QCOMPARE(w.loadHosts().size(), 2); // kept by start()
        w.addInterval(update(cell, run::Phase::Measure, interval(0, 1, 1000)));
        tiles.showWindow(w, {});
        QCOMPARE(tiles.value(LiveTiles::Tile::Cores), QStringLiteral("0.80 / \u2026"));
        QCOMPARE(tiles.note(LiveTiles::Tile::Cores),
                 QStringLiteral("load from bench-a, bench-b: each host's cores once measuring"));
        QVERIFY(!tiles.saturatedWarningShown());
        // The hosts' generators of the latest interval, a host near its threads' cores saturated.
        run::IntervalUpdate e = update(cell, run::Phase::Measure, interval(1, 1, 1000));
        e.hostCores = {{QStringLiteral("bench-a"), 0.6}, {QStringLiteral("bench-b"), 0.5}};
        w.addInterval(e);
        tiles.showWindow(w, {});
        QCOMPARE(tiles.value(LiveTiles::Tile::Cores), QStringLiteral("0.80 / 1.10"));
        QCOMPARE(tiles.note(LiveTiles::Tile::Cores), QStringLiteral("bench-a 0.60, bench-b 0.50"));
        QVERIFY(!tiles.saturatedWarningShown());
        e.hostCores = {{QStringLiteral("bench-a"), 1.9}, {QStringLiteral("bench-b"), 0.5}};
        w.addInterval(e);
        tiles.showWindow(w, {});
        QCOMPARE(tiles.note(LiveTiles::Tile::Cores),
                 QStringLiteral("generator on bench-a saturated: 1.90 cores of its 2 threads"));
        QVERIFY(tiles.saturatedWarningShown());
        store::WindowRecord done;
        done.ok = 1000;
        done.elapsedS = 1;
        done.serverCpuS = 0.8;
        done.serverCoresMean = 0.8;
        done.gates.insert(
            QStringLiteral("load_hosts"),
            QJsonObject{{QStringLiteral("passed"), false},
                        {QStringLiteral("hosts"),
                         QJsonArray{QJsonObject{{QStringLiteral("host"), QStringLiteral("bench-a")},
                                                {QStringLiteral("threads"), 2},
                                                {QStringLiteral("generator_cores"), 1.97},
                                                {QStringLiteral("saturated"), true}},
                                    QJsonObject{{QStringLiteral("host"), QStringLiteral("bench-b")},
                                                {QStringLiteral("threads"), 2},
                                                {QStringLiteral("generator_cores"), 0.5}}}}});
        w.finish(done);
        QCOMPARE(w.hostCores().size(), 2);
        tiles.showWindow(w, {});
        QVERIFY2(tiles.value(LiveTiles::Tile::Cores).endsWith(QStringLiteral(" / 2.47")),
                 qPrintable(tiles.value(LiveTiles::Tile::Cores)));
        QCOMPARE(tiles.note(LiveTiles::Tile::Cores),
                 QStringLiteral("generator on bench-a saturated: 1.97 cores of its 2 threads"));
        QVERIFY(tiles.saturatedWarningShown());
        w.start(cell, 2);
        QVERIFY(w.hostCores().isEmpty());
    }

    // A single point is drawn as a marker: a line of one point draws nothing.
    void singlePointsAreMarkers()
    {
        charts::Timeline t;
        t.addInterval(interval(0, 1, 1000), false);
        ChartPanel panel;
        panel.setTimeline(&t);
        QSignalSpy replots(&panel, &ChartPanel::replotted);
        QVERIFY(replots.wait(5000));
        for (auto chart : {ChartPanel::Chart::Throughput, ChartPanel::Chart::Cores,
                           ChartPanel::Chart::Foreign}) {
            QCustomPlot *p = panel.plot(chart);
            bool marked = false;
            for (int i = 0; i < p->graphCount(); ++i)
                marked = marked || (p->graph(i)->dataCount() == 1 &&
                                    p->graph(i)->scatterStyle().shape() != QCPScatterStyle::ssNone);
            QVERIFY(marked);
        }
    }

    void liveWindowFigures()
    {
        charts::LiveWindow w;
        const run::CellRef cell{0, QStringLiteral("x"), QStringLiteral("health"), 8, 0};
        w.start(cell, 2);
        QVERIFY(!w.hasData());
        run::IntervalUpdate warm = update(cell, run::Phase::WarmUp, interval(0, 0.25, 400));
        w.addInterval(warm);
        QVERIFY(w.inWarmUp());
        QCOMPARE(w.okPerS(), 400.0);
        for (int i = 0; i < 2; ++i) {
            run::IntervalUpdate e =
                update(cell, run::Phase::Measure, interval(i, 0.5, i == 0 ? 1000 : 3000));
            e.interval.errors = 3;
            e.transportErrors = 1;
            e.inFlight = 8;
            e.interval.generatorPct = 190; // two threads near a full core each
            e.foreignTop = {run::ForeignProcess{QStringLiteral("cc1plus"), 42, 0.8}};
            w.addInterval(e);
        }
        QVERIFY(!w.inWarmUp());
        QCOMPARE(w.okPerS(), 2000.0); // (500 + 1500) 2xx over 1 s: the warm-up is not counted
        QCOMPARE(w.transportErrors(), 2);
        QCOMPARE(w.unexpected(), 4);
        QCOMPARE(w.errorsByKind().size(), 2);
        QVERIFY(w.generatorSaturated());
        QCOMPARE(w.foreignTop().first().name, QStringLiteral("cc1plus"));
        QCOMPARE(w.curve().size(), 3); // p50, p90, p99 of the last interval
        QCOMPARE(w.curve().last().latencyMs, 2.0);

        store::WindowRecord done;
        done.ok = 1800;
        done.elapsedS = 1;
        done.errors = QJsonObject{{QStringLiteral("timeout"), 2}, {QStringLiteral("read"), 0}};
        done.statusCounts = QJsonObject{{QStringLiteral("200"), 1800}, {QStringLiteral("503"), 5}};
        w.finish(done);
        QCOMPARE(w.okPerS(), 1800.0);
        const auto kinds = w.errorsByKind();
        QCOMPARE(kinds.size(), 2);
        QCOMPARE(kinds[0], (QPair<QString, qint64>{QStringLiteral("503"), 5}));
        QCOMPARE(kinds[1], (QPair<QString, qint64>{QStringLiteral("timeout"), 2}));
        w.start(cell, 2);
        QVERIFY(!w.generatorSaturated());
    }

    void tilesSayWhatTheWindowReads()
    {
        LiveTiles tiles;
        charts::LiveWindow w;
        const run::CellRef cell{0, QStringLiteral("x"), QStringLiteral("health"), 8, 0};
        w.start(cell, 1);
        run::IntervalUpdate e = update(cell, run::Phase::Measure, interval(0, 1, 1000));
        e.interval.generatorPct = 95;
        w.addInterval(e);
        LiveTiles::Earlier earlier;
        earlier.count = 2;
        earlier.okPerS = 800;
        earlier.okSpread = 0.05;
        tiles.showWindow(w, earlier);
        QCOMPARE(tiles.value(LiveTiles::Tile::Throughput), QStringLiteral("1000"));
        QVERIFY2(tiles.note(LiveTiles::Tile::Throughput).contains(QStringLiteral("+25.0 %")),
                 qPrintable(tiles.note(LiveTiles::Tile::Throughput)));
        QVERIFY(tiles.note(LiveTiles::Tile::Throughput).contains(QStringLiteral("\u00b15.0 %")));
        QVERIFY(tiles.saturatedWarningShown());
        QVERIFY(tiles.note(LiveTiles::Tile::Cores).contains(QStringLiteral("generator saturated")));
        tiles.clear();
        QVERIFY(!tiles.saturatedWarningShown());
    }

    // The Run page draws its curve twice a second: the graphs are reused, ghosts beneath, the
    // legend names only the named curves, and the ticker is kept while its ticks are the same.
    void percentileCurvesReuseTheirGraphs()
    {
        QCustomPlot plot;
        plot.resize(300, 200);
        const QVector<charts::PercentilePoint> three{{1, 0, 1.0}, {10, 90, 2.0}, {100, 99, 3.0}};
        const QColor colour(Qt::blue);
        charts::drawPercentileCurves(&plot,
                                     {{three, QStringLiteral("earlier rounds"), colour, true},
                                      {three, QString(), colour, true},
                                      {three, QStringLiteral("last interval"), colour, false}});
        QCOMPARE(plot.graphCount(), 3);
        QCOMPARE(plot.legend->itemCount(), 2);
        QCPGraph *first = plot.graph(0);
        const auto ticker = plot.xAxis->ticker();
        charts::drawPercentileCurves(&plot,
                                     {{three, QStringLiteral("last interval"), colour, false},
                                      {three, QStringLiteral("earlier rounds"), colour, true}});
        QCOMPARE(plot.graphCount(), 2);
        QCOMPARE(plot.graph(0), first);                                    // reused
        QCOMPARE(plot.graph(0)->name(), QStringLiteral("earlier rounds")); // the ghost beneath
        QCOMPARE(plot.graph(0)->pen().widthF(), 1.0);
        QCOMPARE(plot.graph(1)->name(), QStringLiteral("last interval"));
        QCOMPARE(plot.legend->itemCount(), 2);
        QCOMPARE(plot.xAxis->ticker(), ticker); // same ticks, same ticker
        QCOMPARE(plot.yAxis->range().upper, 3.0 * 1.1);
    }

    void stripGroupsWindowsByCell()
    {
        charts::RunStripData s;
        const QString a = QStringLiteral("x|health|4");
        const QString b = QStringLiteral("x|health|32");
        s.setLayout({a, b}, 2);
        QCOMPARE(s.slotX(a, 0), 0.0);
        QCOMPARE(s.slotX(a, 1), 1.0);
        QCOMPARE(s.slotX(b, 0), 3.0); // two rounds, then a gap
        QCOMPARE(s.lastX(), 4.0 + 0.5);
        s.addWindow({b, 0, 1, 0, true, 100, 1, 0.5, 7, {}});
        s.addWindow({a, 0, 0, 0, false, 50, 1, 0.5, 8, {}});
        s.addWindow({a, 0, 0, 1, true, 90, 1, 0.5, 9, {}});
        QCOMPARE(s.windowAt(4.2)->windowId, 7);
        QCOMPARE(s.windowAt(0.1)->windowId, 9); // the valid attempt, not the invalid one
        QVERIFY(!s.windowAt(2.0));
        // A third round of a (a resume with more rounds) widens its group.
        s.addWindow({a, 0, 2, 0, true, 90, 1, 0.5, 10, {}});
        QCOMPARE(s.slotX(b, 0), 4.0);
        s.setCurrent(b, 1);
        QCOMPARE(s.currentX(), 5.0);
        // A cell the layout did not name joins at the end.
        s.addWindow({QStringLiteral("y|health|4"), 1, 0, 0, true, 1, 1, 1, 11, {}});
        QCOMPARE(s.slotX(QStringLiteral("y|health|4"), 0), 7.0);
    }
};

QTEST_MAIN(TestLiveView)
#include "tst_liveview.moc"
