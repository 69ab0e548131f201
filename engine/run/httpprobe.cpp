#include "run/httpprobe.h"

#include "core/enginetext.h"
#include "core/limits.h"
#include "core/qterror.h"
#include "http/request.h"
#include "http/url.h"

#include <QElapsedTimer>
#include <QFile>
#include <QThread>
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <llhttp.h>
#include <netdb.h>
#include <nghttp2/nghttp2.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace sb::run {

namespace {

using Clock = std::chrono::steady_clock;

// One socket, closed when it goes out of scope, and over https its TLS session.
class Socket
{
public:
    Socket() = default;
    ~Socket()
    {
        if (m_ssl)
            SSL_free(m_ssl);
        if (m_ctx)
            SSL_CTX_free(m_ctx);
        if (m_fd >= 0)
            ::close(m_fd);
    }
    SSL *ssl() const { return m_ssl; }
    void setTls(SSL_CTX *ctx, SSL *ssl)
    {
        m_ctx = ctx;
        m_ssl = ssl;
    }
    Socket(const Socket &) = delete;
    Socket &operator=(const Socket &) = delete;
    void reset(int fd)
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = fd;
    }
    int fd() const { return m_fd; }

private:
    int m_fd = -1;
    SSL_CTX *m_ctx = nullptr;
    SSL *m_ssl = nullptr;
};

// What one exchange has parsed so far; llhttp's callbacks fill it.
struct Exchange
{
    llhttp_t parser;
    HttpResponse *out = nullptr;
    bool isHead = false;
    bool inValue = false; // the last header callback was a value: a new field starts a header
    QByteArray field;
    QByteArray value;
    int status = 0;
    bool headDone = false; // the final response's head is complete
    bool complete = false; // the whole final response was read
    bool bodyFull = false; // the body went beyond what is kept

    static Exchange *self(llhttp_t *p) { return static_cast<Exchange *>(p->data); }

    void endHeader()
    {
        if (!field.isEmpty() || !value.isEmpty())
            out->headers.append({field, value});
        field.clear();
        value.clear();
        inValue = false;
    }
    static int onHeaderField(llhttp_t *p, const char *at, size_t length)
    {
        Exchange *e = self(p);
        if (e->inValue)
            e->endHeader();
        e->field.append(at, qsizetype(length));
        return 0;
    }
    static int onHeaderValue(llhttp_t *p, const char *at, size_t length)
    {
        Exchange *e = self(p);
        e->inValue = true;
        e->value.append(at, qsizetype(length));
        return 0;
    }
    static bool interim(int status) { return status >= 100 && status < 200 && status != 101; }
    static int onHeadersComplete(llhttp_t *p)
    {
        Exchange *e = self(p);
        e->endHeader();
        const int status = p->status_code;
        if (!interim(status)) {
            e->status = status;
            e->headDone = true;
        }
        // 1 = no body follows (as http/responseparser.cpp: llhttp cannot know we sent HEAD).
        return (e->isHead || status < 200 || status == 204 || status == 304) ? 1 : 0;
    }
    static int onBody(llhttp_t *p, const char *at, size_t length)
    {
        Exchange *e = self(p);
        const qsizetype room = qsizetype(limits::kMaxProbeBodyBytes) - e->out->body.size();
        e->out->body.append(at, std::min(room, qsizetype(length)));
        if (qsizetype(length) > room) {
            e->bodyFull = true;
            return HPE_PAUSED; // nothing more is read: the status stands, the rest is dropped
        }
        return 0;
    }
    static int onMessageComplete(llhttp_t *p)
    {
        Exchange *e = self(p);
        if (interim(p->status_code)) { // 100 Continue, 103 Early Hints: the final one follows
            e->out->headers.clear();
            return 0;
        }
        e->complete = true;
        return HPE_PAUSED;
    }

    explicit Exchange(HttpResponse *response, bool head)
        : out(response)
        , isHead(head)
    {
        static const llhttp_settings_t settings = [] {
            llhttp_settings_t s;
            llhttp_settings_init(&s);
            s.on_header_field = &onHeaderField;
            s.on_header_value = &onHeaderValue;
            s.on_headers_complete = &onHeadersComplete;
            s.on_body = &onBody;
            s.on_message_complete = &onMessageComplete;
            return s;
        }();
        llhttp_init(&parser, HTTP_RESPONSE, &settings);
        parser.data = this;
    }
};

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// Milliseconds to the deadline, rounded up: a poll() for the truncated figure would wake before
// it and give up early.
qint64 msLeft(Clock::time_point deadline)
{
    return std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
}

// Waits for `events` on `fd` until the deadline: true when ready, false when the time is up.
bool waitFor(int fd, short events, Clock::time_point deadline)
{
    for (;;) {
        const qint64 left = msLeft(deadline);
        if (left <= 0)
            return false;
        pollfd p{fd, events, 0};
        const int n = ::poll(&p, 1, int(std::min<qint64>(left, 1000)));
        if (n > 0)
            return true;
        if (n < 0 && errno != EINTR)
            return true; // let the read or write report the error
    }
}

// Connects to each address of host:port in turn. Returns the socket, or -1 with `error` set
// (empty when the deadline passed).
int connectTo(const http::Url &url, Clock::time_point deadline, QString *error)
{
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_family = AF_UNSPEC;
    addrinfo *res = nullptr;
    const std::string port = std::to_string(url.port);
    const QString target = QString::fromStdString(url.hostHeader);
    if (const int rc = ::getaddrinfo(url.host.c_str(), port.c_str(), &hints, &res); rc != 0) {
        *error =
            trEngine("sb::run", "cannot resolve %1: %2")
                .arg(QString::fromStdString(url.host), QString::fromLocal8Bit(gai_strerror(rc)));
        return -1;
    }
    int connected = -1;
    for (addrinfo *a = res; a && connected < 0; a = a->ai_next) {
        const int fd = ::socket(a->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (fd < 0) {
            *error =
                trEngine("sb::run", "cannot connect to %1: %2").arg(target, systemError(errno));
            continue;
        }
        int rc = ::connect(fd, a->ai_addr, a->ai_addrlen);
        int soError = rc == 0 ? 0 : errno;
        if (rc != 0 && errno == EINPROGRESS) {
            if (!waitFor(fd, POLLOUT, deadline)) {
                ::close(fd);
                error->clear();
                break;
            }
            socklen_t len = sizeof soError;
            if (::getsockopt(fd, SOL_SOCKET, SO_ERROR, &soError, &len) != 0)
                soError = errno;
        }
        if (soError == 0) {
            connected = fd;
        } else {
            *error =
                trEngine("sb::run", "cannot connect to %1: %2").arg(target, systemError(soError));
            ::close(fd);
        }
    }
    freeaddrinfo(res);
    return connected;
}

// OpenSSL's queued errors as one line ("error:0A000086:SSL routines::certificate verify
// failed"), the queue emptied; empty when there is none.
QString opensslErrors()
{
    QString text;
    while (const unsigned long e = ERR_get_error()) {
        char buffer[256];
        ERR_error_string_n(e, buffer, sizeof buffer);
        if (!text.isEmpty())
            text += QLatin1String("; ");
        text += QString::fromLatin1(buffer);
    }
    return text;
}

// The TLS session of an https:// exchange on the connected socket: TLS 1.2 or later, SNI
// (unless the host is an IP literal), ALPN "http/1.1", the server's certificate verified
// against the system store or `tls.caFile` and the host name unless tls.insecure. The handshake
// runs to its end before the deadline (false, error empty) or fails with `error` naming why.
bool startTls(Socket &socket, const http::Url &url, const plan::TlsSettings &tls,
              plan::HttpProtocol protocol, Clock::time_point deadline, QString *error)
{
    const bool h2 = protocol == plan::HttpProtocol::Http2;
    ERR_clear_error();
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    if (!ctx) {
        *error = trEngine("sb::run", "TLS setup failed: %1").arg(opensslErrors());
        return false;
    }
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_mode(ctx, SSL_MODE_AUTO_RETRY);
    // The one protocol the configuration speaks, as the load engine offers it.
    static const unsigned char kAlpn[] = "\x08http/1.1";
    static const unsigned char kAlpnH2[] = "\x02h2";
    if (h2)
        SSL_CTX_set_alpn_protos(ctx, kAlpnH2, sizeof kAlpnH2 - 1);
    else
        SSL_CTX_set_alpn_protos(ctx, kAlpn, sizeof kAlpn - 1);
    const bool ip = http::isIpLiteral(url.host);
    if (!tls.insecure) {
        const QByteArray caFile = QFile::encodeName(tls.caFile);
        const int loaded = tls.caFile.isEmpty()
                               ? SSL_CTX_set_default_verify_paths(ctx)
                               : SSL_CTX_load_verify_locations(ctx, caFile.constData(), nullptr);
        if (loaded != 1) {
            *error = trEngine("sb::run", "cannot load the CA file %1: %2")
                         .arg(tls.caFile, opensslErrors());
            SSL_CTX_free(ctx);
            return false;
        }
        X509_VERIFY_PARAM *param = SSL_CTX_get0_param(ctx);
        X509_VERIFY_PARAM_set_hostflags(param, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
        if (ip)
            X509_VERIFY_PARAM_set1_ip_asc(param, url.host.c_str());
        else
            X509_VERIFY_PARAM_set1_host(param, url.host.c_str(), url.host.size());
        SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, nullptr);
    } else {
        SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, nullptr);
    }
    SSL *ssl = SSL_new(ctx);
    socket.setTls(ctx, ssl); // freed with the socket from here on
    if (!ssl || SSL_set_fd(ssl, socket.fd()) != 1) {
        *error = trEngine("sb::run", "TLS setup failed: %1").arg(opensslErrors());
        return false;
    }
    if (!ip)
        SSL_set_tlsext_host_name(ssl, url.host.c_str());
    SSL_set_connect_state(ssl);
    for (;;) {
        ERR_clear_error();
        errno = 0;
        const int rc = SSL_do_handshake(ssl);
        if (rc == 1 && h2) {
            const unsigned char *agreed = nullptr;
            unsigned int agreedLength = 0;
            SSL_get0_alpn_selected(ssl, &agreed, &agreedLength);
            const QByteArray chosen(reinterpret_cast<const char *>(agreed), int(agreedLength));
            if (chosen == "h2")
                return true;
            *error = trEngine("sb::run", "server did not agree to h2 by ALPN (it chose %1)")
                         .arg(chosen.isEmpty() ? trEngine("sb::run", "no protocol")
                                               : QString::fromLatin1(chosen));
            return false;
        }
        if (rc == 1)
            return true;
        const int e = SSL_get_error(ssl, rc);
        if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
            if (!waitFor(socket.fd(), e == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT, deadline)) {
                error->clear();
                return false;
            }
            continue;
        }
        const long verify = SSL_get_verify_result(ssl);
        if (!tls.insecure && verify != X509_V_OK) {
            *error = trEngine("sb::run", "certificate verify failed: %1")
                         .arg(QString::fromLatin1(X509_verify_cert_error_string(verify)));
            ERR_clear_error();
            return false;
        }
        if (h2 && ERR_GET_REASON(ERR_peek_error()) == SSL_R_TLSV1_ALERT_NO_APPLICATION_PROTOCOL) {
            *error = trEngine("sb::run", "server did not agree to h2 by ALPN (its alert: no "
                                         "application protocol)");
            ERR_clear_error();
            return false;
        }
        QString why = opensslErrors();
        if (why.isEmpty())
            why = e == SSL_ERROR_SYSCALL && errno != 0
                      ? systemError(errno)
                      : trEngine("sb::run", "the server closed the connection");
        *error = trEngine("sb::run", "TLS handshake failed: %1").arg(why);
        return false;
    }
}

// Sends or receives on the connection, over TLS when it has a session: bytes > 0, 0 at the
// end of the stream (read), -1 with errno EAGAIN and `*wantWrite` when it must wait for the
// socket, -1 with `*error` set on a failure.
ssize_t transfer(const Socket &socket, bool write, char *data, size_t len, bool *wantWrite,
                 QString *error)
{
    *wantWrite = write;
    if (!socket.ssl()) {
        const ssize_t n = write ? ::send(socket.fd(), data, len, MSG_NOSIGNAL)
                                : ::recv(socket.fd(), data, len, 0);
        if (n < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)
            *error = systemError(errno);
        return n;
    }
    ERR_clear_error();
    errno = 0;
    const int chunk = int(std::min<size_t>(len, 1 << 30));
    const int n =
        write ? SSL_write(socket.ssl(), data, chunk) : SSL_read(socket.ssl(), data, chunk);
    if (n > 0)
        return n;
    switch (SSL_get_error(socket.ssl(), n)) {
    case SSL_ERROR_WANT_READ:
    case SSL_ERROR_WANT_WRITE:
        *wantWrite = SSL_get_error(socket.ssl(), n) == SSL_ERROR_WANT_WRITE;
        errno = EAGAIN;
        return -1;
    case SSL_ERROR_ZERO_RETURN: // close_notify
        return 0;
    case SSL_ERROR_SYSCALL:
        if (errno == 0 && !write) // closed without close_notify: the end, as over TCP
            return 0;
        *error = errno != 0 ? systemError(errno) : trEngine("sb::run", "TLS connection closed");
        errno = EIO;
        return -1;
    default: {
        const QString why = opensslErrors();
        *error = trEngine("sb::run", "TLS error: %1")
                     .arg(why.isEmpty() ? trEngine("sb::run", "unknown") : why);
        errno = EIO;
        return -1;
    }
    }
}

// Sends every byte unless the peer stops reading (it may answer early: the caller reads anyway).
// False when the deadline passed.
bool sendAll(const Socket &socket, std::string bytes, Clock::time_point deadline, QString *error)
{
    size_t sent = 0;
    while (sent < bytes.size()) {
        bool wantWrite = true;
        QString why;
        const ssize_t n =
            transfer(socket, true, bytes.data() + sent, bytes.size() - sent, &wantWrite, &why);
        if (n > 0) {
            sent += size_t(n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (!waitFor(socket.fd(), wantWrite ? POLLOUT : POLLIN, deadline))
                return false;
            continue;
        }
        *error = trEngine("sb::run", "cannot send the request: %1").arg(why);
        return true;
    }
    return true;
}

http::Request encodeable(const plan::RequestSpec &request, const std::string &target)
{
    http::Request r;
    r.method = request.method.toUpper().toStdString();
    r.target = target;
    for (const plan::Header &h : request.headers)
        r.headers.emplace_back(h.name.toStdString(), h.value.toStdString());
    if (request.hasBody)
        r.body = request.body.toStdString();
    return r;
}

// Reads and parses the response into `out` until it is complete, its kept body is full, or the
// deadline passes (false).
bool readResponse(const Socket &socket, Exchange &ex, Clock::time_point deadline,
                  QString *sendError)
{
    HttpResponse &out = *ex.out;
    qint64 headBytes = 0;
    char buffer[64 * 1024];
    short events = POLLIN;
    for (;;) {
        // Bytes OpenSSL already holds are read without waiting for the socket.
        if (!(socket.ssl() && SSL_has_pending(socket.ssl())) &&
            !waitFor(socket.fd(), events, deadline))
            return false;
        bool wantWrite = false;
        QString why;
        const ssize_t n = transfer(socket, false, buffer, sizeof buffer, &wantWrite, &why);
        events = wantWrite ? POLLOUT : POLLIN;
        if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK))
            continue;
        if (n < 0) {
            out.error = trEngine("sb::run", "cannot read the response: %1").arg(why);
            return true;
        }
        if (n == 0) {
            (void)llhttp_finish(&ex.parser); // completes a body that ends with the connection
            if (!ex.complete)
                out.error = !sendError->isEmpty() && headBytes == 0
                                ? *sendError
                                : trEngine("sb::run", "the server closed the connection before the "
                                                      "response was complete");
            return true;
        }
        const bool headBefore = ex.headDone;
        const llhttp_errno_t err = llhttp_execute(&ex.parser, buffer, size_t(n));
        if (!ex.headDone && !headBefore)
            headBytes += n;
        if (err == HPE_PAUSED_UPGRADE) // 101 Switching Protocols: what follows is not HTTP
            ex.complete = true;
        if (ex.complete || ex.bodyFull)
            return true;
        if (err != HPE_OK) {
            out.error = trEngine("sb::run", "malformed HTTP response (%1: %2)")
                            .arg(QString::fromLatin1(llhttp_errno_name(err)),
                                 QString::fromLatin1(llhttp_get_error_reason(&ex.parser)));
            return true;
        }
        if (headBytes > limits::kMaxProbeHeadBytes) {
            out.error = trEngine("sb::run", "response header larger than %1 bytes")
                            .arg(limits::kMaxProbeHeadBytes);
            return true;
        }
    }
}

// One HTTP/2 request on the connected socket (over its TLS when it has a session, else
// cleartext with prior knowledge): a blocking nghttp2 client session, one stream. What is kept
// is bounded as over HTTP/1.1: the head's name and value bytes to limits::kMaxProbeHeadBytes
// (an error beyond), the body to limits::kMaxProbeBodyBytes (the rest dropped, bodyCut).
class H2Exchange
{
public:
    H2Exchange(HttpResponse *out, bool isHead, bool cleartext)
        : m_out(out)
        , m_isHead(isHead)
        , m_cleartext(cleartext)
    {
        nghttp2_session_callbacks *callbacks = nullptr;
        nghttp2_session_callbacks_new(&callbacks);
        nghttp2_session_callbacks_set_on_header_callback(callbacks, &onHeader);
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks, &onFrameRecv);
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks, &onDataChunk);
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, &onStreamClose);
        nghttp2_session_client_new(&m_session, callbacks, this);
        nghttp2_session_callbacks_del(callbacks);
    }
    ~H2Exchange()
    {
        if (m_session)
            nghttp2_session_del(m_session);
    }
    H2Exchange(const H2Exchange &) = delete;
    H2Exchange &operator=(const H2Exchange &) = delete;

    // Runs the exchange: true when it ended (answered, or failed with out->error set), false
    // when the deadline passed.
    bool run(const Socket &socket, const plan::RequestSpec &request, const http::Url &url,
             Clock::time_point deadline)
    {
        HttpResponse &out = *m_out;
        if (!m_session) {
            out.error = trEngine("sb::run", "HTTP/2 setup failed");
            return true;
        }
        const nghttp2_settings_entry settings[] = {{NGHTTP2_SETTINGS_ENABLE_PUSH, 0},
                                                   {NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, 1}};
        nghttp2_submit_settings(m_session, NGHTTP2_FLAG_NONE, settings, 2);

        // The request: the pseudo-headers, then the extra headers in lower case, without
        // those HTTP/2 forbids (connection-specific) and Host (it is :authority).
        std::vector<std::pair<std::string, std::string>> fields{
            {":method", request.method.toUpper().toStdString()},
            {":scheme", url.tls ? "https" : "http"},
            {":authority", url.hostHeader},
            {":path", url.target}};
        for (const plan::Header &h : request.headers) {
            const std::string name = h.name.toLower().toStdString();
            if (name == "host") {
                fields[2].second = h.value.toStdString();
                continue;
            }
            if (name == "connection" || name == "keep-alive" || name == "proxy-connection" ||
                name == "transfer-encoding" || name == "upgrade")
                continue;
            fields.emplace_back(name, h.value.toStdString());
        }
        if (request.hasBody && std::none_of(fields.begin(), fields.end(), [](const auto &f) {
                return f.first == "content-length";
            }))
            fields.emplace_back("content-length", std::to_string(request.body.size()));
        std::vector<nghttp2_nv> nv;
        nv.reserve(fields.size());
        for (auto &[name, value] : fields)
            nv.push_back({reinterpret_cast<uint8_t *>(name.data()),
                          reinterpret_cast<uint8_t *>(value.data()), name.size(), value.size(),
                          NGHTTP2_NV_FLAG_NONE});
        m_body = request.hasBody ? request.body : QByteArray();
        nghttp2_data_provider provider{};
        provider.source.ptr = this;
        provider.read_callback = &readBody;
        m_stream = nghttp2_submit_request(m_session, nullptr, nv.data(), nv.size(),
                                          request.hasBody ? &provider : nullptr, this);
        if (m_stream < 0) {
            out.error = trEngine("sb::run", "cannot send the request: %1")
                            .arg(QString::fromLatin1(nghttp2_strerror(m_stream)));
            return true;
        }

        char buffer[64 * 1024];
        bool anyFrame = false;
        for (;;) {
            // Everything the session has to send (the preface, SETTINGS, the request, window
            // updates, acknowledgements) goes out first.
            for (;;) {
                const uint8_t *data = nullptr;
                const ssize_t n = nghttp2_session_mem_send(m_session, &data);
                if (n < 0) {
                    out.error = trEngine("sb::run", "HTTP/2 error: %1")
                                    .arg(QString::fromLatin1(nghttp2_strerror(int(n))));
                    return true;
                }
                if (n == 0)
                    break;
                QString sendError;
                if (!sendAll(socket, std::string(reinterpret_cast<const char *>(data), size_t(n)),
                             deadline, &sendError))
                    return false;
                if (!sendError.isEmpty()) {
                    out.error =
                        m_cleartext && !anyFrame
                            ? trEngine("sb::run", "h2c prior knowledge refused: %1").arg(sendError)
                            : sendError;
                    return true;
                }
            }
            if (m_closed || m_bodyFull || !m_error.isEmpty()) {
                if (!m_error.isEmpty())
                    out.error = m_error;
                return true;
            }
            if (!(socket.ssl() && SSL_has_pending(socket.ssl())) &&
                !waitFor(socket.fd(), POLLIN, deadline))
                return false;
            bool wantWrite = false;
            QString why;
            const ssize_t n = transfer(socket, false, buffer, sizeof buffer, &wantWrite, &why);
            if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) {
                if (wantWrite && !waitFor(socket.fd(), POLLOUT, deadline))
                    return false;
                continue;
            }
            if (n < 0) {
                out.error = trEngine("sb::run", "cannot read the response: %1").arg(why);
                return true;
            }
            if (n == 0) {
                out.error =
                    m_cleartext && !anyFrame
                        ? trEngine("sb::run", "h2c prior knowledge refused: the server closed the "
                                              "connection")
                        : trEngine("sb::run", "the server closed the connection before the "
                                              "response was complete");
                return true;
            }
            // An HTTP/1.1 server answers the connection preface with a 400 of its own.
            if (!anyFrame && m_cleartext && n >= 5 && std::memcmp(buffer, "HTTP/", 5) == 0) {
                const QByteArray reply(buffer, int(n));
                const qsizetype eol = reply.indexOf('\r');
                out.error = trEngine("sb::run", "h2c prior knowledge refused: the server answered "
                                                "\"%1\" (HTTP/1.x)")
                                .arg(QString::fromLatin1(reply.left(eol < 0 ? 80 : eol)));
                return true;
            }
            anyFrame = true;
            const ssize_t used = nghttp2_session_mem_recv(
                m_session, reinterpret_cast<const uint8_t *>(buffer), size_t(n));
            if (!m_error.isEmpty()) {
                out.error = m_error;
                return true;
            }
            if (used < 0) {
                out.error = trEngine("sb::run", "HTTP/2 error: %1")
                                .arg(QString::fromLatin1(nghttp2_strerror(int(used))));
                return true;
            }
        }
    }

    int status() const { return m_status; }
    bool headDone() const { return m_headDone; }
    bool bodyFull() const { return m_bodyFull; }

private:
    static H2Exchange *self(void *p) { return static_cast<H2Exchange *>(p); }

    static ssize_t readBody(nghttp2_session *, int32_t, uint8_t *buf, size_t length,
                            uint32_t *flags, nghttp2_data_source *source, void *)
    {
        H2Exchange *e = self(source->ptr);
        const size_t left = size_t(e->m_body.size()) - e->m_bodySent;
        const size_t n = std::min(left, length);
        std::memcpy(buf, e->m_body.constData() + e->m_bodySent, n);
        e->m_bodySent += n;
        if (e->m_bodySent == size_t(e->m_body.size()))
            *flags |= NGHTTP2_DATA_FLAG_EOF;
        return ssize_t(n);
    }

    static int onHeader(nghttp2_session *, const nghttp2_frame *frame, const uint8_t *name,
                        size_t nameLength, const uint8_t *value, size_t valueLength, uint8_t,
                        void *user)
    {
        H2Exchange *e = self(user);
        if (frame->hd.stream_id != e->m_stream || frame->hd.type != NGHTTP2_HEADERS)
            return 0;
        e->m_headBytes += qint64(nameLength + valueLength);
        if (e->m_headBytes > limits::kMaxProbeHeadBytes) {
            e->m_error = trEngine("sb::run", "response header larger than %1 bytes")
                             .arg(limits::kMaxProbeHeadBytes);
            return NGHTTP2_ERR_CALLBACK_FAILURE;
        }
        const QByteArray n(reinterpret_cast<const char *>(name), qsizetype(nameLength));
        const QByteArray v(reinterpret_cast<const char *>(value), qsizetype(valueLength));
        if (n == ":status") {
            e->m_pendingStatus = v.toInt();
            return 0;
        }
        if (e->m_headDone) // trailers: not kept
            return 0;
        e->m_out->headers.append({n, v});
        return 0;
    }

    static int onFrameRecv(nghttp2_session *, const nghttp2_frame *frame, void *user)
    {
        H2Exchange *e = self(user);
        if (frame->hd.type == NGHTTP2_HEADERS && frame->hd.stream_id == e->m_stream &&
            !e->m_headDone) {
            const int status = e->m_pendingStatus;
            if (status >= 100 && status < 200) { // 100 Continue, 103 Early Hints
                e->m_out->headers.clear();
            } else {
                e->m_status = status;
                e->m_headDone = true;
            }
        }
        if (frame->hd.type == NGHTTP2_GOAWAY && !e->m_closed &&
            frame->goaway.last_stream_id < e->m_stream)
            e->m_error =
                trEngine("sb::run", "the server sent GOAWAY (%1) before answering")
                    .arg(QString::fromLatin1(nghttp2_http2_strerror(frame->goaway.error_code)));
        return 0;
    }

    static int onDataChunk(nghttp2_session *, uint8_t, int32_t stream, const uint8_t *data,
                           size_t length, void *user)
    {
        H2Exchange *e = self(user);
        if (stream != e->m_stream || e->m_isHead)
            return 0;
        const qsizetype room = qsizetype(limits::kMaxProbeBodyBytes) - e->m_out->body.size();
        e->m_out->body.append(reinterpret_cast<const char *>(data),
                              std::min(room, qsizetype(length)));
        if (qsizetype(length) > room)
            e->m_bodyFull = true; // nothing more is read: the status stands, the rest is dropped
        return 0;
    }

    static int onStreamClose(nghttp2_session *, int32_t stream, uint32_t errorCode, void *user)
    {
        H2Exchange *e = self(user);
        if (stream != e->m_stream)
            return 0;
        e->m_closed = true;
        if (errorCode != NGHTTP2_NO_ERROR && e->m_error.isEmpty() && !e->m_bodyFull)
            e->m_error = trEngine("sb::run", "the server reset the stream (%1)")
                             .arg(QString::fromLatin1(nghttp2_http2_strerror(errorCode)));
        return 0;
    }

    HttpResponse *m_out;
    bool m_isHead;
    bool m_cleartext;
    nghttp2_session *m_session = nullptr;
    int32_t m_stream = -1;
    QByteArray m_body;
    size_t m_bodySent = 0;
    qint64 m_headBytes = 0;
    int m_pendingStatus = 0;
    int m_status = 0;
    bool m_headDone = false;
    bool m_closed = false;
    bool m_bodyFull = false;
    QString m_error;
};

} // namespace

bool acceptsConnections(const http::Url &url, qint64 timeoutMs)
{
    QString error;
    Socket socket;
    socket.reset(connectTo(url, Clock::now() + std::chrono::milliseconds(timeoutMs), &error));
    return socket.fd() >= 0;
}

HttpResponse httpRequest(const QString &baseUrl, const plan::RequestSpec &request, qint64 timeoutMs,
                         const plan::TlsSettings &tls, plan::HttpProtocol protocol)
{
    HttpResponse response;
    const Clock::time_point deadline =
        Clock::now() + std::chrono::milliseconds(std::clamp<qint64>(timeoutMs, 0, 86'400'000));
    const QString full = baseUrl + request.path;
    const sb::Result<http::Url> url = http::parseUrl(full.toStdString());
    if (!url.ok()) {
        response.error =
            trEngine("sb::run", "invalid URL '%1': %2").arg(full, sb::qtDetail(url.error()));
        return response;
    }
    const QString timedOut = trEngine("sb::run", "timed out after %1 ms").arg(timeoutMs);

    Socket socket;
    QString error;
    socket.reset(connectTo(*url, deadline, &error));
    if (socket.fd() < 0) {
        response.error = error.isEmpty() ? timedOut : error;
        return response;
    }
    if (url->tls && !startTls(socket, *url, tls, protocol, deadline, &error)) {
        response.error = error.isEmpty() ? timedOut : error;
        return response;
    }
    const bool isHead = request.method.compare(QLatin1String("HEAD"), Qt::CaseInsensitive) == 0;
    if (protocol == plan::HttpProtocol::Http2) {
        H2Exchange h2(&response, isHead, !url->tls);
        const bool answered = h2.run(socket, request, *url, deadline);
        if (!answered || !response.error.isEmpty() || !h2.headDone()) {
            if (!answered)
                response.error = timedOut;
            else if (response.error.isEmpty())
                response.error = trEngine("sb::run", "no HTTP response");
            response = HttpResponse{0, {}, {}, {}, false, response.error};
            return response;
        }
        response.status = h2.status();
        response.bodyCut = h2.bodyFull();
        for (const auto &[name, value] : std::as_const(response.headers))
            if (name.compare("Content-Type", Qt::CaseInsensitive) == 0) {
                response.contentType = value;
                break;
            }
        return response;
    }
    const std::string bytes =
        http::encodeRequest(encodeable(request, url->target), url->hostHeader, false);
    QString sendError;
    if (!sendAll(socket, bytes, deadline, &sendError)) {
        response.error = timedOut;
        return response;
    }
    Exchange ex(&response, isHead);
    const bool answered = readResponse(socket, ex, deadline, &sendError);
    if (!answered || !response.error.isEmpty() || !ex.headDone) {
        if (!answered)
            response.error = timedOut;
        else if (response.error.isEmpty())
            response.error = trEngine("sb::run", "no HTTP response");
        response.status = 0;
        response.contentType.clear();
        response.headers.clear();
        response.body.clear();
        return response;
    }
    response.status = ex.status;
    response.bodyCut = ex.bodyFull;
    for (const auto &[name, value] : std::as_const(response.headers))
        if (name.compare("Content-Type", Qt::CaseInsensitive) == 0) {
            response.contentType = value;
            break;
        }
    return response;
}

sb::Status waitReady(const QString &baseUrl, const plan::ReadyProbe &ready,
                     const std::function<bool()> &alive, ReadyTimes *times,
                     const plan::TlsSettings &tls, plan::HttpProtocol protocol)
{
    const QString where = baseUrl + ready.path;
    QElapsedTimer elapsed;
    elapsed.start();
    const auto elapsedMs = [&elapsed] { return double(elapsed.nsecsElapsed()) / 1e6; };
    QString last = trEngine("sb::run", "no answer yet");
    bool probed = false; // `last` holds a probe's answer
    plan::RequestSpec probe;
    probe.method = QStringLiteral("GET");
    probe.path = ready.path;
    // Measuring a start: the bare connects come first, then the probes at a finer period.
    const sb::Result<http::Url> url = http::parseUrl(baseUrl.toStdString());
    bool accepting = !times || !url.ok();
    const qint64 periodMs = times ? 10 : 100;
    if (times)
        *times = ReadyTimes{};
    auto died = [&] {
        return sb::qtError(
            QStringLiteral("run.ready-died"), where,
            trEngine("sb::run", "the server exited before it was ready (last probe: %1)")
                .arg(last));
    };
    for (;;) {
        if (alive && !alive())
            return died();
        const qint64 remainingMs = ready.timeoutMs - elapsed.elapsed();
        if (remainingMs <= 0)
            break;
        if (!accepting) {
            QString error;
            Socket socket;
            socket.reset(connectTo(
                *url, Clock::now() + std::chrono::milliseconds(std::min<qint64>(remainingMs, 1000)),
                &error));
            if (socket.fd() >= 0) {
                accepting = true;
                times->acceptMs = elapsedMs();
            } else {
                if (!error.isEmpty())
                    last = error;
                QThread::msleep(static_cast<unsigned long>(std::min<qint64>(2, remainingMs)));
                continue;
            }
        }
        const qint64 attemptStartMs = elapsed.elapsed();
        const HttpResponse r = httpRequest(baseUrl, probe, remainingMs, tls, protocol);
        if (r.status == ready.status) {
            if (times)
                times->readyMs = elapsedMs();
            return sb::Ok{};
        }
        // A probe cut short by the end of the wait says less than the one before it (a refused
        // certificate, h2 refused): that one stays the reason.
        const bool cutShort = r.status == 0 && elapsed.elapsed() >= ready.timeoutMs;
        if (!cutShort || !probed)
            last =
                r.status != 0
                    ? trEngine("sb::run", "status %1, expected %2").arg(r.status).arg(ready.status)
                    : r.error;
        probed = true;
        if (alive && !alive())
            return died();
        const qint64 waitMs = std::min(periodMs - (elapsed.elapsed() - attemptStartMs),
                                       ready.timeoutMs - elapsed.elapsed());
        if (waitMs > 0)
            QThread::msleep(static_cast<unsigned long>(waitMs));
    }
    return sb::qtError(QStringLiteral("run.ready-timeout"), where,
                       trEngine("sb::run", "not ready after %1 ms (last probe: %2)")
                           .arg(ready.timeoutMs)
                           .arg(last));
}

} // namespace sb::run
