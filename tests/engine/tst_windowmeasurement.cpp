// The window measurement step's decisions (run/windowmeasurement.h): the window of a cell's
// measured phase and of its warm-up from the plan and the profile (a request the rule refuses is
// an error), and how a failed step marks the window (its reason and its typed kind).

#include "run/windowmeasurement.h"

#include <QTest>

using namespace sb;

namespace {

struct Setup
{
    plan::Plan plan;
    plan::Profile profile;
    plan::Configuration config;
    plan::Route route;
};

Setup setup()
{
    Setup s;
    s.plan.load.threads = 4;
    s.plan.load.timeoutMs = 5000;
    s.plan.load.cpus = {1};
    s.plan.sampler.intervalMs = 250;
    s.profile.measureMs = 3000;
    s.config.name = QStringLiteral("a");
    s.config.baseUrl = QStringLiteral("http://127.0.0.1:8089");
    s.route.name = QStringLiteral("echo");
    s.route.method = QStringLiteral("POST");
    s.route.path = QStringLiteral("/echo?x=1");
    s.route.headers = {plan::Header{QStringLiteral("X-A"), QStringLiteral("1")}};
    s.route.hasBody = true;
    s.route.body = "{}";
    return s;
}

} // namespace

Q_DECLARE_METATYPE(sb::plan::Profile::WarmupScope)

class TestWindowMeasurement : public QObject
{
    Q_OBJECT

private slots:
    void windowSpec_data()
    {
        QTest::addColumn<int>("concurrency");
        QTest::addColumn<bool>("open");
        QTest::addColumn<int>("threads");
        QTest::newRow("one connection, one thread") << 1 << false << 1;
        QTest::newRow("fewer connections than threads") << 3 << false << 3;
        QTest::newRow("more connections than threads") << 64 << false << 4;
        QTest::newRow("open loop") << 16 << true << 4;
    }

    void windowSpec()
    {
        QFETCH(int, concurrency);
        QFETCH(bool, open);
        QFETCH(int, threads);
        Setup s = setup();
        s.route.expectStatus = 201;
        if (open) {
            s.plan.load.mode = plan::LoadSettings::Mode::Open;
            s.plan.load.rateRps = 500;
        }
        const sb::Result<run::WindowSpec> spec =
            run::windowSpecFor(s.plan, s.profile, s.config, s.route, concurrency);
        QVERIFY(spec.ok());
        QCOMPARE(spec->request.host, QStringLiteral("127.0.0.1"));
        QCOMPARE(int(spec->request.port), 8089);
        QCOMPARE(spec->request.hostHeader, QStringLiteral("127.0.0.1:8089"));
        QCOMPARE(spec->request.method, QStringLiteral("POST"));
        QCOMPARE(spec->request.target, QStringLiteral("/echo?x=1"));
        QCOMPARE(spec->request.headers.size(), 1);
        QCOMPARE(spec->request.headers.first().name, QStringLiteral("X-A"));
        QCOMPARE(spec->request.body, QByteArray("{}"));
        QCOMPARE(spec->connections, concurrency);
        QCOMPARE(spec->threads, threads);
        QCOMPARE(spec->openLoop, open);
        QCOMPARE(spec->ratePerS, open ? 500.0 : 0.0);
        QCOMPARE(spec->durationMs, qint64(3000));
        QCOMPARE(spec->requestLimit, qint64(0));
        QCOMPARE(spec->warmupMs, qint64(0));
        QCOMPARE(spec->warmupRequests, qint64(0));
        QCOMPARE(spec->timeoutMs, qint64(5000));
        QCOMPARE(spec->intervalMs, 250);
        QCOMPARE(spec->cpus, std::vector<int>{1});
        QCOMPARE(spec->expectStatus, 201);
        QVERIFY(!spec->sample.has_value()); // the tree is named when the window is measured
    }

    // The interval follows the window (issue 21): at least five per window, the plan's interval
    // an upper bound, never below 100 ms. The demo's quick profile (1 s windows, 1000 ms) got
    // one interval a window, so its live cores and foreign-CPU charts had a single point.
    void intervalFollowsTheWindow_data()
    {
        QTest::addColumn<int>("planMs");
        QTest::addColumn<qint64>("measureMs");
        QTest::addColumn<int>("expected");
        QTest::newRow("1 s window at 1000 ms") << 1000 << qint64(1000) << 200;
        QTest::newRow("30 s window at 1000 ms") << 1000 << qint64(30000) << 1000;
        QTest::newRow("5 s window at 1000 ms") << 1000 << qint64(5000) << 1000;
        QTest::newRow("2 s window at 250 ms") << 250 << qint64(2000) << 250;
        QTest::newRow("300 ms window") << 1000 << qint64(300) << 100;
    }
    void intervalFollowsTheWindow()
    {
        QFETCH(int, planMs);
        QFETCH(qint64, measureMs);
        QFETCH(int, expected);
        QCOMPARE(run::windowIntervalMs(planMs, measureMs), expected);
        Setup s = setup();
        s.plan.sampler.intervalMs = planMs;
        s.profile.measureMs = measureMs;
        const sb::Result<run::WindowSpec> spec =
            run::windowSpecFor(s.plan, s.profile, s.config, s.route, 4);
        QVERIFY(spec.ok());
        QCOMPARE(spec->intervalMs, expected);
    }

    // A variable made at the run's start may give a header value the request rule refuses; the
    // window then fails instead of sending a request that is not the one the plan names.
    void windowSpecRefusesABadRequest_data()
    {
        QTest::addColumn<QString>("headerValue");
        QTest::addColumn<QString>("code");
        QTest::newRow("line break in a value")
            << QStringLiteral("a\r\nX-Evil: 1") << QStringLiteral("request.header");
        QTest::newRow("control character in a value")
            << QStringLiteral("a\001b") << QStringLiteral("request.header");
    }

    void windowSpecRefusesABadRequest()
    {
        QFETCH(QString, headerValue);
        QFETCH(QString, code);
        Setup s = setup();
        s.route.headers = {plan::Header{QStringLiteral("X-Token"), headerValue}};
        const sb::Result<run::WindowSpec> spec =
            run::windowSpecFor(s.plan, s.profile, s.config, s.route, 4);
        QVERIFY(!spec.ok());
        QCOMPARE(QString::fromStdString(spec.error().code), code);
    }

    // A profile's "rate" makes its windows an open loop at that rate over the plan's "load".
    void profileRateOverridesTheLoadSection_data()
    {
        QTest::addColumn<bool>("planOpen");
        QTest::addColumn<double>("planRate");
        QTest::addColumn<double>("profileRate");
        QTest::addColumn<bool>("openLoop");
        QTest::addColumn<double>("rate");
        QTest::newRow("closed plan, no profile rate") << false << 0.0 << 0.0 << false << 0.0;
        QTest::newRow("closed plan, profile rate") << false << 0.0 << 2500.0 << true << 2500.0;
        QTest::newRow("open plan, no profile rate") << true << 900.0 << 0.0 << true << 900.0;
        QTest::newRow("open plan, profile rate") << true << 900.0 << 2500.0 << true << 2500.0;
    }

    void profileRateOverridesTheLoadSection()
    {
        QFETCH(bool, planOpen);
        QFETCH(double, planRate);
        QFETCH(double, profileRate);
        QFETCH(bool, openLoop);
        QFETCH(double, rate);
        Setup s = setup();
        s.plan.load.mode =
            planOpen ? plan::LoadSettings::Mode::Open : plan::LoadSettings::Mode::Closed;
        s.plan.load.rateRps = planRate;
        s.profile.rateRps = profileRate;
        const sb::Result<run::WindowSpec> spec =
            run::windowSpecFor(s.plan, s.profile, s.config, s.route, 8);
        QVERIFY(spec.ok());
        QCOMPARE(spec->openLoop, openLoop);
        QCOMPARE(spec->ratePerS, rate);
        QCOMPARE(spec->connections, 8);
    }

    void warmupSpec_data()
    {
        using Scope = plan::Profile::WarmupScope;
        QTest::addColumn<bool>("byRequests");
        QTest::addColumn<Scope>("scope");
        QTest::addColumn<int>("warmupConcurrency");
        QTest::addColumn<int>("connections");
        QTest::addColumn<int>("threads");
        QTest::addColumn<qint64>("warmupMs");
        QTest::addColumn<qint64>("warmupRequests");
        QTest::newRow("by time, per window")
            << false << Scope::Window << 0 << 8 << 4 << qint64(700) << qint64(0);
        QTest::newRow("by requests, per window")
            << true << Scope::Window << 0 << 8 << 4 << qint64(0) << qint64(123);
        QTest::newRow("per window ignores warmup_concurrency")
            << false << Scope::Window << 2 << 8 << 4 << qint64(700) << qint64(0);
        QTest::newRow("per route at its own concurrency")
            << false << Scope::Route << 2 << 2 << 2 << qint64(700) << qint64(0);
        QTest::newRow("per route at the cell's")
            << false << Scope::Route << 0 << 8 << 4 << qint64(700) << qint64(0);
    }

    void warmupSpec()
    {
        QFETCH(bool, byRequests);
        QFETCH(plan::Profile::WarmupScope, scope);
        QFETCH(int, warmupConcurrency);
        QFETCH(int, connections);
        QFETCH(int, threads);
        QFETCH(qint64, warmupMs);
        QFETCH(qint64, warmupRequests);
        Setup s = setup();
        s.profile.warmupScope = scope;
        s.profile.warmupConcurrency = warmupConcurrency;
        if (byRequests) {
            s.profile.warmup.kind = plan::Warmup::Kind::Requests;
            s.profile.warmup.requests = 123;
        } else {
            s.profile.warmup.durationMs = 700;
        }
        const sb::Result<run::WindowSpec> measured =
            run::windowSpecFor(s.plan, s.profile, s.config, s.route, 8);
        QVERIFY(measured.ok());
        const run::WindowSpec spec = run::warmupSpecFor(s.plan, s.profile, *measured);
        QCOMPARE(spec.connections, connections);
        QCOMPARE(spec.threads, threads);
        QCOMPARE(spec.warmupMs, warmupMs);
        QCOMPARE(spec.warmupRequests, warmupRequests);
        QCOMPARE(spec.durationMs, measured->durationMs); // the measured window's, untouched
        QCOMPARE(spec.request.target, measured->request.target);
    }

    void setInvalid()
    {
        store::WindowRecord w;
        w.valid = true;
        run::setInvalid(w, store::kInvalidWarmup, QStringLiteral("warm-up failed: x"));
        QVERIFY(!w.valid);
        QCOMPARE(w.invalidKind, QString(store::kInvalidWarmup));
        QCOMPARE(w.invalidReason, QStringLiteral("warm-up failed: x"));
    }
};

QTEST_GUILESS_MAIN(TestWindowMeasurement)
#include "tst_windowmeasurement.moc"
