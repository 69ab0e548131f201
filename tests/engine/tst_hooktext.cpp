// How a hook's SQL is shown in one line (run/hooktext.h): cut outside string literals, quoted
// identifiers and dollar quotes, marked " ...". The defect: check cut the example's hook inside a
// literal ("SELECT setval(pg_get_serial_sequence('or: not judged: ..."), so the message read as
// if the quote went on into check's own words.

#include "run/hookrunner.h"
#include "run/hooktext.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sb;

namespace {

const QString kSetval = QStringLiteral(
    "SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))");

} // namespace

class TestHookText : public QObject
{
    Q_OBJECT

private slots:
    void shortSql_data();
    void shortSql();
    void checkShowsLongHookCutOutsideQuotes();
};

void TestHookText::shortSql_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("maxChars");
    QTest::addColumn<QString>("shown");
    QTest::newRow("short") << QStringLiteral("SELECT 1") << 60 << QStringLiteral("SELECT 1");
    QTest::newRow("whole when it fits") << kSetval << 200 << kSetval;
    QTest::newRow("cut before a literal (40)")
        << kSetval << 40 << QStringLiteral("SELECT setval(pg_get_serial_sequence( ...");
    QTest::newRow("cut after a literal (60)")
        << kSetval << 60
        << QStringLiteral("SELECT setval(pg_get_serial_sequence('orders', 'id'), ( ...");
    QTest::newRow("lines and runs of space")
        << QStringLiteral("UPDATE t\n   SET a = 1\r\n\tWHERE b = 2") << 60
        << QStringLiteral("UPDATE t SET a = 1 WHERE b = 2");
    QTest::newRow("a comment's apostrophe opens no literal")
        << QStringLiteral("-- reset the user's orders\nDELETE FROM orders WHERE id > 200000 AND "
                          "note = 'seeded, kept'")
        << 50 << QStringLiteral("DELETE FROM orders WHERE id > 200000 AND note = ...");
    QTest::newRow("block comment dropped")
        << QStringLiteral("/* it's */ CHECKPOINT") << 60 << QStringLiteral("CHECKPOINT");
    QTest::newRow("doubled quote stays inside")
        << QStringLiteral("SELECT 'it''s, (a) test' FROM t WHERE x = 1") << 30
        << QStringLiteral("SELECT 'it''s, (a) test' FROM ...");
    QTest::newRow("E-string with a backslash quote")
        << QStringLiteral("SELECT E'it\\'s, (a) long string' FROM t") << 20
        << QStringLiteral("SELECT ...");
    QTest::newRow("E-string whole")
        << QStringLiteral("SELECT E'it\\'s' , 2") << 60 << QStringLiteral("SELECT E'it\\'s' , 2");
    QTest::newRow("quoted identifier") << QStringLiteral("TRUNCATE \"Odd, (Table)\", orders") << 15
                                       << QStringLiteral("TRUNCATE ...");
    QTest::newRow("dollar quote") << QStringLiteral(
                                         "DO $body$BEGIN PERFORM 'x'; END$body$; SELECT 1")
                                  << 20 << QStringLiteral("DO ...");
    QTest::newRow("a parameter is no dollar quote")
        << QStringLiteral("SELECT $1, 'abc' FROM t WHERE y = $2") << 17
        << QStringLiteral("SELECT $1, 'abc' ...");
    QTest::newRow("opens with a long literal") << QStringLiteral("'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'")
                                               << 10 << QStringLiteral("'aaaaaaaaa ...");
    QTest::newRow("unterminated literal")
        << QStringLiteral("SELECT 'abc def ghi jkl mno pqr") << 15 << QStringLiteral("SELECT ...");
}

void TestHookText::shortSql()
{
    QFETCH(QString, sql);
    QFETCH(int, maxChars);
    QFETCH(QString, shown);
    QCOMPARE(run::shortSql(sql, maxChars), shown);
}

// What check prints for a SQL hook goes through it (on SQLite each statement is "not judged").
void TestHookText::checkShowsLongHookCutOutsideQuotes()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    plan::Database d;
    d.driver = plan::Database::Driver::Sqlite;
    d.driverName = QStringLiteral("QSQLITE");
    d.port = 0;
    d.name = dir.filePath(QStringLiteral("db.sqlite"));
    plan::Hook hook;
    hook.kind = plan::Hook::Kind::Sql;
    hook.sql = QStringLiteral("SELECT 'a literal long enough to pass the eighty characters the "
                              "judgement shows in its one line', 1");
    run::HookRunner runner(d);
    const QList<run::HookRunner::Judgement> judged = runner.judge(hook);
    QCOMPARE(judged.size(), 1);
    QCOMPARE(judged[0].statement, QStringLiteral("SELECT ..."));
}

QTEST_GUILESS_MAIN(TestHookText)
#include "tst_hooktext.moc"
