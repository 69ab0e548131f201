#pragma once

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

// Parses `text` ("http://127.0.0.1:8080/users/1?x=y"). On failure returns false and writes a
// one-line reason naming the offending part into `error` (e.g. "unsupported scheme 'https'",
// "port '99999' out of range", "missing host"). Rejects whitespace, control characters and user
// information; drops a #fragment; a target starting with '?' gets a leading '/'. `url` is only
// written on success; hostHeader omits the port when it is 80. Any thread.
bool parseUrl(std::string_view text, Url &url, std::string &error);

} // namespace sb::http
