#include "target/connection.h"

#include "http/ascii.h"
#include "target/http2.h"

#include <algorithm>
#include <openssl/ssl.h>

namespace sb::target {

namespace {

constexpr size_t kMaxTargetBytes = 8 * 1024;    // request target -> 414
constexpr size_t kMaxHeaderBytes = 64 * 1024;   // all header names and values -> 431
constexpr uint64_t kMaxBodyBytes = 1024 * 1024; // request body -> 413

int onMessageBegin(llhttp_t *p)
{
    auto *c = static_cast<Connection *>(p->data);
    c->target.clear();
    c->field.clear();
    c->value.clear();
    c->authorization.clear();
    c->body.clear();
    c->headerBytes = 0;
    c->wanted = Connection::HeaderOfInterest::None;
    c->expectContinue = false;
    return 0;
}

int onUrl(llhttp_t *p, const char *at, size_t len)
{
    auto *c = static_cast<Connection *>(p->data);
    if (c->target.size() + len > kMaxTargetBytes) {
        c->limitStatus = 414;
        return -1;
    }
    c->target.append(at, len);
    return 0;
}

bool headerBudget(Connection *c, size_t len)
{
    c->headerBytes += len;
    if (c->headerBytes <= kMaxHeaderBytes)
        return true;
    c->limitStatus = 431;
    return false;
}

int onHeaderField(llhttp_t *p, const char *at, size_t len)
{
    auto *c = static_cast<Connection *>(p->data);
    if (!headerBudget(c, len))
        return -1;
    if (c->field.size() < 32) // only short names are of interest
        c->field.append(at, std::min(len, 32 - c->field.size()));
    return 0;
}

int onHeaderFieldComplete(llhttp_t *p)
{
    auto *c = static_cast<Connection *>(p->data);
    if (http::equalsIgnoringCase(c->field, "authorization"))
        c->wanted = Connection::HeaderOfInterest::Authorization;
    else if (http::equalsIgnoringCase(c->field, "expect"))
        c->wanted = Connection::HeaderOfInterest::Expect;
    else
        c->wanted = Connection::HeaderOfInterest::None;
    c->field.clear();
    return 0;
}

int onHeaderValue(llhttp_t *p, const char *at, size_t len)
{
    auto *c = static_cast<Connection *>(p->data);
    if (!headerBudget(c, len))
        return -1;
    if (c->wanted != Connection::HeaderOfInterest::None)
        c->value.append(at, len);
    return 0;
}

int onHeaderValueComplete(llhttp_t *p)
{
    auto *c = static_cast<Connection *>(p->data);
    if (c->wanted == Connection::HeaderOfInterest::Authorization)
        c->authorization = c->value;
    else if (c->wanted == Connection::HeaderOfInterest::Expect)
        c->expectContinue = http::equalsIgnoringCase(c->value, "100-continue");
    c->wanted = Connection::HeaderOfInterest::None;
    c->value.clear();
    return 0;
}

int onHeadersComplete(llhttp_t *p)
{
    auto *c = static_cast<Connection *>(p->data);
    c->keepAlive = llhttp_should_keep_alive(p) != 0;
    c->http10 = p->http_major == 1 && p->http_minor == 0;
    if ((p->flags & F_CONTENT_LENGTH) && p->content_length > kMaxBodyBytes) {
        c->limitStatus = 413;
        return -1;
    }
    if (c->expectContinue && !c->http10)
        c->out += "HTTP/1.1 100 Continue\r\n\r\n";
    return 0;
}

int onBody(llhttp_t *p, const char *at, size_t len)
{
    auto *c = static_cast<Connection *>(p->data);
    if (c->body.size() + len > kMaxBodyBytes) {
        c->limitStatus = 413;
        return -1;
    }
    c->body.append(at, len);
    return 0;
}

int onMessageComplete(llhttp_t *)
{
    // Pausing hands the complete request to the worker outside the callback, which can then
    // stop parsing (a delayed response) with the rest of the input untouched.
    return HPE_PAUSED;
}

const llhttp_settings_t *parserSettings()
{
    static const llhttp_settings_t settings = [] {
        llhttp_settings_t s;
        llhttp_settings_init(&s);
        s.on_message_begin = onMessageBegin;
        s.on_url = onUrl;
        s.on_header_field = onHeaderField;
        s.on_header_field_complete = onHeaderFieldComplete;
        s.on_header_value = onHeaderValue;
        s.on_header_value_complete = onHeaderValueComplete;
        s.on_headers_complete = onHeadersComplete;
        s.on_body = onBody;
        s.on_message_complete = onMessageComplete;
        return s;
    }();
    return &settings;
}

} // namespace

Connection::Connection() = default;

Connection::~Connection()
{
    h2.reset();
    if (ssl)
        SSL_free(ssl);
}

void Connection::startParser()
{
    llhttp_init(&parser, HTTP_REQUEST, parserSettings());
    parser.data = this;
}

} // namespace sb::target
