#pragma once

#include "store/records.h"

#include <QVector>
#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace sb {

// A run's CPU profiles (issue 25), one row per profiled cell: configuration, route,
// concurrency, round, samples, the profiling window's 2xx/s against the cell's median, the
// note. "CPU profile" (or a double-click) asks to open the selected one; with two selected,
// "Differential flame graph" asks for the second against the first. History's details pane
// shows it. GUI thread.
class ProfileList : public QWidget
{
    Q_OBJECT
public:
    explicit ProfileList(QWidget *parent = nullptr);

    // The profiles of one run (with or without their folded stacks), in the order given.
    void setProfiles(const QVector<store::ProfileRecord> &profiles);
    int count() const { return int(m_profiles.size()); }
    QTreeWidget *view() const { return m_view; }
    QPushButton *openButton() const { return m_open; }
    QPushButton *diffButton() const { return m_diff; }

    // "native on hash at c=32", how the GUI names a profile's cell.
    static QString cellName(const store::ProfileRecord &profile);

Q_SIGNALS:
    void profileRequested(const sb::store::ProfileRecord &profile);
    // `b` against `a`: the row selected first is the baseline.
    void diffRequested(const sb::store::ProfileRecord &a, const sb::store::ProfileRecord &b);

private:
    void updateButtons();
    QVector<int> selectedRows() const;

    QVector<store::ProfileRecord> m_profiles;
    QVector<int> m_selectionOrder; // rows in the order they were selected
    QLabel *m_hint;
    QTreeWidget *m_view;
    QPushButton *m_open;
    QPushButton *m_diff;
};

} // namespace sb
