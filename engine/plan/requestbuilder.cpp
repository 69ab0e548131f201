#include "plan/requestbuilder.h"

#include "core/enginetext.h"
#include "core/qterror.h"
#include "http/url.h"

namespace sb::plan {

namespace {

bool isTokenChar(QChar c)
{
    static const QString extra = QStringLiteral("!#$%&'*+-.^_`|~");
    const char16_t u = c.unicode();
    return u < 128 && ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') ||
                       extra.contains(c));
}

bool isControl(char16_t u)
{
    return u < 0x20 || u == 0x7F;
}

sb::Error requestError(const char *code, const QString &where, const QString &detail)
{
    return sb::qtError(QString::fromLatin1(code), where, detail);
}

// Spaces and tabs around a header value are not part of it (RFC 9110's OWS).
QString withoutOws(const QString &value)
{
    qsizetype begin = 0;
    qsizetype end = value.size();
    auto ows = [](QChar c) { return c == QLatin1Char(' ') || c == QLatin1Char('\t'); };
    while (begin < end && ows(value[begin]))
        ++begin;
    while (end > begin && ows(value[end - 1]))
        --end;
    return value.mid(begin, end - begin);
}

} // namespace

const QStringList &requestMethods()
{
    static const QStringList methods = {QStringLiteral("GET"),    QStringLiteral("HEAD"),
                                        QStringLiteral("POST"),   QStringLiteral("PUT"),
                                        QStringLiteral("PATCH"),  QStringLiteral("DELETE"),
                                        QStringLiteral("OPTIONS")};
    return methods;
}

bool isHeaderToken(const QString &text)
{
    bool token = !text.isEmpty();
    for (const QChar c : text)
        token = token && isTokenChar(c);
    return token;
}

QString headerNameProblem(const QString &name)
{
    if (!isHeaderToken(name))
        return trEngine("sb::plan", "invalid header name \"%1\"").arg(name);
    if (name.compare(QLatin1String("Content-Length"), Qt::CaseInsensitive) == 0 ||
        name.compare(QLatin1String("Transfer-Encoding"), Qt::CaseInsensitive) == 0)
        return trEngine("sb::plan", "\"%1\" is set by Stackbench from the body; remove it")
            .arg(name);
    return QString();
}

QString headerValueProblem(const QString &value)
{
    if (value.contains(QLatin1Char('\r')) || value.contains(QLatin1Char('\n')))
        return trEngine("sb::plan", "a header value must not contain line breaks");
    for (const QChar c : value)
        if (isControl(c.unicode()) && c != QLatin1Char('\t'))
            return trEngine("sb::plan", "a header value must not contain control characters");
    return QString();
}

TargetFault targetFault(const QString &target)
{
    if (!target.startsWith(QLatin1Char('/')))
        return TargetFault::NotAbsolute;
    for (const QChar c : target)
        if (c.unicode() <= 0x20 || c.unicode() == 0x7F)
            return TargetFault::SpaceOrControl;
    return TargetFault::None;
}

sb::Status RequestBuilder::setUrl(const QString &url)
{
    const sb::Result<http::Url> parsed = http::parseUrl(url.toStdString());
    if (!parsed.ok())
        return requestError("request.url", QString(), sb::qtDetail(parsed.error()));
    m_request.tls = parsed->tls;
    m_request.host = QString::fromStdString(parsed->host);
    m_request.port = parsed->port;
    m_request.hostHeader = QString::fromStdString(parsed->hostHeader);
    m_request.target = QString::fromStdString(parsed->target);
    return sb::Ok{};
}

sb::Status RequestBuilder::setTarget(const QString &target)
{
    switch (targetFault(target)) {
    case TargetFault::NotAbsolute:
        return requestError("request.target", QString(),
                            trEngine("sb::plan", "path \"%1\" must start with '/'").arg(target));
    case TargetFault::SpaceOrControl:
        return requestError("request.target", QString(),
                            trEngine("sb::plan", "path \"%1\" must not contain spaces or control "
                                                 "characters; percent-encode them")
                                .arg(target));
    case TargetFault::None:
        break;
    }
    m_request.target = target;
    return sb::Ok{};
}

sb::Status RequestBuilder::setMethod(const QString &method)
{
    const QString upper = method.trimmed().toUpper();
    if (!requestMethods().contains(upper))
        return requestError(
            "request.method", QString(),
            trEngine("sb::plan", "\"%1\" is not an HTTP method Stackbench sends; use one of %2")
                .arg(method, requestMethods().join(QStringLiteral(", "))));
    m_request.method = upper;
    return sb::Ok{};
}

sb::Status RequestBuilder::addHeader(const QString &name, const QString &value)
{
    if (const QString problem = headerNameProblem(name); !problem.isEmpty())
        return requestError("request.header", QString(), problem);
    if (const QString problem = headerValueProblem(value); !problem.isEmpty())
        return requestError("request.header", name, problem);
    if (name.compare(QLatin1String("Host"), Qt::CaseInsensitive) == 0)
        m_request.hostHeader = withoutOws(value);
    else
        m_request.headers.append(Header{name, withoutOws(value)});
    return sb::Ok{};
}

void RequestBuilder::setBody(const QByteArray &body)
{
    m_request.body = body;
}

sb::Result<HttpRequest> routeRequest(const QString &baseUrl, const RequestSpec &route)
{
    RequestBuilder b;
    if (sb::Status s = b.setUrl(baseUrl); !s.ok())
        return s.error();
    if (sb::Status s = b.setTarget(route.path); !s.ok())
        return s.error();
    if (sb::Status s = b.setMethod(route.method); !s.ok())
        return s.error();
    for (const Header &h : route.headers)
        if (sb::Status s = b.addHeader(h.name, h.value); !s.ok())
            return s.error();
    if (route.hasBody)
        b.setBody(route.body);
    return b.request();
}

} // namespace sb::plan
