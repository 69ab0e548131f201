// The quick test page: the form checked with the engine's grammars (the reason beside the
// field); a test against the reference target (started here, its port read from its
// "listening on" line) with the target's tree sampled shows a non-zero 2xx/s in the summary,
// the percentile curve and the server's cores; "Keep in history" stores a one-window run with
// a plan that parses. The page renders without Qt warnings.
#include "plan/planloader.h"
#include "store/runstore.h"
#include "ui/charts/percentilecurve.h"
#include "ui/pages/quicktestpage.h"
#include "ui/widgets/chartpanel.h"
#include "uitest.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace sb;

Q_DECLARE_METATYPE(sb::LoadField)

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
                               << QStringLiteral("https");
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
        const load::LoadSpec &s = c.spec.spec;
        QCOMPARE(s.port, 8080);
        QCOMPARE(s.request.target, std::string("/users/1?x=y"));
        QCOMPARE(s.request.method, std::string("POST"));
        QCOMPARE(s.request.headers.size(), size_t(1));
        QCOMPARE(s.hostHeader, std::string("api.local"));
        QCOMPARE(s.request.body, std::string("{\"a\":1}"));
        QCOMPARE(s.connections, 8);
        QCOMPARE(s.threads, 2);
        QCOMPARE(s.requestLimit, 5000);
        QCOMPARE(s.warmupMs, 2000);
        QCOMPARE(s.mode, load::Mode::Open);
        QCOMPARE(s.ratePerS, 1500.0);
        QCOMPARE(s.timeoutMs, 30000);
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
        QCOMPARE(run->validWindowCount, 1);
        auto windows = (*opened)->windows(runId, true);
        QVERIFY(windows.ok());
        const store::WindowRecord &w = windows->first();
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
        connect(page.controller(), &LoadController::loadMeasured, &page,
                [&](const QuickTestPoint &p) {
                    if (!p.warmUp && !stopped) {
                        stopped = true;
                        page.stopTest();
                    }
                });
        page.startTest();
        QTRY_COMPARE_WITH_TIMEOUT(done.count() + failed.count(), 2, 60000);
        QVERIFY(stopped);
        QVERIFY(page.result()->load.cancelled);
        QVERIFY(page.result()->load.elapsedS < 60);
        QVERIFY2(page.summaryText().contains(QStringLiteral("Interrupted")),
                 qPrintable(page.summaryText()));
        QTRY_VERIFY(!page.controller()->isBusy());
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
