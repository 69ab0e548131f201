#pragma once

// One request, from whatever describes it - a plan's route below its configuration's base_url,
// `stackbench load`'s URL and options, the quick test's form - to what a window sends: the one
// URL grammar (http::parseUrl), the one method list, the one rule for header names and values,
// and what a Host header does. Plans check their routes with the same functions, so a request
// that a plan, the command line or the form accepts is accepted by all three.
//
// The rule:
// - methods: requestMethods(); the builder takes them in any case and sends them upper case
//   (a plan file writes them upper case);
// - header names: an RFC 9110 token (letters, digits and !#$%&'*+-.^_`|~), so no ':', space,
//   control character or non-ASCII; Content-Length and Transfer-Encoding are refused (Stackbench
//   sets the length from the body);
// - header values: no CR or LF (a line break would start a header of its own) and no other
//   control character but TAB; spaces and tabs around the value are dropped;
// - Host: replaces the Host value the URL gives (host[:port]) instead of being sent twice;
// - targets: start with '/', no space or control character (percent-encode them).
// Pure; any thread.

#include "core/result.h"
#include "plan/plan.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace sb::plan {

// The methods a request may use: GET HEAD POST PUT PATCH DELETE OPTIONS, in that order.
const QStringList &requestMethods();

// Whether `text` is an RFC 9110 token, the characters a header name may have.
bool isHeaderToken(const QString &text);

// Why `name` cannot be a header name ("invalid header name \"X A\"", "\"Content-Length\" is set
// by Stackbench from the body; remove it"), or an empty string when it can.
QString headerNameProblem(const QString &name);

// Why `value` cannot be a header value ("a header value must not contain line breaks", "... must
// not contain control characters"), or an empty string when it can.
QString headerValueProblem(const QString &value);

// What is wrong with a request target (path and query).
enum class TargetFault
{
    None,
    NotAbsolute,   // it does not start with '/'
    SpaceOrControl // it holds a space, a control character or DEL
};
TargetFault targetFault(const QString &target);

// TlsSettings (how an https:// request's TLS is set up): plan.h.

// A request with where it goes: what one window sends on every connection. Plain values.
struct HttpRequest
{
    bool tls = false;        // https://: HTTP/1.1 over TLS
    TlsSettings tlsSettings; // used when tls
    // HTTP/1.1, or HTTP/2 (ALPN h2 when tls, else cleartext with prior knowledge: h2c)
    HttpProtocol protocol = HttpProtocol::Http1;
    QString host = QStringLiteral("127.0.0.1"); // address or name to connect to (IPv6 bare)
    quint16 port = 80;                          // TCP port
    QString hostHeader;                         // the Host value: the URL's host[:port] or Host
    QString method = QStringLiteral("GET");     // one of requestMethods(), upper case
    QString target = QStringLiteral("/");       // path and query
    QList<Header> headers;                      // extra headers in order; never Host
    QByteArray body;                            // sent as is; empty = none
};

// Builds an HttpRequest part by part, each part checked against the rule above as it is given.
// Errors: code "request.url" (the URL grammar's reason, e.g. "unsupported scheme 'https'"; the
// URL itself is never echoed: it may hold a password, e.g. "unsupported scheme 'ftp'"),
// "request.target", "request.method",
// "request.header" (where = the header's name); the request keeps its previous value then.
class RequestBuilder
{
public:
    // "http[s]://host[:port]/path?query": scheme (tls), host, port, Host value and target.
    sb::Status setUrl(const QString &url);
    // TLS settings of an https:// URL (kept, and unused, for http://).
    void setTlsSettings(const TlsSettings &settings) { m_request.tlsSettings = settings; }
    // Replaces the target (a route's path below its configuration's base_url).
    sb::Status setTarget(const QString &target);
    // One of requestMethods(), in any case.
    sb::Status setMethod(const QString &method);
    // Adds an extra header, or sets the Host value when `name` is Host (any case).
    sb::Status addHeader(const QString &name, const QString &value);
    void setBody(const QByteArray &body);

    const HttpRequest &request() const { return m_request; }

private:
    HttpRequest m_request;
};

// The request a plan's route sends to a configuration: `baseUrl` (Configuration::baseUrl), then
// the route's method, path, headers and body. Errors: RequestBuilder's (a loaded plan passes them
// all: it was checked by the same rule).
sb::Result<HttpRequest> routeRequest(const QString &baseUrl, const RequestSpec &route);

} // namespace sb::plan
