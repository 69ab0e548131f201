#include "app/commands.h"
#include "app/durations.h"
#include "sample/sampler.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <unistd.h>

namespace sb::cli {

namespace {

int usageError(const QString &message)
{
    std::fprintf(stderr, "stackbench sample: %s\n", message.toLocal8Bit().constData());
    return 2;
}

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

void printInterval(const sample::Snapshot &s)
{
    std::printf("%7.1fs  server %5.2f cores  rss %8.1f MiB  pss %8.1f MiB  procs %3d  "
                "foreign %6.1f%%  excluded %6.1f%%  own %5.1f%%%s\n",
                double(s.endNs) / 1e9, s.serverCores, mib(s.serverRssBytes), mib(s.serverPssBytes),
                s.serverProcesses, s.foreignPct, s.excludedPct, s.ownPct,
                s.final ? "  (final, partial)" : "");
    for (const sample::Event &e : s.events)
        std::printf("          event %s: %s\n", sample::eventKindName(e.kind), e.detail.c_str());
    std::fflush(stdout);
}

void printSummary(const sample::Summary &sum, pid_t pid)
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
    for (const sample::Event &e : sum.events)
        std::printf("  event     %.1fs %s: %s\n", double(e.offsetNs) / 1e9,
                    sample::eventKindName(e.kind), e.detail.c_str());
}

QJsonObject eventJson(const sample::Event &e)
{
    return QJsonObject{{QStringLiteral("kind"), QString::fromLatin1(sample::eventKindName(e.kind))},
                       {QStringLiteral("t_s"), double(e.offsetNs) / 1e9},
                       {QStringLiteral("pid"), int(e.pid)},
                       {QStringLiteral("detail"), QString::fromStdString(e.detail)}};
}

QJsonObject seriesStatsJson(const sample::SeriesStats &s)
{
    return QJsonObject{{QStringLiteral("mean"), s.mean}, {QStringLiteral("peak"), s.peak}};
}

QByteArray toJson(const std::vector<sample::Snapshot> &snaps, const sample::Summary &sum, pid_t pid,
                  int intervalMs)
{
    QJsonArray tStart, tEnd, cores, cpu, rss, pss, procs, foreign, excluded, own, gen, machine;
    for (const sample::Snapshot &s : snaps) {
        tStart.append(double(s.startNs) / 1e9);
        tEnd.append(double(s.endNs) / 1e9);
        cores.append(s.serverCores);
        cpu.append(double(s.serverCpuNs) / 1e9);
        rss.append(double(s.serverRssBytes));
        pss.append(double(s.serverPssBytes));
        procs.append(s.serverProcesses);
        foreign.append(s.foreignPct);
        excluded.append(s.excludedPct);
        own.append(s.ownPct);
        gen.append(s.generatorPct);
        machine.append(s.machinePct);
    }
    const QJsonObject series{
        {QStringLiteral("t_start_s"), tStart},       {QStringLiteral("t_end_s"), tEnd},
        {QStringLiteral("server_cores"), cores},     {QStringLiteral("server_cpu_s"), cpu},
        {QStringLiteral("rss_bytes"), rss},          {QStringLiteral("pss_bytes"), pss},
        {QStringLiteral("server_processes"), procs}, {QStringLiteral("foreign_pct"), foreign},
        {QStringLiteral("excluded_pct"), excluded},  {QStringLiteral("own_pct"), own},
        {QStringLiteral("generator_pct"), gen},      {QStringLiteral("machine_pct"), machine},
    };
    QJsonArray events;
    for (const sample::Event &e : sum.events)
        events.append(eventJson(e));
    const QJsonObject summary{
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
    const QJsonObject root{{QStringLiteral("pid"), int(pid)},
                           {QStringLiteral("interval_ms"), intervalMs},
                           {QStringLiteral("series"), series},
                           {QStringLiteral("summary"), summary}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace

int sampleCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Samples a server process tree from /proc: its CPU (1.0 cores = one core), RSS and PSS, "
        "and the machine's foreign CPU (everything but the tree, Stackbench and excluded "
        "processes; 100% = one core). Prints one line per interval, then a summary. Ctrl-C "
        "stops early and still prints the summary."));
    parser.addHelpOption();
    const QCommandLineOption pidOption(QStringLiteral("pid"),
                                       QStringLiteral("Root process of the server tree."),
                                       QStringLiteral("PID"));
    const QCommandLineOption intervalOption(QStringLiteral("interval"),
                                            QStringLiteral("Sampling interval, 100ms or more."),
                                            QStringLiteral("DURATION"), QStringLiteral("1s"));
    const QCommandLineOption durationOption(
        QStringLiteral("duration"),
        QStringLiteral("How long to sample (ends early when the whole tree has exited)."),
        QStringLiteral("DURATION"), QStringLiteral("30s"));
    const QCommandLineOption excludeOption(
        QStringLiteral("exclude"),
        QStringLiteral("Count processes with this name (comm or command) as excluded rather than "
                       "foreign; repeatable, added to the default 'postgres'."),
        QStringLiteral("NAME"));
    const QCommandLineOption noDefaultOption(
        QStringLiteral("no-default-excludes"),
        QStringLiteral("Do not exclude PostgreSQL backends by default."));
    const QCommandLineOption sleepGapOption(
        QStringLiteral("sleep-gap"),
        QStringLiteral("A clock gap longer than this is reported as a sleep event."),
        QStringLiteral("DURATION"), QStringLiteral("10s"));
    const QCommandLineOption jsonOption(
        QStringLiteral("json"), QStringLiteral("Print one JSON object with series and summary."));
    parser.addOptions({pidOption, intervalOption, durationOption, excludeOption, noDefaultOption,
                       sleepGapOption, jsonOption});

    if (!parser.parse(QStringList{QStringLiteral("stackbench sample")} + args))
        return usageError(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(parser.helpText().toLocal8Bit().constData(), stdout);
        return 0;
    }
    if (!parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("unexpected argument '%1'")
                              .arg(parser.positionalArguments().constFirst()));
    if (!parser.isSet(pidOption))
        return usageError(QStringLiteral("--pid is required"));

    sample::Options options;
    bool ok = false;
    const int pid = parser.value(pidOption).toInt(&ok);
    if (!ok || pid <= 0)
        return usageError(
            QStringLiteral("--pid must be a process id, got '%1'").arg(parser.value(pidOption)));
    options.rootPid = pid;
    QString why;
    int64_t intervalMs = 0;
    if (!parseDurationMs(parser.value(intervalOption), 1000, intervalMs, why) || intervalMs < 100 ||
        intervalMs > 3'600'000)
        return usageError(QStringLiteral("--interval must be between 100ms and 1h, got '%1'")
                              .arg(parser.value(intervalOption)));
    options.intervalMs = int(intervalMs);
    int64_t durationMs = 0;
    if (!parseDurationMs(parser.value(durationOption), 1000, durationMs, why) || durationMs <= 0)
        return usageError(QStringLiteral("--duration: %1")
                              .arg(why.isEmpty() ? QStringLiteral("must be above 0") : why));
    int64_t sleepGapMs = 0;
    if (!parseDurationMs(parser.value(sleepGapOption), 1000, sleepGapMs, why) || sleepGapMs <= 0)
        return usageError(QStringLiteral("--sleep-gap: %1")
                              .arg(why.isEmpty() ? QStringLiteral("must be above 0") : why));
    options.sleepGapS = double(sleepGapMs) / 1000.0;
    if (parser.isSet(noDefaultOption))
        options.excludes.clear();
    for (const QString &name : parser.values(excludeOption)) {
        if (name.isEmpty())
            return usageError(QStringLiteral("--exclude needs a name"));
        options.excludes.push_back(name.toStdString());
    }
    const bool json = parser.isSet(jsonOption);

    int pipeFds[2];
    if (::pipe2(pipeFds, O_CLOEXEC | O_NONBLOCK) != 0)
        return usageError(QStringLiteral("cannot create a pipe"));
    g_wakeFd = pipeFds[1];
    struct sigaction sa = {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);

    std::mutex mutex;
    std::vector<sample::Snapshot> snapshots;
    std::atomic<bool> treeGone{false};
    auto onInterval = [&](const sample::Snapshot &s) {
        if (!s.rootAlive && s.serverProcesses == 0 && !treeGone.exchange(true))
            onSignal(0); // nothing left to sample: end the window early
        if (json) {
            std::lock_guard lock(mutex);
            snapshots.push_back(s);
        } else {
            printInterval(s);
        }
    };

    sample::Sampler sampler;
    if (const sb::Status st = sampler.start(options, onInterval); !st.ok()) {
        g_wakeFd = -1;
        ::close(pipeFds[0]);
        ::close(pipeFds[1]);
        return usageError(QString::fromStdString(st.error().detail));
    }

    const int64_t startMs = sampler.windowStartMonotonicNs() / 1'000'000;
    for (;;) {
        timespec ts{};
        clock_gettime(CLOCK_MONOTONIC, &ts);
        const int64_t nowMs = int64_t(ts.tv_sec) * 1000 + ts.tv_nsec / 1'000'000;
        const int64_t leftMs = startMs + durationMs - nowMs;
        if (leftMs <= 0)
            break;
        pollfd pfd{pipeFds[0], POLLIN, 0};
        const int r = ::poll(&pfd, 1, int(std::min<int64_t>(leftMs, 60'000)));
        if (r > 0)
            break;
        if (r < 0 && errno != EINTR)
            break;
    }
    const sample::Summary summary = sampler.stop();
    g_wakeFd = -1;
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    ::close(pipeFds[0]);
    ::close(pipeFds[1]);

    if (json) {
        std::lock_guard lock(mutex);
        const QByteArray text = toJson(snapshots, summary, options.rootPid, options.intervalMs);
        std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
    } else {
        printSummary(summary, options.rootPid);
    }
    std::fflush(stdout);
    return 0;
}

} // namespace sb::cli
