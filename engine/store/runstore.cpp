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

// The run store, opening and the shared helpers; migrations, writing and reading are in
// runstoremigration.cpp, runstorewrite.cpp and runstoreread.cpp.

namespace sb::store {

using namespace schema;

namespace {

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
    static const QStringList ours = {
        QStringLiteral("runs"),        QStringLiteral("configurations"),
        QStringLiteral("windows"),     QStringLiteral("intervals"),
        QStringLiteral("samples"),     QStringLiteral("events"),
        QStringLiteral("server_logs"), QStringLiteral("server_starts"),
        QStringLiteral("profiles")};
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

} // namespace sb::store
