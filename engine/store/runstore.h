#pragma once

// The run store: every run, window, event and server log on Qt Sql.
//
// Backends: SQLite by default, one file (defaultLocation(): AppLocalDataLocation + "/runs.sqlite");
// any other path selects another SQLite file; a URL "postgresql://user:pass@host:port/dbname"
// (also "postgres://", with libpq options as query items, e.g. "?sslmode=require") selects
// PostgreSQL. Any other "scheme://" location is an error (no "mysql://", no "file://"). Both
// backends share one schema, versioned in the table schema_version and brought up to date by
// ordered migrations, each applied in one transaction.
//
// Durability: SQLite runs in WAL mode with synchronous=FULL; each saveWindow() is one transaction,
// so a process killed at any moment (SIGKILL included) loses at most the window in flight and
// never leaves a half-written window or a corrupt file.
//
// Threads: a RunStore uses its own uniquely named QSqlDatabase connection, created by open() and
// removed by the destructor. Create, use and destroy it on ONE thread (Qt Sql connections cannot
// move between threads); every method, const or not, must be called on that thread. Several
// RunStore objects (on different threads or processes) may share a location: WAL lets readers run
// beside the writer, and writers wait up to 10 s for each other.
//
// Errors: every failure is an sb::Error with code "store.*", where = the location (password
// removed) and, where one is involved, the table; detail = the driver's text.

#include "core/result.h"
#include "store/records.h"

#include <QHash>
#include <QSqlDatabase>
#include <QString>
#include <QVector>
#include <memory>

class QSqlQuery;

namespace sb::store {

class RunStore
{
public:
    enum class Backend
    {
        Sqlite,
        Postgres
    };

    // How open() treats the location.
    enum class OpenMode
    {
        // Create the store (and its directory) when missing; read and write; migrate.
        Create,
        // The store must exist ("store.missing" otherwise: nothing is created on disk, no file,
        // directory, -wal or -shm); read and write; migrate.
        Existing,
        // The store must exist ("store.missing" otherwise, nothing created); no migration and no
        // write: every writing method fails with "store.read-only". SQLite opens the file
        // read-only (and, in a directory it cannot write and with no -wal beside the file,
        // immutable); in a writable directory SQLite may leave its -wal/-shm index beside the
        // file, as any reader of a WAL database does. PostgreSQL sets
        // default_transaction_read_only. A store of an older schema is read as it is: columns it
        // lacks read 0 / empty (schemaVersion() says which version it has), except the typed
        // columns of version 4, derived as its migration derives them (store/backfill.h).
        ReadOnly
    };

    // Opens the store at `location` (empty = defaultLocation()) as `mode` says. Errors, all with
    // where = the location without its password: "store.scheme" (a "scheme://" location other
    // than postgresql:// or postgres://; the detail names the scheme), "store.missing" (Existing,
    // ReadOnly: no file, an empty file, or a PostgreSQL database without a run store),
    // "store.open" (cannot open, a directory, not a database, e.g. a garbage file),
    // "store.foreign" (a database with tables but no schema_version), "store.too-new" (written by
    // a newer Stackbench: schema version above latestSchemaVersion()), "store.migrate" (a
    // migration failed; it was rolled back).
    static sb::Result<std::unique_ptr<RunStore>> open(const QString &location = QString(),
                                                      OpenMode mode = OpenMode::Create);
    // AppLocalDataLocation + "/runs.sqlite" (depends on the application and organisation names).
    static QString defaultLocation();
    // The schema version this build writes.
    static int latestSchemaVersion();
    // A new run id: UTC "yyyyMMdd-HHmmss-xxxx" with 4 random hex digits; sorts by start time.
    static QString newRunId(const QDateTime &now = QDateTime::currentDateTimeUtc());

    ~RunStore();
    RunStore(const RunStore &) = delete;
    RunStore &operator=(const RunStore &) = delete;

    Backend backend() const { return m_backend; }
    // The location as given, with any password removed (safe to show and log).
    QString displayLocation() const { return m_display; }
    // The schema version of the open store: latestSchemaVersion() after open() in Create and
    // Existing mode; in ReadOnly mode the store's own version, which may be older.
    int schemaVersion() const { return m_schemaVersion; }
    // The mode open() was given.
    OpenMode mode() const { return m_mode; }

    // --- writing (each call is one transaction; in ReadOnly mode each fails with
    // "store.read-only" and touches nothing) ---

    // Inserts a run with its runner (runnerPid, runnerHost, runnerStart); an empty status means
    // kStatusRunning, an empty planName the "name" of planText (store/planoutline.h). Errors:
    // "store.status" (not one of the kStatus* values), "store.write" (e.g. the id exists, or the
    // caller's id is empty).
    sb::Status createRun(const RunRecord &run);
    // Sets the status and finishedAt = now. Errors: "store.status" (unknown status),
    // "store.not-found", "store.write".
    sb::Status finishRun(const QString &runId, const QString &status);
    // Sets the status only and clears finishedAt when it is kStatusRunning (for resume).
    // Errors: as finishRun().
    sb::Status setRunStatus(const QString &runId, const QString &status);
    // Records the process now running the run (resume: the resuming process): its pid, host name
    // and identity "<boot id>:<start ticks>" (run::thisProcess()). Errors: "store.not-found",
    // "store.write".
    sb::Status setRunner(const QString &runId, qint64 pid, const QString &host,
                         const QString &start);
    // Inserts or replaces the configuration (configuration.runId, configuration.name): its
    // info and CPU count. Errors: "store.write".
    sb::Status saveConfiguration(const ConfigurationRecord &configuration);
    // Saves the window with its intervals and samples in one transaction; returns its id.
    // window.id is ignored. Errors: "store.write" (nothing of the window is kept).
    sb::Result<qint64> saveWindow(const WindowRecord &window);
    sb::Status saveEvent(const EventRecord &event);
    // Appends output of a configuration's server tree in one round; chunks are joined on read.
    sb::Status appendServerLog(const QString &runId, const QString &configuration, int round,
                               const QByteArray &stdoutBytes, const QByteArray &stderrBytes);
    // Inserts one start of a configuration's tree (ServerStartRecord). Errors: "store.write".
    sb::Status saveServerStart(const ServerStartRecord &start);
    // Inserts one CPU profile (ProfileRecord; profile.id is ignored) with its folded stacks
    // compressed; returns its id. Errors: "store.write" (also: folded larger than
    // kMaxFoldedBytes, nothing written).
    sb::Result<qint64> insertProfile(const ProfileRecord &profile);
    // Deletes a run and everything stored for it.
    sb::Status deleteRun(const QString &runId);

    // --- reading ---

    // One run with its window counts. Errors: "store.not-found", "store.read".
    sb::Result<RunRecord> run(const QString &runId) const;
    // Every run, newest first (by startedAt, then id), with window counts.
    sb::Result<QVector<RunRecord>> runs() const;
    sb::Result<QVector<ConfigurationRecord>> configurations(const QString &runId) const;
    // The run's windows in stored order; with `withIntervals`, also their intervals and samples.
    sb::Result<QVector<WindowRecord>> windows(const QString &runId,
                                              bool withIntervals = false) const;
    // One window with its intervals and samples. Errors: "store.not-found", "store.read".
    sb::Result<WindowRecord> window(qint64 windowId) const;
    // Events in stored order.
    sb::Result<QVector<EventRecord>> events(const QString &runId) const;
    // How many events of `kind` the run has ("run-resumed": how often it was resumed).
    sb::Result<int> eventCount(const QString &runId, const QString &kind) const;
    // One record per (configuration, round), ordered by first output, chunks joined.
    sb::Result<QVector<ServerLogRecord>> serverLogs(const QString &runId) const;
    // The starts of the run's server trees in stored order; none for a store of a schema
    // before version 6 (ReadOnly mode).
    sb::Result<QVector<ServerStartRecord>> serverStarts(const QString &runId) const;
    // The run's profiles in stored order WITHOUT their folded stacks (empty `folded`; cheap to
    // list); none for a store of a schema before version 7 (ReadOnly mode).
    sb::Result<QVector<ProfileRecord>> profiles(const QString &runId) const;
    // One profile WITH its folded stacks, inflated. Errors: "store.not-found", "store.read"
    // (also: stored stacks that do not inflate, or inflate past kMaxFoldedBytes).
    sb::Result<ProfileRecord> profile(qint64 id) const;
    // For resume: per (round, configuration, route, concurrency) the number of attempts and of
    // valid windows, ordered by the cell's first window.
    sb::Result<QVector<CellProgress>> cellProgress(const QString &runId) const;

private:
    RunStore() = default;

    // open(), step by step.
    sb::Status connectSqlite(const QString &path);
    sb::Status connectPostgres(const QString &url);
    sb::Status openSqliteReadOnly(const QString &path, const QString &options);
    // Errors: "store.open" naming the path when the file, its directory or its file system
    // cannot be written (a writing open only).
    sb::Status checkWritable(const QString &path) const;
    sb::Status openSqliteFile(const QString &name, const QString &options);
    sb::Status checkVersion(int version) const;
    sb::Status initialise();
    sb::Status migrate();
    sb::Status migrateStep(int current);
    sb::Status lockForMigration();
    sb::Result<int> readSchemaVersion();

    sb::Error sqlError(const QString &code, const QString &table, const QSqlQuery &query) const;
    sb::Error dbError(const QString &code, const QString &table) const;
    sb::Status writable(const QString &table) const;
    sb::Status exec(QSqlQuery &query, const QString &table, const QString &code) const;
    sb::Status exec(const QString &sql, const QString &table, const QString &code);
    sb::Status beginTransaction(const QString &table);
    sb::Status commitTransaction(const QString &table);
    void rollbackTransaction();
    sb::Result<qint64> insertReturningId(QSqlQuery &query, const QString &table);
    sb::Status updateRun(QSqlQuery &query, const QString &runId);
    sb::Status updateStatus(const QString &runId, const QString &status, bool finish);
    sb::Result<qint64> insertWindow(const WindowRecord &window);
    sb::Status insertIntervals(qint64 windowId, const QVector<IntervalRecord> &intervals);
    sb::Status insertSamples(qint64 windowId, const QVector<SampleRecord> &samples);
    sb::Result<QVector<RunRecord>> loadRuns(const QString &where, const QVariant &key) const;
    sb::Result<QVector<WindowRecord>> loadWindows(const QString &where, const QVariant &key,
                                                  bool withDetails) const;
    sb::Status loadIntervals(const QString &windowIds, const QVariant &key,
                             const QHash<qint64, qsizetype> &position,
                             QVector<WindowRecord> &list) const;
    sb::Result<QVector<ProfileRecord>> loadProfiles(const QString &where, const QVariant &key,
                                                    bool withFolded) const;
    sb::Status loadSamples(const QString &windowIds, const QVariant &key,
                           const QHash<qint64, qsizetype> &position,
                           QVector<WindowRecord> &list) const;

    Backend m_backend = Backend::Sqlite;
    QString m_connectionName;
    QString m_display;
    QSqlDatabase m_db;
    int m_schemaVersion = 0;
    OpenMode m_mode = OpenMode::Create;
};

} // namespace sb::store
