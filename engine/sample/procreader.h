#pragma once

#include <cstdint>
#include <string>
#include <sys/types.h>
#include <vector>

// Low-level readers of Linux /proc. Every function reads the file system directly (never `ps`),
// allocates little, and is safe to call from any thread. A process that vanishes between two
// reads is normal: the functions then return false / -1 and the caller treats it as exited.
namespace sb::sample {

// The fields Stackbench needs from /proc/PID/stat (see proc(5)).
struct ProcStat
{
    pid_t pid = 0;           // process id
    pid_t ppid = 0;          // parent's process id
    char state = '?';        // R, S, D, Z (zombie), T, X, ...
    std::string comm;        // executable name, at most 15 bytes (may be changed by prctl)
    int64_t utimeTicks = 0;  // user CPU of all threads, live and exited, in clock ticks
    int64_t stimeTicks = 0;  // system CPU of all threads, live and exited, in clock ticks
    int64_t cutimeTicks = 0; // user CPU of reaped (waited-for) children, in clock ticks
    int64_t cstimeTicks = 0; // system CPU of reaped children, in clock ticks
    int numThreads = 0;      // live threads
    uint64_t startTicks = 0; // start time after boot (CLOCK_BOOTTIME), in clock ticks
    int64_t rssPages = 0;    // resident set size in pages

    // utime + stime in nanoseconds (10 ms resolution with the usual USER_HZ of 100).
    int64_t cpuNs() const;
    // cutime + cstime in nanoseconds.
    int64_t childrenCpuNs() const;
    // Process start time as CLOCK_BOOTTIME nanoseconds.
    int64_t startBootNs() const;
    bool zombie() const { return state == 'Z' || state == 'X'; }
};

// Resident and proportional set size of one process.
struct MemoryUsage
{
    int64_t rssBytes = 0; // resident pages, shared ones counted in full
    int64_t pssBytes = 0; // proportional set size: shared pages divided among their users
    bool hasPss = false;  // false when smaps_rollup was unreadable (then pssBytes is 0)
};

// Machine CPU counters from the first line of /proc/stat.
struct MachineCpu
{
    int64_t busyNs = 0;  // user + nice + system + irq + softirq + steal, summed over CPUs, in ns
    int64_t totalNs = 0; // busyNs + idle + iowait, in ns
};

// Clock ticks per second (sysconf(_SC_CLK_TCK), usually 100).
int64_t clockTicksPerSecond();
// Nanoseconds in `ticks` clock ticks.
int64_t ticksToNs(int64_t ticks);
// Number of online CPUs.
int onlineCpus();

// Reads /proc/PID/stat. Returns false when the process does not exist (or the file is malformed).
bool readProcStat(pid_t pid, ProcStat &out);
// Reads /proc/PID/task/TID/stat (a thread's own counters; cutime/cstime are the process's).
bool readThreadStat(pid_t pid, pid_t tid, ProcStat &out);

// CPU time of the live threads of `pid` in nanoseconds, summed from the per-thread
// /proc/PID/task/TID/schedstat (/proc/PID/schedstat alone covers only the main thread).
// `numThreads` (from ProcStat) lets a single-threaded process be read with one file.
// Returns -1 when schedstat is unavailable (kernel without CONFIG_SCHED_INFO) or the process is
// gone. Exited threads are NOT included; combine with ProcStat::cpuNs(), which includes them.
int64_t liveThreadsCpuNs(pid_t pid, int numThreads);
// CPU time of one thread of the calling process (/proc/self/task/TID/schedstat, stat as
// fallback), in nanoseconds; -1 when the thread does not exist.
int64_t ownThreadCpuNs(pid_t tid);
// Start time of one thread of the calling process as CLOCK_BOOTTIME ns; -1 when it does not exist.
int64_t ownThreadStartBootNs(pid_t tid);

// Best single reading of a process's total CPU in nanoseconds, all threads included:
// max(sum of live threads' schedstat, utime + stime). -1 when the process does not exist.
int64_t processCpuNs(pid_t pid);

// RSS and PSS from /proc/PID/smaps_rollup (statm as fallback for RSS). False when gone.
bool readMemory(pid_t pid, MemoryUsage &out);

// Reads the first line of /proc/stat. False only when /proc is not mounted.
bool readMachineCpu(MachineCpu &out);

// The command line of `pid` with NUL separators turned into spaces ("" for kernel threads or
// when gone).
std::string readCmdline(pid_t pid);

// Every process id currently in /proc (thread-group leaders only), unsorted.
void listPids(std::vector<pid_t> &out);

// A /proc entry: the process id and the inode number of its /proc/PID directory. A new process
// that reuses a PID gets a new inode, so a changed inode tells the sampler to re-read it
// (the inode may also change for the same process; the start time then decides).
struct PidEntry
{
    pid_t pid = 0;
    uint64_t inode = 0;
};
void listPids(std::vector<PidEntry> &out);

// True when `pid` exists (it may be a zombie).
bool processExists(pid_t pid);

// CPU used by every process that is or was in the cgroup v2 directory `dir` (an absolute path
// such as "/sys/fs/cgroup/x"), from its cpu.stat "usage_usec", in nanoseconds (microsecond
// resolution); -1 when unreadable.
int64_t cgroupCpuNs(const std::string &dir);
// The processes in the cgroup v2 directory `dir` now (cgroup.procs), unsorted; false when
// unreadable. Replaces `out`.
bool cgroupProcs(const std::string &dir, std::vector<pid_t> &out);

} // namespace sb::sample
