#include "sample/clockgaps.h"

#include <cstdio>
#include <string>

namespace sb::sample {

namespace {

constexpr int64_t kNsPerS = 1'000'000'000LL;

std::string formatSeconds(int64_t ns)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.1f s", double(ns) / double(kNsPerS));
    return buf;
}

} // namespace

void appendClockGaps(const ClockReading &previous, const ClockReading &now, int64_t offsetNs,
                     int intervalMs, double sleepGapS, std::vector<Event> &events)
{
    const int64_t gapNs = int64_t(sleepGapS * double(kNsPerS));
    const int64_t dMono = now.monotonicNs - previous.monotonicNs;
    const int64_t dBoot = now.boottimeNs - previous.boottimeNs;
    const int64_t dReal = now.realtimeNs - previous.realtimeNs;
    const int64_t intervalNs = int64_t(intervalMs) * 1'000'000LL;
    if (dBoot - dMono > gapNs) {
        events.push_back({EventKind::Sleep, offsetNs, 0,
                          "CLOCK_BOOTTIME advanced " + formatSeconds(dBoot - dMono) +
                              " more than CLOCK_MONOTONIC: the machine was suspended"});
    } else if (dReal - dMono > gapNs || dMono - dReal > gapNs) {
        events.push_back({EventKind::Sleep, offsetNs, 0,
                          "the wall clock stepped " + formatSeconds(dReal - dMono) +
                              " between two samples " + formatSeconds(dMono) + " apart"});
    }
    if (dMono - intervalNs > gapNs) {
        events.push_back(
            {EventKind::Sleep, offsetNs, 0,
             "no sample for " + formatSeconds(dMono) + ": the sampler was stopped or starved"});
    }
}

} // namespace sb::sample
