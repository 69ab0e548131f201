#include "supervisor/supervisor.h"

#include <cerrno>
#include <csignal>
#include <ctime>
#include <fcntl.h>
#include <initializer_list>
#include <linux/close_range.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

// Only async-signal-safe calls below this line (see supervisor.h).

namespace sb::supervisor {

namespace {

void sendMessage(int fd, int kind, int value)
{
    const Message m{kind, value};
    ssize_t ignored = ::write(fd, &m, sizeof m); // a gone runner: EPIPE, SIGPIPE is blocked
    (void)ignored;
}

[[noreturn]] void failChild(int fd, ChildStage stage)
{
    const ChildReport r{int(stage), errno};
    ssize_t ignored = ::write(fd, &r, sizeof r);
    (void)ignored;
    ::_exit(127);
}

int64_t monotonicMs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return int64_t(ts.tv_sec) * 1000 + ts.tv_nsec / 1'000'000;
}

void sleepMs(long ms)
{
    timespec ts{ms / 1000, (ms % 1000) * 1'000'000};
    ::nanosleep(&ts, nullptr);
}

// Closes every descriptor except the ones in keep[] (n of them).
void closeAllBut(const int *keep, int n)
{
    for (int fd = 3; fd < 65536; ++fd) {
        bool kept = false;
        for (int i = 0; i < n; ++i)
            kept = kept || keep[i] == fd;
        if (kept)
            continue;
        // The next kept descriptor above fd bounds a range close_range() shuts in one call.
        int next = 65536;
        for (int i = 0; i < n; ++i)
            if (keep[i] > fd && keep[i] < next)
                next = keep[i];
        if (::syscall(SYS_close_range, unsigned(fd), unsigned(next - 1), 0U) != 0)
            for (int f = fd; f < next && f < 4096; ++f)
                ::close(f);
        fd = next;
    }
}

// Parses a decimal number at p, advancing p.
long parseLong(const char *&p)
{
    long v = 0;
    while (*p >= '0' && *p <= '9')
        v = v * 10 + (*p++ - '0');
    return v;
}

// The parent pid of `pid` from /proc/PID/stat, or -1.
pid_t parentOf(pid_t pid)
{
    char path[32] = "/proc/";
    char digits[16];
    int n = 0;
    for (long v = pid; v > 0 && n < 15; v /= 10)
        digits[n++] = char('0' + v % 10);
    int len = 6;
    while (n > 0)
        path[len++] = digits[--n];
    const char tail[] = "/stat";
    for (char c : tail)
        path[len++] = c;
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    char buf[512];
    const ssize_t got = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (got <= 0)
        return -1;
    buf[got] = '\0';
    // The comm may hold blanks and parentheses: fields restart after the last ')'.
    const char *close = nullptr;
    for (const char *p = buf; *p; ++p)
        if (*p == ')')
            close = p;
    if (!close || close[1] != ' ' || !close[2] || close[3] != ' ')
        return -1;
    const char *p = close + 4; // field 4: ppid
    return pid_t(parseLong(p));
}

// Lists every process but `self` with its parent in plan's scratch buffers; returns how many.
size_t listProcesses(const SupervisorPlan &plan, pid_t self)
{
    const int dir = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0)
        return 0;
    size_t n = 0;
    alignas(8) char buf[8192];
    for (;;) {
        const long got = ::syscall(SYS_getdents64, dir, buf, sizeof buf);
        if (got <= 0)
            break;
        for (long off = 0; off < got;) {
            // struct linux_dirent64: d_ino (8), d_off (8), d_reclen (2), d_type (1), d_name.
            unsigned short reclen = 0;
            __builtin_memcpy(&reclen, buf + off + 16, sizeof reclen);
            const char *name = buf + off + 19;
            off += reclen;
            if (*name < '1' || *name > '9')
                continue;
            const char *p = name;
            const pid_t pid = pid_t(parseLong(p));
            if (*p || pid == self || n >= plan.scratchSize)
                continue;
            const pid_t parent = parentOf(pid);
            if (parent <= 0)
                continue;
            plan.scratchPids[n] = pid;
            plan.scratchParents[n] = parent;
            plan.scratchMarks[n] = 0;
            ++n;
        }
    }
    ::close(dir);
    return n;
}

// Marks the descendants of `self` among the n listed processes; returns how many there are.
size_t markDescendants(const SupervisorPlan &plan, pid_t self, size_t n)
{
    // Mark children of marked pids until nothing changes: one pass per tree level.
    auto bit = [&](pid_t pid) -> bool {
        const size_t i = size_t(pid) / 8;
        return i < plan.pidBitsBytes && (plan.pidBits[i] >> (pid % 8)) & 1;
    };
    auto setBit = [&](pid_t pid, bool on) {
        const size_t i = size_t(pid) / 8;
        if (i < plan.pidBitsBytes) {
            if (on)
                plan.pidBits[i] |= (unsigned char)(1u << (pid % 8));
            else
                plan.pidBits[i] &= (unsigned char)~(1u << (pid % 8));
        }
    };
    setBit(self, true);
    size_t marked = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i < n; ++i) {
            if (plan.scratchMarks[i] || !bit(plan.scratchParents[i]))
                continue;
            plan.scratchMarks[i] = 1;
            setBit(plan.scratchPids[i], true);
            ++marked;
            changed = true;
        }
    }
    // Leave the bitmap clear for the next scan.
    setBit(self, false);
    for (size_t i = 0; i < n; ++i)
        if (plan.scratchMarks[i])
            setBit(plan.scratchPids[i], false);
    return marked;
}

// Reaps every child that has ended; reports the root's status. False once no child is left.
bool reapChildren(const SupervisorPlan &plan, pid_t root)
{
    for (;;) {
        int status = 0;
        const pid_t pid = ::waitpid(-1, &status, WNOHANG);
        if (pid > 0) {
            if (pid == root)
                sendMessage(plan.reportFd, kRootExited, status);
            continue;
        }
        if (pid < 0 && errno == EINTR)
            continue;
        return !(pid < 0 && errno == ECHILD);
    }
}

void writeKill(const char *path)
{
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    ssize_t ignored = ::write(fd, "1", 1);
    (void)ignored;
    ::close(fd);
}

// SIGKILL to the whole tree until no descendant is left (bounded: 10 s).
void killTree(const SupervisorPlan &plan, pid_t self, pid_t root)
{
    const int64_t deadline = monotonicMs() + 10'000;
    for (;;) {
        if (plan.cgroupKill)
            writeKill(plan.cgroupKill);
        const size_t scanned = listProcesses(plan, self);
        const size_t found = markDescendants(plan, self, scanned);
        for (size_t i = 0; i < scanned; ++i)
            if (plan.scratchMarks[i])
                ::kill(plan.scratchPids[i], SIGKILL);
        const bool childrenLeft = reapChildren(plan, root);
        if (found == 0 && !childrenLeft)
            return;
        if (monotonicMs() >= deadline)
            return;
        sleepMs(2);
    }
}

[[noreturn]] void runServerChild(const SupervisorPlan &plan, pid_t supervisor)
{
    ::setsid();
    // Should the supervisor itself be killed, the root goes with it.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != supervisor)
        ::_exit(127);
    if (plan.cgroupProcs) {
        const int fd = ::open(plan.cgroupProcs, O_WRONLY | O_CLOEXEC);
        if (fd < 0 || ::write(fd, "0", 1) != 1)
            failChild(plan.execFd, ChildStage::Cgroup);
        ::close(fd);
    }
    if (plan.cpus && ::sched_setaffinity(0, sizeof(cpu_set_t), plan.cpus) != 0)
        failChild(plan.execFd, ChildStage::Affinity);
    // Ignored or blocked signals survive exec; the server starts with the defaults.
    struct sigaction dfl
    {};
    dfl.sa_handler = SIG_DFL;
    for (int s = 1; s < NSIG; ++s)
        if (s != SIGKILL && s != SIGSTOP)
            ::sigaction(s, &dfl, nullptr);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    if (plan.cwd && *plan.cwd && ::chdir(plan.cwd) != 0)
        failChild(plan.execFd, ChildStage::Chdir);
    const int nullFd = ::open("/dev/null", O_RDONLY);
    if (nullFd < 0)
        failChild(plan.execFd, ChildStage::Stdin);
    if (::dup2(nullFd, 0) < 0 || ::dup2(plan.outFd, 1) < 0 || ::dup2(plan.errFd, 2) < 0)
        failChild(plan.execFd, ChildStage::Dup);
    if (nullFd > 2)
        ::close(nullFd);
    // Only the exec pipe is left above 2, and it is CLOEXEC; this is belt and braces.
    if (::syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
        for (int fd = 3; fd < 4096; ++fd)
            ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    ::execve(plan.program, plan.argv, plan.envp);
    if (errno == ENOEXEC)
        ::execve("/bin/sh", plan.shArgv, plan.envp);
    failChild(plan.execFd, ChildStage::Exec);
}

// Reaps and reports children until the runner's end of the control pipe closes or a
// terminating signal comes (PR_SET_PDEATHSIG sends SIGTERM).
void waitForTheEnd(const SupervisorPlan &plan, int sigFd, pid_t root)
{
    for (bool end = false; !end;) {
        pollfd fds[2] = {{plan.controlFd, POLLIN, 0}, {sigFd, POLLIN, 0}};
        // Without a signalfd (it cannot fail in practice), poll children every 100 ms.
        const int n = ::poll(fds, sigFd >= 0 ? 2 : 1, sigFd >= 0 ? -1 : 100);
        if (n < 0 && errno != EINTR)
            end = true;
        if (sigFd >= 0 && (fds[1].revents & POLLIN)) {
            signalfd_siginfo info[8];
            ssize_t got;
            while ((got = ::read(sigFd, info, sizeof info)) > 0)
                for (ssize_t i = 0; i < got / ssize_t(sizeof info[0]); ++i)
                    end = end || int(info[i].ssi_signo) != SIGCHLD;
        }
        reapChildren(plan, root);
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            char buf[64];
            const ssize_t got = ::read(plan.controlFd, buf, sizeof buf);
            end = end || got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN);
        }
    }
}

} // namespace

void runSupervisor(const SupervisorPlan &plan)
{
    ::setsid(); // a terminal's Ctrl-C reaches the runner, which stops the tree gracefully
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != plan.runner)
        ::_exit(0); // the runner is already gone and nothing was started
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    ::prctl(PR_SET_NAME, "sb-supervisor"); // what ps and top show instead of a second stackbench

    sigset_t all;
    sigfillset(&all);
    ::sigprocmask(SIG_BLOCK, &all, nullptr);
    // Children must become zombies to be reaped (an inherited SIG_IGN would auto-reap them).
    struct sigaction dfl
    {};
    dfl.sa_handler = SIG_DFL;
    ::sigaction(SIGCHLD, &dfl, nullptr);
    sigset_t watched;
    sigemptyset(&watched);
    for (int s : {SIGCHLD, SIGTERM, SIGHUP, SIGINT, SIGQUIT})
        sigaddset(&watched, s);
    const int sigFd = ::signalfd(-1, &watched, SFD_CLOEXEC | SFD_NONBLOCK);
    const int keep[] = {plan.controlFd, plan.reportFd, plan.execFd, plan.outFd, plan.errFd, sigFd};
    closeAllBut(keep, sizeof keep / sizeof keep[0]);

    const pid_t self = ::getpid();
    const pid_t root = ::fork();
    if (root < 0)
        failChild(plan.execFd, ChildStage::Fork);
    if (root == 0) {
        ::close(plan.controlFd);
        ::close(plan.reportFd);
        if (sigFd >= 0)
            ::close(sigFd);
        runServerChild(plan, self);
    }
    sendMessage(plan.reportFd, kStarted, int(root));
    ::close(plan.execFd);
    ::close(plan.outFd);
    ::close(plan.errFd);

    waitForTheEnd(plan, sigFd, root);
    killTree(plan, self, root);
    if (plan.cgroupDir)
        for (int i = 0; i < 100 && ::rmdir(plan.cgroupDir) != 0 && errno == EBUSY; ++i)
            sleepMs(5);
    ::_exit(0);
}

} // namespace sb::supervisor
