#pragma once

#include <QSortFilterProxyModel>
#include <QString>

namespace sb {

// The History table's filter and sort over a RunsModel: a text that must occur (ignoring case)
// in some column's display text or tooltip, and a status (empty = any). Sorts by
// RunsModel::SortRole. No widgets; GUI thread.
class RunsFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit RunsFilterModel(QObject *parent = nullptr);

    // Rows where some column's text or tooltip contains `text` (ignoring case, surrounding
    // blanks dropped); empty = every row.
    void setText(const QString &text);
    QString text() const { return m_text; }
    // Rows with this RunsModel::StatusRole (a kStatus* value); empty = every status.
    void setStatus(const QString &status);
    QString status() const { return m_status; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_text;
    QString m_status;
};

} // namespace sb
