#include "load/loadengine.h"
#include "testservers.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <mutex>

using namespace sb;
using namespace sb::load;
using sb::test::MisbehavingServer;

namespace {

LoadSpec specFor(uint16_t port, const char *target = "/")
{
    LoadSpec s;
    s.host = "127.0.0.1";
    s.port = port;
    s.request.target = target;
    s.connections = 4;
    s.threads = 2;
    s.durationMs = 1000;
    s.timeoutMs = 5000;
    s.intervalMs = 200;
    return s;
}

// Runs one window and keeps every interval snapshot.
struct Run
{
    LoadResult result;
    std::vector<IntervalSnapshot> intervals;
    double wallS = 0;
    std::string error;
    bool started = false;
};

Run runWindow(const LoadSpec &spec)
{
    Run run;
    std::mutex mutex;
    LoadEngine engine;
    QElapsedTimer timer;
    timer.start();
    const sb::Status st = engine.start(spec, [&](const IntervalSnapshot &s) {
        std::lock_guard<std::mutex> lock(mutex);
        run.intervals.push_back(s);
    });
    run.started = st.ok();
    if (!run.started) {
        run.error = st.error().detail;
        return run;
    }
    run.result = engine.wait();
    run.wallS = double(timer.nsecsElapsed()) / 1e9;
    return run;
}

} // namespace

class TestLoadEngine : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_target = std::make_unique<sb::test::TargetProcess>(
            m_dir.filePath(QStringLiteral("t.sqlite")), 2);
        QVERIFY2(m_target->port() != 0, qPrintable(m_target->error()));
    }

    void cleanupTestCase() { m_target.reset(); }

    // -n: exactly N measured requests, all 2xx, and the counts add up.
    void exactRequestCountAgainstTarget()
    {
        LoadSpec spec = specFor(m_target->port(), "/health");
        spec.requestLimit = 5000;
        spec.connections = 20;
        Run run = runWindow(spec);
        QVERIFY2(run.started, run.error.c_str());
        const Counters &t = run.result.total;
        QCOMPARE(t.requests, 5000);
        QCOMPARE(t.responses, 5000);
        QCOMPARE(t.ok, 5000);
        QCOMPARE(t.status[200], 5000);
        QCOMPARE(t.errors(), 0);
        QCOMPARE(run.result.latency.count(), 5000);
        QVERIFY(t.bytesIn > 0 && t.bytesOut > 0);
        QVERIFY(run.result.elapsedS > 0);
        QVERIFY(!run.result.cancelled);
    }

    // A duration window: the per-interval snapshots add up to the totals, arrive in order and
    // cover the whole window.
    void intervalsAddUpToTotals()
    {
        LoadSpec spec = specFor(m_target->port(), "/users/7");
        spec.durationMs = 1500;
        spec.warmupMs = 400;
        Run run = runWindow(spec);
        QVERIFY2(run.started, run.error.c_str());
        int64_t ok = 0, responses = 0, warmupOk = 0;
        int lastMeasuredIndex = -1;
        bool seenMeasured = false;
        for (const IntervalSnapshot &s : run.intervals) {
            if (s.warmup) {
                QVERIFY2(!seenMeasured, "warm-up snapshot after a measured one");
                warmupOk += s.counts.ok;
                continue;
            }
            seenMeasured = true;
            QVERIFY(s.index > lastMeasuredIndex);
            lastMeasuredIndex = s.index;
            QVERIFY(s.endS >= s.startS);
            ok += s.counts.ok;
            responses += s.counts.responses;
        }
        QCOMPARE(ok, run.result.total.ok);
        QCOMPARE(responses, run.result.total.responses);
        QVERIFY(warmupOk <= run.result.warmup.ok);
        QVERIFY(run.result.warmup.ok > 0);
        QVERIFY(run.result.total.ok > 100);
        QCOMPARE(run.result.total.errors(), 0);
        QVERIFY(lastMeasuredIndex >= 6); // 1.5 s at 200 ms
        QVERIFY2(std::abs(run.result.warmupS - 0.4) < 0.05,
                 qPrintable(QString::number(run.result.warmupS)));
        QVERIFY2(std::abs(run.result.elapsedS - 1.5) < 0.1,
                 qPrintable(QString::number(run.result.elapsedS)));
        QVERIFY(run.result.clientCpuS > 0);
    }

    // Warm-up by request count: at least that many responses are discarded before measuring.
    void warmupByRequests()
    {
        LoadSpec spec = specFor(m_target->port(), "/health");
        spec.warmupRequests = 300;
        spec.requestLimit = 200;
        Run run = runWindow(spec);
        QVERIFY2(run.started, run.error.c_str());
        QVERIFY(run.result.warmup.responses >= 300);
        QCOMPARE(run.result.total.ok, 200);
    }

    void delayIsMeasuredAccurately()
    {
        LoadSpec spec = specFor(m_target->port(), "/delay?ms=20");
        spec.connections = 50;
        spec.durationMs = 2000;
        Run run = runWindow(spec);
        QVERIFY2(run.started, run.error.c_str());
        const int64_t p50 = run.result.latency.valueAtPercentile(50);
        QVERIFY2(std::abs(p50 - 20'000) <= 1000, qPrintable(QStringLiteral("p50 %1 us").arg(p50)));
        QVERIFY(run.result.total.ok > 1000);
    }

    void serverClosingEachConnectionIsReconnected()
    {
        MisbehavingServer server(MisbehavingServer::Mode::CloseEach);
        LoadSpec spec = specFor(server.port());
        spec.requestLimit = 300;
        Run run = runWindow(spec);
        QVERIFY2(run.started, run.error.c_str());
        QCOMPARE(run.result.total.ok, 300);
        QCOMPARE(run.result.total.errors(), 0);
        QVERIFY(run.result.total.reconnects >= 290);
    }

    void serverClosingMidResponseCountsReadErrors()
    {
        MisbehavingServer server(MisbehavingServer::Mode::CloseMidway);
        Run run = runWindow(specFor(server.port()));
        QVERIFY2(run.started, run.error.c_str());
        QCOMPARE(run.result.total.ok, 0);
        QVERIFY(run.result.total.readErrors > 10);
        QCOMPARE(run.result.total.parseErrors, 0);
        QVERIFY(run.wallS < 3);
    }

    void stallingServerTimesOutAndWindowEndsOnTime()
    {
        MisbehavingServer server(MisbehavingServer::Mode::Stall);
        LoadSpec spec = specFor(server.port());
        spec.durationMs = 1500;
        spec.timeoutMs = 400;
        Run run = runWindow(spec);
        QVERIFY2(run.started, run.error.c_str());
        QCOMPARE(run.result.total.ok, 0);
        // Each connection times out about every 400 ms: 4 connections x 3 rounds at least.
        QVERIFY2(run.result.total.timeouts >= 8,
                 qPrintable(QString::number(run.result.total.timeouts)));
        // The window ends after the duration plus at most one timeout of drain.
        QVERIFY2(run.wallS < 1.5 + 0.4 + 0.5, qPrintable(QString::number(run.wallS)));
        QVERIFY(run.result.elapsedS <= 1.5 + 0.4 + 0.1);
    }

    void garbageIsAParseError()
    {
        MisbehavingServer server(MisbehavingServer::Mode::Garbage);
        Run run = runWindow(specFor(server.port()));
        QVERIFY2(run.started, run.error.c_str());
        QCOMPARE(run.result.total.ok, 0);
        QVERIFY(run.result.total.parseErrors > 10);
    }

    void closedPortIsAClearError()
    {
        uint16_t port = 0;
        {
            MisbehavingServer server(MisbehavingServer::Mode::Ok);
            port = server.port();
        } // closed again: nothing listens there now
        Run run = runWindow(specFor(port));
        QVERIFY(!run.started);
        QVERIFY2(run.error.find("connection refused") != std::string::npos, run.error.c_str());
    }

    void invalidSpecsAreRejected_data()
    {
        QTest::addColumn<int>("connections");
        QTest::addColumn<int>("threads");
        QTest::addColumn<double>("rate");
        QTest::addColumn<QString>("message");
        QTest::newRow("no connections") << 0 << 1 << 0.0 << QStringLiteral("connections");
        QTest::newRow("no threads") << 1 << 0 << 0.0 << QStringLiteral("threads");
        QTest::newRow("open loop without rate") << 1 << 1 << -1.0 << QStringLiteral("rate");
    }

    void invalidSpecsAreRejected()
    {
        QFETCH(int, connections);
        QFETCH(int, threads);
        QFETCH(double, rate);
        QFETCH(QString, message);
        LoadSpec spec = specFor(m_target->port());
        spec.connections = connections;
        spec.threads = threads;
        if (rate < 0)
            spec.mode = Mode::Open;
        Run run = runWindow(spec);
        QVERIFY(!run.started);
        QVERIFY2(QString::fromStdString(run.error).contains(message), run.error.c_str());
    }

    void cancelEndsTheWindowQuickly()
    {
        LoadSpec spec = specFor(m_target->port(), "/health");
        spec.durationMs = 60'000;
        LoadEngine engine;
        const sb::Status st = engine.start(spec, {});
        QVERIFY2(st.ok(), st.ok() ? "" : st.error().detail.c_str());
        QCOMPARE(engine.workerTids().size(), size_t(2));
        for (pid_t tid : engine.workerTids())
            QVERIFY(tid > 0);
        QElapsedTimer timer;
        timer.start();
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            engine.cancel();
        });
        LoadResult r = engine.wait();
        canceller.join();
        QVERIFY(r.cancelled);
        QVERIFY(timer.elapsed() < 2000);
        QVERIFY(r.total.ok > 0);
    }

    // Open loop at a fixed rate against a server that stalls for one second: the corrected
    // histogram (from the intended send time) shows the stall at p99, the uncorrected one does
    // not, and requests that could not be sent on time are counted.
    void openLoopCorrectsCoordinatedOmission()
    {
        MisbehavingServer server(MisbehavingServer::Mode::StallOnce,
                                 std::chrono::milliseconds(1000));
        LoadSpec spec = specFor(server.port());
        spec.mode = Mode::Open;
        spec.ratePerS = 1000;
        spec.connections = 10;
        spec.threads = 1;
        spec.durationMs = 4000;
        Run run = runWindow(spec);
        QVERIFY2(run.started, run.error.c_str());
        const LoadResult &r = run.result;
        QVERIFY2(r.total.ok > 3000, qPrintable(QString::number(r.total.ok)));
        const int64_t corrected = r.latency.valueAtPercentile(99);
        const int64_t uncorrected = r.latencyUncorrected.valueAtPercentile(99);
        QVERIFY2(corrected >= 500'000,
                 qPrintable(QStringLiteral("corrected p99 %1 us").arg(corrected)));
        QVERIFY2(uncorrected < 100'000,
                 qPrintable(QStringLiteral("uncorrected p99 %1 us").arg(uncorrected)));
        QVERIFY(r.latencyUncorrected.max() >= 500'000); // the stalled requests themselves
        QVERIFY(r.total.late > 500);
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<sb::test::TargetProcess> m_target;
};

QTEST_GUILESS_MAIN(TestLoadEngine)
#include "tst_loadengine.moc"
