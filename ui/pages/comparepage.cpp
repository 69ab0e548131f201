#include "ui/pages/comparepage.h"

#include "core/qterror.h"
#include "ui/charts/comparecharts.h"
#include "ui/models/comparemodel.h"
#include "ui/pages/comparecoldstart.h"
#include "ui/pages/compareprofiles.h"
#include "ui/storeservice.h"
#include "ui/widgets/chartexportmenu.h"
#include "ui/widgets/chartview.h"
#include "ui/widgets/verdictdelegate.h"

#include <QAction>
#include <QButtonGroup>
#include <QChart>
#include <QComboBox>
#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QRadioButton>
#include <QSettings>
#include <QShowEvent>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace sb {

namespace {

// What tells runs apart first: the list is narrow beside the table.
enum RunListColumn
{
    RunIdColumn,
    ProfileColumn,
    StatusColumn,
    WindowsColumn,
    PlanColumn,
    MachineColumn,
    RunListColumnCount
};

constexpr int kRunIdRole = Qt::UserRole + 1;

bool isAaRun(const store::RunRecord &r)
{
    return r.environment.value(QStringLiteral("profile_kind")).toString() == QLatin1String("aa");
}

} // namespace

ComparePage::ComparePage(StoreService *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new CompareModel(this))
    , m_compareTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("comparePage"));
    m_compareTimer->setSingleShot(true);
    m_compareTimer->setInterval(0); // coalesces the ticks of one event-loop pass
    connect(m_compareTimer, &QTimer::timeout, this, &ComparePage::requestCompare);
    connect(m_store, &StoreService::runsLoaded, this, [this](const RunsResult &r) {
        if (r.request == m_runsRequestId)
            applyRuns(r);
    });
    connect(m_store, &StoreService::comparisonLoaded, this, &ComparePage::showResult);
    connect(m_store, &StoreService::locationChanged, this, &ComparePage::showLocation);
    createControls();
    createCharts();
    readSettings();
    setStatus(tickHint());
    refreshRuns();
}

ComparePage::~ComparePage()
{
    writeSettings();
}

void ComparePage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!event->spontaneous())
        refreshRuns();
}

// ---- construction

void ComparePage::createControls()
{
    m_runs = new QTreeWidget(this);
    m_runs->setAccessibleName(tr("Stored runs"));
    m_runs->setRootIsDecorated(false);
    m_runs->setUniformRowHeights(true);
    m_runs->setHeaderLabels(
        {tr("Run"), tr("Profile"), tr("Status"), tr("Valid/all"), tr("Plan"), tr("Machine")});
    m_runs->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_runs->setToolTip(tr("Tick the runs to compare; the first ticked is the baseline."));
    connect(m_runs, &QTreeWidget::itemChanged, this, &ComparePage::onRunItemChanged);

    m_baseline = new QComboBox(this);
    m_baseline->setAccessibleName(tr("Baseline"));
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_baseline, &QComboBox::activated, this, &ComparePage::onBaselineChosen);
    m_noiseFloor = new QComboBox(this);
    m_noiseFloor->setAccessibleName(tr("Noise floor from an A/A run"));
    m_noiseFloor->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_noiseFloor->addItem(tr("none"), QString());
    connect(m_noiseFloor, &QComboBox::activated, this, &ComparePage::scheduleCompare);

    auto *raw = new QRadioButton(tr("2xx/s"), this);
    auto *perCpu = new QRadioButton(tr("per CPU-second"), this);
    raw->setChecked(true);
    m_metric = new QButtonGroup(this);
    m_metric->addButton(raw, 0);
    m_metric->addButton(perCpu, 1);
    connect(m_metric, &QButtonGroup::idToggled, this, [this](int id, bool on) {
        if (on && !m_updating)
            setPerCpu(id == 1);
    });

    m_differences = new QLabel(this);
    m_differences->setWordWrap(true);
    m_differences->setTextFormat(Qt::PlainText);
    m_differences->setStyleSheet(
        QStringLiteral("QLabel { background: #fff3cd; color: #664d03; border: 1px solid #e0c36a; "
                       "border-radius: 3px; padding: 4px; }"));
    m_differences->hide();
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_table = new QTableView(this);
    m_table->setAccessibleName(tr("Comparison"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->setItemDelegateForColumn(CompareModel::VerdictColumn,
                                      new VerdictDelegate(CompareModel::VerdictRole, this));
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!current.isValid() || m_updating)
                    return;
                showCell(current.data(CompareModel::RouteRole).toString(),
                         current.data(CompareModel::ConcurrencyRole).toInt());
            });
}

void ComparePage::createCharts()
{
    m_routeBox = new QComboBox(this);
    m_routeBox->setAccessibleName(tr("Route of the charts"));
    m_concurrencyBox = new QComboBox(this);
    m_concurrencyBox->setAccessibleName(tr("Concurrency of the charts"));
    auto pick = [this] {
        if (!m_updating)
            showCell(m_routeBox->currentText(), m_concurrencyBox->currentData().toInt());
    };
    connect(m_routeBox, &QComboBox::activated, this, pick);
    connect(m_concurrencyBox, &QComboBox::activated, this, pick);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    const QString names[ChartTabCount] = {tr("Box plots"), tr("Against concurrency"),
                                          tr("Percentiles"), tr("Timelines"), tr("Memory")};
    const int viewsPerTab[ChartTabCount] = {1, 2, 1, 1, 1};
    for (int t = 0; t < ChartTabCount; ++t) {
        auto *tab = new QWidget(m_tabs);
        auto *layout = new QHBoxLayout(tab);
        layout->setContentsMargins(0, 0, 0, 0);
        QList<ChartView *> views;
        for (int v = 0; v < viewsPerTab[t]; ++v) {
            auto *view = new ChartView(tab);
            view->setObjectName(QStringLiteral("chart%1_%2").arg(t).arg(v));
            // Qt Charts moves its items without telling the scene's BSP index first: a chart
            // replaced and deleted left stale items there, which the next paint read after
            // they were freed (valgrind; a crash one run in three). A linear index knows no
            // geometry to be stale about.
            view->scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
            connect(view, &ChartView::exportFailed, this, &ComparePage::setStatus);
            connect(view, &ChartView::picked, this, [this, t, v] { m_picked[t] = v; });
            connect(view, &ChartView::exported, this, [this](const QString &path) {
                setStatus(tr("Chart written to %1").arg(path));
            });
            layout->addWidget(view);
            views << view;
        }
        m_views << views;
        m_picked << 0;
        m_tabs->addTab(tab, names[t]);
    }
    // After the charts: no ChartView, so currentChartView() is none there (m_views stops).
    m_profiles = new CompareProfiles(m_tabs);
    m_tabs->addTab(m_profiles, tr("CPU profiles"));
    m_coldStart = new CompareColdStart(m_tabs);
    m_tabs->addTab(m_coldStart, tr("Cold start"));

    // Layout: the run list left; controls, labels, table and charts right.
    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Baseline:"), this));
    controls->addWidget(m_baseline);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Noise floor from A/A run:"), this));
    controls->addWidget(m_noiseFloor);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Show:"), this));
    controls->addWidget(m_metric->button(0));
    controls->addWidget(m_metric->button(1));
    controls->addStretch(1);
    controls->addWidget(createExportButton());

    auto *chartPickers = new QHBoxLayout;
    chartPickers->addWidget(new QLabel(tr("Charts of route"), this));
    chartPickers->addWidget(m_routeBox);
    chartPickers->addWidget(new QLabel(tr("at"), this));
    chartPickers->addWidget(m_concurrencyBox);
    chartPickers->addWidget(
        new QLabel(tr("(pick a row of the table; right-click a chart to export it)"), this));
    chartPickers->addStretch(1);
    auto *chartsPane = new QWidget(this);
    auto *chartsLayout = new QVBoxLayout(chartsPane);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    chartsLayout->addLayout(chartPickers);
    chartsLayout->addWidget(m_tabs, 1);

    m_rightSplitter = new QSplitter(Qt::Vertical, this);
    m_rightSplitter->addWidget(m_table);
    m_rightSplitter->addWidget(chartsPane);
    m_rightSplitter->setStretchFactor(0, 1);
    m_rightSplitter->setStretchFactor(1, 1);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(controls);
    rightLayout->addWidget(m_differences);
    rightLayout->addWidget(m_status);
    rightLayout->addWidget(m_rightSplitter, 1);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(m_runs);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({280, 1120});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_splitter);
}

QToolButton *ComparePage::createExportButton()
{
    m_exportMenu = new ChartExportMenu(
        tr("Export c&hart"), this, [this] { return currentChartView(); },
        [this] { return !m_result.source.runs.isEmpty(); });
    m_exportMenu->setObjectName(QStringLiteral("compareExportMenu"));
    m_exportMenu->addSeparator();
    m_htmlAction = new QAction(this);
    m_htmlAction->setObjectName(QStringLiteral("actionExportComparedHtml"));
    m_htmlAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    m_htmlAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_htmlAction, &QAction::triggered, this, &ComparePage::exportHtmlWithDialog);
    addAction(m_htmlAction);
    m_exportMenu->addAction(m_htmlAction);
    connect(m_exportMenu, &QMenu::aboutToShow, this, &ComparePage::updateExportActions);
    updateExportActions();

    auto *button = new QToolButton(this);
    button->setText(tr("Export"));
    button->setAccessibleName(tr("Export"));
    button->setPopupMode(QToolButton::InstantPopup);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setMenu(m_exportMenu);
    return button;
}

QMenu *ComparePage::exportMenu() const
{
    return m_exportMenu;
}

CompareHtml ComparePage::htmlExport() const
{
    return compareHtmlOf(m_result);
}

// Export ▸ HTML says which it writes: the comparison, or one run's report.
void ComparePage::updateExportActions()
{
    m_exportMenu->updateActions();
    switch (htmlExport()) {
    case CompareHtml::Comparison:
        m_htmlAction->setText(tr("&HTML of this comparison (%1 runs against run %2)…")
                                  .arg(m_result.source.runs.size())
                                  .arg(m_result.okPerS.baselineRun));
        break;
    case CompareHtml::RunReport:
        m_htmlAction->setText(
            tr("&HTML report of run %1…").arg(m_result.source.runs.first().run.id));
        break;
    case CompareHtml::None:
        m_htmlAction->setText(tr("&HTML of the comparison…"));
        break;
    }
    m_htmlAction->setEnabled(htmlExport() != CompareHtml::None);
}

void ComparePage::exportHtmlWithDialog()
{
    const QString path = askCompareHtmlPath(this, m_result);
    if (!path.isEmpty())
        exportHtml(path);
}

void ComparePage::exportHtml(const QString &path)
{
    const CompareHtml what = htmlExport();
    const QString subject =
        what == CompareHtml::Comparison
            ? tr("the comparison of %1 runs").arg(m_result.source.runs.size())
        : what == CompareHtml::RunReport
            ? tr("the HTML report of run %1").arg(m_result.source.runs.first().run.id)
            : QString();
    setStatus(tr("Writing %1…").arg(subject));
    exportCompareHtml(this, m_result, m_store->location(), path,
                      [this, path, subject](const QString &error) {
                          if (error.isEmpty()) {
                              setStatus(tr("Wrote %1 to %2").arg(subject, path));
                              Q_EMIT htmlExported(path);
                          } else {
                              setStatus(tr("HTML not written: %1").arg(error));
                              Q_EMIT htmlExportFailed(error);
                          }
                      });
}

void ComparePage::readSettings()
{
    QSettings s;
    m_splitter->restoreState(s.value(QStringLiteral("compare/splitter")).toByteArray());
    m_rightSplitter->restoreState(s.value(QStringLiteral("compare/rightSplitter")).toByteArray());
    const bool perCpu = s.value(QStringLiteral("compare/perCpu"), false).toBool();
    m_metric->button(perCpu ? 1 : 0)->setChecked(true);
    m_model->setMetric(perCpu ? charts::Metric::PerCpuS : charts::Metric::OkPerS);
    m_tabs->setCurrentIndex(s.value(QStringLiteral("compare/tab"), 0).toInt());
}

void ComparePage::writeSettings() const
{
    QSettings s;
    s.setValue(QStringLiteral("compare/splitter"), m_splitter->saveState());
    s.setValue(QStringLiteral("compare/rightSplitter"), m_rightSplitter->saveState());
    s.setValue(QStringLiteral("compare/perCpu"), m_model->metric() == charts::Metric::PerCpuS);
    s.setValue(QStringLiteral("compare/tab"), m_tabs->currentIndex());
}

// ---- the run list

void ComparePage::showLocation()
{
    m_selection.clear();
    m_noiseFloor->setCurrentIndex(0);
    clearComparison();
    refreshRuns();
}

void ComparePage::refreshRuns()
{
    m_runsRequestId = m_store->requestRuns(this);
}

void ComparePage::applyRuns(const RunsResult &result)
{
    // A first start (no store yet) or an empty store is no error: runs appear once measured.
    // Said only while the list is empty: a later refresh that lists runs takes it back.
    const bool none = result.records.isEmpty() && result.error.isEmpty();
    if (none) {
        setStatus(
            tr("No run is stored in %1 yet: runs appear here once measured.").arg(result.location));
        m_saidNoRuns = true;
    } else if (m_saidNoRuns) {
        setStatus(tickHint());
    }
    m_updating = true;
    m_runs->clear();
    const QString floorRun = m_noiseFloor->currentData().toString();
    while (m_noiseFloor->count() > 1)
        m_noiseFloor->removeItem(1);
    for (qsizetype i = 0; i < result.records.size(); ++i) {
        const store::RunRecord &r = result.records[i];
        auto *item = new QTreeWidgetItem(m_runs);
        item->setText(RunIdColumn, r.id);
        item->setData(RunIdColumn, kRunIdRole, r.id);
        item->setText(PlanColumn, result.runs.value(i).planName);
        item->setText(ProfileColumn, isAaRun(r) ? tr("%1 (A/A)").arg(r.profile) : r.profile);
        item->setText(StatusColumn, r.status);
        item->setText(WindowsColumn,
                      QStringLiteral("%1/%2").arg(r.validWindowCount).arg(r.windowCount));
        item->setText(MachineColumn, r.environment.value(QStringLiteral("hostname")).toString());
        item->setToolTip(RunIdColumn, r.planPath);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(RunIdColumn, m_selection.contains(r.id) ? Qt::Checked : Qt::Unchecked);
        if (isAaRun(r))
            m_noiseFloor->addItem(r.id, r.id);
    }
    m_noiseFloor->setCurrentIndex(std::max(0, m_noiseFloor->findData(floorRun)));
    m_updating = false;
    if (!result.error.isEmpty())
        setStatus(tr("Cannot list the runs: %1").arg(result.error));
    Q_EMIT runsListed();
}

void ComparePage::onRunItemChanged(QTreeWidgetItem *item)
{
    if (m_updating)
        return;
    const QString id = item->data(RunIdColumn, kRunIdRole).toString();
    if (item->checkState(RunIdColumn) == Qt::Checked) {
        if (!m_selection.contains(id))
            m_selection << id;
    } else {
        m_selection.removeAll(id);
    }
    scheduleCompare();
}

void ComparePage::compareRuns(const QStringList &runIds)
{
    m_selection = runIds;
    m_selection.removeDuplicates();
    m_baselineConfiguration.clear();
    refreshRuns(); // ticks the runs once listed
    requestCompare();
}

// ---- comparing

void ComparePage::onBaselineChosen(int index)
{
    const QString value = m_baseline->itemData(index).toString();
    if (m_selection.size() >= 2) {
        m_selection.removeAll(value);
        m_selection.prepend(value);
    } else {
        m_baselineConfiguration = value;
    }
    scheduleCompare();
}

void ComparePage::scheduleCompare()
{
    if (!m_updating)
        m_compareTimer->start();
}

void ComparePage::clearComparison()
{
    m_model->clear();
    m_result = {};
    updateBaselineBox();
    updateChartPickers();
    rebuildCharts();
    m_differences->hide();
}

void ComparePage::requestCompare()
{
    m_compareTimer->stop();
    if (m_selection.isEmpty()) {
        m_requestId = 0; // whatever comes is for an earlier selection
        clearComparison();
        setStatus(tickHint());
        return;
    }
    charts::CompareRequest request;
    request.runIds = m_selection;
    request.baselineConfiguration = m_selection.size() == 1 ? m_baselineConfiguration : QString();
    request.noiseFloorRun = m_noiseFloor->currentData().toString();
    setStatus(
        m_selection.size() == 1
            ? tr("Reading run %1…").arg(m_selection.first())
            : tr("Comparing %1 runs against %2…").arg(m_selection.size()).arg(m_selection.first()));
    m_requestId = m_store->requestComparison(request, this);
}

void ComparePage::showResult(const charts::CompareResult &result)
{
    if (result.id != m_requestId)
        return; // an older request's, or another page's
    QElapsedTimer clock;
    clock.start();
    m_loadMs = result.loadMs;
    if (!result.error.isEmpty()) {
        clearComparison();
        setStatus(tr("Cannot compare: %1").arg(result.error));
        Q_EMIT comparisonFailed(result.error);
        return;
    }
    m_result = result;
    m_model->setResult(result);
    if (!result.multiRun)
        m_baselineConfiguration = result.source.runs.first().options.baseline;
    m_table->setColumnHidden(CompareModel::RunColumn, !result.multiRun);
    m_table->setColumnHidden(CompareModel::LabelColumn, !result.multiRun);
    m_table->resizeColumnsToContents();
    QStringList notes = m_model->differences();
    for (const QString &m : m_model->missing())
        notes << m;
    // At most kShownNotes lines on the page (four runs can differ in a dozen ways, which pushed
    // the table down to one row at 1280x720); all of them in the tooltip.
    constexpr qsizetype kShownNotes = 3;
    const QString all = tr("Not like for like:\n%1").arg(notes.join(QLatin1Char('\n')));
    QString shown = all;
    if (notes.size() > kShownNotes + 1)
        shown = tr("Not like for like:\n%1\n… and %n more (hover here for all of them)", nullptr,
                   int(notes.size() - kShownNotes))
                    .arg(notes.mid(0, kShownNotes).join(QLatin1Char('\n')));
    m_differences->setText(notes.isEmpty() ? QString() : shown);
    m_differences->setToolTip(notes.isEmpty() || shown == all ? QString() : all);
    m_differences->setVisible(!notes.isEmpty());
    updateBaselineBox();
    updateChartPickers();
    rebuildCharts();
    selectRowOf(m_route, m_concurrency);
    m_showMs = double(clock.nsecsElapsed()) / 1e6;
    const QString floor =
        result.noiseFloor >= 0
            ? tr("noise floor %1 % (%2)")
                  .arg(QString::number(result.noiseFloor * 100, 'f', 1), result.noiseFloorSource)
            : tr("no noise floor known");
    setStatus(result.multiRun
                  ? tr("%1 runs against run %2; %3. Read and compared in %4 ms, shown in %5 ms.")
                        .arg(result.source.runs.size())
                        .arg(result.source.runs.first().run.id, floor)
                        .arg(m_loadMs, 0, 'f', 0)
                        .arg(m_showMs, 0, 'f', 0)
                  : tr("Configurations of run %1 against %2; %3. Read in %4 ms, shown in %5 ms.")
                        .arg(result.source.runs.first().run.id, m_baselineConfiguration, floor)
                        .arg(m_loadMs, 0, 'f', 0)
                        .arg(m_showMs, 0, 'f', 0));
    Q_EMIT comparisonShown();
}

void ComparePage::updateBaselineBox()
{
    m_updating = true;
    m_baseline->clear();
    if (m_selection.size() >= 2) {
        for (const QString &id : m_selection)
            m_baseline->addItem(tr("run %1").arg(id), id);
        m_baseline->setCurrentIndex(0);
    } else if (!m_result.source.runs.isEmpty()) {
        for (const QString &c : m_result.source.runs.first().configurations)
            m_baseline->addItem(c, c);
        m_baseline->setCurrentIndex(std::max(0, m_baseline->findData(m_baselineConfiguration)));
    }
    m_baseline->setEnabled(m_baseline->count() > 1);
    m_updating = false;
}

// ---- charts

void ComparePage::updateChartPickers()
{
    m_updating = true;
    m_routeBox->clear();
    m_concurrencyBox->clear();
    const QStringList routes = m_result.source.routes();
    m_routeBox->addItems(routes);
    if (!routes.contains(m_route))
        m_route = routes.value(0);
    m_routeBox->setCurrentText(m_route);
    QList<int> levels;
    for (const report::RunReport &r : m_result.source.runs)
        for (int c : r.concurrency)
            if (!levels.contains(c))
                levels << c;
    std::sort(levels.begin(), levels.end());
    for (int c : levels)
        m_concurrencyBox->addItem(QStringLiteral("c=%1").arg(c), c);
    if (!levels.contains(m_concurrency))
        m_concurrency = levels.isEmpty() ? 0 : levels.last();
    m_concurrencyBox->setCurrentIndex(m_concurrencyBox->findData(m_concurrency));
    m_updating = false;
}

void ComparePage::showCell(const QString &route, int concurrency)
{
    if (route == m_route && concurrency == m_concurrency)
        return;
    m_route = route;
    m_concurrency = concurrency;
    m_updating = true;
    m_routeBox->setCurrentText(route);
    m_concurrencyBox->setCurrentIndex(m_concurrencyBox->findData(concurrency));
    m_updating = false;
    rebuildCharts();
    selectRowOf(route, concurrency);
}

void ComparePage::selectRowOf(const QString &route, int concurrency)
{
    const QModelIndex current = m_table->currentIndex();
    if (current.isValid() && current.data(CompareModel::RouteRole).toString() == route &&
        current.data(CompareModel::ConcurrencyRole).toInt() == concurrency)
        return;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const QModelIndex i = m_model->index(r, CompareModel::ConfigurationColumn);
        if (i.data(CompareModel::RouteRole).toString() == route &&
            i.data(CompareModel::ConcurrencyRole).toInt() == concurrency) {
            m_updating = true;
            m_table->setCurrentIndex(i);
            m_updating = false;
            return;
        }
    }
}

void ComparePage::rebuildCharts()
{
    const charts::ChartLook look = palette().color(QPalette::Window).lightnessF() < 0.5
                                       ? charts::ChartLook::Dark
                                       : charts::ChartLook::Light;
    const charts::Metric metric = m_model->metric();
    const charts::ChartSource &s = m_result.source;
    m_views[BoxPlotTab][0]->replaceChart(charts::boxPlotChart(s, m_route, metric, look));
    m_views[ConcurrencyTab][0]->replaceChart(charts::throughputChart(s, m_route, metric, look));
    m_views[ConcurrencyTab][1]->replaceChart(charts::latencyChart(s, m_route, look));
    m_views[PercentileTab][0]->replaceChart(
        charts::percentileChart(s, m_route, m_concurrency, look));
    m_views[TimelineTab][0]->replaceChart(charts::timelineChart(s, m_route, m_concurrency, look));
    m_views[MemoryTab][0]->replaceChart(charts::memoryChart(s, m_route, look));
    m_profiles->setComparison(m_result, m_route, m_concurrency);
    m_coldStart->setComparison(m_result);
    if (m_exportMenu)
        updateExportActions();
}

void ComparePage::setPerCpu(bool perCpu)
{
    const charts::Metric metric = perCpu ? charts::Metric::PerCpuS : charts::Metric::OkPerS;
    m_updating = true;
    m_metric->button(perCpu ? 1 : 0)->setChecked(true);
    m_updating = false;
    if (metric == m_model->metric())
        return;
    m_model->setMetric(metric);
    rebuildCharts();
}

QList<ChartView *> ComparePage::chartViews() const
{
    QList<ChartView *> out;
    for (const QList<ChartView *> &tab : m_views)
        out << tab;
    return out;
}

ChartView *ComparePage::currentChartView() const
{
    const int t = m_tabs->currentIndex();
    if (t < 0 || t >= m_views.size())
        return nullptr;
    return m_views[t].value(m_picked.value(t), m_views[t].first());
}

sb::Status ComparePage::exportCurrentChart(const QString &path)
{
    ChartView *view = currentChartView();
    if (!view)
        return sb::qtError(QStringLiteral("chart.none"), path, tr("no chart is shown"));
    return view->exportTo(path);
}

QString ComparePage::statusText() const
{
    return m_status->text();
}

QString ComparePage::differencesText() const
{
    if (m_differences->isHidden())
        return QString();
    return m_differences->toolTip().isEmpty() ? m_differences->text() : m_differences->toolTip();
}

QString ComparePage::differencesShown() const
{
    return m_differences->isHidden() ? QString() : m_differences->text();
}

void ComparePage::setStatus(const QString &text)
{
    m_saidNoRuns = false;
    m_status->setText(text);
}

QString ComparePage::tickHint() const
{
    return tr("Tick two or more runs to compare them cell by cell, or one run to compare its "
              "configurations.");
}

} // namespace sb
