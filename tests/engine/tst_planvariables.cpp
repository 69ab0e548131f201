#include <QTest>
class TestPlanVariables : public QObject
{
    Q_OBJECT
};
QTEST_GUILESS_MAIN(TestPlanVariables)
#include "tst_planvariables.moc"
