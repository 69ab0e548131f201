#include "store/runstore.h"

#include "core/qterror.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QUrl>
#include <QUrlQuery>
#include <atomic>

namespace sb::store {

namespace {

// One schema step. Statements use %PK% (an auto-numbered BIGINT key) and %BLOB% (binary), which
// differ between SQLite and PostgreSQL; everything else is portable SQL.
struct Migration
{
    int version;
    const char *description;
    QStringList statements;
};

// Ordered, append-only: never edit a released step, add the next one.
const QVector<Migration> &migrations()
{
    static const QVector<Migration> list = {
        {1,
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
         }},
    };
    return list;
}

const char *const kWindowColumns =
    "run_id, round, configuration, route, concurrency, attempt, valid, invalid_reason, flags,"
    " started_at, elapsed_s, requests, ok, status_counts, errors, bytes_in, bytes_out,"
    " reconnects, client_cpu_s, latency_us, histogram, histogram_uncorrected, server_cpu_s,"
    " server_cores_mean, foreign_pct_mean, foreign_pct_peak, excluded_pct_mean,"
    " generator_pct_mean, rss_bytes_peak, pss_bytes_peak, checkpoints, gates";
const int kWindowColumnCount = 32;

const char *const kIntervalColumns =
    "window_id, idx, start_s, end_s, requests, ok, errors, ok_per_s, p50_us, p99_us, max_us,"
    " server_cores, foreign_pct, excluded_pct, generator_pct, rss_bytes, pss_bytes";
const int kIntervalColumnCount = 17;

const char *const kRunColumns =
    "id, plan_path, plan_text, plan_sha256, profile, only_configurations, route_filter,"
    " started_at, finished_at, status, environment, file_hashes";
const int kRunColumnCount = 12;

QString placeholders(int count)
{
    QStringList marks;
    for (int i = 0; i < count; ++i)
        marks << QStringLiteral("?");
    return marks.join(QLatin1Char(','));
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

// NOT NULL text columns must not receive a null QString (which Qt binds as NULL).
QVariant text(const QString &value)
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

bool knownStatus(const QString &status)
{
    return status == kStatusRunning || status == kStatusFinished || status == kStatusFailed ||
           status == kStatusInterrupted;
}

bool isPostgresUrl(const QString &location)
{
    return location.startsWith(QLatin1String("postgresql://")) ||
           location.startsWith(QLatin1String("postgres://"));
}

RunRecord runFrom(const QSqlQuery &q)
{
    RunRecord r;
    int c = 0;
    r.id = q.value(c++).toString();
    r.planPath = q.value(c++).toString();
    r.planText = q.value(c++).toByteArray();
    r.planSha256 = q.value(c++).toByteArray();
    r.profile = q.value(c++).toString();
    r.only = listFrom(q.value(c++));
    r.routes = listFrom(q.value(c++));
    r.startedAt = timeFrom(q.value(c++));
    r.finishedAt = timeFrom(q.value(c++));
    r.status = q.value(c++).toString();
    r.environment = objectFrom(q.value(c++));
    r.fileHashes = objectFrom(q.value(c++));
    r.windowCount = q.value(c++).toLongLong();
    r.validWindowCount = q.value(c++).toLongLong();
    return r;
}

} // namespace

// --- opening ---

QString RunStore::defaultLocation()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
           QStringLiteral("/runs.sqlite");
}

int RunStore::latestSchemaVersion()
{
    return migrations().last().version;
}

QString RunStore::newRunId(const QDateTime &now)
{
    const quint32 suffix = QRandomGenerator::system()->bounded(0x10000u);
    return now.toUTC().toString(QStringLiteral("yyyyMMdd-HHmmss-")) +
           QStringLiteral("%1").arg(suffix, 4, 16, QLatin1Char('0'));
}

sb::Result<std::unique_ptr<RunStore>> RunStore::open(const QString &location, OpenMode mode)
{
    Q_UNUSED(mode) // Create, Existing and ReadOnly behave alike so far
    static std::atomic<quint64> connectionCounter{0};
    std::unique_ptr<RunStore> store(new RunStore);
    store->m_connectionName =
        QStringLiteral("sb-runstore-%1").arg(connectionCounter.fetch_add(1) + 1);
    const QString where = location.isEmpty() ? defaultLocation() : location;

    if (isPostgresUrl(where)) {
        store->m_backend = Backend::Postgres;
        QUrl url(where, QUrl::StrictMode);
        QUrl shown = url;
        shown.setPassword(QString());
        QUrlQuery shownQuery(shown);
        shownQuery.removeAllQueryItems(QStringLiteral("password"));
        shown.setQuery(shownQuery);
        store->m_display = shown.toString();
        if (!url.isValid() || url.host().isEmpty())
            return sb::qtError(QStringLiteral("store.open"), store->m_display,
                               QStringLiteral("not a valid PostgreSQL URL (expected "
                                              "postgresql://user:password@host:port/dbname)"));
        if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
            return sb::qtError(QStringLiteral("store.open"), store->m_display,
                               QStringLiteral("the Qt PostgreSQL driver (QPSQL) is not installed"));
        store->m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), store->m_connectionName);
        store->m_db.setHostName(url.host());
        store->m_db.setPort(url.port(5432));
        store->m_db.setUserName(url.userName());
        store->m_db.setPassword(url.password());
        QString database = url.path();
        if (database.startsWith(QLatin1Char('/')))
            database.remove(0, 1);
        store->m_db.setDatabaseName(database);
        QStringList options;
        const auto items = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
        for (const auto &item : items)
            options << item.first + QLatin1Char('=') + item.second;
        store->m_db.setConnectOptions(options.join(QLatin1Char(';')));
    } else {
        store->m_backend = Backend::Sqlite;
        store->m_display = where;
        const QFileInfo info(where);
        if (info.isDir())
            return sb::qtError(QStringLiteral("store.open"), where,
                               QStringLiteral("is a directory, not a store file"));
        if (!QDir().mkpath(info.absolutePath()))
            return sb::qtError(
                QStringLiteral("store.open"), where,
                QStringLiteral("cannot create the directory %1").arg(info.absolutePath()));
        if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
            return sb::qtError(QStringLiteral("store.open"), where,
                               QStringLiteral("the Qt SQLite driver (QSQLITE) is not installed"));
        store->m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), store->m_connectionName);
        store->m_db.setDatabaseName(where);
        store->m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
    }

    if (!store->m_db.open())
        return store->dbError(QStringLiteral("store.open"), QString());
    if (sb::Status s = store->initialise(); !s)
        return s.error();
    if (sb::Status s = store->migrate(); !s)
        return s.error();
    return store;
}

RunStore::~RunStore()
{
    if (m_db.isOpen())
        m_db.close();
    m_db = QSqlDatabase();
    if (!m_connectionName.isEmpty())
        QSqlDatabase::removeDatabase(m_connectionName);
}

sb::Status RunStore::initialise()
{
    if (m_backend == Backend::Postgres) {
        // Quiet NOTICEs (e.g. about implicit indexes) that libpq would print to stderr.
        return exec(QStringLiteral("SET client_min_messages TO WARNING"), QString(),
                    QStringLiteral("store.open"));
    }
    // The first read of a file that is not SQLite fails here, before anything is written.
    QSqlQuery probe(m_db);
    if (!probe.exec(QStringLiteral("SELECT COUNT(*) FROM sqlite_master")))
        return sb::qtError(
            QStringLiteral("store.open"), m_display,
            QStringLiteral("not a readable SQLite database (%1)").arg(probe.lastError().text()));
    probe.finish();
    QSqlQuery wal(m_db);
    if (!wal.exec(QStringLiteral("PRAGMA journal_mode=WAL")) || !wal.next())
        return sqlError(QStringLiteral("store.open"), QString(), wal);
    const QString mode = wal.value(0).toString();
    wal.finish();
    if (mode.compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
        return sb::qtError(QStringLiteral("store.open"), m_display,
                           QStringLiteral("SQLite refused WAL mode (journal mode stays \"%1\"); "
                                          "the file system may not support shared memory")
                               .arg(mode));
    // FULL: a committed window also survives a power cut, not only a killed process; one fsync
    // per window costs nothing next to a window's seconds.
    for (const char *pragma : {"PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON"}) {
        if (sb::Status s =
                exec(QString::fromLatin1(pragma), QString(), QStringLiteral("store.open"));
            !s)
            return s;
    }
    return sb::Ok{};
}

sb::Result<int> RunStore::readSchemaVersion()
{
    static const QStringList ours = {QStringLiteral("runs"),       QStringLiteral("configurations"),
                                     QStringLiteral("windows"),    QStringLiteral("intervals"),
                                     QStringLiteral("samples"),    QStringLiteral("events"),
                                     QStringLiteral("server_logs")};
    const QStringList tables = m_db.tables(QSql::Tables);
    if (tables.contains(QLatin1String("schema_version"))) {
        QSqlQuery q(m_db);
        // COUNT(description) fails on another program's schema_version table.
        if (!q.exec(
                QStringLiteral("SELECT MAX(version), COUNT(description) FROM schema_version")) ||
            !q.next())
            return sb::qtError(
                QStringLiteral("store.foreign"),
                m_display + QStringLiteral(" (table schema_version)"),
                QStringLiteral("not a Stackbench run store: its schema_version table "
                               "is not Stackbench's (%1)")
                    .arg(q.lastError().text()));
        return q.value(0).toInt();
    }
    // A SQLite file is ours alone; a PostgreSQL database may hold other tables beside ours.
    QStringList clash;
    for (const QString &table : tables)
        if (m_backend == Backend::Sqlite || ours.contains(table))
            clash << table;
    if (!clash.isEmpty())
        return sb::qtError(QStringLiteral("store.foreign"), m_display,
                           QStringLiteral("not a Stackbench run store: it has tables (%1) but no "
                                          "schema_version")
                               .arg(clash.mid(0, 5).join(QStringLiteral(", "))));
    return 0;
}

sb::Status RunStore::migrate()
{
    const QString blob =
        m_backend == Backend::Postgres ? QStringLiteral("BYTEA") : QStringLiteral("BLOB");
    const QString pk = m_backend == Backend::Postgres ? QStringLiteral("BIGSERIAL PRIMARY KEY")
                                                      : QStringLiteral("INTEGER PRIMARY KEY");
    const QString table = QStringLiteral("schema_version");
    auto tooNew = [this](int version) {
        return sb::qtError(QStringLiteral("store.too-new"), m_display,
                           QStringLiteral("the store has schema version %1 but this Stackbench "
                                          "knows only up to version %2; use a newer Stackbench")
                               .arg(version)
                               .arg(latestSchemaVersion()));
    };
    // Up to date: no lock taken, so that opening never waits for a writer.
    {
        const sb::Result<int> current = readSchemaVersion();
        if (!current)
            return current.error();
        if (*current > latestSchemaVersion())
            return tooNew(*current);
        if (*current == latestSchemaVersion()) {
            m_schemaVersion = *current;
            return sb::Ok{};
        }
    }
    // One transaction per step. Each takes the write lock first and re-reads the version, so
    // two programs opening a new store at once apply every step exactly once.
    for (;;) {
        if (m_backend == Backend::Postgres) {
            if (sb::Status s = beginTransaction(table); !s)
                return s;
            QSqlQuery lock(m_db);
            if (!lock.exec(QStringLiteral("SELECT pg_advisory_xact_lock(5362)"))) {
                sb::Error e = sqlError(QStringLiteral("store.migrate"), table, lock);
                lock.finish();
                rollbackTransaction();
                return e;
            }
            lock.finish();
        } else if (sb::Status s =
                       exec(QStringLiteral("BEGIN IMMEDIATE"), table, QStringLiteral("store.open"));
                   !s) {
            return s;
        }
        const sb::Result<int> current = readSchemaVersion();
        if (!current) {
            rollbackTransaction();
            return current.error();
        }
        if (*current > latestSchemaVersion()) {
            rollbackTransaction();
            return tooNew(*current);
        }
        const Migration *next = nullptr;
        for (const Migration &m : migrations()) {
            if (m.version > *current) {
                next = &m;
                break;
            }
        }
        if (!next) {
            rollbackTransaction(); // nothing was written
            m_schemaVersion = *current;
            return sb::Ok{};
        }
        for (QString sql : next->statements) {
            sql.replace(QLatin1String("%BLOB%"), blob).replace(QLatin1String("%PK%"), pk);
            QSqlQuery q(m_db);
            if (!q.exec(sql)) {
                sb::Error e = sqlError(QStringLiteral("store.migrate"), QString(), q);
                e.detail = QStringLiteral("migration to schema version %1 failed: %2")
                               .arg(next->version)
                               .arg(sb::qtDetail(e))
                               .toStdString();
                q.finish();
                rollbackTransaction();
                return e;
            }
        }
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral(
            "INSERT INTO schema_version (version, description, applied_at) VALUES (?, ?, ?)"));
        q.addBindValue(next->version);
        q.addBindValue(QString::fromUtf8(next->description));
        q.addBindValue(timeText(QDateTime::currentDateTimeUtc()));
        if (sb::Status s = exec(q, table, QStringLiteral("store.migrate")); !s) {
            q.finish();
            rollbackTransaction();
            return s;
        }
        q.finish();
        if (sb::Status s = commitTransaction(table); !s)
            return s;
    }
}

// --- helpers ---

sb::Error RunStore::sqlError(const QString &code, const QString &table,
                             const QSqlQuery &query) const
{
    const QString where =
        table.isEmpty() ? m_display : m_display + QStringLiteral(" (table %1)").arg(table);
    return sb::qtError(code, where, query.lastError().text());
}

sb::Error RunStore::dbError(const QString &code, const QString &table) const
{
    const QString where =
        table.isEmpty() ? m_display : m_display + QStringLiteral(" (table %1)").arg(table);
    return sb::qtError(code, where, m_db.lastError().text());
}

sb::Status RunStore::exec(QSqlQuery &query, const QString &table, const QString &code) const
{
    if (!query.exec())
        return sqlError(code, table, query);
    return sb::Ok{};
}

sb::Status RunStore::exec(const QString &sql, const QString &table, const QString &code)
{
    QSqlQuery q(m_db);
    if (!q.exec(sql))
        return sqlError(code, table, q);
    return sb::Ok{};
}

sb::Status RunStore::beginTransaction(const QString &table)
{
    if (!m_db.transaction())
        return dbError(QStringLiteral("store.write"), table);
    return sb::Ok{};
}

sb::Status RunStore::commitTransaction(const QString &table)
{
    if (!m_db.commit()) {
        sb::Error e = dbError(QStringLiteral("store.write"), table);
        rollbackTransaction();
        return e;
    }
    return sb::Ok{};
}

void RunStore::rollbackTransaction()
{
    m_db.rollback();
}

sb::Result<qint64> RunStore::insertReturningId(QSqlQuery &query, const QString &table)
{
    if (!query.exec())
        return sqlError(QStringLiteral("store.write"), table, query);
    qint64 id = 0;
    if (m_backend == Backend::Postgres) {
        // QPSQL's lastInsertId() relies on OIDs, which tables no longer have.
        if (!query.next())
            return sqlError(QStringLiteral("store.write"), table, query);
        id = query.value(0).toLongLong();
    } else {
        id = query.lastInsertId().toLongLong();
    }
    query.finish();
    return id;
}

// --- writing ---

sb::Status RunStore::createRun(const RunRecord &run)
{
    const QString table = QStringLiteral("runs");
    const QString status = run.status.isEmpty() ? QString(kStatusRunning) : run.status;
    if (!knownStatus(status))
        return sb::qtError(QStringLiteral("store.status"), m_display,
                           QStringLiteral("unknown run status \"%1\"").arg(status));
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO runs (%1) VALUES (%2)")
                  .arg(QLatin1String(kRunColumns), placeholders(kRunColumnCount)));
    q.addBindValue(text(run.id));
    q.addBindValue(run.planPath);
    q.addBindValue(run.planText);
    q.addBindValue(run.planSha256);
    q.addBindValue(run.profile);
    q.addBindValue(jsonText(run.only));
    q.addBindValue(jsonText(run.routes));
    q.addBindValue(timeText(run.startedAt));
    q.addBindValue(timeText(run.finishedAt));
    q.addBindValue(status);
    q.addBindValue(jsonText(run.environment));
    q.addBindValue(jsonText(run.fileHashes));
    return exec(q, table, QStringLiteral("store.write"));
}

sb::Status RunStore::updateStatus(const QString &runId, const QString &status, bool finish)
{
    const QString table = QStringLiteral("runs");
    if (!knownStatus(status))
        return sb::qtError(QStringLiteral("store.status"), m_display,
                           QStringLiteral("unknown run status \"%1\"").arg(status));
    QSqlQuery q(m_db);
    if (finish) {
        q.prepare(QStringLiteral("UPDATE runs SET status = ?, finished_at = ? WHERE id = ?"));
        q.addBindValue(status);
        q.addBindValue(timeText(QDateTime::currentDateTimeUtc()));
    } else if (status == kStatusRunning) {
        q.prepare(QStringLiteral("UPDATE runs SET status = ?, finished_at = NULL WHERE id = ?"));
        q.addBindValue(status);
    } else {
        q.prepare(QStringLiteral("UPDATE runs SET status = ? WHERE id = ?"));
        q.addBindValue(status);
    }
    q.addBindValue(runId);
    if (sb::Status s = exec(q, table, QStringLiteral("store.write")); !s)
        return s;
    if (q.numRowsAffected() == 0)
        return sb::qtError(QStringLiteral("store.not-found"), m_display,
                           QStringLiteral("no run \"%1\"").arg(runId));
    return sb::Ok{};
}

sb::Status RunStore::finishRun(const QString &runId, const QString &status)
{
    return updateStatus(runId, status, true);
}

sb::Status RunStore::setRunStatus(const QString &runId, const QString &status)
{
    return updateStatus(runId, status, false);
}

sb::Status RunStore::saveConfiguration(const QString &runId, const QString &name,
                                       const QJsonObject &info)
{
    QSqlQuery q(m_db);
    // ON CONFLICT ... DO UPDATE: SQLite >= 3.24 and PostgreSQL >= 9.5 share this syntax.
    q.prepare(QStringLiteral("INSERT INTO configurations (run_id, name, info) VALUES (?, ?, ?) "
                             "ON CONFLICT (run_id, name) DO UPDATE SET info = excluded.info"));
    q.addBindValue(text(runId));
    q.addBindValue(text(name));
    q.addBindValue(jsonText(info));
    return exec(q, QStringLiteral("configurations"), QStringLiteral("store.write"));
}

sb::Result<qint64> RunStore::saveWindow(const WindowRecord &w)
{
    QString table = QStringLiteral("windows");
    if (sb::Status s = beginTransaction(table); !s)
        return s.error();
    auto fail = [this](const sb::Error &e) -> sb::Result<qint64> {
        rollbackTransaction();
        return e;
    };

    qint64 windowId = 0;
    {
        QSqlQuery q(m_db);
        QString sql = QStringLiteral("INSERT INTO windows (%1) VALUES (%2)")
                          .arg(QLatin1String(kWindowColumns), placeholders(kWindowColumnCount));
        if (m_backend == Backend::Postgres)
            sql += QStringLiteral(" RETURNING id");
        q.prepare(sql);
        q.addBindValue(text(w.runId));
        q.addBindValue(w.round);
        q.addBindValue(text(w.configuration));
        q.addBindValue(text(w.route));
        q.addBindValue(w.concurrency);
        q.addBindValue(w.attempt);
        q.addBindValue(w.valid ? 1 : 0);
        q.addBindValue(w.invalidReason);
        q.addBindValue(jsonText(w.flags));
        q.addBindValue(timeText(w.startedAt));
        q.addBindValue(w.elapsedS);
        q.addBindValue(w.requests);
        q.addBindValue(w.ok);
        q.addBindValue(jsonText(w.statusCounts));
        q.addBindValue(jsonText(w.errors));
        q.addBindValue(w.bytesIn);
        q.addBindValue(w.bytesOut);
        q.addBindValue(w.reconnects);
        q.addBindValue(w.clientCpuS);
        q.addBindValue(jsonText(w.latencyUs));
        q.addBindValue(w.histogram);
        q.addBindValue(w.histogramUncorrected);
        q.addBindValue(w.serverCpuS);
        q.addBindValue(w.serverCoresMean);
        q.addBindValue(w.foreignPctMean);
        q.addBindValue(w.foreignPctPeak);
        q.addBindValue(w.excludedPctMean);
        q.addBindValue(w.generatorPctMean);
        q.addBindValue(w.rssBytesPeak);
        q.addBindValue(w.pssBytesPeak);
        q.addBindValue(w.checkpoints);
        q.addBindValue(jsonText(w.gates));
        sb::Result<qint64> id = insertReturningId(q, table);
        if (!id)
            return fail(id.error());
        windowId = *id;
    }

    if (!w.intervals.isEmpty()) {
        table = QStringLiteral("intervals");
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral("INSERT INTO intervals (%1) VALUES (%2)")
                      .arg(QLatin1String(kIntervalColumns), placeholders(kIntervalColumnCount)));
        for (const IntervalRecord &i : w.intervals) {
            q.addBindValue(windowId);
            q.addBindValue(i.index);
            q.addBindValue(i.startS);
            q.addBindValue(i.endS);
            q.addBindValue(i.requests);
            q.addBindValue(i.ok);
            q.addBindValue(i.errors);
            q.addBindValue(i.okPerS);
            q.addBindValue(i.p50Us);
            q.addBindValue(i.p99Us);
            q.addBindValue(i.maxUs);
            q.addBindValue(i.serverCores);
            q.addBindValue(i.foreignPct);
            q.addBindValue(i.excludedPct);
            q.addBindValue(i.generatorPct);
            q.addBindValue(i.rssBytes);
            q.addBindValue(i.pssBytes);
            if (!q.exec())
                return fail(sqlError(QStringLiteral("store.write"), table, q));
        }
    }

    if (!w.samples.isEmpty()) {
        table = QStringLiteral("samples");
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral(
            "INSERT INTO samples (window_id, at_s, series, sample_value) VALUES (?, ?, ?, ?)"));
        for (const SampleRecord &s : w.samples) {
            q.addBindValue(windowId);
            q.addBindValue(s.atS);
            q.addBindValue(text(s.series));
            q.addBindValue(s.value);
            if (!q.exec())
                return fail(sqlError(QStringLiteral("store.write"), table, q));
        }
    }

    if (sb::Status s = commitTransaction(QStringLiteral("windows")); !s)
        return s.error();
    return windowId;
}

sb::Status RunStore::saveEvent(const EventRecord &event)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral(
        "INSERT INTO events (run_id, occurred_at, kind, detail, data) VALUES (?, ?, ?, ?, ?)"));
    q.addBindValue(text(event.runId));
    q.addBindValue(timeText(event.at.isValid() ? event.at : QDateTime::currentDateTimeUtc()));
    q.addBindValue(text(event.kind));
    q.addBindValue(event.detail);
    q.addBindValue(jsonText(event.data));
    return exec(q, QStringLiteral("events"), QStringLiteral("store.write"));
}

sb::Status RunStore::appendServerLog(const QString &runId, const QString &configuration, int round,
                                     const QByteArray &stdoutBytes, const QByteArray &stderrBytes)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO server_logs (run_id, configuration, round, stdout_bytes,"
                             " stderr_bytes, written_at) VALUES (?, ?, ?, ?, ?, ?)"));
    q.addBindValue(text(runId));
    q.addBindValue(text(configuration));
    q.addBindValue(round);
    q.addBindValue(stdoutBytes);
    q.addBindValue(stderrBytes);
    q.addBindValue(timeText(QDateTime::currentDateTimeUtc()));
    return exec(q, QStringLiteral("server_logs"), QStringLiteral("store.write"));
}

sb::Status RunStore::deleteRun(const QString &runId)
{
    const QString table = QStringLiteral("runs");
    if (sb::Status s = beginTransaction(table); !s)
        return s;
    // Children first, explicitly, so that deletion does not depend on cascades being enabled.
    const char *const statements[] = {
        "DELETE FROM intervals WHERE window_id IN (SELECT id FROM windows WHERE run_id = ?)",
        "DELETE FROM samples WHERE window_id IN (SELECT id FROM windows WHERE run_id = ?)",
        "DELETE FROM windows WHERE run_id = ?",
        "DELETE FROM events WHERE run_id = ?",
        "DELETE FROM server_logs WHERE run_id = ?",
        "DELETE FROM configurations WHERE run_id = ?",
        "DELETE FROM runs WHERE id = ?",
    };
    int deletedRuns = 0;
    for (const char *sql : statements) {
        QSqlQuery q(m_db);
        q.prepare(QString::fromLatin1(sql));
        q.addBindValue(runId);
        if (!q.exec()) {
            sb::Error e = sqlError(QStringLiteral("store.write"), table, q);
            q.finish();
            rollbackTransaction();
            return e;
        }
        deletedRuns = q.numRowsAffected();
    }
    if (deletedRuns == 0) {
        rollbackTransaction();
        return sb::qtError(QStringLiteral("store.not-found"), m_display,
                           QStringLiteral("no run \"%1\"").arg(runId));
    }
    return commitTransaction(table);
}

// --- reading ---

sb::Result<RunRecord> RunStore::run(const QString &runId) const
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT %1, (SELECT COUNT(*) FROM windows w WHERE w.run_id = r.id),"
                             " (SELECT COUNT(*) FROM windows w WHERE w.run_id = r.id"
                             " AND w.valid = 1) FROM runs r WHERE r.id = ?")
                  .arg(QLatin1String(kRunColumns)));
    q.addBindValue(runId);
    if (!q.exec())
        return sqlError(QStringLiteral("store.read"), QStringLiteral("runs"), q);
    if (!q.next())
        return sb::qtError(QStringLiteral("store.not-found"), m_display,
                           QStringLiteral("no run \"%1\"").arg(runId));
    return runFrom(q);
}

sb::Result<QVector<RunRecord>> RunStore::runs() const
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT %1, (SELECT COUNT(*) FROM windows w WHERE w.run_id = r.id),"
                               " (SELECT COUNT(*) FROM windows w WHERE w.run_id = r.id"
                               " AND w.valid = 1) FROM runs r ORDER BY r.started_at DESC,"
                               " r.id DESC")
                    .arg(QLatin1String(kRunColumns))))
        return sqlError(QStringLiteral("store.read"), QStringLiteral("runs"), q);
    QVector<RunRecord> list;
    while (q.next())
        list << runFrom(q);
    return list;
}

sb::Result<QVector<ConfigurationRecord>> RunStore::configurations(const QString &runId) const
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
        "SELECT run_id, name, info FROM configurations WHERE run_id = ? ORDER BY name"));
    q.addBindValue(runId);
    if (!q.exec())
        return sqlError(QStringLiteral("store.read"), QStringLiteral("configurations"), q);
    QVector<ConfigurationRecord> list;
    while (q.next())
        list << ConfigurationRecord{q.value(0).toString(), q.value(1).toString(),
                                    objectFrom(q.value(2))};
    return list;
}

sb::Result<QVector<WindowRecord>> RunStore::loadWindows(const QString &where, const QVariant &key,
                                                        bool withDetails) const
{
    QVector<WindowRecord> list;
    QHash<qint64, qsizetype> position;
    {
        QSqlQuery q(m_db);
        q.setForwardOnly(true);
        q.prepare(QStringLiteral("SELECT id, %1 FROM windows WHERE %2 ORDER BY id")
                      .arg(QLatin1String(kWindowColumns), where));
        q.addBindValue(key);
        if (!q.exec())
            return sqlError(QStringLiteral("store.read"), QStringLiteral("windows"), q);
        while (q.next()) {
            WindowRecord w;
            int c = 0;
            w.id = q.value(c++).toLongLong();
            w.runId = q.value(c++).toString();
            w.round = q.value(c++).toInt();
            w.configuration = q.value(c++).toString();
            w.route = q.value(c++).toString();
            w.concurrency = q.value(c++).toInt();
            w.attempt = q.value(c++).toInt();
            w.valid = q.value(c++).toInt() != 0;
            w.invalidReason = q.value(c++).toString();
            w.flags = listFrom(q.value(c++));
            w.startedAt = timeFrom(q.value(c++));
            w.elapsedS = q.value(c++).toDouble();
            w.requests = q.value(c++).toLongLong();
            w.ok = q.value(c++).toLongLong();
            w.statusCounts = objectFrom(q.value(c++));
            w.errors = objectFrom(q.value(c++));
            w.bytesIn = q.value(c++).toLongLong();
            w.bytesOut = q.value(c++).toLongLong();
            w.reconnects = q.value(c++).toLongLong();
            w.clientCpuS = q.value(c++).toDouble();
            w.latencyUs = objectFrom(q.value(c++));
            w.histogram = q.value(c++).toByteArray();
            w.histogramUncorrected = q.value(c++).toByteArray();
            w.serverCpuS = q.value(c++).toDouble();
            w.serverCoresMean = q.value(c++).toDouble();
            w.foreignPctMean = q.value(c++).toDouble();
            w.foreignPctPeak = q.value(c++).toDouble();
            w.excludedPctMean = q.value(c++).toDouble();
            w.generatorPctMean = q.value(c++).toDouble();
            w.rssBytesPeak = q.value(c++).toLongLong();
            w.pssBytesPeak = q.value(c++).toLongLong();
            w.checkpoints = q.value(c++).toLongLong();
            w.gates = objectFrom(q.value(c++));
            position.insert(w.id, list.size());
            list << w;
        }
    }
    if (!withDetails || list.isEmpty())
        return list;

    const QString windowIds = QStringLiteral("SELECT id FROM windows WHERE %1").arg(where);
    {
        QSqlQuery q(m_db);
        q.setForwardOnly(true);
        q.prepare(QStringLiteral("SELECT %1 FROM intervals WHERE window_id IN (%2)"
                                 " ORDER BY window_id, idx")
                      .arg(QLatin1String(kIntervalColumns), windowIds));
        q.addBindValue(key);
        if (!q.exec())
            return sqlError(QStringLiteral("store.read"), QStringLiteral("intervals"), q);
        while (q.next()) {
            const auto it = position.constFind(q.value(0).toLongLong());
            if (it == position.constEnd())
                continue;
            IntervalRecord i;
            int c = 1;
            i.index = q.value(c++).toInt();
            i.startS = q.value(c++).toDouble();
            i.endS = q.value(c++).toDouble();
            i.requests = q.value(c++).toLongLong();
            i.ok = q.value(c++).toLongLong();
            i.errors = q.value(c++).toLongLong();
            i.okPerS = q.value(c++).toDouble();
            i.p50Us = q.value(c++).toLongLong();
            i.p99Us = q.value(c++).toLongLong();
            i.maxUs = q.value(c++).toLongLong();
            i.serverCores = q.value(c++).toDouble();
            i.foreignPct = q.value(c++).toDouble();
            i.excludedPct = q.value(c++).toDouble();
            i.generatorPct = q.value(c++).toDouble();
            i.rssBytes = q.value(c++).toLongLong();
            i.pssBytes = q.value(c++).toLongLong();
            list[*it].intervals << i;
        }
    }
    {
        QSqlQuery q(m_db);
        q.setForwardOnly(true);
        q.prepare(QStringLiteral("SELECT window_id, at_s, series, sample_value FROM samples"
                                 " WHERE window_id IN (%1) ORDER BY window_id, id")
                      .arg(windowIds));
        q.addBindValue(key);
        if (!q.exec())
            return sqlError(QStringLiteral("store.read"), QStringLiteral("samples"), q);
        while (q.next()) {
            const auto it = position.constFind(q.value(0).toLongLong());
            if (it == position.constEnd())
                continue;
            list[*it].samples << SampleRecord{q.value(1).toDouble(), q.value(2).toString(),
                                              q.value(3).toDouble()};
        }
    }
    return list;
}

sb::Result<QVector<WindowRecord>> RunStore::windows(const QString &runId, bool withIntervals) const
{
    return loadWindows(QStringLiteral("run_id = ?"), runId, withIntervals);
}

sb::Result<WindowRecord> RunStore::window(qint64 windowId) const
{
    sb::Result<QVector<WindowRecord>> list = loadWindows(QStringLiteral("id = ?"), windowId, true);
    if (!list)
        return list.error();
    if (list->isEmpty())
        return sb::qtError(QStringLiteral("store.not-found"), m_display,
                           QStringLiteral("no window %1").arg(windowId));
    return list->first();
}

sb::Result<QVector<EventRecord>> RunStore::events(const QString &runId) const
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT run_id, occurred_at, kind, detail, data FROM events"
                             " WHERE run_id = ? ORDER BY id"));
    q.addBindValue(runId);
    if (!q.exec())
        return sqlError(QStringLiteral("store.read"), QStringLiteral("events"), q);
    QVector<EventRecord> list;
    while (q.next())
        list << EventRecord{q.value(0).toString(), timeFrom(q.value(1)), q.value(2).toString(),
                            q.value(3).toString(), objectFrom(q.value(4))};
    return list;
}

sb::Result<QVector<ServerLogRecord>> RunStore::serverLogs(const QString &runId) const
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT configuration, round, stdout_bytes, stderr_bytes"
                             " FROM server_logs WHERE run_id = ? ORDER BY id"));
    q.addBindValue(runId);
    if (!q.exec())
        return sqlError(QStringLiteral("store.read"), QStringLiteral("server_logs"), q);
    QVector<ServerLogRecord> list;
    QHash<QString, qsizetype> position;
    while (q.next()) {
        const QString configuration = q.value(0).toString();
        const int round = q.value(1).toInt();
        const QString key = QString::number(round) + QLatin1Char('/') + configuration;
        auto it = position.constFind(key);
        if (it == position.constEnd()) {
            it = position.insert(key, list.size());
            list << ServerLogRecord{runId, configuration, round, {}, {}};
        }
        list[*it].stdoutBytes += q.value(2).toByteArray();
        list[*it].stderrBytes += q.value(3).toByteArray();
    }
    return list;
}

sb::Result<QVector<CellProgress>> RunStore::cellProgress(const QString &runId) const
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
        "SELECT round, configuration, route, concurrency, COUNT(*), SUM(valid), MAX(id)"
        " FROM windows WHERE run_id = ? GROUP BY round, configuration, route, concurrency"
        " ORDER BY MIN(id)"));
    q.addBindValue(runId);
    if (!q.exec())
        return sqlError(QStringLiteral("store.read"), QStringLiteral("windows"), q);
    QVector<CellProgress> list;
    while (q.next()) {
        CellProgress p;
        p.round = q.value(0).toInt();
        p.configuration = q.value(1).toString();
        p.route = q.value(2).toString();
        p.concurrency = q.value(3).toInt();
        p.attempts = q.value(4).toInt();
        p.validWindows = q.value(5).toInt();
        p.lastWindowId = q.value(6).toLongLong();
        list << p;
    }
    return list;
}

} // namespace sb::store
