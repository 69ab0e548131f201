#pragma once

#include "core/result.h"
#include "plan/plan.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace sb::run {

// Runs a plan's hooks: SQL through Qt Sql on the plan's database (its own uniquely named
// connection, opened on first use, on the thread that uses this object), commands with a
// timeout. Also reads the PostgreSQL checkpoint counter for the checkpoint gate.
// Create, use and destroy on one thread.
class HookRunner
{
public:
    explicit HookRunner(std::optional<plan::Database> database);
    ~HookRunner();
    HookRunner(const HookRunner &) = delete;
    HookRunner &operator=(const HookRunner &) = delete;

    // Runs `hooks` in order and stops at the first that fails. `moment` ("before_window") is
    // used in messages. Whatever they print (command stdout+stderr, SQL notices/rows affected) is
    // appended to *log when given. Errors: code "run.hook", where = hook.where, detail = what
    // failed (exit code and the last lines of output, the driver's SQL error, a timeout).
    // SQL: the text is split with splitSqlStatements() and each statement runs in autocommit
    // (no transaction, so VACUUM and CHECKPOINT work); statements before a failing one stay
    // committed. Commands: argv without a shell, in hook.cwd, stdout+stderr merged, in their own
    // session; on timeout ("timed out after N s") the whole process group is SIGKILLed.
    sb::Status run(const QList<plan::Hook> &hooks, const QString &moment, QString *log = nullptr);

    // True when the plan names a PostgreSQL database (checkpoint detection applies).
    bool watchesCheckpoints() const;
    // Checkpoints completed so far: num_timed + num_requested from pg_stat_checkpointer
    // (PostgreSQL 17+), else checkpoints_timed + checkpoints_req from pg_stat_bgwriter.
    // Errors: "run.database" when there is no PostgreSQL database or the query fails.
    sb::Result<qint64> checkpointCount();

private:
    sb::Status open();
    sb::Status runSql(const plan::Hook &hook, const QString &moment, QString *log);
    sb::Status runCommand(const plan::Hook &hook, const QString &moment, QString *log);

    std::optional<plan::Database> m_database;
    QString m_connectionName;
    bool m_open = false;
    bool m_added = false;    // the named connection exists (removed in the destructor)
    int m_serverVersion = 0; // PostgreSQL server_version_num, 0 until read
};

// Splits SQL text into statements at the ';' that end them; a ';' inside '...', "...",
// $$...$$ / $tag$...$tag$, -- and /* */ comments does not split. Statements are trimmed; those
// holding only blanks and comments are dropped. Any thread.
QStringList splitSqlStatements(const QString &sql);

} // namespace sb::run
