#include "ui/mainwindow.h"

#include "core/qterror.h"
#include "run/runnerprocess.h"
#include "store/runstore.h"
#include "ui/checkcontroller.h"
#include "ui/models/diagnosticsmodel.h"
#include "ui/models/outlinemodel.h"
#include "ui/models/paritymodel.h"
#include "ui/models/runsmodel.h"
#include "ui/pages/comparepage.h"
#include "ui/pages/historypage.h"
#include "ui/pages/planpage.h"
#include "ui/pages/quicktestpage.h"
#include "ui/pages/runpage.h"
#include "ui/runcontroller.h"
#include "ui/settingsdialog.h"
#include "ui/storedruns.h"
#include "ui/widgets/checkview.h"
#include "ui/widgets/codeeditor.h"
#include "ui/widgets/findbar.h"
#include "ui/widgets/outlineview.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QToolBar>
#include <QTreeView>
#include <QtConcurrent/QtConcurrentRun>

namespace sb {

static constexpr int kMaxRecentPlans = 8;
static constexpr int kMaxLogLines = 5000;

namespace {

// A plan template embedded under :/templates.
struct PlanTemplate
{
    QString file;
    QString name;
    QString description;
};

QList<PlanTemplate> planTemplates()
{
    QList<PlanTemplate> out;
    const QDir dir(QStringLiteral(":/templates"));
    for (const QString &entry : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        QFile f(dir.filePath(entry));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        out << PlanTemplate{f.fileName(), o.value(QLatin1String("name")).toString(entry),
                            o.value(QLatin1String("description")).toString()};
    }
    return out;
}

QString phaseText(run::Phase phase)
{
    return phase == run::Phase::WarmUp ? MainWindow::tr("warm-up") : MainWindow::tr("measuring");
}

QString cellText(const run::CellRef &cell)
{
    return MainWindow::tr("round %1 · %2 · %3 · c=%4 · attempt %5")
        .arg(cell.round + 1)
        .arg(cell.configuration, cell.route)
        .arg(cell.concurrency)
        .arg(cell.attempt + 1);
}

QString windowText(const store::WindowRecord &w)
{
    const run::CellRef cell{w.round, w.configuration, w.route, w.concurrency, w.attempt};
    const double okPerS = w.elapsedS > 0 ? double(w.ok) / w.elapsedS : 0;
    if (w.valid)
        return MainWindow::tr("%1: valid, %2 2xx/s, p99 %3 ms")
            .arg(cellText(cell))
            .arg(okPerS, 0, 'f', 0)
            .arg(w.latencyUs.value(QLatin1String("p99")).toDouble() / 1000.0, 0, 'f', 2);
    return MainWindow::tr("%1: invalid: %2").arg(cellText(cell), w.invalidReason);
}

// Run glyphs drawn in colours that read on light and dark palettes alike (the style's media
// icons are black and vanish on a dark one).
enum class Glyph
{
    Play,
    Stop,
    Resume,
    Check
};

QIcon glyphIcon(Glyph glyph, const QPalette &palette)
{
    static const QColor colours[] = {QColor(0x2e, 0xa0, 0x4f), QColor(0xd9, 0x45, 0x3f),
                                     QColor(0x2e, 0xa0, 0x4f), QColor(0x2f, 0x7f, 0xd0)};
    QIcon icon;
    for (QIcon::Mode mode : {QIcon::Normal, QIcon::Disabled}) {
        QPixmap pm(32, 32);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        const QColor c = mode == QIcon::Disabled
                             ? palette.color(QPalette::Disabled, QPalette::WindowText)
                             : colours[int(glyph)];
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        switch (glyph) {
        case Glyph::Play:
            p.drawPolygon(QPolygonF{{8, 5}, {27, 16}, {8, 27}});
            break;
        case Glyph::Stop:
            p.drawRoundedRect(QRectF(7, 7, 18, 18), 2, 2);
            break;
        case Glyph::Resume:
            p.drawRect(QRectF(5, 6, 4, 20));
            p.drawPolygon(QPolygonF{{12, 5}, {28, 16}, {12, 27}});
            break;
        case Glyph::Check:
            p.setPen(QPen(c, 4.5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            p.setBrush(Qt::NoBrush);
            p.drawPolyline(QPolygonF{{6, 17}, {13, 24}, {26, 8}});
            break;
        }
        p.end();
        icon.addPixmap(pm, mode);
    }
    return icon;
}

QString absolutePath(const QString &path)
{
    return path.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_run(new RunController(this))
    , m_check(new CheckController(this))
    , m_parity(new ParityModel(this))
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
    connectCheck();
    connectHistory();
    setPlanVariables({});
    resize(1280, 800);
    readSettings();
    updateTitle();
    updateActions();
}

MainWindow::~MainWindow() = default;

// ---- construction

void MainWindow::createPages()
{
    m_planPage = new PlanPage(this);
    m_planPage->editor()->setPlaceholderText(
        tr("Open a plan (Ctrl+O) or start one from a template (Ctrl+N)."));
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_planPage);
    m_stack->addWidget(new RunPage(m_run, this));
    m_stack->addWidget(new QuickTestPage(this));
    m_historyPage = new HistoryPage(this);
    m_stack->addWidget(m_historyPage);
    m_stack->addWidget(new ComparePage(this));

    m_switcher = new QListWidget(this);
    m_switcher->setAccessibleName(tr("Pages"));
    m_switcher->setViewMode(QListView::IconMode);
    m_switcher->setFlow(QListView::TopToBottom);
    m_switcher->setMovement(QListView::Static);
    m_switcher->setWrapping(false);
    m_switcher->setUniformItemSizes(true);
    m_switcher->setIconSize(QSize(28, 28));
    m_switcher->setSpacing(0);
    m_switcher->setWordWrap(false);
    m_switcher->setTextElideMode(Qt::ElideNone);
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
    int width = 0;
    for (const auto &p : pages) {
        const QIcon icon = p.icon == QStyle::SP_MediaPlay ? glyphIcon(Glyph::Play, palette())
                                                          : style()->standardIcon(p.icon);
        auto *item = new QListWidgetItem(icon, p.name, m_switcher);
        item->setTextAlignment(Qt::AlignHCenter);
        item->setToolTip(tr("%1 (Ctrl+%2)").arg(p.name).arg(m_switcher->count()));
        width = std::max(width, m_switcher->fontMetrics().horizontalAdvance(p.name));
    }
    // Room for the longest name (translations are longer) without eliding it.
    const QSize cell(std::max(width, 48) + 24,
                     m_switcher->iconSize().height() + m_switcher->fontMetrics().height() + 14);
    m_switcher->setGridSize(cell);
    // Uniform item sizes take the first item's size: without this every name would get the room
    // "Plan" needs and longer ones ("Schnelltest", "快速测试") would be cut.
    for (int i = 0; i < m_switcher->count(); ++i)
        m_switcher->item(i)->setSizeHint(cell);
    m_switcher->setFixedWidth(cell.width() + 2 * m_switcher->frameWidth() + 4);
    connect(m_switcher, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);
    m_switcher->setCurrentRow(PlanPageIndex);

    auto *central = new QWidget(this);
    auto *layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_switcher);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);

    connect(m_planPage, &PlanPage::modificationChanged, this, &MainWindow::updateTitle);
    connect(m_planPage, &PlanPage::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_planPage, &PlanPage::validated, this, &MainWindow::updateActions);
    connect(m_planPage->outline(), &OutlineModel::selectionChanged, this,
            &MainWindow::updateActions);
}

// The platform's keys for `key`, or `fallback` where the platform has none (SaveAs and Quit have
// none on some platforms, the offscreen one included).
static QList<QKeySequence> standardKeys(QKeySequence::StandardKey key, const QKeySequence &fallback)
{
    const QList<QKeySequence> keys = QKeySequence::keyBindings(key);
    return keys.isEmpty() ? QList<QKeySequence>{fallback} : keys;
}

// An action's text without its accelerator, as "&Open…" and Chinese "打开(&O)…" show in a tooltip.
static QString plainText(const QString &text)
{
    static const QRegularExpression accelerator(QStringLiteral("\\(&[^&]\\)|&(?!&)"));
    return QString(text).remove(accelerator).remove(QStringLiteral("…"));
}

static QAction *makeAction(QObject *parent, const QString &name, const QString &text,
                           const QList<QKeySequence> &keys, QStyle::StandardPixmap icon,
                           QStyle *style)
{
    auto *a = new QAction(text, parent);
    a->setObjectName(name);
    a->setIconText(plainText(text)); // the toolbar's label: "打开", not "打开(O)…"
    a->setShortcuts(keys);
    if (icon != QStyle::SP_CustomBase)
        a->setIcon(style->standardIcon(icon));
    if (!keys.isEmpty())
        a->setToolTip(MainWindow::tr("%1 (%2)").arg(
            plainText(text), keys.first().toString(QKeySequence::NativeText)));
    return a;
}

void MainWindow::createActions()
{
    QStyle *s = style();
    const auto none = QStyle::SP_CustomBase;
    m_newAction = makeAction(this, QStringLiteral("actionNew"), tr("&New plan from a template…"),
                             QKeySequence::keyBindings(QKeySequence::New), QStyle::SP_FileIcon, s);
    m_openAction =
        makeAction(this, QStringLiteral("actionOpen"), tr("&Open…"),
                   QKeySequence::keyBindings(QKeySequence::Open), QStyle::SP_DialogOpenButton, s);
    m_saveAction =
        makeAction(this, QStringLiteral("actionSave"), tr("&Save"),
                   QKeySequence::keyBindings(QKeySequence::Save), QStyle::SP_DialogSaveButton, s);
    m_saveAsAction = makeAction(
        this, QStringLiteral("actionSaveAs"), tr("Save &as…"),
        standardKeys(QKeySequence::SaveAs, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)), none,
        s);
    m_quitAction =
        makeAction(this, QStringLiteral("actionQuit"), tr("&Quit"),
                   standardKeys(QKeySequence::Quit, QKeySequence(Qt::CTRL | Qt::Key_Q)), none, s);
    m_undoAction =
        makeAction(this, QStringLiteral("actionUndo"), tr("&Undo"),
                   QKeySequence::keyBindings(QKeySequence::Undo), QStyle::SP_ArrowBack, s);
    m_redoAction =
        makeAction(this, QStringLiteral("actionRedo"), tr("&Redo"),
                   QKeySequence::keyBindings(QKeySequence::Redo), QStyle::SP_ArrowForward, s);
    m_findAction = makeAction(this, QStringLiteral("actionFind"), tr("&Find…"),
                              QKeySequence::keyBindings(QKeySequence::Find), none, s);
    m_replaceAction = makeAction(this, QStringLiteral("actionReplace"), tr("R&eplace…"),
                                 {QKeySequence(Qt::CTRL | Qt::Key_H)}, none, s);
    m_findNextAction = makeAction(this, QStringLiteral("actionFindNext"), tr("Find &next"),
                                  QKeySequence::keyBindings(QKeySequence::FindNext), none, s);
    m_findPreviousAction =
        makeAction(this, QStringLiteral("actionFindPrevious"), tr("Find &previous"),
                   QKeySequence::keyBindings(QKeySequence::FindPrevious), none, s);
    m_goToLineAction = makeAction(this, QStringLiteral("actionGoToLine"), tr("&Go to line…"),
                                  {QKeySequence(Qt::CTRL | Qt::Key_L)}, none, s);
    m_preferencesAction = makeAction(
        this, QStringLiteral("actionPreferences"), tr("Preferen&ces…"),
        standardKeys(QKeySequence::Preferences, QKeySequence(Qt::CTRL | Qt::Key_Comma)), none, s);
    m_checkAction = makeAction(this, QStringLiteral("actionCheck"), tr("&Check"),
                               {QKeySequence(Qt::Key_F7)}, none, s);
    m_startAction = makeAction(this, QStringLiteral("actionStart"), tr("&Start"),
                               {QKeySequence(Qt::Key_F5)}, none, s);
    m_stopAction = makeAction(this, QStringLiteral("actionStop"), tr("S&top"),
                              {QKeySequence(Qt::SHIFT | Qt::Key_F5)}, none, s);
    m_resumeAction =
        makeAction(this, QStringLiteral("actionResume"), tr("&Resume…"),
                   {QKeySequence(Qt::CTRL | Qt::Key_F5)}, QStyle::SP_MediaSeekForward, s);
    m_aboutAction =
        makeAction(this, QStringLiteral("actionAbout"), tr("&About Stackbench"),
                   standardKeys(QKeySequence::HelpContents, QKeySequence(Qt::Key_F1)), none, s);
    m_checkAction->setIcon(glyphIcon(Glyph::Check, palette()));
    m_startAction->setIcon(glyphIcon(Glyph::Play, palette()));
    m_stopAction->setIcon(glyphIcon(Glyph::Stop, palette()));
    m_resumeAction->setIcon(glyphIcon(Glyph::Resume, palette()));
    m_newAction->setIconText(tr("New"));
    m_resumeAction->setIconText(tr("Resume"));
    m_quitAction->setMenuRole(QAction::QuitRole);
    m_preferencesAction->setMenuRole(QAction::PreferencesRole);

    connect(m_newAction, &QAction::triggered, this, &MainWindow::newFromTemplate);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openDialog);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::save);
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveAs);
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
    connect(m_checkAction, &QAction::triggered, this, &MainWindow::checkPlan);
    connect(m_startAction, &QAction::triggered, this, &MainWindow::startRun);
    connect(m_stopAction, &QAction::triggered, this, &MainWindow::stopRun);
    connect(m_resumeAction, &QAction::triggered, this, &MainWindow::resumeRun);
    connect(m_aboutAction, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Stackbench"),
                           tr("Stackbench %1\nFair benchmarks of complete HTTP server stacks.")
                               .arg(QCoreApplication::applicationVersion()));
    });

    const QString pageNames[PageCount] = {tr("&Plan"), tr("&Run"), tr("&Quick test"),
                                          tr("&History"), tr("&Compare")};
    for (int i = 0; i < PageCount; ++i) {
        QAction *a = makeAction(this, QStringLiteral("actionPage%1").arg(i + 1), pageNames[i],
                                {QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i))}, none, s);
        connect(a, &QAction::triggered, this, [this, i] { showPage(Page(i)); });
        addAction(a);
        m_pageActions << a;
    }
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    file->addAction(m_saveAction);
    file->addAction(m_saveAsAction);
    file->addSeparator();
    file->addAction(m_historyPage->importAction());
    file->addMenu(m_historyPage->exportMenu());
    file->addAction(m_historyPage->switchStoreAction());
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);
    edit->addSeparator();
    edit->addAction(m_findAction);
    edit->addAction(m_replaceAction);
    edit->addAction(m_findNextAction);
    edit->addAction(m_findPreviousAction);
    edit->addAction(m_goToLineAction);
    edit->addSeparator();
    edit->addAction(m_preferencesAction);

    QMenu *runMenu = menuBar()->addMenu(tr("&Run"));
    runMenu->addAction(m_checkAction);
    runMenu->addSeparator();
    runMenu->addAction(m_startAction);
    runMenu->addAction(m_stopAction);
    runMenu->addAction(m_resumeAction);

    QMenu *history = menuBar()->addMenu(tr("H&istory"));
    history->setObjectName(QStringLiteral("historyMenu"));
    history->addAction(m_historyPage->openAction());
    history->addAction(m_historyPage->resumeAction());
    history->addMenu(m_historyPage->exportMenu());
    history->addAction(m_historyPage->deleteAction());
    history->addSeparator();
    history->addAction(m_historyPage->importAction());
    history->addAction(m_historyPage->refreshAction());
    history->addAction(m_historyPage->switchStoreAction());

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
    bar->addAction(m_newAction);
    bar->addAction(m_openAction);
    bar->addAction(m_saveAction);
    bar->addSeparator();
    bar->addAction(m_checkAction);
    bar->addAction(m_startAction);
    bar->addAction(m_stopAction);
    bar->addAction(m_resumeAction);
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

    m_checkView = new CheckView(m_parity, this);

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
    resizeDocks({m_problemsDock}, {200}, Qt::Vertical);
}

void MainWindow::createStatusBar()
{
    m_stateLabel = new QLabel(this);
    m_cellLabel = new QLabel(this);
    m_progress = new QProgressBar(this);
    m_etaLabel = new QLabel(this);
    m_stateLabel->setAccessibleName(tr("Run state"));
    m_cellLabel->setAccessibleName(tr("Current cell"));
    m_progress->setAccessibleName(tr("Run progress"));
    m_etaLabel->setAccessibleName(tr("Time left"));
    m_progress->setMaximumWidth(220);
    m_progress->setFormat(tr("window %v of %m"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->hide();
    statusBar()->addPermanentWidget(m_cellLabel, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_etaLabel);
    statusBar()->addPermanentWidget(m_stateLabel);
    m_stateLabel->setText(tr("Idle"));
}

QString MainWindow::statusText() const
{
    QStringList parts{m_stateLabel->text(), m_cellLabel->text(), m_etaLabel->text()};
    if (m_progress->isVisible())
        parts << m_progress->text();
    parts.removeAll(QString());
    return parts.join(QStringLiteral(" | "));
}

// ---- settings

void MainWindow::readSettings()
{
    QSettings s;
    restoreGeometry(s.value(QStringLiteral("mainwindow/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("mainwindow/state")).toByteArray());
    m_planPage->restoreState(s.value(QStringLiteral("mainwindow/planSplitter")).toByteArray());
    m_recent = s.value(QStringLiteral("plans/recent")).toStringList();
    if (m_storeLocation.isEmpty())
        m_storeLocation = s.value(QStringLiteral("store/location")).toString();
    m_historyPage->setStoreLocation(m_storeLocation);
    rebuildRecentMenu();
    comparePage()->setStoreLocation(m_storeLocation);
}

void MainWindow::writeSettings() const
{
    QSettings s;
    s.setValue(QStringLiteral("mainwindow/geometry"), saveGeometry());
    s.setValue(QStringLiteral("mainwindow/state"), saveState());
    s.setValue(QStringLiteral("mainwindow/planSplitter"), m_planPage->saveState());
    s.setValue(QStringLiteral("plans/recent"), m_recent);
}

void MainWindow::rememberRecent(const QString &path)
{
    m_recent.removeAll(path);
    m_recent.prepend(path);
    while (m_recent.size() > kMaxRecentPlans)
        m_recent.removeLast();
    QSettings().setValue(QStringLiteral("plans/recent"), m_recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    for (int i = 0; i < m_recent.size(); ++i) {
        const QString path = m_recent.at(i);
        QAction *a =
            m_recentMenu->addAction(tr("&%1 %2").arg(i + 1).arg(QDir::toNativeSeparators(path)));
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key(Qt::Key_1 + i)));
        connect(a, &QAction::triggered, this, [this, path] {
            if (!maybeSave())
                return;
            if (!openPlan(path))
                QMessageBox::warning(this, tr("Open recent"), m_lastError);
        });
    }
    m_recentMenu->setEnabled(!m_recent.isEmpty());
}

// ---- plans

void MainWindow::setPlanVariables(const plan::PlanVariables &variables)
{
    m_variables = variables;
    m_planPage->setVariables(planVariables());
    m_historyPage->setPlanVariables(planVariables());
}

plan::PlanVariables MainWindow::planVariables() const
{
    plan::PlanVariables v = m_variables;
    if (!v.contains(QStringLiteral("stackbench")))
        v.insert(QStringLiteral("stackbench"), QCoreApplication::applicationFilePath());
    return v;
}

void MainWindow::setStoreLocation(const QString &location)
{
    comparePage()->setStoreLocation(location);
    m_storeLocation = location;
    m_historyPage->setStoreLocation(location);
}

bool MainWindow::openPlan(const QString &path)
{
    QString error;
    if (!m_planPage->openFile(path, &error)) {
        m_lastError = error;
        appendLog(error);
        statusBar()->showMessage(error, 10000);
        return false;
    }
    rememberRecent(m_planPage->filePath());
    m_parity->clear();
    showPage(PlanPageIndex);
    appendLog(tr("Opened %1").arg(QDir::toNativeSeparators(m_planPage->filePath())));
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    const QString dir = m_planPage->filePath().isEmpty()
                            ? QDir::homePath()
                            : QFileInfo(m_planPage->filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open plan"), dir,
                                                      tr("Plans (*.json);;All files (*)"));
    if (!path.isEmpty() && !openPlan(path))
        QMessageBox::warning(this, tr("Open plan"), m_lastError);
}

void MainWindow::newFromTemplate()
{
    if (!maybeSave())
        return;
    const QList<PlanTemplate> templates = planTemplates();
    if (templates.isEmpty())
        return;
    QStringList items;
    for (const PlanTemplate &t : templates)
        items << t.name;
    bool ok = false;
    const QString chosen = QInputDialog::getItem(this, tr("New plan from a template"),
                                                 tr("Template:"), items, 0, false, &ok);
    if (!ok)
        return;
    const PlanTemplate &t = templates.at(items.indexOf(chosen));
    QFile f(t.file);
    if (!f.open(QIODevice::ReadOnly))
        return;
    m_planPage->newPlan(f.readAll());
    m_parity->clear();
    showPage(PlanPageIndex);
    appendLog(tr("New plan from the template %1: %2").arg(t.name, t.description));
}

bool MainWindow::save()
{
    if (m_planPage->filePath().isEmpty())
        return saveAs();
    QString error;
    if (!m_planPage->saveFile(m_planPage->filePath(), &error)) {
        QMessageBox::warning(this, tr("Save plan"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(m_planPage->filePath())),
                             5000);
    return true;
}

bool MainWindow::saveAs()
{
    QString suggested = m_planPage->filePath();
    if (suggested.isEmpty()) {
        const QString name = m_planPage->lastValidPlan() ? m_planPage->lastValidPlan()->name
                                                         : QStringLiteral("plan");
        suggested = QDir::home().filePath(name + QStringLiteral(".json"));
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Save plan as"), suggested,
                                                      tr("Plans (*.json);;All files (*)"));
    if (path.isEmpty())
        return false;
    QString error;
    if (!m_planPage->saveFile(path, &error)) {
        QMessageBox::warning(this, tr("Save plan"), error);
        return false;
    }
    rememberRecent(m_planPage->filePath());
    return true;
}

// true when there is nothing to save or the user saved or discarded the edits.
bool MainWindow::maybeSave()
{
    if (!m_planPage->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved plan"), tr("The plan has unsaved edits. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::updateTitle()
{
    const QString path = m_planPage->filePath();
    QString name = path.isEmpty() ? QString() : QFileInfo(path).fileName();
    if (name.isEmpty() && (m_planPage->isModified() || m_planPage->lastValidPlan()))
        name = tr("untitled.json");
    setWindowTitle(name.isEmpty() ? tr("Stackbench[*]") : tr("%1[*] — Stackbench").arg(name));
    setWindowFilePath(path);
    setWindowModified(m_planPage->isModified());
}

void MainWindow::updateActions()
{
    const bool busy = m_run->isBusy();
    const bool checking = m_check->isBusy();
    const bool hasPlan = m_planPage->lastValidPlan().has_value();
    const RunEstimate e = m_planPage->outline()->estimate();
    m_startAction->setEnabled(!busy && !checking && hasPlan && e.windows > 0);
    m_checkAction->setEnabled(!busy && !checking && hasPlan);
    m_stopAction->setEnabled(m_run->state() == RunController::State::Running || checking);
    m_resumeAction->setEnabled(!busy && !checking && !m_resumeLookup &&
                               !m_planPage->filePath().isEmpty());
    m_newAction->setEnabled(!busy);
    m_openAction->setEnabled(!busy);
    m_recentMenu->setEnabled(!busy && !m_recent.isEmpty());
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

run::RunOptions MainWindow::startOptions() const
{
    run::RunOptions options;
    options.planPath = m_planPage->filePath();
    options.storeLocation = m_storeLocation;
    options.variables = planVariables();
    m_planPage->outline()->applyTo(options);
    return options;
}

// Before a check or a run: the plan must be saved (the runner reads the file) and valid.
bool MainWindow::ensureRunnable(const QString &what)
{
    if (m_planPage->isModified() || m_planPage->filePath().isEmpty()) {
        const auto answer = QMessageBox::question(
            this, what, tr("%1 reads the plan file: save the plan first?").arg(what),
            QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Save);
        if (answer != QMessageBox::Save || !save())
            return false;
    }
    if (!m_planPage->isValid()) {
        m_problemsDock->show();
        m_problemsDock->raise();
        QMessageBox::warning(this, what,
                             tr("The plan has problems (listed under Problems); fix them first."));
        return false;
    }
    return true;
}

void MainWindow::startRun()
{
    if (m_run->isBusy() || !ensureRunnable(tr("Start")))
        return;
    const run::RunOptions options = startOptions();
    if (m_planPage->outline()->estimate().windows == 0) {
        QMessageBox::information(this, tr("Start"),
                                 tr("Tick at least one configuration and one route."));
        return;
    }
    appendLog(
        tr("Starting %1, profile %2").arg(QFileInfo(options.planPath).fileName(), options.profile));
    m_run->start(options);
    showPage(RunPageIndex);
}

void MainWindow::stopRun()
{
    if (m_check->isBusy())
        m_check->stop();
    if (m_run->state() == RunController::State::Running) {
        appendLog(tr("Stopping: the window being measured is not stored; the run can be resumed."));
        m_run->stop();
    }
}

std::optional<store::RunRecord> MainWindow::resumableRun(const QVector<store::RunRecord> &runs,
                                                         const QString &planPath)
{
    const QString wanted = absolutePath(planPath);
    for (const store::RunRecord &r : runs) {
        const bool resumable =
            r.status == store::kStatusInterrupted || r.status == store::kStatusIncomplete;
        if (resumable && !wanted.isEmpty() && absolutePath(r.planPath) == wanted)
            return r;
    }
    return std::nullopt;
}

void MainWindow::resumeRun()
{
    if (m_run->isBusy() || m_resumeLookup || m_planPage->filePath().isEmpty())
        return;
    m_resumeLookup = true;
    updateActions();
    statusBar()->showMessage(tr("Looking for an interrupted run of this plan…"));
    auto *watcher = new QFutureWatcher<StoredRuns>(this);
    connect(watcher, &QFutureWatcher<StoredRuns>::finished, this, [this, watcher] {
        const StoredRuns result = watcher->result();
        watcher->deleteLater();
        m_resumeLookup = false;
        statusBar()->clearMessage();
        updateActions();
        offerResume(result.runs, result.error);
    });
    watcher->setFuture(QtConcurrent::run(readStoredRuns, m_storeLocation));
}

void MainWindow::offerResume(const QVector<store::RunRecord> &runs, const QString &error)
{
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Resume"), tr("Cannot read the run store: %1").arg(error));
        return;
    }
    const std::optional<store::RunRecord> candidate = resumableRun(runs, m_planPage->filePath());
    if (!candidate) {
        QMessageBox::information(this, tr("Resume"),
                                 tr("No interrupted or incomplete run of %1 is stored.")
                                     .arg(QFileInfo(m_planPage->filePath()).fileName()));
        return;
    }
    const auto answer = QMessageBox::question(
        this, tr("Resume"),
        tr("Resume run %1 (profile %2, started %3, %4, %n valid window(s) stored)?", nullptr,
           candidate->validWindowCount)
            .arg(candidate->id, candidate->profile,
                 QLocale().toString(candidate->startedAt.toLocalTime(), QLocale::ShortFormat),
                 candidate->status));
    if (answer != QMessageBox::Yes)
        return;
    run::RunOptions options = startOptions();
    options.resumeRunId = candidate->id;
    appendLog(tr("Resuming run %1").arg(candidate->id));
    m_run->start(options);
    showPage(RunPageIndex);
}

void MainWindow::connectRun()
{
    connect(m_run, &RunController::stateChanged, this, [this](RunController::State state) {
        const QString names[] = {tr("Idle"), tr("Running"), tr("Stopping")};
        m_stateLabel->setText(names[int(state)]);
        if (state == RunController::State::Idle) {
            m_cellLabel->clear();
            m_etaLabel->clear();
        }
        updateActions();
        if (state == RunController::State::Idle && m_closeAfterStop)
            close();
    });
    connect(m_run, &RunController::runStarted, this, [this](const run::RunStarted &e) {
        appendLog(
            tr("Run %1 %2: plan %3, profile %4, %n window(s) to measure, %5 done; store %6",
               nullptr, e.totalWindows)
                .arg(e.runId, e.resumed ? tr("resumed") : tr("started"), e.planName, e.profile)
                .arg(e.doneWindows)
                .arg(e.storeLocation));
        for (const QString &w : e.warnings)
            appendLog(tr("warning: %1").arg(w));
        m_progress->setRange(0, std::max(1, e.totalWindows));
        m_progress->setValue(e.doneWindows);
        m_progress->show();
    });
    connect(m_run, &RunController::windowStarted, this, [this](const run::WindowStarted &e) {
        m_cellLabel->setText(cellText(e.cell) + QStringLiteral(" · ") + phaseText(e.phase));
    });
    connect(m_run, &RunController::quietWaitProgressed, this,
            [this](const run::WaitingForQuiet &e) {
                if (!e.outcome.isEmpty())
                    return; // the next window's start says what runs now
                m_cellLabel->setText(cellText(e.cell) + QStringLiteral(" · ") +
                                     tr("waiting for a quiet machine (%1 of %2 s)")
                                         .arg(e.waitedS, 0, 'f', 0)
                                         .arg(e.limitS, 0, 'f', 0));
            });
    connect(m_run, &RunController::windowFinished, this, [this](const run::WindowFinished &e) {
        QString line = windowText(e.window);
        if (e.willRetry)
            line += tr(" (measured again)");
        if (e.cellFailed)
            line += tr(" (cell failed: retries used up)");
        appendLog(line);
    });
    connect(m_run, &RunController::noted, this, [this](const run::RunNote &n) {
        appendLog(n.configuration.isEmpty()
                      ? tr("[%1] %2").arg(n.kind, n.detail)
                      : tr("[%1] %2: %3").arg(n.kind, n.configuration, n.detail));
    });
    connect(m_run, &RunController::progressed, this, [this](const run::Progress &p) {
        m_progress->setRange(0, std::max(1, p.totalWindows));
        m_progress->setValue(p.doneWindows);
        m_etaLabel->setText(
            p.etaS < 0 ? tr("ETA unknown")
                       : tr("ETA %1").arg(OutlineView::durationText(qint64(p.etaS * 1000))));
    });
    connect(m_run, &RunController::runFinished, this, [this](const run::RunFinished &e) {
        const QString text =
            tr("Run %1 %2: %3, %4, %5")
                .arg(e.runId, e.status, tr("%n valid window(s)", nullptr, e.validWindows),
                     tr("%n invalid attempt(s)", nullptr, e.invalidWindows),
                     tr("%n failed cell(s)", nullptr, int(e.failedCells.size())));
        appendLog(text);
        for (const QString &c : e.blockedConfigurations)
            appendLog(tr("blocked: %1").arg(c));
        if (!e.error.isEmpty())
            appendLog(tr("error: %1").arg(e.error));
        notify(tr("Run %1").arg(e.status), text, e.status == store::kStatusFailed);
    });
    connect(m_run, &RunController::runFailed, this, [this](const QString &message) {
        appendLog(tr("Run failed: %1").arg(message));
        notify(tr("Run failed"), message, true);
    });
}

// ---- check

void MainWindow::checkPlan()
{
    if (m_run->isBusy() || m_check->isBusy() || !ensureRunnable(tr("Check")))
        return;
    run::RunOptions options = startOptions();
    m_parity->clear();
    m_checkView->setSummary(tr("Checking…"));
    m_checkDock->show();
    m_checkDock->raise();
    appendLog(tr("Checking %1").arg(QFileInfo(options.planPath).fileName()));
    m_check->start(options);
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
    connect(m_run, &RunController::runFinished, compare, &ComparePage::refreshRuns);
    connect(m_run, &RunController::runFailed, compare, &ComparePage::refreshRuns);
}

void MainWindow::connectCheck()
{
    connect(m_check, &CheckController::busyChanged, this, [this](bool busy) {
        m_stateLabel->setText(busy ? tr("Checking") : tr("Idle"));
        updateActions();
    });
    connect(m_check, &CheckController::noted, this, [this](const run::RunNote &n) {
        appendLog(tr("[%1] %2: %3").arg(n.kind, n.configuration, n.detail));
    });
    connect(m_check, &CheckController::checkFinished, this, &MainWindow::showCheckOutcome);
    connect(m_check, &CheckController::checkFailed, this, [this](const QString &message) {
        m_checkView->setSummary(tr("The check could not run: %1").arg(message));
        appendLog(tr("Check failed: %1").arg(message));
    });
}

void MainWindow::showCheckOutcome(const CheckOutcome &outcome)
{
    const std::optional<plan::Plan> &plan = m_planPage->lastValidPlan();
    if (!plan)
        return;
    QStringList configurations = outcome.configurations;
    if (configurations.isEmpty())
        for (const plan::Configuration &c : plan->configurations)
            configurations << c.name;
    QVector<ParityRow> rows = parityRowsFromReport(*plan, configurations, outcome.report);
    attachResponses(&rows, outcome.notes);
    m_parity->setRows(rows);
    const QStringList failures = m_parity->failureSummary();
    m_checkView->setSummary(
        failures.isEmpty() ? tr("All %n configuration(s) started and passed every parity check.",
                                nullptr, int(configurations.size()))
                           : failures.join(QLatin1Char('\n')));
    for (const QString &line : outcome.report)
        appendLog(tr("check: %1").arg(line));
}

// ---- history

void MainWindow::connectHistory()
{
    connect(m_historyPage, &HistoryPage::resumeRequested, this, &MainWindow::resumeStoredRun);
    connect(m_historyPage, &HistoryPage::operationFinished, this,
            &MainWindow::historyOperationFinished);
    connect(m_historyPage, &HistoryPage::storeSwitched, this, [this](const QString &location) {
        m_storeLocation = location; // the password stays here and in the settings, never shown
        QSettings().setValue(QStringLiteral("store/location"), location);
    });
    // The list follows the runs of this window.
    connect(m_run, &RunController::runStarted, m_historyPage, &HistoryPage::reload);
    connect(m_run, &RunController::runFinished, m_historyPage, &HistoryPage::reload);
    connect(m_run, &RunController::runFailed, m_historyPage, &HistoryPage::reload);
}

void MainWindow::historyOperationFinished(const StoreOperation &, const QString &message)
{
    appendLog(message);
    statusBar()->showMessage(message, 15000);
}

void MainWindow::resumeStoredRun(const RunRow &run)
{
    if (m_run->isBusy() || m_check->isBusy() || !run.resumable())
        return;
    run::RunOptions options;
    options.planPath = run.planPath; // the runner reads the plan from the store
    options.profile = run.profile;
    options.storeLocation = m_storeLocation;
    options.variables = planVariables();
    options.resumeRunId = run.id;
    appendLog(tr("Resuming run %1 (%2, profile %3)").arg(run.id, run.planName, run.profile));
    m_run->start(options);
    showPage(RunPageIndex);
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
}

void MainWindow::notify(const QString &title, const QString &message, bool error)
{
    if (QSystemTrayIcon::isSystemTrayAvailable()) {
        if (!m_tray) {
            m_tray = new QSystemTrayIcon(windowIcon().isNull()
                                             ? style()->standardIcon(QStyle::SP_ComputerIcon)
                                             : windowIcon(),
                                         this);
            m_tray->setToolTip(tr("Stackbench"));
            m_tray->show();
        }
        m_tray->showMessage(title, message,
                            error ? QSystemTrayIcon::Critical : QSystemTrayIcon::Information);
    }
    statusBar()->showMessage(title + QStringLiteral(": ") + message, 30000);
    QApplication::alert(this);
}

// ---- closing

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_run->isBusy()) {
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
        m_run->stop();
        return;
    }
    m_closeAfterStop = false;
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_check->stop();
    writeSettings();
    event->accept();
}

} // namespace sb
