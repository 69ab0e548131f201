// The runner with its load from two hosts: tests/lane/netns-sshd.sh (SB_AGENTS=2) makes a
// controller namespace and two agent namespaces, each joined to the controller's by its own veth
// link with Debian's sshd in it; a plan names both as load hosts, starts the reference target in
// the controller's namespace on the first link's address, and the runner measures it through
// `ssh -o BatchMode=yes` with the plan's ssh options. Skips only when the machine cannot create
// namespaces (the script exits 77).
#include "lanerunfixtures.h"
#include "plan/planloader.h"
#include "run/gates.h"
#include "run/runevents.h"
#include "run/runner.h"
#include "run/runoptions.h"
#include "store/records.h"
#include "store/runstore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <csignal>

using sb::test::orderRows;

namespace {

using sb::test::insideLaneScript;
using sb::test::ScriptRun;
using PlanParts = sb::test::LanePlanParts;

bool insideScript()
{
    return insideLaneScript();
}

ScriptRun runScript(const QStringList &extra)
{
    return sb::test::runLaneScript(extra);
}

QString writePlan(const QTemporaryDir &dir, const PlanParts &parts)
{
    return sb::test::writeLanePlan(dir, parts);
}

QVector<sb::store::WindowRecord> storedWindows(const QString &location, const QString &runId)
{
    return sb::test::storedLaneWindows(location, runId);
}

// Kills the agent whose wrapper wrote `pidFile`, once, at the first measured interval.
class AgentKiller : public sb::run::RunObserver
{
public:
    explicit AgentKiller(QString pidFile)
        : m_pidFile(std::move(pidFile))
    {}
    void intervalMeasured(const sb::run::IntervalUpdate &u) override
    {
        if (m_killed != 0 || u.phase != sb::run::Phase::Measure)
            return;
        const QList<qint64> pids = sb::test::wrapperPids(m_pidFile);
        if (pids.isEmpty())
            return;
        const qint64 pid = pids.last(); // the measured phase's agent
        if (::kill(pid_t(pid), SIGKILL) == 0)
            m_killed = pid;
    }
    qint64 killed() const { return m_killed; }

private:
    QString m_pidFile;
    qint64 m_killed = 0;
};

} // namespace

class TestLaneRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // "hosts", "load" "hosts" and a configuration's "host" as the loader reads them, and the
    // positions and words of its errors.
    void planHosts()
    {
        auto parse = [](const QByteArray &hosts, const QByteArray &loadHosts,
                        const QByteArray &configHost = {}) {
            const QByteArray text =
                "{\"format\": 1, \"name\": \"p\",\n"
                "\"hosts\": " +
                hosts +
                ",\n"
                "\"configurations\": [{\"name\": \"c\", \"command\": [\"true\"], "
                "\"port\": 8080" +
                (configHost.isEmpty() ? QByteArray() : ", \"host\": " + configHost) +
                "}],\n"
                "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
                "\"load\": {\"hosts\": " +
                loadHosts +
                "},\n"
                "\"profiles\": {\"q\": {\"concurrency\": [4], \"measure_s\": 1}}}\n";
            return sb::plan::parsePlan(text, QStringLiteral("p.json"), QDir::tempPath());
        };
        const QByteArray two = R"({"bench-a": {"ssh": "me@10.0.0.2", "ssh_options": ["-p", "2222"],
 "agent": "/opt/sb/stackbench"}, "bench-b": {"ssh": "bench-b"}})";
        {
            const sb::plan::PlanLoad ok = parse(two, R"(["bench-a", "local", "bench-b"])");
            QVERIFY2(ok.ok(), qPrintable(ok.errorText()));
            QCOMPARE(ok.plan->hosts.size(), 2);
            const sb::plan::Host *a = ok.plan->host(QStringLiteral("bench-a"));
            QVERIFY(a);
            QCOMPARE(a->ssh, QStringLiteral("me@10.0.0.2"));
            QCOMPARE(a->sshOptions, (QStringList{QStringLiteral("-p"), QStringLiteral("2222")}));
            QCOMPARE(a->agent, QStringLiteral("/opt/sb/stackbench"));
            QCOMPARE(ok.plan->host(QStringLiteral("bench-b"))->agent, QStringLiteral("stackbench"));
            QCOMPARE(ok.plan->load.hosts,
                     (QStringList{QStringLiteral("bench-a"), QStringLiteral("local"),
                                  QStringLiteral("bench-b")}));
        }
        auto firstError = [](const sb::plan::PlanLoad &l) {
            return l.diagnostics.isEmpty() ? QString() : l.diagnostics.first().toString();
        };
        const QString unknown = firstError(parse(two, R"(["bench-a", "bench-c"])"));
        QVERIFY2(unknown.contains(QStringLiteral("p.json:6:")) &&
                     unknown.contains(QStringLiteral("$.load.hosts[1]")) &&
                     unknown.contains(QStringLiteral("no host \"bench-c\"")) &&
                     unknown.contains(QStringLiteral("did you mean \"bench-a\"")),
                 qPrintable(unknown));
        const QString twice = firstError(parse(two, R"(["bench-a", "bench-a"])"));
        QVERIFY2(twice.contains(QStringLiteral("listed twice")), qPrintable(twice));
        const QString badName = firstError(parse(R"({"bench a": {"ssh": "x"}})", R"(["local"])"));
        QVERIFY2(badName.contains(QStringLiteral("p.json:2:")) &&
                     badName.contains(QStringLiteral("invalid host name \"bench a\"")),
                 qPrintable(badName));
        const QString local = firstError(parse(R"({"local": {"ssh": "x"}})", R"(["local"])"));
        QVERIFY2(local.contains(QStringLiteral("\"local\" is this machine")), qPrintable(local));
        const QString option =
            firstError(parse(R"({"a": {"ssh": "-oProxyCommand=x"}})", R"(["a"])"));
        QVERIFY2(option.contains(QStringLiteral("must not start with '-'")), qPrintable(option));
        const QString missing = firstError(parse(R"({"a": {"agent": "x"}})", R"(["a"])"));
        QVERIFY2(missing.contains(QStringLiteral("ssh")), qPrintable(missing));
        const QString empty = firstError(parse(two, "[]"));
        QVERIFY2(empty.contains(QStringLiteral("at least one host")), qPrintable(empty));
        const QString configHost = firstError(parse(two, R"(["bench-a"])", R"("bench-x")"));
        QVERIFY2(configHost.contains(QStringLiteral("$.configurations[0].host")) &&
                     configHost.contains(QStringLiteral("no host \"bench-x\"")),
                 qPrintable(configHost));
        // A configuration's host is read and kept, and check reaches it (here it cannot: its
        // name resolves nowhere) and names it.
        const sb::plan::PlanLoad onHost = parse(two, R"(["bench-a"])", R"("bench-b")");
        QVERIFY2(onHost.ok(), qPrintable(onHost.errorText()));
        QCOMPARE(onHost.plan->configurations.first().host, QStringLiteral("bench-b"));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("p.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(onHost.plan->text);
        f.close();
        sb::run::Runner runner;
        sb::run::RunOptions options;
        options.planPath = path;
        QStringList report, problems;
        const auto checked = runner.check(options, &report, false, &problems);
        QVERIFY(checked.ok());
        QVERIFY(!*checked);
        const QString failed = problems.join(QLatin1Char('\n'));
        QVERIFY2(failed.contains(QStringLiteral("server host bench-b: ")) &&
                     failed.contains(QStringLiteral("bench-b")),
                 qPrintable(failed));
    }

    // The client-bound gate per load host: a saturated host invalidates the window and is named;
    // the summed CPU of all hosts is never held against one host's threads.
    void gatePerHost()
    {
        auto host = [](const char *name, double cores, int threads) {
            return QJsonObject{{QStringLiteral("host"), QLatin1String(name)},
                               {QStringLiteral("generator_cores"), cores},
                               {QStringLiteral("threads"), threads}};
        };
        sb::run::GateFigures f;
        f.serverDetail = QStringLiteral("running");
        f.foreignGate = sb::plan::CpuGate{};
        f.elapsedS = 1;
        f.threads = 1;
        f.clientCpuS = 1.5; // two hosts of 0.75 cores each: more than one thread, no host full
        f.loadHosts = QJsonArray{host("bench-a", 0.75, 1), host("bench-b", 0.75, 1)};
        sb::run::GateVerdict v = sb::run::evaluateGates(f);
        QVERIFY2(v.valid(), qPrintable(v.reason()));
        QVERIFY(!v.flags.contains(QStringLiteral("client-bound")));
        QCOMPARE(
            v.gates.value(QStringLiteral("load_hosts")).toObject().value(QStringLiteral("passed")),
            QJsonValue(true));
        f.loadHosts = QJsonArray{host("bench-a", 0.5, 1), host("bench-b", 1.9, 2)};
        v = sb::run::evaluateGates(f);
        QVERIFY(!v.valid());
        QCOMPARE(v.invalidKind(), QString(sb::store::kInvalidClientBound));
        qInfo("saturated host: %s", qPrintable(v.reason()));
        QVERIFY2(v.reason().contains(QStringLiteral("bench-b")) &&
                     !v.reason().contains(QStringLiteral("bench-a")),
                 qPrintable(v.reason()));
    }

    // The script, and the runner's tests below inside it.
    void runnerOverTwoHosts()
    {
        if (insideScript())
            QSKIP("the script's own run");
        const ScriptRun r = runScript(
            {QStringLiteral(STACKBENCH_TEST_BINARY), QStringLiteral("twoHostsInside"),
             QStringLiteral("refusedLoginInside"), QStringLiteral("agentKilledInside"),
             QStringLiteral("serverOnItsHostInside"), QStringLiteral("demoOnItsHostInside")});
        if (r.exitCode == 77)
            QSKIP(qPrintable(r.err.trimmed()));
        for (const QString &line : r.out.split(QLatin1Char('\n')))
            if (line.contains(QStringLiteral("lane run:")))
                qInfo("%s", qPrintable(line.section(QStringLiteral("lane run:"), 1).trimmed()));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        for (const char *inside : {"twoHostsInside", "refusedLoginInside", "agentKilledInside",
                                   "serverOnItsHostInside", "demoOnItsHostInside"})
            QVERIFY2(r.out.contains(
                         QStringLiteral("PASS   : TestLaneRun::%1").arg(QLatin1String(inside))),
                     qPrintable(r.out));
    }

    // A run whose load comes from bench-a and bench-b: its windows valid, the merged count the
    // target's own, each host's generator CPU stored.
    void twoHostsInside()
    {
        if (!insideScript())
            QSKIP("runs inside tests/lane/netns-sshd.sh (runnerOverTwoHosts)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString planPath = writePlan(dir, {});
        QVERIFY(!planPath.isEmpty());
        sb::run::RunOptions options;
        options.planPath = planPath;
        options.storeLocation = dir.filePath(QStringLiteral("runs.sqlite"));
        {
            sb::run::Runner checker;
            QStringList report, problems;
            const auto checked = checker.check(options, &report, false, &problems);
            QVERIFY2(checked.ok() && *checked, qPrintable(report.join(QLatin1Char('\n'))));
            const QString lines = report.join(QLatin1Char('\n'));
            qInfo(
                "lane run: check: %s",
                qPrintable(report.filter(QStringLiteral("load host")).join(QStringLiteral("; "))));
            QVERIFY2(lines.contains(QStringLiteral("load host bench-a (root@")), qPrintable(lines));
            QVERIFY2(lines.contains(QStringLiteral("load host bench-b (root@")), qPrintable(lines));
        }
        sb::run::Runner runner;
        const auto result = runner.run(options);
        QVERIFY2(result.ok(),
                 qPrintable(result.ok() ? QString()
                                        : QString::fromStdString(result.error().toString())));
        QVERIFY2(result->error.isEmpty(), qPrintable(result->error));
        QCOMPARE(result->status, QString(sb::store::kStatusFinished));
        const QVector<sb::store::WindowRecord> windows =
            storedWindows(options.storeLocation, result->runId);
        QVERIFY(!windows.isEmpty());
        qint64 measured = 0;
        qint64 warmups = 0;
        for (const sb::store::WindowRecord &w : windows) {
            measured += w.ok;
            warmups += qint64(w.gates.value(QStringLiteral("warmup"))
                                  .toObject()
                                  .value(QStringLiteral("responses"))
                                  .toDouble());
        }
        const sb::store::WindowRecord &w = windows.last();
        QVERIFY2(w.valid, qPrintable(w.invalidReason));
        const QJsonArray hosts = w.gates.value(QStringLiteral("load_hosts"))
                                     .toObject()
                                     .value(QStringLiteral("hosts"))
                                     .toArray();
        QCOMPARE(hosts.size(), 2);
        qint64 hostOk = 0;
        for (const QJsonValue &h : hosts) {
            const QJsonObject o = h.toObject();
            qInfo("lane run: %s (%s): %lld 2xx, %d connections, generator %.3f CPU-s = %.3f cores "
                  "of %d threads, %d cores there",
                  qPrintable(o.value(QStringLiteral("host")).toString()),
                  qPrintable(o.value(QStringLiteral("destination")).toString()),
                  qint64(o.value(QStringLiteral("ok")).toDouble()),
                  o.value(QStringLiteral("connections")).toInt(),
                  o.value(QStringLiteral("client_cpu_s")).toDouble(),
                  o.value(QStringLiteral("generator_cores")).toDouble(),
                  o.value(QStringLiteral("threads")).toInt(),
                  o.value(QStringLiteral("cores")).toInt());
            QVERIFY(o.value(QStringLiteral("ok")).toDouble() > 0);
            QVERIFY(o.value(QStringLiteral("client_cpu_s")).toDouble() > 0);
            QCOMPARE(o.value(QStringLiteral("connections")).toInt(), 2);
            hostOk += qint64(o.value(QStringLiteral("ok")).toDouble());
        }
        QCOMPARE(hostOk, w.ok);
        QVERIFY(w.clientCpuS > 0);
        QVERIFY(!w.intervals.isEmpty());
        const qint64 inserted = orderRows(dir.filePath(QStringLiteral("t.sqlite")));
        QVERIFY(inserted > 0);
        // The target starts with seeded rows: count from the plan's first window on.
        qInfo("lane run: %lld windows, merged 2xx %lld + warm-ups %lld; the target holds %lld rows",
              qint64(windows.size()), measured, warmups, inserted);
        m_seededRows = -1;
        QVERIFY(measured > 0);
        QCOMPARE(inserted - seededRows(dir), measured + warmups);
        // The configuration's record names the hosts and their generator CPU (the report's Setup
        // lists it).
        auto store = sb::store::RunStore::open(options.storeLocation);
        QVERIFY(store.ok());
        const auto configs = (*store)->configurations(result->runId);
        QVERIFY(configs.ok() && configs->size() == 1);
        const QString loadHosts =
            configs->first().info.value(QStringLiteral("load_hosts")).toString();
        qInfo("lane run: the configuration's load_hosts: %s", qPrintable(loadHosts));
        QVERIFY2(loadHosts.contains(QStringLiteral("bench-a (root@")) &&
                     loadHosts.contains(QStringLiteral("bench-b (root@")) &&
                     loadHosts.contains(QStringLiteral("generator")),
                 qPrintable(loadHosts));
    }

    // A host that refuses the login: check names it and what to do; a run stops on it.
    void refusedLoginInside()
    {
        if (!insideScript())
            QSKIP("runs inside tests/lane/netns-sshd.sh (runnerOverTwoHosts)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString stranger = dir.filePath(QStringLiteral("stranger"));
        QCOMPARE(QProcess::execute(QStringLiteral("ssh-keygen"),
                                   {QStringLiteral("-q"), QStringLiteral("-t"),
                                    QStringLiteral("ed25519"), QStringLiteral("-N"), QString(),
                                    QStringLiteral("-f"), stranger}),
                 0);
        PlanParts parts;
        parts.keyA = stranger;
        const QString planPath = writePlan(dir, parts);
        sb::run::RunOptions options;
        options.planPath = planPath;
        options.storeLocation = dir.filePath(QStringLiteral("runs.sqlite"));
        sb::run::Runner checker;
        QStringList report, problems;
        const auto checked = checker.check(options, &report, false, &problems);
        QVERIFY(checked.ok());
        QVERIFY(!*checked);
        const QString failed = problems.join(QLatin1Char('\n'));
        qInfo("lane run: refused login: check says: %s", qPrintable(failed));
        QVERIFY2(failed.contains(QStringLiteral("load host bench-a")), qPrintable(failed));
        QVERIFY2(failed.contains(QStringLiteral("refused the authentication")), qPrintable(failed));
        QVERIFY2(!failed.contains(QStringLiteral("bench-b")), qPrintable(failed));
        sb::run::Runner runner;
        const auto result = runner.run(options);
        QVERIFY(result.ok());
        QCOMPARE(result->status, QString(sb::store::kStatusFailed));
        qInfo("lane run: refused login: the run stops: %s", qPrintable(result->error));
        QVERIFY2(result->error.contains(QStringLiteral("bench-a")), qPrintable(result->error));
        const QVector<sb::store::WindowRecord> windows =
            storedWindows(options.storeLocation, result->runId);
        QCOMPARE(windows.size(), 1); // not measured again
        QCOMPARE(windows.first().invalidKind, QString(sb::store::kInvalidLoadHostSetup));

        // The same refusal by the configuration's own host: check names it, the run measures
        // nothing of the configuration and says why.
        parts.serverOnA = true;
        parts.loadHosts = {};
        options.planPath = writePlan(dir, parts);
        options.storeLocation = dir.filePath(QStringLiteral("server-host.sqlite"));
        report.clear();
        problems.clear();
        sb::run::Runner serverChecker;
        const auto serverChecked = serverChecker.check(options, &report, false, &problems);
        QVERIFY(serverChecked.ok());
        QVERIFY(!*serverChecked);
        const QString serverFailed = problems.join(QLatin1Char('\n'));
        qInfo("lane run: refused login of the server host: check says: %s",
              qPrintable(serverFailed));
        QVERIFY2(serverFailed.contains(QStringLiteral("server host bench-a")),
                 qPrintable(serverFailed));
        QVERIFY2(serverFailed.contains(QStringLiteral("refused the authentication")),
                 qPrintable(serverFailed));
        sb::run::Runner serverRunner;
        const auto serverResult = serverRunner.run(options);
        QVERIFY(serverResult.ok());
        const QString blocked = serverResult->blockedConfigurations.join(QLatin1Char('\n'));
        qInfo("lane run: refused login of the server host: the run ends %s, blocked: %s",
              qPrintable(serverResult->status), qPrintable(blocked));
        QVERIFY(serverResult->status != QString(sb::store::kStatusFinished));
        QVERIFY2(blocked.startsWith(QStringLiteral("target: ")) &&
                     blocked.contains(QStringLiteral("server host bench-a")) &&
                     blocked.contains(QStringLiteral("refused the authentication")),
                 qPrintable(blocked));
        for (const sb::store::WindowRecord &w :
             storedWindows(options.storeLocation, serverResult->runId))
            QVERIFY(!w.valid);
    }

    // bench-a's agent killed mid-window: that window invalid naming bench-a, measured again,
    // the run completes.
    void agentKilledInside()
    {
        if (!insideScript())
            QSKIP("runs inside tests/lane/netns-sshd.sh (runnerOverTwoHosts)");
        agentKilled(false);
    }

    // The configuration's own host's agent killed mid-window (its tree's supervisor ends the tree
    // with it): that window invalid (the server died, its host's connection named), the host
    // reached again with a fresh tree, the window measured again; the run completes.
    void serverHostAgentKilledInside()
    {
        if (!insideScript())
            QSKIP("runs inside tests/lane/netns-sshd.sh (runnerOverTwoHosts)");
        agentKilled(true);
    }

    // The configuration on its own host (bench-a's namespace), the load from the controller's:
    // bench-a's agent starts, contains and samples the target there, runs the configuration's
    // version probe and command hook there and describes the machine; readiness, parity and the
    // load come over the link; every window valid with the server's CPU and memory from there,
    // and the target's rows the merged count; the tree ends with the run.
    void serverOnItsHostInside()
    {
        if (!insideScript())
            QSKIP("runs inside tests/lane/netns-sshd.sh (runnerOverTwoHosts)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString pids = dir.filePath(QStringLiteral("agents-a.pids"));
        const QString hookNs = dir.filePath(QStringLiteral("hook-ns"));
        PlanParts parts;
        parts.serverOnA = true;
        parts.loadHosts = {};
        parts.concurrency = QJsonArray{2, 4};
        parts.agentA = sb::test::agentWrapper(dir, QStringLiteral("agent-a"), pids);
        QVERIFY(!parts.agentA.isEmpty());
        parts.versions =
            QJsonObject{{QStringLiteral("stackbench"),
                         QJsonArray{QStringLiteral(STACKBENCH_BIN), QStringLiteral("--version")}}};
        // Which network namespace the hook ran in.
        parts.configurationHooks = QJsonObject{
            {QStringLiteral("before_configuration"),
             QJsonArray{QJsonObject{
                 {QStringLiteral("command"),
                  QJsonArray{QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                             QStringLiteral("readlink /proc/self/ns/net >>'%1'").arg(hookNs)}}}}}};
        const QString planPath = writePlan(dir, parts);
        QVERIFY(!planPath.isEmpty());
        sb::run::RunOptions options;
        options.planPath = planPath;
        options.storeLocation = dir.filePath(QStringLiteral("runs.sqlite"));
        {
            sb::run::Runner checker;
            QStringList report, problems;
            const auto checked = checker.check(options, &report, false, &problems);
            const QString lines = report.join(QLatin1Char('\n'));
            QVERIFY2(checked.ok() && *checked, qPrintable(lines));
            qInfo("lane run: server host check: %s",
                  qPrintable(
                      report.filter(QStringLiteral("server host")).join(QStringLiteral("; "))));
            QVERIFY2(lines.contains(QStringLiteral("server host bench-a (root@")),
                     qPrintable(lines));
            QVERIFY2(lines.contains(QStringLiteral("target version stackbench: stackbench ")),
                     qPrintable(lines));
        }
        sb::run::Runner runner;
        const auto result = runner.run(options);
        QVERIFY2(result.ok(),
                 qPrintable(result.ok() ? QString()
                                        : QString::fromStdString(result.error().toString())));
        QVERIFY2(result->error.isEmpty(), qPrintable(result->error));
        QCOMPARE(result->status, QString(sb::store::kStatusFinished));
        const QVector<sb::store::WindowRecord> windows =
            storedWindows(options.storeLocation, result->runId);
        QCOMPARE(windows.size(), 2);
        qint64 measured = 0;
        qint64 warmups = 0;
        for (const sb::store::WindowRecord &w : windows) {
            QVERIFY2(w.valid, qPrintable(w.invalidReason));
            qInfo("lane run: server on bench-a, c=%d: %lld 2xx, server %.3f CPU-s (%.2f cores), "
                  "RSS peak %.1f MiB, foreign %.1f %% of a core there",
                  w.concurrency, qint64(w.ok), w.serverCpuS, w.serverCoresMean,
                  double(w.rssBytesPeak) / (1 << 20), w.foreignPctMean);
            QVERIFY(w.ok > 0);
            QVERIFY(w.serverCpuS > 0);
            QVERIFY(w.rssBytesPeak > 1 << 20);
            QVERIFY(!w.intervals.isEmpty());
            QVERIFY(std::any_of(w.intervals.begin(), w.intervals.end(),
                                [](const sb::store::IntervalRecord &i) {
                                    return i.serverCores > 0 && i.rssBytes > 0;
                                }));
            measured += w.ok;
            warmups += qint64(w.gates.value(QStringLiteral("warmup"))
                                  .toObject()
                                  .value(QStringLiteral("responses"))
                                  .toDouble());
        }
        const qint64 inserted = orderRows(dir.filePath(QStringLiteral("t.sqlite")));
        qInfo("lane run: server on bench-a: merged 2xx %lld + warm-ups %lld; the target holds "
              "%lld rows",
              measured, warmups, inserted);
        m_seededRows = -1;
        QCOMPARE(inserted - seededRows(dir), measured + warmups);
        // Everything of the configuration ran in bench-a's namespace: the hook, the agent.
        const QList<qint64> agents = sb::test::wrapperPids(pids);
        QVERIFY(!agents.isEmpty());
        QFile hook(hookNs);
        QVERIFY(hook.open(QIODevice::ReadOnly));
        const QByteArray ns = hook.readAll().trimmed();
        QVERIFY2(ns.startsWith("net:["), ns.constData());
        const auto netns = sb::test::netnsOf;
        QVERIFY2(ns != netns(QCoreApplication::applicationPid()),
                 "the hook ran in the controller's namespace");
        // The agent's (a wrapper's pid is its agent's: exec) while it lived: bench-a's.
        qInfo("lane run: server on bench-a: the hook ran in %s, the controller in %s",
              ns.constData(), netns(QCoreApplication::applicationPid()).constData());
        // The record names the host, its machine and how the tree was contained there.
        auto store = sb::store::RunStore::open(options.storeLocation);
        QVERIFY(store.ok());
        const auto configs = (*store)->configurations(result->runId);
        QVERIFY(configs.ok() && configs->size() == 1);
        const QJsonObject info = configs->first().info;
        qInfo("lane run: server on bench-a: record host \"%s\", containment %s, %d environment "
              "keys",
              qPrintable(info.value(QStringLiteral("host")).toString()),
              qPrintable(info.value(QStringLiteral("containment")).toString()),
              int(info.value(QStringLiteral("host_environment")).toObject().size()));
        QVERIFY2(info.value(QStringLiteral("host"))
                     .toString()
                     .startsWith(QStringLiteral("bench-a (root@")),
                 qPrintable(info.value(QStringLiteral("host")).toString()));
        QVERIFY(!info.value(QStringLiteral("containment")).toString().isEmpty());
        QVERIFY(info.value(QStringLiteral("host_environment"))
                    .toObject()
                    .contains(QStringLiteral("kernel")));
        QVERIFY2(info.value(QStringLiteral("versions"))
                     .toObject()
                     .value(QStringLiteral("stackbench"))
                     .toString()
                     .startsWith(QStringLiteral("stackbench ")),
                 QJsonDocument(info).toJson().constData());
        // Nothing of it is left: the target (its database is in the test's directory) and the
        // agents ended with the run.
        QTRY_VERIFY_WITH_TIMEOUT(sb::test::processesNaming(dir.path()).isEmpty(), 30'000);
        QTRY_VERIFY_WITH_TIMEOUT(std::none_of(agents.begin(), agents.end(), sb::test::processAlive),
                                 30'000);
    }

    // The demo plan with both configurations on bench-a (listening on every address there, so
    // that their hooks reach them on bench-a's loopback) and the load from the controller's
    // namespace, against the same plan run here: every window valid in both, the records name
    // the host, and `stackbench compare` of the two runs, as figures within their noise.
    void demoOnItsHostInside()
    {
        if (!insideScript())
            QSKIP("runs inside tests/lane/netns-sshd.sh (runnerOverTwoHosts)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile demo(QStringLiteral(STACKBENCH_SOURCE_DIR "/resources/plans/demo.json"));
        QVERIFY(demo.open(QIODevice::ReadOnly));
        QJsonObject local = QJsonDocument::fromJson(demo.readAll()).object();
        QVERIFY(!local.isEmpty());
        local.insert(QStringLiteral("sampler"),
                     QJsonObject{{QStringLiteral("foreign_gate"), QStringLiteral("100%machine")}});
        const QString addr = qEnvironmentVariable("SB_AGENT_ADDR");
        QJsonObject remote = local;
        remote.insert(
            QStringLiteral("hosts"),
            QJsonObject{{QStringLiteral("bench-a"),
                         QJsonObject{{QStringLiteral("ssh"), QStringLiteral("root@") + addr},
                                     {QStringLiteral("ssh_options"),
                                      sb::test::laneSshOptions(qEnvironmentVariable("SB_SSH_KEY"))},
                                     {QStringLiteral("agent"), QStringLiteral(STACKBENCH_BIN)}}}});
        QJsonArray configurations;
        for (const QJsonValue &v : local.value(QStringLiteral("configurations")).toArray()) {
            QJsonObject c = v.toObject();
            QJsonArray command = c.value(QStringLiteral("command")).toArray();
            command.append(QStringLiteral("--host"));
            command.append(QStringLiteral("0.0.0.0"));
            c.insert(QStringLiteral("command"), command);
            c.insert(QStringLiteral("host"), QStringLiteral("bench-a"));
            c.insert(QStringLiteral("base_url"), QStringLiteral("http://%1:${port}").arg(addr));
            configurations.append(c);
        }
        remote.insert(QStringLiteral("configurations"), configurations);
        auto write = [&](const QString &name, const QJsonObject &plan) {
            const QString path = dir.filePath(name);
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write(QJsonDocument(plan).toJson()) > 0
                       ? path
                       : QString();
        };
        const QString localPlan = write(QStringLiteral("demo-local.json"), local);
        const QString remotePlan = write(QStringLiteral("demo-bench-a.json"), remote);
        QVERIFY(!localPlan.isEmpty() && !remotePlan.isEmpty());
        const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
        const QStringList vars{QStringLiteral("--var"),
                               QStringLiteral("stackbench=" STACKBENCH_BIN),
                               QStringLiteral("--var"),
                               QStringLiteral("demo_dir=" STACKBENCH_SOURCE_DIR "/resources/demo"),
                               QStringLiteral("--var"),
                               QStringLiteral("data_dir=") + dir.filePath(QStringLiteral("data")),
                               QStringLiteral("--var"),
                               QStringLiteral("demo_port_native=18211"),
                               QStringLiteral("--var"),
                               QStringLiteral("demo_port_python=18212")};
        auto run = [&](const QString &plan) {
            QProcess p;
            p.setProcessChannelMode(QProcess::MergedChannels);
            p.start(QStringLiteral(STACKBENCH_BIN),
                    QStringList{QStringLiteral("run"), plan, QStringLiteral("--store"), store,
                                QStringLiteral("--profile"), QStringLiteral("quick"),
                                QStringLiteral("--routes"),
                                QStringLiteral("health,users,orders,cpu")} +
                        vars);
            p.waitForFinished(600'000);
            const QString out = QString::fromUtf8(p.readAll());
            return std::make_pair(p.exitCode(), out);
        };
        const auto [localCode, localOut] = run(localPlan);
        QVERIFY2(localCode == 0, qPrintable(localOut));
        const auto [remoteCode, remoteOut] = run(remotePlan);
        QVERIFY2(remoteCode == 0, qPrintable(remoteOut));
        auto runId = [](const QString &out) {
            return out.section(QLatin1Char('\n'), 0, 0).mid(4).trimmed();
        };
        const QString localRun = runId(localOut);
        const QString remoteRun = runId(remoteOut);
        for (const QString &id : {localRun, remoteRun}) {
            const QVector<sb::store::WindowRecord> windows = storedWindows(store, id);
            QCOMPARE(windows.size(), 2 * 2 * 4 * 2);
            for (const sb::store::WindowRecord &w : windows)
                QVERIFY2(w.valid, qPrintable(id + QStringLiteral(": ") + w.invalidReason));
        }
        auto opened = sb::store::RunStore::open(store);
        QVERIFY(opened.ok());
        const auto configs = (*opened)->configurations(remoteRun);
        QVERIFY(configs.ok() && configs->size() == 2);
        for (const sb::store::ConfigurationRecord &c : *configs)
            QVERIFY2(c.info.value(QStringLiteral("host"))
                         .toString()
                         .startsWith(QStringLiteral("bench-a (root@")),
                     qPrintable(c.name));
        QProcess compare;
        compare.setProcessChannelMode(QProcess::MergedChannels);
        compare.start(
            QStringLiteral(STACKBENCH_BIN),
            {QStringLiteral("compare"), localRun, remoteRun, QStringLiteral("--store"), store});
        QVERIFY(compare.waitForFinished(120'000));
        const QString compared = QString::fromUtf8(compare.readAll());
        QCOMPARE(compare.exitCode(), 0);
        // Every cell (2xx/s): within the noise, no winner called, but for at most one (the
        // verdicts' error rate over 16 comparisons; the veth link is not loopback either).
        int cells = 0;
        int winners = 0;
        for (const QString &line : compared.split(QLatin1Char('\n'))) {
            const QStringList cols = line.split(QLatin1Char('|'));
            if (cols.size() < 10 || cols.value(1).trimmed() != remoteRun)
                continue;
            ++cells;
            const QString verdict = cols.value(8).trimmed();
            // "no winner", "inside the drift" (the runs moved as a whole), "inside the noise
            // floor", "not enough windows": not called; "faster" or "slower": a winner.
            if (verdict == QStringLiteral("faster") || verdict == QStringLiteral("slower"))
                ++winners;
            qInfo("lane run: demo here vs on bench-a: %s", qPrintable(line));
        }
        qInfo("lane run: demo here vs on bench-a: %d of %d comparisons with a winner", winners,
              cells);
        QCOMPARE(cells, 4 * 2 * 2); // routes x configurations x concurrency
        QVERIFY2(winners <= 1, qPrintable(compared));
        for (const QString &line : remoteOut.split(QLatin1Char('\n')))
            if (line.contains(QStringLiteral("on host bench-a")))
                qInfo("lane run: demo on bench-a: %s", qPrintable(line.trimmed()));
    }

private:
    // bench-a's agent (behind a wrapper that says its pid: exec keeps it) killed at the first
    // measured interval, bench-a a load host or the configuration's own host.
    void agentKilled(bool serverHost)
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString pidFile = dir.filePath(QStringLiteral("agent-a.pid"));
        PlanParts parts;
        parts.agentA = sb::test::agentWrapper(dir, QStringLiteral("agent-a"), pidFile);
        QVERIFY(!parts.agentA.isEmpty());
        if (serverHost) {
            parts.serverOnA = true;
            parts.loadHosts = {};
            parts.measureS = 2;
        }
        sb::run::RunOptions options;
        options.planPath = writePlan(dir, parts);
        options.storeLocation = dir.filePath(QStringLiteral("runs.sqlite"));
        AgentKiller killer(pidFile);
        sb::run::Runner runner(&killer);
        const auto result = runner.run(options);
        QVERIFY(result.ok());
        QVERIFY(killer.killed() > 0);
        QVERIFY2(result->error.isEmpty(), qPrintable(result->error));
        QCOMPARE(result->status, QString(sb::store::kStatusFinished));
        const QVector<sb::store::WindowRecord> windows =
            storedWindows(options.storeLocation, result->runId);
        QVERIFY(windows.size() >= 2);
        const sb::store::WindowRecord &first = windows.first();
        qInfo("lane run: %s agent killed: the window: %s",
              serverHost ? "server host's" : "load host's", qPrintable(first.invalidReason));
        QVERIFY(!first.valid);
        QVERIFY2(windows.last().valid, qPrintable(windows.last().invalidReason));
        if (!serverHost) {
            QCOMPARE(first.invalidKind, QString(sb::store::kInvalidLoadHost));
            QVERIFY2(first.invalidReason.contains(QStringLiteral("bench-a")),
                     qPrintable(first.invalidReason));
            return;
        }
        QVERIFY2(first.invalidReason.contains(QStringLiteral("server")),
                 qPrintable(first.invalidReason));
        QVERIFY(windows.last().serverCpuS > 0);
        QVERIFY(sb::test::wrapperPids(pidFile).size() >= 2); // reached again
        QTRY_VERIFY_WITH_TIMEOUT(sb::test::processesNaming(dir.path()).isEmpty(), 30'000);
    }

    // The rows the target seeds its orders table with (a fresh database of its own).
    qint64 seededRows(const QTemporaryDir &dir)
    {
        if (m_seededRows >= 0)
            return m_seededRows;
        const QString db = dir.filePath(QStringLiteral("seed.sqlite"));
        QProcess target;
        target.setProgram(QStringLiteral(STACKBENCH_BIN));
        target.setArguments({QStringLiteral("target"), QStringLiteral("--host"),
                             QStringLiteral("127.0.0.1"), QStringLiteral("--port"),
                             QStringLiteral("0"), QStringLiteral("--db"), db});
        target.start();
        QString out;
        for (int i = 0; i < 600 && !out.contains(QStringLiteral("listening on")); ++i) {
            if (!target.waitForReadyRead(100) && target.state() != QProcess::Running)
                break;
            out += QString::fromUtf8(target.readAllStandardOutput());
        }
        target.terminate();
        target.waitForFinished(10'000);
        m_seededRows = orderRows(db);
        return m_seededRows;
    }
    qint64 m_seededRows = -1;
};

QTEST_GUILESS_MAIN(TestLaneRun)
#include "tst_lanerun.moc"
