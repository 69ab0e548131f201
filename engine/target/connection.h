#pragma once

// One client connection of a reference-target worker (targetserver.h): the request being parsed,
// the bytes held back and the responses not written yet. Internal to the target; the worker's
// thread alone uses it.

#include <cstddef>
#include <cstdint>
#include <llhttp.h>
#include <string>

namespace sb::target {

struct Connection
{
    int fd = -1;
    uint32_t serial = 0;
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
