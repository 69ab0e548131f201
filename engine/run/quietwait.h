#pragma once

#include "plan/plan.h"
#include "sample/proctree.h"

#include <QString>
#include <QStringList>
#include <QtGlobal>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <sys/types.h>
#include <utility>
#include <vector>

// Waiting for a quiet machine before a contended window is measured again (plan
// "sampler.wait_quiet_s"): foreign CPU is read from /proc every interval until it has stayed
// below the gate for a short stretch, or the wait's limit passes.
namespace sb::run {

// When a wait ends.
struct QuietRule
{
    double gatePct = 64;          // quiet = foreign CPU below this, percent of one core
    qint64 quietStretchMs = 2000; // ... for this long without a break
    qint64 limitMs = 60000;       // give up after this long (plan wait_quiet_s)
};

// The rule of a plan's sampler settings: quiet below the lower of the mean and the peak gate (both
// resolved to percent of one core), waiting at most wait_quiet_s.
QuietRule quietRule(const plan::SamplerSettings &sampler);

enum class QuietOutcome
{
    Waiting,  // neither yet
    Quiet,    // the machine was quiet for the stretch: measure again
    TimedOut, // the limit passed first: measure again anyway
    Cancelled // the run was cancelled during the wait
};

// "waiting", "quiet", "timed-out", "cancelled" (as stored in the wait's event).
const char *quietOutcomeName(QuietOutcome outcome);

// Where a wait stands after its readings so far.
struct QuietState
{
    qint64 waitedMs = 0; // since the wait began
    qint64 quietMs = 0;  // of that, the latest unbroken quiet stretch
    QuietOutcome outcome = QuietOutcome::Waiting;
};

// Takes one reading: `foreignPct` (percent of one core) over the last `spanMs`, taken
// `waitedMs` after the wait began. A reading at or above the gate breaks the stretch. Quiet as
// soon as the stretch is long enough (a limit shorter than the stretch is enough stretch; quiet
// wins over the limit when both happen at the same reading), else TimedOut once waitedMs
// reaches the limit. A state that has ended stays as it is. Pure; any thread.
QuietState nextQuietState(const QuietState &state, const QuietRule &rule, double foreignPct,
                          qint64 spanMs, qint64 waitedMs);

// One sentence for the end of a wait before `what` (e.g. "attempt 2 of round 1 a health c=1"):
// "waited 3.2 s for a quiet machine before ...: foreign CPU below 64% for 2.0 s", "waited
// 60.0 s (wait_quiet_s) ...; measuring again anyway: foreign CPU 120% >= 64% at the last
// reading", or "the wait ... was cancelled after 1.2 s". `lastForeignPct` is the last reading.
QString quietWaitSummary(const QuietState &end, const QuietRule &rule, double lastForeignPct,
                         const QString &what);

// CPU time of every process but this one, summed by name (the kernel's comm), nanoseconds since
// each started: two readings a span apart give each name's cores over the span (the GUI's
// pre-flight line). Processes that end between the directory listing and the read are left out.
std::map<std::string, int64_t> cpuNsByProcessName();

// Foreign CPU of the machine as the window's sampler counts it (sample/sampler.h): all busy CPU
// (/proc/stat) minus this process, the server tree of the cell (when it is running) and the
// processes matched by the plan's excludes (database backends). Unlike sample::Sampler it needs
// no server to be running. One thread at a time.
class ForeignCpuProbe
{
public:
    // `excludes`: process names as in the plan's sampler.exclude (sample::NameMatcher);
    // `serverRoot`: the root of the cell's server tree, 0 when none is running.
    ForeignCpuProbe(const QStringList &excludes, pid_t serverRoot);

    // Takes the baseline reading. False when /proc/stat cannot be read.
    bool start();
    // Foreign CPU since the previous reading (start() or read()), percent of one core (100 = one
    // core), never below 0; the span is in *spanMs. A process of the excluded set that appeared
    // meanwhile counts with all of its CPU; the server tree stops counting when its root exits.
    double read(qint64 *spanMs);

private:
    int64_t excludedCpuNs(bool baseline);
    int64_t ownCpuNs(); // this process and the server tree since the last reading

    sample::NameMatcher m_matcher;
    pid_t m_serverRoot = 0;
    int64_t m_lastMonotonicNs = 0;
    int64_t m_lastBusyNs = 0;
    int64_t m_lastSelfNs = 0;
    int64_t m_lastTreeNs = -1;              // -1: the tree was not there
    using Key = std::pair<pid_t, uint64_t>; // pid, start ticks
    std::map<Key, int64_t> m_excluded;      // excluded processes -> CPU ns at the last reading
    std::map<Key, int> m_others;            // the others -> readings that found no match
};

// One wait: `observe` is called after each reading (on the calling thread) with the state so
// far and the reading; `cancelled` is polled at least every 50 ms. Readings every `intervalMs`
// (100 ms or more). Returns the final state: Quiet, TimedOut or Cancelled (TimedOut at once when
// /proc cannot be read: the wait never blocks a run). Blocks the calling thread.
QuietState waitForQuiet(const QuietRule &rule, int intervalMs, ForeignCpuProbe &probe,
                        const std::function<bool()> &cancelled,
                        const std::function<void(const QuietState &, double foreignPct)> &observe);

} // namespace sb::run
