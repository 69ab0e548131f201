#include "load/poller.h"

#include "load/syscalls.h"
#include "load/window.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <unistd.h>

namespace sb::load::detail {

namespace {

// Open loop: a send due within this is waited for by polling, not by a sleep, whose wake-up
// alone takes 20-30 us on a busy machine. Longer polls cost more CPU than they save lateness:
// at 20,000 req/s a 50 us bound polled all the time (20 us of CPU per request instead of 13).
constexpr int64_t kSpinNs = 20'000;
// Open loop: the longest a response may wait to be read when the next send is due that soon.
// Bounds by how much it may be counted late in the live intervals.
constexpr int64_t kDeferReadNs = 5'000'000;

} // namespace

Poller::~Poller()
{
    for (int fd : {m_epoll, m_quiet})
        if (fd >= 0)
            ::close(fd);
}

sb::Status Poller::open(int wakeFd)
{
    m_epoll = epoll_create1(EPOLL_CLOEXEC);
    if (m_epoll < 0)
        return sb::Error{"load.system", std::string(),
                         std::string("cannot create event loop: ") + std::strerror(errno)};
    // Edge-triggered and never read: every write of cancel() or abort() wakes every worker once.
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLET;
    ev.data.ptr = nullptr;
    m_quiet = epoll_create1(EPOLL_CLOEXEC);
    if (m_quiet < 0 || epoll_ctl(m_epoll, EPOLL_CTL_ADD, wakeFd, &ev) != 0 ||
        epoll_ctl(m_quiet, EPOLL_CTL_ADD, wakeFd, &ev) != 0)
        return sb::Error{"load.system", std::string(),
                         std::string("cannot watch the wake-up eventfd: ") + std::strerror(errno)};
    return sb::Ok{};
}

int Poller::wait(epoll_event *events, int64_t untilNs, bool sendDue, bool deferReads)
{
    int64_t waitNs = std::max<int64_t>(0, untilNs - nowNs());
    // A send due sooner than a sleep could end precisely is waited for by polling.
    if (sendDue && waitNs < kSpinNs)
        waitNs = 0;
    timespec ts = timespecOf(waitNs);
    // A send is due soon and a connection is ready for it: sleep until then on the wake-up
    // eventfd alone, then collect the sockets' events, so that one wake-up serves the responses
    // that came meanwhile and the sends now due. The kernel's receive times keep the responses'
    // latency exact; a response counts in the interval in which it is read.
    if (sendDue && deferReads && waitNs > 0 && waitNs <= kDeferReadNs) {
        epoll_event wake;
        if (waitEpoll(m_quiet, &wake, 1, &ts) < 0 && errno != EINTR)
            return -1;
        ts = timespecOf(0);
    }
    return waitEpoll(m_epoll, events, kMaxEvents, &ts);
}

} // namespace sb::load::detail
