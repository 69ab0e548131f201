#include "ui/pages/rundialog.h"

#include "run/gatereason.h"
#include "ui/charts/palette.h"
#include "ui/models/cellsmodel.h"
#include "ui/models/matrixmodel.h"
#include "ui/storeresults.h"
#include "ui/storeservice.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/matrixview.h"

#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScreen>
#include <QSet>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace sb {

namespace {

QString attemptKey(const store::WindowRecord &w)
{
    return QStringLiteral("%1|%2|%3|%4")
        .arg(w.round)
        .arg(w.configuration, w.route)
        .arg(w.concurrency);
}

// The width `view` needs to show every column without a horizontal scroll bar.
int contentWidth(QTableView *view)
{
    int width = 2 * view->frameWidth() + view->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    if (!view->verticalHeader()->isHidden()) // isVisible() is false until the dialog shows
        width += view->verticalHeader()->sizeHint().width();
    const QAbstractItemView *items = view; // sizeHintForColumn() is public there
    const QHeaderView *header = view->horizontalHeader();
    const int columns = view->model()->columnCount();
    for (int c = 0; c < columns; ++c) {
        int column = std::max(items->sizeHintForColumn(c), header->sectionSizeHint(c));
        // A stretched last section is never narrower than the default section size.
        if (c == columns - 1 && header->stretchLastSection())
            column = std::max(column, header->defaultSectionSize());
        width += std::max(column, header->minimumSectionSize());
    }
    return width;
}

} // namespace

void fillStoredRun(const StoredRun &run, MatrixModel *matrix, CellsModel *cells)
{
    matrix->clear();
    cells->clear();
    matrix->setConfigurationOrder(run.configurationOrder);
    cells->setConfigurationOrder(run.configurationOrder);
    if (!run.schedule.isEmpty())
        matrix->setSchedule(run.schedule);
    QHash<QString, qsizetype> last; // cell in a round -> index of its last stored attempt
    for (qsizetype i = 0; i < run.windows.size(); ++i)
        last.insert(attemptKey(run.windows[i]), i);
    const bool retried = run.row.resumable(); // a resume measures an invalid cell again
    for (qsizetype i = 0; i < run.windows.size(); ++i) {
        const store::WindowRecord &w = run.windows[i];
        const bool exhausted = !w.valid && !retried && last.value(attemptKey(w)) == i;
        if (exhausted)
            matrix->windowFinished({run.runId, w, false, true});
        else
            matrix->windowStored(w);
        cells->addWindow(w);
    }
    for (const store::EventRecord &e : run.events)
        if (e.kind == QLatin1String("configuration-blocked"))
            matrix->configurationBlocked(e.data.value(QLatin1String("configuration")).toString(),
                                         e.detail);
    matrix->runEnded();
}

RunCounts storedRunCounts(const StoredRun &run)
{
    struct Cell
    {
        int attempts = 0;
        int invalid = 0;
        bool valid = false;
        QString configuration;
    };
    QHash<QString, Cell> cells;
    QStringList order;
    const auto keyOf = [](int round, const QString &configuration, const QString &route,
                          int concurrency) {
        return QStringLiteral("%1|%2|%3|%4").arg(round).arg(configuration, route).arg(concurrency);
    };
    for (const run::ScheduledWindow &w : run.schedule) {
        const QString key = keyOf(w.round, w.configuration, w.route, w.concurrency);
        if (!cells.contains(key))
            order << key;
        cells[key].configuration = w.configuration;
    }
    for (const store::WindowRecord &w : run.windows) {
        const QString key = keyOf(w.round, w.configuration, w.route, w.concurrency);
        if (!cells.contains(key))
            order << key;
        Cell &c = cells[key];
        c.configuration = w.configuration;
        ++c.attempts;
        c.valid = c.valid || w.valid;
        c.invalid += w.valid ? 0 : 1;
    }
    QSet<QString> blocked;
    for (const store::EventRecord &e : run.events)
        if (e.kind == QLatin1String("configuration-blocked"))
            blocked.insert(e.data.value(QLatin1String("configuration")).toString());
    RunCounts out;
    out.cells = run.schedule.isEmpty() ? -1 : int(order.size());
    const bool resumable = run.row.resumable();
    for (const QString &key : std::as_const(order)) {
        const Cell &c = cells[key];
        out.invalidAttempts += c.invalid;
        if (c.valid) {
            ++out.valid;
            out.remeasured += c.attempts > 1 ? 1 : 0;
        } else if (blocked.contains(c.configuration)) {
            ++out.blocked;
        } else if (c.attempts > 0 && !resumable) {
            ++out.failed;
        } else {
            ++out.toMeasure;
        }
    }
    return out;
}

RunDialog::RunDialog(const StoredRun &run, StoreService *store, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_location(store ? store->location() : QString())
    , m_runId(run.runId)
    , m_matrix(new MatrixModel(this))
    , m_cells(new CellsModel(this))
{
    setAttribute(Qt::WA_DeleteOnClose);
    setObjectName(QStringLiteral("runDialog"));
    setWindowTitle(tr("Run %1 — %2 (%3)").arg(run.runId, run.row.planName, run.row.profile));
    setAccessibleName(windowTitle());
    fillStoredRun(run, m_matrix, m_cells);

    auto *layout = new QVBoxLayout(this);
    m_header = new QLabel(
        tr("Run %1 · %2 (%3) · %4, started %5 · %6 · read-only")
            .arg(run.runId, run.row.planName, run.row.profile,
                 RunsModel::statusName(run.row.shownStatus()),
                 QLocale().toString(run.row.startedAt.toLocalTime(), QLocale::ShortFormat),
                 RunsModel::countsText(storedRunCounts(run))),
        this);
    m_header->setAccessibleName(tr("Run"));
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setWordWrap(true);
    layout->addWidget(m_header);

    auto *vertical = new QSplitter(Qt::Vertical, this);
    auto *split = new QSplitter(Qt::Horizontal, vertical);
    m_matrixView = new MatrixView(m_matrix, split);
    m_cellsView = new QTableView(split);
    m_cellsView->setModel(m_cells);
    m_cellsView->setAccessibleName(tr("Cells"));
    m_cellsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_cellsView->verticalHeader()->setVisible(false);
    m_cellsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_cellsView->horizontalHeader()->setStretchLastSection(true);
    split->addWidget(m_matrixView);
    split->addWidget(m_cellsView);
    vertical->addWidget(split);
    m_charts = new ChartPanel(vertical);
    m_charts->setAccessibleName(tr("Window timeline"));
    m_charts->hide(); // until a cell is opened
    vertical->addWidget(m_charts);
    layout->addWidget(vertical, 1);
    if (m_store) {
        connect(m_matrixView, &MatrixView::windowActivated, this, &RunDialog::openWindow);
        connect(m_store, &StoreService::windowLoaded, this, [this](const StoredWindow &w) {
            if (w.request == m_windowRequest)
                showWindow(w);
        });
    }

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
    fitContents(split);
}

RunDialog::~RunDialog()
{
    m_charts->setTimeline(nullptr);
}

void RunDialog::openWindow(qint64 windowId)
{
    if (!m_store)
        return;
    m_windowRequest = m_store->requestWindow(windowId, m_location, this);
}

void RunDialog::showWindow(const StoredWindow &result)
{
    if (!result.error.isEmpty()) {
        const QString message =
            tr("Cannot open window %1: %2").arg(result.windowId).arg(result.error);
        m_header->setToolTip(message);
        Q_EMIT windowFailed(message);
        return;
    }
    const store::WindowRecord &w = result.window;
    m_timeline.clear();
    for (const store::IntervalRecord &r : w.intervals)
        m_timeline.addInterval(r, false);
    m_charts->setTimeline(&m_timeline);
    m_charts->setThroughputColor(palette::configuration(m_matrix->colourIndex(w.configuration)));
    m_charts->setCaption(
        tr("Round %1 · %2 · %3 · c=%4 · attempt %5 · %6")
            .arg(w.round + 1)
            .arg(w.configuration, w.route)
            .arg(w.concurrency)
            .arg(w.attempt + 1)
            .arg(w.valid ? tr("valid") : tr("invalid: %1").arg(run::invalidReasonText(w))));
    m_charts->show();
    m_charts->timelineChanged();
    Q_EMIT windowShown(w.id);
}

void RunDialog::fitContents(QSplitter *split)
{
    // Wide enough for the grid (at least its legend) and every column of the cell table,
    // within the screen; the cell table gets what a smaller screen leaves.
    const int gridWidth =
        std::max(contentWidth(m_matrixView->table()), m_matrixView->minimumSizeHint().width());
    const QMargins margins = layout()->contentsMargins();
    const int frame = margins.left() + margins.right() + split->handleWidth();
    const int wanted = frame + gridWidth + contentWidth(m_cellsView);
    // Never wider or taller than the window it was opened from (the screen when none).
    const QScreen *on = parentWidget() ? parentWidget()->screen() : screen();
    QSize room = on->availableGeometry().size() * 19 / 20;
    if (parentWidget())
        room = room.boundedTo(parentWidget()->window()->size());
    resize(std::min(wanted, room.width()), std::min(640, room.height()));
    split->setSizes({gridWidth, std::max(1, width() - frame - gridWidth)});
    split->setStretchFactor(1, 1); // a wider dialog widens the cell table
}

} // namespace sb
