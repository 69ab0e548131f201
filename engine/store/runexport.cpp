#include "store/runexport.h"

#include "core/limits.h"
#include "core/qterror.h"
#include "stats/histogram.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <cmath>
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

// ---- reading back: every value is checked for its type and its range; a problem is one phrase
// ("must be an integer", "-1 is out of range 0..1000000") that goes after the value's JSON path

// The range a number may take. JSON numbers are doubles: integers beyond 2^53 are not exact.
struct Bounds
{
    double min = 0;
    double max = 0;
};
constexpr double kMaxExact = 9007199254740992.0; // 2^53
constexpr Bounds kCount{0, kMaxExact};           // responses, bytes, processes, ids
constexpr Bounds kSmall{0, 1e6};                 // rounds, attempts, interval numbers
constexpr Bounds kConnections{1, limits::kMaxConnections};
constexpr Bounds kPid{0, 4194304};        // the kernel's largest pid_max
constexpr Bounds kSeconds{0, 1e7};        // durations and offsets, s (115 days)
constexpr Bounds kCores{0, 1e5};          // cores (1.0 = one core)
constexpr Bounds kPercent{0, 1e7};        // percent of one core
constexpr Bounds kRate{0, 1e12};          // responses per second
constexpr Bounds kMicros{0, 1e13};        // latency, us (the histogram's 1 h)
constexpr Bounds kReading{-1e300, 1e300}; // a sampler reading in its own unit
constexpr Bounds kNone{};                 // not a number

QString number(double v)
{
    return QString::number(v, 'g', 17);
}

// "" when `j` is a number in `b` (an integer when `integer`), stored in *out; else why not.
QString checkNumber(const QJsonValue &j, Bounds b, bool integer, double *out)
{
    if (!j.isDouble())
        return integer ? QStringLiteral("must be an integer") : QStringLiteral("must be a number");
    const double v = j.toDouble();
    if (!std::isfinite(v))
        return QStringLiteral("must be a finite number");
    if (integer && std::floor(v) != v)
        return QStringLiteral("must be an integer, not %1").arg(number(v));
    if (v < b.min || v > b.max)
        return QStringLiteral("%1 is out of range %2..%3")
            .arg(number(v), number(b.min), number(b.max));
    *out = v;
    return {};
}

QString fromJson(const QJsonValue &j, int &v, Bounds b)
{
    double d = 0;
    const QString why = checkNumber(j, b, true, &d);
    v = int(d); // b is within int's range for every int field
    return why;
}
QString fromJson(const QJsonValue &j, qint64 &v, Bounds b)
{
    double d = 0;
    const QString why = checkNumber(j, b, true, &d);
    v = qint64(d);
    return why;
}
QString fromJson(const QJsonValue &j, double &v, Bounds b)
{
    return checkNumber(j, b, false, &v);
}
QString fromJson(const QJsonValue &j, bool &v, Bounds)
{
    v = j.toBool();
    return j.isBool() ? QString() : QStringLiteral("must be true or false");
}
QString fromJson(const QJsonValue &j, QString &v, Bounds)
{
    v = j.toString();
    return j.isString() || j.isNull() ? QString() : QStringLiteral("must be a string");
}
QString fromJson(const QJsonValue &j, QStringList &v, Bounds)
{
    v.clear();
    const QJsonArray a = j.toArray();
    for (const QJsonValue &x : a)
        v << x.toString();
    const bool strings = j.isArray() && std::all_of(a.begin(), a.end(), [](const QJsonValue &x) {
                             return x.isString();
                         });
    return strings ? QString() : QStringLiteral("must be an array of strings");
}
QString fromJson(const QJsonValue &j, QJsonObject &v, Bounds)
{
    v = j.toObject();
    return j.isObject() ? QString() : QStringLiteral("must be an object");
}
QString fromJson(const QJsonValue &j, QDateTime &v, Bounds)
{
    v = j.isNull() ? QDateTime() : QDateTime::fromString(j.toString(), Qt::ISODateWithMs);
    return j.isNull() || v.isValid()
               ? QString()
               : QStringLiteral("must be a time as ISO 8601 (2026-12-01T10:15:00.000Z) or null");
}
QString fromJson(const QJsonValue &j, QByteArray &v, Bounds)
{
    auto decoded = QByteArray::fromBase64Encoding(j.toString().toLatin1(),
                                                  QByteArray::AbortOnBase64DecodingErrors);
    v = decoded.decoded;
    return j.isString() && decoded.decodingStatus == QByteArray::Base64DecodingStatus::Ok
               ? QString()
               : QStringLiteral("must be base64 text");
}

// ---- one table per record type: a field is written, read and checked in one place

enum Need
{
    Optional, // an import without it keeps the record's default
    Required  // an import without it is refused
};

template<typename R> struct Field
{
    const char *name;
    std::function<QJsonValue(const R &)> get;
    std::function<QString(R &, const QJsonValue &)> set; // "" = read; else why not
    Need need = Optional;
};

template<typename R, typename T>
Field<R> field(const char *name, T R::*member, Need need = Optional, Bounds bounds = kNone)
{
    return {name, [member](const R &r) { return toJson(r.*member); },
            [member, bounds](R &r, const QJsonValue &j) { return fromJson(j, r.*member, bounds); },
            need};
}

template<typename R, typename T> Field<R> field(const char *name, T R::*member, Bounds bounds)
{
    return field(name, member, Optional, bounds);
}

template<typename R> QJsonObject write(const std::vector<Field<R>> &fields, const R &record)
{
    QJsonObject o;
    for (const Field<R> &f : fields)
        o.insert(QLatin1String(f.name), f.get(record));
    return o;
}

sb::Error formatError(const QString &path, const QString &detail)
{
    return sb::qtError(QStringLiteral("import.format"), path, detail);
}

// Reads every field of the object `v` at `path` into `record`.
template<typename R>
sb::Status read(const std::vector<Field<R>> &fields, const QJsonValue &v, const QString &path,
                R &record)
{
    if (!v.isObject())
        return formatError(path, QStringLiteral("must be an object"));
    const QJsonObject o = v.toObject();
    for (const Field<R> &f : fields) {
        const QJsonValue value = o.value(QLatin1String(f.name));
        const QString at = path + QLatin1Char('.') + QLatin1String(f.name);
        if (value.isUndefined()) {
            if (f.need == Required)
                return formatError(at, QStringLiteral("is missing"));
            continue;
        }
        if (const QString why = f.set(record, value); !why.isEmpty())
            return formatError(at, why);
    }
    return sb::Ok{};
}

const std::vector<Field<RunRecord>> &runFields()
{
    static const std::vector<Field<RunRecord>> f{
        field("id", &RunRecord::id, Required),
        field("plan_path", &RunRecord::planPath),
        field("plan_text", &RunRecord::planText),
        field("plan_sha256", &RunRecord::planSha256),
        field("profile", &RunRecord::profile),
        field("only", &RunRecord::only),
        field("routes", &RunRecord::routes),
        field("started_at", &RunRecord::startedAt, Required),
        field("finished_at", &RunRecord::finishedAt),
        field("status", &RunRecord::status, Required),
        field("environment", &RunRecord::environment),
        field("file_hashes", &RunRecord::fileHashes),
        field("runner_pid", &RunRecord::runnerPid, kPid),
        field("runner_host", &RunRecord::runnerHost),
        field("runner_start", &RunRecord::runnerStart),
    };
    return f;
}

const std::vector<Field<WindowRecord>> &windowFields()
{
    using W = WindowRecord;
    static const std::vector<Field<W>> f{
        field("id", &W::id, kCount),
        field("round", &W::round, Required, kSmall),
        field("configuration", &W::configuration, Required),
        field("route", &W::route, Required),
        field("concurrency", &W::concurrency, Required, kConnections),
        field("attempt", &W::attempt, Required, kSmall),
        field("valid", &W::valid, Required),
        field("invalid_reason", &W::invalidReason),
        field("flags", &W::flags),
        field("started_at", &W::startedAt),
        field("elapsed_s", &W::elapsedS, Required, kSeconds),
        field("drain_s", &W::drainS, kSeconds),
        field("in_flight_at_end", &W::inFlightAtEnd, kCount),
        field("requests", &W::requests, Required, kCount),
        field("ok", &W::ok, Required, kCount),
        field("status_counts", &W::statusCounts),
        field("errors", &W::errors),
        field("bytes_in", &W::bytesIn, kCount),
        field("bytes_out", &W::bytesOut, kCount),
        field("reconnects", &W::reconnects, kCount),
        field("client_cpu_s", &W::clientCpuS, kSeconds),
        field("latency_us", &W::latencyUs),
        field("histogram", &W::histogram),
        field("histogram_uncorrected", &W::histogramUncorrected),
        field("server_cpu_s", &W::serverCpuS, kSeconds),
        field("server_cores_mean", &W::serverCoresMean, kCores),
        field("foreign_pct_mean", &W::foreignPctMean, kPercent),
        field("foreign_pct_peak", &W::foreignPctPeak, kPercent),
        field("excluded_pct_mean", &W::excludedPctMean, kPercent),
        field("generator_pct_mean", &W::generatorPctMean, kPercent),
        field("rss_bytes_peak", &W::rssBytesPeak, kCount),
        field("pss_bytes_peak", &W::pssBytesPeak, kCount),
        field("checkpoints", &W::checkpoints, kCount),
        field("gates", &W::gates),
    };
    return f;
}

const std::vector<Field<IntervalRecord>> &intervalFields()
{
    using I = IntervalRecord;
    static const std::vector<Field<I>> f{
        field("index", &I::index, Required, kSmall),
        field("start_s", &I::startS, Required, kSeconds),
        field("end_s", &I::endS, Required, kSeconds),
        field("requests", &I::requests, kCount),
        field("ok", &I::ok, kCount),
        field("errors", &I::errors, kCount),
        field("ok_per_s", &I::okPerS, kRate),
        field("p50_us", &I::p50Us, kMicros),
        field("p90_us", &I::p90Us, kMicros),
        field("p99_us", &I::p99Us, kMicros),
        field("max_us", &I::maxUs, kMicros),
        field("server_cores", &I::serverCores, kCores),
        field("foreign_pct", &I::foreignPct, kPercent),
        field("excluded_pct", &I::excludedPct, kPercent),
        field("generator_pct", &I::generatorPct, kPercent),
        field("rss_bytes", &I::rssBytes, kCount),
        field("pss_bytes", &I::pssBytes, kCount),
    };
    return f;
}

const std::vector<Field<SampleRecord>> &sampleFields()
{
    static const std::vector<Field<SampleRecord>> f{
        field("at_s", &SampleRecord::atS, Required, kSeconds),
        field("series", &SampleRecord::series, Required),
        field("value", &SampleRecord::value, Required, kReading),
    };
    return f;
}

const std::vector<Field<EventRecord>> &eventFields()
{
    static const std::vector<Field<EventRecord>> f{
        field("at", &EventRecord::at),
        field("kind", &EventRecord::kind, Required),
        field("detail", &EventRecord::detail),
        field("data", &EventRecord::data),
    };
    return f;
}

const std::vector<Field<ServerLogRecord>> &serverLogFields()
{
    static const std::vector<Field<ServerLogRecord>> f{
        field("configuration", &ServerLogRecord::configuration, Required),
        field("round", &ServerLogRecord::round, Required, kSmall),
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

// Reads the array of records at `path` (absent = none), each field checked.
template<typename R>
sb::Result<QVector<R>> readAll(const std::vector<Field<R>> &fields, const QJsonValue &v,
                               const QString &path)
{
    if (!v.isArray() && !v.isUndefined())
        return formatError(path, QStringLiteral("must be an array"));
    QVector<R> out;
    const QJsonArray a = v.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        R r;
        if (sb::Status st = read(fields, a[i], QStringLiteral("%1[%2]").arg(path).arg(i), r);
            !st.ok())
            return st.error();
        out.append(r);
    }
    return out;
}

// `path` of the member `key`: $.a.b, or $.a["odd key"] with the key's quotes, backslashes and
// control characters escaped (a hostile key reaches a terminal through the error).
QString memberPath(const QString &path, const QString &key)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (plain.match(key).hasMatch())
        return path + QLatin1Char('.') + key;
    QString quoted;
    for (const QChar c : key.left(200)) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            quoted += QLatin1Char('\\') + QString(c);
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            quoted += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            quoted += c;
    }
    return path + QStringLiteral("[\"") + quoted + QStringLiteral("\"]");
}

// A window's counts (status code -> responses, error kind -> count) and latencies (name -> us).
sb::Status checkMembers(const QJsonObject &o, const QString &path, Bounds bounds, bool integer,
                        bool statusCodes)
{
    static const QRegularExpression code(QStringLiteral("^[1-5][0-9][0-9]$"));
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString at = memberPath(path, it.key());
        if (statusCodes && !code.match(it.key()).hasMatch())
            return formatError(at, QStringLiteral("is not a status code 100..599"));
        double value = 0;
        if (const QString why = checkNumber(it.value(), bounds, integer, &value); !why.isEmpty())
            return formatError(at, why);
    }
    return sb::Ok{};
}

bool decodesAsHistogram(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return true;
    sb::Histogram h;
    return h.decode(std::vector<uint8_t>(bytes.begin(), bytes.end()));
}

// What one window must be beyond its fields' own ranges.
sb::Status checkWindow(const WindowRecord &w, const QString &at)
{
    if (w.route.isEmpty())
        return formatError(at + QStringLiteral(".route"), QStringLiteral("is empty"));
    if (w.ok > w.requests)
        return formatError(
            at + QStringLiteral(".ok"),
            QStringLiteral("%1 is more than the %2 requests").arg(w.ok).arg(w.requests));
    if (w.drainS > w.elapsedS)
        return formatError(at + QStringLiteral(".drain_s"),
                           QStringLiteral("%1 is more than elapsed_s (%2)")
                               .arg(number(w.drainS), number(w.elapsedS)));
    if (sb::Status st =
            checkMembers(w.statusCounts, at + QStringLiteral(".status_counts"), kCount, true, true);
        !st.ok())
        return st;
    if (sb::Status st = checkMembers(w.errors, at + QStringLiteral(".errors"), kCount, true, false);
        !st.ok())
        return st;
    if (sb::Status st =
            checkMembers(w.latencyUs, at + QStringLiteral(".latency_us"), kMicros, false, false);
        !st.ok())
        return st;
    if (!decodesAsHistogram(w.histogram))
        return formatError(at + QStringLiteral(".histogram"),
                           QStringLiteral("is not a Stackbench histogram (SBHG)"));
    if (!decodesAsHistogram(w.histogramUncorrected))
        return formatError(at + QStringLiteral(".histogram_uncorrected"),
                           QStringLiteral("is not a Stackbench histogram (SBHG)"));
    for (qsizetype i = 0; i < w.intervals.size(); ++i) {
        const IntervalRecord &r = w.intervals[i];
        const QString ia = at + QStringLiteral(".intervals[%1]").arg(i);
        if (i > 0 && r.index <= w.intervals[i - 1].index)
            return formatError(
                ia + QStringLiteral(".index"),
                QStringLiteral("%1 does not follow %2").arg(r.index).arg(w.intervals[i - 1].index));
        if (r.endS < r.startS)
            return formatError(
                ia + QStringLiteral(".end_s"),
                QStringLiteral("%1 is before start_s (%2)").arg(number(r.endS), number(r.startS)));
        if (r.ok > r.requests)
            return formatError(
                ia + QStringLiteral(".ok"),
                QStringLiteral("%1 is more than the %2 requests").arg(r.ok).arg(r.requests));
    }
    return sb::Ok{};
}

} // namespace

bool isStoreRunId(const QString &id)
{
    static const QRegularExpression grammar(QStringLiteral("^[0-9]{8}-[0-9]{6}-[0-9a-f]{4}$"));
    return grammar.match(id).hasMatch();
}

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
        configurationArray.append(
            QJsonObject{{QStringLiteral("name"), c.name}, {QStringLiteral("info"), c.info}});
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

sb::Status parseRun(const QJsonValue &v, RunRecord &run)
{
    if (sb::Status st = read(runFields(), v, QStringLiteral("$.run"), run); !st.ok())
        return st;
    if (!isStoreRunId(run.id))
        return formatError(QStringLiteral("$.run.id"),
                           QStringLiteral("is not a run id (yyyyMMdd-HHmmss-xxxx, lower-case hex, "
                                          "as the store makes them)"));
    const QStringList statuses{kStatusRunning, kStatusFinished, kStatusFailed, kStatusInterrupted,
                               kStatusIncomplete};
    if (!statuses.contains(run.status))
        return formatError(QStringLiteral("$.run.status"),
                           QStringLiteral("must be one of ") + statuses.join(QStringLiteral(", ")));
    if (!run.startedAt.isValid())
        return formatError(QStringLiteral("$.run.started_at"), QStringLiteral("must be a time"));
    if (run.finishedAt.isValid() && run.finishedAt < run.startedAt)
        return formatError(QStringLiteral("$.run.finished_at"),
                           QStringLiteral("is before started_at"));
    return sb::Ok{};
}

sb::Result<QVector<ConfigurationRecord>> parseConfigurations(const QJsonValue &v,
                                                             const QString &runId)
{
    const QString path = QStringLiteral("$.configurations");
    if (!v.isArray())
        return formatError(path, v.isUndefined() ? QStringLiteral("is missing")
                                                 : QStringLiteral("must be an array"));
    QVector<ConfigurationRecord> out;
    QSet<QString> names;
    const QJsonArray a = v.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(path).arg(i);
        if (!a[i].isObject())
            return formatError(at, QStringLiteral("must be an object"));
        const QJsonObject o = a[i].toObject();
        ConfigurationRecord c;
        c.runId = runId;
        const QJsonValue name = o.value(QStringLiteral("name"));
        if (!name.isString() || name.toString().isEmpty())
            return formatError(at + QStringLiteral(".name"),
                               QStringLiteral("must be a configuration's name"));
        c.name = name.toString();
        if (names.contains(c.name))
            return formatError(at + QStringLiteral(".name"),
                               QStringLiteral("repeats an earlier configuration's name"));
        names.insert(c.name);
        const QJsonValue info = o.value(QStringLiteral("info"));
        if (!info.isUndefined() && !info.isObject())
            return formatError(at + QStringLiteral(".info"), QStringLiteral("must be an object"));
        c.info = info.toObject();
        out.append(c);
    }
    return out;
}

sb::Result<QVector<WindowRecord>> parseWindows(const QJsonValue &v, const Parsed &p)
{
    const QString path = QStringLiteral("$.windows");
    if (!v.isArray())
        return formatError(path, v.isUndefined() ? QStringLiteral("is missing")
                                                 : QStringLiteral("must be an array"));
    const QJsonArray windows = v.toArray();
    if (windows.isEmpty())
        return formatError(path, QStringLiteral("holds no window: there is nothing to import"));
    QSet<QString> configurations;
    for (const ConfigurationRecord &c : p.configurations)
        configurations.insert(c.name);
    QMap<QString, qsizetype> cells; // a window's cell, round and attempt -> its index
    QVector<WindowRecord> out;
    for (qsizetype i = 0; i < windows.size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(path).arg(i);
        WindowRecord w;
        if (sb::Status st = read(windowFields(), windows[i], at, w); !st.ok())
            return st.error();
        const QJsonObject o = windows[i].toObject();
        auto intervals = readAll(intervalFields(), o.value(QStringLiteral("intervals")),
                                 at + QStringLiteral(".intervals"));
        if (!intervals.ok())
            return intervals.error();
        auto samples = readAll(sampleFields(), o.value(QStringLiteral("samples")),
                               at + QStringLiteral(".samples"));
        if (!samples.ok())
            return samples.error();
        w.runId = p.run.id;
        w.intervals = *intervals;
        w.samples = *samples;
        if (!configurations.contains(w.configuration))
            return formatError(at + QStringLiteral(".configuration"),
                               QStringLiteral("names no configuration of $.configurations"));
        if (sb::Status st = checkWindow(w, at); !st.ok())
            return st.error();
        // The cell's name parts joined by a character no JSON text of them holds unescaped.
        const QString key = QStringList{w.configuration, w.route, QString::number(w.concurrency),
                                        QString::number(w.round), QString::number(w.attempt)}
                                .join(QChar(0));
        if (const auto seen = cells.constFind(key); seen != cells.constEnd())
            return formatError(at, QStringLiteral("repeats %1[%2]: the same configuration, route, "
                                                  "concurrency, round and attempt")
                                       .arg(path)
                                       .arg(*seen));
        cells.insert(key, i);
        out.append(w);
    }
    return out;
}

sb::Result<Parsed> parse(const QJsonObject &d)
{
    if (d.value(QStringLiteral("schema")).toString() != QLatin1String("stackbench-export"))
        return formatError(QStringLiteral("$.schema"),
                           QStringLiteral("is not \"stackbench-export\": not a Stackbench export"));
    const QJsonValue versionValue = d.value(QStringLiteral("version"));
    const int version = versionValue.toInt();
    if (versionValue.isDouble() && versionValue.toDouble() > kExportVersion)
        return sb::qtError(QStringLiteral("import.version"), QStringLiteral("$.version"),
                           QStringLiteral("version %1 is newer than this Stackbench reads (%2)")
                               .arg(number(versionValue.toDouble()))
                               .arg(kExportVersion));
    if (!versionValue.isDouble() || version < 1 || double(version) != versionValue.toDouble())
        return formatError(QStringLiteral("$.version"),
                           QStringLiteral("must be an export version 1..%1").arg(kExportVersion));
    Parsed p;
    if (sb::Status st = parseRun(d.value(QStringLiteral("run")), p.run); !st.ok())
        return st.error();
    auto configurations = parseConfigurations(d.value(QStringLiteral("configurations")), p.run.id);
    if (!configurations.ok())
        return configurations.error();
    p.configurations = *configurations;
    auto windows = parseWindows(d.value(QStringLiteral("windows")), p);
    if (!windows.ok())
        return windows.error();
    p.windows = *windows;
    auto events =
        readAll(eventFields(), d.value(QStringLiteral("events")), QStringLiteral("$.events"));
    if (!events.ok())
        return events.error();
    p.events = *events;
    for (qsizetype i = 0; i < p.events.size(); ++i) {
        p.events[i].runId = p.run.id;
        if (p.events[i].kind.isEmpty())
            return formatError(QStringLiteral("$.events[%1].kind").arg(i),
                               QStringLiteral("is empty"));
    }
    auto logs = readAll(serverLogFields(), d.value(QStringLiteral("server_logs")),
                        QStringLiteral("$.server_logs"));
    if (!logs.ok())
        return logs.error();
    p.logs = *logs;
    // A configuration that failed to start has a log but no record: the name alone is checked.
    for (qsizetype i = 0; i < p.logs.size(); ++i)
        if (p.logs[i].configuration.isEmpty())
            return formatError(QStringLiteral("$.server_logs[%1].configuration").arg(i),
                               QStringLiteral("is empty"));
    return p;
}

sb::Status writeAll(RunStore &store, const Parsed &p)
{
    for (const ConfigurationRecord &c : p.configurations)
        if (sb::Status st = store.saveConfiguration(p.run.id, c.name, c.info); !st.ok())
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
