#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace sb::http {

// Incremental HTTP/1.x response parser on llhttp, one per connection, reused for every response
// on it. No allocation after construction; safe to use from the one thread that owns it.
//
// Usage per response: begin(isHead), then feed() bytes as they arrive until it returns
// Complete or Error; at EOF call finishEof(). Bytes after a complete response (pipelining or a
// server's extra garbage) are left unconsumed: `consumed` says how many were used.
class ResponseParser
{
public:
    enum class Status
    {
        NeedMore, // response not complete yet; feed more bytes
        Complete, // one full response parsed (1xx interim responses are skipped, not Complete)
        Error     // malformed HTTP; errorReason() says why
    };

    ResponseParser();
    ~ResponseParser();
    ResponseParser(const ResponseParser &) = delete;
    ResponseParser &operator=(const ResponseParser &) = delete;

    // Prepares for the next response. `isHead` = the request was HEAD (no body follows).
    void begin(bool isHead = false);
    // Parses up to `len` bytes. Sets `consumed` to the number of bytes used (all of them on
    // NeedMore; up to the end of the response on Complete). After Complete, a feed() without
    // begin() starts the next response as begin(false) would; after Error, feed() keeps returning
    // Error (consumed 0) until begin().
    Status feed(const char *data, size_t len, size_t &consumed);
    // The peer closed the connection: completes a close-delimited body (Complete), or reports
    // a truncated response (Error), or NeedMore when no byte of a response had arrived yet.
    Status finishEof();

    int statusCode() const;          // status of the last final response, 0 before one
    bool keepAlive() const;          // false when the connection must close after this response
    uint64_t bodyBytes() const;      // body bytes of the current/last response
    bool started() const;            // at least one byte of the current response was seen
    const char *errorReason() const; // "HPE_<NAME>: llhttp's reason" for the last Error, else ""
    // Heap bytes one parser holds (allocated by its constructor), for memory estimates.
    static size_t heapBytes();
    // keepAlive() is false after an Error and after a close-delimited body.

private:
    struct Impl;
    std::unique_ptr<Impl> m_d;
};

} // namespace sb::http
