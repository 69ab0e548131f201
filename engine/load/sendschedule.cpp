#include "load/sendschedule.h"

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sb::load::detail {

namespace {

constexpr uint64_t kOpenLoopSliceNs = 100'000; // the shortest slice the scheduler grants

} // namespace

void SendSchedule::start(int64_t startNs, double ratePerS)
{
    m_gapNs = 1e9 / ratePerS;
    m_startNs = startNs;
    m_sent = 0;
}

int64_t SendSchedule::unsentBy(int64_t endNs) const
{
    const int64_t due = int64_t(double(endNs - m_startNs) / m_gapNs) + 1;
    return due > m_sent ? due - m_sent : 0;
}

// A thread woken by its timer then preempts a busy CPU's task at once instead of waiting up to a
// tick for its turn, which on a loaded machine made sends late by milliseconds.
void SendSchedule::requestShortSlices()
{
    struct SchedAttr // the kernel's struct sched_attr (SCHED_ATTR_SIZE_VER0); glibc has none
    {
        uint32_t size, policy;
        uint64_t flags;
        int32_t nice;
        uint32_t priority;
        uint64_t runtime, deadline, period;
    } attr{};
    attr.size = sizeof attr;
    attr.policy = SCHED_OTHER;
    attr.runtime = kOpenLoopSliceNs;
    [[maybe_unused]] long rc = ::syscall(SYS_sched_setattr, 0, &attr, 0);
}

} // namespace sb::load::detail
