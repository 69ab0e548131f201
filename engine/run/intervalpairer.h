#pragma once

#include "load/loadresult.h"
#include "run/loadwindow.h"
#include "run/samplesession.h"
#include "store/records.h"

#include <QVector>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <vector>

namespace sb::run {

// Pairs load and sampler intervals by index into the WindowIntervals of LoadWindow. Load
// snapshots and samples arrive on their own threads (add* may be called from any thread,
// concurrently); take() and wait() are called from the one consuming thread.
class IntervalPairer
{
public:
    // withSampler: an interval is complete once both halves arrived; without, the load half
    // alone completes it. expectStatus: the route's status, for IntervalRecord::errors.
    IntervalPairer(bool withSampler, int expectStatus);

    // `hostCores`: load from other hosts, each host's generator over the interval.
    void addLoad(const load::IntervalSnapshot &snapshot, const LoadHostCoresList &hostCores = {});
    void addSample(const TreeReading &reading);
    // Marks the end of the input (wakes wait()).
    void finish();

    // Complete intervals (warmUp false) in index order, removed from the pairer. With `all`, also
    // those still missing their sample; halves with no load part (the sampler's extra final sliver)
    // are dropped.
    std::vector<WindowInterval> take(bool all);
    // Waits up to `timeout` for new input or finish(); true once finish() was called.
    bool wait(std::chrono::milliseconds timeout);
    // The sampler series collected so far (see appendSampleSeries), moved out.
    QVector<store::SampleRecord> takeSamples();

private:
    struct Pending
    {
        WindowInterval interval;
        bool load = false;
        bool sample = false;
    };

    const bool m_withSampler;
    const int m_expectStatus;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::map<int, Pending> m_pending;
    QVector<store::SampleRecord> m_samples;
    bool m_finished = false;
    bool m_news = false;
};

} // namespace sb::run
