#include "run/serverprocess.h"

#include "core/cpuset.h"
#include "core/enginetext.h"
#include "core/qterror.h"
#include "run/supervisorlaunch.h"
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
        detail::resolveProgram(argv.first(), cwd, penv.value(QStringLiteral("PATH")), &why);
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
    detail::LaunchRequest request{
        argv, cwd, penv, program, stdoutPath, stderrPath, cpus.empty() ? nullptr : &cpuSet, cgroup};
    detail::Launched launched = detail::launch(request);
    if (launched.stage == int(sb::supervisor::ChildStage::Cgroup) && mode == Containment::Auto) {
        // The machine has cgroup v2 but will not let the tree join it: the subreaper alone.
        removeTreeCgroup(cgroup);
        cgroup.clear();
        request.cgroup = cgroup;
        launched = detail::launch(request);
    }
    if (!launched.failure.isEmpty()) {
        removeTreeCgroup(cgroup);
        return fail(launched.failure);
    }
    if (launched.stage != 0) {
        const QString failure = detail::childFailure(sb::supervisor::ChildStage(launched.stage),
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
