#pragma once

// One client connection of a reference-target worker (targetserver.h): the request being parsed,
// the bytes held back and the responses not written yet. Internal to the target; the worker's
// thread alone uses it.

#include <cstddef>
#include <cstdint>
#include <llhttp.h>
#include <memory>
#include <string>

struct ssl_st;

namespace sb::target {

class Http2Session;

struct Connection
{
    Connection();
    ~Connection(); // frees the TLS and HTTP/2 state; the worker closes fd
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;

    int fd = -1;
    uint32_t serial = 0;

    // What the connection speaks: HTTP/1.1 (llhttp below), HTTP/2 (h2), or not known yet: a
    // clear-text connection of a server that allows HTTP/2 waits for the first bytes to tell the
    // client connection preface ("PRI * HTTP/2.0...") from an HTTP/1.1 request.
    enum class Protocol
    {
        Detect,
        Http1,
        Http2
    } protocol = Protocol::Http1;
    ssl_st *ssl = nullptr;   // TLS: the OpenSSL connection; nullptr in clear text
    bool handshaken = false; // TLS: the handshake has finished
    bool sentCloseNotify = false;
    std::unique_ptr<Http2Session> h2; // Protocol::Http2
    llhttp_t parser;

    // The request being parsed.
    std::string target;
    std::string field;
    std::string value;
    std::string authorization;
    std::string body;
    size_t headerBytes = 0;
    enum class HeaderOfInterest
    {
        None,
        Authorization,
        Expect
    } wanted = HeaderOfInterest::None;
    bool expectContinue = false;
    int limitStatus = 0; // 413/414/431 when a limit stopped the parser
    bool keepAlive = true;
    bool http10 = false;

    std::string pending; // received bytes held back while a response is delayed
    size_t pendingPos = 0;
    std::string out; // responses not yet written
    size_t outPos = 0;

    bool waiting = false;    // a delayed response is due before anything else is parsed
    bool closeAfter = false; // close once `out` is written
    bool lingering = false;  // write side shut down; discarding input until EOF
    bool eof = false;        // the peer closed its write side

    size_t unsent() const { return out.size() - outPos; }

    // Parses requests from here on: llhttp fills the request's fields through callbacks that
    // also enforce the limits (413, 414, 431 in limitStatus) and pause at each complete request.
    void startParser();
};

} // namespace sb::target
