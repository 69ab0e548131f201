#pragma once

#include "core/result.h"
#include "load/loadengine.h"
#include "run/intervalpairer.h"
#include "sample/sampler.h"

#include <functional>
#include <mutex>
#include <optional>
#include <vector>

namespace sb::run {

// What one window of load needs.
struct LoadWindowSpec
{
    load::LoadSpec load;                   // the window (warm-up: a duration or a request count)
    int expectStatus = 200;                // the route's status, for the intervals' errors
    std::optional<sample::Options> sample; // measure: the sampler watches the tree alongside
};

struct LoadWindowResult
{
    load::LoadResult load;                        // the engine's totals
    sample::Summary summary;                      // the sampler's summary (empty without a sampler)
    std::vector<store::IntervalRecord> intervals; // the timeline, in index order
    QVector<store::SampleRecord> samples;         // the sampler's other series
    std::vector<int> loadCpus; // CPUs the engine's worker threads may run on, read back after
                               // start (sched_getaffinity of each worker, united)
};

// Runs one window of load, with the sampler alongside when asked, and hands each interval (load
// and sampler figures paired by index) to `onInterval` on the thread that called run(), as they
// come. One window per object.
//
// cancel() may be called from any thread at any moment, before, during or after run(): the
// engine is only reached once its start() has returned, and a cancel that came earlier is
// applied right after it.
class LoadWindow
{
public:
    using IntervalSink = std::function<void(const PairedInterval &)>;

    explicit LoadWindow(IntervalSink onInterval);

    // Blocks until the window is over. Errors: the sampler's ("sample.*") or the engine's
    // ("load.spec", "load.connect", "load.system") start errors; nothing ran then.
    sb::Result<LoadWindowResult> run(const LoadWindowSpec &spec);

    void cancel();

private:
    IntervalSink m_onInterval;
    std::mutex m_mutex;
    bool m_cancelled = false;
    load::LoadEngine *m_engine = nullptr; // published only while started
};

// The CPUs a thread or process may run on (sched_getaffinity), ascending; empty when it is gone.
std::vector<int> affinityOf(pid_t tid);

} // namespace sb::run
