#pragma once

#include <QString>
#include <QStringList>

namespace sb::run {

// What one SQL statement of a hook needs from the database user, as far as `stackbench check`
// can judge it without running it. Pure; any thread.
struct SqlNeed
{
    enum class Kind
    {
        Checkpoint, // CHECKPOINT: superuser or the privileges of pg_checkpoint (PostgreSQL 15+)
        Maintain,   // VACUUM / ANALYZE: the table's owner (or the database's, or a superuser)
        Truncate,   // TRUNCATE: the TRUNCATE privilege on each table
        Delete,     // DELETE FROM: the DELETE privilege
        Insert,     // INSERT INTO: the INSERT privilege
        Update,     // UPDATE: the UPDATE privilege
        Unknown     // anything else: not judged
    };
    Kind kind = Kind::Unknown;
    QString verb;       // "CHECKPOINT", "VACUUM", "ANALYZE", "TRUNCATE", ... (upper case); the
                        // statement's first word for Unknown
    QStringList tables; // the tables as written ("orders", "public.orders", "\"Odd\""); empty
                        // for CHECKPOINT and for a VACUUM / ANALYZE of every table
};

// Reads one statement (as splitSqlStatements() returns them: comments may lead). Recognises
// CHECKPOINT; VACUUM and ANALYZE with their options, old style ("VACUUM FULL ANALYZE t") and
// new ("VACUUM (FULL, ANALYZE) t"), and column lists; TRUNCATE [TABLE] [ONLY] t [*], ...;
// DELETE FROM [ONLY] t; INSERT INTO t; UPDATE [ONLY] t. Anything else (WITH ..., SELECT ...,
// CREATE ...) is Unknown.
SqlNeed sqlNeed(const QString &statement);

// The privilege name has_table_privilege() takes for `kind` ("TRUNCATE", ...), or "".
QString tablePrivilege(SqlNeed::Kind kind);

} // namespace sb::run
