#pragma once

#include "plan/planloader.h"
#include "run/runner.h"
#include "store/records.h"

#include <QMainWindow>
#include <QVector>
#include <optional>

class QAction;
class QDockWidget;
class QLabel;
class QListWidget;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QStackedWidget;
class QSystemTrayIcon;
class QTreeView;

namespace sb {

class CheckController;
class CheckView;
class HistoryPage;
class ComparePage;
class ParityModel;
class PlanPage;
class RunController;
struct CheckOutcome;
struct RunRow;
struct StoreOperation;

// The workbench's main window (GUI.md): a page switcher (Plan, Run, Quick test, History,
// Compare), menus and a toolbar for plans and runs, docks for the log, the plan's problems and
// the check results, and a status bar with the run's state, current cell, progress and ETA.
// Geometry, dock layout and recent plans live in QSettings. GUI thread.
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
    QString storeLocation() const { return m_storeLocation; }

    // What Start would run now: the open plan's file, the outline's profile and ticked
    // configurations and routes, the store and the variables. Asks nothing.
    run::RunOptions startOptions() const;

    // The newest run of `runs` that belongs to `planPath` and can be resumed (status interrupted
    // or incomplete; pass statuses through run::currentStatus() first). Pure.
    static std::optional<store::RunRecord> resumableRun(const QVector<store::RunRecord> &runs,
                                                        const QString &planPath);

    void showPage(Page page);
    Page currentPage() const;

    PlanPage *planPage() const { return m_planPage; }
    HistoryPage *historyPage() const { return m_historyPage; }
    ComparePage *comparePage() const;
    RunController *runController() const { return m_run; }
    CheckController *checkController() const { return m_check; }
    ParityModel *parityModel() const { return m_parity; }
    CheckView *checkView() const { return m_checkView; }
    QTreeView *problemsView() const { return m_problems; }
    QPlainTextEdit *logView() const { return m_log; }
    // The status bar's run state, current cell and ETA texts.
    QString statusText() const;

public Q_SLOTS:
    void newFromTemplate();
    void openDialog();
    bool save();
    bool saveAs();
    void checkPlan();
    void startRun();
    void stopRun();
    void resumeRun();
    // Resumes the stored run (History's Resume) through the run controller; shows the Run page.
    void resumeStoredRun(const sb::RunRow &run);

protected:
    void closeEvent(QCloseEvent *event) override;
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
    void connectCheck();
    void connectHistory();
    void historyOperationFinished(const StoreOperation &operation, const QString &message);
    void connectCompare();
    void readSettings();
    void writeSettings() const;

    void updateTitle();
    void updateActions();
    void rememberRecent(const QString &path);
    void rebuildRecentMenu();
    bool maybeSave();
    bool ensureRunnable(const QString &what);
    void jumpToProblem(const QModelIndex &index);
    void appendLog(const QString &line);
    void notify(const QString &title, const QString &message, bool error);
    void showCheckOutcome(const CheckOutcome &outcome);
    void offerResume(const QVector<store::RunRecord> &runs, const QString &error);

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
    QAction *m_aboutAction = nullptr;
    QList<QAction *> m_pageActions;
    QMenu *m_recentMenu = nullptr;

    QListWidget *m_switcher = nullptr;
    QStackedWidget *m_stack = nullptr;
    PlanPage *m_planPage = nullptr;
    HistoryPage *m_historyPage = nullptr;
    QDockWidget *m_problemsDock = nullptr;
    QDockWidget *m_logDock = nullptr;
    QDockWidget *m_checkDock = nullptr;
    QTreeView *m_problems = nullptr;
    QPlainTextEdit *m_log = nullptr;
    CheckView *m_checkView = nullptr;
    QLabel *m_stateLabel = nullptr;
    QLabel *m_cellLabel = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_etaLabel = nullptr;
    QSystemTrayIcon *m_tray = nullptr;

    RunController *m_run = nullptr;
    CheckController *m_check = nullptr;
    ParityModel *m_parity = nullptr;
    plan::PlanVariables m_variables;
    QString m_storeLocation;
    QStringList m_recent;
    QString m_lastError; // why the last openPlan() failed
    bool m_closeAfterStop = false;
    bool m_resumeLookup = false; // a search for a resumable run is going on
};

} // namespace sb
