#include "run/hookrunner.h"

#include "core/qterror.h"
#include "run/hooktext.h"
#include "run/serverhost.h"
#include "run/sqlneed.h"

#include <QAtomicInteger>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <algorithm>
#include <csignal>
#include <limits>
#include <unistd.h>

namespace sb::run {

namespace {

QAtomicInteger<quint64> g_connectionSerial;

} // namespace

QStringList splitSqlStatements(const QString &sql)
{
    QStringList out;
    QString current;
    bool hasCode = false;
    auto flush = [&] {
        if (hasCode)
            out << current.trimmed();
        current.clear();
        hasCode = false;
    };
    const qsizetype n = sql.size();
    qsizetype i = 0;
    while (i < n) {
        const QChar c = sql.at(i);
        const QChar next = i + 1 < n ? sql.at(i + 1) : QChar();
        if (c == QLatin1Char(';')) {
            flush();
            ++i;
            continue;
        }
        qsizetype end = i + 1; // one past the token starting at i
        bool code = !c.isSpace();
        if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            // A doubled quote inside is an escaped quote: the scan simply re-enters.
            end = sql.indexOf(c, i + 1);
            end = end < 0 ? n : end + 1;
        } else if (c == QLatin1Char('-') && next == QLatin1Char('-')) {
            end = sql.indexOf(QLatin1Char('\n'), i);
            end = end < 0 ? n : end + 1;
            code = false;
        } else if (c == QLatin1Char('/') && next == QLatin1Char('*')) {
            end = sql.indexOf(QStringLiteral("*/"), i + 2);
            end = end < 0 ? n : end + 2;
            code = false;
        } else if (c == QLatin1Char('$')) {
            // $$ or $tag$ opens a dollar-quoted string that ends at the same tag.
            qsizetype j = i + 1;
            while (j < n && (sql.at(j).isLetterOrNumber() || sql.at(j) == QLatin1Char('_')))
                ++j;
            if (j < n && sql.at(j) == QLatin1Char('$') &&
                (j == i + 1 || !sql.at(i + 1).isDigit())) {
                const QString tag = sql.mid(i, j - i + 1);
                end = sql.indexOf(tag, j + 1);
                end = end < 0 ? n : end + tag.size();
            }
        }
        current += sql.mid(i, end - i);
        hasCode = hasCode || code;
        i = end;
    }
    flush();
    return out;
}

namespace {

QString oneLine(const QString &statement)
{
    return shortSql(statement, 80);
}

QString lastLines(const QString &text, int count)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    while (!lines.isEmpty() && lines.last().trimmed().isEmpty())
        lines.removeLast();
    if (lines.size() > count)
        lines = lines.mid(lines.size() - count);
    return lines.join(QLatin1Char('\n'));
}

QString seconds(qint64 ms)
{
    return QString::number(double(ms) / 1000.0, 'g', 6);
}

} // namespace

HookRunner::HookRunner(std::optional<plan::Database> database)
    : m_database(std::move(database))
    , m_connectionName(QStringLiteral("sb-hooks-%1").arg(++g_connectionSerial))
{}

HookRunner::~HookRunner()
{
    if (!m_added)
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
}

bool HookRunner::watchesCheckpoints() const
{
    return m_database && m_database->driverName == QLatin1String("QPSQL");
}

sb::Status HookRunner::open()
{
    const QString where = m_database ? m_database->driverName + QStringLiteral(" ") +
                                           m_database->user + QLatin1Char('@') + m_database->host +
                                           QLatin1Char(':') + QString::number(m_database->port) +
                                           QLatin1Char('/') + m_database->name
                                     : QString();
    if (!m_database)
        return sb::qtError(QStringLiteral("run.database"), where,
                           QStringLiteral("the plan names no database"));
    if (m_open) {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        if (db.isOpen())
            return sb::Ok{};
        m_open = false;
    }
    if (!QSqlDatabase::isDriverAvailable(m_database->driverName))
        return sb::qtError(
            QStringLiteral("run.database"), where,
            QStringLiteral("the Qt Sql driver %1 is not installed").arg(m_database->driverName));
    QSqlDatabase db = m_added ? QSqlDatabase::database(m_connectionName, false)
                              : QSqlDatabase::addDatabase(m_database->driverName, m_connectionName);
    m_added = true;
    db.setDatabaseName(m_database->name);
    if (m_database->driverName != QLatin1String("QSQLITE")) {
        db.setHostName(m_database->host);
        if (m_database->port > 0)
            db.setPort(m_database->port);
        db.setUserName(m_database->user);
        db.setPassword(m_database->password);
    }
    db.setConnectOptions(m_database->options);
    if (!db.open())
        return sb::qtError(QStringLiteral("run.database"), where,
                           QStringLiteral("cannot connect: %1").arg(db.lastError().text()));
    m_open = true;
    return sb::Ok{};
}

sb::Status HookRunner::run(const QList<plan::Hook> &hooks, const QString &moment, QString *log)
{
    for (const plan::Hook &hook : hooks) {
        const sb::Status s = hook.kind == plan::Hook::Kind::Sql ? runSql(hook, moment, log)
                                                                : runCommand(hook, moment, log);
        if (!s)
            return s;
    }
    return sb::Ok{};
}

sb::Status HookRunner::runSql(const plan::Hook &hook, const QString &moment, QString *log)
{
    auto fail = [&](const QString &detail) {
        return sb::qtError(QStringLiteral("run.hook"), hook.where,
                           QStringLiteral("%1 SQL hook: %2").arg(moment, detail));
    };
    if (!m_database)
        return fail(QStringLiteral("the plan has no \"database\" to run SQL on"));
    if (const sb::Status opened = open(); !opened)
        return fail(sb::qtDetail(opened.error()));
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    // No transaction: each statement commits by itself, which VACUUM and CHECKPOINT require.
    for (const QString &statement : splitSqlStatements(hook.sql)) {
        QSqlQuery query(db);
        query.setForwardOnly(true);
        if (!query.exec(statement))
            return fail(QStringLiteral("'%1' failed: %2")
                            .arg(oneLine(statement), query.lastError().text()));
        if (log) {
            QString line = QStringLiteral("[%1] sql: %2").arg(moment, oneLine(statement));
            if (query.isSelect()) {
                int rows = 0;
                while (query.next())
                    ++rows;
                line += QStringLiteral(" -> %1 rows").arg(rows);
            } else if (query.numRowsAffected() >= 0) {
                line += QStringLiteral(" -> %1 rows affected").arg(query.numRowsAffected());
            }
            *log += line + QLatin1Char('\n');
        }
        query.finish();
    }
    return sb::Ok{};
}

sb::Status HookRunner::runCommand(const plan::Hook &hook, const QString &moment, QString *log)
{
    const QString commandLine = hook.command.join(QLatin1Char(' '));
    auto fail = [&](const QString &detail) {
        return sb::qtError(
            QStringLiteral("run.hook"), hook.where,
            QStringLiteral("%1 command '%2'%3: %4")
                .arg(moment, commandLine,
                     hook.host.isEmpty() ? QString() : QStringLiteral(" on host %1").arg(hook.host),
                     detail));
    };
    if (hook.command.isEmpty())
        return fail(QStringLiteral("empty command"));
    QString output;
    bool timedOut = false;
    bool crashed = false;
    QString crash;
    int exitCode = 0;
    if (!hook.host.isEmpty()) {
        if (!m_hosts)
            return fail(QStringLiteral("no connection to host %1").arg(hook.host));
        sb::Result<ServerHost *> host = m_hosts(hook.host);
        if (!host.ok())
            return fail(sb::qtDetail(host.error()));
        const sb::Result<ServerHost::ExecOutcome> r =
            (*host)->exec(hook.command, hook.cwd, {}, hook.timeoutMs);
        if (!r.ok())
            return fail(sb::qtDetail(r.error()));
        output = QString::fromLocal8Bit(r->output);
        timedOut = r->timedOut;
        crashed = r->crashed;
        crash = QStringLiteral("killed by a signal");
        exitCode = r->exitCode;
    } else {
        QProcess process;
        process.setProcessChannelMode(QProcess::MergedChannels);
        if (!hook.cwd.isEmpty())
            process.setWorkingDirectory(hook.cwd);
        process.setProgram(hook.command.first());
        process.setArguments(hook.command.mid(1));
        // Its own process group, so a timeout kills what the command started too.
        process.setChildProcessModifier([] { ::setsid(); });
        process.start();
        if (!process.waitForStarted(10000))
            return fail(QStringLiteral("cannot start: %1").arg(process.errorString()));
        const qint64 pid = process.processId();
        const bool finished = process.waitForFinished(
            int(std::clamp<qint64>(hook.timeoutMs, 1, std::numeric_limits<int>::max())));
        if (!finished && process.state() != QProcess::NotRunning) {
            if (pid > 0)
                ::kill(-pid_t(pid), SIGKILL);
            process.kill();
            process.waitForFinished(5000);
            timedOut = true;
        }
        output = QString::fromLocal8Bit(process.readAll());
        crashed = process.exitStatus() == QProcess::CrashExit;
        crash = process.errorString();
        exitCode = process.exitCode();
    }
    if (log) {
        *log += QStringLiteral("[%1] $ %2\n").arg(moment, commandLine) + output;
        if (!timedOut && !output.isEmpty() && !output.endsWith(QLatin1Char('\n')))
            *log += QLatin1Char('\n');
    }
    if (timedOut)
        return fail(QStringLiteral("timed out after %1 s").arg(seconds(hook.timeoutMs)));
    const QString tail = lastLines(output, 10);
    const QString tailText =
        tail.isEmpty() ? QStringLiteral(" (no output)") : QStringLiteral("; last output:\n") + tail;
    if (crashed)
        return fail(QStringLiteral("crashed (%1)").arg(crash) + tailText);
    if (exitCode != 0)
        return fail(QStringLiteral("exited with code %1").arg(exitCode) + tailText);
    return sb::Ok{};
}

sb::Result<QString> HookRunner::connectionSummary()
{
    if (const sb::Status opened = open(); !opened)
        return opened.error();
    if (m_database->driverName == QLatin1String("QSQLITE"))
        return QStringLiteral("opened %1 (SQLite)").arg(m_database->name);
    const sb::Result<Identity> who = identity();
    if (!who.ok())
        return who.error();
    return QStringLiteral("connected to %1@%2:%3 as %4%5")
        .arg(m_database->name, m_database->host)
        .arg(m_database->port)
        .arg(who->user, who->superuser ? QStringLiteral(", a superuser") : QString());
}

sb::Result<bool> HookRunner::queryBool(const QString &sql, const QVariantList &binds)
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.setForwardOnly(true);
    q.prepare(sql);
    for (const QVariant &v : binds)
        q.addBindValue(v);
    if (!q.exec())
        return sb::qtError(QStringLiteral("run.database"), sql,
                           QStringLiteral("query failed: %1").arg(q.lastError().text()));
    if (!q.next())
        return sb::qtError(QStringLiteral("run.database"), sql, QStringLiteral("no row"));
    return !q.value(0).isNull() && q.value(0).toBool();
}

// The connected user and what it is, read once.
sb::Result<HookRunner::Identity> HookRunner::identity()
{
    if (m_identity)
        return *m_identity;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    const QString sql = QStringLiteral(
        "SELECT current_user, r.rolsuper, current_setting('server_version_num')::int "
        "FROM pg_roles r WHERE r.rolname = current_user");
    if (!q.exec(sql) || !q.next())
        return sb::qtError(QStringLiteral("run.database"), sql,
                           QStringLiteral("query failed: %1").arg(q.lastError().text()));
    Identity who{q.value(0).toString(), q.value(1).toBool(), false};
    m_serverVersion = q.value(2).toInt();
    // CHECKPOINT asks for the privileges of pg_checkpoint (has_privs_of_role): USAGE, which
    // a member with NOINHERIT lacks.
    if (m_serverVersion >= 150000) {
        const sb::Result<bool> role = queryBool(
            QStringLiteral("SELECT pg_has_role(current_user, 'pg_checkpoint', 'USAGE')"), {});
        if (!role.ok())
            return role.error();
        who.checkpointRole = *role;
    }
    m_identity = who;
    return who;
}

QList<HookRunner::Judgement> HookRunner::judge(const plan::Hook &hook)
{
    QList<Judgement> out;
    if (hook.kind != plan::Hook::Kind::Sql)
        return out;
    const QStringList statements = splitSqlStatements(hook.sql);
    const sb::Result<QString> connected = connectionSummary();
    if (!connected.ok()) {
        out.append({oneLine(hook.sql), false, false,
                    QStringLiteral("not judged: ") + sb::qtDetail(connected.error())});
        return out;
    }
    const bool sqlite = m_database->driverName == QLatin1String("QSQLITE");
    const sb::Result<Identity> who = sqlite ? Identity{} : identity();
    for (const QString &statement : statements) {
        if (sqlite)
            out.append({oneLine(statement), false, false,
                        QStringLiteral("not judged (SQLite has no privileges)")});
        else if (!who.ok())
            out.append({oneLine(statement), false, false,
                        QStringLiteral("not judged: ") + sb::qtDetail(who.error())});
        else
            out.append(judgeStatement(statement, *who));
    }
    return out;
}

HookRunner::Judgement HookRunner::judgeStatement(const QString &statement, const Identity &who)
{
    const SqlNeed need = sqlNeed(statement);
    Judgement j;
    j.statement = need.tables.isEmpty()
                      ? need.verb
                      : need.verb + QLatin1Char(' ') + need.tables.join(QStringLiteral(", "));
    using K = SqlNeed::Kind;
    if (need.kind == K::Unknown) {
        j.statement = shortSql(statement, 60);
        j.text = QStringLiteral("not judged: check cannot tell what %1 needs without running it")
                     .arg(need.verb.isEmpty() ? QStringLiteral("it") : need.verb);
        return j;
    }
    if (need.kind == K::Checkpoint) {
        j.judged = true;
        j.allowed = who.superuser || who.checkpointRole;
        j.text =
            j.allowed
                ? QStringLiteral("%1 may run CHECKPOINT (%2)")
                      .arg(who.user, who.superuser ? QStringLiteral("a superuser")
                                                   : QStringLiteral("privileges of pg_checkpoint"))
            : m_serverVersion >= 150000
                ? QStringLiteral("%1 may not run CHECKPOINT (needs superuser or pg_checkpoint)")
                      .arg(who.user)
                : QStringLiteral("%1 may not run CHECKPOINT (needs superuser before "
                                 "PostgreSQL 15)")
                      .arg(who.user);
        return j;
    }
    if (need.tables.isEmpty()) {
        j.text = QStringLiteral("not judged: %1 of every table skips, with a warning only, the "
                                "tables %2 may not %1")
                     .arg(need.verb, who.user);
        return j;
    }
    QStringList denied;
    for (const QString &table : need.tables) {
        const sb::Result<bool> exists =
            queryBool(QStringLiteral("SELECT to_regclass(?) IS NOT NULL"), {table});
        if (!exists.ok() || !*exists) {
            j.text = exists.ok() ? QStringLiteral("not judged: table %1 does not exist now (an "
                                                  "earlier statement may create it)")
                                       .arg(table)
                                 : QStringLiteral("not judged: ") + sb::qtDetail(exists.error());
            return j;
        }
        sb::Result<bool> may = true;
        if (need.kind == K::Maintain && !who.superuser)
            may = queryBool(
                QStringLiteral(
                    "SELECT pg_has_role(current_user, c.relowner, 'USAGE') OR "
                    "pg_has_role(current_user, (SELECT datdba FROM pg_database WHERE datname = "
                    "current_database()), 'USAGE')%1 FROM pg_class c WHERE c.oid = to_regclass(?)")
                    .arg(m_serverVersion >= 170000
                             ? QStringLiteral(" OR has_table_privilege(c.oid, 'MAINTAIN')")
                             : QString()),
                {table});
        else if (need.kind != K::Maintain)
            may = queryBool(QStringLiteral("SELECT has_table_privilege(to_regclass(?)::oid, ?)"),
                            {table, tablePrivilege(need.kind)});
        if (!may.ok()) {
            j.text = QStringLiteral("not judged: ") + sb::qtDetail(may.error());
            return j;
        }
        if (!*may)
            denied << table;
    }
    j.judged = true;
    j.allowed = denied.isEmpty();
    const QString needs =
        need.kind == K::Maintain
            ? QStringLiteral("needs to own it or the database, or superuser; "
                             "PostgreSQL skips it with only a warning")
            : QStringLiteral("needs ownership or the %1 privilege").arg(tablePrivilege(need.kind));
    j.text = j.allowed ? QStringLiteral("%1 may %2 %3")
                             .arg(who.user, need.verb, need.tables.join(QStringLiteral(", ")))
                       : QStringLiteral("%1 may not %2 %3 (%4)")
                             .arg(who.user, need.verb, denied.join(QStringLiteral(", ")), needs);
    return j;
}

sb::Result<qint64> HookRunner::checkpointCount()
{
    if (!watchesCheckpoints())
        return sb::qtError(QStringLiteral("run.database"), QString(),
                           QStringLiteral("checkpoint detection needs a PostgreSQL database"));
    if (const sb::Status opened = open(); !opened)
        return opened.error();
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    auto queryError = [&](const QSqlQuery &q, const QString &sql) {
        return sb::qtError(QStringLiteral("run.database"), sql,
                           QStringLiteral("query failed: %1").arg(q.lastError().text()));
    };
    if (m_serverVersion == 0) {
        QSqlQuery q(db);
        const QString sql = QStringLiteral("SHOW server_version_num");
        if (!q.exec(sql) || !q.next())
            return queryError(q, sql);
        m_serverVersion = q.value(0).toInt();
    }
    const QString sql =
        m_serverVersion >= 170000
            ? QStringLiteral("SELECT num_timed + num_requested FROM pg_stat_checkpointer")
            : QStringLiteral("SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter");
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(sql) || !q.next())
        return queryError(q, sql);
    return q.value(0).toLongLong();
}

} // namespace sb::run
