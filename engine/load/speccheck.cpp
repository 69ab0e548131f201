#include "load/speccheck.h"

#include "core/cpuset.h"
#include "core/duration.h"
#include "core/limits.h"
#include "load/tls.h"
#include "load/worker.h"
#include "stats/histogram.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <sched.h>
#include <string>
#include <sys/resource.h>
#include <sys/sysinfo.h>

namespace sb::load {

namespace {

constexpr int64_t kMaxStreams = 1000; // HTTP/2 streams per connection

sb::Error specError(std::string detail)
{
    return sb::Error{"load.spec", std::string(), std::move(detail)};
}

sb::Error resourceError(std::string detail)
{
    return sb::Error{"load.resources", std::string(), std::move(detail)};
}

std::string msText(int64_t ms)
{
    return std::to_string(ms) + " ms";
}

std::string rateText(double perS)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", perS);
    return buf;
}

// One row per bounded value: a value outside [min, max] is an error naming both.
struct IntBound
{
    const char *name;
    int64_t value;
    int64_t min;
    int64_t max;
    bool isDuration;
};

sb::Status checkBound(const IntBound &b)
{
    const std::string value = b.isDuration ? msText(b.value) : std::to_string(b.value);
    const std::string lead = std::string(b.name) + " (" + value + ") must be ";
    if (b.value < b.min)
        return specError(lead + (b.min == 0     ? std::string("at least 0")
                                 : b.isDuration ? "at least " + sb::formatDurationMs(b.min)
                                                : "at least " + std::to_string(b.min)));
    if (b.value > b.max)
        return specError(lead + "at most " +
                         (b.isDuration ? sb::formatDurationMs(b.max) : std::to_string(b.max)));
    return sb::Ok{};
}

std::string bytesText(int64_t bytes)
{
    char buf[64];
    const double b = double(bytes);
    if (b >= double(1LL << 30))
        std::snprintf(buf, sizeof buf, "%.1f GiB", b / double(1LL << 30));
    else
        std::snprintf(buf, sizeof buf, "%.0f MiB", std::ceil(b / double(1 << 20)));
    return buf;
}

int64_t countOpenFds()
{
    DIR *d = opendir("/proc/self/fd");
    if (!d)
        return 0;
    int64_t n = 0;
    while (dirent *e = readdir(d))
        if (e->d_name[0] != '.')
            ++n;
    closedir(d);
    return n - 1; // the directory's own descriptor
}

// "Key:   123 kB" from a /proc file, in bytes; -1 when absent.
int64_t procKb(const char *path, const char *key)
{
    std::ifstream in(path);
    std::string line;
    const size_t keyLen = std::strlen(key);
    while (std::getline(in, line))
        if (line.compare(0, keyLen, key) == 0 && line.size() > keyLen && line[keyLen] == ':')
            return std::stoll(line.substr(keyLen + 1)) * 1024;
    return -1;
}

int64_t readNumberFile(const std::string &path)
{
    std::ifstream in(path);
    std::string s;
    if (!(in >> s) || s == "max")
        return -1;
    try {
        return std::stoll(s);
    } catch (...) {
        return -1;
    }
}

// What the cgroup v2 memory limits of this process (and its ancestors) still allow; -1 = none.
int64_t cgroupMemoryRoom()
{
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    std::string path;
    while (std::getline(in, line))
        if (line.rfind("0::", 0) == 0)
            path = line.substr(3);
    if (path.empty())
        return -1;
    int64_t room = -1;
    while (true) {
        const std::string dir = "/sys/fs/cgroup" + (path == "/" ? std::string() : path);
        const int64_t max = readNumberFile(dir + "/memory.max");
        const int64_t current = readNumberFile(dir + "/memory.current");
        if (max >= 0 && current >= 0)
            room = room < 0 ? std::max<int64_t>(0, max - current)
                            : std::min(room, std::max<int64_t>(0, max - current));
        if (path == "/" || path.empty())
            break;
        const size_t slash = path.rfind('/');
        path = slash == 0 ? "/" : path.substr(0, slash);
    }
    return room;
}

int64_t limitValue(rlim_t v)
{
    return v == RLIM_INFINITY ? -1 : int64_t(std::min<rlim_t>(v, rlim_t(INT64_MAX)));
}

} // namespace

sb::Status checkSpec(const LoadSpec &spec)
{
    using namespace sb::limits;
    std::vector<IntBound> bounds = {
        {"connections", spec.connections, 1, kMaxConnections, false},
        {"threads", spec.threads, 1, kMaxThreads, false},
        {"timeout", spec.timeoutMs, 1, kMaxDurationMs, true},
        {"warm-up", spec.warmupMs, 0, kMaxDurationMs, true},
        {"warm-up requests", spec.warmupRequests, 0, kMaxRequests, false},
        {"request count", spec.requestLimit, 0, kMaxRequests, false},
        {"interval", spec.intervalMs, kMinIntervalMs, kMaxIntervalMs, true},
        {"unreachable abort", spec.unreachableAbortMs, 0, kMaxDurationMs, true},
        // A connection's written-bytes counter is 32 bits; a benchmark body is far smaller.
        {"request body bytes", int64_t(spec.request.body.size()), 0, int64_t(1) << 30, false},
    };
    if (spec.requestLimit == 0)
        bounds.push_back({"duration", spec.durationMs, 1, kMaxDurationMs, true});
    // HTTP/2's concurrent streams per connection (h2load's -m); HTTP/1.1 has one at a time.
    bounds.push_back({"streams per connection", spec.streams, 1, kMaxStreams, false});
    for (const IntBound &b : bounds)
        if (sb::Status st = checkBound(b); !st.ok())
            return st;
    if (spec.streams > 1 && spec.protocol != Protocol::Http2)
        return specError("streams per connection (" + std::to_string(spec.streams) +
                         ") above 1 need HTTP/2: HTTP/1.1 sends one request at a time");
    if (spec.mode == Mode::Open &&
        !(spec.ratePerS >= kMinRatePerS && spec.ratePerS <= kMaxRatePerS))
        return specError("open loop rate (" + rateText(spec.ratePerS) + " per second) must be " +
                         (spec.ratePerS > kMaxRatePerS ? "at most 10000000" : "at least 0.01") +
                         " requests per second");
    for (int cpu : spec.cpus)
        if (cpu < 0 || cpu >= CPU_SETSIZE)
            return specError("CPU " + std::to_string(cpu) + " is not a CPU number (0 to " +
                             std::to_string(CPU_SETSIZE - 1) + ")");
    return sb::Ok{};
}

MachineLimits readMachine()
{
    MachineLimits m;
    m.fdsOpen = countOpenFds();
    rlimit r{};
    if (getrlimit(RLIMIT_NOFILE, &r) == 0) {
        m.fdSoftLimit = limitValue(r.rlim_cur);
        m.fdHardLimit = limitValue(r.rlim_max);
    }
    if (getrlimit(RLIMIT_AS, &r) == 0)
        m.addressLimit = limitValue(r.rlim_cur);
    if (getrlimit(RLIMIT_STACK, &r) == 0 && r.rlim_cur != RLIM_INFINITY)
        m.stackBytes = int64_t(r.rlim_cur);
    m.memAvailable = procKb("/proc/meminfo", "MemAvailable");
    if (m.memAvailable < 0) {
        struct sysinfo si
        {};
        if (sysinfo(&si) == 0)
            m.memAvailable = int64_t(si.freeram + si.bufferram) * si.mem_unit;
    }
    const int64_t room = cgroupMemoryRoom();
    if (room >= 0)
        m.memAvailable = m.memAvailable < 0 ? room : std::min(m.memAvailable, room);
    m.addressUsed = std::max<int64_t>(0, procKb("/proc/self/status", "VmSize"));
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
            if (CPU_ISSET(cpu, &set))
                m.cpus.push_back(cpu);
    return m;
}

ResourceNeeds estimateNeeds(const LoadSpec &spec, const MachineLimits &m)
{
    // Collector, arena and result: a few histograms and one malloc arena of address space.
    constexpr int64_t kArenaBytes = 64LL << 20;
    const int64_t histogramBytes = int64_t(Histogram().countsLength() * sizeof(int64_t));
    const int64_t threads = std::max(1, std::min(spec.threads, spec.connections));
    const int64_t connections = std::max(1, spec.connections);
    ResourceNeeds n;
    // The probe's socket, then one per connection and one event loop per worker.
    n.fds = m.fdsOpen + 1 + connections + threads;
    n.residentBytes =
        threads * detail::Worker::fixedHeapBytes(histogramBytes) +
        connections * (detail::Worker::heapBytesPerConnection() +
                       (spec.tls.enabled ? detail::tls::kBytesPerConnection : 0)) +
        (spec.protocol == Protocol::Http2
             ? connections * (detail::kH2BytesPerConnection +
                              int64_t(std::max(1, spec.streams)) * detail::kH2BytesPerStream)
             : 0) +
        (detail::kRingSize + 4) * histogramBytes + int64_t(spec.request.body.size()) * 2;
    n.addressBytes = n.residentBytes + (threads + 1) * (m.stackBytes + 4096) + kArenaBytes;
    return n;
}

sb::Status checkResources(const LoadSpec &spec, const ResourceNeeds &needs, const MachineLimits &m)
{
    for (int cpu : spec.cpus)
        if (!std::binary_search(m.cpus.begin(), m.cpus.end(), cpu))
            return specError("CPU " + std::to_string(cpu) +
                             " is not available to this process (it may use " +
                             sb::formatCpuList(m.cpus) + ")");
    const int64_t fdLimit = m.fdHardLimit >= 0 ? m.fdHardLimit : m.fdSoftLimit;
    if (fdLimit >= 0 && needs.fds > fdLimit)
        return resourceError(std::to_string(spec.connections) + " connections need " +
                             std::to_string(needs.fds) + " file descriptors; the limit is " +
                             std::to_string(fdLimit) + " (ulimit -n)");
    const int threads = std::max(1, std::min(spec.threads, spec.connections));
    const std::string what = std::to_string(threads) + (threads == 1 ? " thread" : " threads") +
                             " and " + std::to_string(spec.connections) +
                             (spec.connections == 1 ? " connection" : " connections");
    if (m.memAvailable >= 0 && needs.residentBytes > m.memAvailable)
        return resourceError(what + " need about " + bytesText(needs.residentBytes) +
                             " of memory; " + bytesText(m.memAvailable) + " is available");
    if (m.addressLimit >= 0 && needs.addressBytes > m.addressLimit - m.addressUsed)
        return resourceError(what + " need about " + bytesText(needs.addressBytes) +
                             " of address space; the limit is " + bytesText(m.addressLimit) +
                             " (ulimit -v) and " + bytesText(m.addressUsed) + " are in use");
    return sb::Ok{};
}

sb::Status raiseFdLimit(int64_t fds, const MachineLimits &m)
{
    if (m.fdSoftLimit < 0 || fds <= m.fdSoftLimit)
        return sb::Ok{};
    rlimit r{};
    if (getrlimit(RLIMIT_NOFILE, &r) != 0)
        return resourceError(std::string("cannot read the file descriptor limit: ") +
                             std::strerror(errno));
    // Some room above the estimate for what the process opens meanwhile (the sampler's files).
    const rlim_t wanted = rlim_t(fds) + 64;
    r.rlim_cur = r.rlim_max == RLIM_INFINITY ? wanted : std::min(wanted, r.rlim_max);
    if (setrlimit(RLIMIT_NOFILE, &r) != 0)
        return resourceError(std::to_string(fds) +
                             " file descriptors are needed; raising the limit (ulimit -n) from " +
                             std::to_string(m.fdSoftLimit) + " failed: " + std::strerror(errno));
    return sb::Ok{};
}

} // namespace sb::load
