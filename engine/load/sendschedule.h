#pragma once

// The open loop's schedule: request n is due at start + n / rate, whatever happened to the ones
// before it (the sends a slow server held up are late, not skipped). Internal to the load engine;
// one worker's thread uses it.

#include <cstdint>

namespace sb::load::detail {

class SendSchedule
{
public:
    // Sends at `ratePerS` (> 0) from `startNs` (absolute, CLOCK_MONOTONIC ns) on.
    void start(int64_t startNs, double ratePerS);

    // When the next request is due (absolute ns).
    int64_t nextDueNs() const { return m_startNs + int64_t(double(m_sent) * m_gapNs); }
    // The request due at nextDueNs() went out.
    void sent() { ++m_sent; }
    // Requests due by `endNs` (absolute ns) that never went out: they could not have gone out
    // on time either.
    int64_t unsentBy(int64_t endNs) const;

    // Asks the kernel's scheduler (EEVDF, Linux 6.12 and later; older kernels ignore it) for
    // short slices for the calling thread.
    static void requestShortSlices();

private:
    double m_gapNs = 0;    // between two sends
    int64_t m_startNs = 0; // when request 0 is due
    int64_t m_sent = 0;    // requests sent so far
};

} // namespace sb::load::detail
