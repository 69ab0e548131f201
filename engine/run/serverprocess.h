#pragma once

#include "core/result.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <sys/types.h>

namespace sb::run {

// One configuration's server process tree, started with fork/exec in its own session and
// process group, stdout and stderr appended to files (so a chatty server never blocks on a full
// pipe). Not a QObject and needs no event loop. Use it from one thread.
class ServerProcess
{
public:
    ServerProcess() = default;
    ~ServerProcess(); // stop(SIGKILL, 0) unless a stop() already saw the whole tree gone
    ServerProcess(const ServerProcess &) = delete;
    ServerProcess &operator=(const ServerProcess &) = delete;

    // Starts argv[0] (looked up in the child's PATH when it has no '/'; a file without "#!" runs
    // under /bin/sh, like execvp) with argv in `cwd` (empty: the current directory), with the
    // inherited environment plus `env`, stdin from /dev/null, no inherited descriptors beyond
    // 0-2, default signal dispositions. An empty output path means /dev/null. Errors (code
    // "run.start", where = the command line, shell-quoted, NOT redacted): empty argv, already
    // running, missing cwd, an output file that cannot be opened, program not found or not
    // executable (reported synchronously: the child reports exec failure through a CLOEXEC
    // pipe). Starting again after the previous tree ended first kills what it left in its group.
    sb::Status start(const QStringList &argv, const QString &cwd, const QMap<QString, QString> &env,
                     const QString &stdoutPath, const QString &stderrPath);

    pid_t pid() const { return m_pid; } // 0 before start
    // Reaps without blocking; false once the root process has exited (or before start).
    bool running();
    // "exited with code 3", "killed by signal 9 (Killed)", "running", "not started". Reflects
    // the last running() / stop() call (it does not reap by itself).
    QString exitDescription() const;

    // Stops the whole tree: `signal` to the process group and to every descendant found in
    // /proc (children that left the group too), waits up to graceMs for all of them to go, then
    // SIGKILL to whatever is left, and reaps the root. Descendants that appear meanwhile are
    // signalled too; PIDs are checked against their start time before each signal. Polls every
    // 20 ms. Returns true when the tree ended within the grace period (false = it had to be
    // killed). Bounded: returns within graceMs + 5 s. Once the root has been reaped only its
    // process group is addressed (its PID may be reused). A second stop() returns true at once.
    bool stop(int signal, qint64 graceMs);

private:
    pid_t m_pid = 0;
    bool m_exited = false;
    int m_status = 0;        // waitpid status once exited (-1: reaped elsewhere, unknown)
    bool m_treeGone = false; // stop() saw the root reaped and every member gone
};

} // namespace sb::run
