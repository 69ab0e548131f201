#include "core/qterror.h"
#include "store/backfill.h"
#include "store/foldedcompression.h"
#include "store/runstore.h"
#include "store/runstoreinternal.h"
#include "store/schema.h"

#include <QSqlQuery>

// The run store's reading methods. A store of an older schema (ReadOnly mode) reads what it has;
// the typed columns of version 4 are derived as their migration derives them.

namespace sb::store {

using namespace schema;
using namespace internal;

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
        if (m_schemaVersion < 4) // a read-only store of an older version
            backfillRun(r);
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
    const QString table = QStringLiteral("configurations");
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT %1 FROM configurations WHERE run_id = ? ORDER BY name")
                  .arg(columnList(configurationColumns(), m_schemaVersion)));
    q.addBindValue(runId);
    if (!q.exec())
        return sqlError(QStringLiteral("store.read"), table, q);
    QVector<ConfigurationRecord> list;
    while (q.next()) {
        ConfigurationRecord c;
        readAll(q, 0, configurationColumns(), m_schemaVersion, c);
        list << c;
    }
    if (m_schemaVersion < 4 && !list.isEmpty()) { // a read-only store of an older version
        QSqlQuery plan(m_db);
        plan.prepare(QStringLiteral("SELECT plan_text FROM runs WHERE id = ?"));
        plan.addBindValue(runId);
        if (!plan.exec())
            return sqlError(QStringLiteral("store.read"), kRunsTable, plan);
        if (plan.next())
            backfillConfigurations(plan.value(0).toByteArray(), list);
    }
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
            if (m_schemaVersion < 4) // a read-only store of an older version
                backfillWindow(w);
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

sb::Result<QVector<ServerStartRecord>> RunStore::serverStarts(const QString &runId) const
{
    QVector<ServerStartRecord> list;
    if (m_schemaVersion < 6) // an older store read as it is: it recorded no start
        return list;
    const QString table = QStringLiteral("server_starts");
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT %1 FROM server_starts WHERE run_id = ? ORDER BY id")
                  .arg(columnList(serverStartColumns(), m_schemaVersion)));
    q.addBindValue(runId);
    if (!q.exec())
        return sqlError(QStringLiteral("store.read"), table, q);
    while (q.next()) {
        ServerStartRecord s;
        readAll(q, 0, serverStartColumns(), m_schemaVersion, s);
        list << s;
    }
    return list;
}

sb::Result<QVector<ProfileRecord>> RunStore::loadProfiles(const QString &where, const QVariant &key,
                                                          bool withFolded) const
{
    QVector<ProfileRecord> list;
    if (m_schemaVersion < 7) // an older store read as it is: it took no profile
        return list;
    const QString table = QStringLiteral("profiles");
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id, %1%2 FROM profiles WHERE %3 ORDER BY id")
                  .arg(columnList(profileColumns(), m_schemaVersion),
                       withFolded ? QStringLiteral(", folded") : QString(), where));
    q.addBindValue(key);
    if (!q.exec())
        return sqlError(QStringLiteral("store.read"), table, q);
    while (q.next()) {
        ProfileRecord p;
        p.id = q.value(0).toLongLong();
        const int next = readAll(q, 1, profileColumns(), m_schemaVersion, p);
        if (withFolded) {
            if (const QString why = uncompressFolded(q.value(next).toByteArray(), &p.folded);
                !why.isEmpty())
                return sb::qtError(
                    QStringLiteral("store.read"), m_display + QStringLiteral(" (table profiles)"),
                    QStringLiteral("profile %1's folded stacks %2").arg(p.id).arg(why));
        }
        list << p;
    }
    return list;
}

sb::Result<QVector<ProfileRecord>> RunStore::profiles(const QString &runId) const
{
    return loadProfiles(QStringLiteral("run_id = ?"), runId, false);
}

sb::Result<ProfileRecord> RunStore::profile(qint64 id) const
{
    sb::Result<QVector<ProfileRecord>> list = loadProfiles(QStringLiteral("id = ?"), id, true);
    if (!list)
        return list.error();
    if (list->isEmpty())
        return sb::qtError(QStringLiteral("store.not-found"), m_display,
                           QStringLiteral("no profile %1").arg(id));
    return list->first();
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
