#include "ui/mainwindow.h"

#include "ui/checkcontroller.h"
#include "ui/models/diagnosticsmodel.h"
#include "ui/models/outlinemodel.h"
#include "ui/models/paritymodel.h"
#include "ui/pages/comparepage.h"
#include "ui/pages/historypage.h"
#include "ui/pages/planpage.h"
#include "ui/pages/quicktestpage.h"
#include "ui/pages/runpage.h"
#include "ui/planfile.h"
#include "ui/runcommands.h"
#include "ui/runcontroller.h"
#include "ui/runstatus.h"
#include "ui/settingsdialog.h"
#include "ui/storeservice.h"
#include "ui/widgets/actions.h"
#include "ui/widgets/checkview.h"
#include "ui/widgets/codeeditor.h"
#include "ui/widgets/findbar.h"
#include "ui/widgets/pageswitcher.h"
#include "ui/widgets/runglyphs.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTime>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <utility>

namespace sb {

static constexpr int kMaxLogLines = 5000;

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_store(new StoreService(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setAccessibleName(tr("Stackbench"));
    setAcceptDrops(true);
    createPages();
    createActions();
    createMenus();
    connectCompare();
    createToolBar();
    createDocks();
    createStatusBar();
    connectRun();
    connectPlanFile();
    connectHistory();
    setPlanVariables({});
    resize(1280, 800);
    readSettings();
    fitScreen();
    setWindowTitle(m_planFile->windowTitle());
    updateActions();
}

MainWindow::~MainWindow() = default;

// ---- construction

void MainWindow::createPages()
{
    m_planPage = new PlanPage(this);
    m_planPage->editor()->setPlaceholderText(
        tr("Open a plan (Ctrl+O) or start one from a template (Ctrl+N)."));
    m_planFile = new PlanFile(m_planPage, this);
    m_commands = new RunCommands(m_store, m_planPage, m_planFile, this);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_planPage);
    m_stack->addWidget(new RunPage(runController(), m_store, this));
    m_quickTestPage = new QuickTestPage(this);
    m_stack->addWidget(m_quickTestPage);
    m_historyPage = new HistoryPage(m_store, this);
    m_stack->addWidget(m_historyPage);
    m_stack->addWidget(new ComparePage(m_store, this));

    m_switcher = new PageSwitcher(this);
    const struct
    {
        QString name;
        QStyle::StandardPixmap icon;
    } pages[PageCount] = {
        {tr("Plan"), QStyle::SP_FileDialogContentsView},
        {tr("Run"), QStyle::SP_MediaPlay},
        {tr("Quick test"), QStyle::SP_BrowserReload},
        {tr("History"), QStyle::SP_FileDialogDetailedView},
        {tr("Compare"), QStyle::SP_FileDialogListView},
    };
    for (const auto &p : pages)
        m_switcher->addPage(p.icon == QStyle::SP_MediaPlay ? runGlyphIcon(RunGlyph::Play, palette())
                                                           : style()->standardIcon(p.icon),
                            p.name);
    connect(m_switcher, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);
    // Only the page shown sets the stack's minimum size: the Run and Quick test pages' ~550 px
    // left the Plan page's docks 2.5 rows of check results at 1280x800.
    const auto followPage = [this](int current) {
        for (int i = 0; i < m_stack->count(); ++i)
            m_stack->widget(i)->setSizePolicy(
                i == current ? QSizePolicy::Preferred : QSizePolicy::Ignored,
                i == current ? QSizePolicy::Preferred : QSizePolicy::Ignored);
    };
    connect(m_stack, &QStackedWidget::currentChanged, this, followPage);
    followPage(m_stack->currentIndex());
    m_switcher->setCurrentRow(PlanPageIndex);

    auto *central = new QWidget(this);
    auto *layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_switcher);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);

    connect(m_planPage, &PlanPage::validated, this, &MainWindow::updateActions);
    connect(m_planPage->outline(), &OutlineModel::selectionChanged, this,
            &MainWindow::updateActions);
}

void MainWindow::createActions()
{
    const auto icon = [this](QStyle::StandardPixmap p) { return style()->standardIcon(p); };
    m_newAction =
        makeAction(this, QStringLiteral("actionNew"), tr("&New plan from a template…"),
                   QKeySequence::keyBindings(QKeySequence::New), icon(QStyle::SP_FileIcon));
    m_openAction = makeAction(this, QStringLiteral("actionOpen"), tr("&Open…"),
                              QKeySequence::keyBindings(QKeySequence::Open),
                              icon(QStyle::SP_DialogOpenButton));
    m_saveAction = makeAction(this, QStringLiteral("actionSave"), tr("&Save"),
                              QKeySequence::keyBindings(QKeySequence::Save),
                              icon(QStyle::SP_DialogSaveButton));
    m_saveAsAction = makeAction(
        this, QStringLiteral("actionSaveAs"), tr("Save &as…"),
        standardKeys(QKeySequence::SaveAs, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
    m_quitAction = makeAction(this, QStringLiteral("actionQuit"), tr("&Quit"),
                              standardKeys(QKeySequence::Quit, QKeySequence(Qt::CTRL | Qt::Key_Q)));
    m_undoAction =
        makeAction(this, QStringLiteral("actionUndo"), tr("&Undo"),
                   QKeySequence::keyBindings(QKeySequence::Undo), icon(QStyle::SP_ArrowBack));
    m_redoAction =
        makeAction(this, QStringLiteral("actionRedo"), tr("&Redo"),
                   QKeySequence::keyBindings(QKeySequence::Redo), icon(QStyle::SP_ArrowForward));
    m_findAction = makeAction(this, QStringLiteral("actionFind"), tr("&Find…"),
                              QKeySequence::keyBindings(QKeySequence::Find));
    m_replaceAction = makeAction(this, QStringLiteral("actionReplace"), tr("R&eplace…"),
                                 {QKeySequence(Qt::CTRL | Qt::Key_H)});
    m_findNextAction = makeAction(this, QStringLiteral("actionFindNext"), tr("Find &next"),
                                  QKeySequence::keyBindings(QKeySequence::FindNext));
    m_findPreviousAction =
        makeAction(this, QStringLiteral("actionFindPrevious"), tr("Find &previous"),
                   QKeySequence::keyBindings(QKeySequence::FindPrevious));
    m_goToLineAction = makeAction(this, QStringLiteral("actionGoToLine"), tr("&Go to line…"),
                                  {QKeySequence(Qt::CTRL | Qt::Key_L)});
    m_preferencesAction =
        makeAction(this, QStringLiteral("actionPreferences"), tr("Preferen&ces…"),
                   standardKeys(QKeySequence::Preferences, QKeySequence(Qt::CTRL | Qt::Key_Comma)));
    m_checkAction =
        makeAction(this, QStringLiteral("actionCheck"), tr("&Check"), {QKeySequence(Qt::Key_F7)});
    m_startAction =
        makeAction(this, QStringLiteral("actionStart"), tr("&Start"), {QKeySequence(Qt::Key_F5)});
    m_stopAction = makeAction(this, QStringLiteral("actionStop"), tr("S&top"),
                              {QKeySequence(Qt::SHIFT | Qt::Key_F5)});
    m_resumeAction =
        makeAction(this, QStringLiteral("actionResume"), tr("&Resume…"),
                   {QKeySequence(Qt::CTRL | Qt::Key_F5)}, icon(QStyle::SP_MediaSeekForward));
    m_retryAction = makeAction(
        this, QStringLiteral("actionRetryFailed"), tr("Retr&y failed cells…"),
        {QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_F5)}, icon(QStyle::SP_BrowserReload));
    m_retryAction->setIconText(tr("Retry failed"));
    m_retryAction->setToolTip(tr("Measure the failed cells of the newest run of this plan again, "
                                 "with a fresh retry budget"));
    m_aboutAction = makeAction(this, QStringLiteral("actionAbout"), tr("&About Stackbench"),
                               standardKeys(QKeySequence::HelpContents, QKeySequence(Qt::Key_F1)));
    m_checkAction->setIcon(runGlyphIcon(RunGlyph::Check, palette()));
    m_startAction->setIcon(runGlyphIcon(RunGlyph::Play, palette()));
    m_stopAction->setIcon(runGlyphIcon(RunGlyph::Stop, palette()));
    m_resumeAction->setIcon(runGlyphIcon(RunGlyph::Resume, palette()));
    m_newAction->setIconText(tr("New"));
    m_resumeAction->setIconText(tr("Resume"));
    m_quitAction->setMenuRole(QAction::QuitRole);
    m_preferencesAction->setMenuRole(QAction::PreferencesRole);

    connect(m_newAction, &QAction::triggered, m_planFile, &PlanFile::newFromTemplate);
    connect(m_openAction, &QAction::triggered, m_planFile, &PlanFile::openDialog);
    connect(m_saveAction, &QAction::triggered, m_planFile, &PlanFile::save);
    connect(m_saveAsAction, &QAction::triggered, m_planFile, &PlanFile::saveAs);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);
    CodeEditor *editor = m_planPage->editor();
    connect(m_undoAction, &QAction::triggered, editor, &QPlainTextEdit::undo);
    connect(m_redoAction, &QAction::triggered, editor, &QPlainTextEdit::redo);
    connect(editor, &QPlainTextEdit::undoAvailable, m_undoAction, &QAction::setEnabled);
    connect(editor, &QPlainTextEdit::redoAvailable, m_redoAction, &QAction::setEnabled);
    m_undoAction->setEnabled(false);
    m_redoAction->setEnabled(false);
    FindBar *find = m_planPage->findBar();
    auto onPlanPage = [this](auto f) {
        return [this, f] {
            showPage(PlanPageIndex);
            f();
        };
    };
    connect(m_findAction, &QAction::triggered, this, onPlanPage([find] { find->showFind(); }));
    connect(m_replaceAction, &QAction::triggered, this,
            onPlanPage([find] { find->showReplace(); }));
    connect(m_findNextAction, &QAction::triggered, this, onPlanPage([find] { find->findNext(); }));
    connect(m_findPreviousAction, &QAction::triggered, this,
            onPlanPage([find] { find->findPrevious(); }));
    connect(m_goToLineAction, &QAction::triggered, this,
            onPlanPage([editor] { editor->askGoToLine(); }));
    connect(m_preferencesAction, &QAction::triggered, this, [this] {
        SettingsDialog dialog(this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        const QString text = dialog.apply() ? tr("The language changes when Stackbench restarts.")
                                            : tr("Preferences saved.");
        appendLog(text);
        statusBar()->showMessage(text, 10000);
    });
    connect(m_checkAction, &QAction::triggered, m_commands, &RunCommands::check);
    connect(m_startAction, &QAction::triggered, m_commands, &RunCommands::start);
    connect(m_stopAction, &QAction::triggered, m_commands, &RunCommands::stop);
    connect(m_resumeAction, &QAction::triggered, m_commands, &RunCommands::resume);
    connect(m_retryAction, &QAction::triggered, m_commands, &RunCommands::retryFailed);
    connect(m_aboutAction, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Stackbench"),
                           tr("Stackbench %1\nFair benchmarks of complete HTTP server stacks.")
                               .arg(QCoreApplication::applicationVersion()));
    });

    const QString pageNames[PageCount] = {tr("&Plan"), tr("&Run"), tr("&Quick test"),
                                          tr("&History"), tr("&Compare")};
    for (int i = 0; i < PageCount; ++i) {
        QAction *a = makeAction(this, QStringLiteral("actionPage%1").arg(i + 1), pageNames[i],
                                {QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i))});
        connect(a, &QAction::triggered, this, [this, i] { showPage(Page(i)); });
        addAction(a);
        m_pageActions << a;
    }
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    addInOrder(file, {m_newAction, m_openAction, m_planFile->recentMenu()->menuAction(),
                      m_saveAction, m_saveAsAction, nullptr, m_historyPage->importAction(),
                      m_historyPage->exportMenu()->menuAction(), m_historyPage->switchStoreAction(),
                      nullptr, m_quitAction});

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    addInOrder(edit, {m_undoAction, m_redoAction, nullptr, m_findAction, m_replaceAction,
                      m_findNextAction, m_findPreviousAction, m_goToLineAction, nullptr,
                      m_preferencesAction});

    QMenu *runMenu = menuBar()->addMenu(tr("&Run"));
    addInOrder(runMenu, {m_checkAction, nullptr, m_startAction, m_stopAction, m_resumeAction,
                         m_retryAction, nullptr, m_commands->profileCpuAction()});

    QMenu *history = menuBar()->addMenu(tr("H&istory"));
    history->setObjectName(QStringLiteral("historyMenu"));
    addInOrder(history, {m_historyPage->openAction(), m_historyPage->resumeAction(),
                         m_historyPage->retryAction(), m_historyPage->exportMenu()->menuAction(),
                         m_historyPage->deleteAction(), nullptr, m_historyPage->importAction(),
                         m_historyPage->refreshAction(), m_historyPage->switchStoreAction()});

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    for (QAction *a : std::as_const(m_pageActions))
        view->addAction(a);
    view->addSeparator();

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_aboutAction);
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setAccessibleName(tr("Main toolbar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    addInOrder(bar, {m_newAction, m_openAction, m_saveAction, nullptr, m_checkAction, m_startAction,
                     m_stopAction, m_resumeAction, m_retryAction});
    QAction *toggle = bar->toggleViewAction();
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_T));
    findChild<QMenu *>(QStringLiteral("viewMenu"))->addAction(toggle);
}

static QDockWidget *makeDock(QMainWindow *window, const QString &name, const QString &title,
                             QWidget *content, const QKeySequence &key)
{
    auto *dock = new QDockWidget(title, window);
    dock->setObjectName(name);
    dock->setWidget(content);
    dock->setAccessibleName(title);
    dock->toggleViewAction()->setShortcut(key);
    window->findChild<QMenu *>(QStringLiteral("viewMenu"))->addAction(dock->toggleViewAction());
    return dock;
}

void MainWindow::createDocks()
{
    m_problems = new QTreeView(this);
    m_problems->setModel(m_planPage->diagnostics());
    m_problems->setRootIsDecorated(false);
    m_problems->setUniformRowHeights(true);
    m_problems->setAlternatingRowColors(true);
    m_problems->setAccessibleName(tr("Problems"));
    m_problems->header()->setStretchLastSection(true);
    connect(m_problems, &QTreeView::clicked, this, &MainWindow::jumpToProblem);
    connect(m_problems, &QTreeView::activated, this, &MainWindow::jumpToProblem);
    // An error comes forward when it appears (the check results' tab hid it).
    connect(m_planPage, &PlanPage::validated, this, [this](bool ok) {
        if (!ok && std::exchange(m_planWasValid, false)) {
            m_problemsDock->show();
            m_problemsDock->raise();
        }
        m_planWasValid = m_planWasValid || ok;
    });
    connect(m_planPage->diagnostics(), &QAbstractItemModel::modelReset, this, [this] {
        for (int c = 0; c < DiagnosticsModel::MessageColumn; ++c)
            m_problems->resizeColumnToContents(c);
        const int n = m_planPage->diagnostics()->rowCount();
        m_problemsDock->setWindowTitle(n ? tr("Problems (%1)").arg(n) : tr("Problems"));
    });

    m_log = new QPlainTextEdit(this);
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(kMaxLogLines);
    m_log->setAccessibleName(tr("Log"));
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    QScrollBar *logBar = m_log->verticalScrollBar();
    connect(logBar, &QAbstractSlider::actionTriggered, this, [this, logBar] {
        // After the action has moved the bar: following again once back at the end.
        QTimer::singleShot(0, this,
                           [this, logBar] { m_logFollows = logBar->value() >= logBar->maximum(); });
    });

    m_checkView = new CheckView(parityModel(), this);

    m_problemsDock = makeDock(this, QStringLiteral("problemsDock"), tr("Problems"), m_problems,
                              QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_P));
    m_checkDock = makeDock(this, QStringLiteral("checkDock"), tr("Check results"), m_checkView,
                           QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    m_logDock = makeDock(this, QStringLiteral("logDock"), tr("Log"), m_log,
                         QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L));
    addDockWidget(Qt::BottomDockWidgetArea, m_problemsDock);
    addDockWidget(Qt::BottomDockWidgetArea, m_logDock);
    tabifyDockWidget(m_problemsDock, m_checkDock);
    m_problemsDock->raise();
    resizeDocks({m_problemsDock, m_logDock}, {640, 480}, Qt::Horizontal);
    // On a short screen (1280x720) the docks leave the pages their room: the Plan page's outline
    // and the live charts need it more than an empty Problems list.
    const bool shortScreen = screen() && screen()->availableGeometry().height() < 900;
    resizeDocks({m_problemsDock}, {shortScreen ? 130 : 200}, Qt::Vertical);
    connect(m_stack, &QStackedWidget::currentChanged, this, &MainWindow::followDocks);
}

// The docks (Problems, Check results, Log) serve the plan and its runs. History and Compare need
// the window's height for their tables, charts and flame graphs (at 1280x720 Compare showed one
// row of its table above them): there the docks step aside, and they come back as they were when
// the Plan, Run or Quick test page is shown again. View's actions still open them anywhere.
void MainWindow::followDocks(int page)
{
    const bool aside = page == HistoryPageIndex || page == ComparePageIndex;
    if (aside == m_docksAside)
        return;
    m_docksAside = aside;
    const QList<QDockWidget *> docks{m_problemsDock, m_checkDock, m_logDock};
    if (aside) {
        m_docksOpen.clear();
        m_dockInFront = m_checkDock->isVisible() ? m_checkDock : m_problemsDock;
        for (QDockWidget *dock : docks)
            if (dock->toggleViewAction()->isChecked())
                m_docksOpen << dock;
        for (QDockWidget *dock : std::as_const(m_docksOpen))
            dock->hide();
        return;
    }
    for (QDockWidget *dock : std::as_const(m_docksOpen))
        dock->show();
    if (m_dockInFront && m_docksOpen.contains(m_dockInFront))
        m_dockInFront->raise();
    m_docksOpen.clear();
}

void MainWindow::createStatusBar()
{
    m_status = new RunStatus(statusBar(), runController(), checkController());
    m_status->followQuickTest(m_quickTestPage->controller());
    connect(m_status, &RunStatus::logged, this, &MainWindow::appendLog);
}

QString MainWindow::statusText() const
{
    return m_status->text();
}

// ---- settings

void MainWindow::fitScreen()
{
    // 1280x800 (or a size remembered on a larger screen) was taller than a 1280x720 screen: the
    // docks and the status bar were off its bottom edge.
    const QRect room = screen()->availableGeometry();
    const QSize frame = frameGeometry().size() - geometry().size();
    const QSize fits = size().boundedTo(room.size() - frame);
    if (fits != size()) {
        resize(fits);
        move(room.topLeft());
    }
}

void MainWindow::readSettings()
{
    QSettings s;
    restoreGeometry(s.value(QStringLiteral("mainwindow/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("mainwindow/state")).toByteArray());
    m_planPage->restoreState(s.value(QStringLiteral("mainwindow/planSplitter")).toByteArray());
    m_store->setLocation(s.value(QStringLiteral("store/location")).toString());
}

void MainWindow::writeSettings() const
{
    QSettings s;
    s.setValue(QStringLiteral("mainwindow/geometry"), saveGeometry());
    s.setValue(QStringLiteral("mainwindow/state"), saveState());
    s.setValue(QStringLiteral("mainwindow/planSplitter"), m_planPage->saveState());
}

// ---- plans

void MainWindow::setPlanVariables(const plan::PlanVariables &variables)
{
    m_commands->setPlanVariables(variables);
    m_planPage->setVariables(planVariables());
    m_store->setPlanVariables(planVariables());
}

plan::PlanVariables MainWindow::planVariables() const
{
    return m_commands->planVariables();
}

void MainWindow::setStoreLocation(const QString &location)
{
    m_store->setLocation(location);
}

QString MainWindow::storeLocation() const
{
    return m_store->location();
}

bool MainWindow::openPlan(const QString &path)
{
    return m_planFile->open(path);
}

// Opening, creating and saving plans are logged and said in the status bar.
void MainWindow::connectPlanFile()
{
    connect(m_planFile, &PlanFile::stateChanged, this, [this] {
        setWindowTitle(m_planFile->windowTitle());
        setWindowFilePath(m_planFile->path());
        setWindowModified(m_planFile->isModified());
    });
    connect(m_planFile, &PlanFile::opened, this, [this](const QString &path) {
        parityModel()->clear();
        showPage(PlanPageIndex);
        appendLog(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
        showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
    });
    connect(m_planFile, &PlanFile::openFailed, this, [this](const QString &error) {
        appendLog(error);
        showMessage(error, 10000);
    });
    connect(m_planFile, &PlanFile::created, this,
            [this](const QString &name, const QString &description) {
                parityModel()->clear();
                showPage(PlanPageIndex);
                appendLog(tr("New plan from the template %1: %2").arg(name, description));
            });
    connect(m_planFile, &PlanFile::saved, this, [this](const QString &path) {
        showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    });
}

void MainWindow::updateActions()
{
    const bool busy = runController()->isBusy();
    const bool checking = checkController()->isBusy();
    const bool hasPlan = m_planPage->lastValidPlan().has_value();
    const RunEstimate e = m_planPage->outline()->estimate();
    m_startAction->setEnabled(!busy && !checking && hasPlan && e.windows > 0);
    m_checkAction->setEnabled(!busy && !checking && hasPlan);
    m_stopAction->setEnabled(runController()->state() == RunController::State::Running || checking);
    m_resumeAction->setEnabled(!busy && !checking && !m_commands->isLookingForResume() &&
                               !m_planPage->filePath().isEmpty());
    m_retryAction->setEnabled(m_resumeAction->isEnabled());
    m_newAction->setEnabled(!busy);
    m_openAction->setEnabled(!busy);
    m_planFile->setOpenEnabled(!busy);
    m_historyPage->setRunBusy(busy || checking);
}

void MainWindow::jumpToProblem(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    const int line = index.data(DiagnosticsModel::LineRole).toInt();
    const int column = index.data(DiagnosticsModel::ColumnRole).toInt();
    showPage(PlanPageIndex);
    m_planPage->goTo(std::max(1, line), std::max(1, column));
}

// ---- pages

void MainWindow::showPage(Page page)
{
    m_switcher->setCurrentRow(page);
}

MainWindow::Page MainWindow::currentPage() const
{
    return Page(m_stack->currentIndex());
}

// ---- runs

RunController *MainWindow::runController() const
{
    return m_commands->runController();
}

CheckController *MainWindow::checkController() const
{
    return m_commands->checkController();
}

ParityModel *MainWindow::parityModel() const
{
    return m_commands->parityModel();
}

run::RunOptions MainWindow::startOptions() const
{
    return m_commands->startOptions();
}

void MainWindow::connectRun()
{
    connect(runController(), &RunController::stateChanged, this,
            [this](RunController::State state) {
                updateActions();
                if (state == RunController::State::Idle && m_closeAfterStop)
                    close();
            });
    connect(checkController(), &CheckController::busyChanged, this, &MainWindow::updateActions);
    connect(checkController(), &CheckController::checkStarted, this, [this] {
        m_checkDock->show();
        m_checkDock->raise();
        // Room for a start row and a few checks per configuration (2.5 rows were shown), within
        // half the window.
        const int wanted = std::max(m_checkDock->height(), m_checkView->heightForRows(8));
        resizeDocks({m_checkDock}, {std::min(wanted, height() / 2)}, Qt::Vertical);
    });
    connect(m_commands, &RunCommands::logged, this, &MainWindow::appendLog);
    connect(m_commands, &RunCommands::runLaunched, this, [this] { showPage(RunPageIndex); });
    connect(m_commands, &RunCommands::checkSummaryChanged, m_checkView, &CheckView::setSummary);
    connect(m_commands, &RunCommands::problemsFound, this, [this] {
        m_problemsDock->show();
        m_problemsDock->raise();
    });
    connect(m_commands, &RunCommands::resumeLookupChanged, this, [this](bool looking) {
        if (looking)
            statusBar()->showMessage(tr("Looking for an interrupted run of this plan…"));
        else
            statusBar()->clearMessage();
        updateActions();
    });
}

// ---- compare

ComparePage *MainWindow::comparePage() const
{
    return static_cast<ComparePage *>(m_stack->widget(ComparePageIndex));
}

// File ▸ Export chart is the Compare page's Export menu; the page's run list follows the runs
// measured here.
void MainWindow::connectCompare()
{
    ComparePage *compare = comparePage();
    auto *file = findChild<QMenu *>(QStringLiteral("fileMenu"));
    file->insertMenu(m_quitAction, compare->exportMenu());
    file->insertSeparator(m_quitAction);
    connect(runController(), &RunController::runFinished, compare, &ComparePage::refreshRuns);
    connect(runController(), &RunController::runFailed, compare, &ComparePage::refreshRuns);
}

// ---- history

void MainWindow::connectHistory()
{
    connect(m_historyPage, &HistoryPage::resumeRequested, m_commands,
            &RunCommands::resumeStoredRun);
    connect(m_historyPage, &HistoryPage::retryRequested, m_commands, &RunCommands::retryStoredRun);
    connect(m_historyPage, &HistoryPage::operationFinished, this,
            [this](const StoreOperation &, const QString &message) {
                appendLog(message);
                showMessage(message, 15000);
            });
    // The password stays in the service and the settings, never shown.
    connect(m_historyPage, &HistoryPage::storeSwitched, this, [](const QString &location) {
        QSettings().setValue(QStringLiteral("store/location"), location);
    });
    // The list follows the runs of this window.
    RunController *run = runController();
    connect(run, &RunController::runStarted, m_historyPage, &HistoryPage::reload);
    connect(run, &RunController::runFinished, m_historyPage, &HistoryPage::reload);
    connect(run, &RunController::runFailed, m_historyPage, &HistoryPage::reload);
    // A quick test kept in history goes to the store History lists, and shows there at once.
    const auto followStore = [this] { m_quickTestPage->setStoreLocation(m_store->location()); };
    followStore();
    connect(m_store, &StoreService::locationChanged, this, followStore);
    connect(m_quickTestPage, &QuickTestPage::kept, this, [this](const QString &runId) {
        appendLog(tr("Quick test kept in history as run %1").arg(runId));
        m_historyPage->reload();
    });
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!HistoryPage::importableFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QStringList files = HistoryPage::importableFiles(event->mimeData());
    if (files.isEmpty())
        return;
    event->acceptProposedAction();
    showPage(HistoryPageIndex);
    m_historyPage->importFiles(files);
}

// ---- log and notifications

void MainWindow::appendLog(const QString &line)
{
    m_log->appendPlainText(QTime::currentTime().toString(QStringLiteral("HH:mm:ss ")) + line);
    // QPlainTextEdit follows only while its scroll bar sits at the end; a resize moves it off
    // the end and the log stopped following. It follows unless the user scrolled away.
    if (m_logFollows)
        m_log->verticalScrollBar()->setValue(m_log->verticalScrollBar()->maximum());
}

void MainWindow::showMessage(const QString &text, int timeoutMs)
{
    statusBar()->showMessage(text, timeoutMs);
}

// ---- closing

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (runController()->isBusy()) {
        event->ignore();
        if (m_closeAfterStop)
            return; // already stopping; close() follows when the run is idle
        const auto answer = QMessageBox::question(
            this, tr("A run is going on"),
            tr("Stop the run and close? The window being measured is not stored; the run can be "
               "resumed later."),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes)
            return;
        m_closeAfterStop = true;
        statusBar()->showMessage(tr("Stopping the run, then closing…"));
        runController()->stop();
        return;
    }
    m_closeAfterStop = false;
    if (!m_planFile->maybeSave()) {
        event->ignore();
        return;
    }
    checkController()->stop();
    followDocks(PlanPageIndex); // the docks as the user left them, not as History put them
    writeSettings();
    event->accept();
}

} // namespace sb
