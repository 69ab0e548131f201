#include "store/exportfields.h"

#include "core/limits.h"
#include "core/qterror.h"
#include "store/foldedcompression.h"

#include <QJsonArray>
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
constexpr Bounds kCount{0, kMaxExactInteger}; // responses, bytes, processes, ids
constexpr Bounds kSmall{0, 1e6};              // rounds, attempts, interval numbers
constexpr Bounds kConnections{1, limits::kMaxConnections};
constexpr Bounds kPid{0, 4194304};          // the kernel's largest pid_max
constexpr Bounds kSeconds{0, 1e7};          // durations and offsets, s (115 days)
constexpr Bounds kCores{0, 1e5};            // cores (1.0 = one core)
constexpr Bounds kPercent{0, 1e7};          // percent of one core
constexpr Bounds kRate{0, 1e12};            // responses per second
constexpr Bounds kMicros{0, kMaxLatencyUs}; // latency, us
constexpr Bounds kReading{-1e300, 1e300};   // a sampler reading in its own unit
constexpr Bounds kNone{};                   // not a number

constexpr Bounds kMs{-1, 1e10}; // a cold start's durations, ms (-1 = not measured)

constexpr Bounds kCellRate{-1, 1e12}; // a profiled cell's median 2xx/s (-1 = unknown)

// A server tree's age: -1 = unknown (windows stored before it was recorded).
constexpr Bounds kAgeS{-1, 1e9};                  // seconds since the tree started
constexpr Bounds kAgeCount{-1, kMaxExactInteger}; // responses the tree had served

// "" when `j` is a number in `b` (an integer when `integer`), stored in *out; else why not.
QString checkNumber(const QJsonValue &j, Bounds b, bool integer, double *out)
{
    if (!j.isDouble())
        return integer ? QStringLiteral("must be an integer") : QStringLiteral("must be a number");
    const double v = j.toDouble();
    if (!std::isfinite(v))
        return QStringLiteral("must be a finite number");
    if (integer && std::floor(v) != v)
        return QStringLiteral("must be an integer, not %1").arg(numberText(v));
    if (v < b.min || v > b.max)
        return QStringLiteral("%1 is out of range %2..%3")
            .arg(numberText(v), numberText(b.min), numberText(b.max));
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

// Reads every field of the object `v` at `path` into `record`.
template<typename R>
sb::Status read(const std::vector<Field<R>> &fields, const QJsonValue &v, const QString &path,
                R &record)
{
    if (!v.isObject())
        return importFormatError(path, QStringLiteral("must be an object"));
    const QJsonObject o = v.toObject();
    for (const Field<R> &f : fields) {
        const QJsonValue value = o.value(QLatin1String(f.name));
        const QString at = path + QLatin1Char('.') + QLatin1String(f.name);
        if (value.isUndefined()) {
            if (f.need == Required)
                return importFormatError(at, QStringLiteral("is missing"));
            continue;
        }
        if (const QString why = f.set(record, value); !why.isEmpty())
            return importFormatError(at, why);
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
        field("plan_name", &RunRecord::planName),
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
        field("invalid_kind", &W::invalidKind),
        field("tree_age_s", &W::treeAgeS, kAgeS),
        field("tree_requests", &W::treeRequests, kAgeCount),
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

const std::vector<Field<ServerStartRecord>> &serverStartFields()
{
    using S = ServerStartRecord;
    static const std::vector<Field<S>> f{
        field("configuration", &S::configuration, Required),
        field("round", &S::round, Required, kSmall),
        field("started_at", &S::startedAt),
        field("exec_ms", &S::execMs, Required, kMs),
        field("accept_ms", &S::acceptMs, Required, kMs),
        field("ready_ms", &S::readyMs, Required, kMs),
        field("rss_bytes", &S::rssBytes, Required, kCount),
        field("pss_bytes", &S::pssBytes, Required, kCount),
    };
    return f;
}

// A profile's folded stacks travel as a base64 zlib stream ("folded_zlib"; Python:
// zlib.decompress(base64.b64decode(v))), inflated with the store's bound on import.
Field<ProfileRecord> foldedField()
{
    return {"folded_zlib",
            [](const ProfileRecord &p) {
                return QJsonValue(QString::fromLatin1(zlibStreamOf(p.folded).toBase64()));
            },
            [](ProfileRecord &p, const QJsonValue &j) {
                QByteArray stream;
                if (QString why = fromJson(j, stream, kNone); !why.isEmpty())
                    return why;
                return inflateFoldedStream(stream, &p.folded);
            },
            Required};
}

const std::vector<Field<ProfileRecord>> &profileFields()
{
    using P = ProfileRecord;
    static const std::vector<Field<P>> f{
        field("configuration", &P::configuration, Required),
        field("route", &P::route, Required),
        field("concurrency", &P::concurrency, Required, kConnections),
        field("round", &P::round, Required, kSmall),
        field("taken_at", &P::takenAt),
        field("ok_per_s", &P::okPerS, Required, kRate),
        field("cell_ok_per_s", &P::cellOkPerS, Required, kCellRate),
        field("frequency_hz", &P::frequencyHz, Required, kSmall),
        field("call_graph", &P::callGraph, Required),
        field("samples", &P::samples, Required, kCount),
        field("note", &P::note),
        foldedField(),
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
        return importFormatError(path, QStringLiteral("must be an array"));
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

} // namespace

QString numberText(double v)
{
    return QString::number(v, 'g', 17);
}

sb::Error importFormatError(const QString &path, const QString &detail)
{
    return sb::qtError(QStringLiteral("import.format"), path, detail);
}

QString checkJsonNumber(const QJsonValue &j, double min, double max, bool integer, double *out)
{
    return checkNumber(j, Bounds{min, max}, integer, out);
}

QJsonObject runToJson(const RunRecord &run)
{
    return write(runFields(), run);
}

QJsonObject windowToJson(const WindowRecord &window)
{
    QJsonObject o = write(windowFields(), window);
    o.insert(QStringLiteral("intervals"), writeAll(intervalFields(), window.intervals));
    o.insert(QStringLiteral("samples"), writeAll(sampleFields(), window.samples));
    return o;
}

QJsonArray eventsToJson(const QVector<EventRecord> &events)
{
    return writeAll(eventFields(), events);
}

QJsonArray serverLogsToJson(const QVector<ServerLogRecord> &logs)
{
    return writeAll(serverLogFields(), logs);
}

QJsonArray serverStartsToJson(const QVector<ServerStartRecord> &starts)
{
    return writeAll(serverStartFields(), starts);
}

QJsonArray profilesToJson(const QVector<ProfileRecord> &profiles)
{
    return writeAll(profileFields(), profiles);
}

sb::Status runFromJson(const QJsonValue &v, const QString &path, RunRecord &out)
{
    return read(runFields(), v, path, out);
}

sb::Status windowFromJson(const QJsonValue &v, const QString &path, WindowRecord &out)
{
    if (sb::Status st = read(windowFields(), v, path, out); !st.ok())
        return st;
    const QJsonObject o = v.toObject();
    auto intervals = readAll(intervalFields(), o.value(QStringLiteral("intervals")),
                             path + QStringLiteral(".intervals"));
    if (!intervals.ok())
        return intervals.error();
    auto samples = readAll(sampleFields(), o.value(QStringLiteral("samples")),
                           path + QStringLiteral(".samples"));
    if (!samples.ok())
        return samples.error();
    out.intervals = *intervals;
    out.samples = *samples;
    return sb::Ok{};
}

sb::Result<QVector<EventRecord>> eventsFromJson(const QJsonValue &v, const QString &path)
{
    return readAll(eventFields(), v, path);
}

sb::Result<QVector<ServerLogRecord>> serverLogsFromJson(const QJsonValue &v, const QString &path)
{
    return readAll(serverLogFields(), v, path);
}

sb::Result<QVector<ServerStartRecord>> serverStartsFromJson(const QJsonValue &v,
                                                            const QString &path)
{
    return readAll(serverStartFields(), v, path);
}

sb::Result<QVector<ProfileRecord>> profilesFromJson(const QJsonValue &v, const QString &path)
{
    return readAll(profileFields(), v, path);
}

} // namespace sb::store
