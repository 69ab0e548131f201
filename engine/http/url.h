#pragma once

#include "core/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace sb::http {

// A parsed http:// or https:// URL (HTTP/1.1, over TLS for https).
struct Url
{
    bool tls = false;       // the scheme is https
    std::string host;       // name or address as written; IPv6 without the brackets
    uint16_t port = 80;     // explicit port, or the scheme's default: 80 (http), 443 (https)
    std::string target;     // path plus query, at least "/"
    std::string hostHeader; // value for the Host header: host[:port], IPv6 in brackets
};

// Parses `text` ("http://127.0.0.1:8080/users/1?x=y", "https://localhost/"). Errors: code
// "url.invalid", an empty `where` (the caller names the place), and a one-line detail naming the
// offending part ("unsupported scheme 'ftp'", "port '99999' out of range", "missing host").
// Rejects whitespace, control characters and user information (never echoed: it may hold a
// password); drops a #fragment; a target starting with '?' gets a leading '/'; hostHeader omits
// the port when it is the scheme's default (80 for http, 443 for https). The one URL grammar of
// Stackbench: the command line, plans and the runner all use it. Any thread.
sb::Result<Url> parseUrl(std::string_view text);

// Whether `host` (as Url::host holds it) is an IPv4 or IPv6 literal: TLS sends no SNI for those.
bool isIpLiteral(std::string_view host);

} // namespace sb::http
