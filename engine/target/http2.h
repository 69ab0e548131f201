#pragma once

// The reference target's HTTP/2 side (targetserver.h): one nghttp2 server session per
// connection that speaks HTTP/2 (ALPN "h2" over TLS, or the client connection preface on a
// clear-text connection). The session turns frames into requests for the same router as
// HTTP/1.1 and the router's replies into HEADERS and DATA frames; only the framing differs.
// Internal to the target; the worker's thread alone uses it.
//
// Limits, as for HTTP/1.1: 128 concurrent streams per connection (SETTINGS_MAX_CONCURRENT_STREAMS),
// a header list of 64 KiB per request (SETTINGS_MAX_HEADER_LIST_SIZE; a larger one ends the
// connection with GOAWAY ENHANCE_YOUR_CALM), a request body of 1 MiB (413, as for HTTP/1.1) and
// 4 MiB of request bodies held at once per connection (413 for the stream going over).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

struct nghttp2_session;

namespace sb::target {

// One request stream: what arrived and what goes back.
struct Http2Stream
{
    int32_t id = 0;
    bool inUse = false;
    std::string method;
    std::string path;
    std::string authorization;
    std::string body;
    size_t headerBytes = 0;
    size_t bodyBytesHeld = 0; // of the session's body budget, given back when the stream closes
    int limitStatus = 0;      // 413 when the body went over the limit
    bool waiting = false;     // a delayed response is due (GET /delay)
    std::string response;     // the response body being sent
    size_t responsePos = 0;
    std::string extraHeaders; // the router's extra header lines ("Allow: GET\r\n"), kept for nva
};

// Called by the session for each complete request (END_STREAM seen).
class Http2Handler
{
public:
    virtual ~Http2Handler() = default;
    // Handles `stream` of `session`: either answers at once (Http2Session::respond) or later.
    virtual void request(class Http2Session &session, Http2Stream &stream) = 0;
};

class Http2Session
{
public:
    // A server session; `handler` must outlive it. `userTag` is handed back by tag().
    Http2Session(Http2Handler &handler, uint64_t userTag);
    ~Http2Session();
    Http2Session(const Http2Session &) = delete;
    Http2Session &operator=(const Http2Session &) = delete;

    // False when nghttp2 could not make the session (out of memory).
    bool ok() const { return m_session != nullptr; }
    uint64_t tag() const { return m_tag; }

    // Feeds received bytes. False on a connection error: GOAWAY is queued (when the session can
    // still send it) and the connection should close once output is written.
    bool receive(const char *data, size_t len);

    // Appends frames to send to `out` while out holds fewer than `maxBytes` unsent bytes
    // (out.size() - outPos). False on a fatal session error.
    bool produce(std::string &out, size_t outPos, size_t maxBytes);

    // True while the session wants to read or write (false once GOAWAY has gone both ways or a
    // fatal error ended it: then the connection closes).
    bool alive() const;

    // Answers `stream` with `status`, Content-Type application/json and `body` (copied), plus
    // `headers` (lines "Name: value\r\n", as the router gives them).
    void respond(Http2Stream &stream, int status, std::string_view body, std::string_view headers);

    // The open stream `id`, or nullptr when it has closed since.
    Http2Stream *stream(int32_t id) const;

    // Ends the session with GOAWAY (`errorCode`, an HTTP/2 error code).
    void terminate(uint32_t errorCode);

private:
    friend struct Http2Callbacks;
    Http2Stream *openStream(int32_t id);
    void closeStream(Http2Stream *s);

    Http2Handler &m_handler;
    uint64_t m_tag;
    nghttp2_session *m_session = nullptr;
    std::vector<std::unique_ptr<Http2Stream>> m_streams; // pool: in use or free, reused
    std::vector<Http2Stream *> m_free;
    size_t m_bodyBytes = 0; // request bodies held by open streams, at most 4 MiB
};

} // namespace sb::target
