#pragma once

// Merging the shares of one window that several load hosts measured: counts are summed and
// histograms added (HdrHistogram's add: the merged percentiles are those of the union of every
// request, never an average of percentiles), each host's figures are kept beside the merged
// ones, and the per-host counts are checked to add up. Pure functions of their arguments; any
// thread.

#include "core/result.h"
#include "lane/agentprotocol.h"
#include "load/loadresult.h"
#include "load/loadspec.h"
#include "stats/histogram.h"

#include <QString>
#include <optional>
#include <vector>

namespace sb::lane {

// What one load host measured in one window.
struct HostShare
{
    QString host;                         // the host's name, as the plan names it
    AgentHello hello;                     // the agent's version, machine name and cores
    std::vector<ShareInterval> intervals; // as the agent reported them, in order
    load::LoadResult result;              // its totals, window histograms and generator CPU
    // The agent's CLOCK_MONOTONIC, ns, when its start command arrived; 0 = not said. Comparable
    // between agents of one machine only (no clock is shared between hosts).
    int64_t startMonotonicNs = 0;
};

// One interval of the merged window: the same interval (phase and index) of every host. Hosts
// are started by command, not by clock, so "the same interval" is the same second counted from
// each host's own start.
struct MergedInterval
{
    bool warmup = false;
    int index = 0;
    double startS = 0;     // the earliest start among the hosts, s since each host's phase began
    double endS = 0;       // the latest end, s
    load::Counters counts; // summed over the hosts
    double okPerS = 0;     // sum of each host's 2xx per second in this interval
    int64_t maxUs = 0;     // the largest latency of any host, us
    int inFlight = 0;      // requests outstanding at the interval's end, summed
    int hosts = 0;         // how many hosts reported this interval
    // The union of the hosts' latencies, us, when every reporting host sent its histogram;
    // std::nullopt otherwise (percentiles cannot be averaged, so none are made up).
    std::optional<Histogram> latency;
};

// Each host's generator CPU, for the client-bound gate per host.
struct HostCpu
{
    QString host;
    double clientCpuS = 0;  // CPU seconds of the load engine's threads while measuring
    double processCpuS = 0; // CPU seconds of the whole agent process over the same span
    double elapsedS = 0;    // the host's measured seconds
    int cores = 0;          // CPUs the agent could use (its hello)
    // Cores the generator used on average: clientCpuS / elapsedS.
    double generatorCores() const { return elapsedS > 0 ? clientCpuS / elapsedS : 0; }
};

struct MergedWindow
{
    std::vector<HostShare> hosts;          // every host's own figures, in the order given
    std::vector<HostCpu> cpu;              // per host, same order
    std::vector<MergedInterval> intervals; // warm-up first, then measured, by index
    load::Counters warmup;                 // summed
    load::Counters total;                  // summed: the merged counts
    Histogram latency;                     // us, the union of the hosts' latencies
    Histogram latencyUncorrected;          // us
    Histogram sendDelay = load::makeSendDelayHistogram(); // ns
    double elapsedS = 0;                                  // the longest host's measured seconds
    double okPerS = 0;      // total.ok / elapsedS: never more than what was measured
    bool cancelled = false; // a host's window was cancelled
    QString aborted;        // "HOST: reason" of the first host that gave up, or ""
};

// Merges the hosts' shares. Errors (code kMismatchError, where = the host): a histogram that
// cannot be added (another layout), or counts that do not add up: a host whose measured
// intervals sum to other counts than its total (an interval lost on the way), or a merged
// histogram whose count differs from the sum of the hosts' counts.
sb::Result<MergedWindow> mergeShares(std::vector<HostShare> hosts);

// `spec` split into `shares` shares for as many hosts: connections spread (the first ones get
// one more when it does not divide), the open loop's rate divided, a request limit spread like
// the connections, threads at most a share's connections. `shares` must be 1 .. connections.
std::vector<load::LoadSpec> splitSpec(const load::LoadSpec &spec, int shares);

} // namespace sb::lane
