#pragma once

// What the runner (run/serverprocess.cpp) and the supervisor program (supervisor/main.cpp) say to
// each other. The runner starts `stackbench-supervisor` with posix_spawn (a vfork: the runner's
// memory is never copied, which a fork() of a large GUI process would do page by page for as long
// as the supervisor lives) as
//
//     stackbench-supervisor RUNNER_PID CWD CPUS CGROUP PROGRAM ARGV0 [ARG...]
//
// with the server's environment as its own, CWD "" for unchanged, CPUS a comma-separated list of
// CPU numbers ("" = inherited), CGROUP the tree's cgroup directory ("" = none), PROGRAM the
// resolved path of the server's executable, and these descriptors open:
namespace sb::supervisor {

constexpr int kControlFd = 3; // read end; EOF (the runner ended, or asked) = kill the whole tree
constexpr int kReportFd = 4;  // write end for Message
constexpr int kExecFd = 5;    // write end for a ChildReport; EOF = the server exec'd
constexpr int kOutFd = 6;     // the server's stdout
constexpr int kErrFd = 7;     // the server's stderr
constexpr int kFixedArgs = 6; // argv[0..5] before the server's argv

// What the supervisor tells the runner on its report pipe. 8 bytes: one write() each.
struct Message
{
    int kind = 0;  // Kind
    int value = 0; // kStarted: the root's pid; kRootExited: its waitpid() status
};

enum Kind : int
{
    kStarted = 1,   // the server root was forked
    kRootExited = 2 // the server root ended (the rest of the tree may live on)
};

// Where the server child (or the supervisor forking it) failed, sent on the exec pipe.
enum class ChildStage : int
{
    Chdir = 1,
    Stdin,
    Dup,
    Exec,
    Cgroup,   // could not join the tree's cgroup
    Affinity, // sched_setaffinity refused the CPU set
    Fork,     // the supervisor could not fork the server
    Arguments // the supervisor was started with arguments it cannot read (a version mismatch)
};

struct ChildReport
{
    int stage = 0; // ChildStage
    int error = 0; // errno
};

} // namespace sb::supervisor
