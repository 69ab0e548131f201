// A server whose work leaves its process tree: a busy loop that double-forks away from the root
// (setsid, the middle process exits, the loop is re-parented). Its CPU and its process are the
// server's, not foreign, whether the tree is contained by a cgroup of its own (the cgroup's
// cpu.stat) or by the subreaper alone (the processes it adopts): the sampler is given the
// tree's containment as the runner gives it.

#include "run/serverprocess.h"
#include "sample/procreader.h"
#include "sample/sampler.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <mutex>

using sb::run::Containment;
using sb::run::ServerProcess;

namespace {

// The root forks; the child starts a session and forks the busy loop, which writes its pid and
// burns one core for `seconds`; the child exits at once, the root waits for it and sleeps.
const char *kDaemonizer = R"(import os, sys, time
child = os.fork()
if child == 0:
    os.setsid()
    if os.fork() == 0:
        with open(sys.argv[1] + '.tmp', 'w') as f:
            f.write(str(os.getpid()))
        os.rename(sys.argv[1] + '.tmp', sys.argv[1])
        end = time.monotonic() + float(sys.argv[2])
        while time.monotonic() < end:
            pass
        os._exit(0)
    os._exit(0)
os.waitpid(child, 0)
time.sleep(120)
)";

pid_t readPid(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? pid_t(f.readAll().trimmed().toInt()) : 0;
}

pid_t parentOf(pid_t pid)
{
    sb::sample::ProcStat st;
    return sb::sample::readProcStat(pid, st) ? st.ppid : 0;
}

} // namespace

class TstSamplerEscape : public QObject
{
    Q_OBJECT

private slots:
    void daemonCountsAsTheServer_data()
    {
        QTest::addColumn<int>("mode"); // Containment
        QTest::newRow("cgroup") << int(Containment::Cgroup);
        QTest::newRow("subreaper") << int(Containment::Subreaper);
    }

    void daemonCountsAsTheServer()
    {
        QFETCH(int, mode);
        const Containment containment = Containment(mode);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString pidFile = dir.filePath(QStringLiteral("daemon.pid"));
        ServerProcess server;
        server.setContainment(containment);
        const sb::Status started =
            server.start({QStringLiteral("/usr/bin/python3"), QStringLiteral("-c"),
                          QString::fromUtf8(kDaemonizer), pidFile, QStringLiteral("60")},
                         dir.path(), {}, dir.filePath(QStringLiteral("out")),
                         dir.filePath(QStringLiteral("err")));
        if (!started.ok() && containment == Containment::Cgroup)
            QSKIP(qPrintable(QStringLiteral("no cgroup here: ") +
                             QString::fromStdString(started.error().detail)));
        QVERIFY2(started.ok(), started.ok() ? "" : started.error().detail.c_str());
        QCOMPARE(server.containment(), containment);

        // The loop has left the root's descendants: its parent is the supervisor now.
        QTRY_VERIFY_WITH_TIMEOUT(readPid(pidFile) > 0, 20000);
        const pid_t daemon = readPid(pidFile);
        QTRY_COMPARE_WITH_TIMEOUT(parentOf(daemon), server.supervisorPid(), 10000);

        sb::sample::Options options;
        options.rootPid = server.pid();
        options.intervalMs = 200;
        options.excludes.clear();
        // Each row through its own way alone (the runner gives both).
        if (containment == Containment::Cgroup)
            options.cgroupDir = server.cgroupPath().toStdString();
        else
            options.reaperPid = server.supervisorPid();
        const int64_t daemonBefore = sb::sample::processCpuNs(daemon);
        std::mutex mutex;
        int maxProcesses = 0;
        sb::sample::Sampler sampler;
        QVERIFY(sampler
                    .start(options,
                           [&](const sb::sample::Snapshot &s) {
                               std::lock_guard lock(mutex);
                               maxProcesses = std::max(maxProcesses, s.serverProcesses);
                           })
                    .ok());
        // Until the loop has had half a second of CPU (the machine may be busy).
        QTRY_VERIFY_WITH_TIMEOUT(sb::sample::processCpuNs(daemon) - daemonBefore > 500'000'000,
                                 60000);
        const sb::sample::Summary summary = sampler.stop();
        const double daemonS = double(sb::sample::processCpuNs(daemon) - daemonBefore) / 1e9;
        server.stop(SIGKILL, 0);

        qDebug() << qSetRealNumberPrecision(9) << "daemon" << daemonS << "CPU-s; server" << summary.serverCpuS << "CPU-s,"
                 << summary.serverCores.mean << "cores; foreign" << summary.foreignCpuS << "CPU-s";
        // The root sleeps: what the server used is the loop's (read a little after and before
        // the window, so the loop's own figure is the larger one).
        QVERIFY2(summary.serverCpuS >= 0.8 * daemonS && summary.serverCpuS <= 1.2 * daemonS + 0.1,
                 qPrintable(QStringLiteral("server %1 CPU-s, the daemon %2")
                                .arg(summary.serverCpuS)
                                .arg(daemonS)));
        QVERIFY(summary.serverCores.mean > 0);
        {
            std::lock_guard lock(mutex);
            QCOMPARE(maxProcesses, 2); // the root and the loop (the middle process is gone)
        }
    }
};

QTEST_GUILESS_MAIN(TstSamplerEscape)
#include "tst_samplerescape.moc"
