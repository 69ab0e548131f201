#pragma once

#include "core/result.h"
#include "http/url.h"
#include "plan/plan.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <functional>

namespace sb::run {

// A response as the parity gate and the readiness probe see it.
struct HttpResponse
{
    int status = 0;         // HTTP status; 0 when the request failed at the transport level
    QByteArray contentType; // Content-Type header value, may be empty
    QList<QPair<QByteArray, QByteArray>> headers; // every response header, in order received
    QByteArray body;      // the body (de-chunked), its first limits::kMaxProbeBodyBytes at most
    bool bodyCut = false; // the body went on beyond `body`: the rest was not read (the connection
                          // was closed instead), the status stands
    QString error; // why status is 0: "cannot connect to 127.0.0.1:8080: Connection refused",
                   // "timed out after 5000 ms", "response header larger than 8388608 bytes", ...
};

// Sends one request (method, path, headers, body of `request`) to baseUrl ("http://h:p") and
// waits for the answer, at most timeoutMs for the whole exchange. Blocking, on a socket of its
// own: any thread, no event loop or QCoreApplication needed. HTTP/1.1 with "Connection: close",
// parsed by llhttp as the load engine parses (a response the load engine counts, the probe
// judges alike), no proxy, redirects are not followed (a 302 is returned as 302). Memory is
// bounded whatever the server sends: a head (status line and headers) over
// limits::kMaxProbeHeadBytes is an error, a body is kept up to limits::kMaxProbeBodyBytes.
// Over https:// the exchange runs in TLS (OpenSSL, TLS 1.2 or later, SNI, ALPN "http/1.1") with
// the server's certificate verified as `tls` says (the system store, tls.caFile, or not at all
// when tls.insecure); a TLS failure is the error: "certificate verify failed: self-signed
// certificate", "TLS handshake failed: ...".
// With `protocol` Http2 the exchange is HTTP/2 (a blocking nghttp2 client session, one stream;
// headers in lower case as HTTP/2 carries them): over https:// ALPN offers "h2" alone ("server
// did not agree to h2 by ALPN (it chose http/1.1)" otherwise), over http:// cleartext with prior
// knowledge ("h2c prior knowledge refused: the server answered \"HTTP/1.1 400 Bad Request\"
// (HTTP/1.x)"); a reset stream or a GOAWAY before the answer is the error. Same bounds.
HttpResponse httpRequest(const QString &baseUrl, const plan::RequestSpec &request, qint64 timeoutMs,
                         const plan::TlsSettings &tls = {},
                         plan::HttpProtocol protocol = plan::HttpProtocol::Http1);

// True when something at url's host:port accepts a TCP connection (TCP only, also for
// https://: no TLS handshake) within timeoutMs (the
// connection is closed at once, unused). A listener whose backlog is full drops the handshake:
// the timeout bounds what a blocking connect would wait for minutes. Any thread.
bool acceptsConnections(const http::Url &url, qint64 timeoutMs);

// How long a start took to come up, measured by waitReady() from its call (which follows the
// server's exec).
struct ReadyTimes
{
    double acceptMs = -1; // to the first TCP connect that succeeded, ms; -1 = not measured
    double readyMs = -1;  // to the probe's answer with ready.status, ms; -1 = not ready
};

// Polls GET ready.path every 100 ms until it answers ready.status, `alive()` returns false
// (the server died: error "run.ready-died"), or ready.timeoutMs passes ("run.ready-timeout",
// detail names the last status or transport error, a TLS failure too). The probe speaks TLS
// to an https:// baseUrl, with `tls`. Any thread.
// With `times`, it measures the start as well: until a bare TCP connect to baseUrl succeeds
// it tries one every 2 ms (times->acceptMs: resolution 2 ms plus one refused connect, about
// 0.1 ms on loopback), then probes every 10 ms instead of 100 (times->readyMs: resolution 10 ms
// plus one probe's round trip). The connect is closed at once, unused: a server sees one
// connection without a request. On an error `times` keeps what was reached (-1 for the rest).
// The probe speaks `protocol` (HTTP/2 as httpRequest() does), as the configuration does.
sb::Status waitReady(const QString &baseUrl, const plan::ReadyProbe &ready,
                     const std::function<bool()> &alive, ReadyTimes *times = nullptr,
                     const plan::TlsSettings &tls = {},
                     plan::HttpProtocol protocol = plan::HttpProtocol::Http1);

} // namespace sb::run
