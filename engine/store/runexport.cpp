#include "store/runexport.h"

#include "core/qterror.h"
#include "store/backfill.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <functional>
#include <vector>

namespace sb::store {

namespace {

// ---- one JSON form per member type

QJsonValue toJson(int v)
{
    return v;
}
QJsonValue toJson(qint64 v)
{
    return double(v);
}
QJsonValue toJson(double v)
{
    return v;
}
QJsonValue toJson(bool v)
{
    return v;
}
QJsonValue toJson(const QString &v)
{
    return v;
}
QJsonValue toJson(const QStringList &v)
{
    return QJsonArray::fromStringList(v);
}
QJsonValue toJson(const QJsonObject &v)
{
    return v;
}
QJsonValue toJson(const QDateTime &v)
{
    return v.isValid() ? QJsonValue(v.toUTC().toString(Qt::ISODateWithMs)) : QJsonValue();
}
// Bytes that may not be text (histograms, hashes): base64.
QJsonValue toJson(const QByteArray &v)
{
    return QString::fromLatin1(v.toBase64());
}

bool fromJson(const QJsonValue &j, int &v)
{
    v = j.toInt();
    return j.isDouble();
}
bool fromJson(const QJsonValue &j, qint64 &v)
{
    v = qint64(j.toDouble());
    return j.isDouble();
}
bool fromJson(const QJsonValue &j, double &v)
{
    v = j.toDouble();
    return j.isDouble();
}
bool fromJson(const QJsonValue &j, bool &v)
{
    v = j.toBool();
    return j.isBool();
}
bool fromJson(const QJsonValue &j, QString &v)
{
    v = j.toString();
    return j.isString() || j.isNull();
}
bool fromJson(const QJsonValue &j, QStringList &v)
{
    v.clear();
    for (const QJsonValue &x : j.toArray())
        v << x.toString();
    return j.isArray();
}
bool fromJson(const QJsonValue &j, QJsonObject &v)
{
    v = j.toObject();
    return j.isObject();
}
bool fromJson(const QJsonValue &j, QDateTime &v)
{
    v = j.isNull() ? QDateTime() : QDateTime::fromString(j.toString(), Qt::ISODateWithMs);
    return j.isNull() || v.isValid();
}
bool fromJson(const QJsonValue &j, QByteArray &v)
{
    auto decoded = QByteArray::fromBase64Encoding(j.toString().toLatin1(),
                                                  QByteArray::AbortOnBase64DecodingErrors);
    v = decoded.decoded;
    return j.isString() && decoded.decodingStatus == QByteArray::Base64DecodingStatus::Ok;
}

// ---- one table per record type: a field is written and read in one place

template<typename R> struct Field
{
    const char *name;
    std::function<QJsonValue(const R &)> get;
    std::function<bool(R &, const QJsonValue &)> set;
};

template<typename R, typename T> Field<R> field(const char *name, T R::*member)
{
    return {name, [member](const R &r) { return toJson(r.*member); },
            [member](R &r, const QJsonValue &j) { return fromJson(j, r.*member); }};
}

template<typename R> QJsonObject write(const std::vector<Field<R>> &fields, const R &record)
{
    QJsonObject o;
    for (const Field<R> &f : fields)
        o.insert(QLatin1String(f.name), f.get(record));
    return o;
}

// Reads every field; a missing one keeps its default. False (with the field's name) on a type
// mismatch.
template<typename R>
bool read(const std::vector<Field<R>> &fields, const QJsonObject &o, R &record, QString &bad)
{
    for (const Field<R> &f : fields) {
        const QJsonValue v = o.value(QLatin1String(f.name));
        if (v.isUndefined())
            continue;
        if (!f.set(record, v)) {
            bad = QLatin1String(f.name);
            return false;
        }
    }
    return true;
}

const std::vector<Field<RunRecord>> &runFields()
{
    static const std::vector<Field<RunRecord>> f{
        field("id", &RunRecord::id),
        field("plan_path", &RunRecord::planPath),
        field("plan_text", &RunRecord::planText),
        field("plan_sha256", &RunRecord::planSha256),
        field("profile", &RunRecord::profile),
        field("only", &RunRecord::only),
        field("routes", &RunRecord::routes),
        field("started_at", &RunRecord::startedAt),
        field("finished_at", &RunRecord::finishedAt),
        field("status", &RunRecord::status),
        field("environment", &RunRecord::environment),
        field("file_hashes", &RunRecord::fileHashes),
        field("runner_pid", &RunRecord::runnerPid),
        field("runner_host", &RunRecord::runnerHost),
        field("runner_start", &RunRecord::runnerStart),
        field("plan_name", &RunRecord::planName),
    };
    return f;
}

const std::vector<Field<WindowRecord>> &windowFields()
{
    using W = WindowRecord;
    static const std::vector<Field<W>> f{
        field("id", &W::id),
        field("round", &W::round),
        field("configuration", &W::configuration),
        field("route", &W::route),
        field("concurrency", &W::concurrency),
        field("attempt", &W::attempt),
        field("valid", &W::valid),
        field("invalid_reason", &W::invalidReason),
        field("flags", &W::flags),
        field("started_at", &W::startedAt),
        field("elapsed_s", &W::elapsedS),
        field("drain_s", &W::drainS),
        field("in_flight_at_end", &W::inFlightAtEnd),
        field("requests", &W::requests),
        field("ok", &W::ok),
        field("status_counts", &W::statusCounts),
        field("errors", &W::errors),
        field("bytes_in", &W::bytesIn),
        field("bytes_out", &W::bytesOut),
        field("reconnects", &W::reconnects),
        field("client_cpu_s", &W::clientCpuS),
        field("latency_us", &W::latencyUs),
        field("histogram", &W::histogram),
        field("histogram_uncorrected", &W::histogramUncorrected),
        field("server_cpu_s", &W::serverCpuS),
        field("server_cores_mean", &W::serverCoresMean),
        field("foreign_pct_mean", &W::foreignPctMean),
        field("foreign_pct_peak", &W::foreignPctPeak),
        field("excluded_pct_mean", &W::excludedPctMean),
        field("generator_pct_mean", &W::generatorPctMean),
        field("rss_bytes_peak", &W::rssBytesPeak),
        field("pss_bytes_peak", &W::pssBytesPeak),
        field("checkpoints", &W::checkpoints),
        field("gates", &W::gates),
        field("invalid_kind", &W::invalidKind),
    };
    return f;
}

const std::vector<Field<IntervalRecord>> &intervalFields()
{
    using I = IntervalRecord;
    static const std::vector<Field<I>> f{
        field("index", &I::index),
        field("start_s", &I::startS),
        field("end_s", &I::endS),
        field("requests", &I::requests),
        field("ok", &I::ok),
        field("errors", &I::errors),
        field("ok_per_s", &I::okPerS),
        field("p50_us", &I::p50Us),
        field("p90_us", &I::p90Us),
        field("p99_us", &I::p99Us),
        field("max_us", &I::maxUs),
        field("server_cores", &I::serverCores),
        field("foreign_pct", &I::foreignPct),
        field("excluded_pct", &I::excludedPct),
        field("generator_pct", &I::generatorPct),
        field("rss_bytes", &I::rssBytes),
        field("pss_bytes", &I::pssBytes),
    };
    return f;
}

const std::vector<Field<SampleRecord>> &sampleFields()
{
    static const std::vector<Field<SampleRecord>> f{
        field("at_s", &SampleRecord::atS),
        field("series", &SampleRecord::series),
        field("value", &SampleRecord::value),
    };
    return f;
}

const std::vector<Field<EventRecord>> &eventFields()
{
    static const std::vector<Field<EventRecord>> f{
        field("at", &EventRecord::at),
        field("kind", &EventRecord::kind),
        field("detail", &EventRecord::detail),
        field("data", &EventRecord::data),
    };
    return f;
}

const std::vector<Field<ServerLogRecord>> &serverLogFields()
{
    static const std::vector<Field<ServerLogRecord>> f{
        field("configuration", &ServerLogRecord::configuration),
        field("round", &ServerLogRecord::round),
        field("stdout", &ServerLogRecord::stdoutBytes),
        field("stderr", &ServerLogRecord::stderrBytes),
    };
    return f;
}

template<typename R> QJsonArray writeAll(const std::vector<Field<R>> &fields, const QVector<R> &rs)
{
    QJsonArray a;
    for (const R &r : rs)
        a.append(write(fields, r));
    return a;
}

sb::Error formatError(const QString &path, const QString &detail)
{
    return sb::qtError(QStringLiteral("import.format"), path, detail);
}

// Reads an array of records at `path`; a non-object entry or a mistyped field is an error.
template<typename R>
sb::Result<QVector<R>> readAll(const std::vector<Field<R>> &fields, const QJsonValue &v,
                               const QString &path)
{
    if (!v.isArray() && !v.isUndefined())
        return formatError(path, QStringLiteral("must be an array"));
    QVector<R> out;
    const QJsonArray a = v.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(path).arg(i);
        if (!a[i].isObject())
            return formatError(at, QStringLiteral("must be an object"));
        R r;
        QString bad;
        if (!read(fields, a[i].toObject(), r, bad))
            return formatError(at + QLatin1Char('.') + bad, QStringLiteral("has the wrong type"));
        out.append(r);
    }
    return out;
}

} // namespace

sb::Result<QJsonObject> exportRun(const RunStore &store, const QString &runId)
{
    sb::Result<RunRecord> run = store.run(runId);
    if (!run.ok())
        return run.error();
    sb::Result<QVector<ConfigurationRecord>> configurations = store.configurations(runId);
    if (!configurations.ok())
        return configurations.error();
    sb::Result<QVector<WindowRecord>> windows = store.windows(runId, true);
    if (!windows.ok())
        return windows.error();
    sb::Result<QVector<EventRecord>> events = store.events(runId);
    if (!events.ok())
        return events.error();
    sb::Result<QVector<ServerLogRecord>> logs = store.serverLogs(runId);
    if (!logs.ok())
        return logs.error();

    QJsonArray configurationArray;
    for (const ConfigurationRecord &c : *configurations)
        configurationArray.append(QJsonObject{{QStringLiteral("name"), c.name},
                                              {QStringLiteral("cpu_count"), c.cpuCount},
                                              {QStringLiteral("info"), c.info}});
    QJsonArray windowArray;
    for (const WindowRecord &w : *windows) {
        QJsonObject o = write(windowFields(), w);
        o.insert(QStringLiteral("intervals"), writeAll(intervalFields(), w.intervals));
        o.insert(QStringLiteral("samples"), writeAll(sampleFields(), w.samples));
        windowArray.append(o);
    }
    return QJsonObject{{QStringLiteral("schema"), QStringLiteral("stackbench-export")},
                       {QStringLiteral("version"), kExportVersion},
                       {QStringLiteral("run"), write(runFields(), *run)},
                       {QStringLiteral("configurations"), configurationArray},
                       {QStringLiteral("windows"), windowArray},
                       {QStringLiteral("events"), writeAll(eventFields(), *events)},
                       {QStringLiteral("server_logs"), writeAll(serverLogFields(), *logs)}};
}

QByteArray exportBytes(const QJsonObject &document)
{
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

sb::Result<QString> importRun(RunStore &store, const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        return sb::qtError(QStringLiteral("import.json"),
                           QStringLiteral("offset %1").arg(error.offset), error.errorString());
    if (!doc.isObject())
        return formatError(QStringLiteral("$"), QStringLiteral("must be a JSON object"));
    return importRun(store, doc.object());
}

namespace {

struct Parsed
{
    RunRecord run;
    QVector<ConfigurationRecord> configurations;
    QVector<WindowRecord> windows;
    QVector<EventRecord> events;
    QVector<ServerLogRecord> logs;
};

sb::Result<Parsed> parse(const QJsonObject &d)
{
    if (d.value(QStringLiteral("schema")).toString() != QLatin1String("stackbench-export"))
        return formatError(QStringLiteral("$.schema"),
                           QStringLiteral("is not \"stackbench-export\": not a Stackbench export"));
    const int version = d.value(QStringLiteral("version")).toInt();
    if (version > kExportVersion)
        return sb::qtError(QStringLiteral("import.version"), QStringLiteral("$.version"),
                           QStringLiteral("version %1 is newer than this Stackbench reads (%2)")
                               .arg(version)
                               .arg(kExportVersion));
    Parsed p;
    QString bad;
    if (!d.value(QStringLiteral("run")).isObject() ||
        !read(runFields(), d.value(QStringLiteral("run")).toObject(), p.run, bad))
        return formatError(QStringLiteral("$.run.") + bad, QStringLiteral("has the wrong type"));
    if (p.run.id.isEmpty())
        return formatError(QStringLiteral("$.run.id"), QStringLiteral("is missing"));
    bool countsGiven = true; // exports from before cpu_count: read from the plan text
    for (const QJsonValue &c : d.value(QStringLiteral("configurations")).toArray()) {
        countsGiven = countsGiven && c.toObject().contains(QStringLiteral("cpu_count"));
        p.configurations.append({p.run.id, c.toObject().value(QStringLiteral("name")).toString(),
                                 c.toObject().value(QStringLiteral("info")).toObject(),
                                 c.toObject().value(QStringLiteral("cpu_count")).toInt()});
    }
    if (!countsGiven)
        backfillConfigurations(p.run.planText, p.configurations);
    const QJsonArray windows = d.value(QStringLiteral("windows")).toArray();
    for (qsizetype i = 0; i < windows.size(); ++i) {
        const QString at = QStringLiteral("$.windows[%1]").arg(i);
        WindowRecord w;
        if (!read(windowFields(), windows[i].toObject(), w, bad))
            return formatError(at + QLatin1Char('.') + bad, QStringLiteral("has the wrong type"));
        auto intervals =
            readAll(intervalFields(), windows[i].toObject().value(QStringLiteral("intervals")),
                    at + QStringLiteral(".intervals"));
        if (!intervals.ok())
            return intervals.error();
        auto samples =
            readAll(sampleFields(), windows[i].toObject().value(QStringLiteral("samples")),
                    at + QStringLiteral(".samples"));
        if (!samples.ok())
            return samples.error();
        w.runId = p.run.id;
        w.intervals = *intervals;
        w.samples = *samples;
        if (!windows[i].toObject().contains(QStringLiteral("invalid_kind"))) // an older export
            backfillWindow(w);
        p.windows.append(w);
    }
    auto events =
        readAll(eventFields(), d.value(QStringLiteral("events")), QStringLiteral("$.events"));
    if (!events.ok())
        return events.error();
    auto logs = readAll(serverLogFields(), d.value(QStringLiteral("server_logs")),
                        QStringLiteral("$.server_logs"));
    if (!logs.ok())
        return logs.error();
    p.events = *events;
    p.logs = *logs;
    for (EventRecord &e : p.events)
        e.runId = p.run.id;
    return p;
}

sb::Status writeAll(RunStore &store, const Parsed &p)
{
    for (const ConfigurationRecord &c : p.configurations)
        if (sb::Status st = store.saveConfiguration(c); !st.ok())
            return st;
    for (const WindowRecord &w : p.windows)
        if (sb::Result<qint64> id = store.saveWindow(w); !id.ok())
            return id.error();
    for (const EventRecord &e : p.events)
        if (sb::Status st = store.saveEvent(e); !st.ok())
            return st;
    for (const ServerLogRecord &l : p.logs)
        if (sb::Status st = store.appendServerLog(p.run.id, l.configuration, l.round, l.stdoutBytes,
                                                  l.stderrBytes);
            !st.ok())
            return st;
    return sb::Ok{};
}

} // namespace

sb::Result<QString> importRun(RunStore &store, const QJsonObject &document)
{
    sb::Result<Parsed> parsed = parse(document);
    if (!parsed.ok())
        return parsed.error();
    const Parsed &p = *parsed;
    if (store.run(p.run.id).ok())
        return sb::qtError(QStringLiteral("import.exists"), QStringLiteral("$.run.id"),
                           QStringLiteral("the store %1 already has run %2")
                               .arg(store.displayLocation(), p.run.id));
    if (sb::Status st = store.createRun(p.run); !st.ok())
        return st.error();
    if (sb::Status st = writeAll(store, p); !st.ok()) {
        // Leave nothing half-imported behind; the error says what failed.
        [[maybe_unused]] sb::Status removed = store.deleteRun(p.run.id);
        return st.error();
    }
    return p.run.id;
}

} // namespace sb::store
