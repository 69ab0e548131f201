#pragma once

#include "sample/clocksource.h"
#include "sample/sampler.h"

#include <cstdint>
#include <vector>

namespace sb::sample {

// The Sleep events between two clock readings `intervalMs` apart by plan, appended to `events`
// at `offsetNs` (ns since the window start): a suspend (CLOCK_BOOTTIME ran more than
// CLOCK_MONOTONIC by over `sleepGapS` seconds), else a wall-clock step of over sleepGapS, and,
// either way, a stall (the readings more than sleepGapS further apart than the interval). Pure;
// any thread.
void appendClockGaps(const ClockReading &previous, const ClockReading &now, int64_t offsetNs,
                     int intervalMs, double sleepGapS, std::vector<Event> &events);

} // namespace sb::sample
