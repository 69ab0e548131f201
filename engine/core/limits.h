#pragma once

// The bounds that every duration, rate and count is checked against before use, on the command
// line and in plans alike, so that no value can overflow a nanosecond clock or a buffer size.

#include <cstdint>

namespace sb::limits {

inline constexpr int64_t kMaxDurationMs = 86'400'000;      // 1 day: any duration
inline constexpr int64_t kMaxRequests = 1'000'000'000'000; // 10^12: a request count
inline constexpr double kMinRatePerS = 0.01;               // open loop: one request per 100 s
inline constexpr double kMaxRatePerS = 10'000'000;         // open loop: 10 M requests/s
inline constexpr int kMaxConnections = 1'000'000;          // per window, before RLIMIT_NOFILE
inline constexpr int kMaxThreads = 256;                    // load engine worker threads
inline constexpr int64_t kMinIntervalMs = 100;             // live interval / sampling interval
inline constexpr int64_t kMaxIntervalMs = 60'000;
inline constexpr int64_t kMaxPlanFileBytes = 16 * 1024 * 1024; // a plan file, or an @file body
// The name of a plan, configuration, route or parity check, characters: names head tables,
// charts and file names in every report; longer is a mistake, not a name.
inline constexpr int kMaxNameChars = 200;

// What the readiness and parity probes keep of a response (everything read from a server is
// bounded). The head (status line and headers) is refused beyond kMaxProbeHeadBytes with
// "response header larger than N bytes"; the load engine (llhttp, streaming) accepts any head
// size, so the limit is far above any real server's and the two judge real responses alike.
// Of the body the first kMaxProbeBodyBytes are kept and the connection is closed after them: the
// status is judged all the same, and an endless body costs no more memory than this.
inline constexpr int64_t kMaxProbeHeadBytes = 8 * 1024 * 1024;
inline constexpr int64_t kMaxProbeBodyBytes = 1024 * 1024;

} // namespace sb::limits
