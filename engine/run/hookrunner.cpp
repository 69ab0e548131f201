#include "run/hookrunner.h"

#include "core/qterror.h"

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
    QString s = statement.simplified();
    if (s.size() > 80)
        s = s.left(77) + QStringLiteral("...");
    return s;
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
        return sb::qtError(QStringLiteral("run.hook"), hook.where,
                           QStringLiteral("%1 command '%2': %3").arg(moment, commandLine, detail));
    };
    if (hook.command.isEmpty())
        return fail(QStringLiteral("empty command"));
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
        const QString output = QString::fromLocal8Bit(process.readAll());
        if (log)
            *log += QStringLiteral("[%1] $ %2\n").arg(moment, commandLine) + output;
        return fail(QStringLiteral("timed out after %1 s").arg(seconds(hook.timeoutMs)));
    }
    const QString output = QString::fromLocal8Bit(process.readAll());
    if (log) {
        *log += QStringLiteral("[%1] $ %2\n").arg(moment, commandLine) + output;
        if (!output.isEmpty() && !output.endsWith(QLatin1Char('\n')))
            *log += QLatin1Char('\n');
    }
    const QString tail = lastLines(output, 10);
    const QString tailText =
        tail.isEmpty() ? QStringLiteral(" (no output)") : QStringLiteral("; last output:\n") + tail;
    if (process.exitStatus() == QProcess::CrashExit)
        return fail(QStringLiteral("crashed (%1)").arg(process.errorString()) + tailText);
    if (process.exitCode() != 0)
        return fail(QStringLiteral("exited with code %1").arg(process.exitCode()) + tailText);
    return sb::Ok{};
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
