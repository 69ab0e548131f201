#include "ui/pages/compareprofiles.h"

#include "ui/widgets/profilelist.h"
#include "ui/widgets/profileview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace sb {

CompareProfiles::CompareProfiles(QWidget *parent)
    : QWidget(parent)
    , m_hint(new QLabel(this))
    , m_a(new QComboBox(this))
    , m_b(new QComboBox(this))
    , m_view(new ProfileView(this))
{
    setObjectName(QStringLiteral("compareProfiles"));
    m_hint->setWordWrap(true);
    // The page gives its charts little height: the table beside the graph.
    m_view->setOrientation(Qt::Horizontal);
    m_a->setAccessibleName(tr("Profile A (baseline)"));
    m_b->setAccessibleName(tr("Profile B"));
    for (QComboBox *box : {m_a, m_b}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(24);
        connect(box, &QComboBox::activated, this, [this] {
            if (!m_updating)
                showPair();
        });
    }
    auto *pickers = new QHBoxLayout;
    pickers->addWidget(new QLabel(tr("Differential flame graph of"), this));
    pickers->addWidget(m_b, 1);
    pickers->addWidget(new QLabel(tr("against"), this));
    pickers->addWidget(m_a, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_hint);
    layout->addLayout(pickers);
    layout->addWidget(m_view, 1);
    setComparison(charts::CompareResult{}, QString(), 0);
}

void CompareProfiles::setComparison(const charts::CompareResult &result, const QString &route,
                                    int concurrency)
{
    const bool newResult = !m_haveResult || result.id != m_resultId;
    if (newResult) {
        m_haveResult = true;
        m_resultId = result.id;
        fillLists(result);
    }
    if (newResult || route != m_route || concurrency != m_concurrency) {
        m_route = route;
        m_concurrency = concurrency;
        pickPair(route, concurrency);
        showPair();
    }
}

void CompareProfiles::fillLists(const charts::CompareResult &result)
{
    m_entries.clear();
    m_multiRun = result.multiRun;
    const charts::ChartSource &s = result.source;
    // The baseline run's baseline configuration (loadRunReport fills it in: the plan's first
    // when none was asked for).
    m_baselineConfiguration = s.runs.isEmpty() ? QString()
                              : s.runs.first().options.baseline.isEmpty()
                                  ? s.runs.first().configurations.value(0)
                                  : s.runs.first().options.baseline;
    for (int run = 0; run < s.runs.size(); ++run)
        for (const store::ProfileRecord &p : s.runs[run].profiles)
            m_entries.append({run, s.seriesName(run, p.configuration), p});
    m_updating = true;
    m_a->clear();
    m_b->clear();
    for (const Entry &e : std::as_const(m_entries)) {
        const QString text =
            tr("%1 · %2 · c=%3")
                .arg(e.name, e.profile.route, QString::number(e.profile.concurrency));
        m_a->addItem(text);
        m_b->addItem(text);
    }
    m_updating = false;
    m_a->setEnabled(!m_entries.isEmpty());
    m_b->setEnabled(!m_entries.isEmpty());
    // Said only while there is nothing to pick: the pickers and the legend say the rest.
    m_hint->setText(s.runs.isEmpty() ? tr("Tick runs to compare their CPU profiles.")
                                     : tr("None of the compared runs has a CPU profile: profile "
                                          "cells when you run a plan, then compare them here."));
    m_hint->setVisible(m_entries.isEmpty());
}

void CompareProfiles::pickPair(const QString &route, int concurrency)
{
    int a = -1;
    int b = -1;
    const auto atCell = [&](const Entry &e) {
        return e.profile.route == route && e.profile.concurrency == concurrency;
    };
    for (int i = 0; i < m_entries.size() && a < 0; ++i)
        if (atCell(m_entries[i]) && m_entries[i].run == 0 &&
            (m_baselineConfiguration.isEmpty() ||
             m_entries[i].profile.configuration == m_baselineConfiguration))
            a = i;
    for (int i = 0; i < m_entries.size() && a < 0; ++i)
        if (atCell(m_entries[i]))
            a = i;
    if (a >= 0) {
        const Entry &ea = m_entries[a];
        // Runs compared: the same configuration in another run first.
        for (int i = 0; i < m_entries.size() && b < 0 && m_multiRun; ++i)
            if (i != a && atCell(m_entries[i]) && m_entries[i].run != ea.run &&
                m_entries[i].profile.configuration == ea.profile.configuration)
                b = i;
        for (int i = 0; i < m_entries.size() && b < 0; ++i)
            if (i != a && atCell(m_entries[i]))
                b = i;
    }
    if (a < 0 && !m_entries.isEmpty())
        a = 0;
    if (b < 0)
        b = a;
    m_updating = true;
    m_a->setCurrentIndex(a);
    m_b->setCurrentIndex(b);
    m_updating = false;
}

void CompareProfiles::showPair()
{
    const int a = m_a->currentIndex();
    const int b = m_b->currentIndex();
    if (a < 0 || b < 0 || a >= m_entries.size() || b >= m_entries.size()) {
        m_view->clear(m_entries.isEmpty() ? tr("No CPU profile to show.")
                                          : tr("Pick two profiles above."));
        return;
    }
    const Entry &ea = m_entries[a];
    const Entry &eb = m_entries[b];
    if (a == b) {
        m_view->setProfile(ea.profile);
        return;
    }
    QString nameA = ea.name;
    QString nameB = eb.name;
    if (nameA == nameB) { // one configuration of one run at two cells
        nameA = ProfileList::cellName(ea.profile);
        nameB = ProfileList::cellName(eb.profile);
    }
    m_view->setDiff(ea.profile, eb.profile, nameA, nameB);
}

} // namespace sb
