#pragma once

#include "supervisor/protocol.h"

#include <cstddef>
#include <sched.h>
#include <sys/types.h>

// The supervisor of one server tree (see run/containment.h), the body of the stackbench-supervisor
// program (main.cpp reads its arguments into a SupervisorPlan). It uses raw system calls on
// buffers prepared before it starts, no allocation and no locks, so that the server child it
// forks may run it between fork() and exec() too.
namespace sb::supervisor {

// Everything the supervisor and the server child touch, prepared by main() before it starts.
struct SupervisorPlan
{
    pid_t runner = 0;   // the runner's pid: the supervisor gives up if its parent is another
    int controlFd = -1; // read end; EOF (the runner ended, or asked) = kill the whole tree
    int reportFd = -1;  // write end for SupervisorMessage
    int execFd = -1;    // write end (CLOEXEC) for the server child's ChildReport
    int outFd = -1;     // the server's stdout
    int errFd = -1;     // the server's stderr
    const char *program = nullptr;         // resolved program path
    char *const *argv = nullptr;           // the server's argv
    char *const *shArgv = nullptr;         // /bin/sh program argv... (execvp's ENOEXEC fallback)
    char *const *envp = nullptr;           // the server's environment
    const char *cwd = nullptr;             // "" = unchanged
    const cpu_set_t *cpus = nullptr;       // CPUs of the whole tree; null = inherited
    const char *cgroupDir = nullptr;       // the tree's cgroup directory; null = none
    const char *cgroupProcs = nullptr;     // cgroupDir + "/cgroup.procs"
    const char *cgroupKill = nullptr;      // cgroupDir + "/cgroup.kill"
    pid_t *scratchPids = nullptr;          // room for a /proc scan ...
    pid_t *scratchParents = nullptr;       // ... pid and parent pid ...
    unsigned char *scratchMarks = nullptr; // ... marked descendants ...
    size_t scratchSize = 0;                // ... for this many processes
    unsigned char *pidBits = nullptr;      // bitmap of marked pids
    size_t pidBitsBytes = 0;
};

// Becomes the tree's supervisor (own session, subreaper, parent death signal), forks and execs the
// server as the tree's root, reports, and on EOF of controlFd, on SIGTERM/SIGHUP/SIGINT/SIGQUIT
// (PR_SET_PDEATHSIG sends SIGTERM) kills every process of the tree (cgroup.kill, then SIGKILL to
// every descendant it finds in /proc), reaps them, removes the cgroup and exits.
[[noreturn]] void runSupervisor(const SupervisorPlan &plan);

} // namespace sb::supervisor
