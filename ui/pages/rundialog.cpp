#include "ui/pages/rundialog.h"

#include "ui/historystore.h"
#include "ui/models/cellsmodel.h"
#include "ui/models/matrixmodel.h"
#include "ui/widgets/matrixview.h"

#include <algorithm>

#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

namespace sb {

namespace {

QString attemptKey(const store::WindowRecord &w)
{
    return QStringLiteral("%1|%2|%3|%4")
        .arg(w.round)
        .arg(w.configuration, w.route)
        .arg(w.concurrency);
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
        tr("Run %1 · %2 (%3) · %4, started %5 · %6 valid window(s), %7 invalid attempt(s) · "
           "read-only")
            .arg(run.runId, run.row.planName, run.row.profile,
                 RunsModel::statusName(run.row.status),
                 QLocale().toString(run.row.startedAt.toLocalTime(), QLocale::ShortFormat))
            .arg(run.validWindows)
            .arg(run.invalidWindows),
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
    resize(1280, 600);
    // The grid as wide as its cells (up to half the dialog), the cell table the rest.
    QTableView *grid = m_matrixView->table();
    grid->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
    grid->verticalHeader()->resizeSections(QHeaderView::ResizeToContents);
    int gridWidth = grid->verticalHeader()->sizeHint().width() +
                    grid->horizontalHeader()->length() + 2 * grid->frameWidth() +
                    grid->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    gridWidth = std::min(gridWidth, width() / 2);
    split->setSizes({gridWidth, width() - gridWidth});
}

} // namespace sb
