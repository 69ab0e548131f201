#pragma once

#include "sample/procreader.h"

#include <cstdint>
#include <string>
#include <sys/types.h>
#include <vector>

// One-shot views of a process tree, read from /proc. Any thread.
namespace sb::sample {

// The process `root` and every descendant (children, grandchildren, ...), root first, parents
// before their children. Empty when `root` does not exist. One scan of /proc.
std::vector<pid_t> processTree(pid_t root);

// The kernel's accounting of a tree's CPU in nanoseconds: for every process of processTree(root),
// its own CPU (all threads, live and exited) plus the CPU of the children it has reaped
// (cutime + cstime). -1 when `root` does not exist. The difference of two readings is the CPU
// the tree used in between, as long as no member was reaped by a process outside the tree.
int64_t treeCpuNs(pid_t root);

// The same sum from /proc/PID/stat alone (utime + stime + cutime + cstime, clock ticks), which
// is what `ps` and the agreement check of tests/bench use. -1 when `root` does not exist.
int64_t treeStatCpuNs(pid_t root);

// RSS and PSS summed over `pids` (a tree's members), one readMemory() each: a process without
// PSS (no smaps_rollup) counts its RSS as its PSS, as the sampler counts it; a process gone
// meanwhile counts nothing. hasPss: at least one process had PSS.
MemoryUsage treeMemory(const std::vector<pid_t> &pids);

// Matches processes by name: a pattern matches when it equals the comm (the kernel's 15-byte
// name; a longer pattern matches a comm that is its 15-byte prefix), or the base name of the
// first word of the command line (up to a ':' too, so "postgres" matches the retitled backend
// "postgres: 15/main: checkpointer"). A pattern that contains a space or a '/' matches when the
// command line contains it. Empty patterns are ignored.
class NameMatcher
{
public:
    NameMatcher() = default;
    explicit NameMatcher(std::vector<std::string> patterns);

    bool empty() const { return m_patterns.empty(); }
    // True when a pattern matches by comm alone (no command line needed).
    bool matchesComm(const std::string &comm) const;
    // True when a pattern matches comm or cmdline (cmdline with spaces between arguments).
    bool matches(const std::string &comm, const std::string &cmdline) const;

private:
    std::vector<std::string> m_patterns;
};

} // namespace sb::sample
