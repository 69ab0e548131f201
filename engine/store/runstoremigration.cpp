#include "core/qterror.h"
#include "store/runstore.h"
#include "store/schema.h"

#include <QSqlQuery>

// The run store's migrations: each step in one transaction under the write lock.

namespace sb::store {

using namespace schema;

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
    if (next->backfill)
        if (sb::Status s = next->backfill(m_db, m_display); !s)
            return fail(s.error());
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

} // namespace sb::store
