// The GUI library links and its main window comes up (offscreen), pointing to the command line
// until the plan editor and the live views arrive.
#include "ui/mainwindow.h"

#include <QLabel>
#include <QTest>

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void showsAndPointsToTheCommandLine()
    {
        sb::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.windowTitle(), QStringLiteral("Stackbench"));
        auto *label = qobject_cast<QLabel *>(window.centralWidget());
        QVERIFY(label);
        QVERIFY(label->text().contains(QStringLiteral("stackbench --help")));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
