// The matrix grid's model: layout from a schedule (rows configuration x route, columns
// concurrency x round), the state of each cell through its windows, blocked configurations,
// tooltips with figures or the reason; QAbstractItemModelTester throughout.
#include "ui/models/matrixmodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace sb;

namespace {

QList<run::ScheduledWindow> schedule()
{
    // Two rounds, rotated: round 1 starts with b.
    QList<run::ScheduledWindow> s;
    for (int round = 0; round < 2; ++round)
        for (const QString &c : round == 0 ? QStringList{QStringLiteral("a"), QStringLiteral("b")}
                                           : QStringList{QStringLiteral("b"), QStringLiteral("a")})
            for (const QString &r : {QStringLiteral("health"), QStringLiteral("user")})
                for (int conc : {1, 4})
                    s.append(run::ScheduledWindow{round, c, r, conc});
    return s;
}

store::WindowRecord window(int round, const QString &c, const QString &r, int conc, int attempt,
                           bool valid, qint64 id)
{
    store::WindowRecord w;
    w.id = id;
    w.round = round;
    w.configuration = c;
    w.route = r;
    w.concurrency = conc;
    w.attempt = attempt;
    w.valid = valid;
    w.invalidReason = valid ? QString() : QStringLiteral("foreign-cpu 512% >= 450%");
    w.elapsedS = 2;
    w.ok = 2000;
    w.serverCpuS = 1;
    w.serverCoresMean = 0.5;
    w.latencyUs = QJsonObject{{QStringLiteral("p99"), 1500}};
    return w;
}

run::WindowFinished finished(const store::WindowRecord &w, bool willRetry, bool failed)
{
    return run::WindowFinished{QStringLiteral("run"), w, willRetry, failed};
}

run::WindowStarted started(int round, const QString &c, const QString &r, int conc, int attempt)
{
    return run::WindowStarted{QStringLiteral("run"), run::CellRef{round, c, r, conc, attempt},
                              run::Phase::WarmUp, 1, 16};
}

} // namespace

class TestMatrixModel : public QObject
{
    Q_OBJECT

private slots:
    void laysOutRowsAndColumns()
    {
        MatrixModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setSchedule(schedule());
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(m.columnCount(), 4);
        QCOMPARE(m.headerData(0, Qt::Vertical).toString(), QStringLiteral("a - health"));
        QCOMPARE(m.headerData(3, Qt::Vertical).toString(), QStringLiteral("b - user"));
        QCOMPARE(m.headerData(0, Qt::Horizontal).toString(), QStringLiteral("c=1 r1"));
        QCOMPARE(m.headerData(1, Qt::Horizontal).toString(), QStringLiteral("c=1 r2"));
        QCOMPARE(m.headerData(2, Qt::Horizontal).toString(), QStringLiteral("c=4 r1"));
        QCOMPARE(m.count(CellState::Pending), 16);
    }

    void cellStates_data()
    {
        QTest::addColumn<QList<int>>("attempts"); // 1 valid, 0 invalid+retry, -1 invalid+failed
        QTest::addColumn<int>("state");
        QTest::newRow("valid") << QList<int>{1} << int(CellState::Valid);
        QTest::newRow("invalid, will retry") << QList<int>{0} << int(CellState::Invalid);
        QTest::newRow("re-measured") << QList<int>{0, 1} << int(CellState::Remeasured);
        QTest::newRow("failed") << QList<int>{0, 0, -1} << int(CellState::Failed);
    }
    void cellStates()
    {
        QFETCH(QList<int>, attempts);
        QFETCH(int, state);
        MatrixModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setSchedule(schedule());
        const QString a = QStringLiteral("a");
        const QString h = QStringLiteral("health");
        for (int i = 0; i < attempts.size(); ++i) {
            m.windowStarted(started(1, a, h, 4, i));
            QCOMPARE(CellState(m.cell(m.row(a, h), m.column(4, 1)).state), CellState::Running);
            m.windowFinished(finished(window(1, a, h, 4, i, attempts[i] == 1, 10 + i),
                                      attempts[i] == 0, attempts[i] == -1));
        }
        const QModelIndex idx = m.index(m.row(a, h), m.column(4, 1));
        QCOMPARE(idx.data(MatrixModel::StateRole).toInt(), state);
        QCOMPARE(idx.data(MatrixModel::WindowIdRole).toLongLong(), 10 + attempts.size() - 1);
        const QString tip = idx.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("round 2 a health c=4")), qPrintable(tip));
        if (state == int(CellState::Valid) || state == int(CellState::Remeasured)) {
            QVERIFY2(tip.contains(QStringLiteral("2xx/s: 1000")), qPrintable(tip));
            QVERIFY2(tip.contains(QStringLiteral("p99: 1.50 ms")), qPrintable(tip));
            QVERIFY2(tip.contains(QStringLiteral("cores: 0.50")), qPrintable(tip));
            QVERIFY2(tip.contains(QStringLiteral("per CPU-second: 2000")), qPrintable(tip));
            QCOMPARE(idx.data().toString(), QStringLiteral("1000"));
        } else {
            QVERIFY2(tip.contains(QStringLiteral("foreign-cpu 512% >= 450%")), qPrintable(tip));
        }
        // Every other cell is still pending.
        QCOMPARE(m.count(CellState::Pending), 15);
    }

    void blockedConfigurationKeepsFinishedCells()
    {
        MatrixModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setSchedule(schedule());
        const QString b = QStringLiteral("b");
        m.windowFinished(
            finished(window(0, b, QStringLiteral("health"), 1, 0, true, 1), false, false));
        m.configurationBlocked(b, QStringLiteral("parity: /users/1 answered 500"));
        QCOMPARE(m.count(CellState::Blocked), 7);
        QCOMPARE(m.count(CellState::Valid), 1);
        const QModelIndex idx = m.index(m.row(b, QStringLiteral("user")), 0);
        QVERIFY(idx.data(Qt::ToolTipRole).toString().contains(QStringLiteral("answered 500")));
        QCOMPARE(idx.data().toString(), QStringLiteral("blocked"));
    }

    void stoppedWindowGoesBackToItsState()
    {
        MatrixModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setSchedule(schedule());
        const QString a = QStringLiteral("a");
        const QString h = QStringLiteral("health");
        m.windowFinished(finished(window(0, a, h, 1, 0, false, 1), true, false));
        m.windowStarted(started(0, a, h, 1, 1));
        m.runEnded();
        QCOMPARE(CellState(m.cell(m.row(a, h), m.column(1, 0)).state), CellState::Invalid);
    }

    void windowsOutsideTheLayoutAddRowsAndColumns()
    {
        MatrixModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QString a = QStringLiteral("a");
        m.windowStarted(started(0, a, QStringLiteral("health"), 4, 0));
        m.windowFinished(
            finished(window(0, a, QStringLiteral("health"), 4, 0, true, 1), false, false));
        m.windowStarted(started(0, QStringLiteral("b"), QStringLiteral("health"), 1, 0));
        m.windowStored(window(1, a, QStringLiteral("health"), 4, 0, true, 2));
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.columnCount(), 3);
        // Columns stay concurrency x round: c=4 r1, c=4 r2, then c=1 r1.
        QCOMPARE(m.column(4, 0), 0);
        QCOMPARE(m.column(4, 1), 1);
        QCOMPARE(m.column(1, 0), 2);
        // The schedule arriving later keeps what is known and lays the rest out.
        m.setSchedule(schedule());
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(m.columnCount(), 4);
        QCOMPARE(CellState(m.cell(m.row(a, QStringLiteral("health")), m.column(4, 1)).state),
                 CellState::Valid);
        QCOMPARE(
            CellState(
                m.cell(m.row(QStringLiteral("b"), QStringLiteral("health")), m.column(1, 0)).state),
            CellState::Running);
    }

    void configurationsKeepTheirColour()
    {
        MatrixModel m;
        m.setConfigurationOrder({QStringLiteral("a"), QStringLiteral("b")});
        m.setSchedule(schedule());
        const QVariant a = m.headerData(0, Qt::Vertical, Qt::DecorationRole);
        const QVariant b = m.headerData(2, Qt::Vertical, Qt::DecorationRole);
        QVERIFY(a.canConvert<QColor>());
        QVERIFY(a.value<QColor>() != b.value<QColor>());
        QCOMPARE(m.headerData(1, Qt::Vertical, Qt::DecorationRole), a);
    }
};

QTEST_GUILESS_MAIN(TestMatrixModel)
#include "tst_matrixmodel.moc"
