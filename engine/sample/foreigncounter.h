#pragma once

#include "sample/foreigntop.h"
#include "sample/procreader.h"

#include <cstdint>
#include <sys/types.h>

// One foreign process's CPU for the foreign top (foreigntop.h), from /proc/PID/stat alone: one
// read per reading, 10 ms ticks, exact enough to rank processes and cheap enough to read every
// process of the machine every interval. Plain value; one sampler thread.
namespace sb::sample {

// Samples skipped after `idleReads` readings in a row found no CPU growth, at a sampling
// interval of `intervalMs`: 1, 3, 7, ... but at most as many as make up a second, so that
// hundreds of sleeping daemons cost one read each per second at any interval, and one that
// wakes up is read again within a second. 0 at intervals of a second or more.
int foreignIdleSkip(int idleReads, int intervalMs);

class ForeignCounter
{
public:
    // The sample a reading belongs to.
    struct Sample
    {
        int number = 0;        // 0 = the baseline (counts nothing), then 1, 2, ...
        int64_t startNs = 0;   // the interval's start, ns since the window start
        int64_t endNs = 0;     // the interval's end: now, ns since the window start
        int intervalMs = 1000; // the sampling interval, for the idle back-off
    };

    // Whether the idle back-off wants the process read at sample `number`.
    bool due(int number) const { return number >= m_nextSample; }

    // One reading. Its CPU growth since the last reading counts in windowNs(); the share of it
    // that falls in this interval (all of it when the last reading closed the interval before) is
    // offered to `top`. The first reading is the starting point, except for a process born inside
    // the window after the baseline (`bornInWindow`): its CPU since birth is this interval's.
    void read(pid_t pid, const ProcStat &st, bool bornInWindow, const Sample &sample,
              ForeignTop &top);

    int64_t windowNs() const { return m_windowNs; } // CPU counted inside the window, ns
    const char *name() const { return m_name; }     // sanitizedProcessName() of its comm

private:
    int64_t m_statNs = -1;  // utime + stime at the last reading, ns; -1 = never read
    int64_t m_readAtNs = 0; // when that reading was taken, ns since the window start
    int64_t m_windowNs = 0;
    int m_idleReads = 0;  // readings in a row that found no CPU growth
    int m_nextSample = 0; // not read again before this sample number
    char m_name[kProcessNameBytes] = {};
};

} // namespace sb::sample
