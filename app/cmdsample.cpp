#include "app/cli.h"
#include "app/commands.h"
#include "core/limits.h"
#include "core/qterror.h"
#include "run/samplesession.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <mutex>
#include <poll.h>
#include <unistd.h>

namespace sb::cli {

namespace {

// Ctrl-C (and the tree dying) wake the main thread through this pipe; a signal handler may only
// write(2).
int g_wakeFd = -1;

void onSignal(int)
{
    if (g_wakeFd >= 0) {
        const char c = 's';
        [[maybe_unused]] ssize_t n = ::write(g_wakeFd, &c, 1);
    }
}

double mib(int64_t bytes)
{
    return double(bytes) / (1024.0 * 1024.0);
}

void printInterval(const run::TreeReading &s)
{
    std::printf("%7.1fs  server %5.2f cores  rss %8.1f MiB  pss %8.1f MiB  procs %3d  "
                "foreign %6.1f%%  excluded %6.1f%%  own %5.1f%%%s\n",
                s.endS, s.serverCores, mib(s.rssBytes), mib(s.pssBytes), s.processes, s.foreignPct,
                s.excludedPct, s.ownPct, s.final ? "  (final, partial)" : "");
    for (const run::SamplerEvent &e : s.events)
        std::printf("          event %s: %s\n", qPrintable(e.kind), qPrintable(e.detail));
    std::fflush(stdout);
}

void printSummary(const run::TreeSummary &sum, pid_t pid)
{
    std::printf("\nsummary for process tree %d: %.1f s, %d intervals\n", int(pid), sum.durationS,
                sum.samples);
    std::printf("  server    %.3f CPU-s, mean %.2f cores, peak %.2f cores, mean %.1f processes\n",
                sum.serverCpuS, sum.serverCores.mean, sum.serverCores.peak,
                sum.serverProcesses.mean);
    std::printf("  memory    rss peak %.1f MiB, pss peak %.1f MiB\n", mib(sum.rssBytesPeak),
                mib(sum.pssBytesPeak));
    std::printf("  foreign   mean %.1f%%, peak %.1f%% (%.3f CPU-s)\n", sum.foreignPct.mean,
                sum.foreignPct.peak, sum.foreignCpuS);
    std::printf("  excluded  mean %.1f%%, peak %.1f%% (%.3f CPU-s)\n", sum.excludedPct.mean,
                sum.excludedPct.peak, sum.excludedCpuS);
    std::printf("  own       mean %.2f%%, peak %.2f%% (%.3f CPU-s)\n", sum.ownPct.mean,
                sum.ownPct.peak, sum.ownCpuS);
    std::printf("  machine   mean %.1f%%, peak %.1f%% (100%% = one core)\n", sum.machinePct.mean,
                sum.machinePct.peak);
    if (sum.events.empty())
        std::printf("  events    none\n");
    for (const run::SamplerEvent &e : sum.events)
        std::printf("  event     %.1fs %s: %s\n", e.atS, qPrintable(e.kind), qPrintable(e.detail));
}

QJsonObject eventJson(const run::SamplerEvent &e)
{
    return QJsonObject{{QStringLiteral("kind"), e.kind},
                       {QStringLiteral("t_s"), e.atS},
                       {QStringLiteral("pid"), int(e.pid)},
                       {QStringLiteral("detail"), e.detail}};
}

QJsonObject seriesStatsJson(const run::SeriesFigures &s)
{
    return QJsonObject{{QStringLiteral("mean"), s.mean}, {QStringLiteral("peak"), s.peak}};
}

QJsonObject seriesJson(const std::vector<run::TreeReading> &snaps)
{
    QJsonArray tStart, tEnd, cores, cpu, rss, pss, procs, foreign, excluded, own, gen, machine;
    for (const run::TreeReading &s : snaps) {
        tStart.append(s.startS);
        tEnd.append(s.endS);
        cores.append(s.serverCores);
        cpu.append(s.serverCpuS);
        rss.append(double(s.rssBytes));
        pss.append(double(s.pssBytes));
        procs.append(s.processes);
        foreign.append(s.foreignPct);
        excluded.append(s.excludedPct);
        own.append(s.ownPct);
        gen.append(s.generatorPct);
        machine.append(s.machinePct);
    }
    return QJsonObject{
        {QStringLiteral("t_start_s"), tStart},       {QStringLiteral("t_end_s"), tEnd},
        {QStringLiteral("server_cores"), cores},     {QStringLiteral("server_cpu_s"), cpu},
        {QStringLiteral("rss_bytes"), rss},          {QStringLiteral("pss_bytes"), pss},
        {QStringLiteral("server_processes"), procs}, {QStringLiteral("foreign_pct"), foreign},
        {QStringLiteral("excluded_pct"), excluded},  {QStringLiteral("own_pct"), own},
        {QStringLiteral("generator_pct"), gen},      {QStringLiteral("machine_pct"), machine},
    };
}

QJsonObject summaryJson(const run::TreeSummary &sum)
{
    QJsonArray events;
    for (const run::SamplerEvent &e : sum.events)
        events.append(eventJson(e));
    return QJsonObject{
        {QStringLiteral("duration_s"), sum.durationS},
        {QStringLiteral("samples"), sum.samples},
        {QStringLiteral("server_cpu_s"), sum.serverCpuS},
        {QStringLiteral("server_cores_mean"), sum.serverCores.mean},
        {QStringLiteral("server_cores_peak"), sum.serverCores.peak},
        {QStringLiteral("server_processes_mean"), sum.serverProcesses.mean},
        {QStringLiteral("rss_bytes_peak"), double(sum.rssBytesPeak)},
        {QStringLiteral("pss_bytes_peak"), double(sum.pssBytesPeak)},
        {QStringLiteral("foreign_pct_mean"), sum.foreignPct.mean},
        {QStringLiteral("foreign_pct_peak"), sum.foreignPct.peak},
        {QStringLiteral("foreign_cpu_s"), sum.foreignCpuS},
        {QStringLiteral("excluded_pct_mean"), sum.excludedPct.mean},
        {QStringLiteral("excluded_cpu_s"), sum.excludedCpuS},
        {QStringLiteral("own_pct_mean"), sum.ownPct.mean},
        {QStringLiteral("own_cpu_s"), sum.ownCpuS},
        {QStringLiteral("machine_pct_mean"), sum.machinePct.mean},
        {QStringLiteral("machine_cpu_s"), sum.machineCpuS},
        {QStringLiteral("server_cores"), seriesStatsJson(sum.serverCores)},
        {QStringLiteral("root_exited"), sum.rootExited},
        {QStringLiteral("slept"), sum.slept},
        {QStringLiteral("events"), events},
    };
}

QByteArray toJson(const std::vector<run::TreeReading> &snaps, const run::TreeSummary &sum,
                  pid_t pid, int intervalMs)
{
    const QJsonObject root{{QStringLiteral("pid"), int(pid)},
                           {QStringLiteral("interval_ms"), intervalMs},
                           {QStringLiteral("series"), seriesJson(snaps)},
                           {QStringLiteral("summary"), summaryJson(sum)}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

// What `stackbench sample` was asked to do.
struct SampleRequest
{
    run::TreeSampling tree;
    int intervalMs = 1000;
    int64_t durationMs = 0; // how long to sample at most
    bool json = false;      // one JSON object at the end instead of a line per interval
};

// The options of `stackbench sample`.
struct SampleArguments
{
    explicit SampleArguments(CommandLine &cl)
        : pid(cl.option({QStringLiteral("pid")}, QStringLiteral("Root process of the server tree."),
                        QStringLiteral("PID")))
        , interval(cl.option({QStringLiteral("interval")},
                             QStringLiteral("Sampling interval, 100ms .. 60s."),
                             QStringLiteral("DURATION"), QStringLiteral("1s")))
        , duration(cl.option({QStringLiteral("duration")},
                             QStringLiteral("How long to sample, at most 1 day (ends early when "
                                            "the whole tree has exited)."),
                             QStringLiteral("DURATION"), QStringLiteral("30s")))
        , exclude(cl.option({QStringLiteral("exclude")},
                            QStringLiteral("Count processes with this name (comm or command) as "
                                           "excluded rather than foreign; repeatable, added to "
                                           "the default 'postgres'."),
                            QStringLiteral("NAME")))
        , noDefault(cl.flag({QStringLiteral("no-default-excludes")},
                            QStringLiteral("Do not exclude PostgreSQL backends by default.")))
        , sleepGap(cl.option({QStringLiteral("sleep-gap")},
                             QStringLiteral("A clock gap longer than this is reported as a sleep "
                                            "event."),
                             QStringLiteral("DURATION"), QStringLiteral("10s")))
        , json(cl.flag({QStringLiteral("json")},
                       QStringLiteral("Print one JSON object with series and summary.")))
        , m_cl(cl)
    {}

    sb::Result<SampleRequest> read() const
    {
        if (!m_cl.isSet(pid))
            return sb::qtError(QString::fromLatin1(kUsageError), QString(),
                               QStringLiteral("--pid is required"));
        SampleRequest r;
        const sb::Result<int64_t> root = m_cl.count(pid, 1, std::numeric_limits<pid_t>::max());
        if (!root.ok())
            return root.error();
        const sb::Result<int64_t> every =
            m_cl.durationMs(interval, limits::kMinIntervalMs, limits::kMaxIntervalMs);
        if (!every.ok())
            return every.error();
        const sb::Result<int64_t> length = m_cl.durationMs(duration, 1);
        if (!length.ok())
            return length.error();
        const sb::Result<int64_t> gap = m_cl.durationMs(sleepGap, 1);
        if (!gap.ok())
            return gap.error();
        r.tree.rootPid = *root;
        r.intervalMs = int(*every);
        r.durationMs = *length;
        r.tree.sleepGapS = double(*gap) / 1000.0;
        if (m_cl.isSet(noDefault))
            r.tree.excludes.clear();
        r.tree.excludes += m_cl.values(exclude);
        r.json = m_cl.isSet(json);
        return r;
    }

    QCommandLineOption pid, interval, duration, exclude, noDefault, sleepGap, json;

private:
    const CommandLine &m_cl;
};

// SIGINT and SIGTERM write to a pipe the main thread polls, for as long as this object lives.
class StopSignals
{
public:
    StopSignals()
    {
        if (::pipe2(m_fds, O_CLOEXEC | O_NONBLOCK) != 0)
            return;
        g_wakeFd = m_fds[1];
        struct sigaction sa = {};
        sa.sa_handler = onSignal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, nullptr);
        sigaction(SIGTERM, &sa, nullptr);
    }
    ~StopSignals()
    {
        g_wakeFd = -1;
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        if (m_fds[0] >= 0) {
            ::close(m_fds[0]);
            ::close(m_fds[1]);
        }
    }
    StopSignals(const StopSignals &) = delete;
    StopSignals &operator=(const StopSignals &) = delete;

    bool ok() const { return m_fds[0] >= 0; }
    int readFd() const { return m_fds[0]; }

private:
    int m_fds[2] = {-1, -1};
};

int64_t monotonicMs()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return int64_t(ts.tv_sec) * 1000 + ts.tv_nsec / 1'000'000;
}

// Blocks until `endMs` (monotonic), a stop signal, or the tree's end (which wakes the pipe).
void waitUntil(int wakeFd, int64_t endMs)
{
    for (int64_t leftMs = endMs - monotonicMs(); leftMs > 0; leftMs = endMs - monotonicMs()) {
        pollfd pfd{wakeFd, POLLIN, 0};
        const int r = ::poll(&pfd, 1, int(std::min<int64_t>(leftMs, 60'000)));
        if (r > 0 || (r < 0 && errno != EINTR))
            return;
    }
}

int runSampling(const CommandLine &cl, const SampleRequest &r)
{
    const StopSignals stop;
    if (!stop.ok())
        return cl.failure(QStringLiteral("cannot create a pipe: %1")
                              .arg(QString::fromLocal8Bit(std::strerror(errno))));
    std::mutex mutex;
    std::vector<run::TreeReading> snapshots;
    std::atomic<bool> treeGone{false};
    auto onInterval = [&](const run::TreeReading &s) {
        if (!s.rootAlive && s.processes == 0 && !treeGone.exchange(true))
            onSignal(0); // nothing left to sample: end the window early
        if (r.json) {
            std::lock_guard lock(mutex);
            snapshots.push_back(s);
        } else {
            printInterval(s);
        }
    };
    run::SampleSession sampler;
    if (const sb::Status st = sampler.start(r.tree, r.intervalMs, onInterval); !st.ok())
        return cl.fail(st.error());
    // The readiness line: from here on Ctrl-C ends the window and still prints the summary.
    cl.note(QStringLiteral("sampling process tree %1 every %2 for at most %3 (Ctrl-C stops)")
                .arg(r.tree.rootPid)
                .arg(QString::fromStdString(formatDurationMs(r.intervalMs)),
                     QString::fromStdString(formatDurationMs(r.durationMs))));
    waitUntil(stop.readFd(), sampler.startMonotonicNs() / 1'000'000 + r.durationMs);
    const run::TreeSummary summary = sampler.stop();
    const pid_t pid = pid_t(r.tree.rootPid);
    if (r.json) {
        std::lock_guard lock(mutex);
        const QByteArray text = toJson(snapshots, summary, pid, r.intervalMs);
        std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
    } else {
        printSummary(summary, pid);
    }
    std::fflush(stdout);
    return kExitOk;
}

const char *const kDescription =
    "Samples a server process tree from /proc: its CPU (1.0 cores = one core), RSS and PSS, and\n"
    "the machine's foreign CPU (everything but the tree, Stackbench and excluded processes;\n"
    "100% = one core). Prints one line per interval, then a summary. Ctrl-C stops early and\n"
    "still prints the summary.";

} // namespace

int sampleCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("sample"), QString::fromLatin1(kDescription));
    const SampleArguments arguments(cl);
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    const sb::Result<SampleRequest> request = arguments.read();
    if (!request.ok())
        return cl.fail(request.error());
    return runSampling(cl, *request);
}

} // namespace sb::cli
