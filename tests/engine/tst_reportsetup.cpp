// What a report carries so that a reader can trust it, and what it says of a run that measured
// nothing: the Setup section (machine, load at start, Stackbench, each configuration's command,
// CPU sets and probed versions, the gate settings as the plan writes them) in Markdown, HTML and
// JSON, every stored value escaped; a run with 0 valid windows says so with the reasons counted
// by kind, and every figure it never measured reads "–" (null in JSON, empty in CSV), never 0.

#include "plan/plan.h"
#include "report/reportcsv.h"
#include "report/reporthtml.h"
#include "report/reportjson.h"
#include "report/reportmarkdown.h"
#include "report/runreport.h"
#include "report/runvalidity.h"
#include "store/planoutline.h"
#include "syntheticwindows.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

using namespace sb;

namespace {

const QString kDash = QStringLiteral("\u2013");

const char *kPlan = R"({"name": "django", "baseline": "sync",
 "configurations": [{"name": "sync", "cpus": "0"}, {"name": "async"}],
 "routes": [{"name": "users"}],
 "sampler": {"foreign_gate": "25%machine", "wait_quiet_s": 30, "interval_ms": 500},
 "load": {"timeout_s": 20},
 "profiles": {"quick": {"concurrency": [10], "retries": 3}, "full": {"concurrency": [10]}}})";

store::RunRecord runRecord(const QByteArray &planText = kPlan)
{
    store::RunRecord run;
    run.id = QStringLiteral("20260101-000000-abcd");
    run.planPath = QStringLiteral("/tmp/django.json");
    run.planText = planText;
    run.profile = QStringLiteral("quick");
    run.status = store::kStatusFinished;
    run.startedAt = QDateTime(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);
    run.environment =
        QJsonObject{{QStringLiteral("hostname"), QStringLiteral("bench-01")},
                    {QStringLiteral("cpu_model"), QStringLiteral("AMD EPYC 7B13")},
                    {QStringLiteral("cores"), 2},
                    {QStringLiteral("memory_bytes"), double(8LL << 30)},
                    {QStringLiteral("os"), QStringLiteral("Debian GNU/Linux 12 (bookworm)")},
                    {QStringLiteral("kernel"), QStringLiteral("6.1.0-18-amd64 #1 SMP")},
                    {QStringLiteral("loadavg_at_start"), QJsonArray{0.52, 0.61, 0.7}},
                    {QStringLiteral("stackbench_version"), QStringLiteral("0.9.0")},
                    {QStringLiteral("git_revision"), QStringLiteral("1ed5c5c")}};
    return run;
}

store::ConfigurationRecord configuration(const QString &name, const QStringList &command,
                                         const QString &cpus, const QJsonObject &versions)
{
    return {
        QStringLiteral("20260101-000000-abcd"), name,
        QJsonObject{{QStringLiteral("command"), QJsonArray::fromStringList(command)},
                    {QStringLiteral("cwd"), QStringLiteral("/srv/app")},
                    {QStringLiteral("cpus"), cpus},
                    {QStringLiteral("cpus_applied"), cpus.isEmpty() ? QStringLiteral("0-1") : cpus},
                    {QStringLiteral("load_cpus"), QString()},
                    {QStringLiteral("load_cpus_applied"), QStringLiteral("0-1")},
                    {QStringLiteral("versions"), versions}},
        cpus.isEmpty() ? 0 : 1};
}

QVector<store::ConfigurationRecord> configurations(const QStringList &asyncCommand)
{
    return {configuration(QStringLiteral("sync"),
                          {QStringLiteral("gunicorn"), QStringLiteral("--workers"),
                           QStringLiteral("1"), QStringLiteral("app.wsgi")},
                          QStringLiteral("0"),
                          QJsonObject{{QStringLiteral("django"), QStringLiteral("3.2.25")},
                                      {QStringLiteral("gunicorn"), QStringLiteral("20.1.0")}}),
            configuration(QStringLiteral("async"), asyncCommand, QString(),
                          QJsonObject{{QStringLiteral("uvicorn"), QStringLiteral("0.27.1")}})};
}

// Two rounds of both configurations on /users c=10; `valid` false makes every window one that
// failed the foreign-CPU gate.
QVector<store::WindowRecord> windows(bool valid)
{
    QVector<store::WindowRecord> out;
    for (int round = 0; round < 2; ++round) {
        for (const char *name : {"sync", "async"}) {
            store::WindowRecord w = testing::syntheticWindow(
                QStringLiteral("20260101-000000-abcd"), round, QLatin1String(name),
                QStringLiteral("users"), 10, 1000 + 10 * round, 1.0, 2000);
            if (!valid) {
                w.valid = false;
                w.invalidKind = store::kInvalidForeignCpu;
                w.invalidReason = QStringLiteral("foreign CPU 140% >= 50%");
            }
            out << w;
        }
    }
    return out;
}

// The Markdown table row whose first cell is `first` (cells split on unescaped '|'), the first
// one after the line `after` when given.
QStringList markdownRow(const QString &markdown, const QString &first,
                        const QString &after = QString())
{
    const qsizetype from = after.isEmpty() ? 0 : markdown.indexOf(after + u'\n');
    if (from < 0)
        return {};
    for (const QString &line : markdown.mid(from).split(QLatin1Char('\n'))) {
        if (!line.startsWith(QStringLiteral("| ") + first + QStringLiteral(" |")))
            continue;
        QStringList cells;
        for (const QString &c :
             line.mid(1).split(QRegularExpression(QStringLiteral("(?<!\\\\)\\|"))))
            cells << c.trimmed();
        if (!cells.isEmpty() && cells.last().isEmpty())
            cells.removeLast();
        return cells;
    }
    return {};
}

} // namespace

class TestReportSetup : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gateSettingsAsThePlanWritesThem_data();
    void gateSettingsAsThePlanWritesThem();
    void defaultsAgreeWithThePlanLoader();
    void setupInMarkdownHtmlAndJson();
    void hostileCommandIsEscaped();
    void tlsOfHttpsConfigurations();
    void commandLineQuotesWhatAShellReads_data();
    void commandLineQuotesWhatAShellReads();
    void validityText_data();
    void validityText();
    void noValidWindowSaysWhyAndShowsNoFigure();
    void failedRunSaysWhy();
};

void TestReportSetup::gateSettingsAsThePlanWritesThem_data()
{
    QTest::addColumn<QByteArray>("plan");
    QTest::addColumn<QString>("profile");
    QTest::addColumn<QStringList>("shown"); // each setting, in gateSettings() order
    QTest::addColumn<QString>("foreignKey");
    QTest::newRow("written") << QByteArray(kPlan) << QStringLiteral("quick")
                             << QStringList{QStringLiteral("25%machine"),
                                            QStringLiteral("none (default)"),
                                            QStringLiteral("30 s"),
                                            QStringLiteral("3"),
                                            QStringLiteral("10 s (default)"),
                                            QStringLiteral("500 ms"),
                                            QStringLiteral("20 s")}
                             << QStringLiteral("sampler.foreign_gate");
    QTest::newRow("another profile's retries are not this one's")
        << QByteArray(kPlan) << QStringLiteral("full")
        << QStringList{QStringLiteral("25%machine"),
                       QStringLiteral("none (default)"),
                       QStringLiteral("30 s"),
                       QStringLiteral("2 (default)"),
                       QStringLiteral("10 s (default)"),
                       QStringLiteral("500 ms"),
                       QStringLiteral("20 s")}
        << QStringLiteral("sampler.foreign_gate");
    QTest::newRow("the older percent key, a peak gate, a sleep gap")
        << QByteArray(R"({"sampler": {"foreign_gate_pct": 450, "foreign_peak_gate": "90%",
                          "sleep_gap_s": 5}})")
        << QStringLiteral("quick") << QStringList{QStringLiteral("450%"),
                                                  QStringLiteral("90%"),
                                                  QStringLiteral("0 s (default)"),
                                                  QStringLiteral("2 (default)"),
                                                  QStringLiteral("5 s"),
                                                  QStringLiteral("1000 ms (default)"),
                                                  QStringLiteral("180 s (default)")}
        << QStringLiteral("sampler.foreign_gate_pct");
    QTest::newRow("not a plan") << QByteArray("[1, 2") << QStringLiteral("quick")
                                << QStringList{QStringLiteral("32%machine (default)"),
                                               QStringLiteral("none (default)"),
                                               QStringLiteral("0 s (default)"),
                                               QStringLiteral("2 (default)"),
                                               QStringLiteral("10 s (default)"),
                                               QStringLiteral("1000 ms (default)"),
                                               QStringLiteral("180 s (default)")}
                                << QStringLiteral("sampler.foreign_gate");
}

void TestReportSetup::gateSettingsAsThePlanWritesThem()
{
    QFETCH(QByteArray, plan);
    QFETCH(QString, profile);
    QFETCH(QStringList, shown);
    QFETCH(QString, foreignKey);
    const QVector<store::PlanSetting> settings =
        store::gateSettings(store::planOutline(plan), profile);
    QStringList got;
    for (const store::PlanSetting &s : settings)
        got << s.shown();
    QCOMPARE(got, shown);
    QCOMPARE(settings.first().key, foreignKey);
    QCOMPARE(settings[3].key, QStringLiteral("profiles.%1.retries").arg(profile));
}

// The defaults the report names are the ones the plan loader applies.
void TestReportSetup::defaultsAgreeWithThePlanLoader()
{
    const plan::SamplerSettings sampler;
    const plan::LoadSettings load;
    const plan::Profile profile;
    QCOMPARE(sampler.foreignGate.text(), QLatin1String(store::kDefaultForeignGate));
    QVERIFY(!sampler.foreignPeakGate.has_value());
    QCOMPARE(QLatin1String(store::kDefaultForeignPeakGate), QLatin1String("none"));
    QCOMPARE(QStringLiteral("%1 s").arg(sampler.waitQuietMs / 1000),
             QLatin1String(store::kDefaultWaitQuiet));
    QCOMPARE(QStringLiteral("%1 s").arg(sampler.sleepGapMs / 1000),
             QLatin1String(store::kDefaultSleepGap));
    QCOMPARE(QStringLiteral("%1 ms").arg(sampler.intervalMs),
             QLatin1String(store::kDefaultInterval));
    QCOMPARE(QStringLiteral("%1 s").arg(load.timeoutMs / 1000),
             QLatin1String(store::kDefaultTimeout));
    QCOMPARE(QString::number(profile.retries), QLatin1String(store::kDefaultRetries));
}

void TestReportSetup::setupInMarkdownHtmlAndJson()
{
    const QStringList uvicorn{QStringLiteral("uvicorn"), QStringLiteral("app.asgi:application"),
                              QStringLiteral("--port"), QStringLiteral("8001")};
    const report::RunReport r =
        report::buildRunReport(runRecord(), configurations(uvicorn), windows(true), {}, {});
    const QString md = report::reportMarkdown(r);
    QVERIFY2(md.contains(QStringLiteral("\n## Setup\n")), qPrintable(md));
    QCOMPARE(markdownRow(md, QStringLiteral("machine")),
             (QStringList{QStringLiteral("machine"), QStringLiteral("bench-01")}));
    QCOMPARE(markdownRow(md, QStringLiteral("CPU")),
             (QStringList{QStringLiteral("CPU"), QStringLiteral("AMD EPYC 7B13, 2 cores")}));
    QCOMPARE(markdownRow(md, QStringLiteral("memory")).value(1), QStringLiteral("8.0 GiB"));
    QCOMPARE(markdownRow(md, QStringLiteral("OS")).value(1),
             QStringLiteral("Debian GNU/Linux 12 (bookworm)"));
    QCOMPARE(markdownRow(md, QStringLiteral("kernel")).value(1),
             QStringLiteral("6.1.0-18-amd64 #1 SMP"));
    QCOMPARE(markdownRow(md, QStringLiteral("load at start")).value(1),
             QStringLiteral("0.52, 0.61, 0.70 (1, 5 and 15 min averages)"));
    QCOMPARE(markdownRow(md, QStringLiteral("Stackbench")).value(1),
             QStringLiteral("0.9.0, revision `1ed5c5c`"));
    // Each configuration: command, directory, CPUs asked and applied, the load engine's, versions.
    const QString setupHeading = QStringLiteral("## Setup");
    QCOMPARE(markdownRow(md, QStringLiteral("sync"), setupHeading),
             (QStringList{QStringLiteral("sync"), QStringLiteral("`gunicorn --workers 1 app.wsgi`"),
                          QStringLiteral("`/srv/app`"), QStringLiteral("0"), QStringLiteral("0"),
                          QStringLiteral("any"), QStringLiteral("0-1"),
                          QStringLiteral("django 3.2.25, gunicorn 20.1.0")}));
    const QStringList async = markdownRow(md, QStringLiteral("async"), setupHeading);
    QCOMPARE(async.value(1), QStringLiteral("`uvicorn app.asgi:application --port 8001`"));
    QCOMPARE(async.value(3), QStringLiteral("any"));
    QCOMPARE(async.value(4), QStringLiteral("0-1"));
    QCOMPARE(async.value(7), QStringLiteral("uvicorn 0.27.1"));
    // The gates as the plan writes them, with their keys.
    QCOMPARE(markdownRow(md, QStringLiteral("foreign-CPU gate (mean)")),
             (QStringList{QStringLiteral("foreign-CPU gate (mean)"),
                          QStringLiteral("`sampler.foreign_gate`"), QStringLiteral("25%machine")}));
    QCOMPARE(markdownRow(md, QStringLiteral("retries of a window that failed a gate")).value(2),
             QStringLiteral("3"));
    QCOMPARE(markdownRow(md, QStringLiteral("quiet wait before a re-measure")).value(2),
             QStringLiteral("30 s"));
    QCOMPARE(markdownRow(md, QStringLiteral("sampler interval")).value(2),
             QStringLiteral("500 ms"));
    QCOMPARE(markdownRow(md, QStringLiteral("request timeout")).value(2), QStringLiteral("20 s"));
    QCOMPARE(markdownRow(md, QStringLiteral("foreign-CPU gate (peak interval)")).value(2),
             QStringLiteral("none (default)"));
    // The environment's list is a list, not "(structured)".
    QCOMPARE(markdownRow(md, QStringLiteral("loadavg_at_start")).value(1),
             QStringLiteral("0.52, 0.61, 0.7"));

    // HTML: the same document.
    report::HtmlOptions noCharts;
    noCharts.charts = false;
    const QString html = QString::fromUtf8(report::reportHtml(r, {}, noCharts));
    for (const QString &expected :
         {QStringLiteral("<h2 id=\"setup\">Setup</h2>"),
          QStringLiteral("<td>AMD EPYC 7B13, 2 cores</td>"),
          QStringLiteral("<td><code>gunicorn --workers 1 app.wsgi</code></td>"),
          QStringLiteral("<td>django 3.2.25, gunicorn 20.1.0</td>"),
          QStringLiteral("<td>0.52, 0.61, 0.70 (1, 5 and 15 min averages)</td>"),
          QStringLiteral("<td><code>sampler.foreign_gate</code></td><td>25%machine</td>")})
        QVERIFY2(html.contains(expected), qPrintable(expected));

    // JSON: the same values under "setup".
    const QJsonObject setup = report::reportJson(r).value(QStringLiteral("setup")).toObject();
    const QJsonObject machine = setup.value(QStringLiteral("machine")).toObject();
    QCOMPARE(machine.value(QStringLiteral("hostname")).toString(), QStringLiteral("bench-01"));
    QCOMPARE(machine.value(QStringLiteral("cores")).toInt(), 2);
    QCOMPARE(machine.value(QStringLiteral("memory_bytes")).toDouble(), double(8LL << 30));
    QCOMPARE(machine.value(QStringLiteral("loadavg_at_start")).toArray(),
             (QJsonArray{0.52, 0.61, 0.7}));
    QCOMPARE(machine.value(QStringLiteral("git_revision")).toString(), QStringLiteral("1ed5c5c"));
    const QJsonArray configs = setup.value(QStringLiteral("configurations")).toArray();
    QCOMPARE(configs.size(), 2);
    const QJsonObject sync = configs.at(0).toObject();
    QCOMPARE(sync.value(QStringLiteral("name")).toString(), QStringLiteral("sync"));
    QCOMPARE(sync.value(QStringLiteral("command_line")).toString(),
             QStringLiteral("gunicorn --workers 1 app.wsgi"));
    QCOMPARE(sync.value(QStringLiteral("cwd")).toString(), QStringLiteral("/srv/app"));
    QCOMPARE(sync.value(QStringLiteral("cpus")).toString(), QStringLiteral("0"));
    QCOMPARE(sync.value(QStringLiteral("cpus_applied")).toString(), QStringLiteral("0"));
    QCOMPARE(sync.value(QStringLiteral("load_cpus_applied")).toString(), QStringLiteral("0-1"));
    QCOMPARE(sync.value(QStringLiteral("versions")).toObject(),
             (QJsonObject{{QStringLiteral("django"), QStringLiteral("3.2.25")},
                          {QStringLiteral("gunicorn"), QStringLiteral("20.1.0")}}));
    const QJsonArray gates = setup.value(QStringLiteral("gates")).toArray();
    QCOMPARE(gates.size(), 7);
    QCOMPARE(gates.at(0).toObject().value(QStringLiteral("key")).toString(),
             QStringLiteral("sampler.foreign_gate"));
    QCOMPARE(gates.at(0).toObject().value(QStringLiteral("value")).toString(),
             QStringLiteral("25%machine"));
    QVERIFY(gates.at(1).toObject().value(QStringLiteral("written")).isNull());
}

// A command, a name and a version hold anything a plan or a server's answer put there: none of
// it becomes markup in Markdown or HTML, none breaks a table row.
void TestReportSetup::hostileCommandIsEscaped()
{
    const QStringList hostile{QStringLiteral("sh"), QStringLiteral("-c"),
                              QStringLiteral("echo <script>alert(1)</script> | tee `x`\nrm *")};
    QVector<store::ConfigurationRecord> records = configurations(hostile);
    records[1].info.insert(QStringLiteral("cwd"), QStringLiteral("/tmp/<b>|x"));
    records[1].info.insert(
        QStringLiteral("versions"),
        QJsonObject{{QStringLiteral("lib"), QStringLiteral("1.0 <img src=x onerror=alert(1)>")}});
    const report::RunReport r = report::buildRunReport(runRecord(), records, windows(true), {}, {});

    const QString md = report::reportMarkdown(r);
    const QStringList row = markdownRow(md, QStringLiteral("async"), QStringLiteral("## Setup"));
    QCOMPARE(row.size(), 8); // no '|' or newline split the row
    // The command is one code span (its fence longer than the backticks inside, the newline
    // shown as "\n"), where '<' is text; the version is running text, its '<' escaped.
    const QString command = row.value(1);
    QVERIFY2(command.startsWith(QStringLiteral("``sh ")) && command.endsWith(QStringLiteral("``")),
             qPrintable(command));
    QVERIFY2(command.contains(QStringLiteral("\\n")) && command.contains(QStringLiteral("\\|")),
             qPrintable(command));
    QCOMPARE(command.count(QStringLiteral("``")), 2);
    QCOMPARE(row.value(2), QStringLiteral("`/tmp/<b>\\|x`"));
    QCOMPARE(row.value(7), QStringLiteral("lib 1.0 \\<img src=x onerror=alert(1)>"));

    report::HtmlOptions noCharts;
    noCharts.charts = false;
    const QString html = QString::fromUtf8(report::reportHtml(r, {}, noCharts));
    QVERIFY(!html.contains(QStringLiteral("<script>")));
    QVERIFY(!html.contains(QStringLiteral("<img")));
    QVERIFY(!html.contains(QStringLiteral("<b>|x")));
    QVERIFY(html.contains(QStringLiteral("&lt;script&gt;alert(1)&lt;/script&gt;")));
    QVERIFY(html.contains(QStringLiteral("1.0 &lt;img src=x onerror=alert(1)&gt;")));

    // JSON keeps the command as stored, argument by argument.
    const QJsonArray configs = report::reportJson(r)
                                   .value(QStringLiteral("setup"))
                                   .toObject()
                                   .value(QStringLiteral("configurations"))
                                   .toArray();
    QCOMPARE(configs.at(1).toObject().value(QStringLiteral("command")).toArray(),
             QJsonArray::fromStringList(hostile));
}

// An https configuration's record names what its TLS connections agreed on (the runner writes
// info "tls"): the Setup section lists it, the JSON carries it; a plain one has no such row.
void TestReportSetup::tlsOfHttpsConfigurations()
{
    const QStringList uvicorn{QStringLiteral("uvicorn"), QStringLiteral("app.asgi:application")};
    QVector<store::ConfigurationRecord> records = configurations(uvicorn);
    const QString agreed = QStringLiteral("HTTP/1.1 over TLS 1.3, cipher TLS_AES_256_GCM_SHA384, "
                                          "ALPN http/1.1, verification off");
    records[1].info.insert(QStringLiteral("tls"), agreed);
    const report::RunReport r = report::buildRunReport(runRecord(), records, windows(true), {}, {});
    const QString md = report::reportMarkdown(r);
    const QString intro = QStringLiteral("Over TLS, as the first handshake of a measured window "
                                         "agreed (protocol version, cipher, the ALPN result) and "
                                         "whether the server's certificate was verified:");
    QVERIFY2(md.contains(intro), qPrintable(md));
    QCOMPARE(markdownRow(md, QStringLiteral("async"), intro),
             (QStringList{QStringLiteral("async"), agreed}));
    QCOMPARE(markdownRow(md, QStringLiteral("sync"), intro), QStringList());
    const QJsonArray configs = report::reportJson(r)
                                   .value(QStringLiteral("setup"))
                                   .toObject()
                                   .value(QStringLiteral("configurations"))
                                   .toArray();
    QCOMPARE(configs.at(1).toObject().value(QStringLiteral("tls")).toString(), agreed);
    QVERIFY(!configs.at(0).toObject().contains(QStringLiteral("tls")));

    QVERIFY(!md.contains(QStringLiteral("Protocols, as the plan set them")));

    // A configuration's protocol (info "protocol"): a table of every configuration's once one
    // of them speaks HTTP/2, and the JSON's "protocol".
    QVector<store::ConfigurationRecord> h2 = configurations(uvicorn);
    h2[0].info.insert(QStringLiteral("protocol"), QStringLiteral("HTTP/1.1"));
    h2[1].info.insert(QStringLiteral("protocol"),
                      QStringLiteral("HTTP/2 (h2c, prior knowledge), 10 streams per connection"));
    const report::RunReport r2 = report::buildRunReport(runRecord(), h2, windows(true), {}, {});
    const QString md2 = report::reportMarkdown(r2);
    const QString protocolIntro =
        QStringLiteral("Protocols, as the plan set them for the load and the probes (HTTP/2 over "
                       "TLS agreed by ALPN, h2c with prior knowledge; streams are concurrent "
                       "requests per connection):");
    QVERIFY2(md2.contains(protocolIntro), qPrintable(md2));
    QCOMPARE(markdownRow(md2, QStringLiteral("async"), protocolIntro),
             (QStringList{QStringLiteral("async"),
                          QStringLiteral("HTTP/2 (h2c, prior knowledge), 10 streams per "
                                         "connection")}));
    QCOMPARE(markdownRow(md2, QStringLiteral("sync"), protocolIntro),
             (QStringList{QStringLiteral("sync"), QStringLiteral("HTTP/1.1")}));
    const QJsonArray configs2 = report::reportJson(r2)
                                    .value(QStringLiteral("setup"))
                                    .toObject()
                                    .value(QStringLiteral("configurations"))
                                    .toArray();
    QCOMPARE(configs2.at(0).toObject().value(QStringLiteral("protocol")).toString(),
             QStringLiteral("HTTP/1.1"));

    // Plain HTTP only: no TLS paragraph at all.
    const report::RunReport plain =
        report::buildRunReport(runRecord(), configurations(uvicorn), windows(true), {}, {});
    QVERIFY(!report::reportMarkdown(plain).contains(QStringLiteral("Over TLS")));
}

void TestReportSetup::commandLineQuotesWhatAShellReads_data()
{
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<QString>("line");
    QTest::newRow("plain") << QStringList{QStringLiteral("gunicorn"), QStringLiteral("-w"),
                                          QStringLiteral("4"), QStringLiteral("app.wsgi:app")}
                           << QStringLiteral("gunicorn -w 4 app.wsgi:app");
    QTest::newRow("blank and quote")
        << QStringList{QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("it's $HOME")}
        << QStringLiteral("sh -c 'it'\\''s $HOME'");
    QTest::newRow("empty argument")
        << QStringList{QStringLiteral("x"), QString()} << QStringLiteral("x ''");
    QTest::newRow("no command") << QStringList{} << QString();
}

void TestReportSetup::commandLineQuotesWhatAShellReads()
{
    QFETCH(QStringList, command);
    QFETCH(QString, line);
    QCOMPARE(report::commandLine(command), line);
}

void TestReportSetup::validityText_data()
{
    QTest::addColumn<int>("valid");
    QTest::addColumn<QStringList>("kinds"); // one entry per invalid window
    QTest::addColumn<QString>("text");
    QTest::newRow("all failed the gate")
        << 0 << QStringList(56, QString(store::kInvalidForeignCpu))
        << QStringLiteral("0 of 56 windows valid: 56 failed the foreign-CPU gate");
    QTest::newRow("most first")
        << 1
        << QStringList{QString(store::kInvalidServer), QString(store::kInvalidForeignPeak),
                       QString(store::kInvalidForeignPeak)}
        << QStringLiteral("1 of 4 windows valid: 2 failed the peak foreign-CPU gate, 1 saw the "
                          "server tree die");
    QTest::newRow("nothing stored") << 0 << QStringList{} << QStringLiteral("0 of 0 windows valid");
    QTest::newRow("unknown kind") << 0 << QStringList{QStringLiteral("gremlins")}
                                  << QStringLiteral("0 of 1 windows valid: 1 failed (gremlins)");
}

void TestReportSetup::validityText()
{
    QFETCH(int, valid);
    QFETCH(QStringList, kinds);
    QFETCH(QString, text);
    QVector<store::WindowRecord> stored;
    for (const QString &kind : kinds) {
        store::WindowRecord w;
        w.invalidKind = kind;
        stored << w;
    }
    QCOMPARE(report::validityText(valid, report::invalidByKind(stored)), text);
}

// Every window failed the foreign-CPU gate: the header says so with the count and the key that
// sets the gate; no figure reads 0, the baseline is not called "baseline", JSON has nulls and CSV
// empty fields.
void TestReportSetup::noValidWindowSaysWhyAndShowsNoFigure()
{
    store::RunRecord run = runRecord();
    run.status = store::kStatusFailed;
    const report::RunReport r = report::buildRunReport(
        run, configurations({QStringLiteral("uvicorn")}), windows(false), {}, {});
    QCOMPARE(r.validWindows, 0);
    const QString why = QStringLiteral("0 of 4 windows valid: 4 failed the foreign-CPU gate. "
                                       "Nothing was measured: every figure reads \u2013. The "
                                       "foreign-CPU gate (mean) is 25%machine (plan key "
                                       "sampler.foreign_gate).");
    QCOMPARE(report::runProblems(r), QStringList{why});

    const QString md = report::reportMarkdown(r);
    QVERIFY2(md.contains(QStringLiteral("status **failed**")), qPrintable(md.left(400)));
    QVERIFY2(md.contains(QStringLiteral("**0 of 4 windows valid: 4 failed the foreign-CPU gate.")),
             qPrintable(md.left(600)));
    // The summary: route, c, configuration, 2xx/s, per CPU-s, ratio, verdict, ratio, verdict.
    for (const QString &name : {QStringLiteral("sync"), QStringLiteral("async")}) {
        QStringList row;
        for (const QString &line : md.split(u'\n'))
            if (line.startsWith(QStringLiteral("| `users` | 10 | ") + name + u' '))
                row = line.split(u'|', Qt::SkipEmptyParts);
        QVERIFY2(row.size() >= 10, qPrintable(name));
        QCOMPARE(row[3].trimmed(), kDash); // 2xx/s
        QCOMPARE(row[4].trimmed(), kDash); // per CPU-s
        QCOMPARE(row[5].trimmed(), kDash); // "baseline" or the ratio
    }
    QVERIFY(!md.contains(QStringLiteral("baseline |")));
    // The route's table: 2xx/s, spread, per CPU-s, cores, p50, p99, pooled p99, bound.
    const QStringList cells = markdownRow(md, QStringLiteral("sync"));
    QCOMPARE(cells.value(2), QStringLiteral("0 (+2 invalid)"));
    for (int column = 3; column <= 10; ++column)
        QCOMPARE(cells.value(column), kDash);
    QVERIFY2(!md.contains(QStringLiteral("0.000 ms")), "a latency never measured reads 0");
    QVERIFY(!md.contains(QStringLiteral("| 0.0 |")));
    QVERIFY(!md.contains(QStringLiteral("0.0 %")));

    // The terminal's summary table: the same cells.
    const QString terminal = report::terminalOf(report::summaryTable(r));
    QVERIFY(!terminal.contains(QStringLiteral("baseline")));
    QVERIFY(!terminal.contains(QStringLiteral("0.0")));
    QVERIFY(terminal.contains(kDash));

    // HTML: the status and the sentence in red.
    report::HtmlOptions noCharts;
    noCharts.charts = false;
    const QString html = QString::fromUtf8(report::reportHtml(r, {}, noCharts));
    QVERIFY(html.contains(QStringLiteral("<strong class=\"alert\">failed</strong>")));
    QVERIFY(html.contains(
        QStringLiteral("<strong class=\"alert\">0 of 4 windows valid: 4 failed the foreign-CPU")));

    // JSON: null for every figure, the sentence in run.problems.
    const QJsonObject json = report::reportJson(r);
    const QJsonObject runJson = json.value(QStringLiteral("run")).toObject();
    QCOMPARE(runJson.value(QStringLiteral("validity")).toString(),
             QStringLiteral("0 of 4 windows valid: 4 failed the foreign-CPU gate"));
    QCOMPARE(runJson.value(QStringLiteral("problems")).toArray(), QJsonArray{why});
    for (const QJsonValue &v : json.value(QStringLiteral("cells")).toArray()) {
        const QJsonObject cell = v.toObject();
        for (const char *figure : {"ok_per_s", "per_cpu_s", "server_cores", "p50_us", "p99_us"})
            for (const char *part : {"median", "min", "max", "spread"})
                QVERIFY2(cell.value(QLatin1String(figure))
                             .toObject()
                             .value(QLatin1String(part))
                             .isNull(),
                         figure);
        QVERIFY(cell.value(QStringLiteral("pooled_latency_us"))
                    .toObject()
                    .value(QStringLiteral("p99"))
                    .isNull());
        QVERIFY(cell.value(QStringLiteral("cpu_shares")).isNull());
    }
    for (const QJsonValue &v : json.value(QStringLiteral("ratios")).toArray())
        QVERIFY(v.toObject().value(QStringLiteral("ratio")).isNull());

    // CSV: empty fields where JSON has null (ok_per_s_median is the 6th column).
    const QStringList csv = QString::fromUtf8(report::reportCsv(r)).split(QStringLiteral("\r\n"));
    QVERIFY(csv.size() >= 2);
    QCOMPARE(csv[1].split(u',').value(5), QString());
}

// A run that failed says why, from its "run-failed" event, beside its valid windows.
void TestReportSetup::failedRunSaysWhy()
{
    store::RunRecord run = runRecord();
    run.status = store::kStatusFailed;
    const QVector<store::EventRecord> events{
        {run.id,
         QDateTime::currentDateTimeUtc(),
         QStringLiteral("run-failed"),
         QStringLiteral("the before_run hook `reset` exited with 3"),
         {}}};
    const report::RunReport r = report::buildRunReport(
        run, configurations({QStringLiteral("uvicorn")}), windows(true), events, {});
    QCOMPARE(report::runProblems(r),
             QStringList{QStringLiteral("The run failed: the before_run hook `reset` exited "
                                        "with 3")});
    const QString md = report::reportMarkdown(r);
    QVERIFY(md.contains(
        QStringLiteral("**The run failed: the before_run hook \\`reset\\` exited with 3**")));
    // Measured figures and the baseline read as they are.
    QCOMPARE(markdownRow(md, QStringLiteral("`users`")).value(5), QStringLiteral("baseline"));
}

QTEST_GUILESS_MAIN(TestReportSetup)
#include "tst_reportsetup.moc"
