// The Problems list: every diagnostic of a load with its severity, file:line:col, JSON path and
// message, errors before warnings, the position in roles for the jump to the editor.
#include "plan/planloader.h"
#include "ui/models/diagnosticsmodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using sb::DiagnosticsModel;

class TestDiagnosticsModel : public QObject
{
    Q_OBJECT

    static QString plan(const char *name)
    {
        return QStringLiteral(STACKBENCH_TEST_DATA "/plans/broken/") + QLatin1String(name);
    }

private slots:
    void passesTheModelTester()
    {
        DiagnosticsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const sb::plan::PlanLoad load = sb::plan::loadPlan(plan("three-at-once.json"));
        model.setDiagnostics(load.diagnostics, {});
        model.setDiagnostics(load.diagnostics, load.diagnostics.mid(0, 1));
        model.clear();
    }

    void listsEveryDiagnosticAtItsPosition()
    {
        const sb::plan::PlanLoad load = sb::plan::loadPlan(plan("three-at-once.json"));
        QCOMPARE(load.diagnostics.size(), 3);
        DiagnosticsModel model;
        model.setDiagnostics(load.diagnostics, {});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.errorCount(), 3);
        for (int row = 0; row < 3; ++row) {
            const sb::plan::Diagnostic &d = load.diagnostics.at(row);
            const auto at = [&](int column) { return model.index(row, column); };
            QCOMPARE(at(0).data(DiagnosticsModel::LineRole).toInt(), d.line);
            QCOMPARE(at(0).data(DiagnosticsModel::ColumnRole).toInt(), d.column);
            QCOMPARE(at(DiagnosticsModel::LocationColumn).data().toString(),
                     QStringLiteral("three-at-once.json:%1:%2").arg(d.line).arg(d.column));
            QCOMPARE(at(DiagnosticsModel::PathColumn).data().toString(), d.jsonPath);
            QCOMPARE(at(DiagnosticsModel::MessageColumn).data().toString(), d.message);
            QCOMPARE(at(DiagnosticsModel::SeverityColumn).data().toString(),
                     QStringLiteral("error"));
            QCOMPARE(at(0).data(Qt::ToolTipRole).toString(), d.toString());
        }
    }

    void putsWarningsAfterErrors()
    {
        sb::plan::Diagnostic error{
            QStringLiteral("p.json"), 9, 2, QStringLiteral("$.a"), QStringLiteral("plan.type"),
            QStringLiteral("bad")};
        sb::plan::Diagnostic warning{
            QStringLiteral("p.json"), 3, 5, QStringLiteral("$.b"), QStringLiteral("plan.value"),
            QStringLiteral("careful")};
        DiagnosticsModel model;
        model.setDiagnostics({error}, {warning});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.errorCount(), 1);
        QCOMPARE(model.warningCount(), 1);
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("error"));
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("warning"));
        QCOMPARE(model.index(1, 0).data(DiagnosticsModel::LineRole).toInt(), 3);
        QCOMPARE(model.index(1, 0).data(DiagnosticsModel::SeverityRole).toInt(),
                 int(DiagnosticsModel::Warning));
    }

    void showsAWholeFileProblemWithoutAPosition()
    {
        const sb::plan::PlanLoad load = sb::plan::loadPlan(QStringLiteral("/nonexistent/p.json"));
        QCOMPARE(load.diagnostics.size(), 1);
        DiagnosticsModel model;
        model.setDiagnostics(load.diagnostics, {});
        QCOMPARE(model.index(0, DiagnosticsModel::LocationColumn).data().toString(),
                 QStringLiteral("p.json"));
    }
};

QTEST_GUILESS_MAIN(TestDiagnosticsModel)
#include "tst_diagnosticsmodel.moc"
