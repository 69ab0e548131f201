#pragma once

#include "plan/planloader.h"

#include <QAbstractTableModel>
#include <QList>

namespace sb {

// The plan's problems as a table for the Problems dock: severity, file:line:col, JSON path,
// message; errors (PlanLoad::diagnostics) first in position order, then warnings. No widgets;
// GUI thread.
class DiagnosticsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        SeverityColumn,
        LocationColumn,
        PathColumn,
        MessageColumn,
        ColumnCount
    };
    enum Severity
    {
        Error,
        Warning
    };
    enum Role
    {
        LineRole = Qt::UserRole + 1, // int, 1-based line (0: the file as a whole)
        ColumnRole,                  // int, 1-based column in Unicode code points
        SeverityRole,                // Severity
        CodeRole                     // QString, "plan.unknown-key", ...
    };

    struct Entry
    {
        Severity severity = Error;
        plan::Diagnostic diagnostic;
    };

    explicit DiagnosticsModel(QObject *parent = nullptr);

    // Replaces the list with the errors and warnings of one load.
    void setDiagnostics(const QList<plan::Diagnostic> &errors,
                        const QList<plan::Diagnostic> &warnings);
    void clear();
    const QList<Entry> &entries() const { return m_entries; }
    int errorCount() const;
    int warningCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<Entry> m_entries;
};

} // namespace sb
