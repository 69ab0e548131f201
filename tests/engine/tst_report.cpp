// engine/report: a run's report from stored windows: cells, ratios, verdicts, where the ceiling
// is, gates, and the JSON, Markdown and CSV forms; recomputed independently from the store.

#include "core/qterror.h"
#include "report/comparison.h"
#include "report/escape.h"
#include "report/reportcsv.h"
#include "report/reporthtml.h"
#include "report/reportjson.h"
#include "report/reportmarkdown.h"
#include "report/runreport.h"
#include "report/windowfigures.h"
#include "stats/histogram.h"
#include "store/backfill.h"
#include "store/runstore.h"
#include "syntheticwindows.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace sb;

namespace {

const char *kPlan = R"({"name": "demo", "configurations": [{"name": "native"}, {"name": "python"}],
 "routes": [{"name": "health"}, {"name": "cpu"}]})";

store::WindowRecord window(const QString &runId, int round, const QString &configuration,
                           const QString &route, int concurrency, double okPerS, double cores,
                           int64_t p50Us)
{
    return testing::syntheticWindow(runId, round, configuration, route, concurrency, okPerS, cores,
                                    p50Us);
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cellsMatchTheStoredWindows();
    void ratiosAndVerdicts();
    void ceiling();
    void pinnedServerFillingItsCpuSetIsServerBound();
    void contendedNamesTheForeignProcesses();
    void boundSentenceAndCeilingLineAgree();
    void invalidAttemptsAreCountedWithReasons();
    void legacyInvalidKindNamesTheGateThatFailed_data();
    void legacyInvalidKindNamesTheGateThatFailed();
    void invalidKindReadsTheStoredColumn_data();
    void invalidKindReadsTheStoredColumn();
    void cpuCountsAndPlanNameFromTheRecords();
    void markdownAndCsv();
    void loadHostsNameTheHostOfEveryFigure();
    void serverHostNamedInTheSetup();
    void unknownBaseline();
    void runComparedWithItself();
    void throttledRunHasAWinner();
    void failIf_data();
    void failIf();
    void noiseFloorFromAnAaRun();
    void anAaRunReportsItsFloor();

private:
    QTemporaryDir m_dir;
    QString m_store;
    QString m_runId;
};

void TestReport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_store = m_dir.filePath(QStringLiteral("runs.sqlite"));
    auto opened = store::RunStore::open(m_store);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().detail.c_str());
    store::RunStore &s = **opened;
    store::RunRecord run;
    run.id = store::RunStore::newRunId();
    run.planPath = QStringLiteral("/tmp/demo.json");
    run.planText = kPlan;
    run.planSha256 = "00";
    run.profile = QStringLiteral("full");
    run.startedAt = QDateTime::currentDateTimeUtc();
    run.environment = QJsonObject{{QStringLiteral("cores"), 2}};
    QVERIFY(s.createRun(run).ok());
    m_runId = run.id;
    // native: fast, grows with concurrency; python: one core, flat from c=10 (server-bound).
    const double native[2][3] = {{9000, 9100, 8900}, {16000, 15800, 16100}};
    const double python[2][3] = {{1000, 1010, 990}, {1020, 1000, 1015}};
    const int conc[2] = {10, 100};
    for (int round = 0; round < 3; ++round) {
        for (int c = 0; c < 2; ++c) {
            for (const char *route : {"health", "cpu"}) {
                store::WindowRecord n =
                    window(m_runId, round, QStringLiteral("native"), QLatin1String(route), conc[c],
                           native[c][round], 0.5 + 0.2 * c, 1000 + 500 * c);
                store::WindowRecord p =
                    window(m_runId, round, QStringLiteral("python"), QLatin1String(route), conc[c],
                           python[c][round], 1.0, c == 0 ? 10'000 : 100'000);
                QVERIFY(s.saveWindow(n).ok());
                QVERIFY(s.saveWindow(p).ok());
            }
        }
    }
    // A contended attempt of python /health c=10 round 0, re-measured above.
    store::WindowRecord contended = window(m_runId, 0, QStringLiteral("python"),
                                           QStringLiteral("health"), 10, 300, 1.0, 50'000);
    contended.valid = false;
    contended.invalidReason = QStringLiteral("foreign-cpu 180% >= 64%");
    contended.invalidKind = store::kInvalidForeignCpu;
    contended.gates.insert(QStringLiteral("foreign_cpu"),
                           QJsonObject{{QStringLiteral("passed"), false}});
    QVERIFY(s.saveWindow(contended).ok());
    QVERIFY(s.finishRun(m_runId, store::kStatusFinished).ok());
}

void TestReport::cellsMatchTheStoredWindows()
{
    auto opened = store::RunStore::open(m_store);
    QVERIFY(opened.ok());
    auto report = report::loadRunReport(**opened, m_runId);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().detail.c_str());
    const QJsonObject json = report::reportJson(*report);
    QCOMPARE(json.value(QStringLiteral("baseline")).toString(), QStringLiteral("native"));
    const QJsonArray cells = json.value(QStringLiteral("cells")).toArray();
    QCOMPARE(cells.size(), 8);

    // Recompute every cell's median 2xx/s straight from SQL, independently of the store API.
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
    db.setDatabaseName(m_store);
    QVERIFY(db.open());
    for (const QJsonValue &v : cells) {
        const QJsonObject cell = v.toObject();
        QSqlQuery q(db);
        q.prepare(
            QStringLiteral("SELECT ok, elapsed_s FROM windows WHERE run_id = ? AND "
                           "configuration = ? AND route = ? AND concurrency = ? AND valid = 1"));
        q.addBindValue(m_runId);
        q.addBindValue(cell.value(QStringLiteral("configuration")).toString());
        q.addBindValue(cell.value(QStringLiteral("route")).toString());
        q.addBindValue(cell.value(QStringLiteral("concurrency")).toInt());
        QVERIFY(q.exec());
        std::vector<double> rates;
        while (q.next())
            rates.push_back(q.value(0).toDouble() / q.value(1).toDouble());
        std::sort(rates.begin(), rates.end());
        QCOMPARE(rates.size(), size_t(3));
        const QJsonObject ok = cell.value(QStringLiteral("ok_per_s")).toObject();
        QCOMPARE(ok.value(QStringLiteral("median")).toDouble(), rates[1]);
        QCOMPARE(ok.value(QStringLiteral("min")).toDouble(), rates[0]);
        QCOMPARE(ok.value(QStringLiteral("max")).toDouble(), rates[2]);
        QCOMPARE(cell.value(QStringLiteral("valid_windows")).toInt(), 3);
    }
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("check"));
}

void TestReport::ratiosAndVerdicts()
{
    auto opened = store::RunStore::open(m_store);
    auto report = report::loadRunReport(**opened, m_runId);
    QVERIFY(report.ok());
    int seen = 0;
    for (const report::RatioReport &r : report->ratios) {
        QCOMPARE(r.configuration, QStringLiteral("python"));
        QCOMPARE(r.baseline, QStringLiteral("native"));
        if (r.metric != QLatin1String("ok_per_s"))
            continue;
        ++seen;
        QCOMPARE(int(r.comparison.verdict), int(stats::Verdict::Slower));
        QVERIFY(r.comparison.high > 0 && r.comparison.high < 1); // the interval excludes 1
        QVERIFY(r.comparison.paired);                            // three rounds, both sides in each
        QVERIFY(r.comparison.pValue < 0.025);
    }
    QCOMPARE(seen, 4);
    // python as baseline: native is faster.
    report::ReportOptions o;
    o.baseline = QStringLiteral("python");
    auto flipped = report::loadRunReport(**opened, m_runId, o);
    QVERIFY(flipped.ok());
    for (const report::RatioReport &r : flipped->ratios)
        QCOMPARE(int(r.comparison.verdict), int(stats::Verdict::Faster));
}

void TestReport::ceiling()
{
    auto opened = store::RunStore::open(m_store);
    auto report = report::loadRunReport(**opened, m_runId);
    QVERIFY(report.ok());
    const report::CellReport *python =
        report->cell(QStringLiteral("python"), QStringLiteral("health"), 100);
    QVERIFY(python);
    QCOMPARE(python->bound, QStringLiteral("server"));
    const report::CellReport *native =
        report->cell(QStringLiteral("native"), QStringLiteral("health"), 10);
    QCOMPARE(native->bound, QStringLiteral("none"));
    bool found = false;
    for (const report::SaturationReport &s : report->saturations) {
        if (s.configuration == QLatin1String("python") && s.route == QLatin1String("health")) {
            found = true;
            QVERIFY(s.saturation.saturated);
            QCOMPARE(s.saturation.fromConcurrency, 10);
            QCOMPARE(QString::fromStdString(s.saturation.sentence),
                     QStringLiteral("throughput flat from c=10 on (c=100: +1 % from c=10 for 10x "
                                    "the connections, flat up to +58 %) while p50 grew 10.0x"));
        }
        if (s.configuration == QLatin1String("native"))
            QVERIFY(!s.saturation.saturated);
    }
    QVERIFY(found);
    // Shares of 2 cores: python's tree used 1.0 of them.
    QVERIFY(std::fabs(python->shares.server - 0.5) < 1e-9);
}

void TestReport::invalidAttemptsAreCountedWithReasons()
{
    auto opened = store::RunStore::open(m_store);
    auto report = report::loadRunReport(**opened, m_runId);
    QVERIFY(report.ok());
    QCOMPARE(report->invalidWindows, 1);
    QCOMPARE(report->invalidByGate.value(QStringLiteral("foreign_cpu")), 1);
    const report::CellReport *cell =
        report->cell(QStringLiteral("python"), QStringLiteral("health"), 10);
    QCOMPARE(cell->figures.invalidWindows, size_t(1));
    QCOMPARE(cell->figures.validWindows, size_t(3));
    QCOMPARE(cell->figures.okPerS.min, 990.0); // the 300/s attempt is not mixed in
    const QString md = report::reportMarkdown(*report);
    QVERIFY2(md.contains(QStringLiteral("1 invalid attempt, by gate: foreign_cpu 1")),
             qPrintable(md));
    QVERIFY(md.contains(QStringLiteral("foreign-cpu 180% >= 64%")));
}

void TestReport::markdownAndCsv()
{
    auto opened = store::RunStore::open(m_store);
    auto report = report::loadRunReport(**opened, m_runId);
    QVERIFY(report.ok());
    const QString md = report::reportMarkdown(*report);
    for (const char *section : {"# demo: run", "## Summary", "## Route `health`", "## Route `cpu`",
                                "## Where the ceiling is", "## Gates and what they caught",
                                "## Environment", "## Definitions"})
        QVERIFY2(md.contains(QLatin1String(section)), section);
    QVERIFY(md.contains(QStringLiteral("| `health` | 100 | native | 15,999.9 |")) ||
            md.contains(QStringLiteral("| `health` | 100 | native | 16,000.0 |")));
    QVERIFY(!md.contains(QStringLiteral("%%")));
    QVERIFY(md.contains(QStringLiteral("at least 90 % busy")));
    const QByteArray csv = report::reportCsv(*report);
    const QList<QByteArray> lines = csv.trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 8);
    QVERIFY(lines[0].startsWith("configuration,route,concurrency,valid_windows,invalid_windows,"
                                "ok_per_s_median,ok_per_s_min,ok_per_s_max,ok_per_s_spread"));
    const int columns = int(lines[0].count(',')) + 1;
    for (const QByteArray &l : lines)
        QCOMPARE(int(l.count(',')) + 1, columns);
    // Local load: no word of load hosts anywhere.
    QVERIFY(!report->loadFromHosts());
    QVERIFY(!md.contains(QStringLiteral("load from")));
    QVERIFY(!md.contains(QStringLiteral("Load generator CPU per host")));
    QVERIFY(!lines[0].contains("load_hosts"));
    QVERIFY(!lines[0].endsWith(','));
    QVERIFY(lines[0].trimmed().endsWith(",bound"));
}

// A run whose load came from two hosts: each cell names them, and each host's generator CPU is
// the median over the cell's valid windows (an invalid attempt's saturated host left out), with
// its share of the host's cores; in Markdown, HTML, CSV and JSON, the names (user input, here
// hostile) escaped for each.
// A configuration on its own host: the Setup names the host and its machine beside the
// configuration (its server figures are that host's), escaped in Markdown and HTML; JSON has both.
void TestReport::serverHostNamedInTheSetup()
{
    store::RunRecord run;
    run.id = QStringLiteral("serverhost");
    run.planText = R"({"name": "lane", "configurations": [{"name": "django"}, {"name": "here"}],
        "routes": [{"name": "user"}]})";
    run.environment = QJsonObject{{QStringLiteral("cores"), 2}};
    const QString markup = QStringLiteral("<i>bench|s (root@10.0.0.3): machine m, 8 cores");
    store::ConfigurationRecord django;
    django.runId = run.id;
    django.name = QStringLiteral("django");
    django.info = QJsonObject{{QStringLiteral("host"), markup},
                              {QStringLiteral("host_environment"),
                               QJsonObject{{QStringLiteral("os"), QStringLiteral("Debian <b>12")},
                                           {QStringLiteral("cores"), 8},
                                           {QStringLiteral("kernel"), QStringLiteral("6.1.0")}}}};
    store::ConfigurationRecord here;
    here.runId = run.id;
    here.name = QStringLiteral("here");
    here.info = QJsonObject{{QStringLiteral("cwd"), QStringLiteral("/srv")}};
    QVector<store::WindowRecord> windows;
    for (int round = 0; round < 3; ++round)
        for (const char *config : {"django", "here"})
            windows << window(run.id, round, QLatin1String(config), QStringLiteral("user"), 10,
                              2000 + round, 0.9, 40000);
    const report::RunReport r = report::buildRunReport(run, {django, here}, windows, {}, {});
    const QString md = report::reportMarkdown(r);
    QVERIFY2(md.contains(QStringLiteral("| configuration | server host | its machine |")),
             qPrintable(md));
    QVERIFY(!md.contains(markup));
    QVERIFY2(md.contains(QStringLiteral("| django | %1 | %2 |")
                             .arg(report::markdownEscaped(markup, report::MarkdownPlace::TableText),
                                  report::markdownEscaped(
                                      QStringLiteral("os: Debian <b>12, kernel: 6.1.0, cores: 8"),
                                      report::MarkdownPlace::TableText))),
             qPrintable(md));
    const QString html = QString::fromUtf8(report::reportHtml(r, {}, {false, {}}));
    QVERIFY(!html.contains(markup));
    QVERIFY(html.contains(report::htmlEscaped(markup)));
    QVERIFY(!html.contains(QStringLiteral("<b>12")));
    const QJsonObject json = report::reportJson(r);
    bool found = false;
    for (const QJsonValue &c : json.value(QStringLiteral("setup"))
                                   .toObject()
                                   .value(QStringLiteral("configurations"))
                                   .toArray()) {
        const QJsonObject o = c.toObject();
        if (o.value(QStringLiteral("name")).toString() == QStringLiteral("django")) {
            found = true;
            QCOMPARE(o.value(QStringLiteral("server_host")).toString(), markup);
        } else {
            QVERIFY(!o.contains(QStringLiteral("server_host")));
        }
    }
    QVERIFY2(found, QJsonDocument(json).toJson().constData());
}

void TestReport::loadHostsNameTheHostOfEveryFigure()
{
    store::RunRecord run;
    run.id = QStringLiteral("lanes");
    run.planText = R"({"name": "lane", "configurations": [{"name": "django"}],
        "routes": [{"name": "user"}]})";
    run.environment = QJsonObject{{QStringLiteral("cores"), 2}};
    const QString markup = QStringLiteral("<b>a|b");
    const QString quoted = QStringLiteral("=\"x\",y");
    auto hosts = [&](double aCores, double bCores) {
        return QJsonObject{
            {QStringLiteral("passed"), aCores < 1.9},
            {QStringLiteral("hosts"),
             QJsonArray{
                 QJsonObject{{QStringLiteral("host"), markup},
                             {QStringLiteral("destination"), QStringLiteral("root@10.0.0.2")},
                             {QStringLiteral("machine"), QStringLiteral("bench-a")},
                             {QStringLiteral("cores"), 8},
                             {QStringLiteral("threads"), 2},
                             {QStringLiteral("generator_cores"), aCores},
                             {QStringLiteral("saturated"), aCores >= 1.9}},
                 QJsonObject{{QStringLiteral("host"), quoted},
                             {QStringLiteral("destination"), quoted},
                             {QStringLiteral("cores"), 4},
                             {QStringLiteral("threads"), 2},
                             {QStringLiteral("generator_cores"), bCores},
                             {QStringLiteral("saturated"), false}}}}};
    };
    QVector<store::WindowRecord> windows;
    const double aCores[] = {0.5, 0.7, 0.6};
    for (int round = 0; round < 3; ++round) {
        store::WindowRecord w = window(run.id, round, QStringLiteral("django"),
                                       QStringLiteral("user"), 100, 2000 + round, 0.9, 40000);
        w.gates.insert(QStringLiteral("load_hosts"), hosts(aCores[round], 0.3));
        windows << w;
    }
    store::WindowRecord saturated =
        window(run.id, 0, QStringLiteral("django"), QStringLiteral("user"), 100, 900, 0.9, 40000);
    saturated.valid = false;
    saturated.invalidKind = store::kInvalidClientBound;
    saturated.invalidReason = QStringLiteral("the load generator was saturated");
    saturated.gates.insert(QStringLiteral("load_hosts"), hosts(1.95, 0.3));
    windows << saturated;

    const report::RunReport r = report::buildRunReport(run, windows, {}, {});
    QVERIFY(r.loadFromHosts());
    const report::CellReport *cell = r.cell(QStringLiteral("django"), QStringLiteral("user"), 100);
    QVERIFY(cell);
    QCOMPARE(cell->loadHosts.size(), 2);
    const report::CellLoadHost &a = cell->loadHosts[0];
    QCOMPARE(a.host, markup);
    QCOMPARE(a.destination, QStringLiteral("root@10.0.0.2"));
    QCOMPARE(a.cores, 8);
    QCOMPARE(a.threads, 2);
    QCOMPARE(int(a.generatorCores.n), 3); // the invalid attempt's 1.95 is not among them
    QCOMPARE(a.generatorCores.median, 0.6);
    QCOMPARE(a.generatorCores.min, 0.5);
    QCOMPARE(a.generatorCores.max, 0.7);
    QCOMPARE(a.shareOfCores(), 0.6 / 8);
    QCOMPARE(cell->loadHosts[1].host, quoted);
    QCOMPARE(cell->loadHosts[1].generatorCores.median, 0.3);
    QCOMPARE(report::loadHostNames(cell->loadHosts), markup + QStringLiteral(", ") + quoted);

    // Markdown: the route's table says where the load came from, a section gives each host's
    // generator; the names escaped (no tag, no extra table cell).
    const QString md = report::reportMarkdown(r);
    QVERIFY2(md.contains(QStringLiteral("## Load generator CPU per host")), qPrintable(md));
    QVERIFY(md.contains(QStringLiteral("| load from |")));
    QVERIFY(!md.contains(markup));
    const QString mdMarkup = report::markdownEscaped(markup, report::MarkdownPlace::TableText);
    QVERIFY2(md.contains(QStringLiteral("| django | `user` | 100 | %1 | `root@10.0.0.2` | "
                                        "0.60 \\[0.50-0.70] | 7.5 % of 8 | 2 |")
                             .arg(mdMarkup)),
             qPrintable(md));
    QVERIFY(md.contains(QStringLiteral("| 0.30 \\[0.30-0.30] | 7.5 % of 4 | 2 |")));
    for (const QString &line : md.split(QLatin1Char('\n'))) {
        if (!line.startsWith(QLatin1String("| django | 100 |")))
            continue; // the route table's row: its last cell names both hosts
        QVERIFY2(line.endsWith(QStringLiteral("| %1, %2 |")
                                   .arg(mdMarkup, report::markdownEscaped(
                                                      quoted, report::MarkdownPlace::TableText))),
                 qPrintable(line));
    }

    // HTML: the same tables, every name as text.
    const QString html = QString::fromUtf8(report::reportHtml(r, {}, {false, {}}));
    QVERIFY(html.contains(QStringLiteral("Load generator CPU per host")));
    QVERIFY(!html.contains(markup));
    QVERIFY(html.contains(report::htmlEscaped(markup)));
    QVERIFY(!html.contains(quoted));
    QVERIFY(html.contains(report::htmlEscaped(quoted)));

    // CSV: five more columns, the names quoted and neutralised, each row as wide as the header.
    const QByteArray csv = report::reportCsv(r);
    const QList<QByteArray> lines = csv.trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[0].trimmed().endsWith(
                 ",bound,load_hosts,load_hosts_generator_cores_median,"
                 "load_hosts_generator_cores_min,load_hosts_generator_cores_max,load_hosts_cores"),
             lines[0].constData());
    const QByteArray row = lines[1].trimmed();
    QVERIFY2(row.endsWith(',' + report::csvField(markup + QStringLiteral(";") + quoted).toUtf8() +
                          ",0.6;0.3,0.5;0.3,0.7;0.3,8;4"),
             row.constData());
    QVERIFY(row.contains(",\"<b>a|b;=\"\"x\"\",y\","));

    // JSON: per cell its hosts with their generators' spread and share of cores.
    const QJsonObject json = report::reportJson(r);
    const QJsonArray cells = json.value(QStringLiteral("cells")).toArray();
    QCOMPARE(cells.size(), 1);
    const QJsonArray jsonHosts = cells[0].toObject().value(QStringLiteral("load_hosts")).toArray();
    QCOMPARE(jsonHosts.size(), 2);
    const QJsonObject ja = jsonHosts[0].toObject();
    QCOMPARE(ja.value(QStringLiteral("host")).toString(), markup);
    QCOMPARE(ja.value(QStringLiteral("generator_cores"))
                 .toObject()
                 .value(QStringLiteral("median"))
                 .toDouble(),
             0.6);
    QCOMPARE(ja.value(QStringLiteral("generator_share_of_cores")).toDouble(), 0.6 / 8);
    QCOMPARE(ja.value(QStringLiteral("cores")).toInt(), 8);
}

// The real-stack example's quick profile: one concurrency level, each tree pinned to CPU 0 of 2;
// a tree that fills its one CPU is server-bound, one that does not (waiting on its database) is
// not, and without a CPU set the same figures say nothing.
void TestReport::pinnedServerFillingItsCpuSetIsServerBound()
{
    store::RunRecord run;
    run.id = QStringLiteral("pinned");
    run.planText = R"({"name": "pg", "configurations": [{"name": "django", "cpus": "0"},
        {"name": "elysia", "cpus": "0"}, {"name": "free"}], "routes": [{"name": "user"}]})";
    run.environment = QJsonObject{{QStringLiteral("cores"), 2}};
    QVector<store::WindowRecord> windows;
    for (int round = 0; round < 3; ++round) {
        windows << window(run.id, round, QStringLiteral("django"), QStringLiteral("user"), 100,
                          2338, 0.99, 40000)
                << window(run.id, round, QStringLiteral("elysia"), QStringLiteral("user"), 100,
                          35155, 0.80, 2500)
                << window(run.id, round, QStringLiteral("free"), QStringLiteral("user"), 100, 2338,
                          0.99, 40000);
    }
    const report::RunReport r = report::buildRunReport(run, windows, {}, {});
    QCOMPARE(r.serverCpus.value(QStringLiteral("django")), 1);
    const report::CellReport *django =
        r.cell(QStringLiteral("django"), QStringLiteral("user"), 100);
    QVERIFY(django);
    QCOMPARE(django->bound, QStringLiteral("server"));
    QVERIFY2(django->boundBecause.contains(QStringLiteral("of the 1 CPU(s) of its CPU set")),
             qPrintable(django->boundBecause));
    QCOMPARE(r.cell(QStringLiteral("elysia"), QStringLiteral("user"), 100)->bound,
             QStringLiteral("none"));
    QCOMPARE(r.cell(QStringLiteral("free"), QStringLiteral("user"), 100)->bound,
             QStringLiteral("none"));
    // One level in the whole run: one sentence about saturation, not one per cell.
    const QString md = report::reportMarkdown(r);
    QCOMPARE(md.count(QStringLiteral("one concurrency level")), 1);
    QVERIFY2(md.contains(QStringLiteral("Every cell ran at one concurrency level (c=100)")),
             qPrintable(md));
}

// Other processes filled the machine while the windows stayed under the gate: the cell is
// "contended", and its sentence names the processes the median window's foreign_cpu gate stored;
// a name an import put there with markup or a newline is escaped where it lands.
void TestReport::contendedNamesTheForeignProcesses()
{
    store::RunRecord run;
    run.id = QStringLiteral("contended");
    run.planText = R"({"name": "busy", "configurations": [{"name": "django"}],
        "routes": [{"name": "user"}]})";
    run.environment = QJsonObject{{QStringLiteral("cores"), 2}};
    auto process = [](const QString &name, double pid, double cores) {
        return QJsonObject{{QStringLiteral("name"), name},
                           {QStringLiteral("pid"), pid},
                           {QStringLiteral("cores"), cores}};
    };
    QVector<store::WindowRecord> windows;
    for (int round = 0; round < 3; ++round) {
        store::WindowRecord w = window(run.id, round, QStringLiteral("django"),
                                       QStringLiteral("user"), 100, 1000 + 10 * round, 0.3, 5000);
        w.foreignPctMean = 150; // 1.5 of 2 cores, under a gate of 100%machine
        QJsonArray top{process(QStringLiteral("cc1plus"), 4242, 0.93),
                       process(QStringLiteral("make"), 4200, 0.1)};
        if (round == 2)
            top = QJsonArray{process(QStringLiteral("<b>x</b>\n|"), 7, 1.4)};
        w.gates.insert(QStringLiteral("foreign_cpu"), QJsonObject{{QStringLiteral("passed"), true},
                                                                  {QStringLiteral("value"), 150},
                                                                  {QStringLiteral("top"), top}});
        windows << w;
    }
    // The median window (1010 2xx/s) names cc1plus and make.
    report::RunReport r = report::buildRunReport(run, windows, {}, {});
    const report::CellReport *cell = r.cell(QStringLiteral("django"), QStringLiteral("user"), 100);
    QVERIFY(cell);
    QCOMPARE(cell->bound, QStringLiteral("contended"));
    QVERIFY2(cell->boundBecause.endsWith(
                 QStringLiteral("; the most: cc1plus (pid 4242) 0.93 cores, make (pid 4200) "
                                "0.10 cores")),
             qPrintable(cell->boundBecause));
    // The median is the hostile one now: its name reaches the Markdown escaped.
    windows[1].ok = windows[2].ok + 1;
    windows[0].ok = windows[2].ok - 1;
    r = report::buildRunReport(run, windows, {}, {});
    cell = r.cell(QStringLiteral("django"), QStringLiteral("user"), 100);
    QVERIFY(cell);
    QVERIFY2(cell->boundBecause.contains(QStringLiteral("(pid 7) 1.40 cores")),
             qPrintable(cell->boundBecause));
    const QString md = report::reportMarkdown(r);
    // In the cells table: the tag's '<' backslash-escaped, the newline shown as "\n", the '|'
    // that would end the cell escaped.
    QVERIFY2(md.contains(QStringLiteral("the most: \\<b>x\\</b>\\\\n\\| (pid 7) 1.40 cores |")),
             qPrintable(md));
    QVERIFY(!md.contains(QStringLiteral("x</b>\n")));
}

// The bun-sql quick run: a tree pinned to one CPU, its database beside it. At c=100 two of three
// windows were server-bound and the median one database-bound: the cell said "server" with the
// median window's database sentence, and the ceiling line said "still rising (+39 %)" about a
// configuration whose cells the table called flat. Now the sentence is a server window's, the
// split is shown, and the ceiling line uses the table's rule and names the top level's bound.
void TestReport::boundSentenceAndCeilingLineAgree()
{
    store::RunRecord run;
    run.id = QStringLiteral("bunsql");
    run.planText = R"({"name": "bun-sql", "configurations": [{"name": "hono", "cpus": "0"}],
        "routes": [{"name": "user-orders"}]})";
    run.environment = QJsonObject{{QStringLiteral("cores"), 2}};
    QVector<store::WindowRecord> windows;
    const double ok100[] = {10900, 11000, 11100};
    const double cores100[] = {0.92, 0.71, 0.93};
    const double database100[] = {0.60, 0.82, 0.58};
    for (int round = 0; round < 3; ++round) {
        store::WindowRecord low =
            window(run.id, round, QStringLiteral("hono"), QStringLiteral("user-orders"), 10,
                   7900 + round, 0.77, 1200);
        low.excludedPctMean = 55;
        store::WindowRecord high =
            window(run.id, round, QStringLiteral("hono"), QStringLiteral("user-orders"), 100,
                   ok100[round], cores100[round], 9000);
        high.excludedPctMean = 100 * database100[round];
        windows << low << high;
    }
    const report::RunReport r = report::buildRunReport(run, windows, {}, {});
    const report::CellReport *cell =
        r.cell(QStringLiteral("hono"), QStringLiteral("user-orders"), 100);
    QVERIFY(cell);
    QCOMPARE(cell->bound, QStringLiteral("server"));
    QCOMPARE(cell->windowBounds.value(QStringLiteral("server")), 2);
    QCOMPARE(cell->windowBounds.value(QStringLiteral("database")), 1);
    QVERIFY2(cell->boundBecause.contains(QStringLiteral("of the 1 CPU(s) of its CPU set")),
             qPrintable(cell->boundBecause));
    QVERIFY2(!cell->boundBecause.contains(QStringLiteral("the database used")),
             qPrintable(cell->boundBecause));
    // The row's shares are that window's: the tree's 0.92 of 2 cores, not the median window's
    // 0.71 beside a database at 0.82.
    QVERIFY2(std::fabs(cell->shares.server - 0.46) < 1e-9,
             qPrintable(QString::number(cell->shares.server)));
    QVERIFY2(std::fabs(cell->shares.database - 0.30) < 1e-9,
             qPrintable(QString::number(cell->shares.database)));
    // +39 % for 10x the connections is flat by the bound's rule (under +58 %).
    QCOMPARE(r.saturations.size(), 1);
    const report::SaturationReport &s = r.saturations.first();
    QVERIFY2(s.saturation.saturated, s.saturation.sentence.c_str());
    QCOMPARE(s.saturation.fromConcurrency, 10);
    QCOMPARE(s.topBound, QStringLiteral("server"));
    const QString md = report::reportMarkdown(r);
    QVERIFY2(md.contains(QStringLiteral("throughput flat from c=10 on (c=100: +39 % from c=10 for "
                                        "10x the connections, flat up to +58 %)")),
             qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("; at c=100 server-bound: the server tree used 0.92 cores "
                                        "of the 1 CPU(s) of its CPU set")),
             qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("| server (2 of 3 windows) |")), qPrintable(md));
}

void TestReport::unknownBaseline()
{
    auto opened = store::RunStore::open(m_store);
    report::ReportOptions o;
    o.baseline = QStringLiteral("nosuch");
    auto report = report::loadRunReport(**opened, m_runId, o);
    QVERIFY(!report.ok());
    QCOMPARE(sb::qtCode(report.error()), QStringLiteral("report.baseline"));
}

namespace {

// A run of one route at c=10 with the given 2xx/s per round for each configuration.
report::RunReport syntheticRun(const QString &id, const QList<QPair<QString, QList<double>>> &arms,
                               const QString &hostname = QStringLiteral("bench1"))
{
    store::RunRecord run;
    run.id = id;
    run.planText = kPlan;
    run.environment = QJsonObject{{QStringLiteral("cores"), 2},
                                  {QStringLiteral("hostname"), hostname},
                                  {QStringLiteral("git_revision"), QStringLiteral("abc123")}};
    QVector<store::WindowRecord> windows;
    for (const auto &[configuration, rates] : arms)
        for (qsizetype round = 0; round < rates.size(); ++round)
            windows << window(id, int(round), configuration, QStringLiteral("health"), 10,
                              rates[round], 1.0, 2000 + qint64(100'000'000 / rates[round]));
    return report::buildRunReport(run, windows, {}, {});
}

} // namespace

void TestReport::runComparedWithItself()
{
    const report::RunReport a =
        syntheticRun(QStringLiteral("a"), {{QStringLiteral("native"), {9000, 9100, 8900}},
                                           {QStringLiteral("python"), {1000, 1010, 990}}});
    for (const char *metric : {"ok_per_s", "per_cpu_s", "p50", "p99"}) {
        report::RunCompareOptions o;
        o.metric = QLatin1String(metric);
        auto c = report::compareRuns({a, a}, o);
        QVERIFY(c.ok());
        QCOMPARE(c->cells.size(), 2);
        for (const report::ComparedCell &cell : c->cells) {
            QCOMPARE(cell.ratio.comparison.ratio, 1.0);
            QCOMPARE(int(cell.ratio.comparison.verdict), int(stats::Verdict::NoWinner));
        }
        QVERIFY(c->differences.isEmpty());
    }
}

// Runs of different times: one configuration throttled to 0.7x stands out of the drift the six
// unchanged ones show and is called; compared on its own (one shared cell) the drift cannot be
// measured and nothing is called.
void TestReport::throttledRunHasAWinner()
{
    QList<QPair<QString, QList<double>>> beforeArms, afterArms;
    for (int k = 0; k < 6; ++k) {
        const QString name = QStringLiteral("steady%1").arg(k);
        beforeArms.append({name, {1000.0 + k, 1010, 990, 1005}});
        afterArms.append({name, {1003.0 + k, 1008, 995, 1001}});
    }
    beforeArms.append({QStringLiteral("python"), {1000, 1010, 990, 1005}});
    afterArms.append({QStringLiteral("python"), {700, 690, 710, 705}});
    const report::RunReport before = syntheticRun(QStringLiteral("before"), beforeArms);
    const report::RunReport after =
        syntheticRun(QStringLiteral("after"), afterArms, QStringLiteral("bench2"));
    auto c = report::compareRuns({before, after}, {});
    QVERIFY(c.ok());
    QCOMPARE(c->cells.size(), 7);
    QCOMPARE(c->drifts.size(), 1);
    QVERIFY(c->drifts[0].drift.measurable);
    QCOMPARE(c->drifts[0].drift.cells, 7);
    const report::ComparedCell *python = nullptr;
    for (const report::ComparedCell &cell : c->cells) {
        if (cell.ratio.configuration == QLatin1String("python"))
            python = &cell;
        else
            QVERIFY2(cell.ratio.comparison.verdict != stats::Verdict::Faster &&
                         cell.ratio.comparison.verdict != stats::Verdict::Slower,
                     qPrintable(cell.ratio.configuration));
    }
    QVERIFY(python);
    const stats::Comparison &s = python->ratio.comparison;
    QCOMPARE(int(s.verdict), int(stats::Verdict::Slower));
    // The medians the ratio divides, 2xx/s: (700 + 705) / 2 over (1000 + 1005) / 2.
    QVERIFY2(std::fabs(python->median - 702.5) < 0.5, qPrintable(QString::number(python->median)));
    QVERIFY(std::fabs(python->baselineMedian - 1002.5) < 0.5);
    QVERIFY(!s.paired); // rounds of two runs are not the same moments
    QVERIFY(s.pValue < 0.025);
    QCOMPARE(c->differences.size(), 1);
    QVERIFY(c->differences[0].contains(QStringLiteral("another machine")));
    // Latency: the slower run's p99 is higher, so it is "slower" there too.
    report::RunCompareOptions latency;
    latency.metric = QStringLiteral("p99");
    auto l = report::compareRuns({before, after}, latency);
    for (const report::ComparedCell &cell : l->cells)
        if (cell.ratio.configuration == QLatin1String("python"))
            QCOMPARE(int(cell.ratio.comparison.verdict), int(stats::Verdict::Slower));
    const QJsonObject json = report::comparisonJson(*c);
    QJsonObject ratio;
    for (const QJsonValue &v : json.value(QStringLiteral("ratios")).toArray())
        if (v.toObject().value(QStringLiteral("configuration")).toString() ==
            QLatin1String("python"))
            ratio = v.toObject();
    QCOMPARE(ratio.value(QStringLiteral("run")).toString(), QStringLiteral("after"));
    QCOMPARE(ratio.value(QStringLiteral("baseline_run")).toString(), QStringLiteral("before"));
    QCOMPARE(ratio.value(QStringLiteral("verdict")).toString(), QStringLiteral("slower"));
    for (const char *key : {"configuration", "baseline", "route", "concurrency", "metric", "ratio",
                            "low", "high", "p_value", "verdict"})
        QVERIFY2(ratio.contains(QLatin1String(key)), key);
    const QJsonObject drift = json.value(QStringLiteral("drift")).toArray().at(0).toObject();
    QCOMPARE(drift.value(QStringLiteral("cells")).toInt(), 7);
    const QString markdown = report::comparisonMarkdown(*c);
    QVERIFY(markdown.contains(QStringLiteral("Not like for like")));
    QVERIFY(markdown.contains(QStringLiteral("machine drift")));
    // A table per route with both medians the ratio divides.
    QVERIFY(markdown.contains(QStringLiteral("\n## Route `")));
    QVERIFY(markdown.contains(QStringLiteral("| baseline median | median |")));
    QCOMPARE(c->runs, (QStringList{QStringLiteral("before"), QStringLiteral("after")}));

    // One shared cell: the drift cannot be measured, so the 0.7x is not called.
    auto one = report::compareRuns({syntheticRun(QStringLiteral("b1"), {beforeArms.last()}),
                                    syntheticRun(QStringLiteral("a1"), {afterArms.last()})},
                                   {});
    QVERIFY(one.ok());
    QCOMPARE(one->cells.size(), 1);
    QCOMPARE(int(one->cells[0].ratio.comparison.verdict), int(stats::Verdict::InsideDrift));
    QVERIFY(QString::fromStdString(one->cells[0].ratio.comparison.note)
                .contains(QStringLiteral("cannot be measured")));
    QVERIFY(report::comparisonMarkdown(*one).contains(QStringLiteral("at least 6 are needed")));

    QVERIFY(!report::compareRuns({before}, {}).ok());
    report::RunCompareOptions bad;
    bad.metric = QStringLiteral("rps");
    QCOMPARE(sb::qtCode(report::compareRuns({before, after}, bad).error()),
             QStringLiteral("compare.metric"));
}

void TestReport::failIf_data()
{
    QTest::addColumn<QString>("conditions");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<int>("failing");
    QTest::newRow("ratio below") << QStringLiteral("ratio<0.95") << true << 1;
    QTest::newRow("ratio fine") << QStringLiteral("ratio<0.5") << true << 0;
    QTest::newRow("p99 grew") << QStringLiteral("p99_delta>0.10") << true << 1;
    QTest::newRow("errors") << QStringLiteral("error_rate>0") << true << 0;
    QTest::newRow("two, one holds") << QStringLiteral("ratio<0.5, p99_delta >= 0.2") << true << 1;
    QTest::newRow("unknown name") << QStringLiteral("speed<1") << false << 0;
    QTest::newRow("no number") << QStringLiteral("ratio<") << false << 0;
    QTest::newRow("empty") << QString() << false << 0;
}

void TestReport::failIf()
{
    QFETCH(QString, conditions);
    QFETCH(bool, valid);
    QFETCH(int, failing);
    auto parsed = report::parseFailIf(conditions);
    QCOMPARE(parsed.ok(), valid);
    if (!valid) {
        QCOMPARE(sb::qtCode(parsed.error()), QStringLiteral("compare.fail-if"));
        return;
    }
    const report::RunReport before =
        syntheticRun(QStringLiteral("b"), {{QStringLiteral("python"), {1000, 1010, 990}}});
    const report::RunReport after =
        syntheticRun(QStringLiteral("a"), {{QStringLiteral("python"), {700, 690, 710}}});
    auto c = report::compareRuns({before, after}, {});
    QCOMPARE(int(report::failingCells(*c, *parsed).size()), failing);
}

void TestReport::noiseFloorFromAnAaRun()
{
    const report::RunReport aa =
        syntheticRun(QStringLiteral("aa"), {{QStringLiteral("native:A"), {9000, 9100, 8900}},
                                            {QStringLiteral("native:B"), {9300, 9050, 8950}}});
    auto floor = report::noiseFloorOf(aa);
    QVERIFY(floor.ok());
    // 2xx/s medians 9000 vs 9050: |9050/9000 - 1| = 0.56 %; per CPU-s the same (1 core).
    QVERIFY2(std::fabs(*floor - (9050.0 / 9000 - 1)) < 1e-9, qPrintable(QString::number(*floor)));
    const report::RunReport one =
        syntheticRun(QStringLiteral("x"), {{QStringLiteral("native"), {9000, 9100}}});
    QVERIFY(!report::noiseFloorOf(one).ok());
    // A later comparison that names the floor prints it beside every ratio.
    report::RunCompareOptions o;
    o.noiseFloor = *floor;
    o.noiseFloorSource = QStringLiteral("A/A run aa");
    const report::RunReport other =
        syntheticRun(QStringLiteral("o"), {{QStringLiteral("native:A"), {9020, 9040, 9010}},
                                           {QStringLiteral("native:B"), {9000, 9100, 8900}}});
    auto c = report::compareRuns({aa, other}, o);
    QVERIFY(c.ok());
    for (const report::ComparedCell &cell : c->cells)
        QCOMPARE(cell.ratio.comparison.noiseFloor, *floor);
    QVERIFY(
        report::comparisonMarkdown(*c).contains(QStringLiteral("Noise floor: 0.6 % (A/A run aa)")));
}

void TestReport::anAaRunReportsItsFloor()
{
    report::RunReport aa =
        syntheticRun(QStringLiteral("aa"), {{QStringLiteral("native:A"), {9000, 9100, 8900}},
                                            {QStringLiteral("native:B"), {9300, 9050, 8950}}});
    QVERIFY(!aa.aa); // not marked as an A/A run: no floor section
    QVERIFY(!report::reportMarkdown(aa).contains(QStringLiteral("## Noise floor")));
    store::RunRecord run = aa.run;
    run.environment.insert(QStringLiteral("profile_kind"), QStringLiteral("aa"));
    QVector<store::WindowRecord> windows;
    for (const auto &[arm, rates] :
         QList<QPair<QString, QList<double>>>{{QStringLiteral("native:A"), {9000, 9100, 8900}},
                                              {QStringLiteral("native:B"), {9300, 9050, 8950}}})
        for (qsizetype round = 0; round < rates.size(); ++round)
            windows << window(run.id, int(round), arm, QStringLiteral("health"), 10, rates[round],
                              1.0, 2000);
    const report::RunReport marked = report::buildRunReport(run, windows, {}, {});
    QVERIFY(marked.aa);
    QVERIFY(std::fabs(marked.measuredFloor - (9050.0 / 9000 - 1)) < 1e-9);
    QCOMPARE(marked.measuredFloor, *report::noiseFloorOf(marked));
    QCOMPARE(marked.measuredFloorByRoute.value(QStringLiteral("health")), marked.measuredFloor);
    const QString md = report::reportMarkdown(marked);
    QVERIFY2(md.contains(QStringLiteral("## Noise floor (A/A run)")), qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("An A/A run: it measures the noise floor itself, 0.6 %")),
             qPrintable(md));
    QVERIFY(!md.contains(QStringLiteral("run an A/A profile")));
    QVERIFY(md.contains(QStringLiteral("| **all routes** | **0.6 %** | |")));
    const QJsonObject json = report::reportJson(marked);
    QCOMPARE(json.value(QStringLiteral("measured_noise_floor"))
                 .toObject()
                 .value(QStringLiteral("overall"))
                 .toDouble(),
             marked.measuredFloor);
}

QTEST_GUILESS_MAIN(TestReport)
void TestReport::legacyInvalidKindNamesTheGateThatFailed_data()
{
    QTest::addColumn<QStringList>("failed");
    QTest::addColumn<QString>("kind");
    QTest::newRow("mean foreign") << QStringList{QStringLiteral("foreign_cpu")}
                                  << QStringLiteral("foreign_cpu");
    QTest::newRow("peak foreign") << QStringList{QStringLiteral("foreign_peak")}
                                  << QStringLiteral("foreign_peak");
    QTest::newRow("both: mean first")
        << QStringList{QStringLiteral("foreign_peak"), QStringLiteral("foreign_cpu")}
        << QStringLiteral("foreign_cpu");
    QTest::newRow("server before foreign")
        << QStringList{QStringLiteral("foreign_cpu"), QStringLiteral("server")}
        << QStringLiteral("server");
    QTest::newRow("no gate") << QStringList{} << QStringLiteral("other");
}

// The guess a window stored before the invalid_kind column gets (store/backfill.h), once, by the
// migration or an old store's read: the first failed gate in the runner's order.
void TestReport::legacyInvalidKindNamesTheGateThatFailed()
{
    QFETCH(QStringList, failed);
    QFETCH(QString, kind);
    store::WindowRecord w;
    w.valid = false;
    w.invalidReason = QStringLiteral("some reason");
    for (const QString &gate : failed)
        w.gates.insert(gate, QJsonObject{{QStringLiteral("passed"), false}});
    w.gates.insert(QStringLiteral("errors"), QJsonObject{{QStringLiteral("passed"), true}});
    QCOMPARE(store::legacyInvalidKind(w), kind);
}

void TestReport::invalidKindReadsTheStoredColumn_data()
{
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("kind");
    QTest::newRow("valid") << true << QString() << QString() << QString();
    QTest::newRow("a hook, said in other words")
        << false << QString(store::kInvalidHook) << QStringLiteral("before_window: exit 1")
        << QStringLiteral("hook");
    // The reason's text is not read: "hook" in it no longer makes a hook failure.
    QTest::newRow("warm-up whose reason names a hook")
        << false << QString(store::kInvalidWarmup)
        << QStringLiteral("warm-up failed after the hook ran") << QStringLiteral("warmup");
    QTest::newRow("no kind stored")
        << false << QString() << QStringLiteral("before_window hook failed")
        << QStringLiteral("other");
}

void TestReport::invalidKindReadsTheStoredColumn()
{
    QFETCH(bool, valid);
    QFETCH(QString, stored);
    QFETCH(QString, reason);
    QFETCH(QString, kind);
    store::WindowRecord w;
    w.valid = valid;
    w.invalidKind = stored;
    w.invalidReason = reason;
    QCOMPARE(report::invalidKind(w), kind);
    QCOMPARE(QString::fromStdString(report::windowFigures(w).invalidKind), kind);
}

// The report's plan name and CPU sets come from the typed records (RunRecord::planName,
// ConfigurationRecord::cpuCount), not from the plan text: here the text says otherwise.
void TestReport::cpuCountsAndPlanNameFromTheRecords()
{
    auto opened = store::RunStore::open(m_dir.filePath(QStringLiteral("typed.sqlite")));
    QVERIFY(opened.ok());
    store::RunStore &s = **opened;
    store::RunRecord run;
    run.id = QStringLiteral("20261201-100000-7e7e");
    run.planName = QStringLiteral("typed");
    run.planText = R"({"name": "text", "configurations": [{"name": "django", "cpus": "0-3"}],
        "routes": [{"name": "user"}]})";
    run.environment = QJsonObject{{QStringLiteral("cores"), 8}};
    QVERIFY(s.createRun(run).ok());
    QVERIFY(s.saveConfiguration({run.id, QStringLiteral("django"), {}, 1}).ok());
    for (int round = 0; round < 3; ++round)
        QVERIFY(s.saveWindow(window(run.id, round, QStringLiteral("django"), QStringLiteral("user"),
                                    100, 2338, 0.99, 40000))
                    .ok());
    auto report = report::loadRunReport(s, run.id);
    QVERIFY(report.ok());
    QCOMPARE(report->planName, QStringLiteral("typed"));
    QCOMPARE(report->serverCpus.value(QStringLiteral("django")), 1);
    // One CPU of 8, filled: server-bound against its CPU set of 1, not of 4.
    const report::CellReport *cell =
        report->cell(QStringLiteral("django"), QStringLiteral("user"), 100);
    QVERIFY(cell);
    QCOMPARE(cell->bound, QStringLiteral("server"));
    QVERIFY2(cell->boundBecause.contains(QStringLiteral("of the 1 CPU(s) of its CPU set")),
             qPrintable(cell->boundBecause));
}

#include "tst_report.moc"
