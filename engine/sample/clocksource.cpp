#include "sample/clocksource.h"

#include <ctime>

namespace sb::sample {

namespace {

int64_t readClock(clockid_t id)
{
    timespec ts{};
    clock_gettime(id, &ts);
    return int64_t(ts.tv_sec) * 1'000'000'000LL + ts.tv_nsec;
}

} // namespace

ClockReading SystemClockSource::now() const
{
    ClockReading r;
    r.monotonicNs = readClock(CLOCK_MONOTONIC);
    r.boottimeNs = readClock(CLOCK_BOOTTIME);
    r.realtimeNs = readClock(CLOCK_REALTIME);
    return r;
}

} // namespace sb::sample
