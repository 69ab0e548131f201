#pragma once

// Small servers for the load engine's tests, started by the test itself on loopback: a
// misbehaving HTTP server with one blocking thread per connection, a scripted one for request
// bodies and targets that die, and the reference target run as a child process. All stop when
// destroyed.

#include <QProcess>
#include <QRegularExpression>
#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <memory>
#include <mutex>
#include <netinet/in.h>
#include <optional>
#include <poll.h>
#include <string>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace sb::test {

// A listening TCP socket on 127.0.0.1 with a port the kernel picks; the port goes to `port`.
inline int listenOnLoopback(int backlog, uint16_t &port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a);
    ::listen(fd, backlog);
    socklen_t len = sizeof a;
    getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len);
    port = ntohs(a.sin_port);
    return fd;
}

class MisbehavingServer
{
public:
    enum class Mode
    {
        Ok,          // 200 with a small body, keep-alive
        CloseEach,   // 200 with "Connection: close", then closes
        CloseMidway, // promises a 100-byte body, sends 3 bytes, closes
        Stall,       // reads the request and never answers
        Garbage,     // answers with bytes that are not HTTP
        StallOnce    // like Ok, but every answer due in [stallAfter, stallAfter + 1 s) waits
                     // until that second is over
    };

    explicit MisbehavingServer(Mode mode, std::chrono::milliseconds stallAfter = {})
        : m_mode(mode)
        , m_stallAfter(stallAfter)
    {
        m_listen = listenOnLoopback(512, m_port);
        m_acceptor = std::thread([this] { acceptLoop(); });
    }

    ~MisbehavingServer()
    {
        m_stop = true;
        ::shutdown(m_listen, SHUT_RDWR);
        ::close(m_listen);
        m_acceptor.join();
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            for (int fd : m_fds)
                ::shutdown(fd, SHUT_RDWR);
        }
        for (auto &t : m_threads)
            t.join();
    }

    uint16_t port() const { return m_port; }
    int accepted() const { return m_accepted.load(); }

private:
    void acceptLoop()
    {
        while (!m_stop) {
            int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd < 0) {
                if (m_stop)
                    return;
                continue;
            }
            ++m_accepted;
            std::lock_guard<std::mutex> lock(m_mutex);
            m_fds.push_back(fd);
            m_threads.emplace_back([this, fd] { serve(fd); });
        }
    }

    // Reads until the end of one request head (the tests send bodiless GETs).
    bool readRequest(int fd, std::string &buffer)
    {
        char chunk[4096];
        while (buffer.find("\r\n\r\n") == std::string::npos) {
            ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
            if (n <= 0)
                return false;
            buffer.append(chunk, size_t(n));
        }
        buffer.erase(0, buffer.find("\r\n\r\n") + 4);
        return true;
    }

    void sendAll(int fd, const std::string &s) { ::send(fd, s.data(), s.size(), MSG_NOSIGNAL); }

    void serve(int fd)
    {
        static const std::string ok =
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok";
        std::string buffer;
        while (!m_stop && readRequest(fd, buffer)) {
            switch (m_mode) {
            case Mode::Ok:
                sendAll(fd, ok);
                continue;
            case Mode::CloseEach:
                sendAll(fd, "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok");
                break;
            case Mode::CloseMidway:
                sendAll(fd, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc");
                break;
            case Mode::Stall: {
                // Never answers: reads until the client closes or the server stops (the
                // destructor shuts every connection down).
                char sink[4096];
                while (::recv(fd, sink, sizeof sink, 0) > 0) {
                }
                break;
            }
            case Mode::Garbage:
                sendAll(fd, "THIS IS NOT HTTP\r\n\r\n");
                break;
            case Mode::StallOnce: {
                auto now = std::chrono::steady_clock::now();
                {
                    std::lock_guard<std::mutex> lock(m_mutex);
                    if (!m_first)
                        m_first = now;
                }
                auto stallStart = *m_first + m_stallAfter;
                auto stallEnd = stallStart + std::chrono::seconds(1);
                if (now >= stallStart && now < stallEnd)
                    std::this_thread::sleep_until(stallEnd);
                sendAll(fd, ok);
                continue;
            }
            }
            break;
        }
        ::close(fd);
        std::lock_guard<std::mutex> lock(m_mutex);
        std::erase(m_fds, fd);
    }

    Mode m_mode;
    std::chrono::milliseconds m_stallAfter;
    std::optional<std::chrono::steady_clock::time_point> m_first;
    int m_listen = -1;
    uint16_t m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_accepted{0};
    std::thread m_acceptor;
    std::mutex m_mutex;
    std::vector<int> m_fds;
    std::vector<std::thread> m_threads;
};

// An HTTP/1.1 server for request bodies and targets that die: one blocking thread per
// connection, requests framed by their Content-Length, every request answered "200 ok" unless
// the script says otherwise. It counts what it served and every request head that was not one
// (a request written into the middle of another's body).
class ScriptedServer
{
public:
    struct Script
    {
        // > 0: after this many responses the target dies: the listener closes (new connects are
        // refused) and every connection ends after its current response.
        int64_t dieAfter = 0;
        // > 0: accept only this many connections (a load engine's probe is one), then refuse
        // new ones; the accepted ones are served as usual.
        int acceptLimit = 0;
        // Answer right after the request head, then read and discard the body.
        bool answerEarly = false;
        // > 0: read the body in pieces of at most this many bytes, pausing `readPause` first.
        int readPiece = 0;
        std::chrono::microseconds readPause{0};
        // Send "HTTP/1.1 100 Continue" after every piece read (a 1xx the client must skip).
        bool interimPerPiece = false;
        // > 0: SO_RCVBUF of the accepted sockets, so that a large body fills the buffers.
        int receiveBuffer = 0;
    };

    explicit ScriptedServer(Script script)
        : m_script(script)
        , m_wake(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK))
    {
        m_listen = listenOnLoopback(512, m_port);
        if (m_script.receiveBuffer > 0)
            setsockopt(m_listen, SOL_SOCKET, SO_RCVBUF, &m_script.receiveBuffer,
                       sizeof m_script.receiveBuffer);
        m_acceptor = std::thread([this] { acceptLoop(); });
    }

    ~ScriptedServer() { stop(); }

    // Stops serving and joins every thread, so that the counts are final. Idempotent.
    void stop()
    {
        if (m_listen < 0)
            return;
        m_stop = true;
        wakeAll();
        ::shutdown(m_listen, SHUT_RDWR);
        m_acceptor.join();
        ::close(m_listen);
        m_listen = -1;
        std::lock_guard<std::mutex> lock(m_mutex);
        for (auto &t : m_threads)
            t.join();
        m_threads.clear();
        ::close(m_wake);
    }

    uint16_t port() const { return m_port; }
    // Responses sent in full (final after stop(): a client may read a response before the
    // server's thread has counted it).
    int64_t served() const { return m_served.load(); }
    int64_t malformed() const { return m_malformed.load(); } // heads that were no request
    int64_t bodyBytes() const { return m_bodyBytes.load(); } // body bytes read
    bool dead() const { return m_dying.load(); }

private:
    void acceptLoop()
    {
        while (!m_stop && !m_dying) {
            int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd < 0) {
                if (errno == EINVAL)
                    return; // shut down: nothing more to accept (accept4 would fail at once)
                continue;
            }
            if (m_script.acceptLimit > 0 && ++m_accepted >= m_script.acceptLimit)
                ::shutdown(m_listen, SHUT_RDWR); // refuses new connections from now on
            std::lock_guard<std::mutex> lock(m_mutex);
            m_threads.emplace_back([this, fd] { serve(fd); });
        }
    }

    bool ending() const { return m_stop || m_dying; }

    // Wakes every connection waiting for bytes, for good: the eventfd is never read.
    void wakeAll()
    {
        const uint64_t one = 1;
        [[maybe_unused]] const ssize_t n = ::write(m_wake, &one, sizeof one);
    }

    // Up to `max` bytes; 0 at EOF or when the server ends, -1 on an error. Bytes that arrived
    // are returned before the end is.
    ssize_t receive(int fd, char *data, size_t max)
    {
        while (true) {
            pollfd fds[2] = {{fd, POLLIN, 0}, {m_wake, POLLIN, 0}};
            if (::poll(fds, 2, -1) < 0 && errno != EINTR)
                return -1;
            if (fds[0].revents != 0) {
                const ssize_t n = ::recv(fd, data, max, MSG_DONTWAIT);
                if (n >= 0)
                    return n;
                if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
                    return -1;
            } else if (ending()) {
                return 0;
            }
        }
    }

    // One request head into `head` (bytes after it stay in `buffer`); false at EOF.
    bool readHead(int fd, std::string &buffer, std::string &head)
    {
        char chunk[4096];
        size_t end;
        while ((end = buffer.find("\r\n\r\n")) == std::string::npos) {
            ssize_t n = receive(fd, chunk, sizeof chunk);
            if (n <= 0)
                return false;
            buffer.append(chunk, size_t(n));
        }
        head = buffer.substr(0, end + 4);
        buffer.erase(0, end + 4);
        return true;
    }

    static bool isRequestHead(const std::string &head)
    {
        static const QRegularExpression re(QStringLiteral("^[A-Z]+ \\S+ HTTP/1\\.1\\r\\n"));
        return re.match(QString::fromLatin1(head.data(), qsizetype(head.size()))).hasMatch();
    }

    static int64_t contentLength(const std::string &head)
    {
        static const QRegularExpression re(QStringLiteral("\\r\\ncontent-length: *(\\d+)"),
                                           QRegularExpression::CaseInsensitiveOption);
        auto m = re.match(QString::fromLatin1(head.data(), qsizetype(head.size())));
        return m.hasMatch() ? m.captured(1).toLongLong() : 0;
    }

    bool sendAll(int fd, const std::string &s)
    {
        size_t off = 0;
        while (off < s.size()) {
            ssize_t n = ::send(fd, s.data() + off, s.size() - off, MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            off += size_t(n);
        }
        return true;
    }

    // Reads and discards `length` body bytes, part of which may be in `buffer` already.
    bool readBody(int fd, std::string &buffer, int64_t length)
    {
        const int64_t buffered = std::min<int64_t>(length, int64_t(buffer.size()));
        buffer.erase(0, size_t(buffered));
        m_bodyBytes += buffered;
        int64_t left = length - buffered;
        std::vector<char> piece(size_t(m_script.readPiece > 0 ? m_script.readPiece : 65536));
        while (left > 0) {
            if (m_script.readPause.count() > 0)
                std::this_thread::sleep_for(m_script.readPause);
            ssize_t n = receive(fd, piece.data(), size_t(std::min<int64_t>(left, piece.size())));
            if (n <= 0)
                return false;
            left -= n;
            m_bodyBytes += n;
            if (m_script.interimPerPiece && left > 0 &&
                !sendAll(fd, "HTTP/1.1 100 Continue\r\n\r\n"))
                return false;
        }
        return true;
    }

    // A response, unless the target died: then false.
    bool answer(int fd)
    {
        static const std::string ok = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
        const int64_t ticket = m_tickets.fetch_add(1);
        if (m_script.dieAfter > 0 && ticket >= m_script.dieAfter)
            return false;
        if (!sendAll(fd, ok))
            return false;
        ++m_served;
        if (m_script.dieAfter > 0 && ticket + 1 == m_script.dieAfter)
            die();
        return true;
    }

    void die()
    {
        m_dying = true;
        wakeAll();
        ::shutdown(m_listen, SHUT_RDWR); // refuses new connections from now on
    }

    void serve(int fd)
    {
        std::string buffer;
        std::string head;
        while (!ending() && readHead(fd, buffer, head)) {
            if (!isRequestHead(head)) {
                ++m_malformed;
                break;
            }
            const int64_t length = contentLength(head);
            if (m_script.answerEarly) {
                if (!answer(fd) || !readBody(fd, buffer, length))
                    break;
                continue;
            }
            if (!readBody(fd, buffer, length) || !answer(fd))
                break;
        }
        // Half-close and read to the client's EOF (for at most 2 s): a reset could destroy a
        // response the client has not read yet, and the counts must match what was served.
        ::shutdown(fd, SHUT_WR);
        char sink[4096];
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
        for (auto now = std::chrono::steady_clock::now(); now < until;
             now = std::chrono::steady_clock::now()) {
            pollfd p{fd, POLLIN, 0};
            const auto leftMs =
                std::chrono::duration_cast<std::chrono::milliseconds>(until - now).count();
            if (::poll(&p, 1, int(leftMs) + 1) == 0)
                break;
            const ssize_t n = ::recv(fd, sink, sizeof sink, MSG_DONTWAIT);
            if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
                break;
        }
        ::close(fd);
    }

    Script m_script;
    int m_wake = -1; // readable once the target dies or stops
    int m_listen = -1;
    uint16_t m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_dying{false};
    std::atomic<int64_t> m_tickets{0};
    int m_accepted = 0;
    std::atomic<int64_t> m_served{0};
    std::atomic<int64_t> m_malformed{0};
    std::atomic<int64_t> m_bodyBytes{0};
    std::thread m_acceptor;
    std::mutex m_mutex;
    std::vector<std::thread> m_threads;
};

// Answers every request with `head` and then `chunk` again and again until the client goes away
// or the server is destroyed: an endless body ("Transfer-Encoding: chunked" and a chunk) or
// endless headers (a status line and a header line), for the bounds of whatever reads it. One
// thread per connection.
class EndlessServer
{
public:
    EndlessServer(std::string head, std::string chunk)
        : m_head(std::move(head))
        , m_chunk(std::move(chunk))
    {
        m_listen = listenOnLoopback(64, m_port);
        m_acceptor = std::thread([this] { acceptLoop(); });
    }
    ~EndlessServer()
    {
        m_stop = true;
        ::shutdown(m_listen, SHUT_RDWR);
        m_acceptor.join();
        ::close(m_listen);
        std::lock_guard<std::mutex> lock(m_mutex);
        for (auto &t : m_threads)
            t.join();
    }
    EndlessServer(const EndlessServer &) = delete;
    EndlessServer &operator=(const EndlessServer &) = delete;

    uint16_t port() const { return m_port; }
    int64_t sentBytes() const { return m_sent.load(); } // over every connection

private:
    void acceptLoop()
    {
        while (!m_stop) {
            const int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd < 0)
                continue;
            std::lock_guard<std::mutex> lock(m_mutex);
            m_threads.emplace_back([this, fd] { serve(fd); });
        }
    }
    bool sendAll(int fd, const std::string &s)
    {
        size_t off = 0;
        while (off < s.size()) {
            if (m_stop)
                return false;
            const ssize_t n = ::send(fd, s.data() + off, s.size() - off, MSG_NOSIGNAL);
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
                continue;
            if (n <= 0)
                return false;
            off += size_t(n);
            m_sent += n;
        }
        return true;
    }
    void serve(int fd)
    {
        // A send that blocks longer than this re-checks m_stop.
        timeval tv{0, 100'000};
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        std::string request;
        char buf[4096];
        while (request.find("\r\n\r\n") == std::string::npos) {
            const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
            if (n <= 0)
                break;
            request.append(buf, size_t(n));
        }
        if (sendAll(fd, m_head))
            while (sendAll(fd, m_chunk)) {
            }
        ::close(fd);
    }

    std::string m_head;
    std::string m_chunk;
    int m_listen = -1;
    uint16_t m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<int64_t> m_sent{0};
    std::thread m_acceptor;
    std::mutex m_mutex;
    std::vector<std::thread> m_threads;
};

// The reference target (`stackbench target`) as a child process on a free port, with its own
// database in `dbPath`. port() is 0 when it failed to start; error() says why.
class TargetProcess
{
public:
    TargetProcess(const QString &dbPath, int threads = 1)
    {
        m_process.setProgram(QStringLiteral(STACKBENCH_BIN));
        m_process.setArguments({QStringLiteral("target"), QStringLiteral("--port"),
                                QStringLiteral("0"), QStringLiteral("--threads"),
                                QString::number(threads), QStringLiteral("--db"), dbPath});
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        // The target ends with the test even when the test crashes.
        m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
        m_process.start();
        // Seeding a new database takes a few seconds.
        QString out;
        static const QRegularExpression re(QStringLiteral("listening on http://[^:]+:(\\d+)"));
        for (int i = 0; i < 1200 && m_port == 0; ++i) {
            if (!m_process.waitForReadyRead(100) && m_process.state() != QProcess::Running)
                break;
            out += QString::fromUtf8(m_process.readAllStandardOutput());
            QRegularExpressionMatch m = re.match(out);
            if (m.hasMatch())
                m_port = uint16_t(m.captured(1).toUInt());
        }
        if (m_port == 0)
            m_error = out + QString::fromUtf8(m_process.readAllStandardError());
    }

    ~TargetProcess()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(5000))
            m_process.kill();
        m_process.waitForFinished(2000);
    }

    uint16_t port() const { return m_port; }
    QString error() const { return m_error; }

private:
    QProcess m_process;
    uint16_t m_port = 0;
    QString m_error;
};

} // namespace sb::test
