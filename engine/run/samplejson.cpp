#include "run/samplejson.h"

#include "core/qterror.h"

#include <QJsonArray>
#include <cmath>

namespace sb::run {

namespace {

constexpr qsizetype kMaxEvents = 1000;      // events of one reading or summary
constexpr qsizetype kMaxForeign = 3;        // foreign processes of one span (ForeignTop)
constexpr qsizetype kMaxIntervals = 100000; // a window's intervals (60 min at 100 ms = 36,000)
constexpr qsizetype kMaxText = 300;         // an event's detail, a process name

// Reads fields of one object, remembering the first problem.
class Fields
{
public:
    Fields(const QJsonValue &value, const char *what)
        : m_object(value.toObject())
        , m_what(what)
    {
        if (!value.isObject())
            fail(QStringLiteral("not an object"));
    }

    double number(const char *key, double min = -1e18, double max = 1e18)
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < min ||
            v.toDouble() > max) {
            fail(QStringLiteral("\"%1\" is not a number in range").arg(QLatin1String(key)));
            return 0;
        }
        return v.toDouble();
    }
    qint64 integer(const char *key, double min = 0, double max = 9e15)
    {
        return qint64(std::llround(number(key, min, max)));
    }
    bool boolean(const char *key)
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (!v.isBool())
            fail(QStringLiteral("\"%1\" is not true or false").arg(QLatin1String(key)));
        return v.toBool();
    }
    QString text(const char *key)
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (!v.isString())
            fail(QStringLiteral("\"%1\" is not a string").arg(QLatin1String(key)));
        return v.toString().left(kMaxText);
    }
    QJsonArray array(const char *key, qsizetype max)
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (!v.isArray() || v.toArray().size() > max) {
            fail(QStringLiteral("\"%1\" is not a list of at most %2")
                     .arg(QLatin1String(key))
                     .arg(max));
            return {};
        }
        return v.toArray();
    }
    QJsonValue value(const char *key) const { return m_object.value(QLatin1String(key)); }
    void fail(const QString &why)
    {
        if (m_error.isEmpty())
            m_error = QStringLiteral("%1: %2").arg(QLatin1String(m_what), why);
    }
    void take(const sb::Status &st)
    {
        if (!st.ok())
            fail(sb::qtDetail(st.error()));
    }
    sb::Status status() const
    {
        if (m_error.isEmpty())
            return sb::Ok{};
        return sb::qtError(QStringLiteral("lane.message"), QString(), m_error);
    }

private:
    QJsonObject m_object;
    const char *m_what;
    QString m_error;
};

QJsonObject eventJson(const SamplerEvent &e)
{
    return QJsonObject{{QStringLiteral("kind"), e.kind},
                       {QStringLiteral("at_s"), e.atS},
                       {QStringLiteral("pid"), double(e.pid)},
                       {QStringLiteral("detail"), e.detail}};
}

QJsonArray eventsJson(const QList<SamplerEvent> &events)
{
    QJsonArray a;
    for (const SamplerEvent &e : events.mid(0, kMaxEvents))
        a.append(eventJson(e));
    return a;
}

sb::Status readEvents(const QJsonArray &array, QList<SamplerEvent> &out)
{
    for (const QJsonValue &v : array) {
        Fields f(v, "event");
        SamplerEvent e;
        e.kind = f.text("kind");
        e.atS = f.number("at_s", 0);
        e.pid = f.integer("pid");
        e.detail = f.text("detail");
        if (sb::Status st = f.status(); !st.ok())
            return st;
        out.append(e);
    }
    return sb::Ok{};
}

QJsonArray foreignJson(const QList<ForeignProcess> &list)
{
    QJsonArray a;
    for (const ForeignProcess &p : list.mid(0, kMaxForeign))
        a.append(QJsonObject{{QStringLiteral("name"), p.name},
                             {QStringLiteral("pid"), double(p.pid)},
                             {QStringLiteral("cores"), p.cores}});
    return a;
}

// Names are the sampler's own sanitised text on the agent's side; here they are checked again.
QString saneName(const QString &name)
{
    QString out = name.left(15);
    for (QChar &c : out) {
        const char16_t u = c.unicode();
        if (u < 0x20 || u > 0x7e || QStringLiteral("<>&\"'`\\").contains(c))
            c = QLatin1Char('?');
    }
    return out;
}

sb::Status readForeign(const QJsonArray &array, QList<ForeignProcess> &out)
{
    for (const QJsonValue &v : array) {
        Fields f(v, "foreign process");
        ForeignProcess p;
        p.name = saneName(f.text("name"));
        p.pid = f.integer("pid");
        p.cores = f.number("cores", 0, 1e6);
        if (sb::Status st = f.status(); !st.ok())
            return st;
        out.append(p);
    }
    return sb::Ok{};
}

QJsonObject seriesJson(const SeriesFigures &s)
{
    return QJsonObject{{QStringLiteral("mean"), s.mean}, {QStringLiteral("peak"), s.peak}};
}

SeriesFigures readSeries(Fields &parent, const char *key)
{
    Fields f(parent.value(key), key);
    SeriesFigures s;
    s.mean = f.number("mean", 0);
    s.peak = f.number("peak", 0);
    parent.take(f.status());
    return s;
}

} // namespace

QJsonObject readingJson(const TreeReading &r)
{
    return QJsonObject{{QStringLiteral("index"), r.index},
                       {QStringLiteral("start_s"), r.startS},
                       {QStringLiteral("end_s"), r.endS},
                       {QStringLiteral("final"), r.final},
                       {QStringLiteral("server_cores"), r.serverCores},
                       {QStringLiteral("server_cpu_s"), r.serverCpuS},
                       {QStringLiteral("rss_bytes"), double(r.rssBytes)},
                       {QStringLiteral("pss_bytes"), double(r.pssBytes)},
                       {QStringLiteral("processes"), r.processes},
                       {QStringLiteral("root_alive"), r.rootAlive},
                       {QStringLiteral("foreign_pct"), r.foreignPct},
                       {QStringLiteral("excluded_pct"), r.excludedPct},
                       {QStringLiteral("excluded_processes"), r.excludedProcesses},
                       {QStringLiteral("own_pct"), r.ownPct},
                       {QStringLiteral("generator_pct"), r.generatorPct},
                       {QStringLiteral("machine_pct"), r.machinePct},
                       {QStringLiteral("events"), eventsJson(r.events)},
                       {QStringLiteral("foreign_top"), foreignJson(r.foreignTop)}};
}

sb::Result<TreeReading> readReading(const QJsonValue &value)
{
    Fields f(value, "reading");
    TreeReading r;
    r.index = int(f.integer("index", 0, 1e9));
    r.startS = f.number("start_s", 0);
    r.endS = f.number("end_s", 0);
    r.final = f.boolean("final");
    r.serverCores = f.number("server_cores", 0);
    r.serverCpuS = f.number("server_cpu_s", 0);
    r.rssBytes = f.integer("rss_bytes");
    r.pssBytes = f.integer("pss_bytes");
    r.processes = int(f.integer("processes", 0, 1e9));
    r.rootAlive = f.boolean("root_alive");
    r.foreignPct = f.number("foreign_pct", 0);
    r.excludedPct = f.number("excluded_pct", 0);
    r.excludedProcesses = int(f.integer("excluded_processes", 0, 1e9));
    r.ownPct = f.number("own_pct", 0);
    r.generatorPct = f.number("generator_pct", 0);
    r.machinePct = f.number("machine_pct", 0);
    f.take(readEvents(f.array("events", kMaxEvents), r.events));
    f.take(readForeign(f.array("foreign_top", kMaxForeign), r.foreignTop));
    if (sb::Status st = f.status(); !st.ok())
        return st.error();
    return r;
}

QJsonObject summaryJson(const TreeSummary &s)
{
    QJsonArray intervals;
    for (const QList<ForeignProcess> &list : s.foreignTop.intervals.mid(0, kMaxIntervals))
        intervals.append(foreignJson(list));
    return QJsonObject{{QStringLiteral("duration_s"), s.durationS},
                       {QStringLiteral("samples"), s.samples},
                       {QStringLiteral("server_cores"), seriesJson(s.serverCores)},
                       {QStringLiteral("server_processes"), seriesJson(s.serverProcesses)},
                       {QStringLiteral("foreign_pct"), seriesJson(s.foreignPct)},
                       {QStringLiteral("excluded_pct"), seriesJson(s.excludedPct)},
                       {QStringLiteral("own_pct"), seriesJson(s.ownPct)},
                       {QStringLiteral("generator_pct"), seriesJson(s.generatorPct)},
                       {QStringLiteral("machine_pct"), seriesJson(s.machinePct)},
                       {QStringLiteral("server_cpu_s"), s.serverCpuS},
                       {QStringLiteral("foreign_cpu_s"), s.foreignCpuS},
                       {QStringLiteral("excluded_cpu_s"), s.excludedCpuS},
                       {QStringLiteral("own_cpu_s"), s.ownCpuS},
                       {QStringLiteral("generator_cpu_s"), s.generatorCpuS},
                       {QStringLiteral("machine_cpu_s"), s.machineCpuS},
                       {QStringLiteral("rss_bytes_peak"), double(s.rssBytesPeak)},
                       {QStringLiteral("pss_bytes_peak"), double(s.pssBytesPeak)},
                       {QStringLiteral("client_bound"), s.clientBound},
                       {QStringLiteral("root_exited"), s.rootExited},
                       {QStringLiteral("slept"), s.slept},
                       {QStringLiteral("foreign_sampled"), s.foreignTop.sampled},
                       {QStringLiteral("foreign_window"), foreignJson(s.foreignTop.window)},
                       {QStringLiteral("foreign_intervals"), intervals},
                       {QStringLiteral("events"), eventsJson(s.events)}};
}

sb::Result<TreeSummary> readSummary(const QJsonValue &value)
{
    Fields f(value, "summary");
    TreeSummary s;
    s.durationS = f.number("duration_s", 0);
    s.samples = int(f.integer("samples", 0, double(kMaxIntervals)));
    s.serverCores = readSeries(f, "server_cores");
    s.serverProcesses = readSeries(f, "server_processes");
    s.foreignPct = readSeries(f, "foreign_pct");
    s.excludedPct = readSeries(f, "excluded_pct");
    s.ownPct = readSeries(f, "own_pct");
    s.generatorPct = readSeries(f, "generator_pct");
    s.machinePct = readSeries(f, "machine_pct");
    s.serverCpuS = f.number("server_cpu_s", 0);
    s.foreignCpuS = f.number("foreign_cpu_s", 0);
    s.excludedCpuS = f.number("excluded_cpu_s", 0);
    s.ownCpuS = f.number("own_cpu_s", 0);
    s.generatorCpuS = f.number("generator_cpu_s", 0);
    s.machineCpuS = f.number("machine_cpu_s", 0);
    s.rssBytesPeak = f.integer("rss_bytes_peak");
    s.pssBytesPeak = f.integer("pss_bytes_peak");
    s.clientBound = f.boolean("client_bound");
    s.rootExited = f.boolean("root_exited");
    s.slept = f.boolean("slept");
    s.foreignTop.sampled = f.boolean("foreign_sampled");
    f.take(readForeign(f.array("foreign_window", kMaxForeign), s.foreignTop.window));
    for (const QJsonValue &v : f.array("foreign_intervals", kMaxIntervals)) {
        QList<ForeignProcess> list;
        if (!v.isArray() || v.toArray().size() > kMaxForeign) {
            f.fail(QStringLiteral("\"foreign_intervals\" holds something not a short list"));
            break;
        }
        f.take(readForeign(v.toArray(), list));
        s.foreignTop.intervals.append(list);
    }
    f.take(readEvents(f.array("events", kMaxEvents), s.events));
    if (sb::Status st = f.status(); !st.ok())
        return st.error();
    return s;
}

} // namespace sb::run
