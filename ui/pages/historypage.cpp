#include "ui/pages/historypage.h"

#include "ui/models/runsfiltermodel.h"
#include "ui/models/runsmodel.h"
#include "ui/pages/profiledialog.h"
#include "ui/pages/rundialog.h"
#include "ui/pages/storedialog.h"
#include "ui/storeservice.h"
#include "ui/widgets/profilelist.h"
#include "ui/widgets/rundetails.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>
#include <utility>

namespace sb {

namespace {

constexpr int kMaxColumnWidth = 280; // machine names and CPU models are long

QAction *makeAction(QWidget *page, const QString &name, const QString &text,
                    const QKeySequence &key, QStyle::StandardPixmap icon = QStyle::SP_CustomBase)
{
    auto *a = new QAction(text, page);
    a->setObjectName(name);
    a->setShortcut(key);
    // Shortcuts like Delete act on the page only, not while the plan editor has the focus.
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    if (icon != QStyle::SP_CustomBase)
        a->setIcon(page->style()->standardIcon(icon));
    page->addAction(a);
    return a;
}

// One row per Export entry: the menu text, the action's name and shortcut, the file name's
// ending after the run id, and the file dialog's filter.
struct ExportEntry
{
    ExportFormat format;
    const char *text;
    const char *name;
    QKeyCombination key;
    const char *suffix;
    const char *filter;
};

const ExportEntry kExports[] = {
    {ExportFormat::Markdown, QT_TRANSLATE_NOOP("sb::HistoryPage", "&Markdown report…"),
     "actionExportMarkdown", Qt::CTRL | Qt::Key_E, ".md",
     QT_TRANSLATE_NOOP("sb::HistoryPage", "Markdown (*.md)")},
    {ExportFormat::Csv, QT_TRANSLATE_NOOP("sb::HistoryPage", "&CSV report…"), "actionExportCsv",
     Qt::CTRL | Qt::SHIFT | Qt::Key_E, ".csv", QT_TRANSLATE_NOOP("sb::HistoryPage", "CSV (*.csv)")},
    {ExportFormat::JsonReport, QT_TRANSLATE_NOOP("sb::HistoryPage", "&JSON report…"),
     "actionExportJsonReport", Qt::CTRL | Qt::ALT | Qt::Key_E, "-report.json",
     QT_TRANSLATE_NOOP("sb::HistoryPage", "JSON (*.json)")},
    {ExportFormat::Html, QT_TRANSLATE_NOOP("sb::HistoryPage", "&HTML report…"), "actionExportHtml",
     Qt::CTRL | Qt::ALT | Qt::Key_H, ".html",
     QT_TRANSLATE_NOOP("sb::HistoryPage", "HTML page (*.html)")},
    {ExportFormat::FullExport,
     QT_TRANSLATE_NOOP("sb::HistoryPage", "&Full export (JSON, for stackbench import)…"),
     "actionExportFull", Qt::CTRL | Qt::ALT | Qt::SHIFT | Qt::Key_E, "-export.json",
     QT_TRANSLATE_NOOP("sb::HistoryPage", "JSON (*.json)")},
};

const ExportEntry &exportEntry(ExportFormat format)
{
    for (const ExportEntry &e : kExports)
        if (e.format == format)
            return e;
    return kExports[0];
}

} // namespace

HistoryPage::HistoryPage(StoreService *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new RunsModel(this))
    , m_filter(new RunsFilterModel(this))
{
    setObjectName(QStringLiteral("historyPage"));
    setAcceptDrops(true);
    qRegisterMetaType<sb::RunDialog *>();
    qRegisterMetaType<sb::ProfileDialog *>();
    m_filter->setSourceModel(m_model);
    createActions();
    createLayout();
    connect(m_store, &StoreService::runsLoaded, this, [this](const RunsResult &r) {
        if (r.request == m_runsRequest)
            showRuns(r);
    });
    connect(m_store, &StoreService::runLoaded, this, [this](const StoredRun &r) {
        if (r.request == m_runRequest)
            showRun(r);
    });
    connect(m_store, &StoreService::operationFinished, this, [this](const StoreOperation &op) {
        if (m_operations.remove(op.request))
            finishOperation(op);
    });
    connect(m_store, &StoreService::locationChanged, this, &HistoryPage::showLocation);
    m_storeText = tr("Store %1").arg(displayStoreLocation(m_store->location()));
    setMessage(QString(), false);
    updateActions();
}

HistoryPage::~HistoryPage() = default;

// ---- construction

void HistoryPage::createActions()
{
    m_openAction = makeAction(this, QStringLiteral("actionOpenRun"), tr("&Open run"),
                              QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O),
                              QStyle::SP_FileDialogContentsView);
    m_resumeAction =
        makeAction(this, QStringLiteral("actionResumeRun"), tr("&Resume run"),
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F5), QStyle::SP_MediaSeekForward);
    m_retryAction =
        makeAction(this, QStringLiteral("actionRetryFailedCells"), tr("Re&try failed cells"),
                   QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F5), QStyle::SP_BrowserReload);
    m_retryAction->setToolTip(tr("Measure the cells that ran out of retries again, with a fresh "
                                 "retry budget (stackbench resume RUN --retry-failed)"));
    m_importAction = makeAction(this, QStringLiteral("actionImportRun"), tr("&Import run…"),
                                QKeySequence(Qt::CTRL | Qt::Key_I), QStyle::SP_DialogOpenButton);
    m_deleteAction = makeAction(this, QStringLiteral("actionDeleteRun"), tr("&Delete run…"),
                                QKeySequence(QKeySequence::Delete), QStyle::SP_TrashIcon);
    m_refreshAction = makeAction(this, QStringLiteral("actionRefreshRuns"), tr("Re&fresh"),
                                 QKeySequence(Qt::CTRL | Qt::Key_R), QStyle::SP_BrowserReload);
    m_switchAction =
        makeAction(this, QStringLiteral("actionSwitchStore"), tr("S&witch store…"),
                   QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S), QStyle::SP_DriveHDIcon);
    // The File menu reaches Import and Switch store from any page.
    m_importAction->setShortcutContext(Qt::WindowShortcut);
    m_switchAction->setShortcutContext(Qt::WindowShortcut);
    m_openAction->setIconText(tr("Open"));
    m_resumeAction->setIconText(tr("Resume"));
    m_retryAction->setIconText(tr("Retry failed"));
    m_importAction->setIconText(tr("Import"));
    m_deleteAction->setIconText(tr("Delete"));
    m_switchAction->setIconText(tr("Store"));

    m_exportMenu = new QMenu(tr("E&xport run"), this);
    m_exportMenu->setObjectName(QStringLiteral("exportMenu"));
    m_exportMenu->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    for (const ExportEntry &e : kExports) {
        QAction *a = makeAction(this, QLatin1String(e.name), tr(e.text), QKeySequence(e.key));
        const ExportFormat format = e.format;
        connect(a, &QAction::triggered, this, [this, format] { exportRun(format); });
        m_exportMenu->addAction(a);
        m_exportActions << a;
    }

    connect(m_openAction, &QAction::triggered, this, &HistoryPage::openSelected);
    connect(m_resumeAction, &QAction::triggered, this, &HistoryPage::resumeSelected);
    connect(m_retryAction, &QAction::triggered, this, &HistoryPage::retrySelected);
    connect(m_importAction, &QAction::triggered, this, &HistoryPage::importDialog);
    connect(m_deleteAction, &QAction::triggered, this, &HistoryPage::deleteSelected);
    connect(m_refreshAction, &QAction::triggered, this, &HistoryPage::reload);
    connect(m_switchAction, &QAction::triggered, this, &HistoryPage::switchStoreDialog);
}

void HistoryPage::createLayout()
{
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    m_filterEdit = new QLineEdit(this);
    m_filterEdit->setAccessibleName(tr("Filter runs"));
    m_filterEdit->setPlaceholderText(tr("Filter: plan, profile, machine, kernel, revision, run…"));
    m_filterEdit->setClearButtonEnabled(true);
    m_statusFilter = new QComboBox(this);
    m_statusFilter->setAccessibleName(tr("Status filter"));
    m_statusFilter->addItem(tr("Any status"), QString());
    for (QLatin1String s :
         {store::kStatusFinished, store::kStatusRunning, store::kStatusInterrupted,
          store::kStatusIncomplete, store::kStatusFailed})
        m_statusFilter->addItem(RunsModel::statusName(s), QString(s));
    top->addWidget(m_filterEdit, 1);
    top->addWidget(m_statusFilter);

    auto *bar = new QToolBar(this);
    bar->setAccessibleName(tr("Run actions"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setIconSize(QSize(16, 16));
    bar->addAction(m_openAction);
    bar->addAction(m_resumeAction);
    bar->addAction(m_retryAction);
    auto *exportButton = new QToolButton(bar);
    exportButton->setAccessibleName(tr("Export run"));
    exportButton->setText(tr("Export"));
    exportButton->setIcon(m_exportMenu->icon());
    exportButton->setMenu(m_exportMenu);
    exportButton->setPopupMode(QToolButton::InstantPopup);
    exportButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addWidget(exportButton);
    bar->addAction(m_deleteAction);
    bar->addSeparator();
    bar->addAction(m_importAction);
    bar->addAction(m_refreshAction);
    bar->addAction(m_switchAction);
    top->addWidget(bar);
    layout->addLayout(top);

    m_messageLabel = new QLabel(this);
    m_messageLabel->setAccessibleName(tr("Store"));
    m_messageLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_messageLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    layout->addWidget(m_messageLabel);

    auto *split = new QSplitter(Qt::Vertical, this);
    m_table = new QTableView(split);
    m_table->setObjectName(QStringLiteral("runsTable"));
    m_table->setAccessibleName(tr("Stored runs"));
    m_table->setModel(m_filter);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(RunsModel::StartedColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_details = new RunDetails(split);
    // A profiled cell's flame graph, or two profiles of the run as a differential.
    connect(m_details->profileList(), &ProfileList::profileRequested, this,
            [this](const store::ProfileRecord &p) {
                auto *dialog = new ProfileDialog(p, this);
                dialog->show();
                Q_EMIT profileOpened(dialog);
            });
    connect(m_details->profileList(), &ProfileList::diffRequested, this,
            [this](const store::ProfileRecord &a, const store::ProfileRecord &b) {
                auto *dialog = new ProfileDialog(a, b, ProfileList::cellName(a),
                                                 ProfileList::cellName(b), this);
                dialog->show();
                Q_EMIT profileOpened(dialog);
            });
    split->addWidget(m_table);
    split->addWidget(m_details);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    layout->addWidget(split, 1);

    connect(m_filterEdit, &QLineEdit::textChanged, m_filter, &RunsFilterModel::setText);
    connect(m_statusFilter, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setStatus(m_statusFilter->currentData().toString()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &HistoryPage::selectionChanged);
    connect(m_table, &QTableView::activated, this, &HistoryPage::openSelected);
    connect(m_table, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        QMenu menu(this);
        menu.addAction(m_openAction);
        menu.addAction(m_resumeAction);
        menu.addAction(m_retryAction);
        menu.addMenu(m_exportMenu);
        menu.addSeparator();
        menu.addAction(m_deleteAction);
        menu.exec(m_table->viewport()->mapToGlobal(at));
    });
    connect(m_filter, &QAbstractItemModel::modelReset, this, &HistoryPage::updateActions);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, &HistoryPage::updateActions);
}

// ---- state

QString HistoryPage::message() const
{
    return m_messageLabel->text();
}

void HistoryPage::setMessage(const QString &text, bool error)
{
    m_errorText = error ? text : QString();
    QString line = m_storeText;
    if (!text.isEmpty())
        line += QStringLiteral(" — ") + text;
    m_messageLabel->setText(line);
    m_messageLabel->setForegroundRole(error ? QPalette::BrightText : QPalette::WindowText);
    m_messageLabel->setToolTip(line);
}

void HistoryPage::showLocation()
{
    m_model->clear();
    m_current.reset();
    m_details->showMessage(tr("Select a run to see its details."));
    m_storeText = tr("Store %1").arg(displayStoreLocation(m_store->location()));
    setMessage(QString(), false);
    m_dirty = true;
    if (isVisible())
        reload();
}

void HistoryPage::setRunBusy(bool busy)
{
    m_runBusy = busy;
    updateActions();
}

std::optional<RunRow> HistoryPage::selectedRun() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return std::nullopt;
    const int row = m_filter->mapToSource(rows.first()).row();
    if (row < 0 || row >= m_model->rowCount())
        return std::nullopt;
    return m_model->run(row);
}

bool HistoryPage::selectRun(const QString &id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    QModelIndex index = m_filter->mapFromSource(m_model->index(row, 0));
    if (!index.isValid()) {
        m_filterEdit->clear();
        m_statusFilter->setCurrentIndex(0);
        index = m_filter->mapFromSource(m_model->index(row, 0));
    }
    m_table->selectRow(index.row());
    m_table->scrollTo(index);
    return true;
}

void HistoryPage::updateActions()
{
    const std::optional<RunRow> run = selectedRun();
    const bool running = run && run->status == store::kStatusRunning;
    m_openAction->setEnabled(run.has_value());
    m_resumeAction->setEnabled(run && run->resumable() && !m_runBusy);
    m_retryAction->setEnabled(run && run->retryable() && !m_runBusy);
    m_deleteAction->setEnabled(run && !running);
    for (QAction *a : std::as_const(m_exportActions))
        a->setEnabled(run.has_value());
    m_exportMenu->setEnabled(run.has_value());
}

// ---- loading

void HistoryPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        reload();
}

void HistoryPage::reload()
{
    m_dirty = false;
    if (const std::optional<RunRow> run = selectedRun(); run && m_selectAfterLoad.isEmpty())
        m_selectAfterLoad = run->id;
    m_runsRequest = m_store->requestRuns(this);
}

void HistoryPage::showRuns(const RunsResult &result)
{
    m_model->setRuns(result.runs);
    if (!result.error.isEmpty()) {
        setMessage(tr("cannot read the runs: %1").arg(result.error), true);
    } else if (result.missing) {
        setMessage(tr("no run store there yet: a run or an import creates it"), false);
    } else {
        const int shown = m_filter->rowCount();
        setMessage(shown == m_model->rowCount()
                       ? tr("%n run(s)", nullptr, m_model->rowCount())
                       : tr("%1 of %n run(s) shown", nullptr, m_model->rowCount()).arg(shown),
                   false);
    }
    m_table->resizeColumnsToContents();
    for (int c = 0; c < RunsModel::ColumnCount - 1; ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), kMaxColumnWidth));
    const QString wanted = std::exchange(m_selectAfterLoad, QString());
    if (!wanted.isEmpty() && selectRun(wanted)) {
        // Details of the run as it is now (it may have gained windows).
        if (m_current && m_current->runId == wanted)
            m_runRequest = m_store->requestRun(wanted, this);
    } else if (m_current && m_model->rowOf(m_current->runId) < 0) {
        m_current.reset();
        m_details->showMessage(tr("Select a run to see its details."));
    }
    updateActions();
    Q_EMIT runsLoaded(int(m_model->rowCount()));
}

void HistoryPage::selectionChanged()
{
    updateActions();
    const std::optional<RunRow> run = selectedRun();
    if (!run)
        return;
    if (m_current && m_current->runId == run->id)
        return;
    m_details->showMessage(tr("Loading run %1…").arg(run->id));
    m_runRequest = m_store->requestRun(run->id, this);
}

void HistoryPage::showRun(const StoredRun &run)
{
    const std::optional<RunRow> selected = selectedRun();
    if (!selected || selected->id != run.runId) {
        // The selection moved on; a newer request is on its way.
        if (m_openWhenLoaded == run.runId)
            m_openWhenLoaded.clear();
        return;
    }
    m_current = run;
    m_details->setRun(run);
    Q_EMIT detailsShown(run.runId);
    if (m_openWhenLoaded == run.runId) {
        m_openWhenLoaded.clear();
        openSelected();
    }
}

// ---- actions

void HistoryPage::openSelected()
{
    const std::optional<RunRow> run = selectedRun();
    if (!run)
        return;
    if (!m_current || m_current->runId != run->id) {
        m_openWhenLoaded = run->id; // opens when the details arrive
        return;
    }
    if (!m_current->error.isEmpty()) {
        setMessage(m_current->error, true);
        return;
    }
    auto *dialog = new RunDialog(*m_current, m_store, this);
    dialog->show();
    Q_EMIT runOpened(dialog);
}

void HistoryPage::resumeSelected()
{
    const std::optional<RunRow> run = selectedRun();
    if (run && run->resumable() && !m_runBusy)
        Q_EMIT resumeRequested(*run);
}

void HistoryPage::retrySelected()
{
    const std::optional<RunRow> run = selectedRun();
    if (run && run->retryable() && !m_runBusy)
        Q_EMIT retryRequested(*run);
}

QString HistoryPage::exportSuggestion(const RunRow &run, ExportFormat format) const
{
    const QString dir =
        QSettings().value(QStringLiteral("history/exportDir"), QDir::homePath()).toString();
    return QDir(dir).filePath(run.id + QLatin1String(exportEntry(format).suffix));
}

void HistoryPage::exportRun(ExportFormat format, const QString &path, const QString &runId)
{
    QString id = runId;
    QString target = path;
    if (id.isEmpty()) {
        const std::optional<RunRow> run = selectedRun();
        if (!run)
            return;
        id = run->id;
        if (target.isEmpty()) {
            const QString filter = tr(exportEntry(format).filter);
            target = QFileDialog::getSaveFileName(
                this, tr("Export run %1").arg(id), exportSuggestion(*run, format),
                filter + QStringLiteral(";;") + tr("All files (*)"));
            if (target.isEmpty())
                return;
            QSettings().setValue(QStringLiteral("history/exportDir"),
                                 QFileInfo(target).absolutePath());
        }
    }
    if (target.isEmpty())
        return;
    setMessage(tr("exporting run %1 to %2…").arg(id, QDir::toNativeSeparators(target)), false);
    m_operations.insert(m_store->requestExport(id, format, target));
}

void HistoryPage::importDialog()
{
    const QString dir =
        QSettings().value(QStringLiteral("history/importDir"), QDir::homePath()).toString();
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Import runs"), dir, tr("Stackbench exports (*.json);;All files (*)"));
    if (paths.isEmpty())
        return;
    QSettings().setValue(QStringLiteral("history/importDir"),
                         QFileInfo(paths.first()).absolutePath());
    importFiles(paths);
}

void HistoryPage::importFiles(const QStringList &paths)
{
    for (const QString &path : paths) {
        setMessage(tr("importing %1…").arg(QDir::toNativeSeparators(path)), false);
        m_operations.insert(m_store->requestImport(path));
    }
}

void HistoryPage::deleteSelected()
{
    const std::optional<RunRow> run = selectedRun();
    if (!run || run->status == store::kStatusRunning)
        return;
    const QString question =
        tr("Delete run %1 (%2, profile %3, started %4)?\n\nThis removes its %n stored "
           "window(s) from the store, with their intervals, samples and histograms, and the "
           "run's events and server logs. It cannot be undone; export the run first to keep a "
           "copy.",
           nullptr, int(run->windows))
            .arg(run->id, run->planName, run->profile,
                 QLocale().toString(run->startedAt.toLocalTime(), QLocale::ShortFormat));
    const auto answer =
        QMessageBox::warning(this, tr("Delete run"), question,
                             QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Yes)
        return;
    setMessage(tr("deleting run %1…").arg(run->id), false);
    m_operations.insert(m_store->requestDelete(run->id));
}

void HistoryPage::switchStoreDialog()
{
    StoreDialog dialog(m_store->location(), this);
    if (dialog.exec() == QDialog::Accepted)
        switchStore(dialog.location());
}

void HistoryPage::switchStore(const QString &location)
{
    m_switchingTo = location;
    setMessage(tr("opening %1…").arg(displayStoreLocation(location)), false);
    m_switchRequest = m_store->requestCheck(location);
    m_operations.insert(m_switchRequest);
}

void HistoryPage::finishOperation(const StoreOperation &op)
{
    using Kind = StoreOperation::Kind;
    QString text;
    if (op.kind == Kind::Check) {
        if (op.request != m_switchRequest)
            return; // an earlier switch the user changed their mind about
        const QString shown = displayStoreLocation(op.path);
        if (!op.error.isEmpty()) {
            text = tr("cannot switch to %1: %2").arg(shown, op.error);
        } else {
            const QString location = std::exchange(m_switchingTo, QString());
            if (!m_store->setLocation(location))
                showLocation(); // the same store again: list it afresh all the same
            text = op.missing ? tr("switched to %1 (no store there yet)").arg(shown)
                              : tr("switched to %1").arg(shown);
            Q_EMIT storeSwitched(location);
        }
    } else if (!op.error.isEmpty()) {
        text = op.kind == Kind::Import   ? tr("import failed: %1").arg(op.error)
               : op.kind == Kind::Export ? tr("export failed: %1").arg(op.error)
                                         : tr("delete failed: %1").arg(op.error);
    } else if (op.kind == Kind::Import) {
        text = tr("imported run %1 from %2").arg(op.runId, QDir::toNativeSeparators(op.path));
        m_selectAfterLoad = op.runId;
        reload();
    } else if (op.kind == Kind::Export) {
        text = tr("wrote run %1 to %2").arg(op.runId, QDir::toNativeSeparators(op.path));
    } else {
        text = tr("deleted run %1").arg(op.runId);
        if (m_current && m_current->runId == op.runId) {
            m_current.reset();
            m_details->showMessage(tr("Select a run to see its details."));
        }
        reload();
    }
    setMessage(text, !op.error.isEmpty());
    Q_EMIT operationFinished(op, text);
}

// ---- drag and drop

QStringList HistoryPage::importableFiles(const QMimeData *mime)
{
    QStringList out;
    if (!mime || !mime->hasUrls())
        return out;
    for (const QUrl &url : mime->urls())
        if (url.isLocalFile() &&
            url.toLocalFile().endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
            out << url.toLocalFile();
    return out;
}

void HistoryPage::dragEnterEvent(QDragEnterEvent *event)
{
    if (!importableFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void HistoryPage::dropEvent(QDropEvent *event)
{
    const QStringList files = importableFiles(event->mimeData());
    if (files.isEmpty())
        return;
    event->acceptProposedAction();
    importFiles(files);
}

} // namespace sb
