#pragma once

// The reference target's listening sockets (targetserver.h): the address resolved once, a probe
// that makes "port in use" an error, and one SO_REUSEPORT socket per worker. Internal to the
// target; the thread that starts the server.

#include "core/result.h"
#include "target/targetserver.h"

#include <cstdint>
#include <string>
#include <sys/socket.h>

namespace sb::target {

// The address to listen on, resolved once for every worker's socket.
struct ListenAddress
{
    sockaddr_storage addr{};
    socklen_t length = 0;
    int family = AF_INET;
    std::string host; // as given, for messages
    std::string text; // "host:port" for messages

    void setPort(uint16_t port);
    sockaddr *get() { return reinterpret_cast<sockaddr *>(&addr); }
};

// Resolves Options::host and Options::port (numeric). Errors: "target.start" naming the host.
sb::Result<ListenAddress> resolveListenAddress(const Options &options);

// Binds `a` once, plainly: SO_REUSEPORT would let the workers join another process's listener on
// a fixed port. Errors: "target.start" naming "host:port" and the reason.
sb::Status probePort(ListenAddress &a);

// A non-blocking SO_REUSEPORT socket listening on `a` at `port` with `backlog`; its port (the
// kernel's choice when `port` is 0) goes to `port`. Errors: "target.start".
sb::Result<int> listenOn(ListenAddress &a, uint16_t &port, int backlog);

// A "target.start" error at `where` with errno `err`'s text.
sb::Error systemError(std::string where, int err);

} // namespace sb::target
