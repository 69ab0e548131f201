// The quick test page: the form checked with the engine's grammars (the reason beside the
// field); a test against the reference target (started here, its port read from its
// "listening on" line) with the target's tree sampled shows a non-zero 2xx/s in the summary,
// the percentile curve and the server's cores; "Keep in history" stores a one-window run with
// a plan that parses, and stores what a one-window plan of the same URL stores (issue 19: the
// quick test is measured and kept through the engine's path). The page renders without Qt
// warnings.
#include "../engine/tlsfixtures.h"
#include "plan/planloader.h"
#include "report/figures.h"
#include "run/environment.h"
#include "run/runner.h"
#include "store/runstore.h"
#include "ui/charts/percentilecurve.h"
#include "ui/models/figures.h"
#include "ui/models/processlistmodel.h"
#include "ui/pages/quicktestpage.h"
#include "ui/widgets/chartpanel.h"
#include "uitest.h"

#include <QCheckBox>
#include <QComboBox>
#include <QProcess>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace sb;

Q_DECLARE_METATYPE(sb::LoadField)

namespace {

// The columns of a stored window that hold a value, by name (JSON columns by key): what a
// kept quick test and a run's window must both fill.
QStringList filledColumns(const store::WindowRecord &w)
{
    QStringList out;
    auto add = [&out](const QString &name, bool filled) {
        if (filled)
            out << name;
    };
    add(QStringLiteral("started_at"), w.startedAt.isValid());
    add(QStringLiteral("elapsed_s"), w.elapsedS > 0);
    add(QStringLiteral("requests"), w.requests > 0);
    add(QStringLiteral("ok"), w.ok > 0);
    add(QStringLiteral("bytes_in"), w.bytesIn > 0);
    add(QStringLiteral("bytes_out"), w.bytesOut > 0);
    add(QStringLiteral("client_cpu_s"), w.clientCpuS > 0);
    add(QStringLiteral("histogram"), !w.histogram.isEmpty());
    add(QStringLiteral("histogram_uncorrected"), !w.histogramUncorrected.isEmpty());
    add(QStringLiteral("server_cpu_s"), w.serverCpuS > 0);
    add(QStringLiteral("server_cores_mean"), w.serverCoresMean > 0);
    add(QStringLiteral("rss_bytes_peak"), w.rssBytesPeak > 0);
    add(QStringLiteral("pss_bytes_peak"), w.pssBytesPeak > 0);
    add(QStringLiteral("generator_pct_mean"), w.generatorPctMean > 0);
    for (auto it = w.latencyUs.begin(); it != w.latencyUs.end(); ++it)
        add(QStringLiteral("latency_us.") + it.key(), it.value().toDouble() > 0);
    for (const QString &k : w.statusCounts.keys())
        add(QStringLiteral("status_counts.") + k, true);
    for (const QString &k : w.errors.keys())
        add(QStringLiteral("errors.") + k, true);
    for (const QString &k : w.gates.keys())
        add(QStringLiteral("gates.") + k, true);
    add(QStringLiteral("intervals"), !w.intervals.isEmpty());
    bool p90 = !w.intervals.isEmpty();
    bool cores = false;
    bool rss = false;
    for (const store::IntervalRecord &i : w.intervals) {
        p90 = p90 && i.p90Us > 0;
        cores = cores || i.serverCores > 0;
        rss = rss || i.rssBytes > 0;
    }
    add(QStringLiteral("intervals.p90_us"), p90);
    add(QStringLiteral("intervals.server_cores"), cores);
    add(QStringLiteral("intervals.rss_bytes"), rss);
    QStringList series;
    for (const store::SampleRecord &r : w.samples)
        if (!series.contains(r.series))
            series << r.series;
    series.sort();
    for (const QString &name : series)
        add(QStringLiteral("samples.") + name, true);
    return out;
}

QStringList sortedKeys(const QJsonObject &o)
{
    QStringList keys = o.keys();
    keys.sort();
    return keys;
}

} // namespace

class TestQuickTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QTest::failOnWarning(test::anyWarningOfOurs()); }

    void formIsChecked_data()
    {
        QTest::addColumn<LoadField>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("error"); // a part of the reason; empty = fine
        QTest::newRow("url ok") << LoadField::Url << QStringLiteral("http://127.0.0.1:9/x")
                                << QString();
        QTest::newRow("https") << LoadField::Url << QStringLiteral("https://example.org/")
                               << QString();
        QTest::newRow("ftp") << LoadField::Url << QStringLiteral("ftp://example.org/")
                             << QStringLiteral("ftp");
        QTest::newRow("user:password never echoed")
            << LoadField::Url << QStringLiteral("http://bob:hunter2@127.0.0.1/") << QString();
        QTest::newRow("connections 0")
            << LoadField::Connections << QStringLiteral("0") << QStringLiteral("at least 1");
        QTest::newRow("threads 300")
            << LoadField::Threads << QStringLiteral("300") << QStringLiteral("256");
        QTest::newRow("duration 2d")
            << LoadField::Length << QStringLiteral("2d") << QStringLiteral("2d");
        QTest::newRow("duration 25h")
            << LoadField::Length << QStringLiteral("25h") << QStringLiteral("1 day");
        QTest::newRow("requests") << LoadField::Length << QStringLiteral("5000req") << QString();
        QTest::newRow("length 0") << LoadField::Length << QStringLiteral("0")
                                  << QStringLiteral("above 0");
        QTest::newRow("warm-up by count")
            << LoadField::WarmUp << QStringLiteral("100req") << QString();
        QTest::newRow("warm-up junk")
            << LoadField::WarmUp << QStringLiteral("soon") << QStringLiteral("soon");
        QTest::newRow("rate too low")
            << LoadField::Rate << QStringLiteral("0.001") << QStringLiteral("0.01");
        QTest::newRow("timeout 0")
            << LoadField::Timeout << QStringLiteral("0") << QStringLiteral("above 0");
        QTest::newRow("interval 10ms")
            << LoadField::Interval << QStringLiteral("10ms") << QStringLiteral("100 ms");
    }
    void formIsChecked()
    {
        QFETCH(LoadField, field);
        QFETCH(QString, value);
        QFETCH(QString, error);
        LoadForm f;
        f.url = QStringLiteral("http://127.0.0.1:9/");
        switch (field) {
        case LoadField::Url:
            f.url = value;
            break;
        case LoadField::Connections:
            f.connections = value;
            break;
        case LoadField::Threads:
            f.threads = value;
            break;
        case LoadField::Length:
            f.length = value;
            break;
        case LoadField::WarmUp:
            f.warmUp = value;
            break;
        case LoadField::Rate:
            f.rate = value;
            break;
        case LoadField::Timeout:
            f.timeout = value;
            break;
        case LoadField::Interval:
            f.interval = value;
            break;
        default:
            QFAIL("no such row");
        }
        QuickTestPage page;
        page.setForm(f);
        const QString shown = page.fieldError(field);
        const LoadFormCheck check = checkLoadForm(f);
        if (qstrcmp(QTest::currentDataTag(), "user:password never echoed") == 0) {
            QVERIFY(!shown.isEmpty());
            QVERIFY2(!shown.contains(QStringLiteral("hunter2")), qPrintable(shown));
            return;
        }
        if (error.isEmpty()) {
            QVERIFY2(shown.isEmpty(), qPrintable(shown));
            QVERIFY(check.ok());
        } else {
            QVERIFY2(shown.contains(error), qPrintable(shown));
            QCOMPARE(check.errors.size(), 1);
        }
    }

    void formBuildsTheSpec()
    {
        LoadForm f;
        f.url = QStringLiteral("http://127.0.0.1:8080/users/1?x=y");
        f.method = QStringLiteral("post");
        f.headers = {{QStringLiteral("X-Trace"), QStringLiteral("1")},
                     {QStringLiteral("Host"), QStringLiteral("api.local")},
                     {QString(), QStringLiteral("ignored")}};
        f.body = QStringLiteral("{\"a\":1}");
        f.connections = QStringLiteral("8");
        f.threads = QStringLiteral("2");
        f.length = QStringLiteral("5000req");
        f.warmUp = QStringLiteral("2s");
        f.rate = QStringLiteral("1500");
        f.timeout = QStringLiteral("30");
        const LoadFormCheck c = checkLoadForm(f);
        QVERIFY(c.ok());
        const run::WindowSpec &s = c.spec.window;
        QCOMPARE(s.request.port, 8080);
        QCOMPARE(s.request.target, QStringLiteral("/users/1?x=y"));
        QCOMPARE(s.request.method, QStringLiteral("POST"));
        QCOMPARE(s.request.headers.size(), 1);
        QCOMPARE(s.request.hostHeader, QStringLiteral("api.local"));
        QCOMPARE(s.request.body, QByteArray("{\"a\":1}"));
        QCOMPARE(s.connections, 8);
        QCOMPARE(s.threads, 2);
        QCOMPARE(s.requestLimit, 5000);
        QCOMPARE(s.warmupMs, 2000);
        QVERIFY(s.openLoop);
        QCOMPARE(s.ratePerS, 1500.0);
        QCOMPARE(s.timeoutMs, 30000);
        // The Host header given in the form goes into the kept plan, which loads.
        const plan::PlanLoad plan = plan::parsePlan(run::urlTestPlanText(c.spec),
                                                    QStringLiteral("q.json"), QDir::tempPath());
        QVERIFY2(plan.ok(), qPrintable(plan.errorText()));
        QCOMPARE(plan.plan->routes.first().header(QStringLiteral("Host")),
                 QStringLiteral("api.local"));
    }

    // The one request rule of plans and the command line (plan/requestbuilder.h).
    void headersFollowTheRequestRule_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("error"); // empty = accepted
        QTest::newRow("token") << QStringLiteral("X-Trace") << QStringLiteral("1") << QString();
        QTest::newRow("colon") << QStringLiteral("X:A") << QStringLiteral("1")
                               << QStringLiteral("invalid header name");
        QTest::newRow("space") << QStringLiteral("X A") << QStringLiteral("1")
                               << QStringLiteral("invalid header name");
        QTest::newRow("content-length") << QStringLiteral("content-length") << QStringLiteral("3")
                                        << QStringLiteral("set by Stackbench");
        QTest::newRow("line break in a value")
            << QStringLiteral("X-A") << QStringLiteral("a\r\nX-Evil: 1")
            << QStringLiteral("line breaks");
        QTest::newRow("control character in a value")
            << QStringLiteral("X-A") << QStringLiteral("a\x01") << QStringLiteral("control");
    }
    void headersFollowTheRequestRule()
    {
        QFETCH(QString, name);
        QFETCH(QString, value);
        QFETCH(QString, error);
        LoadForm f;
        f.url = QStringLiteral("http://127.0.0.1:9/");
        f.headers = {{name, value}};
        const LoadFormCheck c = checkLoadForm(f);
        QCOMPARE(c.errors.value(LoadField::Headers).isEmpty(), error.isEmpty());
        QVERIFY2(c.errors.value(LoadField::Headers).contains(error),
                 qPrintable(c.errors.value(LoadField::Headers)));
        f.headers.clear();
        f.method = QStringLiteral("PROPFIND"); // not in the one method list
        QVERIFY(checkLoadForm(f).errors.contains(LoadField::Method));
    }

    void percentileCurveSpansToFiveNines()
    {
        Histogram h;
        for (int i = 1; i <= 100000; ++i)
            h.record(i);
        const QVector<charts::PercentilePoint> curve = charts::percentileCurve(h, 10);
        QCOMPARE(curve.size(), 51);
        QCOMPARE(curve.first().x, 1.0);
        QCOMPARE(curve.last().x, 1e5);
        QVERIFY(qAbs(curve.last().percentile - 99.999) < 1e-9);
        QVERIFY(qAbs(curve[10].latencyMs - 90.0) < 0.1); // x = 10 is p90 = 90000 us
        for (qsizetype i = 1; i < curve.size(); ++i)
            QVERIFY(curve[i].latencyMs >= curve[i - 1].latencyMs);
        QVERIFY(charts::percentileCurve(Histogram()).isEmpty());
    }

    void testAgainstTheReferenceTarget()
    {
        QTemporaryDir dir;
        test::Target target(dir.filePath(QStringLiteral("target.sqlite")));
        QVERIFY2(target.port() > 0, qPrintable(target.error()));
        QuickTestPage page;
        page.resize(1500, 950);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        LoadForm f;
        f.url = QStringLiteral("http://127.0.0.1:%1/health").arg(target.port());
        f.connections = QStringLiteral("4");
        f.length = QStringLiteral("2s");
        f.warmUp = QStringLiteral("500ms");
        f.interval = QStringLiteral("500ms");
        page.setForm(f);
        page.setServerPid(target.pid());
        QCOMPARE(page.serverPid(), target.pid());
        const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
        page.setStoreLocation(store);
        QSignalSpy done(&page, &QuickTestPage::testFinished);
        QSignalSpy failed(&page, &QuickTestPage::testFailed);
        page.startTest();
        QTRY_COMPARE_WITH_TIMEOUT(done.count() + failed.count(), 1, 60000);
        QCOMPARE(failed.count(), 0);

        const QString summary = page.summaryText();
        static const QRegularExpression okRe(QStringLiteral("2xx/sec:\\s+([0-9.]+)"));
        const QRegularExpressionMatch m = okRe.match(summary);
        QVERIFY2(m.hasMatch(), qPrintable(summary));
        QVERIFY2(m.captured(1).toDouble() > 0, qPrintable(summary));
        QVERIFY(summary.contains(QStringLiteral("Latency Distribution")));
        QVERIFY(summary.contains(QStringLiteral("Client CPU:")));
        QVERIFY2(summary.contains(QStringLiteral("Server tree:")), qPrintable(summary));
        QCOMPARE(page.percentilePoints(), 101);
        // Live charts: warm-up shaded, then the measured phase, with the server tree sampled.
        const charts::Timeline &t = page.timeline();
        QVERIFY(t.measureStartS() > 0.3);
        QVERIFY(t.series(charts::Series::Ok).size() >= 4);
        QVERIFY(t.hasP90());
        QVERIFY(t.hasMemory());
        QVERIFY(t.series(charts::Series::ServerCores).size() >= 3);
        QTRY_VERIFY(page.chartPanel()->drawnPoints(charts::Series::ServerCores) >= 3);

        QSignalSpy kept(&page, &QuickTestPage::kept);
        page.keepInHistory();
        QTRY_COMPARE_WITH_TIMEOUT(kept.count(), 1, 30000);
        const QString runId = kept.first().first().toString();
        auto opened = store::RunStore::open(store, store::RunStore::OpenMode::ReadOnly);
        QVERIFY(opened.ok());
        auto run = (*opened)->run(runId);
        QVERIFY(run.ok());
        QCOMPARE(run->status, QString(store::kStatusFinished));
        QCOMPARE(run->profile, QStringLiteral("quick-test"));
        QCOMPARE(run->windowCount, 1);
        auto windows = (*opened)->windows(runId, true);
        QVERIFY(windows.ok());
        const store::WindowRecord &w = windows->first();
        // Judged by a run's gates: valid, or invalid for the machine's foreign CPU (the default
        // gate of a plan; this machine is shared while the tests run).
        QVERIFY2(run->validWindowCount == 1 ||
                     w.invalidReason.startsWith(QStringLiteral("foreign")),
                 qPrintable(w.invalidReason));
        QVERIFY(w.ok > 0);
        QVERIFY(!w.histogram.isEmpty());
        QVERIFY(w.intervals.size() >= 3);
        QVERIFY(w.serverCpuS > 0);
        QCOMPARE(w.concurrency, 4);
        const plan::PlanLoad plan =
            plan::parsePlan(run->planText, QStringLiteral("quick-test.json"), dir.path());
        QVERIFY2(plan.ok(), qPrintable(plan.errorText()));
        QCOMPARE(plan.plan->routes.first().path, QStringLiteral("/health"));
        QVERIFY(plan.plan->name.contains(f.url));

        // Stop mid-test: the result covers the time until then and says so.
        f.length = QStringLiteral("60s");
        page.setForm(f);
        bool stopped = false;
        connect(page.controller(), &LoadController::intervalMeasured, &page,
                [&](const run::WindowInterval &p) {
                    if (!p.warmUp && !stopped) {
                        stopped = true;
                        page.stopTest();
                    }
                });
        page.startTest();
        QTRY_COMPARE_WITH_TIMEOUT(done.count() + failed.count(), 2, 60000);
        QVERIFY(stopped);
        QVERIFY(page.result()->measured.cancelled);
        QVERIFY(page.result()->measured.window.elapsedS < 60);
        QVERIFY2(page.summaryText().contains(QStringLiteral("Interrupted")),
                 qPrintable(page.summaryText()));
        QTRY_VERIFY(!page.controller()->isBusy());
    }

    // Issue 19: the quick test measured and kept through the engine's path stores what a
    // one-window plan of the same URL stores - the same columns (p90 included), the same
    // environment keys and machine - and the kept run lasts as long as the test, not until the
    // moment it was kept. Before, a kept test stored p90 = 0, an empty machine, kernel and
    // revision, and finishedAt = the moment of keeping.
    void keptTestStoresWhatARunStores()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("target.sqlite"));
        test::Target target(db);
        QVERIFY2(target.port() > 0, qPrintable(target.error()));
        const QString storePath = dir.filePath(QStringLiteral("runs.sqlite"));

        LoadForm f;
        f.url = QStringLiteral("http://127.0.0.1:%1/health").arg(target.port());
        f.connections = QStringLiteral("2");
        f.length = QStringLiteral("1s");
        f.warmUp = QStringLiteral("200ms");
        f.interval = QStringLiteral("250ms");
        const LoadFormCheck check = checkLoadForm(f);
        QVERIFY(check.ok());
        QuickTestSpec spec = check.spec;
        spec.window.sample = run::TreeSampling{target.pid()};
        spec.serverName = QStringLiteral("target");
        spec.foreignGate = QStringLiteral("100%machine");
        LoadController controller;
        QSignalSpy done(&controller, &LoadController::finished);
        QSignalSpy failed(&controller, &LoadController::failed);
        controller.start(spec);
        QTRY_COMPARE_WITH_TIMEOUT(done.count() + failed.count(), 1, 60000);
        QVERIFY2(failed.isEmpty(),
                 failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
        const QuickTestResult result = done.first().first().value<QuickTestResult>();
        const QDateTime beforeKeep = QDateTime::currentDateTimeUtc();
        const sb::Result<QString> kept = keepInHistory(storePath, result);
        QVERIFY2(kept.ok(), kept.ok() ? "" : kept.error().toString().c_str());

        // The same URL as a one-window plan: the runner starts the target itself.
        const QJsonObject planJson{
            {QStringLiteral("format"), 1},
            {QStringLiteral("name"), QStringLiteral("one window")},
            {QStringLiteral("configurations"),
             QJsonArray{
                 QJsonObject{{QStringLiteral("name"), QStringLiteral("target")},
                             {QStringLiteral("command"),
                              QJsonArray{QStringLiteral(STACKBENCH_BIN), QStringLiteral("target"),
                                         QStringLiteral("--port"), QStringLiteral("${port}"),
                                         QStringLiteral("--threads"), QStringLiteral("1"),
                                         QStringLiteral("--db"), db}},
                             {QStringLiteral("port"), test::freePort()},
                             {QStringLiteral("ready"),
                              QJsonObject{{QStringLiteral("path"), QStringLiteral("/health")},
                                          {QStringLiteral("timeout_s"), 60}}}}}},
            {QStringLiteral("routes"),
             QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("health")},
                                    {QStringLiteral("path"), QStringLiteral("/health")}}}},
            {QStringLiteral("load"), QJsonObject{{QStringLiteral("threads"), 1}}},
            {QStringLiteral("sampler"),
             QJsonObject{{QStringLiteral("interval_ms"), 250},
                         {QStringLiteral("foreign_gate"), QStringLiteral("100%machine")}}},
            {QStringLiteral("profiles"),
             QJsonObject{{QStringLiteral("one"),
                          QJsonObject{{QStringLiteral("rounds"), 1},
                                      {QStringLiteral("concurrency"), QJsonArray{2}},
                                      {QStringLiteral("warmup"), QStringLiteral("200ms")},
                                      {QStringLiteral("measure_s"), 1},
                                      {QStringLiteral("retries"), 0}}}}}};
        const QString planPath = dir.filePath(QStringLiteral("one.json"));
        QFile planFile(planPath);
        QVERIFY(planFile.open(QIODevice::WriteOnly));
        planFile.write(QJsonDocument(planJson).toJson());
        planFile.close();
        run::Runner runner;
        run::RunOptions options;
        options.planPath = planPath;
        options.storeLocation = storePath;
        const sb::Result<run::RunFinished> ran = runner.run(options);
        QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().toString().c_str());
        QVERIFY2(ran->error.isEmpty(), qPrintable(ran->error));

        auto opened = store::RunStore::open(storePath, store::RunStore::OpenMode::ReadOnly);
        QVERIFY(opened.ok());
        const store::RunStore &st = **opened;
        const sb::Result<store::RunRecord> keptRun = st.run(*kept);
        const sb::Result<store::RunRecord> planRun = st.run(ran->runId);
        QVERIFY(keptRun.ok() && planRun.ok());
        const auto keptWindows = st.windows(*kept, true);
        const auto planWindows = st.windows(ran->runId, true);
        QVERIFY(keptWindows.ok() && planWindows.ok());
        QCOMPARE(keptWindows->size(), 1);
        QCOMPARE(planWindows->size(), 1);
        const store::WindowRecord &k = keptWindows->first();
        const store::WindowRecord &p = planWindows->first();
        QVERIFY2(k.valid, qPrintable(k.invalidReason));
        QVERIFY2(p.valid, qPrintable(p.invalidReason));
        QCOMPARE(filledColumns(k), filledColumns(p));
        QVERIFY(filledColumns(k).contains(QStringLiteral("latency_us.p90")));
        QVERIFY(filledColumns(k).contains(QStringLiteral("intervals.p90_us")));
        QVERIFY(filledColumns(k).contains(QStringLiteral("server_cpu_s")));
        QCOMPARE(k.route, QStringLiteral("quick-test"));
        QCOMPARE(k.configuration, QStringLiteral("target"));
        QCOMPARE(k.concurrency, p.concurrency);
        // Interval errors count unexpected statuses as a run's do: none here.
        for (const store::IntervalRecord &i : k.intervals)
            QCOMPARE(i.errors, 0);

        // The environment a run writes, with the same machine.
        QCOMPARE(sortedKeys(keptRun->environment), sortedKeys(planRun->environment));
        for (const char *key : {"hostname", "kernel", "cpu_model", "os", "stackbench_version",
                                "git_revision", "cores"}) {
            const QJsonValue v = keptRun->environment.value(QLatin1String(key));
            QCOMPARE(v, planRun->environment.value(QLatin1String(key)));
        }
        QVERIFY(!keptRun->environment.value(QStringLiteral("kernel")).toString().isEmpty());
        QVERIFY(!keptRun->environment.value(QStringLiteral("hostname")).toString().isEmpty());
        QCOMPARE(keptRun->environment.value(QStringLiteral("profile")).toString(),
                 QStringLiteral("quick-test"));

        // A proper plan: it loads, and names the URL.
        const plan::PlanLoad keptPlan =
            plan::parsePlan(keptRun->planText, QStringLiteral("kept.json"), dir.path());
        QVERIFY2(keptPlan.ok(), qPrintable(keptPlan.errorText()));
        QVERIFY(keptPlan.plan->name.contains(f.url));
        QCOMPARE(keptPlan.plan->routes.first().path, QStringLiteral("/health"));

        // The kept run spans the test, not the time until it was kept.
        QVERIFY(keptRun->startedAt.isValid() && keptRun->finishedAt.isValid());
        QVERIFY(keptRun->startedAt < keptRun->finishedAt);
        QVERIFY2(keptRun->finishedAt <= beforeKeep,
                 qPrintable(keptRun->finishedAt.toString(Qt::ISODateWithMs) + QLatin1Char(' ') +
                            beforeKeep.toString(Qt::ISODateWithMs)));
        QVERIFY(k.startedAt >= keptRun->startedAt && k.startedAt < keptRun->finishedAt);

        // The summary's per CPU-second is the stored window's, as the report reads it.
        const QString summary = loadSummaryText(result);
        QVERIFY2(summary.contains(QStringLiteral("cores, %1 2xx per CPU-second")
                                      .arg(figures::rate(report::windowPerCpuS(k)))),
                 qPrintable(summary));
    }

    // The process list was read once and stayed stale until Refresh: a server started while
    // the page shows appears by itself (and one that ends goes).
    void processListFollowsTheMachine()
    {
        QuickTestPage page;
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QProcess sleeper;
        sleeper.start(QStringLiteral("sleep"), {QStringLiteral("60")});
        QVERIFY(sleeper.waitForStarted());
        const qint64 pid = sleeper.processId();
        QTRY_VERIFY_WITH_TIMEOUT(page.processModel()->rowOf(pid) >= 0,
                                 5 * QuickTestPage::kProcessRefreshMs);
        sleeper.kill();
        QVERIFY(sleeper.waitForFinished());
        QTRY_VERIFY_WITH_TIMEOUT(page.processModel()->rowOf(pid) < 0,
                                 5 * QuickTestPage::kProcessRefreshMs);
    }

    // https://: the TLS fields apply to an https URL only; a quick test against nginx with ssl
    // and a throwaway CA verifies with the CA file, says what the connections agreed on, and a
    // kept test's plan carries the settings.
    void httpsQuickTest()
    {
        QTemporaryDir certDir;
        QTemporaryDir nginxDir;
        QVERIFY(certDir.isValid() && nginxDir.isValid());
        test::TlsCertificates certs(certDir.path());
        QVERIFY2(certs.ok(), qPrintable(certs.error()));
        test::NginxTls nginx(nginxDir.path(), certs, {QStringLiteral("good")});
        const uint16_t port = nginx.port(QStringLiteral("good"));
        QVERIFY2(port != 0, qPrintable(nginx.error()));

        QuickTestPage page;
        page.resize(1500, 950);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto *insecure = page.findChild<QCheckBox *>(QStringLiteral("insecure"));
        QVERIFY(insecure);
        LoadForm f;
        f.url = QStringLiteral("http://127.0.0.1:%1/").arg(port);
        page.setForm(f);
        QVERIFY(!insecure->isEnabled()); // plain HTTP: nothing to verify
        f.url = QStringLiteral("https://127.0.0.1:%1/").arg(port);
        f.caFile = certDir.filePath(QStringLiteral("missing.pem"));
        page.setForm(f);
        QVERIFY(insecure->isEnabled());
        QVERIFY2(page.fieldError(LoadField::CaFile).startsWith(QStringLiteral("cannot read")),
                 qPrintable(page.fieldError(LoadField::CaFile)));
        f.caFile = certs.caFile();
        f.insecure = true;
        page.setForm(f);
        QCOMPARE(page.fieldError(LoadField::CaFile),
                 QStringLiteral("give a CA file or Insecure, not both"));
        insecure->setChecked(false); // the user unticks it
        QVERIFY(page.fieldError(LoadField::CaFile).isEmpty());
        QVERIFY(!page.form().insecure);

        f = page.form();
        f.connections = QStringLiteral("2");
        f.length = QStringLiteral("1s");
        f.interval = QStringLiteral("500ms");
        page.setForm(f);
        QSignalSpy done(&page, &QuickTestPage::testFinished);
        QSignalSpy failed(&page, &QuickTestPage::testFailed);
        page.startTest();
        QTRY_COMPARE_WITH_TIMEOUT(done.count() + failed.count(), 1, 60000);
        QCOMPARE(failed.count(), 0);
        const QString summary = page.summaryText();
        qInfo("%s", qPrintable(summary));
        static const QRegularExpression okRe(QStringLiteral("2xx/sec:\\s+([0-9.]+)"));
        const QRegularExpressionMatch m = okRe.match(summary);
        QVERIFY2(m.hasMatch() && m.captured(1).toDouble() > 0, qPrintable(summary));
        static const QRegularExpression tlsRe(
            QStringLiteral("TLS: HTTP/1.1 over TLS 1\\.[23], cipher \\S+, ALPN http/1.1, "
                           "certificate verified"));
        QVERIFY2(tlsRe.match(summary).hasMatch(), qPrintable(summary));
        QTRY_VERIFY(!page.controller()->isBusy());

        // The kept test's plan: an https base URL with the CA file, which loads.
        const LoadFormCheck c = checkLoadForm(page.form());
        QVERIFY(c.ok());
        QVERIFY(c.spec.window.request.tls);
        const plan::PlanLoad plan = plan::parsePlan(run::urlTestPlanText(c.spec),
                                                    QStringLiteral("q.json"), QDir::tempPath());
        QVERIFY2(plan.ok(), qPrintable(plan.errorText()));
        QCOMPARE(plan.plan->load.tls.caFile, certs.caFile());
        QVERIFY(plan.plan->configurations.first().baseUrl.startsWith(QStringLiteral("https://")));
        QCOMPARE(plan.plan->configurations.first().tls.caFile, certs.caFile());

        // Without the CA file the system store refuses the throwaway CA: the test fails, named.
        f = page.form();
        f.caFile.clear();
        page.setForm(f);
        QSignalSpy refused(&page, &QuickTestPage::testFailed);
        QSignalSpy finished(&page, &QuickTestPage::testFinished);
        page.startTest();
        QTRY_COMPARE_WITH_TIMEOUT(refused.count() + finished.count(), 1, 60000);
        qInfo("unverified: %s",
              qPrintable(page.statusText() + QLatin1Char('\n') + page.summaryText()));
        if (finished.count() == 1) {
            QVERIFY2(page.summaryText().contains(QStringLiteral("TLS errors: handshake 0, "
                                                                "certificate ")),
                     qPrintable(page.summaryText()));
            QVERIFY2(page.summaryText().contains(
                         QStringLiteral("TLS: HTTP/1.1 over TLS, no handshake finished")),
                     qPrintable(page.summaryText()));
        }
        QTRY_VERIFY(!page.controller()->isBusy());
    }

    // The protocol choice: the streams apply to HTTP/2 only; the spec the form builds carries
    // HTTP/2 and its streams (the connections stay the concurrency), a kept test's plan too.
    void protocolChoice()
    {
        QuickTestPage page;
        page.resize(1280, 720);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto *protocol = page.findChild<QComboBox *>(QStringLiteral("protocol"));
        auto *streams = page.findChild<QSpinBox *>(QStringLiteral("streams"));
        QVERIFY(protocol && streams);
        LoadForm f;
        f.url = QStringLiteral("http://127.0.0.1:8080/");
        page.setForm(f);
        QCOMPARE(protocol->currentText(), QStringLiteral("HTTP/1.1"));
        QVERIFY(!streams->isEnabled()); // HTTP/1.1: one request per connection at a time
        protocol->setCurrentIndex(1);
        QVERIFY(streams->isEnabled());
        streams->setValue(10);
        QVERIFY(page.form().http2);
        QCOMPARE(page.form().streams, 10);
        QCOMPARE(streams->maximum(), plan::kMaxStreams);

        LoadFormCheck c = checkLoadForm(page.form());
        QVERIFY(c.ok());
        QCOMPARE(c.spec.window.request.protocol, plan::HttpProtocol::Http2);
        QCOMPARE(c.spec.window.streams, 10);
        QCOMPARE(c.spec.window.connections, 10);
        const plan::PlanLoad plan = plan::parsePlan(run::urlTestPlanText(c.spec),
                                                    QStringLiteral("q.json"), QDir::tempPath());
        QVERIFY2(plan.ok(), qPrintable(plan.errorText()));
        QCOMPARE(plan.plan->configurations.first().protocol, plan::HttpProtocol::Http2);
        QCOMPARE(plan.plan->configurations.first().streams, 10);

        // Back to HTTP/1.1: the streams are unused (1), the spin box off.
        protocol->setCurrentIndex(0);
        QVERIFY(!streams->isEnabled());
        c = checkLoadForm(page.form());
        QVERIFY(c.ok());
        QCOMPARE(c.spec.window.request.protocol, plan::HttpProtocol::Http1);
        QCOMPARE(c.spec.window.streams, 1);

        // Out of range (the form's own check, for a form not made by the page).
        f.http2 = true;
        f.streams = 0;
        QVERIFY(checkLoadForm(f).errors.contains(LoadField::Streams));
    }

    void refusedConnectionSaysWhy()
    {
        QuickTestPage page;
        LoadForm f;
        f.url = QStringLiteral("http://127.0.0.1:%1/").arg(test::freePort());
        f.length = QStringLiteral("1s");
        page.setForm(f);
        QSignalSpy failed(&page, &QuickTestPage::testFailed);
        page.startTest();
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 30000);
        QVERIFY2(page.statusText().contains(QStringLiteral("127.0.0.1")),
                 qPrintable(page.statusText()));
        QTRY_VERIFY(!page.controller()->isBusy());
    }
};

QTEST_MAIN(TestQuickTest)
#include "tst_quicktest.moc"
