#include "core/qterror.h"
#include "store/backfill.h"
#include "store/foldedcompression.h"
#include "store/runstore.h"
#include "store/runstoreinternal.h"
#include "store/schema.h"

#include <QSqlQuery>

// The run store's writing methods: each one transaction, refused in ReadOnly mode.

namespace sb::store {

using namespace schema;
using namespace internal;

namespace {

bool knownStatus(const QString &status)
{
    return status == kStatusRunning || status == kStatusFinished || status == kStatusFailed ||
           status == kStatusInterrupted || status == kStatusIncomplete;
}

sb::Error statusError(const QString &where, const QString &status)
{
    return sb::qtError(QStringLiteral("store.status"), where,
                       QStringLiteral("unknown run status \"%1\"").arg(status));
}

} // namespace

sb::Status RunStore::createRun(const RunRecord &run)
{
    if (sb::Status s = writable(kRunsTable); !s)
        return s;
    RunRecord stored = run;
    if (stored.status.isEmpty())
        stored.status = kStatusRunning;
    backfillRun(stored);
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

sb::Status RunStore::saveConfiguration(const ConfigurationRecord &configuration)
{
    const QString table = QStringLiteral("configurations");
    if (sb::Status s = writable(table); !s)
        return s;
    QStringList updates;
    for (const Column<ConfigurationRecord> &c : configurationColumns())
        if (qstrcmp(c.name, "run_id") != 0 && qstrcmp(c.name, "name") != 0)
            updates << QStringLiteral("%1 = excluded.%1").arg(QLatin1String(c.name));
    QSqlQuery q(m_db);
    // ON CONFLICT ... DO UPDATE: SQLite >= 3.24 and PostgreSQL >= 9.5 share this syntax.
    q.prepare(QStringLiteral("INSERT INTO configurations (%1) VALUES (%2)"
                             " ON CONFLICT (run_id, name) DO UPDATE SET %3")
                  .arg(columnList(configurationColumns(), latestSchemaVersion()),
                       placeholders(configurationColumns()), updates.join(QStringLiteral(", "))));
    bindAll(q, configurationColumns(), configuration);
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

sb::Status RunStore::saveServerStart(const ServerStartRecord &start)
{
    const QString table = QStringLiteral("server_starts");
    if (sb::Status s = writable(table); !s)
        return s;
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO server_starts (%1) VALUES (%2)")
                  .arg(columnList(serverStartColumns(), latestSchemaVersion()),
                       placeholders(serverStartColumns())));
    bindAll(q, serverStartColumns(), start);
    return exec(q, table, QStringLiteral("store.write"));
}

sb::Result<qint64> RunStore::insertProfile(const ProfileRecord &profile)
{
    const QString table = QStringLiteral("profiles");
    if (sb::Status s = writable(table); !s)
        return s.error();
    if (profile.folded.size() > kMaxFoldedBytes)
        return sb::qtError(QStringLiteral("store.write"),
                           m_display + QStringLiteral(" (table profiles)"),
                           QStringLiteral("the profile's folded stacks hold %1 bytes, more than "
                                          "the %2 MiB a profile may hold")
                               .arg(profile.folded.size())
                               .arg(kMaxFoldedBytes >> 20));
    QSqlQuery q(m_db);
    QString sql = QStringLiteral("INSERT INTO profiles (%1, folded) VALUES (%2, ?)")
                      .arg(columnList(profileColumns(), latestSchemaVersion()),
                           placeholders(profileColumns()));
    if (m_backend == Backend::Postgres)
        sql += QStringLiteral(" RETURNING id");
    q.prepare(sql);
    bindAll(q, profileColumns(), profile);
    q.addBindValue(compressFolded(profile.folded));
    return insertReturningId(q, table);
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
        "DELETE FROM server_starts WHERE run_id = ?",
        "DELETE FROM profiles WHERE run_id = ?",
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

} // namespace sb::store
