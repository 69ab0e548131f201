#include "run/supervisorlaunch.h"

#include "core/cpuset.h"
#include "core/enginetext.h"
#include "core/qterror.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <initializer_list>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sb::run::detail {

namespace {

bool isExecutableFile(const QByteArray &path)
{
    struct stat st
    {};
    return ::stat(path.constData(), &st) == 0 && S_ISREG(st.st_mode) &&
           ::access(path.constData(), X_OK) == 0;
}

template<typename T> bool readFully(int fd, T &out)
{
    ssize_t got;
    do
        got = ::read(fd, &out, sizeof out);
    while (got < 0 && errno == EINTR);
    return got == ssize_t(sizeof out);
}

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

} // namespace

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

} // namespace sb::run::detail
