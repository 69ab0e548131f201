#include "run/httpprobe.h"

#include "core/qterror.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QThread>
#include <QTimer>
#include <QUrl>
#include <algorithm>
#include <limits>

namespace sb::run {

namespace {

constexpr qsizetype kMaxBodyBytes = 1024 * 1024;

} // namespace

HttpResponse httpRequest(const QString &baseUrl, const plan::RequestSpec &request, qint64 timeoutMs)
{
    HttpResponse response;
    const QUrl url(baseUrl + request.path, QUrl::TolerantMode);
    if (!url.isValid() || url.host().isEmpty()) {
        response.error = QStringLiteral("invalid URL '%1'").arg(baseUrl + request.path);
        return response;
    }

    QNetworkAccessManager manager;
    // The probes talk to the server under test, never through a proxy.
    manager.setProxy(QNetworkProxy::NoProxy);
    manager.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    manager.setAutoDeleteReplies(false);

    QNetworkRequest req(url);
    req.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::ManualRedirectPolicy);
    req.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    req.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    for (const plan::Header &h : request.headers)
        req.setRawHeader(h.name.toUtf8(), h.value.toUtf8());

    const QByteArray method = request.method.toUpper().toLatin1();
    QNetworkReply *reply = nullptr;
    if (method == "GET" && !request.hasBody)
        reply = manager.get(req);
    else if (method == "HEAD" && !request.hasBody)
        reply = manager.head(req);
    else if (request.hasBody)
        reply = manager.sendCustomRequest(req, method, request.body);
    else
        reply = manager.sendCustomRequest(req, method);

    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    timer.setTimerType(Qt::PreciseTimer); // a coarse timer may fire 5% early
    bool timedOut = false;
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        timedOut = true;
        reply->abort();
        loop.quit();
    });
    // Only the first 1 MiB is kept; the rest is read and dropped so the server is not stalled.
    QObject::connect(reply, &QNetworkReply::readyRead, &loop, [&] {
        const QByteArray chunk = reply->readAll();
        const qsizetype room = kMaxBodyBytes - response.body.size();
        if (room > 0)
            response.body.append(chunk.left(room));
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    timer.start(int(std::clamp<qint64>(timeoutMs, 0, std::numeric_limits<int>::max())));
    if (!reply->isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);

    if (timedOut) {
        response.body.clear();
        response.error = QStringLiteral("timed out after %1 ms").arg(timeoutMs);
        delete reply;
        return response;
    }
    const QByteArray rest = reply->readAll();
    const qsizetype room = kMaxBodyBytes - response.body.size();
    if (room > 0)
        response.body.append(rest.left(room));
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (status.isValid() && status.toInt() > 0) {
        response.status = status.toInt();
        response.contentType = reply->rawHeader("Content-Type");
        response.headers = reply->rawHeaderPairs();
    } else {
        response.error = reply->error() == QNetworkReply::NoError
                             ? QStringLiteral("no HTTP response")
                             : reply->errorString();
        response.body.clear();
    }
    delete reply;
    return response;
}

sb::Status waitReady(const QString &baseUrl, const plan::ReadyProbe &ready,
                     const std::function<bool()> &alive)
{
    const QString where = baseUrl + ready.path;
    QElapsedTimer elapsed;
    elapsed.start();
    QString last = QStringLiteral("no answer yet");
    plan::RequestSpec probe;
    probe.method = QStringLiteral("GET");
    probe.path = ready.path;
    auto died = [&] {
        return sb::qtError(
            QStringLiteral("run.ready-died"), where,
            QStringLiteral("the server exited before it was ready (last probe: %1)").arg(last));
    };
    for (;;) {
        if (alive && !alive())
            return died();
        const qint64 remainingMs = ready.timeoutMs - elapsed.elapsed();
        if (remainingMs <= 0)
            break;
        const qint64 attemptStartMs = elapsed.elapsed();
        const HttpResponse r = httpRequest(baseUrl, probe, remainingMs);
        if (r.status == ready.status)
            return sb::Ok{};
        last = r.status != 0
                   ? QStringLiteral("status %1, expected %2").arg(r.status).arg(ready.status)
                   : r.error;
        if (alive && !alive())
            return died();
        const qint64 waitMs = std::min(100 - (elapsed.elapsed() - attemptStartMs),
                                       ready.timeoutMs - elapsed.elapsed());
        if (waitMs > 0)
            QThread::msleep(static_cast<unsigned long>(waitMs));
    }
    return sb::qtError(
        QStringLiteral("run.ready-timeout"), where,
        QStringLiteral("not ready after %1 ms (last probe: %2)").arg(ready.timeoutMs).arg(last));
}

} // namespace sb::run
