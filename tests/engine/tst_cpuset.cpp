// CPU lists as Linux writes them (core/cpuset.h).

#include "core/cpuset.h"

#include <QTest>

Q_DECLARE_METATYPE(std::vector<int>)

class TestCpuSet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parses_data();
    void parses();
    void rejects_data();
    void rejects();
    void formats();
    void overlaps();
};

void TestCpuSet::parses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::vector<int>>("cpus");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("one") << QStringLiteral("1") << std::vector<int>{1} << QStringLiteral("1");
    QTest::newRow("range") << QStringLiteral("0-3") << std::vector<int>{0, 1, 2, 3}
                           << QStringLiteral("0-3");
    QTest::newRow("mixed") << QStringLiteral("6,0-2") << std::vector<int>{0, 1, 2, 6}
                           << QStringLiteral("0-2,6");
    QTest::newRow("duplicates") << QStringLiteral("1,1,0-1") << std::vector<int>{0, 1}
                                << QStringLiteral("0-1");
    QTest::newRow("last cpu") << QStringLiteral("1023") << std::vector<int>{1023}
                              << QStringLiteral("1023");
}

void TestCpuSet::parses()
{
    QFETCH(QString, text);
    QFETCH(std::vector<int>, cpus);
    QFETCH(QString, canonical);
    const sb::Result<std::vector<int>> r = sb::parseCpuList(text.toStdString());
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().detail.c_str());
    QVERIFY(*r == cpus);
    QCOMPARE(QString::fromStdString(sb::formatCpuList(*r)), canonical);
}

void TestCpuSet::rejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("detail");
    QTest::newRow("empty") << QString() << QStringLiteral("value.syntax")
                           << QStringLiteral("empty");
    QTest::newRow("empty entry") << QStringLiteral("0,,1") << QStringLiteral("value.syntax")
                                 << QStringLiteral("an empty entry");
    QTest::newRow("word") << QStringLiteral("all") << QStringLiteral("value.syntax")
                          << QStringLiteral("\"all\" is not a CPU or a range");
    QTest::newRow("negative") << QStringLiteral("-1") << QStringLiteral("value.syntax")
                              << QStringLiteral("not a CPU");
    QTest::newRow("backwards") << QStringLiteral("3-1") << QStringLiteral("value.range")
                               << QStringLiteral("backwards");
    QTest::newRow("too large") << QStringLiteral("1024") << QStringLiteral("value.range")
                               << QStringLiteral("up to 1023");
    QTest::newRow("blank") << QStringLiteral("0, 1") << QStringLiteral("value.syntax")
                           << QStringLiteral("\" 1\"");
}

void TestCpuSet::rejects()
{
    QFETCH(QString, text);
    QFETCH(QString, code);
    QFETCH(QString, detail);
    const sb::Result<std::vector<int>> r = sb::parseCpuList(text.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().code), code);
    QVERIFY2(QString::fromStdString(r.error().detail).contains(detail), r.error().detail.c_str());
}

void TestCpuSet::formats()
{
    QCOMPARE(QString::fromStdString(sb::formatCpuList({})), QString());
    QCOMPARE(QString::fromStdString(sb::formatCpuList({5, 3, 4, 0})), QStringLiteral("0,3-5"));
}

void TestCpuSet::overlaps()
{
    QVERIFY(sb::cpuOverlap({0, 1}, {2, 3}).empty());
    QVERIFY((sb::cpuOverlap({0, 1, 2}, {2, 1, 7}) == std::vector<int>{1, 2}));
}

QTEST_GUILESS_MAIN(TestCpuSet)
#include "tst_cpuset.moc"
