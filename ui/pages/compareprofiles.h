#pragma once

#include "store/records.h"
#include "ui/charts/comparedata.h"

#include <QVector>
#include <QWidget>

class QComboBox;
class QLabel;

namespace sb {

class ProfileView;

// The Compare page's "CPU profiles" tab (issue 25): every CPU profile of the compared runs in
// two lists, A (the baseline) and B, and the differential flame graph of B against A below
// (ProfileView); the same profile on both sides shows it alone. For the cell the page's charts
// show it picks the baseline's profile as A and, as B, the same configuration in the next run
// (runs compared) or the next configuration (one run's configurations). GUI thread.
class CompareProfiles : public QWidget
{
    Q_OBJECT
public:
    explicit CompareProfiles(QWidget *parent = nullptr);

    // The comparison shown and the cell of its charts; lists and pair change only when they do.
    void setComparison(const charts::CompareResult &result, const QString &route, int concurrency);

    QComboBox *sideA() const { return m_a; }
    QComboBox *sideB() const { return m_b; }
    ProfileView *view() const { return m_view; }
    int profileCount() const { return int(m_entries.size()); }

private:
    struct Entry
    {
        int run = 0;
        QString name; // "native" (one run), "native @ 3f2a" (runs)
        store::ProfileRecord profile;
    };

    void fillLists(const charts::CompareResult &result);
    void pickPair(const QString &route, int concurrency);
    void showPair();

    QVector<Entry> m_entries;
    QString m_baselineConfiguration;
    bool m_multiRun = false;
    quint64 m_resultId = 0;
    bool m_haveResult = false;
    QString m_route;
    int m_concurrency = -1;
    bool m_updating = false;

    QLabel *m_hint;
    QComboBox *m_a;
    QComboBox *m_b;
    ProfileView *m_view;
};

} // namespace sb
