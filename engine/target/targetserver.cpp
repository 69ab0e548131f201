#include "target/targetserver.h"

#include "target/connection.h"
#include "target/listener.h"
#include "target/router.h"
#include "target/targetdb.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <ctime>
#include <llhttp.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <unistd.h>

namespace sb::target {

namespace {

constexpr size_t kMaxOutBacklogBytes = 1 << 20; // stop parsing while this much is unsent
constexpr size_t kScratchBytes = 64 * 1024;     // one recv()
constexpr int64_t kLingerMs = 2000;             // drain a closing connection at most this long
constexpr int64_t kAcceptPauseMs = 100;         // back-off when out of file descriptors
constexpr int kReadsPerTurn = 8; // recv() calls per connection before the others get a turn

// epoll tags: connections use (serial << 32 | fd) with serial >= 1.
constexpr uint64_t kTagListen = 1;
constexpr uint64_t kTagStop = 2;
constexpr uint64_t kTagTimer = 3;

int64_t monotonicNs()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

struct Timer
{
    int64_t deadlineNs;
    int fd; // -1: resume accepting
    uint32_t serial;
    bool linger; // false: a delayed response is due; true: end a lingering close
    bool operator>(const Timer &o) const { return deadlineNs > o.deadlineNs; }
};

sb::Error startError(std::string detail)
{
    return sb::Error{"target.start", std::string(), std::move(detail)};
}

} // namespace

struct Server::Worker
{
    int epollFd = -1;
    int listenFd = -1;
    int timerFd = -1;
    int stopFd = -1; // shared, owned by Server
    Router router;
    RouteReply reply;
    std::vector<std::unique_ptr<Connection>> conns; // indexed by fd
    std::vector<Timer> timers;                      // min-heap on deadlineNs
    std::vector<uint64_t> deferred; // connection tags whose turn ended with input left
    std::vector<uint64_t> deferredNow;
    int64_t armedNs = -1;
    uint32_t nextSerial = 1;
    bool stopping = false;
    bool acceptPaused = false;
    std::unique_ptr<char[]> scratch{new char[kScratchBytes]};

    ~Worker()
    {
        for (auto &c : conns) {
            if (c)
                ::close(c->fd);
        }
        if (listenFd >= 0)
            ::close(listenFd);
        if (timerFd >= 0)
            ::close(timerFd);
        if (epollFd >= 0)
            ::close(epollFd);
    }

    sb::Status init(int listenSocket, int stopEventFd, const std::string &dbPath)
    {
        listenFd = listenSocket;
        stopFd = stopEventFd;
        if (sb::Status st = router.open(dbPath); !st.ok())
            return st;
        epollFd = ::epoll_create1(EPOLL_CLOEXEC);
        timerFd = ::timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
        if (epollFd < 0 || timerFd < 0)
            return systemError("epoll/timerfd", errno);
        for (auto [fd, tag] : {std::pair{listenFd, kTagListen}, std::pair{stopFd, kTagStop},
                               std::pair{timerFd, kTagTimer}}) {
            if (!add(fd, tag, EPOLLIN))
                return systemError("epoll_ctl", errno);
        }
        return sb::Ok{};
    }

    bool add(int fd, uint64_t tag, uint32_t events)
    {
        epoll_event ev{};
        ev.events = events;
        ev.data.u64 = tag;
        return ::epoll_ctl(epollFd, EPOLL_CTL_ADD, fd, &ev) == 0;
    }

    void run()
    {
        // Timers fire when due, not up to 50 us later: GET /delay is a precision instrument.
        ::prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
        epoll_event events[256];
        while (!stopping) {
            const int n = ::epoll_wait(epollFd, events, 256, deferred.empty() ? -1 : 0);
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                break;
            }
            for (int i = 0; i < n; ++i) {
                const uint64_t tag = events[i].data.u64;
                if (tag == kTagListen) {
                    acceptAll();
                } else if (tag == kTagStop) {
                    stopping = true;
                } else if (tag == kTagTimer) {
                    uint64_t expirations;
                    [[maybe_unused]] ssize_t r = ::read(timerFd, &expirations, sizeof expirations);
                    fireTimers();
                } else if (Connection *c = lookup(int(tag & 0xFFFFFFFF), uint32_t(tag >> 32))) {
                    service(*c);
                }
            }
            deferredNow.swap(deferred);
            for (uint64_t tag : deferredNow) {
                if (Connection *c = lookup(int(tag & 0xFFFFFFFF), uint32_t(tag >> 32)))
                    service(*c);
            }
            deferredNow.clear();
        }
    }

    Connection *lookup(int fd, uint32_t serial)
    {
        if (fd < 0 || size_t(fd) >= conns.size())
            return nullptr;
        Connection *c = conns[size_t(fd)].get();
        return c && c->serial == serial ? c : nullptr;
    }

    void acceptAll()
    {
        if (acceptPaused)
            return;
        for (;;) {
            const int fd = ::accept4(listenFd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0) {
                if (errno == EINTR || errno == ECONNABORTED)
                    continue;
                if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
                    // The listener is level-triggered: stop watching it for a moment rather than
                    // spinning on a backlog we cannot take.
                    ::epoll_ctl(epollFd, EPOLL_CTL_DEL, listenFd, nullptr);
                    acceptPaused = true;
                    addTimer(kAcceptPauseMs * 1000000, -1, 0, false);
                }
                return;
            }
            const int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            auto conn = std::make_unique<Connection>();
            conn->fd = fd;
            conn->serial = nextSerial++;
            if (nextSerial == 0)
                nextSerial = 1;
            conn->startParser();
            const uint64_t tag = uint64_t(conn->serial) << 32 | uint32_t(fd);
            if (!add(fd, tag, EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET)) {
                ::close(fd);
                continue;
            }
            if (conns.size() <= size_t(fd))
                conns.resize(size_t(fd) + 64);
            conns[size_t(fd)] = std::move(conn);
        }
    }

    void addTimer(int64_t delayNs, int fd, uint32_t serial, bool linger)
    {
        timers.push_back(Timer{monotonicNs() + delayNs, fd, serial, linger});
        std::push_heap(timers.begin(), timers.end(), std::greater<>());
        arm();
    }

    void arm()
    {
        const int64_t next = timers.empty() ? 0 : timers.front().deadlineNs;
        if (next == armedNs)
            return;
        itimerspec its{};
        its.it_value.tv_sec = next / 1000000000;
        its.it_value.tv_nsec = next % 1000000000;
        if (next == 0 && !timers.empty())
            its.it_value.tv_nsec = 1;
        ::timerfd_settime(timerFd, TFD_TIMER_ABSTIME, &its, nullptr);
        armedNs = next;
    }

    void fireTimers()
    {
        while (!timers.empty() && timers.front().deadlineNs <= monotonicNs()) {
            std::pop_heap(timers.begin(), timers.end(), std::greater<>());
            const Timer t = timers.back();
            timers.pop_back();
            if (t.fd < 0) {
                acceptPaused = false;
                add(listenFd, kTagListen, EPOLLIN);
                continue;
            }
            Connection *c = lookup(t.fd, t.serial);
            if (!c)
                continue;
            if (t.linger) {
                if (c->lingering)
                    closeConn(*c);
                continue;
            }
            if (c->waiting) {
                c->waiting = false;
                writeResponse(*c, 200, c->body, {});
                service(*c);
            }
        }
        arm();
    }

    void closeConn(Connection &c)
    {
        const int fd = c.fd;
        ::close(fd); // also removes it from the epoll set
        conns[size_t(fd)].reset();
    }

    void writeResponse(Connection &c, int status, std::string_view body, std::string_view headers)
    {
        std::string &o = c.out;
        if (c.outPos == o.size()) {
            o.clear();
            c.outPos = 0;
        }
        char num[16];
        o += "HTTP/1.1 ";
        o.append(num, std::to_chars(num, num + sizeof num, status).ptr);
        o += ' ';
        o += statusReason(status);
        o += "\r\nContent-Type: application/json\r\nContent-Length: ";
        o.append(num, std::to_chars(num, num + sizeof num, body.size()).ptr);
        o += "\r\n";
        if (!c.keepAlive)
            o += "Connection: close\r\n";
        else if (c.http10)
            o += "Connection: keep-alive\r\n";
        o += headers;
        o += "\r\n";
        o += body;
        if (!c.keepAlive)
            c.closeAfter = true;
    }

    void fail(Connection &c, int status, std::string_view message)
    {
        c.keepAlive = false;
        std::string body = "{\"error\":\"";
        body += message;
        body += "\"}";
        writeResponse(c, status, body, {});
    }

    void dispatch(Connection &c)
    {
        RouteRequest request;
        request.method = llhttp_method_name(llhttp_method_t(llhttp_get_method(&c.parser)));
        request.target = c.target;
        request.authorization = c.authorization;
        request.body = c.body;
        router.handle(request, reply);
        if (reply.delayMs > 0) {
            // The body is kept in the request's body buffer, unused until the next request.
            c.body = reply.body;
            c.waiting = true;
            addTimer(int64_t(reply.delayMs) * 1000000, c.fd, c.serial, false);
            return;
        }
        writeResponse(c, reply.status, reply.body, reply.headers);
    }

    bool canParse(const Connection &c) const
    {
        return !c.waiting && !c.closeAfter && c.unsent() < kMaxOutBacklogBytes;
    }

    // Parses `data` until it is used up or parsing must pause; `used` = bytes consumed.
    void parse(Connection &c, const char *data, size_t len, size_t &used)
    {
        used = 0;
        while (used < len && canParse(c)) {
            const llhttp_errno_t err = llhttp_execute(&c.parser, data + used, len - used);
            if (err == HPE_OK) {
                used = len;
                break;
            }
            if (err == HPE_PAUSED) {
                used = size_t(llhttp_get_error_pos(&c.parser) - data);
                llhttp_resume(&c.parser);
                dispatch(c);
                continue;
            }
            switch (c.limitStatus) {
            case 413:
                fail(c, 413, "request body larger than 1 MiB");
                break;
            case 414:
                fail(c, 414, "request target longer than 8 KiB");
                break;
            case 431:
                fail(c, 431, "request headers larger than 64 KiB");
                break;
            default:
                fail(c, 400, "malformed request");
            }
            used = len;
        }
    }

    // Writes what it can; false on a write error (the connection is gone).
    bool flush(Connection &c)
    {
        while (c.outPos < c.out.size()) {
            const ssize_t n =
                ::send(c.fd, c.out.data() + c.outPos, c.out.size() - c.outPos, MSG_NOSIGNAL);
            if (n > 0) {
                c.outPos += size_t(n);
                continue;
            }
            if (n < 0 && errno == EINTR)
                continue;
            return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
        }
        c.out.clear();
        c.outPos = 0;
        if (c.out.capacity() > 4 * kMaxOutBacklogBytes)
            c.out.shrink_to_fit();
        return true;
    }

    // Does everything a connection can do now: parse held-back input, write, read more.
    void service(Connection &c)
    {
        char *buf = scratch.get();
        int reads = 0;
        for (;;) {
            if (c.lingering) {
                for (;;) {
                    const ssize_t n = ::recv(c.fd, buf, kScratchBytes, 0);
                    if (n > 0)
                        continue;
                    if (n < 0 && errno == EINTR)
                        continue;
                    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                        return;
                    closeConn(c);
                    return;
                }
            }
            if (c.pendingPos < c.pending.size() && canParse(c)) {
                size_t used = 0;
                parse(c, c.pending.data() + c.pendingPos, c.pending.size() - c.pendingPos, used);
                c.pendingPos += used;
                if (c.pendingPos == c.pending.size()) {
                    c.pending.clear();
                    c.pendingPos = 0;
                }
            }
            if (!flush(c)) {
                closeConn(c);
                return;
            }
            if (c.unsent() > 0)
                return; // EPOLLOUT brings us back
            if (c.closeAfter) {
                // Half-close and drain rather than close: closing with unread input would send
                // a reset that can destroy the response before the client reads it.
                ::shutdown(c.fd, SHUT_WR);
                c.lingering = true;
                addTimer(kLingerMs * 1000000, c.fd, c.serial, true);
                continue;
            }
            const bool hasPending = c.pendingPos < c.pending.size();
            if (c.eof) {
                if (!c.waiting && !hasPending)
                    closeConn(c);
                else if (!c.waiting && hasPending && canParse(c))
                    continue;
                return;
            }
            if (hasPending || !canParse(c))
                return; // a delayed response or the output backlog comes first
            if (++reads > kReadsPerTurn) {
                // A client that keeps the socket full must not starve the others; with edge
                // triggering nothing would wake us again, so the loop comes back by itself.
                deferred.push_back(uint64_t(c.serial) << 32 | uint32_t(c.fd));
                return;
            }
            const ssize_t n = ::recv(c.fd, buf, kScratchBytes, 0);
            if (n > 0) {
                size_t used = 0;
                parse(c, buf, size_t(n), used);
                if (used < size_t(n))
                    c.pending.append(buf + used, size_t(n) - used);
                continue;
            }
            if (n == 0) {
                c.eof = true;
                continue;
            }
            if (errno == EINTR)
                continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK)
                closeConn(c);
            return;
        }
    }
};

Server::Server() = default;

Server::~Server()
{
    stop();
}

sb::Status Server::start(const Options &options)
{
    // One line for the command line: the place and the reason together.
    if (sb::Status st = startListening(options); !st.ok())
        return startError(st.error().toString());
    return sb::Ok{};
}

sb::Status Server::startListening(const Options &options)
{
    if (isRunning())
        return startError("server already running");
    if (options.threads < 1 || options.threads > 256)
        return startError("threads must be from 1 to 256");
    if (sb::Status db = ensureDatabase(options.dbPath); !db.ok())
        return db;
    sb::Result<ListenAddress> address = resolveListenAddress(options);
    if (!address.ok())
        return address.error();
    if (options.port != 0) {
        if (sb::Status free = probePort(*address); !free.ok())
            return free;
    }
    m_stopFd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (m_stopFd < 0)
        return systemError("eventfd", errno);
    sb::Status workers = startWorkers(options, *address);
    if (!workers.ok()) {
        m_workers.clear();
        ::close(m_stopFd);
        m_stopFd = -1;
        return workers;
    }
    for (auto &w : m_workers)
        m_threads.emplace_back([worker = w.get()] { worker->run(); });
    return sb::Ok{};
}

// One worker per thread, each with its own listening socket and database connection.
sb::Status Server::startWorkers(const Options &options, ListenAddress &address)
{
    uint16_t port = options.port;
    for (int i = 0; i < options.threads; ++i) {
        sb::Result<int> fd = listenOn(address, port, options.backlog);
        if (!fd.ok())
            return fd.error();
        auto worker = std::make_unique<Worker>();
        // The worker owns the socket from here and closes it, also on failure.
        if (sb::Status st = worker->init(*fd, m_stopFd, options.dbPath); !st.ok())
            return st;
        m_workers.push_back(std::move(worker));
    }
    m_port = port;
    return sb::Ok{};
}

void Server::stop()
{
    if (m_stopFd >= 0) {
        const uint64_t one = 1;
        [[maybe_unused]] ssize_t r = ::write(m_stopFd, &one, sizeof one);
    }
    for (auto &t : m_threads)
        t.join();
    m_threads.clear();
    m_workers.clear();
    if (m_stopFd >= 0)
        ::close(m_stopFd);
    m_stopFd = -1;
    m_port = 0;
}

} // namespace sb::target
