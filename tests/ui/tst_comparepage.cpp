// The Compare page on stored runs: it shows, cell by cell, the verdicts `stackbench compare
// --format json` prints (2xx/s and per CPU-second, with and without a noise floor) and, for one
// run, those of `stackbench report --format json`; it lists the store's runs with check boxes
// and the A/A runs as noise floors, labels runs from another machine, drops the results of
// superseded requests, and exports the chart shown.
#include "comparefixture.h"
#include "ui/mainwindow.h"
#include "ui/models/comparemodel.h"
#include "ui/pages/comparepage.h"
#include "ui/storeservice.h"
#include "ui/widgets/chartview.h"
#include "uitest.h"

#include <QAbstractAxis>
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QChart>
#include <QComboBox>
#include <QFileInfo>
#include <QGraphicsLineItem>
#include <QGraphicsTextItem>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLegend>
#include <QLegendMarker>
#include <QMenu>
#include <QProcess>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QXYSeries>
#include <QXmlStreamReader>

using namespace sb;

namespace {

// stackbench ARGS... --format json, parsed; an empty object when it fails.
QJsonObject cliJson(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(STACKBENCH_BIN),
            args + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        qWarning("stackbench %s failed: %s", qPrintable(args.join(u' ')),
                 p.readAllStandardError().constData());
        return {};
    }
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

struct Verdict
{
    QString verdict;
    double ratio = 0;
};

// (run, configuration, route, concurrency) -> verdict and ratio, of the page's table.
QMap<QString, Verdict> pageVerdicts(const CompareModel &m)
{
    QMap<QString, Verdict> out;
    for (int r = 0; r < m.rowCount(); ++r) {
        const QModelIndex i = m.index(r, CompareModel::ConfigurationColumn);
        const QString key =
            QStringLiteral("%1 %2 %3 c=%4")
                .arg(i.data(CompareModel::RunIdRole).toString(), i.data().toString(),
                     i.data(CompareModel::RouteRole).toString())
                .arg(i.data(CompareModel::ConcurrencyRole).toInt());
        const QString v = i.data(CompareModel::VerdictKeyRole).toString();
        if (v != QLatin1String("baseline"))
            out.insert(key, {v, i.data(CompareModel::RatioRole).toDouble()});
    }
    return out;
}

// The same from the JSON's "ratios" of `metric`; `run` for a report (it has no "run" field).
QMap<QString, Verdict> cliVerdicts(const QJsonObject &o, const QString &metric,
                                   const QString &run = QString())
{
    QMap<QString, Verdict> out;
    for (const QJsonValue &v : o.value(QStringLiteral("ratios")).toArray()) {
        const QJsonObject r = v.toObject();
        if (r.value(QStringLiteral("metric")).toString() != metric)
            continue;
        const QString key =
            QStringLiteral("%1 %2 %3 c=%4")
                .arg(run.isEmpty() ? r.value(QStringLiteral("run")).toString() : run,
                     r.value(QStringLiteral("configuration")).toString(),
                     r.value(QStringLiteral("route")).toString())
                .arg(r.value(QStringLiteral("concurrency")).toInt());
        out.insert(key, {r.value(QStringLiteral("verdict")).toString(),
                         r.value(QStringLiteral("ratio")).toDouble()});
    }
    return out;
}

void compareVerdicts(const QMap<QString, Verdict> &page, const QMap<QString, Verdict> &cli)
{
    QCOMPARE(page.keys(), cli.keys());
    for (auto it = cli.begin(); it != cli.end(); ++it) {
        QCOMPARE(page[it.key()].verdict, it->verdict);
        QVERIFY2(qAbs(page[it.key()].ratio - it->ratio) <= 1e-9 * it->ratio, qPrintable(it.key()));
    }
}

// What of `view`'s chart is not shown whole: its title and each axis title drawn elided or
// outside the view, and a legend smaller than its entries need (an entry cut or elided) or
// outside the view.
QStringList cutParts(ChartView *view)
{
    QStringList out;
    QChart *chart = view->chart();
    const QRectF shown = view->mapToScene(view->viewport()->rect()).boundingRect();
    QHash<QString, const QGraphicsTextItem *> texts;
    for (const QGraphicsItem *item : view->scene()->items())
        if (const auto *t = dynamic_cast<const QGraphicsTextItem *>(item); t && t->isVisible())
            texts.insert(t->toPlainText(), t);
    QLegend *legend = chart->legend();
    for (auto it = texts.cbegin(); it != texts.cend(); ++it)
        if (!legend->isAncestorOf(it.value()) &&
            (it.key().endsWith(QStringLiteral("...")) || it.key().endsWith(QChar(0x2026))))
            out << QStringLiteral("label elided: ") + it.key();
    QStringList titles{chart->title()};
    for (const QAbstractAxis *axis : chart->axes())
        titles << axis->titleText();
    for (const QString &title : titles) {
        if (title.isEmpty())
            continue;
        const QGraphicsTextItem *t = texts.value(title);
        if (!t)
            out << QStringLiteral("elided: ") + title;
        else if (!shown.adjusted(-0.5, -0.5, 0.5, 0.5).contains(t->sceneBoundingRect()))
            out << QStringLiteral("outside: ") + title;
    }
    // The legend's entries are text items inside it; one outside its box is cut off.
    if (!legend->isVisible())
        return out;
    const QRectF box = legend->sceneBoundingRect().adjusted(-0.5, -0.5, 0.5, 0.5);
    if (!shown.adjusted(-0.5, -0.5, 0.5, 0.5).contains(box))
        out << QStringLiteral("legend outside the view");
    QStringList labels;
    for (const QLegendMarker *m : legend->markers())
        if (m->isVisible())
            labels << m->label();
    std::function<void(const QGraphicsItem *)> visit = [&](const QGraphicsItem *item) {
        for (const QGraphicsItem *child : item->childItems()) {
            if (!child->isVisible())
                continue;
            if (const auto *t = dynamic_cast<const QGraphicsTextItem *>(child)) {
                const QString text = t->toPlainText();
                if (!box.contains(t->sceneBoundingRect()))
                    out << QStringLiteral("legend entry cut: ") + text;
                // An elided name is whole in its tooltip.
                if (!labels.removeOne(text) && !legend->showToolTips())
                    out << QStringLiteral("legend entry elided without a tooltip: ") + text;
            }
            visit(child);
        }
    };
    visit(legend);
    return out;
}

} // namespace

class TestComparePage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toUtf8());
        m_store = m_dir.filePath(QStringLiteral("runs.sqlite"));
        QCOMPARE(test::writeFixtureStore(m_store, m_ids), QString());
    }

    void init() { QTest::failOnWarning(test::anyWarningOfOurs()); }

    void verdictsAsStackbenchCompare_data()
    {
        QTest::addColumn<QStringList>("runs");
        QTest::addColumn<bool>("perCpu");
        QTest::addColumn<bool>("noiseFloor");
        const test::FixtureStore ids;
        QTest::newRow("2xx/s") << QStringList{ids.a, ids.b} << false << false;
        QTest::newRow("per CPU-s") << QStringList{ids.a, ids.b} << true << false;
        QTest::newRow("noise floor") << QStringList{ids.a, ids.b} << false << true;
        QTest::newRow("three runs, B first") << QStringList{ids.b, ids.a, ids.c} << false << false;
    }
    void verdictsAsStackbenchCompare()
    {
        QFETCH(QStringList, runs);
        QFETCH(bool, perCpu);
        QFETCH(bool, noiseFloor);
        StoreService service;
        service.setLocation(m_store);
        ComparePage page(&service);
        QAbstractItemModelTester tester(page.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy listed(&page, &ComparePage::runsListed);
        QTRY_VERIFY_WITH_TIMEOUT(listed.size() >= 1, 30000);
        if (noiseFloor) {
            const int i = page.noiseFloorBox()->findData(m_ids.aa);
            QVERIFY(i > 0);
            page.noiseFloorBox()->setCurrentIndex(i);
        }
        page.setPerCpu(perCpu);
        QSignalSpy shown(&page, &ComparePage::comparisonShown);
        page.compareRuns(runs);
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 1, 30000);
        QVERIFY(page.model()->rowCount() > 0);

        const QString metric = perCpu ? QStringLiteral("per_cpu_s") : QStringLiteral("ok_per_s");
        QStringList args{QStringLiteral("compare")};
        args << runs << QStringLiteral("--metric") << metric << QStringLiteral("--store")
             << m_store;
        if (noiseFloor)
            args << QStringLiteral("--noise-floor") << m_ids.aa;
        const QJsonObject cli = cliJson(args);
        QVERIFY(!cli.isEmpty());
        compareVerdicts(pageVerdicts(*page.model()), cliVerdicts(cli, metric));
        QCOMPARE(page.differencesText().isEmpty(),
                 cli.value(QStringLiteral("differences")).toArray().isEmpty());
        if (noiseFloor)
            QVERIFY(page.statusText().contains(QStringLiteral("2.0 %")));
    }

    void configurationsAsStackbenchReport()
    {
        StoreService service;
        service.setLocation(m_store);
        ComparePage page(&service);
        QSignalSpy shown(&page, &ComparePage::comparisonShown);
        page.compareRuns({m_ids.a});
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 1, 30000);
        const QJsonObject cli =
            cliJson({QStringLiteral("report"), m_ids.a, QStringLiteral("--store"), m_store});
        compareVerdicts(pageVerdicts(*page.model()),
                        cliVerdicts(cli, QStringLiteral("ok_per_s"), m_ids.a));
        // The baseline is the run's first configuration; picking the other compares against it.
        QCOMPARE(page.baselineBox()->count(), 2);
        QCOMPARE(page.baselineBox()->currentData().toString(), QStringLiteral("fast"));
        page.baselineBox()->setCurrentIndex(1);
        Q_EMIT page.baselineBox()->activated(1);
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 2, 30000);
        const QJsonObject slow =
            cliJson({QStringLiteral("report"), m_ids.a, QStringLiteral("--baseline"),
                     QStringLiteral("slow"), QStringLiteral("--store"), m_store});
        page.setPerCpu(true);
        compareVerdicts(pageVerdicts(*page.model()),
                        cliVerdicts(slow, QStringLiteral("per_cpu_s"), m_ids.a));
    }

    void runListTicksCompare()
    {
        StoreService service;
        service.setLocation(m_store);
        ComparePage page(&service);
        QSignalSpy listed(&page, &ComparePage::runsListed);
        QTRY_VERIFY_WITH_TIMEOUT(listed.size() >= 1, 30000);
        QTreeWidget *runs = page.runList();
        QCOMPARE(runs->topLevelItemCount(), 4);
        QCOMPARE(page.noiseFloorBox()->count(), 2); // none, the A/A run
        auto item = [runs](const QString &id) {
            return runs->findItems(id, Qt::MatchExactly).value(0);
        };
        QSignalSpy shown(&page, &ComparePage::comparisonShown);
        item(m_ids.b)->setCheckState(0, Qt::Checked);
        item(m_ids.c)->setCheckState(0, Qt::Checked); // the same pass: one comparison
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 1, 30000);
        QCOMPARE(page.selectedRuns(), (QStringList{m_ids.b, m_ids.c}));
        QCOMPARE(page.model()->index(0, CompareModel::RunColumn).data().toString(), m_ids.b);
        // Run C ran on another machine with another revision: labelled.
        QVERIFY(page.differencesText().contains(QStringLiteral("another machine")));
        // The baseline picker puts C first.
        QCOMPARE(page.baselineBox()->count(), 2);
        page.baselineBox()->setCurrentIndex(1);
        Q_EMIT page.baselineBox()->activated(1);
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 2, 30000);
        QCOMPARE(page.selectedRuns(), (QStringList{m_ids.c, m_ids.b}));
        QCOMPARE(page.model()->index(0, CompareModel::RunColumn).data().toString(), m_ids.c);
        // compareRuns (History's way in) ticks its runs in the list.
        page.compareRuns({m_ids.a, m_ids.b});
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 3, 30000);
        QTRY_COMPARE_WITH_TIMEOUT(item(m_ids.a)->checkState(0), Qt::Checked, 30000);
        QCOMPARE(item(m_ids.c)->checkState(0), Qt::Unchecked);
        // Unticking everything empties the table.
        item(m_ids.a)->setCheckState(0, Qt::Unchecked);
        item(m_ids.b)->setCheckState(0, Qt::Unchecked);
        QTRY_COMPARE_WITH_TIMEOUT(page.model()->rowCount(), 0, 30000);
    }

    // A store that does not exist yet (a first start) is no error: the page says where runs
    // will appear.
    void manyDifferencesLeaveRoomForTheTable()
    {
        // Four runs, three of them from another machine and revision, the A/A run without most
        // cells: a dozen notes, of which the page shows three and a count, the rest on hover.
        StoreService service;
        service.setLocation(m_store);
        ComparePage page(&service);
        QSignalSpy shown(&page, &ComparePage::comparisonShown);
        page.compareRuns({m_ids.c, m_ids.b, m_ids.a, m_ids.aa});
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 1, 30000);
        const QStringList all = page.differencesText().split(QLatin1Char('\n'));
        QVERIFY2(all.size() > 6, qPrintable(page.differencesText()));
        const QStringList lines = page.differencesShown().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 5); // the heading, three notes, the count
        QCOMPARE(lines.mid(0, 4), all.mid(0, 4));
        QVERIFY2(lines.last().contains(QString::number(all.size() - 4)), qPrintable(lines.last()));
    }

    void aStoreNotYetCreatedIsNoError()
    {
        const QString nowhere = m_dir.filePath(QStringLiteral("not-yet.sqlite"));
        StoreService service;
        service.setLocation(nowhere);
        ComparePage page(&service);
        QSignalSpy listed(&page, &ComparePage::runsListed);
        QTRY_VERIFY_WITH_TIMEOUT(listed.size() >= 1, 30000);
        QCOMPARE(page.runList()->topLevelItemCount(), 0);
        QVERIFY2(page.statusText().startsWith(QStringLiteral("No run is stored in ")),
                 qPrintable(page.statusText()));
        QVERIFY(page.statusText().contains(nowhere));
        QVERIFY(!QFileInfo::exists(nowhere));
        // Runs stored later, the list refreshed: the status no longer says there is none.
        QCOMPARE(test::writeFixtureStore(nowhere, m_ids), QString());
        page.refreshRuns();
        QTRY_COMPARE_WITH_TIMEOUT(page.runList()->topLevelItemCount(), 4, 30000);
        QVERIFY2(!page.statusText().contains(QStringLiteral("No run is stored")),
                 qPrintable(page.statusText()));
        QVERIFY(page.statusText().startsWith(QStringLiteral("Tick two or more runs")));
        // An empty list again (another store, empty): said again.
        const QString empty = m_dir.filePath(QStringLiteral("empty.sqlite"));
        QVERIFY(store::RunStore::open(empty).ok());
        service.setLocation(empty);
        QTRY_COMPARE_WITH_TIMEOUT(page.runList()->topLevelItemCount(), 0, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(page.statusText().contains(empty), 30000);
    }

    void onlyTheLatestRequestIsShown()
    {
        StoreService service;
        service.setLocation(m_store);
        ComparePage page(&service);
        QSignalSpy shown(&page, &ComparePage::comparisonShown);
        page.compareRuns({m_ids.a, m_ids.c});
        page.compareRuns({m_ids.a});
        page.compareRuns({m_ids.b, m_ids.a});
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 1, 30000);
        // The earlier requests were superseded: not shown.
        QTRY_COMPARE_WITH_TIMEOUT(service.pending(), 0, 30000);
        QCOMPARE(shown.size(), 1);
        QCOMPARE(page.model()->result().source.runs.first().run.id, m_ids.b);
        QCOMPARE(page.model()->result().source.runs.size(), 2);
    }

    void errorsAreShown()
    {
        StoreService service;
        service.setLocation(m_store);
        ComparePage page(&service);
        QSignalSpy failed(&page, &ComparePage::comparisonFailed);
        page.compareRuns({m_ids.a, QStringLiteral("20990101-000000-ffff")});
        QTRY_VERIFY_WITH_TIMEOUT(failed.size() == 1, 30000);
        QVERIFY(page.statusText().contains(QStringLiteral("20990101-000000-ffff")));
        QCOMPARE(page.model()->rowCount(), 0);
    }

    void chartsFollowTheTableAndExport()
    {
        StoreService service;
        service.setLocation(m_store);
        ComparePage page(&service);
        page.resize(1300, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QSignalSpy shown(&page, &ComparePage::comparisonShown);
        page.compareRuns({m_ids.a, m_ids.b});
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 1, 30000);
        QCOMPARE(page.chartViews().size(), 6);
        page.chartTabs()->setCurrentIndex(ComparePage::MemoryTab);
        QVERIFY(page.currentChartView()->chart()->title().contains(QStringLiteral("Peak RSS")));
        // Picking a row charts its route and concurrency.
        const CompareModel &m = *page.model();
        int row = -1;
        for (int r = 0; r < m.rowCount() && row < 0; ++r)
            if (m.index(r, 0).data(CompareModel::RouteRole) == QStringLiteral("echo") &&
                m.index(r, 0).data(CompareModel::ConcurrencyRole) == 1)
                row = r;
        QVERIFY(row >= 0);
        page.table()->setCurrentIndex(m.index(row, CompareModel::RatioColumn));
        QCOMPARE(page.chartRoute(), QStringLiteral("echo"));
        QCOMPARE(page.chartConcurrency(), 1);
        page.chartTabs()->setCurrentIndex(ComparePage::PercentileTab);
        QVERIFY(page.currentChartView()->chart()->title().contains(QStringLiteral("echo c=1")));
        const QString svg = m_dir.filePath(QStringLiteral("percentiles.svg"));
        QVERIFY(page.exportCurrentChart(svg).ok());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&f);
        QVERIFY(xml.readNextStartElement());
        QCOMPARE(xml.name().toString(), QStringLiteral("svg"));
        const QString pdf = m_dir.filePath(QStringLiteral("timeline.pdf"));
        page.chartTabs()->setCurrentIndex(ComparePage::TimelineTab);
        QVERIFY(page.exportCurrentChart(pdf).ok());
        QFile p(pdf);
        QVERIFY(p.open(QIODevice::ReadOnly));
        QVERIFY(p.read(4) == "%PDF");
        // The toggle redraws the box plots per CPU-second.
        page.setPerCpu(true);
        QVERIFY(page.chartViews().first()->chart()->title().contains(QStringLiteral("CPU")));
    }

    // The Export menu (the page's button and File ▸ Export chart): the chart shown in the three
    // formats (in the tab with two, the one last clicked) and the HTML report, once a run is
    // compared.
    void exportMenuNamesTheChartShown()
    {
        StoreService service;
        service.setLocation(m_store);
        ComparePage page(&service);
        page.resize(1300, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QMenu *menu = page.exportMenu();
        QVERIFY(menu);
        auto actions = [menu] {
            Q_EMIT menu->aboutToShow();
            QStringList out;
            for (QAction *a : menu->actions())
                if (!a->isSeparator())
                    out << a->objectName() + (a->isEnabled() ? QString() : QStringLiteral(" off"));
            return out;
        };
        page.chartTabs()->setCurrentIndex(ComparePage::BoxPlotTab);
        QCOMPARE(actions(), (QStringList{QStringLiteral("actionExportChartPNG off"),
                                         QStringLiteral("actionExportChartSVG off"),
                                         QStringLiteral("actionExportChartPDF off"),
                                         QStringLiteral("actionExportComparedHtml off")}));
        QSignalSpy shown(&page, &ComparePage::comparisonShown);
        page.compareRuns({m_ids.a, m_ids.b});
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 1, 30000);
        QCOMPARE(actions(), (QStringList{QStringLiteral("actionExportChartPNG"),
                                         QStringLiteral("actionExportChartSVG"),
                                         QStringLiteral("actionExportChartPDF"),
                                         QStringLiteral("actionExportComparedHtml")}));
        QVERIFY(menu->actions().constLast()->text().contains(m_ids.a));
        // Against concurrency: the throughput chart until the latency chart is clicked.
        page.chartTabs()->setCurrentIndex(ComparePage::ConcurrencyTab);
        ChartView *latency = page.chartViews().at(2);
        actions();
        QVERIFY(!menu->actions().first()->text().contains(latency->chart()->title()));
        QCOMPARE(page.currentChartView(), page.chartViews().at(1));
        QTest::mouseClick(latency->viewport(), Qt::LeftButton);
        QCOMPARE(page.currentChartView(), latency);
        actions();
        QVERIFY2(menu->actions().first()->text().contains(latency->chart()->title()),
                 qPrintable(menu->actions().first()->text()));
        const QString svg = m_dir.filePath(QStringLiteral("latency.svg"));
        QVERIFY(page.exportCurrentChart(svg).ok());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains(latency->chart()->title().toUtf8()));
    }

    // In the workbench: File ▸ Export chart is the page's menu, and the page lists the main
    // window's store.
    void inTheMainWindow()
    {
        MainWindow window;
        ComparePage *page = window.comparePage();
        QVERIFY(page);
        auto *file = window.findChild<QMenu *>(QStringLiteral("fileMenu"));
        QVERIFY(file);
        QVERIFY(file->actions().contains(page->exportMenu()->menuAction()));
        QSignalSpy listed(page, &ComparePage::runsListed);
        window.setStoreLocation(m_store);
        QCOMPARE(window.storeService()->location(), m_store);
        QTRY_COMPARE_WITH_TIMEOUT(page->runList()->topLevelItemCount(), 4, 30000);
    }

    // Runs differ by dash on the line charts, and p50 from p99 on the latency chart: each legend
    // entry draws a piece of its series' line in the series' pen (not a filled square), and
    // every dash a chart draws is shown in its legend.
    void legendShowsTheDashes()
    {
        StoreService service;
        service.setLocation(m_store);
        ComparePage page(&service);
        page.resize(1300, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QSignalSpy shown(&page, &ComparePage::comparisonShown);
        page.compareRuns({m_ids.a, m_ids.b, m_ids.c});
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 1, 30000);
        int lineCharts = 0;
        for (int tab = 0; tab < ComparePage::ChartTabCount; ++tab) {
            page.chartTabs()->setCurrentIndex(tab);
            QApplication::processEvents();
            for (ChartView *view : page.chartViews()) {
                if (!view->isVisible())
                    continue;
                QChart *chart = view->chart();
                QLegend *legend = chart->legend();
                QSet<int> drawn; // the pen styles of the lines the chart draws
                int entries = 0;
                for (QAbstractSeries *series : chart->series()) {
                    auto *xy = qobject_cast<QXYSeries *>(series);
                    if (!xy)
                        continue;
                    if (xy->count() > 0)
                        drawn << int(xy->pen().style());
                    for (QLegendMarker *m : legend->markers(xy)) {
                        if (!m->isVisible())
                            continue;
                        ++entries;
                        const QLegend::MarkerShape shape = m->shape() == QLegend::MarkerShapeDefault
                                                               ? legend->markerShape()
                                                               : m->shape();
                        QCOMPARE(shape, QLegend::MarkerShapeFromSeries);
                    }
                }
                if (drawn.isEmpty()) {
                    // Boxes and bars: each entry a square filled in its series' colour.
                    int filled = 0;
                    for (QLegendMarker *m : legend->markers())
                        filled += m->isVisible() && m->brush().style() != Qt::NoBrush &&
                                          (m->shape() == QLegend::MarkerShapeDefault
                                               ? legend->markerShape()
                                               : m->shape()) != QLegend::MarkerShapeFromSeries
                                      ? 1
                                      : 0;
                    QVERIFY2(filled == 6, qPrintable(chart->title())); // 3 runs x 2 configurations
                    continue;
                }
                ++lineCharts;
                // What the legend draws: a line item per entry, in its series' pen.
                QSet<int> legendStyles;
                int lines = 0;
                std::function<void(const QGraphicsItem *)> visit = [&](const QGraphicsItem *i) {
                    for (const QGraphicsItem *child : i->childItems()) {
                        if (const auto *l = qgraphicsitem_cast<const QGraphicsLineItem *>(child);
                            l && l->isVisible()) {
                            legendStyles << int(l->pen().style());
                            ++lines;
                            // Long enough for a dash and its gap (Qt's dash: 4 + 2 pen widths).
                            QVERIFY2(l->line().length() >= 6 * l->pen().widthF(),
                                     qPrintable(QString::number(l->line().length())));
                        }
                        visit(child);
                    }
                };
                visit(legend);
                QCOMPARE(lines, entries);
                for (int style : drawn)
                    QVERIFY2(legendStyles.contains(style),
                             qPrintable(QStringLiteral("%1: pen style %2 is not in the legend")
                                            .arg(chart->title())
                                            .arg(style)));
            }
        }
        QCOMPARE(lineCharts, 4); // against concurrency (2), percentiles, timelines
        // The latency chart: one entry per series, and the two dashes of p50 and p99.
        page.chartTabs()->setCurrentIndex(ComparePage::ConcurrencyTab);
        QStringList names;
        for (QLegendMarker *m : page.chartViews().at(2)->chart()->legend()->markers())
            if (m->isVisible())
                names << m->label();
        QCOMPARE(names.size(), 3 * 2 + 2);
        QCOMPARE(names.mid(6), (QStringList{QStringLiteral("p50"), QStringLiteral("p99")}));
    }

    // At 1280x720 and 1280x800, in the workbench with its docks, with two and three runs: every
    // chart shows its title, its axis titles and its whole legend.
    void chartsFitSmallScreens_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("runs");
        for (const QSize size : {QSize(1280, 720), QSize(1280, 800)})
            for (int runs : {2, 3})
                QTest::addRow("%dx%d, %d runs", size.width(), size.height(), runs) << size << runs;
    }
    void chartsFitSmallScreens()
    {
        QFETCH(QSize, size);
        QFETCH(int, runs);
        MainWindow window;
        window.setStoreLocation(m_store);
        window.showPage(MainWindow::ComparePageIndex);
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ComparePage *page = window.comparePage();
        QSignalSpy shown(page, &ComparePage::comparisonShown);
        page->compareRuns(QStringList{m_ids.a, m_ids.b, m_ids.c}.mid(0, runs));
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 1, 30000);
        QStringList cut;
        for (bool perCpu : {false, true}) {
            page->setPerCpu(perCpu);
            for (int tab = 0; tab < ComparePage::ChartTabCount; ++tab) {
                page->chartTabs()->setCurrentIndex(tab);
                QApplication::processEvents();
                for (ChartView *view : page->chartViews())
                    if (view->isVisible())
                        for (const QString &part : cutParts(view))
                            cut << QStringLiteral("%1 (%2x%3): %4")
                                       .arg(view->chart()->title())
                                       .arg(view->width())
                                       .arg(view->height())
                                       .arg(part);
            }
        }
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(u'\n')));
    }

    // Export ▸ HTML of runs compared writes the comparison shown, not the baseline run's report:
    // each compared cell with the ratio and verdict the table shows, for both metrics.
    void exportsTheComparisonAsHtml()
    {
        StoreService service;
        service.setLocation(m_store);
        ComparePage page(&service);
        QSignalSpy shown(&page, &ComparePage::comparisonShown);
        page.compareRuns({m_ids.b, m_ids.a, m_ids.c});
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 1, 30000);
        QCOMPARE(page.htmlExport(), CompareHtml::Comparison);
        Q_EMIT page.exportMenu()->aboutToShow();
        const QString text = page.exportMenu()->actions().constLast()->text();
        QVERIFY2(text.contains(QStringLiteral("comparison")) && text.contains(m_ids.b),
                 qPrintable(text));
        const QString html = exported(page, QStringLiteral("compare.html"));
        QVERIFY(html.contains(QStringLiteral(">Stackbench: runs %1, %2 against run %3</h1>")
                                  .arg(m_ids.a, m_ids.c, m_ids.b)));
        for (const char *heading : {"Summary", "Setup", "Environment", "Where the ceiling is"})
            QVERIFY2(!html.contains(QStringLiteral(">%1</h2>").arg(QLatin1String(heading))),
                     heading);
        QVERIFY(!html.contains(QStringLiteral("fixture: run")));
        // Every row the table shows, for either metric, with its ratio and verdict.
        CompareModel &m = *page.model();
        int rows = 0;
        for (bool perCpu : {false, true}) {
            page.setPerCpu(perCpu);
            const qsizetype metric = html.indexOf(perCpu ? QStringLiteral("<code>per_cpu_s</code>")
                                                         : QStringLiteral("<code>ok_per_s</code>"));
            QVERIFY(metric > 0);
            for (int r = 0; r < m.rowCount(); ++r) {
                const QModelIndex i = m.index(r, CompareModel::ConfigurationColumn);
                if (i.data(CompareModel::VerdictKeyRole).toString() == QLatin1String("baseline"))
                    continue;
                const qsizetype route =
                    html.indexOf(QStringLiteral("Route <code>%1</code>")
                                     .arg(i.data(CompareModel::RouteRole).toString()),
                                 metric);
                const QString cells =
                    QStringLiteral("<tr><td>%1</td><td>%2</td><td class=\"n\">%3</td>")
                        .arg(i.data(CompareModel::RunIdRole).toString(), i.data().toString())
                        .arg(i.data(CompareModel::ConcurrencyRole).toInt());
                const qsizetype at = html.indexOf(cells, route);
                QVERIFY2(route > 0 && at > 0, qPrintable(cells));
                const QString row = html.mid(at, html.indexOf(QStringLiteral("</tr>"), at) - at);
                for (int column :
                     {int(CompareModel::RatioColumn), int(CompareModel::VerdictColumn)})
                    QVERIFY2(row.contains(m.index(r, column).data().toString()), qPrintable(row));
                ++rows;
            }
        }
        QCOMPARE(rows, 2 * 16);
        // An unwritable path says which.
        QSignalSpy failed(&page, &ComparePage::htmlExportFailed);
        page.exportHtml(m_dir.filePath(QStringLiteral("no/such/dir/x.html")));
        QTRY_VERIFY_WITH_TIMEOUT(failed.size() == 1, 30000);
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("no/such/dir")));
        QVERIFY(page.statusText().contains(QStringLiteral("no/such/dir")));
    }

    // Names from a plan or an imported export are text in the exported page, never markup.
    void theComparisonsHtmlEscapesNames()
    {
        const QString path = m_dir.filePath(QStringLiteral("hostile.sqlite"));
        {
            auto opened = store::RunStore::open(path);
            QVERIFY(opened.ok());
            for (const QString &id : {m_ids.a, m_ids.b}) {
                test::FixtureRun run;
                run.id = id;
                run.configurations = {QStringLiteral("<script>alert(1)</script>"),
                                      QStringLiteral("a&b \"<i>")};
                run.routes = {QStringLiteral("<b>health</b>")};
                run.okPerS = test::baseRate;
                QCOMPARE(test::writeFixtureRun(**opened, run), QString());
            }
        }
        StoreService service;
        service.setLocation(path);
        ComparePage page(&service);
        QSignalSpy shown(&page, &ComparePage::comparisonShown);
        page.compareRuns({m_ids.a, m_ids.b});
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 1, 30000);
        const QString html = exported(page, QStringLiteral("hostile.html"));
        for (const char *raw : {"<script", "<b>", "<i>", "a&b"})
            QVERIFY2(!html.contains(QLatin1String(raw)), raw);
        QVERIFY(html.contains(QStringLiteral("&lt;script&gt;alert(1)&lt;/script&gt;")));
        QVERIFY(html.contains(QStringLiteral("a&amp;b &quot;&lt;i&gt;")));
        QVERIFY(html.contains(QStringLiteral("Route <code>&lt;b&gt;health&lt;/b&gt;</code>")));
    }

    // One run's configurations: Export ▸ HTML writes that run's report, with the baseline
    // configuration picked on the page.
    void exportsOneRunsHtmlReport()
    {
        StoreService service;
        service.setLocation(m_store);
        ComparePage page(&service);
        QCOMPARE(page.htmlExport(), CompareHtml::None);
        QSignalSpy shown(&page, &ComparePage::comparisonShown);
        page.compareRuns({m_ids.b});
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 1, 30000);
        page.baselineBox()->setCurrentIndex(1);
        Q_EMIT page.baselineBox()->activated(1);
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() == 2, 30000);
        QCOMPARE(page.htmlExport(), CompareHtml::RunReport);
        Q_EMIT page.exportMenu()->aboutToShow();
        QVERIFY(page.exportMenu()->actions().constLast()->text().contains(
            QStringLiteral("report of run %1").arg(m_ids.b)));
        const QString html = exported(page, QStringLiteral("b.html"));
        QVERIFY(html.contains(QStringLiteral("<h1 id=\"fixture-run-%1\">").arg(m_ids.b)));
        QVERIFY(html.contains(QStringLiteral("Baseline: <code>slow</code>")));
        QVERIFY(html.contains(QStringLiteral("<svg ")));
    }

private:
    // Export ▸ HTML of what `page` shows into the test's directory as `name`: the file's text.
    QString exported(ComparePage &page, const QString &name)
    {
        const QString path = m_dir.filePath(name);
        QSignalSpy written(&page, &ComparePage::htmlExported);
        page.exportHtml(path);
        if (!QTest::qWaitFor([&] { return written.size() == 1; }, 30000))
            return QString();
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

    QTemporaryDir m_dir;
    QString m_store;
    test::FixtureStore m_ids;
};

QTEST_MAIN(TestComparePage)
#include "tst_comparepage.moc"
