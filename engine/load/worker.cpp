#include "load/worker.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sb::load::detail {

namespace {

constexpr int64_t kLateNs = 1'000'000;          // open loop: later than this is "late"
constexpr int64_t kConnectRetryNs = 10'000'000; // pause before reconnecting after a failed connect
constexpr size_t kReadBufferBytes = 64 * 1024;
constexpr int kMaxEvents = 256;

int64_t threadCpuNs()
{
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// glibc's send() and recv() are thread cancellation points and pay for it on every call; the
// workers are never cancelled, so the hot path makes the system calls directly.
ssize_t sendBytes(int fd, const char *data, size_t len)
{
    return ::syscall(SYS_sendto, fd, data, len, MSG_NOSIGNAL, nullptr, 0);
}

ssize_t receiveBytes(int fd, char *data, size_t len)
{
    return ::syscall(SYS_recvfrom, fd, data, len, 0, nullptr, nullptr);
}

int64_t toUs(int64_t ns)
{
    return std::max<int64_t>(1, (ns + 500) / 1000);
}

} // namespace

Worker::Worker(Window &window, int connections, double ratePerS)
    : m_window(window)
    , m_conns(size_t(connections))
    , m_readBuffer(new char[kReadBufferBytes])
    , m_ratePerS(ratePerS)
{
    m_idle.reserve(m_conns.size());
}

Worker::~Worker()
{
    if (m_thread.joinable())
        m_thread.join();
    for (Conn &c : m_conns)
        closeFd(c);
    if (m_epoll >= 0)
        ::close(m_epoll);
    if (m_wakeFd >= 0)
        ::close(m_wakeFd);
}

sb::Status Worker::prepare()
{
    m_epoll = epoll_create1(EPOLL_CLOEXEC);
    m_wakeFd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (m_epoll < 0 || m_wakeFd < 0)
        return sb::Error{"load.system", std::string(),
                         std::string("cannot create event loop: ") + std::strerror(errno)};
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.ptr = nullptr; // the wake-up eventfd
    epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_wakeFd, &ev);
    return sb::Ok{};
}

void Worker::launch()
{
    m_thread = std::thread([this] { run(); });
}

void Worker::wake()
{
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(m_wakeFd, &one, sizeof one);
}

void Worker::join()
{
    if (m_thread.joinable())
        m_thread.join();
}

void Worker::listAppend(Conn &c, int64_t now)
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

void Worker::listRemove(Conn &c)
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

void Worker::closeFd(Conn &c)
{
    if (c.fd >= 0) {
        ::close(c.fd); // also removes it from the epoll set
        c.fd = -1;
    }
}

bool Worker::measuring(int64_t now)
{
    int64_t ms = m_window.measureStartNs.load(std::memory_order_relaxed);
    if (ms == 0 && m_warmupMsNs > 0 && now >= m_window.startNs + m_warmupMsNs) {
        int64_t expected = 0;
        m_window.measureStartNs.compare_exchange_strong(expected, m_window.startNs + m_warmupMsNs);
        ms = m_window.measureStartNs.load(std::memory_order_relaxed);
    }
    if (ms != 0 && now >= ms && m_cpuStartNs < 0) {
        m_cpuStartNs = threadCpuNs();
        m_measureStartNs = ms;
    }
    return ms != 0 && now >= ms;
}

bool Worker::maySend(int64_t now, bool &measured, bool claimTicket)
{
    if (m_stopSending)
        return false;
    bool allowed = !m_window.cancelled.load(std::memory_order_relaxed);
    measured = allowed && measuring(now);
    if (measured) {
        const int64_t limit = m_window.spec.requestLimit;
        if (limit > 0)
            allowed = claimTicket ? m_window.tickets.fetch_add(1, std::memory_order_relaxed) < limit
                                  : m_window.tickets.load(std::memory_order_relaxed) < limit;
        else
            allowed = now < m_measureStartNs + m_durationNs;
    }
    if (!allowed)
        stopSending();
    return allowed;
}

Key Worker::currentKey(int64_t now, int64_t &phaseStart) const
{
    int64_t ms = m_window.measureStartNs.load(std::memory_order_relaxed);
    if (ms != 0 && now >= ms) {
        phaseStart = ms;
        return {1, int((now - ms) / m_window.intervalNs)};
    }
    phaseStart = m_window.startNs;
    return {0, int((now - m_window.startNs) / m_window.intervalNs)};
}

void Worker::tickInterval(int64_t now, bool final)
{
    measuring(now);
    int64_t phaseStart = 0;
    Key key = currentKey(now, phaseStart);
    if (key == m_key && !final)
        return;
    pushSlot(now, final);
    m_key = key;
}

void Worker::pushSlot(int64_t now, bool final)
{
    Ring &r = m_ring;
    uint32_t tail = r.tail.load(std::memory_order_relaxed);
    while (tail - r.head.load(std::memory_order_acquire) >= kRingSize) {
        if (!final)
            return; // collector behind: this interval's counts roll into the next one
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    Slot &s = r.slots[tail % kRingSize];
    s.warmup = m_key.first == 0;
    s.index = m_key.second;
    int64_t phaseStart = s.warmup ? m_window.startNs : m_measureStartNs;
    int64_t boundary = phaseStart + int64_t(s.index + 1) * m_window.intervalNs;
    s.endNs = std::min(now, boundary);
    if (s.warmup) {
        int64_t ms = m_window.measureStartNs.load(std::memory_order_relaxed);
        if (ms != 0)
            s.endNs = std::min(s.endNs, ms);
    }
    s.inFlight = m_inFlight;
    s.counts = m_interval;
    m_interval = Counters{};
    std::swap(s.latency, m_intervalLatency); // the slot's histogram was reset by the collector
    r.tail.store(tail + 1, std::memory_order_release);
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(m_window.collectorFd, &one, sizeof one);
}

template<typename F> void Worker::count(bool measured, F &&f)
{
    f(phaseCounters(measured));
    if (measured == (m_key.first == 1))
        f(m_interval);
}

void Worker::connect(Conn &c, int64_t now)
{
    const Window &s = m_window;
    c.fd = ::socket(s.addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (c.fd < 0) {
        failConnect(c, now);
        return;
    }
    int one = 1;
    setsockopt(c.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (c.connectedOnce)
        count(measuring(now), [](Counters &k) { ++k.reconnects; });
    int rc = ::connect(c.fd, reinterpret_cast<const sockaddr *>(&s.addr), s.addrLen);
    if (rc < 0 && errno != EINPROGRESS) {
        failConnect(c, now);
        return;
    }
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
    ev.data.ptr = &c;
    epoll_ctl(m_epoll, EPOLL_CTL_ADD, c.fd, &ev);
    c.state = State::Connecting;
    listAppend(c, now);
}

void Worker::failConnect(Conn &c, int64_t now)
{
    count(measuring(now), [](Counters &k) { ++k.connectErrors; });
    listRemove(c);
    closeFd(c);
    c.state = State::Disconnected;
    c.retryAtNs = now + kConnectRetryNs;
    ++m_waitingRetry;
}

void Worker::drop(Conn &c, int64_t now)
{
    if (c.state == State::Writing || c.state == State::Reading)
        --m_inFlight;
    if (c.state == State::Idle && m_open)
        m_idle.erase(std::find(m_idle.begin(), m_idle.end(), &c));
    listRemove(c);
    closeFd(c);
    c.state = State::Disconnected;
    if (!m_stopSending)
        connect(c, now);
}

void Worker::connected(Conn &c, int64_t now)
{
    listRemove(c);
    c.connectedOnce = true;
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLRDHUP | EPOLLET;
    ev.data.ptr = &c;
    epoll_ctl(m_epoll, EPOLL_CTL_MOD, c.fd, &ev);
    becomeIdle(c, now);
}

void Worker::becomeIdle(Conn &c, int64_t now)
{
    c.state = State::Idle;
    if (m_open) {
        m_idle.push_back(&c);
        return;
    }
    bool measured = false;
    if (maySend(now, measured, true))
        send(c, now, now, measured);
}

void Worker::send(Conn &c, int64_t now, int64_t intendedNs, bool measured)
{
    c.measured = measured;
    c.written = 0;
    c.sentNs = now;
    c.intendedNs = intendedNs;
    c.parser.begin(m_window.headRequest);
    ++m_inFlight;
    listAppend(c, now);
    if (m_open && now - intendedNs > kLateNs)
        count(measured, [](Counters &k) { ++k.late; });
    writeSome(c, now);
}

void Worker::writeSome(Conn &c, int64_t now)
{
    const std::string &req = m_window.requestBytes;
    while (c.written < req.size()) {
        ssize_t n = sendBytes(c.fd, req.data() + c.written, req.size() - c.written);
        if (n > 0) {
            c.written += uint32_t(n);
            count(c.measured, [n](Counters &k) { k.bytesOut += n; });
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (c.state != State::Writing) {
                c.state = State::Writing;
                epoll_event ev{};
                ev.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
                ev.data.ptr = &c;
                epoll_ctl(m_epoll, EPOLL_CTL_MOD, c.fd, &ev);
            }
            return;
        }
        count(c.measured, [](Counters &k) { ++k.writeErrors; });
        drop(c, now);
        return;
    }
    if (c.state == State::Writing) {
        epoll_event ev{};
        ev.events = EPOLLIN | EPOLLRDHUP | EPOLLET;
        ev.data.ptr = &c;
        epoll_ctl(m_epoll, EPOLL_CTL_MOD, c.fd, &ev);
    }
    c.state = State::Reading;
    count(c.measured, [](Counters &k) { ++k.requests; });
}

void Worker::readable(Conn &c, int64_t now, bool peerClosed)
{
    // Sockets are edge-triggered (no re-poll of every ready socket at each epoll_wait), so read
    // on while a read filled the whole buffer: more may be waiting and no new edge would say so.
    // A shorter read emptied the socket, unless the peer also closed it: then read on to the EOF.
    while (readOnce(c, now, peerClosed)) {
    }
}

bool Worker::readOnce(Conn &c, int64_t now, bool peerClosed)
{
    ssize_t n = receiveBytes(c.fd, m_readBuffer.get(), kReadBufferBytes);
    if (n < 0) {
        if (errno == EINTR)
            return true;
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            return false;
        count(c.state == State::Idle ? measuring(now) : c.measured,
              [](Counters &k) { ++k.readErrors; });
        drop(c, now);
        return false;
    }
    if (c.state == State::Idle || c.state == State::Connecting) {
        // Nothing was asked: a close is the server ending an idle keep-alive connection,
        // anything else is garbage.
        if (n > 0)
            count(measuring(now), [](Counters &k) { ++k.parseErrors; });
        drop(c, now);
        return false;
    }
    if (n == 0) {
        http::ResponseParser::Status st = c.parser.finishEof();
        if (st == http::ResponseParser::Status::Complete) {
            complete(c, now, false);
            return false;
        }
        count(c.measured, [](Counters &k) { ++k.readErrors; });
        drop(c, now);
        return false;
    }
    count(c.measured, [n](Counters &k) { k.bytesIn += n; });
    size_t consumed = 0;
    http::ResponseParser::Status st = c.parser.feed(m_readBuffer.get(), size_t(n), consumed);
    if (st == http::ResponseParser::Status::NeedMore)
        return peerClosed || size_t(n) == kReadBufferBytes;
    if (st == http::ResponseParser::Status::Error) {
        count(c.measured, [](Counters &k) { ++k.parseErrors; });
        drop(c, now);
        return false;
    }
    // Bytes after a complete response were never asked for: garbage, so the connection
    // cannot be trusted any more.
    bool trailingGarbage = consumed < size_t(n);
    if (trailingGarbage)
        count(c.measured, [](Counters &k) { ++k.parseErrors; });
    complete(c, now, !trailingGarbage && c.parser.keepAlive());
    return false;
}

void Worker::complete(Conn &c, int64_t now, bool keepOpen)
{
    listRemove(c);
    --m_inFlight;
    m_lastCompletionNs = now;
    int status = c.parser.statusCode();
    bool measured = c.measured;
    count(measured, [status](Counters &k) {
        ++k.responses;
        if (status >= 200 && status < 300)
            ++k.ok;
        if (status >= 0 && status < int(k.status.size()))
            ++k.status[size_t(status)];
    });
    int64_t corrected = toUs(now - (m_open ? c.intendedNs : c.sentNs));
    if (measured) {
        latency.record(corrected);
        if (m_open)
            latencyUncorrected.record(toUs(now - c.sentNs));
    } else if (m_window.spec.warmupRequests > 0) {
        int64_t done = m_window.warmupResponses.fetch_add(1, std::memory_order_relaxed) + 1;
        if (done == m_window.spec.warmupRequests) {
            int64_t expected = 0;
            m_window.measureStartNs.compare_exchange_strong(expected, now);
        }
    }
    if (measured == (m_key.first == 1))
        m_intervalLatency.record(corrected);
    if (!keepOpen) {
        closeFd(c);
        c.state = State::Disconnected;
        if (!m_stopSending)
            connect(c, now);
        return;
    }
    becomeIdle(c, now);
}

void Worker::timeout(Conn &c, int64_t now)
{
    count(c.state == State::Connecting ? measuring(now) : c.measured,
          [](Counters &k) { ++k.timeouts; });
    drop(c, now);
}

int64_t Worker::retryDisconnected(int64_t now)
{
    if (m_waitingRetry == 0 || m_stopSending)
        return INT64_MAX;
    int64_t next = INT64_MAX;
    int waiting = 0;
    for (Conn &c : m_conns) {
        if (c.state != State::Disconnected)
            continue;
        if (c.retryAtNs <= now)
            connect(c, now);
        if (c.state == State::Disconnected) {
            ++waiting;
            next = std::min(next, c.retryAtNs);
        }
    }
    m_waitingRetry = waiting;
    return next;
}

int64_t Worker::sendScheduled(int64_t now)
{
    while (true) {
        int64_t intended = m_scheduleStartNs + int64_t(double(m_sent) * m_gapNs);
        if (intended > now)
            return intended;
        if (m_idle.empty())
            return now + 1'000'000; // wake again soon; a response will free a connection
        bool measured = false;
        if (!maySend(now, measured, true))
            return INT64_MAX;
        Conn *c = m_idle.back();
        m_idle.pop_back();
        ++m_sent;
        send(*c, now, intended, measured);
    }
}

void Worker::run()
{
    m_tid.store(pid_t(syscall(SYS_gettid)));
    const LoadSpec &spec = m_window.spec;
    m_timeoutNs = spec.timeoutMs * 1'000'000;
    m_durationNs = spec.durationMs * 1'000'000;
    m_warmupMsNs = spec.warmupMs * 1'000'000;
    m_open = spec.mode == Mode::Open;
    if (m_open) {
        m_gapNs = 1e9 / m_ratePerS;
        m_scheduleStartNs = m_window.startNs;
    }
    int64_t now = nowNs();
    int64_t phaseStart = 0;
    m_key = currentKey(now, phaseStart);
    for (Conn &c : m_conns)
        connect(c, now);

    epoll_event events[kMaxEvents];
    while (true) {
        now = nowNs();
        bool cancelled = m_window.cancelled.load(std::memory_order_relaxed);
        if (cancelled)
            break;
        // Phase and send permission are re-evaluated even when no socket is active.
        bool measured = false;
        maySend(now, measured, false);
        while (m_head && m_head->deadlineNs <= now)
            timeout(*m_head, now);
        int64_t nextWake = retryDisconnected(now);
        if (m_open && !m_stopSending)
            nextWake = std::min(nextWake, sendScheduled(now));
        tickInterval(now, false);
        if (m_stopSending && m_inFlight == 0)
            break;

        int64_t phaseStartNs = 0;
        Key key = currentKey(now, phaseStartNs);
        nextWake = std::min(nextWake, phaseStartNs + int64_t(key.second + 1) * m_window.intervalNs);
        if (m_head)
            nextWake = std::min(nextWake, m_head->deadlineNs);
        int64_t ms = m_window.measureStartNs.load(std::memory_order_relaxed);
        if (ms == 0 && m_warmupMsNs > 0)
            nextWake = std::min(nextWake, m_window.startNs + m_warmupMsNs);
        if (ms != 0 && spec.requestLimit == 0 && !m_stopSending)
            nextWake = std::min(nextWake, ms + m_durationNs);
        int64_t waitNs = std::max<int64_t>(0, nextWake - now);
        timespec ts{time_t(waitNs / 1'000'000'000), long(waitNs % 1'000'000'000)};
        int n = epoll_pwait2(m_epoll, events, kMaxEvents, &ts, nullptr);
        if (n < 0 && errno != EINTR)
            break;
        for (int i = 0; i < n; ++i) {
            auto *c = static_cast<Conn *>(events[i].data.ptr);
            if (!c) {
                uint64_t v;
                [[maybe_unused]] ssize_t r = ::read(m_wakeFd, &v, sizeof v);
                continue;
            }
            if (c->fd < 0)
                continue; // dropped earlier in this batch
            now = nowNs();
            uint32_t ev = events[i].events;
            switch (c->state) {
            case State::Connecting: {
                int err = 0;
                socklen_t len = sizeof err;
                getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len);
                if (err != 0 || (ev & (EPOLLERR | EPOLLHUP)))
                    failConnect(*c, now);
                else if (ev & EPOLLOUT)
                    connected(*c, now);
                break;
            }
            case State::Writing:
                if (ev & (EPOLLIN | EPOLLERR | EPOLLHUP))
                    readable(*c, now, (ev & (EPOLLRDHUP | EPOLLHUP)) != 0);
                else if (ev & EPOLLOUT)
                    writeSome(*c, now);
                break;
            case State::Reading:
            case State::Idle:
                readable(*c, now, (ev & (EPOLLRDHUP | EPOLLHUP)) != 0);
                break;
            case State::Disconnected:
                break;
            }
        }
    }
    now = nowNs();
    if (m_open && !m_window.cancelled.load()) {
        // Requests that were due but never sent could not be sent on time either.
        int64_t end = m_measureStartNs > 0 ? m_measureStartNs + m_durationNs : now;
        int64_t dueEnd = std::min(now, end);
        int64_t due = int64_t(double(dueEnd - m_scheduleStartNs) / m_gapNs) + 1;
        if (spec.requestLimit == 0 && due > m_sent && m_measureStartNs > 0)
            totals.late += due - m_sent;
    }
    // The loop ends as soon as the drain is over, so "now" is the end of the window.
    finishNs = now;
    if (m_cpuStartNs >= 0)
        cpuNs = threadCpuNs() - m_cpuStartNs;
    if (!m_open)
        latencyUncorrected = latency;
    pushSlot(now, true);
    for (Conn &c : m_conns)
        closeFd(c);
    m_finished.store(true, std::memory_order_release);
    uint64_t one = 1;
    [[maybe_unused]] ssize_t w = ::write(m_window.collectorFd, &one, sizeof one);
}

void Worker::stopSending()
{
    m_stopSending = true;
    // Idle and disconnected connections have nothing to drain: close them now.
    for (Conn &c : m_conns) {
        if (c.state == State::Idle || c.state == State::Connecting) {
            listRemove(c);
            closeFd(c);
            c.state = State::Disconnected;
        }
    }
    m_idle.clear();
    m_waitingRetry = 0;
}

} // namespace sb::load::detail
