// A controller talking to `stackbench agent` run locally as child processes (no ssh): two load
// shares against the reference target on loopback, merged without loss; an agent killed
// mid-window; an agent whose stdin closes; agents of another version, missing, or printing
// garbage (engine/lane, app/cmdagent.cpp); a window through run::LoadWindow whose load comes
// from two local agents, each interval carrying each host's generator CPU.
#include "../engine/testservers.h"
#include "lane/agentprotocol.h"
#include "lane/lanewindow.h"
#include "lanefixtures.h"
#include "plan/requestbuilder.h"
#include "run/loadwindow.h"
#include "version.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <cmath>
#include <csignal>
#include <sys/types.h>

using namespace sb::lane;
using sb::test::orderRows;
using sb::test::waitFor;

namespace {

AgentCommand localAgent(const QString &host)
{
    return AgentCommand{host, QStringLiteral(STACKBENCH_BIN), {QStringLiteral("agent")}};
}

// A stand-in agent: a shell script.
AgentCommand shellAgent(const QString &host, const QString &script)
{
    return AgentCommand{host, QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script}};
}

// POST /orders inserts one row per 201: the target's own count is its orders table.
sb::load::LoadSpec ordersSpec(uint16_t port, int connections, int64_t durationMs)
{
    sb::load::LoadSpec s;
    s.host = "127.0.0.1";
    s.port = port;
    s.request.method = "POST";
    s.request.target = "/orders";
    s.request.headers = {{"Content-Type", "application/json"}};
    s.request.body = R"({"user_id":7,"amount_cents":1234,"items":2})";
    s.connections = connections;
    s.threads = 1;
    s.durationMs = durationMs;
    s.intervalMs = 500;
    s.timeoutMs = 20'000;
    return s;
}

QString text(const sb::Error &e)
{
    return QString::fromStdString(e.toString());
}

} // namespace

class TestLaneWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("target.sqlite"));
        m_target = std::make_unique<sb::test::TargetProcess>(m_db, 2);
        QVERIFY2(m_target->port() != 0, qPrintable(m_target->error()));
    }
    void cleanupTestCase() { m_target.reset(); }

    void agentVersion()
    {
        QProcess p;
        p.start(QStringLiteral(STACKBENCH_BIN),
                {QStringLiteral("agent"), QStringLiteral("--version")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(QString::fromUtf8(p.readAllStandardOutput())
                    .startsWith(QStringLiteral("stackbench %1 ").arg(QLatin1String(sb::kVersion))));
    }

    // Two shares from two agents: the merged 2xx count is the sum of the shares and the
    // target's own count; merged percentiles are the union's.
    void twoSharesAgainstTheTarget()
    {
        const int64_t before = orderRows(m_db);
        QVERIFY(before > 0);
        const std::vector<ShareSetup> shares = {
            {localAgent(QStringLiteral("load-a")), ordersSpec(m_target->port(), 2, 2000)},
            {localAgent(QStringLiteral("load-b")), ordersSpec(m_target->port(), 3, 2000)}};
        int intervals = 0;
        int withCores = 0;
        const auto merged = runLaneWindow(
            shares, {}, [&](int, const AgentHello &hello, const ShareInterval &interval) {
                ++intervals;
                // The agent's generator CPU over the interval: said every time, at most its cores.
                if (interval.generatorCores && *interval.generatorCores >= 0 &&
                    *interval.generatorCores <= hello.cores * 1.02 + 0.01)
                    ++withCores;
            });
        QVERIFY2(merged.ok(), qPrintable(merged.ok() ? QString() : text(merged.error())));
        const int64_t after = orderRows(m_db);
        const MergedWindow &m = *merged;
        QCOMPARE(int(m.hosts.size()), 2);
        const sb::load::LoadResult &a = m.hosts[0].result;
        const sb::load::LoadResult &b = m.hosts[1].result;
        qInfo("load-a %lld 2xx, load-b %lld 2xx, merged %lld, target inserted %lld; p50 %lld us "
              "p99 %lld us; generator CPU a %.3f s b %.3f s; %d intervals",
              (long long)a.total.ok, (long long)b.total.ok, (long long)m.total.ok,
              (long long)(after - before), (long long)m.latency.valueAtPercentile(50),
              (long long)m.latency.valueAtPercentile(99), m.cpu[0].clientCpuS, m.cpu[1].clientCpuS,
              intervals);
        QVERIFY(a.total.ok > 0);
        QVERIFY(b.total.ok > 0);
        QCOMPARE(m.total.ok, a.total.ok + b.total.ok);
        QCOMPARE(m.total.status[201], m.total.ok);
        QCOMPARE(m.total.errors(), int64_t(0));
        QCOMPARE(m.total.ok, after - before); // the target's own count
        // The union of the two histograms, percentile by percentile.
        sb::Histogram all;
        QVERIFY(all.add(a.latency));
        QVERIFY(all.add(b.latency));
        QCOMPARE(m.latency.count(), a.latency.count() + b.latency.count());
        QCOMPARE(m.latency.count(), m.total.responses);
        for (double p : {50.0, 99.0, 99.9, 100.0})
            QCOMPARE(m.latency.valueAtPercentile(p), all.valueAtPercentile(p));
        // Each host's intervals arrived, and they add up to the merged total.
        QVERIFY(intervals >= 4);
        QCOMPARE(withCores, intervals);
        int64_t measuredOk = 0;
        int64_t measuredLatencies = 0;
        for (const MergedInterval &i : m.intervals) {
            if (i.warmup)
                continue;
            measuredOk += i.counts.ok;
            // Every interval carries the union of the hosts' histograms, no averaged percentile.
            QVERIFY(i.latency.has_value());
            QCOMPARE(i.latency->count(), i.counts.responses);
            measuredLatencies += i.latency->count();
        }
        QCOMPARE(measuredOk, m.total.ok);
        QCOMPARE(measuredLatencies, m.latency.count());
        // Per-host generator CPU is kept.
        QCOMPARE(int(m.cpu.size()), 2);
        QCOMPARE(m.cpu[1].host, QStringLiteral("load-b"));
        QVERIFY(m.cpu[0].clientCpuS > 0);
        QVERIFY(m.cpu[1].clientCpuS > 0);
        QVERIFY(m.cpu[0].cores > 0);
        QCOMPARE(m.hosts[0].hello.version, QString::fromLatin1(sb::kVersion));
        // Started by command, back to back: both agents run on this machine, so their
        // monotonic clocks compare.
        QVERIFY(m.hosts[0].startMonotonicNs > 0 && m.hosts[1].startMonotonicNs > 0);
        qInfo("the two start commands arrived %.3f ms apart",
              std::abs(m.hosts[1].startMonotonicNs - m.hosts[0].startMonotonicNs) / 1e6);
    }

    // Each agent reports its generator CPU with every interval, and a window over two hosts hands
    // every merged interval on with every host's cores, in the plan's order: above 0 while the
    // load runs, never above the CPUs the host has.
    void everyIntervalCarriesEveryHostsCores()
    {
        sb::run::WindowSpec spec;
        sb::plan::RequestBuilder b;
        QVERIFY(b.setUrl(QStringLiteral("http://127.0.0.1:%1/health").arg(m_target->port())).ok());
        spec.request = b.request();
        spec.connections = 4;
        spec.threads = 1;
        spec.durationMs = 2000;
        spec.intervalMs = 400;
        spec.timeoutMs = 20'000;
        const QStringList names = {QStringLiteral("bench-a"), QStringLiteral("local")};
        for (const QString &name : names)
            spec.loadHosts.push_back(sb::run::LoadHostCommand{
                name, QStringLiteral(STACKBENCH_BIN), {QStringLiteral("agent")}, name});
        QList<sb::run::WindowInterval> intervals;
        sb::run::LoadWindow window([&](const sb::run::WindowInterval &i) { intervals.append(i); });
        const auto outcome = window.measure(spec);
        QVERIFY2(outcome.ok(), qPrintable(outcome.ok() ? QString() : text(outcome.error())));
        QVERIFY2(intervals.size() >= 4, qPrintable(QString::number(intervals.size())));
        const double cpus = QThread::idealThreadCount();
        int loaded = 0;
        for (const sb::run::WindowInterval &i : intervals) {
            QString line = QStringLiteral("interval %1 %2-%3 s, %4 responses:")
                               .arg(i.record.index)
                               .arg(i.record.startS, 0, 'f', 2)
                               .arg(i.record.endS, 0, 'f', 2)
                               .arg(i.record.requests);
            for (const sb::run::LoadHostCores &h : i.hostCores)
                line += QStringLiteral(" %1 %2").arg(h.host).arg(h.cores, 0, 'f', 3);
            qInfo("%s", qPrintable(line));
            QCOMPARE(i.hostCores.size(), names.size());
            for (qsizetype h = 0; h < names.size(); ++h) {
                QCOMPARE(i.hostCores[h].host, names[h]);
                QVERIFY(i.hostCores[h].cores >= 0);
                // A process cannot use more CPUs than the machine has (a little slack for the
                // two clocks read one after the other).
                QVERIFY2(i.hostCores[h].cores <= cpus * 1.02 + 0.01,
                         qPrintable(QString::number(i.hostCores[h].cores)));
            }
            if (i.record.requests > 0 && !i.draining) {
                ++loaded;
                for (const sb::run::LoadHostCores &h : i.hostCores)
                    QVERIFY2(h.cores > 0, qPrintable(h.host));
            }
        }
        QVERIFY(loaded >= 3);
    }

    // An agent killed mid-window: a clear error naming its host, no hang, the other share
    // stopped.
    void agentKilledMidWindow()
    {
        const std::vector<ShareSetup> shares = {
            {localAgent(QStringLiteral("load-a")), ordersSpec(m_target->port(), 1, 120'000)},
            {localAgent(QStringLiteral("load-b")), ordersSpec(m_target->port(), 1, 120'000)}};
        QElapsedTimer clock;
        clock.start();
        bool killed = false;
        const auto merged = runLaneWindow(
            shares, {}, [&](int share, const AgentHello &hello, const ShareInterval &) {
                if (share == 1 && !killed && hello.pid > 0) {
                    killed = ::kill(pid_t(hello.pid), SIGKILL) == 0;
                }
            });
        QVERIFY(killed);
        QVERIFY(!merged.ok());
        // Well before the 120 s window would have ended.
        QVERIFY2(clock.elapsed() < 60'000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(merged.error().code, std::string(kAgentError));
        QCOMPARE(merged.error().where, std::string("load-b"));
        QVERIFY2(text(merged.error()).contains(QStringLiteral("the agent on load-b ended")),
                 qPrintable(text(merged.error())));
    }

    // The agent ends its load when its stdin closes, and says so.
    void stdinClosedEndsTheLoad()
    {
        QProcess p;
        p.setProgram(QStringLiteral(STACKBENCH_BIN));
        p.setArguments({QStringLiteral("agent")});
        p.start();
        QVERIFY(p.waitForStarted());
        FrameReader reader;
        const auto hello = waitFor(p, reader, QStringLiteral("hello"));
        QVERIFY(hello);
        AgentHello own;
        own.protocol = kProtocolVersion;
        own.version = QString::fromLatin1(sb::kVersion);
        p.write(encodeFrame(helloMessage(own)));
        p.write(encodeFrame(loadMessage(5, ordersSpec(m_target->port(), 1, 120'000))));
        QVERIFY(waitFor(p, reader, QStringLiteral("ready")));
        p.write(encodeFrame(idMessage("start", 5)));
        QVERIFY(waitFor(p, reader, QStringLiteral("interval")));
        QElapsedTimer clock;
        clock.start();
        p.closeWriteChannel();
        const auto done = waitFor(p, reader, QStringLiteral("done"));
        QVERIFY(done);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
        const auto result = readResult(done->value(QStringLiteral("result")));
        QVERIFY(result.ok());
        QVERIFY(result->cancelled);
        QVERIFY(result->total.ok > 0);
        QVERIFY2(result->elapsedS < 60, qPrintable(QString::number(result->elapsedS)));
    }

    // A controller that goes silent with the agent's stdin still open (a cut link): the agent
    // misses the heartbeat and ends its load alone.
    void silentControllerEndsTheLoad()
    {
        QProcess p;
        p.start(QStringLiteral(STACKBENCH_BIN), {QStringLiteral("agent")});
        QVERIFY(p.waitForStarted());
        FrameReader reader;
        QVERIFY(waitFor(p, reader, QStringLiteral("hello")));
        AgentHello own;
        own.protocol = kProtocolVersion;
        own.version = QString::fromLatin1(sb::kVersion);
        p.write(encodeFrame(helloMessage(own)));
        p.write(encodeFrame(loadMessage(2, ordersSpec(m_target->port(), 1, 300'000))));
        p.write(encodeFrame(idMessage("start", 2)));
        QVERIFY(waitFor(p, reader, QStringLiteral("started")));
        // No ping from here on; stdin stays open.
        const auto done = waitFor(p, reader, QStringLiteral("done"), kControllerSilenceMs + 60'000);
        QVERIFY(done);
        QVERIFY(p.waitForFinished(30'000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(readResult(done->value(QStringLiteral("result")))->cancelled);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("no word from the controller")), qPrintable(err));
    }

    // Garbage on stdin: the agent says why and exits 1, with nothing running.
    void agentRefusesGarbage()
    {
        QProcess p;
        p.start(QStringLiteral(STACKBENCH_BIN), {QStringLiteral("agent")});
        QVERIFY(p.waitForStarted());
        p.write("GET / HTTP/1.1\r\n\r\n");
        FrameReader reader;
        const auto error = waitFor(p, reader, QStringLiteral("error"));
        QVERIFY(error);
        QCOMPARE(readError(*error).code, std::string(kFrameError));
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 1);
    }

    void faultsNameTheHost_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        const QString own = QString::fromLatin1(sb::kVersion);
        AgentHello other;
        other.protocol = kProtocolVersion;
        other.version = QStringLiteral("0.0.0-other");
        const QByteArray frame = encodeFrame(helloMessage(other));
        QTest::newRow("other version")
            << QStringLiteral("printf '%s\\n' '%1'; exec sleep 30")
                   .arg(QString::fromLatin1(frame.trimmed()))
            << QString::fromLatin1(kVersionError)
            << QStringLiteral("install stackbench %1 on fake-host").arg(own);
        QTest::newRow("missing") << QStringLiteral(
                                        "echo 'sh: 1: stackbench: not found' >&2; exit 127")
                                 << QString::fromLatin1(kVersionError)
                                 << QStringLiteral("install stackbench %1 on fake-host").arg(own);
        QTest::newRow("host key") << QStringLiteral("echo 'Host key verification failed.' >&2; "
                                                    "exit 255")
                                  << QString::fromLatin1(kConnectError)
                                  << QStringLiteral("connect once with 'ssh fake-host'");
        QTest::newRow("auth") << QStringLiteral("echo 'root@x: Permission denied (publickey).' "
                                                ">&2; exit 255")
                              << QString::fromLatin1(kConnectError)
                              << QStringLiteral("fake-host refused the authentication");
        QTest::newRow("unreachable")
            << QStringLiteral("echo 'ssh: connect to host fake-host port 22: Connection "
                              "refused' >&2; exit 255")
            << QString::fromLatin1(kConnectError) << QStringLiteral("cannot reach fake-host");
        QTest::newRow("login banner")
            << QStringLiteral("echo 'Welcome!'; exec sleep 30") << QString::fromLatin1(kFrameError)
            << QStringLiteral("does a login script print");
        QTest::newRow("silent") << QStringLiteral("exec sleep 30")
                                << QString::fromLatin1(kTimeoutError)
                                << QStringLiteral("fake-host did not answer within 1 s");
    }
    void faultsNameTheHost()
    {
        QFETCH(QString, script);
        QFETCH(QString, code);
        QFETCH(QString, message);
        LaneTimeouts timeouts;
        timeouts.helloMs = 1000;
        // The stand-in first: when both are late at the hello deadline, it is the one named.
        const std::vector<ShareSetup> shares = {
            {shellAgent(QStringLiteral("fake-host"), script),
             ordersSpec(m_target->port(), 1, 60'000)},
            {localAgent(QStringLiteral("load-a")), ordersSpec(m_target->port(), 1, 60'000)}};
        QElapsedTimer clock;
        clock.start();
        const auto merged = runLaneWindow(shares, timeouts);
        QVERIFY(!merged.ok());
        QCOMPARE(QString::fromStdString(merged.error().code), code);
        QCOMPARE(merged.error().where, std::string("fake-host"));
        QVERIFY2(text(merged.error()).contains(message), qPrintable(text(merged.error())));
        QVERIFY2(clock.elapsed() < 25'000, qPrintable(QString::number(clock.elapsed())));
    }

    // The ssh command line: BatchMode, the user's own configuration, no option injection.
    void sshCommandLine()
    {
        const auto c = sshAgentCommand(QStringLiteral("bench-box"));
        QVERIFY(c.ok());
        QCOMPARE(c->program, QStringLiteral("ssh"));
        QVERIFY(c->arguments.contains(QStringLiteral("BatchMode=yes")));
        QCOMPARE(c->arguments.mid(c->arguments.size() - 3),
                 (QStringList{QStringLiteral("bench-box"), QStringLiteral("stackbench"),
                              QStringLiteral("agent")}));
        QVERIFY(!sshAgentCommand(QStringLiteral("-oProxyCommand=x")).ok());
        QVERIFY(!sshAgentCommand(QString()).ok());
        QVERIFY(!sshAgentCommand(QStringLiteral("a b")).ok());
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
    std::unique_ptr<sb::test::TargetProcess> m_target;
};

QTEST_GUILESS_MAIN(TestLaneWindow)
#include "tst_lanewindow.moc"
