#pragma once

// What the lane's tests share: the reference target's own count of what the shares did (POST
// /orders inserts one row per 201: the rows of its orders table), and reading an agent's frames.

#include "lane/agentprotocol.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>
#include <cstdint>
#include <optional>

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

// Reads frames from a raw agent process until one of `type` arrives, the process ends or
// `timeoutMs` pass.
inline std::optional<QJsonObject> waitFor(QProcess &p, lane::FrameReader &reader,
                                          const QString &type, int timeoutMs = 30000)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < timeoutMs) {
        while (true) {
            auto m = reader.next();
            if (!m.ok() || !*m)
                break;
            if (lane::messageType(**m) == type)
                return **m;
        }
        if (p.state() == QProcess::NotRunning && p.bytesAvailable() == 0)
            break;
        p.waitForReadyRead(200);
        reader.feed(p.readAllStandardOutput());
    }
    return std::nullopt;
}

// The result of the "done" frame in the frames an agent sent (a recording of its stdout), or
// std::nullopt when there is none or the frames do not read.
inline std::optional<load::LoadResult> agentDoneResult(const QByteArray &frames)
{
    lane::FrameReader reader;
    reader.feed(frames);
    while (true) {
        auto m = reader.next();
        if (!m.ok() || !*m)
            return std::nullopt;
        if (lane::messageType(**m) == QLatin1String("done")) {
            auto result = lane::readResult((**m).value(QStringLiteral("result")));
            return result.ok() ? std::optional<load::LoadResult>(std::move(*result)) : std::nullopt;
        }
    }
}

} // namespace sb::test
