#pragma once

#include "core/result.h"
#include "plan/plan.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <functional>
#include <optional>

namespace sb::run {

class ServerHost;

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

    // A command hook with a host (plan::Hook::host) runs there: `hosts` gives the connected host
    // by its name (ServerPool::connectHost()), whose agent runs the command as above.
    using HostLookup = std::function<sb::Result<ServerHost *>(const QString &hostName)>;
    void setHosts(HostLookup hosts) { m_hosts = std::move(hosts); }

    // True when the plan names a PostgreSQL database (checkpoint detection applies).
    bool watchesCheckpoints() const;
    // Checkpoints completed so far: num_timed + num_requested from pg_stat_checkpointer
    // (PostgreSQL 17+), else checkpoints_timed + checkpoints_req from pg_stat_bgwriter.
    // Errors: "run.database" when there is no PostgreSQL database or the query fails.
    sb::Result<qint64> checkpointCount();

    // For `stackbench check`: connects to the plan's database and says as whom, one line:
    // "connected to bench@127.0.0.1:5433 as bench_user" (", a superuser" when it is one;
    // "opened /path/db.sqlite (SQLite)"). Errors: "run.database" (no database, no driver,
    // cannot connect: the driver's reason, never the password).
    sb::Result<QString> connectionSummary();

    // What `check` says about one statement of a SQL hook, judged without running it.
    struct Judgement
    {
        QString statement;    // "CHECKPOINT", "TRUNCATE orders", or the statement shortened
        bool judged = false;  // false: the statement was not understood, or could not be judged
        bool allowed = false; // judged: the database user may run it
        QString text;         // "bench_user may not run CHECKPOINT (needs superuser or ...)"
    };
    // One judgement per statement of `hook` (a SQL hook; none for a command hook), from the
    // database's catalogs (superuser, pg_checkpoint, table ownership, has_table_privilege()):
    // nothing is changed. On SQLite nothing is judged (it has no privileges). A connection
    // that fails gives one unjudged entry that says why.
    QList<Judgement> judge(const plan::Hook &hook);

private:
    struct Identity
    {
        QString user;
        bool superuser = false;
        bool checkpointRole = false; // has the privileges of pg_checkpoint (PostgreSQL 15+)
    };
    sb::Result<Identity> identity();
    Judgement judgeStatement(const QString &statement, const Identity &who);
    sb::Result<bool> queryBool(const QString &sql, const QVariantList &binds);
    sb::Status open();
    sb::Status runSql(const plan::Hook &hook, const QString &moment, QString *log);
    sb::Status runCommand(const plan::Hook &hook, const QString &moment, QString *log);
    HostLookup m_hosts;

    std::optional<plan::Database> m_database;
    QString m_connectionName;
    bool m_open = false;
    bool m_added = false;    // the named connection exists (removed in the destructor)
    int m_serverVersion = 0; // PostgreSQL server_version_num, 0 until read
    std::optional<Identity> m_identity;
};

// Splits SQL text into statements at the ';' that end them; a ';' inside '...', "...",
// $$...$$ / $tag$...$tag$, -- and /* */ comments does not split. Statements are trimmed; those
// holding only blanks and comments are dropped. Any thread.
QStringList splitSqlStatements(const QString &sql);

} // namespace sb::run
