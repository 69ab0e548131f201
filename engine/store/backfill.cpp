#include "store/backfill.h"

#include "core/qterror.h"
#include "store/planoutline.h"
#include "store/schema.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

namespace sb::store {

QString legacyInvalidKind(const WindowRecord &w)
{
    if (w.valid)
        return QString();
    static const QLatin1String order[] = {
        kInvalidServer,      kInvalidSleep,  kInvalidCheckpoint, kInvalidForeignCpu,
        kInvalidForeignPeak, kInvalidErrors, kInvalidWarmup};
    for (const QLatin1String &gate : order) {
        const QJsonObject g = w.gates.value(gate).toObject();
        if (g.contains(QStringLiteral("passed")) && !g.value(QStringLiteral("passed")).toBool())
            return gate;
    }
    // Before the kind was stored, these failures left only their sentence behind.
    const QString &reason = w.invalidReason;
    if (reason.startsWith(QLatin1String("cancelled")))
        return kInvalidCancelled;
    if (reason.contains(QLatin1String("hook")))
        return kInvalidHook;
    if (reason.contains(QLatin1String("could not start")))
        return kInvalidStart;
    return kInvalidOther;
}

void backfillRun(RunRecord &run)
{
    if (run.planName.isEmpty())
        run.planName = planOutline(run.planText).name;
}

void backfillConfigurations(const QByteArray &planText,
                            QVector<ConfigurationRecord> &configurations)
{
    const PlanOutline outline = planOutline(planText);
    for (ConfigurationRecord &c : configurations)
        if (c.cpuCount == 0)
            c.cpuCount = cpuCountIn(outline, c.name);
}

void backfillWindow(WindowRecord &w)
{
    if (!w.valid && w.invalidKind.isEmpty())
        w.invalidKind = legacyInvalidKind(w);
}

namespace schema {

namespace {

sb::Error migrateError(const QString &where, const QString &table, const QSqlQuery &q)
{
    return sb::qtError(QStringLiteral("store.migrate"),
                       where + QStringLiteral(" (table %1)").arg(table), q.lastError().text());
}

// Runs `select`, then for each row `update` with the values `values(row)` gave (the key last).
template<typename Values>
sb::Status updateEach(QSqlDatabase &db, const QString &where, const QString &table,
                      const QString &select, const QString &update, Values values)
{
    // Every row is read before the first update: PostgreSQL's driver drops the rest of a
    // forward-only result when another query runs on the connection.
    QVector<QVariantList> rows;
    {
        QSqlQuery read(db);
        read.setForwardOnly(true);
        if (!read.exec(select))
            return migrateError(where, table, read);
        while (read.next())
            rows << values(read);
    }
    QSqlQuery write(db);
    write.prepare(update);
    for (const QVariantList &row : rows) {
        for (const QVariant &v : row)
            write.addBindValue(v);
        if (!write.exec())
            return migrateError(where, table, write);
    }
    return sb::Ok{};
}

} // namespace

sb::Status backfillVersion4(QSqlDatabase &db, const QString &where)
{
    sb::Status st = updateEach(
        db, where, QStringLiteral("runs"), QStringLiteral("SELECT id, plan_text FROM runs"),
        QStringLiteral("UPDATE runs SET plan_name = ? WHERE id = ?"), [](const QSqlQuery &q) {
            return QVariantList{requiredText(planOutline(q.value(1).toByteArray()).name),
                                q.value(0)};
        });
    if (st)
        st = updateEach(db, where, QStringLiteral("configurations"),
                        QStringLiteral("SELECT c.run_id, c.name, r.plan_text FROM configurations c"
                                       " JOIN runs r ON r.id = c.run_id"),
                        QStringLiteral("UPDATE configurations SET cpu_count = ?"
                                       " WHERE run_id = ? AND name = ?"),
                        [](const QSqlQuery &q) {
                            const PlanOutline outline = planOutline(q.value(2).toByteArray());
                            return QVariantList{cpuCountIn(outline, q.value(1).toString()),
                                                q.value(0), q.value(1)};
                        });
    if (st)
        st = updateEach(db, where, QStringLiteral("windows"),
                        QStringLiteral("SELECT id, gates, invalid_reason FROM windows"
                                       " WHERE valid = 0"),
                        QStringLiteral("UPDATE windows SET invalid_kind = ? WHERE id = ?"),
                        [](const QSqlQuery &q) {
                            WindowRecord w;
                            w.gates = objectFrom(q.value(1));
                            w.invalidReason = q.value(2).toString();
                            return QVariantList{legacyInvalidKind(w), q.value(0)};
                        });
    return st;
}

} // namespace schema

} // namespace sb::store
