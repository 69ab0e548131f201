// Every text a report writes is escaped for where it lands (issue 22, items 1 and 2): the
// escaping functions one by one; a run whose plan, configuration, route, reason, warning and
// environment texts are hostile (a script, an image with onerror, a spreadsheet formula, pipes,
// backticks, newlines) rendered as Markdown, CSV, JSON, HTML and terminal lines, the HTML opened
// in headless Chromium (no script effect); a 1 MB name rendered in time linear in its size; and
// a plan with such a name refused at load with the limit named.

#include "chromium.h"
#include "core/limits.h"
#include "plan/planloader.h"
#include "report/escape.h"
#include "report/reportcsv.h"
#include "report/reportdocument.h"
#include "report/reporthtml.h"
#include "report/reportjson.h"
#include "report/reportmarkdown.h"
#include "syntheticwindows.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <ctime>

using namespace sb;

namespace {

const QString kScript = QStringLiteral("r<script>document.title='pwned'</script>");
const QString kImage =
    QStringLiteral("\"><img src=x onerror=\"document.body.setAttribute('data-pwned','1')\">");
const QString kFormula = QStringLiteral("=cmd|' /C calc'!A0");
const QString kMarkdown = QStringLiteral("# a|b `c` **d** [e](javascript:x) <b>f</b>\nnew line");
const QString kPlanName = QStringLiteral("</title><script>document.title='pwned'</script>");

// A run of two hostile configurations on two hostile routes, with a hostile invalid reason,
// warning and environment value.
report::RunReport hostileReport(const QString &routeA = kScript, const QString &routeB = kMarkdown)
{
    const QStringList configurations{kImage, kFormula};
    const QStringList routes{routeA, routeB};
    QJsonArray cs, rs;
    for (const QString &c : configurations)
        cs.append(QJsonObject{{QStringLiteral("name"), c}});
    for (const QString &r : routes)
        rs.append(QJsonObject{{QStringLiteral("name"), r}});
    store::RunRecord run;
    run.id = QStringLiteral("20261201-100000-abcd");
    run.planText = QJsonDocument(QJsonObject{{QStringLiteral("name"), kPlanName},
                                             {QStringLiteral("configurations"), cs},
                                             {QStringLiteral("routes"), rs}})
                       .toJson(QJsonDocument::Compact);
    run.profile = QStringLiteral("quick");
    run.status = QStringLiteral("finished");
    run.startedAt = QDateTime(QDate(2026, 12, 1), QTime(10, 0), Qt::UTC);
    run.environment = QJsonObject{{QStringLiteral("cores"), 4},
                                  {QStringLiteral("kernel"), kScript + QStringLiteral("|x\r\ny")}};
    QVector<store::WindowRecord> windows;
    for (int round = 0; round < 3; ++round)
        for (qsizetype c = 0; c < configurations.size(); ++c)
            for (const QString &route : routes)
                for (int k : {1, 8}) {
                    store::WindowRecord w =
                        testing::syntheticWindow(run.id, round, configurations[c], route, k,
                                                 (1000 + 100 * round) * (c + 1) * k, 0.5, 1000 * k);
                    store::IntervalRecord i;
                    i.startS = 0;
                    i.endS = 1;
                    i.ok = w.ok / 10;
                    w.intervals = {i};
                    windows.append(w);
                }
    store::WindowRecord bad = windows.first();
    bad.valid = false;
    bad.invalidReason = QStringLiteral("foreign-cpu 180% >= 64% </td><script>alert(1)</script>");
    windows.append(bad);
    const QVector<store::EventRecord> events{
        {run.id, QDateTime(), QStringLiteral("warning"), kImage + QStringLiteral("\n- item"), {}}};
    return report::buildRunReport(run, windows, events, {});
}

// The fields of one CSV record (RFC 4180) from `text` at `at`; moves `at` past its CR LF.
QStringList csvRecord(const QString &text, qsizetype &at)
{
    QStringList fields;
    QString field;
    bool quoted = false;
    while (at < text.size()) {
        const QChar c = text[at++];
        if (quoted) {
            if (c == u'"' && at < text.size() && text[at] == u'"') {
                field += c;
                ++at;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            fields << field;
            field.clear();
        } else if (c == u'\r' && at < text.size() && text[at] == u'\n') {
            ++at;
            break;
        } else {
            field += c;
        }
    }
    fields << field;
    return fields;
}

// The number of cells of a Markdown table row: the '|' not escaped by a backslash, minus one.
int markdownCells(const QString &row)
{
    int bars = 0;
    for (qsizetype i = 0; i < row.size(); ++i) {
        if (row[i] == u'\\') {
            ++i;
            continue;
        }
        bars += row[i] == u'|';
    }
    return bars - 1;
}

} // namespace

class TestReportEscape : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void html_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("escaped");
        QTest::newRow("markup") << "<a href=\"x\">'&'</a>"
                                << "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;";
        QTest::newRow("plain") << "python c=10"
                               << "python c=10";
        QTest::newRow("controls") << QStringLiteral("a\x01"
                                                    "b\tc\x7f")
                                  << "a\\x01b\tc\\x7f";
    }
    void html()
    {
        QFETCH(QString, text);
        QFETCH(QString, escaped);
        QCOMPARE(report::htmlEscaped(text), escaped);
    }

    void markdown_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("place");
        QTest::addColumn<QString>("escaped");
        const int text = int(report::MarkdownPlace::Text);
        const int cell = int(report::MarkdownPlace::TableText);
        const int code = int(report::MarkdownPlace::Code);
        const int tableCode = int(report::MarkdownPlace::TableCode);
        QTest::newRow("readable") << "foreign_cpu 180% >= 64% [x]" << text
                                  << "foreign_cpu 180% >= 64% \\[x]";
        QTest::newRow("emphasis, code, tag")
            << "*a* _b_ `c` <b>" << text << "\\*a\\* \\_b\\_ \\`c\\` \\<b>";
        QTest::newRow("heading at the start") << "# h" << text << "\\# h";
        QTest::newRow("list at the start") << "- x" << text << "\\- x";
        QTest::newRow("ordered list at the start") << "12. x" << text << "12\\. x";
        QTest::newRow("not at the start") << "a # - b" << text << "a # - b";
        QTest::newRow("newline") << "a\nb" << text << "a\\\\nb";
        QTest::newRow("entity") << "&lt; & b" << text << "\\&lt; & b";
        QTest::newRow("pipe in a table") << "a|b" << cell << "a\\|b";
        QTest::newRow("a table cell starts no block") << "1.5x # -" << cell << "1.5x # -";
        QTest::newRow("pipe elsewhere") << "a|b" << text << "a|b";
        QTest::newRow("code") << "health" << code << "`health`";
        QTest::newRow("code with backticks") << "a``b" << code << "```a``b```";
        QTest::newRow("code starting with a backtick") << "`a" << code << "`` `a ``";
        QTest::newRow("code in a table") << "a|b\nc" << tableCode << "`a\\|b\\nc`";
        QTest::newRow("empty code") << "" << code << "` `";
    }
    void markdown()
    {
        QFETCH(QString, text);
        QFETCH(int, place);
        QFETCH(QString, escaped);
        QCOMPARE(report::markdownEscaped(text, report::MarkdownPlace(place)), escaped);
    }

    void csv_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("escaped");
        QTest::newRow("plain") << "python"
                               << "python";
        QTest::newRow("comma and quote") << "a,\"b\""
                                         << "\"a,\"\"b\"\"\"";
        QTest::newRow("line break") << "a\r\nb"
                                    << "\"a\r\nb\"";
        QTest::newRow("formula") << "=1+2"
                                 << "\"'=1+2\"";
        QTest::newRow("plus") << "+1"
                              << "\"'+1\"";
        QTest::newRow("minus") << "-1"
                               << "\"'-1\"";
        QTest::newRow("at") << "@SUM(A1)"
                            << "\"'@SUM(A1)\"";
        QTest::newRow("tab") << "\t=1"
                             << "\"'\t=1\"";
        QTest::newRow("inside") << "a=1"
                                << "a=1";
    }
    void csv()
    {
        QFETCH(QString, text);
        QFETCH(QString, escaped);
        QCOMPARE(report::csvField(text), escaped);
    }

    void terminal_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("escaped");
        QTest::newRow("plain") << "python c=10"
                               << "python c=10";
        QTest::newRow("escape sequence") << "\x1b[31mred"
                                         << "\\x1b[31mred";
        QTest::newRow("line") << "a\r\nb"
                              << "a\\r\\nb";
        QTest::newRow("bidi override") << QStringLiteral("a\u202eb") << "a\\u202eb";
        QTest::newRow("C1") << QStringLiteral("a\u009bb") << "a\\x9bb";
    }
    void terminal()
    {
        QFETCH(QString, text);
        QFETCH(QString, escaped);
        QCOMPARE(report::terminalText(text), escaped);
    }

    void hostileMarkdown()
    {
        const report::RunReport r = hostileReport();
        const QString md = report::reportMarkdown(r);
        // No tag, link or emphasis can start: outside code spans (which show their text as it
        // is) every '<' and '[' of a name is escaped.
        QString outsideCode = md;
        outsideCode.remove(QRegularExpression(QStringLiteral("(`+)(?!`).*?(?<!`)\\1(?!`)")));
        QVERIFY(outsideCode.contains(QStringLiteral("\\<script")));
        QVERIFY2(!outsideCode.contains(
                     QRegularExpression(QStringLiteral("(^|[^\\\\])<(script|img|b|/)"))),
                 qPrintable(outsideCode.left(3000)));
        QVERIFY(!outsideCode.contains(QRegularExpression(QStringLiteral("(^|[^\\\\])\\[e\\]"))));
        // The names' newlines do not break lines: each table row has its table's cells.
        const QStringList lines = md.split(QLatin1Char('\n'));
        int columns = -1;
        int rows = 0;
        for (const QString &line : lines) {
            if (!line.startsWith(QLatin1Char('|'))) {
                columns = -1;
                continue;
            }
            if (columns < 0)
                columns = markdownCells(line);
            QCOMPARE(markdownCells(line), columns);
            ++rows;
        }
        QVERIFY(rows > 20);
        // Headings only where the report puts them.
        for (const QString &line : lines)
            if (line.startsWith(QLatin1Char('#')))
                QVERIFY2(line.startsWith(QLatin1String("# ")) ||
                             line.startsWith(QLatin1String("## ")),
                         qPrintable(line));
        QVERIFY(md.contains(QStringLiteral("\\\\n- item"))); // the warning's newline, shown
    }

    void hostileCsv()
    {
        const report::RunReport r = hostileReport();
        const QString csv = QString::fromUtf8(report::reportCsv(r));
        qsizetype at = 0;
        const QStringList header = csvRecord(csv, at);
        int records = 0;
        QSet<QString> configurations;
        QSet<QString> routes;
        while (at < csv.size()) {
            const QStringList row = csvRecord(csv, at);
            QCOMPARE(row.size(), header.size());
            configurations.insert(row[0]);
            routes.insert(row[1]);
            ++records;
        }
        QCOMPARE(records, int(r.cells.size()));
        // The formula is neutralised (a leading apostrophe), every other name kept whole.
        QCOMPARE(configurations, (QSet<QString>{QLatin1Char('\'') + kFormula, kImage}));
        QCOMPARE(routes, (QSet<QString>{kScript, kMarkdown}));
    }

    void hostileJson()
    {
        const report::RunReport r = hostileReport();
        const QByteArray bytes = QJsonDocument(report::reportJson(r)).toJson();
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(bytes, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QSet<QString> routes;
        for (const QJsonValue &c : o.value(QStringLiteral("cells")).toArray())
            routes.insert(c.toObject().value(QStringLiteral("route")).toString());
        QCOMPARE(routes, (QSet<QString>{kScript, kMarkdown}));
    }

    void hostileTerminal()
    {
        const report::RunReport r = hostileReport();
        const QString lines = report::terminalOf(report::summaryTable(r));
        QCOMPARE(lines.count(QLatin1Char('\n')), r.cells.size() + 1); // no name breaks a line
        QVERIFY(lines.contains(QStringLiteral("new line")));
        QVERIFY(lines.contains(QStringLiteral("\\nnew line")));
    }

    void hostileHtml()
    {
        const report::RunReport r = hostileReport();
        QVector<store::WindowRecord> windows; // the timelines too
        const QString html = QString::fromUtf8(report::reportHtml(r, windows));
        for (const char *tag : {"<script", "<img", "<b>", "onerror=\"", "<a "})
            QVERIFY2(!html.contains(QLatin1String(tag), Qt::CaseInsensitive), tag);
        QVERIFY(html.contains(QStringLiteral("r&lt;script&gt;document.title=&#39;pwned&#39;")));
        const QString chromium = test::chromium();
        if (chromium.isEmpty())
            QSKIP("chromium is not installed (Debian's chromium package)");
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("hostile.html"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(html.toUtf8());
        f.close();
        // The check sees a script's effect: the same names written raw do run.
        const QString raw = dir.filePath(QStringLiteral("raw.html"));
        QFile g(raw);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write((QStringLiteral("<!DOCTYPE html><title>t</title><body><svg><title>") + kScript +
                 QStringLiteral("</title></svg><p title=\"") + kImage + QStringLiteral("\"></p>"))
                    .toUtf8());
        g.close();
        const test::Browsed control = test::browse(raw, dir.path());
        QVERIFY2(control.error.isEmpty(), qPrintable(control.error));
        QVERIFY2(control.dom.contains("<title>pwned</title>"), control.dom.left(2000).constData());
        QVERIFY(control.dom.contains("data-pwned=\"1\""));

        const test::Browsed b = test::browse(file, dir.path());
        QVERIFY2(b.error.isEmpty(), qPrintable(b.error));
        QVERIFY(b.dom.contains("<svg"));
        QVERIFY2(!b.dom.contains("<title>pwned"), b.dom.left(2000).constData());
        QVERIFY(!b.dom.contains("data-pwned=\"1\""));
        QVERIFY(!b.dom.contains("<script"));
        QVERIFY(!b.dom.contains("<img"));
        QVERIFY2(b.console.isEmpty(), qPrintable(b.console.join(u'\n')));
    }

    // A 1 MB route name (an import can bring one; a plan cannot): every format in time and
    // size linear in it (a quarter of the name, a quarter of the output). Before, the HTML
    // report needed 3.4 s and 141 MB for 10 k characters, 13-33 s and 2.5 GB for 50 k.
    void hugeNameIsLinear()
    {
        struct Sizes
        {
            qsizetype html = 0, md = 0, csv = 0, json = 0;
        };
        auto render = [](qsizetype chars) {
            const QString name(chars, QLatin1Char('x'));
            const report::RunReport r = hostileReport(name, QStringLiteral("b"));
            QElapsedTimer clock;
            clock.start();
            const std::clock_t cpu = std::clock();
            Sizes s;
            s.html = report::reportHtml(r, {}).size();
            const qint64 html = clock.restart();
            s.md = report::reportMarkdown(r).size();
            const qint64 md = clock.restart();
            s.csv = report::reportCsv(r).size();
            s.json = QJsonDocument(report::reportJson(r)).toJson().size();
            const qint64 rest = clock.elapsed();
            const double cpuMs = 1000.0 * double(std::clock() - cpu) / CLOCKS_PER_SEC;
            qInfo("%lld-character route name: HTML %lld bytes in %lld ms, Markdown %lld in %lld "
                  "ms, CSV %lld and JSON %lld in %lld ms; %.0f ms of CPU in all",
                  qint64(chars), qint64(s.html), html, qint64(s.md), md, qint64(s.csv),
                  qint64(s.json), rest, cpuMs);
            // A generous bound, not a target: before, 50 k characters took 13-33 s.
            if (html + md + rest > 30'000)
                qFatal("a %lld-character name took %lld ms", qint64(chars), html + md + rest);
            return s;
        };
        const qsizetype mb = 1 << 20;
        const Sizes quarter = render(mb / 4);
        const Sizes whole = render(mb);
        // The name appears once per cell row and heading at most (the charts cut it): the output
        // grows with it, four times the name about four times the output.
        for (const auto &[small, large] :
             {std::pair{quarter.html, whole.html}, std::pair{quarter.md, whole.md},
              std::pair{quarter.csv, whole.csv}, std::pair{quarter.json, whole.json}}) {
            QVERIFY2(large < 16 * mb + 2'000'000, qPrintable(QString::number(large)));
            QVERIFY2(double(large) / double(small) < 4.2,
                     qPrintable(QStringLiteral("%1 -> %2").arg(small).arg(large)));
        }
    }

    void planRefusesHugeNames_data()
    {
        QTest::addColumn<QString>("field");
        QTest::newRow("plan") << "$.name";
        QTest::newRow("configuration") << "$.configurations[0].name";
        QTest::newRow("route") << "$.routes[0].name";
    }
    void planRefusesHugeNames()
    {
        QFETCH(QString, field);
        const QString name(limits::kMaxNameChars + 1, QLatin1Char('a'));
        const QString ok(limits::kMaxNameChars, QLatin1Char('a'));
        auto plan = [&](const QString &which) {
            const auto n = [&](const QString &path, const QString &fallback) {
                return path == which ? name : fallback;
            };
            QJsonObject o{
                {QStringLiteral("format"), 1},
                {QStringLiteral("profiles"),
                 QJsonObject{{QStringLiteral("q"),
                              QJsonObject{{QStringLiteral("concurrency"), QJsonArray{1}}}}}},
                {QStringLiteral("name"), n(QStringLiteral("$.name"), ok)},
                {QStringLiteral("configurations"),
                 QJsonArray{QJsonObject{
                     {QStringLiteral("name"), n(QStringLiteral("$.configurations[0].name"), ok)},
                     {QStringLiteral("command"), QJsonArray{QStringLiteral("true")}},
                     {QStringLiteral("port"), 18080}}}},
                {QStringLiteral("routes"),
                 QJsonArray{QJsonObject{
                     {QStringLiteral("name"), n(QStringLiteral("$.routes[0].name"), ok)},
                     {QStringLiteral("path"), QStringLiteral("/")}}}}};
            return QJsonDocument(o).toJson();
        };
        const plan::PlanLoad good =
            plan::parsePlan(plan(QString()), QStringLiteral("p.json"), QDir::tempPath());
        QVERIFY2(good.ok(), qPrintable(good.errorText()));
        const plan::PlanLoad bad =
            plan::parsePlan(plan(field), QStringLiteral("p.json"), QDir::tempPath());
        QVERIFY(!bad.ok());
        bool named = false;
        for (const plan::Diagnostic &d : bad.diagnostics)
            named =
                named || (d.jsonPath == field &&
                          d.message.contains(
                              QStringLiteral("at most %1 characters").arg(limits::kMaxNameChars)));
        QVERIFY2(named, qPrintable(bad.errorText()));
    }
};

QTEST_GUILESS_MAIN(TestReportEscape)
#include "tst_reportescape.moc"
