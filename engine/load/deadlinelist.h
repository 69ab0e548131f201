#pragma once

// A load worker's connections with an outstanding connect or request, oldest deadline first.
// All share one timeout, so appending keeps the list sorted; intrusive (the links live in each
// Connection), so nothing is allocated. Inline: the hot path appends and removes once per
// request. Internal to the load engine; the worker's thread alone uses it.

#include "load/connection.h"

#include <cstdint>

namespace sb::load::detail {

// T has deadlineNs, prev, next and listed (Connection; an HTTP/2 stream, H2Stream).
template<typename T> class DeadlineListOf
{
public:
    // Every deadline is `timeoutNs` after the time it is appended at.
    void setTimeout(int64_t timeoutNs) { m_timeoutNs = timeoutNs; }

    // The connection with the earliest deadline, or nullptr.
    T *first() const { return m_head; }

    // `c` (not listed) gets the deadline now + timeout, the latest of all.
    void append(T &c, int64_t now)
    {
        c.deadlineNs = now + m_timeoutNs;
        c.prev = m_tail;
        c.next = nullptr;
        if (m_tail)
            m_tail->next = &c;
        else
            m_head = &c;
        m_tail = &c;
        c.listed = true;
    }

    // Takes `c` off the list; nothing when it is not on it.
    void remove(T &c)
    {
        if (!c.listed)
            return;
        if (c.prev)
            c.prev->next = c.next;
        else
            m_head = c.next;
        if (c.next)
            c.next->prev = c.prev;
        else
            m_tail = c.prev;
        c.prev = c.next = nullptr;
        c.listed = false;
    }

private:
    T *m_head = nullptr;
    T *m_tail = nullptr;
    int64_t m_timeoutNs = 0;
};

using DeadlineList = DeadlineListOf<Connection>;

} // namespace sb::load::detail
