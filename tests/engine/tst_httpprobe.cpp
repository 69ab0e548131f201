// Tests for sb::run::httpRequest and sb::run::waitReady against the reference target started as a
// child process, and against canned one-response servers on loopback.

#include "core/limits.h"
#include "core/qterror.h"
#include "http/responseparser.h"
#include "run/httpprobe.h"
#include "testservers.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <thread>

using sb::plan::RequestSpec;
using sb::run::HttpResponse;

namespace {

// Answers every connection with the same bytes, then closes it. Loopback, ephemeral port.
class CannedServer
{
public:
    explicit CannedServer(std::string response)
        : m_response(std::move(response))
    {
        m_listen = sb::test::listenOnLoopback(16, m_port);
        m_thread = std::thread([this] { serve(); });
    }
    ~CannedServer()
    {
        m_stop = true;
        ::shutdown(m_listen, SHUT_RDWR);
        ::close(m_listen);
        m_thread.join();
    }
    QString baseUrl() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }
    int served() const { return m_served; }

private:
    void serve()
    {
        while (!m_stop) {
            const int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd < 0)
                continue;
            std::string request;
            char chunk[4096];
            while (request.find("\r\n\r\n") == std::string::npos) {
                const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
                if (n <= 0)
                    break;
                request.append(chunk, size_t(n));
            }
            size_t sent = 0;
            while (sent < m_response.size()) {
                const ssize_t n =
                    ::send(fd, m_response.data() + sent, m_response.size() - sent, MSG_NOSIGNAL);
                if (n <= 0)
                    break;
                sent += size_t(n);
            }
            ++m_served;
            ::shutdown(fd, SHUT_WR);
            ::close(fd);
        }
    }

    std::string m_response;
    int m_listen = -1;
    uint16_t m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_served{0};
    std::thread m_thread;
};

// A loopback port with nothing listening on it.
quint16 closedPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    ::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a);
    getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len);
    ::close(fd);
    return ntohs(a.sin_port);
}

// The peak resident set of this process so far (VmHWM in /proc/self/status), bytes.
qint64 peakRssBytes()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong() * 1024;
    return -1;
}

constexpr qint64 kMemoryBoundBytes = 200 * 1024 * 1024;

// A chunk of an endless chunked body: 64 KiB of 'x'.
std::string bodyChunk()
{
    return "10000\r\n" + std::string(0x10000, 'x') + "\r\n";
}

RequestSpec spec(const QString &method, const QString &path)
{
    RequestSpec r;
    r.method = method;
    r.path = path;
    return r;
}

} // namespace

class TstHttpProbe : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QElapsedTimer t;
        t.start();
        m_target = std::make_unique<sb::test::TargetProcess>(
            m_dir.filePath(QStringLiteral("t.sqlite")), 1);
        QVERIFY2(m_target->port() != 0, qPrintable(m_target->error()));
        m_base = QStringLiteral("http://127.0.0.1:%1").arg(m_target->port());
        qDebug() << "target up on" << m_base << "in" << t.elapsed() << "ms";
    }

    void cleanupTestCase() { m_target.reset(); }

    void health()
    {
        const HttpResponse r = sb::run::httpRequest(
            m_base, spec(QStringLiteral("GET"), QStringLiteral("/health")), 5000);
        QCOMPARE(r.status, 200);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.contentType.startsWith("application/json"), r.contentType.constData());
        QCOMPARE(QJsonDocument::fromJson(r.body).object().value(QStringLiteral("status")),
                 QJsonValue(QStringLiteral("ok")));
    }

    void echo()
    {
        RequestSpec r = spec(QStringLiteral("POST"), QStringLiteral("/echo"));
        r.headers << sb::plan::Header{QStringLiteral("Content-Type"),
                                      QStringLiteral("application/json")};
        r.hasBody = true;
        r.body = R"({"name":"Ann","email":"ann@example.org","age":41,"tags":["a","b"]})";
        const HttpResponse got = sb::run::httpRequest(m_base, r, 5000);
        QCOMPARE(got.status, 200);
        QCOMPARE(got.body, r.body);
    }

    void statuses_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("status");
        QTest::newRow("missing user")
            << QStringLiteral("GET") << QStringLiteral("/users/999999") << 404;
        QTest::newRow("unknown route") << QStringLiteral("GET") << QStringLiteral("/nope") << 404;
        QTest::newRow("bad query")
            << QStringLiteral("GET") << QStringLiteral("/delay?ms=abc") << 400;
        QTest::newRow("DELETE") << QStringLiteral("DELETE") << QStringLiteral("/health") << 405;
        QTest::newRow("PATCH") << QStringLiteral("PATCH") << QStringLiteral("/health") << 405;
        QTest::newRow("OPTIONS") << QStringLiteral("OPTIONS") << QStringLiteral("/echo") << 405;
        QTest::newRow("HEAD") << QStringLiteral("HEAD") << QStringLiteral("/health") << 405;
        QTest::newRow("query kept")
            << QStringLiteral("GET") << QStringLiteral("/delay?ms=1") << 200;
    }

    void statuses()
    {
        QFETCH(QString, method);
        QFETCH(QString, path);
        QFETCH(int, status);
        const HttpResponse r = sb::run::httpRequest(m_base, spec(method, path), 5000);
        QCOMPARE(r.status, status);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    }

    void headersAreSent()
    {
        RequestSpec r = spec(QStringLiteral("GET"), QStringLiteral("/me"));
        const HttpResponse without = sb::run::httpRequest(m_base, r, 5000);
        QCOMPARE(without.status, 401);
        QVERIFY(without.body.contains("missing bearer token"));
        r.headers << sb::plan::Header{QStringLiteral("Authorization"),
                                      QStringLiteral("Bearer not-a-token")};
        const HttpResponse with = sb::run::httpRequest(m_base, r, 5000);
        QCOMPARE(with.status, 401);
        QVERIFY2(!with.body.contains("missing bearer token"), with.body.constData());
    }

    void connectionRefused()
    {
        const QString base = QStringLiteral("http://127.0.0.1:%1").arg(closedPort());
        const int timeoutMs = 30'000;
        QElapsedTimer t;
        t.start();
        const HttpResponse r =
            sb::run::httpRequest(base, spec(QStringLiteral("GET"), QStringLiteral("/")), timeoutMs);
        QCOMPARE(r.status, 0);
        QVERIFY2(r.error.contains(QStringLiteral("refused"), Qt::CaseInsensitive),
                 qPrintable(r.error));
        QVERIFY(r.body.isEmpty());
        // A refusal is an answer: the request did not wait for its timeout.
        QVERIFY2(t.elapsed() < timeoutMs, qPrintable(QString::number(t.elapsed())));
    }

    void timeout()
    {
        QElapsedTimer t;
        t.start();
        const HttpResponse r = sb::run::httpRequest(
            m_base, spec(QStringLiteral("GET"), QStringLiteral("/delay?ms=30000")), 300);
        const qint64 ms = t.elapsed();
        qInfo() << "timed out after" << ms << "ms";
        QCOMPARE(r.status, 0);
        QVERIFY2(r.error.contains(QStringLiteral("timed out after 300 ms")), qPrintable(r.error));
        // Cut short: not before the timeout, and not after the 30 s answer either.
        QVERIFY2(ms >= 300 && ms < 30'000, qPrintable(QString::number(ms)));
    }

    void redirectIsNotFollowed()
    {
        CannedServer server("HTTP/1.1 302 Found\r\nLocation: /elsewhere\r\nContent-Type: "
                            "text/plain\r\nContent-Length: 5\r\nConnection: close\r\n\r\nmoved");
        const HttpResponse r = sb::run::httpRequest(
            server.baseUrl(), spec(QStringLiteral("GET"), QStringLiteral("/start")), 5000);
        QCOMPARE(r.status, 302);
        QCOMPARE(r.contentType, QByteArray("text/plain"));
        QCOMPARE(r.body, QByteArray("moved"));
        QTRY_COMPARE(server.served(), 1); // the server counts after its last byte left
    }

    void bodyIsCapped()
    {
        const std::string body(3 * 1024 * 1024 + 17, 'x');
        CannedServer server("HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(body.size()) +
                            "\r\nConnection: close\r\n\r\n" + body);
        const HttpResponse r = sb::run::httpRequest(
            server.baseUrl(), spec(QStringLiteral("GET"), QStringLiteral("/big")), 10000);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body.size(), qsizetype(1024 * 1024));
        QVERIFY(r.error.isEmpty());
    }

    // A body that never ends: its first limits::kMaxProbeBodyBytes are kept, the status is
    // judged, and memory stays bounded (the probes used to keep reading it until their timeout:
    // 2.1-2.7 GB in 8 s).
    void endlessBodyIsBounded()
    {
        sb::test::EndlessServer server(
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n",
            bodyChunk());
        const QString base = QStringLiteral("http://127.0.0.1:%1").arg(server.port());
        const HttpResponse r =
            sb::run::httpRequest(base, spec(QStringLiteral("GET"), QStringLiteral("/s")), 8000);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.contentType, QByteArray("text/plain"));
        QVERIFY(r.bodyCut);
        QCOMPARE(r.body.size(), qsizetype(sb::limits::kMaxProbeBodyBytes));
        QVERIFY(r.body.count('x') == r.body.size());

        sb::plan::ReadyProbe ready;
        ready.path = QStringLiteral("/ready");
        ready.timeoutMs = 8000;
        const sb::Status s = sb::run::waitReady(base, ready, [] { return true; });
        QVERIFY2(s.ok(), s.ok() ? "" : qPrintable(sb::qtText(s.error())));
        const qint64 peak = peakRssBytes();
        qDebug() << "peak RSS" << peak / 1024 / 1024 << "MiB; the server sent"
                 << server.sentBytes() / 1024 / 1024 << "MiB";
        QVERIFY2(peak > 0 && peak < kMemoryBoundBytes, qPrintable(QString::number(peak)));
    }

    // A head that never ends is refused at limits::kMaxProbeHeadBytes, by name.
    void endlessHeadersAreBounded()
    {
        sb::test::EndlessServer server("HTTP/1.1 200 OK\r\n",
                                       "X-Filler: " + std::string(1000, 'a') + "\r\n");
        const QString base = QStringLiteral("http://127.0.0.1:%1").arg(server.port());
        const HttpResponse r =
            sb::run::httpRequest(base, spec(QStringLiteral("GET"), QStringLiteral("/h")), 30000);
        QCOMPARE(r.status, 0);
        QVERIFY2(r.error == QStringLiteral("response header larger than %1 bytes")
                                .arg(sb::limits::kMaxProbeHeadBytes),
                 qPrintable(r.error));
        QVERIFY(r.headers.isEmpty());

        sb::plan::ReadyProbe ready;
        ready.path = QStringLiteral("/ready");
        ready.timeoutMs = 30000;
        int polls = 0;
        const sb::Status s = sb::run::waitReady(base, ready, [&] { return ++polls < 3; });
        QVERIFY(!s.ok());
        QVERIFY2(sb::qtDetail(s.error()).contains(QStringLiteral("response header larger than")),
                 qPrintable(sb::qtDetail(s.error())));
        const qint64 peak = peakRssBytes();
        QVERIFY2(peak > 0 && peak < kMemoryBoundBytes, qPrintable(QString::number(peak)));
    }

    // A 1 MB header is a 200 to the load engine (llhttp): the probes judge it alike (the ready
    // probe used to say "timed out" of it).
    void largeHeaderAsTheLoadEngineSeesIt()
    {
        const std::string response = "HTTP/1.1 200 OK\r\nX-Big: " + std::string(1'000'000, 'b') +
                                     "\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok";
        sb::http::ResponseParser parser;
        parser.begin();
        size_t consumed = 0;
        QCOMPARE(parser.feed(response.data(), response.size(), consumed),
                 sb::http::ResponseParser::Status::Complete);
        QCOMPARE(parser.statusCode(), 200);

        CannedServer server(response);
        const HttpResponse r = sb::run::httpRequest(
            server.baseUrl(), spec(QStringLiteral("GET"), QStringLiteral("/big")), 10000);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body, QByteArray("ok"));
        QCOMPARE(r.headers.size(), 3);
        QCOMPARE(r.headers.first().first, QByteArray("X-Big"));
        QCOMPARE(r.headers.first().second.size(), qsizetype(1'000'000));

        sb::plan::ReadyProbe ready;
        ready.path = QStringLiteral("/health");
        ready.timeoutMs = 10000;
        const sb::Status s = sb::run::waitReady(server.baseUrl(), ready, [] { return true; });
        QVERIFY2(s.ok(), s.ok() ? "" : qPrintable(sb::qtText(s.error())));
    }

    // 1xx interim responses are skipped; the final response's headers alone are kept.
    void interimResponseSkipped()
    {
        CannedServer server("HTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
                            "HTTP/1.1 201 Created\r\nContent-Length: 4\r\n\r\ndone");
        const HttpResponse r = sb::run::httpRequest(
            server.baseUrl(), spec(QStringLiteral("GET"), QStringLiteral("/")), 5000);
        QCOMPARE(r.status, 201);
        QCOMPARE(r.body, QByteArray("done"));
        QCOMPARE(r.headers.size(), 1);
        QCOMPARE(r.headers.first().first, QByteArray("Content-Length"));
    }

    // A body cut short by the server is no response (the load engine counts it as a read error).
    void truncatedBody()
    {
        CannedServer server("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc");
        const HttpResponse r = sb::run::httpRequest(
            server.baseUrl(), spec(QStringLiteral("GET"), QStringLiteral("/")), 5000);
        QCOMPARE(r.status, 0);
        QVERIFY2(r.error.contains(QStringLiteral("closed the connection")), qPrintable(r.error));
    }

    void notHttp()
    {
        CannedServer server("SSH-2.0-OpenSSH_9.2\r\n");
        const HttpResponse r = sb::run::httpRequest(
            server.baseUrl(), spec(QStringLiteral("GET"), QStringLiteral("/")), 5000);
        QCOMPARE(r.status, 0);
        QVERIFY(!r.error.isEmpty());
    }

    void fromThreadWithoutEventLoop()
    {
        HttpResponse r;
        std::thread worker([&] {
            r = sb::run::httpRequest(m_base, spec(QStringLiteral("GET"), QStringLiteral("/health")),
                                     5000);
        });
        worker.join();
        QCOMPARE(r.status, 200);
    }

    void waitReadySucceeds()
    {
        sb::plan::ReadyProbe ready;
        ready.path = QStringLiteral("/health");
        ready.timeoutMs = 10000;
        int calls = 0;
        const sb::Status s = sb::run::waitReady(m_base, ready, [&] {
            ++calls;
            return true;
        });
        QVERIFY2(s.ok(), s.ok() ? "" : qPrintable(sb::qtText(s.error())));
        QVERIFY(calls >= 1);
    }

    void waitReadyDied()
    {
        const QString base = QStringLiteral("http://127.0.0.1:%1").arg(closedPort());
        sb::plan::ReadyProbe ready;
        ready.path = QStringLiteral("/health");
        ready.timeoutMs = 20000;
        int calls = 0;
        QElapsedTimer t;
        t.start();
        // Alive for the first few polls, then the "server" dies.
        const sb::Status s = sb::run::waitReady(base, ready, [&] { return ++calls <= 4; });
        const qint64 ms = t.elapsed();
        QVERIFY(!s.ok());
        QCOMPARE(sb::qtCode(s.error()), QStringLiteral("run.ready-died"));
        QCOMPARE(sb::qtWhere(s.error()), base + QStringLiteral("/health"));
        QVERIFY2(sb::qtDetail(s.error()).contains(QStringLiteral("refused"), Qt::CaseInsensitive),
                 qPrintable(sb::qtDetail(s.error())));
        QCOMPARE(calls, 5);
        // Two probes (alive is asked before and after each) at 100 ms intervals; the death
        // ended the wait, not the timeout.
        QVERIFY2(ms >= 100 && ms < ready.timeoutMs, qPrintable(QString::number(ms)));
    }

    void waitReadyTimeout_data()
    {
        QTest::addColumn<bool>("closed");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("lastProbe");
        QTest::newRow("closed port")
            << true << QStringLiteral("/health") << QStringLiteral("refused");
        QTest::newRow("wrong status") << false << QStringLiteral("/users/999999")
                                      << QStringLiteral("status 404, expected 200");
        QTest::newRow("slow answer")
            << false << QStringLiteral("/delay?ms=30000") << QStringLiteral("timed out after");
    }

    void waitReadyTimeout()
    {
        QFETCH(bool, closed);
        QFETCH(QString, path);
        QFETCH(QString, lastProbe);
        const QString base =
            closed ? QStringLiteral("http://127.0.0.1:%1").arg(closedPort()) : m_base;
        sb::plan::ReadyProbe ready;
        ready.path = path;
        ready.timeoutMs = 600;
        QElapsedTimer t;
        t.start();
        // The server "dies" 20 s in: a wait that overran its 600 ms by that much ends as
        // ready-died instead of ready-timeout (and the slow answer takes 30 s).
        const sb::Status s = sb::run::waitReady(base, ready, [&t] { return t.elapsed() < 20'000; });
        const qint64 ms = t.elapsed();
        qInfo() << "gave up after" << ms << "ms";
        QVERIFY(!s.ok());
        QCOMPARE(sb::qtCode(s.error()), QStringLiteral("run.ready-timeout"));
        QVERIFY2(sb::qtDetail(s.error()).contains(lastProbe, Qt::CaseInsensitive),
                 qPrintable(sb::qtDetail(s.error())));
        QVERIFY2(ms >= 600, qPrintable(QString::number(ms)));
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<sb::test::TargetProcess> m_target;
    QString m_base;
};

QTEST_GUILESS_MAIN(TstHttpProbe)
#include "tst_httpprobe.moc"
