// The process list of the quick test: pid, name and command line from /proc, kernel threads
// left out; QAbstractItemModelTester on a real /proc and on a fake one.
#include "ui/models/processlistmodel.h"

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

using namespace sb;

class TestProcessListModel : public QObject
{
    Q_OBJECT

private slots:
    void listsThisProcess()
    {
        ProcessListModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int row = m.rowOf(::getpid());
        QVERIFY(row >= 0);
        QCOMPARE(m.index(row, ProcessListModel::NameColumn).data().toString(),
                 QStringLiteral("tst_processlist"));
        QVERIFY(m.index(row, ProcessListModel::CommandLineColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("tst_processlistmodel")));
        m.refresh();
        QVERIFY(m.rowOf(::getpid()) >= 0);
    }

    void readsAFakeProc()
    {
        QTemporaryDir dir;
        auto write = [&](const QString &path, const QByteArray &bytes) {
            QDir().mkpath(QFileInfo(dir.filePath(path)).path());
            QFile f(dir.filePath(path));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        };
        write(QStringLiteral("42/comm"), "server\n");
        write(QStringLiteral("42/cmdline"), QByteArray("server\0--port\0"
                                                       "8080\0",
                                                       19));
        write(QStringLiteral("7/comm"), "kthreadd\n");
        write(QStringLiteral("7/cmdline"), ""); // a kernel thread
        write(QStringLiteral("self/comm"), "x\n");
        ProcessListModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setProcRoot(dir.path());
        QCOMPARE(m.rowCount(), 1);
        QCOMPARE(m.process(0).pid, 42);
        QCOMPARE(m.process(0).name, QStringLiteral("server"));
        QCOMPARE(m.process(0).commandLine, QStringLiteral("server --port 8080"));
        QCOMPARE(
            m.index(0, ProcessListModel::PidColumn).data(ProcessListModel::PidRole).toLongLong(),
            42);
    }

    // A refresh inserts new processes and removes gone ones row by row: a selection in the
    // Quick test page's list survives its periodic refresh (a reset cleared it).
    void refreshKeepsRowsThatStay()
    {
        QTemporaryDir dir;
        auto write = [&](const QString &pid, const QByteArray &name) {
            QDir().mkpath(dir.filePath(pid));
            QFile c(dir.filePath(pid + QStringLiteral("/comm")));
            QVERIFY(c.open(QIODevice::WriteOnly));
            c.write(name + '\n');
            QFile l(dir.filePath(pid + QStringLiteral("/cmdline")));
            QVERIFY(l.open(QIODevice::WriteOnly));
            l.write(name + '\0');
        };
        write(QStringLiteral("10"), "a");
        write(QStringLiteral("20"), "b");
        write(QStringLiteral("30"), "c");
        ProcessListModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setProcRoot(dir.path());
        QCOMPARE(m.rowCount(), 3);
        QItemSelectionModel selection(&m);
        selection.select(m.index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QSignalSpy reset(&m, &QAbstractItemModel::modelReset);
        QVERIFY(QDir(dir.filePath(QStringLiteral("10"))).removeRecursively());
        QVERIFY(QDir(dir.filePath(QStringLiteral("30"))).removeRecursively());
        write(QStringLiteral("5"), "new");
        write(QStringLiteral("25"), "d");
        write(QStringLiteral("40"), "e");
        m.refresh();
        QCOMPARE(reset.count(), 0);
        QStringList names;
        for (int r = 0; r < m.rowCount(); ++r)
            names << m.process(r).name;
        QCOMPARE(names, (QStringList{QStringLiteral("new"), QStringLiteral("b"),
                                     QStringLiteral("d"), QStringLiteral("e")}));
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(selection.selectedRows().first().row(), m.rowOf(20));
    }
};

QTEST_GUILESS_MAIN(TestProcessListModel)
#include "tst_processlistmodel.moc"
