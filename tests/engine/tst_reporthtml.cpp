// The HTML report (report/reporthtml.h): the Markdown report's content as HTML (headings,
// tables, lists, the definitions), each route's charts as inline SVG with axes and a legend
// beneath the plot, nothing that reaches the network; the same file from `stackbench report
// --format html` run with no display and no QT_QPA_PLATFORM; and headless Chromium opens it with
// no console error (skipped only when Debian's chromium is not installed). A comparison of runs
// as a page of its own kind: its cells, verdicts and ratio charts for both throughput figures,
// every name escaped, and the same page from `stackbench compare --format html`.
#include "../ui/comparefixture.h"
#include "chromium.h"
#include "programrun.h"
#include "report/comparison.h"
#include "report/palette.h"
#include "report/reporthtml.h"
#include "report/reportmarkdown.h"
#include "report/svgchart.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace sb;

namespace {

int count(const QString &text, const QString &what)
{
    return int(text.count(what));
}

// The <svg> elements of `html`, each on its own.
QStringList svgsOf(const QString &html)
{
    QStringList out;
    qsizetype from = 0;
    while ((from = html.indexOf(QStringLiteral("<svg "), from)) >= 0) {
        const qsizetype end = html.indexOf(QStringLiteral("</svg>"), from);
        if (end < 0)
            break;
        out << html.mid(from, end + 6 - from);
        from = end;
    }
    return out;
}

// What a chart's SVG shows where: the plot rectangle (its clip path), and the y of every text
// of the legend.
struct ChartLayout
{
    QRectF plot;
    QList<double> legendY;
    int axisLines = 0;
    QStringList texts;
    QString error;
};

ChartLayout layoutOf(const QString &svg)
{
    ChartLayout out;
    QXmlStreamReader xml(svg);
    QList<QString> groups; // the class of each open element ("" for none)
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const QXmlStreamAttributes a = xml.attributes();
            const QString group = a.value(QLatin1String("class")).toString();
            const bool legend = groups.contains(QStringLiteral("legend"));
            const bool axes = groups.contains(QStringLiteral("axes"));
            const bool clip = groups.contains(QStringLiteral("clip"));
            groups << (xml.name() == QLatin1String("clipPath") ? QStringLiteral("clip") : group);
            if (clip && xml.name() == QLatin1String("rect"))
                out.plot = QRectF(a.value(QLatin1String("x")).toDouble(),
                                  a.value(QLatin1String("y")).toDouble(),
                                  a.value(QLatin1String("width")).toDouble(),
                                  a.value(QLatin1String("height")).toDouble());
            if (axes && xml.name() == QLatin1String("line"))
                ++out.axisLines;
            if (xml.name() == QLatin1String("text")) {
                if (legend)
                    out.legendY << a.value(QLatin1String("y")).toDouble();
                out.texts << xml.readElementText();
                groups.removeLast(); // readElementText() read its end
            }
        } else if (xml.isEndElement()) {
            groups.removeLast();
        }
    }
    if (xml.hasError())
        out.error = xml.errorString();
    return out;
}

} // namespace

class TestReportHtml : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("runs.sqlite"));
        QCOMPARE(test::writeFixtureStore(m_store, m_ids), QString());
        auto opened = store::RunStore::open(m_store, store::RunStore::OpenMode::ReadOnly);
        QVERIFY(opened.ok());
        sb::Result<QByteArray> html = report::reportHtmlFromStore(**opened, m_ids.a);
        QVERIFY(html.ok());
        m_html = QString::fromUtf8(*html);
        sb::Result<report::RunReport> r = report::loadRunReport(**opened, m_ids.a);
        QVERIFY(r.ok());
        m_markdown = report::reportMarkdown(*r);
    }

    void documentRendering()
    {
        report::Document d;
        d.heading(1, report::Inline(QStringLiteral("Title ")) << report::code(QStringLiteral("a")));
        d.paragraph(report::Inline(QStringLiteral("one "))
                    << report::strong(QStringLiteral("two")) << QStringLiteral(" ")
                    << report::emphasis(QStringLiteral("3")));
        d.item(QStringLiteral("a"));
        d.item(QStringLiteral("b"), 1);
        d.item(QStringLiteral("c"));
        report::Table t;
        t.header = {QStringLiteral("x"), QStringLiteral("n")};
        t.align = {report::Align::Left, report::Align::Right};
        t.rows = {{report::code(QStringLiteral("y|z")), QStringLiteral("1")}};
        d.table(t);
        d.charts(QStringLiteral("r"));
        QCOMPARE(report::markdownOf(d),
                 QStringLiteral("# Title `a`\n\none **two** *3*\n\n- a\n  - b\n- c\n\n"
                                "| x | n |\n|---|---:|\n| `y\\|z` | 1 |\n"));
        QCOMPARE(report::htmlOf(d,
                                [](const QString &route) {
                                    return QStringLiteral("<hr data-route=\"%1\">\n").arg(route);
                                }),
                 QStringLiteral("<h1 id=\"title-a\">Title <code>a</code></h1>\n"
                                "<p>one <strong>two</strong> <em>3</em></p>\n"
                                "<ul>\n<li>a<ul>\n<li>b</li></ul>\n</li>\n<li>c</li></ul>\n"
                                "<div class=\"table\"><table>\n<thead><tr><th>x</th>"
                                "<th class=\"n\">n</th></tr></thead>\n<tbody>\n<tr><td><code>"
                                "y|z</code></td><td class=\"n\">1</td></tr>\n</tbody></table>"
                                "</div>\n<hr data-route=\"r\">\n"));
        QCOMPARE(report::terminalOf(t), QStringLiteral("x    n\ny|z  1\n"));
        // Headings that read alike get ids of their own.
        report::Document twice;
        twice.heading(2, QStringLiteral("A b"));
        twice.heading(2, QStringLiteral("a-B"));
        QVERIFY(report::htmlOf(twice).contains(QStringLiteral("id=\"a-b-2\"")));
    }

    void theReportsContent()
    {
        // Every heading and table of the Markdown report, the definitions among them.
        const int headings = int(m_markdown.count(QRegularExpression(QStringLiteral("(?m)^##? "))));
        QCOMPARE(count(m_html, QStringLiteral("<h1 ")) + count(m_html, QStringLiteral("<h2 ")),
                 headings);
        const int tables = int(m_markdown.count(QRegularExpression(QStringLiteral("(?m)^\\|---"))));
        QCOMPARE(count(m_html, QStringLiteral("<table>")), tables);
        QVERIFY(m_html.contains(QStringLiteral("<h2 id=\"definitions\">Definitions</h2>")));
        QVERIFY(
            m_html.contains(QStringLiteral("<h2 id=\"route-health\">Route <code>health</code>")));
        QVERIFY(m_html.contains(QStringLiteral("<strong>2xx/s</strong> (successful throughput)")));
        QVERIFY(m_html.contains(QStringLiteral("<em>not enough windows</em>")));
        // The cell figures as the Markdown writes them.
        QVERIFY(m_html.contains(QStringLiteral("20,200.0 [20,000.0-20,400.0]")));
        QVERIFY(m_markdown.contains(QStringLiteral("20,200.0 \\[20,000.0-20,400.0]")));
        QVERIFY(m_html.startsWith(QStringLiteral("<!DOCTYPE html>")));
        QVERIFY(m_html.contains(QStringLiteral("<meta charset=\"utf-8\">")));
    }

    void chartsInlineAsSvg()
    {
        // Six charts per route (box plots of 2xx/s and per CPU-s, against concurrency, latency,
        // percentile curves, timelines), after the route's tables.
        QCOMPARE(count(m_html, QStringLiteral("<svg ")), 12);
        QVERIFY(m_html.indexOf(QStringLiteral("<svg ")) >
                m_html.indexOf(QStringLiteral("<h2 id=\"route-health\"")));
        QVERIFY(m_html.indexOf(QStringLiteral("<svg ")) <
                m_html.indexOf(QStringLiteral("<h2 id=\"route-echo\"")));
        const QStringList svgs = svgsOf(m_html);
        QCOMPARE(svgs.size(), 12);
        for (const QString &svg : svgs) {
            const ChartLayout l = layoutOf(svg);
            QVERIFY2(l.error.isEmpty(), qPrintable(l.error)); // well-formed XML
            QVERIFY(l.plot.height() >= 100 && l.plot.width() >= 200);
            QVERIFY(l.axisLines > 0);
            // The legend is beneath the plot and its axis titles, never over the data.
            QVERIFY(!l.legendY.isEmpty());
            for (double y : l.legendY)
                QVERIFY2(y > l.plot.bottom() + 30, qPrintable(svg.left(300)));
        }
        QVERIFY(m_html.contains(QStringLiteral("2xx/s across windows: health")));
        QVERIFY(m_html.contains(QStringLiteral("Latency by percentile, pooled: health")));
        QVERIFY(m_html.contains(QStringLiteral("2xx/s per interval of each window: health c=8")));
    }

    void chartAxesAndColours()
    {
        const QStringList svgs = svgsOf(m_html);
        // The box plot: one category per concurrency level, the y axis at nice numbers.
        const ChartLayout box = layoutOf(svgs[0]);
        QVERIFY(box.texts.contains(QStringLiteral("c=1")));
        QVERIFY(box.texts.contains(QStringLiteral("c=8")));
        QVERIFY(box.texts.contains(QStringLiteral("concurrency")));
        QVERIFY(box.texts.contains(QStringLiteral("fast")));
        QVERIFY(box.texts.contains(QStringLiteral("slow")));
        // 2xx/s of 8,000..30,900: ticks every 5,000 in thousands separators.
        QVERIFY2(box.texts.contains(QStringLiteral("10,000")), qPrintable(box.texts.join(u'|')));
        QVERIFY(box.texts.contains(QStringLiteral("20,000")));
        // The percentile curves: HdrHistogram's labels.
        const ChartLayout pct = layoutOf(svgs[4]);
        for (const char *label : {"0%", "90%", "99%", "99.9%", "99.99%", "99.999%"})
            QVERIFY2(pct.texts.contains(QLatin1String(label)), label);
        // Each configuration in its palette colour, the first in the first colour.
        QVERIFY(svgs[2].contains(report::svg::colour(0)));
        QVERIFY(svgs[2].contains(report::svg::colour(1)));
        QCOMPARE(report::svg::colour(0), QStringLiteral("#4e79a7"));
        QCOMPARE(report::configurationColour(10), report::configurationColour(0));
    }

    // Charts on what a store may hold: nothing to draw, values beyond a double's precision of
    // their range, points a log axis cannot show, a legend longer than a row.
    void svgChartEdges()
    {
        using namespace report::svg;
        Chart empty;
        empty.title = QStringLiteral("nothing");
        empty.empty = QStringLiteral("no valid windows");
        const ChartLayout e = layoutOf(renderSvg(empty, QSize(560, 340), QStringLiteral("e-")));
        QVERIFY(e.error.isEmpty());
        QVERIFY(e.texts.contains(QStringLiteral("no valid windows")));

        Chart tight;
        tight.y.lo = 1e16;
        tight.y.hi = 1e16 + 4; // a tick step below the values' precision
        tight.x.log = true;
        tight.x.lo = 1;
        tight.x.hi = 1000;
        Line line{QStringLiteral("l"), 0, Dash::Dotted, true, true, {}};
        line.points = {{0, 1e16}, {-5, 1e16}, {10, NAN}, {100, 1e16 + 2}};
        tight.lines = {line};
        for (int i = 0; i < 30; ++i)
            tight.lines.append({QStringLiteral("series %1").arg(i), i, dashOf(i), false, true, {}});
        const QString svg = renderSvg(tight, QSize(560, 340), QStringLiteral("t-"));
        const ChartLayout t = layoutOf(svg);
        QVERIFY2(t.error.isEmpty(), qPrintable(t.error));
        QVERIFY(!svg.contains(QStringLiteral("nan"), Qt::CaseInsensitive));
        QVERIFY(!svg.contains(QStringLiteral("inf"), Qt::CaseInsensitive));
        QVERIFY(t.texts.contains(QStringLiteral("100"))); // log ticks
        // 31 legend entries wrap into rows beneath the plot: the chart grows, the plot keeps its
        // height.
        QCOMPARE(t.legendY.size(), 31);
        QVERIFY(t.plot.height() >= 120);
        for (double y : t.legendY)
            QVERIFY(y > t.plot.bottom() + 30);
    }

    void nothingReachesTheNetwork()
    {
        QVERIFY(!m_html.contains(QRegularExpression(QStringLiteral("https?:"),
                                                    QRegularExpression::CaseInsensitiveOption)));
        for (const char *tag : {"<script", "<link", "<img", "<iframe", "@import"})
            QVERIFY2(!m_html.contains(QLatin1String(tag), Qt::CaseInsensitive), tag);
        QVERIFY(!m_html.contains(QRegularExpression(QStringLiteral("\\s(src|href)="))));
        // References stay inside the document: url(#id) to an id defined once in it.
        QSet<QString> ids;
        static const QRegularExpression id(QStringLiteral("\\bid=\"([^\"]+)\""));
        for (const QRegularExpressionMatch &m : id.globalMatch(m_html)) {
            QVERIFY2(!ids.contains(m.captured(1)), qPrintable(m.captured(1)));
            ids.insert(m.captured(1));
        }
        static const QRegularExpression url(QStringLiteral("url\\(([^)]*)\\)"));
        int urls = 0;
        for (const QRegularExpressionMatch &m : url.globalMatch(m_html)) {
            QVERIFY2(m.captured(1).startsWith(QLatin1Char('#')), qPrintable(m.captured(1)));
            QVERIFY2(ids.contains(m.captured(1).mid(1)), qPrintable(m.captured(1)));
            ++urls;
        }
        QCOMPARE(urls, 12); // each chart's plot clip
    }

    void withoutCharts()
    {
        auto opened = store::RunStore::open(m_store, store::RunStore::OpenMode::ReadOnly);
        report::HtmlOptions o;
        o.charts = false;
        sb::Result<QByteArray> html = report::reportHtmlFromStore(**opened, m_ids.b, {}, o);
        QVERIFY(html.ok());
        QVERIFY(!html->contains("<svg"));
        QVERIFY(html->contains(m_ids.b.toUtf8()));
        sb::Result<QByteArray> none =
            report::reportHtmlFromStore(**opened, QStringLiteral("20990101-000000-ffff"));
        QVERIFY(!none.ok());
        QCOMPARE(none.error().code, std::string("store.not-found"));
    }

    void fromTheCommandLineWithoutADisplay()
    {
        const QString out = m_dir.filePath(QStringLiteral("cli.html"));
        const test::Outcome o = test::runProgram(
            QStringLiteral(STACKBENCH_BIN),
            {QStringLiteral("report"), m_ids.a, QStringLiteral("--format"), QStringLiteral("html"),
             QStringLiteral("-o"), out, QStringLiteral("--store"), m_store},
            60'000, test::withoutADisplay);
        QVERIFY2(o.exitCode == 0, o.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString cli = QString::fromUtf8(f.readAll());
        // The same document, up to the version the footer names.
        static const QRegularExpression footer(QStringLiteral("<footer>.*</footer>"));
        QCOMPARE(QString(cli).remove(footer), QString(m_html).remove(footer));
    }

    // Runs a and b compared for 2xx/s and per CPU-second, as the Compare page and `stackbench
    // compare --format html` write them.
    static QVector<report::RunComparison> comparisonsOf(const QVector<report::RunReport> &reports)
    {
        QVector<report::RunComparison> out;
        for (const char *metric : {"ok_per_s", "per_cpu_s"}) {
            report::RunCompareOptions o;
            o.metric = QLatin1String(metric);
            sb::Result<report::RunComparison> c = report::compareRuns(reports, o);
            if (!c.ok())
                return {};
            out.append(*c);
        }
        return out;
    }

    QVector<report::RunReport> storedReports(const QStringList &ids)
    {
        auto opened = store::RunStore::open(m_store, store::RunStore::OpenMode::ReadOnly);
        if (!opened.ok())
            return {};
        report::ReportOptions cellsOnly; // as `stackbench compare` reads them
        cellsOnly.ratios = false;
        QVector<report::RunReport> out;
        for (const QString &id : ids) {
            sb::Result<report::RunReport> r = report::loadRunReport(**opened, id, cellsOnly);
            if (!r.ok())
                return {};
            out.append(*r);
        }
        return out;
    }

    void comparisonPage()
    {
        const QVector<report::RunComparison> comparisons =
            comparisonsOf(storedReports({m_ids.a, m_ids.b}));
        QCOMPARE(comparisons.size(), 2);
        const QString html = QString::fromUtf8(report::comparisonHtml(comparisons));
        QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
        // The run report's style sheet: one page wrapper.
        QCOMPARE(html.left(html.indexOf(QStringLiteral("</style>"))),
                 m_html.left(m_html.indexOf(QStringLiteral("</style>")))
                     .replace(QRegularExpression(QStringLiteral("<title>.*</title>")),
                              QStringLiteral("<title>Stackbench: run %1 against run %2</title>")
                                  .arg(m_ids.b, m_ids.a)));
        QVERIFY(html.contains(
            QStringLiteral("\">Stackbench: run %1 against run %2</h1>").arg(m_ids.b, m_ids.a)));
        // Not the run report: none of its sections.
        for (const char *heading : {"Summary", "Setup", "Environment", "Where the ceiling is"})
            QVERIFY2(!html.contains(QStringLiteral(">%1</h2>").arg(QLatin1String(heading))),
                     heading);
        // Both metrics, a table per route each, every compared cell with its ratio and verdict.
        QVERIFY(html.contains(QStringLiteral("2xx/s (<code>ok_per_s</code>)")));
        QVERIFY(html.contains(QStringLiteral("2xx per CPU-second (<code>per_cpu_s</code>)")));
        QCOMPARE(count(html, QStringLiteral("<h3 ")), 4);
        int rows = 0;
        for (const report::RunComparison &c : comparisons) {
            QCOMPARE(c.cells.size(), 8); // 2 configurations x 2 routes x 2 levels
            for (const report::ComparedCell &cell : c.cells) {
                const stats::Comparison &x = cell.ratio.comparison;
                const QString row =
                    QStringLiteral("<tr><td>%1</td><td>%2</td><td class=\"n\">%3</td>")
                        .arg(cell.run, cell.ratio.configuration)
                        .arg(cell.ratio.concurrency);
                const qsizetype section =
                    html.indexOf(QStringLiteral("Route <code>%1</code>").arg(cell.ratio.route),
                                 html.indexOf(QStringLiteral("<code>%1</code>").arg(c.metric)));
                const qsizetype at = html.indexOf(row, section);
                QVERIFY2(at >= 0, qPrintable(row));
                const QString tr = html.mid(at, html.indexOf(QStringLiteral("</tr>"), at) - at);
                QVERIFY2(tr.contains(report::ratioText(x)), qPrintable(tr));
                QVERIFY2(tr.contains(QLatin1String(stats::verdictText(x.verdict))), qPrintable(tr));
                ++rows;
            }
        }
        QCOMPARE(rows, 16);
        // The fixture's 30 % faster cell is called.
        QVERIFY(html.contains(QStringLiteral("<td>faster</td>")));
        QVERIFY(html.contains(QStringLiteral("<h2 id=\"definitions\">Definitions</h2>")));
        // A chart of the ratios per route and metric, after that route's table.
        const QStringList svgs = svgsOf(html);
        QCOMPARE(svgs.size(), 4);
        for (const QString &svg : svgs) {
            const ChartLayout l = layoutOf(svg);
            QVERIFY2(l.error.isEmpty(), qPrintable(l.error));
            QVERIFY(l.plot.height() >= 100 && l.plot.width() >= 200);
            QVERIFY(l.texts.contains(QStringLiteral("c=1")));
            QVERIFY(l.texts.contains(QStringLiteral("c=8")));
            QVERIFY(l.texts.contains(QStringLiteral("fast")));
            QVERIFY(l.texts.contains(QStringLiteral("1 = the baseline run")));
        }
        QVERIFY(html.indexOf(QStringLiteral("Ratio to run %1, 2xx/s: health").arg(m_ids.a)) >
                html.indexOf(QStringLiteral("Route <code>health</code>")));
        QVERIFY(html.contains(
            QStringLiteral("Ratio to run %1, 2xx per CPU-second: echo").arg(m_ids.a)));
        // Without charts: the tables alone.
        report::HtmlOptions tables;
        tables.charts = false;
        QVERIFY(!report::comparisonHtml(comparisons, tables).contains("<svg"));
    }

    // Names come from plans and imported exports: whatever they hold is text in the page.
    void comparisonEscapesEveryName()
    {
        QVector<report::RunReport> reports = storedReports({m_ids.a, m_ids.b, m_ids.c});
        QCOMPARE(reports.size(), 3);
        const QString hostile = QStringLiteral("<script>alert('x')</script>&amp;\"");
        for (qsizetype i = 0; i < reports.size(); ++i) {
            reports[i].run.id = QStringLiteral("<b>run%1</b>").arg(i);
            for (report::CellReport &c : reports[i].cells)
                if (c.configuration == QLatin1String("fast"))
                    c.configuration = hostile;
            for (QString &c : reports[i].configurations)
                if (c == QLatin1String("fast"))
                    c = hostile;
        }
        const QVector<report::RunComparison> comparisons = comparisonsOf(reports);
        QCOMPARE(comparisons.size(), 2);
        const QString html = QString::fromUtf8(report::comparisonHtml(comparisons));
        for (const char *raw : {"<script", "<b>", "alert('x')"})
            QVERIFY2(!html.contains(QLatin1String(raw)), raw);
        QVERIFY(html.contains(QStringLiteral("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"
                                             "&amp;amp;&quot;")));
        QVERIFY(html.contains(QStringLiteral("&lt;b&gt;run0&lt;/b&gt;")));
        // Three runs: the charts name each series' run, escaped, and stay well-formed XML.
        const QStringList svgs = svgsOf(html);
        QCOMPARE(svgs.size(), 4);
        for (const QString &svg : svgs) {
            const ChartLayout l = layoutOf(svg);
            QVERIFY2(l.error.isEmpty(), qPrintable(l.error));
            bool named = false;
            for (const QString &t : l.texts)
                named = named || t.contains(QStringLiteral("(run <b>run2</b>)"));
            QVERIFY2(named, qPrintable(l.texts.join(u'|')));
        }
        // Markdown: no name becomes markup there either.
        const QString md = report::comparisonMarkdown(comparisons.first());
        static const QRegularExpression tag(QStringLiteral("(^|[^\\\\])<[a-z]"));
        QVERIFY2(!md.contains(tag), qPrintable(md.left(2000)));
        QVERIFY(md.contains(QStringLiteral("\\<script>")));
    }

    void comparisonFromTheCommandLine()
    {
        const QString out = m_dir.filePath(QStringLiteral("compare.html"));
        const test::Outcome o = test::runProgram(
            QStringLiteral(STACKBENCH_BIN),
            {QStringLiteral("compare"), m_ids.a, m_ids.b, QStringLiteral("--format"),
             QStringLiteral("html"), QStringLiteral("-o"), out, QStringLiteral("--store"), m_store},
            60'000, test::withoutADisplay);
        QVERIFY2(o.exitCode == 0, o.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        // The page of both throughput figures, as the Compare page writes it.
        QCOMPARE(QString::fromUtf8(f.readAll()),
                 QString::fromUtf8(
                     report::comparisonHtml(comparisonsOf(storedReports({m_ids.a, m_ids.b})))));
        // --metric: that comparison alone.
        const test::Outcome p99 = test::runProgram(
            QStringLiteral(STACKBENCH_BIN),
            {QStringLiteral("compare"), m_ids.a, m_ids.b, QStringLiteral("--format"),
             QStringLiteral("html"), QStringLiteral("--metric"), QStringLiteral("p99"),
             QStringLiteral("--store"), m_store});
        QVERIFY2(p99.exitCode == 0, p99.err.constData());
        QVERIFY(p99.out.contains("p99 latency (<code>p99</code>)"));
        QVERIFY(!p99.out.contains("<code>ok_per_s</code>"));
        QCOMPARE(int(p99.out.count("<svg ")), 2);
    }

    void opensInHeadlessChromium()
    {
        if (test::chromium().isEmpty())
            QSKIP("chromium is not installed (Debian's chromium package)");
        // The check sees console errors: a page with one fails it.
        const QString bad = m_dir.filePath(QStringLiteral("bad.html"));
        QFile b(bad);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write("<!DOCTYPE html><p>x</p><script>console.error('boom');</script>");
        b.close();
        const test::Browsed control = test::browse(bad, m_dir.path());
        QVERIFY2(control.error.isEmpty(), qPrintable(control.error));
        QCOMPARE(control.console.size(), 1);

        const QString file = m_dir.filePath(QStringLiteral("report.html"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(m_html.toUtf8());
        f.close();
        const test::Browsed r = test::browse(file, m_dir.path());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.console.isEmpty(), qPrintable(r.console.join(u'\n')));
        // Chromium built the whole document: every chart and table is in its DOM.
        QCOMPARE(int(r.dom.count("<svg ")), 12);
        QCOMPARE(int(r.dom.count("<table>")), count(m_html, QStringLiteral("<table>")));
    }

private:
    QTemporaryDir m_dir;
    QString m_store;
    test::FixtureStore m_ids;
    QString m_html;
    QString m_markdown;
};

QTEST_GUILESS_MAIN(TestReportHtml)
#include "tst_reporthtml.moc"
