#include "load/h2session.h"

#include <algorithm>
#include <atomic>
#include <cctype>

namespace sb::load::detail {

namespace {

std::atomic<nghttp2_mem *> g_mem{nullptr};

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char ch) { return char(std::tolower(ch)); });
    return s;
}

} // namespace

void setH2Allocator(nghttp2_mem *mem)
{
    g_mem.store(mem);
}

nghttp2_mem *h2Allocator()
{
    return g_mem.load();
}

H2Request makeH2Request(const http::Request &request, const std::string &authority, bool tls)
{
    H2Request r;
    r.body = request.body;
    std::string host = authority;
    bool hasLength = false;
    std::vector<std::pair<std::string, std::string>> rest;
    for (const auto &[name, value] : request.headers) {
        const std::string n = lower(name);
        if (n == "host") {
            host = value;
            continue;
        }
        // Connection-specific headers have no place in HTTP/2 (RFC 9113 8.2.2).
        if (n == "connection" || n == "keep-alive" || n == "proxy-connection" ||
            n == "transfer-encoding" || n == "upgrade" || (n == "te" && lower(value) != "trailers"))
            continue;
        if (n == "content-length")
            hasLength = true;
        rest.emplace_back(n, value);
    }
    const std::string &m = request.method;
    if (!hasLength && (!request.body.empty() || m == "POST" || m == "PUT" || m == "PATCH"))
        rest.emplace_back("content-length", std::to_string(request.body.size()));
    r.strings = {":method",    m,    ":scheme", tls ? "https" : "http",
                 ":authority", host, ":path",   request.target.empty() ? "/" : request.target};
    for (auto &[n, v] : rest) {
        r.strings.push_back(n);
        r.strings.push_back(v);
    }
    for (size_t i = 0; i + 1 < r.strings.size(); i += 2) {
        nghttp2_nv nv;
        nv.name = reinterpret_cast<uint8_t *>(r.strings[i].data());
        nv.namelen = r.strings[i].size();
        nv.value = reinterpret_cast<uint8_t *>(r.strings[i + 1].data());
        nv.valuelen = r.strings[i + 1].size();
        nv.flags = NGHTTP2_NV_FLAG_NO_COPY_NAME | NGHTTP2_NV_FLAG_NO_COPY_VALUE;
        r.nv.push_back(nv);
    }
    return r;
}

} // namespace sb::load::detail
