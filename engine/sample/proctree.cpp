#include "sample/proctree.h"

#include "sample/procreader.h"

#include <unordered_map>

namespace sb::sample {

namespace {

struct TreeScan
{
    std::vector<pid_t> pids;
    std::vector<ProcStat> stats;
};

TreeScan scanTree(pid_t root)
{
    TreeScan scan;
    ProcStat rootStat;
    if (!readProcStat(root, rootStat))
        return scan;
    std::vector<pid_t> all;
    listPids(all);
    std::unordered_multimap<pid_t, ProcStat> byParent;
    for (pid_t pid : all) {
        ProcStat st;
        if (pid != root && readProcStat(pid, st))
            byParent.emplace(st.ppid, std::move(st));
    }
    scan.pids.push_back(root);
    scan.stats.push_back(rootStat);
    for (size_t i = 0; i < scan.pids.size(); ++i) {
        auto range = byParent.equal_range(scan.pids[i]);
        for (auto it = range.first; it != range.second; ++it) {
            scan.pids.push_back(it->second.pid);
            scan.stats.push_back(it->second);
        }
    }
    return scan;
}

std::string baseCommand(const std::string &cmdline)
{
    size_t end = cmdline.find_first_of(" :");
    std::string first = cmdline.substr(0, end);
    size_t slash = first.rfind('/');
    return slash == std::string::npos ? first : first.substr(slash + 1);
}

} // namespace

std::vector<pid_t> processTree(pid_t root)
{
    return scanTree(root).pids;
}

int64_t treeCpuNs(pid_t root)
{
    TreeScan scan = scanTree(root);
    if (scan.pids.empty())
        return -1;
    int64_t sum = 0;
    for (const ProcStat &st : scan.stats) {
        int64_t live = liveThreadsCpuNs(st.pid, st.numThreads);
        sum += (live > st.cpuNs() ? live : st.cpuNs()) + st.childrenCpuNs();
    }
    return sum;
}

int64_t treeStatCpuNs(pid_t root)
{
    TreeScan scan = scanTree(root);
    if (scan.pids.empty())
        return -1;
    int64_t sum = 0;
    for (const ProcStat &st : scan.stats)
        sum += st.cpuNs() + st.childrenCpuNs();
    return sum;
}

NameMatcher::NameMatcher(std::vector<std::string> patterns)
{
    for (std::string &p : patterns) {
        if (!p.empty())
            m_patterns.push_back(std::move(p));
    }
}

bool NameMatcher::matchesComm(const std::string &comm) const
{
    for (const std::string &p : m_patterns) {
        if (p == comm || (p.size() > 15 && comm.size() == 15 && p.compare(0, 15, comm) == 0))
            return true;
    }
    return false;
}

bool NameMatcher::matches(const std::string &comm, const std::string &cmdline) const
{
    if (matchesComm(comm))
        return true;
    if (cmdline.empty())
        return false;
    const std::string base = baseCommand(cmdline);
    for (const std::string &p : m_patterns) {
        if (p == base)
            return true;
        if (p.find_first_of(" /") != std::string::npos && cmdline.find(p) != std::string::npos)
            return true;
    }
    return false;
}

MemoryUsage treeMemory(const std::vector<pid_t> &pids)
{
    MemoryUsage sum;
    for (pid_t pid : pids) {
        MemoryUsage one;
        if (!readMemory(pid, one))
            continue;
        sum.rssBytes += one.rssBytes;
        sum.pssBytes += one.hasPss ? one.pssBytes : one.rssBytes;
        sum.hasPss = sum.hasPss || one.hasPss;
    }
    return sum;
}

} // namespace sb::sample
