#include "url.h"

#include "http/ascii.h"

#include <arpa/inet.h>
#include <charconv>
#include <netinet/in.h>

namespace sb::http {

namespace {

bool isHostNameChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '.' || c == '_';
}

bool isIpv6Char(char c)
{
    return (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || (c >= '0' && c <= '9') || c == ':' ||
           c == '.';
}

sb::Error fail(std::string message)
{
    return sb::Error{"url.invalid", std::string(), std::move(message)};
}

} // namespace

sb::Result<Url> parseUrl(std::string_view text)
{
    for (char c : text) {
        if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7F)
            return fail(c == ' ' ? "URL contains a space" : "URL contains a control character");
    }
    if (text.empty())
        return fail("empty URL");

    const size_t schemeEnd = text.find("://");
    if (schemeEnd == std::string_view::npos || schemeEnd == 0)
        return fail("missing scheme (expected http://host[:port]/path)");
    const std::string_view scheme = text.substr(0, schemeEnd);
    const bool tls = equalsIgnoringCase(scheme, "https");
    if (!tls && !equalsIgnoringCase(scheme, "http"))
        return fail("unsupported scheme '" + std::string(scheme) + "' (only http and https)");
    const uint16_t defaultPort = tls ? 443 : 80;

    std::string_view rest = text.substr(schemeEnd + 3);
    const size_t authorityEnd = rest.find_first_of("/?#");
    const std::string_view authority = rest.substr(0, authorityEnd);
    std::string_view target =
        authorityEnd == std::string_view::npos ? std::string_view() : rest.substr(authorityEnd);

    if (authority.find('@') != std::string_view::npos)
        return fail("user information (user:password@) is not supported");

    std::string_view host;
    std::string_view portText;
    bool hasPort = false;
    bool ipv6 = false;
    if (!authority.empty() && authority.front() == '[') {
        const size_t close = authority.find(']');
        if (close == std::string_view::npos)
            return fail("unterminated IPv6 address '" + std::string(authority) + "'");
        host = authority.substr(1, close - 1);
        ipv6 = true;
        const std::string_view after = authority.substr(close + 1);
        if (!after.empty()) {
            if (after.front() != ':')
                return fail("unexpected '" + std::string(after) + "' after IPv6 address");
            portText = after.substr(1);
            hasPort = true;
        }
        if (host.empty())
            return fail("missing host (empty IPv6 address)");
        if (host.find(':') == std::string_view::npos)
            return fail("invalid IPv6 address '" + std::string(host) + "'");
        for (char c : host) {
            if (!isIpv6Char(c))
                return fail("invalid IPv6 address '" + std::string(host) + "'");
        }
    } else {
        const size_t colon = authority.find(':');
        host = authority.substr(0, colon);
        if (colon != std::string_view::npos) {
            portText = authority.substr(colon + 1);
            hasPort = true;
        }
        if (host.empty())
            return fail("missing host");
        for (char c : host) {
            if (c == ':' || c == '[' || c == ']')
                return fail("invalid host '" + std::string(host) + "' (IPv6 needs [brackets])");
            if (!isHostNameChar(c))
                return fail("invalid character '" + std::string(1, c) + "' in host '" +
                            std::string(host) + "'");
        }
    }

    uint16_t port = defaultPort;
    if (hasPort) {
        if (portText.empty())
            return fail("empty port after ':'");
        unsigned long value = 0;
        for (char c : portText) {
            if (c < '0' || c > '9')
                return fail("port '" + std::string(portText) + "' is not a number");
        }
        const auto [end, ec] =
            std::from_chars(portText.data(), portText.data() + portText.size(), value);
        if (ec != std::errc() || end != portText.data() + portText.size() || value == 0 ||
            value > 65535)
            return fail("port '" + std::string(portText) + "' out of range (1..65535)");
        port = static_cast<uint16_t>(value);
    }

    // The fragment never goes on the wire.
    target = target.substr(0, target.find('#'));

    Url url;
    url.tls = tls;
    url.host = std::string(host);
    url.port = port;
    if (target.empty())
        url.target = "/";
    else if (target.front() == '?')
        url.target = "/" + std::string(target);
    else
        url.target = std::string(target);
    url.hostHeader = ipv6 ? "[" + url.host + "]" : url.host;
    if (port != defaultPort)
        url.hostHeader += ":" + std::to_string(port);
    return url;
}

bool isIpLiteral(std::string_view host)
{
    if (host.find(':') != std::string_view::npos)
        return true; // only an IPv6 address holds a colon
    in_addr v4{};
    return inet_pton(AF_INET, std::string(host).c_str(), &v4) == 1;
}

} // namespace sb::http
