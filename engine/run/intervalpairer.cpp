#include "run/intervalpairer.h"

#include "run/windowfigures.h"

namespace sb::run {

IntervalPairer::IntervalPairer(bool withSampler, int expectStatus)
    : m_withSampler(withSampler)
    , m_expectStatus(expectStatus)
{}

void IntervalPairer::addLoad(const load::IntervalSnapshot &s, const LoadHostCoresList &hostCores)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    Pending &p = m_pending[s.index];
    // The sampler's half may have arrived first: keep its fields.
    const store::IntervalRecord sampled = p.interval.record;
    p.interval.record = loadInterval(s, m_expectStatus);
    if (p.sample) {
        store::IntervalRecord &r = p.interval.record;
        r.serverCores = sampled.serverCores;
        r.foreignPct = sampled.foreignPct;
        r.excludedPct = sampled.excludedPct;
        r.generatorPct = sampled.generatorPct;
        r.rssBytes = sampled.rssBytes;
        r.pssBytes = sampled.pssBytes;
    }
    p.interval.transportErrors = s.counts.errors();
    p.interval.inFlight = s.inFlight;
    p.interval.draining = s.draining;
    p.interval.sendDelayMaxUs = s.sendDelayMaxUs;
    p.interval.hostCores = hostCores;
    p.load = true;
    m_news = true;
    m_changed.notify_all();
}

void IntervalPairer::addSample(const TreeReading &s)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    Pending &p = m_pending[s.index];
    addSampleToInterval(p.interval.record, s);
    p.interval.foreignTop = s.foreignTop;
    p.sample = true;
    appendSampleSeries(m_samples, s);
    m_news = true;
    m_changed.notify_all();
}

void IntervalPairer::finish()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_finished = true;
    m_changed.notify_all();
}

std::vector<WindowInterval> IntervalPairer::take(bool all)
{
    std::vector<WindowInterval> ready;
    std::lock_guard<std::mutex> lock(m_mutex);
    while (!m_pending.empty()) {
        auto it = m_pending.begin();
        const bool complete = it->second.load && (it->second.sample || !m_withSampler);
        if (!complete && !all)
            break;
        if (it->second.load)
            ready.push_back(it->second.interval);
        m_pending.erase(it);
    }
    return ready;
}

bool IntervalPairer::wait(std::chrono::milliseconds timeout)
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_changed.wait_for(lock, timeout, [this] { return m_finished || m_news; });
    m_news = false;
    return m_finished;
}

QVector<store::SampleRecord> IntervalPairer::takeSamples()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return std::exchange(m_samples, {});
}

} // namespace sb::run
