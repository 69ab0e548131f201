#include "store/schema.h"

#include "store/backfill.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <type_traits>

namespace sb::store::schema {

namespace {

// Version 1 is the first released schema; never edit it (old stores were made by it).
Migration version1()
{
    return {
        1,
        "runs, configurations, windows, intervals, samples, events, server logs",
        {
            QStringLiteral("CREATE TABLE schema_version (version INTEGER PRIMARY KEY,"
                           " description TEXT NOT NULL, applied_at TEXT NOT NULL)"),
            QStringLiteral(
                "CREATE TABLE runs (id TEXT PRIMARY KEY, plan_path TEXT, plan_text %BLOB%,"
                " plan_sha256 %BLOB%, profile TEXT, only_configurations TEXT, route_filter TEXT,"
                " started_at TEXT, finished_at TEXT, status TEXT NOT NULL, environment TEXT,"
                " file_hashes TEXT)"),
            QStringLiteral("CREATE TABLE configurations (run_id TEXT NOT NULL REFERENCES runs(id)"
                           " ON DELETE CASCADE, name TEXT NOT NULL, info TEXT,"
                           " PRIMARY KEY (run_id, name))"),
            QStringLiteral(
                "CREATE TABLE windows (id %PK%, run_id TEXT NOT NULL REFERENCES runs(id)"
                " ON DELETE CASCADE, round INTEGER NOT NULL, configuration TEXT NOT NULL,"
                " route TEXT NOT NULL, concurrency INTEGER NOT NULL, attempt INTEGER NOT NULL,"
                " valid INTEGER NOT NULL, invalid_reason TEXT, flags TEXT, started_at TEXT,"
                " elapsed_s DOUBLE PRECISION, requests BIGINT, ok BIGINT, status_counts TEXT,"
                " errors TEXT, bytes_in BIGINT, bytes_out BIGINT, reconnects BIGINT,"
                " client_cpu_s DOUBLE PRECISION, latency_us TEXT, histogram %BLOB%,"
                " histogram_uncorrected %BLOB%, server_cpu_s DOUBLE PRECISION,"
                " server_cores_mean DOUBLE PRECISION, foreign_pct_mean DOUBLE PRECISION,"
                " foreign_pct_peak DOUBLE PRECISION, excluded_pct_mean DOUBLE PRECISION,"
                " generator_pct_mean DOUBLE PRECISION, rss_bytes_peak BIGINT,"
                " pss_bytes_peak BIGINT, checkpoints BIGINT, gates TEXT)"),
            QStringLiteral("CREATE INDEX windows_run ON windows (run_id, id)"),
            QStringLiteral("CREATE INDEX windows_cell ON windows"
                           " (run_id, round, configuration, route, concurrency)"),
            QStringLiteral(
                "CREATE TABLE intervals (window_id BIGINT NOT NULL REFERENCES windows(id)"
                " ON DELETE CASCADE, idx INTEGER NOT NULL, start_s DOUBLE PRECISION,"
                " end_s DOUBLE PRECISION, requests BIGINT, ok BIGINT, errors BIGINT,"
                " ok_per_s DOUBLE PRECISION, p50_us BIGINT, p99_us BIGINT, max_us BIGINT,"
                " server_cores DOUBLE PRECISION, foreign_pct DOUBLE PRECISION,"
                " excluded_pct DOUBLE PRECISION, generator_pct DOUBLE PRECISION,"
                " rss_bytes BIGINT, pss_bytes BIGINT, PRIMARY KEY (window_id, idx))"),
            QStringLiteral("CREATE TABLE samples (id %PK%, window_id BIGINT NOT NULL"
                           " REFERENCES windows(id) ON DELETE CASCADE, at_s DOUBLE PRECISION,"
                           " series TEXT NOT NULL, sample_value DOUBLE PRECISION)"),
            QStringLiteral("CREATE INDEX samples_window ON samples (window_id, id)"),
            QStringLiteral("CREATE TABLE events (id %PK%, run_id TEXT NOT NULL REFERENCES"
                           " runs(id) ON DELETE CASCADE, occurred_at TEXT, kind TEXT NOT NULL,"
                           " detail TEXT, data TEXT)"),
            QStringLiteral("CREATE INDEX events_run ON events (run_id, id)"),
            QStringLiteral("CREATE TABLE server_logs (id %PK%, run_id TEXT NOT NULL REFERENCES"
                           " runs(id) ON DELETE CASCADE, configuration TEXT NOT NULL,"
                           " round INTEGER NOT NULL, stdout_bytes %BLOB%, stderr_bytes %BLOB%,"
                           " written_at TEXT)"),
            QStringLiteral("CREATE INDEX server_logs_run ON server_logs (run_id, id)"),
        },
    };
}

// Existing rows read 0 / empty: a run without a recorded runner, a window without a drain.
Migration version2()
{
    return {
        2,
        "runner process of a run; drain time and requests in flight of a window",
        {
            QStringLiteral("ALTER TABLE runs ADD COLUMN runner_pid BIGINT NOT NULL DEFAULT 0"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN runner_host TEXT"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN runner_start TEXT"),
            QStringLiteral(
                "ALTER TABLE windows ADD COLUMN drain_s DOUBLE PRECISION NOT NULL DEFAULT 0"),
            QStringLiteral(
                "ALTER TABLE windows ADD COLUMN in_flight_at_end BIGINT NOT NULL DEFAULT 0"),
        },
    };
}

// Existing intervals read a p90 of 0 (unknown).
Migration version3()
{
    return {
        3,
        "p90 latency of an interval",
        {
            QStringLiteral("ALTER TABLE intervals ADD COLUMN p90_us BIGINT NOT NULL DEFAULT 0"),
        },
    };
}

// The typed columns that replace guesses from text; existing rows get them derived the one way
// store/backfill.h describes.
Migration version4()
{
    return {
        4,
        "plan name of a run, CPU count of a configuration, invalid kind of a window",
        {
            QStringLiteral("ALTER TABLE runs ADD COLUMN plan_name TEXT NOT NULL DEFAULT ''"),
            QStringLiteral(
                "ALTER TABLE configurations ADD COLUMN cpu_count INTEGER NOT NULL DEFAULT 0"),
            QStringLiteral("ALTER TABLE windows ADD COLUMN invalid_kind TEXT NOT NULL DEFAULT ''"),
        },
        &backfillVersion4,
    };
}

// The server tree's age at each window. Nothing stored says how old a tree was, so existing
// rows read -1 (unknown), never a guessed age.
Migration version5()
{
    return {
        5,
        "server tree age of a window: seconds and requests since the tree started",
        {
            QStringLiteral("ALTER TABLE windows ADD COLUMN tree_age_s DOUBLE PRECISION NOT NULL"
                           " DEFAULT -1"),
            QStringLiteral(
                "ALTER TABLE windows ADD COLUMN tree_requests BIGINT NOT NULL DEFAULT -1"),
        },
    };
}

// A table of its own: one row per start of a server tree. Runs stored before it have none.
Migration version6()
{
    return {
        6,
        "cold start of each server tree: exec, accepting, ready, memory at ready",
        {
            QStringLiteral(
                "CREATE TABLE server_starts (id %PK%, run_id TEXT NOT NULL REFERENCES runs(id)"
                " ON DELETE CASCADE, configuration TEXT NOT NULL, round INTEGER NOT NULL,"
                " started_at TEXT, exec_ms DOUBLE PRECISION NOT NULL,"
                " accept_ms DOUBLE PRECISION NOT NULL, ready_ms DOUBLE PRECISION NOT NULL,"
                " rss_bytes BIGINT NOT NULL, pss_bytes BIGINT NOT NULL)"),
            QStringLiteral("CREATE INDEX server_starts_run ON server_starts (run_id, id)"),
        },
    };
}

// A table of its own: one CPU profile per profiled cell and round, its folded stacks compressed
// (qCompress: a 4-byte big-endian length, then a zlib stream). Runs stored before it have none.
Migration version7()
{
    return {
        7,
        "CPU profile of a cell's server tree: folded stacks of one profiling window",
        {
            QStringLiteral(
                "CREATE TABLE profiles (id %PK%, run_id TEXT NOT NULL REFERENCES runs(id)"
                " ON DELETE CASCADE, configuration TEXT NOT NULL, route TEXT NOT NULL,"
                " concurrency INTEGER NOT NULL, round INTEGER NOT NULL, taken_at TEXT,"
                " ok_per_s DOUBLE PRECISION NOT NULL, cell_ok_per_s DOUBLE PRECISION NOT NULL,"
                " frequency_hz INTEGER NOT NULL, call_graph TEXT NOT NULL,"
                " samples BIGINT NOT NULL, note TEXT NOT NULL, folded %BLOB%)"),
            QStringLiteral("CREATE INDEX profiles_run ON profiles (run_id, id)"),
        },
    };
}

// How a field of type T is stored and read back.
template<typename T> QVariant toSql(const T &value)
{
    if constexpr (std::is_same_v<T, bool>)
        return value ? 1 : 0;
    else if constexpr (std::is_same_v<T, QDateTime>)
        return timeText(value);
    else if constexpr (std::is_same_v<T, QJsonObject> || std::is_same_v<T, QStringList>)
        return jsonText(value);
    else
        return QVariant::fromValue(value); // numbers, QString (null = NULL), QByteArray
}

template<typename T> void fromSql(const QVariant &v, T &field)
{
    if constexpr (std::is_same_v<T, bool>)
        field = v.toInt() != 0;
    else if constexpr (std::is_same_v<T, int>)
        field = v.toInt();
    else if constexpr (std::is_same_v<T, qint64>)
        field = v.toLongLong();
    else if constexpr (std::is_same_v<T, double>)
        field = v.toDouble();
    else if constexpr (std::is_same_v<T, QString>)
        field = v.toString();
    else if constexpr (std::is_same_v<T, QByteArray>)
        field = v.toByteArray();
    else if constexpr (std::is_same_v<T, QDateTime>)
        field = timeFrom(v);
    else if constexpr (std::is_same_v<T, QJsonObject>)
        field = objectFrom(v);
    else if constexpr (std::is_same_v<T, QStringList>)
        field = listFrom(v);
    else
        static_assert(std::is_same_v<T, void>, "no SQL conversion for this field type");
}

template<typename R, typename T> Column<R> column(const char *name, T R::*member, int since = 1)
{
    return {name, since, [member](const R &r) { return toSql(r.*member); },
            [member](R &r, const QVariant &v) { fromSql(v, r.*member); }};
}

// A NOT NULL text column: a null QString is stored as "".
template<typename R> Column<R> required(const char *name, QString R::*member, int since = 1)
{
    return {name, since, [member](const R &r) { return requiredText(r.*member); },
            [member](R &r, const QVariant &v) { r.*member = v.toString(); }};
}

} // namespace

const QVector<Migration> &migrations()
{
    static const QVector<Migration> list = {version1(), version2(), version3(), version4(),
                                            version5(), version6(), version7()};
    return list;
}

QStringList statementsFor(const Migration &m, bool postgres)
{
    const QString blob = postgres ? QStringLiteral("BYTEA") : QStringLiteral("BLOB");
    const QString pk =
        postgres ? QStringLiteral("BIGSERIAL PRIMARY KEY") : QStringLiteral("INTEGER PRIMARY KEY");
    QStringList list;
    for (QString sql : m.statements)
        list << sql.replace(QLatin1String("%BLOB%"), blob).replace(QLatin1String("%PK%"), pk);
    return list;
}

const Columns<RunRecord> &runColumns()
{
    using R = RunRecord;
    static const Columns<R> list = {
        required("id", &R::id),
        column("plan_path", &R::planPath),
        column("plan_text", &R::planText),
        column("plan_sha256", &R::planSha256),
        column("profile", &R::profile),
        column("only_configurations", &R::only),
        column("route_filter", &R::routes),
        column("started_at", &R::startedAt),
        column("finished_at", &R::finishedAt),
        required("status", &R::status),
        column("environment", &R::environment),
        column("file_hashes", &R::fileHashes),
        column("runner_pid", &R::runnerPid, 2),
        column("runner_host", &R::runnerHost, 2),
        column("runner_start", &R::runnerStart, 2),
        required("plan_name", &R::planName, 4),
    };
    return list;
}

const Columns<WindowRecord> &windowColumns()
{
    using W = WindowRecord;
    static const Columns<W> list = {
        required("run_id", &W::runId),
        column("round", &W::round),
        required("configuration", &W::configuration),
        required("route", &W::route),
        column("concurrency", &W::concurrency),
        column("attempt", &W::attempt),
        column("valid", &W::valid),
        column("invalid_reason", &W::invalidReason),
        column("flags", &W::flags),
        column("started_at", &W::startedAt),
        column("elapsed_s", &W::elapsedS),
        column("requests", &W::requests),
        column("ok", &W::ok),
        column("status_counts", &W::statusCounts),
        column("errors", &W::errors),
        column("bytes_in", &W::bytesIn),
        column("bytes_out", &W::bytesOut),
        column("reconnects", &W::reconnects),
        column("client_cpu_s", &W::clientCpuS),
        column("latency_us", &W::latencyUs),
        column("histogram", &W::histogram),
        column("histogram_uncorrected", &W::histogramUncorrected),
        column("server_cpu_s", &W::serverCpuS),
        column("server_cores_mean", &W::serverCoresMean),
        column("foreign_pct_mean", &W::foreignPctMean),
        column("foreign_pct_peak", &W::foreignPctPeak),
        column("excluded_pct_mean", &W::excludedPctMean),
        column("generator_pct_mean", &W::generatorPctMean),
        column("rss_bytes_peak", &W::rssBytesPeak),
        column("pss_bytes_peak", &W::pssBytesPeak),
        column("checkpoints", &W::checkpoints),
        column("gates", &W::gates),
        column("drain_s", &W::drainS, 2),
        column("in_flight_at_end", &W::inFlightAtEnd, 2),
        required("invalid_kind", &W::invalidKind, 4),
        column("tree_age_s", &W::treeAgeS, 5),
        column("tree_requests", &W::treeRequests, 5),
    };
    return list;
}

const Columns<IntervalRecord> &intervalColumns()
{
    using I = IntervalRecord;
    static const Columns<I> list = {
        column("idx", &I::index),
        column("start_s", &I::startS),
        column("end_s", &I::endS),
        column("requests", &I::requests),
        column("ok", &I::ok),
        column("errors", &I::errors),
        column("ok_per_s", &I::okPerS),
        column("p50_us", &I::p50Us),
        column("p99_us", &I::p99Us),
        column("max_us", &I::maxUs),
        column("server_cores", &I::serverCores),
        column("foreign_pct", &I::foreignPct),
        column("excluded_pct", &I::excludedPct),
        column("generator_pct", &I::generatorPct),
        column("rss_bytes", &I::rssBytes),
        column("pss_bytes", &I::pssBytes),
        column("p90_us", &I::p90Us, 3),
    };
    return list;
}

const Columns<ConfigurationRecord> &configurationColumns()
{
    using C = ConfigurationRecord;
    static const Columns<C> list = {
        required("run_id", &C::runId),
        required("name", &C::name),
        column("info", &C::info),
        column("cpu_count", &C::cpuCount, 4),
    };
    return list;
}

const Columns<ServerStartRecord> &serverStartColumns()
{
    using S = ServerStartRecord;
    static const Columns<S> list = {
        required("run_id", &S::runId, 6),     required("configuration", &S::configuration, 6),
        column("round", &S::round, 6),        column("started_at", &S::startedAt, 6),
        column("exec_ms", &S::execMs, 6),     column("accept_ms", &S::acceptMs, 6),
        column("ready_ms", &S::readyMs, 6),   column("rss_bytes", &S::rssBytes, 6),
        column("pss_bytes", &S::pssBytes, 6),
    };
    return list;
}

const Columns<ProfileRecord> &profileColumns()
{
    using P = ProfileRecord;
    static const Columns<P> list = {
        required("run_id", &P::runId, 7),
        required("configuration", &P::configuration, 7),
        required("route", &P::route, 7),
        column("concurrency", &P::concurrency, 7),
        column("round", &P::round, 7),
        column("taken_at", &P::takenAt, 7),
        column("ok_per_s", &P::okPerS, 7),
        column("cell_ok_per_s", &P::cellOkPerS, 7),
        column("frequency_hz", &P::frequencyHz, 7),
        required("call_graph", &P::callGraph, 7),
        column("samples", &P::samples, 7),
        required("note", &P::note, 7),
    };
    return list;
}

QString timeText(const QDateTime &time)
{
    if (!time.isValid())
        return QString();
    return time.toUTC().toString(Qt::ISODateWithMs);
}

QDateTime timeFrom(const QVariant &value)
{
    const QString text = value.toString();
    if (text.isEmpty())
        return QDateTime();
    return QDateTime::fromString(text, Qt::ISODateWithMs);
}

QVariant requiredText(const QString &value)
{
    return value.isNull() ? QVariant(QString(QLatin1String(""))) : QVariant(value);
}

QString jsonText(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QString jsonText(const QStringList &list)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(list)).toJson(QJsonDocument::Compact));
}

QJsonObject objectFrom(const QVariant &value)
{
    return QJsonDocument::fromJson(value.toString().toUtf8()).object();
}

QStringList listFrom(const QVariant &value)
{
    QStringList list;
    const QJsonArray array = QJsonDocument::fromJson(value.toString().toUtf8()).array();
    for (const QJsonValue &item : array)
        list << item.toString();
    return list;
}

} // namespace sb::store::schema
