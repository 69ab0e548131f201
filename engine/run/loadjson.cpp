#include "run/loadjson.h"

#include "load/loadresult.h"

namespace sb::run {

QJsonObject statusCountsJson(const load::Counters &counters)
{
    QJsonObject o;
    for (size_t code = 0; code < counters.status.size(); ++code)
        if (counters.status[code] > 0)
            o.insert(QString::number(code), double(counters.status[code]));
    return o;
}

QJsonObject errorCountsJson(const load::Counters &counters)
{
    QJsonObject o{{QStringLiteral("connect"), double(counters.connectErrors)},
                  {QStringLiteral("read"), double(counters.readErrors)},
                  {QStringLiteral("write"), double(counters.writeErrors)},
                  {QStringLiteral("timeout"), double(counters.timeouts)},
                  {QStringLiteral("parse"), double(counters.parseErrors)}};
    if (counters.tlsHandshakes > 0 || counters.tlsErrors() > 0) {
        o.insert(QStringLiteral("tls_handshake"), double(counters.tlsHandshakeErrors));
        o.insert(QStringLiteral("tls_certificate"), double(counters.tlsCertificateErrors));
        o.insert(QStringLiteral("tls_alert"), double(counters.tlsAlerts));
        o.insert(QStringLiteral("tls_no_close_notify"), double(counters.tlsNoCloseNotify));
    }
    // HTTP/2's errors by kind, when there are any (the streams' outcomes that are no response).
    if (counters.h2Errors() > 0) {
        o.insert(QStringLiteral("h2_refused"), double(counters.h2Refused));
        o.insert(QStringLiteral("h2_reset"), double(counters.h2Resets));
        o.insert(QStringLiteral("h2_streams_lost"), double(counters.h2StreamsLost));
        o.insert(QStringLiteral("h2_alpn_refused"), double(counters.h2AlpnRefused));
        o.insert(QStringLiteral("h2_not_spoken"), double(counters.h2NotSpoken));
    }
    return o;
}

const std::vector<const char *> &transportErrorKinds()
{
    static const std::vector<const char *> kinds{
        "connect",         "read",      "write",
        "timeout",         "parse",     "tls_handshake",
        "tls_certificate", "tls_alert", "tls_no_close_notify"};
    return kinds;
}

QJsonObject connectionsJson(const load::LoadResult &result)
{
    const load::Counters &t = result.total;
    auto timeJson = [](const Histogram &h) {
        QJsonObject o = latencySummaryJson(h);
        o.insert(QStringLiteral("count"), double(h.count()));
        return o;
    };
    QJsonObject o{{QStringLiteral("connects"), double(t.connects)},
                  {QStringLiteral("connect_us"), timeJson(result.connectTime)}};
    if (result.tls) {
        QJsonObject tls{{QStringLiteral("verify"), !result.tlsInsecure},
                        {QStringLiteral("handshakes"), double(t.tlsHandshakes)},
                        {QStringLiteral("resumed"), double(t.tlsResumed)},
                        {QStringLiteral("handshake_us"), timeJson(result.handshakeTime)}};
        // What the first handshake agreed on: "TLSv1.3", the cipher, the ALPN result.
        if (!result.tlsVersion.empty()) {
            tls.insert(QStringLiteral("version"), QString::fromStdString(result.tlsVersion));
            tls.insert(QStringLiteral("cipher"), QString::fromStdString(result.tlsCipher));
            tls.insert(QStringLiteral("alpn"), QString::fromStdString(result.tlsAlpn));
        }
        o.insert(QStringLiteral("tls"), tls);
    }
    // HTTP/2's events that are no errors: GOAWAYs, the streams sent again after one (above its
    // last_stream_id), flow-control stalls.
    if (result.http2)
        o.insert(QStringLiteral("h2"),
                 QJsonObject{{QStringLiteral("goaways"), double(t.h2Goaways)},
                             {QStringLiteral("goaway_retried"), double(t.h2GoawayRetried)},
                             {QStringLiteral("conn_stalls"), double(t.h2ConnStalls)},
                             {QStringLiteral("stream_stalls"), double(t.h2StreamStalls)}});
    return o;
}

QString tlsDescription(const QJsonObject &connections)
{
    const QJsonValue tlsValue = connections.value(QStringLiteral("tls"));
    if (!tlsValue.isObject())
        return QString();
    const QJsonObject tls = tlsValue.toObject();
    const QString verify = tls.value(QStringLiteral("verify")).toBool(true)
                               ? QStringLiteral("certificate verified")
                               : QStringLiteral("verification off");
    QString version = tls.value(QStringLiteral("version")).toString();
    if (version.isEmpty()) // nothing was agreed, nothing verified
        return tls.value(QStringLiteral("verify")).toBool(true)
                   ? QStringLiteral("HTTP/1.1 over TLS, no handshake finished")
                   : QStringLiteral("HTTP/1.1 over TLS, no handshake finished, verification off");
    if (version.startsWith(QLatin1String("TLSv")))
        version = QStringLiteral("TLS ") + version.mid(4); // "TLSv1.3" -> "TLS 1.3"
    const QString alpn = tls.value(QStringLiteral("alpn")).toString();
    // The protocol the connections speak is the one ALPN agreed on (h2 is only ever offered
    // alone, for an HTTP/2 window).
    return QStringLiteral("%1 over %2, cipher %3, ALPN %4, %5")
        .arg(alpn == QLatin1String("h2") ? QStringLiteral("HTTP/2") : QStringLiteral("HTTP/1.1"),
             version, tls.value(QStringLiteral("cipher")).toString(),
             alpn.isEmpty() ? QStringLiteral("none") : alpn, verify);
}

QJsonObject latencySummaryJson(const Histogram &histogram)
{
    return QJsonObject{{QStringLiteral("p50"), double(histogram.valueAtPercentile(50))},
                       {QStringLiteral("p90"), double(histogram.valueAtPercentile(90))},
                       {QStringLiteral("p99"), double(histogram.valueAtPercentile(99))},
                       {QStringLiteral("p999"), double(histogram.valueAtPercentile(99.9))},
                       {QStringLiteral("max"), double(histogram.max())},
                       {QStringLiteral("mean"), histogram.mean()},
                       {QStringLiteral("stdev"), histogram.stdev()}};
}

QByteArray encodedHistogram(const Histogram &histogram)
{
    const std::vector<uint8_t> bytes = histogram.encode();
    return QByteArray(reinterpret_cast<const char *>(bytes.data()), qsizetype(bytes.size()));
}

Histogram decodedHistogram(const QByteArray &bytes)
{
    Histogram h;
    if (!bytes.isEmpty() && !h.decode(std::vector<uint8_t>(bytes.begin(), bytes.end())))
        return Histogram();
    return h;
}

} // namespace sb::run
