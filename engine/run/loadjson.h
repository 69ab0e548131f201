#pragma once

#include "stats/histogram.h"

#include <QByteArray>
#include <QJsonObject>
#include <vector>

namespace sb::load {
struct Counters;
struct LoadResult;
} // namespace sb::load

// The JSON forms of the load engine's results, shared by the run store's records and the
// command line's --json output, so both name every figure the same way. Any thread.
namespace sb::run {

// Status code (as text) -> responses, for codes that occurred.
QJsonObject statusCountsJson(const load::Counters &counters);
// {connect, read, write, timeout, parse} -> count; over TLS (a handshake or a TLS failure
// happened) also {tls_handshake, tls_certificate, tls_alert, tls_no_close_notify}.
QJsonObject errorCountsJson(const load::Counters &counters);
// Every key errorCountsJson() may write, in that order.
const std::vector<const char *> &transportErrorKinds();
// The measured phase's connections: {connects, connect_us: {p50 .. stdev, count}} and over TLS
// tls: {verify (false = the insecure switch), handshakes, resumed, handshake_us: {...}, and from
// the first handshake version ("TLSv1.3"), cipher, alpn ("http/1.1", "" = none)}; times
// per connection in microseconds (connect: connect() until the socket was writable; handshake:
// from then until the TLS handshake ended).
QJsonObject connectionsJson(const load::LoadResult &result);
// What connectionsJson()'s "tls" says in one line for the environment record: "HTTP/1.1 over TLS
// 1.3, cipher TLS_AES_256_GCM_SHA384, ALPN http/1.1, certificate verified" ("HTTP/2 over ..."
// when ALPN agreed on h2; "verification off" with the insecure switch, "ALPN none" when the
// server chose no protocol; "HTTP/1.1 over TLS, no handshake finished" without one); "" over
// plain TCP.
QString tlsDescription(const QJsonObject &connections);
// {p50, p90, p99, p999, max, mean, stdev} in the histogram's unit (microseconds).
QJsonObject latencySummaryJson(const Histogram &histogram);
// Histogram::encode() bytes as a QByteArray for the store.
QByteArray encodedHistogram(const Histogram &histogram);
// The histogram stored as `bytes` (encodedHistogram()); an empty histogram when they are empty or
// not a histogram.
Histogram decodedHistogram(const QByteArray &bytes);

} // namespace sb::run
