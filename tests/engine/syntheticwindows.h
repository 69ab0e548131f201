#pragma once

// Stored windows with chosen figures, for the report, compare and export tests: what a run of
// the reference target would store, without running it.

#include "stats/histogram.h"
#include "store/records.h"

#include <QJsonObject>

namespace sb::testing {

// A valid window of `okPerS` 2xx/s over 10 s on `cores` cores, every latency at `latencyUs`.
inline store::WindowRecord syntheticWindow(const QString &runId, int round,
                                           const QString &configuration, const QString &route,
                                           int concurrency, double okPerS, double cores,
                                           int64_t latencyUs)
{
    store::WindowRecord w;
    w.runId = runId;
    w.round = round;
    w.configuration = configuration;
    w.route = route;
    w.concurrency = concurrency;
    w.valid = true;
    w.startedAt = QDateTime::currentDateTimeUtc();
    w.elapsedS = 10;
    w.ok = qint64(okPerS * 10);
    w.requests = w.ok;
    w.statusCounts = QJsonObject{{QStringLiteral("200"), double(w.ok)}};
    w.errors = QJsonObject{{QStringLiteral("connect"), 0},
                           {QStringLiteral("read"), 0},
                           {QStringLiteral("write"), 0},
                           {QStringLiteral("timeout"), 0},
                           {QStringLiteral("parse"), 0}};
    Histogram h;
    h.record(latencyUs, w.ok);
    const std::vector<uint8_t> bytes = h.encode();
    w.histogram = QByteArray(reinterpret_cast<const char *>(bytes.data()), qsizetype(bytes.size()));
    const double l = double(latencyUs);
    w.latencyUs = QJsonObject{{QStringLiteral("p50"), l},
                              {QStringLiteral("p90"), l},
                              {QStringLiteral("p99"), l},
                              {QStringLiteral("p999"), l},
                              {QStringLiteral("max"), l}};
    w.serverCpuS = cores * 10;
    w.serverCoresMean = cores;
    w.generatorPctMean = 30;
    w.foreignPctMean = 5;
    w.gates =
        QJsonObject{{QStringLiteral("client_bound"), QJsonObject{{QStringLiteral("threads"), 2}}},
                    {QStringLiteral("foreign_cpu"), QJsonObject{{QStringLiteral("passed"), true}}}};
    return w;
}

} // namespace sb::testing
