#include "run/serverprocess.h"

#include "core/cpuset.h"
#include "core/enginetext.h"
#include "core/qterror.h"
#include "sample/proctree.h"
#include "supervisor/protocol.h"

#include <QDir>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <linux/close_range.h>
#include <map>
#include <poll.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace sb::run {

namespace {

using Clock = std::chrono::steady_clock;

QString quoteArg(const QString &arg)
{
    static const QString safe =
        QStringLiteral("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%");
    bool plain = !arg.isEmpty();
    for (QChar c : arg)
        plain = plain && safe.contains(c);
    if (plain)
        return arg;
    QString quoted = arg;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString commandLine(const QStringList &argv)
{
    QStringList parts;
    for (const QString &a : argv)
        parts << quoteArg(a);
    return parts.join(QLatin1Char(' '));
}

bool isExecutableFile(const QByteArray &path)
{
    struct stat st
    {};
    return ::stat(path.constData(), &st) == 0 && S_ISREG(st.st_mode) &&
           ::access(path.constData(), X_OK) == 0;
}

// PATH lookup in the parent (the child may only make async-signal-safe calls), with the PATH the
// child will see. A program named with a '/' is taken as is (relative to the child's cwd).
QByteArray resolveProgram(const QString &program, const QString &cwd, const QString &pathVar,
                          QString *why)
{
    if (program.contains(QLatin1Char('/'))) {
        const QString abs = QDir(cwd.isEmpty() ? QDir::currentPath() : cwd).filePath(program);
        const QByteArray encoded = QFile::encodeName(abs);
        if (!QFileInfo::exists(abs)) {
            *why = trEngine("sb::run", "program '%1' not found").arg(program);
            return {};
        }
        if (!isExecutableFile(encoded)) {
            *why = trEngine("sb::run", "program '%1' is not an executable file").arg(program);
            return {};
        }
        return QFile::encodeName(program);
    }
    const QStringList dirs = pathVar.split(QLatin1Char(':'));
    bool sawNonExecutable = false;
    for (QString dir : dirs) {
        if (dir.isEmpty())
            dir = QStringLiteral(".");
        const QString candidate = QDir(dir).filePath(program);
        const QByteArray encoded = QFile::encodeName(
            QDir::isRelativePath(candidate) && !cwd.isEmpty() ? QDir(cwd).filePath(candidate)
                                                              : candidate);
        if (isExecutableFile(encoded))
            return encoded;
        if (QFileInfo::exists(QString::fromLocal8Bit(encoded)))
            sawNonExecutable = true;
    }
    *why = sawNonExecutable
               ? trEngine("sb::run", "program '%1' found in PATH but not executable").arg(program)
               : trEngine("sb::run", "program '%1' not found (PATH=%2)").arg(program, pathVar);
    return {};
}

// The fields of /proc/PID/stat that stop() needs.
struct Member
{
    char state = '?';
    pid_t pgrp = 0;
    uint64_t startTicks = 0;
};

bool readMember(pid_t pid, Member &out)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", int(pid));
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    char buf[1024];
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0)
        return false;
    buf[n] = '\0';
    // The comm may contain spaces and parentheses: fields restart after the last ')'.
    const char *p = std::strrchr(buf, ')');
    if (!p)
        return false;
    ++p;
    // Fields 3 (state), 5 (pgrp) and 22 (starttime), see proc(5).
    for (int field = 3; field <= 22; ++field) {
        while (*p == ' ')
            ++p;
        if (!*p)
            return false;
        if (field == 3)
            out.state = *p;
        else if (field == 5)
            out.pgrp = pid_t(std::strtol(p, nullptr, 10));
        else if (field == 22)
            out.startTicks = std::strtoull(p, nullptr, 10);
        while (*p && *p != ' ')
            ++p;
    }
    return true;
}

bool isGone(const Member &m)
{
    return m.state == 'Z' || m.state == 'X';
}

void sleepMs(int ms)
{
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

std::atomic<int> g_cgroupSerial{0};

QString childFailure(sb::supervisor::ChildStage stage, int error, const QStringList &argv,
                     const QString &cwd, const std::vector<int> &cpus, const QByteArray &cgroup)
{
    using sb::supervisor::ChildStage;
    const QString reason = qt_error_string(error);
    switch (stage) {
    case ChildStage::Chdir:
        return trEngine("sb::run", "cannot change to working directory '%1': %2").arg(cwd, reason);
    case ChildStage::Stdin:
    case ChildStage::Dup:
        return trEngine("sb::run", "cannot set up the standard streams: %1").arg(reason);
    case ChildStage::Exec:
        if (error == ENOENT)
            return trEngine("sb::run", "program '%1' or its interpreter not found")
                .arg(argv.first());
        return trEngine("sb::run", "cannot execute '%1': %2").arg(argv.first(), reason);
    case ChildStage::Cgroup:
        return trEngine("sb::run", "cannot join the tree's cgroup %1: %2")
            .arg(QString::fromLocal8Bit(cgroup), reason);
    case ChildStage::Affinity:
        return trEngine("sb::run", "cannot run on CPUs %1: %2")
            .arg(QString::fromStdString(sb::formatCpuList(cpus)), reason);
    case ChildStage::Fork:
        return trEngine("sb::run", "the supervisor cannot fork the server: %1").arg(reason);
    case ChildStage::Arguments:
        return trEngine("sb::run", "stackbench-supervisor did not understand its arguments: it "
                                   "is from another version of stackbench (reinstall it)");
    }
    return trEngine("sb::run", "the child failed before exec: %1").arg(reason);
}

template<typename T> bool readFully(int fd, T &out)
{
    ssize_t got;
    do
        got = ::read(fd, &out, sizeof out);
    while (got < 0 && errno == EINTR);
    return got == ssize_t(sizeof out);
}

struct LaunchRequest
{
    const QStringList &argv;
    const QString &cwd;
    const QProcessEnvironment &env;
    const QByteArray &program;
    const QString &stdoutPath;
    const QString &stderrPath;
    const cpu_set_t *cpus;
    QByteArray cgroup;
};

// A started supervisor and root, or why not: `failure` (before fork) or `stage` + `error`
// (a ChildReport from the supervisor or the server child).
struct Launched
{
    pid_t supervisor = 0;
    pid_t root = 0;
    int control = -1;
    int report = -1;
    int stage = 0;
    int error = 0;
    QString failure;
};

QString openLog(const QString &path, int *fd)
{
    const QByteArray p = path.isEmpty() ? QByteArrayLiteral("/dev/null") : QFile::encodeName(path);
    *fd = ::open(p.constData(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (*fd < 0)
        return trEngine("sb::run", "cannot open '%1' for the server's output: %2")
            .arg(QString::fromLocal8Bit(p), qt_error_string(errno));
    return {};
}

void closeFds(std::initializer_list<int> fds)
{
    for (int fd : fds)
        if (fd >= 0)
            ::close(fd);
}

// Reaps a supervisor whose start failed: closing its control pipe ends it.
void reapFailed(pid_t supervisor, int control, int report)
{
    closeFds({control, report});
    int status = 0;
    while (::waitpid(supervisor, &status, 0) < 0 && errno == EINTR) {
    }
}

// After the spawn: waits for the server's exec (EOF on the exec pipe, which the server closes by
// exec'ing and the supervisor after forking it) and for the supervisor's kStarted message.
Launched handshake(pid_t supervisor, int execFd, int reportFd, int controlFd)
{
    Launched out;
    sb::supervisor::ChildReport report;
    const bool failed = readFully(execFd, report);
    ::close(execFd);
    sb::supervisor::Message started;
    if (failed || !readFully(reportFd, started) || started.kind != sb::supervisor::kStarted) {
        reapFailed(supervisor, controlFd, reportFd);
        if (failed) {
            out.stage = report.stage;
            out.error = report.error;
        } else {
            out.failure = trEngine("sb::run", "the supervisor ended before starting the server");
        }
        return out;
    }
    ::fcntl(reportFd, F_SETFL, ::fcntl(reportFd, F_GETFL) | O_NONBLOCK);
    out.supervisor = supervisor;
    out.root = pid_t(started.value);
    out.control = controlFd;
    out.report = reportFd;
    return out;
}

// The stackbench-supervisor program: $STACKBENCH_SUPERVISOR, else beside an installed
// stackbench (BINDIR/../LIBEXECDIR/stackbench/), else the one this build made.
QByteArray supervisorProgram(QString *why)
{
    // Looked up at every start (two stat() calls), so that a changed STACKBENCH_SUPERVISOR counts.
    const QByteArray found = [] {
        QByteArrayList candidates;
        const QByteArray given = qgetenv("STACKBENCH_SUPERVISOR");
        if (!given.isEmpty())
            return isExecutableFile(given) ? given : QByteArray();
        const QString exe = QFileInfo(QStringLiteral("/proc/self/exe")).canonicalFilePath();
        if (!exe.isEmpty())
            candidates << QFile::encodeName(
                QFileInfo(exe).absolutePath() +
                QStringLiteral("/../" SB_SUPERVISOR_INSTALL_SUBDIR "/stackbench-supervisor"));
        candidates << QByteArrayLiteral(SB_SUPERVISOR_BUILD_PATH);
        for (const QByteArray &c : candidates)
            if (isExecutableFile(c))
                return c;
        return QByteArray();
    }();
    if (found.isEmpty())
        *why = qEnvironmentVariableIsSet("STACKBENCH_SUPERVISOR")
                   ? trEngine("sb::run", "STACKBENCH_SUPERVISOR names '%1', which is not an "
                                         "executable file")
                         .arg(qEnvironmentVariable("STACKBENCH_SUPERVISOR"))
                   : trEngine("sb::run",
                              "the program stackbench-supervisor, which starts and contains "
                              "server trees, is missing (looked beside stackbench in ../%1 and "
                              "in %2): reinstall stackbench, or set STACKBENCH_SUPERVISOR to it")
                         .arg(QStringLiteral(SB_SUPERVISOR_INSTALL_SUBDIR),
                              QStringLiteral(SB_SUPERVISOR_BUILD_PATH));
    return found;
}

// The supervisor's argv (supervisor/protocol.h) and the server's environment.
struct SpawnImage
{
    std::vector<QByteArray> args, env;
    std::vector<char *> argv, envp;

    SpawnImage(const QByteArray &supervisor, const LaunchRequest &req)
    {
        QByteArray cpus;
        if (req.cpus)
            for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
                if (CPU_ISSET(cpu, req.cpus))
                    cpus += (cpus.isEmpty() ? "" : ",") + QByteArray::number(cpu);
        args = {supervisor,
                QByteArray::number(::getpid()),
                QFile::encodeName(req.cwd),
                cpus,
                req.cgroup,
                req.program};
        for (const QString &a : req.argv)
            args.push_back(a.toLocal8Bit());
        for (const QString &key : req.env.keys())
            env.push_back((key + QLatin1Char('=') + req.env.value(key)).toLocal8Bit());
        for (QByteArray &a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        for (QByteArray &e : env)
            envp.push_back(e.data());
        envp.push_back(nullptr);
    }
};

// Starts the supervisor (posix_spawn: a vfork, so none of this process's memory is copied or
// write-protected), which forks and execs the server as the tree's root.
Launched launch(const LaunchRequest &req)
{
    Launched out;
    const QByteArray supervisor = supervisorProgram(&out.failure);
    if (supervisor.isEmpty())
        return out;
    SpawnImage image(supervisor, req);
    int outFd = -1, errFd = -1;
    out.failure = openLog(req.stdoutPath, &outFd);
    if (out.failure.isEmpty())
        out.failure = openLog(req.stderrPath, &errFd);
    if (!out.failure.isEmpty()) {
        closeFds({outFd, errFd});
        return out;
    }
    int execPipe[2] = {-1, -1}, reportPipe[2] = {-1, -1}, controlPipe[2] = {-1, -1};
    const bool piped = ::pipe2(execPipe, O_CLOEXEC) == 0 && ::pipe2(reportPipe, O_CLOEXEC) == 0 &&
                       ::pipe2(controlPipe, O_CLOEXEC) == 0;
    // The supervisor's descriptors 3..7, first copied above them so that no dup2() overwrites a
    // source another one still needs.
    const int sources[] = {controlPipe[0], reportPipe[1], execPipe[1], outFd, errFd};
    const int targets[] = {sb::supervisor::kControlFd, sb::supervisor::kReportFd,
                           sb::supervisor::kExecFd, sb::supervisor::kOutFd, sb::supervisor::kErrFd};
    int high[5] = {-1, -1, -1, -1, -1};
    bool ready = piped;
    for (int i = 0; i < 5 && ready; ++i)
        ready = (high[i] = ::fcntl(sources[i], F_DUPFD_CLOEXEC, 10)) >= 0;
    const int setupError = ready ? 0 : errno;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawnattr_init(&attr);
    for (int i = 0; i < 5 && ready; ++i)
        ::posix_spawn_file_actions_adddup2(&actions, high[i], targets[i]);
    // It starts with every signal unblocked and at its default; it blocks what it watches.
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    ::posix_spawnattr_setsigmask(&attr, &none);
    ::posix_spawnattr_setsigdefault(&attr, &all);
    ::posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t pid = -1;
    const int spawned = ready ? ::posix_spawn(&pid, supervisor.constData(), &actions, &attr,
                                              image.argv.data(), image.envp.data())
                              : setupError;
    ::posix_spawn_file_actions_destroy(&actions);
    ::posix_spawnattr_destroy(&attr);
    closeFds({high[0], high[1], high[2], high[3], high[4]});
    if (!ready || spawned != 0) {
        out.failure = !piped ? QStringLiteral("pipe: %1").arg(qt_error_string(setupError))
                      : !ready
                          ? QStringLiteral("dup: %1").arg(qt_error_string(setupError))
                          : trEngine("sb::run", "cannot start the supervisor '%1': %2")
                                .arg(QString::fromLocal8Bit(supervisor), qt_error_string(spawned));
        closeFds({outFd, errFd, execPipe[0], execPipe[1], reportPipe[0], reportPipe[1],
                  controlPipe[0], controlPipe[1]});
        return out;
    }
    closeFds({outFd, errFd, execPipe[1], reportPipe[1], controlPipe[0]});
    return handshake(pid, execPipe[0], reportPipe[0], controlPipe[1]);
}

} // namespace

ServerProcess::~ServerProcess()
{
    if (m_supervisor > 0 && !m_treeGone)
        stop(SIGKILL, 0);
    closeChannels();
}

void ServerProcess::closeChannels()
{
    if (m_control >= 0)
        ::close(m_control);
    if (m_report >= 0)
        ::close(m_report);
    m_control = m_report = -1;
}

sb::Status ServerProcess::start(const QStringList &argv, const QString &cwd,
                                const QMap<QString, QString> &env, const QString &stdoutPath,
                                const QString &stderrPath, const std::vector<int> &cpus)
{
    const QString where = commandLine(argv);
    auto fail = [&](const QString &detail) {
        return sb::qtError(QStringLiteral("run.start"), where, detail);
    };
    if (argv.isEmpty() || argv.first().isEmpty())
        return fail(trEngine("sb::run", "empty command"));
    if (m_supervisor > 0 && !m_treeGone && running())
        return fail(trEngine("sb::run", "already running as PID %1").arg(m_pid));
    if (m_supervisor > 0 && !m_treeGone)
        stop(SIGKILL, 0); // what the previous root left behind
    closeChannels();
    m_pid = m_supervisor = 0;
    if (!cwd.isEmpty() && !QFileInfo(cwd).isDir())
        return fail(trEngine("sb::run", "working directory '%1' does not exist").arg(cwd));

    QProcessEnvironment penv = QProcessEnvironment::systemEnvironment();
    for (auto it = env.constBegin(); it != env.constEnd(); ++it)
        penv.insert(it.key(), it.value());

    QString why;
    const QByteArray program =
        resolveProgram(argv.first(), cwd, penv.value(QStringLiteral("PATH")), &why);
    if (program.isEmpty())
        return fail(why);

    cpu_set_t cpuSet;
    CPU_ZERO(&cpuSet);
    for (int cpu : cpus) {
        if (cpu < 0 || cpu >= CPU_SETSIZE)
            return fail(
                trEngine("sb::run", "CPU %1 is outside 0..%2").arg(cpu).arg(CPU_SETSIZE - 1));
        CPU_SET(cpu, &cpuSet);
    }

    Containment mode = m_requested == Containment::Auto ? defaultContainment() : m_requested;
    QByteArray cgroup;
    if (mode != Containment::Subreaper) {
        const CgroupDir dir = makeTreeCgroup(++g_cgroupSerial);
        if (dir.path.isEmpty() && mode == Containment::Cgroup)
            return fail(
                trEngine("sb::run", "cannot contain the tree in a cgroup: %1").arg(dir.error));
        cgroup = dir.path;
    }
    LaunchRequest request{
        argv, cwd, penv, program, stdoutPath, stderrPath, cpus.empty() ? nullptr : &cpuSet, cgroup};
    Launched launched = launch(request);
    if (launched.stage == int(sb::supervisor::ChildStage::Cgroup) && mode == Containment::Auto) {
        // The machine has cgroup v2 but will not let the tree join it: the subreaper alone.
        removeTreeCgroup(cgroup);
        cgroup.clear();
        request.cgroup = cgroup;
        launched = launch(request);
    }
    if (!launched.failure.isEmpty()) {
        removeTreeCgroup(cgroup);
        return fail(launched.failure);
    }
    if (launched.stage != 0) {
        const QString failure = childFailure(sb::supervisor::ChildStage(launched.stage),
                                             launched.error, argv, cwd, cpus, cgroup);
        removeTreeCgroup(cgroup);
        return fail(failure);
    }
    m_supervisor = launched.supervisor;
    m_pid = launched.root;
    m_control = launched.control;
    m_report = launched.report;
    m_reportEnded = false;
    Member root;
    m_rootStartTicks = readMember(m_pid, root) ? root.startTicks : 0;
    m_cgroup = cgroup;
    m_containment = cgroup.isEmpty() ? Containment::Subreaper : Containment::Cgroup;
    m_exited = false;
    m_status = 0;
    m_treeGone = false;
    return sb::Ok{};
}

void ServerProcess::readReports() const
{
    if (m_report < 0 || m_reportEnded)
        return;
    sb::supervisor::Message messages[16];
    for (;;) {
        const ssize_t got = ::read(m_report, messages, sizeof messages);
        if (got < 0 && errno == EINTR)
            continue;
        if (got == 0)
            m_reportEnded = true;
        if (got <= 0)
            return;
        for (ssize_t i = 0; i < got / ssize_t(sizeof messages[0]); ++i)
            if (messages[i].kind == sb::supervisor::kRootExited && !m_exited) {
                m_exited = true;
                m_status = messages[i].value;
            }
    }
}

// The supervisor reaps the root and then reports it, so a root already gone from /proc (or a
// zombie) has a report on its way: wait for it rather than call the root "running".
void ServerProcess::awaitExitReport(int waitMs) const
{
    if (m_pid <= 0 || m_exited || m_report < 0 || m_reportEnded)
        return;
    Member root;
    const bool gone = !readMember(m_pid, root) || isGone(root) ||
                      (m_rootStartTicks != 0 && root.startTicks != m_rootStartTicks);
    if (!gone)
        return;
    const auto deadline = Clock::now() + std::chrono::milliseconds(waitMs);
    for (;;) {
        readReports();
        if (m_exited || m_reportEnded)
            return;
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0)
            return;
        pollfd p{m_report, POLLIN, 0};
        (void)::poll(&p, 1, int(left));
    }
}

bool ServerProcess::running()
{
    if (m_pid <= 0 || m_exited)
        return false;
    readReports();
    awaitExitReport(1000);
    if (!m_exited && m_reportEnded) {
        // The supervisor is gone without a word about the root (it was killed): the root went
        // with it (its parent death signal), status unknown.
        m_exited = true;
        m_status = -1;
    }
    return !m_exited;
}

QString ServerProcess::exitDescription() const
{
    if (m_pid <= 0)
        return trEngine("sb::run", "not started");
    readReports();
    awaitExitReport(1000);
    if (!m_exited && m_reportEnded)
        return trEngine("sb::run", "exited (status unknown: its supervisor was killed)");
    if (!m_exited)
        return trEngine("sb::run", "running");
    if (m_status == -1)
        return trEngine("sb::run", "exited (status unknown: its supervisor was killed)");
    if (WIFEXITED(m_status))
        return trEngine("sb::run", "exited with code %1").arg(WEXITSTATUS(m_status));
    if (WIFSIGNALED(m_status)) {
        const int sig = WTERMSIG(m_status);
        const char *name = ::sigdescr_np(sig);
        return trEngine("sb::run", "killed by signal %1 (%2)")
            .arg(sig)
            .arg(name ? QString::fromUtf8(name) : QStringLiteral("unknown"));
    }
    return trEngine("sb::run", "exited (status %1)").arg(m_status);
}

std::vector<pid_t> ServerProcess::members() const
{
    std::vector<pid_t> out;
    auto add = [&](pid_t p) {
        Member m;
        if (p != m_supervisor && readMember(p, m) && !isGone(m) &&
            std::find(out.begin(), out.end(), p) == out.end())
            out.push_back(p);
    };
    if (m_pid <= 0)
        return out;
    if (!m_exited)
        add(m_pid);
    if (m_supervisor > 0 && !m_treeGone)
        for (pid_t p : sb::sample::processTree(m_supervisor))
            add(p);
    if (!m_cgroup.isEmpty())
        for (pid_t p : cgroupMembers(m_cgroup))
            add(p);
    return out;
}

void ServerProcess::endSupervisor()
{
    if (m_control >= 0) {
        ::close(m_control); // the supervisor kills whatever is left and exits
        m_control = -1;
    }
    if (m_supervisor <= 0)
        return;
    bool reaped = false;
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    while (!reaped) {
        int status = 0;
        const pid_t r = ::waitpid(m_supervisor, &status, WNOHANG);
        reaped = r == m_supervisor || (r < 0 && errno == ECHILD);
        if (!reaped && Clock::now() >= deadline) {
            ::kill(m_supervisor, SIGKILL);
            if (!m_cgroup.isEmpty())
                killCgroup(m_cgroup);
            while (::waitpid(m_supervisor, &status, 0) < 0 && errno == EINTR) {
            }
            reaped = true;
        }
        if (!reaped)
            sleepMs(2);
    }
    readReports(); // the root's status, written before the supervisor exited
    if (!m_exited) {
        m_exited = true;
        m_status = -1;
    }
}

bool ServerProcess::stop(int signal, qint64 graceMs)
{
    if (m_supervisor <= 0 || m_treeGone)
        return true;

    // Every member ever seen, with its start time, so a recycled PID is never signalled.
    std::map<pid_t, uint64_t> known;
    auto scanTree = [&] {
        running();
        for (pid_t p : members()) {
            Member m;
            if (readMember(p, m) && !known.count(p))
                known.emplace(p, m.startTicks);
        }
    };
    auto alive = [&](pid_t p, uint64_t start) {
        Member m;
        return readMember(p, m) && m.startTicks == start && !isGone(m);
    };
    auto signalAll = [&](int sig) {
        if (!m_exited)
            ::kill(-m_pid, sig); // setsid() made the root the leader of its group
        for (const auto &[p, start] : known)
            if (alive(p, start))
                ::kill(p, sig);
    };
    auto anyAlive = [&] {
        if (!m_exited)
            return true;
        for (const auto &[p, start] : known)
            if (alive(p, start))
                return true;
        return !members().empty();
    };
    // Signals new members as they appear, until all are gone or `deadline` passes.
    auto waitUntil = [&](Clock::time_point deadline, int sig) {
        for (;;) {
            const size_t before = known.size();
            scanTree();
            if (known.size() != before)
                signalAll(sig);
            if (!anyAlive())
                return true;
            if (Clock::now() >= deadline)
                return false;
            sleepMs(20);
        }
    };

    scanTree();
    signalAll(signal);
    const bool graceful =
        waitUntil(Clock::now() + std::chrono::milliseconds(std::max<qint64>(graceMs, 0)), signal);
    if (!graceful)
        signalAll(SIGKILL);
    endSupervisor();
    const bool gone = !anyAlive();
    if (!gone && !m_cgroup.isEmpty())
        killCgroup(m_cgroup);
    if (!gone)
        waitUntil(Clock::now() + std::chrono::seconds(2), SIGKILL);
    m_treeGone = !anyAlive();
    if (m_treeGone)
        removeTreeCgroup(m_cgroup);
    closeChannels();
    return graceful;
}

} // namespace sb::run
