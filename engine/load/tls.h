#pragma once

// TLS under the load workers' HTTP/1.1 exchange: one OpenSSL context per window (TlsContext),
// and per connection an SSL object whose BIO makes the workers' own system calls (syscalls.h:
// MSG_NOSIGNAL sends, kernel receive times in open loop) on the connection's non-blocking
// socket. The worker drives the handshake from its edge-triggered events (every event retries
// it; WANT_READ and WANT_WRITE wait for the next edge) and calls read()/write() on the hot path.
// The transport is a layer of its own so that a later HTTP/2 session can sit on it too.
// Internal to the load engine; create() before the workers start, the rest on a worker's thread.

#include "core/result.h"
#include "load/loadspec.h"

#include <cstdint>
#include <memory>
#include <sys/types.h>

typedef struct ssl_ctx_st SSL_CTX;
typedef struct ssl_st SSL;
typedef struct ssl_session_st SSL_SESSION;
typedef struct bio_method_st BIO_METHOD;

namespace sb::load::detail {

// Why a TLS call failed, in the classes Counters keeps apart.
enum class TlsFailure : uint8_t
{
    None,          // no TLS failure: an I/O error (errno) or a protocol error counted as read/write
    Handshake,     // the handshake failed (the peer closed or reset it, no common protocol ...)
    Certificate,   // the server's certificate did not verify (chain, expiry, name)
    Alert,         // the peer sent a fatal alert
    NoCloseNotify, // the peer closed the TCP connection without a TLS close_notify
};

// The last session a worker's handshakes got from the server (a TLS 1.3 ticket or a TLS 1.2
// session), offered on its next connect for resumption. One per worker and target.
class TlsSessionSlot
{
public:
    TlsSessionSlot() = default;
    ~TlsSessionSlot();
    TlsSessionSlot(const TlsSessionSlot &) = delete;
    TlsSessionSlot &operator=(const TlsSessionSlot &) = delete;

    SSL_SESSION *session() const { return m_session; }
    void replace(SSL_SESSION *session); // takes the reference

private:
    SSL_SESSION *m_session = nullptr;
};

// What the BIO of one connection reads from and writes to.
struct TlsIo
{
    int fd = -1;
    bool stamped = false; // reads ask for the kernel's receive time (open loop)
    bool eof = false;     // a read returned 0: the peer closed the TCP connection
    int error = 0;        // errno of the last failed read or write (not EAGAIN)
    int64_t stampNs = 0;  // receive time (CLOCK_REALTIME) of the last bytes read, 0 = none
};

// The outcome of one step of a connection's TLS.
struct TlsResult
{
    ssize_t bytes = 0; // read/write: bytes > 0; 0 = clean end (close_notify) on read
    bool wouldBlock = false;
    TlsFailure failure = TlsFailure::None; // when bytes < 0 and !wouldBlock
    // The handshake failed on the server's no_application_protocol alert (it speaks none of the
    // protocols ALPN offered): an Alert failure, that HTTP/2 reports in its own class.
    bool noApplicationProtocol = false;
};

// One SSL_CTX per window: TLS 1.2 or later, ALPN, verification as the spec says, client
// session caching through TlsSessionSlot, read-ahead, partial writes.
class TlsContext
{
public:
    // Errors: "load.tls" (the CA file cannot be read, OpenSSL could not set up a context).
    static sb::Result<std::unique_ptr<TlsContext>> create(const TlsSpec &spec,
                                                          const std::string &host);
    ~TlsContext();
    TlsContext(const TlsContext &) = delete;
    TlsContext &operator=(const TlsContext &) = delete;

    // A new client SSL on `io` (its BIO), with SNI and the slot's session when there is one.
    // nullptr when OpenSSL is out of memory.
    SSL *newConnection(TlsIo &io, TlsSessionSlot &slot) const;

    bool verifies() const { return m_spec.verify; }

private:
    explicit TlsContext(const TlsSpec &spec);

    TlsSpec m_spec;
    SSL_CTX *m_ctx = nullptr;
    BIO_METHOD *m_bio = nullptr;
};

// Steps of one connection's TLS; `ssl` from TlsContext::newConnection().
namespace tls {

// Drives the client handshake: bytes = 1 when it is done.
TlsResult handshake(SSL *ssl, bool verifies);
// Whether the finished handshake resumed a session.
bool resumed(const SSL *ssl);
// What a finished handshake agreed on: the protocol version and cipher as OpenSSL names them
// (its static strings: "TLSv1.3", "TLS_AES_256_GCM_SHA384"), and the protocol the server chose
// by ALPN (empty: it chose none). No allocation.
struct Agreement
{
    const char *version = nullptr;
    const char *cipher = nullptr;
    char alpn[32] = {};
};
Agreement agreement(const SSL *ssl);
// Reads decrypted bytes.
TlsResult read(SSL *ssl, char *data, size_t len);
// Writes `len` bytes (or fewer: partial writes are on); after wouldBlock, call again with the
// same remaining bytes.
TlsResult write(SSL *ssl, const char *data, size_t len);
// Frees the connection; `notify` first sends close_notify (an orderly close of an established
// connection). Either way its session stays resumable.
void close(SSL *ssl, bool notify);
// Heap bytes of one TLS connection (SSL object and record buffers), for the resource estimate.
constexpr int64_t kBytesPerConnection = 48 * 1024;

} // namespace tls

} // namespace sb::load::detail
