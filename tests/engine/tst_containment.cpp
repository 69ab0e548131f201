// Nothing of a configuration's process tree outlives `stackbench run`, whatever kills it: a
// wrapper script starts the server as a grandchild in a session of its own (so neither the
// process group nor PR_SET_PDEATHSIG reach it), the runner is SIGKILLed mid-run, and soon after
// (about a second on a quiet machine; reported, not asserted) the port is free and no process of
// the tree is alive; `stackbench resume` then
// measures every cell. Both containments: the tree's own cgroup v2, and the subreaper
// supervisor alone (forced with STACKBENCH_CONTAINMENT=subreaper).

#include "run/containment.h"
#include "store/runstore.h"
#include "testservers.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace sb;

namespace {

int freePort()
{
    uint16_t port = 0;
    ::close(sb::test::listenOnLoopback(1, port));
    return port;
}

bool portAnswers(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(uint16_t(port));
    const bool answered = ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0;
    ::close(fd);
    return answered;
}

// True when `pid` exists and has not ended (a zombie has ended).
bool alive(pid_t pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray stat = f.readAll();
    const qsizetype paren = stat.lastIndexOf(')');
    return paren > 0 && paren + 2 < stat.size() && stat.at(paren + 2) != 'Z';
}

QList<pid_t> readPids(const QString &path)
{
    QFile f(path);
    QList<pid_t> pids;
    if (!f.open(QIODevice::ReadOnly))
        return pids;
    for (const QByteArray &word : f.readAll().simplified().split(' '))
        if (word.toInt() > 0)
            pids << pid_t(word.toInt());
    return pids;
}

} // namespace

class TestContainment : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("target.sqlite"));
        sb::test::TargetProcess seed(m_db);
        QVERIFY2(seed.port() != 0, qPrintable(seed.error()));
    }

    void sigkillLeavesNothing_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::newRow("cgroup") << QStringLiteral("cgroup");
        QTest::newRow("subreaper") << QStringLiteral("subreaper");
    }

    void sigkillLeavesNothing()
    {
        QFETCH(QString, mode);
        QString cgroupParent; // where the runner's tree cgroups go
        if (mode == QStringLiteral("cgroup")) {
            const run::CgroupDir probe = run::makeTreeCgroup(-1);
            if (probe.path.isEmpty())
                QSKIP(qPrintable(QStringLiteral("this machine allows no cgroup: ") + probe.error));
            QVERIFY(run::removeTreeCgroup(probe.path));
            cgroupParent = QFileInfo(QString::fromLocal8Bit(probe.path)).path();
        }
        const QString pids = m_dir.filePath(mode + QStringLiteral(".pids"));
        const int port = freePort();
        // The wrapper records its supervisor ($PPID), itself and the server it puts in a
        // session of its own, then waits.
        const QString wrapper =
            QStringLiteral("echo $PPID $$ > '%1.tmp'; setsid \"$0\" \"$@\" & echo $! >> '%1.tmp'; "
                           "mv '%1.tmp' '%1'; wait")
                .arg(pids);
        QJsonObject config{{QStringLiteral("name"), QStringLiteral("wrapped")},
                           {QStringLiteral("command"),
                            QJsonArray{QStringLiteral("sh"), QStringLiteral("-c"), wrapper,
                                       QStringLiteral(STACKBENCH_BIN), QStringLiteral("target"),
                                       QStringLiteral("--port"), QStringLiteral("${port}"),
                                       QStringLiteral("--threads"), QStringLiteral("1"),
                                       QStringLiteral("--db"), m_db}},
                           {QStringLiteral("port"), port},
                           {QStringLiteral("ready"),
                            QJsonObject{{QStringLiteral("path"), QStringLiteral("/health")},
                                        {QStringLiteral("timeout_s"), 60}}}};
        QJsonObject plan{
            {QStringLiteral("format"), 1},
            {QStringLiteral("name"), QStringLiteral("containment")},
            {QStringLiteral("load"), QJsonObject{{QStringLiteral("threads"), 1}}},
            // Not a test of the foreign-CPU gate: the default (32 % of the machine) would fail
            // windows whenever others keep this shared machine busy.
            {QStringLiteral("sampler"),
             QJsonObject{{QStringLiteral("foreign_gate"), QStringLiteral("100%machine")}}},
            {QStringLiteral("configurations"), QJsonArray{config}},
            {QStringLiteral("routes"),
             QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("health")},
                                    {QStringLiteral("path"), QStringLiteral("/health")}},
                        QJsonObject{{QStringLiteral("name"), QStringLiteral("user")},
                                    {QStringLiteral("path"), QStringLiteral("/users/42")}}}},
            {QStringLiteral("profiles"),
             QJsonObject{{QStringLiteral("quick"),
                          QJsonObject{{QStringLiteral("rounds"), 1},
                                      {QStringLiteral("concurrency"), QJsonArray{1, 2}},
                                      {QStringLiteral("warmup"), QStringLiteral("200ms")},
                                      {QStringLiteral("measure_s"), 1.0},
                                      {QStringLiteral("retries"), 1}}}}}};
        const QString planPath = m_dir.filePath(mode + QStringLiteral(".json"));
        QFile planFile(planPath);
        QVERIFY(planFile.open(QIODevice::WriteOnly));
        planFile.write(QJsonDocument(plan).toJson());
        planFile.close();
        const QString storePath = m_dir.filePath(mode + QStringLiteral(".sqlite"));

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("STACKBENCH_CONTAINMENT"), mode);
        QProcess runner;
        runner.setProcessEnvironment(env);
        runner.setProcessChannelMode(QProcess::MergedChannels);
        runner.start(QStringLiteral(STACKBENCH_BIN),
                     {QStringLiteral("run"), planPath, QStringLiteral("--store"), storePath});
        QVERIFY(runner.waitForStarted());

        // Ready: the tree is up and the first window is stored.
        QTRY_COMPARE_WITH_TIMEOUT(readPids(pids).size(), 3, 60'000);
        const QList<pid_t> tree = readPids(pids); // supervisor, wrapper, server
        // Should the test fail, what survived does not outlive it.
        const auto cleanup = qScopeGuard([&] {
            for (pid_t pid : tree) {
                QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
                if (alive(pid) && cmdline.open(QIODevice::ReadOnly) &&
                    cmdline.readAll().contains(QFile::encodeName(m_dir.path())))
                    ::kill(pid, SIGKILL); // still ours: its command names our directory
            }
        });
        QTRY_VERIFY_WITH_TIMEOUT(portAnswers(port), 60'000);
        // The runner prints "run <id>" first and a line per stored window ("  ok   ...").
        QString out;
        QDeadlineTimer deadline(120'000);
        while (!out.contains(QStringLiteral("  ok   ")) && !deadline.hasExpired() &&
               runner.state() == QProcess::Running) {
            runner.waitForReadyRead(100);
            out += QString::fromUtf8(runner.readAll());
        }
        const QString runId = out.startsWith(QStringLiteral("run "))
                                  ? out.section(QLatin1Char('\n'), 0, 0).mid(4).trimmed()
                                  : QString();
        QVERIFY2(!runId.isEmpty() && runner.state() == QProcess::Running, qPrintable(out));

        const qint64 runnerPid = runner.processId();
        ::kill(pid_t(runnerPid), SIGKILL);
        QVERIFY(runner.waitForFinished(5000));
        // Soon (a second on a quiet machine), nothing of the tree is left and the port is free.
        auto leftovers = [&] {
            QStringList left;
            for (pid_t pid : tree)
                if (alive(pid))
                    left << QString::number(pid);
            if (portAnswers(port))
                left << QStringLiteral("port %1").arg(port);
            return left;
        };
        QElapsedTimer took;
        took.start();
        // The tree's server would run for ever: what is alive after 20 s was never killed.
        QTRY_VERIFY2_WITH_TIMEOUT(leftovers().isEmpty(),
                                  qPrintable(QStringLiteral("alive 20 s after SIGKILL: ") +
                                             leftovers().join(QStringLiteral(", "))),
                                  20'000);
        qInfo() << "tree gone and port free" << took.elapsed() << "ms after the runner's SIGKILL";

        // The supervisor removed the tree's cgroup on its way out.
        if (!cgroupParent.isEmpty())
            QTRY_VERIFY_WITH_TIMEOUT(
                QDir(cgroupParent)
                    .entryList({QStringLiteral("stackbench-%1-*").arg(runnerPid)}, QDir::Dirs)
                    .isEmpty(),
                5000);

        QProcess resume;
        resume.setProcessEnvironment(env);
        resume.setProcessChannelMode(QProcess::MergedChannels);
        resume.start(QStringLiteral(STACKBENCH_BIN),
                     {QStringLiteral("resume"), runId, QStringLiteral("--store"), storePath});
        QVERIFY(resume.waitForStarted());
        const qint64 resumePid = resume.processId();
        QVERIFY(resume.waitForFinished(180'000));
        const QString resumed = QString::fromUtf8(resume.readAll());
        QVERIFY2(resume.exitStatus() == QProcess::NormalExit && resume.exitCode() == 0,
                 qPrintable(resumed));
        auto store = store::RunStore::open(storePath, store::RunStore::OpenMode::ReadOnly);
        QVERIFY(store.ok());
        auto windows = (*store)->windows(runId);
        QVERIFY(windows.ok());
        QSet<QString> valid;
        for (const store::WindowRecord &w : *windows)
            if (w.valid)
                valid.insert(QStringLiteral("%1|%2").arg(w.route).arg(w.concurrency));
        QCOMPARE(valid.size(), 4);
        const store::RunRecord record = *(*store)->run(runId);
        QCOMPARE(record.status, QString(store::kStatusFinished));
        // The run's runner is the process that resumed it (where the store keeps runners).
        if (record.runnerPid != 0)
            QCOMPARE(record.runnerPid, resumePid);
        auto configs = (*store)->configurations(runId);
        QVERIFY(configs.ok() && configs->size() == 1);
        QCOMPARE(configs->first().info.value(QStringLiteral("containment")).toString(), mode);
        QVERIFY(!portAnswers(port));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_GUILESS_MAIN(TestContainment)
#include "tst_containment.moc"
