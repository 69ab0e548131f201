#pragma once

#include "report/coldstartreport.h"
#include "report/runreport.h"

#include <QAbstractTableModel>
#include <QVector>

namespace sb {

// Cold start on the Compare page (issue 25): per compared run and configuration, the starts of
// its server tree as median [min-max] of exec -> ready and of the tree's RSS at ready, written
// as the reports and History write them (report::coldStartSummaries, coldStartMsText,
// memoryRangeText). No widgets; GUI thread (or any one thread).
class ColdStartModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        RunColumn,
        ConfigurationColumn,
        StartsColumn,
        ReadyColumn, // exec -> ready, ms
        RssColumn,   // RSS at ready
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1, // double: the median (starts: the count)
    };

    explicit ColdStartModel(QObject *parent = nullptr);

    // The compared runs' reports (their `starts`), baseline first; `names` the run column's
    // text per run (empty: the run ids).
    void setRuns(const QVector<report::RunReport> &runs, const QStringList &names = {});
    void clear();

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString run;
        report::ColdStartSummary summary;
    };
    QVector<Row> m_rows;
};

} // namespace sb
