// The equal-resource lane through real OpenSSH, with no outside network: tests/lane/netns-sshd.sh
// makes two network namespaces joined by a veth link and starts Debian's sshd in one with
// throwaway keys. Skips only when the machine cannot create namespaces (the script exits 77).
#include "lane/agentprotocol.h"
#include "lane/lanewindow.h"
#include "lanefixtures.h"
#include "version.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <csignal>
#include <sys/prctl.h>

using namespace sb::lane;
using sb::test::orderRows;
using sb::test::waitFor;

namespace {

const QString kScript = QStringLiteral(STACKBENCH_SOURCE_DIR "/tests/lane/netns-sshd.sh");

struct ScriptRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

ScriptRun runScript(const QStringList &extra)
{
    QProcess p;
    p.setProgram(QStringLiteral("/bin/bash"));
    p.setArguments(QStringList{kScript, QStringLiteral(STACKBENCH_BIN)} + extra);
    p.start();
    ScriptRun r;
    if (!p.waitForFinished(240'000)) {
        p.terminate(); // the script cleans up on TERM
        p.waitForFinished(30'000);
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// Whether process `pid` runs (a zombie waiting for its parent does not).
bool alive(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close > 0 && close + 2 < text.size() && text[close + 2] != 'Z';
}

} // namespace

class TestNetnsSshd : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // `ssh -o BatchMode=yes ... root@ADDR stackbench agent --version` across the veth link.
    void agentVersionOverSsh()
    {
        const ScriptRun r = runScript({});
        if (r.exitCode == 77)
            QSKIP(qPrintable(r.err.trimmed()));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(
            r.out.startsWith(QStringLiteral("stackbench %1 ").arg(QLatin1String(sb::kVersion))),
            qPrintable(r.out));
    }

    // Two load shares through two ssh connections into the agent's namespace, against the
    // reference target in the controller's namespace: the traffic crosses the veth link.
    void twoSharesOverSsh()
    {
        const ScriptRun r = runScript(
            {QStringLiteral(STACKBENCH_TEST_BINARY), QStringLiteral("insideTheNamespaces"),
             QStringLiteral("controllerKilledInside"), QStringLiteral("cutLinkInside")});
        if (r.exitCode == 77)
            QSKIP(qPrintable(r.err.trimmed()));
        for (const QString &line : r.out.split(QLatin1Char('\n')))
            if (line.contains(QStringLiteral("over ssh:")))
                qInfo("%s", qPrintable(line.section(QStringLiteral("over ssh:"), 1).trimmed()));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("PASS   : TestNetnsSshd::insideTheNamespaces")),
                 qPrintable(r.out));
        for (const char *inside :
             {"insideTheNamespaces", "controllerKilledInside", "cutLinkInside"})
            QVERIFY2(r.out.contains(
                         QStringLiteral("PASS   : TestNetnsSshd::%1").arg(QLatin1String(inside))),
                     qPrintable(r.out));
    }

    // Run by twoSharesOverSsh through the script, in the controller's namespace (skips when run
    // on its own).
    void insideTheNamespaces()
    {
        const QString ssh = qEnvironmentVariable("SB_SSH");
        const QString clientAddr = qEnvironmentVariable("SB_CLIENT_ADDR");
        if (ssh.isEmpty() || clientAddr.isEmpty())
            QSKIP("runs inside tests/lane/netns-sshd.sh (twoSharesOverSsh)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(QStringLiteral("t.sqlite"));
        QProcess target;
        target.setProgram(QStringLiteral(STACKBENCH_BIN));
        target.setArguments({QStringLiteral("target"), QStringLiteral("--host"), clientAddr,
                             QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--db"),
                             dir.filePath(QStringLiteral("t.sqlite"))});
        target.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
        target.start();
        uint16_t port = 0;
        QString out;
        static const QRegularExpression re(QStringLiteral("listening on http://[^:]+:(\\d+)"));
        for (int i = 0; i < 1200 && port == 0; ++i) {
            if (!target.waitForReadyRead(100) && target.state() != QProcess::Running)
                break;
            out += QString::fromUtf8(target.readAllStandardOutput());
            const auto m = re.match(out);
            if (m.hasMatch())
                port = uint16_t(m.captured(1).toUInt());
        }
        QVERIFY2(port != 0, qPrintable(out + QString::fromUtf8(target.readAllStandardError())));
        const int64_t before = orderRows(db);
        QVERIFY(before > 0);
        const QStringList words = ssh.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        std::vector<ShareSetup> shares;
        for (const QString &name : {QStringLiteral("agent-1"), QStringLiteral("agent-2")}) {
            sb::load::LoadSpec s;
            s.host = clientAddr.toStdString();
            s.port = port;
            // POST /orders inserts a row per 201: the target's own count.
            s.request.method = "POST";
            s.request.target = "/orders";
            s.request.body = R"({"user_id":3,"amount_cents":500,"items":1})";
            s.connections = 2;
            s.durationMs = 2000;
            s.intervalMs = 500;
            shares.push_back(
                {AgentCommand{name, words.first(),
                              words.mid(1) + QStringList{qEnvironmentVariable("SB_STACKBENCH"),
                                                         QStringLiteral("agent")}},
                 s});
        }
        const auto merged = runLaneWindow(shares);
        const int64_t inserted = orderRows(db) - before;
        target.terminate();
        target.waitForFinished(10'000);
        QVERIFY2(merged.ok(), merged.ok() ? "" : merged.error().toString().c_str());
        const sb::load::LoadResult &a = merged->hosts[0].result;
        const sb::load::LoadResult &b = merged->hosts[1].result;
        qInfo("over ssh: agent-1 %lld 2xx, agent-2 %lld 2xx, merged %lld, target inserted %lld, "
              "p50 %lld us, p99 %lld us, generator CPU %.3f s + %.3f s",
              (long long)a.total.ok, (long long)b.total.ok, (long long)merged->total.ok,
              (long long)inserted, (long long)merged->latency.valueAtPercentile(50),
              (long long)merged->latency.valueAtPercentile(99), merged->cpu[0].clientCpuS,
              merged->cpu[1].clientCpuS);
        QVERIFY(a.total.ok > 0 && b.total.ok > 0);
        QCOMPARE(merged->total.ok, a.total.ok + b.total.ok);
        QCOMPARE(merged->total.ok, inserted);
        qInfo("over ssh: the two start commands arrived %.3f ms apart",
              std::abs(merged->hosts[1].startMonotonicNs - merged->hosts[0].startMonotonicNs) /
                  1e6);
        QCOMPARE(merged->total.errors(), int64_t(0));
        sb::Histogram all;
        QVERIFY(all.add(a.latency) && all.add(b.latency));
        QCOMPARE(merged->latency.valueAtPercentile(50), all.valueAtPercentile(50));
        QCOMPARE(merged->latency.valueAtPercentile(99), all.valueAtPercentile(99));
    }

    // Run by twoSharesOverSsh: the controller's ssh is killed (-9) mid-window; sshd closes the
    // agent's stdin and the agent, in the other namespace, ends its load and exits.
    void controllerKilledInside()
    {
        const QString ssh = qEnvironmentVariable("SB_SSH");
        if (ssh.isEmpty())
            QSKIP("runs inside tests/lane/netns-sshd.sh (twoSharesOverSsh)");
        // The share loads a listener of this test that accepts (the kernel's backlog) and never
        // answers: the agent keeps its connections open and its intervals coming.
        QTcpServer sink;
        QVERIFY(sink.listen(QHostAddress(qEnvironmentVariable("SB_CLIENT_ADDR"))));
        const QStringList words = ssh.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        QProcess p;
        p.start(words.first(), words.mid(1) + QStringList{qEnvironmentVariable("SB_STACKBENCH"),
                                                          QStringLiteral("agent")});
        QVERIFY(p.waitForStarted());
        FrameReader reader;
        const auto hello = waitFor(p, reader, QStringLiteral("hello"));
        QVERIFY(hello);
        const auto agent = readHello(*hello);
        QVERIFY(agent.ok() && agent->pid > 0);
        AgentHello own;
        own.protocol = kProtocolVersion;
        own.version = QString::fromLatin1(sb::kVersion);
        p.write(encodeFrame(helloMessage(own)));
        sb::load::LoadSpec s;
        s.host = qEnvironmentVariable("SB_CLIENT_ADDR").toStdString();
        s.port = sink.serverPort();
        s.connections = 2;
        s.durationMs = 120'000;
        s.intervalMs = 200;
        p.write(encodeFrame(loadMessage(1, s)));
        QVERIFY(waitFor(p, reader, QStringLiteral("ready")));
        p.write(encodeFrame(idMessage("start", 1)));
        QVERIFY(waitFor(p, reader, QStringLiteral("interval")));
        // The agent runs (same pid namespace, another network namespace).
        QVERIFY(alive(agent->pid));
        ::kill(pid_t(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished(10'000));
        // sshd sees the connection close, closes the agent's stdin, the agent exits.
        QTRY_VERIFY_WITH_TIMEOUT(!alive(agent->pid), 30'000);
    }

    // Run by twoSharesOverSsh, last (it leaves the link down): the link is cut mid-window. The
    // controller names the host within its silence deadline; the agent, whose stdin stays open
    // (nothing closes a silent TCP connection), misses the heartbeat and ends its load alone.
    void cutLinkInside()
    {
        const QString ssh = qEnvironmentVariable("SB_SSH");
        const QString link = qEnvironmentVariable("SB_CLIENT_IF");
        if (ssh.isEmpty() || link.isEmpty())
            QSKIP("runs inside tests/lane/netns-sshd.sh (twoSharesOverSsh)");
        QTcpServer sink;
        QVERIFY(sink.listen(QHostAddress(qEnvironmentVariable("SB_CLIENT_ADDR"))));
        const QStringList words = ssh.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        sb::load::LoadSpec s;
        s.host = qEnvironmentVariable("SB_CLIENT_ADDR").toStdString();
        s.port = sink.serverPort();
        s.connections = 1;
        s.durationMs = 300'000;
        s.intervalMs = 200;
        const std::vector<ShareSetup> shares = {
            {AgentCommand{QStringLiteral("agent-1"), words.first(),
                          words.mid(1) + QStringList{qEnvironmentVariable("SB_STACKBENCH"),
                                                     QStringLiteral("agent")}},
             s}};
        qint64 agentPid = 0;
        LaneTimeouts timeouts;
        timeouts.silenceMs = 3000;
        QElapsedTimer clock;
        const auto merged = runLaneWindow(
            shares, timeouts, [&](int, const AgentHello &hello, const ShareInterval &) {
                if (agentPid == 0) {
                    agentPid = hello.pid;
                    QCOMPARE(QProcess::execute(QStringLiteral("ip"),
                                               {QStringLiteral("link"), QStringLiteral("set"), link,
                                                QStringLiteral("down")}),
                             0);
                    clock.start();
                }
            });
        QVERIFY(agentPid > 0);
        QVERIFY(!merged.ok());
        QCOMPARE(merged.error().code, std::string(kTimeoutError));
        QCOMPARE(merged.error().where, std::string("agent-1"));
        QVERIFY2(QString::fromStdString(merged.error().detail).contains(QStringLiteral("agent-1")),
                 merged.error().detail.c_str());
        qInfo("over ssh: cut link: runLaneWindow returned after %.1f s (the 3 s silence deadline, "
              "then ssh ended): %s",
              clock.elapsed() / 1000.0, merged.error().toString().c_str());
        qInfo("over ssh: the agent %s when the controller gave up",
              alive(agentPid) ? "still ran" : "had ended");
        QTRY_VERIFY_WITH_TIMEOUT(!alive(agentPid), kControllerSilenceMs + 30'000);
        qInfo("over ssh: the agent ended %.1f s after the cut", clock.elapsed() / 1000.0);
    }
};

QTEST_GUILESS_MAIN(TestNetnsSshd)
#include "tst_netnssshd.moc"
