// The Check results table built from Runner::check()'s report: a start-and-readiness row per
// configuration, one row per parity check, the actual status and why a check failed.
#include "plan/planloader.h"
#include "ui/models/paritymodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using sb::ParityModel;
using sb::ParityRow;
using Result = ParityRow::Result;

Q_DECLARE_METATYPE(Result)

class TestParityModel : public QObject
{
    Q_OBJECT

    // Two configurations, two parity checks (the plan template's).
    static sb::plan::Plan plan()
    {
        static const QByteArray text = R"({
          "format": 1, "name": "p",
          "configurations": [
            { "name": "a", "command": ["s"], "port": 9000, "ready": { "path": "/health" } },
            { "name": "b", "command": ["s"], "port": 9001 }
          ],
          "routes": [ { "name": "r", "path": "/" } ],
          "parity": [
            { "name": "user", "path": "/users/1", "content_type": "application/json",
              "json": [ { "field": "id", "equals": 1 } ] },
            { "name": "missing", "path": "/users/9", "expect": 404 }
          ],
          "profiles": { "quick": { "concurrency": [1] } }
        })";
        sb::plan::PlanLoad load =
            sb::plan::parsePlan(text, QStringLiteral("p.json"), QStringLiteral("/"));
        if (!load.ok())
            qFatal("%s", qPrintable(load.errorText()));
        return *load.plan;
    }

private slots:
    void rows_data()
    {
        QTest::addColumn<QStringList>("report");
        QTest::addColumn<QList<Result>>("results"); // a, a/user, a/missing, b, b/user, b/missing
        QTest::addColumn<QList<int>>("statuses");
        QTest::addColumn<QStringList>("summary");
        const Result P = Result::Passed, F = Result::Failed, N = Result::NotRun;
        QTest::newRow("all passed")
            << QStringList{QStringLiteral("a: ready, 2 parity check(s) passed"),
                           QStringLiteral("b: ready, 2 parity check(s) passed")}
            << QList<Result>{P, P, P, P, P, P} << QList<int>{200, 200, 404, 200, 200, 404}
            << QStringList{};
        QTest::newRow("one check answered another status")
            << QStringList{QStringLiteral("a: ready, 2 parity check(s) passed"),
                           QStringLiteral("b: parity failed: missing (GET /users/9): GET /users/9 "
                                          "answered status 200, expected 404")}
            << QList<Result>{P, P, P, P, P, F} << QList<int>{200, 200, 404, 200, 200, 200}
            << QStringList{
                   QStringLiteral("b: missing: GET /users/9 answered status 200, expected 404")};
        QTest::newRow("wrong content type keeps the status")
            << QStringList{QStringLiteral("a: parity failed: user (GET /users/1): GET /users/1 "
                                          "answered Content-Type \"text/html\", expected "
                                          "\"application/json\""),
                           QStringLiteral("b: ready, 2 parity check(s) passed")}
            << QList<Result>{P, F, P, P, P, P} << QList<int>{200, 200, 404, 200, 200, 404}
            << QStringList{QStringLiteral("a: user: GET /users/1 answered Content-Type "
                                          "\"text/html\", expected \"application/json\"")};
        QTest::newRow("no response")
            << QStringList{QStringLiteral("a: parity failed: user (GET /users/1): no response: "
                                          "connection refused"),
                           QStringLiteral("a: parity failed: missing (GET /users/9): no "
                                          "response: connection refused")}
            << QList<Result>{P, F, F, N, N, N} << QList<int>{200, 0, 0, -1, -1, -1}
            << QStringList{QStringLiteral("a: user: no response: connection refused")};
        QTest::newRow("did not start")
            << QStringList{QStringLiteral("a: run.ready-timeout at p.json:4:13: no answer"),
                           QStringLiteral("b: ready, 2 parity check(s) passed")}
            << QList<Result>{F, N, N, P, P, P} << QList<int>{-1, -1, -1, 200, 200, 404}
            << QStringList{QStringLiteral("a: run.ready-timeout at p.json:4:13: no answer")};
    }

    void rows()
    {
        QFETCH(QStringList, report);
        QFETCH(QList<Result>, results);
        QFETCH(QList<int>, statuses);
        const QVector<ParityRow> rows =
            sb::parityRowsFromReport(plan(), {QStringLiteral("a"), QStringLiteral("b")}, report);
        QCOMPARE(rows.size(), 6);
        for (int i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].result, results[i]);
            QCOMPARE(rows[i].status, statuses[i]);
            QCOMPARE(rows[i].configuration, i < 3 ? QStringLiteral("a") : QStringLiteral("b"));
        }
        QCOMPARE(rows[0].request, QStringLiteral("GET /health"));
        QCOMPARE(rows[1].request, QStringLiteral("GET /users/1"));
        QCOMPARE(rows[1].expected, QStringLiteral("200, application/json, 1 field check(s)"));
        QCOMPARE(rows[2].expected, QStringLiteral("404"));
        ParityModel model;
        model.setRows(rows);
        QTEST(model.failureSummary(), "summary");
    }

    void passesTheModelTesterAndShowsResults()
    {
        ParityModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(sb::parityRowsFromReport(
            plan(), {QStringLiteral("b")},
            {QStringLiteral("b: parity failed: missing (GET /users/9): GET /users/9 answered "
                            "status 500, expected 404")}));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, ParityModel::CheckColumn).data().toString(),
                 QStringLiteral("start and readiness"));
        QCOMPARE(model.index(2, ParityModel::StatusColumn).data().toString(),
                 QStringLiteral("500"));
        QCOMPARE(model.index(2, ParityModel::ResultColumn).data().toString(),
                 QStringLiteral("FAIL"));
        QCOMPARE(model.index(2, ParityModel::DetailColumn).data().toString(),
                 QStringLiteral("GET /users/9 answered status 500, expected 404"));
        QCOMPARE(model.index(1, ParityModel::ResultColumn).data().toString(),
                 QStringLiteral("pass"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestParityModel)
#include "tst_paritymodel.moc"
