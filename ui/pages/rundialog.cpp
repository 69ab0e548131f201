#include "ui/pages/rundialog.h"

#include "ui/historystore.h"
#include "ui/models/cellsmodel.h"
#include "ui/models/matrixmodel.h"
#include "ui/widgets/matrixview.h"

#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
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
        tr("%1, started %2 · %3 valid window(s), %4 invalid attempt(s) · read-only")
            .arg(RunsModel::statusName(run.row.status),
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
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
    resize(1100, 560);
}

} // namespace sb
