#pragma once

// The run store's schema, private to engine/store: the ordered migrations and, for each table
// with many columns, ONE table of {name, schema version that added it, bind, read}, so that a
// column is added in one place and the INSERT, SELECT, bind and read lists cannot drift apart.
// Plain data and pure functions; any thread.

#include "core/result.h"
#include "store/records.h"

#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVector>
#include <functional>

class QSqlDatabase;

namespace sb::store::schema {

// One schema step. Statements use %PK% (an auto-numbered BIGINT key) and %BLOB% (binary), which
// differ between SQLite and PostgreSQL; everything else is portable SQL. A step that adds a
// column whose value existing rows can derive fills it with `backfill` after its statements, in
// the same transaction (errors: "store.migrate", where = the store's location).
struct Migration
{
    int version;
    const char *description;
    QStringList statements;
    sb::Status (*backfill)(QSqlDatabase &db, const QString &where) = nullptr;
};

// Ordered, append-only: never edit a released step, add the next one.
const QVector<Migration> &migrations();
// The statements of `m` for a backend: %BLOB% and %PK% replaced.
QStringList statementsFor(const Migration &m, bool postgres);

// One column of a record's table.
template<typename R> struct Column
{
    const char *name;                                // SQL column name
    int since;                                       // schema version that added the column
    std::function<QVariant(const R &)> bind;         // record field -> SQL value
    std::function<void(R &, const QVariant &)> read; // SQL value -> record field
};
template<typename R> using Columns = QVector<Column<R>>;

// runs, in this order, without the window counts run()/runs() add.
const Columns<RunRecord> &runColumns();
// windows without the id (assigned by the database, read separately).
const Columns<WindowRecord> &windowColumns();
// intervals without window_id (bound and read separately).
const Columns<IntervalRecord> &intervalColumns();
// configurations; (run_id, name) is the key.
const Columns<ConfigurationRecord> &configurationColumns();
// server_starts without the id (assigned by the database; the stored order).
const Columns<ServerStartRecord> &serverStartColumns();
// profiles without the id (assigned by the database) and without the compressed folded stacks
// (written and read by RunStore::insertProfile() and profile(), which compress and bound them).
const Columns<ProfileRecord> &profileColumns();

// Values as stored: times as UTC ISO text with milliseconds, JSON as compact text.
QString timeText(const QDateTime &time);
QDateTime timeFrom(const QVariant &value);
QVariant requiredText(const QString &value); // for NOT NULL columns: never a null QString
QString jsonText(const QJsonObject &object);
QString jsonText(const QStringList &list);
QJsonObject objectFrom(const QVariant &value);
QStringList listFrom(const QVariant &value);

// "a, b, c" of the columns a store at schema `version` has, each prefixed with `prefix`.
template<typename R>
QString columnList(const Columns<R> &columns, int version, const QString &prefix = QString())
{
    QStringList names;
    for (const Column<R> &c : columns)
        if (c.since <= version)
            names << prefix + QLatin1String(c.name);
    return names.join(QStringLiteral(", "));
}

// "?, ?, ?": one placeholder per column of the latest schema (writes happen only there).
template<typename R> QString placeholders(const Columns<R> &columns)
{
    QStringList marks;
    for (qsizetype i = 0; i < columns.size(); ++i)
        marks << QStringLiteral("?");
    return marks.join(QStringLiteral(", "));
}

// Binds every column of `record`, in order, after whatever the query has bound already.
template<typename R> void bindAll(QSqlQuery &query, const Columns<R> &columns, const R &record)
{
    for (const Column<R> &c : columns)
        query.addBindValue(c.bind(record));
}

// Reads the columns a store at schema `version` has (as columnList() listed them) from the query's
// current row, starting at result column `first`; columns the store lacks keep their defaults.
// Returns the index of the next result column.
template<typename R>
int readAll(const QSqlQuery &query, int first, const Columns<R> &columns, int version, R &record)
{
    int at = first;
    for (const Column<R> &c : columns)
        if (c.since <= version)
            c.read(record, query.value(at++));
    return at;
}

} // namespace sb::store::schema
