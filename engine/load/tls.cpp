#include "load/tls.h"

#include "http/url.h"
#include "load/syscalls.h"

#include <cerrno>
#include <cstring>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

namespace sb::load::detail {

namespace {

TlsIo *ioOf(BIO *b)
{
    return static_cast<TlsIo *>(BIO_get_data(b));
}

int bioWrite(BIO *b, const char *data, int len)
{
    TlsIo *io = ioOf(b);
    BIO_clear_retry_flags(b);
    ssize_t n;
    do {
        n = sendBytes(io->fd, data, size_t(len));
    } while (n < 0 && errno == EINTR);
    if (n >= 0)
        return int(n);
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
        BIO_set_retry_write(b);
        return -1;
    }
    io->error = errno;
    return -1;
}

int bioRead(BIO *b, char *data, int len)
{
    TlsIo *io = ioOf(b);
    BIO_clear_retry_flags(b);
    ssize_t n;
    do {
        int64_t stamp = 0;
        n = io->stamped ? receiveStamped(io->fd, data, size_t(len), stamp)
                        : receiveBytes(io->fd, data, size_t(len));
        if (stamp > 0)
            io->stampNs = stamp;
    } while (n < 0 && errno == EINTR);
    if (n > 0)
        return int(n);
    if (n == 0) {
        io->eof = true;
        return 0;
    }
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
        BIO_set_retry_read(b);
        return -1;
    }
    io->error = errno;
    return -1;
}

long bioCtrl(BIO *b, int cmd, long, void *)
{
    switch (cmd) {
    case BIO_CTRL_FLUSH:
        return 1;
    case BIO_CTRL_EOF:
        return ioOf(b)->eof ? 1 : 0;
    default:
        return 0;
    }
}

int bioCreate(BIO *b)
{
    BIO_set_init(b, 1);
    return 1;
}

int bioDestroy(BIO *)
{
    return 1;
}

// A new session from the server (TLS 1.3 tickets come after the handshake): the worker's slot
// keeps the latest.
int onNewSession(SSL *ssl, SSL_SESSION *session)
{
    auto *slot = static_cast<TlsSessionSlot *>(SSL_get_app_data(ssl));
    if (!slot)
        return 0;
    slot->replace(session);
    return 1; // the slot holds the reference
}

sb::Error tlsError(std::string detail)
{
    unsigned long e = ERR_get_error();
    if (e != 0) {
        char text[256];
        ERR_error_string_n(e, text, sizeof text);
        detail += ": ";
        detail += text;
    }
    ERR_clear_error();
    return sb::Error{"load.tls", std::string(), std::move(detail)};
}

// Why `rc` of an SSL call on `ssl` was not a success.
TlsResult failureOf(SSL *ssl, int rc, bool handshaking, bool verifies)
{
    TlsResult r;
    r.bytes = -1;
    const int e = SSL_get_error(ssl, rc);
    if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
        r.wouldBlock = true;
        return r;
    }
    if (e == SSL_ERROR_ZERO_RETURN) { // close_notify: a clean end
        r.bytes = 0;
        return r;
    }
    const unsigned long err = ERR_peek_last_error();
    const int lib = ERR_GET_LIB(err);
    const int reason = ERR_GET_REASON(err);
    ERR_clear_error();
    const TlsIo *io = ioOf(SSL_get_rbio(ssl));
    const bool sslReason = e == SSL_ERROR_SSL && lib == ERR_LIB_SSL;
    if (handshaking) {
        if ((verifies && SSL_get_verify_result(ssl) != X509_V_OK) ||
            (sslReason && reason == SSL_R_CERTIFICATE_VERIFY_FAILED))
            r.failure = TlsFailure::Certificate;
        else if (sslReason && reason >= SSL_AD_REASON_OFFSET)
            r.failure = TlsFailure::Alert;
        else
            r.failure = TlsFailure::Handshake;
        r.noApplicationProtocol = sslReason && reason == SSL_R_TLSV1_ALERT_NO_APPLICATION_PROTOCOL;
        return r;
    }
    if (io->eof &&
        (e == SSL_ERROR_SYSCALL || (sslReason && reason == SSL_R_UNEXPECTED_EOF_WHILE_READING)))
        r.failure = TlsFailure::NoCloseNotify;
    else if (sslReason && reason >= SSL_AD_REASON_OFFSET)
        r.failure = TlsFailure::Alert;
    else
        errno = io->error != 0 ? io->error : EPROTO; // counted as a read or write error
    return r;
}

} // namespace

TlsSessionSlot::~TlsSessionSlot()
{
    if (m_session)
        SSL_SESSION_free(m_session);
}

void TlsSessionSlot::replace(SSL_SESSION *session)
{
    if (m_session)
        SSL_SESSION_free(m_session);
    m_session = session;
}

TlsContext::TlsContext(const TlsSpec &spec)
    : m_spec(spec)
{}

TlsContext::~TlsContext()
{
    if (m_ctx)
        SSL_CTX_free(m_ctx);
    if (m_bio)
        BIO_meth_free(m_bio);
}

sb::Result<std::unique_ptr<TlsContext>> TlsContext::create(const TlsSpec &spec,
                                                           const std::string &host)
{
    ERR_clear_error();
    std::unique_ptr<TlsContext> t(new TlsContext(spec));
    t->m_ctx = SSL_CTX_new(TLS_client_method());
    if (!t->m_ctx)
        return tlsError("cannot create a TLS context");
    SSL_CTX *ctx = t->m_ctx;
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    // One receive usually takes a whole response: fewer system calls per request.
    SSL_CTX_set_read_ahead(ctx, 1);
    SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
    SSL_CTX_sess_set_new_cb(ctx, onNewSession);
    const std::string &alpn = spec.alpn;
    if (!alpn.empty() && alpn.size() < 256) {
        std::string wire(1, char(alpn.size()));
        wire += alpn;
        if (SSL_CTX_set_alpn_protos(ctx, reinterpret_cast<const unsigned char *>(wire.data()),
                                    unsigned(wire.size())) != 0)
            return tlsError("cannot set ALPN");
    }
    if (spec.verify) {
        if (!spec.caFile.empty()) {
            if (SSL_CTX_load_verify_locations(ctx, spec.caFile.c_str(), nullptr) != 1)
                return tlsError("cannot read CA file '" + spec.caFile + "'");
        } else if (SSL_CTX_set_default_verify_paths(ctx) != 1) {
            return tlsError("cannot load the system's CA store");
        }
        X509_VERIFY_PARAM *param = SSL_CTX_get0_param(ctx);
        X509_VERIFY_PARAM_set_hostflags(param, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
        const int named = http::isIpLiteral(host)
                              ? X509_VERIFY_PARAM_set1_ip_asc(param, host.c_str())
                              : X509_VERIFY_PARAM_set1_host(param, host.c_str(), host.size());
        if (named != 1)
            return tlsError("cannot verify certificates for '" + host + "'");
        SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, nullptr);
    } else {
        SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, nullptr);
    }
    t->m_bio = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "stackbench socket");
    if (!t->m_bio || BIO_meth_set_write(t->m_bio, bioWrite) != 1 ||
        BIO_meth_set_read(t->m_bio, bioRead) != 1 || BIO_meth_set_ctrl(t->m_bio, bioCtrl) != 1 ||
        BIO_meth_set_create(t->m_bio, bioCreate) != 1 ||
        BIO_meth_set_destroy(t->m_bio, bioDestroy) != 1)
        return tlsError("cannot create the socket BIO");
    return t;
}

SSL *TlsContext::newConnection(TlsIo &io, TlsSessionSlot &slot) const
{
    SSL *ssl = SSL_new(m_ctx);
    if (!ssl)
        return nullptr;
    BIO *bio = BIO_new(m_bio);
    if (!bio) {
        SSL_free(ssl);
        return nullptr;
    }
    BIO_set_data(bio, &io);
    SSL_set_bio(ssl, bio, bio);
    SSL_set_app_data(ssl, &slot);
    if (!m_spec.sni.empty())
        SSL_set_tlsext_host_name(ssl, m_spec.sni.c_str());
    if (SSL_SESSION *s = slot.session())
        SSL_set_session(ssl, s);
    SSL_set_connect_state(ssl);
    return ssl;
}

namespace tls {

TlsResult handshake(SSL *ssl, bool verifies)
{
    const int rc = SSL_connect(ssl);
    if (rc == 1)
        return TlsResult{1, false, TlsFailure::None};
    return failureOf(ssl, rc, true, verifies);
}

bool resumed(const SSL *ssl)
{
    return SSL_session_reused(ssl) == 1;
}

Agreement agreement(const SSL *ssl)
{
    Agreement a;
    a.version = SSL_get_version(ssl);
    a.cipher = SSL_CIPHER_get_name(SSL_get_current_cipher(ssl));
    const unsigned char *alpn = nullptr;
    unsigned int len = 0;
    SSL_get0_alpn_selected(ssl, &alpn, &len);
    if (alpn && len < sizeof a.alpn)
        std::memcpy(a.alpn, alpn, len);
    return a;
}

TlsResult read(SSL *ssl, char *data, size_t len)
{
    size_t n = 0;
    const int rc = SSL_read_ex(ssl, data, len, &n);
    if (rc == 1)
        return TlsResult{ssize_t(n), false, TlsFailure::None};
    return failureOf(ssl, rc, false, false);
}

TlsResult write(SSL *ssl, const char *data, size_t len)
{
    size_t n = 0;
    const int rc = SSL_write_ex(ssl, data, len, &n);
    if (rc == 1)
        return TlsResult{ssize_t(n), false, TlsFailure::None};
    return failureOf(ssl, rc, false, false);
}

void close(SSL *ssl, bool notify)
{
    if (notify)
        SSL_shutdown(ssl); // one close_notify record; the peer's is not awaited
    // Marked as shut down either way, so that SSL_free() keeps the session resumable.
    SSL_set_shutdown(ssl, SSL_SENT_SHUTDOWN | SSL_RECEIVED_SHUTDOWN);
    ERR_clear_error();
    SSL_free(ssl);
}

} // namespace tls

} // namespace sb::load::detail
