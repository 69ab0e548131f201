// The lane's faults of a whole run, in the namespaces of tests/lane/netns-sshd.sh (SB_AGENTS=2,
// as tst_lanerun): the controller (`stackbench run`) killed with SIGKILL mid-window, then
// resumed; bench-a's link cut mid-window, brought back once the window failed, and cut for good.
// Skips only when the machine cannot create namespaces (the script exits 77).
#include "lanerunfixtures.h"
#include "run/runevents.h"
#include "run/runner.h"
#include "run/runoptions.h"
#include "store/records.h"
#include "store/runstore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <csignal>

using sb::test::processAlive;
using sb::test::processesNaming;
using sb::test::storedLaneWindows;
using sb::test::wrapperPids;

namespace {

int lineCount(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    return int(f.readAll().count('\n'));
}

// The threads of process `pid` (0 when it is gone).
int threadCount(qint64 pid)
{
    return int(QDir(QStringLiteral("/proc/%1/task").arg(pid))
                   .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                   .size());
}

bool setLink(const char *state)
{
    return QProcess::execute(QStringLiteral("ip"), {QStringLiteral("link"), QStringLiteral("set"),
                                                    qEnvironmentVariable("SB_CLIENT_IF"),
                                                    QString::fromLatin1(state)}) == 0;
}

// Cuts the controller's end of bench-a's link at the first measured interval; at the end of the
// window that fails, notes when and why, and brings the link back unless told not to.
class LinkCutter : public sb::run::RunObserver
{
public:
    explicit LinkCutter(bool bringBack)
        : m_bringBack(bringBack)
    {}
    void intervalMeasured(const sb::run::IntervalUpdate &u) override
    {
        if (m_cut || u.phase != sb::run::Phase::Measure)
            return;
        m_cut = setLink("down");
        m_clock.start();
    }
    void windowFinished(const sb::run::WindowFinished &e) override
    {
        if (!m_cut || m_failedAfterMs >= 0 || e.window.valid)
            return;
        m_failedAfterMs = m_clock.elapsed();
        m_reason = e.window.invalidReason;
        m_willRetry = e.willRetry;
        if (m_bringBack)
            m_restored = setLink("up");
    }
    bool cut() const { return m_cut; }
    bool restored() const { return m_restored; }
    qint64 failedAfterMs() const { return m_failedAfterMs; }
    QString reason() const { return m_reason; }
    bool willRetry() const { return m_willRetry; }

private:
    bool m_bringBack = true;
    bool m_cut = false;
    bool m_restored = false;
    bool m_willRetry = false;
    qint64 m_failedAfterMs = -1;
    QString m_reason;
    QElapsedTimer m_clock;
};

} // namespace

class TestLaneFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The script, and the faults below inside it.
    void faultsOverTwoHosts()
    {
        if (sb::test::insideLaneScript())
            QSKIP("the script's own run");
        const QStringList inside = {QStringLiteral("controllerKilledInside"),
                                    QStringLiteral("controllerKilledServerHostInside"),
                                    QStringLiteral("cutServerLinkInside"),
                                    QStringLiteral("cutLinkInside"),
                                    QStringLiteral("cutLinkStaysDownInside")};
        const sb::test::ScriptRun r =
            sb::test::runLaneScript(QStringList{QStringLiteral(STACKBENCH_TEST_BINARY)} + inside);
        if (r.exitCode == 77)
            QSKIP(qPrintable(r.err.trimmed()));
        for (const QString &line : r.out.split(QLatin1Char('\n')))
            if (line.contains(QStringLiteral("lane fault:")))
                qInfo("%s", qPrintable(line.section(QStringLiteral("lane fault:"), 1).trimmed()));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        for (const QString &name : inside)
            QVERIFY2(r.out.contains(QStringLiteral("PASS   : TestLaneFaults::%1").arg(name)),
                     qPrintable(r.out));
    }

    // `stackbench run` killed with SIGKILL while its second window measures: every agent it
    // started (their wrappers note their pids) and every process of its own (the ssh commands
    // name the wrappers, the target its database) ends, the agents because their stdin closes;
    // `stackbench resume` then measures what is missing, each cell once.
    void controllerKilledInside()
    {
        if (!sb::test::insideLaneScript())
            QSKIP("runs inside tests/lane/netns-sshd.sh (faultsOverTwoHosts)");
        controllerKilled(false);
    }

    // The same with the configuration on its own host (bench-a's namespace) and the load from
    // the controller: no process of the configuration survives in that namespace (the agent
    // ends its tree when its stdin closes, the tree's supervisor when the agent dies).
    void controllerKilledServerHostInside()
    {
        if (!sb::test::insideLaneScript())
            QSKIP("runs inside tests/lane/netns-sshd.sh (faultsOverTwoHosts)");
        controllerKilled(true);
    }

    // The link to the configuration's own host cut while a window measures (the load from the
    // controller): the window fails within the load's timeout and ssh's keep-alive, naming the
    // host; the link comes back, the host is reached again with a fresh tree, the window is
    // measured again; the run completes and no tree is left on the host.
    void cutServerLinkInside()
    {
        if (!sb::test::insideLaneScript())
            QSKIP("runs inside tests/lane/netns-sshd.sh (faultsOverTwoHosts)");
        cutLink(true);
    }

    // bench-a's link cut while a window measures: the window fails within the lane's silence
    // deadline, naming bench-a and what to check; the link comes back when it failed and the
    // window is measured again; the run completes.
    void cutLinkInside()
    {
        if (!sb::test::insideLaneScript())
            QSKIP("runs inside tests/lane/netns-sshd.sh (faultsOverTwoHosts)");
        cutLink(false);
    }

    // bench-a's link cut while a window measures and left down: the window fails as above, its
    // re-measure cannot reach bench-a and the run stops, saying so.
    void cutLinkStaysDownInside()
    {
        if (!sb::test::insideLaneScript())
            QSKIP("runs inside tests/lane/netns-sshd.sh (faultsOverTwoHosts)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString planPath = sb::test::writeLanePlan(dir, {});
        QVERIFY(!planPath.isEmpty());
        sb::run::RunOptions options;
        options.planPath = planPath;
        options.storeLocation = dir.filePath(QStringLiteral("runs.sqlite"));
        LinkCutter cutter(false);
        const auto restore = qScopeGuard([&] {
            if (cutter.cut())
                setLink("up");
        });
        sb::run::Runner runner(&cutter);
        const auto result = runner.run(options);
        QVERIFY(result.ok());
        QVERIFY(cutter.cut());
        QVERIFY(cutter.failedAfterMs() >= 0);
        QVERIFY(cutter.willRetry());
        QCOMPARE(result->status, QString(sb::store::kStatusFailed));
        qInfo("lane fault: link left down: the window failed %.2f s after the cut; the run "
              "stops: %s",
              cutter.failedAfterMs() / 1000.0, qPrintable(result->error));
        QVERIFY2(result->error.contains(QStringLiteral("bench-a")) &&
                     result->error.contains(QStringLiteral("cannot reach")),
                 qPrintable(result->error));
        const QVector<sb::store::WindowRecord> windows =
            storedLaneWindows(options.storeLocation, result->runId);
        QCOMPARE(windows.size(), 2);
        QCOMPARE(windows[0].invalidKind, QString(sb::store::kInvalidLoadHost));
        QCOMPARE(windows[1].invalidKind, QString(sb::store::kInvalidLoadHostSetup));
        QVERIFY2(windows[1].invalidReason.contains(QStringLiteral("load host bench-a")),
                 qPrintable(windows[1].invalidReason));
    }

private:
    // bench-a's link cut at the first measured interval and brought back when that window
    // failed; bench-a a load host (with bench-b) or the configuration's own host.
    void cutLink(bool serverHost)
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString pidsA = dir.filePath(QStringLiteral("agents-a.pids"));
        sb::test::LanePlanParts parts;
        parts.agentA = sb::test::agentWrapper(dir, QStringLiteral("agent-a"), pidsA);
        QVERIFY(!parts.agentA.isEmpty());
        if (serverHost) {
            parts.serverOnA = true;
            parts.loadHosts = {};
            parts.loadTimeoutS = 5;
            parts.measureS = 2;
        }
        sb::run::RunOptions options;
        options.planPath = sb::test::writeLanePlan(dir, parts);
        QVERIFY(!options.planPath.isEmpty());
        options.storeLocation = dir.filePath(QStringLiteral("runs.sqlite"));
        LinkCutter cutter(true);
        const auto restore = qScopeGuard([&] {
            if (cutter.cut() && !cutter.restored())
                setLink("up");
        });
        sb::run::Runner runner(&cutter);
        const auto result = runner.run(options);
        QVERIFY(result.ok());
        QVERIFY(cutter.cut());
        QVERIFY(cutter.restored());
        qInfo("lane fault: %s: the window failed %.2f s after the cut: %s",
              serverHost ? "server host's link cut" : "cut link", cutter.failedAfterMs() / 1000.0,
              qPrintable(cutter.reason()));
        QVERIFY(cutter.willRetry());
        QVERIFY2(result->error.isEmpty(), qPrintable(result->error));
        QCOMPARE(result->status, QString(sb::store::kStatusFinished));
        const QVector<sb::store::WindowRecord> windows =
            storedLaneWindows(options.storeLocation, result->runId);
        QVERIFY(windows.size() >= 2);
        const sb::store::WindowRecord &first = windows.first();
        QVERIFY(!first.valid);
        const sb::store::WindowRecord &last = windows.last();
        QVERIFY2(last.valid, qPrintable(last.invalidReason));
        const QList<qint64> agents = wrapperPids(pidsA);
        if (serverHost) {
            QVERIFY(last.serverCpuS > 0);
            QTRY_VERIFY_WITH_TIMEOUT(processesNaming(dir.path()).isEmpty(), 60'000);
            QTRY_VERIFY_WITH_TIMEOUT(std::none_of(agents.begin(), agents.end(), processAlive),
                                     60'000);
            return;
        }
        QCOMPARE(first.invalidKind, QString(sb::store::kInvalidLoadHost));
        QCOMPARE(first.invalidReason, cutter.reason());
        QVERIFY2(first.invalidReason.contains(QStringLiteral("load host bench-a")) &&
                     first.invalidReason.contains(QStringLiteral("check the network")),
                 qPrintable(first.invalidReason));
        QVERIFY2(!first.invalidReason.contains(QStringLiteral("bench-b")),
                 qPrintable(first.invalidReason));
        QCOMPARE(last.gates.value(QStringLiteral("load_hosts"))
                     .toObject()
                     .value(QStringLiteral("hosts"))
                     .toArray()
                     .size(),
                 2);
        // The agent behind the cut link ended too (sshd's ClientAlive, or its own heartbeat
        // deadline): none of bench-a's agents is left.
        QVERIFY(agents.size() >= 4);
        QTRY_VERIFY_WITH_TIMEOUT(std::none_of(agents.begin(), agents.end(), processAlive), 60'000);
    }

    void controllerKilled(bool serverOnHost)
    {
        const char *what =
            serverOnHost ? "controller killed, server on bench-a" : "controller killed";
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString pidsA = dir.filePath(QStringLiteral("agents-a.pids"));
        const QString pidsB = dir.filePath(QStringLiteral("agents-b.pids"));
        const QString warmedUp = dir.filePath(QStringLiteral("warmed-up"));
        sb::test::LanePlanParts parts;
        parts.agentA = sb::test::agentWrapper(dir, QStringLiteral("agent-a"), pidsA);
        parts.agentB = sb::test::agentWrapper(dir, QStringLiteral("agent-b"), pidsB);
        QVERIFY(!parts.agentA.isEmpty() && !parts.agentB.isEmpty());
        parts.concurrency = QJsonArray{2, 4};
        parts.measureS = 5;
        parts.serverOnA = serverOnHost;
        if (serverOnHost)
            parts.loadHosts = {}; // from the controller's namespace
        // A line per window between its warm-up and its measured phase.
        parts.hooks = QJsonObject{
            {QStringLiteral("after_warmup"),
             QJsonArray{QJsonObject{{QStringLiteral("command"),
                                     QJsonArray{QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                                QStringLiteral("echo w >>'%1'").arg(warmedUp)}}}}}};
        const QString planPath = sb::test::writeLanePlan(dir, parts);
        QVERIFY(!planPath.isEmpty());
        const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
        // Should the test fail, what it started does not outlive it.
        const auto cleanup = qScopeGuard([&] {
            for (qint64 pid : processesNaming(dir.path()) + wrapperPids(pidsA) + wrapperPids(pidsB))
                if (processAlive(pid))
                    ::kill(pid_t(pid), SIGKILL);
        });

        QProcess run;
        run.setProcessChannelMode(QProcess::MergedChannels);
        run.start(QStringLiteral(STACKBENCH_BIN),
                  {QStringLiteral("run"), planPath, QStringLiteral("--store"), store});
        QVERIFY(run.waitForStarted());
        QString out;
        auto read = [&] {
            out += QString::fromUtf8(run.readAll());
            return run.state() != QProcess::Running;
        };
        // The second window's measured phase: its warm-up is over (the hook's second line) and
        // each load host's fourth agent (warm-up and measured phase of two windows) was
        // launched; the server host's one agent serves the whole run.
        const qsizetype launches = serverOnHost ? 1 : 4;
        QTRY_VERIFY_WITH_TIMEOUT(
            read() || (lineCount(warmedUp) >= 2 && wrapperPids(pidsA).size() >= launches &&
                       wrapperPids(pidsB).size() >= (serverOnHost ? 0 : launches)),
            180'000);
        QVERIFY2(run.state() == QProcess::Running, qPrintable(out));
        // Its load runs: each measuring agent started its share, the server host's agent its
        // sampling (a thread beside its main one; the target's database is not read while it
        // serves).
        const qint64 measuringA = wrapperPids(pidsA).last();
        const qint64 measuringB = serverOnHost ? measuringA : wrapperPids(pidsB).last();
        QTRY_VERIFY_WITH_TIMEOUT(
            read() || (threadCount(measuringA) >= 2 && threadCount(measuringB) >= 2), 60'000);
        read();
        QVERIFY2(run.state() == QProcess::Running, qPrintable(out));
        QCOMPARE(lineCount(warmedUp), 2);
        QVERIFY2(out.count(QStringLiteral("  ok   ")) <= 1, qPrintable(out)); // the first window
        const QString runId = out.startsWith(QStringLiteral("run "))
                                  ? out.section(QLatin1Char('\n'), 0, 0).mid(4).trimmed()
                                  : QString();
        QVERIFY2(!runId.isEmpty(), qPrintable(out));
        const QList<qint64> agents = wrapperPids(pidsA) + wrapperPids(pidsB);
        QVERIFY(agents.size() >= 2 * launches - (serverOnHost ? 1 : 0));
        QVERIFY(processAlive(measuringA) && processAlive(measuringB));
        const QList<qint64> own = processesNaming(dir.path()); // ssh commands, the target's tree
        // On its own host the target runs in bench-a's namespace, not in the controller's.
        const qsizetype elsewhere = std::count_if(own.begin(), own.end(), [](qint64 pid) {
            return sb::test::netnsOf(pid) != sb::test::netnsOf(QCoreApplication::applicationPid());
        });
        QVERIFY(!serverOnHost || elsewhere >= 1);
        qInfo("lane fault: %s: %lld agents and %lld processes naming the test's directory run at "
              "the kill (%lld in bench-a's namespace)",
              what, qint64(std::count_if(agents.begin(), agents.end(), processAlive)),
              qint64(own.size()), qint64(elsewhere));

        ::kill(pid_t(run.processId()), SIGKILL);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(run.waitForFinished(30'000));
        auto survivors = [&] {
            QStringList left;
            for (qint64 pid : agents)
                if (processAlive(pid))
                    left << QStringLiteral("agent %1").arg(pid);
            for (qint64 pid : processesNaming(dir.path()))
                left << QStringLiteral("process %1").arg(pid);
            return left;
        };
        auto agentsAlive = [&] { return std::any_of(agents.begin(), agents.end(), processAlive); };
        QTRY_VERIFY2_WITH_TIMEOUT(!agentsAlive(),
                                  qPrintable(QStringLiteral("alive 90 s after the SIGKILL: ") +
                                             survivors().join(QStringLiteral(", "))),
                                  90'000);
        const qint64 agentsEndedMs = clock.elapsed();
        QTRY_VERIFY2_WITH_TIMEOUT(survivors().isEmpty(),
                                  qPrintable(QStringLiteral("alive 90 s after the SIGKILL: ") +
                                             survivors().join(QStringLiteral(", "))),
                                  90'000);
        qInfo("lane fault: %s: its agents had ended %.2f s after the SIGKILL, everything it "
              "started %.2f s after",
              what, agentsEndedMs / 1000.0, clock.elapsed() / 1000.0);

        QProcess resume;
        resume.setProcessChannelMode(QProcess::MergedChannels);
        resume.start(QStringLiteral(STACKBENCH_BIN),
                     {QStringLiteral("resume"), runId, QStringLiteral("--store"), store});
        QVERIFY(resume.waitForFinished(300'000));
        const QString resumed = QString::fromUtf8(resume.readAll());
        QVERIFY2(resume.exitStatus() == QProcess::NormalExit && resume.exitCode() == 0,
                 qPrintable(resumed));
        QVERIFY2(resumed.contains(QStringLiteral("already valid")), qPrintable(resumed));
        // Each cell exactly once valid, none lost; the killed window was never stored.
        QMap<int, int> validByConcurrency;
        const QVector<sb::store::WindowRecord> windows = storedLaneWindows(store, runId);
        for (const sb::store::WindowRecord &w : windows) {
            QVERIFY2(w.invalidKind != sb::store::kInvalidLoadHost &&
                         w.invalidKind != sb::store::kInvalidLoadHostSetup,
                     qPrintable(w.invalidReason));
            if (!w.valid)
                continue;
            ++validByConcurrency[w.concurrency];
            QVERIFY(w.serverCpuS > 0);
            QCOMPARE(w.gates.value(QStringLiteral("load_hosts"))
                         .toObject()
                         .value(QStringLiteral("hosts"))
                         .toArray()
                         .size(),
                     serverOnHost ? 0 : 2);
        }
        QCOMPARE(validByConcurrency, (QMap<int, int>{{2, 1}, {4, 1}}));
        auto opened = sb::store::RunStore::open(store);
        QVERIFY(opened.ok());
        QCOMPARE((*opened)->run(runId)->status, QString(sb::store::kStatusFinished));
        qInfo("lane fault: %s: resumed; %lld windows stored, c=2 and c=4 valid once each", what,
              qint64(windows.size()));
        // The resume's agents ended with it.
        const QList<qint64> all = wrapperPids(pidsA) + wrapperPids(pidsB);
        QVERIFY(all.size() > agents.size());
        QTRY_VERIFY_WITH_TIMEOUT(std::none_of(all.begin(), all.end(), processAlive), 30'000);
    }
};

QTEST_GUILESS_MAIN(TestLaneFaults)
#include "tst_lanefaults.moc"
