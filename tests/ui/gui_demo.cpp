// The main window on a plan, for screenshots (tests/ui/screenshots.sh) and trying the GUI by
// hand. Prints "ready" on stdout once the plan is validated and the window has been painted.
//
//   gui_demo [--dark] [--page plan|run|quick|history|compare] [--edit FROM=TO] [--store PATH]
//            [--size WxH] [--start] [--check] [--grab FILE] [--select-run RUN]
//            [--details-tab N] [--open] [--var NAME=VALUE]... [PLAN]
//
// --edit replaces the first FROM in the editor's text after the plan is loaded, as typing
// would, and puts the cursor on the first problem; --start starts the run with the outline's
// selection; --check runs Check and is ready when it has finished; --grab saves the window to FILE
// and quits. --select-run shows the History page with that run selected (and its details pane on
// tab N, 0 = summary) and is ready when the details are shown; with --open, when the run's grid
// (Open) is shown too. --var gives the window a plan variable (as `stackbench demo --gui` gives
// the demo's), e.g. for the planned matrix of a stored demo run.
#include "ui/checkcontroller.h"
#include "ui/mainwindow.h"
#include "ui/models/diagnosticsmodel.h"
#include "ui/pages/historypage.h"
#include "ui/pages/planpage.h"
#include "ui/pages/rundialog.h"
#include "ui/runcommands.h"
#include "ui/widgets/codeeditor.h"
#include "ui/widgets/rundetails.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QPalette>
#include <QStyleFactory>
#include <QTextCursor>
#include <QTimer>
#include <cstdio>

static void useDarkPalette()
{
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    const QColor window(0x2d, 0x2d, 0x30), base(0x1e, 0x1e, 0x1e), text(0xe8, 0xe8, 0xe8);
    QPalette p(QColor(0x3a, 0x3a, 0x3d), window); // derives light, mid, dark and shadow
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3d));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    QApplication::setPalette(p);
}

static void announceReady(sb::MainWindow *window, const QString &grabFile)
{
    // Let the window paint what the last validation changed before saying so.
    QTimer::singleShot(300, window, [window, grabFile] {
        window->repaint();
        if (!grabFile.isEmpty()) {
            window->grab().save(grabFile);
            QCoreApplication::quit();
            return;
        }
        std::printf("ready\n");
        std::fflush(stdout);
    });
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("stackbench-demo"));
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("dark"), QStringLiteral("Dark Fusion palette.")},
        {QStringLiteral("page"), QStringLiteral("Page to show."), QStringLiteral("name"),
         QStringLiteral("plan")},
        {QStringLiteral("edit"), QStringLiteral("Replace FROM by TO in the text."),
         QStringLiteral("FROM=TO")},
        {QStringLiteral("store"), QStringLiteral("Run store."), QStringLiteral("path")},
        {QStringLiteral("size"), QStringLiteral("Window size."), QStringLiteral("WxH"),
         QStringLiteral("1400x900")},
        {QStringLiteral("start"), QStringLiteral("Start the run.")},
        {QStringLiteral("check"), QStringLiteral("Run Check.")},
        {QStringLiteral("grab"), QStringLiteral("Save the window and quit."),
         QStringLiteral("file")},
        {QStringLiteral("select-run"), QStringLiteral("History: select this run."),
         QStringLiteral("run")},
        {QStringLiteral("details-tab"), QStringLiteral("History: the details tab to show."),
         QStringLiteral("N"), QStringLiteral("0")},
        {QStringLiteral("open"), QStringLiteral("History: open the selected run.")},
        {QStringLiteral("var"), QStringLiteral("A plan variable, as stackbench demo --gui gives."),
         QStringLiteral("NAME=VALUE")},
    });
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file."));
    parser.process(app);
    if (parser.isSet(QStringLiteral("dark")))
        useDarkPalette();

    sb::MainWindow window;
    sb::plan::PlanVariables variables{
        {QStringLiteral("stackbench"), QStringLiteral(STACKBENCH_BIN)}};
    for (const QString &v : parser.values(QStringLiteral("var")))
        variables.insert(v.section(QLatin1Char('='), 0, 0), v.section(QLatin1Char('='), 1));
    window.setPlanVariables(variables);
    if (parser.isSet(QStringLiteral("store")))
        window.setStoreLocation(parser.value(QStringLiteral("store")));
    const QStringList size = parser.value(QStringLiteral("size")).split(QLatin1Char('x'));
    window.resize(size.value(0).toInt(), size.value(1).toInt());
    window.move(0, 0);
    const QStringList pages{QStringLiteral("plan"), QStringLiteral("run"), QStringLiteral("quick"),
                            QStringLiteral("history"), QStringLiteral("compare")};
    window.show();

    const QString grabFile = parser.value(QStringLiteral("grab"));
    const QString plan = parser.positionalArguments().value(0);
    if (parser.isSet(QStringLiteral("select-run"))) {
        sb::HistoryPage *history = window.historyPage();
        const QString runId = parser.value(QStringLiteral("select-run"));
        const int tab = parser.value(QStringLiteral("details-tab")).toInt();
        const bool open = parser.isSet(QStringLiteral("open"));
        QObject::connect(history, &sb::HistoryPage::runsLoaded, &window, [=] {
            if (!history->selectRun(runId)) {
                std::fprintf(stderr, "gui_demo: no run %s\n", qPrintable(runId));
                QCoreApplication::exit(1);
            }
        });
        QObject::connect(history, &sb::HistoryPage::detailsShown, &window, [=, &window] {
            history->details()->setCurrentIndex(tab);
            if (open)
                history->openSelected();
            else
                announceReady(&window, grabFile);
        });
        QObject::connect(history, &sb::HistoryPage::runOpened, &window,
                         [=, &window] { announceReady(&window, grabFile); });
        window.showPage(sb::MainWindow::HistoryPageIndex);
        return app.exec();
    }
    if (plan.isEmpty()) {
        announceReady(&window, grabFile);
        return app.exec();
    }
    const QString edit = parser.value(QStringLiteral("edit"));
    const bool start = parser.isSet(QStringLiteral("start"));
    const bool check = parser.isSet(QStringLiteral("check"));
    if (check)
        QObject::connect(window.checkController(), &sb::CheckController::checkFinished, &window,
                         [&window, grabFile] { announceReady(&window, grabFile); });
    const auto page = sb::MainWindow::Page(
        std::max<qsizetype>(0, pages.indexOf(parser.value(QStringLiteral("page")))));
    sb::PlanPage *planPage = window.planPage();
    auto edited = std::make_shared<bool>(edit.isEmpty());
    auto done = std::make_shared<bool>(false);
    QObject::connect(
        planPage, &sb::PlanPage::validated, &window,
        [=, &window](bool) {
            if (*done)
                return; // later validations are the user's
            if (!*edited) {
                *edited = true;
                const QString from = edit.section(QLatin1Char('='), 0, 0);
                const QString to = edit.section(QLatin1Char('='), 1);
                sb::CodeEditor *editor = planPage->editor();
                const int at = int(editor->toPlainText().indexOf(from));
                if (at >= 0) {
                    QTextCursor c(editor->document());
                    c.setPosition(at);
                    c.setPosition(at + int(from.size()), QTextCursor::KeepAnchor);
                    c.insertText(to);
                }
                return; // the edit's validation follows
            }
            if (const auto *problems = planPage->diagnostics(); problems->rowCount() > 0)
                planPage->goTo(
                    problems->index(0, 0).data(sb::DiagnosticsModel::LineRole).toInt(),
                    problems->index(0, 0).data(sb::DiagnosticsModel::ColumnRole).toInt());
            *done = true;
            window.showPage(page);
            if (start)
                window.runCommands()->start();
            if (check)
                window.runCommands()->check(); // ready when it has finished
            else
                announceReady(&window, grabFile);
        },
        Qt::QueuedConnection);
    if (!window.openPlan(plan)) {
        std::fprintf(stderr, "gui_demo: cannot open %s\n", qPrintable(plan));
        return 1;
    }
    return app.exec();
}
