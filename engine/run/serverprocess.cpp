#include "run/serverprocess.h"

#include "core/qterror.h"
#include "sample/procreader.h" // listPids
#include "sample/proctree.h"

#include <QDir>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <linux/close_range.h>
#include <map>
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

// What the child reports through the CLOEXEC pipe when it cannot exec.
enum class ChildStage : int
{
    Chdir = 1,
    Stdin,
    Dup,
    Exec
};

struct ChildReport
{
    int stage = 0;
    int error = 0;
};

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
            *why = QStringLiteral("program '%1' not found").arg(program);
            return {};
        }
        if (!isExecutableFile(encoded)) {
            *why = QStringLiteral("program '%1' is not an executable file").arg(program);
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
               ? QStringLiteral("program '%1' found in PATH but not executable").arg(program)
               : QStringLiteral("program '%1' not found (PATH=%2)").arg(program, pathVar);
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

} // namespace

ServerProcess::~ServerProcess()
{
    if (m_pid > 0 && !m_treeGone)
        stop(SIGKILL, 0);
}

sb::Status ServerProcess::start(const QStringList &argv, const QString &cwd,
                                const QMap<QString, QString> &env, const QString &stdoutPath,
                                const QString &stderrPath)
{
    const QString where = commandLine(argv);
    auto fail = [&](const QString &detail) {
        return sb::qtError(QStringLiteral("run.start"), where, detail);
    };
    if (argv.isEmpty() || argv.first().isEmpty())
        return fail(QStringLiteral("empty command"));
    if (m_pid > 0 && !m_treeGone && running())
        return fail(QStringLiteral("already running as PID %1").arg(m_pid));
    if (m_pid > 0 && !m_treeGone)
        stop(SIGKILL, 0); // what the previous root left behind in its group
    if (!cwd.isEmpty() && !QFileInfo(cwd).isDir())
        return fail(QStringLiteral("working directory '%1' does not exist").arg(cwd));

    QProcessEnvironment penv = QProcessEnvironment::systemEnvironment();
    for (auto it = env.constBegin(); it != env.constEnd(); ++it)
        penv.insert(it.key(), it.value());

    QString why;
    const QByteArray program =
        resolveProgram(argv.first(), cwd, penv.value(QStringLiteral("PATH")), &why);
    if (program.isEmpty())
        return fail(why);

    // Everything the child touches is prepared here: after fork() only async-signal-safe calls.
    std::vector<QByteArray> argStorage;
    for (const QString &a : argv)
        argStorage.push_back(a.toLocal8Bit());
    std::vector<char *> childArgv;
    for (QByteArray &a : argStorage)
        childArgv.push_back(a.data());
    childArgv.push_back(nullptr);
    // execve() answers ENOEXEC for a script without "#!"; execvp() then runs it with /bin/sh.
    QByteArray shName = "sh";
    QByteArray programCopy = program;
    std::vector<char *> shArgv{shName.data(), programCopy.data()};
    for (size_t i = 1; i < argStorage.size(); ++i)
        shArgv.push_back(argStorage[i].data());
    shArgv.push_back(nullptr);

    std::vector<QByteArray> envStorage;
    for (const QString &key : penv.keys())
        envStorage.push_back((key + QLatin1Char('=') + penv.value(key)).toLocal8Bit());
    std::vector<char *> childEnv;
    for (QByteArray &e : envStorage)
        childEnv.push_back(e.data());
    childEnv.push_back(nullptr);
    const QByteArray cwdBytes = QFile::encodeName(cwd);

    auto openLog = [&](const QString &path, int *fd) -> QString {
        const QByteArray p =
            path.isEmpty() ? QByteArrayLiteral("/dev/null") : QFile::encodeName(path);
        *fd = ::open(p.constData(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
        if (*fd < 0)
            return QStringLiteral("cannot open '%1' for the server's output: %2")
                .arg(QString::fromLocal8Bit(p), qt_error_string(errno));
        return {};
    };
    int outFd = -1, errFd = -1;
    QString openError = openLog(stdoutPath, &outFd);
    if (openError.isEmpty())
        openError = openLog(stderrPath, &errFd);
    if (!openError.isEmpty()) {
        if (outFd >= 0)
            ::close(outFd);
        return fail(openError);
    }
    int reportPipe[2];
    if (::pipe2(reportPipe, O_CLOEXEC) != 0) {
        const int e = errno;
        ::close(outFd);
        ::close(errFd);
        return fail(QStringLiteral("pipe: %1").arg(qt_error_string(e)));
    }

    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        const int e = errno;
        ::close(outFd);
        ::close(errFd);
        ::close(reportPipe[0]);
        ::close(reportPipe[1]);
        return fail(QStringLiteral("fork: %1").arg(qt_error_string(e)));
    }
    if (pid == 0) {
        // Child: async-signal-safe calls only.
        auto report = [&](ChildStage stage) {
            ChildReport r{int(stage), errno};
            ssize_t ignored = ::write(reportPipe[1], &r, sizeof r);
            (void)ignored;
            ::_exit(127);
        };
        ::setsid();
        // The server is in a session of its own, so a SIGKILLed Stackbench would leave it
        // running and holding its port; the kernel kills it when the thread that started it dies.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            ::_exit(127);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        // Ignored signals survive exec; the server must start with default dispositions.
        struct sigaction dfl
        {};
        dfl.sa_handler = SIG_DFL;
        for (int s = 1; s < NSIG; ++s)
            if (s != SIGKILL && s != SIGSTOP)
                ::sigaction(s, &dfl, nullptr);
        if (!cwdBytes.isEmpty() && ::chdir(cwdBytes.constData()) != 0)
            report(ChildStage::Chdir);
        const int nullFd = ::open("/dev/null", O_RDONLY);
        if (nullFd < 0)
            report(ChildStage::Stdin);
        if (::dup2(nullFd, 0) < 0 || ::dup2(outFd, 1) < 0 || ::dup2(errFd, 2) < 0)
            report(ChildStage::Dup);
        if (nullFd > 2)
            ::close(nullFd);
        // Descriptors the parent opened without O_CLOEXEC (sockets, databases) must not leak.
        if (::syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
            for (int fd = 3; fd < 4096; ++fd)
                ::fcntl(fd, F_SETFD, FD_CLOEXEC);
        ::execve(programCopy.constData(), childArgv.data(), childEnv.data());
        if (errno == ENOEXEC)
            ::execve("/bin/sh", shArgv.data(), childEnv.data());
        report(ChildStage::Exec);
    }

    ::close(reportPipe[1]);
    ::close(outFd);
    ::close(errFd);
    ChildReport r;
    ssize_t got;
    do
        got = ::read(reportPipe[0], &r, sizeof r);
    while (got < 0 && errno == EINTR);
    ::close(reportPipe[0]);
    if (got == ssize_t(sizeof r)) {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        const QString reason = qt_error_string(r.error);
        switch (ChildStage(r.stage)) {
        case ChildStage::Chdir:
            return fail(
                QStringLiteral("cannot change to working directory '%1': %2").arg(cwd, reason));
        case ChildStage::Stdin:
        case ChildStage::Dup:
            return fail(QStringLiteral("cannot set up the standard streams: %1").arg(reason));
        case ChildStage::Exec:
            if (r.error == ENOENT)
                return fail(
                    QStringLiteral("program '%1' or its interpreter not found").arg(argv.first()));
            return fail(QStringLiteral("cannot execute '%1': %2").arg(argv.first(), reason));
        }
        return fail(QStringLiteral("the child failed before exec: %1").arg(reason));
    }
    m_pid = pid;
    m_exited = false;
    m_status = 0;
    m_treeGone = false;
    return sb::Ok{};
}

bool ServerProcess::running()
{
    if (m_pid <= 0 || m_exited)
        return false;
    int status = 0;
    pid_t r;
    do
        r = ::waitpid(m_pid, &status, WNOHANG);
    while (r < 0 && errno == EINTR);
    if (r == 0)
        return true;
    m_exited = true;
    m_status = r == m_pid ? status : -1; // -1: reaped by someone else (unknown status)
    return false;
}

QString ServerProcess::exitDescription() const
{
    if (m_pid <= 0)
        return QStringLiteral("not started");
    if (!m_exited)
        return QStringLiteral("running");
    if (m_status == -1)
        return QStringLiteral("exited (status unknown: reaped elsewhere)");
    if (WIFEXITED(m_status))
        return QStringLiteral("exited with code %1").arg(WEXITSTATUS(m_status));
    if (WIFSIGNALED(m_status)) {
        const int sig = WTERMSIG(m_status);
        const char *name = ::sigdescr_np(sig);
        return QStringLiteral("killed by signal %1 (%2)")
            .arg(sig)
            .arg(name ? QString::fromUtf8(name) : QStringLiteral("unknown"));
    }
    return QStringLiteral("exited (status %1)").arg(m_status);
}

bool ServerProcess::stop(int signal, qint64 graceMs)
{
    if (m_pid <= 0 || m_treeGone)
        return true;
    const pid_t pgid = m_pid; // setsid() made the root the leader of its group

    // Every member ever seen, with its start time, so a recycled PID is never signalled.
    std::map<pid_t, uint64_t> known;
    auto scanTree = [&] {
        running(); // reaps the root when it has exited
        if (m_exited)
            return; // a reaped root's PID may be reused: only the group remains addressable
        for (pid_t p : sb::sample::processTree(m_pid)) {
            Member m;
            if (readMember(p, m) && !known.count(p))
                known.emplace(p, m.startTicks);
        }
    };
    auto signalAll = [&](int sig) {
        ::kill(-pgid, sig);
        for (const auto &[p, start] : known) {
            Member m;
            if (readMember(p, m) && m.startTicks == start && !isGone(m))
                ::kill(p, sig);
        }
    };
    auto groupAlive = [&] {
        if (::kill(-pgid, 0) != 0)
            return false;
        // Zombies keep a group "alive" for kill(); only a live member counts.
        std::vector<pid_t> all;
        sb::sample::listPids(all);
        for (pid_t p : all) {
            Member m;
            if (readMember(p, m) && m.pgrp == pgid && !isGone(m))
                return true;
        }
        return false;
    };
    auto anyAlive = [&] {
        if (!m_exited)
            return true;
        for (const auto &[p, start] : known) {
            Member m;
            if (readMember(p, m) && m.startTicks == start && !isGone(m))
                return true;
        }
        return groupAlive();
    };
    // Signals new descendants as they appear, until all are gone or `deadline` passes.
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
    if (!graceful) {
        signalAll(SIGKILL);
        waitUntil(Clock::now() + std::chrono::seconds(5), SIGKILL);
    }
    m_treeGone = m_exited && !anyAlive();
    return graceful;
}

} // namespace sb::run
