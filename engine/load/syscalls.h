#pragma once

// The load workers' system calls, made directly: glibc's send(), recv(), recvmsg() and
// epoll_pwait2() are thread cancellation points and pay for it on every call, and the workers
// are never cancelled. Inline, since the hot path calls them once per request or event. Internal
// to the load engine; any thread.

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

namespace sb::load::detail {

// send(fd, data, len, MSG_NOSIGNAL): bytes written, or -1 with errno.
inline ssize_t sendBytes(int fd, const char *data, size_t len)
{
    return ::syscall(SYS_sendto, fd, data, len, MSG_NOSIGNAL, nullptr, 0);
}

// recv(fd, data, len, 0): bytes read, 0 at EOF, or -1 with errno.
inline ssize_t receiveBytes(int fd, char *data, size_t len)
{
    return ::syscall(SYS_recvfrom, fd, data, len, 0, nullptr, nullptr);
}

// epoll_pwait2() without a signal mask (the kernel then ignores the mask's size): the number of
// events, or -1 with errno. Linux before 5.11 (and valgrind) has none: then epoll_pwait() waits,
// in whole milliseconds rounded up.
inline int waitEpoll(int epfd, epoll_event *events, int maxEvents, const timespec *timeout)
{
    static std::atomic<bool> missing{false};
    if (!missing.load(std::memory_order_relaxed)) {
        const int n =
            int(::syscall(SYS_epoll_pwait2, epfd, events, maxEvents, timeout, nullptr, 0));
        if (n >= 0 || errno != ENOSYS)
            return n;
        missing.store(true, std::memory_order_relaxed);
    }
    const int64_t ms =
        (int64_t(timeout->tv_sec) * 1'000'000'000 + timeout->tv_nsec + 999'999) / 1'000'000;
    return int(::syscall(SYS_epoll_pwait, epfd, events, maxEvents,
                         int(std::min<int64_t>(ms, INT32_MAX)), nullptr, 0));
}

// A read that also returns the kernel's receive time of the last bytes read (SO_TIMESTAMPNS,
// CLOCK_REALTIME, ns), or 0 when the kernel gave none (an EOF).
inline ssize_t receiveStamped(int fd, char *data, size_t len, int64_t &stampNs)
{
    iovec iov{data, len};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timespec))];
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    const ssize_t n = ::syscall(SYS_recvmsg, fd, &msg, 0);
    stampNs = 0;
    for (cmsghdr *cm = CMSG_FIRSTHDR(&msg); n > 0 && cm; cm = CMSG_NXTHDR(&msg, cm))
        if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_TIMESTAMPNS) {
            timespec ts;
            std::memcpy(&ts, CMSG_DATA(cm), sizeof ts);
            stampNs = int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
        }
    return n;
}

inline timespec timespecOf(int64_t ns)
{
    return timespec{time_t(ns / 1'000'000'000), long(ns % 1'000'000'000)};
}

} // namespace sb::load::detail
