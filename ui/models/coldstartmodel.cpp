#include "ui/models/coldstartmodel.h"

#include "report/memoryreport.h"

namespace sb {

ColdStartModel::ColdStartModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ColdStartModel::setRuns(const QVector<report::RunReport> &runs, const QStringList &names)
{
    beginResetModel();
    m_rows.clear();
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const QString run = names.value(i, runs[i].run.id);
        for (const report::ColdStartSummary &s : report::coldStartSummaries(runs[i]))
            m_rows.append({run.isEmpty() ? runs[i].run.id : run, s});
    }
    endResetModel();
}

void ColdStartModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

int ColdStartModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ColdStartModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ColdStartModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return QVariant();
    const Row &r = m_rows[index.row()];
    const report::ColdStartSummary &s = r.summary;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case RunColumn:
            return r.run;
        case ConfigurationColumn:
            return s.configuration;
        case StartsColumn:
            return s.starts;
        case ReadyColumn:
            return report::coldStartMsText(s.readyMs);
        case RssColumn:
            return report::memoryRangeText(s.rssBytes);
        default:
            return QVariant();
        }
    }
    if (role == SortRole) {
        switch (index.column()) {
        case RunColumn:
            return r.run;
        case ConfigurationColumn:
            return s.configuration;
        case StartsColumn:
            return double(s.starts);
        case ReadyColumn:
            return s.readyMs.n > 0 ? QVariant(s.readyMs.median) : QVariant();
        case RssColumn:
            return s.rssBytes.n > 0 ? QVariant(s.rssBytes.median) : QVariant();
        default:
            return QVariant();
        }
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() >= StartsColumn ? int(Qt::AlignRight | Qt::AlignVCenter)
                                              : int(Qt::AlignLeft | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == ReadyColumn)
        return tr("exec to accepting connections: %1").arg(report::coldStartMsText(s.acceptMs));
    if (role == Qt::ToolTipRole && index.column() == RssColumn)
        return tr("PSS at ready: %1").arg(report::memoryRangeText(s.pssBytes));
    return QVariant();
}

QVariant ColdStartModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QVariant();
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case StartsColumn:
            return tr("Starts of the configuration's server tree that became ready");
        case ReadyColumn:
            return tr("From the server's exec to the readiness probe's expected answer: "
                      "median [min-max] over the starts");
        case RssColumn:
            return tr("The whole tree's resident memory when it became ready: median "
                      "[min-max] over the starts");
        default:
            return QVariant();
        }
    }
    if (role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case RunColumn:
        return tr("Run");
    case ConfigurationColumn:
        return tr("Configuration");
    case StartsColumn:
        return tr("Starts");
    case ReadyColumn:
        return tr("Exec → ready");
    case RssColumn:
        return tr("RSS at ready");
    default:
        return QVariant();
    }
}

} // namespace sb
