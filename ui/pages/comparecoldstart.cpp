#include "ui/pages/comparecoldstart.h"

#include "ui/models/coldstartmodel.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>

namespace sb {

CompareColdStart::CompareColdStart(QWidget *parent)
    : QTableView(parent)
    , m_model(new ColdStartModel(this))
{
    setObjectName(QStringLiteral("compareColdStart"));
    setAccessibleName(tr("Cold start"));
    auto *sorted = new QSortFilterProxyModel(this);
    sorted->setSourceModel(m_model);
    sorted->setSortRole(ColdStartModel::SortRole);
    setModel(sorted);
    setSortingEnabled(true);
    sortByColumn(-1, Qt::AscendingOrder); // the runs' order until a header is clicked
    setAlternatingRowColors(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setWordWrap(false);
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    horizontalHeader()->setStretchLastSection(false);
}

void CompareColdStart::setComparison(const charts::CompareResult &result)
{
    QStringList names;
    for (int run = 0; run < result.source.runs.size(); ++run)
        names << result.source.runs[run].run.id;
    m_model->setRuns(result.source.runs, names);
    resizeColumnsToContents();
}

} // namespace sb
