#include "run/quietwait.h"

#include "sample/procreader.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <dirent.h>
#include <thread>
#include <unistd.h>

namespace sb::run {

namespace {

int64_t monotonicNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

int64_t boottimeNs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_BOOTTIME, &ts);
    return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

} // namespace

const char *quietOutcomeName(QuietOutcome outcome)
{
    switch (outcome) {
    case QuietOutcome::Waiting:
        return "waiting";
    case QuietOutcome::Quiet:
        return "quiet";
    case QuietOutcome::TimedOut:
        return "timed-out";
    case QuietOutcome::Cancelled:
        return "cancelled";
    }
    return "waiting";
}

QuietState nextQuietState(const QuietState &state, const QuietRule &rule, double foreignPct,
                          qint64 spanMs, qint64 waitedMs)
{
    if (state.outcome != QuietOutcome::Waiting)
        return state;
    QuietState s = state;
    s.waitedMs = std::max(state.waitedMs, waitedMs);
    s.quietMs = foreignPct < rule.gatePct ? s.quietMs + std::max<qint64>(0, spanMs) : 0;
    // A limit shorter than the stretch: a machine quiet for the whole wait is quiet.
    const qint64 stretchMs = std::min(rule.quietStretchMs, rule.limitMs);
    if (s.quietMs >= stretchMs && s.quietMs > 0)
        s.outcome = QuietOutcome::Quiet;
    else if (s.waitedMs >= rule.limitMs)
        s.outcome = QuietOutcome::TimedOut;
    return s;
}

QuietRule quietRule(const plan::SamplerSettings &sampler)
{
    QuietRule rule;
    rule.gatePct = sampler.foreignGatePct;
    if (sampler.foreignPeakGate)
        rule.gatePct =
            std::min(rule.gatePct, sampler.foreignPeakGate->percentOfOneCore(sampler.machineCores));
    rule.limitMs = sampler.waitQuietMs;
    return rule;
}

QString quietWaitSummary(const QuietState &end, const QuietRule &rule, double lastForeignPct,
                         const QString &what)
{
    const double waitedS = double(end.waitedMs) / 1000.0;
    switch (end.outcome) {
    case QuietOutcome::Quiet:
        return QStringLiteral("waited %1 s for a quiet machine before %2: foreign CPU below %3% "
                              "for %4 s")
            .arg(waitedS, 0, 'f', 1)
            .arg(what)
            .arg(rule.gatePct, 0, 'f', 0)
            .arg(double(end.quietMs) / 1000.0, 0, 'f', 1);
    case QuietOutcome::TimedOut:
        return QStringLiteral("waited %1 s (wait_quiet_s) for a quiet machine before %2; "
                              "measuring again anyway: foreign CPU %3% >= %4% at the last reading")
            .arg(waitedS, 0, 'f', 1)
            .arg(what)
            .arg(lastForeignPct, 0, 'f', 0)
            .arg(rule.gatePct, 0, 'f', 0);
    case QuietOutcome::Cancelled:
        return QStringLiteral("the wait for a quiet machine before %1 was cancelled after %2 s")
            .arg(what)
            .arg(waitedS, 0, 'f', 1);
    case QuietOutcome::Waiting:
        break;
    }
    return QStringLiteral("waiting %1 s for a quiet machine before %2: foreign CPU %3% >= %4%")
        .arg(waitedS, 0, 'f', 1)
        .arg(what)
        .arg(lastForeignPct, 0, 'f', 0)
        .arg(rule.gatePct, 0, 'f', 0);
}

ForeignCpuProbe::ForeignCpuProbe(const QStringList &excludes, pid_t serverRoot)
    : m_serverRoot(serverRoot)
{
    std::vector<std::string> patterns;
    for (const QString &e : excludes)
        patterns.push_back(e.toStdString());
    m_matcher = sample::NameMatcher(std::move(patterns));
}

bool ForeignCpuProbe::start()
{
    sample::MachineCpu machine;
    if (!sample::readMachineCpu(machine))
        return false;
    m_excluded.clear();
    m_others.clear();
    m_lastMonotonicNs = monotonicNs();
    m_lastBusyNs = machine.busyNs;
    m_lastTreeNs = -1;
    ownCpuNs();
    excludedCpuNs(true);
    return true;
}

int64_t ForeignCpuProbe::ownCpuNs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    const int64_t selfNs = int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
    const int64_t treeNs = m_serverRoot > 0 ? sample::treeCpuNs(m_serverRoot) : -1;
    int64_t delta = std::max<int64_t>(0, selfNs - m_lastSelfNs);
    if (treeNs >= 0 && m_lastTreeNs >= 0)
        delta += std::max<int64_t>(0, treeNs - m_lastTreeNs);
    m_lastSelfNs = selfNs;
    m_lastTreeNs = treeNs;
    return delta;
}

// The CPU the excluded processes used since the last reading (none for the baseline). A young
// process may exec or retitle itself (PostgreSQL backends do), so one is matched at two readings
// before it is taken as not excluded; processes are known by (pid, start).
int64_t ForeignCpuProbe::excludedCpuNs(bool baseline)
{
    if (m_matcher.empty())
        return 0;
    const int64_t sinceBootNs = boottimeNs() - (monotonicNs() - m_lastMonotonicNs);
    std::vector<pid_t> pids;
    sample::listPids(pids);
    const pid_t self = ::getpid();
    std::map<Key, int64_t> excluded;
    std::map<Key, int> others;
    int64_t delta = 0;
    for (pid_t pid : pids) {
        sample::ProcStat st;
        if (pid == self || !sample::readProcStat(pid, st) || st.zombie())
            continue;
        const Key key{pid, st.startTicks};
        const auto known = m_excluded.find(key);
        if (known == m_excluded.end()) {
            const auto other = m_others.find(key);
            const int checks = other == m_others.end() ? 0 : other->second;
            if (checks >= 2) {
                others[key] = checks;
                continue;
            }
            const bool match = m_matcher.matchesComm(st.comm) ||
                               m_matcher.matches(st.comm, sample::readCmdline(pid));
            if (!match) {
                others[key] = checks + 1;
                continue;
            }
        }
        const int64_t cpu = sample::processCpuNs(pid);
        if (cpu < 0)
            continue;
        excluded[key] = cpu;
        if (known != m_excluded.end())
            delta += std::max<int64_t>(0, cpu - known->second);
        else if (!baseline && st.startBootNs() >= sinceBootNs)
            delta += cpu; // born since the last reading: all of it is in this span
    }
    m_excluded = std::move(excluded);
    m_others = std::move(others);
    return delta;
}

double ForeignCpuProbe::read(qint64 *spanMs)
{
    sample::MachineCpu machine;
    const int64_t atNs = monotonicNs();
    const int64_t spanNs = std::max<int64_t>(1, atNs - m_lastMonotonicNs);
    *spanMs = spanNs / 1'000'000;
    if (!sample::readMachineCpu(machine))
        return 0;
    const int64_t ownNs = ownCpuNs();
    const int64_t excludedNs = excludedCpuNs(false);
    const int64_t busyNs = std::max<int64_t>(0, machine.busyNs - m_lastBusyNs);
    const int64_t foreignNs = std::max<int64_t>(0, busyNs - ownNs - excludedNs);
    m_lastMonotonicNs = atNs;
    m_lastBusyNs = machine.busyNs;
    // Counters read one after another and in ticks can exceed what the machine can do.
    return std::min(100.0 * double(foreignNs) / double(spanNs), 100.0 * sample::onlineCpus());
}

QuietState waitForQuiet(const QuietRule &rule, int intervalMs, ForeignCpuProbe &probe,
                        const std::function<bool()> &cancelled,
                        const std::function<void(const QuietState &, double)> &observe)
{
    using clock = std::chrono::steady_clock;
    QuietState state;
    if (!probe.start()) {
        state.outcome = QuietOutcome::TimedOut;
        return state;
    }
    const auto begin = clock::now();
    const auto end = begin + std::chrono::milliseconds(rule.limitMs);
    const auto interval = std::chrono::milliseconds(std::max(100, intervalMs));
    auto next = begin;
    while (state.outcome == QuietOutcome::Waiting) {
        next = std::min(next + interval, end);
        for (auto now = clock::now(); now < next; now = clock::now()) {
            if (cancelled()) {
                state.outcome = QuietOutcome::Cancelled;
                return state;
            }
            std::this_thread::sleep_for(
                std::min<clock::duration>(next - now, std::chrono::milliseconds(50)));
        }
        qint64 spanMs = 0;
        const double pct = probe.read(&spanMs);
        const auto waited = std::chrono::ceil<std::chrono::milliseconds>(clock::now() - begin);
        state = nextQuietState(state, rule, pct, spanMs, waited.count());
        observe(state, pct);
    }
    return state;
}

std::map<std::string, int64_t> cpuNsByProcessName()
{
    std::map<std::string, int64_t> out;
    const pid_t self = ::getpid();
    DIR *dir = ::opendir("/proc");
    if (!dir)
        return out;
    while (const dirent *e = ::readdir(dir)) {
        char *end = nullptr;
        const long pid = std::strtol(e->d_name, &end, 10);
        if (*e->d_name == '\0' || *end != '\0' || pid <= 0 || pid == self)
            continue;
        sample::ProcStat st;
        if (sample::readProcStat(pid_t(pid), st))
            out[st.comm] += st.cpuNs();
    }
    ::closedir(dir);
    return out;
}

} // namespace sb::run
