// The comparison charts: what each builder draws from the reports (series, colours, medians,
// percentile points, one line per window), and the exports: SVG that parses as SVG, PDF that
// starts with %PDF, PNG with the series drawn; the chart view's export menu.
#include "../engine/memoryfixture.h"
#include "comparefixture.h"
#include "stats/histogram.h"
#include "ui/charts/chartexport.h"
#include "ui/charts/comparecharts.h"
#include "ui/charts/palette.h"
#include "ui/widgets/chartview.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include <memory>

using namespace sb;

namespace {

// The root element's name, or "" when the document does not parse.
QString xmlRoot(const QByteArray &bytes)
{
    QXmlStreamReader xml(bytes);
    QString root;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && root.isEmpty())
            root = xml.name().toString();
    }
    return xml.hasError() ? QString() : root;
}

// Pixels within a small distance of `colour`.
int pixelsLike(const QImage &image, const QColor &colour)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (qAbs(c.red() - colour.red()) + qAbs(c.green() - colour.green()) +
                    qAbs(c.blue() - colour.blue()) <
                12)
                ++n;
        }
    return n;
}

template<typename T> QList<T *> seriesOf(QChart *chart)
{
    QList<T *> out;
    for (QAbstractSeries *s : chart->series())
        if (auto *t = qobject_cast<T *>(s))
            out << t;
    return out;
}

} // namespace

class TestCharts : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("runs.sqlite"));
        QCOMPARE(test::writeFixtureStore(m_store, m_ids), QString());
        charts::CompareRequest request;
        request.storeLocation = m_store;
        request.runIds = {m_ids.a, m_ids.b};
        const charts::CompareResult r = charts::loadComparison(request);
        QCOMPARE(r.error, QString());
        m_source = r.source;
    }

    void boxFigures_data()
    {
        QTest::addColumn<QVector<double>>("values");
        QTest::addColumn<QVector<double>>("box"); // min, lower hinge, median, upper hinge, max
        QTest::newRow("empty") << QVector<double>{} << QVector<double>{0, 0, 0, 0, 0};
        QTest::newRow("one") << QVector<double>{7} << QVector<double>{7, 7, 7, 7, 7};
        QTest::newRow("two") << QVector<double>{4, 2} << QVector<double>{2, 2, 3, 4, 4};
        QTest::newRow("five, unsorted")
            << QVector<double>{5, 1, 4, 2, 3} << QVector<double>{1, 2, 3, 4, 5};
        QTest::newRow("four") << QVector<double>{1, 2, 3, 10}
                              << QVector<double>{1, 1.5, 2.5, 6.5, 10};
    }
    void boxFigures()
    {
        QFETCH(QVector<double>, values);
        QFETCH(QVector<double>, box);
        const charts::BoxFigures b = charts::boxFigures({values.begin(), values.end()});
        QCOMPARE((QVector<double>{b.min, b.lowerQuartile, b.median, b.upperQuartile, b.max}), box);
    }

    void logBase_data()
    {
        QTest::addColumn<QList<int>>("levels");
        QTest::addColumn<int>("base");
        QTest::newRow("1 and 4") << QList<int>{1, 4} << 2;
        QTest::newRow("1 to 64") << QList<int>{1, 8, 64} << 2;
        QTest::newRow("10 to 1000") << QList<int>{10, 100, 1000} << 10;
        QTest::newRow("none") << QList<int>{} << 10;
    }
    void logBase()
    {
        QFETCH(QList<int>, levels);
        QFETCH(int, base);
        QCOMPARE(charts::logBaseFor(levels), base);
    }

    void boxPlotsPerSeriesAndLevel()
    {
        std::unique_ptr<QChart> chart(
            charts::boxPlotChart(m_source, QStringLiteral("health"), charts::Metric::OkPerS));
        const QList<QBoxPlotSeries *> series = seriesOf<QBoxPlotSeries>(chart.get());
        QCOMPARE(series.size(), 4); // 2 runs x 2 configurations
        QCOMPARE(series[0]->name(), QStringLiteral("fast @ aaaa"));
        QCOMPARE(series[2]->name(), QStringLiteral("fast @ bbbb"));
        // One colour per configuration, a shade of it per run.
        QCOMPARE(series[0]->pen().color(), palette::configurationInRun(0, 0).darker(140));
        QCOMPARE(series[1]->pen().color(), palette::configurationInRun(1, 0).darker(140));
        QCOMPARE(series[2]->pen().color(), palette::configurationInRun(0, 1).darker(140));
        const report::CellReport *cell =
            m_source.runs[1].cell(QStringLiteral("fast"), QStringLiteral("health"), 8);
        QVERIFY(cell);
        QCOMPARE(series[2]->count(), 2); // c=1, c=8
        QBoxSet *set = series[2]->boxSets().at(1);
        QCOMPARE(set->at(QBoxSet::Median), cell->figures.okPerS.median);
        QCOMPARE(set->at(QBoxSet::LowerExtreme), cell->figures.okPerS.min);
        QCOMPARE(set->at(QBoxSet::UpperExtreme), cell->figures.okPerS.max);
        std::unique_ptr<QChart> cpu(
            charts::boxPlotChart(m_source, QStringLiteral("health"), charts::Metric::PerCpuS));
        QCOMPARE(seriesOf<QBoxPlotSeries>(cpu.get())[2]->boxSets().at(1)->at(QBoxSet::Median),
                 cell->figures.perCpuS.median);
    }

    void throughputAndLatencyAgainstConcurrency()
    {
        std::unique_ptr<QChart> chart(
            charts::throughputChart(m_source, QStringLiteral("echo"), charts::Metric::OkPerS));
        const QList<QLineSeries *> lines = seriesOf<QLineSeries>(chart.get());
        QCOMPARE(lines.size(), 4);
        const report::CellReport *cell =
            m_source.runs[0].cell(QStringLiteral("slow"), QStringLiteral("echo"), 8);
        QCOMPARE(lines[1]->points().size(), 2);
        QCOMPARE(lines[1]->points().at(1), QPointF(8, cell->figures.okPerS.median));
        QCOMPARE(lines[2]->pen().style(), palette::runPenStyle(1));
        QCOMPARE(chart->axes(Qt::Horizontal).first()->type(), QAbstractAxis::AxisTypeLogValue);

        std::unique_ptr<QChart> latency(charts::latencyChart(m_source, QStringLiteral("echo")));
        const QList<QLineSeries *> l = seriesOf<QLineSeries>(latency.get());
        QCOMPARE(l.size(), 10); // p50 and p99 per series, then the legend's p50 and p99 keys
        QCOMPARE(l[2]->name(), QStringLiteral("slow @ aaaa"));
        QCOMPARE(l[9]->name(), QStringLiteral("p99"));
        QCOMPARE(l[9]->pen().style(), Qt::DashLine);
        QCOMPARE(l[3]->points().at(1).y(), cell->figures.p99Us.median / 1000.0);
        QCOMPARE(l[3]->pen().style(), Qt::DashLine);
    }

    void percentileCurvesFromThePooledHistograms()
    {
        std::unique_ptr<QChart> chart(
            charts::percentileChart(m_source, QStringLiteral("health"), 8));
        const QList<QLineSeries *> lines = seriesOf<QLineSeries>(chart.get());
        QCOMPARE(lines.size(), 4);
        const report::CellReport *cell =
            m_source.runs[0].cell(QStringLiteral("fast"), QStringLiteral("health"), 8);
        Histogram h;
        QVERIFY(h.decode(cell->figures.pooledHistogram));
        const QList<QPointF> points = lines[0]->points();
        QCOMPARE(points.first().x(), 0.0); // p0
        QCOMPARE(points.last().x(), 5.0);  // p99.999
        QCOMPARE(points.last().y(), double(h.valueAtPercentile(99.999)) / 1000.0);
        QCOMPARE(points[20].y(), double(h.valueAtPercentile(90)) / 1000.0); // x = log10(10)
        // Every level of the route: a curve per series and level.
        std::unique_ptr<QChart> all(charts::percentileChart(m_source, QStringLiteral("health"), 0));
        QCOMPARE(seriesOf<QLineSeries>(all.get()).size(), 8);
    }

    void timelinesOneLinePerWindow()
    {
        std::unique_ptr<QChart> chart(charts::timelineChart(m_source, QStringLiteral("health"), 8));
        const QList<QLineSeries *> lines = seriesOf<QLineSeries>(chart.get());
        QCOMPARE(lines.size(), 12);             // 3 rounds x 2 configurations x 2 runs
        QCOMPARE(lines[0]->points().size(), 5); // the window's intervals
        QCOMPARE(lines[0]->points().at(0).x(), 1.0);
        // The legend shows its markers once it is laid out.
        QGraphicsScene scene;
        scene.addItem(chart.get());
        chart->resize(charts::kChartSize);
        chart->layout()->activate();
        int legend = 0;
        for (QLegendMarker *m : chart->legend()->markers())
            legend += m->isVisible() ? 1 : 0;
        QCOMPARE(legend, 4); // one entry per series, not per window
        scene.removeItem(chart.get());
    }

    // A window of one interval (the demo's 1 s windows) is one point: a line alone would draw
    // nothing, so short timelines show their points.
    void aShortTimelineShowsItsPoints()
    {
        charts::ChartSource source;
        const QString route = QStringLiteral("health");
        source.timelines << charts::WindowTimeline{
            QStringLiteral("r1"), QStringLiteral("fast"), route, 4, 0, 0, true, {{1.0, 500.0}}, {}};
        QVector<QPointF> longer;
        for (int i = 1; i <= 30; ++i)
            longer.append({double(i), 400.0});
        source.timelines << charts::WindowTimeline{
            QStringLiteral("r1"), QStringLiteral("fast"), route, 4, 1, 0, true, longer, {}};
        std::unique_ptr<QChart> chart(charts::timelineChart(source, route, 4));
        const QList<QLineSeries *> lines = seriesOf<QLineSeries>(chart.get());
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0]->points().size(), 1);
        QVERIFY(lines[0]->pointsVisible());
        QVERIFY(!lines[1]->pointsVisible()); // 30 intervals: the line says it
    }

    // Peak RSS by series, grouped by concurrency; each level says whether the trees' ages allow
    // comparing the bars.
    void memoryByConfigurationPerConcurrency()
    {
        charts::ChartSource source;
        source.runs = {test::memoryRun(QStringLiteral("20261201-120000-0001"),
                                       QStringLiteral("round"),
                                       {{QStringLiteral("native"), 4, {10}, 0, 1.5},
                                        {QStringLiteral("python"), 4, {30}, 0, 1.6},
                                        {QStringLiteral("native"), 32, {16}, 120'000, 40},
                                        {QStringLiteral("python"), 32, {31}, 30'000, 40}})};
        std::unique_ptr<QChart> chart(charts::memoryChart(source, QStringLiteral("health")));
        QVERIFY(chart->title().contains(QStringLiteral("Peak RSS")));
        const QList<QBarSeries *> bars = seriesOf<QBarSeries>(chart.get());
        QCOMPARE(bars.size(), 1);
        QCOMPARE(bars[0]->count(), 2); // a set per configuration
        QCOMPARE(bars[0]->barSets()[0]->label(), QStringLiteral("native"));
        QCOMPARE(bars[0]->barSets()[1]->at(0), 30.0);
        QCOMPARE(bars[0]->barSets()[1]->at(1), 31.0);
        QCOMPARE(bars[0]->barSets()[1]->color(), palette::configurationInRun(1, 0));
        QBarCategoryAxis *x = nullptr;
        for (QAbstractAxis *a : chart->axes(Qt::Horizontal))
            if (auto *c = qobject_cast<QBarCategoryAxis *>(a))
                x = c;
        QVERIFY(x);
        QCOMPARE(x->categories(), (QStringList{QStringLiteral("c=4 (fresh)"),
                                               QStringLiteral("c=32 (ages differ)")}));
    }

    void emptySourceDrawsEmptyCharts()
    {
        const charts::ChartSource none;
        for (QChart *c :
             {charts::boxPlotChart(none, QString(), charts::Metric::OkPerS),
              charts::throughputChart(none, QString(), charts::Metric::OkPerS),
              charts::latencyChart(none, QString()), charts::percentileChart(none, QString(), 1),
              charts::timelineChart(none, QString(), 1), charts::memoryChart(none, QString())}) {
            std::unique_ptr<QChart> chart(c);
            QCOMPARE(chart->series().size(), 0);
            QCOMPARE(chart->axes().size(), 2);
            QVERIFY(!charts::chartSvg(chart.get(), QSize(300, 200)).isEmpty());
        }
    }

    void exportsInThreeFormats()
    {
        std::unique_ptr<QChart> chart(
            charts::throughputChart(m_source, QStringLiteral("health"), charts::Metric::OkPerS));
        const QByteArray svg = charts::chartSvg(chart.get(), QSize(640, 300));
        QCOMPARE(xmlRoot(svg), QStringLiteral("svg"));
        QVERIFY(svg.contains("2xx/s against concurrency: health")); // laid out and drawn
        const QByteArray pdf = charts::chartPdf(chart.get(), QSize(640, 300));
        QVERIFY(pdf.startsWith("%PDF"));
        const QImage image = charts::chartImage(chart.get(), QSize(640, 300));
        QCOMPARE(image.size(), QSize(1280, 600)); // twice the size, for sharp text
        QVERIFY(pixelsLike(image, palette::configurationInRun(0, 0)) > 200);
        QVERIFY(pixelsLike(image, palette::configurationInRun(1, 0)) > 200);
        QVERIFY(!chart->scene()); // the temporary scene let it go

        // A chart never laid out: at the report's size.
        chart.reset(
            charts::throughputChart(m_source, QStringLiteral("health"), charts::Metric::OkPerS));
        const QString base = m_dir.filePath(QStringLiteral("chart"));
        for (const char *suffix : {".svg", ".pdf", ".png"})
            QVERIFY(charts::exportChart(chart.get(), base + QLatin1String(suffix)).ok());
        QFile f(base + QStringLiteral(".svg"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(xmlRoot(f.readAll()), QStringLiteral("svg"));
        QCOMPARE(QImage(base + QStringLiteral(".png")).size(), charts::kChartSize * 2);
        const sb::Status wrong = charts::exportChart(chart.get(), base + QStringLiteral(".txt"));
        QVERIFY(!wrong.ok());
        QCOMPARE(wrong.error().code, std::string("chart.format"));
        const sb::Status unwritable =
            charts::exportChart(chart.get(), m_dir.filePath(QStringLiteral("no/such/dir/c.svg")));
        QCOMPARE(unwritable.error().code, std::string("chart.write"));
    }

    void chartViewExportsWhatItShows()
    {
        ChartView view;
        view.replaceChart(
            charts::boxPlotChart(m_source, QStringLiteral("echo"), charts::Metric::OkPerS));
        QStringList names;
        const std::unique_ptr<QMenu> menu(view.createExportMenu(nullptr));
        for (QAction *a : menu->actions())
            names << a->objectName();
        QCOMPARE(names, (QStringList{QStringLiteral("export-png"), QStringLiteral("export-svg"),
                                     QStringLiteral("export-pdf")}));
        // Not shown yet: exported at the report's size.
        const QString path = m_dir.filePath(QStringLiteral("view.png"));
        QVERIFY(view.exportTo(path).ok());
        QCOMPARE(QImage(path).size(), charts::kChartSize * 2);
        view.resize(500, 320);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.exportTo(path).ok());
        QCOMPARE(QImage(path).size(), view.chart()->size().toSize() * 2);
        const QString svg = m_dir.filePath(QStringLiteral("view.svg"));
        QVERIFY(view.exportTo(svg).ok());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(xmlRoot(f.readAll()), QStringLiteral("svg"));
        // The view still shows its chart at its own size.
        QCOMPARE(view.chart()->size().toSize(), view.viewport()->size());
    }

private:
    QTemporaryDir m_dir;
    QString m_store;
    test::FixtureStore m_ids;
    charts::ChartSource m_source;
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
