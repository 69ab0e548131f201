#include "ui/widgets/profilelist.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace sb {

namespace {

enum Column
{
    ConfigurationColumn,
    RouteColumn,
    ConcurrencyColumn,
    RoundColumn,
    SamplesColumn,
    WindowColumn,
    NoteColumn,
    ColumnCount
};

constexpr int kRowRole = Qt::UserRole + 1;

} // namespace

QString ProfileList::cellName(const store::ProfileRecord &p)
{
    return tr("%1 on %2 at c=%3").arg(p.configuration, p.route, QString::number(p.concurrency));
}

ProfileList::ProfileList(QWidget *parent)
    : QWidget(parent)
    , m_hint(new QLabel(this))
    , m_view(new QTreeWidget(this))
    , m_open(new QPushButton(tr("CPU profile…"), this))
    , m_diff(new QPushButton(tr("Differential flame graph…"), this))
{
    setObjectName(QStringLiteral("profileList"));
    m_hint->setWordWrap(true);
    m_view->setAccessibleName(tr("CPU profiles"));
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setHeaderLabels({tr("Configuration"), tr("Route"), tr("Concurrency"), tr("Round"),
                             tr("Samples"), tr("Window 2xx/s (cell median)"), tr("Note")});
    m_view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->header()->setStretchLastSection(true);
    connect(m_view, &QTreeWidget::itemSelectionChanged, this, [this] {
        const QVector<int> rows = selectedRows();
        m_selectionOrder.removeIf([&rows](int r) { return !rows.contains(r); });
        for (int r : rows)
            if (!m_selectionOrder.contains(r))
                m_selectionOrder.append(r);
        updateButtons();
    });
    connect(m_view, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        Q_EMIT profileRequested(m_profiles.value(item->data(0, kRowRole).toInt()));
    });
    m_open->setToolTip(tr("The selected profile's flame graph and top functions"));
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (m_selectionOrder.size() == 1)
            Q_EMIT profileRequested(m_profiles[m_selectionOrder.first()]);
    });
    m_diff->setToolTip(tr("Select two profiles: the second against the first, coloured by the "
                          "change in each frame's share"));
    connect(m_diff, &QPushButton::clicked, this, [this] {
        if (m_selectionOrder.size() == 2)
            Q_EMIT diffRequested(m_profiles[m_selectionOrder[0]], m_profiles[m_selectionOrder[1]]);
    });

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_open);
    buttons->addWidget(m_diff);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_hint);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);
    setProfiles({});
}

void ProfileList::setProfiles(const QVector<store::ProfileRecord> &profiles)
{
    m_profiles = profiles;
    m_selectionOrder.clear();
    m_view->clear();
    const QLocale locale;
    for (int i = 0; i < profiles.size(); ++i) {
        const store::ProfileRecord &p = profiles[i];
        auto *item = new QTreeWidgetItem(m_view);
        item->setData(0, kRowRole, i);
        item->setText(ConfigurationColumn, p.configuration);
        item->setText(RouteColumn, p.route);
        item->setText(ConcurrencyColumn, QString::number(p.concurrency));
        item->setText(RoundColumn, QString::number(p.round + 1));
        item->setText(SamplesColumn, locale.toString(p.samples));
        item->setText(WindowColumn, p.cellOkPerS > 0
                                        ? tr("%1 (%2)").arg(locale.toString(p.okPerS, 'f', 0),
                                                            locale.toString(p.cellOkPerS, 'f', 0))
                                        : locale.toString(p.okPerS, 'f', 0));
        item->setText(NoteColumn, p.note);
        item->setToolTip(NoteColumn, p.note);
        for (int c : {ConcurrencyColumn, RoundColumn, SamplesColumn, WindowColumn})
            item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    }
    m_hint->setText(profiles.isEmpty()
                        ? tr("No cell of this run was profiled.")
                        : tr("Double-click a profile for its flame graph; select two for a "
                             "differential flame graph (the second against the first)."));
    updateButtons();
}

QVector<int> ProfileList::selectedRows() const
{
    QVector<int> rows;
    for (QTreeWidgetItem *item : m_view->selectedItems())
        rows.append(item->data(0, kRowRole).toInt());
    return rows;
}

void ProfileList::updateButtons()
{
    m_open->setEnabled(m_selectionOrder.size() == 1);
    m_diff->setEnabled(m_selectionOrder.size() == 2);
}

} // namespace sb
