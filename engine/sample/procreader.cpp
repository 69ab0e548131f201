#include "sample/procreader.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

namespace sb::sample {

namespace {

// Reads a whole (small) /proc file into buf with plain syscalls: no allocation, no stdio, because
// the sampler reads hundreds of these per second and its own CPU is part of what it measures.
ssize_t readSmallFile(const char *path, char *buf, size_t cap)
{
    int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t used = 0;
    while (used + 1 < cap) {
        ssize_t n = ::read(fd, buf + used, cap - 1 - used);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            ::close(fd);
            return -1;
        }
        if (n == 0)
            break;
        used += size_t(n);
    }
    ::close(fd);
    buf[used] = '\0';
    return ssize_t(used);
}

bool parseStat(const char *buf, pid_t pid, ProcStat &out)
{
    // comm may contain spaces and parentheses: it runs from the first '(' to the last ')'.
    const char *open = std::strchr(buf, '(');
    const char *close = std::strrchr(buf, ')');
    if (!open || !close || close < open || close[1] == '\0')
        return false;
    out.pid = pid;
    out.comm.assign(open + 1, size_t(close - open - 1));
    const char *p = close + 2;
    // Field 3 (state) is token 0 after the ')'.
    int64_t fields[24] = {};
    if (*p == '\0')
        return false;
    out.state = *p;
    p += 1;
    for (int token = 1; token < 22 && *p; ++token) {
        while (*p == ' ')
            ++p;
        char *end = nullptr;
        long long v = std::strtoll(p, &end, 10);
        if (end == p)
            return false;
        fields[token] = v;
        p = end;
    }
    out.ppid = pid_t(fields[1]);           // field 4
    out.utimeTicks = fields[11];           // field 14
    out.stimeTicks = fields[12];           // field 15
    out.cutimeTicks = fields[13];          // field 16
    out.cstimeTicks = fields[14];          // field 17
    out.numThreads = int(fields[17]);      // field 20
    out.startTicks = uint64_t(fields[19]); // field 22
    out.rssPages = fields[21];             // field 24
    return true;
}

int64_t readSchedstatNs(const char *path)
{
    char buf[128];
    if (readSmallFile(path, buf, sizeof buf) <= 0)
        return -1;
    char *end = nullptr;
    long long v = std::strtoll(buf, &end, 10);
    return end == buf ? -1 : int64_t(v);
}

} // namespace

int64_t clockTicksPerSecond()
{
    static const int64_t ticks = [] {
        long v = sysconf(_SC_CLK_TCK);
        return v > 0 ? int64_t(v) : int64_t(100);
    }();
    return ticks;
}

int64_t ticksToNs(int64_t ticks)
{
    return ticks * (1'000'000'000LL / clockTicksPerSecond());
}

int onlineCpus()
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? int(n) : 1;
}

int64_t ProcStat::cpuNs() const
{
    return ticksToNs(utimeTicks + stimeTicks);
}

int64_t ProcStat::childrenCpuNs() const
{
    return ticksToNs(cutimeTicks + cstimeTicks);
}

int64_t ProcStat::startBootNs() const
{
    return ticksToNs(int64_t(startTicks));
}

bool readProcStat(pid_t pid, ProcStat &out)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", int(pid));
    char buf[1024];
    if (readSmallFile(path, buf, sizeof buf) <= 0)
        return false;
    return parseStat(buf, pid, out);
}

bool readThreadStat(pid_t pid, pid_t tid, ProcStat &out)
{
    char path[80];
    std::snprintf(path, sizeof path, "/proc/%d/task/%d/stat", int(pid), int(tid));
    char buf[1024];
    if (readSmallFile(path, buf, sizeof buf) <= 0)
        return false;
    return parseStat(buf, tid, out);
}

int64_t liveThreadsCpuNs(pid_t pid, int numThreads)
{
    char path[320];
    if (numThreads == 1) {
        // The main thread is the only one: /proc/PID/schedstat is its counter.
        std::snprintf(path, sizeof path, "/proc/%d/schedstat", int(pid));
        return readSchedstatNs(path);
    }
    std::snprintf(path, sizeof path, "/proc/%d/task", int(pid));
    DIR *dir = ::opendir(path);
    if (!dir)
        return -1;
    int64_t sum = 0;
    bool any = false;
    while (dirent *e = ::readdir(dir)) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        std::snprintf(path, sizeof path, "/proc/%d/task/%s/schedstat", int(pid), e->d_name);
        int64_t ns = readSchedstatNs(path);
        if (ns >= 0) {
            sum += ns;
            any = true;
        }
    }
    ::closedir(dir);
    return any ? sum : -1;
}

int64_t ownThreadCpuNs(pid_t tid)
{
    char path[80];
    std::snprintf(path, sizeof path, "/proc/self/task/%d/schedstat", int(tid));
    int64_t ns = readSchedstatNs(path);
    if (ns >= 0)
        return ns;
    ProcStat st;
    if (!readThreadStat(::getpid(), tid, st))
        return -1;
    return st.cpuNs();
}

int64_t ownThreadStartBootNs(pid_t tid)
{
    ProcStat st;
    if (!readThreadStat(::getpid(), tid, st))
        return -1;
    return st.startBootNs();
}

int64_t processCpuNs(pid_t pid)
{
    ProcStat st;
    if (!readProcStat(pid, st))
        return -1;
    int64_t live = liveThreadsCpuNs(pid, st.numThreads);
    return live > st.cpuNs() ? live : st.cpuNs();
}

bool readMemory(pid_t pid, MemoryUsage &out)
{
    out = MemoryUsage{};
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/smaps_rollup", int(pid));
    char buf[2048];
    if (readSmallFile(path, buf, sizeof buf) > 0) {
        bool rss = false;
        for (const char *line = buf; line && *line;) {
            if (!std::strncmp(line, "Rss:", 4)) {
                out.rssBytes = std::strtoll(line + 4, nullptr, 10) * 1024;
                rss = true;
            } else if (!std::strncmp(line, "Pss:", 4)) {
                out.pssBytes = std::strtoll(line + 4, nullptr, 10) * 1024;
                out.hasPss = true;
            }
            const char *nl = std::strchr(line, '\n');
            line = nl ? nl + 1 : nullptr;
        }
        if (rss)
            return true;
    }
    // No smaps_rollup (old kernel, or a zombie / kernel thread with no mm): RSS from statm.
    std::snprintf(path, sizeof path, "/proc/%d/statm", int(pid));
    if (readSmallFile(path, buf, sizeof buf) <= 0)
        return false;
    long long size = 0, resident = 0;
    if (std::sscanf(buf, "%lld %lld", &size, &resident) != 2)
        return false;
    out.rssBytes = resident * int64_t(sysconf(_SC_PAGESIZE));
    return true;
}

bool readMachineCpu(MachineCpu &out)
{
    char buf[512];
    if (readSmallFile("/proc/stat", buf, sizeof buf) <= 0)
        return false;
    if (std::strncmp(buf, "cpu ", 4) != 0)
        return false;
    // user nice system idle iowait irq softirq steal guest guest_nice; guest time is already
    // included in user and nice.
    long long v[8] = {};
    const char *p = buf + 4;
    for (int i = 0; i < 8; ++i) {
        char *end = nullptr;
        v[i] = std::strtoll(p, &end, 10);
        if (end == p)
            break;
        p = end;
    }
    const int64_t busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
    out.busyNs = ticksToNs(busy);
    out.totalNs = ticksToNs(busy + v[3] + v[4]);
    return true;
}

std::string readCmdline(pid_t pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/cmdline", int(pid));
    char buf[4096];
    ssize_t n = readSmallFile(path, buf, sizeof buf);
    if (n <= 0)
        return {};
    while (n > 0 && buf[n - 1] == '\0')
        --n;
    for (ssize_t i = 0; i < n; ++i) {
        if (buf[i] == '\0')
            buf[i] = ' ';
    }
    return std::string(buf, size_t(n));
}

void listPids(std::vector<pid_t> &out)
{
    out.clear();
    DIR *dir = ::opendir("/proc");
    if (!dir)
        return;
    while (dirent *e = ::readdir(dir)) {
        const char *n = e->d_name;
        if (*n < '0' || *n > '9')
            continue;
        out.push_back(pid_t(std::strtol(n, nullptr, 10)));
    }
    ::closedir(dir);
}

void listPids(std::vector<PidEntry> &out)
{
    out.clear();
    DIR *dir = ::opendir("/proc");
    if (!dir)
        return;
    while (dirent *e = ::readdir(dir)) {
        const char *n = e->d_name;
        if (*n < '0' || *n > '9')
            continue;
        out.push_back({pid_t(std::strtol(n, nullptr, 10)), uint64_t(e->d_ino)});
    }
    ::closedir(dir);
}

bool processExists(pid_t pid)
{
    if (pid <= 0)
        return false;
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", int(pid));
    return ::access(path, F_OK) == 0;
}

int64_t cgroupCpuNs(const std::string &dir)
{
    char buf[1024];
    if (readSmallFile((dir + "/cpu.stat").c_str(), buf, sizeof buf) <= 0)
        return -1;
    static const char key[] = "usage_usec ";
    for (const char *line = buf; line && *line;) {
        if (std::strncmp(line, key, sizeof key - 1) == 0)
            return int64_t(std::strtoll(line + sizeof key - 1, nullptr, 10)) * 1000;
        line = std::strchr(line, '\n');
        if (line)
            ++line;
    }
    return -1;
}

bool cgroupProcs(const std::string &dir, std::vector<pid_t> &out)
{
    out.clear();
    const int fd = ::open((dir + "/cgroup.procs").c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    char buf[4096];
    std::string pending;
    bool ok = true;
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            ok = false;
        if (n <= 0)
            break;
        pending.append(buf, size_t(n));
        size_t start = 0;
        for (size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1)
            if (const long pid = std::strtol(pending.c_str() + start, nullptr, 10); pid > 0)
                out.push_back(pid_t(pid));
        pending.erase(0, start);
    }
    if (const long pid = std::strtol(pending.c_str(), nullptr, 10); pid > 0)
        out.push_back(pid_t(pid));
    ::close(fd);
    return ok;
}

} // namespace sb::sample
