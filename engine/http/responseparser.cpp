#include "responseparser.h"

#include <cstdio>
#include <cstring>
#include <llhttp.h>

namespace sb::http {

struct ResponseParser::Impl
{
    // What a response touches, first and together; the error text last (errors only).
    llhttp_t parser;
    bool isHead = false;
    bool started = false;
    bool complete = false;
    bool failed = false;
    bool keepAlive = true;
    int statusCode = 0;
    uint64_t bodyBytes = 0;
    // Formatted once per error, in place: the hot path never allocates.
    char reason[160] = {};

    static Impl *self(llhttp_t *p) { return static_cast<Impl *>(p->data); }

    static int onHeadersComplete(llhttp_t *p)
    {
        Impl *d = self(p);
        const int status = p->status_code;
        if (status >= 200 || status == 101)
            d->statusCode = status;
        // 1 = no body follows. llhttp 8 would read a body announced by Content-Length on a
        // 1xx/204/304 response, and it cannot know that we sent HEAD.
        return (d->isHead || status < 200 || status == 204 || status == 304) ? 1 : 0;
    }

    static int onBody(llhttp_t *p, const char *, size_t length)
    {
        self(p)->bodyBytes += length;
        return 0;
    }

    static int onMessageComplete(llhttp_t *p)
    {
        Impl *d = self(p);
        const int status = p->status_code;
        if (status >= 100 && status < 200 && status != 101) {
            // An interim response (100 Continue, 103 Early Hints): the final one follows.
            d->bodyBytes = 0;
            return 0;
        }
        d->complete = true;
        d->keepAlive = status != 101 && llhttp_should_keep_alive(p) != 0;
        // Stop exactly at the message boundary so pipelined bytes stay unconsumed.
        return HPE_PAUSED;
    }

    // One set of callbacks for every parser: llhttp reads it at each callback, and a copy per
    // parser would be three more cache lines per response with thousands of connections.
    static const llhttp_settings_t &settings()
    {
        static const llhttp_settings_t shared = [] {
            llhttp_settings_t s;
            llhttp_settings_init(&s);
            s.on_headers_complete = &onHeadersComplete;
            s.on_body = &onBody;
            s.on_message_complete = &onMessageComplete;
            return s;
        }();
        return shared;
    }

    void setError(const char *name, const char *detail)
    {
        failed = true;
        keepAlive = false;
        std::snprintf(reason, sizeof reason, "%s: %s", name, detail ? detail : "");
    }
};

ResponseParser::ResponseParser()
    : m_d(std::make_unique<Impl>())
{
    llhttp_init(&m_d->parser, HTTP_RESPONSE, &Impl::settings());
    m_d->parser.data = m_d.get();
}

ResponseParser::~ResponseParser() = default;

size_t ResponseParser::heapBytes()
{
    return sizeof(Impl);
}

void ResponseParser::begin(bool isHead)
{
    Impl &d = *m_d;
    // A fresh parser state per response: cheap (no allocation) and it also clears a pause, an
    // error or a "connection closed" state left by the previous response.
    llhttp_reset(&d.parser);
    d.isHead = isHead;
    d.started = false;
    d.complete = false;
    d.failed = false;
    d.keepAlive = true;
    d.statusCode = 0;
    d.bodyBytes = 0;
}

ResponseParser::Status ResponseParser::feed(const char *data, size_t len, size_t &consumed)
{
    Impl &d = *m_d;
    consumed = 0;
    if (d.failed)
        return Status::Error;
    if (d.complete)
        begin(false);
    if (len == 0)
        return Status::NeedMore;
    d.started = true;

    const llhttp_errno_t err = llhttp_execute(&d.parser, data, len);
    if (err == HPE_OK) {
        consumed = len;
        return Status::NeedMore;
    }
    const char *pos = llhttp_get_error_pos(&d.parser);
    consumed = (pos >= data && pos <= data + len) ? size_t(pos - data) : len;
    if ((err == HPE_PAUSED || err == HPE_PAUSED_UPGRADE) && d.complete)
        return Status::Complete;
    if (err == HPE_PAUSED_UPGRADE) {
        // 101 Switching Protocols: the rest is not HTTP; the connection cannot be reused.
        d.complete = true;
        d.keepAlive = false;
        return Status::Complete;
    }
    d.setError(llhttp_errno_name(err), llhttp_get_error_reason(&d.parser));
    return Status::Error;
}

ResponseParser::Status ResponseParser::finishEof()
{
    Impl &d = *m_d;
    if (d.complete)
        return Status::Complete;
    if (d.failed)
        return Status::Error;
    if (!d.started)
        return Status::NeedMore;
    const llhttp_errno_t err = llhttp_finish(&d.parser);
    if (d.complete) {
        d.keepAlive = false; // the body ended with the connection
        return Status::Complete;
    }
    if (err != HPE_OK)
        d.setError(llhttp_errno_name(err), llhttp_get_error_reason(&d.parser));
    else // only an interim response (or nothing) arrived before the close
        d.setError("HPE_INVALID_EOF_STATE", "connection closed before the final response");
    return Status::Error;
}

int ResponseParser::statusCode() const
{
    return m_d->statusCode;
}

bool ResponseParser::keepAlive() const
{
    return m_d->keepAlive;
}

uint64_t ResponseParser::bodyBytes() const
{
    return m_d->bodyBytes;
}

bool ResponseParser::started() const
{
    return m_d->started;
}

const char *ResponseParser::errorReason() const
{
    return m_d->failed ? m_d->reason : "";
}

} // namespace sb::http
