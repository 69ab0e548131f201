#include "sample/sampler.h"

#include "sample/clockgaps.h"
#include "sample/foreigncounter.h"
#include "sample/procreader.h"
#include "sample/proctree.h"
#include "sample/timeline.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <mutex>
#include <optional>
#include <thread>
#include <unistd.h>
#include <unordered_map>
#include <unordered_set>

namespace sb::sample {

const char *eventKindName(EventKind kind)
{
    switch (kind) {
    case EventKind::Sleep:
        return "sleep";
    case EventKind::RootExited:
        return "root-exited";
    case EventKind::ProcessStarted:
        return "process-started";
    case EventKind::ProcessExited:
        return "process-exited";
    }
    return "unknown";
}

namespace {

constexpr int64_t kNsPerS = 1'000'000'000LL;
// A process whose start time is this close to the window start counts as born inside it: the
// start time has clock-tick (10 ms) resolution.
constexpr int64_t kBirthSlackNs = 20'000'000LL;
// A window reports at most this many process-started/-exited events (a forking server could
// otherwise produce thousands); the counts stay exact in the process series.
constexpr int kMaxProcessEvents = 200;

int64_t realBoottimeNs()
{
    timespec ts{};
    clock_gettime(CLOCK_BOOTTIME, &ts);
    return int64_t(ts.tv_sec) * kNsPerS + ts.tv_nsec;
}

int64_t ownProcessCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return int64_t(ts.tv_sec) * kNsPerS + ts.tv_nsec;
}

// One process's CPU as a monotonic counter: the live threads' schedstat (ns, exact) plus a
// correction for exited threads, learnt from utime+stime (which includes them, at tick
// resolution). Stays within one tick of the kernel's total and never goes backwards.
struct CpuCounter
{
    int64_t ns = 0;           // current reading, ns
    int64_t deadThreadNs = 0; // CPU of exited threads not visible in schedstat, ns

    void update(pid_t pid, const ProcStat &st)
    {
        const int64_t statNs = st.cpuNs();
        const int64_t live = st.zombie() ? -1 : liveThreadsCpuNs(pid, st.numThreads);
        int64_t value = statNs;
        if (live >= 0) {
            deadThreadNs = std::max(deadThreadNs, statNs - live);
            value = live + deadThreadNs;
        }
        ns = std::max(ns, value);
    }
};

struct Member
{
    uint64_t startTicks = 0;
    pid_t ppid = 0;
    CpuCounter cpu;
    int64_t kidsNs = 0;    // cutime + cstime at the last reading
    int64_t pendingNs = 0; // CPU of exited children already counted, expected in kidsNs growth
    int pendingAge = 0;    // samples since pendingNs was last added to
    int64_t pssBytes = 0;  // last PSS reading (kept between PSS reads)
    bool zombie = false;
    // Filled by the read pass of one sample.
    bool present = false;
    ProcStat stat;
};

struct Other
{
    uint64_t startTicks = 0;
    uint64_t inode = 0; // of /proc/PID when classified: a change means the PID may be reused
    bool excluded = false;
    int checks = 0; // classification attempts (a young process may still exec)
    CpuCounter cpu;
    ForeignCounter foreign; // while not excluded
    int seenSample = 0;     // the last sample whose /proc scan listed it
};

struct GenThread
{
    int64_t lastNs = 0;
};

} // namespace

class Sampler::Impl
{
public:
    ~Impl() { stopThread(); }

    sb::Status start(const Options &options, std::function<void(const Snapshot &)> onInterval);
    Summary stop();
    void setGeneratorThreads(std::vector<pid_t> tids);

    std::atomic<bool> m_running{false};
    ClockReading m_startClock;
    std::chrono::steady_clock::time_point m_startSteady; // the window start, for the deadlines

private:
    Snapshot take(bool final);
    int64_t readExcluded(int &liveProcesses);
    void readTreeMemory(Snapshot &s);
    void deliver(Snapshot measured);
    int generatorCores() const;
    void readTree(std::vector<Event> &events, int64_t offsetNs, int64_t &cpuDeltaNs);
    void scanOthers(std::vector<Event> &events, int64_t offsetNs, int64_t &excludedDeltaNs,
                    int64_t &treeDeltaNs, ForeignTop &top);
    void countForeign(pid_t pid, Other &o, const ProcStat &st, int64_t offsetNs, ForeignTop &top);
    void departed(pid_t pid, const Other &o);
    int64_t readGenerator();
    void loop();
    void stopThread();
    bool bornInWindow(uint64_t startTicks) const
    {
        return ticksToNs(int64_t(startTicks)) >= m_windowStartBootNs - kBirthSlackNs;
    }
    void addProcessEvent(std::vector<Event> &events, Event e);
    // A process found outside the tree belongs to it: its parent is a member or the subreaper
    // that adopts the tree's orphans, or it is in the tree's cgroup.
    bool belongsToTree(const ProcStat &st) const
    {
        return m_tree.count(st.ppid) || (m_opts.reaperPid > 0 && st.ppid == m_opts.reaperPid) ||
               m_cgroupMembers.count(st.pid);
    }
    int64_t cgroupDeltaNs();

    Options m_opts;
    std::function<void(const Snapshot &)> m_callback;
    std::shared_ptr<ClockSource> m_clock;
    NameMatcher m_matcher;
    pid_t m_selfPid = 0;

    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_stopRequested = false;

    std::mutex m_genMutex;
    std::vector<pid_t> m_genRequested;
    bool m_genChanged = false;
    std::unordered_map<pid_t, GenThread> m_gen;

    bool m_baseline = true;
    bool m_final = false;            // the sample stop() takes
    int m_samplesTaken = 0;          // after the baseline; decides the PSS reads
    int m_sampleNumber = 0;          // 0 = the baseline, then 1, 2, ... (the idle back-off)
    int64_t m_windowStartBootNs = 0; // real CLOCK_BOOTTIME at the window start
    ClockReading m_prevClock;
    MachineCpu m_prevMachine;
    int64_t m_prevOwnNs = 0;
    std::vector<pid_t> m_order; // tree members, parents before children
    std::unordered_map<pid_t, Member> m_tree;
    std::unordered_map<pid_t, Other> m_others;
    ForeignTop m_departedTop;     // the busiest foreign processes that exited during the window
    std::vector<PidEntry> m_pids; // scratch
    ProcStat m_statScratch;       // scratch: its comm keeps its capacity between reads
    bool m_rootExited = false;
    int m_processEvents = 0;
    // Options::cgroupDir: its members at this sample, and its CPU counter at the last one.
    std::unordered_set<pid_t> m_cgroupMembers;
    std::vector<pid_t> m_cgroupScratch;
    int64_t m_cgroupPrevNs = -1; // -1: the cgroup's CPU is not read (none, or unreadable)

    std::optional<Timeline> m_timeline; // the window's intervals and their summary
};

sb::Status Sampler::Impl::start(const Options &options,
                                std::function<void(const Snapshot &)> onInterval)
{
    auto fail = [](std::string detail) {
        return sb::Error{"sample.start", std::string(), std::move(detail)};
    };
    if (options.intervalMs < 100)
        return fail("interval " + std::to_string(options.intervalMs) + " ms is below 100 ms");
    if (options.rootPid <= 0)
        return fail("no process id given");
    m_selfPid = ::getpid();
    if (options.rootPid == m_selfPid)
        return fail("process " + std::to_string(options.rootPid) +
                    " is Stackbench itself; give the server's process id");
    ProcStat rootStat;
    if (!readProcStat(options.rootPid, rootStat))
        return fail("process " + std::to_string(options.rootPid) + " does not exist");
    if (rootStat.zombie())
        return fail("process " + std::to_string(options.rootPid) + " has already exited (zombie)");

    m_opts = options;
    if (m_opts.pssEveryN < 1)
        m_opts.pssEveryN = 1;
    m_callback = std::move(onInterval);
    m_clock = options.clock ? options.clock : std::make_shared<SystemClockSource>();
    m_matcher = NameMatcher(options.excludes);
    m_selfPid = ::getpid();
    m_genRequested = options.generatorTids;
    m_genChanged = true;
    m_timeline.emplace(m_opts.intervalMs, onlineCpus());

    // Baseline: the window starts now, and the sampling deadlines count from here.
    m_startClock = m_clock->now();
    m_startSteady = std::chrono::steady_clock::now();
    m_prevClock = m_startClock;
    m_windowStartBootNs = realBoottimeNs();
    readMachineCpu(m_prevMachine);
    m_prevOwnNs = ownProcessCpuNs();
    Member root;
    root.startTicks = rootStat.startTicks;
    root.ppid = rootStat.ppid;
    m_tree.emplace(options.rootPid, root);
    m_order.push_back(options.rootPid);
    if (!m_opts.cgroupDir.empty())
        m_cgroupPrevNs = cgroupCpuNs(m_opts.cgroupDir);
    m_baseline = true;
    take(false); // discovers the tree and the excluded processes; counts nothing
    m_baseline = false;

    m_stopRequested = false;
    m_running = true;
    m_thread = std::thread([this] { loop(); });
    return sb::Ok{};
}

void Sampler::Impl::loop()
{
    using clock = std::chrono::steady_clock;
    const auto t0 = m_startSteady;
    const auto interval = std::chrono::milliseconds(m_opts.intervalMs);
    int64_t k = 1;
    std::unique_lock lock(m_mutex);
    for (;;) {
        const auto deadline = t0 + k * interval;
        if (m_cv.wait_until(lock, deadline, [this] { return m_stopRequested; }))
            break;
        lock.unlock();
        deliver(take(false));
        lock.lock();
        // Skip deadlines missed while the machine slept or the sampler was starved, and any
        // deadline less than half an interval away: that interval would be too short.
        const auto now = clock::now() + interval / 2;
        k = std::max<int64_t>(k + 1, int64_t((now - t0) / interval) + 1);
    }
    lock.unlock();
    deliver(take(true));
}

int Sampler::Impl::generatorCores() const
{
    return m_opts.generatorCores > 0 ? m_opts.generatorCores : int(m_gen.size());
}

void Sampler::Impl::deliver(Snapshot measured)
{
    for (const Snapshot &s : m_timeline->add(std::move(measured), generatorCores())) {
        if (m_callback)
            m_callback(s);
    }
}

void Sampler::Impl::stopThread()
{
    if (!m_thread.joinable())
        return;
    {
        std::lock_guard lock(m_mutex);
        m_stopRequested = true;
    }
    m_cv.notify_all();
    m_thread.join();
    m_running = false;
}

Summary Sampler::Impl::stop()
{
    if (!m_running)
        return {};
    stopThread();
    Summary sum = m_timeline->summary(generatorCores());
    sum.rootExited = m_rootExited;
    ForeignTop top;
    for (const auto &[pid, o] : m_others)
        if (!o.excluded)
            top.offer(pid, o.foreign.name(), o.foreign.windowNs());
    for (const ForeignProcess &p : m_departedTop)
        top.offer(p.pid, p.name, p.cpuNs);
    top.rate(int64_t(sum.durationS * double(kNsPerS)));
    sum.foreignTop = top;
    return sum;
}

void Sampler::Impl::setGeneratorThreads(std::vector<pid_t> tids)
{
    std::lock_guard lock(m_genMutex);
    m_genRequested = std::move(tids);
    m_genChanged = true;
}

void Sampler::Impl::addProcessEvent(std::vector<Event> &events, Event e)
{
    if (m_baseline)
        return;
    if (++m_processEvents > kMaxProcessEvents) {
        if (m_processEvents == kMaxProcessEvents + 1) {
            e.detail = "further process start/exit events of this window are not reported";
            e.pid = 0;
            events.push_back(std::move(e));
        }
        return;
    }
    events.push_back(std::move(e));
}

// Tree CPU accounting. A member's cumulative CPU is its own (all threads) plus what it has
// reaped (cutime + cstime). When a member exits and its parent (a member) reaps it, the
// child's final total appears in the parent's cutime/cstime; what we had already counted for
// the child is parked as the parent's "pending" credit and subtracted from that growth, so the
// child's last partial interval is counted exactly once. A member reaped by a process outside
// the tree keeps its last reading.
void Sampler::Impl::readTree(std::vector<Event> &events, int64_t offsetNs, int64_t &cpuDeltaNs)
{
    // Pass 1: read every member, parents before children.
    for (pid_t pid : m_order) {
        Member &m = m_tree[pid];
        m.present = readProcStat(pid, m.stat) && m.stat.startTicks == m.startTicks;
    }
    // Pass 2: exits. A departed member's counted CPU becomes its parent's pending credit.
    std::vector<pid_t> kept;
    kept.reserve(m_order.size());
    for (pid_t pid : m_order) {
        Member &m = m_tree[pid];
        if (m.present) {
            kept.push_back(pid);
            continue;
        }
        auto parent = m_tree.find(m.ppid);
        if (parent != m_tree.end() && parent->second.present) {
            parent->second.pendingNs += m.cpu.ns + m.kidsNs;
            parent->second.pendingAge = 0;
        }
        if (pid == m_opts.rootPid) {
            if (!m_rootExited) {
                m_rootExited = true;
                events.push_back({EventKind::RootExited, offsetNs, pid,
                                  "the server's root process " + std::to_string(pid) + " exited"});
            }
        } else if (!m.zombie) {
            addProcessEvent(events, {EventKind::ProcessExited, offsetNs, pid,
                                     "process " + std::to_string(pid) + " left the server tree"});
        }
        m_tree.erase(pid);
    }
    m_order.swap(kept);
    // Pass 3: deltas.
    for (pid_t pid : m_order) {
        Member &m = m_tree[pid];
        const int64_t before = m.cpu.ns;
        m.cpu.update(pid, m.stat);
        const int64_t kids = m.stat.childrenCpuNs();
        const int64_t kidsGrowth = std::max<int64_t>(0, kids - m.kidsNs);
        const int64_t absorbed = std::min(kidsGrowth, m.pendingNs);
        m.pendingNs -= absorbed;
        // Credit not matched within two samples was never added to cutime (auto-reaped child).
        if (m.pendingNs > 0 && ++m.pendingAge > 2)
            m.pendingNs = 0;
        m.kidsNs = kids;
        m.ppid = m.stat.ppid;
        if (!m_baseline)
            cpuDeltaNs += (m.cpu.ns - before) + (kidsGrowth - absorbed);
        if (m.stat.zombie() && !m.zombie) {
            m.zombie = true;
            if (pid == m_opts.rootPid && !m_rootExited) {
                m_rootExited = true;
                events.push_back({EventKind::RootExited, offsetNs, pid,
                                  "the server's root process " + std::to_string(pid) +
                                      " exited (not yet reaped)"});
            } else if (pid != m_opts.rootPid) {
                addProcessEvent(events,
                                {EventKind::ProcessExited, offsetNs, pid,
                                 "process " + std::to_string(pid) + " left the server tree"});
            }
        }
    }
}

// Finds processes that appeared since the last sample: children of members join the tree (their
// CPU since birth counts when they were born inside the window), others are classified as
// excluded or foreign once (twice for young processes, which may exec right after fork).
void Sampler::Impl::scanOthers(std::vector<Event> &events, int64_t offsetNs,
                               int64_t &excludedDeltaNs, int64_t &treeDeltaNs, ForeignTop &top)
{
    listPids(m_pids);
    // Marked in place rather than collected in a set: the scan allocates nothing per process.
    for (const PidEntry &e : m_pids)
        if (auto it = m_others.find(e.pid); it != m_others.end())
            it->second.seenSample = m_sampleNumber;
    for (auto it = m_others.begin(); it != m_others.end();) {
        if (it->second.seenSample != m_sampleNumber) {
            departed(it->first, it->second);
            it = m_others.erase(it);
        } else {
            ++it;
        }
    }

    std::vector<ProcStat> newcomers;
    std::unordered_map<pid_t, uint64_t> newcomerInodes;
    for (const PidEntry &entry : m_pids) {
        const pid_t pid = entry.pid;
        if (pid == m_selfPid || m_tree.count(pid))
            continue;
        auto it = m_others.find(pid);
        if (it != m_others.end() && m_cgroupMembers.count(pid)) {
            // Seen before it showed in the tree's cgroup (born between the two reads): a member.
            ProcStat st;
            m_others.erase(it);
            if (readProcStat(pid, st)) {
                newcomerInodes[pid] = entry.inode;
                newcomers.push_back(std::move(st));
            }
            continue;
        }
        if (it != m_others.end()) {
            Other &o = it->second;
            const bool inodeChanged = o.inode != entry.inode;
            if (!inodeChanged && o.excluded)
                continue; // readExcluded() reads it
            if (!inodeChanged && o.checks >= 2 && !m_final && !o.foreign.due(m_sampleNumber))
                continue; // idle: read again later (its growth is counted then)
            ProcStat &st = m_statScratch;
            if (!readProcStat(pid, st))
                continue;
            o.inode = entry.inode;
            if (st.startTicks != o.startTicks) { // pid reused by a new process
                departed(pid, o);
                m_others.erase(it);
                newcomerInodes[pid] = entry.inode;
                newcomers.push_back(st);
                continue;
            }
            if (o.excluded)
                continue;
            if (o.checks < 2) {
                ++o.checks;
                if (!m_matcher.empty() && m_matcher.matches(st.comm, readCmdline(pid))) {
                    o.excluded = true;
                    // Born inside the window: its CPU so far belongs to the window.
                    if (!bornInWindow(o.startTicks))
                        o.cpu.update(pid, st);
                    continue;
                }
            }
            countForeign(pid, o, st, offsetNs, top);
            continue;
        }
        ProcStat st;
        if (readProcStat(pid, st)) {
            newcomerInodes[pid] = entry.inode;
            newcomers.push_back(std::move(st));
        }
    }

    // Tree membership: a newcomer whose parent is a member (possibly another newcomer) joins.
    bool changed = true;
    std::vector<bool> joined(newcomers.size(), false);
    while (changed) {
        changed = false;
        for (size_t i = 0; i < newcomers.size(); ++i) {
            if (joined[i] || !belongsToTree(newcomers[i]))
                continue;
            joined[i] = true;
            changed = true;
            const ProcStat &st = newcomers[i];
            Member m;
            m.startTicks = st.startTicks;
            m.ppid = st.ppid;
            m.stat = st;
            m.present = true;
            m.cpu.update(st.pid, st);
            m.kidsNs = st.childrenCpuNs();
            m.zombie = st.zombie();
            if (!m_baseline && bornInWindow(st.startTicks))
                treeDeltaNs += m.cpu.ns + m.kidsNs;
            addProcessEvent(events, {EventKind::ProcessStarted, offsetNs, st.pid,
                                     "process " + std::to_string(st.pid) + " (" + st.comm +
                                         ") joined the server tree"});
            m_tree.emplace(st.pid, std::move(m));
            m_order.push_back(st.pid);
        }
    }
    for (size_t i = 0; i < newcomers.size(); ++i) {
        if (joined[i])
            continue;
        const ProcStat &st = newcomers[i];
        Other o;
        o.startTicks = st.startTicks;
        o.inode = newcomerInodes[st.pid];
        o.checks = 1;
        o.excluded = !m_matcher.empty() && (m_matcher.matchesComm(st.comm) ||
                                            m_matcher.matches(st.comm, readCmdline(st.pid)));
        if (o.excluded) {
            o.cpu.update(st.pid, st);
            if (!m_baseline && bornInWindow(st.startTicks))
                excludedDeltaNs += o.cpu.ns;
        } else {
            countForeign(st.pid, o, st, offsetNs, top);
        }
        m_others.emplace(st.pid, std::move(o));
    }
}

// One reading of a foreign process for the interval's top and the window's.
void Sampler::Impl::countForeign(pid_t pid, Other &o, const ProcStat &st, int64_t offsetNs,
                                 ForeignTop &top)
{
    const ForeignCounter::Sample sample{m_sampleNumber,
                                        m_prevClock.monotonicNs - m_startClock.monotonicNs,
                                        offsetNs, m_opts.intervalMs};
    o.foreign.read(pid, st, bornInWindow(st.startTicks), sample, top);
}

// A foreign process that left (exited, or its pid now names another process) keeps its place
// among the window's busiest.
void Sampler::Impl::departed(pid_t pid, const Other &o)
{
    if (!o.excluded)
        m_departedTop.offer(pid, o.foreign.name(), o.foreign.windowNs());
}

int64_t Sampler::Impl::readGenerator()
{
    // Take over a changed thread list first, so that a thread registered during an interval
    // counts in that interval, not in the next one.
    std::vector<pid_t> requested;
    bool changed = false;
    {
        std::lock_guard lock(m_genMutex);
        if (m_genChanged) {
            requested = m_genRequested;
            m_genChanged = false;
            changed = true;
        }
    }
    if (changed) {
        std::unordered_map<pid_t, GenThread> next;
        for (pid_t tid : requested) {
            auto it = m_gen.find(tid);
            if (it != m_gen.end()) {
                next.emplace(tid, it->second);
                continue;
            }
            GenThread g;
            const int64_t startNs = ownThreadStartBootNs(tid);
            // A thread born inside the window counts from its birth; an older one from this
            // sample on.
            if (startNs >= 0 && startNs < m_windowStartBootNs - kBirthSlackNs)
                g.lastNs = std::max<int64_t>(0, ownThreadCpuNs(tid));
            next.emplace(tid, g);
        }
        m_gen.swap(next);
    }
    int64_t delta = 0;
    for (auto &[tid, g] : m_gen) {
        const int64_t ns = ownThreadCpuNs(tid);
        if (ns > g.lastNs) {
            if (!m_baseline)
                delta += ns - g.lastNs;
            g.lastNs = ns;
        }
    }
    return delta;
}

// Updates the excluded processes' CPU; returns its growth and counts the live ones.
int64_t Sampler::Impl::readExcluded(int &liveProcesses)
{
    int64_t delta = 0;
    for (auto &[pid, o] : m_others) {
        if (!o.excluded)
            continue;
        ProcStat st;
        if (!readProcStat(pid, st) || st.startTicks != o.startTicks)
            continue;
        const int64_t before = o.cpu.ns;
        o.cpu.update(pid, st);
        if (!m_baseline)
            delta += o.cpu.ns - before;
        ++liveProcesses;
    }
    return delta;
}

// Memory, process count and pids of the live members, into `s`.
void Sampler::Impl::readTreeMemory(Snapshot &s)
{
    const bool readPss = m_samplesTaken % m_opts.pssEveryN == 0;
    const int64_t pageBytes = sysconf(_SC_PAGESIZE);
    for (pid_t pid : m_order) {
        Member &m = m_tree[pid];
        if (m.zombie)
            continue;
        ++s.serverProcesses;
        s.serverPids.push_back(pid);
        MemoryUsage mem;
        if (readPss && readMemory(pid, mem)) {
            m.pssBytes = mem.hasPss ? mem.pssBytes : mem.rssBytes;
            s.serverRssBytes += mem.rssBytes;
        } else {
            s.serverRssBytes += m.stat.rssPages * pageBytes;
        }
        s.serverPssBytes += m.pssBytes;
    }
}

Snapshot Sampler::Impl::take(bool final)
{
    Snapshot s;
    m_final = final;
    if (!m_baseline)
        ++m_sampleNumber;
    // The baseline's reading is the window start itself, so that the first interval starts at 0.
    const ClockReading now = m_baseline ? m_startClock : m_clock->now();
    const int64_t offsetNs = now.monotonicNs - m_startClock.monotonicNs;
    s.final = final;
    s.startNs = m_prevClock.monotonicNs - m_startClock.monotonicNs;
    s.endNs = offsetNs;

    MachineCpu machine;
    readMachineCpu(machine);
    const int64_t ownProcessNs = ownProcessCpuNs();
    const int64_t genNs = readGenerator();

    int64_t treeNs = 0, excludedNs = 0;
    if (!m_opts.cgroupDir.empty()) {
        std::vector<pid_t> &procs = m_cgroupScratch;
        m_cgroupMembers.clear();
        if (cgroupProcs(m_opts.cgroupDir, procs))
            m_cgroupMembers.insert(procs.begin(), procs.end());
    }
    readTree(s.events, offsetNs, treeNs);
    scanOthers(s.events, offsetNs, excludedNs, treeNs, s.foreignTop);
    excludedNs += readExcluded(s.excludedProcesses);
    readTreeMemory(s);
    s.rootAlive = !m_rootExited;
    if (const int64_t cgroupNs = cgroupDeltaNs(); cgroupNs >= 0)
        treeNs = cgroupNs; // exact, and nothing that left the root's descendants is missed

    if (!m_baseline)
        appendClockGaps(m_prevClock, now, offsetNs, m_opts.intervalMs, m_opts.sleepGapS, s.events);

    const int64_t ownDelta = std::max<int64_t>(0, ownProcessNs - m_prevOwnNs);
    s.serverCpuNs = treeNs;
    s.excludedCpuNs = excludedNs;
    s.generatorCpuNs = std::min(genNs, ownDelta);
    s.ownCpuNs = ownDelta - s.generatorCpuNs;
    s.machineBusyNs = std::max<int64_t>(0, machine.busyNs - m_prevMachine.busyNs);
    s.foreignCpuNs = std::max<int64_t>(0, s.machineBusyNs - treeNs - ownDelta - excludedNs);

    m_prevClock = now;
    m_prevMachine = machine;
    m_prevOwnNs = ownProcessNs;
    if (!m_baseline)
        ++m_samplesTaken;
    return s;
}

// The cgroup's CPU since the last sample, ns; -1 when it is not read (none, or its cpu.stat
// stopped reading: the members' sum stands in from then on).
int64_t Sampler::Impl::cgroupDeltaNs()
{
    if (m_cgroupPrevNs < 0)
        return -1;
    const int64_t now = cgroupCpuNs(m_opts.cgroupDir);
    if (now < 0) {
        m_cgroupPrevNs = -1;
        return -1;
    }
    const int64_t delta = std::max<int64_t>(0, now - m_cgroupPrevNs);
    m_cgroupPrevNs = now;
    return m_baseline ? 0 : delta;
}

Sampler::Sampler()
    : m_impl(std::make_unique<Impl>())
{}

Sampler::~Sampler() = default;

sb::Status Sampler::start(const Options &options, std::function<void(const Snapshot &)> onInterval)
{
    if (m_impl->m_running)
        return sb::Error{"sample.start", std::string(), "the sampler is already running"};
    // Every window starts from a fresh state.
    m_impl = std::make_unique<Impl>();
    return m_impl->start(options, std::move(onInterval));
}

Summary Sampler::stop()
{
    return m_impl->stop();
}

bool Sampler::running() const
{
    return m_impl->m_running;
}

void Sampler::setGeneratorThreads(std::vector<pid_t> tids)
{
    m_impl->setGeneratorThreads(std::move(tids));
}

int64_t Sampler::windowStartMonotonicNs() const
{
    return m_impl->m_startClock.monotonicNs;
}

} // namespace sb::sample
