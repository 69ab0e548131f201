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
    return QJsonObject{{QStringLiteral("connect"), double(counters.connectErrors)},
                       {QStringLiteral("read"), double(counters.readErrors)},
                       {QStringLiteral("write"), double(counters.writeErrors)},
                       {QStringLiteral("timeout"), double(counters.timeouts)},
                       {QStringLiteral("parse"), double(counters.parseErrors)}};
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
