#include "target/http2.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <nghttp2/nghttp2.h>

namespace sb::target {

namespace {

constexpr uint32_t kMaxConcurrentStreams = 128;
constexpr size_t kMaxHeaderListBytes = 64 * 1024; // as HTTP/1.1's header block
constexpr size_t kMaxPathBytes = 8 * 1024;        // as HTTP/1.1's request target (414)
constexpr size_t kMaxBodyBytes = 1024 * 1024;     // as HTTP/1.1 (413)
// All request bodies a connection holds at once: 128 streams of 1 MiB each would be 128 MiB.
constexpr size_t kMaxSessionBodyBytes = 4 * 1024 * 1024;

bool is(const uint8_t *name, size_t len, std::string_view want)
{
    return len == want.size() && std::memcmp(name, want.data(), len) == 0;
}

} // namespace

struct Http2Callbacks
{
    static Http2Session &self(void *userData) { return *static_cast<Http2Session *>(userData); }

    static Http2Stream *streamOf(nghttp2_session *session, int32_t id)
    {
        return static_cast<Http2Stream *>(nghttp2_session_get_stream_user_data(session, id));
    }

    static int beginHeaders(nghttp2_session *session, const nghttp2_frame *frame, void *userData)
    {
        if (frame->hd.type != NGHTTP2_HEADERS || frame->headers.cat != NGHTTP2_HCAT_REQUEST)
            return 0;
        Http2Stream *s = self(userData).openStream(frame->hd.stream_id);
        nghttp2_session_set_stream_user_data(session, frame->hd.stream_id, s);
        return 0;
    }

    static int header(nghttp2_session *session, const nghttp2_frame *frame, const uint8_t *name,
                      size_t nameLen, const uint8_t *value, size_t valueLen, uint8_t,
                      void *userData)
    {
        Http2Stream *s = streamOf(session, frame->hd.stream_id);
        if (!s)
            return 0;
        s->headerBytes += nameLen + valueLen;
        if (s->headerBytes > kMaxHeaderListBytes) {
            // A client past the advertised limit is not one to keep talking to.
            self(userData).terminate(NGHTTP2_ENHANCE_YOUR_CALM);
            return NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE;
        }
        const char *v = reinterpret_cast<const char *>(value);
        if (is(name, nameLen, ":method")) {
            s->method.assign(v, valueLen);
        } else if (is(name, nameLen, ":path")) {
            if (valueLen > kMaxPathBytes)
                s->limitStatus = 414;
            else
                s->path.assign(v, valueLen);
        } else if (is(name, nameLen, "authorization")) {
            s->authorization.assign(v, valueLen);
        }
        return 0;
    }

    static int dataChunk(nghttp2_session *session, uint8_t, int32_t id, const uint8_t *data,
                         size_t len, void *userData)
    {
        Http2Stream *s = streamOf(session, id);
        if (!s)
            return 0;
        size_t &held = self(userData).m_bodyBytes;
        if (s->body.size() + len > kMaxBodyBytes || held + len > kMaxSessionBodyBytes) {
            s->limitStatus = 413; // the rest is dropped: memory stays bounded
        } else if (s->limitStatus == 0) {
            s->body.append(reinterpret_cast<const char *>(data), len);
            s->bodyBytesHeld += len;
            held += len;
        }
        return 0;
    }

    static int frameReceived(nghttp2_session *session, const nghttp2_frame *frame, void *userData)
    {
        if ((frame->hd.type != NGHTTP2_HEADERS && frame->hd.type != NGHTTP2_DATA) ||
            !(frame->hd.flags & NGHTTP2_FLAG_END_STREAM))
            return 0;
        if (Http2Stream *s = streamOf(session, frame->hd.stream_id))
            self(userData).m_handler.request(self(userData), *s);
        return 0;
    }

    static int streamClosed(nghttp2_session *session, int32_t id, uint32_t, void *userData)
    {
        if (Http2Stream *s = streamOf(session, id)) {
            // nghttp2 may keep a closed stream a while (priorities): it must not point into the
            // pool any more.
            nghttp2_session_set_stream_user_data(session, id, nullptr);
            self(userData).closeStream(s);
        }
        return 0;
    }

    static ssize_t readBody(nghttp2_session *, int32_t, uint8_t *buf, size_t length,
                            uint32_t *flags, nghttp2_data_source *source, void *)
    {
        auto *s = static_cast<Http2Stream *>(source->ptr);
        const size_t n = std::min(length, s->response.size() - s->responsePos);
        std::memcpy(buf, s->response.data() + s->responsePos, n);
        s->responsePos += n;
        if (s->responsePos == s->response.size())
            *flags |= NGHTTP2_DATA_FLAG_EOF;
        return ssize_t(n);
    }
};

Http2Session::Http2Session(Http2Handler &handler, uint64_t userTag)
    : m_handler(handler)
    , m_tag(userTag)
{
    nghttp2_session_callbacks *cb = nullptr;
    if (nghttp2_session_callbacks_new(&cb) != 0)
        return;
    nghttp2_session_callbacks_set_on_begin_headers_callback(cb, Http2Callbacks::beginHeaders);
    nghttp2_session_callbacks_set_on_header_callback(cb, Http2Callbacks::header);
    nghttp2_session_callbacks_set_on_data_chunk_recv_callback(cb, Http2Callbacks::dataChunk);
    nghttp2_session_callbacks_set_on_frame_recv_callback(cb, Http2Callbacks::frameReceived);
    nghttp2_session_callbacks_set_on_stream_close_callback(cb, Http2Callbacks::streamClosed);
    const int rv = nghttp2_session_server_new(&m_session, cb, this);
    nghttp2_session_callbacks_del(cb);
    if (rv != 0) {
        m_session = nullptr;
        return;
    }
    const nghttp2_settings_entry settings[] = {
        {NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, kMaxConcurrentStreams},
        {NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE, uint32_t(kMaxHeaderListBytes)},
    };
    nghttp2_submit_settings(m_session, NGHTTP2_FLAG_NONE, settings, 2);
}

Http2Session::~Http2Session()
{
    if (m_session)
        nghttp2_session_del(m_session);
}

bool Http2Session::receive(const char *data, size_t len)
{
    const ssize_t n =
        nghttp2_session_mem_recv(m_session, reinterpret_cast<const uint8_t *>(data), len);
    if (n >= 0)
        return true;
    terminate(n == NGHTTP2_ERR_FLOODED ? NGHTTP2_ENHANCE_YOUR_CALM : NGHTTP2_PROTOCOL_ERROR);
    return false;
}

bool Http2Session::produce(std::string &out, size_t outPos, size_t maxBytes)
{
    while (out.size() - outPos < maxBytes) {
        const uint8_t *data = nullptr;
        const ssize_t n = nghttp2_session_mem_send(m_session, &data);
        if (n < 0)
            return false;
        if (n == 0)
            break;
        out.append(reinterpret_cast<const char *>(data), size_t(n));
    }
    return true;
}

bool Http2Session::alive() const
{
    return nghttp2_session_want_read(m_session) || nghttp2_session_want_write(m_session);
}

void Http2Session::respond(Http2Stream &stream, int status, std::string_view body,
                           std::string_view headers)
{
    char statusText[8];
    const auto statusEnd = std::to_chars(statusText, statusText + sizeof statusText, status).ptr;
    char lengthText[24];
    const auto lengthEnd =
        std::to_chars(lengthText, lengthText + sizeof lengthText, body.size()).ptr;
    auto nv = [](std::string_view name, std::string_view value) {
        return nghttp2_nv{reinterpret_cast<uint8_t *>(const_cast<char *>(name.data())),
                          reinterpret_cast<uint8_t *>(const_cast<char *>(value.data())),
                          name.size(), value.size(), NGHTTP2_NV_FLAG_NONE};
    };
    nghttp2_nv fields[8];
    size_t count = 0;
    fields[count++] = nv(":status", std::string_view(statusText, size_t(statusEnd - statusText)));
    fields[count++] = nv("content-type", "application/json");
    fields[count++] =
        nv("content-length", std::string_view(lengthText, size_t(lengthEnd - lengthText)));
    // The router's extra lines ("Allow: GET\r\n"): HTTP/2 field names are lowercase.
    stream.extraHeaders.assign(headers);
    size_t pos = 0;
    while (count < std::size(fields) && pos < stream.extraHeaders.size()) {
        const size_t end = stream.extraHeaders.find("\r\n", pos);
        const size_t lineEnd = end == std::string::npos ? stream.extraHeaders.size() : end;
        const size_t colon = stream.extraHeaders.find(':', pos);
        if (colon != std::string::npos && colon < lineEnd) {
            for (size_t i = pos; i < colon; ++i)
                stream.extraHeaders[i] = char(std::tolower(uint8_t(stream.extraHeaders[i])));
            size_t valueStart = colon + 1;
            while (valueStart < lineEnd && stream.extraHeaders[valueStart] == ' ')
                ++valueStart;
            const std::string_view all(stream.extraHeaders);
            fields[count++] =
                nv(all.substr(pos, colon - pos), all.substr(valueStart, lineEnd - valueStart));
        }
        pos = lineEnd + 2;
    }
    stream.response.assign(body);
    stream.responsePos = 0;
    nghttp2_data_provider provider;
    provider.source.ptr = &stream;
    provider.read_callback = Http2Callbacks::readBody;
    nghttp2_submit_response(m_session, stream.id, fields, count, &provider);
}

Http2Stream *Http2Session::stream(int32_t id) const
{
    return static_cast<Http2Stream *>(nghttp2_session_get_stream_user_data(m_session, id));
}

void Http2Session::terminate(uint32_t errorCode)
{
    nghttp2_session_terminate_session(m_session, errorCode);
}

Http2Stream *Http2Session::openStream(int32_t id)
{
    Http2Stream *s;
    if (!m_free.empty()) {
        s = m_free.back();
        m_free.pop_back();
    } else {
        m_streams.push_back(std::make_unique<Http2Stream>());
        s = m_streams.back().get();
    }
    s->id = id;
    s->inUse = true;
    s->method.clear();
    s->path.clear();
    s->authorization.clear();
    s->body.clear();
    s->headerBytes = 0;
    s->bodyBytesHeld = 0;
    s->limitStatus = 0;
    s->waiting = false;
    s->response.clear();
    s->responsePos = 0;
    return s;
}

void Http2Session::closeStream(Http2Stream *s)
{
    m_bodyBytes -= std::min(m_bodyBytes, s->bodyBytesHeld);
    s->inUse = false;
    s->id = 0;
    if (s->body.capacity() > 64 * 1024)
        std::string().swap(s->body);
    if (s->response.capacity() > 64 * 1024)
        std::string().swap(s->response);
    m_free.push_back(s);
}

} // namespace sb::target
