#include "ui/widgets/matrixview.h"

#include "ui/charts/palette.h"
#include "ui/models/matrixmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPixmap>
#include <QTableView>
#include <QVBoxLayout>

namespace sb {

MatrixView::MatrixView(MatrixModel *model, QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableView(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_table->setModel(model);
    m_table->setAccessibleName(tr("Matrix grid"));
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setMinimumSectionSize(52);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setShowGrid(true);
    layout->addWidget(m_table, 1);

    auto *legend = new QHBoxLayout;
    legend->setSpacing(10);
    for (int i = 0; i < kCellStateCount; ++i) {
        const CellState state = CellState(i);
        QPixmap swatch(12, 12);
        swatch.fill(palette::cellState(state));
        auto *icon = new QLabel(this);
        icon->setPixmap(swatch);
        auto *name = new QLabel(cellStateName(state), this);
        auto *item = new QHBoxLayout;
        item->setSpacing(3);
        item->addWidget(icon);
        item->addWidget(name);
        legend->addLayout(item);
    }
    legend->addStretch();
    layout->addLayout(legend);

    auto activate = [this](const QModelIndex &index) {
        const qint64 id = index.data(MatrixModel::WindowIdRole).toLongLong();
        if (id > 0)
            Q_EMIT windowActivated(id);
    };
    // Emitted on a double-click (and on Enter) by every style that does not activate on a
    // single click.
    connect(m_table, &QTableView::activated, this, activate);
}

} // namespace sb
