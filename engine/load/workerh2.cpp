// The load worker's HTTP/2 exchange (libnghttp2): one client session per connection, driven
// from the worker's edge-triggered events. Bytes read from the transport go to
// nghttp2_session_mem_recv(), whose callbacks end streams; then, in closed loop, every free slot
// opens the next stream, and what the session has to send is gathered from
// nghttp2_session_mem_send() into the connection's buffer and written in one go, so that the
// m streams that a read freed go out in one write.
//
// Decisions (reports rely on them):
// - Each stream is one request: requests (streams opened), responses, ok, status, timeouts and
//   latency count streams. Latency runs from the stream's submission (open loop: its intended
//   time) to the read that ended it, as HTTP/1.1's runs from the request's first write.
// - RST_STREAM: REFUSED_STREAM in h2Refused, any other code in h2Resets; both are errors.
// - Every stream opened ends in exactly one of: a response, h2GoawayRetried, h2Refused,
//   h2Resets, h2StreamsLost, timeouts, parseErrors (closed without a complete response), or it
//   was in flight when a cancelled window ended.
// - GOAWAY: counted in h2Goaways; the connection opens no new stream, its streams up to
//   last_stream_id finish, then it closes and reconnects (a reconnect). Streams above
//   last_stream_id were never processed by the server: they are counted in h2GoawayRetried (not
//   an error) and give their ticket of a request limit back, so that the closed loop sends them
//   again on the new connection; in open loop their intended send is not made up.
// - A connection dropped (reset, closed, a protocol error) loses its open streams: each counts
//   in h2StreamsLost, beside the connection's own error (read/write/TLS/parse).
// - A stream that times out is reset (CANCEL); when every open stream of a connection timed out
//   the connection is dropped.
// - Flow control: sending a request body that waits for the server's window counts a stall,
//   once per wait, by kind (connection or stream window). Receiving never waits: the session's
//   windows are 2^30-1.

#include "load/syscalls.h"
#include "load/worker.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace sb::load::detail {

namespace {

constexpr int32_t kH2Window = (1 << 30) - 1;
constexpr size_t kReadBufferBytes = 64 * 1024; // as worker.cpp's

int64_t toUs(int64_t ns)
{
    return std::max<int64_t>(1, (ns + 500) / 1000);
}

H2Stream *streamOf(nghttp2_session *session, int32_t id)
{
    return static_cast<H2Stream *>(nghttp2_session_get_stream_user_data(session, id));
}

} // namespace

void Worker::h2Open(Conn &c, int64_t now)
{
    H2Conn &h = *c.h2;
    h.goaway = false;
    h.lastStreamId = 0;
    h.stalled = false;
    h.closing = false;
    h.gotSettings = false;
    h.out.clear();
    h.outOff = 0;
    if (nghttp2_session_client_new3(&h.session, m_h2Callbacks, &c, m_h2Option, m_h2Pool.mem()) !=
        0) {
        h.session = nullptr;
        count(measuring(now), [](Counters &k) { ++k.parseErrors; });
        drop(c, now);
        return;
    }
    const nghttp2_settings_entry settings[] = {
        {NGHTTP2_SETTINGS_ENABLE_PUSH, 0},
        {NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE, uint32_t(kH2Window)},
        {NGHTTP2_SETTINGS_NO_RFC7540_PRIORITIES, 1},
    };
    nghttp2_submit_settings(h.session, NGHTTP2_FLAG_NONE, settings, 3);
    nghttp2_session_set_local_window_size(h.session, NGHTTP2_FLAG_NONE, 0, kH2Window);
    c.state = State::H2;
    h2UpdateIdle(c);
    h2AfterEvents(c, now);
}

void Worker::h2Fill(Conn &c, int64_t now)
{
    H2Conn &h = *c.h2;
    while (!h.goaway && !h.freeSlots.empty() && c.state == State::H2) {
        bool measured = false;
        if (!maySend(now, measured, true))
            return;
        if (!h2Submit(c, now, now, measured))
            return;
    }
}

bool Worker::h2Submit(Conn &c, int64_t now, int64_t intendedNs, bool measured)
{
    H2Conn &h = *c.h2;
    const uint16_t index = h.freeSlots.back();
    H2Stream &s = h.slots[index];
    s.measured = measured;
    s.done = false;
    s.timedOut = false;
    s.status = 0;
    s.bodyOffset = 0;
    s.sentNs = now;
    s.intendedNs = intendedNs;
    s.conn = &c;
    const H2Request &r = *m_window.h2;
    nghttp2_data_provider body;
    body.source.ptr = &s;
    body.read_callback = h2ReadBody;
    const int32_t id = nghttp2_submit_request(h.session, nullptr, r.nv.data(), r.nv.size(),
                                              r.body.empty() ? nullptr : &body, &s);
    if (id < 0) {
        count(measured, [](Counters &k) { ++k.writeErrors; });
        return false;
    }
    h.freeSlots.pop_back();
    s.id = id;
    ++m_inFlight;
    count(measured, [](Counters &k) { ++k.requests; });
    m_streamDeadlines.append(s, now);
    if (m_open)
        recordSendDelay(measured, now - intendedNs);
    h2UpdateIdle(c);
    return true;
}

void Worker::h2Flush(Conn &c, int64_t now)
{
    H2Conn &h = *c.h2;
    const bool measured = measuring(now);
    while (true) {
        while (h.outOff < h.out.size()) {
            TlsFailure failure = TlsFailure::None;
            const ssize_t n =
                transportWrite(c, h.out.data() + h.outOff, h.out.size() - h.outOff, failure);
            if (n > 0) {
                h.outOff += size_t(n);
                count(measured, [n](Counters &k) { k.bytesOut += n; });
                continue;
            }
            if (failure != TlsFailure::None) {
                countTlsFailure(measured, failure);
                drop(c, now);
                return;
            }
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                return; // the socket's EPOLLOUT edge goes on
            count(measured, [](Counters &k) { ++k.writeErrors; });
            drop(c, now);
            return;
        }
        h.out.clear();
        h.outOff = 0;
        while (h.out.size() < kH2OutBytes) {
            const uint8_t *data = nullptr;
            const ssize_t n = nghttp2_session_mem_send(h.session, &data);
            if (n < 0) {
                count(measured, [](Counters &k) { ++k.parseErrors; });
                drop(c, now);
                return;
            }
            if (n == 0)
                break;
            h.out.append(reinterpret_cast<const char *>(data), size_t(n));
        }
        if (h.out.empty())
            break;
    }
    if (!m_window.h2->body.empty())
        h2CheckStall(c);
}

void Worker::h2Readable(Conn &c, int64_t now, bool peerClosed)
{
    H2Conn &h = *c.h2;
    m_h2Now = now;
    while (true) {
        int64_t stampNs = 0;
        TlsFailure failure = TlsFailure::None;
        const ssize_t n = transportRead(c, stampNs, failure);
        if (stampNs > 0)
            c.receivedNs = std::min(now, stampNs - m_realtimeOffsetNs);
        else
            c.receivedNs = now;
        if (n < 0 && failure != TlsFailure::None) {
            if (!(failure == TlsFailure::NoCloseNotify && h.used() == 0))
                countTlsFailure(measuring(now), failure);
            drop(c, now);
            return;
        }
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                break;
            count(measuring(now), [](Counters &k) { ++k.readErrors; });
            drop(c, now);
            return;
        }
        if (n == 0) { // the server closed: its open streams are lost (h2StreamsLost)
            if (!h.gotSettings)
                h2NotSpoken(c, now);
            drop(c, now);
            return;
        }
        count(measuring(now), [n](Counters &k) { k.bytesIn += n; });
        const ssize_t rv = nghttp2_session_mem_recv(
            h.session, reinterpret_cast<const uint8_t *>(m_readBuffer.get()), size_t(n));
        if (rv < 0) {
            if (h.gotSettings)
                count(measuring(now), [](Counters &k) { ++k.parseErrors; });
            else
                h2NotSpoken(c, now);
            drop(c, now);
            return;
        }
        // TLS returns a record at a time: read on until it would block. Plain TCP: a short
        // read emptied the socket, unless the peer closed it too.
        if (!c.ssl && !peerClosed && size_t(n) < kReadBufferBytes)
            break;
    }
    h2AfterEvents(c, now);
}

void Worker::h2AfterEvents(Conn &c, int64_t now)
{
    if (c.state != State::H2)
        return;
    if (!m_open)
        h2Fill(c, now);
    if (c.state != State::H2)
        return;
    h2Flush(c, now);
    if (c.state != State::H2)
        return;
    H2Conn &h = *c.h2;
    const bool over =
        !nghttp2_session_want_read(h.session) && !nghttp2_session_want_write(h.session);
    if (!(h.goaway && h.used() == 0) && !over)
        return;
    if (h.used() > 0) { // the session ended with streams open
        if (!h.gotSettings)
            h2NotSpoken(c, now);
        drop(c, now);
        return;
    }
    // Drained after GOAWAY: close and open a new connection.
    m_reach.closed(now);
    closeFd(c, true);
    c.state = State::Disconnected;
    if (!m_stopSending)
        connect(c, now);
}

void Worker::h2NotSpoken(Conn &c, int64_t now)
{
    // Over TLS ALPN said h2; in clear text the first bytes tell: no SETTINGS, no HTTP/2. The
    // window ends with that as its reason rather than reconnecting for its whole duration.
    if (c.ssl)
        return;
    count(measuring(now), [](Counters &k) { ++k.h2NotSpoken; });
    m_window.h2NotSpoken.store(true);
    m_window.abort();
}

void Worker::h2Complete(Conn &c, H2Stream &s)
{
    const int64_t now = m_h2Now;
    const int64_t doneNs = c.receivedNs;
    m_streamDeadlines.remove(s);
    s.done = true;
    --m_inFlight;
    m_lastCompletionNs = now;
    const int status = s.status;
    const bool measured = s.measured;
    count(measured, [status](Counters &k) {
        ++k.responses;
        if (status >= 200 && status < 300)
            ++k.ok;
        if (status >= 0 && status < int(k.status.size()))
            ++k.status[size_t(status)];
    });
    const int64_t corrected = toUs(doneNs - (m_open ? s.intendedNs : s.sentNs));
    if (measured) {
        latency.record(corrected);
        if (m_open)
            latencyUncorrected.record(toUs(doneNs - s.sentNs));
    } else if (m_window.spec.warmupRequests > 0) {
        const int64_t done = m_window.warmupResponses.fetch_add(1, std::memory_order_relaxed) + 1;
        if (done == m_window.spec.warmupRequests)
            m_window.beginMeasuring(now);
    }
    if (m_slots.takes(measured))
        m_slots.latency().record(corrected);
}

void Worker::h2GiveBackTicket(bool measured)
{
    if (measured && m_window.spec.requestLimit > 0)
        m_window.tickets.fetch_sub(1, std::memory_order_relaxed);
}

void Worker::h2Closed(Conn &c, H2Stream &s, uint32_t errorCode)
{
    if (!s.done) { // closed before its response ended
        m_streamDeadlines.remove(s);
        s.done = true;
        --m_inFlight;
        H2Conn &h = *c.h2;
        if (h.goaway && s.id > h.lastStreamId) {
            count(s.measured, [](Counters &k) { ++k.h2GoawayRetried; });
            h2GiveBackTicket(s.measured);
        } else if (errorCode == NGHTTP2_REFUSED_STREAM) {
            count(s.measured, [](Counters &k) { ++k.h2Refused; });
        } else if (errorCode != NGHTTP2_NO_ERROR) {
            count(s.measured, [](Counters &k) { ++k.h2Resets; });
        } else { // closed cleanly without a complete response: a malformed exchange
            count(s.measured, [](Counters &k) { ++k.parseErrors; });
        }
    }
    h2Release(c, s);
}

void Worker::h2Unsent(Conn &c, int32_t streamId)
{
    H2Conn &h = *c.h2;
    for (int i = 0; i < h.capacity; ++i) {
        H2Stream &s = h.slots[i];
        if (s.id != streamId)
            continue;
        if (!s.done) {
            m_streamDeadlines.remove(s);
            s.done = true;
            --m_inFlight;
            if (h.goaway) { // never sent: sent again on the next connection
                count(s.measured, [](Counters &k) { ++k.h2GoawayRetried; });
                h2GiveBackTicket(s.measured);
            } else {
                count(s.measured, [](Counters &k) { ++k.h2StreamsLost; });
            }
        }
        h2Release(c, s);
        return;
    }
}

void Worker::h2Release(Conn &c, H2Stream &s)
{
    if (s.id == 0)
        return;
    s.id = 0;
    c.h2->freeSlots.push_back(uint16_t(&s - c.h2->slots));
    h2UpdateIdle(c);
}

void Worker::h2Timeout(H2Stream &s, int64_t now)
{
    Conn &c = *s.conn;
    H2Conn &h = *c.h2;
    count(s.measured, [](Counters &k) { ++k.timeouts; });
    m_streamDeadlines.remove(s);
    s.done = true;
    s.timedOut = true;
    --m_inFlight;
    bool waiting = false;
    for (int i = 0; i < h.capacity && !waiting; ++i)
        waiting = h.slots[i].id != 0 && !h.slots[i].done;
    if (!waiting) { // nothing on the connection answers: a new one
        drop(c, now);
        return;
    }
    // Reset it; its slot is freed when the stream closes.
    if (streamOf(h.session, s.id) == &s)
        nghttp2_submit_rst_stream(h.session, NGHTTP2_FLAG_NONE, s.id, NGHTTP2_CANCEL);
    h2AfterEvents(c, now);
}

void Worker::h2LoseStreams(Conn &c)
{
    H2Conn &h = *c.h2;
    for (int i = 0; i < h.capacity; ++i) {
        H2Stream &s = h.slots[i];
        if (s.id == 0 || s.done)
            continue;
        m_streamDeadlines.remove(s);
        s.done = true;
        --m_inFlight;
        count(s.measured, [](Counters &k) { ++k.h2StreamsLost; });
    }
}

void Worker::h2CloseSession(Conn &c)
{
    H2Conn &h = *c.h2;
    h.closing = true;
    nghttp2_session_del(h.session);
    h.session = nullptr;
    h.freeSlots.clear();
    for (int i = h.capacity - 1; i >= 0; --i) {
        H2Stream &s = h.slots[i];
        m_streamDeadlines.remove(s);
        s.id = 0;
        h.freeSlots.push_back(uint16_t(i));
    }
    h.out.clear();
    h.outOff = 0;
    h.closing = false;
    if (h.inIdle) {
        m_idle.erase(std::find(m_idle.begin(), m_idle.end(), &c));
        h.inIdle = false;
    }
}

void Worker::h2UpdateIdle(Conn &c)
{
    if (!m_open)
        return;
    H2Conn &h = *c.h2;
    const bool available =
        c.state == State::H2 && h.session && !h.goaway && !h.freeSlots.empty() && !m_stopSending;
    if (available == h.inIdle)
        return;
    if (available)
        m_idle.push_back(&c);
    else
        m_idle.erase(std::find(m_idle.begin(), m_idle.end(), &c));
    h.inIdle = available;
}

void Worker::h2CheckStall(Conn &c)
{
    H2Conn &h = *c.h2;
    const size_t bodyBytes = m_window.h2->body.size();
    int kind = 0; // 1 the connection's window, 2 a stream's
    for (int i = 0; i < h.capacity && kind == 0; ++i) {
        const H2Stream &s = h.slots[i];
        if (s.id == 0 || s.done || s.bodyOffset >= bodyBytes)
            continue;
        if (nghttp2_session_get_remote_window_size(h.session) <= 0)
            kind = 1;
        else if (nghttp2_session_get_stream_remote_window_size(h.session, s.id) <= 0)
            kind = 2;
    }
    if (kind != 0 && !h.stalled) {
        const bool measured = measuring(nowNs());
        count(measured, [kind](Counters &k) { ++(kind == 1 ? k.h2ConnStalls : k.h2StreamStalls); });
    }
    h.stalled = kind != 0;
}

// ---- nghttp2's callbacks; `user` is the connection.

int Worker::h2OnHeader(nghttp2_session *session, const nghttp2_frame *frame, const uint8_t *name,
                       size_t namelen, const uint8_t *value, size_t valuelen, uint8_t, void *)
{
    if (frame->hd.type != NGHTTP2_HEADERS || namelen != 7 || std::memcmp(name, ":status", 7) != 0)
        return 0;
    H2Stream *s = streamOf(session, frame->hd.stream_id);
    if (!s)
        return 0;
    int status = 0;
    for (size_t i = 0; i < valuelen && i < 3; ++i)
        status = status * 10 + (value[i] - '0');
    s->status = int16_t(status);
    return 0;
}

int Worker::h2OnFrameRecv(nghttp2_session *session, const nghttp2_frame *frame, void *user)
{
    Conn &c = *static_cast<Conn *>(user);
    Worker &w = *static_cast<Worker *>(c.h2->owner);
    if (c.h2->closing)
        return 0;
    switch (frame->hd.type) {
    case NGHTTP2_DATA:
    case NGHTTP2_HEADERS:
        if (frame->hd.flags & NGHTTP2_FLAG_END_STREAM) {
            H2Stream *s = streamOf(session, frame->hd.stream_id);
            if (s && !s->done)
                w.h2Complete(c, *s);
        }
        break;
    case NGHTTP2_SETTINGS:
        c.h2->gotSettings = true;
        break;
    case NGHTTP2_GOAWAY:
        c.h2->goaway = true;
        c.h2->lastStreamId = frame->goaway.last_stream_id;
        w.count(w.measuring(w.m_h2Now), [](Counters &k) { ++k.h2Goaways; });
        w.h2UpdateIdle(c);
        break;
    default:
        break;
    }
    return 0;
}

int Worker::h2OnFrameNotSend(nghttp2_session *, const nghttp2_frame *frame, int, void *user)
{
    Conn &c = *static_cast<Conn *>(user);
    if (c.h2->closing || frame->hd.type != NGHTTP2_HEADERS)
        return 0;
    static_cast<Worker *>(c.h2->owner)->h2Unsent(c, frame->hd.stream_id);
    return 0;
}

int Worker::h2OnStreamClose(nghttp2_session *session, int32_t streamId, uint32_t errorCode,
                            void *user)
{
    Conn &c = *static_cast<Conn *>(user);
    if (c.h2->closing)
        return 0;
    H2Stream *s = streamOf(session, streamId);
    if (s)
        static_cast<Worker *>(c.h2->owner)->h2Closed(c, *s, errorCode);
    return 0;
}

ssize_t Worker::h2ReadBody(nghttp2_session *, int32_t, uint8_t *buf, size_t length, uint32_t *flags,
                           nghttp2_data_source *source, void *user)
{
    Conn &c = *static_cast<Conn *>(user);
    const std::string &body = static_cast<Worker *>(c.h2->owner)->m_window.h2->body;
    H2Stream &s = *static_cast<H2Stream *>(source->ptr);
    const size_t n = std::min(length, body.size() - s.bodyOffset);
    std::memcpy(buf, body.data() + s.bodyOffset, n);
    s.bodyOffset += uint32_t(n);
    if (s.bodyOffset >= body.size())
        *flags |= NGHTTP2_DATA_FLAG_EOF;
    return ssize_t(n);
}

} // namespace sb::load::detail
