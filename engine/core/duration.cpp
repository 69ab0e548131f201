#include "core/duration.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace sb {

namespace {

std::string quoted(std::string_view text)
{
    return "\"" + std::string(text) + "\"";
}

Error syntaxError(std::string_view text, const char *expected)
{
    return Error{"value.syntax", std::string(), quoted(text) + " is not " + expected};
}

Error rangeError(std::string_view text, const std::string &bound)
{
    return Error{"value.range", std::string(), bound + ", not " + quoted(text)};
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

// Splits "1.5s" into 1.5 and "s". False when the text does not start with a finite number.
bool splitNumber(std::string_view text, double &value, std::string_view &unit)
{
    if (text.empty())
        return false;
    const char first = text.front();
    if (!(first == '-' || first == '.' || (first >= '0' && first <= '9')))
        return false; // from_chars would take "inf" and "nan"
    const auto [end, ec] =
        std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::general);
    if (ec == std::errc::result_out_of_range) {
        value = first == '-' ? -HUGE_VAL : HUGE_VAL; // "1e400": a number, and too large
    } else if (ec != std::errc()) {
        return false;
    }
    if (!std::isfinite(value) && ec != std::errc::result_out_of_range)
        return false;
    unit = text.substr(size_t(end - text.data()));
    return true;
}

// Milliseconds per unit, or 0 for an unknown unit.
double unitMs(std::string_view unit, BareUnit bare)
{
    if (unit.empty())
        return bare == BareUnit::Seconds ? 1000.0 : 1.0;
    if (unit == "ms")
        return 1.0;
    if (unit == "s")
        return 1000.0;
    if (unit == "m" || unit == "min")
        return 60'000.0;
    if (unit == "h")
        return 3'600'000.0;
    return 0;
}

const char *kDurationForm = "a duration like 500ms, 5s, 2m or 1h";

} // namespace

std::string formatDurationMs(int64_t ms)
{
    auto plural = [](int64_t n, const char *unit) {
        return std::to_string(n) + " " + unit + (n == 1 ? "" : "s");
    };
    if (ms >= 86'400'000 && ms % 86'400'000 == 0)
        return plural(ms / 86'400'000, "day");
    if (ms >= 3'600'000 && ms % 3'600'000 == 0)
        return std::to_string(ms / 3'600'000) + " h";
    if (ms >= 1000 && ms % 1000 == 0)
        return std::to_string(ms / 1000) + " s";
    if (ms >= 1000) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g s", double(ms) / 1000.0);
        return buf;
    }
    return std::to_string(ms) + " ms";
}

Result<int64_t> checkDurationMs(double ms, std::string_view text, int64_t minMs, int64_t maxMs)
{
    if (std::isnan(ms))
        return syntaxError(text, kDurationForm);
    if (ms > double(maxMs))
        return rangeError(text, "must be at most " + formatDurationMs(maxMs));
    if (ms < 0)
        return rangeError(text, "must not be negative");
    const int64_t rounded = int64_t(std::llround(ms));
    if (rounded < minMs) {
        if (minMs == 1)
            return rangeError(text, ms > 0 ? "must be at least 1 ms" : "must be above 0");
        return rangeError(text, "must be at least " + formatDurationMs(minMs));
    }
    return rounded;
}

Result<int64_t> parseDurationMs(std::string_view text, BareUnit bare, int64_t minMs, int64_t maxMs)
{
    const std::string_view t = trimmed(text);
    double value = 0;
    std::string_view unit;
    if (!splitNumber(t, value, unit))
        return syntaxError(t, kDurationForm);
    const double factor = unitMs(unit, bare);
    if (factor == 0)
        return syntaxError(t, kDurationForm);
    return checkDurationMs(value * factor, t, minMs, maxMs);
}

Result<Span> parseSpan(std::string_view text, BareUnit bare, int64_t maxMs, int64_t maxRequests)
{
    const std::string_view t = trimmed(text);
    double value = 0;
    std::string_view unit;
    if (!splitNumber(t, value, unit))
        return syntaxError(t, "a duration like 5s or a request count like 1000req");
    if (unit == "req") {
        Result<int64_t> n = parseCount(t.substr(0, t.size() - 3), 1, maxRequests);
        if (!n.ok())
            return Error{n.error().code, std::string(),
                         n.error().code == "value.syntax"
                             ? quoted(t) + " is not a whole number of requests like 1000req"
                             : "a request count " + n.error().detail};
        return Span{0, *n};
    }
    const double factor = unitMs(unit, bare);
    if (factor == 0)
        return syntaxError(t, "a duration like 5s or a request count like 1000req");
    Result<int64_t> ms = checkDurationMs(value * factor, t, 0, maxMs);
    if (!ms.ok())
        return ms.error();
    return Span{*ms, 0};
}

Result<double> checkRate(double perS, std::string_view text)
{
    if (std::isnan(perS))
        return syntaxError(text, "a rate in requests per second");
    if (perS > limits::kMaxRatePerS)
        return rangeError(text, "must be at most 10000000 requests per second");
    if (perS < limits::kMinRatePerS)
        return rangeError(text, "must be at least 0.01 requests per second");
    return perS;
}

Result<double> parseRate(std::string_view text)
{
    const std::string_view t = trimmed(text);
    double value = 0;
    std::string_view unit;
    if (!splitNumber(t, value, unit) || !(unit.empty() || unit == "/s"))
        return syntaxError(t, "a rate in requests per second like 2000");
    return checkRate(value, t);
}

Result<int64_t> parseCount(std::string_view text, int64_t min, int64_t max)
{
    const std::string_view t = trimmed(text);
    double value = 0;
    std::string_view unit;
    if (!splitNumber(t, value, unit) || !unit.empty())
        return syntaxError(t, "a whole number");
    if (value > double(max))
        return rangeError(t, "must be at most " + std::to_string(max));
    if (value < double(min))
        return rangeError(t, "must be at least " + std::to_string(min));
    if (value != std::floor(value))
        return syntaxError(t, "a whole number");
    return int64_t(value);
}

} // namespace sb
