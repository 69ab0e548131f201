#include "load/loadengine.h"

#include "http/responseparser.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <thread>
#include <time.h>
#include <unistd.h>

namespace sb::load {

void Counters::add(const Counters &o)
{
    requests += o.requests;
    responses += o.responses;
    ok += o.ok;
    connectErrors += o.connectErrors;
    readErrors += o.readErrors;
    writeErrors += o.writeErrors;
    timeouts += o.timeouts;
    parseErrors += o.parseErrors;
    bytesIn += o.bytesIn;
    bytesOut += o.bytesOut;
    reconnects += o.reconnects;
    late += o.late;
    for (size_t i = 0; i < status.size(); ++i)
        status[i] += o.status[i];
}

namespace {

constexpr int kRingSize = 16;
constexpr int64_t kLateNs = 1'000'000;          // open loop: later than this is "late"
constexpr int64_t kConnectRetryNs = 10'000'000; // pause before reconnecting after a failed connect
constexpr size_t kReadBufferBytes = 64 * 1024;
constexpr int kMaxEvents = 256;

int64_t nowNs()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

int64_t threadCpuNs()
{
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

int64_t toUs(int64_t ns)
{
    return std::max<int64_t>(1, (ns + 500) / 1000);
}

// One interval's contribution of one worker, passed from the worker to the collector.
struct Slot
{
    bool warmup = false;
    int index = 0;
    bool final = false; // the worker's last slot
    int64_t endNs = 0;  // absolute end of the time this slot covers
    int inFlight = 0;
    Counters counts;
    Histogram latency;
};

// Single-producer (a worker), single-consumer (the collector) ring of slots.
struct Ring
{
    Slot slots[kRingSize];
    std::atomic<uint32_t> head{0}; // next slot the collector reads
    std::atomic<uint32_t> tail{0}; // next slot the worker fills
};

// Interval keys order warm-up intervals before measured ones.
using Key = std::pair<int, int>; // (0 warm-up / 1 measured, index)

Key keyOf(const Slot &s)
{
    return {s.warmup ? 0 : 1, s.index};
}

} // namespace

struct LoadEngine::Shared
{
    LoadSpec spec;
    sockaddr_storage addr{};
    socklen_t addrLen = 0;
    std::string requestBytes;
    bool headRequest = false;
    int64_t intervalNs = 1'000'000'000;

    std::atomic<bool> cancelled{false};
    int64_t startNs = 0;                     // window start (warm-up begins)
    std::atomic<int64_t> measureStartNs{0};  // 0 until measuring begins
    std::atomic<int64_t> warmupResponses{0}; // for warm-up by request count
    std::atomic<int64_t> tickets{0};         // measured requests claimed (request limit)
    int collectorFd = -1;                    // eventfd: a worker pushed a slot or finished
    std::thread collector;
    bool started = false;
    bool joined = false;
    LoadResult result;
};

class LoadEngine::Worker
{
public:
    Worker(Shared &shared, int connections, double ratePerS)
        : m_shared(shared)
        , m_conns(size_t(connections))
        , m_readBuffer(new char[kReadBufferBytes])
        , m_ratePerS(ratePerS)
    {
        m_idle.reserve(m_conns.size());
    }

    ~Worker()
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

    bool prepare(std::string &error)
    {
        m_epoll = epoll_create1(EPOLL_CLOEXEC);
        m_wakeFd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        if (m_epoll < 0 || m_wakeFd < 0) {
            error = std::string("cannot create event loop: ") + std::strerror(errno);
            return false;
        }
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.ptr = nullptr; // the wake-up eventfd
        epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_wakeFd, &ev);
        return true;
    }

    void launch()
    {
        m_thread = std::thread([this] { run(); });
    }

    void wake()
    {
        uint64_t one = 1;
        [[maybe_unused]] ssize_t n = ::write(m_wakeFd, &one, sizeof one);
    }

    void join()
    {
        if (m_thread.joinable())
            m_thread.join();
    }

    pid_t tid() const { return m_tid.load(); }
    Ring &ring() { return m_ring; }
    bool finished() const { return m_finished.load(std::memory_order_acquire); }

    // Totals, read after join.
    Counters warmupTotals;
    Counters totals;
    Histogram latency;
    Histogram latencyUncorrected;
    int64_t finishNs = 0;
    int64_t cpuNs = 0;

private:
    enum class State : uint8_t
    {
        Disconnected,
        Connecting,
        Writing,
        Reading,
        Idle
    };

    struct Conn
    {
        int fd = -1;
        State state = State::Disconnected;
        bool measured = false; // the outstanding request belongs to the measured phase
        bool connectedOnce = false;
        uint32_t written = 0;   // request bytes written so far
        int64_t sentNs = 0;     // first byte of the request written
        int64_t intendedNs = 0; // open loop: the scheduled send time
        int64_t deadlineNs = 0; // timeout of the outstanding connect or request
        int64_t retryAtNs = 0;  // Disconnected: reconnect at this time
        Conn *prev = nullptr;   // deadline list (ordered by deadline)
        Conn *next = nullptr;
        bool listed = false;
        http::ResponseParser parser;
    };

    // ---- the deadline list: connections with an outstanding connect or request, oldest first.
    // All share one timeout, so appending keeps it sorted.
    void listAppend(Conn &c, int64_t now)
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

    void listRemove(Conn &c)
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

    void closeFd(Conn &c)
    {
        if (c.fd >= 0) {
            ::close(c.fd); // also removes it from the epoll set
            c.fd = -1;
        }
    }

    // ---- phases
    bool measuring(int64_t now)
    {
        int64_t ms = m_shared.measureStartNs.load(std::memory_order_relaxed);
        if (ms == 0 && m_warmupMsNs > 0 && now >= m_shared.startNs + m_warmupMsNs) {
            int64_t expected = 0;
            m_shared.measureStartNs.compare_exchange_strong(expected,
                                                            m_shared.startNs + m_warmupMsNs);
            ms = m_shared.measureStartNs.load(std::memory_order_relaxed);
        }
        if (ms != 0 && now >= ms && m_cpuStartNs < 0) {
            m_cpuStartNs = threadCpuNs();
            m_measureStartNs = ms;
        }
        return ms != 0 && now >= ms;
    }

    // May this worker send a new request now? Claims a ticket in request-limit mode.
    bool maySend(int64_t now, bool &measured)
    {
        if (m_stopSending)
            return false;
        if (m_shared.cancelled.load(std::memory_order_relaxed)) {
            m_stopSending = true;
            return false;
        }
        measured = measuring(now);
        if (!measured)
            return true;
        if (m_shared.spec.requestLimit > 0) {
            if (m_shared.tickets.fetch_add(1, std::memory_order_relaxed) >=
                m_shared.spec.requestLimit) {
                m_stopSending = true;
                return false;
            }
            return true;
        }
        if (now >= m_measureStartNs + m_durationNs) {
            m_stopSending = true;
            return false;
        }
        return true;
    }

    // ---- interval bookkeeping
    Key currentKey(int64_t now, int64_t &phaseStart) const
    {
        int64_t ms = m_shared.measureStartNs.load(std::memory_order_relaxed);
        if (ms != 0 && now >= ms) {
            phaseStart = ms;
            return {1, int((now - ms) / m_shared.intervalNs)};
        }
        phaseStart = m_shared.startNs;
        return {0, int((now - m_shared.startNs) / m_shared.intervalNs)};
    }

    void tickInterval(int64_t now, bool final)
    {
        measuring(now);
        int64_t phaseStart = 0;
        Key key = currentKey(now, phaseStart);
        if (key == m_key && !final)
            return;
        pushSlot(now, final);
        m_key = key;
    }

    void pushSlot(int64_t now, bool final)
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
        s.final = final;
        int64_t phaseStart = s.warmup ? m_shared.startNs : m_measureStartNs;
        int64_t boundary = phaseStart + int64_t(s.index + 1) * m_shared.intervalNs;
        s.endNs = std::min(now, boundary);
        if (s.warmup) {
            int64_t ms = m_shared.measureStartNs.load(std::memory_order_relaxed);
            if (ms != 0)
                s.endNs = std::min(s.endNs, ms);
        }
        s.inFlight = m_inFlight;
        s.counts = m_interval;
        m_interval = Counters{};
        std::swap(s.latency, m_intervalLatency); // the slot's histogram was reset by the collector
        r.tail.store(tail + 1, std::memory_order_release);
        uint64_t one = 1;
        [[maybe_unused]] ssize_t n = ::write(m_shared.collectorFd, &one, sizeof one);
    }

    Counters &phaseCounters(bool measured) { return measured ? totals : warmupTotals; }

    // Counters that belong to the current interval and to the request's phase.
    template<typename F> void count(bool measured, F &&f)
    {
        f(phaseCounters(measured));
        if (measured == (m_key.first == 1))
            f(m_interval);
    }

    // ---- connections
    void connect(Conn &c, int64_t now)
    {
        const Shared &s = m_shared;
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
        ev.events = EPOLLIN | EPOLLOUT;
        ev.data.ptr = &c;
        epoll_ctl(m_epoll, EPOLL_CTL_ADD, c.fd, &ev);
        c.state = State::Connecting;
        listAppend(c, now);
    }

    void failConnect(Conn &c, int64_t now)
    {
        count(measuring(now), [](Counters &k) { ++k.connectErrors; });
        listRemove(c);
        closeFd(c);
        c.state = State::Disconnected;
        c.retryAtNs = now + kConnectRetryNs;
        ++m_waitingRetry;
    }

    // Drops the connection after an error, a timeout or a close, and opens a new one unless
    // sending has stopped. The outstanding request (if any) is lost.
    void drop(Conn &c, int64_t now)
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

    void connected(Conn &c, int64_t now)
    {
        listRemove(c);
        c.connectedOnce = true;
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.ptr = &c;
        epoll_ctl(m_epoll, EPOLL_CTL_MOD, c.fd, &ev);
        becomeIdle(c, now);
    }

    // The connection has nothing outstanding: send the next request (closed loop) or wait for
    // the schedule (open loop).
    void becomeIdle(Conn &c, int64_t now)
    {
        c.state = State::Idle;
        if (m_open) {
            m_idle.push_back(&c);
            return;
        }
        bool measured = false;
        if (maySend(now, measured))
            send(c, now, now, measured);
    }

    void send(Conn &c, int64_t now, int64_t intendedNs, bool measured)
    {
        c.measured = measured;
        c.written = 0;
        c.sentNs = now;
        c.intendedNs = intendedNs;
        c.parser.begin(m_shared.headRequest);
        ++m_inFlight;
        listAppend(c, now);
        if (m_open && now - intendedNs > kLateNs)
            count(measured, [](Counters &k) { ++k.late; });
        writeSome(c, now);
    }

    void writeSome(Conn &c, int64_t now)
    {
        const std::string &req = m_shared.requestBytes;
        while (c.written < req.size()) {
            ssize_t n = ::send(c.fd, req.data() + c.written, req.size() - c.written, MSG_NOSIGNAL);
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
                    ev.events = EPOLLIN | EPOLLOUT;
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
            ev.events = EPOLLIN;
            ev.data.ptr = &c;
            epoll_ctl(m_epoll, EPOLL_CTL_MOD, c.fd, &ev);
        }
        c.state = State::Reading;
        count(c.measured, [](Counters &k) { ++k.requests; });
    }

    void readable(Conn &c, int64_t now)
    {
        ssize_t n = ::recv(c.fd, m_readBuffer.get(), kReadBufferBytes, 0);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
                return;
            count(c.state == State::Idle ? measuring(now) : c.measured,
                  [](Counters &k) { ++k.readErrors; });
            drop(c, now);
            return;
        }
        if (c.state == State::Idle || c.state == State::Connecting) {
            // Nothing was asked: a close is the server ending an idle keep-alive connection,
            // anything else is garbage.
            if (n > 0)
                count(measuring(now), [](Counters &k) { ++k.parseErrors; });
            drop(c, now);
            return;
        }
        if (n == 0) {
            http::ResponseParser::Status st = c.parser.finishEof();
            if (st == http::ResponseParser::Status::Complete) {
                complete(c, now, false);
                return;
            }
            count(c.measured, [](Counters &k) { ++k.readErrors; });
            drop(c, now);
            return;
        }
        count(c.measured, [n](Counters &k) { k.bytesIn += n; });
        size_t consumed = 0;
        http::ResponseParser::Status st = c.parser.feed(m_readBuffer.get(), size_t(n), consumed);
        if (st == http::ResponseParser::Status::NeedMore)
            return;
        if (st == http::ResponseParser::Status::Error) {
            count(c.measured, [](Counters &k) { ++k.parseErrors; });
            drop(c, now);
            return;
        }
        // Bytes after a complete response were never asked for: garbage, so the connection
        // cannot be trusted any more.
        bool trailingGarbage = consumed < size_t(n);
        if (trailingGarbage)
            count(c.measured, [](Counters &k) { ++k.parseErrors; });
        complete(c, now, !trailingGarbage && c.parser.keepAlive());
    }

    void complete(Conn &c, int64_t now, bool keepOpen)
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
        } else if (m_shared.spec.warmupRequests > 0) {
            int64_t done = m_shared.warmupResponses.fetch_add(1, std::memory_order_relaxed) + 1;
            if (done == m_shared.spec.warmupRequests) {
                int64_t expected = 0;
                m_shared.measureStartNs.compare_exchange_strong(expected, now);
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

    void timeout(Conn &c, int64_t now)
    {
        count(c.state == State::Connecting ? measuring(now) : c.measured,
              [](Counters &k) { ++k.timeouts; });
        drop(c, now);
    }

    // Reconnects connections whose connect failed once their pause is over; returns the
    // earliest pending retry. Scans only while some connect has failed.
    int64_t retryDisconnected(int64_t now)
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

    // Open loop: sends every request whose intended time has come, while idle connections last.
    // Returns the next intended time.
    int64_t sendScheduled(int64_t now)
    {
        while (true) {
            int64_t intended = m_scheduleStartNs + int64_t(double(m_sent) * m_gapNs);
            if (intended > now)
                return intended;
            if (m_idle.empty())
                return now + 1'000'000; // wake again soon; a response will free a connection
            bool measured = false;
            if (!maySend(now, measured))
                return INT64_MAX;
            Conn *c = m_idle.back();
            m_idle.pop_back();
            ++m_sent;
            send(*c, now, intended, measured);
        }
    }

    void run()
    {
        m_tid.store(pid_t(syscall(SYS_gettid)));
        const LoadSpec &spec = m_shared.spec;
        m_timeoutNs = spec.timeoutMs * 1'000'000;
        m_durationNs = spec.durationMs * 1'000'000;
        m_warmupMsNs = spec.warmupMs * 1'000'000;
        m_open = spec.mode == Mode::Open;
        if (m_open) {
            m_gapNs = 1e9 / m_ratePerS;
            m_scheduleStartNs = m_shared.startNs;
        }
        int64_t now = nowNs();
        int64_t phaseStart = 0;
        m_key = currentKey(now, phaseStart);
        for (Conn &c : m_conns)
            connect(c, now);

        epoll_event events[kMaxEvents];
        while (true) {
            now = nowNs();
            bool cancelled = m_shared.cancelled.load(std::memory_order_relaxed);
            if (cancelled)
                break;
            // Phase and send permission are re-evaluated even when no socket is active.
            if (!m_stopSending) {
                bool measured = false;
                bool allowed = maySendProbe(now, measured);
                if (!allowed)
                    stopSending(now);
            }
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
            nextWake =
                std::min(nextWake, phaseStartNs + int64_t(key.second + 1) * m_shared.intervalNs);
            if (m_head)
                nextWake = std::min(nextWake, m_head->deadlineNs);
            int64_t ms = m_shared.measureStartNs.load(std::memory_order_relaxed);
            if (ms == 0 && m_warmupMsNs > 0)
                nextWake = std::min(nextWake, m_shared.startNs + m_warmupMsNs);
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
                        readable(*c, now);
                    else if (ev & EPOLLOUT)
                        writeSome(*c, now);
                    break;
                case State::Reading:
                case State::Idle:
                    readable(*c, now);
                    break;
                case State::Disconnected:
                    break;
                }
            }
        }
        now = nowNs();
        if (m_open && !m_shared.cancelled.load()) {
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
        [[maybe_unused]] ssize_t w = ::write(m_shared.collectorFd, &one, sizeof one);
    }

    bool maySendProbe(int64_t now, bool &measured)
    {
        // Like maySend, but claims no ticket: only notices the end of the measured phase.
        if (m_shared.cancelled.load(std::memory_order_relaxed))
            return false;
        measured = measuring(now);
        if (!measured)
            return true;
        if (m_shared.spec.requestLimit > 0)
            return m_shared.tickets.load(std::memory_order_relaxed) < m_shared.spec.requestLimit;
        return now < m_measureStartNs + m_durationNs;
    }

    void stopSending(int64_t now)
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
        (void)now;
    }

    Shared &m_shared;
    std::vector<Conn> m_conns;
    std::unique_ptr<char[]> m_readBuffer;
    std::vector<Conn *> m_idle; // open loop: connected connections with nothing outstanding
    double m_ratePerS;
    double m_gapNs = 0;
    int64_t m_scheduleStartNs = 0;
    int64_t m_sent = 0;
    int m_epoll = -1;
    int m_wakeFd = -1;
    std::thread m_thread;
    std::atomic<pid_t> m_tid{0};
    std::atomic<bool> m_finished{false};

    bool m_open = false;
    bool m_stopSending = false;
    int64_t m_timeoutNs = 0;
    int64_t m_durationNs = 0;
    int64_t m_warmupMsNs = 0;
    int64_t m_measureStartNs = 0;
    int64_t m_cpuStartNs = -1;
    int64_t m_lastCompletionNs = 0;
    int m_inFlight = 0;
    int m_waitingRetry = 0;
    Conn *m_head = nullptr;
    Conn *m_tail = nullptr;

    Key m_key{0, 0};
    Counters m_interval;
    Histogram m_intervalLatency;
    Ring m_ring;
};

LoadEngine::LoadEngine() = default;

LoadEngine::~LoadEngine()
{
    if (m_shared && m_shared->started && !m_shared->joined) {
        cancel();
        wait();
    }
    if (m_shared && m_shared->collectorFd >= 0)
        ::close(m_shared->collectorFd);
}

namespace {

bool resolve(const LoadSpec &spec, sockaddr_storage &addr, socklen_t &len, std::string &error)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *res = nullptr;
    std::string port = std::to_string(spec.port);
    int rc = getaddrinfo(spec.host.c_str(), port.c_str(), &hints, &res);
    if (rc != 0 || !res) {
        error = "cannot resolve host '" + spec.host + "': " + gai_strerror(rc);
        return false;
    }
    std::memcpy(&addr, res->ai_addr, res->ai_addrlen);
    len = res->ai_addrlen;
    freeaddrinfo(res);
    return true;
}

std::string endpointText(const LoadSpec &spec)
{
    bool v6 = spec.host.find(':') != std::string::npos;
    return (v6 ? "[" + spec.host + "]" : spec.host) + ":" + std::to_string(spec.port);
}

// One blocking connect, so that a dead endpoint is one clear error instead of a window full of
// connect errors.
bool probe(const sockaddr_storage &addr, socklen_t len, const LoadSpec &spec, std::string &error)
{
    int fd = ::socket(addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        error = std::string("cannot create socket: ") + std::strerror(errno);
        return false;
    }
    int rc = ::connect(fd, reinterpret_cast<const sockaddr *>(&addr), len);
    int err = 0;
    if (rc < 0 && errno == EINPROGRESS) {
        pollfd p{fd, POLLOUT, 0};
        int timeoutMs = int(std::min<int64_t>(spec.timeoutMs, 10'000));
        int n = ::poll(&p, 1, timeoutMs);
        if (n == 0) {
            ::close(fd);
            error = "no answer from " + endpointText(spec) + " within " +
                    std::to_string(timeoutMs) + " ms";
            return false;
        }
        socklen_t l = sizeof err;
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &l);
    } else if (rc < 0) {
        err = errno;
    }
    ::close(fd);
    if (err != 0) {
        error = (err == ECONNREFUSED ? std::string("connection refused by ")
                                     : std::string(std::strerror(err)) + " connecting to ") +
                endpointText(spec);
        return false;
    }
    return true;
}

} // namespace

bool LoadEngine::start(const LoadSpec &spec, IntervalCallback onInterval, std::string &error)
{
    if (m_shared) {
        error = "a load engine runs one window; make a new one";
        return false;
    }
    if (spec.connections < 1) {
        error = "connections (" + std::to_string(spec.connections) + ") must be at least 1";
        return false;
    }
    if (spec.threads < 1) {
        error = "threads (" + std::to_string(spec.threads) + ") must be at least 1";
        return false;
    }
    if (spec.mode == Mode::Open && !(spec.ratePerS > 0)) {
        error = "open loop needs a rate above 0 requests per second";
        return false;
    }
    if (spec.timeoutMs <= 0) {
        error = "timeout must be above 0";
        return false;
    }
    if (spec.requestLimit <= 0 && spec.durationMs <= 0) {
        error = "give a duration above 0 or a request count";
        return false;
    }
    if (spec.intervalMs < 100 || spec.intervalMs > 60'000) {
        error = "interval must be between 100 ms and 60 s";
        return false;
    }
    auto shared = std::make_unique<Shared>();
    shared->spec = spec;
    shared->spec.threads = std::min(spec.threads, spec.connections);
    if (!resolve(spec, shared->addr, shared->addrLen, error))
        return false;
    if (!probe(shared->addr, shared->addrLen, spec, error))
        return false;
    std::string hostHeader = spec.hostHeader.empty() ? endpointText(spec) : spec.hostHeader;
    if (spec.hostHeader.empty() && spec.port == 80)
        hostHeader = spec.host.find(':') != std::string::npos ? "[" + spec.host + "]" : spec.host;
    shared->requestBytes = http::encodeRequest(spec.request, hostHeader, true);
    shared->headRequest = spec.request.method == "HEAD";
    shared->intervalNs = int64_t(spec.intervalMs) * 1'000'000;
    shared->collectorFd = eventfd(0, EFD_CLOEXEC);
    if (shared->collectorFd < 0) {
        error = std::string("cannot create eventfd: ") + std::strerror(errno);
        return false;
    }
    m_shared = std::move(shared);
    m_onInterval = std::move(onInterval);

    int threads = m_shared->spec.threads;
    for (int i = 0; i < threads; ++i) {
        int conns = spec.connections / threads + (i < spec.connections % threads ? 1 : 0);
        double rate = spec.mode == Mode::Open ? spec.ratePerS / threads : 0;
        auto w = std::make_unique<Worker>(*m_shared, conns, rate);
        if (!w->prepare(error)) {
            m_workers.clear();
            m_shared.reset();
            return false;
        }
        m_workers.push_back(std::move(w));
    }
    m_shared->startNs = nowNs();
    if (spec.warmupMs <= 0 && spec.warmupRequests <= 0)
        m_shared->measureStartNs.store(m_shared->startNs);
    for (auto &w : m_workers)
        w->launch();
    m_shared->collector = std::thread([this] { collect(); });
    m_shared->started = true;
    // Wait until every worker published its thread id, so workerTids() is complete.
    for (auto &w : m_workers)
        while (w->tid() == 0 && !w->finished())
            std::this_thread::yield();
    return true;
}

void LoadEngine::collect()
{
    struct Pending
    {
        Counters counts;
        Histogram latency;
        int64_t endNs = 0;
        int inFlight = 0;
    };
    std::map<Key, Pending> pending;
    std::vector<Key> last(m_workers.size(), Key{-1, -1});
    Shared &s = *m_shared;

    auto emitReady = [&](bool all) {
        while (!pending.empty()) {
            auto it = pending.begin();
            if (!all) {
                for (size_t w = 0; w < m_workers.size(); ++w)
                    if (!m_workers[w]->finished() && !(last[w] > it->first))
                        return;
            }
            const Key &k = it->first;
            Pending &p = it->second;
            IntervalSnapshot snap;
            snap.warmup = k.first == 0;
            snap.index = k.second;
            int64_t phaseStart = snap.warmup ? s.startNs : s.measureStartNs.load();
            snap.startS = double(k.second) * double(s.intervalNs) / 1e9;
            snap.endS = std::max(snap.startS, double(p.endNs - phaseStart) / 1e9);
            snap.counts = p.counts;
            double span = snap.endS - snap.startS;
            snap.okPerS = span > 0 ? double(p.counts.ok) / span : 0;
            snap.p50Us = p.latency.valueAtPercentile(50);
            snap.p90Us = p.latency.valueAtPercentile(90);
            snap.p99Us = p.latency.valueAtPercentile(99);
            snap.maxUs = p.latency.max();
            snap.inFlight = p.inFlight;
            pending.erase(it);
            if (m_onInterval)
                m_onInterval(snap);
        }
    };

    while (true) {
        uint64_t v;
        [[maybe_unused]] ssize_t r = ::read(s.collectorFd, &v, sizeof v);
        bool allFinished = true;
        for (size_t w = 0; w < m_workers.size(); ++w) {
            Worker &worker = *m_workers[w];
            bool fin = worker.finished(); // read before draining: its final slot is then visible
            Ring &ring = worker.ring();
            uint32_t head = ring.head.load(std::memory_order_relaxed);
            uint32_t tail = ring.tail.load(std::memory_order_acquire);
            for (; head != tail; ++head) {
                Slot &slot = ring.slots[head % kRingSize];
                Key k = keyOf(slot);
                Pending &p = pending[k];
                p.counts.add(slot.counts);
                p.latency.add(slot.latency);
                p.endNs = std::max(p.endNs, slot.endNs);
                p.inFlight += slot.inFlight;
                last[w] = std::max(last[w], k);
                slot.latency.reset();
                ring.head.store(head + 1, std::memory_order_release);
            }
            allFinished = allFinished && fin;
        }
        emitReady(allFinished);
        if (allFinished)
            break;
    }
}

LoadResult LoadEngine::wait()
{
    if (!m_shared || !m_shared->started)
        return LoadResult();
    if (m_shared->joined)
        return m_shared->result;
    for (auto &w : m_workers)
        w->join();
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(m_shared->collectorFd, &one, sizeof one);
    m_shared->collector.join();
    m_shared->joined = true;

    LoadResult &res = m_shared->result;
    res.cancelled = m_shared->cancelled.load();
    int64_t measureStart = m_shared->measureStartNs.load();
    int64_t finish = 0;
    int64_t cpu = 0;
    for (auto &w : m_workers) {
        res.warmup.add(w->warmupTotals);
        res.total.add(w->totals);
        res.latency.add(w->latency);
        res.latencyUncorrected.add(w->latencyUncorrected);
        finish = std::max(finish, w->finishNs);
        cpu += w->cpuNs;
    }
    if (measureStart > 0) {
        res.warmupS = double(measureStart - m_shared->startNs) / 1e9;
        res.elapsedS = std::max(0.0, double(finish - measureStart) / 1e9);
    } else {
        res.warmupS = double(finish - m_shared->startNs) / 1e9;
    }
    res.okPerS = res.elapsedS > 0 ? double(res.total.ok) / res.elapsedS : 0;
    res.clientCpuS = double(cpu) / 1e9;
    return res;
}

void LoadEngine::cancel()
{
    if (!m_shared)
        return;
    m_shared->cancelled.store(true);
    for (auto &w : m_workers)
        w->wake();
}

std::vector<pid_t> LoadEngine::workerTids() const
{
    std::vector<pid_t> tids;
    for (const auto &w : m_workers)
        tids.push_back(w->tid());
    return tids;
}

} // namespace sb::load
