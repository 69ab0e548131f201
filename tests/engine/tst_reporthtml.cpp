// The HTML report: the Markdown report's content as HTML (headings, tables, lists, the
// definitions), each route's charts as inline SVG, nothing that reaches the network; the same
// file from `stackbench report --format html`; and headless Chromium opens it with no console
// error and draws it (skipped only when Debian's chromium is not installed).
#include "comparefixture.h"
#include "report/reportmarkdown.h"
#include "ui/htmlreport.h"

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace sb;

namespace {

int count(const QString &text, const QString &what)
{
    return int(text.count(what));
}

// Runs headless Chromium on `file`: its console messages, and the screenshot it took (a null
// image when it took none).
struct Browsed
{
    QStringList console;
    QImage screenshot;
    QString error;
};

Browsed browse(const QString &chromium, const QString &file, const QString &workDir)
{
    static int n = 0;
    const QString profile = QStringLiteral("%1/profile%2").arg(workDir).arg(++n);
    const QString png = QStringLiteral("%1/shot%2.png").arg(workDir).arg(n);
    QProcess p;
    p.setProgram(chromium);
    p.setArguments(
        {QStringLiteral("--headless"), QStringLiteral("--no-sandbox"),
         QStringLiteral("--disable-gpu"), QStringLiteral("--disable-quic"),
         QStringLiteral("--no-first-run"), QStringLiteral("--disable-background-networking"),
         QStringLiteral("--disable-component-update"), QStringLiteral("--disable-sync"),
         QStringLiteral("--user-data-dir=") + profile, QStringLiteral("--enable-logging=stderr"),
         QStringLiteral("--v=0"), QStringLiteral("--window-size=1280,2000"),
         QStringLiteral("--screenshot=") + png, QUrl::fromLocalFile(file).toString()});
    p.start();
    Browsed out;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished(5000);
        out.error = QStringLiteral("chromium did not finish");
        return out;
    }
    const QString err = QString::fromUtf8(p.readAllStandardError());
    static const QRegularExpression console(QStringLiteral(":CONSOLE[:(]"));
    for (const QString &line : err.split(QLatin1Char('\n')))
        if (console.match(line).hasMatch())
            out.console << line;
    out.screenshot = QImage(png);
    if (out.screenshot.isNull())
        out.error = QStringLiteral("no screenshot; chromium said: ") + err.right(2000);
    return out;
}

// Colours of the image, up to `cap` of them.
int distinctColours(const QImage &image, int cap = 64)
{
    QSet<QRgb> seen;
    for (int y = 0; y < image.height() && seen.size() < cap; y += 7)
        for (int x = 0; x < image.width() && seen.size() < cap; x += 7)
            seen.insert(image.pixel(x, y));
    return int(seen.size());
}

} // namespace

class TestHtmlReport : public QObject
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
        sb::Result<QByteArray> html = htmlReportFromStore(**opened, m_ids.a);
        QVERIFY(html.ok());
        m_html = QString::fromUtf8(*html);
        sb::Result<report::RunReport> r = report::loadRunReport(**opened, m_ids.a);
        QVERIFY(r.ok());
        m_markdown = report::reportMarkdown(*r);
    }

    void markdown_data()
    {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QString>("html");
        QTest::newRow("headings")
            << "# Title\n## Route `a`\n### x"
            << "<h1 id=\"title\">Title</h1>\n<h2 id=\"route-a\">Route <code>a</code></h2>\n"
               "<h3 id=\"x\">x</h3>\n";
        QTest::newRow("paragraph, joined")
            << "one **two**\n*three* `<4>`\n\nnext"
            << "<p>one <strong>two</strong> <em>three</em> <code>&lt;4&gt;</code></p>\n"
               "<p>next</p>\n";
        QTest::newRow("escaped") << "a < b & \"c\""
                                 << "<p>a &lt; b &amp; &quot;c&quot;</p>\n";
        QTest::newRow("no emphasis inside code or around spaces")
            << "`*x*` 2 * 3 * 4"
            << "<p><code>*x*</code> 2 * 3 * 4</p>\n";
        QTest::newRow("table")
            << "| a | b | c |\n|---|---:|:-:|\n| `x` | 1 | y \\| z |\n| **w** | 2 |"
            << "<div class=\"table\"><table>\n<thead><tr><th>a</th><th class=\"n\">b</th>"
               "<th class=\"c\">c</th></tr></thead>\n<tbody>\n<tr><td><code>x</code></td>"
               "<td class=\"n\">1</td><td class=\"c\">y | z</td></tr>\n<tr><td><strong>w"
               "</strong></td><td class=\"n\">2</td><td class=\"c\"></td></tr>\n</tbody>"
               "</table></div>\n";
        QTest::newRow("nested list")
            << "- a\n  - b\n  - c\n- d\ntext"
            << "<ul>\n<li>a<ul>\n<li>b</li>\n<li>c</li></ul>\n</li>\n<li>d</li></ul>\n"
               "<p>text</p>\n";
    }
    void markdown()
    {
        QFETCH(QString, markdown);
        QFETCH(QString, html);
        QCOMPARE(markdownToHtml(markdown), html);
    }

    void sectionsGetWhatTheCallerAdds()
    {
        QStringList seen;
        const QString html = markdownToHtml(
            QStringLiteral("# T\nintro\n## A\ntext\n## B\n- x\n"), [&seen](const QString &heading) {
                seen << heading;
                return QStringLiteral("<hr data-after=\"%1\">\n").arg(heading);
            });
        QCOMPARE(seen, (QStringList{QStringLiteral("A"), QStringLiteral("B")}));
        QVERIFY(html.indexOf(QStringLiteral("<hr data-after=\"A\">")) <
                html.indexOf(QStringLiteral("<h2 id=\"b\">")));
        QVERIFY(html.endsWith(QStringLiteral("</li></ul>\n<hr data-after=\"B\">\n")));
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
        // The cell figures as the Markdown writes them.
        QVERIFY(m_html.contains(QStringLiteral("20,200.0 [20,000.0-20,400.0]")));
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
        // Each one parses as SVG on its own.
        qsizetype from = 0;
        int parsed = 0;
        while ((from = m_html.indexOf(QStringLiteral("<svg "), from)) >= 0) {
            const qsizetype end = m_html.indexOf(QStringLiteral("</svg>"), from);
            QVERIFY(end > from);
            QXmlStreamReader xml(m_html.mid(from, end + 6 - from));
            QVERIFY(xml.readNextStartElement());
            QCOMPARE(xml.name().toString(), QStringLiteral("svg"));
            while (!xml.atEnd())
                xml.readNext();
            QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
            ++parsed;
            from = end;
        }
        QCOMPARE(parsed, 12);
        QVERIFY(m_html.contains(QStringLiteral("2xx/s across windows: health")));
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
        QVERIFY(urls > 0); // the charts' gradients
    }

    void withoutCharts()
    {
        auto opened = store::RunStore::open(m_store, store::RunStore::OpenMode::ReadOnly);
        HtmlReportOptions o;
        o.charts = false;
        sb::Result<QByteArray> html = htmlReportFromStore(**opened, m_ids.b, {}, o);
        QVERIFY(html.ok());
        QVERIFY(!html->contains("<svg"));
        QVERIFY(html->contains(m_ids.b.toUtf8()));
        sb::Result<QByteArray> none =
            htmlReportFromStore(**opened, QStringLiteral("20990101-000000-ffff"));
        QVERIFY(!none.ok());
        QCOMPARE(none.error().code, std::string("store.not-found"));
    }

    void fromTheCommandLine()
    {
        const QString out = m_dir.filePath(QStringLiteral("cli.html"));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY")); // it must draw offscreen by itself
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(STACKBENCH_BIN),
                {QStringLiteral("report"), m_ids.a, QStringLiteral("--format"),
                 QStringLiteral("html"), QStringLiteral("-o"), out, QStringLiteral("--store"),
                 m_store});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString cli = QString::fromUtf8(f.readAll());
        // The same document, up to the version the footer names.
        static const QRegularExpression footer(QStringLiteral("<footer>.*</footer>"));
        QCOMPARE(QString(cli).remove(footer), QString(m_html).remove(footer));
    }

    void opensInHeadlessChromium()
    {
        const QString chromium = QStandardPaths::findExecutable(QStringLiteral("chromium"));
        if (chromium.isEmpty())
            QSKIP("chromium is not installed (Debian's chromium package)");
        // The check sees console errors: a page with one fails it.
        const QString bad = m_dir.filePath(QStringLiteral("bad.html"));
        QFile b(bad);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write("<!DOCTYPE html><p>x</p><script>console.error('boom');</script>");
        b.close();
        const Browsed control = browse(chromium, bad, m_dir.path());
        QVERIFY2(control.error.isEmpty(), qPrintable(control.error));
        QCOMPARE(control.console.size(), 1);

        const QString file = m_dir.filePath(QStringLiteral("report.html"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(m_html.toUtf8());
        f.close();
        const Browsed r = browse(chromium, file, m_dir.path());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.console.isEmpty(), qPrintable(r.console.join(u'\n')));
        QCOMPARE(r.screenshot.size(), QSize(1280, 2000));
        // Text, tables and charts, not a blank page.
        QVERIFY(distinctColours(r.screenshot) > 16);
    }

private:
    QTemporaryDir m_dir;
    QString m_store;
    test::FixtureStore m_ids;
    QString m_html;
    QString m_markdown;
};

QTEST_MAIN(TestHtmlReport)
#include "tst_htmlreport.moc"
