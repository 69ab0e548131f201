#include "ui/models/runsfiltermodel.h"

#include "ui/models/runsmodel.h"

namespace sb {

RunsFilterModel::RunsFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(RunsModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setDynamicSortFilter(true);
}

void RunsFilterModel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateRowsFilter();
}

void RunsFilterModel::setStatus(const QString &status)
{
    if (status == m_status)
        return;
    m_status = status;
    invalidateRowsFilter();
}

bool RunsFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *model = sourceModel();
    if (!m_status.isEmpty() &&
        model->index(sourceRow, 0, sourceParent).data(RunsModel::StatusRole).toString() != m_status)
        return false;
    const QString text = m_text.trimmed();
    if (text.isEmpty())
        return true;
    for (int c = 0; c < model->columnCount(sourceParent); ++c) {
        const QModelIndex index = model->index(sourceRow, c, sourceParent);
        // The tooltip holds the whole value where the cell shows a short one (the kernel).
        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)})
            if (index.data(role).toString().contains(text, Qt::CaseInsensitive))
                return true;
    }
    return false;
}

} // namespace sb
