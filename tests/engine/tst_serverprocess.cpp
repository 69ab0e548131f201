// Tests for sb::run::ServerProcess: output files, environment, stopping whole process trees
// (including children that left the group), SIGKILL after the grace period, clear start errors.

#include "core/qterror.h"
#include "run/serverprocess.h"
#include "sample/proctree.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <fcntl.h>
#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

using sb::run::ServerProcess;

namespace {

QString readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QString();
    return QString::fromUtf8(f.readAll());
}

// Waits until `path` contains `text` (the child writes asynchronously).
bool waitForText(const QString &path, const QString &text, int timeoutMs = 10000)
{
    return QTest::qWaitFor([&] { return readAll(path).contains(text); }, timeoutMs);
}

// True when `pid` exists and is not a zombie.
bool alive(pid_t pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray stat = f.readAll();
    const qsizetype paren = stat.lastIndexOf(')');
    return paren > 0 && paren + 2 < stat.size() && stat.at(paren + 2) != 'Z';
}

QStringList sh(const QString &script)
{
    return {QStringLiteral("sh"), QStringLiteral("-c"), script};
}

} // namespace

class TstServerProcess : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_out = m_dir.filePath(QStringLiteral("out-%1.log").arg(++m_serial));
        m_err = m_dir.filePath(QStringLiteral("err-%1.log").arg(m_serial));
    }

    void outputAndFastStop()
    {
        ServerProcess p;
        QCOMPARE(p.pid(), pid_t(0));
        const auto s = p.start(sh(QStringLiteral("echo hi; echo err >&2; sleep 30")), m_dir.path(),
                               {}, m_out, m_err);
        QVERIFY2(s.ok(), s.ok() ? "" : qPrintable(sb::qtText(s.error())));
        QVERIFY(p.pid() > 0);
        QVERIFY(p.running());
        QCOMPARE(p.exitDescription(), QStringLiteral("running"));
        QVERIFY(waitForText(m_out, QStringLiteral("hi\n")));
        QVERIFY(waitForText(m_err, QStringLiteral("err\n")));
        QVERIFY(!readAll(m_out).contains(QStringLiteral("err")));
        // Its own session and process group.
        QCOMPARE(::getpgid(p.pid()), p.pid());
        QCOMPARE(::getsid(p.pid()), p.pid());

        const int graceMs = 30'000;
        QElapsedTimer t;
        t.start();
        QVERIFY(p.stop(SIGTERM, graceMs));
        const qint64 ms = t.elapsed();
        qInfo() << "SIGTERM stop took" << ms << "ms";
        // SIGTERM ended it: stop() did not wait for the grace (nor the sleep's 30 s).
        QVERIFY2(ms < graceMs, qPrintable(QStringLiteral("stop took %1 ms").arg(ms)));
        QVERIFY(!p.running());
        QVERIFY(!alive(p.pid()));
        QCOMPARE(p.exitDescription(), QStringLiteral("killed by signal 15 (Terminated)"));
    }

    void appendsToExistingFiles()
    {
        QFile f(m_out);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("before\n");
        f.close();
        ServerProcess p;
        QVERIFY(p.start(sh(QStringLiteral("echo after")), QString(), {}, m_out, m_out).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!p.running(), 10000);
        QCOMPARE(readAll(m_out), QStringLiteral("before\nafter\n"));
    }

    void stopsWholeTree()
    {
        // One sleep stays in the group; the other leaves it (and the session) with setsid, so
        // only the /proc tree walk can find it.
        ServerProcess p;
        const QString pidFile = m_dir.filePath(QStringLiteral("pids"));
        const auto s = p.start(
            sh(QStringLiteral("sleep 30 & echo $! >> %1; setsid sleep 31 & echo $! >> %1; wait")
                   .arg(pidFile)),
            m_dir.path(), {}, m_out, m_err);
        QVERIFY(s.ok());
        QTRY_COMPARE_WITH_TIMEOUT(
            readAll(pidFile).split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 2, 10000);
        QList<pid_t> children;
        for (const QString &line : readAll(pidFile).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            children << pid_t(line.toInt());
        // setsid forks when it is a group leader; either way the tree holds both sleeps, and
        // one of them leaves the group once setsid() has run (the pid file is written before).
        auto otherGroup = [&] {
            for (pid_t pid : sb::sample::processTree(p.pid()))
                if (::getpgid(pid) >= 0 && ::getpgid(pid) != p.pid())
                    return true;
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(sb::sample::processTree(p.pid()).size() >= 3 && otherGroup(),
                                 10000);
        const std::vector<pid_t> tree = sb::sample::processTree(p.pid());

        QVERIFY(p.stop(SIGTERM, 5000));
        for (pid_t pid : tree)
            QVERIFY2(!alive(pid), qPrintable(QStringLiteral("PID %1 survived").arg(pid)));
        for (pid_t pid : children)
            QVERIFY2(!alive(pid), qPrintable(QStringLiteral("PID %1 survived").arg(pid)));
    }

    void killsAfterGrace()
    {
        ServerProcess p;
        const QString ready = m_dir.filePath(QStringLiteral("trap-ready"));
        QVERIFY(p.start(sh(QStringLiteral("trap '' TERM; echo up > %1; sleep 30; true").arg(ready)),
                        QString(), {}, m_out, m_err)
                    .ok());
        QVERIFY(waitForText(ready, QStringLiteral("up")));
        const std::vector<pid_t> tree = sb::sample::processTree(p.pid());
        const qint64 graceMs = 500;
        QElapsedTimer t;
        t.start();
        QVERIFY(!p.stop(SIGTERM, graceMs));
        const qint64 ms = t.elapsed();
        qInfo() << "stop with" << graceMs << "ms grace took" << ms << "ms";
        QVERIFY2(ms >= graceMs, qPrintable(QStringLiteral("returned after %1 ms").arg(ms)));
        // The SIGKILL after the grace ended it, not the sleep's own 30 s.
        QVERIFY2(ms < 30'000, qPrintable(QStringLiteral("took %1 ms").arg(ms)));
        QVERIFY(!p.running());
        QCOMPARE(p.exitDescription(), QStringLiteral("killed by signal 9 (Killed)"));
        for (pid_t pid : tree)
            QVERIFY(!alive(pid));
    }

    void exitsByItself()
    {
        ServerProcess p;
        QVERIFY(p.start(sh(QStringLiteral("exit 3")), QString(), {}, m_out, m_err).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!p.running(), 10000);
        QCOMPARE(p.exitDescription(), QStringLiteral("exited with code 3"));
        // Stopping a tree that is already gone is immediate and "graceful": no grace waited.
        const int graceMs = 30'000;
        QElapsedTimer t;
        t.start();
        QVERIFY(p.stop(SIGTERM, graceMs));
        QVERIFY2(t.elapsed() < graceMs, qPrintable(QString::number(t.elapsed())));
    }

    // How the root ended is known as soon as it is gone, without running() first: a server that
    // crashed mid-window used to be described as "running" (its exit not yet read).
    void exitDescribedOnceGone_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("description");
        QTest::newRow("exit code")
            << QStringLiteral("exit 3") << QStringLiteral("exited with code 3");
        QTest::newRow("signal") << QStringLiteral("kill -TERM $$")
                                << QStringLiteral("killed by signal 15 (Terminated)");
    }

    void exitDescribedOnceGone()
    {
        QFETCH(QString, script);
        QFETCH(QString, description);
        ServerProcess p;
        QVERIFY(p.start(sh(script), QString(), {}, m_out, m_err).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!alive(p.pid()), 10000); // gone or a zombie: not asked of p
        QCOMPARE(p.exitDescription(), description);
        QVERIFY(!p.running());
        QCOMPARE(p.exitDescription(), description);
    }

    void environmentAndCwd()
    {
        ServerProcess p;
        QMap<QString, QString> env{{QStringLiteral("SB_TEST_VALUE"), QStringLiteral("a b=c")}};
        QVERIFY(p.start(sh(QStringLiteral("echo \"$SB_TEST_VALUE|$(pwd)|${HOME:+home}\"")),
                        m_dir.path(), env, m_out, m_err)
                    .ok());
        QTRY_VERIFY_WITH_TIMEOUT(!p.running(), 10000);
        QCOMPARE(p.exitDescription(), QStringLiteral("exited with code 0"));
        const QString home = qEnvironmentVariableIsSet("HOME") ? QStringLiteral("home") : QString();
        QCOMPARE(
            readAll(m_out).trimmed(),
            QStringLiteral("a b=c|%1|%2").arg(QFileInfo(m_dir.path()).canonicalFilePath(), home));
    }

    void startErrors_data()
    {
        QTest::addColumn<QStringList>("argv");
        QTest::addColumn<QString>("cwd");
        QTest::addColumn<QString>("detail");
        QTest::newRow("not in PATH")
            << QStringList{QStringLiteral("nosuchprog-sb"), QStringLiteral("--x")} << QString()
            << QStringLiteral("program 'nosuchprog-sb' not found");
        QTest::newRow("absolute path missing")
            << QStringList{QStringLiteral("/nonexistent/server")} << QString()
            << QStringLiteral("program '/nonexistent/server' not found");
        QTest::newRow("missing cwd")
            << QStringList{QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("true")}
            << QStringLiteral("/nonexistent/dir")
            << QStringLiteral("working directory '/nonexistent/dir' does not exist");
        const QString plain = m_dir.filePath(QStringLiteral("plain.txt"));
        QFile f(plain);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("text\n");
        f.close();
        QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
        QTest::newRow("not executable")
            << QStringList{plain} << QString()
            << QStringLiteral("program '%1' is not an executable file").arg(plain);
        QTest::newRow("empty") << QStringList{} << QString() << QStringLiteral("empty command");
    }

    void startErrors()
    {
        QFETCH(QStringList, argv);
        QFETCH(QString, cwd);
        QFETCH(QString, detail);
        ServerProcess p;
        QElapsedTimer t;
        t.start();
        const auto s = p.start(argv, cwd, {}, m_out, m_err);
        QVERIFY(!s.ok());
        qInfo() << "refused in" << t.elapsed() << "ms"; // synchronous: nothing to wait for
        QCOMPARE(sb::qtCode(s.error()), QStringLiteral("run.start"));
        QCOMPARE(sb::qtWhere(s.error()), argv.join(QLatin1Char(' ')));
        QVERIFY2(sb::qtDetail(s.error()).startsWith(detail), qPrintable(sb::qtDetail(s.error())));
        QCOMPARE(p.pid(), pid_t(0));
        QVERIFY(!p.running());
    }

    void supervisorIsItsOwnProgram()
    {
        // The supervisor is stackbench-supervisor, not a fork() of this process: a fork would
        // write-protect every page of a large GUI for as long as the tree lives.
        ServerProcess p;
        QVERIFY(p.start(sh(QStringLiteral("sleep 30")), QString(), {}, m_out, m_err).ok());
        const QString exe =
            QFileInfo(QStringLiteral("/proc/%1/exe").arg(p.supervisorPid())).symLinkTarget();
        QVERIFY2(exe.endsWith(QStringLiteral("/stackbench-supervisor")), qPrintable(exe));
        const QString self = QFileInfo(QStringLiteral("/proc/self/exe")).symLinkTarget();
        QVERIFY(exe != self);
        p.stop(SIGTERM, 2000);
        QVERIFY(!alive(p.supervisorPid()));
    }

    void missingSupervisorNamed()
    {
        qputenv("STACKBENCH_SUPERVISOR", QFile::encodeName(m_dir.filePath(QStringLiteral("gone"))));
        ServerProcess p;
        const auto s = p.start(sh(QStringLiteral("true")), QString(), {}, m_out, m_err);
        qunsetenv("STACKBENCH_SUPERVISOR");
        QVERIFY(!s.ok());
        QVERIFY2(sb::qtDetail(s.error()).contains(QStringLiteral("STACKBENCH_SUPERVISOR")),
                 qPrintable(sb::qtDetail(s.error())));
        QCOMPARE(p.pid(), pid_t(0));
        // Unset again, the one this build made is found.
        QVERIFY(p.start(sh(QStringLiteral("true")), QString(), {}, m_out, m_err).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!p.running(), 10000);
    }

    void supervisorByHandRefuses()
    {
        // Run by hand (no descriptors from a runner), it says what it is and exits 2.
        const QString exe = [] {
            ServerProcess p;
            const QString out = QDir::temp().filePath(QStringLiteral("sb-sup-probe.log"));
            if (!p.start(sh(QStringLiteral("sleep 30")), QString(), {}, out, out).ok())
                return QString();
            const QString target =
                QFileInfo(QStringLiteral("/proc/%1/exe").arg(p.supervisorPid())).symLinkTarget();
            p.stop(SIGKILL, 0);
            QFile::remove(out);
            return target;
        }();
        QVERIFY(!exe.isEmpty());
        QProcess by;
        by.start(exe, {});
        QVERIFY(by.waitForFinished(10000));
        QCOMPARE(by.exitCode(), 2);
        QVERIFY2(by.readAllStandardError().contains("not meant to be run by hand"),
                 "no explanation on stderr");
    }

    void execFailureThroughPipe()
    {
        // The file passes the pre-fork checks (it exists and is executable) but exec fails: the
        // child must report it synchronously. A "#!" naming a missing interpreter does that.
        const QString script = m_dir.filePath(QStringLiteral("bad-interpreter"));
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/nonexistent/interpreter\necho never\n");
        f.close();
        QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        ServerProcess p;
        const auto s = p.start({script}, QString(), {}, m_out, m_err);
        QVERIFY(!s.ok());
        QCOMPARE(sb::qtCode(s.error()), QStringLiteral("run.start"));
        QVERIFY2(sb::qtDetail(s.error()).contains(QStringLiteral("not found")),
                 qPrintable(sb::qtDetail(s.error())));
        QCOMPARE(p.pid(), pid_t(0));
    }

    void scriptWithoutShebang()
    {
        // execvp() semantics: a script without "#!" runs under /bin/sh.
        const QString script = m_dir.filePath(QStringLiteral("plain-script"));
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("echo plain \"$1\"\n");
        f.close();
        QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        ServerProcess p;
        QVERIFY(p.start({script, QStringLiteral("arg")}, QString(), {}, m_out, m_err).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!p.running(), 10000);
        QCOMPARE(readAll(m_out), QStringLiteral("plain arg\n"));
    }

    void unopenableOutput()
    {
        ServerProcess p;
        const auto s = p.start(sh(QStringLiteral("true")), QString(), {},
                               QStringLiteral("/nonexistent/dir/out.log"), m_err);
        QVERIFY(!s.ok());
        QVERIFY2(sb::qtDetail(s.error()).contains(QStringLiteral("/nonexistent/dir/out.log")),
                 qPrintable(sb::qtDetail(s.error())));
    }

    void noDescriptorLeaks()
    {
        // A descriptor this process opened without O_CLOEXEC must not reach the server.
        const QString marker = m_dir.filePath(QStringLiteral("leak-marker"));
        const int leaky = ::open(QFile::encodeName(marker).constData(), O_WRONLY | O_CREAT, 0600);
        QVERIFY(leaky > 2);
        ServerProcess p;
        const auto s = p.start(
            sh(QStringLiteral("for f in /proc/$$/fd/*; do echo ${f##*/} $(readlink $f); done")),
            QString(), {}, m_out, m_err);
        ::close(leaky);
        QVERIFY(s.ok());
        QTRY_VERIFY_WITH_TIMEOUT(!p.running(), 10000);
        const QString fds = readAll(m_out);
        QVERIFY2(fds.contains(QStringLiteral("1 ") + m_out), qPrintable(fds));
        QVERIFY2(!fds.contains(marker), qPrintable(fds));
    }

    void restartAfterExit()
    {
        ServerProcess p;
        QVERIFY(p.start(sh(QStringLiteral("exit 0")), QString(), {}, m_out, m_err).ok());
        const pid_t first = p.pid();
        QTRY_VERIFY_WITH_TIMEOUT(!p.running(), 10000);
        QVERIFY(p.start(sh(QStringLiteral("exec sleep 30")), QString(), {}, m_out, m_err).ok());
        QVERIFY(p.pid() != first);
        QVERIFY(p.running());
        // A running tree cannot be started over.
        const auto again = p.start(sh(QStringLiteral("true")), QString(), {}, m_out, m_err);
        QVERIFY(!again.ok());
        QVERIFY(sb::qtDetail(again.error()).contains(QStringLiteral("already running")));
        QVERIFY(p.stop(SIGTERM, 5000));
    }

    void containment_data()
    {
        QTest::addColumn<int>("mode");
        QTest::newRow("cgroup") << int(sb::run::Containment::Cgroup);
        QTest::newRow("subreaper") << int(sb::run::Containment::Subreaper);
    }

    // The root exits at once, leaving a child that left its session (a daemonising wrapper):
    // the orphan is adopted by the tree's supervisor instead of init, so stop() still ends it.
    void containment()
    {
        QFETCH(int, mode);
        const auto containment = sb::run::Containment(mode);
        if (containment == sb::run::Containment::Cgroup) {
            const sb::run::CgroupDir probe = sb::run::makeTreeCgroup(-1);
            if (probe.path.isEmpty())
                QSKIP(qPrintable(QStringLiteral("no cgroup v2 here: ") + probe.error));
            QVERIFY(sb::run::removeTreeCgroup(probe.path));
        }
        const QString pidFile = m_dir.filePath(QStringLiteral("orphan-%1").arg(m_serial));
        ServerProcess p;
        p.setContainment(containment);
        QVERIFY(p.start(sh(QStringLiteral("setsid sleep 30 & echo $! > %1.tmp; mv %1.tmp %1")
                               .arg(pidFile)),
                        QString(), {}, m_out, m_err)
                    .ok());
        QCOMPARE(int(p.containment()), mode);
        QVERIFY(p.supervisorPid() > 0 && p.supervisorPid() != p.pid());
        QCOMPARE(readAll(QStringLiteral("/proc/%1/comm").arg(p.supervisorPid())).trimmed(),
                 QStringLiteral("sb-supervisor"));
        QTRY_VERIFY_WITH_TIMEOUT(!p.running(), 10000);
        QCOMPARE(p.exitDescription(), QStringLiteral("exited with code 0"));
        QTRY_VERIFY_WITH_TIMEOUT(!readAll(pidFile).isEmpty(), 10000);
        const pid_t orphan = pid_t(readAll(pidFile).trimmed().toInt());
        QVERIFY(alive(orphan));
        // setsid forks when it leads its group: the sleep may be the echoed pid's child.
        QTRY_VERIFY_WITH_TIMEOUT(!p.members().empty(), 10000);
        const std::vector<pid_t> members = p.members();
        for (pid_t member : members) {
            QFile status(QStringLiteral("/proc/%1/stat").arg(member));
            QVERIFY(status.open(QIODevice::ReadOnly));
            const QByteArray stat = status.readAll();
            const pid_t parent =
                pid_t(stat.mid(stat.lastIndexOf(')') + 4).split(' ').value(0).toInt());
            QVERIFY2(parent == p.supervisorPid() || parent == orphan,
                     qPrintable(QStringLiteral("PID %1 has parent %2, not the supervisor %3")
                                    .arg(member)
                                    .arg(parent)
                                    .arg(p.supervisorPid())));
            if (containment == sb::run::Containment::Cgroup) {
                QFile cgroup(QStringLiteral("/proc/%1/cgroup").arg(member));
                QVERIFY(cgroup.open(QIODevice::ReadOnly));
                const QByteArray leaf = p.cgroupPath().mid(p.cgroupPath().lastIndexOf('/'));
                QVERIFY2(cgroup.readAll().contains(leaf), leaf.constData());
            }
        }
        const QByteArray cgroupDir = p.cgroupPath();
        QVERIFY(p.stop(SIGTERM, 5000));
        QVERIFY2(!alive(orphan), qPrintable(QStringLiteral("PID %1 survived").arg(orphan)));
        for (pid_t member : members)
            QVERIFY(!alive(member));
        QVERIFY(!alive(p.supervisorPid()));
        if (!cgroupDir.isEmpty())
            QVERIFY2(!QFileInfo::exists(QString::fromLocal8Bit(cgroupDir)), cgroupDir.constData());
    }

    // The CPU set binds the root before exec, so the whole tree inherits it.
    void cpuSetAppliesToTheTree()
    {
        const QString pidFile = m_dir.filePath(QStringLiteral("child-%1").arg(m_serial));
        ServerProcess p;
        QVERIFY(
            p.start(
                 sh(QStringLiteral("sleep 30 & echo $! > %1.tmp; mv %1.tmp %1; wait").arg(pidFile)),
                 QString(), {}, m_out, m_err, {0})
                .ok());
        QTRY_VERIFY_WITH_TIMEOUT(!readAll(pidFile).isEmpty(), 10000);
        const pid_t child = pid_t(readAll(pidFile).trimmed().toInt());
        for (pid_t pid : {p.pid(), child}) {
            cpu_set_t set;
            CPU_ZERO(&set);
            QCOMPARE(::sched_getaffinity(pid, sizeof set, &set), 0);
            QCOMPARE(CPU_COUNT(&set), 1);
            QVERIFY(CPU_ISSET(0, &set));
        }
        QVERIFY(p.stop(SIGTERM, 5000));
        // A CPU the machine does not have is refused by the kernel, and said so.
        const auto s = p.start(sh(QStringLiteral("true")), QString(), {}, m_out, m_err, {1000});
        QVERIFY(!s.ok());
        QVERIFY2(sb::qtDetail(s.error()).startsWith(QStringLiteral("cannot run on CPUs 1000")),
                 qPrintable(sb::qtDetail(s.error())));
    }

    void destructorKillsTree()
    {
        pid_t pid = 0;
        std::vector<pid_t> tree;
        {
            ServerProcess p;
            QVERIFY(
                p.start(sh(QStringLiteral("sleep 30 & wait")), QString(), {}, m_out, m_err).ok());
            pid = p.pid();
            QTRY_VERIFY_WITH_TIMEOUT(sb::sample::processTree(pid).size() >= 2, 10000);
            tree = sb::sample::processTree(pid);
        }
        for (pid_t member : tree)
            QVERIFY(!alive(member));
    }

private:
    QTemporaryDir m_dir;
    QString m_out;
    QString m_err;
    int m_serial = 0;
};

QTEST_GUILESS_MAIN(TstServerProcess)
#include "tst_serverprocess.moc"
