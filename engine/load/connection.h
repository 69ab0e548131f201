#pragma once

// One connection of a load worker and the state of its exchange. Internal to the load engine;
// the worker's thread alone uses it.

#include "http/responseparser.h"
#include "load/h2session.h"
#include "load/tls.h"

#include <cstdint>

namespace sb::load::detail {

enum class ConnectionState : uint8_t
{
    Disconnected,
    Connecting,
    Handshaking, // TCP connected, the TLS handshake under way
    Writing,
    Reading,
    Idle,
    H2 // HTTP/2: open, its session carries the streams (Connection::h2)
};

struct Connection
{
    int fd = -1;
    ConnectionState state = ConnectionState::Disconnected;
    bool measured = false; // the outstanding request belongs to the measured phase
    bool connectedOnce = false;
    uint8_t connectFailures = 0; // consecutive failed connects: the retry pause doubles
    uint32_t written = 0;        // request bytes written so far
    int64_t sentNs = 0;          // first byte of the request written
    // When the last bytes read of the response arrived: the read's time, in open loop the
    // kernel's receive time.
    int64_t receivedNs = 0;
    int64_t intendedNs = 0;       // open loop: the scheduled send time
    int64_t deadlineNs = 0;       // timeout of the outstanding connect or request
    int64_t retryAtNs = 0;        // Disconnected: reconnect at this time
    int64_t connectStartNs = 0;   // when the outstanding connect began
    int64_t handshakeStartNs = 0; // TLS: when the handshake began (the TCP connect's end)
    SSL *ssl = nullptr;           // TLS: the connection's session, null over plain TCP
    TlsIo io;                     // TLS: what its BIO reads from and writes to
    Connection *prev = nullptr;   // deadline list (ordered by deadline)
    Connection *next = nullptr;
    bool listed = false;
    http::ResponseParser parser;
    H2Conn *h2 = nullptr; // HTTP/2: the connection's session and streams (the worker's)

    // Connected and open.
    bool established() const
    {
        return state == ConnectionState::Writing || state == ConnectionState::Reading ||
               state == ConnectionState::Idle || state == ConnectionState::H2;
    }
};

} // namespace sb::load::detail
