#pragma once

// Small servers for the load engine's tests, started by the test itself on loopback: a
// misbehaving HTTP server with one blocking thread per connection, and the reference target
// run as a child process. Both stop when destroyed.

#include <QProcess>
#include <QRegularExpression>
#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <memory>
#include <mutex>
#include <netinet/in.h>
#include <optional>
#include <string>
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
            case Mode::Stall:
                while (!m_stop)
                    std::this_thread::sleep_for(std::chrono::milliseconds(10));
                break;
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
