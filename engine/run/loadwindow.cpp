#include "run/loadwindow.h"

#include <algorithm>
#include <sched.h>
#include <set>
#include <thread>

namespace sb::run {

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
{}

void LoadWindow::cancel()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_cancelled = true;
    if (m_engine)
        m_engine->cancel();
}

sb::Result<LoadWindowResult> LoadWindow::run(const LoadWindowSpec &spec)
{
    LoadWindowResult out;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (m_cancelled) { // nothing to start
            out.load.cancelled = true;
            return out;
        }
    }
    IntervalPairer pairer(spec.sample.has_value(), spec.expectStatus);
    std::optional<sample::Sampler> sampler;
    if (spec.sample) {
        sampler.emplace();
        sample::Options options = *spec.sample;
        options.generatorCores = spec.load.threads;
        if (sb::Status st =
                sampler->start(options, [&](const sample::Snapshot &s) { pairer.addSample(s); });
            !st.ok())
            return sb::Error{st.error().code, st.error().where, "sampler: " + st.error().detail};
    }
    load::LoadEngine engine;
    if (sb::Status st =
            engine.start(spec.load, [&](const load::IntervalSnapshot &s) { pairer.addLoad(s); });
        !st.ok()) {
        if (sampler)
            (void)sampler->stop(); // nothing was measured: its summary has no use
        return st.error();
    }
    {
        // Published only now that start() has assigned the workers.
        std::lock_guard<std::mutex> lock(m_mutex);
        m_engine = &engine;
        if (m_cancelled)
            engine.cancel();
    }
    const std::vector<pid_t> workers = engine.workerTids();
    if (sampler)
        sampler->setGeneratorThreads(workers);
    std::set<int> cpus;
    for (pid_t tid : workers)
        for (int cpu : affinityOf(tid))
            cpus.insert(cpu);
    out.loadCpus.assign(cpus.begin(), cpus.end());

    std::thread waiter([&] {
        out.load = engine.wait();
        pairer.finish();
    });
    auto deliver = [&](bool all) {
        for (const PairedInterval &p : pairer.take(all)) {
            out.intervals.push_back(p.record);
            m_onInterval(p);
        }
    };
    while (!pairer.wait(std::chrono::milliseconds(200)))
        deliver(false);
    waiter.join();
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_engine = nullptr;
    }
    if (sampler)
        out.summary = sampler->stop(); // its final partial sample arrives through the callback
    deliver(true);
    out.samples = pairer.takeSamples();
    return out;
}

} // namespace sb::run
