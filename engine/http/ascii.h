#pragma once

#include <string_view>

// Case-insensitive ASCII comparisons for HTTP tokens (header names, schemes, auth schemes).
// Locale-free, allocation-free; any thread.
namespace sb::http {

constexpr char asciiLower(char c)
{
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

// a == b, ignoring ASCII case.
constexpr bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (asciiLower(a[i]) != asciiLower(b[i]))
            return false;
    return true;
}

// `text` begins with `prefix`, ignoring ASCII case.
constexpr bool startsWithIgnoringCase(std::string_view text, std::string_view prefix)
{
    return text.size() >= prefix.size() &&
           equalsIgnoringCase(text.substr(0, prefix.size()), prefix);
}

} // namespace sb::http
