#pragma once

#include "stats/histogram.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sb::load {

// The open loop's send delay (actual send time minus intended send time) is kept in ns, 1 ns
// .. 1 h, with 2 significant digits: about 37 KB of counters.
inline Histogram makeSendDelayHistogram()
{
    return Histogram(1, 3'600'000'000'000LL, 2);
}

// Plain counters, summed per interval and per window. Every field counts events of requests
// that belong to the phase (a request belongs to the phase in which it was sent).
struct Counters
{
    int64_t requests = 0;      // requests written to a socket (fully, or until the server answered)
    int64_t responses = 0;     // complete responses parsed (any status)
    int64_t ok = 0;            // responses with a 2xx status
    int64_t connectErrors = 0; // failed or refused connects (measured ones count towards -n)
    int64_t readErrors = 0;    // resets, or the peer closing before a complete response
    int64_t writeErrors = 0;   // failed writes (EPIPE, ECONNRESET)
    int64_t timeouts = 0; // requests (or connects) with no response (connection) within the timeout
    int64_t parseErrors = 0; // malformed HTTP from the server
    int64_t bytesIn = 0;     // bytes read from sockets
    int64_t bytesOut = 0;    // bytes written to sockets
    int64_t reconnects = 0;  // connections opened again after the first (close, error, timeout)
    int64_t late = 0;        // open loop: requests sent more than 1 ms after their intended time
    std::array<int64_t, 600> status{}; // responses per status code (index = code, 0..599)
    int64_t connects = 0; // TCP connects that completed (the first ones and reconnects)
    // TLS (https): completed handshakes, of them resumed ones (session resumption), and the
    // failures, each in its class, apart from the plain transport errors above.
    int64_t tlsHandshakes = 0;
    int64_t tlsResumed = 0;
    int64_t tlsHandshakeErrors = 0;   // handshake failed: the peer closed or reset it, timed out
    int64_t tlsCertificateErrors = 0; // the server's certificate did not verify
    int64_t tlsAlerts = 0;            // the peer sent a fatal alert
    int64_t tlsNoCloseNotify = 0;     // the peer closed the TCP connection mid-response without a
                                      // close_notify (a truncation: the response is lost)

    // HTTP/2: each stream is one request (requests, responses, timeouts count streams). The
    // server's resets by kind, its GOAWAYs, what they did to the streams, and flow-control stalls.
    int64_t h2Refused = 0; // streams reset with REFUSED_STREAM (not processed; an error)
    int64_t h2Resets = 0;  // streams reset with any other code (an error)
    int64_t h2Goaways = 0; // GOAWAY frames received (the connection drains, then reconnects)
    // Streams above a GOAWAY's last_stream_id: never processed by the server, so sent again on a
    // new connection (closed loop) and counted here, not as errors nor as requests' responses.
    int64_t h2GoawayRetried = 0;
    int64_t h2StreamsLost = 0;  // open streams lost with their connection (reset, close, error)
    int64_t h2ConnStalls = 0;   // sending waited for the connection's flow-control window
    int64_t h2StreamStalls = 0; // ... for a stream's flow-control window
    int64_t h2AlpnRefused = 0;  // TLS handshakes where the server did not choose "h2"
    // h2c: connections whose server answered the prior-knowledge preface with no HTTP/2 (no
    // SETTINGS frame: an HTTP/1.1 server's 400, a close)
    int64_t h2NotSpoken = 0;

    int64_t tlsErrors() const
    {
        return tlsHandshakeErrors + tlsCertificateErrors + tlsAlerts + tlsNoCloseNotify;
    }
    int64_t h2Errors() const
    {
        return h2Refused + h2Resets + h2StreamsLost + h2AlpnRefused + h2NotSpoken;
    }
    int64_t errors() const
    {
        return connectErrors + readErrors + writeErrors + timeouts + parseErrors + tlsErrors() +
               h2Errors();
    }
    void add(const Counters &o);
};

// What happened in one interval of the live view. An immutable value handed to the consumer.
struct IntervalSnapshot
{
    bool warmup = false; // true while warming up (indices restart at 0 when measuring starts)
    // The interval number within its phase (of its last interval when it covers several). An
    // interval covers several when the consumer fell behind or a worker slept through some:
    // startS..endS is then their whole span, so okPerS is never overstated. The phase's
    // intervals tile it: each starts where the one before ended.
    int index = 0;
    double startS = 0; // interval start, seconds since the phase began
    double endS = 0;   // interval end, seconds since the phase began
    Counters counts;   // counters of this interval alone
    double okPerS = 0; // 2xx per second in this interval
    int64_t p50Us = 0; // latency percentiles of responses completed in this interval, us
    int64_t p90Us = 0;
    int64_t p99Us = 0;
    int64_t maxUs = 0;
    int64_t sendDelayMaxUs = 0; // open loop: the largest send delay in this interval, us
    int inFlight = 0;           // requests outstanding when the interval closed
    bool draining = false;      // sending had stopped before the interval began: the final drain
    // The latency histogram of this interval (the percentiles above come from it), for consumers
    // that merge intervals without loss (the lane's agents); valid during the callback only.
    const Histogram *latency = nullptr;
};

// The final result of one window.
struct LoadResult
{
    bool cancelled = false; // cancel() was called; numbers cover what ran until then
    // Why the engine gave up early, or "": "target unreachable for 5 s" (no connection could be
    // opened for LoadSpec::unreachableAbortMs while none was open; sending stopped).
    std::string aborted;
    Counters warmup;     // the warm-up phase's counters (the runner fails closed on errors)
    Counters total;      // the measured phase's counters, including the drain
    double warmupS = 0;  // seconds spent warming up
    double elapsedS = 0; // measured seconds: measure start to the end of the final drain
    double drainS = 0;   // of elapsedS, seconds from the end of sending to the end of the drain
    int64_t inFlightAtEnd =
        0;             // requests outstanding when sending stopped (the drain waits for them)
    double okPerS = 0; // successful throughput = total.ok / elapsedS
    // CPU seconds of the engine's threads (workers and collector) while measuring: from the
    // start of measuring (the first connect when there is no warm-up) to the end of the drain
    // and the closing of every socket.
    double clientCpuS = 0;
    // CPU seconds of the whole process over the same span: clientCpuS plus whatever else the
    // process did meanwhile (the caller's other threads), never less than clientCpuS.
    double processCpuS = 0;
    Histogram latency;            // us; open loop: from the intended send time (corrected)
    Histogram latencyUncorrected; // us; from the actual send time (equals latency in closed loop)
    // ns; open loop: how late each measured request was written (0 when on time); empty in
    // closed loop. Counts the requests that were sent; total.late also counts those never sent.
    Histogram sendDelay = makeSendDelayHistogram();
    std::vector<int> cpusApplied; // CPUs the worker threads could run on (the union), sorted
    // Measured connects: TCP connect time (connect() to the socket writable) and, over TLS,
    // handshake time (from then to the handshake's end), us; one value per connection.
    Histogram connectTime;
    Histogram handshakeTime;
    bool http2 = false;       // the window spoke HTTP/2 (LoadSpec::protocol)
    int streams = 1;          // HTTP/2: concurrent streams per connection
    bool tls = false;         // the window spoke TLS
    bool tlsInsecure = false; // ... without verifying the server's certificate
    // What the window's first finished TLS handshake agreed on (its first worker's that
    // finished one): "TLSv1.3", "TLS_AES_256_GCM_SHA384", the ALPN protocol the server chose
    // ("http/1.1"; empty = none); all empty when no handshake finished.
    std::string tlsVersion;
    std::string tlsCipher;
    std::string tlsAlpn;
};

} // namespace sb::load
