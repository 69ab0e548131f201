#pragma once

#include "core/result.h"
#include "run/containment.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <sys/types.h>
#include <vector>

namespace sb::run {

// One configuration's server process tree, started in its own session and process group, stdout
// and stderr appended to files (so a chatty server never blocks on a full pipe), contained as
// containment.h describes: a supervisor child of this process (the stackbench-supervisor program,
// started with posix_spawn, so this process is never forked) is the tree's
// subreaper and kills the whole tree when this process dies (SIGKILL included), and where the
// machine allows it the tree has a cgroup v2 of its own. Not a QObject and needs no event loop.
// Use it from one thread; that thread must outlive the tree (PR_SET_PDEATHSIG follows it).
class ServerProcess
{
public:
    ServerProcess() = default;
    ~ServerProcess(); // stop(SIGKILL, 0) unless a stop() already saw the whole tree gone
    ServerProcess(const ServerProcess &) = delete;
    ServerProcess &operator=(const ServerProcess &) = delete;

    // How the next start() contains the tree; Auto (the default) means defaultContainment().
    void setContainment(Containment c) { m_requested = c; }

    // Starts argv[0] (looked up in the child's PATH when it has no '/'; a file without "#!" runs
    // under /bin/sh, like execvp) with argv in `cwd` (empty: the current directory), with the
    // inherited environment plus `env`, stdin from /dev/null, no inherited descriptors beyond
    // 0-2, default signal dispositions. An empty output path means /dev/null. Errors (code
    // "run.start", where = the command line, shell-quoted, NOT redacted): empty argv, already
    // running, missing cwd, an output file that cannot be opened, program not found or not
    // executable (reported synchronously: the child reports exec failure through a CLOEXEC
    // pipe), a CPU set the kernel refuses ("cannot run on CPUs 7: ..."), Containment::Cgroup
    // where no cgroup can be made. `cpus` (CPU numbers, core/cpuset.h) binds the root before
    // exec, so the whole tree inherits it; empty = inherited from this process. Starting again
    // after the previous tree ended first kills what it left.
    sb::Status start(const QStringList &argv, const QString &cwd, const QMap<QString, QString> &env,
                     const QString &stdoutPath, const QString &stderrPath,
                     const std::vector<int> &cpus = {});

    pid_t pid() const { return m_pid; } // the tree's root (the server); 0 before start
    pid_t supervisorPid() const { return m_supervisor; } // 0 before start
    // Cgroup or Subreaper: how the last start() contained the tree (Auto before start).
    Containment containment() const { return m_containment; }
    QByteArray cgroupPath() const { return m_cgroup; } // empty without a cgroup
    // Live processes of the tree now: the root's descendants, orphans the supervisor adopted
    // and the cgroup's members, root first. Reads /proc.
    std::vector<pid_t> members() const;
    // Reaps without blocking; false once the root process has exited (or before start). A root
    // that is gone from /proc (or a zombie) is waited for briefly (up to 1 s) until the
    // supervisor reports how it ended, so running() never says true of a dead root.
    bool running();
    // "exited with code 3", "killed by signal 9 (Killed)", "running", "not started". When the
    // root is gone but its end not yet read, waits for it as running() does (up to 1 s), so a
    // crash reads as its exit code or signal, never as "running".
    QString exitDescription() const;

    // Stops the whole tree: `signal` to the root's process group and to every member (see
    // members(): children that left the group and orphans too), waits up to graceMs for all of
    // them to go, then has the supervisor SIGKILL whatever is left (cgroup.kill where there is
    // a cgroup) and reaps the supervisor. Members that appear meanwhile are signalled too; PIDs
    // are checked against their start time before each signal. Polls every 20 ms. Returns true
    // when the tree ended within the grace period (false = it had to be killed). Bounded:
    // returns within graceMs + 10 s. A second stop() returns true at once.
    bool stop(int signal, qint64 graceMs);

private:
    void readReports() const;
    void awaitExitReport(int waitMs) const;
    void endSupervisor();
    void closeChannels();

    Containment m_requested = Containment::Auto;
    Containment m_containment = Containment::Auto;
    QByteArray m_cgroup;           // the tree's cgroup directory, empty without one
    pid_t m_pid = 0;               // the root
    pid_t m_supervisor = 0;        // its parent, our child
    int m_control = -1;            // write end: closing it tells the supervisor to end the tree
    int m_report = -1;             // read end of the supervisor's messages (non-blocking)
    uint64_t m_rootStartTicks = 0; // the root's start time (/proc/PID/stat), against PID reuse
    // What the supervisor has reported so far: read on demand, by const readers too.
    mutable bool m_reportEnded = false; // the supervisor closed its end (it is gone)
    mutable bool m_exited = false;
    mutable int m_status = 0; // waitpid status once exited (-1: unknown, the supervisor died)
    bool m_treeGone = false;  // stop() saw the supervisor reaped and every member gone
};

} // namespace sb::run
