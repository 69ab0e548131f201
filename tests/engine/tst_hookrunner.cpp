// Tests for sb::run::HookRunner: SQL hooks on SQLite and on a throwaway PostgreSQL cluster
// (several statements, VACUUM and CHECKPOINT outside transactions, the checkpoint counter), and
// command hooks (output, exit codes, timeouts that kill the whole command); what `check` judges
// of a SQL hook without running it (the statement's needs, the user's rights in the catalogs).

#include "core/qterror.h"
#include "pgcluster.h"
#include "run/hookrunner.h"
#include "run/sqlneed.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using sb::plan::Database;
using sb::plan::Hook;
using sb::run::HookRunner;

namespace {

Hook sqlHook(const QString &sql, const QString &where = QStringLiteral("plan.json:3:5 at $.x"))
{
    Hook h;
    h.kind = Hook::Kind::Sql;
    h.sql = sql;
    h.where = where;
    return h;
}

Hook commandHook(const QStringList &argv, qint64 timeoutMs = 10000)
{
    Hook h;
    h.kind = Hook::Kind::Command;
    h.command = argv;
    h.timeoutMs = timeoutMs;
    h.where = QStringLiteral("plan.json:9:7 at $.hooks.before_window[0]");
    return h;
}

Database sqliteDatabase(const QString &path)
{
    Database d;
    d.driver = Database::Driver::Sqlite;
    d.driverName = QStringLiteral("QSQLITE");
    d.port = 0;
    d.name = path;
    return d;
}

// A second, independent connection to check what the hooks did.
class Checker
{
public:
    explicit Checker(const Database &d)
    {
        m_db = QSqlDatabase::addDatabase(d.driverName, QStringLiteral("checker"));
        m_db.setDatabaseName(d.name);
        if (d.driver == Database::Driver::PostgreSql) {
            m_db.setHostName(d.host);
            m_db.setPort(d.port);
            m_db.setUserName(d.user);
        }
        m_db.open();
    }
    ~Checker()
    {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("checker"));
    }
    QVariant scalar(const QString &sql)
    {
        QSqlQuery q(m_db);
        if (!q.exec(sql) || !q.next())
            return QVariant();
        return q.value(0);
    }

private:
    QSqlDatabase m_db;
};

// True when `pid` exists and is not a zombie.
bool processAlive(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (pid <= 0 || !f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray s = f.readAll();
    const qsizetype paren = s.lastIndexOf(')');
    return paren > 0 && paren + 2 < s.size() && s.at(paren + 2) != 'Z';
}

} // namespace

class TstHookRunner : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void split_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QStringList>("statements");
        QTest::newRow("one") << QStringLiteral("CHECKPOINT")
                             << QStringList{QStringLiteral("CHECKPOINT")};
        QTest::newRow("two, trailing ;")
            << QStringLiteral(" CREATE TABLE t(x int);\n INSERT INTO t VALUES (1); ")
            << QStringList{QStringLiteral("CREATE TABLE t(x int)"),
                           QStringLiteral("INSERT INTO t VALUES (1)")};
        QTest::newRow("single quotes")
            << QStringLiteral("INSERT INTO t VALUES ('a;b', 'it''s;'); SELECT 1")
            << QStringList{QStringLiteral("INSERT INTO t VALUES ('a;b', 'it''s;')"),
                           QStringLiteral("SELECT 1")};
        QTest::newRow("double quotes")
            << QStringLiteral("SELECT 1 AS \"a;b\"; SELECT 2")
            << QStringList{QStringLiteral("SELECT 1 AS \"a;b\""), QStringLiteral("SELECT 2")};
        QTest::newRow("dollar quotes")
            << QStringLiteral("CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql; "
                              "DO $body$ BEGIN PERFORM 1; END $body$;SELECT $1")
            << QStringList{QStringLiteral(
                               "CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql"),
                           QStringLiteral("DO $body$ BEGIN PERFORM 1; END $body$"),
                           QStringLiteral("SELECT $1")};
        QTest::newRow("comments") << QStringLiteral("-- reset; all\nDELETE FROM t; /* a;b */ "
                                                    "VACUUM; -- trailing; comment")
                                  << QStringList{QStringLiteral("-- reset; all\nDELETE FROM t"),
                                                 QStringLiteral("/* a;b */ VACUUM")};
        QTest::newRow("empty") << QStringLiteral(" ; ;\n") << QStringList{};
    }

    void split()
    {
        QFETCH(QString, sql);
        QFETCH(QStringList, statements);
        QCOMPARE(sb::run::splitSqlStatements(sql), statements);
    }

    void sqliteStatements()
    {
        const Database db = sqliteDatabase(m_dir.filePath(QStringLiteral("hooks.sqlite")));
        QString log;
        {
            HookRunner runner(db);
            QVERIFY(!runner.watchesCheckpoints());
            const sb::Status s =
                runner.run({sqlHook(QStringLiteral("CREATE TABLE t(x INTEGER, s TEXT); INSERT "
                                                   "INTO t VALUES (1, 'a;b'), (2, 'c')")),
                            sqlHook(QStringLiteral("VACUUM"))},
                           QStringLiteral("before_route"), &log);
            QVERIFY2(s.ok(), s.ok() ? "" : qPrintable(sb::qtText(s.error())));
        }
        QVERIFY2(log.contains(QStringLiteral("2 rows affected")), qPrintable(log));
        QVERIFY2(log.contains(QStringLiteral("VACUUM")), qPrintable(log));
        QVERIFY(log.contains(QStringLiteral("[before_route]")));
        Checker check(db);
        QCOMPARE(check.scalar(QStringLiteral("SELECT count(*) FROM t")).toInt(), 2);
        QCOMPARE(check.scalar(QStringLiteral("SELECT s FROM t WHERE x = 1")).toString(),
                 QStringLiteral("a;b"));
    }

    void sqliteFailure()
    {
        const Database db = sqliteDatabase(m_dir.filePath(QStringLiteral("fail.sqlite")));
        HookRunner runner(db);
        const QString where = QStringLiteral("plan.json:40:9 at $.routes[1].hooks.before_route[0]");
        QString log;
        const sb::Status s = runner.run(
            {sqlHook(QStringLiteral("CREATE TABLE t(x INTEGER); INSERT INTO t VALUES (3); "
                                    "INSERT INTO nosuch VALUES (1); INSERT INTO t VALUES (4)"),
                     where),
             sqlHook(QStringLiteral("INSERT INTO t VALUES (5)"))},
            QStringLiteral("before_route"), &log);
        QVERIFY(!s.ok());
        QCOMPARE(sb::qtCode(s.error()), QStringLiteral("run.hook"));
        QCOMPARE(sb::qtWhere(s.error()), where);
        QVERIFY2(sb::qtDetail(s.error()).contains(QStringLiteral("no such table: nosuch")),
                 qPrintable(sb::qtDetail(s.error())));
        QVERIFY2(sb::qtDetail(s.error()).contains(QStringLiteral("INSERT INTO nosuch")),
                 qPrintable(sb::qtDetail(s.error())));
        // Autocommit: what ran before the failure stays; nothing after it ran.
        Checker check(db);
        QCOMPARE(check.scalar(QStringLiteral("SELECT group_concat(x) FROM t")).toString(),
                 QStringLiteral("3"));
    }

    void sqlWithoutDatabase()
    {
        HookRunner runner(std::nullopt);
        QVERIFY(!runner.watchesCheckpoints());
        const sb::Status s =
            runner.run({sqlHook(QStringLiteral("SELECT 1"))}, QStringLiteral("before_run"));
        QVERIFY(!s.ok());
        QCOMPARE(sb::qtCode(s.error()), QStringLiteral("run.hook"));
        QVERIFY2(sb::qtDetail(s.error()).contains(QStringLiteral("database")),
                 qPrintable(sb::qtDetail(s.error())));
        const sb::Result<qint64> count = runner.checkpointCount();
        QVERIFY(!count.ok());
        QCOMPARE(sb::qtCode(count.error()), QStringLiteral("run.database"));
    }

    void checkpointCountNeedsPostgres()
    {
        HookRunner runner(sqliteDatabase(m_dir.filePath(QStringLiteral("cp.sqlite"))));
        const sb::Result<qint64> count = runner.checkpointCount();
        QVERIFY(!count.ok());
        QCOMPARE(sb::qtCode(count.error()), QStringLiteral("run.database"));
    }

    void commandOutput()
    {
        HookRunner runner(std::nullopt);
        QString log;
        Hook h = commandHook({QStringLiteral("sh"), QStringLiteral("-c"),
                              QStringLiteral("echo out; echo err >&2; pwd")});
        h.cwd = m_dir.path();
        const sb::Status s = runner.run({h}, QStringLiteral("before_window"), &log);
        QVERIFY2(s.ok(), s.ok() ? "" : qPrintable(sb::qtText(s.error())));
        QVERIFY2(log.contains(QStringLiteral("out\n")), qPrintable(log));
        QVERIFY2(log.contains(QStringLiteral("err\n")), qPrintable(log));
        QVERIFY2(log.contains(QFileInfo(m_dir.path()).canonicalFilePath()), qPrintable(log));
        QVERIFY(log.contains(QStringLiteral("[before_window] $ sh -c")));
    }

    void commandExitCode()
    {
        HookRunner runner(std::nullopt);
        QString log;
        const sb::Status s = runner.run(
            {commandHook({QStringLiteral("sh"), QStringLiteral("-c"),
                          QStringLiteral("for i in $(seq 1 15); do echo line$i; done; exit 7")}),
             commandHook(
                 {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo second")})},
            QStringLiteral("before_window"), &log);
        QVERIFY(!s.ok());
        QCOMPARE(sb::qtCode(s.error()), QStringLiteral("run.hook"));
        QCOMPARE(sb::qtWhere(s.error()),
                 QStringLiteral("plan.json:9:7 at $.hooks.before_window[0]"));
        const QString d = sb::qtDetail(s.error());
        QVERIFY2(d.contains(QStringLiteral("exited with code 7")), qPrintable(d));
        // The last 10 lines only.
        QVERIFY2(d.contains(QStringLiteral("line6\n")) && d.endsWith(QStringLiteral("line15")),
                 qPrintable(d));
        QVERIFY2(!d.contains(QStringLiteral("line5\n")), qPrintable(d));
        QVERIFY(log.contains(QStringLiteral("line1\n")));
        QVERIFY(!log.contains(QStringLiteral("second")));
    }

    void commandTimeout()
    {
        HookRunner runner(std::nullopt);
        const QString pidFile = m_dir.filePath(QStringLiteral("hook-child.pid"));
        QElapsedTimer t;
        t.start();
        const sb::Status s =
            runner.run({commandHook({QStringLiteral("sh"), QStringLiteral("-c"),
                                     QStringLiteral("sleep 30 & echo $! > %1; wait").arg(pidFile)},
                                    500)},
                       QStringLiteral("before_window"));
        const qint64 ms = t.elapsed();
        qInfo() << "timed-out hook returned after" << ms << "ms";
        QVERIFY(!s.ok());
        QVERIFY2(sb::qtDetail(s.error()).contains(QStringLiteral("timed out after 0.5 s")),
                 qPrintable(sb::qtDetail(s.error())));
        // Ended by the timeout: not before it, and not after the command's own 30 s.
        QVERIFY2(ms >= 500 && ms < 30'000, qPrintable(QString::number(ms)));
        // The command's own child went with it.
        QFile f(pidFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const qint64 child = f.readAll().trimmed().toLongLong();
        QVERIFY(child > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!processAlive(child), 20'000);
    }

    void commandNotFound()
    {
        HookRunner runner(std::nullopt);
        const sb::Status s = runner.run({commandHook({QStringLiteral("nosuchprog-sb-hook")})},
                                        QStringLiteral("before_run"));
        QVERIFY(!s.ok());
        QCOMPARE(sb::qtCode(s.error()), QStringLiteral("run.hook"));
        QVERIFY2(sb::qtDetail(s.error()).contains(QStringLiteral("cannot start")),
                 qPrintable(sb::qtDetail(s.error())));
    }

    void watchesCheckpoints_data()
    {
        QTest::addColumn<QString>("driver");
        QTest::addColumn<bool>("watches");
        QTest::newRow("QPSQL") << QStringLiteral("QPSQL") << true;
        QTest::newRow("QSQLITE") << QStringLiteral("QSQLITE") << false;
    }

    void watchesCheckpoints()
    {
        QFETCH(QString, driver);
        QFETCH(bool, watches);
        Database d;
        d.driverName = driver;
        d.driver = driver == QStringLiteral("QPSQL") ? Database::Driver::PostgreSql
                                                     : Database::Driver::Sqlite;
        HookRunner runner(d); // no connection is opened for this
        QCOMPARE(runner.watchesCheckpoints(), watches);
    }

    void postgres()
    {
        if (!QFile::exists(sb::test::PgCluster::binDir() + QStringLiteral("/initdb")) ||
            !QFile::exists(sb::test::PgCluster::binDir() + QStringLiteral("/pg_ctl")))
            QSKIP("PostgreSQL 15 binaries are not installed");
        if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
            QSKIP("the Qt PostgreSQL driver (QPSQL) is not installed");
        sb::test::PgCluster cluster;
        const QString failure = cluster.start();
        QVERIFY2(failure.isEmpty(), qPrintable(failure));

        Database d;
        d.port = cluster.port();
        d.name = QStringLiteral("postgres");
        d.user = QStringLiteral("postgres");
        {
            HookRunner runner(d);
            QVERIFY(runner.watchesCheckpoints());
            QString log;
            sb::Status s = runner.run(
                {sqlHook(QStringLiteral("CREATE TABLE t(x int); INSERT INTO t VALUES (1); VACUUM "
                                        "FULL ANALYZE t; CHECKPOINT")),
                 sqlHook(QStringLiteral("CREATE FUNCTION f() RETURNS int AS $$ SELECT 41; $$ "
                                        "LANGUAGE sql; INSERT INTO t SELECT f() + 1"))},
                QStringLiteral("before_route"), &log);
            QVERIFY2(s.ok(), s.ok() ? "" : qPrintable(sb::qtText(s.error())));
            QVERIFY2(log.contains(QStringLiteral("CHECKPOINT")), qPrintable(log));

            // The checkpointer publishes its statistics just after it wakes the waiting
            // backend: the CHECKPOINT above shows up in the counter soon after it returned.
            sb::Result<qint64> before = runner.checkpointCount();
            QVERIFY2(before.ok(), before.ok() ? "" : qPrintable(sb::qtText(before.error())));
            QTRY_VERIFY_WITH_TIMEOUT((before = runner.checkpointCount()).ok() && *before >= 1,
                                     30'000);
            s = runner.run({sqlHook(QStringLiteral("CHECKPOINT"))},
                           QStringLiteral("before_window"));
            QVERIFY(s.ok());
            // The checkpointer publishes its statistics just after it wakes the waiting backend.
            sb::Result<qint64> after = *before;
            QTRY_VERIFY_WITH_TIMEOUT(
                (after = runner.checkpointCount()).ok() && *after >= *before + 1, 30'000);
            qInfo() << "checkpoints" << *before << "->" << *after;

            s = runner.run({sqlHook(QStringLiteral("SELECT * FROM nosuch_table"))},
                           QStringLiteral("before_window"));
            QVERIFY(!s.ok());
            QVERIFY2(sb::qtDetail(s.error()).contains(QStringLiteral("nosuch_table")),
                     qPrintable(sb::qtDetail(s.error())));
        }
        Checker check(d);
        QCOMPARE(check.scalar(QStringLiteral("SELECT sum(x) FROM t")).toInt(), 43);
        // ANALYZE ran: the planner has column statistics for t.
        QCOMPARE(check
                     .scalar(QStringLiteral("SELECT count(*) FROM pg_stats WHERE tablename = 't' "
                                            "AND attname = 'x'"))
                     .toInt(),
                 1);
    }

    void sqlNeed_data()
    {
        QTest::addColumn<QString>("statement");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("verb");
        QTest::addColumn<QStringList>("tables");
        using K = sb::run::SqlNeed::Kind;
        auto row = [](const char *name, const char *sql, K kind, const char *verb,
                      QStringList tables) {
            QTest::newRow(name) << QString::fromUtf8(sql) << int(kind) << QString::fromUtf8(verb)
                                << tables;
        };
        row("checkpoint", "CHECKPOINT", K::Checkpoint, "CHECKPOINT", {});
        row("checkpoint, lower case, comment", "-- flush\n checkpoint", K::Checkpoint, "CHECKPOINT",
            {});
        row("vacuum every table", "VACUUM", K::Maintain, "VACUUM", {});
        row("vacuum full analyze", "VACUUM FULL ANALYZE orders", K::Maintain, "VACUUM",
            {QStringLiteral("orders")});
        row("vacuum new options, columns", "VACUUM (FULL, ANALYZE) public.orders (id), users",
            K::Maintain, "VACUUM", {QStringLiteral("public.orders"), QStringLiteral("users")});
        row("analyse", "ANALYSE VERBOSE users", K::Maintain, "ANALYZE", {QStringLiteral("users")});
        row("truncate", "TRUNCATE TABLE ONLY orders, \"Odd Name\" RESTART IDENTITY CASCADE",
            K::Truncate, "TRUNCATE", {QStringLiteral("orders"), QStringLiteral("\"Odd Name\"")});
        row("truncate star", "truncate orders *", K::Truncate, "TRUNCATE",
            {QStringLiteral("orders")});
        row("delete", "DELETE FROM ONLY orders WHERE id > 100000", K::Delete, "DELETE",
            {QStringLiteral("orders")});
        row("insert", "INSERT INTO bench.orders(id) SELECT 1", K::Insert, "INSERT",
            {QStringLiteral("bench.orders")});
        row("update", "UPDATE users AS u SET name = 'x'", K::Update, "UPDATE",
            {QStringLiteral("users")});
        row("select", "SELECT setval('orders_id_seq', 1)", K::Unknown, "SELECT", {});
        row("with", "WITH d AS (DELETE FROM orders) SELECT 1", K::Unknown, "WITH", {});
        row("delete without from", "DELETE orders", K::Unknown, "DELETE", {});
        row("create", "CREATE TABLE IF NOT EXISTS hits(at timestamptz)", K::Unknown, "CREATE", {});
    }

    void sqlNeed()
    {
        QFETCH(QString, statement);
        QFETCH(int, kind);
        QFETCH(QString, verb);
        QFETCH(QStringList, tables);
        const sb::run::SqlNeed need = sb::run::sqlNeed(statement);
        QCOMPARE(int(need.kind), kind);
        QCOMPARE(need.verb, verb);
        QCOMPARE(need.tables, tables);
    }

    // A user without rights: check says which statement it may not run, before anything runs;
    // granted rights are seen; statements it cannot judge say so. Nothing is changed.
    void judgeRights()
    {
        if (!QFile::exists(sb::test::PgCluster::binDir() + QStringLiteral("/initdb")))
            QSKIP("PostgreSQL 15 binaries are not installed");
        if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
            QSKIP("the Qt PostgreSQL driver (QPSQL) is not installed");
        sb::test::PgCluster cluster;
        const QString failure = cluster.start();
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        Database admin;
        admin.port = cluster.port();
        admin.name = QStringLiteral("postgres");
        admin.user = QStringLiteral("postgres");
        {
            HookRunner setup(admin);
            QVERIFY(setup
                        .run({sqlHook(QStringLiteral(
                                 "CREATE ROLE bench_user LOGIN; CREATE TABLE orders(id int); "
                                 "INSERT INTO orders VALUES (1); CREATE TABLE mine(id int); "
                                 "ALTER TABLE mine OWNER TO bench_user; GRANT DELETE ON orders "
                                 "TO bench_user"))},
                             QStringLiteral("setup"))
                        .ok());
        }
        Database bench = admin;
        bench.user = QStringLiteral("bench_user");
        bench.password = QStringLiteral("pw-never-shown");
        auto judge = [&](HookRunner &r, const QString &sql) {
            QStringList lines;
            for (const HookRunner::Judgement &j : r.judge(sqlHook(sql)))
                lines << QStringLiteral("%1|%2|%3|%4")
                             .arg(j.statement)
                             .arg(j.judged ? QStringLiteral("judged")
                                           : QStringLiteral("not-judged"))
                             .arg(j.allowed ? QStringLiteral("allowed") : QStringLiteral("denied"))
                             .arg(j.text);
            return lines;
        };
        {
            HookRunner r(bench);
            const sb::Result<QString> summary = r.connectionSummary();
            QVERIFY(summary.ok());
            QCOMPARE(*summary, QStringLiteral("connected to postgres@127.0.0.1:%1 as bench_user")
                                   .arg(cluster.port()));
            const QStringList lines =
                judge(r, QStringLiteral("CHECKPOINT; TRUNCATE orders; DELETE FROM orders; VACUUM "
                                        "FULL orders; VACUUM mine; INSERT INTO nosuch VALUES (1); "
                                        "SELECT 1; VACUUM"));
            const QStringList expected{
                QStringLiteral("CHECKPOINT|judged|denied|bench_user may not run CHECKPOINT "
                               "(needs superuser or pg_checkpoint)"),
                QStringLiteral("TRUNCATE orders|judged|denied|bench_user may not TRUNCATE orders "
                               "(needs ownership or the TRUNCATE privilege)"),
                QStringLiteral("DELETE orders|judged|allowed|bench_user may DELETE orders"),
                QStringLiteral("VACUUM orders|judged|denied|bench_user may not VACUUM orders "
                               "(needs to own it or the database, or superuser; PostgreSQL "
                               "skips it with only a warning)"),
                QStringLiteral("VACUUM mine|judged|allowed|bench_user may VACUUM mine"),
                QStringLiteral("INSERT nosuch|not-judged|denied|not judged: table nosuch does "
                               "not exist now (an earlier statement may create it)"),
                QStringLiteral("SELECT 1|not-judged|denied|not judged: check cannot tell what "
                               "SELECT needs without running it"),
                QStringLiteral("VACUUM|not-judged|denied|not judged: VACUUM of every table "
                               "skips, with a warning only, the tables bench_user may not "
                               "VACUUM")};
            QCOMPARE(lines, expected);
        }
        {
            HookRunner setup(admin);
            QVERIFY(setup
                        .run({sqlHook(QStringLiteral("GRANT pg_checkpoint TO bench_user; GRANT "
                                                     "TRUNCATE ON orders TO bench_user"))},
                             QStringLiteral("setup"))
                        .ok());
        }
        {
            HookRunner r(bench);
            QCOMPARE(judge(r, QStringLiteral("CHECKPOINT; TRUNCATE orders")),
                     (QStringList{QStringLiteral("CHECKPOINT|judged|allowed|bench_user may run "
                                                 "CHECKPOINT (privileges of pg_checkpoint)"),
                                  QStringLiteral("TRUNCATE orders|judged|allowed|bench_user may "
                                                 "TRUNCATE orders")}));
        }
        // Judging ran nothing: the row is still there.
        Checker check(admin);
        QCOMPARE(check.scalar(QStringLiteral("SELECT count(*) FROM orders")).toInt(), 1);
    }

    void postgresUnreachable()
    {
        if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
            QSKIP("the Qt PostgreSQL driver (QPSQL) is not installed");
        Database d;
        d.port = 1; // nothing listens there
        d.name = QStringLiteral("postgres");
        d.password = QStringLiteral("hunter2-secret");
        HookRunner runner(d);
        const sb::Status s =
            runner.run({sqlHook(QStringLiteral("SELECT 1"))}, QStringLiteral("before_run"));
        QVERIFY(!s.ok());
        QCOMPARE(sb::qtCode(s.error()), QStringLiteral("run.hook"));
        QVERIFY2(sb::qtDetail(s.error()).contains(QStringLiteral("cannot connect")),
                 qPrintable(sb::qtDetail(s.error())));
        QVERIFY(!sb::qtText(s.error()).contains(QStringLiteral("hunter2")));
        QVERIFY(!runner.checkpointCount().ok());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TstHookRunner)
#include "tst_hookrunner.moc"
