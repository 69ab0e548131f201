#pragma once

// TLS for the load engine's tests, made by the test itself: a throwaway CA and server
// certificates from the openssl command line (valid for 127.0.0.1 and localhost, expired,
// self-signed, for another name), nginx-light serving them on free loopback ports below 32768
// with stub_status on a plain port, and a scripted TLS server (OpenSSL, one blocking thread per
// connection) for the faults nginx does not make. All stop when destroyed.

#include "testservers.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QString>
#include <QStringList>
#include <QThread>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <unistd.h>

namespace sb::test {

// A TCP port on 127.0.0.1 below 32768 that nothing listens on now (the kernel's ephemeral
// range starts above, so no connect of this machine takes it meanwhile).
inline uint16_t freeLowPort()
{
    for (int attempt = 0; attempt < 200; ++attempt) {
        const auto port = uint16_t(20000 + QRandomGenerator::global()->bounded(12000));
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(port);
        const bool free = ::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0;
        ::close(fd);
        if (free)
            return port;
    }
    return 0;
}

// Whether something accepts TCP connections on 127.0.0.1:`port`.
inline bool accepts(uint16_t port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(port);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0;
    ::close(fd);
    return ok;
}

// The CA and certificates, in `dir`: ca.pem; good, expired, other (for other.example) signed
// by the CA; self (self-signed for 127.0.0.1 and localhost); each NAME.pem and NAME.key.
class TlsCertificates
{
public:
    explicit TlsCertificates(const QString &dir)
        : m_dir(dir)
    {
        QFile cnf(path(QStringLiteral("openssl.cnf")));
        cnf.open(QIODevice::WriteOnly);
        cnf.write("[req]\ndistinguished_name = dn\nprompt = no\n"
                  "[dn]\nCN = Stackbench Test CA\n"
                  "[ca]\ndefault_ca = testca\n"
                  "[testca]\ndatabase = index.txt\nnew_certs_dir = .\nserial = serial\n"
                  "default_md = sha256\npolicy = anything\nunique_subject = no\n"
                  "[anything]\ncommonName = supplied\n"
                  "[ca_ext]\nbasicConstraints = critical,CA:TRUE\n"
                  "keyUsage = critical,keyCertSign,cRLSign\nsubjectKeyIdentifier = hash\n"
                  "[server_ext]\nbasicConstraints = CA:FALSE\n"
                  "keyUsage = critical,digitalSignature\nextendedKeyUsage = serverAuth\n"
                  "subjectAltName = IP:127.0.0.1,DNS:localhost\n"
                  "[other_ext]\nbasicConstraints = CA:FALSE\n"
                  "keyUsage = critical,digitalSignature\nextendedKeyUsage = serverAuth\n"
                  "subjectAltName = DNS:other.example\n");
        cnf.close();
        QFile(path(QStringLiteral("index.txt"))).open(QIODevice::WriteOnly);
        QFile serial(path(QStringLiteral("serial")));
        serial.open(QIODevice::WriteOnly);
        serial.write("1000\n");
        serial.close();
        const QStringList key{
            QStringLiteral("-newkey"), QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
            QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes")};
        const QString cfg = QStringLiteral("openssl.cnf");
        m_ok = run(QStringList{
                       QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-config"),
                       cfg, QStringLiteral("-extensions"), QStringLiteral("ca_ext"),
                       QStringLiteral("-days"), QStringLiteral("3"), QStringLiteral("-keyout"),
                       QStringLiteral("ca.key"), QStringLiteral("-out"), QStringLiteral("ca.pem")} +
                   key) &&
               signedBy(QStringLiteral("good"), QStringLiteral("server_ext"), {}) &&
               signedBy(QStringLiteral("expired"), QStringLiteral("server_ext"),
                        {QStringLiteral("-startdate"), QStringLiteral("20200101000000Z"),
                         QStringLiteral("-enddate"), QStringLiteral("20200201000000Z")}) &&
               signedBy(QStringLiteral("other"), QStringLiteral("other_ext"), {}) &&
               run(QStringList{QStringLiteral("req"), QStringLiteral("-x509"),
                               QStringLiteral("-config"), cfg, QStringLiteral("-extensions"),
                               QStringLiteral("server_ext"), QStringLiteral("-subj"),
                               QStringLiteral("/CN=localhost"), QStringLiteral("-days"),
                               QStringLiteral("2"), QStringLiteral("-keyout"),
                               QStringLiteral("self.key"), QStringLiteral("-out"),
                               QStringLiteral("self.pem")} +
                   key);
    }

    bool ok() const { return m_ok; }
    QString error() const { return m_error; }
    QString path(const QString &name) const { return QDir(m_dir).filePath(name); }
    QString caFile() const { return path(QStringLiteral("ca.pem")); }
    QString cert(const QString &name) const { return path(name + QStringLiteral(".pem")); }
    QString key(const QString &name) const { return path(name + QStringLiteral(".key")); }

private:
    bool run(const QStringList &args)
    {
        QProcess p;
        p.setWorkingDirectory(m_dir);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(QStringLiteral("openssl"), args);
        if (!p.waitForFinished(60'000) || p.exitStatus() != QProcess::NormalExit ||
            p.exitCode() != 0) {
            m_error = QStringLiteral("openssl %1: %2")
                          .arg(args.join(QLatin1Char(' ')),
                               QString::fromUtf8(p.readAll()) + p.errorString());
            return false;
        }
        return true;
    }

    // NAME.key and NAME.pem: a server certificate the CA signs with `extension`.
    bool signedBy(const QString &name, const QString &extension, const QStringList &dates)
    {
        const QStringList csr{
            QStringLiteral("req"),         QStringLiteral("-new"),
            QStringLiteral("-config"),     QStringLiteral("openssl.cnf"),
            QStringLiteral("-subj"),       QStringLiteral("/CN=") + name,
            QStringLiteral("-newkey"),     QStringLiteral("ec"),
            QStringLiteral("-pkeyopt"),    QStringLiteral("ec_paramgen_curve:prime256v1"),
            QStringLiteral("-nodes"),      QStringLiteral("-keyout"),
            name + QStringLiteral(".key"), QStringLiteral("-out"),
            name + QStringLiteral(".csr")};
        QStringList sign{QStringLiteral("ca"),
                         QStringLiteral("-batch"),
                         QStringLiteral("-notext"),
                         QStringLiteral("-config"),
                         QStringLiteral("openssl.cnf"),
                         QStringLiteral("-keyfile"),
                         QStringLiteral("ca.key"),
                         QStringLiteral("-cert"),
                         QStringLiteral("ca.pem"),
                         QStringLiteral("-extensions"),
                         extension,
                         QStringLiteral("-in"),
                         name + QStringLiteral(".csr"),
                         QStringLiteral("-out"),
                         name + QStringLiteral(".pem")};
        if (dates.isEmpty())
            sign << QStringLiteral("-days") << QStringLiteral("2");
        else
            sign << dates;
        return run(csr) && run(sign);
    }

    QString m_dir;
    bool m_ok = false;
    QString m_error;
};

// nginx-light as a child process (one worker), its configuration and logs in `dir`: one TLS
// server per certificate name given, each on its own free port, serving "hello" at every path,
// keep-alive (or closing after each response with `closeEach`), and stub_status on a plain
// port. port(name) is 0 when it failed to start; error() says why.
class NginxTls
{
public:
    NginxTls(const QString &dir, const TlsCertificates &certs, const QStringList &names,
             bool closeEach = false)
        : m_dir(dir)
    {
        m_stubPort = freeLowPort();
        QString servers;
        for (const QString &name : names) {
            const uint16_t port = freeLowPort();
            m_ports.append({name, port});
            servers += QStringLiteral("  server {\n"
                                      "    listen 127.0.0.1:%1 ssl backlog=1024;\n"
                                      "    ssl_certificate %2;\n"
                                      "    ssl_certificate_key %3;\n"
                                      "    location / { default_type text/plain; "
                                      "return 200 \"hello, tls\\n\"; }\n"
                                      "  }\n")
                           .arg(port)
                           .arg(certs.cert(name), certs.key(name));
        }
        const QString conf =
            QStringLiteral(
                "%1worker_processes 1;\ndaemon off;\npid %2/nginx.pid;\n"
                "error_log %2/error.log;\nevents { worker_connections 4096; }\n"
                "http {\n  access_log off;\n  keepalive_requests 100000000;\n"
                "  keepalive_timeout %3;\n  ssl_protocols TLSv1.2 TLSv1.3;\n"
                "  client_body_temp_path %2/body;\n  proxy_temp_path %2/proxy;\n"
                "  fastcgi_temp_path %2/fastcgi;\n  uwsgi_temp_path %2/uwsgi;\n"
                "  scgi_temp_path %2/scgi;\n%4"
                "  server {\n    listen 127.0.0.1:%5;\n    location = /stub { stub_status; }\n"
                "  }\n}\n")
                .arg(::geteuid() == 0 ? QStringLiteral("user root;\n") : QString(), m_dir,
                     closeEach ? QStringLiteral("0") : QStringLiteral("75s"), servers)
                .arg(m_stubPort);
        QFile f(QDir(m_dir).filePath(QStringLiteral("nginx.conf")));
        f.open(QIODevice::WriteOnly);
        f.write(conf.toUtf8());
        f.close();
        m_process.setProgram(QStringLiteral("nginx"));
        m_process.setArguments({QStringLiteral("-c"), f.fileName(), QStringLiteral("-p"), m_dir});
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
        m_process.start();
        // Up when every port accepts (polled: nginx says nothing when it is ready).
        bool up = false;
        for (int i = 0; i < 200 && !up && m_process.state() != QProcess::NotRunning; ++i) {
            up = accepts(m_stubPort);
            for (const auto &p : m_ports)
                up = up && accepts(p.second);
            if (!up)
                m_process.waitForFinished(50);
        }
        if (!up) {
            QFile log(QDir(m_dir).filePath(QStringLiteral("error.log")));
            log.open(QIODevice::ReadOnly);
            m_error = QStringLiteral("nginx did not start: ") +
                      QString::fromUtf8(m_process.readAll()) + QString::fromUtf8(log.readAll());
            m_ports.clear();
        }
    }

    ~NginxTls()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(5000))
            m_process.kill();
        m_process.waitForFinished(2000);
    }

    uint16_t port(const QString &name) const
    {
        for (const auto &p : m_ports)
            if (p.first == name)
                return p.second;
        return 0;
    }
    QString error() const { return m_error; }
    uint16_t stubPort() const { return m_stubPort; } // plain HTTP: stub_status at /stub

    // nginx's request count (stub_status), this request included; -1 when it cannot be read.
    int64_t requests() const
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(m_stubPort);
        std::string reply;
        if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0) {
            const std::string req =
                "GET /stub HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
            ::send(fd, req.data(), req.size(), MSG_NOSIGNAL);
            char buf[4096];
            ssize_t n;
            while ((n = ::recv(fd, buf, sizeof buf, 0)) > 0)
                reply.append(buf, size_t(n));
        }
        ::close(fd);
        // "... server accepts handled requests\n A H R \n"
        static const QRegularExpression re(QStringLiteral("requests\\s+\\d+\\s+\\d+\\s+(\\d+)"));
        const auto m = re.match(QString::fromStdString(reply));
        return m.hasMatch() ? m.captured(1).toLongLong() : -1;
    }

private:
    QString m_dir;
    QProcess m_process;
    uint16_t m_stubPort = 0;
    QList<std::pair<QString, uint16_t>> m_ports;
    QString m_error;
};

// nginx's request count from its stub_status at 127.0.0.1:`port`/stub, this request included;
// -1 when it cannot be read.
inline int64_t stubStatusRequests(uint16_t port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(port);
    std::string reply;
    if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0) {
        const std::string req =
            "GET /stub HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
        ::send(fd, req.data(), req.size(), MSG_NOSIGNAL);
        char buf[4096];
        ssize_t n;
        while ((n = ::recv(fd, buf, sizeof buf, 0)) > 0)
            reply.append(buf, size_t(n));
    }
    ::close(fd);
    static const QRegularExpression re(QStringLiteral("requests\\s+\\d+\\s+\\d+\\s+(\\d+)"));
    const auto m = re.match(QString::fromStdString(reply));
    return m.hasMatch() ? m.captured(1).toLongLong() : -1;
}

// nginx-light for HTTP/2 (its http2 module): servers each on a free port, named, each with
// its listen parameters ("ssl http2": h2 by ALPN; "http2": h2c with prior knowledge; "ssl":
// TLS without HTTP/2) and extra directives (http2_max_concurrent_streams, keepalive_requests),
// serving "hello" at every path with the "good" certificate; stub_status on a plain port.
class NginxH2
{
public:
    struct Server
    {
        QString name;
        QString listen; // listen parameters after the address
        QString extra;  // directives inside the server block
    };

    NginxH2(const QString &dir, const TlsCertificates &certs, const QList<Server> &servers)
        : m_dir(dir)
    {
        m_stubPort = freeLowPort();
        QString blocks;
        for (const Server &sv : servers) {
            const uint16_t port = freeLowPort();
            m_ports.append({sv.name, port});
            blocks += QStringLiteral("  server {\n    listen 127.0.0.1:%1 %2 backlog=4096;\n")
                          .arg(port)
                          .arg(sv.listen);
            if (sv.listen.contains(QStringLiteral("ssl")))
                blocks +=
                    QStringLiteral("    ssl_certificate %1;\n    ssl_certificate_key %2;\n")
                        .arg(certs.cert(QStringLiteral("good")), certs.key(QStringLiteral("good")));
            blocks += QStringLiteral("    %1\n    location / { default_type text/plain; "
                                     "return 200 \"hello, h2\\n\"; }\n  }\n")
                          .arg(sv.extra);
        }
        const QString conf =
            QStringLiteral(
                "%1worker_processes 1;\ndaemon off;\npid %2/nginx.pid;\n"
                "error_log %2/error.log;\nevents { worker_connections 8192; }\n"
                "http {\n  access_log off;\n  keepalive_requests 100000000;\n"
                "  keepalive_timeout 75s;\n  ssl_protocols TLSv1.2 TLSv1.3;\n"
                "  http2_max_concurrent_streams 1000;\n"
                "  client_body_temp_path %2/body;\n  proxy_temp_path %2/proxy;\n"
                "  fastcgi_temp_path %2/fastcgi;\n  uwsgi_temp_path %2/uwsgi;\n"
                "  scgi_temp_path %2/scgi;\n%3"
                "  server {\n    listen 127.0.0.1:%4;\n    location = /stub { stub_status; }\n"
                "  }\n}\n")
                .arg(::geteuid() == 0 ? QStringLiteral("user root;\n") : QString(), m_dir, blocks)
                .arg(m_stubPort);
        QFile f(QDir(m_dir).filePath(QStringLiteral("nginx.conf")));
        f.open(QIODevice::WriteOnly);
        f.write(conf.toUtf8());
        f.close();
        m_process.setProgram(QStringLiteral("nginx"));
        m_process.setArguments({QStringLiteral("-c"), f.fileName(), QStringLiteral("-p"), m_dir});
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
        m_process.start();
        bool up = false;
        for (int i = 0; i < 200 && !up && m_process.state() != QProcess::NotRunning; ++i) {
            up = accepts(m_stubPort);
            for (const auto &p : m_ports)
                up = up && accepts(p.second);
            if (!up)
                m_process.waitForFinished(50);
        }
        if (!up) {
            QFile log(QDir(m_dir).filePath(QStringLiteral("error.log")));
            log.open(QIODevice::ReadOnly);
            m_error = QStringLiteral("nginx did not start: ") +
                      QString::fromUtf8(m_process.readAll()) + QString::fromUtf8(log.readAll());
            m_ports.clear();
        }
    }
    ~NginxH2()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(5000))
            m_process.kill();
        m_process.waitForFinished(2000);
    }
    uint16_t port(const QString &name) const
    {
        for (const auto &p : m_ports)
            if (p.first == name)
                return p.second;
        return 0;
    }
    QString error() const { return m_error; }
    int64_t requests() const { return stubStatusRequests(m_stubPort); }

private:
    QString m_dir;
    QProcess m_process;
    uint16_t m_stubPort = 0;
    QList<std::pair<QString, uint16_t>> m_ports;
    QString m_error;
};

// A TLS server for the faults nginx does not make, one blocking thread per connection:
//   DropHandshake - reads the ClientHello and closes the connection;
//   AlertOnAlpn   - offers only ALPN "h2": OpenSSL answers the client's "http/1.1" with a fatal
//                   no_application_protocol alert;
//   NoCloseNotify - completes the handshake, reads the request, sends the head of a 100-byte
//                   response and 3 bytes of it, then closes the TCP connection without a
//                   close_notify.
class ScriptedTlsServer
{
public:
    enum class Mode
    {
        DropHandshake,
        AlertOnAlpn,
        NoCloseNotify
    };

    ScriptedTlsServer(Mode mode, const QString &cert, const QString &key)
        : m_mode(mode)
    {
        m_ctx = SSL_CTX_new(TLS_server_method());
        SSL_CTX_use_certificate_chain_file(m_ctx, cert.toLocal8Bit().constData());
        SSL_CTX_use_PrivateKey_file(m_ctx, key.toLocal8Bit().constData(), SSL_FILETYPE_PEM);
        if (mode == Mode::AlertOnAlpn)
            SSL_CTX_set_alpn_select_cb(m_ctx, &ScriptedTlsServer::selectH2Only, nullptr);
        m_listen = listenOnLoopback(128, m_port);
        m_acceptor = std::thread([this] { acceptLoop(); });
    }

    ~ScriptedTlsServer()
    {
        m_stop = true;
        ::shutdown(m_listen, SHUT_RDWR);
        m_acceptor.join();
        ::close(m_listen);
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            for (int fd : m_fds)
                ::shutdown(fd, SHUT_RDWR);
        }
        for (auto &t : m_threads)
            t.join();
        SSL_CTX_free(m_ctx);
    }

    uint16_t port() const { return m_port; }
    int64_t partialResponses() const { return m_partial.load(); } // NoCloseNotify: sent

private:
    static int selectH2Only(SSL *, const unsigned char **, unsigned char *, const unsigned char *,
                            unsigned int, void *)
    {
        return SSL_TLSEXT_ERR_ALERT_FATAL;
    }

    void acceptLoop()
    {
        while (!m_stop) {
            const int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd < 0) {
                if (errno == EINVAL)
                    return;
                continue;
            }
            std::lock_guard<std::mutex> lock(m_mutex);
            m_fds.push_back(fd);
            m_threads.emplace_back([this, fd] { serve(fd); });
        }
    }

    void serve(int fd)
    {
        // Each connection gives up after 5 s of silence: nothing here outlives the test.
        timeval tv{5, 0};
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        if (m_mode == Mode::DropHandshake) {
            char hello[4096];
            [[maybe_unused]] const ssize_t n = ::recv(fd, hello, sizeof hello, 0);
        } else {
            SSL *ssl = SSL_new(m_ctx);
            SSL_set_fd(ssl, fd);
            if (SSL_accept(ssl) == 1 && m_mode == Mode::NoCloseNotify) {
                std::string request;
                char buf[4096];
                int n;
                while (request.find("\r\n\r\n") == std::string::npos &&
                       (n = SSL_read(ssl, buf, sizeof buf)) > 0)
                    request.append(buf, size_t(n));
                const std::string partial = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc";
                if (SSL_write(ssl, partial.data(), int(partial.size())) > 0)
                    ++m_partial;
            }
            // No SSL_shutdown: the TCP connection just ends.
            SSL_set_shutdown(ssl, SSL_SENT_SHUTDOWN | SSL_RECEIVED_SHUTDOWN);
            SSL_free(ssl);
            ERR_clear_error();
        }
        ::close(fd);
        std::lock_guard<std::mutex> lock(m_mutex);
        std::erase(m_fds, fd);
    }

    Mode m_mode;
    SSL_CTX *m_ctx = nullptr;
    int m_listen = -1;
    uint16_t m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<int64_t> m_partial{0};
    std::thread m_acceptor;
    std::mutex m_mutex;
    std::vector<int> m_fds;
    std::vector<std::thread> m_threads;
};

} // namespace sb::test
