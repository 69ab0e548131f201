#include "load/worker.h"

#include "load/syscalls.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <new>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sb::load::detail {

namespace {

constexpr int64_t kLateNs = 1'000'000;       // open loop: later than this is "late"
constexpr int64_t kKernelSocketBytes = 4096; // a TCP socket's kernel structures, roughly
constexpr size_t kReadBufferBytes = 64 * 1024;
// Open loop: the poller may defer reading responses (Poller::wait()) only for requests this
// small: their writes never wait for the socket, so deferring the sockets' events defers no write.
constexpr size_t kDeferMaxRequestBytes = 16 * 1024;

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
    , m_slots(window)
{
    m_idle.reserve(m_conns.size());
    if (window.h2) {
        const int streams = std::max(1, window.spec.streams);
        m_h2Conns.resize(m_conns.size());
        m_h2Streams.resize(m_conns.size() * size_t(streams));
        for (size_t i = 0; i < m_conns.size(); ++i) {
            H2Conn &h = m_h2Conns[i];
            h.owner = this;
            h.capacity = streams;
            h.slots = &m_h2Streams[i * size_t(streams)];
            h.freeSlots.reserve(size_t(streams));
            for (int k = streams - 1; k >= 0; --k)
                h.freeSlots.push_back(uint16_t(k));
            h.out.reserve(kH2OutReserve);
            m_conns[i].h2 = &h;
        }
        if (nghttp2_session_callbacks_new(&m_h2Callbacks) != 0 ||
            nghttp2_option_new(&m_h2Option) != 0)
            throw std::bad_alloc();
        nghttp2_session_callbacks *cb = m_h2Callbacks;
        nghttp2_session_callbacks_set_on_header_callback(cb, h2OnHeader);
        nghttp2_session_callbacks_set_on_frame_recv_callback(cb, h2OnFrameRecv);
        nghttp2_session_callbacks_set_on_frame_not_send_callback(cb, h2OnFrameNotSend);
        nghttp2_session_callbacks_set_on_stream_close_callback(cb, h2OnStreamClose);
        // Until the server's SETTINGS arrive, its stream limit is unknown: open all the streams
        // asked for (a server with a lower limit refuses the rest, REFUSED_STREAM).
        nghttp2_option_set_peer_max_concurrent_streams(m_h2Option, uint32_t(streams));
        // No RFC 7540 priority tree (the SETTINGS say so too): closed streams are not kept.
        nghttp2_option_set_no_closed_streams(m_h2Option, 1);
    }
}

Worker::~Worker()
{
    if (m_thread.joinable())
        m_thread.join();
    for (Conn &c : m_conns)
        closeFd(c);
    if (m_h2Callbacks)
        nghttp2_session_callbacks_del(m_h2Callbacks);
    if (m_h2Option)
        nghttp2_option_del(m_h2Option);
}

int64_t Worker::fixedHeapBytes(int64_t histogramBytes)
{
    // latency, latencyUncorrected, connectTime, handshakeTime, the interval's, the carry's and
    // one per ring slot.
    return int64_t(sizeof(Worker)) + (6 + kRingSize) * histogramBytes + int64_t(kReadBufferBytes) +
           int64_t(makeSendDelayHistogram().countsLength() * sizeof(int64_t));
}

int64_t Worker::heapBytesPerConnection()
{
    return int64_t(sizeof(Conn) + sizeof(Conn *) + http::ResponseParser::heapBytes()) +
           kKernelSocketBytes;
}

sb::Status Worker::prepare()
{
    return m_poller.open(m_window.wakeFd);
}

void Worker::launch()
{
    m_thread = std::thread([this] { run(); });
}

void Worker::join()
{
    if (m_thread.joinable())
        m_thread.join();
}

void Worker::closeFd(Conn &c, bool notify)
{
    if (c.h2 && c.h2->session)
        h2CloseSession(c);
    if (c.ssl) {
        tls::close(c.ssl, notify && c.established());
        c.ssl = nullptr;
    }
    if (c.fd >= 0) {
        ::close(c.fd); // also removes it from the epoll set
        c.fd = -1;
    }
}

bool Worker::measuring(int64_t now)
{
    int64_t ms = m_window.measureStartNs.load(std::memory_order_relaxed);
    if (ms == 0 && m_warmupMsNs > 0 && now >= m_window.startNs + m_warmupMsNs) {
        m_window.beginMeasuring(m_window.startNs + m_warmupMsNs);
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
    if (m_window.cancelled.load(std::memory_order_relaxed) ||
        m_window.aborted.load(std::memory_order_relaxed)) {
        stopSending(now);
        return false;
    }
    measured = measuring(now);
    if (!measured)
        return true;
    const int64_t limit = m_window.spec.requestLimit;
    if (limit > 0) {
        const bool allowed = claimTicket
                                 ? m_window.tickets.fetch_add(1, std::memory_order_relaxed) < limit
                                 : m_window.tickets.load(std::memory_order_relaxed) < limit;
        if (!allowed)
            stopSending(now);
        return allowed;
    }
    const int64_t end = m_measureStartNs + m_durationNs;
    if (now < end)
        return true;
    stopSending(end);
    return false;
}

void Worker::tickInterval(int64_t now)
{
    measuring(now);
    int64_t phaseStart = 0;
    const Key key = m_slots.keyAt(now, phaseStart);
    if (key != m_slots.key())
        m_slots.moveTo(key, phaseStart, progress());
}

IntervalSlots::Progress Worker::progress() const
{
    return {m_measureStartNs, m_stopSending ? stopNs : INT64_MAX, m_inFlight};
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
    if (m_open) // responses are timed by the kernel: reading them may wait (Poller::wait())
        setsockopt(c.fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
    if (c.connectedOnce)
        count(measuring(now), [](Counters &k) { ++k.reconnects; });
    // Read again: `now` may be the start of a loop over thousands of connects.
    c.connectStartNs = nowNs();
    int rc = ::connect(c.fd, reinterpret_cast<const sockaddr *>(&s.addr), s.addrLen);
    if (rc < 0 && errno != EINPROGRESS) {
        failConnect(c, now);
        return;
    }
    // Registered once for everything, edge-triggered: the first EPOLLOUT edge is the connect's,
    // a later one comes only after a write found the socket full.
    m_poller.watch(c.fd, &c);
    c.state = State::Connecting;
    m_deadlines.append(c, now);
}

void Worker::failConnect(Conn &c, int64_t now)
{
    count(measuring(now), [](Counters &k) { ++k.connectErrors; });
    abandonConnect(c, now);
}

void Worker::abandonConnect(Conn &c, int64_t now)
{
    m_deadlines.remove(c);
    closeFd(c);
    c.state = State::Disconnected;
    // Back off from a port that refuses: no point hammering it for the rest of the window.
    c.retryAtNs = now + Reachability::retryPauseNs(c.connectFailures);
    if (c.connectFailures < 255)
        ++c.connectFailures;
    ++m_waitingRetry;
    failedAttempt(now);
}

void Worker::failedAttempt(int64_t now)
{
    m_reach.connectFailed(now);
    const int64_t limit = m_window.spec.requestLimit;
    if (limit > 0 && !m_stopSending && measuring(now) &&
        m_window.tickets.fetch_add(1, std::memory_order_relaxed) + 1 >= limit)
        stopSending(now);
}

void Worker::checkReachable(int64_t now)
{
    if (!m_stopSending && m_reach.unreachable(now))
        m_window.abort();
}

void Worker::drop(Conn &c, int64_t now)
{
    if (c.state == State::H2)
        h2LoseStreams(c);
    if (c.state == State::Writing || c.state == State::Reading)
        --m_inFlight;
    if (c.established())
        m_reach.closed(now);
    if (c.state == State::Idle && m_open)
        m_idle.erase(std::find(m_idle.begin(), m_idle.end(), &c));
    m_deadlines.remove(c);
    closeFd(c);
    c.state = State::Disconnected;
    if (!m_stopSending)
        connect(c, now);
}

void Worker::connected(Conn &c, int64_t now)
{
    const bool measured = measuring(now);
    count(measured, [](Counters &k) { ++k.connects; });
    if (measured)
        connectTime.record(toUs(now - c.connectStartNs));
    if (m_window.tls) {
        startHandshake(c, now);
        return;
    }
    opened(c, now);
}

void Worker::startHandshake(Conn &c, int64_t now)
{
    c.io = TlsIo{};
    c.io.fd = c.fd;
    c.io.stamped = m_open;
    c.ssl = m_window.tls->newConnection(c.io, m_tlsSession);
    if (!c.ssl) {
        failHandshake(c, now, TlsFailure::Handshake);
        return;
    }
    c.handshakeStartNs = now;
    c.state = State::Handshaking; // the connect's deadline now covers the handshake too
    continueHandshake(c, now);
}

void Worker::continueHandshake(Conn &c, int64_t now)
{
    const TlsResult r = tls::handshake(c.ssl, m_window.tls->verifies());
    if (r.wouldBlock)
        return; // the socket's next edge goes on with it
    if (r.bytes != 1) {
        if (m_window.h2 && r.noApplicationProtocol) { // the server speaks no HTTP/2 on TLS
            count(measuring(now), [](Counters &k) { ++k.h2AlpnRefused; });
            m_window.alpnRefused.store(true);
            m_window.abort();
            abandonConnect(c, now);
            return;
        }
        failHandshake(c, now, r.failure);
        return;
    }
    const bool measured = measuring(now);
    const bool resumed = tls::resumed(c.ssl);
    if (!tlsAgreement.version)
        tlsAgreement = tls::agreement(c.ssl);
    if (m_window.h2) {
        // HTTP/2 over TLS only by ALPN: a server that chose another protocol (or none) would
        // read the connection preface as garbage. The window ends with that as its reason.
        const tls::Agreement a = tls::agreement(c.ssl);
        if (std::strcmp(a.alpn, "h2") != 0) {
            count(measured, [](Counters &k) { ++k.h2AlpnRefused; });
            m_window.alpnRefused.store(true);
            m_window.abort();
            abandonConnect(c, now);
            return;
        }
    }
    count(measured, [resumed](Counters &k) {
        ++k.tlsHandshakes;
        if (resumed)
            ++k.tlsResumed;
    });
    // Read again: the handshake may have finished in the call that began it (the thread was
    // preempted between its write and its read), and `now` is that call's start.
    if (measured)
        handshakeTime.record(toUs(nowNs() - c.handshakeStartNs));
    opened(c, now);
}

void Worker::failHandshake(Conn &c, int64_t now, TlsFailure failure)
{
    countTlsFailure(measuring(now), failure == TlsFailure::None ? TlsFailure::Handshake : failure);
    abandonConnect(c, now);
}

void Worker::countTlsFailure(bool measured, TlsFailure failure)
{
    count(measured, [failure](Counters &k) {
        switch (failure) {
        case TlsFailure::Certificate:
            ++k.tlsCertificateErrors;
            break;
        case TlsFailure::Alert:
            ++k.tlsAlerts;
            break;
        case TlsFailure::NoCloseNotify:
            ++k.tlsNoCloseNotify;
            break;
        case TlsFailure::Handshake:
        case TlsFailure::None:
            ++k.tlsHandshakeErrors;
            break;
        }
    });
}

ssize_t Worker::transportRead(Conn &c, int64_t &stampNs, TlsFailure &failure)
{
    if (!c.ssl)
        return m_open ? receiveStamped(c.fd, m_readBuffer.get(), kReadBufferBytes, stampNs)
                      : receiveBytes(c.fd, m_readBuffer.get(), kReadBufferBytes);
    const TlsResult r = tls::read(c.ssl, m_readBuffer.get(), kReadBufferBytes);
    // The latest receive time of bytes read since the request went out (a record may have come
    // with an earlier read, read ahead).
    stampNs = c.io.stampNs;
    failure = r.failure;
    if (r.wouldBlock)
        errno = EAGAIN;
    return r.bytes;
}

ssize_t Worker::transportWrite(Conn &c, const char *data, size_t len, TlsFailure &failure)
{
    if (!c.ssl)
        return sendBytes(c.fd, data, len);
    const TlsResult r = tls::write(c.ssl, data, len);
    failure = r.failure;
    if (r.wouldBlock)
        errno = EAGAIN;
    return r.bytes;
}

void Worker::opened(Conn &c, int64_t now)
{
    m_deadlines.remove(c);
    c.connectedOnce = true;
    c.connectFailures = 0;
    m_reach.opened();
    if (m_window.h2) {
        h2Open(c, now);
        return;
    }
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
    c.io.stampNs = 0;
    ++m_inFlight;
    m_deadlines.append(c, now);
    if (m_open)
        recordSendDelay(measured, now - intendedNs);
    writeSome(c, now);
}

void Worker::writeSome(Conn &c, int64_t now)
{
    const std::string &req = m_window.requestBytes;
    while (c.written < req.size()) {
        TlsFailure failure = TlsFailure::None;
        ssize_t n = transportWrite(c, req.data() + c.written, req.size() - c.written, failure);
        if (n > 0) {
            c.written += uint32_t(n);
            count(c.measured, [n](Counters &k) { k.bytesOut += n; });
            continue;
        }
        if (failure != TlsFailure::None) {
            countTlsFailure(c.measured, failure);
            drop(c, now);
            return;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            c.state = State::Writing; // the socket's EPOLLOUT edge says when to go on
            return;
        }
        count(c.measured, [](Counters &k) { ++k.writeErrors; });
        drop(c, now);
        return;
    }
    c.state = State::Reading;
    count(c.measured, [](Counters &k) { ++k.requests; });
}

void Worker::readable(Conn &c, int64_t now, bool peerClosed)
{
    if (c.state == State::H2) {
        h2Readable(c, now, peerClosed);
        return;
    }
    // Sockets are edge-triggered (no re-poll of every ready socket at each epoll_wait), so read
    // on while a read filled the whole buffer: more may be waiting and no new edge would say so.
    // A shorter read emptied the socket, unless the peer also closed it: then read on to the EOF.
    while (readOnce(c, now, peerClosed)) {
    }
}

bool Worker::readOnce(Conn &c, int64_t now, bool peerClosed)
{
    int64_t stampNs = 0;
    TlsFailure failure = TlsFailure::None;
    ssize_t n = transportRead(c, stampNs, failure);
    if (stampNs > 0) // the receive time on this clock, never after the read itself
        c.receivedNs = std::min(now, stampNs - m_realtimeOffsetNs);
    else
        c.receivedNs = now;
    if (n < 0 && failure != TlsFailure::None) {
        // A close without close_notify ends an idle keep-alive connection as a plain close
        // does; in the middle of a response it truncates it.
        if (!(failure == TlsFailure::NoCloseNotify && c.state == State::Idle))
            countTlsFailure(c.state == State::Idle ? measuring(now) : c.measured, failure);
        drop(c, now);
        return false;
    }
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
    // TLS returns a record at a time and may hold more read ahead: read on until it would block.
    if (st == http::ResponseParser::Status::NeedMore)
        return c.ssl || peerClosed || size_t(n) == kReadBufferBytes;
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
    // A response that arrives while the body is still being written ends the exchange: the
    // rest of a Content-Length body can only be cut short by closing (RFC 9112 9.5), and a
    // next request written now would land in the middle of the body.
    complete(c, now, !trailingGarbage && c.parser.keepAlive() && c.state == State::Reading);
    return false;
}

void Worker::complete(Conn &c, int64_t now, bool keepOpen)
{
    const int64_t doneNs = c.receivedNs;
    m_deadlines.remove(c);
    --m_inFlight;
    m_lastCompletionNs = now;
    int status = c.parser.statusCode();
    bool measured = c.measured;
    if (c.state == State::Writing) // answered before it was all written: it was sent all the same
        count(measured, [](Counters &k) { ++k.requests; });
    count(measured, [status](Counters &k) {
        ++k.responses;
        if (status >= 200 && status < 300)
            ++k.ok;
        if (status >= 0 && status < int(k.status.size()))
            ++k.status[size_t(status)];
    });
    int64_t corrected = toUs(doneNs - (m_open ? c.intendedNs : c.sentNs));
    if (measured) {
        latency.record(corrected);
        if (m_open)
            latencyUncorrected.record(toUs(doneNs - c.sentNs));
    } else if (m_window.spec.warmupRequests > 0) {
        int64_t done = m_window.warmupResponses.fetch_add(1, std::memory_order_relaxed) + 1;
        if (done == m_window.spec.warmupRequests)
            m_window.beginMeasuring(now);
    }
    if (m_slots.takes(measured))
        m_slots.latency().record(corrected);
    if (!keepOpen) {
        m_reach.closed(now);
        closeFd(c, true);
        c.state = State::Disconnected;
        if (!m_stopSending)
            connect(c, now);
        return;
    }
    becomeIdle(c, now);
}

void Worker::timeout(Conn &c, int64_t now)
{
    const bool connecting = c.state == State::Connecting || c.state == State::Handshaking;
    if (c.state == State::Handshaking) // a server that never finishes the handshake
        countTlsFailure(measuring(now), TlsFailure::Handshake);
    else
        count(connecting ? measuring(now) : c.measured, [](Counters &k) { ++k.timeouts; });
    if (connecting)
        failedAttempt(now);
    drop(c, now);
}

int64_t Worker::retryDisconnected(int64_t now)
{
    if (m_waitingRetry == 0 || m_stopSending)
        return INT64_MAX;
    int64_t next = INT64_MAX;
    int waiting = 0;
    for (Conn &c : m_conns) {
        if (m_stopSending) // a failed connect used the last attempt of a request limit
            return INT64_MAX;
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

void Worker::recordSendDelay(bool measured, int64_t delayNs)
{
    if (delayNs > kLateNs)
        count(measured, [](Counters &k) { ++k.late; });
    if (measured)
        sendDelay.record(std::max<int64_t>(delayNs, 1));
    if (m_slots.takes(measured))
        m_slots.noteSendDelay(delayNs);
}

int64_t Worker::sendScheduled(int64_t now)
{
    // Every request due by the end of the pass goes out in it: the clock is read again after
    // each send, so that one wake-up serves the whole batch and each delay is its own.
    while (true) {
        int64_t intended = m_schedule.nextDueNs();
        if (intended > now)
            return intended;
        if (m_idle.empty())
            return now + 1'000'000; // wake again soon; a response will free a connection
        bool measured = false;
        if (!maySend(now, measured, true))
            return INT64_MAX;
        Conn *c = m_idle.back();
        m_schedule.sent();
        if (m_window.h2) { // stays on m_idle while it has a free stream slot
            h2Submit(*c, now, intended, measured);
            h2AfterEvents(*c, now);
        } else {
            m_idle.pop_back();
            send(*c, now, intended, measured);
        }
        now = nowNs();
    }
}

void Worker::run()
{
    begin();
    epoll_event events[Poller::kMaxEvents];
    while (true) {
        int64_t now = nowNs();
        if (m_window.cancelled.load(std::memory_order_relaxed))
            break;
        const int64_t nextWake = housekeep(now);
        if (m_stopSending && m_inFlight == 0)
            break;
        const bool sendDue = m_open && nextWake == m_nextSendNs && !m_idle.empty();
        int n = m_poller.wait(events, nextWake, sendDue, m_deferReads);
        if (n < 0 && errno != EINTR)
            break;
        // Open loop: the responses' times are the kernel's and no event sends (sends wait for
        // the schedule), so one clock reading serves the batch, and one offset converts the
        // kernel's receive times to this clock. Closed loop: each event reads the clock, since
        // it times the response it reads and the request it sends.
        int64_t batchNs = 0;
        if (m_open && n > 0) {
            batchNs = nowNs();
            m_realtimeOffsetNs = clockNs(CLOCK_REALTIME) - batchNs;
        }
        for (int i = 0; i < n; ++i) {
            auto *c = static_cast<Conn *>(events[i].data.ptr);
            if (!c)
                continue; // the wake-up eventfd: the loop's top sees why
            if (c->fd < 0)
                continue; // dropped earlier in this batch
            handleEvent(*c, events[i].events, m_open ? batchNs : nowNs());
        }
    }
    finish(nowNs());
}

void Worker::begin()
{
    // Pinned before the first connect, so that no socket is set up from another CPU.
    cpusApplied = pinCurrentThread(m_window.spec.cpus);
    // The default slack (50 us) would make every timed wake-up that much late: the open loop
    // wants its sends on time, and the closed loop sets no timers that would gain from slack.
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
    if (m_window.spec.mode == Mode::Open)
        SendSchedule::requestShortSlices();
    m_tid.store(pid_t(syscall(SYS_gettid)));
    m_tid.notify_all();
    const LoadSpec &spec = m_window.spec;
    // Every value is bounded by checkSpec() (at most 1 day), so none of these overflows.
    m_deadlines.setTimeout(spec.timeoutMs * 1'000'000);
    m_streamDeadlines.setTimeout(spec.timeoutMs * 1'000'000);
    m_durationNs = spec.durationMs * 1'000'000;
    m_warmupMsNs = spec.warmupMs * 1'000'000;
    m_reach.setGiveUpAfter(spec.unreachableAbortMs * 1'000'000);
    m_open = spec.mode == Mode::Open;
    m_deferReads = m_open && m_window.requestBytes.size() <= kDeferMaxRequestBytes;
    if (m_open)
        m_schedule.start(m_window.startNs, m_ratePerS);
    const int64_t now = nowNs();
    // Without a warm-up the first connect is measured, and so is the CPU it takes.
    measuring(now);
    int64_t phaseStart = 0;
    m_slots.begin(m_slots.keyAt(now, phaseStart));
    for (Conn &c : m_conns) {
        if (m_window.cancelled.load(std::memory_order_relaxed) || m_stopSending)
            break;
        connect(c, now);
    }
}

int64_t Worker::housekeep(int64_t now)
{
    // Phase and send permission are re-evaluated even when no socket is active.
    bool measured = false;
    maySend(now, measured, false);
    if (m_reach.failing())
        checkReachable(now);
    while (Conn *first = m_deadlines.first()) {
        if (first->deadlineNs > now)
            break;
        timeout(*first, now);
    }
    while (H2Stream *first = m_streamDeadlines.first()) {
        if (first->deadlineNs > now)
            break;
        h2Timeout(*first, now);
    }
    int64_t nextWake = retryDisconnected(now);
    m_nextSendNs = m_open && !m_stopSending ? sendScheduled(now) : INT64_MAX;
    nextWake = std::min(nextWake, m_nextSendNs);
    tickInterval(now);

    int64_t phaseStartNs = 0;
    const Key key = m_slots.keyAt(now, phaseStartNs);
    nextWake = std::min(nextWake, phaseStartNs + int64_t(key.second + 1) * m_window.intervalNs);
    if (const Conn *first = m_deadlines.first())
        nextWake = std::min(nextWake, first->deadlineNs);
    if (const H2Stream *first = m_streamDeadlines.first())
        nextWake = std::min(nextWake, first->deadlineNs);
    const int64_t ms = m_window.measureStartNs.load(std::memory_order_relaxed);
    if (ms == 0 && m_warmupMsNs > 0)
        nextWake = std::min(nextWake, m_window.startNs + m_warmupMsNs);
    if (ms != 0 && m_window.spec.requestLimit == 0 && !m_stopSending)
        nextWake = std::min(nextWake, ms + m_durationNs);
    return nextWake;
}

void Worker::handleEvent(Conn &c, uint32_t ev, int64_t now)
{
    switch (c.state) {
    case State::Connecting:
        // A failed connect reports EPOLLERR; SO_ERROR would only say which error it was.
        if (ev & (EPOLLERR | EPOLLHUP)) {
            failConnect(c, now);
        } else if (ev & EPOLLOUT) {
            connected(c, now);
            // The socket is never re-armed (epoll_ctl costs a system call per connect): bytes
            // or a close that came with the connect are served now, or their edge is lost.
            if ((ev & (EPOLLIN | EPOLLRDHUP)) && c.fd >= 0 && c.state != State::Disconnected &&
                c.state != State::Handshaking)
                readable(c, now, (ev & EPOLLRDHUP) != 0);
        }
        break;
    case State::Handshaking:
        // Any edge may be the one the handshake waits for (WANT_READ or WANT_WRITE); a close or
        // an error makes it fail.
        continueHandshake(c, now);
        break;
    case State::Writing:
        // Edge-triggered: an event with both bits must serve both, or the write edge is lost
        // and the rest of the body waits for the timeout.
        if (ev & (EPOLLIN | EPOLLERR | EPOLLHUP))
            readable(c, now, (ev & (EPOLLRDHUP | EPOLLHUP)) != 0);
        // TLS may want to read before it writes on (WANT_READ): any edge goes on then.
        if (((ev & EPOLLOUT) || c.ssl) && c.fd >= 0 && c.state == State::Writing)
            writeSome(c, now);
        break;
    case State::Reading:
    case State::Idle:
        // Registered with EPOLLOUT: a write-space edge alone has nothing to read.
        if (ev & (EPOLLIN | EPOLLRDHUP | EPOLLERR | EPOLLHUP))
            readable(c, now, (ev & (EPOLLRDHUP | EPOLLHUP)) != 0);
        break;
    case State::H2:
        if (ev & (EPOLLIN | EPOLLRDHUP | EPOLLERR | EPOLLHUP))
            h2Readable(c, now, (ev & (EPOLLRDHUP | EPOLLHUP)) != 0);
        else if ((ev & EPOLLOUT) && c.h2->outOff < c.h2->out.size())
            h2AfterEvents(c, now);
        break;
    case State::Disconnected:
        break;
    }
}

void Worker::finish(int64_t now)
{
    if (!m_stopSending) { // cancelled: what was outstanding is abandoned
        stopNs = now;
        inFlightAtStop = m_inFlight;
    }
    if (m_open && !m_window.cancelled.load()) {
        // Requests that were due but never sent could not be sent on time either.
        int64_t end = m_measureStartNs > 0 ? m_measureStartNs + m_durationNs : now;
        int64_t dueEnd = std::min({now, end, stopNs});
        if (m_window.spec.requestLimit == 0 && m_measureStartNs > 0)
            totals.late += m_schedule.unsentBy(dueEnd);
    }
    // The loop ends as soon as the drain is over, so "now" is the end of the window.
    finishNs = now;
    if (!m_open)
        latencyUncorrected = latency;
    tickInterval(now);
    m_slots.flushFinal(now, progress());
    for (Conn &c : m_conns)
        closeFd(c, true);
    // Closing thousands of sockets is work the window caused: it counts.
    if (m_cpuStartNs >= 0)
        cpuNs = threadCpuNs() - m_cpuStartNs;
    m_finished.store(true, std::memory_order_release);
    uint64_t one = 1;
    [[maybe_unused]] ssize_t w = ::write(m_window.collectorFd, &one, sizeof one);
}

void Worker::stopSending(int64_t atNs)
{
    m_stopSending = true;
    stopNs = atNs;
    inFlightAtStop = m_inFlight;
    // Idle and disconnected connections have nothing to drain: close them now.
    for (Conn &c : m_conns) {
        if (c.established() && c.state == State::Idle)
            m_reach.closedAtStop();
        if (c.state == State::Idle || c.state == State::Connecting ||
            c.state == State::Handshaking) {
            m_deadlines.remove(c);
            closeFd(c, true);
            c.state = State::Disconnected;
        }
    }
    m_idle.clear();
    for (H2Conn &h : m_h2Conns)
        h.inIdle = false;
    m_waitingRetry = 0;
}

} // namespace sb::load::detail
