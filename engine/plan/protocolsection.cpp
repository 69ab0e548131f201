// "protocol" and "streams": the HTTP version a configuration is measured and probed with, in
// "load" (every configuration) and per configuration.

#include "core/enginetext.h"
#include "plansections.h"

namespace sb::plan {

QString protocolKey(HttpProtocol protocol)
{
    return protocol == HttpProtocol::Http2 ? QStringLiteral("h2") : QStringLiteral("http/1.1");
}

QString protocolDescription(HttpProtocol protocol, bool tls, int streams)
{
    if (protocol == HttpProtocol::Http1)
        return tls ? QStringLiteral("HTTP/1.1 over TLS") : QStringLiteral("HTTP/1.1");
    return QStringLiteral("%1, %2 per connection")
        .arg(tls ? QStringLiteral("HTTP/2 over TLS (ALPN h2)")
                 : QStringLiteral("HTTP/2 (h2c, prior knowledge)"),
             streams == 1 ? QStringLiteral("1 stream") : QStringLiteral("%1 streams").arg(streams));
}

void readProtocolKeys(SectionContext &ctx, const JsonValue &obj, const QString &path,
                      SectionContext::ProtocolKeys &out)
{
    FieldReader &f = ctx.fields;
    if (const JsonValue *v = obj.value(u"protocol")) {
        const QString p = jsonChildPath(path, QStringLiteral("protocol"));
        const QStringList allowed = latin1List({"http/1.1", "h2"});
        if (!v->isString()) {
            f.typeError(*v, p, trEngine("sb::plan", "one of %1").arg(quotedList(allowed)));
        } else if (const qsizetype i = allowed.indexOf(v->string.trimmed().toLower()); i >= 0) {
            out.protocol = i == 1 ? HttpProtocol::Http2 : HttpProtocol::Http1;
            out.protocolAt = v;
            out.protocolPath = p;
        } else {
            const QString lower = v->string.trimmed().toLower();
            QString hint;
            if (lower == QLatin1String("h2c"))
                hint = trEngine("sb::plan", " (\"h2\" over an http:// base_url is h2c, cleartext "
                                            "HTTP/2 with prior knowledge)");
            else if (lower == QLatin1String("http/2") || lower == QLatin1String("http2") ||
                     lower == QLatin1String("http/2.0"))
                hint = trEngine("sb::plan", " (HTTP/2 is \"h2\")");
            else if (lower == QLatin1String("http/1") || lower == QLatin1String("http/1.0") ||
                     lower == QLatin1String("http1"))
                hint = trEngine("sb::plan", " (HTTP/1.1 is \"http/1.1\")");
            else if (lower == QLatin1String("h3") || lower == QLatin1String("http/3"))
                hint = trEngine("sb::plan", " (HTTP/3 is not supported)");
            f.error(*v, p, "plan.enum",
                    trEngine("sb::plan", "unknown protocol \"%1\"; accepted: %2%3")
                        .arg(v->string, quotedList(allowed), hint));
        }
    }
    if (const JsonValue *v = obj.value(u"streams")) {
        const QString p = jsonChildPath(path, QStringLiteral("streams"));
        int streams = 1;
        if (f.integer(*v, p, 1, kMaxStreams, streams)) {
            out.streams = streams;
            out.streamsAt = v;
            out.streamsPath = p;
        }
    }
}

namespace {

// streams > 1 without h2 (the keys as they are given at one level, after the levels above are
// laid under them): an error at the streams key.
void checkStreams(SectionContext &ctx, const SectionContext::ProtocolKeys &keys,
                  HttpProtocol protocol, const QString &configuration)
{
    if (!keys.streams || *keys.streams <= 1 || protocol == HttpProtocol::Http2 || !keys.streamsAt)
        return;
    const QString message =
        configuration.isEmpty()
            ? trEngine("sb::plan", "streams %1 needs \"protocol\": \"h2\" (HTTP/1.1 carries one "
                                   "request at a time per connection)")
                  .arg(*keys.streams)
            : trEngine("sb::plan", "streams %1 needs \"protocol\": \"h2\"; configuration \"%2\" "
                                   "speaks http/1.1 (HTTP/1.1 carries one request at a time per "
                                   "connection)")
                  .arg(*keys.streams)
                  .arg(configuration);
    ctx.fields.error(*keys.streamsAt, keys.streamsPath, "plan.value", message);
}

} // namespace

void applyProtocolSettings(SectionContext &ctx)
{
    const SectionContext::ProtocolKeys &load = ctx.loadProtocol;
    ctx.plan.load.protocol = load.protocol.value_or(HttpProtocol::Http1);
    ctx.plan.load.streams = load.streams.value_or(1);
    checkStreams(ctx, load, ctx.plan.load.protocol, QString());
    for (Configuration &c : ctx.plan.configurations) {
        const auto own = ctx.configurationProtocol.constFind(c.name);
        c.protocol = ctx.plan.load.protocol;
        if (own != ctx.configurationProtocol.cend() && own->protocol)
            c.protocol = *own->protocol;
        if (own != ctx.configurationProtocol.cend() && own->streams) {
            c.streams = *own->streams;
            checkStreams(ctx, *own, c.protocol, c.name);
        } else {
            // The plan's streams are HTTP/2's: a configuration that speaks http/1.1 has 1.
            c.streams = c.protocol == HttpProtocol::Http2 ? ctx.plan.load.streams : 1;
        }
    }
}

} // namespace sb::plan
