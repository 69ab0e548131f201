#include "ui/pages/runpage.h"

#include "plan/planloader.h"
#include "report/figures.h"
#include "report/loadhosts.h"
#include "run/gatereason.h"
#include "ui/charts/palette.h"
#include "ui/models/cellsmodel.h"
#include "ui/models/figures.h"
#include "ui/models/matrixmodel.h"
#include "ui/offthread.h"
#include "ui/runcontroller.h"
#include "ui/storeservice.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/liveplot.h"
#include "ui/widgets/matrixview.h"
#include "ui/widgets/runstrip.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <numeric>
#include <qcustomplot.h>

namespace sb {

namespace {
// The tiles and the percentile curve are read, not watched: twice a second is enough, and each
// redraw of the curve costs the GUI thread what a chart does.
constexpr int kFiguresMs = 500;
} // namespace

RunContext loadRunContext(const run::RunOptions &options, const QString &runId)
{
    RunContext c;
    c.runId = runId;
    const QString &planPath = options.planPath;
    const QString &profileName = options.profile;
    const plan::PlanLoad load = plan::loadPlan(planPath, options.variables);
    if (!load.ok()) {
        c.error = load.errorText();
        return c;
    }
    const plan::Plan &plan = *load.plan;
    const plan::Profile *profile = plan.profile(profileName);
    if (!profile) {
        c.error = QCoreApplication::translate("sb::RunPage", "no profile '%1' in %2")
                      .arg(profileName, planPath);
        return c;
    }
    for (const plan::Configuration &conf : plan.configurations)
        c.configurations << conf.name;
    for (const plan::Route &r : plan.routes)
        c.routeText.insert(r.name, r.method + QLatin1Char(' ') + r.path);
    c.schedule = run::buildSchedule(plan, *profile, options.only, options.routes);
    c.gatePct = plan.sampler.foreignGatePct;
    c.warmUpS = profile->warmup.kind == plan::Warmup::Kind::Duration
                    ? double(profile->warmup.durationMs) / 1000.0
                    : 0;
    c.measureS = double(profile->measureMs) / 1000.0;
    c.rounds = profile->rounds;
    c.loadThreads = std::max(1, plan.load.threads);
    c.loadHosts = plan.load.hosts;
    return c;
}

RunPage::RunPage(RunController *controller, StoreService *store, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_store(store)
    , m_contextJob(new OffThread(this))
    , m_matrix(new MatrixModel(this))
    , m_cells(new CellsModel(this))
{
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    m_header = new QLabel(tr("No run yet: open a plan and press Start."), this);
    m_header->setAccessibleName(tr("Current window"));
    QFont bold = m_header->font();
    bold.setBold(true);
    m_header->setFont(bold);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Its text changes every interval: a fixed policy spares the page a relayout each time.
    m_header->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_backToLive = new QPushButton(tr("Back to the live window"), this);
    m_backToLive->setAccessibleName(tr("Back to the live window"));
    m_backToLive->setVisible(false);
    top->addWidget(m_header, 1);
    top->addWidget(m_backToLive);
    layout->addLayout(top);
    m_progress = new QLabel(this);
    m_progress->setAccessibleName(tr("Run progress"));
    m_progress->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    layout->addWidget(m_progress);

    m_tiles = new LiveTiles(this);
    layout->addWidget(m_tiles);

    // Three panes a user can resize: the current window (its four charts two by two and its
    // percentile curve), the run so far, and the matrix beside the cells so far. At 1280x720
    // with the docks open each keeps its minimum: charts of some 100 px, the strip's three rows,
    // a few rows of the grid.
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    auto *current = new QWidget(split);
    auto *currentLayout = new QHBoxLayout(current);
    currentLayout->setContentsMargins(0, 0, 0, 0);
    currentLayout->setSpacing(4);
    m_charts = new ChartPanel(current);
    m_charts->setTimeline(&m_live);
    currentLayout->addWidget(m_charts, 4);
    m_curve = new LivePlot(current);
    m_curve->setAccessibleName(tr("Latency percentile curve of the current window"));
    m_curve->setMinimumSize(220, 110);
    m_curve->legend->setVisible(true);
    {
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        m_curve->legend->setFont(small);
        m_curve->legend->setIconSize(14, 8);
        m_curve->legend->setMargins(QMargins(2, 0, 2, 0));
        m_curve->legend->setBrush(Qt::NoBrush);
        m_curve->legend->setBorderPen(Qt::NoPen);
        m_curve->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        m_curve->legend->setWrap(2);
        m_curve->plotLayout()->insertRow(0);
        m_curve->plotLayout()->addElement(0, 0, m_curve->legend);
        m_curve->plotLayout()->setRowStretchFactor(0, 0.001);
        m_curve->yAxis->ticker()->setTickCount(3);
        m_curve->setBackground(palette().brush(QPalette::Base));
    }
    charts::drawPercentileCurves(m_curve, {});
    currentLayout->addWidget(m_curve, 1);
    split->addWidget(current);
    m_strip = new RunStrip(split);
    m_strip->setData(&m_stripData);
    split->addWidget(m_strip);
    auto *bottom = new QSplitter(Qt::Horizontal, split);
    bottom->setChildrenCollapsible(false);
    m_matrixView = new MatrixView(m_matrix, bottom);
    m_cellsView = new QTableView(bottom);
    m_cellsView->setModel(m_cells);
    m_cellsView->setAccessibleName(tr("Cells so far"));
    m_cellsView->verticalHeader()->setVisible(false);
    m_cellsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_cellsView->horizontalHeader()->setStretchLastSection(true);
    m_matrixView->setMinimumHeight(90);
    m_cellsView->setMinimumHeight(90);
    bottom->addWidget(m_matrixView);
    bottom->addWidget(m_cellsView);
    bottom->setStretchFactor(0, 2);
    bottom->setStretchFactor(1, 3);
    bottom->setSizes({400, 600});
    split->addWidget(bottom);
    split->setStretchFactor(0, 5);
    split->setStretchFactor(1, 2);
    split->setStretchFactor(2, 2);
    split->setSizes({500, 180, 200});
    layout->addWidget(split, 1);

    m_figuresTimer = new QTimer(this);
    m_figuresTimer->setSingleShot(true);
    m_figuresTimer->setInterval(kFiguresMs);
    connect(m_figuresTimer, &QTimer::timeout, this, &RunPage::updateFigures);
    connect(m_strip, &RunStrip::windowActivated, this, &RunPage::showStoredWindow);

    connect(m_matrixView, &MatrixView::windowActivated, this, &RunPage::showStoredWindow);
    connect(m_backToLive, &QPushButton::clicked, this, &RunPage::showLive);
    connect(controller, &RunController::runStarted, this, &RunPage::onRunStarted);
    connect(controller, &RunController::windowStarted, this, &RunPage::onWindowStarted);
    connect(controller, &RunController::intervalMeasured, this, &RunPage::onInterval);
    connect(controller, &RunController::windowFinished, this, &RunPage::onWindowFinished);
    connect(controller, &RunController::noted, this, &RunPage::onNoted);
    connect(controller, &RunController::quietWaitProgressed, this, &RunPage::onQuietWait);
    connect(controller, &RunController::progressed, this, &RunPage::onProgress);
    connect(controller, &RunController::runFinished, this, &RunPage::onRunFinished);
    connect(controller, &RunController::runFailed, this, &RunPage::onRunFailed);
    connect(controller, &RunController::startRefused, this, [this] { m_refused = true; });
    connect(store, &StoreService::windowsLoaded, this, [this](const StoredWindows &w) {
        if (w.request == m_windowsRequest)
            loadContext(w);
    });
    connect(store, &StoreService::windowLoaded, this, [this](const StoredWindow &w) {
        if (w.request == m_windowRequest)
            showWindow(w);
    });
}

RunPage::~RunPage()
{
    m_charts->setTimeline(nullptr);
}

QString RunPage::cellKey(const run::CellRef &c) const
{
    return QStringLiteral("%1|%2|%3").arg(c.configuration, c.route).arg(c.concurrency);
}

QString RunPage::headerText() const
{
    return m_header->text();
}

QString RunPage::progressText() const
{
    return m_progress->text();
}

void RunPage::onRunStarted(const run::RunStarted &e)
{
    if (e.runId == m_runId) {
        // A resume of the run shown: its grid, cells and ghosts are all here already.
        m_status = tr("resumed: %1 of %n window(s) already valid", nullptr, e.totalWindows)
                       .arg(e.doneWindows);
        m_totalWindows = e.totalWindows;
        updateHeader();
        return;
    }
    m_runId = e.runId;
    m_matrix->clear();
    m_cells->clear();
    m_earlier.clear();
    m_earlierFigures.clear();
    m_seenWindows.clear();
    m_live.clear();
    m_live.clearGhosts();
    m_live.setLoadHosts({}, false); // this run's come with its context
    m_resetPending = false;
    m_window = charts::LiveWindow{};
    m_stripData.clear();
    m_strip->setConfigurations({});
    m_strip->changed();
    m_tiles->clear();
    charts::drawPercentileCurves(m_curve, {});
    m_hasContext = false;
    m_context = RunContext{};
    m_inWindow = false;
    m_totalWindows = e.totalWindows;
    m_windowNumber = e.doneWindows;
    m_status = e.resumed ? tr("resumed: %1 of %n window(s) already valid", nullptr, e.totalWindows)
                               .arg(e.doneWindows)
                         : tr("starting");
    showLive();
    run::RunOptions options = m_controller->options();
    options.profile = e.profile; // the one the run uses (options may name none: the default)
    m_storeLocation = options.storeLocation.isEmpty() ? e.storeLocation : options.storeLocation;
    m_progress->setText(tr("%1 (%2) - %n window(s) - store %3", nullptr, e.totalWindows)
                            .arg(e.planName, e.profile)
                            .arg(e.storeLocation));
    m_contextJob->supersede();
    m_windowsRequest = 0;
    if (e.resumed) // first the windows stored before, and the plan and filters the run has
        m_windowsRequest = m_store->requestWindows(e.runId, true, m_storeLocation, this);
    else
        loadContext(options, {});
    updateHeader();
}

void RunPage::loadContext(const StoredWindows &stored)
{
    if (stored.runId != m_runId)
        return;
    if (!stored.error.isEmpty()) {
        RunContext c;
        c.runId = stored.runId;
        c.error = stored.error;
        applyContext(c);
        return;
    }
    run::RunOptions options = m_controller->options();
    options.planPath = stored.run.planPath;
    options.profile = stored.run.profile;
    options.only = stored.run.only;
    options.routes = stored.run.routes;
    loadContext(options, stored.windows);
}

void RunPage::loadContext(const run::RunOptions &options,
                          const QVector<store::WindowRecord> &stored)
{
    const QString runId = m_runId;
    m_contextJob->run([options, runId] { return loadRunContext(options, runId); },
                      [this, stored](RunContext c) {
                          c.stored = stored;
                          applyContext(c);
                      });
}

void RunPage::applyContext(const RunContext &c)
{
    if (c.runId != m_runId)
        return; // a context of an earlier run
    m_context = c;
    m_hasContext = true;
    if (!c.configurations.isEmpty()) {
        m_matrix->setConfigurationOrder(c.configurations);
        m_cells->setConfigurationOrder(c.configurations);
    }
    if (!c.schedule.isEmpty()) {
        m_matrix->setSchedule(c.schedule);
        QStringList cells;
        for (const run::ScheduledWindow &w : c.schedule) {
            const QString key =
                cellKey(run::CellRef{0, w.configuration, w.route, w.concurrency, 0});
            if (!cells.contains(key))
                cells << key;
        }
        m_stripData.setLayout(cells, c.rounds);
    }
    m_strip->setConfigurations(c.configurations.isEmpty() ? m_matrix->configurations()
                                                          : c.configurations);
    m_strip->changed();
    m_live.setGatePct(c.gatePct);
    m_stored.setGatePct(c.gatePct);
    m_live.setLoadHosts(c.loadHosts);
    m_window.setLoadHosts(c.loadHosts);
    for (const store::WindowRecord &w : c.stored)
        addWindow(w);
    if (m_inWindow) {
        const double end = c.measureS + (m_phase == run::Phase::WarmUp ? c.warmUpS : m_warmUpDoneS);
        if (m_resetPending) {
            m_pendingExpectedEndS = end;
        } else {
            m_charts->setThroughputColor(
                palette::configuration(m_matrix->colourIndex(m_cell.configuration)));
            m_live.setExpectedEnd(end);
        }
        m_window.setLoadThreads(std::min(c.loadThreads, std::max(1, m_cell.concurrency)));
    }
    if (!c.error.isEmpty())
        m_progress->setText(m_progress->text() + QLatin1String(" - ") + c.error);
    m_charts->timelineChanged();
    updateHeader();
    Q_EMIT contextLoaded();
}

// A stored window of a resumed run, or a finished one of this session.
void RunPage::addWindow(const store::WindowRecord &w)
{
    if (m_seenWindows.contains(w.id))
        return;
    m_seenWindows.insert(w.id);
    m_matrix->windowStored(w);
    m_cells->addWindow(w);
    keepGhost(w);
    keepEarlier(w);
    stripWindow(w);
}

void RunPage::stripWindow(const store::WindowRecord &w)
{
    charts::StripWindow s;
    s.cell = cellKey(run::CellRef{w.round, w.configuration, w.route, w.concurrency, w.attempt});
    s.configurationIndex = m_matrix->colourIndex(w.configuration);
    s.round = w.round;
    s.attempt = w.attempt;
    s.valid = w.valid;
    s.okPerS = report::windowOkPerS(w);
    s.p99Ms = double(report::windowLatencyUs(w).p99) / 1000.0;
    s.cores = report::windowCores(w);
    s.windowId = w.id;
    for (const report::WindowLoadHost &h : report::windowLoadHosts(w.gates))
        s.hostCores.append({h.host, h.generatorCores});
    m_stripData.addWindow(s);
    m_strip->changed();
}

void RunPage::keepEarlier(const store::WindowRecord &w)
{
    if (!w.valid)
        return;
    EarlierWindow e;
    e.okPerS = report::windowOkPerS(w);
    e.p99Ms = double(report::windowLatencyUs(w).p99) / 1000.0;
    if (!w.histogram.isEmpty()) {
        charts::LiveWindow finished;
        finished.finish(w);
        e.curve = finished.curve();
    }
    auto &list = m_earlierFigures[cellKey(
        run::CellRef{w.round, w.configuration, w.route, w.concurrency, w.attempt})];
    list.append(e);
    while (list.size() > charts::Timeline::kMaxGhosts)
        list.removeFirst();
}

LiveTiles::Earlier RunPage::earlierOf(const QString &key) const
{
    LiveTiles::Earlier out;
    const QList<EarlierWindow> list = m_earlierFigures.value(key);
    if (list.isEmpty())
        return out;
    auto spread = [](const QVector<double> &v, double mean) {
        const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
        return mean > 0 ? (*hi - *lo) / 2 / mean : 0.0;
    };
    QVector<double> ok;
    QVector<double> p99;
    for (const EarlierWindow &e : list) {
        ok << e.okPerS;
        p99 << e.p99Ms;
    }
    out.count = int(list.size());
    out.okPerS = std::accumulate(ok.begin(), ok.end(), 0.0) / double(ok.size());
    out.p99Ms = std::accumulate(p99.begin(), p99.end(), 0.0) / double(p99.size());
    out.okSpread = spread(ok, out.okPerS);
    out.p99Spread = spread(p99, out.p99Ms);
    return out;
}

void RunPage::scheduleFigures()
{
    if (!m_figuresTimer->isActive())
        m_figuresTimer->start();
}

void RunPage::updateFigures()
{
    const QString key = cellKey(m_window.cell());
    m_tiles->showWindow(m_window, earlierOf(key));
    QList<charts::Curve> curves;
    const QList<EarlierWindow> earlier = m_earlierFigures.value(key);
    const QColor colour =
        palette::configuration(m_matrix->colourIndex(m_window.cell().configuration));
    for (qsizetype i = 0; i < earlier.size(); ++i)
        if (!earlier[i].curve.isEmpty())
            curves.append(
                {earlier[i].curve, i == 0 ? tr("earlier rounds") : QString(), colour, true});
    if (m_window.hasData())
        curves.append({m_window.curve(),
                       m_window.isFinished() ? tr("this window") : tr("last interval"), colour,
                       false});
    charts::drawPercentileCurves(m_curve, curves);
}

void RunPage::resetLiveIfPending()
{
    if (!m_resetPending)
        return;
    m_resetPending = false;
    m_window.start(m_cell, std::min(m_context.loadThreads, std::max(1, m_cell.concurrency)));
    m_live.clear();
    m_live.clearGhosts();
    for (const charts::Ghost &g : m_earlier.value(cellKey(m_cell)))
        m_live.addGhost(g);
    if (m_pendingMeasureStartS >= 0)
        m_live.setMeasureStart(m_pendingMeasureStartS);
    m_live.setExpectedEnd(m_pendingExpectedEndS);
    m_charts->setThroughputColor(
        palette::configuration(m_matrix->colourIndex(m_cell.configuration)));
}

void RunPage::keepGhost(const store::WindowRecord &w)
{
    if (!w.valid)
        return;
    auto &list = m_earlier[cellKey(
        run::CellRef{w.round, w.configuration, w.route, w.concurrency, w.attempt})];
    list.append(charts::makeGhost(w.intervals));
    while (list.size() > charts::Timeline::kMaxGhosts)
        list.removeFirst();
}

void RunPage::beginWindow(const run::CellRef &cell)
{
    m_inWindow = true;
    m_cell = cell;
    m_warmUpDoneS = 0;
    m_measuredS = 0;
    m_inFlight = 0;
    m_draining = false;
    m_status.clear();
    // The charts keep the last window until this one has an interval (resetLiveIfPending).
    m_resetPending = true;
    m_pendingMeasureStartS = -1;
    m_pendingExpectedEndS = 0;
    m_stripData.setCurrent(cellKey(cell), cell.round);
    m_strip->changed();
}

void RunPage::onWindowStarted(const run::WindowStarted &e)
{
    const bool sameWindow = m_inWindow && m_phase == run::Phase::WarmUp &&
                            e.phase == run::Phase::Measure && cellKey(e.cell) == cellKey(m_cell) &&
                            e.cell.round == m_cell.round && e.cell.attempt == m_cell.attempt;
    if (!sameWindow)
        beginWindow(e.cell);
    m_phase = e.phase;
    m_windowNumber = e.windowNumber;
    m_totalWindows = e.totalWindows;
    const double measureStart = e.phase == run::Phase::Measure ? m_warmUpDoneS : -1;
    const double end = e.phase == run::Phase::Measure ? m_warmUpDoneS + m_context.measureS
                                                      : m_context.warmUpS + m_context.measureS;
    if (m_resetPending) {
        m_pendingMeasureStartS = measureStart;
        m_pendingExpectedEndS = end;
    } else {
        if (measureStart >= 0)
            m_live.setMeasureStart(measureStart);
        m_live.setExpectedEnd(end);
    }
    m_matrix->windowStarted(e);
    m_charts->timelineChanged();
    updateHeader();
}

void RunPage::onInterval(const run::IntervalUpdate &e)
{
    if (!m_inWindow)
        return;
    const bool warmUp = e.phase == run::Phase::WarmUp;
    if (warmUp)
        m_warmUpDoneS = e.interval.endS;
    else
        m_measuredS = e.interval.endS;
    resetLiveIfPending();
    m_live.addInterval(e.interval, warmUp, e.hostCores);
    m_window.addInterval(e);
    scheduleFigures();
    m_inFlight = e.inFlight;
    m_draining = e.draining;
    if (!m_showingStored)
        m_charts->timelineChanged();
    updateHeader();
}

void RunPage::onWindowFinished(const run::WindowFinished &e)
{
    const store::WindowRecord &w = e.window;
    const bool first = !m_seenWindows.contains(w.id);
    if (first) {
        m_seenWindows.insert(w.id);
        m_matrix->windowFinished(e);
        m_cells->addWindow(w);
        keepGhost(w);
        stripWindow(w);
    }
    // The window's own figures and curve (from its histogram) stay until the next one has data,
    // set against the earlier rounds before it.
    m_window.finish(w);
    // The load hosts' generators over the whole window: kept beside their intervals on the window
    // the charts show, when that is this one (it had an interval).
    if (!m_resetPending) {
        for (const report::WindowLoadHost &h : m_window.hostCores())
            m_live.setHostCores(h.host, h.generatorCores);
        m_charts->timelineChanged();
    }
    updateFigures();
    if (first)
        keepEarlier(w);
    m_stripData.setCurrent(QString(), 0);
    m_strip->changed();
    m_inWindow = false;
    m_draining = false;
    if (w.valid)
        m_status = tr("last window valid: %1 2xx/s").arg(figures::rate(report::windowOkPerS(w)));
    else
        m_status = tr("last window invalid (%1)%2")
                       .arg(run::invalidReasonText(w),
                            e.willRetry ? tr(", measuring again") : tr(", no retries left"));
    updateHeader();
}

void RunPage::onNoted(const run::RunNote &e)
{
    if (e.kind == QLatin1String("configuration-blocked"))
        m_matrix->configurationBlocked(e.configuration, e.detail);
}

void RunPage::onQuietWait(const run::WaitingForQuiet &e)
{
    const run::CellRef &c = e.cell;
    const QString cell = tr("attempt %1 of round %2 - %3 - %4 - c=%5")
                             .arg(c.attempt + 1)
                             .arg(c.round + 1)
                             .arg(c.configuration, c.route)
                             .arg(c.concurrency);
    if (e.outcome == QLatin1String("quiet"))
        m_status =
            tr("The machine is quiet after %1 s: measuring %2").arg(e.waitedS, 0, 'f', 0).arg(cell);
    else if (e.outcome == QLatin1String("timed-out"))
        m_status = tr("Waited %1 s for a quiet machine (the plan's limit), foreign CPU still %2 %: "
                      "measuring %3 anyway")
                       .arg(e.waitedS, 0, 'f', 0)
                       .arg(e.foreignPct, 0, 'f', 0)
                       .arg(cell);
    else if (e.outcome == QLatin1String("cancelled"))
        m_status = tr("The wait for a quiet machine was cancelled");
    else
        m_status = tr("Waiting for a quiet machine before %1: %2 s of at most %3 s - foreign CPU "
                      "%4 % (quiet once below %5 % for %6 s; so far %7 s)")
                       .arg(cell)
                       .arg(e.waitedS, 0, 'f', 0)
                       .arg(e.limitS, 0, 'f', 0)
                       .arg(e.foreignPct, 0, 'f', 0)
                       .arg(e.gatePct, 0, 'f', 0)
                       .arg(e.quietNeededS, 0, 'f', 1)
                       .arg(e.quietS, 0, 'f', 1);
    updateHeader();
}

void RunPage::onProgress(const run::Progress &e)
{
    QString eta;
    if (e.etaS >= 0)
        eta = e.etaS >= 90 ? tr(" - ETA %1 min").arg(qRound(e.etaS / 60))
                           : tr(" - ETA %1 s").arg(qRound(e.etaS));
    m_progress->setText(
        tr("%1 of %n window(s) done%2 - %3 valid, %4 invalid, %5 failed", nullptr, e.totalWindows)
            .arg(e.doneWindows)
            .arg(eta)
            .arg(m_matrix->count(CellState::Valid) + m_matrix->count(CellState::Remeasured))
            .arg(m_matrix->count(CellState::Invalid))
            .arg(m_matrix->count(CellState::Failed)));
}

void RunPage::onRunFinished(const run::RunFinished &e)
{
    m_matrix->runEnded();
    m_inWindow = false;
    if (e.status == store::kStatusInterrupted)
        m_status = tr("run interrupted: %n valid window(s) stored; it can be resumed", nullptr,
                      e.validWindows);
    else if (e.status == store::kStatusFailed)
        m_status = tr("run failed: %1").arg(e.error);
    else
        m_status = tr("run %1: %2 valid, %3 invalid windows")
                       .arg(e.status)
                       .arg(e.validWindows)
                       .arg(e.invalidWindows);
    updateHeader();
}

void RunPage::onRunFailed(const QString &message)
{
    if (m_refused) {
        m_refused = false; // a refused second start: the run shown goes on
        return;
    }
    m_matrix->runEnded();
    m_inWindow = false;
    m_status = tr("run failed: %1").arg(message);
    updateHeader();
}

void RunPage::updateHeader()
{
    if (!m_inWindow) {
        m_header->setText(m_status);
        return;
    }
    const run::CellRef &c = m_cell;
    QString route = c.route;
    if (m_context.routeText.contains(c.route))
        route += QStringLiteral(" (%1)").arg(m_context.routeText.value(c.route));
    const QString rounds = m_context.rounds > 0
                               ? tr("round %1 of %2").arg(c.round + 1).arg(m_context.rounds)
                               : tr("round %1").arg(c.round + 1);
    QString phase;
    if (m_phase == run::Phase::WarmUp)
        phase = m_context.warmUpS > 0 ? tr("warm-up %1/%2 s")
                                            .arg(m_warmUpDoneS, 0, 'f', 0)
                                            .arg(m_context.warmUpS, 0, 'f', 0)
                                      : tr("warm-up %1 s").arg(m_warmUpDoneS, 0, 'f', 0);
    else
        phase = m_context.measureS > 0 ? tr("measuring %1/%2 s")
                                             .arg(m_measuredS, 0, 'f', 0)
                                             .arg(m_context.measureS, 0, 'f', 0)
                                       : tr("measuring %1 s").arg(m_measuredS, 0, 'f', 0);
    if (m_draining)
        phase += tr(" - draining: %1 in flight").arg(m_inFlight);
    m_header->setText(tr("%1 - %2 - %3 - c=%4 - attempt %5 - %6 - window %7 of %8")
                          .arg(rounds, c.configuration, route)
                          .arg(c.concurrency)
                          .arg(c.attempt + 1)
                          .arg(phase)
                          .arg(m_windowNumber)
                          .arg(m_totalWindows));
}

void RunPage::showStoredWindow(qint64 windowId)
{
    m_windowRequest = m_store->requestWindow(windowId, m_storeLocation, this);
}

void RunPage::showWindow(const StoredWindow &result)
{
    if (!result.error.isEmpty()) {
        Q_EMIT storedWindowFailed(result.error);
        m_charts->setCaption(
            tr("Cannot open window %1: %2").arg(result.windowId).arg(result.error));
        return;
    }
    const store::WindowRecord &w = result.window;
    m_stored.clear();
    m_stored.clearGhosts();
    for (const store::IntervalRecord &r : w.intervals)
        m_stored.addInterval(r, false);
    m_stored.setExpectedEnd(w.elapsedS);
    m_stored.setLoadHosts({}, false);
    for (const report::WindowLoadHost &h : report::windowLoadHosts(w.gates))
        m_stored.setHostCores(h.host, h.generatorCores);
    m_showingStored = true;
    m_charts->setTimeline(&m_stored);
    m_charts->setThroughputColor(palette::configuration(m_matrix->colourIndex(w.configuration)));
    m_charts->setCaption(storedCaption(w));
    m_backToLive->setVisible(true);
    Q_EMIT storedWindowShown(w.id);
}

// Named by its cell, as the matrix and the cells table name it; the store's id is no name.
QString RunPage::storedCaption(const store::WindowRecord &w) const
{
    QString route = w.route;
    if (m_context.routeText.contains(w.route))
        route += QStringLiteral(" (%1)").arg(m_context.routeText.value(w.route));
    const QString round = m_context.rounds > 0
                              ? tr("round %1 of %2").arg(w.round + 1).arg(m_context.rounds)
                              : tr("round %1").arg(w.round + 1);
    return tr("Stored window: %1 - %2 - c=%3 - %4, attempt %5 - %6")
        .arg(w.configuration, route)
        .arg(w.concurrency)
        .arg(round)
        .arg(w.attempt + 1)
        .arg(w.valid ? tr("valid") : tr("invalid: %1").arg(run::invalidReasonText(w)));
}

QString RunPage::chartCaption() const
{
    return m_charts->caption();
}

void RunPage::showLive()
{
    m_showingStored = false;
    m_backToLive->setVisible(false);
    m_charts->setCaption(QString());
    m_charts->setTimeline(&m_live);
    if (m_inWindow)
        m_charts->setThroughputColor(
            palette::configuration(m_matrix->colourIndex(m_cell.configuration)));
}

} // namespace sb
