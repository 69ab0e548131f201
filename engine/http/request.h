#pragma once

#include <string>
#include <utility>
#include <vector>

namespace sb::http {

// One request shape, encoded once and sent many times.
struct Request
{
    std::string method = "GET";
    std::string target = "/";                                 // path and query
    std::vector<std::pair<std::string, std::string>> headers; // extra headers, sent as given
    std::string body;
};

// Encodes `request` as HTTP/1.1 bytes: request line, Host (unless the request has one),
// Content-Length when there is a body or the method is POST/PUT/PATCH (unless a Content-Length
// or Transfer-Encoding header is given), "Connection: keep-alive" or "Connection: close" (unless
// a Connection header is given: the caller's header wins over `keepAlive`), the extra headers,
// blank line, body. Header names are matched case-insensitively. An empty target is sent as "/".
// Any thread; allocates (call it once per window, not per request).
std::string encodeRequest(const Request &request, const std::string &hostHeader,
                          bool keepAlive = true);

} // namespace sb::http
