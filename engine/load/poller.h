#pragma once

// A load worker's waiting for events: an epoll set of its sockets and the window's wake-up
// eventfd, and a second set of the eventfd alone, to sleep until a send is due without waking
// for each response. Internal to the load engine; open() before the worker's thread starts, the
// rest on that thread only.

#include "core/result.h"

#include <cstdint>
#include <sys/epoll.h>

namespace sb::load::detail {

class Poller
{
public:
    static constexpr int kMaxEvents = 256; // events one wait() returns at most

    Poller() = default;
    ~Poller(); // closes both sets
    Poller(const Poller &) = delete;
    Poller &operator=(const Poller &) = delete;

    // Creates both sets and adds `wakeFd` to each, edge-triggered with a null tag: every write
    // to it wakes the worker once. Errors: "load.system".
    sb::Status open(int wakeFd);

    // Watches socket `fd` for everything, edge-triggered, once for its lifetime: its events
    // carry `tag`. Closing the socket removes it.
    void watch(int fd, void *tag)
    {
        epoll_event ev{};
        ev.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
        ev.data.ptr = tag;
        epoll_ctl(m_epoll, EPOLL_CTL_ADD, fd, &ev);
    }

    // Waits for events until `untilNs` (absolute, CLOCK_MONOTONIC) into `events` (kMaxEvents).
    // `sendDue`: the wake-up is the open loop's next send and a connection is ready for it, so
    // a short wait polls, and with `deferReads` a longer one (up to 5 ms) sleeps on the eventfd
    // alone and collects the sockets' events after it. Returns epoll_pwait2's result.
    int wait(epoll_event *events, int64_t untilNs, bool sendDue, bool deferReads);

private:
    int m_epoll = -1; // the sockets and the wake-up eventfd
    int m_quiet = -1; // the wake-up eventfd alone
};

} // namespace sb::load::detail
