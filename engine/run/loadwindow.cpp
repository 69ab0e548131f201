#include "run/loadwindow.h"

#include "http/url.h"
#include "load/loadengine.h"
#include "run/gates.h"
#include "run/intervalpairer.h"
#include "run/lanephase.h"
#include "run/loadjson.h"
#include "run/loadspecof.h"
#include "run/serverhost.h"
#include "run/windowfigures.h"

#include <QDateTime>
#include <algorithm>
#include <sched.h>
#include <set>
#include <thread>

namespace sb::run {

namespace {

std::vector<int> unitedAffinity(const std::vector<pid_t> &tids)
{
    std::set<int> cpus;
    for (pid_t tid : tids)
        for (int cpu : affinityOf(tid))
            cpus.insert(cpu);
    return {cpus.begin(), cpus.end()};
}

// The figures of a phase that ran, in `out` (its window already carries the caller's fields).
void describe(WindowOutcome &out, const WindowSpec &spec, const load::LoadResult &load,
              const TreeSummary &summary, bool sampled)
{
    fillWindowFigures(out.window, load, summary,
                      spec.openLoop ? load::Mode::Open : load::Mode::Closed);
    out.window.concurrency = spec.connections;
    out.cancelled = load.cancelled;
    out.aborted = QString::fromStdString(load.aborted);
    out.problems = problemSummary(load.total, spec.expectStatus);
    out.requestsSent = load.total.requests;
    out.late = load.total.late;
    out.processCpuS = load.processCpuS;
    out.connections = connectionsJson(load);
    if (spec.openLoop)
        out.sendDelayHistogram = encodedHistogram(load.sendDelay);
    out.sampled = sampled;
    out.serverExited = summary.rootExited;
    out.clientBound = summary.clientBound;
    out.foreignTop = summary.foreignTop;
    out.events = summary.events;
}

// The phase's sampler: SampleSession on this machine, or the agent's on the configuration's own
// host (TreeSampling::remoteHost).
class PhaseSampler
{
public:
    sb::Status start(const TreeSampling &tree, int intervalMs,
                     std::function<void(const TreeReading &)> sink, int generatorCores)
    {
        if (tree.remoteHost) {
            m_remote.emplace(*tree.remoteHost, tree.remoteTree);
            return m_remote->start(tree, intervalMs, std::move(sink));
        }
        m_local.emplace();
        return m_local->start(tree, intervalMs, std::move(sink), generatorCores);
    }
    // The load threads of this machine: a remote sampler has none of them on its host.
    void setGeneratorThreads(std::vector<pid_t> tids)
    {
        if (m_local)
            m_local->setGeneratorThreads(std::move(tids));
    }
    TreeSummary stop() { return m_remote ? m_remote->stop() : m_local->stop(); }

private:
    std::optional<SampleSession> m_local;
    std::optional<RemoteTreeSampler> m_remote;
};

} // namespace

std::vector<int> affinityOf(pid_t tid)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    std::vector<int> cpus;
    if (::sched_getaffinity(tid, sizeof set, &set) != 0)
        return cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set))
            cpus.push_back(cpu);
    return cpus;
}

LoadWindow::LoadWindow(IntervalSink onInterval)
    : m_onInterval(std::move(onInterval))
{
    for (auto &engine : m_engines)
        engine = std::make_unique<load::LoadEngine>();
}

LoadWindow::~LoadWindow() = default;

void LoadWindow::cancel()
{
    m_cancelled.store(true);
    for (auto &engine : m_engines)
        engine->cancel(); // an atomic store and an eventfd write, before, during or after start()
}

sb::Result<WarmupOutcome> LoadWindow::warmUp(const WindowSpec &spec)
{
    WarmupOutcome out;
    if (spec.warmupMs <= 0 && spec.warmupRequests <= 0)
        return out;
    WindowSpec bare = spec;
    bare.sample.reset();
    sb::Result<WindowOutcome> ran = runPhase(bare, {}, &out);
    if (!ran.ok())
        return ran.error();
    out.ran = true;
    out.figures = std::move(*ran);
    return out;
}

sb::Result<WindowOutcome> LoadWindow::measure(const WindowSpec &spec, store::WindowRecord window)
{
    return runPhase(spec, std::move(window), nullptr);
}

sb::Result<WindowOutcome> LoadWindow::runPhase(const WindowSpec &spec, store::WindowRecord window,
                                               WarmupOutcome *warmup)
{
    const bool warmUp = warmup != nullptr;
    WindowOutcome out;
    out.window = std::move(window);
    if (m_cancelled.load()) { // nothing to start
        out.cancelled = true;
        return out;
    }
    if (!spec.loadHosts.empty())
        return runLanePhase(spec, std::move(out), warmup);
    load::LoadEngine &engine = *m_engines[warmUp ? 0 : 1];
    const bool sampled = spec.sample.has_value();
    IntervalPairer pairer(sampled, spec.expectStatus);
    std::optional<PhaseSampler> sampler;
    if (sampled) {
        sampler.emplace();
        if (sb::Status st = sampler->start(
                *spec.sample, spec.intervalMs, [&](const TreeReading &r) { pairer.addSample(r); },
                spec.threads);
            !st.ok())
            return sb::Error{st.error().code, st.error().where, "sampler: " + st.error().detail};
    }
    out.window.startedAt = QDateTime::currentDateTimeUtc();
    if (sb::Status st = engine.start(loadSpecOf(spec, warmUp),
                                     [&](const load::IntervalSnapshot &s) { pairer.addLoad(s); });
        !st.ok()) {
        if (sampler)
            (void)sampler->stop(); // nothing was measured: its summary has no use
        return st.error();
    }
    const std::vector<pid_t> workers = engine.workerTids();
    if (sampler)
        sampler->setGeneratorThreads(workers);
    out.loadCpus = unitedAffinity(workers);

    load::LoadResult result;
    std::thread waiter([&] {
        result = engine.wait();
        pairer.finish();
    });
    auto deliver = [&](bool all) {
        for (WindowInterval &i : pairer.take(all)) {
            i.warmUp = warmUp;
            out.window.intervals.append(i.record);
            if (m_onInterval)
                m_onInterval(i);
        }
    };
    while (!pairer.wait(std::chrono::milliseconds(200)))
        deliver(false);
    waiter.join();
    TreeSummary summary;
    if (sampler)
        summary = sampler->stop(); // its final partial sample arrives through the callback
    deliver(true);
    out.window.samples = pairer.takeSamples();
    describe(out, spec, result, summary, sampled);
    if (warmup) {
        const WarmupVerdict verdict = evaluateWarmup(result, spec.expectStatus);
        warmup->gate = verdict.gate;
        warmup->failure = verdict.failure;
    }
    return out;
}

// The phase with the load on other hosts: the sampler watches the server tree here as it does for
// a local window (without generator threads of this machine), the merged intervals are paired
// with its readings, and the merged result becomes the window's figures by the same functions.
sb::Result<WindowOutcome> LoadWindow::runLanePhase(const WindowSpec &spec, WindowOutcome out,
                                                   WarmupOutcome *warmup)
{
    const bool warmUp = warmup != nullptr;
    const bool sampled = spec.sample.has_value();
    IntervalPairer pairer(sampled, spec.expectStatus);
    std::optional<PhaseSampler> sampler;
    if (sampled) {
        sampler.emplace();
        if (sb::Status st = sampler->start(
                *spec.sample, spec.intervalMs, [&](const TreeReading &r) { pairer.addSample(r); },
                spec.threads);
            !st.ok())
            return sb::Error{st.error().code, st.error().where, "sampler: " + st.error().detail};
    }
    auto deliver = [&](bool all) {
        for (WindowInterval &i : pairer.take(all)) {
            i.warmUp = warmUp;
            out.window.intervals.append(i.record);
            if (m_onInterval)
                m_onInterval(i);
        }
    };
    out.window.startedAt = QDateTime::currentDateTimeUtc();
    sb::Result<LanePhase> ran =
        run::runLanePhase(spec.loadHosts, loadSpecOf(spec, warmUp), m_cancelled,
                          [&](const load::IntervalSnapshot &s, const LoadHostCoresList &cores) {
                              pairer.addLoad(s, cores);
                              deliver(false);
                          });
    pairer.finish();
    TreeSummary summary;
    if (sampler)
        summary = sampler->stop();
    if (!ran.ok())
        return ran.error();
    deliver(true);
    out.window.samples = pairer.takeSamples();
    describe(out, spec, ran->result, summary, sampled);
    out.loadHosts = ran->hosts;
    if (warmup) {
        const WarmupVerdict verdict = evaluateWarmup(ran->result, spec.expectStatus);
        warmup->gate = verdict.gate;
        warmup->failure = verdict.failure;
    }
    return out;
}

} // namespace sb::run
