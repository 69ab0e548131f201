#include "sample/foreigncounter.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace sb::sample {

int foreignIdleSkip(int idleReads, int intervalMs)
{
    const int maxSkip = std::max(0, 1000 / std::max(1, intervalMs) - 1);
    return std::min((1 << std::clamp(idleReads, 0, 10)) - 1, maxSkip);
}

void ForeignCounter::read(pid_t pid, const ProcStat &st, bool bornInWindow, const Sample &sample,
                          ForeignTop &top)
{
    const std::string name = sanitizedProcessName(st.comm); // at most 15 bytes: no allocation
    std::memcpy(m_name, name.c_str(), name.size() + 1);
    const bool baseline = sample.number == 0;
    const int64_t ns = st.cpuNs();
    if (m_statNs < 0) {
        if (baseline || !bornInWindow) { // the starting point: nothing to count yet
            m_statNs = ns;
            m_readAtNs = sample.endNs;
            m_nextSample = sample.number + 1;
            return;
        }
        m_statNs = 0;
        m_readAtNs = sample.startNs;
    }
    const int64_t growth = std::max<int64_t>(0, ns - m_statNs);
    if (!baseline && growth > 0) {
        m_windowNs += growth;
        // A reading the idle back-off skipped: the growth spread over the span since the last
        // reading, of which this interval gets its part.
        const int64_t readSpanNs = sample.endNs - m_readAtNs;
        const int64_t spanNs = sample.endNs - sample.startNs;
        const int64_t shareNs = readSpanNs > spanNs && spanNs > 0
                                    ? int64_t(double(growth) * double(spanNs) / double(readSpanNs))
                                    : growth;
        top.offer(pid, m_name, shareNs);
    }
    m_statNs = std::max(m_statNs, ns);
    m_readAtNs = sample.endNs;
    m_idleReads = growth > 0 ? 0 : std::min(m_idleReads + 1, 30);
    m_nextSample = sample.number + 1 + foreignIdleSkip(m_idleReads, sample.intervalMs);
}

} // namespace sb::sample
