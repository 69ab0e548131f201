#pragma once

#include "ui/charts/comparedata.h"

#include <QTableView>

namespace sb {

class ColdStartModel;

// The Compare page's "Cold start" tab (issue 25): per compared run and configuration, exec ->
// ready and RSS at ready as median [min-max] over its starts (ColdStartModel), sortable.
// GUI thread.
class CompareColdStart : public QTableView
{
    Q_OBJECT
public:
    explicit CompareColdStart(QWidget *parent = nullptr);

    // The comparison shown (its runs' starts), named as the charts name runs.
    void setComparison(const charts::CompareResult &result);
    ColdStartModel *model() const { return m_model; }

private:
    ColdStartModel *m_model;
};

} // namespace sb
