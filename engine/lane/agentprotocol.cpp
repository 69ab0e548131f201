#include "lane/agentprotocol.h"

#include "core/qterror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <algorithm>
#include <cmath>

namespace sb::lane {

namespace {

constexpr int kMaxLengthDigits = 8;
// JSON numbers are doubles: integers beyond 2^53 would not survive.
constexpr double kMaxExactInteger = 9007199254740992.0;

sb::Error messageError(const QString &detail)
{
    return sb::qtError(QString::fromLatin1(kMessageError), QString(), detail);
}

// Reads an integer member within [min, max].
sb::Result<int64_t> integer(const QJsonObject &o, const char *name, int64_t min, int64_t max)
{
    const QJsonValue v = o.value(QLatin1String(name));
    if (!v.isDouble())
        return messageError(
            QStringLiteral("'%1' is missing or not a number").arg(QLatin1String(name)));
    const double d = v.toDouble();
    if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > kMaxExactInteger ||
        d < double(min) || d > double(max))
        return messageError(QStringLiteral("'%1' must be an integer in %2 .. %3")
                                .arg(QLatin1String(name))
                                .arg(min)
                                .arg(max));
    return int64_t(d);
}

sb::Result<double> number(const QJsonObject &o, const char *name, double min, double max)
{
    const QJsonValue v = o.value(QLatin1String(name));
    const double d = v.toDouble();
    if (!v.isDouble() || !std::isfinite(d) || d < min || d > max)
        return messageError(QStringLiteral("'%1' must be a number in %2 .. %3")
                                .arg(QLatin1String(name))
                                .arg(min)
                                .arg(max));
    return d;
}

sb::Result<bool> boolean(const QJsonObject &o, const char *name)
{
    const QJsonValue v = o.value(QLatin1String(name));
    if (!v.isBool())
        return messageError(QStringLiteral("'%1' must be true or false").arg(QLatin1String(name)));
    return v.toBool();
}

sb::Result<QString> string(const QJsonObject &o, const char *name)
{
    const QJsonValue v = o.value(QLatin1String(name));
    if (!v.isString())
        return messageError(QStringLiteral("'%1' must be a string").arg(QLatin1String(name)));
    return v.toString();
}

// Latin-1 keeps every byte of a std::string as one character.
QString bytesText(const std::string &s)
{
    return QString::fromLatin1(s.data(), qsizetype(s.size()));
}

sb::Result<std::string> bytesOf(const QJsonObject &o, const char *name)
{
    const sb::Result<QString> s = string(o, name);
    if (!s.ok())
        return s.error();
    for (const QChar c : *s)
        if (c.unicode() > 0xff)
            return messageError(
                QStringLiteral("'%1' has a character beyond Latin-1").arg(QLatin1String(name)));
    return s->toLatin1().toStdString();
}

constexpr int64_t kMaxCount = int64_t(kMaxExactInteger);

// The Counters fields that are plain counts, in one table for both directions.
struct CounterField
{
    const char *name;
    int64_t load::Counters::*member;
};
constexpr CounterField kCounterFields[] = {
    {"requests", &load::Counters::requests},
    {"responses", &load::Counters::responses},
    {"ok", &load::Counters::ok},
    {"connectErrors", &load::Counters::connectErrors},
    {"readErrors", &load::Counters::readErrors},
    {"writeErrors", &load::Counters::writeErrors},
    {"timeouts", &load::Counters::timeouts},
    {"parseErrors", &load::Counters::parseErrors},
    {"bytesIn", &load::Counters::bytesIn},
    {"bytesOut", &load::Counters::bytesOut},
    {"reconnects", &load::Counters::reconnects},
    {"late", &load::Counters::late},
};

sb::Result<QJsonObject> object(const QJsonValue &v, const char *what)
{
    if (!v.isObject())
        return messageError(QStringLiteral("'%1' must be an object").arg(QLatin1String(what)));
    return v.toObject();
}

} // namespace

QByteArray encodeFrame(const QJsonObject &message)
{
    const QByteArray payload = QJsonDocument(message).toJson(QJsonDocument::Compact);
    return QByteArray::number(payload.size()) + ':' + payload + '\n';
}

FrameReader::FrameReader(qsizetype maxFrameBytes)
    : m_max(maxFrameBytes)
{}

void FrameReader::feed(const QByteArray &bytes)
{
    if (m_error)
        return;
    // Drop what was consumed before the buffer grows, so that it holds at most one frame.
    if (m_offset > 0) {
        m_buffer.remove(0, m_offset);
        m_offset = 0;
    }
    m_buffer.append(bytes);
}

sb::Error FrameReader::fail(const QString &detail)
{
    m_error = sb::qtError(QString::fromLatin1(kFrameError), QString(), detail);
    m_buffer.clear();
    m_offset = 0;
    return *m_error;
}

sb::Result<std::optional<QJsonObject>> FrameReader::next()
{
    if (m_error)
        return *m_error;
    const qsizetype available = m_buffer.size() - m_offset;
    const char *p = m_buffer.constData() + m_offset;
    // The header: digits then ':'.
    qsizetype digits = 0;
    while (digits < available && p[digits] >= '0' && p[digits] <= '9')
        ++digits;
    if (digits > kMaxLengthDigits)
        return fail(
            QStringLiteral("a frame's length has more than %1 digits").arg(kMaxLengthDigits));
    if (digits == available)
        return std::optional<QJsonObject>();
    if (digits == 0 || p[digits] != ':' || (digits > 1 && p[0] == '0'))
        return fail(QStringLiteral("the stream is not agent frames: it starts with \"%1\"")
                        .arg(QString::fromLatin1(QByteArray(p, std::min<qsizetype>(available, 40))
                                                     .toPercentEncoding(" :{}\"'.,/-_()[]"))));
    const qsizetype length = QByteArray(p, digits).toLongLong();
    if (length > m_max)
        return fail(QStringLiteral("a frame of %1 bytes is over the limit of %2 bytes")
                        .arg(length)
                        .arg(m_max));
    const qsizetype total = digits + 1 + length + 1;
    if (available < total)
        return std::optional<QJsonObject>();
    if (p[total - 1] != '\n')
        return fail(QStringLiteral("a frame of %1 bytes does not end in a newline").arg(length));
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(p + digits + 1, length), &error);
    if (error.error != QJsonParseError::NoError)
        return fail(QStringLiteral("a frame is not JSON: %1 at byte %2")
                        .arg(error.errorString())
                        .arg(error.offset));
    if (!doc.isObject())
        return fail(QStringLiteral("a frame is not a JSON object"));
    m_offset += total;
    return std::optional<QJsonObject>(doc.object());
}

sb::Status FrameReader::finish() const
{
    if (m_error)
        return *m_error;
    if (m_buffer.size() > m_offset)
        return sb::qtError(QString::fromLatin1(kFrameError), QString(),
                           QStringLiteral("the stream ended inside a frame (%1 bytes of it)")
                               .arg(m_buffer.size() - m_offset));
    return sb::Ok{};
}

QString messageType(const QJsonObject &message)
{
    return message.value(QLatin1String("type")).toString();
}

QJsonObject helloMessage(const AgentHello &hello)
{
    QJsonObject o{{QStringLiteral("type"), QStringLiteral("hello")},
                  {QStringLiteral("protocol"), hello.protocol},
                  {QStringLiteral("version"), hello.version}};
    if (!hello.host.isEmpty())
        o.insert(QStringLiteral("host"), hello.host);
    if (hello.cores > 0)
        o.insert(QStringLiteral("cores"), hello.cores);
    if (hello.pid > 0)
        o.insert(QStringLiteral("pid"), double(hello.pid));
    return o;
}

sb::Result<AgentHello> readHello(const QJsonObject &message)
{
    if (messageType(message) != QLatin1String("hello"))
        return messageError(QStringLiteral("the first message is not a hello but \"%1\"")
                                .arg(messageType(message).left(40)));
    AgentHello h;
    const sb::Result<int64_t> protocol = integer(message, "protocol", 0, 1 << 30);
    if (!protocol.ok())
        return protocol.error();
    h.protocol = int(*protocol);
    const sb::Result<QString> version = string(message, "version");
    if (!version.ok())
        return version.error();
    h.version = version->left(100);
    h.host = message.value(QLatin1String("host")).toString().left(255);
    h.cores = int(std::clamp(message.value(QLatin1String("cores")).toDouble(), 0.0, 1e6));
    h.pid = qint64(std::clamp(message.value(QLatin1String("pid")).toDouble(), 0.0, 1e12));
    return h;
}

sb::Status checkHello(const AgentHello &hello, const QString &hostName, const QString &ownVersion)
{
    if (hello.version != ownVersion || hello.protocol != kProtocolVersion)
        return sb::qtError(
            QString::fromLatin1(kVersionError), hostName,
            QStringLiteral("the agent is stackbench %1 (protocol %2), this is %3 (protocol %4): "
                           "install stackbench %3 on %5")
                .arg(hello.version.isEmpty() ? QStringLiteral("?") : hello.version)
                .arg(hello.protocol)
                .arg(ownVersion)
                .arg(kProtocolVersion)
                .arg(hostName));
    return sb::Ok{};
}

QJsonObject specJson(const load::LoadSpec &spec)
{
    QJsonArray headers;
    for (const auto &[name, value] : spec.request.headers)
        headers.append(QJsonArray{bytesText(name), bytesText(value)});
    QJsonArray cpus;
    for (int cpu : spec.cpus)
        cpus.append(cpu);
    return QJsonObject{
        {QStringLiteral("host"), bytesText(spec.host)},
        {QStringLiteral("port"), spec.port},
        {QStringLiteral("hostHeader"), bytesText(spec.hostHeader)},
        {QStringLiteral("method"), bytesText(spec.request.method)},
        {QStringLiteral("target"), bytesText(spec.request.target)},
        {QStringLiteral("headers"), headers},
        {QStringLiteral("body"),
         QString::fromLatin1(
             QByteArray(spec.request.body.data(), qsizetype(spec.request.body.size())).toBase64())},
        {QStringLiteral("connections"), spec.connections},
        {QStringLiteral("threads"), spec.threads},
        {QStringLiteral("open"), spec.mode == load::Mode::Open},
        {QStringLiteral("ratePerS"), spec.ratePerS},
        {QStringLiteral("warmupMs"), double(spec.warmupMs)},
        {QStringLiteral("warmupRequests"), double(spec.warmupRequests)},
        {QStringLiteral("durationMs"), double(spec.durationMs)},
        {QStringLiteral("requestLimit"), double(spec.requestLimit)},
        {QStringLiteral("timeoutMs"), double(spec.timeoutMs)},
        {QStringLiteral("intervalMs"), spec.intervalMs},
        {QStringLiteral("unreachableAbortMs"), double(spec.unreachableAbortMs)},
        {QStringLiteral("cpus"), cpus},
        {QStringLiteral("tls"), QJsonObject{{QStringLiteral("enabled"), spec.tls.enabled},
                                            {QStringLiteral("verify"), spec.tls.verify},
                                            {QStringLiteral("caFile"), bytesText(spec.tls.caFile)},
                                            {QStringLiteral("sni"), bytesText(spec.tls.sni)},
                                            {QStringLiteral("alpn"), bytesText(spec.tls.alpn)}}},
        {QStringLiteral("protocol"), spec.protocol == load::Protocol::Http2
                                         ? QStringLiteral("h2")
                                         : QStringLiteral("http/1.1")},
        {QStringLiteral("streams"), spec.streams}};
}

sb::Result<load::LoadSpec> readSpec(const QJsonValue &value)
{
    const sb::Result<QJsonObject> o = object(value, "spec");
    if (!o.ok())
        return o.error();
    load::LoadSpec s;
    for (auto [name, target] :
         {std::pair{"host", &s.host}, std::pair{"hostHeader", &s.hostHeader},
          std::pair{"method", &s.request.method}, std::pair{"target", &s.request.target}}) {
        sb::Result<std::string> b = bytesOf(*o, name);
        if (!b.ok())
            return b.error();
        *target = std::move(*b);
    }
    const sb::Result<QString> body = string(*o, "body");
    if (!body.ok())
        return body.error();
    const auto decoded =
        QByteArray::fromBase64Encoding(body->toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return messageError(QStringLiteral("'body' is not base64"));
    s.request.body = decoded.decoded.toStdString();
    const QJsonValue headers = o->value(QLatin1String("headers"));
    if (!headers.isArray())
        return messageError(QStringLiteral("'headers' must be an array"));
    for (const QJsonValue &h : headers.toArray()) {
        const QJsonArray pair = h.toArray();
        if (!h.isArray() || pair.size() != 2 || !pair[0].isString() || !pair[1].isString())
            return messageError(QStringLiteral("'headers' must hold [name, value] pairs"));
        s.request.headers.emplace_back(pair[0].toString().toLatin1().toStdString(),
                                       pair[1].toString().toLatin1().toStdString());
    }
    struct IntField
    {
        const char *name;
        int64_t min, max;
        int64_t *target64;
        int *target32;
    };
    int64_t port = 0;
    const IntField ints[] = {
        {"port", 1, 65535, &port, nullptr},
        {"connections", 1, 1 << 30, nullptr, &s.connections},
        {"threads", 1, 1 << 20, nullptr, &s.threads},
        {"warmupMs", 0, kMaxCount, &s.warmupMs, nullptr},
        {"warmupRequests", 0, kMaxCount, &s.warmupRequests, nullptr},
        {"durationMs", 0, kMaxCount, &s.durationMs, nullptr},
        {"requestLimit", 0, kMaxCount, &s.requestLimit, nullptr},
        {"timeoutMs", 0, kMaxCount, &s.timeoutMs, nullptr},
        {"intervalMs", 1, 1 << 30, nullptr, &s.intervalMs},
        {"unreachableAbortMs", 0, kMaxCount, &s.unreachableAbortMs, nullptr},
    };
    for (const IntField &f : ints) {
        const sb::Result<int64_t> v = integer(*o, f.name, f.min, f.max);
        if (!v.ok())
            return v.error();
        if (f.target64)
            *f.target64 = *v;
        else
            *f.target32 = int(*v);
    }
    s.port = uint16_t(port);
    const sb::Result<bool> open = boolean(*o, "open");
    if (!open.ok())
        return open.error();
    s.mode = *open ? load::Mode::Open : load::Mode::Closed;
    const sb::Result<double> rate = number(*o, "ratePerS", 0, 1e12);
    if (!rate.ok())
        return rate.error();
    s.ratePerS = *rate;
    const QJsonValue cpus = o->value(QLatin1String("cpus"));
    if (!cpus.isArray() || cpus.toArray().size() > 4096)
        return messageError(QStringLiteral("'cpus' must be an array of at most 4096 CPUs"));
    for (const QJsonValue &c : cpus.toArray()) {
        const double d = c.toDouble(-1);
        if (!c.isDouble() || d < 0 || d > 1 << 20 || d != std::floor(d))
            return messageError(QStringLiteral("'cpus' must hold CPU numbers"));
        s.cpus.push_back(int(d));
    }
    const sb::Result<QJsonObject> tls = object(o->value(QLatin1String("tls")), "tls");
    if (!tls.ok())
        return tls.error();
    for (auto [name, target] :
         {std::pair{"enabled", &s.tls.enabled}, std::pair{"verify", &s.tls.verify}}) {
        const sb::Result<bool> b = boolean(*tls, name);
        if (!b.ok())
            return b.error();
        *target = *b;
    }
    for (auto [name, target] : {std::pair{"caFile", &s.tls.caFile}, std::pair{"sni", &s.tls.sni},
                                std::pair{"alpn", &s.tls.alpn}}) {
        sb::Result<std::string> b = bytesOf(*tls, name);
        if (!b.ok())
            return b.error();
        *target = std::move(*b);
    }
    const sb::Result<QString> protocol = string(*o, "protocol");
    if (!protocol.ok())
        return protocol.error();
    if (*protocol == QLatin1String("h2"))
        s.protocol = load::Protocol::Http2;
    else if (*protocol == QLatin1String("http/1.1"))
        s.protocol = load::Protocol::Http1;
    else
        return messageError(QStringLiteral("'protocol' must be \"http/1.1\" or \"h2\""));
    const sb::Result<int64_t> streams = integer(*o, "streams", 1, 1 << 20);
    if (!streams.ok())
        return streams.error();
    s.streams = int(*streams);
    return s;
}

QJsonObject countersJson(const load::Counters &counters)
{
    QJsonObject o;
    for (const CounterField &f : kCounterFields)
        o.insert(QLatin1String(f.name), double(counters.*f.member));
    QJsonObject status;
    for (size_t code = 0; code < counters.status.size(); ++code)
        if (counters.status[code] != 0)
            status.insert(QString::number(code), double(counters.status[code]));
    o.insert(QStringLiteral("status"), status);
    return o;
}

sb::Result<load::Counters> readCounters(const QJsonValue &value)
{
    const sb::Result<QJsonObject> o = object(value, "counts");
    if (!o.ok())
        return o.error();
    load::Counters c;
    for (const CounterField &f : kCounterFields) {
        const sb::Result<int64_t> v = integer(*o, f.name, 0, kMaxCount);
        if (!v.ok())
            return v.error();
        c.*f.member = *v;
    }
    const sb::Result<QJsonObject> status = object(o->value(QLatin1String("status")), "status");
    if (!status.ok())
        return status.error();
    for (auto it = status->begin(); it != status->end(); ++it) {
        bool isCode = false;
        const int code = it.key().toInt(&isCode);
        if (!isCode || code < 0 || size_t(code) >= c.status.size() ||
            it.key() != QString::number(code))
            return messageError(QStringLiteral("'status' has a key that is no status code"));
        const sb::Result<int64_t> n =
            integer(*status, it.key().toLatin1().constData(), 0, kMaxCount);
        if (!n.ok())
            return n.error();
        c.status[size_t(code)] = *n;
    }
    return c;
}

QString histogramText(const Histogram &histogram)
{
    const std::vector<uint8_t> bytes = histogram.encode();
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char *>(bytes.data()), qsizetype(bytes.size()))
            .toBase64());
}

sb::Result<Histogram> readHistogram(const QJsonValue &value)
{
    if (!value.isString())
        return messageError(QStringLiteral("a histogram must be a base64 string"));
    const auto decoded = QByteArray::fromBase64Encoding(value.toString().toLatin1(),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return messageError(QStringLiteral("a histogram is not base64"));
    Histogram h;
    if (!h.decode(std::vector<uint8_t>(decoded.decoded.begin(), decoded.decoded.end())))
        return messageError(QStringLiteral("a histogram is malformed or corrupted"));
    return h;
}

QJsonObject intervalMessage(int id, const load::IntervalSnapshot &s, const Histogram *latency,
                            std::optional<double> generatorCores)
{
    QJsonObject o{{QStringLiteral("type"), QStringLiteral("interval")},
                  {QStringLiteral("id"), id},
                  {QStringLiteral("warmup"), s.warmup},
                  {QStringLiteral("index"), s.index},
                  {QStringLiteral("startS"), s.startS},
                  {QStringLiteral("endS"), s.endS},
                  {QStringLiteral("counts"), countersJson(s.counts)},
                  {QStringLiteral("okPerS"), s.okPerS},
                  {QStringLiteral("p50Us"), double(s.p50Us)},
                  {QStringLiteral("p90Us"), double(s.p90Us)},
                  {QStringLiteral("p99Us"), double(s.p99Us)},
                  {QStringLiteral("maxUs"), double(s.maxUs)},
                  {QStringLiteral("sendDelayMaxUs"), double(s.sendDelayMaxUs)},
                  {QStringLiteral("inFlight"), s.inFlight},
                  {QStringLiteral("draining"), s.draining}};
    if (latency)
        o.insert(QStringLiteral("latency"), histogramText(*latency));
    if (generatorCores)
        o.insert(QStringLiteral("generatorCores"), std::max(0.0, *generatorCores));
    return o;
}

sb::Result<ShareInterval> readInterval(const QJsonObject &o)
{
    ShareInterval r;
    load::IntervalSnapshot &s = r.snapshot;
    for (auto [name, target] :
         {std::pair{"warmup", &s.warmup}, std::pair{"draining", &s.draining}}) {
        const sb::Result<bool> b = boolean(o, name);
        if (!b.ok())
            return b.error();
        *target = *b;
    }
    for (auto [name, target] : {std::pair{"index", &s.index}, std::pair{"inFlight", &s.inFlight}}) {
        const sb::Result<int64_t> v = integer(o, name, 0, 1 << 30);
        if (!v.ok())
            return v.error();
        *target = int(*v);
    }
    for (auto [name, target] :
         {std::pair{"p50Us", &s.p50Us}, std::pair{"p90Us", &s.p90Us}, std::pair{"p99Us", &s.p99Us},
          std::pair{"maxUs", &s.maxUs}, std::pair{"sendDelayMaxUs", &s.sendDelayMaxUs}}) {
        const sb::Result<int64_t> v = integer(o, name, 0, kMaxCount);
        if (!v.ok())
            return v.error();
        *target = *v;
    }
    for (auto [name, target] : {std::pair{"startS", &s.startS}, std::pair{"endS", &s.endS},
                                std::pair{"okPerS", &s.okPerS}}) {
        const sb::Result<double> v = number(o, name, 0, 1e12);
        if (!v.ok())
            return v.error();
        *target = *v;
    }
    sb::Result<load::Counters> counts = readCounters(o.value(QLatin1String("counts")));
    if (!counts.ok())
        return counts.error();
    s.counts = *counts;
    if (o.contains(QLatin1String("latency"))) {
        sb::Result<Histogram> h = readHistogram(o.value(QLatin1String("latency")));
        if (!h.ok())
            return h.error();
        r.latency = std::move(*h);
    }
    if (o.contains(QLatin1String("generatorCores"))) {
        const sb::Result<double> cores = number(o, "generatorCores", 0, 1e6);
        if (!cores.ok())
            return cores.error();
        r.generatorCores = *cores;
    }
    return r;
}

QJsonObject resultJson(const load::LoadResult &r)
{
    QJsonArray cpus;
    for (int cpu : r.cpusApplied)
        cpus.append(cpu);
    return QJsonObject{{QStringLiteral("cancelled"), r.cancelled},
                       {QStringLiteral("aborted"), QString::fromStdString(r.aborted)},
                       {QStringLiteral("warmup"), countersJson(r.warmup)},
                       {QStringLiteral("total"), countersJson(r.total)},
                       {QStringLiteral("warmupS"), r.warmupS},
                       {QStringLiteral("elapsedS"), r.elapsedS},
                       {QStringLiteral("drainS"), r.drainS},
                       {QStringLiteral("inFlightAtEnd"), double(r.inFlightAtEnd)},
                       {QStringLiteral("okPerS"), r.okPerS},
                       {QStringLiteral("clientCpuS"), r.clientCpuS},
                       {QStringLiteral("processCpuS"), r.processCpuS},
                       {QStringLiteral("latency"), histogramText(r.latency)},
                       {QStringLiteral("latencyUncorrected"), histogramText(r.latencyUncorrected)},
                       {QStringLiteral("sendDelay"), histogramText(r.sendDelay)},
                       {QStringLiteral("cpusApplied"), cpus}};
}

sb::Result<load::LoadResult> readResult(const QJsonValue &value)
{
    const sb::Result<QJsonObject> o = object(value, "result");
    if (!o.ok())
        return o.error();
    load::LoadResult r;
    const sb::Result<bool> cancelled = boolean(*o, "cancelled");
    if (!cancelled.ok())
        return cancelled.error();
    r.cancelled = *cancelled;
    const sb::Result<QString> aborted = string(*o, "aborted");
    if (!aborted.ok())
        return aborted.error();
    r.aborted = aborted->left(1000).toStdString();
    for (auto [name, target] : {std::pair{"warmup", &r.warmup}, std::pair{"total", &r.total}}) {
        sb::Result<load::Counters> c = readCounters(o->value(QLatin1String(name)));
        if (!c.ok())
            return c.error();
        *target = *c;
    }
    for (auto [name, target] :
         {std::pair{"warmupS", &r.warmupS}, std::pair{"elapsedS", &r.elapsedS},
          std::pair{"drainS", &r.drainS}, std::pair{"okPerS", &r.okPerS},
          std::pair{"clientCpuS", &r.clientCpuS}, std::pair{"processCpuS", &r.processCpuS}}) {
        const sb::Result<double> v = number(*o, name, 0, 1e12);
        if (!v.ok())
            return v.error();
        *target = *v;
    }
    const sb::Result<int64_t> inFlight = integer(*o, "inFlightAtEnd", 0, kMaxCount);
    if (!inFlight.ok())
        return inFlight.error();
    r.inFlightAtEnd = *inFlight;
    for (auto [name, target] :
         {std::pair{"latency", &r.latency}, std::pair{"latencyUncorrected", &r.latencyUncorrected},
          std::pair{"sendDelay", &r.sendDelay}}) {
        sb::Result<Histogram> h = readHistogram(o->value(QLatin1String(name)));
        if (!h.ok())
            return h.error();
        *target = std::move(*h);
    }
    const QJsonValue cpus = o->value(QLatin1String("cpusApplied"));
    if (!cpus.isArray() || cpus.toArray().size() > 4096)
        return messageError(QStringLiteral("'cpusApplied' must be an array of CPUs"));
    for (const QJsonValue &c : cpus.toArray())
        r.cpusApplied.push_back(int(std::clamp(c.toDouble(), 0.0, 1e6)));
    return r;
}

QJsonObject idMessage(const char *type, int id)
{
    return QJsonObject{{QStringLiteral("type"), QLatin1String(type)}, {QStringLiteral("id"), id}};
}

QJsonObject loadMessage(int id, const load::LoadSpec &spec)
{
    QJsonObject o = idMessage("load", id);
    o.insert(QStringLiteral("spec"), specJson(spec));
    return o;
}

QJsonObject errorMessage(int id, const sb::Error &error)
{
    QJsonObject o = idMessage("error", id);
    o.insert(QStringLiteral("code"), QString::fromStdString(error.code));
    o.insert(QStringLiteral("where"), QString::fromStdString(error.where));
    o.insert(QStringLiteral("detail"), QString::fromStdString(error.detail));
    return o;
}

sb::Error readError(const QJsonObject &message)
{
    auto field = [&](const char *name) {
        return message.value(QLatin1String(name)).toString().left(2000);
    };
    QString code = field("code");
    if (code.isEmpty())
        code = QString::fromLatin1(kAgentError);
    QString detail = field("detail");
    if (detail.isEmpty())
        detail = QStringLiteral("the agent reported an error without a reason");
    return sb::qtError(code, field("where"), detail);
}

sb::Result<int> readId(const QJsonObject &message)
{
    const sb::Result<int64_t> id = integer(message, "id", 0, 1 << 30);
    if (!id.ok())
        return id.error();
    return int(*id);
}

} // namespace sb::lane
