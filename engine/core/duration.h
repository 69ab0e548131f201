#pragma once

// The one grammar for durations, rates and counts, shared by the command line and plans:
//   duration  a decimal number followed by ms, s, m or h ("500ms", "1.5s", "2m", "1h"), or a bare
//             number in the unit the context names (seconds for "-d 5" and "measure_s": 5);
//   span      a duration, or a request count "1000req" (warm-up, a window's length);
//   rate      requests per second, a decimal number;
//   count     a whole number.
// Numbers may have a fraction and an exponent ("1e3"); inf, nan, hex and signs other than a
// leading '-' (always out of range) are not numbers. Every value is checked against its bounds
// (core/limits.h) before it is returned, and the error says which bound: "must be at most 1 day".
//
// Errors: code "value.syntax" (not a number of the right form) or "value.range" (outside the
// bounds); `where` is empty (the caller names the option or the plan position); `detail` is one
// sentence that quotes the text. Pure functions; any thread.

#include "core/limits.h"
#include "core/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace sb {

// The unit of a bare number.
enum class BareUnit
{
    Milliseconds,
    Seconds
};

// A duration or a request count; both 0 = nothing (e.g. no warm-up).
struct Span
{
    int64_t ms = 0;       // a duration in milliseconds, or 0
    int64_t requests = 0; // a request count, or 0
    bool isRequests() const { return requests > 0; }
    bool isNone() const { return ms == 0 && requests == 0; }
};

// A duration in milliseconds within [minMs, maxMs].
Result<int64_t> parseDurationMs(std::string_view text, BareUnit bare, int64_t minMs = 0,
                                int64_t maxMs = limits::kMaxDurationMs);

// A duration within [0, maxMs] or a request count within [1, maxRequests]; "0" is none.
Result<Span> parseSpan(std::string_view text, BareUnit bare, int64_t maxMs = limits::kMaxDurationMs,
                       int64_t maxRequests = limits::kMaxRequests);

// Checks a duration that is already a number (a plan's "timeout_s": 30 is 30000 ms) against
// [minMs, maxMs], with the same messages; `text` is quoted in them ("30").
Result<int64_t> checkDurationMs(double ms, std::string_view text, int64_t minMs = 0,
                                int64_t maxMs = limits::kMaxDurationMs);

// Requests per second within [kMinRatePerS, kMaxRatePerS].
Result<double> parseRate(std::string_view text);
Result<double> checkRate(double perS, std::string_view text);

// A whole number within [min, max].
Result<int64_t> parseCount(std::string_view text, int64_t min, int64_t max);

// "1 day", "2 h", "90 s", "1.5 s", "100 ms": a bound as people say it.
std::string formatDurationMs(int64_t ms);

} // namespace sb
