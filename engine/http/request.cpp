#include "request.h"

#include "http/ascii.h"

namespace sb::http {

namespace {

bool hasHeader(const Request &request, const char *name)
{
    for (const auto &header : request.headers) {
        if (equalsIgnoringCase(header.first, name))
            return true;
    }
    return false;
}

} // namespace

std::string encodeRequest(const Request &request, const std::string &hostHeader, bool keepAlive)
{
    std::string out;
    out.reserve(128 + request.target.size() + request.body.size());
    out += request.method;
    out += ' ';
    out += request.target.empty() ? std::string("/") : request.target;
    out += " HTTP/1.1\r\n";
    if (!hasHeader(request, "Host")) {
        out += "Host: ";
        out += hostHeader;
        out += "\r\n";
    }
    const bool bodyMethod =
        request.method == "POST" || request.method == "PUT" || request.method == "PATCH";
    if ((!request.body.empty() || bodyMethod) && !hasHeader(request, "Content-Length") &&
        !hasHeader(request, "Transfer-Encoding")) {
        out += "Content-Length: ";
        out += std::to_string(request.body.size());
        out += "\r\n";
    }
    if (!hasHeader(request, "Connection"))
        out += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
    for (const auto &[name, value] : request.headers) {
        out += name;
        out += ": ";
        out += value;
        out += "\r\n";
    }
    out += "\r\n";
    out += request.body;
    return out;
}

} // namespace sb::http
