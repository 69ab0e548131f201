#pragma once

#include "profile/topfunctions.h"

#include <QAbstractTableModel>
#include <QVector>

namespace sb {

// The top functions of a CPU profile (issue 25) as a table: function, self share, total share
// and their samples; or, of two profiles, each function's self and total share in A and B and
// the change in self share. Sortable by any column (sort(); numbers by value through SortRole,
// names by text), by self share (largest first) when filled. Shares read as the HTML report
// writes them (report::shareText). No widgets; GUI thread (or any one thread).
class ProfileFunctionsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        FunctionColumn,
        // One profile:
        SelfColumn = 1,  // self share
        TotalColumn = 2, // total share
        SelfSamplesColumn = 3,
        TotalSamplesColumn = 4,
        // Two profiles:
        ChangeColumn = 1, // self share B - A, percentage points: what a differential is read for
        SelfAColumn = 2,
        SelfBColumn = 3,
        TotalAColumn = 4,
        TotalBColumn = 5,
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1, // double (shares, samples) or QString (the function)
        FunctionRole,                // QString: the function's whole name
    };

    explicit ProfileFunctionsModel(QObject *parent = nullptr);

    // One profile's functions (profile::topFunctions).
    void setFunctions(const QVector<profile::FunctionCost> &functions);
    // Two profiles' (profile::functionDeltas); the headers name A and B.
    void setDeltas(const QVector<profile::FunctionDelta> &deltas, const QString &nameA,
                   const QString &nameB);
    void clear();
    bool isDiff() const { return m_diff; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    QVariant sortValue(int row, int column) const;

    bool m_diff = false;
    QVector<profile::FunctionCost> m_functions;
    QVector<profile::FunctionDelta> m_deltas;
    QString m_nameA;
    QString m_nameB;
};

} // namespace sb
