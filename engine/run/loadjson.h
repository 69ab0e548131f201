#pragma once

#include "load/loadresult.h"

#include <QByteArray>
#include <QJsonObject>

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

} // namespace sb::run
