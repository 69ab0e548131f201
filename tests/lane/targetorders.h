#pragma once

// The reference target's own count of what a lane's shares did: POST /orders inserts one row per
// 201, so the rows of its orders table, read from its database file. Shared by the lane's tests.

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>
#include <cstdint>

namespace sb::test {

// The rows of the orders table of the target's database at `dbPath`, -1 when it cannot be read.
inline int64_t orderRows(const QString &dbPath)
{
    int64_t rows = -1;
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("orders"));
        db.setDatabaseName(dbPath);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("SELECT count(*) FROM orders")) && q.next())
                rows = q.value(0).toLongLong();
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("orders"));
    return rows;
}

} // namespace sb::test
