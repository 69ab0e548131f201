#include "ui/models/profilefunctionsmodel.h"

#include "report/flamegraphsvg.h"

#include <QLocale>
#include <algorithm>
#include <numeric>

namespace sb {

ProfileFunctionsModel::ProfileFunctionsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ProfileFunctionsModel::setFunctions(const QVector<profile::FunctionCost> &functions)
{
    beginResetModel();
    m_diff = false;
    m_functions = functions;
    m_deltas.clear();
    m_nameA.clear();
    m_nameB.clear();
    endResetModel();
}

void ProfileFunctionsModel::setDeltas(const QVector<profile::FunctionDelta> &deltas,
                                      const QString &nameA, const QString &nameB)
{
    beginResetModel();
    m_diff = true;
    m_functions.clear();
    m_deltas = deltas;
    m_nameA = nameA;
    m_nameB = nameB;
    endResetModel();
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
}

void ProfileFunctionsModel::clear()
{
    beginResetModel();
    m_diff = false;
    m_functions.clear();
    m_deltas.clear();
    endResetModel();
}

int ProfileFunctionsModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    return int(m_diff ? m_deltas.size() : m_functions.size());
}

int ProfileFunctionsModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    return m_diff ? 6 : 5;
}

QVariant ProfileFunctionsModel::sortValue(int row, int column) const
{
    if (m_diff) {
        const profile::FunctionDelta &d = m_deltas[row];
        switch (column) {
        case FunctionColumn:
            return d.name;
        case SelfAColumn:
            return d.selfShareA;
        case SelfBColumn:
            return d.selfShareB;
        case ChangeColumn:
            return d.selfDelta();
        case TotalAColumn:
            return d.totalShareA;
        case TotalBColumn:
            return d.totalShareB;
        default:
            return QVariant();
        }
    }
    const profile::FunctionCost &c = m_functions[row];
    switch (column) {
    case FunctionColumn:
        return c.name;
    case SelfColumn:
        return c.selfShare;
    case TotalColumn:
        return c.totalShare;
    case SelfSamplesColumn:
        return double(c.selfSamples);
    case TotalSamplesColumn:
        return double(c.totalSamples);
    default:
        return QVariant();
    }
}

QVariant ProfileFunctionsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return QVariant();
    const int row = index.row();
    const int column = index.column();
    const QString name = m_diff ? m_deltas[row].name : m_functions[row].name;
    switch (role) {
    case Qt::DisplayRole: {
        if (column == FunctionColumn)
            return name;
        const double v = sortValue(row, column).toDouble();
        if (m_diff && column == ChangeColumn)
            return report::shareDeltaText(v);
        if (!m_diff && (column == SelfSamplesColumn || column == TotalSamplesColumn))
            return QLocale().toString(qint64(v));
        return report::shareText(v);
    }
    case Qt::ToolTipRole:
        return column == FunctionColumn ? name : QVariant();
    case Qt::TextAlignmentRole:
        return column == FunctionColumn ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                        : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case SortRole:
        return sortValue(row, column);
    case FunctionRole:
        return name;
    default:
        return QVariant();
    }
}

QVariant ProfileFunctionsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QVariant();
    if (role == Qt::ToolTipRole) {
        if (section == FunctionColumn)
            return tr("The function (frame) name");
        if (m_diff)
            return section == ChangeColumn
                       ? tr("The change in self share from %1 to %2, percentage points")
                             .arg(m_nameA, m_nameB)
                       : tr("Shares of each profile's own samples");
        return section == SelfColumn || section == SelfSamplesColumn
                   ? tr("Samples in the function itself")
                   : tr("Samples with the function anywhere on the stack, counted once per "
                        "stack");
    }
    if (role != Qt::DisplayRole)
        return QVariant();
    if (section == FunctionColumn)
        return tr("Function");
    if (m_diff) {
        switch (section) {
        case SelfAColumn:
            return tr("Self in %1").arg(m_nameA);
        case SelfBColumn:
            return tr("Self in %1").arg(m_nameB);
        case ChangeColumn:
            return tr("Change");
        case TotalAColumn:
            return tr("Total in %1").arg(m_nameA);
        case TotalBColumn:
            return tr("Total in %1").arg(m_nameB);
        default:
            return QVariant();
        }
    }
    switch (section) {
    case SelfColumn:
        return tr("Self");
    case TotalColumn:
        return tr("Total");
    case SelfSamplesColumn:
        return tr("Self samples");
    case TotalSamplesColumn:
        return tr("Total samples");
    default:
        return QVariant();
    }
}

void ProfileFunctionsModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= columnCount())
        return;
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    QVector<int> rows(rowCount());
    std::iota(rows.begin(), rows.end(), 0);
    std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) {
        const QVariant x = sortValue(a, column);
        const QVariant y = sortValue(b, column);
        const bool less =
            column == FunctionColumn ? x.toString() < y.toString() : x.toDouble() < y.toDouble();
        const bool greater =
            column == FunctionColumn ? y.toString() < x.toString() : y.toDouble() < x.toDouble();
        return order == Qt::AscendingOrder ? less : greater;
    });
    QVector<int> newRow(rows.size());
    for (int i = 0; i < rows.size(); ++i)
        newRow[rows[i]] = i;
    if (m_diff) {
        QVector<profile::FunctionDelta> sorted;
        for (int r : rows)
            sorted.append(m_deltas[r]);
        m_deltas = sorted;
    } else {
        QVector<profile::FunctionCost> sorted;
        for (int r : rows)
            sorted.append(m_functions[r]);
        m_functions = sorted;
    }
    QModelIndexList after;
    for (const QModelIndex &i : before)
        after.append(index(newRow[i.row()], i.column()));
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace sb
