// Memory in the reports (report/treeage.h, report/memoryreport.h): each cell's peak RSS and PSS
// with the server tree's age, compared with the baseline only on fresh trees or at equal age, and
// one sentence per route that says which it did - in Markdown, HTML, JSON and the terminal lines.

#include "memoryfixture.h"
#include "report/memoryreport.h"
#include "report/reporthtml.h"
#include "report/reportjson.h"
#include "report/reportmarkdown.h"
#include "report/runreport.h"
#include "report/treeage.h"

#include <QJsonArray>
#include <QTest>

using namespace sb;

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

using Cell = test::MemoryCell;

report::RunReport runOf(const QString &process, const QList<Cell> &cells)
{
    return test::memoryRun(QStringLiteral("20261201-120000-0001"), process, cells);
}

QString markdown(const report::RunReport &r)
{
    return report::markdownOf(report::memorySection(r));
}

} // namespace

class TestReportMemory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchAges_data()
    {
        QTest::addColumn<double>("requestsA");
        QTest::addColumn<QString>("modeA");
        QTest::addColumn<double>("requestsB");
        QTest::addColumn<QString>("modeB");
        QTest::addColumn<int>("expected");
        const QString round = QStringLiteral("round");
        QTest::newRow("both fresh")
            << 0.0 << round << 0.0 << QStringLiteral("window") << int(report::AgeMatch::Fresh);
        QTest::newRow("one fresh")
            << 0.0 << round << 500.0 << round << int(report::AgeMatch::Differ);
        QTest::newRow("within 10 %")
            << 100'000.0 << round << 91'000.0 << round << int(report::AgeMatch::Equal);
        QTest::newRow("exactly 10 %")
            << 100'000.0 << round << 90'000.0 << round << int(report::AgeMatch::Equal);
        QTest::newRow("11 % apart")
            << 100'000.0 << round << 89'000.0 << round << int(report::AgeMatch::Differ);
        QTest::newRow("4x apart") << 120'000.0 << round << 30'000.0 << round
                                  << int(report::AgeMatch::Differ);
        QTest::newRow("other process mode")
            << 100'000.0 << round << 100'000.0 << QStringLiteral("once")
            << int(report::AgeMatch::Differ);
        QTest::newRow("unknown") << -1.0 << round << 0.0 << round << int(report::AgeMatch::Unknown);
    }

    void matchAges()
    {
        QFETCH(double, requestsA);
        QFETCH(QString, modeA);
        QFETCH(double, requestsB);
        QFETCH(QString, modeB);
        QFETCH(int, expected);
        auto age = [](double requests) {
            return report::treeAgeOf(
                QVector<report::WindowAge>{{requests < 0 ? -1 : 10.0, qint64(requests)}});
        };
        QCOMPARE(int(report::matchAges(age(requestsA), modeA, age(requestsB), modeB)), expected);
        QCOMPARE(int(report::matchAges(age(requestsB), modeB, age(requestsA), modeA)), expected);
    }

    // A cell's age is the median over its valid windows with a known age; fresh only when every
    // one of them was.
    void treeAgeOfValidWindows()
    {
        const report::TreeAge age = report::treeAgeOf(
            QVector<report::WindowAge>{{40, 120'000}, {41, 130'000}, {-1, -1}, {39, 110'000}});
        QCOMPARE(age.windows, 3);
        QCOMPARE(age.requests, 120'000.0);
        QCOMPARE(age.seconds, 40.0);
        QVERIFY(!age.fresh);
        QCOMPARE(report::treeAgeText(age), QStringLiteral("120,000 requests over 40 s"));
        const report::TreeAge mixed =
            report::treeAgeOf(QVector<report::WindowAge>{{1, 0}, {2, 0}, {30, 9000}});
        QVERIFY(!mixed.fresh);
        QCOMPARE(mixed.requests, 0.0); // the median, but not every window was fresh
        QCOMPARE(report::treeAgeText(mixed), QStringLiteral("0 requests over 2.0 s"));
        const report::TreeAge fresh = report::treeAgeOf(QVector<report::WindowAge>{{1.5, 0}});
        QVERIFY(fresh.fresh);
        QCOMPARE(report::treeAgeText(fresh), QStringLiteral("fresh"));
        const report::TreeAge unknown = report::treeAgeOf(QVector<report::WindowAge>{{-1, -1}});
        QVERIFY(!unknown.known());
        QCOMPARE(report::treeAgeText(unknown), QStringLiteral("unknown"));
        // Invalid windows do not count.
        store::WindowRecord valid, invalid;
        valid.valid = true;
        valid.treeRequests = 0;
        valid.treeAgeS = 2;
        invalid.treeRequests = 5000;
        invalid.treeAgeS = 9;
        const report::TreeAge stored =
            report::treeAgeOf(QVector<const store::WindowRecord *>{&invalid, &valid});
        QVERIFY(stored.fresh);
        QCOMPARE(stored.windows, 1);
    }

    // Per-window trees: every cell fresh, memory compared with a ratio, and the report says so.
    void freshTreesAreCompared()
    {
        const report::RunReport r =
            runOf(QStringLiteral("window"), {{QStringLiteral("native"), 4, {10, 11, 12}, 0, 1.5},
                                             {QStringLiteral("python"), 4, {30, 33, 36}, 0, 1.6},
                                             {QStringLiteral("native"), 32, {12, 12}, 0, 1.5},
                                             {QStringLiteral("python"), 32, {40, 40}, 0, 1.5}});
        QCOMPARE(report::routeMemorySentence(r, QStringLiteral("health")),
                 QStringLiteral("compared on fresh processes (process: window)"));
        const QString md = markdown(r);
        QVERIFY2(md.contains(QStringLiteral("## Memory")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("**Route** `health`: ")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral(
                     "**Route** `health`: Compared on fresh processes (process: window).")),
                 qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| native | 4 | 3 | 11.0 MiB \\[10.0-12.0] | 5.5 MiB "
                                            "\\[5.0-6.0] | fresh | baseline |")),
                 qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| python | 4 | 3 | 33.0 MiB \\[30.0-36.0] | 16.5 MiB "
                                            "\\[15.0-18.0] | fresh | 3.00x RSS, 3.00x PSS |")),
                 qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| python | 32 | 2 | 40.0 MiB \\[40.0-40.0] |")),
                 qPrintable(md));
        // The whole report carries the section.
        QVERIFY(report::reportMarkdown(r).contains(QStringLiteral("**Route** `health`: ")));
    }

    // A tree per round: the first window of each tree is fresh and compared; later ones differ in
    // age (the faster server served 4x the requests) and are not compared.
    void differentAgesAreNotCompared()
    {
        const report::RunReport r =
            runOf(QStringLiteral("round"), {{QStringLiteral("native"), 4, {10, 10}, 0, 1.2},
                                            {QStringLiteral("python"), 4, {30, 30}, 0, 1.3},
                                            {QStringLiteral("native"), 32, {16, 16}, 120'000, 40},
                                            {QStringLiteral("python"), 32, {31, 31}, 30'000, 40}});
        const QString sentence = report::routeMemorySentence(r, QStringLiteral("health"));
        QCOMPARE(sentence, QStringLiteral("compared on fresh processes at c=4; ages differ at "
                                          "c=32: native served 120,000 requests over 40 s, "
                                          "python served 30,000 requests over 40 s: not compared "
                                          "(process: round)"));
        const QString md = markdown(r);
        QVERIFY2(md.contains(QStringLiteral("| python | 4 | 2 | 30.0 MiB \\[30.0-30.0] | 15.0 MiB "
                                            "\\[15.0-15.0] | fresh | 3.00x RSS, 3.00x PSS |")),
                 qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| python | 32 | 2 | 31.0 MiB \\[31.0-31.0] | 15.5 MiB "
                                            "\\[15.5-15.5] | 30,000 requests over 40 s | not "
                                            "compared: ages differ |")),
                 qPrintable(md));
        QVERIFY2(!md.contains(QStringLiteral("1.94x")), qPrintable(md)); // 31 / 16: never given
        const report::MemoryComparison c =
            report::compareMemory(*r.cell(QStringLiteral("python"), QStringLiteral("health"), 32),
                                  QStringLiteral("round"),
                                  *r.cell(QStringLiteral("native"), QStringLiteral("health"), 32),
                                  QStringLiteral("round"));
        QCOMPARE(int(c.match), int(report::AgeMatch::Differ));
        QVERIFY(!c.compared());
    }

    void equalAgesAreCompared()
    {
        const report::RunReport r = runOf(QString(), // no "process": the default, round
                                          {{QStringLiteral("native"), 4, {20}, 100'000, 30},
                                           {QStringLiteral("python"), 4, {25}, 95'000, 31}});
        QCOMPARE(report::routeMemorySentence(r, QStringLiteral("health")),
                 QStringLiteral("compared at equal age, requests within 10 % (process: round)"));
        QVERIFY(markdown(r).contains(QStringLiteral("| 1.25x RSS, 1.25x PSS |")));
    }

    void unknownAgesAreNotCompared()
    {
        const report::RunReport r =
            runOf(QStringLiteral("round"), {{QStringLiteral("native"), 4, {20}, -1, -1},
                                            {QStringLiteral("python"), 4, {25}, -1, -1}});
        QCOMPARE(report::routeMemorySentence(r, QStringLiteral("health")),
                 QStringLiteral("ages unknown (windows stored before Stackbench recorded them): "
                                "not compared (process: round)"));
        const QString md = markdown(r);
        QVERIFY2(md.contains(QStringLiteral("| unknown | not compared: age unknown |")),
                 qPrintable(md));
    }

    void nothingSampledOrOneConfiguration()
    {
        const report::RunReport none =
            runOf(QStringLiteral("round"), {{QStringLiteral("native"), 4, {0}, 0, 1},
                                            {QStringLiteral("python"), 4, {0}, 0, 1}});
        QCOMPARE(report::routeMemorySentence(none, QStringLiteral("health")),
                 QStringLiteral("no memory was sampled"));
        // No empty memory chart: the route's other charts only.
        const QString html = QString::fromUtf8(report::reportHtml(none));
        QVERIFY(html.contains(QStringLiteral("No memory was sampled.")));
        QVERIFY(!html.contains(QStringLiteral("Peak RSS against concurrency")));
        const report::RunReport one =
            runOf(QStringLiteral("round"), {{QStringLiteral("native"), 4, {12}, 0, 1}});
        QCOMPARE(report::routeMemorySentence(one, QStringLiteral("health")),
                 QStringLiteral("one configuration: nothing to compare"));
        QVERIFY(markdown(one).contains(QStringLiteral("| native | 4 | 1 | 12.0 MiB | 6.0 MiB | "
                                                      "fresh | baseline |")));
        QCOMPARE(report::formatMiB(0), QStringLiteral("\u2013"));
        QCOMPARE(report::memoryRangeText({}), QStringLiteral("\u2013"));
    }

    // The HTML report: the Memory section and, per route, the SVG chart of peak RSS against
    // concurrency.
    void htmlHasTheSectionAndTheChart()
    {
        const report::RunReport r =
            runOf(QStringLiteral("window"), {{QStringLiteral("native"), 4, {10}, 0, 1},
                                             {QStringLiteral("python"), 4, {30}, 0, 1},
                                             {QStringLiteral("native"), 32, {12}, 0, 1},
                                             {QStringLiteral("python"), 32, {40}, 0, 1}});
        const QString html = QString::fromUtf8(report::reportHtml(r));
        QVERIFY(html.contains(
            QStringLiteral("<strong>Route</strong> <code>health</code>: Compared on fresh")));
        QVERIFY(html.contains(QStringLiteral("Compared on fresh processes (process: window).")));
        QVERIFY(html.contains(QStringLiteral("Peak RSS against concurrency: health")));
        QVERIFY(!html.contains(QStringLiteral("\x1f")));
        const report::svg::Chart chart = report::memoryChart(r, QStringLiteral("health"));
        QCOMPARE(chart.lines.size(), 2);
        QCOMPARE(chart.lines[1].name, QStringLiteral("python"));
        QCOMPARE(chart.lines[1].points, (QVector<QPointF>{{4, 30}, {32, 40}}));
        QVERIFY(chart.y.hi >= 40);
        QString route;
        QVERIFY(
            report::isMemoryChartsKey(report::memoryChartsKey(QStringLiteral("health")), &route));
        QCOMPARE(route, QStringLiteral("health"));
        QVERIFY(!report::isMemoryChartsKey(QStringLiteral("health"), &route));
    }

    void jsonCellsCarryMemoryAndAge()
    {
        const report::RunReport r =
            runOf(QStringLiteral("round"), {{QStringLiteral("native"), 4, {10, 14}, 0, 1.25},
                                            {QStringLiteral("python"), 4, {30}, 8000, 12}});
        const QJsonArray cells = report::reportJson(r).value(QStringLiteral("cells")).toArray();
        QCOMPARE(cells.size(), 2);
        const QJsonObject native = cells[0].toObject();
        QCOMPARE(native.value(QStringLiteral("configuration")).toString(),
                 QStringLiteral("native"));
        QCOMPARE(native.value(QStringLiteral("rss_peak_bytes"))
                     .toObject()
                     .value(QStringLiteral("median"))
                     .toDouble(),
                 12 * kMiB);
        QCOMPARE(native.value(QStringLiteral("tree_requests")).toDouble(), 0.0);
        QCOMPARE(native.value(QStringLiteral("tree_age_s")).toDouble(), 1.25);
        QCOMPARE(native.value(QStringLiteral("tree_fresh")).toBool(), true);
        const QJsonObject python = cells[1].toObject();
        QCOMPARE(python.value(QStringLiteral("tree_requests")).toDouble(), 8000.0);
        QCOMPARE(python.value(QStringLiteral("tree_fresh")).toBool(), false);
        QVERIFY(python.value(QStringLiteral("pss_peak_bytes"))
                    .toObject()
                    .contains(QStringLiteral("max")));
    }

    // The terminal summary's memory lines: one per configuration with its RSS range over the
    // cells and its trees' ages.
    void terminalLinePerConfiguration()
    {
        const report::RunReport r =
            runOf(QStringLiteral("round"), {{QStringLiteral("native"), 4, {10}, 0, 1.2},
                                            {QStringLiteral("python"), 4, {30}, 0, 1.3},
                                            {QStringLiteral("native"), 32, {16}, 120'000, 40},
                                            {QStringLiteral("python"), 32, {30}, 30'000, 40}});
        const report::Table t = report::memorySummaryTable(r);
        QCOMPARE(t.rows.size(), 2);
        const QStringList lines = report::terminalOf(t, QStringLiteral("  "))
                                      .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3); // the header, then one per configuration
        QVERIFY2(lines[1].contains(QStringLiteral("native")) &&
                     lines[1].contains(QStringLiteral("10.0-16.0 MiB")) &&
                     lines[1].contains(QStringLiteral("fresh to 120,000 requests over 40 s")),
                 qPrintable(lines[1]));
        QVERIFY2(lines[2].contains(QStringLiteral("30.0 MiB")) &&
                     lines[2].contains(QStringLiteral("fresh to 30,000 requests over 40 s")),
                 qPrintable(lines[2]));
    }

    // A route's name reaches the HTML section escaped: it cannot become markup.
    void namesAreEscaped()
    {
        report::RunReport r =
            runOf(QStringLiteral("round"), {{QStringLiteral("native"), 4, {10}, 0, 1},
                                            {QStringLiteral("python"), 4, {30}, 0, 1}});
        for (report::CellReport &c : r.cells)
            c.route = QStringLiteral("a<x>");
        r.routes = {QStringLiteral("a<x>")};
        const QString html = report::htmlOf(report::memorySection(r));
        QVERIFY2(html.contains(QStringLiteral("a&lt;x&gt;")), qPrintable(html));
        QVERIFY(!html.contains(QStringLiteral("<x>")));
    }
};

QTEST_GUILESS_MAIN(TestReportMemory)
#include "tst_reportmemory.moc"
