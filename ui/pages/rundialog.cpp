#include "ui/pages/rundialog.h"

#include "ui/storeresults.h"
#include "ui/models/cellsmodel.h"
#include "ui/models/matrixmodel.h"
#include "ui/widgets/matrixview.h"

#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScreen>
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

RunDialog::RunDialog(const StoredRun &run, QWidget *parent)
    : QDialog(parent)
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
    auto *header = new QLabel(
        tr("Run %1 · %2 (%3) · %4, started %5 · %6 · read-only")
            .arg(run.runId, run.row.planName, run.row.profile,
                 RunsModel::statusName(run.row.status),
                 QLocale().toString(run.row.startedAt.toLocalTime(), QLocale::ShortFormat),
                 RunsModel::attemptsText(run.validWindows, run.invalidWindows)),
        this);
    header->setAccessibleName(tr("Run"));
    header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(header);

    auto *split = new QSplitter(Qt::Horizontal, this);
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
    layout->addWidget(split, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
    fitContents(split);
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
    const QScreen *on = parentWidget() ? parentWidget()->screen() : screen();
    const QRect room = on->availableGeometry();
    resize(std::min(wanted, room.width() * 19 / 20), std::min(640, room.height() * 4 / 5));
    split->setSizes({gridWidth, std::max(1, width() - frame - gridWidth)});
    split->setStretchFactor(1, 1); // a wider dialog widens the cell table
}

} // namespace sb
