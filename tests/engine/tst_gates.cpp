// The gate logic of a window as pure functions: figures in, verdicts and reasons out
// (run/gates.h), and how a run's end status is decided (run::endStatus).

#include "run/gates.h"
#include "run/runner.h"
#include "store/records.h"

#include <QTest>

using namespace sb;

namespace {

// Figures that pass every gate.
run::GateFigures passing()
{
    run::GateFigures f;
    f.serverDetail = QStringLiteral("running");
    f.foreignPctMean = 20;
    f.foreignGatePct = 450;
    f.clientCpuS = 0.5;
    f.elapsedS = 2;
    f.threads = 2;
    return f;
}

load::Counters counters(int64_t ok200, int64_t other, int otherStatus, int64_t connectErrors)
{
    load::Counters c;
    c.status[200] = ok200;
    if (other > 0)
        c.status[size_t(otherStatus)] = other;
    c.responses = ok200 + other;
    c.ok = ok200 + (otherStatus >= 200 && otherStatus < 300 ? other : 0);
    c.connectErrors = connectErrors;
    return c;
}

} // namespace

Q_DECLARE_METATYPE(sb::run::GateFigures)
Q_DECLARE_METATYPE(sb::load::Counters)

class TestGates : public QObject
{
    Q_OBJECT

private slots:
    void gates_data()
    {
        QTest::addColumn<run::GateFigures>("figures");
        QTest::addColumn<QStringList>("reasons");
        QTest::addColumn<QStringList>("flags");

        QTest::newRow("all pass") << passing() << QStringList{} << QStringList{};
        run::GateFigures f = passing();
        f.cancelled = true;
        QTest::newRow("cancelled")
            << f << QStringList{QStringLiteral("cancelled")} << QStringList{};
        f = passing();
        f.serverDied = true;
        f.serverDetail = QStringLiteral("killed by signal 9 (Killed)");
        QTest::newRow("server died")
            << f << QStringList{QStringLiteral("server tree died: killed by signal 9 (Killed)")}
            << QStringList{};
        f = passing();
        f.aborted = QStringLiteral("target unreachable for 5 s");
        QTest::newRow("aborted") << f
                                 << QStringList{QStringLiteral(
                                        "load aborted: target unreachable for 5 s")}
                                 << QStringList{};
        f = passing();
        f.sleeps = {QStringLiteral("14.2 s gap"), QStringLiteral("11 s gap")};
        QTest::newRow("sleep") << f << QStringList{QStringLiteral("sleep gap: 14.2 s gap")}
                               << QStringList{};
        f = passing();
        f.checkpointsWatched = true;
        f.checkpoints = 2;
        QTest::newRow("checkpoint")
            << f << QStringList{QStringLiteral("2 database checkpoint(s) inside the window")}
            << QStringList{};
        f = passing();
        f.checkpointsWatched = false;
        f.checkpoints = 2; // not read: not a gate
        QTest::newRow("checkpoint not watched") << f << QStringList{} << QStringList{};
        f = passing();
        f.foreignPctMean = 450;
        QTest::newRow("foreign at threshold")
            << f << QStringList{QStringLiteral("foreign-cpu 450% >= 450%")} << QStringList{};
        f.foreignPctMean = 449.9;
        QTest::newRow("foreign below threshold") << f << QStringList{} << QStringList{};
        f = passing();
        f.problems = QStringLiteral("3 responses with a status other than 200 (500 x3)");
        QTest::newRow("errors") << f
                                << QStringList{QStringLiteral(
                                       "errors: 3 responses with a status other than 200 (500 x3)")}
                                << QStringList{};
        f = passing();
        f.clientCpuS = 3.8; // 1.9 cores of 2 threads: 95 %
        QTest::newRow("client-bound by cores")
            << f << QStringList{} << QStringList{QStringLiteral("client-bound")};
        f = passing();
        f.samplerClientBound = true;
        QTest::newRow("client-bound by sampler")
            << f << QStringList{} << QStringList{QStringLiteral("client-bound")};
        f = passing();
        f.cancelled = true;
        f.serverDied = true;
        f.serverDetail = QStringLiteral("exited with code 1");
        f.aborted = QStringLiteral("target unreachable for 5 s");
        f.sleeps = {QStringLiteral("gap")};
        f.checkpointsWatched = true;
        f.checkpoints = 1;
        f.foreignPctMean = 900;
        f.problems = QStringLiteral("1 transport errors");
        QTest::newRow("every gate, most fundamental first")
            << f
            << QStringList{QStringLiteral("cancelled"),
                           QStringLiteral("server tree died: exited with code 1"),
                           QStringLiteral("load aborted: target unreachable for 5 s"),
                           QStringLiteral("sleep gap: gap"),
                           QStringLiteral("1 database checkpoint(s) inside the window"),
                           QStringLiteral("foreign-cpu 900% >= 450%"),
                           QStringLiteral("errors: 1 transport errors")}
            << QStringList{};
    }

    void gates()
    {
        QFETCH(run::GateFigures, figures);
        QFETCH(QStringList, reasons);
        QFETCH(QStringList, flags);
        const run::GateVerdict v = run::evaluateGates(figures);
        QCOMPARE(v.reasons, reasons);
        QCOMPARE(v.flags, flags);
        QCOMPARE(v.valid(), reasons.isEmpty());
        QCOMPARE(v.reason(), reasons.value(0));
        // Every gate is stored with its verdict, failing or not.
        for (const char *gate : {"server", "load", "sleep", "foreign_cpu", "errors"})
            QVERIFY2(
                v.gates.value(QLatin1String(gate)).toObject().contains(QStringLiteral("passed")),
                gate);
        QCOMPARE(v.gates.contains(QStringLiteral("checkpoint")), figures.checkpointsWatched);
        QCOMPARE(v.gates.value(QStringLiteral("foreign_cpu"))
                     .toObject()
                     .value(QStringLiteral("value"))
                     .toDouble(),
                 figures.foreignPctMean);
        QCOMPARE(v.gates.value(QStringLiteral("client_bound"))
                     .toObject()
                     .value(QStringLiteral("flagged"))
                     .toBool(),
                 !flags.isEmpty());
    }

    void problems_data()
    {
        QTest::addColumn<load::Counters>("counters");
        QTest::addColumn<int>("expect");
        QTest::addColumn<qint64>("unexpected");
        QTest::addColumn<QString>("summary");
        QTest::newRow("clean") << counters(10, 0, 0, 0) << 200 << qint64(0) << QString();
        QTest::newRow("404 expected") << counters(0, 7, 404, 0) << 404 << qint64(0) << QString();
        QTest::newRow("500s") << counters(10, 3, 500, 0) << 200 << qint64(3)
                              << QStringLiteral(
                                     "3 responses with a status other than 200 (500 x3)");
        QTest::newRow("201 is not 200")
            << counters(10, 2, 201, 0) << 200 << qint64(2)
            << QStringLiteral("2 responses with a status other than 200 (201 x2)");
        QTest::newRow("connect errors")
            << counters(10, 0, 0, 4) << 200 << qint64(0)
            << QStringLiteral(
                   "4 transport errors (connect 4, read 0, write 0, timeout 0, parse 0)");
        QTest::newRow("both") << counters(1, 1, 503, 1) << 200 << qint64(1)
                              << QStringLiteral(
                                     "1 transport errors (connect 1, read 0, write 0, timeout 0, "
                                     "parse 0); 1 responses with a status other than 200 (503 x1)");
    }

    void problems()
    {
        QFETCH(load::Counters, counters);
        QFETCH(int, expect);
        QFETCH(qint64, unexpected);
        QFETCH(QString, summary);
        QCOMPARE(qint64(run::unexpectedStatuses(counters, expect)), unexpected);
        QCOMPARE(run::problemSummary(counters, expect), summary);
    }

    void warmup_data()
    {
        QTest::addColumn<load::Counters>("counters");
        QTest::addColumn<QString>("aborted");
        QTest::addColumn<QString>("failure");
        QTest::newRow("clean") << counters(50, 0, 0, 0) << QString() << QString();
        QTest::newRow("one 500 fails closed")
            << counters(50, 1, 500, 0) << QString()
            << QStringLiteral("1 responses with a status other than 200 (500 x1)");
        QTest::newRow("aborted")
            << counters(0, 0, 0, 9) << QStringLiteral("target unreachable for 5 s")
            << QStringLiteral("target unreachable for 5 s; 9 transport errors (connect 9, read "
                              "0, write 0, timeout 0, parse 0)");
    }

    void warmup()
    {
        QFETCH(load::Counters, counters);
        QFETCH(QString, aborted);
        QFETCH(QString, failure);
        load::LoadResult r;
        r.total = counters;
        r.aborted = aborted.toStdString();
        r.elapsedS = 0.2;
        const run::WarmupVerdict v = run::evaluateWarmup(r, 200);
        QCOMPARE(v.failure, failure);
        QCOMPARE(v.gate.value(QStringLiteral("passed")).toBool(), failure.isEmpty());
        QCOMPARE(v.gate.value(QStringLiteral("responses")).toDouble(), double(counters.responses));
    }

    void endStatus_data()
    {
        QTest::addColumn<bool>("interrupted");
        QTest::addColumn<bool>("failed");
        QTest::addColumn<int>("unmeasured");
        QTest::addColumn<QString>("status");
        QTest::newRow("every cell done") << false << false << 0 << QString(store::kStatusFinished);
        QTest::newRow("cells left") << false << false << 3 << QString(store::kStatusIncomplete);
        QTest::newRow("cancelled") << true << false << 3 << QString(store::kStatusInterrupted);
        QTest::newRow("cancelled at the end")
            << true << false << 0 << QString(store::kStatusInterrupted);
        QTest::newRow("failed") << false << true << 0 << QString(store::kStatusFailed);
        QTest::newRow("failed while cancelled")
            << true << true << 2 << QString(store::kStatusFailed);
    }

    void endStatus()
    {
        QFETCH(bool, interrupted);
        QFETCH(bool, failed);
        QFETCH(int, unmeasured);
        QFETCH(QString, status);
        QCOMPARE(run::endStatus(interrupted, failed, unmeasured), status);
    }

    // What a session measures of a stored cell: attempts -1 = nothing stored.
    void cellTodo_data()
    {
        QTest::addColumn<int>("attempts");
        QTest::addColumn<int>("valid");
        QTest::addColumn<bool>("retryFailed");
        QTest::addColumn<int>("todo");
        const int retries = 2;
        QTest::addColumn<int>("retries");
        using T = run::CellTodo;
        QTest::newRow("new cell") << -1 << 0 << false << int(T::Measure) << retries;
        QTest::newRow("new cell, retry-failed") << -1 << 0 << true << int(T::NotAsked) << retries;
        QTest::newRow("valid") << 1 << 1 << false << int(T::Valid) << retries;
        QTest::newRow("valid after retries") << 3 << 1 << true << int(T::Valid) << retries;
        QTest::newRow("in flight when killed") << 1 << 0 << false << int(T::Measure) << retries;
        QTest::newRow("in flight, retry-failed") << 2 << 0 << true << int(T::NotAsked) << retries;
        QTest::newRow("ran out") << 3 << 0 << false << int(T::RanOut) << retries;
        QTest::newRow("ran out, retry-failed") << 3 << 0 << true << int(T::Measure) << retries;
        QTest::newRow("ran out twice") << 6 << 0 << false << int(T::RanOut) << retries;
        QTest::newRow("no retries, one failure") << 1 << 0 << false << int(T::RanOut) << 0;
        QTest::newRow("blocked (nothing stored)") << 0 << 0 << false << int(T::Measure) << retries;
    }

    void cellTodo()
    {
        QFETCH(int, attempts);
        QFETCH(int, valid);
        QFETCH(bool, retryFailed);
        QFETCH(int, todo);
        QFETCH(int, retries);
        store::CellProgress p;
        p.attempts = attempts;
        p.validWindows = valid;
        QCOMPARE(int(run::cellTodo(attempts < 0 ? nullptr : &p, retries, retryFailed)), todo);
    }
};

QTEST_GUILESS_MAIN(TestGates)
#include "tst_gates.moc"
