#pragma once

// HTTP/2 under the load workers (libnghttp2): the request's header block built once per window
// (H2Request), and per connection a client session (H2Conn) with a fixed table of stream slots
// (H2Stream, LoadSpec::streams of them), all allocated before the first request. The worker
// drives the session from its edge-triggered events: bytes read from the transport (the socket,
// or TLS over it) go to nghttp2_session_mem_recv(), and what nghttp2_session_mem_send() returns
// is gathered in the connection's output buffer and written in one go. Internal to the load
// engine; the worker's thread alone uses a connection's session.

#include "http/request.h"

#include <cstdint>
#include <memory>
#include <nghttp2/nghttp2.h>
#include <string>
#include <vector>

namespace sb::load::detail {

struct Connection;

// The request as HTTP/2 headers: :method, :scheme, :authority, :path, then the other headers
// lowercased (connection-specific ones dropped, Host moved to :authority), content-length when
// there is a body; the body goes out in DATA frames. Built once per window.
struct H2Request
{
    std::vector<std::string> strings; // names and values, referenced by nv (NO_COPY)
    std::vector<nghttp2_nv> nv;
    std::string body;
};
H2Request makeH2Request(const http::Request &request, const std::string &authority, bool tls);

// One stream slot of a connection: one request and its response.
struct H2Stream
{
    int32_t id = 0;          // nghttp2's stream id; 0 = the slot is free
    bool measured = false;   // the request belongs to the measured phase
    bool done = false;       // the response ended (END_STREAM), or the stream was given up
    bool timedOut = false;   // timed out: counted, waits for its close to free the slot
    int16_t status = 0;      // :status of the final response
    uint32_t bodyOffset = 0; // request body bytes handed to nghttp2
    int64_t sentNs = 0;
    int64_t intendedNs = 0;
    int64_t deadlineNs = 0;
    H2Stream *prev = nullptr; // the worker's stream deadline list
    H2Stream *next = nullptr;
    bool listed = false;
    Connection *conn = nullptr;
};

// The HTTP/2 state of one connection: its session and stream slots.
struct H2Conn
{
    nghttp2_session *session = nullptr;
    H2Stream *slots = nullptr;       // `capacity` of the worker's slots, fixed
    std::vector<uint16_t> freeSlots; // indices of free slots (a stack), capacity reserved
    int capacity = 0;
    bool goaway = false; // the server sent GOAWAY: no new stream; close once drained
    int32_t lastStreamId = 0;
    bool inIdle = false;      // open loop: on the worker's list of connections with a free slot
    bool stalled = false;     // sending waits for the server's flow-control window
    bool closing = false;     // the session is being deleted: callbacks ignore everything
    bool gotSettings = false; // the server's first SETTINGS arrived: it speaks HTTP/2
    void *owner = nullptr;    // the worker
    std::string out;          // bytes from nghttp2 not yet written (capacity kept)
    size_t outOff = 0;

    int used() const { return capacity - int(freeSlots.size()); }
};

// What a flush gathers from nghttp2 before it writes, and the output buffer's reserve.
constexpr size_t kH2OutBytes = 32 * 1024;
constexpr size_t kH2OutReserve = 64 * 1024;

// The allocator the workers' pools (load/h2pool.h) take their chunks from, for the workers
// created after the call (nullptr = malloc's); for the allocation test, which counts nghttp2's
// allocations apart from the workers' own.
void setH2Allocator(nghttp2_mem *mem);
nghttp2_mem *h2Allocator();

// Heap bytes of one HTTP/2 connection (session, its buffers), for the resource estimate.
constexpr int64_t kH2BytesPerConnection = 64 * 1024;
constexpr int64_t kH2BytesPerStream = 1024;

} // namespace sb::load::detail
