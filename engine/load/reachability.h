#pragma once

// Whether a load worker can still reach its target: the connections it has open, since when its
// connects fail, the pause before the next attempt, and when to give up. Internal to the load
// engine; one worker's thread uses it.

#include <cstdint>

namespace sb::load::detail {

class Reachability
{
public:
    // Gives up after `ns` without an open connection while connects fail; 0 = never.
    void setGiveUpAfter(int64_t ns) { m_giveUpNs = ns; }

    // A connection opened: the target answers.
    void opened()
    {
        m_failingSinceNs = 0;
        ++m_open;
    }
    // An open connection closed at `now` (absolute ns).
    void closed(int64_t now)
    {
        if (--m_open == 0)
            m_noneOpenSinceNs = now;
    }
    // An open connection closed as sending stopped, when reachability no longer matters.
    void closedAtStop() { --m_open; }
    // A connect failed or timed out at `now`.
    void connectFailed(int64_t now)
    {
        if (m_failingSinceNs == 0)
            m_failingSinceNs = now;
    }
    // Some connect failed since the last one that succeeded.
    bool failing() const { return m_failingSinceNs != 0; }
    // No connection is open, and none could be opened for the give-up time: since the later of
    // the first failed connect and the last open connection's end (a refusal long ago while
    // other connections worked does not count).
    bool unreachable(int64_t now) const;

    // The pause before reconnecting after `failures` consecutive failed connects (ns): 10 ms,
    // doubling per failure up to 640 ms, so that a port that refuses is not hammered.
    static int64_t retryPauseNs(int failures);

private:
    int m_open = 0;                // connections connected and open
    int64_t m_noneOpenSinceNs = 0; // when m_open last fell to 0
    int64_t m_failingSinceNs = 0;  // first failed connect since the last successful one, or 0
    int64_t m_giveUpNs = 0;
};

} // namespace sb::load::detail
