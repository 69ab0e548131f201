#pragma once

#include "http/request.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sb::load {

// How requests are paced.
enum class Mode
{
    Closed, // each connection sends its next request as soon as the previous response arrived
    // Requests are scheduled at a fixed total rate; latency counts from the intended time to the
    // kernel's receive time of the response's last bytes (SO_TIMESTAMPNS), so that reading it
    // may wait for the next send's wake-up
    Open
};

// TLS of a window (HTTP/1.1 over TLS; OpenSSL, TLS 1.2 or later). Plain values.
struct TlsSpec
{
    bool enabled = false; // connect with TLS (https://)
    // Verify the server's certificate chain and that it names `host` (a DNS name, or an IP
    // literal in its subjectAltName); false = the explicit insecure switch.
    bool verify = true;
    std::string caFile; // PEM file of trusted CAs; empty = the system store (default paths)
    std::string sni;    // server name sent (SNI); empty = none (the host is an IP literal)
    // The one protocol offered by ALPN; an HTTP/2 window offers "h2" alone instead, and a server
    // that does not choose it ends the window (LoadResult::aborted, Counters::h2AlpnRefused).
    std::string alpn = "http/1.1";
};

// The HTTP version a window speaks.
enum class Protocol
{
    Http1, // HTTP/1.1 (over TLS when tls.enabled, ALPN "http/1.1")
    // HTTP/2 (libnghttp2): over TLS negotiated by ALPN "h2", in clear text with prior knowledge
    // (h2c); LoadSpec::streams concurrent streams per connection
    Http2
};

// Everything one window of load needs. Plain values; copy freely.
struct LoadSpec
{
    std::string host = "127.0.0.1"; // address or name to connect to
    uint16_t port = 80;
    std::string hostHeader; // Host header value; empty = host[:port]
    http::Request request;  // the one request shape sent on every connection
    TlsSpec tls;            // TLS settings; tls.enabled = https
    Protocol protocol = Protocol::Http1;
    // HTTP/2: concurrent streams per connection (h2load's -m), 1 .. 1000, each stream one
    // request (requests, latency, -n and the rate count streams); HTTP/1.1: 1. What HTTP/2 does
    // with resets, GOAWAY and lost streams: engine/load/workerh2.cpp's head.
    int streams = 1;

    int connections = 10; // total connections, spread over the threads
    int threads = 1;      // worker threads, each with its own epoll loop
    Mode mode = Mode::Closed;
    double ratePerS = 0; // open loop: total intended requests per second

    int64_t warmupMs = 0;        // warm-up by time (requests sent in it are discarded) ...
    int64_t warmupRequests = 0;  // ... or by response count; both 0 = no warm-up
    int64_t durationMs = 10'000; // measured duration; ignored when requestLimit > 0
    int64_t requestLimit = 0;    // > 0: measure exactly this many requests instead of a duration
    int64_t timeoutMs = 180'000; // per request (and per connect); waiting is latency, not failure
    int intervalMs = 1000;       // live snapshot interval, 100 .. 60000
    // Give up when no connection could be opened for this long (every connect refused or timed
    // out): the window ends with LoadResult::aborted set. 0 = never.
    int64_t unreachableAbortMs = 5000;
    std::vector<int> cpus; // CPUs the worker threads may run on (core/cpuset.h); empty = any
};

} // namespace sb::load
