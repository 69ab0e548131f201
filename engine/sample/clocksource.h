#pragma once

#include <cstdint>

namespace sb::sample {

// The three clocks the sampler compares to detect sleep, suspend and wall-clock steps.
struct ClockReading
{
    int64_t monotonicNs = 0; // CLOCK_MONOTONIC: stops while the machine is suspended
    int64_t boottimeNs = 0;  // CLOCK_BOOTTIME: like monotonic, but keeps counting in suspend
    int64_t realtimeNs = 0;  // CLOCK_REALTIME: wall clock, may be stepped (NTP, user)
};

// Where the sampler reads its clocks. Replaceable so tests can inject a suspend or a clock jump.
// Threads: now() is called from the sampler's thread; implementations must be thread-safe if
// the test changes them while sampling.
class ClockSource
{
public:
    virtual ~ClockSource() = default;
    virtual ClockReading now() const = 0;
};

// The real clocks (clock_gettime).
class SystemClockSource : public ClockSource
{
public:
    ClockReading now() const override;
};

} // namespace sb::sample
