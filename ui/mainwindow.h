#pragma once

#include "plan/planloader.h"
#include "run/runner.h"
#include "store/records.h"

#include <QMainWindow>
#include <QVector>
#include <optional>

class QAction;
class QDockWidget;
class QPlainTextEdit;
class QStackedWidget;
class QTreeView;

namespace sb {

class CheckController;
class CheckView;
class PageSwitcher;
class HistoryPage;
class ComparePage;
class ParityModel;
class PlanFile;
class PlanPage;
class QuickTestPage;
class RunCommands;
class RunController;
class RunStatus;
class StoreService;
struct RunRow;

// The workbench's main window (GUI.md): a page switcher (Plan, Run, Quick test, History,
// Compare), menus and a toolbar for plans and runs, docks for the log, the plan's problems and
// the check results, and a status bar with the run's state, current cell, progress and ETA.
// Geometry, dock layout and recent plans live in QSettings. The window owns the one StoreService
// the pages read the run store through, the plan's file (PlanFile) and the Run menu's commands
// (RunCommands). GUI thread.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    enum Page
    {
        PlanPageIndex,
        RunPageIndex,
        QuickTestPageIndex,
        HistoryPageIndex,
        ComparePageIndex,
        PageCount
    };

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a plan file in the editor and remembers it among the recent plans. On failure the
    // reason (naming the file) goes to the log and the status bar and the function returns false;
    // no dialog is shown.
    bool openPlan(const QString &path);

    // ${name} values for the plan; "stackbench" defaults to this program
    // (QCoreApplication::applicationFilePath()) when not given.
    void setPlanVariables(const plan::PlanVariables &variables);
    plan::PlanVariables planVariables() const;
    // Where runs are stored and read (History); empty = the default store. Not remembered:
    // switching the store from the GUI (File > Switch store) is.
    void setStoreLocation(const QString &location);
    QString storeLocation() const;
    // The pages' one door to the run store.
    StoreService *storeService() const { return m_store; }

    // What Start would run now: the open plan's file, the outline's profile and ticked
    // configurations and routes, the store and the variables. Asks nothing.
    run::RunOptions startOptions() const;

    void showPage(Page page);
    Page currentPage() const;

    PlanPage *planPage() const { return m_planPage; }
    PlanFile *planFile() const { return m_planFile; }
    HistoryPage *historyPage() const { return m_historyPage; }
    QuickTestPage *quickTestPage() const { return m_quickTestPage; }
    RunStatus *runStatus() const { return m_status; }
    ComparePage *comparePage() const;
    RunCommands *runCommands() const { return m_commands; }
    RunController *runController() const;
    CheckController *checkController() const;
    ParityModel *parityModel() const;
    CheckView *checkView() const { return m_checkView; }
    QTreeView *problemsView() const { return m_problems; }
    QPlainTextEdit *logView() const { return m_log; }
    // The status bar's run state, current cell and ETA texts.
    QString statusText() const;

protected:
    void closeEvent(QCloseEvent *event) override;
    void followDocks(int page);
    // JSON exports dropped on the window are imported into the store (History).
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createPages();
    void createDocks();
    void createStatusBar();
    void connectRun();
    void connectPlanFile();
    void connectHistory();
    void connectCompare();
    void readSettings();
    // Shrinks the window to the screen's available room when it is larger.
    void fitScreen();
    void writeSettings() const;

    void updateActions();
    void jumpToProblem(const QModelIndex &index);
    void appendLog(const QString &line);
    void showMessage(const QString &text, int timeoutMs);

    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_findAction = nullptr;
    QAction *m_replaceAction = nullptr;
    QAction *m_findNextAction = nullptr;
    QAction *m_findPreviousAction = nullptr;
    QAction *m_goToLineAction = nullptr;
    QAction *m_preferencesAction = nullptr;
    QAction *m_checkAction = nullptr;
    QAction *m_startAction = nullptr;
    QAction *m_stopAction = nullptr;
    QAction *m_resumeAction = nullptr;
    QAction *m_retryAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QList<QAction *> m_pageActions;

    PageSwitcher *m_switcher = nullptr;
    QStackedWidget *m_stack = nullptr;
    PlanPage *m_planPage = nullptr;
    HistoryPage *m_historyPage = nullptr;
    QuickTestPage *m_quickTestPage = nullptr;
    QDockWidget *m_problemsDock = nullptr;
    QDockWidget *m_logDock = nullptr;
    QDockWidget *m_checkDock = nullptr;
    // History and Compare put the docks aside (followDocks()); the ones open before, and the
    // tab that was in front.
    bool m_docksAside = false;
    QList<QDockWidget *> m_docksOpen;
    QDockWidget *m_dockInFront = nullptr;
    QTreeView *m_problems = nullptr;
    QPlainTextEdit *m_log = nullptr;
    CheckView *m_checkView = nullptr;

    StoreService *m_store;
    PlanFile *m_planFile = nullptr;
    RunCommands *m_commands = nullptr;
    RunStatus *m_status = nullptr;
    bool m_closeAfterStop = false;
    bool m_planWasValid = true; // the last validation had no error
    bool m_logFollows = true;   // the log shows its newest line (the user did not scroll away)
};

} // namespace sb
