#include "target/listener.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <netinet/in.h>
#include <unistd.h>

namespace sb::target {

void ListenAddress::setPort(uint16_t port)
{
    if (family == AF_INET6)
        reinterpret_cast<sockaddr_in6 *>(&addr)->sin6_port = htons(port);
    else
        reinterpret_cast<sockaddr_in *>(&addr)->sin_port = htons(port);
}

sb::Result<ListenAddress> resolveListenAddress(const Options &options)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    addrinfo *resolved = nullptr;
    const std::string service = std::to_string(options.port);
    const int gai = ::getaddrinfo(options.host.empty() ? nullptr : options.host.c_str(),
                                  service.c_str(), &hints, &resolved);
    if (gai != 0 || !resolved)
        return sb::Error{"target.start", options.host, ::gai_strerror(gai)};
    ListenAddress a;
    a.length = resolved->ai_addrlen;
    std::memcpy(&a.addr, resolved->ai_addr, a.length);
    a.family = resolved->ai_family;
    a.host = options.host;
    a.text = options.host + ":" + service;
    ::freeaddrinfo(resolved);
    return a;
}

sb::Status probePort(ListenAddress &a)
{
    const int one = 1;
    const int probe = ::socket(a.family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (probe < 0)
        return systemError(a.text, errno);
    ::setsockopt(probe, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    const bool bound = ::bind(probe, a.get(), a.length) == 0;
    const int err = errno;
    ::close(probe);
    return bound ? sb::Status(sb::Ok{}) : sb::Status(systemError(a.text, err));
}

sb::Result<int> listenOn(ListenAddress &a, uint16_t &port, int backlog)
{
    const int one = 1;
    const int fd = ::socket(a.family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return systemError("socket", errno);
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one);
    a.setPort(port);
    if (::bind(fd, a.get(), a.length) != 0 || ::listen(fd, backlog) != 0) {
        const int err = errno;
        ::close(fd);
        return systemError(a.host + ":" + std::to_string(port), err);
    }
    if (port == 0) {
        sockaddr_storage bound{};
        socklen_t len = sizeof bound;
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&bound), &len);
        port = ntohs(a.family == AF_INET6 ? reinterpret_cast<sockaddr_in6 *>(&bound)->sin6_port
                                          : reinterpret_cast<sockaddr_in *>(&bound)->sin_port);
    }
    return fd;
}

sb::Error systemError(std::string where, int err)
{
    return sb::Error{"target.start", std::move(where), std::strerror(err)};
}

} // namespace sb::target
