#include "store/runstore.h"

#include "core/qterror.h"
#include "store/schema.h"

#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QUrl>
#include <QUrlQuery>
#include <atomic>
#include <cerrno>
#include <unistd.h>

namespace sb::store {

using namespace schema;

namespace {

const QString kRunsTable = QStringLiteral("runs");
const QString kWindowsTable = QStringLiteral("windows");

bool knownStatus(const QString &status)
{
    return status == kStatusRunning || status == kStatusFinished || status == kStatusFailed ||
           status == kStatusInterrupted || status == kStatusIncomplete;
}

// "mysql" for "mysql://x"; empty for a file path (which may contain ':' but not "scheme://").
QString urlScheme(const QString &location)
{
    static const QRegularExpression re(QStringLiteral("^([A-Za-z][A-Za-z0-9+.-]*)://"));
    return re.match(location).captured(1).toLower();
}

bool isPostgresScheme(const QString &scheme)
{
    return scheme == QLatin1String("postgresql") || scheme == QLatin1String("postgres");
}

// The URL without its password (user:password@ or ?password=), safe to show and log.
QString redactedUrl(const QString &location, const QString &scheme)
{
    QUrl shown(location, QUrl::StrictMode);
    if (!shown.isValid())
        return scheme + QStringLiteral("://(not a valid URL)");
    shown.setPassword(QString());
    QUrlQuery query(shown);
    query.removeAllQueryItems(QStringLiteral("password"));
    shown.setQuery(query);
    return shown.toString();
}

// An SQLite URI for `path` with `parameters` ("mode=rw"); '?', '#' and '%' in the path are
// percent-encoded, so any file name survives.
QString sqliteUri(const QString &path, const QString &parameters)
{
    return QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath()).toString(QUrl::FullyEncoded) +
           QLatin1Char('?') + parameters;
}

sb::Error statusError(const QString &where, const QString &status)
{
    return sb::qtError(QStringLiteral("store.status"), where,
                       QStringLiteral("unknown run status \"%1\"").arg(status));
}

sb::Error runNotFound(const QString &where, const QString &runId)
{
    return sb::qtError(QStringLiteral("store.not-found"), where,
                       QStringLiteral("no run \"%1\"").arg(runId));
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
    static std::atomic<quint64> connectionCounter{0};
    std::unique_ptr<RunStore> store(new RunStore);
    store->m_mode = mode;
    store->m_connectionName =
        QStringLiteral("sb-runstore-%1").arg(connectionCounter.fetch_add(1) + 1);
    const QString where = location.isEmpty() ? defaultLocation() : location;
    const QString scheme = urlScheme(where);

    if (scheme.isEmpty()) {
        if (sb::Status s = store->connectSqlite(where); !s)
            return s.error();
    } else if (isPostgresScheme(scheme)) {
        if (sb::Status s = store->connectPostgres(where); !s)
            return s.error();
    } else {
        return sb::qtError(QStringLiteral("store.scheme"), redactedUrl(where, scheme),
                           QStringLiteral("unknown store scheme \"%1://\": a store is a SQLite "
                                          "file path or a postgresql:// URL")
                               .arg(scheme));
    }
    // Nothing has been written yet: a missing or foreign store is refused before the first write.
    const sb::Result<int> version = store->readSchemaVersion();
    if (!version)
        return version.error();
    if (sb::Status s = store->checkVersion(*version); !s)
        return s.error();
    if (sb::Status s = store->initialise(); !s)
        return s.error();
    if (mode == OpenMode::ReadOnly) {
        store->m_schemaVersion = *version;
        return store;
    }
    if (sb::Status s = store->migrate(); !s)
        return s.error();
    return store;
}

sb::Status RunStore::connectSqlite(const QString &path)
{
    m_backend = Backend::Sqlite;
    m_display = path;
    const QFileInfo info(path);
    if (info.isDir())
        return sb::qtError(QStringLiteral("store.open"), path,
                           QStringLiteral("is a directory, not a store file"));
    if (m_mode != OpenMode::Create && !info.exists())
        return sb::qtError(QStringLiteral("store.missing"), path,
                           QStringLiteral("no run store here (the file does not exist)"));
    if (m_mode == OpenMode::Create && !QDir().mkpath(info.absolutePath()))
        return sb::qtError(
            QStringLiteral("store.open"), path,
            QStringLiteral("cannot create the directory %1").arg(info.absolutePath()));
    if (m_mode != OpenMode::ReadOnly)
        if (sb::Status s = checkWritable(path); !s)
            return s;
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        return sb::qtError(QStringLiteral("store.open"), path,
                           QStringLiteral("the Qt SQLite driver (QSQLITE) is not installed"));
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    const QString busy = QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000");
    switch (m_mode) {
    case OpenMode::Create:
        return openSqliteFile(path, busy);
    case OpenMode::Existing: // mode=rw: never creates the file, even if it vanished meanwhile
        return openSqliteFile(sqliteUri(path, QStringLiteral("mode=rw")),
                              busy + QStringLiteral(";QSQLITE_OPEN_URI"));
    case OpenMode::ReadOnly:
        break;
    }
    return openSqliteReadOnly(path,
                              busy + QStringLiteral(";QSQLITE_OPEN_URI;QSQLITE_OPEN_READONLY"));
}

// SQLite opens a file it may not write read-only without a word and fails at the first write
// ("attempt to write a readonly database"), or at the first read of a WAL store when it cannot
// create the -shm index beside it ("not a readable SQLite database"): say why before either.
sb::Status RunStore::checkWritable(const QString &path) const
{
    const QFileInfo info(path);
    const QString dir = info.absolutePath();
    const bool fileExists = info.exists();
    const QByteArray target = QFile::encodeName(fileExists ? path : dir);
    const QByteArray dirName = QFile::encodeName(dir);
    QString why;
    if (::access(target.constData(), W_OK) != 0)
        why = errno == EROFS ? QStringLiteral("the file system is read-only")
              : fileExists   ? QStringLiteral("the file is read-only")
                             : QStringLiteral("its directory %1 is read-only").arg(dir);
    else if (fileExists && ::access(dirName.constData(), W_OK) != 0)
        why = errno == EROFS ? QStringLiteral("the file system is read-only")
                             : QStringLiteral("its directory %1 is read-only (SQLite writes its "
                                              "journal beside the store)")
                                   .arg(dir);
    if (why.isEmpty())
        return sb::Ok{};
    if (fileExists)
        why += QStringLiteral(" ('list', 'report' and 'export' can still read it)");
    return sb::qtError(QStringLiteral("store.open"), path,
                       QStringLiteral("cannot write the run store here: ") + why);
}

sb::Status RunStore::openSqliteReadOnly(const QString &path, const QString &options)
{
    const sb::Status s = openSqliteFile(sqliteUri(path, QStringLiteral("mode=ro")), options);
    if (s)
        return s;
    // Reading a WAL database needs its -shm index, which SQLite cannot create in a directory we
    // cannot write. With no -wal (or an empty one) beside the file, no writer is active (a writer
    // keeps a -shm, which would have let the read above succeed) and every commit is in the file
    // itself, so reading it as immutable (no locks, no index) sees all of it.
    const QFileInfo wal(path + QStringLiteral("-wal"));
    if (!wal.exists() || wal.size() == 0)
        return openSqliteFile(sqliteUri(path, QStringLiteral("mode=ro&immutable=1")), options);
    sb::Error e = s.error();
    e.detail += " (its write-ahead log " + wal.fileName().toStdString() +
                " holds commits that cannot be read without its -shm index, which cannot be"
                " created here; open the store once with a writing command, or where the"
                " directory is writable)";
    return e;
}

// Opens (or reopens) the connection and reads once: the first read of a file that is not SQLite
// fails here, before anything is written.
sb::Status RunStore::openSqliteFile(const QString &name, const QString &options)
{
    if (m_db.isOpen())
        m_db.close();
    m_db.setDatabaseName(name);
    m_db.setConnectOptions(options);
    if (!m_db.open())
        return dbError(QStringLiteral("store.open"), QString());
    QSqlQuery probe(m_db);
    if (!probe.exec(QStringLiteral("SELECT COUNT(*) FROM sqlite_master")))
        return sb::qtError(
            QStringLiteral("store.open"), m_display,
            QStringLiteral("not a readable SQLite database (%1)").arg(probe.lastError().text()));
    return sb::Ok{};
}

sb::Status RunStore::connectPostgres(const QString &location)
{
    m_backend = Backend::Postgres;
    m_display = redactedUrl(location, urlScheme(location));
    const QUrl url(location, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty())
        return sb::qtError(QStringLiteral("store.open"), m_display,
                           QStringLiteral("not a valid PostgreSQL URL (expected "
                                          "postgresql://user:password@host:port/dbname)"));
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return sb::qtError(QStringLiteral("store.open"), m_display,
                           QStringLiteral("the Qt PostgreSQL driver (QPSQL) is not installed"));
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_connectionName);
    m_db.setHostName(url.host());
    m_db.setPort(url.port(5432));
    m_db.setUserName(url.userName());
    m_db.setPassword(url.password());
    QString database = url.path();
    if (database.startsWith(QLatin1Char('/')))
        database.remove(0, 1);
    m_db.setDatabaseName(database);
    QStringList options;
    const auto items = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
    for (const auto &item : items)
        options << item.first + QLatin1Char('=') + item.second;
    m_db.setConnectOptions(options.join(QLatin1Char(';')));
    if (!m_db.open())
        return dbError(QStringLiteral("store.open"), QString());
    return sb::Ok{};
}

sb::Status RunStore::checkVersion(int version) const
{
    if (version > latestSchemaVersion())
        return sb::qtError(QStringLiteral("store.too-new"), m_display,
                           QStringLiteral("the store has schema version %1 but this Stackbench "
                                          "knows only up to version %2; use a newer Stackbench")
                               .arg(version)
                               .arg(latestSchemaVersion()));
    if (version == 0 && m_mode != OpenMode::Create)
        return sb::qtError(QStringLiteral("store.missing"), m_display,
                           m_backend == Backend::Postgres
                               ? QStringLiteral("no run store in this database (no table "
                                                "schema_version)")
                               : QStringLiteral("no run store here (the file is empty)"));
    return sb::Ok{};
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
    const QString code = QStringLiteral("store.open");
    if (m_backend == Backend::Postgres) {
        // Quiet NOTICEs (e.g. about implicit indexes) that libpq would print to stderr.
        if (sb::Status s =
                exec(QStringLiteral("SET client_min_messages TO WARNING"), QString(), code);
            !s)
            return s;
        if (m_mode == OpenMode::ReadOnly)
            return exec(QStringLiteral("SET default_transaction_read_only = on"), QString(), code);
        return sb::Ok{};
    }
    if (m_mode == OpenMode::ReadOnly) // the file stays as it is, journal mode included
        return exec(QStringLiteral("PRAGMA query_only = ON"), QString(), code);
    QSqlQuery wal(m_db);
    if (!wal.exec(QStringLiteral("PRAGMA journal_mode=WAL")) || !wal.next())
        return sqlError(code, QString(), wal);
    const QString journal = wal.value(0).toString();
    wal.finish();
    if (journal.compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
        return sb::qtError(code, m_display,
                           QStringLiteral("SQLite refused WAL mode (journal mode stays \"%1\"); "
                                          "the file system may not support shared memory")
                               .arg(journal));
    // FULL: a committed window also survives a power cut, not only a killed process; one fsync
    // per window costs nothing next to a window's seconds.
    for (const char *pragma : {"PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON"}) {
        if (sb::Status s = exec(QString::fromLatin1(pragma), QString(), code); !s)
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
    // Up to date: no lock taken, so that opening never waits for a writer.
    {
        const sb::Result<int> current = readSchemaVersion();
        if (!current)
            return current.error();
        if (sb::Status s = checkVersion(*current); !s)
            return s;
        if (*current == latestSchemaVersion()) {
            m_schemaVersion = *current;
            return sb::Ok{};
        }
    }
    // One transaction per step. Each takes the write lock first and re-reads the version, so
    // two programs opening a new store at once apply every step exactly once.
    for (;;) {
        if (sb::Status s = lockForMigration(); !s)
            return s;
        const sb::Result<int> current = readSchemaVersion();
        sb::Status checked = current ? checkVersion(*current) : sb::Status(current.error());
        if (!checked) {
            rollbackTransaction();
            return checked;
        }
        if (*current == latestSchemaVersion()) {
            rollbackTransaction(); // nothing was written
            m_schemaVersion = *current;
            return sb::Ok{};
        }
        if (sb::Status s = migrateStep(*current); !s)
            return s;
    }
}

// Begins the transaction of one migration step holding the write lock.
sb::Status RunStore::lockForMigration()
{
    const QString table = QStringLiteral("schema_version");
    if (m_backend == Backend::Sqlite)
        return exec(QStringLiteral("BEGIN IMMEDIATE"), table, QStringLiteral("store.open"));
    if (sb::Status s = beginTransaction(table); !s)
        return s;
    QSqlQuery lock(m_db);
    if (!lock.exec(QStringLiteral("SELECT pg_advisory_xact_lock(5362)"))) {
        sb::Error e = sqlError(QStringLiteral("store.migrate"), table, lock);
        lock.finish();
        rollbackTransaction();
        return e;
    }
    return sb::Ok{};
}

// Applies the step after `current` inside the transaction lockForMigration() began, and commits
// it; on failure rolls it back.
sb::Status RunStore::migrateStep(int current)
{
    const Migration *next = nullptr;
    for (const Migration &m : migrations()) {
        if (m.version > current) {
            next = &m;
            break;
        }
    }
    auto fail = [&](sb::Error e) -> sb::Status {
        e.detail = QStringLiteral("migration to schema version %1 failed: %2")
                       .arg(next->version)
                       .arg(sb::qtDetail(e))
                       .toStdString();
        rollbackTransaction();
        return e;
    };
    for (const QString &sql : statementsFor(*next, m_backend == Backend::Postgres)) {
        QSqlQuery q(m_db);
        if (!q.exec(sql))
            return fail(sqlError(QStringLiteral("store.migrate"), QString(), q));
    }
    const QString table = QStringLiteral("schema_version");
    {
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral(
            "INSERT INTO schema_version (version, description, applied_at) VALUES (?, ?, ?)"));
        q.addBindValue(next->version);
        q.addBindValue(QString::fromUtf8(next->description));
        q.addBindValue(timeText(QDateTime::currentDateTimeUtc()));
        if (!q.exec())
            return fail(sqlError(QStringLiteral("store.migrate"), table, q));
    }
    return commitTransaction(table);
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

sb::Status RunStore::writable(const QString &table) const
{
    if (m_mode != OpenMode::ReadOnly)
        return sb::Ok{};
    return sb::qtError(QStringLiteral("store.read-only"),
                       m_display + QStringLiteral(" (table %1)").arg(table),
                       QStringLiteral("the store was opened read-only"));
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

// Only ever called on a path that already returns an error: that error is the one to report,
// and a failed rollback leaves nothing committed either (the connection discards the
// transaction when it closes).
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
    if (sb::Status s = writable(kRunsTable); !s)
        return s;
    RunRecord stored = run;
    if (stored.status.isEmpty())
        stored.status = kStatusRunning;
    if (!knownStatus(stored.status))
        return statusError(m_display, stored.status);
    QSqlQuery q(m_db);
    q.prepare(
        QStringLiteral("INSERT INTO runs (%1) VALUES (%2)")
            .arg(columnList(runColumns(), latestSchemaVersion()), placeholders(runColumns())));
    bindAll(q, runColumns(), stored);
    return exec(q, kRunsTable, QStringLiteral("store.write"));
}

// Runs an UPDATE of one run whose values are bound, the run id last.
sb::Status RunStore::updateRun(QSqlQuery &query, const QString &runId)
{
    query.addBindValue(runId);
    if (sb::Status s = exec(query, kRunsTable, QStringLiteral("store.write")); !s)
        return s;
    if (query.numRowsAffected() == 0)
        return runNotFound(m_display, runId);
    return sb::Ok{};
}

sb::Status RunStore::updateStatus(const QString &runId, const QString &status, bool finish)
{
    if (sb::Status s = writable(kRunsTable); !s)
        return s;
    if (!knownStatus(status))
        return statusError(m_display, status);
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
    return updateRun(q, runId);
}

sb::Status RunStore::finishRun(const QString &runId, const QString &status)
{
    return updateStatus(runId, status, true);
}

sb::Status RunStore::setRunStatus(const QString &runId, const QString &status)
{
    return updateStatus(runId, status, false);
}

sb::Status RunStore::setRunner(const QString &runId, qint64 pid, const QString &host,
                               const QString &start)
{
    if (sb::Status s = writable(kRunsTable); !s)
        return s;
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral(
        "UPDATE runs SET runner_pid = ?, runner_host = ?, runner_start = ? WHERE id = ?"));
    q.addBindValue(pid);
    q.addBindValue(host);
    q.addBindValue(start);
    return updateRun(q, runId);
}

sb::Status RunStore::saveConfiguration(const QString &runId, const QString &name,
                                       const QJsonObject &info)
{
    const QString table = QStringLiteral("configurations");
    if (sb::Status s = writable(table); !s)
        return s;
    QSqlQuery q(m_db);
    // ON CONFLICT ... DO UPDATE: SQLite >= 3.24 and PostgreSQL >= 9.5 share this syntax.
    q.prepare(QStringLiteral("INSERT INTO configurations (run_id, name, info) VALUES (?, ?, ?) "
                             "ON CONFLICT (run_id, name) DO UPDATE SET info = excluded.info"));
    q.addBindValue(requiredText(runId));
    q.addBindValue(requiredText(name));
    q.addBindValue(jsonText(info));
    return exec(q, table, QStringLiteral("store.write"));
}

sb::Result<qint64> RunStore::saveWindow(const WindowRecord &w)
{
    if (sb::Status s = writable(kWindowsTable); !s)
        return s.error();
    if (sb::Status s = beginTransaction(kWindowsTable); !s)
        return s.error();
    const sb::Result<qint64> id = insertWindow(w);
    sb::Status details = id ? insertIntervals(*id, w.intervals) : sb::Status(id.error());
    if (details)
        details = insertSamples(*id, w.samples);
    if (!details) {
        rollbackTransaction();
        return details.error();
    }
    if (sb::Status s = commitTransaction(kWindowsTable); !s)
        return s.error();
    return id;
}

sb::Result<qint64> RunStore::insertWindow(const WindowRecord &w)
{
    QSqlQuery q(m_db);
    QString sql =
        QStringLiteral("INSERT INTO windows (%1) VALUES (%2)")
            .arg(columnList(windowColumns(), latestSchemaVersion()), placeholders(windowColumns()));
    if (m_backend == Backend::Postgres)
        sql += QStringLiteral(" RETURNING id");
    q.prepare(sql);
    bindAll(q, windowColumns(), w);
    return insertReturningId(q, kWindowsTable);
}

sb::Status RunStore::insertIntervals(qint64 windowId, const QVector<IntervalRecord> &intervals)
{
    if (intervals.isEmpty())
        return sb::Ok{};
    const QString table = QStringLiteral("intervals");
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO intervals (window_id, %1) VALUES (?, %2)")
                  .arg(columnList(intervalColumns(), latestSchemaVersion()),
                       placeholders(intervalColumns())));
    for (const IntervalRecord &i : intervals) {
        q.addBindValue(windowId);
        bindAll(q, intervalColumns(), i);
        if (!q.exec())
            return sqlError(QStringLiteral("store.write"), table, q);
    }
    return sb::Ok{};
}

sb::Status RunStore::insertSamples(qint64 windowId, const QVector<SampleRecord> &samples)
{
    if (samples.isEmpty())
        return sb::Ok{};
    const QString table = QStringLiteral("samples");
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral(
        "INSERT INTO samples (window_id, at_s, series, sample_value) VALUES (?, ?, ?, ?)"));
    for (const SampleRecord &s : samples) {
        q.addBindValue(windowId);
        q.addBindValue(s.atS);
        q.addBindValue(requiredText(s.series));
        q.addBindValue(s.value);
        if (!q.exec())
            return sqlError(QStringLiteral("store.write"), table, q);
    }
    return sb::Ok{};
}

sb::Status RunStore::saveEvent(const EventRecord &event)
{
    const QString table = QStringLiteral("events");
    if (sb::Status s = writable(table); !s)
        return s;
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral(
        "INSERT INTO events (run_id, occurred_at, kind, detail, data) VALUES (?, ?, ?, ?, ?)"));
    q.addBindValue(requiredText(event.runId));
    q.addBindValue(timeText(event.at.isValid() ? event.at : QDateTime::currentDateTimeUtc()));
    q.addBindValue(requiredText(event.kind));
    q.addBindValue(event.detail);
    q.addBindValue(jsonText(event.data));
    return exec(q, table, QStringLiteral("store.write"));
}

sb::Status RunStore::appendServerLog(const QString &runId, const QString &configuration, int round,
                                     const QByteArray &stdoutBytes, const QByteArray &stderrBytes)
{
    const QString table = QStringLiteral("server_logs");
    if (sb::Status s = writable(table); !s)
        return s;
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO server_logs (run_id, configuration, round, stdout_bytes,"
                             " stderr_bytes, written_at) VALUES (?, ?, ?, ?, ?, ?)"));
    q.addBindValue(requiredText(runId));
    q.addBindValue(requiredText(configuration));
    q.addBindValue(round);
    q.addBindValue(stdoutBytes);
    q.addBindValue(stderrBytes);
    q.addBindValue(timeText(QDateTime::currentDateTimeUtc()));
    return exec(q, table, QStringLiteral("store.write"));
}

sb::Status RunStore::deleteRun(const QString &runId)
{
    if (sb::Status s = writable(kRunsTable); !s)
        return s;
    if (sb::Status s = beginTransaction(kRunsTable); !s)
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
            sb::Error e = sqlError(QStringLiteral("store.write"), kRunsTable, q);
            q.finish();
            rollbackTransaction();
            return e;
        }
        deletedRuns = q.numRowsAffected();
    }
    if (deletedRuns == 0) {
        rollbackTransaction();
        return runNotFound(m_display, runId);
    }
    return commitTransaction(kRunsTable);
}

// --- reading ---

// Runs matching `where` (binding `key`; empty = all), newest first, with their window counts.
sb::Result<QVector<RunRecord>> RunStore::loadRuns(const QString &where, const QVariant &key) const
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT %1, (SELECT COUNT(*) FROM windows w WHERE w.run_id = r.id),"
                             " (SELECT COUNT(*) FROM windows w WHERE w.run_id = r.id"
                             " AND w.valid = 1) FROM runs r %2"
                             " ORDER BY r.started_at DESC, r.id DESC")
                  .arg(columnList(runColumns(), m_schemaVersion, QStringLiteral("r.")),
                       where.isEmpty() ? QString() : QStringLiteral("WHERE ") + where));
    if (!where.isEmpty())
        q.addBindValue(key);
    if (!q.exec())
        return sqlError(QStringLiteral("store.read"), kRunsTable, q);
    QVector<RunRecord> list;
    while (q.next()) {
        RunRecord r;
        const int counts = readAll(q, 0, runColumns(), m_schemaVersion, r);
        r.windowCount = q.value(counts).toLongLong();
        r.validWindowCount = q.value(counts + 1).toLongLong();
        list << r;
    }
    return list;
}

sb::Result<RunRecord> RunStore::run(const QString &runId) const
{
    sb::Result<QVector<RunRecord>> list = loadRuns(QStringLiteral("r.id = ?"), runId);
    if (!list)
        return list.error();
    if (list->isEmpty())
        return runNotFound(m_display, runId);
    return list->first();
}

sb::Result<QVector<RunRecord>> RunStore::runs() const
{
    return loadRuns(QString(), QVariant());
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
        list << ConfigurationRecord{.runId = q.value(0).toString(),
                                    .name = q.value(1).toString(),
                                    .info = objectFrom(q.value(2))};
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
                      .arg(columnList(windowColumns(), m_schemaVersion), where));
        q.addBindValue(key);
        if (!q.exec())
            return sqlError(QStringLiteral("store.read"), kWindowsTable, q);
        while (q.next()) {
            WindowRecord w;
            w.id = q.value(0).toLongLong();
            readAll(q, 1, windowColumns(), m_schemaVersion, w);
            position.insert(w.id, list.size());
            list << w;
        }
    }
    if (!withDetails || list.isEmpty())
        return list;
    const QString windowIds = QStringLiteral("SELECT id FROM windows WHERE %1").arg(where);
    if (sb::Status s = loadIntervals(windowIds, key, position, list); !s)
        return s.error();
    if (sb::Status s = loadSamples(windowIds, key, position, list); !s)
        return s.error();
    return list;
}

// Appends the intervals of the windows `windowIds` selects (binding `key`) to `list`.
sb::Status RunStore::loadIntervals(const QString &windowIds, const QVariant &key,
                                   const QHash<qint64, qsizetype> &position,
                                   QVector<WindowRecord> &list) const
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT window_id, %1 FROM intervals WHERE window_id IN (%2)"
                             " ORDER BY window_id, idx")
                  .arg(columnList(intervalColumns(), m_schemaVersion), windowIds));
    q.addBindValue(key);
    if (!q.exec())
        return sqlError(QStringLiteral("store.read"), QStringLiteral("intervals"), q);
    while (q.next()) {
        const auto it = position.constFind(q.value(0).toLongLong());
        if (it == position.constEnd())
            continue;
        IntervalRecord i;
        readAll(q, 1, intervalColumns(), m_schemaVersion, i);
        list[*it].intervals << i;
    }
    return sb::Ok{};
}

// Appends the samples of the windows `windowIds` selects (binding `key`) to `list`.
sb::Status RunStore::loadSamples(const QString &windowIds, const QVariant &key,
                                 const QHash<qint64, qsizetype> &position,
                                 QVector<WindowRecord> &list) const
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
    return sb::Ok{};
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

sb::Result<int> RunStore::eventCount(const QString &runId, const QString &kind) const
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT count(*) FROM events WHERE run_id = ? AND kind = ?"));
    q.addBindValue(runId);
    q.addBindValue(kind);
    if (!q.exec() || !q.next())
        return sqlError(QStringLiteral("store.read"), QStringLiteral("events"), q);
    return q.value(0).toInt();
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
        return sqlError(QStringLiteral("store.read"), kWindowsTable, q);
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
