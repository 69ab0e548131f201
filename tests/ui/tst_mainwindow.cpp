// The main window: renders every page without a Qt warning (light and dark Fusion palettes),
// names the open plan in its title with a mark for unsaved edits, remembers recent plans,
// builds Start's options from the outline, finds the run to resume, and, closed during a run,
// asks, stops the run cleanly (the window in flight not stored, the run resumable) and closes.
// History: its actions are in the File and History menus; JSON exports dropped on the window are
// imported; a store switched from the GUI is remembered; Resume on the History page continues
// an interrupted run through the run controller.
#include "historyfixture.h"
#include "plan/planloader.h"
#include "store/runstore.h"
#include "ui/checkcontroller.h"
#include "ui/mainwindow.h"
#include "ui/models/outlinemodel.h"
#include "ui/models/paritymodel.h"
#include "ui/models/runsmodel.h"
#include "ui/pages/historypage.h"
#include "ui/pages/planpage.h"
#include "ui/pages/quicktestpage.h"
#include "ui/runcommands.h"
#include "ui/runcontroller.h"
#include "ui/storeservice.h"
#include "ui/widgets/checkview.h"
#include "ui/widgets/codeeditor.h"
#include "ui/widgets/outlineview.h"
#include "uitest.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QStyleFactory>
#include <QTableView>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTranslator>
#include <QTreeView>

using sb::MainWindow;
using sb::RunController;

static const QString kData = QStringLiteral(STACKBENCH_TEST_DATA "/plans/");

// Collects every warning Qt (or our code) prints while it is installed.
class WarningCatcher
{
public:
    WarningCatcher()
    {
        s_messages.clear();
        m_previous = qInstallMessageHandler(handler);
    }
    ~WarningCatcher() { qInstallMessageHandler(m_previous); }
    static QStringList messages() { return s_messages; }

private:
    static void handler(QtMsgType type, const QMessageLogContext &, const QString &message)
    {
        // The offscreen platform says this for every dock widget; it is about the platform plugin,
        // not the window.
        if (message == QLatin1String("This plugin does not support propagateSizeHints()"))
            return;
        if (type != QtDebugMsg && type != QtInfoMsg)
            s_messages << message;
    }
    static inline QStringList s_messages;
    QtMessageHandler m_previous;
};

// Answers the next (only the next) modal message box with `button` and records its text.
class DialogAnswerer : public QObject
{
public:
    explicit DialogAnswerer(QMessageBox::StandardButton button)
        : m_button(button)
    {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            m_texts << box->text();
            m_timer.stop(); // one dialog only
            box->button(m_button)->click();
        });
        m_timer.start(20);
    }
    QStringList texts() const { return m_texts; }

private:
    QMessageBox::StandardButton m_button;
    QTimer m_timer;
    QStringList m_texts;
};

// A stand-in for a German translation: every string 40 % longer.
class LongTranslator : public QTranslator
{
public:
    QString translate(const char *, const char *source, const char *, int) const override
    {
        const QString text = QString::fromUtf8(source);
        if (text.isEmpty() || text.contains(QLatin1Char('%')))
            return QString(); // keep placeholders as they are
        return text + QString(int(text.size() * 0.4), QLatin1Char('x'));
    }
    bool isEmpty() const override { return false; }
};

class TestMainWindow : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    static quint16 freePort()
    {
        QTcpServer s;
        if (!s.listen(QHostAddress::LocalHost, 0))
            return 0;
        return s.serverPort();
    }

    // two-targets.json with free ports, written to the temporary directory.
    QString shortPlan()
    {
        QFile in(kData + QStringLiteral("valid/two-targets.json"));
        if (!in.open(QIODevice::ReadOnly))
            return {};
        QByteArray text = in.readAll();
        text.replace("47311", QByteArray::number(freePort()));
        text.replace("47312", QByteArray::number(freePort()));
        const QString path = m_dir.filePath(QStringLiteral("short.json"));
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size())
            return {};
        return path;
    }

    // The plan template (two reference targets, two parity checks) with free ports; `replace`
    // edits its text.
    QString templatePlan(const QByteArray &from = {}, const QByteArray &to = {})
    {
        QFile in(QStringLiteral(":/templates/reference-vs-second.json"));
        if (!in.open(QIODevice::ReadOnly))
            return {};
        QByteArray text = in.readAll();
        text.replace("18101", QByteArray::number(freePort()));
        text.replace("18102", QByteArray::number(freePort()));
        if (!from.isEmpty())
            text.replace(from, to);
        const QString path = m_dir.filePath(QStringLiteral("template-%1.json").arg(++m_plans));
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size())
            return {};
        return path;
    }
    int m_plans = 0;

    static sb::plan::PlanVariables variables()
    {
        return {{QStringLiteral("stackbench"), QStringLiteral(STACKBENCH_BIN)}};
    }

    static bool openAndValidate(MainWindow &window, const QString &path)
    {
        QSignalSpy validated(window.planPage(), &sb::PlanPage::validated);
        return window.openPlan(path) && validated.wait(10000);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                           m_dir.filePath(QStringLiteral("settings")));
        QCoreApplication::setApplicationName(QStringLiteral("stackbench-tests"));
    }

    void rendersWithoutWarnings_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("system palette") << false;
        QTest::newRow("dark Fusion") << true;
    }

    void rendersWithoutWarnings()
    {
        QFETCH(bool, dark);
        const QPalette saved = QApplication::palette();
        if (dark) {
            QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
            QPalette p;
            p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
            p.setColor(QPalette::WindowText, Qt::white);
            p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
            p.setColor(QPalette::AlternateBase, QColor(0x2b, 0x2b, 0x2b));
            p.setColor(QPalette::Text, Qt::white);
            p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
            p.setColor(QPalette::ButtonText, Qt::white);
            QApplication::setPalette(p);
        }
        WarningCatcher catcher;
        {
            MainWindow window;
            window.setPlanVariables(variables());
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(openAndValidate(window, kData + QStringLiteral("valid/two-targets.json")));
            for (int page = 0; page < MainWindow::PageCount; ++page) {
                window.showPage(MainWindow::Page(page));
                QCOMPARE(window.currentPage(), MainWindow::Page(page));
                window.grab(); // renders every widget of the page
            }
            QCOMPARE(window.planPage()->editor()->highlighter() != nullptr, true);
            window.close();
        }
        QApplication::setPalette(saved);
        QVERIFY2(catcher.messages().isEmpty(), qPrintable(catcher.messages().join(u'\n')));
    }

    void everyActionHasAShortcut()
    {
        MainWindow window;
        QStringList missing;
        QSet<QKeySequence> seen;
        for (QAction *a : window.findChildren<QAction *>()) {
            if (a->isSeparator() || a->menu() || a->text().isEmpty())
                continue;
            if (a->shortcut().isEmpty())
                missing << a->text();
            else if (seen.contains(a->shortcut()))
                missing << a->text() + QStringLiteral(" (shortcut used twice)");
            seen.insert(a->shortcut());
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
        const auto key = [&](const char *name) {
            return window.findChild<QAction *>(QLatin1String(name))->shortcut();
        };
        QCOMPARE(key("actionStart"), QKeySequence(Qt::Key_F5));
        QCOMPARE(key("actionStop"), QKeySequence(Qt::SHIFT | Qt::Key_F5));
        QCOMPARE(key("actionOpen"), QKeySequence(QKeySequence::Open));
        QCOMPARE(key("actionPage3"), QKeySequence(Qt::CTRL | Qt::Key_3));
    }

    void everyControlHasAnAccessibleName()
    {
        MainWindow window;
        window.setPlanVariables(variables());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndValidate(window, kData + QStringLiteral("valid/two-targets.json")));
        QStringList unnamed;
        int controls = 0;
        for (QWidget *w : window.findChildren<QWidget *>()) {
            if (w->focusPolicy() == Qt::NoFocus || !w->isVisibleTo(&window))
                continue;
            ++controls;
            QAccessibleInterface *a = QAccessible::queryAccessibleInterface(w);
            if (!a || a->text(QAccessible::Name).isEmpty())
                unnamed << QString::fromLatin1(w->metaObject()->className()) + QLatin1Char(' ') +
                               w->objectName();
        }
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QStringLiteral(", "))));
        QVERIFY2(controls >= 8, qPrintable(QString::number(controls))); // editor, outline, docks...
    }

    void layoutsSurviveLongerStrings()
    {
        LongTranslator longer;
        QCoreApplication::installTranslator(&longer);
        {
            MainWindow window;
            window.setPlanVariables(variables());
            window.resize(1280, 800);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(openAndValidate(window, kData + QStringLiteral("valid/two-targets.json")));
            QVERIFY(window.findChild<QAction *>(QStringLiteral("actionStart"))
                        ->text()
                        .endsWith(QStringLiteral("xx")));
            // The window still fits a 1280 x 800 screen, and the page names are not cut.
            QVERIFY2(window.minimumSizeHint().width() <= 1280,
                     qPrintable(QString::number(window.minimumSizeHint().width())));
            QVERIFY2(window.minimumSizeHint().height() <= 800,
                     qPrintable(QString::number(window.minimumSizeHint().height())));
            auto *pages = window.findChild<QListWidget *>();
            for (int i = 0; i < pages->count(); ++i)
                QVERIFY(pages->fontMetrics().horizontalAdvance(pages->item(i)->text()) <=
                        pages->gridSize().width());
        }
        QCoreApplication::removeTranslator(&longer);
    }

    void checkShowsEveryParityCheck()
    {
        MainWindow window;
        window.setPlanVariables(variables());
        const QString plan = templatePlan();
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndValidate(window, plan));
        QSignalSpy finished(window.checkController(), &sb::CheckController::checkFinished);
        window.runCommands()->check();
        QVERIFY(finished.wait(120000));
        const sb::ParityModel *model = window.parityModel();
        QCOMPARE(model->rowCount(), 6); // 2 configurations x (start + 2 parity checks)
        // The dock shows every row (it showed 2.5) and pass/fail without scrolling.
        QTableView *table = window.checkView()->table();
        QTRY_VERIFY2(table->viewport()->height() >= 6 * table->rowHeight(0),
                     qPrintable(QStringLiteral("%1 px for rows of %2 px")
                                    .arg(table->viewport()->height())
                                    .arg(table->rowHeight(0))));
        const int result =
            table->horizontalHeader()->sectionViewportPosition(sb::ParityModel::ResultColumn);
        QVERIFY(result >= 0);
        QVERIFY(result + table->columnWidth(sb::ParityModel::ResultColumn) <=
                table->viewport()->width());
        for (const sb::ParityRow &row : model->rows())
            QCOMPARE(row.result, sb::ParityRow::Result::Passed);
        QCOMPARE(model->rows().at(2).status, 404);
        QVERIFY(window.checkView()->summary().startsWith(QStringLiteral("All 2")));

        // Selecting a row shows the response: request and status, headers, body.
        window.checkView()->table()->selectRow(2);
        const QString response = window.checkView()->responseView()->toPlainText();
        QVERIFY2(response.contains(QStringLiteral("GET /users/999999 -> 404")),
                 qPrintable(response));
        QVERIFY2(response.contains(QStringLiteral("Content-Length: "), Qt::CaseInsensitive),
                 qPrintable(response));
        QVERIFY(model->rows().at(2).responseKnown);
        // The body as the server sent it, shown indented.
        const QJsonObject body = QJsonDocument::fromJson(model->rows().at(2).body).object();
        QVERIFY(!body.value(QStringLiteral("error")).toString().isEmpty());
        QVERIFY2(response.contains(body.value(QStringLiteral("error")).toString()),
                 qPrintable(response));
    }

    // Check or Start on a plan with errors offered to save the broken text over the file; now
    // they say the plan has problems, bring Problems forward and leave the file as it is. An
    // error that appears while editing brings Problems forward too.
    void anInvalidPlanIsNeitherSavedNorRun_data()
    {
        QTest::addColumn<bool>("start");
        QTest::newRow("check") << false;
        QTest::newRow("start") << true;
    }

    void anInvalidPlanIsNeitherSavedNorRun()
    {
        QFETCH(bool, start);
        MainWindow window;
        window.setPlanVariables(variables());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QString plan = shortPlan();
        QVERIFY(openAndValidate(window, plan));
        QFile file(plan);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray before = file.readAll();
        file.close();
        auto *checkDock = window.findChild<QDockWidget *>(QStringLiteral("checkDock"));
        auto *problemsDock = window.findChild<QDockWidget *>(QStringLiteral("problemsDock"));
        checkDock->raise();
        QTRY_VERIFY(problemsDock->visibleRegion().isEmpty());
        QSignalSpy validated(window.planPage(), &sb::PlanPage::validated);
        window.planPage()->editor()->setPlainText(QString::fromUtf8(before).replace(
            QStringLiteral("\"routes\""), QStringLiteral("\"routes_typo\"")));
        QVERIFY(validated.wait(10000));
        QCOMPARE(validated.last().first().toBool(), false);
        QTRY_VERIFY(!problemsDock->visibleRegion().isEmpty());
        checkDock->raise();
        QTRY_VERIFY(problemsDock->visibleRegion().isEmpty());
        DialogAnswerer ok(QMessageBox::Ok);
        if (start)
            window.runCommands()->start();
        else
            window.runCommands()->check();
        QTRY_COMPARE(ok.texts().size(), 1);
        QVERIFY2(ok.texts().first().contains(QStringLiteral("problems")),
                 qPrintable(ok.texts().first()));
        QVERIFY(!problemsDock->visibleRegion().isEmpty());
        QCOMPARE(window.runController()->state(), RunController::State::Idle);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), before);
    }

    // History and Compare take the window's height: the docks step aside there and come back
    // as they were (the check tab in front, the log closed by the user stays closed).
    void docksStepAsideOnHistoryAndCompare()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *checkDock = window.findChild<QDockWidget *>(QStringLiteral("checkDock"));
        auto *problemsDock = window.findChild<QDockWidget *>(QStringLiteral("problemsDock"));
        auto *logDock = window.findChild<QDockWidget *>(QStringLiteral("logDock"));
        QVERIFY(checkDock && problemsDock && logDock);
        logDock->close();
        checkDock->raise();
        QTRY_VERIFY(checkDock->isVisible());
        const int planHeight = window.planPage()->height();
        window.showPage(MainWindow::HistoryPageIndex);
        QTRY_VERIFY(!problemsDock->isVisible() && !checkDock->isVisible());
        QVERIFY(!logDock->isVisible());
        QTRY_VERIFY(window.historyPage()->height() > planHeight + 100);
        window.showPage(MainWindow::ComparePageIndex);
        QVERIFY(!problemsDock->isVisible() && !checkDock->isVisible());
        window.showPage(MainWindow::PlanPageIndex);
        QTRY_VERIFY(checkDock->isVisible());
        QVERIFY(problemsDock->toggleViewAction()->isChecked());
        QVERIFY(problemsDock->visibleRegion().isEmpty()); // behind the check tab, as before
        QVERIFY(!logDock->isVisible());
        // Opened by hand on History, a dock stays where the user put it.
        window.showPage(MainWindow::HistoryPageIndex);
        logDock->show();
        window.showPage(MainWindow::RunPageIndex);
        QVERIFY(logDock->isVisible());
    }

    void aFailingCheckSaysWhyInOneLine()
    {
        MainWindow window;
        window.setPlanVariables(variables());
        QVERIFY(openAndValidate(window, templatePlan("\"expect\": 404", "\"expect\": 410")));
        QSignalSpy finished(window.checkController(), &sb::CheckController::checkFinished);
        window.runCommands()->check();
        QVERIFY(finished.wait(120000));
        const sb::ParityModel *model = window.parityModel();
        QCOMPARE(model->rowCount(), 6);
        QCOMPARE(model->rows().at(2).result, sb::ParityRow::Result::Failed);
        QCOMPARE(model->rows().at(2).status, 404);
        const QStringList lines = window.checkView()->summary().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2); // one line per configuration
        QVERIFY2(lines.first().contains(QStringLiteral("answered status 404, expected 410")),
                 qPrintable(lines.first()));
    }

    // The log stopped following its newest line after the window was resized; it follows
    // unless the user scrolls away, and again once they scroll back to the end.
    void theLogFollowsAfterAResize()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QScrollBar *bar = window.logView()->verticalScrollBar();
        const auto log = [&](int lines) {
            for (int i = 0; i < lines; ++i)
                Q_EMIT window.runCommands()->logged(QStringLiteral("line %1").arg(i));
        };
        log(200);
        QTRY_COMPARE(bar->value(), bar->maximum());
        window.resize(1280, 720);
        QTest::qWait(50); // the layout settles (not a synchronisation: nothing runs behind it)
        window.resize(1024, 900);
        QTRY_VERIFY(window.logView()->height() > 0);
        log(20);
        QCOMPARE(bar->value(), bar->maximum());
        bar->triggerAction(QAbstractSlider::SliderPageStepSub); // the user reads back
        QCoreApplication::processEvents();
        QVERIFY(bar->value() < bar->maximum());
        const int reading = bar->value();
        log(20);
        QCOMPARE(bar->value(), reading);
        bar->triggerAction(QAbstractSlider::SliderToMaximum);
        QCoreApplication::processEvents();
        log(20);
        QCOMPARE(bar->value(), bar->maximum());
    }

    // 1280x800 was taller than a 1280x720 screen (the docks and status bar off its edge): a
    // new window fits the screen it opens on (the offscreen platform's is 800x600).
    void aNewWindowFitsItsScreen()
    {
        QSettings().remove(QStringLiteral("mainwindow/geometry"));
        MainWindow window;
        const QRect room = window.screen()->availableGeometry();
        QVERIFY2(window.width() <= room.width() && window.height() <= room.height(),
                 qPrintable(QStringLiteral("%1x%2 on %3x%4")
                                .arg(window.width())
                                .arg(window.height())
                                .arg(room.width())
                                .arg(room.height())));
    }

    // At 1280x720 under X the outline's tree showed four rows beside a summary and pre-flight
    // text that took the rest: the tree keeps room for the whole matrix of a small plan, the
    // summary scrolls instead. The offscreen platform's font is smaller than X's, so 1280x600
    // here is as short as 1280x720 there (before the fix 10 of the 14 rows were hidden).
    void theOutlineShowsTheMatrixOnAShortWindow()
    {
        QSettings().remove(QStringLiteral("mainwindow/state"));
        MainWindow window;
        window.setPlanVariables(variables());
        window.resize(1280, 600);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The demo's shape: two configurations, seven routes, two levels (14 rows).
        QFile source(kData + QStringLiteral("valid/two-targets.json"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        QJsonObject plan = QJsonDocument::fromJson(source.readAll()).object();
        QJsonArray routes = plan.value(QStringLiteral("routes")).toArray();
        const QJsonObject route = routes.first().toObject();
        for (int i = int(routes.size()); i < 7; ++i) {
            QJsonObject more = route;
            more.insert(QStringLiteral("name"), QStringLiteral("route-%1").arg(i));
            routes.append(more);
        }
        plan.insert(QStringLiteral("routes"), routes);
        const QString path = m_dir.filePath(QStringLiteral("seven-routes.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(plan).toJson());
        file.close();
        QVERIFY(openAndValidate(window, path));
        auto *tree = window.planPage()->outlineView()->findChild<QTreeView *>();
        QVERIFY(tree);
        QTRY_VERIFY(tree->model()->rowCount() > 0);
        int rows = 0;
        for (QModelIndex i = tree->model()->index(0, 0); i.isValid(); i = tree->indexBelow(i))
            ++rows;
        QVERIFY2(rows >= 14, qPrintable(QString::number(rows)));
        QTRY_COMPARE(tree->verticalScrollBar()->maximum(), 0);
        auto *summary = window.planPage()->outlineView()->findChild<QScrollArea *>(
            QStringLiteral("outlineSummary"));
        QVERIFY(summary);
        QVERIFY(summary->height() > 0);
    }

    void titleNamesThePlanAndMarksEdits()
    {
        MainWindow window;
        window.setPlanVariables(variables());
        QCOMPARE(window.windowTitle(), QStringLiteral("Stackbench[*]"));
        QVERIFY(openAndValidate(window, kData + QStringLiteral("valid/two-targets.json")));
        QCOMPARE(window.windowTitle(), QStringLiteral("two-targets.json[*] — Stackbench"));
        QVERIFY(!window.isWindowModified());
        window.planPage()->editor()->textCursor().insertText(QStringLiteral(" "));
        QVERIFY(window.isWindowModified());
        window.planPage()->editor()->undo();
        QVERIFY(!window.isWindowModified());
    }

    void openPlanFailsWithoutADialog()
    {
        MainWindow window;
        QVERIFY(!window.openPlan(m_dir.filePath(QStringLiteral("missing.json"))));
        QVERIFY(QApplication::activeModalWidget() == nullptr);
    }

    void remembersRecentPlans()
    {
        const QString plan = kData + QStringLiteral("valid/minimal.json");
        {
            MainWindow window;
            QVERIFY(window.openPlan(plan));
        }
        QCOMPARE(QSettings().value(QStringLiteral("plans/recent")).toStringList().value(0),
                 QFileInfo(plan).absoluteFilePath());
        MainWindow again;
        auto *recent = again.findChild<QMenu *>(QStringLiteral("recentMenu"));
        QVERIFY(!recent->actions().isEmpty());
        QVERIFY(recent->actions().first()->text().contains(QStringLiteral("minimal.json")));
    }

    void startUsesTheOutlineSelection()
    {
        MainWindow window;
        window.setPlanVariables(variables());
        window.setStoreLocation(m_dir.filePath(QStringLiteral("unused.sqlite")));
        const QString plan = kData + QStringLiteral("valid/two-targets.json");
        QVERIFY(openAndValidate(window, plan));
        sb::run::RunOptions options = window.startOptions();
        QCOMPARE(options.planPath, QFileInfo(plan).absoluteFilePath());
        QCOMPARE(options.profile, QStringLiteral("quick"));
        QVERIFY(options.routes.isEmpty());
        QCOMPARE(options.variables.value(QStringLiteral("stackbench")),
                 QStringLiteral(STACKBENCH_BIN));
        QCOMPARE(options.storeLocation, m_dir.filePath(QStringLiteral("unused.sqlite")));
        sb::OutlineModel *outline = window.planPage()->outline();
        QCOMPARE(outline->estimate().windows, 24);

        QVERIFY(outline->setChecked(sb::OutlineModel::RoutesGroup, QStringLiteral("user"), false));
        options = window.startOptions();
        QCOMPARE(options.routes, (QStringList{QStringLiteral("health"), QStringLiteral("echo")}));
        QCOMPARE(outline->estimate().windows, 16);
        QVERIFY(outline->setChecked(sb::OutlineModel::ConfigurationsGroup,
                                    QStringLiteral("target-a"), false));
        QCOMPARE(window.startOptions().only, QStringList{QStringLiteral("target-b")});
        QCOMPARE(outline->estimate().windows, 8);
        // Run > Profile CPU with perf: off by default, Start takes profiles once it is ticked.
        auto *profileCpu = window.findChild<QAction *>(QStringLiteral("actionProfileCpu"));
        QVERIFY(profileCpu && profileCpu->isCheckable() && !profileCpu->isChecked());
        QVERIFY(!window.startOptions().profileCpu);
        profileCpu->trigger();
        QVERIFY(window.startOptions().profileCpu);
    }

    void stackbenchDefaultsToThisProgram()
    {
        MainWindow window;
        QCOMPARE(window.startOptions().variables.value(QStringLiteral("stackbench")),
                 QCoreApplication::applicationFilePath());
    }

    // History reads stored plans with the window's variables (so a demo run's grid shows its
    // whole matrix when the window runs the demo), this program standing for ${stackbench}.
    void historyReadsPlansWithTheWindowsVariables()
    {
        MainWindow window;
        window.setPlanVariables({{QStringLiteral("data_dir"), QStringLiteral("/srv/demo")}});
        const sb::plan::PlanVariables v = window.storeService()->planVariables();
        QCOMPARE(v.value(QStringLiteral("data_dir")), QStringLiteral("/srv/demo"));
        QCOMPARE(v.value(QStringLiteral("stackbench")), QCoreApplication::applicationFilePath());
    }

    void findsTheRunToResume_data()
    {
        QTest::addColumn<QStringList>("statuses"); // newest first, all of this plan
        QTest::addColumn<QStringList>("plans");
        QTest::addColumn<int>("expected"); // index, -1 = none
        const QString mine = kData + QStringLiteral("valid/two-targets.json");
        const QString other = kData + QStringLiteral("valid/minimal.json");
        QTest::newRow("newest interrupted")
            << QStringList{QStringLiteral("finished"), QStringLiteral("interrupted"),
                           QStringLiteral("interrupted")}
            << QStringList{mine, mine, mine} << 1;
        QTest::newRow("incomplete counts")
            << QStringList{QStringLiteral("incomplete")} << QStringList{mine} << 0;
        QTest::newRow("another plan's run")
            << QStringList{QStringLiteral("interrupted"), QStringLiteral("interrupted")}
            << QStringList{other, mine} << 1;
        QTest::newRow("finished and failed are not resumed")
            << QStringList{QStringLiteral("finished"), QStringLiteral("failed"),
                           QStringLiteral("running")}
            << QStringList{mine, mine, mine} << -1;
    }

    void findsTheRunToResume()
    {
        QFETCH(QStringList, statuses);
        QFETCH(QStringList, plans);
        QFETCH(int, expected);
        QVector<sb::store::RunRecord> runs;
        for (int i = 0; i < statuses.size(); ++i) {
            sb::store::RunRecord r;
            r.id = QString::number(i);
            r.status = statuses[i];
            r.planPath = plans[i];
            runs << r;
        }
        const auto found = sb::RunCommands::resumableRun(
            runs, kData + QStringLiteral("valid/../valid/two-targets.json"));
        QCOMPARE(found ? found->id.toInt() : -1, expected);
    }

    // Resume looks for the run to resume in the store; switched meanwhile, the lookup is
    // dropped (no question about the store left behind) and Resume can be asked again.
    // A run of the plan whose cells failed (a busy machine: status failed or finished, invalid
    // attempts stored) is what "Retry failed cells" offers, newest first; History's retry
    // continues it with --retry-failed's options.
    void findsTheRunToRetry()
    {
        const QString plan = m_dir.filePath(QStringLiteral("retry.json"));
        const auto record = [&](const char *id, QLatin1String status, qint64 windows, qint64 valid,
                                const QString &path) {
            sb::store::RunRecord r;
            r.id = QString::fromLatin1(id);
            r.status = status;
            r.planPath = path;
            r.windowCount = windows;
            r.validWindowCount = valid;
            return r;
        };
        const QString other = m_dir.filePath(QStringLiteral("other.json"));
        QVector<sb::store::RunRecord> runs{record("5", sb::store::kStatusRunning, 9, 0, plan),
                                           record("4", sb::store::kStatusFailed, 168, 0, other),
                                           record("3", sb::store::kStatusFinished, 56, 56, plan),
                                           record("2", sb::store::kStatusFailed, 168, 0, plan),
                                           record("1", sb::store::kStatusFinished, 60, 56, plan)};
        std::optional<sb::store::RunRecord> found = sb::RunCommands::retryableRun(runs, plan);
        QVERIFY(found);
        QCOMPARE(found->id, QStringLiteral("2"));
        runs.remove(3);
        QCOMPARE(sb::RunCommands::retryableRun(runs, plan)->id, QStringLiteral("1"));
        runs.removeLast();
        QVERIFY(!sb::RunCommands::retryableRun(runs, plan));

        MainWindow window;
        window.setPlanVariables(variables());
        window.setStoreLocation(m_dir.filePath(QStringLiteral("retry.sqlite")));
        sb::RunRow row;
        row.id = QStringLiteral("2");
        row.planPath = plan;
        row.profile = QStringLiteral("quick");
        row.status = sb::store::kStatusFailed;
        const sb::run::RunOptions options = window.runCommands()->storedRunOptions(row, true);
        QCOMPARE(options.resumeRunId, QStringLiteral("2"));
        QVERIFY(options.retryFailed);
        QCOMPARE(options.planPath, plan);
        QCOMPARE(options.storeLocation, m_dir.filePath(QStringLiteral("retry.sqlite")));
        QVERIFY(!window.runCommands()->storedRunOptions(row, false).retryFailed);
        // In the Run menu and the History menu.
        QVERIFY(window.findChild<QAction *>(QStringLiteral("actionRetryFailed")));
        auto *history = window.findChild<QMenu *>(QStringLiteral("historyMenu"));
        QVERIFY(history->actions().contains(window.historyPage()->retryAction()));
    }

    void resumeLookupEndsWhenTheStoreIsSwitched()
    {
        const QString store = m_dir.filePath(QStringLiteral("resume-lookup.sqlite"));
        QVERIFY(sb::test::fillHistoryStore(store)); // an interrupted run of two-targets.json
        MainWindow window;
        window.setPlanVariables(variables());
        window.setStoreLocation(store);
        QVERIFY(openAndValidate(window, kData + QStringLiteral("valid/two-targets.json")));
        auto *resume = window.findChild<QAction *>(QStringLiteral("actionResume"));
        QVERIFY(resume->isEnabled());
        DialogAnswerer no(QMessageBox::No);
        window.runCommands()->resume();
        QVERIFY(window.runCommands()->isLookingForResume());
        QVERIFY(!resume->isEnabled());
        window.setStoreLocation(m_dir.filePath(QStringLiteral("elsewhere.sqlite")));
        QTRY_VERIFY_WITH_TIMEOUT(!window.runCommands()->isLookingForResume(), 30000);
        QVERIFY(resume->isEnabled());
        QVERIFY2(no.texts().isEmpty(), qPrintable(no.texts().join(QLatin1Char('\n'))));
    }

    void historyActionsAreInTheMenus()
    {
        MainWindow window;
        const auto menuTexts = [&](const QString &title) {
            QStringList out;
            for (QAction *a : window.menuBar()->actions())
                if (a->menu() && a->text().remove(QLatin1Char('&')) == title)
                    for (QAction *item : a->menu()->actions())
                        out << item->text().remove(QLatin1Char('&'));
            return out;
        };
        const QStringList file = menuTexts(QStringLiteral("File"));
        QVERIFY2(file.contains(QStringLiteral("Import run…")) &&
                     file.contains(QStringLiteral("Export run")) &&
                     file.contains(QStringLiteral("Switch store…")),
                 qPrintable(file.join(QStringLiteral(", "))));
        const QStringList history = menuTexts(QStringLiteral("History"));
        for (const char *entry : {"Open run", "Resume run", "Delete run…", "Refresh"})
            QVERIFY2(history.contains(QString::fromUtf8(entry)),
                     qPrintable(history.join(QStringLiteral(", "))));
        auto *exports = window.historyPage()->exportMenu();
        QCOMPARE(exports->actions().size(), 5); // Markdown, CSV, JSON and HTML reports, export
    }

    void droppedExportsAreImported()
    {
        const QString source = m_dir.filePath(QStringLiteral("history-source.sqlite"));
        QVERIFY(sb::test::fillHistoryStore(source));
        const QString exported = m_dir.filePath(QStringLiteral("finished.json"));
        QCOMPARE(
            QProcess::execute(QStringLiteral(STACKBENCH_BIN),
                              {QStringLiteral("export"), sb::test::kFinished,
                               QStringLiteral("--store"), source, QStringLiteral("-o"), exported}),
            0);
        MainWindow window;
        window.setStoreLocation(m_dir.filePath(QStringLiteral("dropped-here.sqlite")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(exported)});
        QDragEnterEvent enter(QPoint(400, 300), Qt::CopyAction, &mime, Qt::LeftButton,
                              Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(400, 300), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        sb::HistoryPage *history = window.historyPage();
        QSignalSpy done(history, &sb::HistoryPage::operationFinished);
        QCoreApplication::sendEvent(&window, &drop);
        QCOMPARE(window.currentPage(), MainWindow::HistoryPageIndex);
        QVERIFY(done.wait(30000));
        QVERIFY2(done.first().at(1).toString().contains(QStringLiteral("imported run")),
                 qPrintable(done.first().at(1).toString()));
        QTRY_COMPARE(history->model()->rowOf(sb::test::kFinished), 0);
        QVERIFY(window.logView()->toPlainText().contains(QStringLiteral("imported run")));
    }

    void aSwitchedStoreIsRemembered()
    {
        const QString store = m_dir.filePath(QStringLiteral("switched.sqlite"));
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.showPage(MainWindow::HistoryPageIndex);
            QSignalSpy switched(window.historyPage(), &sb::HistoryPage::storeSwitched);
            window.historyPage()->switchStore(store);
            QVERIFY(switched.wait(10000));
            QCOMPARE(window.storeLocation(), store);
            QCOMPARE(window.startOptions().storeLocation, store); // runs go there too
        }
        QCOMPARE(QSettings().value(QStringLiteral("store/location")).toString(), store);
        MainWindow again;
        QCOMPARE(again.storeLocation(), store);
        QCOMPARE(again.storeService()->location(), store);
        QSettings().remove(QStringLiteral("store/location"));
    }

    void historyResumesAnInterruptedRun()
    {
        const QString plan = shortPlan();
        QVERIFY(!plan.isEmpty());
        const QString store = m_dir.filePath(QStringLiteral("history-resume.sqlite"));
        MainWindow window;
        window.setPlanVariables(variables());
        window.setStoreLocation(store);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndValidate(window, plan));
        RunController *run = window.runController();
        QSignalSpy finished(run, &RunController::windowFinished);
        QSignalSpy ended(run, &RunController::runFinished);
        window.runCommands()->start();
        QVERIFY(finished.wait(120000));
        run->stop();
        QVERIFY(ended.wait(60000));
        const QString runId = ended.first().first().value<sb::run::RunFinished>().runId;

        sb::HistoryPage *history = window.historyPage();
        window.showPage(MainWindow::HistoryPageIndex);
        QTRY_VERIFY_WITH_TIMEOUT(history->model()->rowOf(runId) >= 0 &&
                                     history->model()->run(history->model()->rowOf(runId)).status ==
                                         QLatin1String("interrupted"),
                                 10000);
        QVERIFY(history->selectRun(runId));
        // runFinished comes before the controller's thread is done and the state is Idle; the
        // action is enabled when the state changes.
        QTRY_VERIFY_WITH_TIMEOUT(history->resumeAction()->isEnabled(), 10000);
        QSignalSpy started(run, &RunController::runStarted);
        history->resumeAction()->trigger();
        QCOMPARE(window.currentPage(), MainWindow::RunPageIndex);
        QVERIFY(!history->resumeAction()->isEnabled()); // one run at a time
        QVERIFY(started.wait(60000));
        const auto e = started.first().first().value<sb::run::RunStarted>();
        QCOMPARE(e.runId, runId);
        QVERIFY(e.resumed);
        QVERIFY(e.doneWindows >= 1);
        run->stop();
        QTRY_COMPARE_WITH_TIMEOUT(run->state(), RunController::State::Idle, 60000);
        // The list follows: the run is interrupted again.
        QTRY_VERIFY_WITH_TIMEOUT(history->model()->rowOf(runId) >= 0 &&
                                     history->model()->run(history->model()->rowOf(runId)).status ==
                                         QLatin1String("interrupted"),
                                 10000);
    }

    // "Keep in history" stored in the default store whatever History listed, and History did
    // not refresh: the kept test shows in History's store at once.
    void aKeptQuickTestShowsInHistory()
    {
        QTemporaryDir dir;
        sb::test::Target target(dir.filePath(QStringLiteral("target.sqlite")));
        QVERIFY2(target.port() > 0, qPrintable(target.error()));
        const QString store = m_dir.filePath(QStringLiteral("kept.sqlite"));
        MainWindow window;
        window.setStoreLocation(store);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        sb::HistoryPage *history = window.historyPage();
        window.showPage(MainWindow::HistoryPageIndex);
        QTRY_VERIFY(!history->message().isEmpty());
        window.showPage(MainWindow::QuickTestPageIndex);
        sb::QuickTestPage *quick = window.quickTestPage();
        sb::LoadForm f;
        f.url = QStringLiteral("http://127.0.0.1:%1/health").arg(target.port());
        f.connections = QStringLiteral("2");
        f.length = QStringLiteral("1s");
        f.warmUp = QStringLiteral("200ms");
        quick->setForm(f);
        QSignalSpy done(quick, &sb::QuickTestPage::testFinished);
        quick->startTest();
        QTRY_VERIFY_WITH_TIMEOUT(window.statusText().startsWith(QStringLiteral("Quick test")),
                                 10000);
        QVERIFY(done.wait(60000));
        QSignalSpy kept(quick, &sb::QuickTestPage::kept);
        quick->keepInHistory();
        QVERIFY(kept.wait(30000));
        const QString runId = kept.first().first().toString();
        QTRY_VERIFY_WITH_TIMEOUT(history->model()->rowOf(runId) >= 0, 10000);
    }

    void closingDuringARunAsksStopsAndResumes()
    {
        const QString plan = shortPlan();
        QVERIFY(!plan.isEmpty());
        const QString store = m_dir.filePath(QStringLiteral("runs.sqlite"));
        int stored = 0;
        {
            MainWindow window;
            window.setPlanVariables(variables());
            window.setStoreLocation(store);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(openAndValidate(window, plan));
            RunController *run = window.runController();
            QSignalSpy started(run, &RunController::windowStarted);
            QSignalSpy finished(run, &RunController::windowFinished);
            QSignalSpy failed(run, &RunController::runFailed);
            window.runCommands()->start();
            QCOMPARE(run->state(), RunController::State::Running);
            // Wait for a measured window to be in flight after one has been stored.
            QTRY_VERIFY_WITH_TIMEOUT(
                !finished.isEmpty() && started.size() > 0 &&
                    started.last().at(0).value<sb::run::WindowStarted>().phase ==
                        sb::run::Phase::Measure &&
                    started.last().at(0).value<sb::run::WindowStarted>().windowNumber >
                        finished.size(),
                120000);
            QVERIFY(failed.isEmpty());
            QVERIFY2(window.statusText().contains(QStringLiteral("Running")) &&
                         window.statusText().contains(QStringLiteral("round ")),
                     qPrintable(window.statusText()));

            DialogAnswerer no(QMessageBox::No);
            QVERIFY(!window.close());
            QTRY_COMPARE(no.texts().size(), 1);
            QVERIFY(window.isVisible());
            QCOMPARE(run->state(), RunController::State::Running);

            DialogAnswerer yes(QMessageBox::Yes);
            QVERIFY(!window.close()); // closes once the run has stopped
            QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 60000);
            QCOMPARE(yes.texts().size(), 1);
            QVERIFY(yes.texts().first().contains(QStringLiteral("not stored")));
            QCOMPARE(run->state(), RunController::State::Idle);
            stored = int(finished.size());
        }
        auto opened = sb::store::RunStore::open(store, sb::store::RunStore::OpenMode::ReadOnly);
        QVERIFY(opened.ok());
        auto runs = opened.value()->runs();
        QVERIFY(runs.ok());
        QCOMPARE(runs.value().size(), 1);
        const sb::store::RunRecord record = runs.value().first();
        QCOMPARE(record.status, QString(sb::store::kStatusInterrupted));
        QCOMPARE(record.windowCount, qint64(stored)); // the window in flight was not stored
        QVERIFY(sb::RunCommands::resumableRun(runs.value(), plan).has_value());

        // Resume offers that run and continues it.
        MainWindow window;
        window.setPlanVariables(variables());
        window.setStoreLocation(store);
        QVERIFY(openAndValidate(window, plan));
        RunController *run = window.runController();
        QSignalSpy runStarted(run, &RunController::runStarted);
        DialogAnswerer yes(QMessageBox::Yes);
        window.runCommands()->resume();
        QVERIFY(runStarted.wait(60000));
        const auto e = runStarted.first().at(0).value<sb::run::RunStarted>();
        QCOMPARE(e.runId, record.id);
        QVERIFY(e.resumed);
        QCOMPARE(e.doneWindows, int(record.validWindowCount));
        QVERIFY(yes.texts().first().contains(record.id));
        run->stop();
        QTRY_COMPARE_WITH_TIMEOUT(run->state(), RunController::State::Idle, 60000);
        // The end of a run is announced (a tray message where there is a tray, else here).
        QTRY_VERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("interrupted")));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
