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
    if (result.tls)
        o.insert(QStringLiteral("tls"),
                 QJsonObject{{QStringLiteral("verify"), !result.tlsInsecure},
                             {QStringLiteral("handshakes"), double(t.tlsHandshakes)},
                             {QStringLiteral("resumed"), double(t.tlsResumed)},
                             {QStringLiteral("handshake_us"), timeJson(result.handshakeTime)}});
    return o;
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
