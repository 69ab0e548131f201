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

} // namespace sb::limits
