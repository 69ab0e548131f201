#pragma once

#include "core/result.h"
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
    QByteArray body;                              // the body, at most 1 MiB kept
    QString error; // transport error ("connection refused", "timed out after 5000 ms")
};

// Sends one request (method, path, headers, body of `request`) to baseUrl ("http://h:p") and
// waits for the answer, at most timeoutMs. Blocking; any thread that has no running event loop
// of its own to protect (it spins a local QEventLoop). Needs a QCoreApplication.
// HTTP/1.1 only, no proxy, redirects are not followed (a 302 is returned as 302).
HttpResponse httpRequest(const QString &baseUrl, const plan::RequestSpec &request,
                         qint64 timeoutMs);

// Polls GET ready.path every 100 ms until it answers ready.status, `alive()` returns false
// (the server died: error "run.ready-died"), or ready.timeoutMs passes ("run.ready-timeout",
// detail names the last status or transport error).
sb::Status waitReady(const QString &baseUrl, const plan::ReadyProbe &ready,
                     const std::function<bool()> &alive);

} // namespace sb::run
