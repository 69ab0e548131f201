#include "target/targetserver.h"

#include "target/connection.h"
#include "target/http2.h"
#include "target/listener.h"
#include "target/router.h"
#include "target/targetdb.h"
#include "target/targettls.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstring>
#include <ctime>
#include <llhttp.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <pthread.h>
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
    bool linger;      // false: a delayed response is due; true: end a lingering close
    int32_t streamId; // HTTP/2: the stream whose delayed response is due; 0 for HTTP/1.1
    bool operator>(const Timer &o) const { return deadlineNs > o.deadlineNs; }
};

sb::Error startError(std::string detail)
{
    return sb::Error{"target.start", std::string(), std::move(detail)};
}

// The client connection preface of HTTP/2 (RFC 9113 3.4).
constexpr std::string_view kHttp2Preface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

// The error answers of the request limits, the same over HTTP/1.1 and HTTP/2.
std::string_view limitMessage(int status)
{
    switch (status) {
    case 413:
        return "request body larger than 1 MiB";
    case 414:
        return "request target longer than 8 KiB";
    case 431:
        return "request headers larger than 64 KiB";
    default:
        return "malformed request";
    }
}

std::string errorBody(std::string_view message)
{
    std::string body = "{\"error\":\"";
    body += message;
    body += "\"}";
    return body;
}

uint64_t tagOf(const Connection &c)
{
    return uint64_t(c.serial) << 32 | uint32_t(c.fd);
}

} // namespace

struct Server::Worker : Http2Handler
{
    int epollFd = -1;
    int listenFd = -1;
    int timerFd = -1;
    int stopFd = -1;        // shared, owned by Server
    SSL_CTX *tls = nullptr; // TLS: shared, owned by Server; nullptr in clear text
    bool http2 = false;
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

    ~Worker() override
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
        // OpenSSL writes to its sockets without MSG_NOSIGNAL: a peer gone must give EPIPE here,
        // not end the process.
        sigset_t pipe;
        sigemptyset(&pipe);
        sigaddset(&pipe, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
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
            if (tls) {
                conn->ssl = SSL_new(tls);
                if (!conn->ssl || SSL_set_fd(conn->ssl, fd) != 1) {
                    ERR_clear_error();
                    ::close(fd);
                    continue;
                }
                SSL_set_accept_state(conn->ssl);
            } else if (http2) {
                conn->protocol = Connection::Protocol::Detect;
            }
            const uint64_t tag = tagOf(*conn);
            if (!add(fd, tag, EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET)) {
                ::close(fd);
                continue;
            }
            if (conns.size() <= size_t(fd))
                conns.resize(size_t(fd) + 64);
            conns[size_t(fd)] = std::move(conn);
        }
    }

    void addTimer(int64_t delayNs, int fd, uint32_t serial, bool linger, int32_t streamId = 0)
    {
        timers.push_back(Timer{monotonicNs() + delayNs, fd, serial, linger, streamId});
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
            if (t.streamId != 0) {
                Http2Stream *s = c->h2 ? c->h2->stream(t.streamId) : nullptr;
                if (s && s->id == t.streamId && s->waiting) {
                    s->waiting = false;
                    c->h2->respond(*s, 200, s->body, {});
                    service(*c);
                }
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
        sendCloseNotify(c);
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
        writeResponse(c, status, errorBody(message), {});
    }

    // A complete HTTP/2 request (Http2Handler): the same router and answers as HTTP/1.1.
    void request(Http2Session &session, Http2Stream &s) override
    {
        if (s.limitStatus != 0) {
            session.respond(s, s.limitStatus, errorBody(limitMessage(s.limitStatus)), {});
            return;
        }
        RouteRequest r;
        r.method = s.method;
        r.target = s.path;
        r.authorization = s.authorization;
        r.body = s.body;
        router.handle(r, reply);
        if (reply.delayMs > 0) {
            s.body = reply.body;
            s.waiting = true;
            const uint64_t tag = session.tag();
            addTimer(int64_t(reply.delayMs) * 1000000, int(tag & 0xFFFFFFFF), uint32_t(tag >> 32),
                     false, s.id);
            return;
        }
        session.respond(s, reply.status, reply.body, reply.headers);
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
            const int status = c.limitStatus != 0 ? c.limitStatus : 400;
            fail(c, status, limitMessage(status));
            used = len;
        }
    }

    // Writes what it can; false on a write error (the connection is gone).
    bool flush(Connection &c)
    {
        while (c.outPos < c.out.size()) {
            const ssize_t n = writeSome(c, c.out.data() + c.outPos, c.out.size() - c.outPos);
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

    // recv() or SSL_read(): > 0 bytes, 0 at the end of input, -1 with errno (EAGAIN: not now).
    ssize_t readSome(Connection &c, char *buf, size_t len)
    {
        if (!c.ssl)
            return ::recv(c.fd, buf, len, 0);
        ERR_clear_error();
        const int n = SSL_read(c.ssl, buf, int(std::min<size_t>(len, INT32_MAX)));
        if (n > 0)
            return n;
        switch (SSL_get_error(c.ssl, n)) {
        case SSL_ERROR_WANT_READ:
        case SSL_ERROR_WANT_WRITE:
            errno = EAGAIN;
            return -1;
        case SSL_ERROR_ZERO_RETURN: // close_notify, or an end without it (IGNORE_UNEXPECTED_EOF)
            return 0;
        default:
            ERR_clear_error();
            errno = ECONNRESET;
            return -1;
        }
    }

    // send() or SSL_write(): bytes written, or -1 with errno (EAGAIN: not now).
    ssize_t writeSome(Connection &c, const char *data, size_t len)
    {
        if (!c.ssl)
            return ::send(c.fd, data, len, MSG_NOSIGNAL);
        ERR_clear_error();
        const int n = SSL_write(c.ssl, data, int(std::min<size_t>(len, INT32_MAX)));
        if (n > 0)
            return n;
        const int err = SSL_get_error(c.ssl, n);
        ERR_clear_error();
        errno = err == SSL_ERROR_WANT_WRITE || err == SSL_ERROR_WANT_READ ? EAGAIN : EPIPE;
        return -1;
    }

    void sendCloseNotify(Connection &c)
    {
        if (!c.ssl || !c.handshaken || c.sentCloseNotify)
            return;
        c.sentCloseNotify = true;
        ERR_clear_error();
        SSL_shutdown(c.ssl); // best effort: one try, the connection ends either way
        ERR_clear_error();
    }

    // Continues the TLS handshake; true once it has finished (the connection then speaks what
    // ALPN chose), false while it waits for the peer or when it failed (the connection is gone).
    bool handshake(Connection &c)
    {
        ERR_clear_error();
        const int rv = SSL_do_handshake(c.ssl);
        if (rv == 1) {
            c.handshaken = true;
            const unsigned char *alpn = nullptr;
            unsigned int alpnLen = 0;
            SSL_get0_alpn_selected(c.ssl, &alpn, &alpnLen);
            if (alpnLen == 2 && std::memcmp(alpn, "h2", 2) == 0)
                return startHttp2(c);
            c.protocol = Connection::Protocol::Http1;
            return true;
        }
        const int err = SSL_get_error(c.ssl, rv);
        if (err == SSL_ERROR_WANT_READ || err == SSL_ERROR_WANT_WRITE)
            return false;
        ERR_clear_error();
        closeConn(c);
        return false;
    }

    // Switches `c` to HTTP/2; false when the session could not be made (the connection is gone).
    bool startHttp2(Connection &c)
    {
        c.protocol = Connection::Protocol::Http2;
        c.h2 = std::make_unique<Http2Session>(*this, tagOf(c));
        if (c.h2->ok())
            return true;
        closeConn(c);
        return false;
    }

    // Half-close and drain rather than close: closing with unread input would send a reset that
    // can destroy the response before the client reads it.
    void startClosing(Connection &c)
    {
        sendCloseNotify(c);
        ::shutdown(c.fd, SHUT_WR);
        c.lingering = true;
        addTimer(kLingerMs * 1000000, c.fd, c.serial, true);
        drain(c);
    }

    // A lingering connection: discards input until the peer closes (or the linger timer ends it).
    void drain(Connection &c)
    {
        char *buf = scratch.get();
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

    // Does everything a connection can do now: handshake, parse held-back input, write, read more.
    void service(Connection &c)
    {
        if (c.lingering) {
            drain(c);
            return;
        }
        if (c.ssl && !c.handshaken && !handshake(c))
            return;
        if (c.protocol == Connection::Protocol::Http2)
            serviceHttp2(c);
        else
            serviceHttp1(c);
    }

    void serviceHttp2(Connection &c)
    {
        char *buf = scratch.get();
        int reads = 0;
        for (;;) {
            if (c.outPos == c.out.size()) {
                c.out.clear();
                c.outPos = 0;
            }
            if (!c.h2->produce(c.out, c.outPos, kMaxOutBacklogBytes)) {
                closeConn(c);
                return;
            }
            if (!flush(c)) {
                closeConn(c);
                return;
            }
            if (c.unsent() > 0)
                return; // EPOLLOUT brings us back
            if (c.closeAfter || !c.h2->alive()) {
                startClosing(c);
                return;
            }
            if (c.eof) {
                closeConn(c);
                return;
            }
            if (++reads > kReadsPerTurn) {
                deferred.push_back(tagOf(c));
                return;
            }
            const ssize_t n = readSome(c, buf, kScratchBytes);
            if (n > 0) {
                if (!c.h2->receive(buf, size_t(n)))
                    c.closeAfter = true; // after the GOAWAY
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

    // A clear-text connection's first bytes (in `pending`): the HTTP/2 preface switches it to
    // HTTP/2; anything else makes it HTTP/1.1. True when the connection now speaks HTTP/2 (or is
    // gone) and serviceHttp1 must return.
    bool detect(Connection &c)
    {
        const size_t n = std::min(c.pending.size(), kHttp2Preface.size());
        if (std::memcmp(c.pending.data(), kHttp2Preface.data(), n) != 0 || c.eof) {
            c.protocol = Connection::Protocol::Http1;
            return false;
        }
        if (c.pending.size() < kHttp2Preface.size())
            return false; // read more
        if (!startHttp2(c))
            return true;
        const bool ok = c.h2->receive(c.pending.data(), c.pending.size());
        std::string().swap(c.pending);
        c.pendingPos = 0;
        if (!ok)
            c.closeAfter = true;
        serviceHttp2(c);
        return true;
    }

    void serviceHttp1(Connection &c)
    {
        char *buf = scratch.get();
        int reads = 0;
        for (;;) {
            if (c.protocol == Connection::Protocol::Detect && !c.pending.empty() && detect(c))
                return;
            const bool http1 = c.protocol == Connection::Protocol::Http1;
            if (http1 && c.pendingPos < c.pending.size() && canParse(c)) {
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
                startClosing(c);
                return;
            }
            const bool hasPending = http1 && c.pendingPos < c.pending.size();
            if (c.eof) {
                if (c.protocol == Connection::Protocol::Detect && !c.pending.empty())
                    continue; // detect() makes it HTTP/1.1
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
                deferred.push_back(tagOf(c));
                return;
            }
            const ssize_t n = readSome(c, buf, kScratchBytes);
            if (n > 0) {
                if (!http1) {
                    c.pending.append(buf, size_t(n));
                    continue;
                }
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
    if (sb::Status st = startListening(options); !st.ok()) {
        m_tls.reset();
        return startError(st.error().toString());
    }
    return sb::Ok{};
}

sb::Status Server::startListening(const Options &options)
{
    if (isRunning())
        return startError("server already running");
    if (options.threads < 1 || options.threads > 256)
        return startError("threads must be from 1 to 256");
    if (options.tlsCertFile.empty() != options.tlsKeyFile.empty())
        return startError("TLS needs both a certificate and a key");
    if (!options.tlsCertFile.empty()) {
        sb::Result<TlsContext> tls =
            makeServerTlsContext(options.tlsCertFile, options.tlsKeyFile, options.http2);
        if (!tls.ok())
            return tls.error();
        m_tls = std::shared_ptr<ssl_ctx_st>(tls->release(), TlsContextDeleter{});
    }
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
        worker->tls = m_tls.get();
        worker->http2 = options.http2;
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
    m_tls.reset();
    if (m_stopFd >= 0)
        ::close(m_stopFd);
    m_stopFd = -1;
    m_port = 0;
}

} // namespace sb::target
