#pragma once

#include "stats/histogram.h"

#include <QByteArray>
#include <QJsonObject>

namespace sb::load {
struct Counters;
}

// The JSON forms of the load engine's results, shared by the run store's records and the
// command line's --json output, so both name every figure the same way. Any thread.
namespace sb::run {

// Status code (as text) -> responses, for codes that occurred.
QJsonObject statusCountsJson(const load::Counters &counters);
// {connect, read, write, timeout, parse} -> count.
QJsonObject errorCountsJson(const load::Counters &counters);
// {p50, p90, p99, p999, max, mean, stdev} in the histogram's unit (microseconds).
QJsonObject latencySummaryJson(const Histogram &histogram);
// Histogram::encode() bytes as a QByteArray for the store.
QByteArray encodedHistogram(const Histogram &histogram);
// The histogram stored as `bytes` (encodedHistogram()); an empty histogram when they are empty or
// not a histogram.
Histogram decodedHistogram(const QByteArray &bytes);

} // namespace sb::run
