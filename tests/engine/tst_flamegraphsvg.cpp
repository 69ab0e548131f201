// Flame graphs as SVG (report/flamegraphsvg.h) and "Where the time goes" in the reports
// (report/profilereport.h): well-formed XML whatever a frame is called, widths that add up to
// the samples, the differential colours' sign, and the section in Markdown and HTML.

#include "profile/foldedstacks.h"
#include "report/flamegraphsvg.h"
#include "report/palette.h"
#include "report/profilereport.h"
#include "report/reporthtml.h"
#include "report/reportmarkdown.h"

#include <QRegularExpression>
#include <QTest>
#include <QXmlStreamReader>

using namespace sb;

namespace {

profile::FrameTree treeOf(const QByteArray &folded)
{
    sb::Result<profile::FrameTree> t = profile::parseFolded(folded);
    if (!t.ok())
        qFatal("parse: %s", t.error().toString().c_str());
    return *t;
}

struct SvgFrame
{
    QString title; // the hover text
    double x = 0;
    double y = 0;
    double width = 0;
    QString fill;
};

// Every frame (<g><title/><rect/>...</g>) of a flame graph SVG; fails the test on bad XML.
QVector<SvgFrame> framesOf(const QString &svg, QString *error)
{
    QVector<SvgFrame> frames;
    QXmlStreamReader xml(svg);
    int depth = 0;
    int frameDepth = -1;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            ++depth;
            if (xml.name() == QLatin1String("g") && frameDepth < 0 && depth > 2) {
                frameDepth = depth;
                frames.append(SvgFrame{});
            } else if (frameDepth > 0 && xml.name() == QLatin1String("title")) {
                frames.last().title = xml.readElementText();
                --depth;
            } else if (frameDepth > 0 && xml.name() == QLatin1String("rect")) {
                const QXmlStreamAttributes a = xml.attributes();
                frames.last().x = a.value(QLatin1String("x")).toDouble();
                frames.last().y = a.value(QLatin1String("y")).toDouble();
                frames.last().width = a.value(QLatin1String("width")).toDouble();
                frames.last().fill = a.value(QLatin1String("fill")).toString();
            }
        } else if (xml.isEndElement()) {
            if (depth == frameDepth)
                frameDepth = -1;
            --depth;
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1 at line %2 column %3")
                     .arg(xml.errorString())
                     .arg(xml.lineNumber())
                     .arg(xml.columnNumber());
    return frames;
}

const SvgFrame *frameNamed(const QVector<SvgFrame> &frames, const QString &name)
{
    for (const SvgFrame &f : frames)
        if (f.title.section(QLatin1Char('\n'), 0, 0) == name)
            return &f;
    return nullptr;
}

QString hex(uint32_t rgb)
{
    return QStringLiteral("#%1").arg(rgb, 6, 16, QLatin1Char('0'));
}

int red(const QString &fill)
{
    return fill.mid(1, 2).toInt(nullptr, 16);
}
int blue(const QString &fill)
{
    return fill.mid(5, 2).toInt(nullptr, 16);
}

store::ProfileRecord profileRecord(const QString &configuration, const QByteArray &folded,
                                   double okPerS, double cellOkPerS)
{
    store::ProfileRecord p;
    p.id = 1;
    p.runId = QStringLiteral("20261201-120000-0001");
    p.configuration = configuration;
    p.route = QStringLiteral("hash");
    p.concurrency = 32;
    p.round = 2;
    p.okPerS = okPerS;
    p.cellOkPerS = cellOkPerS;
    p.frequencyHz = 99;
    p.callGraph = QStringLiteral("fp");
    p.folded = folded;
    p.samples = treeOf(folded).totalSamples();
    return p;
}

report::RunReport reportWithProfiles()
{
    report::RunReport r;
    r.run.id = QStringLiteral("20261201-120000-0001");
    r.configurations = {QStringLiteral("native"), QStringLiteral("python")};
    r.routes = {QStringLiteral("hash")};
    r.concurrency = {32};
    r.options.baseline = QStringLiteral("native");
    report::CellReport cell;
    cell.configuration = QStringLiteral("native");
    cell.route = QStringLiteral("hash");
    cell.concurrency = 32;
    r.cells.append(cell);
    r.profiles.append(profileRecord(QStringLiteral("native"),
                                    "main;serve;sha256_block 80\nmain;serve;write 20\n", 9500,
                                    10000));
    store::ProfileRecord python =
        profileRecord(QStringLiteral("python"),
                      "main;_PyEval_EvalFrameDefault;sha256_block 30\n"
                      "main;_PyEval_EvalFrameDefault;PyObject_Malloc 50\nmain;serve;write 20\n",
                      2000, -1);
    python.note = QStringLiteral("python frames are the interpreter's (<CPython 3.12>)");
    r.profiles.append(python);
    return r;
}

} // namespace

class TestFlameGraphSvg : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Hostile frame names stay text: the SVG is well-formed XML and the hover text reads back
    // the name as it was (control characters shown as escapes).
    void escapesNames_data()
    {
        QTest::addColumn<QByteArray>("folded");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("shown");
        QTest::newRow("markup") << QByteArray("main;<script>alert(1)</script> 5\n")
                                << "<script>alert(1)</script>"
                                << "<script>alert(1)</script>";
        QTest::newRow("ampersand and quotes")
            << QByteArray("main;a&b \"c\" 'd' 5\n") << "a&b \"c\" 'd'"
            << "a&b \"c\" 'd'";
        // (No ';' inside a frame: folded stacks separate frames by it.)
        QTest::newRow("entity-like") << QByteArray("main;&amp&#x41 5\n") << "&amp&#x41"
                                     << "&amp&#x41";
        QTest::newRow("control characters")
            << QByteArray("main;a\x01\x1b[31mb\x7f 5\n") << "a\x01\x1b[31mb\x7f"
            << "a\\x01\\x1b[31mb\\x7f";
        QTest::newRow("cdata end") << QByteArray("main;]]> 5\n") << "]]>"
                                   << "]]>";
    }
    void escapesNames()
    {
        QFETCH(QByteArray, folded);
        QFETCH(QString, name);
        QFETCH(QString, shown);
        report::FlameSvgOptions o;
        o.title = QStringLiteral("profile of <b>") + name;
        o.idPrefix = QStringLiteral("t-");
        const QString svg = report::flameGraphSvg(treeOf(folded), o);
        QString error;
        const QVector<SvgFrame> frames = framesOf(svg, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(frameNamed(frames, shown));
        QVERIFY(!svg.contains(QStringLiteral("<script")));
        QVERIFY(!svg.contains(QLatin1Char('\x01')));
    }

    // Widths proportional to samples: callees inside their caller, the root the whole width.
    void widthsAddUp()
    {
        report::FlameSvgOptions o;
        o.widthPx = 1020; // 1000 px inside the margins
        const QString svg = report::flameGraphSvg(treeOf("main;a 60\nmain;b;c 30\nmain;b 10\n"), o);
        QString error;
        const QVector<SvgFrame> frames = framesOf(svg, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(frames.size(), 5);
        const SvgFrame *all = frameNamed(frames, QStringLiteral("all samples"));
        const SvgFrame *a = frameNamed(frames, QStringLiteral("a"));
        const SvgFrame *b = frameNamed(frames, QStringLiteral("b"));
        const SvgFrame *c = frameNamed(frames, QStringLiteral("c"));
        QVERIFY(all && a && b && c);
        QCOMPARE(all->width, 1000.0);
        QCOMPARE(a->width, 600.0);
        QCOMPARE(b->width, 400.0);
        QCOMPARE(c->width, 300.0);
        QCOMPARE(a->width + b->width, all->width);
        QCOMPARE(b->x, a->x + a->width);
        QVERIFY(c->y < b->y); // a callee above its caller: the root is at the bottom
        QVERIFY(a->title.contains(QStringLiteral("60 samples, 60.0 % of all")));
        QVERIFY(b->title.contains(QStringLiteral("self 10, 10.0 %")));
        QCOMPARE(a->fill, hex(report::flameColour(report::flameNameHash(u"a", 1))));
    }

    // Frames narrower than the minimum are left out, and the graph says how many.
    void narrowFramesOmitted()
    {
        QByteArray folded = "main;big 10000\n";
        for (int i = 0; i < 50; ++i)
            folded += "main;tiny" + QByteArray::number(i) + " 1\n";
        report::FlameSvgOptions o;
        o.widthPx = 1020;
        o.minFramePx = 1;
        const QString svg = report::flameGraphSvg(treeOf(folded), o);
        QString error;
        const QVector<SvgFrame> frames = framesOf(svg, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(frames.size(), 3); // all, main, big
        QVERIFY(svg.contains(QStringLiteral("50 frames narrower than 1 px")));
    }

    // Red where the share grew, blue where it shrank, grey where it stayed; a legend.
    void diffColours()
    {
        const profile::FrameTree a = treeOf("main;hash 50\nmain;parse 50\n");
        const profile::FrameTree b = treeOf("main;hash 300\nmain;gc 100\n");
        const sb::Result<profile::DiffTree> d = profile::DiffTree::build(a, b);
        QVERIFY(d.ok());
        report::FlameSvgOptions o;
        o.idPrefix = QStringLiteral("d1-");
        const QString svg =
            report::diffFlameGraphSvg(*d, QStringLiteral("before"), QStringLiteral("<after>"), o);
        QString error;
        const QVector<SvgFrame> frames = framesOf(svg, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const SvgFrame *hash = frameNamed(frames, QStringLiteral("hash"));
        const SvgFrame *parse = frameNamed(frames, QStringLiteral("parse"));
        const SvgFrame *gc = frameNamed(frames, QStringLiteral("gc"));
        const SvgFrame *main = frameNamed(frames, QStringLiteral("main"));
        QVERIFY(hash && parse && gc && main);
        QVERIFY(red(hash->fill) > blue(hash->fill));   // grew
        QVERIFY(blue(parse->fill) > red(parse->fill)); // shrank (gone in B)
        QVERIFY(red(gc->fill) > blue(gc->fill));       // new in B
        QCOMPARE(main->fill, hex(report::kDiffSame));  // the same share on both sides
        // The largest change is drawn in full colour.
        QCOMPARE(parse->fill, hex(report::kDiffShrank));
        QVERIFY(hash->title.contains(QStringLiteral("change +25.0 pp")));
        QVERIFY(parse->title.contains(QStringLiteral("change \u221250.0 pp")));
        QVERIFY(svg.contains(QStringLiteral("linearGradient id=\"d1-diffscale\"")));
        QVERIFY(svg.contains(QStringLiteral("&lt;after&gt;")));
        // Widths: the mean of the two shares.
        QCOMPARE(parse->width * 4, main->width);
    }

    void diffColourScale_data()
    {
        QTest::addColumn<double>("delta");
        QTest::addColumn<bool>("redder");
        QTest::newRow("grew") << 0.01 << true;
        QTest::newRow("shrank") << -0.01 << false;
    }
    void diffColourScale()
    {
        QFETCH(double, delta);
        QFETCH(bool, redder);
        const uint32_t c = report::diffColour(delta, report::kDiffMinScale);
        const int r = int((c >> 16) & 0xff);
        const int b = int(c & 0xff);
        QCOMPARE(r > b, redder);
        QCOMPARE(report::diffColour(0, 0.5), report::kDiffSame);
        QCOMPARE(report::diffColour(delta * 100, 0.5),
                 redder ? report::kDiffGrew : report::kDiffShrank);
    }

    void shareTexts_data()
    {
        QTest::addColumn<double>("share");
        QTest::addColumn<QString>("text");
        QTest::newRow("whole") << 1.0 << "100.0 %";
        QTest::newRow("tiny but there") << 0.0004 << "0.04 %";
        QTest::newRow("none") << 0.0 << "0.0 %";
    }
    void shareTexts()
    {
        QFETCH(double, share);
        QFETCH(QString, text);
        QCOMPARE(report::shareText(share), text);
        QCOMPARE(report::shareDeltaText(0.0001), QStringLiteral("\u00b10.0 pp"));
        QCOMPARE(report::shareDeltaText(-0.034), QStringLiteral("\u22123.4 pp"));
    }

    // "Where the time goes": top functions, the window against the cell's median, the note,
    // the differential of python against the baseline; none for a run without profiles.
    void markdownSection()
    {
        const report::RunReport r = reportWithProfiles();
        const QString md = report::markdownOf(report::profileSection(r));
        QVERIFY(md.contains(QStringLiteral("## Where the time goes")));
        QVERIFY(md.contains(QStringLiteral("| `sha256_block` | 80.0 % | 80.0 % |")));
        QVERIFY(md.contains(QStringLiteral("9,500 2xx/s against the cell's median of 10,000 "
                                           "(-5.0 %")));
        QVERIFY(md.contains(QStringLiteral("the cell's median is not known")));
        QVERIFY(md.contains(QStringLiteral("\\<CPython 3.12>")));
        QVERIFY(md.contains(QStringLiteral("`python` against `native`")));
        QVERIFY(md.contains(QStringLiteral("| `PyObject_Malloc` | 0.0 % | 50.0 % | +50.0 pp |")));
        QCOMPARE(report::profileDiffPairs(r), (QVector<std::pair<int, int>>{{0, 1}}));
        report::RunReport none = r;
        none.profiles.clear();
        QVERIFY(report::profileSection(none).blocks().isEmpty());
        QVERIFY(!report::reportMarkdown(none).contains(QStringLiteral("Where the time goes")));
    }

    void unreadableProfile()
    {
        report::RunReport r = reportWithProfiles();
        r.profiles[0].folded = "main;a b\n";
        const QString md = report::markdownOf(report::profileSection(r));
        QVERIFY(md.contains(QStringLiteral("The stored stacks cannot be read: line 1:")));
        QVERIFY(report::profileDiffPairs(r).size() == 1);
        QVERIFY(report::profileChartsSvg(r, report::profileChartsKey(0), 800, QString()).isEmpty());
    }

    // The HTML report: a flame graph per profile and the differential, well-formed, with
    // unique gradient ids.
    void htmlReport()
    {
        const report::RunReport r = reportWithProfiles();
        const QString html = QString::fromUtf8(report::reportHtml(r));
        QVERIFY(html.contains(QStringLiteral("Where the time goes")));
        const auto svgs = html.count(QStringLiteral("<svg xmlns"));
        QCOMPARE(svgs, 3); // two profiles and one differential
        QVERIFY(html.contains(QStringLiteral("Differential CPU profile: python against native")));
        const QRegularExpression svgElement(QStringLiteral("<svg xmlns.*?</svg>"),
                                            QRegularExpression::DotMatchesEverythingOption);
        auto it = svgElement.globalMatch(html);
        int checked = 0;
        while (it.hasNext()) {
            QString error;
            framesOf(it.next().captured(0), &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            ++checked;
        }
        QCOMPARE(checked, 3);
        QVERIFY(!report::reportHtml(r, {}, report::HtmlOptions{false, QSize(560, 340)})
                     .contains("<svg"));
    }

    void chartsKeys_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<bool>("isProfile");
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("other");
        QTest::newRow("one") << report::profileChartsKey(3) << true << 3 << -1;
        QTest::newRow("diff") << report::profileDiffChartsKey(1, 4) << true << 1 << 4;
        QTest::newRow("a route") << QStringLiteral("profile") << false << -1 << -1;
        QTest::newRow("garbage") << QStringLiteral("\x1fprofile\x1fx") << false << -1 << -1;
    }
    void chartsKeys()
    {
        QFETCH(QString, key);
        QFETCH(bool, isProfile);
        QFETCH(int, index);
        QFETCH(int, other);
        int i = -1;
        int o = -1;
        QCOMPARE(report::isProfileChartsKey(key, &i, &o), isProfile);
        if (isProfile) {
            QCOMPARE(i, index);
            QCOMPARE(o, other);
        }
    }
};

QTEST_GUILESS_MAIN(TestFlameGraphSvg)
#include "tst_flamegraphsvg.moc"
