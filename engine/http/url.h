#pragma once

#include "core/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace sb::http {

// A parsed http:// URL. Stackbench speaks plain HTTP/1.1 only.
struct Url
{
    std::string host;       // name or address as written; IPv6 without the brackets
    uint16_t port = 80;     // explicit port or 80
    std::string target;     // path plus query, at least "/"
    std::string hostHeader; // value for the Host header: host[:port], IPv6 in brackets
};

// Parses `text` ("http://127.0.0.1:8080/users/1?x=y"). Errors: code "url.invalid", an empty
// `where` (the caller names the place), and a one-line detail naming the offending part
// ("unsupported scheme 'https'", "port '99999' out of range", "missing host"). Rejects whitespace,
// control characters and user information (never echoed: it may hold a password); drops a
// #fragment; a target starting with '?' gets a leading '/'; hostHeader omits the port when it is
// 80. The one URL grammar of Stackbench: the command line, plans and the runner all use it.
// Any thread.
sb::Result<Url> parseUrl(std::string_view text);

} // namespace sb::http
