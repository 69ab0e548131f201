// The window measurement step's decisions (run/windowmeasurement.h): the load of a cell's
// measured window and of its warm-up from the plan and the profile, and how a failed step marks
// the window (its reason and its typed kind).

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
    void loadSpec_data()
    {
        QTest::addColumn<int>("concurrency");
        QTest::addColumn<bool>("open");
        QTest::addColumn<int>("threads");
        QTest::newRow("one connection, one thread") << 1 << false << 1;
        QTest::newRow("fewer connections than threads") << 3 << false << 3;
        QTest::newRow("more connections than threads") << 64 << false << 4;
        QTest::newRow("open loop") << 16 << true << 4;
    }

    void loadSpec()
    {
        QFETCH(int, concurrency);
        QFETCH(bool, open);
        QFETCH(int, threads);
        Setup s = setup();
        if (open) {
            s.plan.load.mode = plan::LoadSettings::Mode::Open;
            s.plan.load.rateRps = 500;
        }
        const load::LoadSpec spec =
            run::loadSpecFor(s.plan, s.profile, s.config, s.route, concurrency);
        QCOMPARE(spec.host, std::string("127.0.0.1"));
        QCOMPARE(int(spec.port), 8089);
        QCOMPARE(spec.request.method, std::string("POST"));
        QCOMPARE(spec.request.target, std::string("/echo?x=1"));
        QCOMPARE(spec.request.headers.size(), size_t(1));
        QCOMPARE(spec.request.body, std::string("{}"));
        QCOMPARE(spec.connections, concurrency);
        QCOMPARE(spec.threads, threads);
        QCOMPARE(spec.mode, open ? load::Mode::Open : load::Mode::Closed);
        QCOMPARE(spec.ratePerS, open ? 500.0 : 0.0);
        QCOMPARE(spec.durationMs, int64_t(3000));
        QCOMPARE(spec.requestLimit, int64_t(0));
        QCOMPARE(spec.timeoutMs, int64_t(5000));
        QCOMPARE(spec.intervalMs, 250);
        QCOMPARE(spec.cpus, std::vector<int>{1});
    }

    void warmupSpec_data()
    {
        using Scope = plan::Profile::WarmupScope;
        QTest::addColumn<bool>("byRequests");
        QTest::addColumn<Scope>("scope");
        QTest::addColumn<int>("warmupConcurrency");
        QTest::addColumn<int>("connections");
        QTest::addColumn<int>("threads");
        QTest::addColumn<qint64>("durationMs");
        QTest::addColumn<qint64>("requestLimit");
        QTest::newRow("by time, per window")
            << false << Scope::Window << 0 << 8 << 4 << qint64(700) << qint64(0);
        QTest::newRow("by requests, per window")
            << true << Scope::Window << 0 << 8 << 4 << qint64(3000) << qint64(123);
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
        QFETCH(qint64, durationMs);
        QFETCH(qint64, requestLimit);
        Setup s = setup();
        s.profile.warmupScope = scope;
        s.profile.warmupConcurrency = warmupConcurrency;
        if (byRequests) {
            s.profile.warmup.kind = plan::Warmup::Kind::Requests;
            s.profile.warmup.requests = 123;
        } else {
            s.profile.warmup.durationMs = 700;
        }
        const load::LoadSpec measured = run::loadSpecFor(s.plan, s.profile, s.config, s.route, 8);
        const load::LoadSpec spec = run::warmupSpecFor(s.plan, s.profile, measured);
        QCOMPARE(spec.connections, connections);
        QCOMPARE(spec.threads, threads);
        QCOMPARE(spec.durationMs, durationMs);
        QCOMPARE(spec.requestLimit, requestLimit);
        QCOMPARE(spec.request.target, measured.request.target);
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
