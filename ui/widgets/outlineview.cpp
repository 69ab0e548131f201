#include "ui/widgets/outlineview.h"

#include "ui/models/outlinemodel.h"
#include "ui/offthread.h"
#include "ui/preflight.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSpinBox>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

namespace sb {

OutlineView::OutlineView(OutlineModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_profile(new QComboBox(this))
    , m_tree(new QTreeView(this))
    , m_windows(new QLabel(this))
    , m_perWindow(new QLabel(this))
    , m_duration(new QLabel(this))
    , m_state(new QLabel(this))
    , m_preflight(new QLabel(this))
    , m_gate(new QLineEdit(this))
    , m_quietWait(new QSpinBox(this))
    , m_preflightTimer(new QTimer(this))
{
    setAccessibleName(tr("Outline"));
    m_profile->setAccessibleName(tr("Profile"));
    m_profile->setToolTip(tr("The profile to run: rounds, concurrency levels and window lengths"));
    m_tree->setModel(model);
    m_tree->setHeaderHidden(true);
    m_tree->setAccessibleName(tr("Configurations and routes to run"));
    m_tree->setUniformRowHeights(true);
    const struct
    {
        QLabel *label;
        QString name;
    } values[] = {{m_windows, tr("Windows to measure")},
                  {m_perWindow, tr("Length of one window")},
                  {m_duration, tr("Estimated duration")}};
    for (const auto &v : values) {
        v.label->setWordWrap(true);
        v.label->setAccessibleName(v.name);
        v.label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_state->setWordWrap(true);
    m_state->setAccessibleName(tr("Outline state"));
    m_preflight->setWordWrap(true);
    m_preflight->setAccessibleName(tr("Machine before Start"));
    m_preflight->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_preflight->setToolTip(tr("Read every few seconds: the machine's load, the CPU other "
                               "processes take (the foreign CPU the gate counts) and the "
                               "busiest of them"));
    m_gate->setAccessibleName(tr("Foreign-CPU gate"));
    m_gate->setToolTip(tr("sampler.foreign_gate: the mean foreign CPU that fails a window, of the "
                          "machine (\"32%machine\") or of one core (\"150%\")"));
    m_quietWait->setAccessibleName(tr("Quiet wait"));
    m_quietWait->setToolTip(tr("sampler.wait_quiet_s: before re-measuring a window that failed "
                               "the gate, wait up to this long for a quiet machine (0 = no "
                               "wait)"));
    m_quietWait->setRange(0, 86400);
    if (auto *edit = m_quietWait->findChild<QLineEdit *>())
        edit->setAccessibleName(m_quietWait->accessibleName());
    m_quietWait->setSuffix(tr(" s"));
    connect(m_gate, &QLineEdit::editingFinished, this, [this] {
        const plan::Plan *plan = m_model->plan();
        const QString text = m_gate->text().trimmed();
        if (plan && !text.isEmpty() && text != plan->sampler.foreignGate.text())
            Q_EMIT samplerEdited(
                QStringLiteral("foreign_gate"),
                QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact).mid(1).chopped(1));
    });
    connect(m_quietWait, &QSpinBox::editingFinished, this, [this] {
        const plan::Plan *plan = m_model->plan();
        if (plan && qint64(m_quietWait->value()) * 1000 != plan->sampler.waitQuietMs)
            Q_EMIT samplerEdited(QStringLiteral("wait_quiet_s"),
                                 QByteArray::number(m_quietWait->value()));
    });
    m_preflightTimer->setInterval(kPreflightMs);
    connect(m_preflightTimer, &QTimer::timeout, this, &OutlineView::refreshPreflight);

    auto *profileLabel = new QLabel(tr("&Profile:"), this);
    profileLabel->setBuddy(m_profile);
    auto *form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(profileLabel, m_profile);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(form);
    // The tree keeps room for its rows (showEveryRow); the summary below scrolls when the
    // window is short (1280x720 left the tree four rows).
    layout->addWidget(m_tree, 1);
    auto *summaryWidget = new QWidget;
    auto *summaryLayout = new QVBoxLayout(summaryWidget);
    summaryLayout->setContentsMargins(0, 0, 0, 0);
    auto *summary = new QFormLayout;
    summary->setContentsMargins(0, 0, 0, 0);
    summary->setRowWrapPolicy(QFormLayout::WrapLongRows);
    summary->addRow(tr("Windows:"), m_windows);
    summary->addRow(tr("Per window:"), m_perWindow);
    summary->addRow(tr("Duration:"), m_duration);
    summary->addRow(tr("&Gate:"), m_gate);
    summary->addRow(tr("&Quiet wait:"), m_quietWait);
    summaryLayout->addLayout(summary);
    summaryLayout->addWidget(m_preflight);
    summaryLayout->addWidget(m_state);
    summaryLayout->addStretch(1);
    m_summaryArea = new QScrollArea(this);
    m_summaryArea->setObjectName(QStringLiteral("outlineSummary"));
    m_summaryArea->setAccessibleName(tr("What the run will measure"));
    m_summaryArea->setWidget(summaryWidget);
    m_summaryArea->setWidgetResizable(true);
    m_summaryArea->setFrameShape(QFrame::NoFrame);
    m_summaryArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(m_summaryArea, 1);

    connect(m_profile, &QComboBox::activated, this,
            [this](int i) { m_model->setProfile(m_profile->itemText(i)); });
    connect(model, &OutlineModel::selectionChanged, this, &OutlineView::refresh);
    connect(model, &QAbstractItemModel::modelReset, this, &OutlineView::showEveryRow);
    connect(model, &QAbstractItemModel::rowsInserted, this, &OutlineView::showEveryRow);
    refresh();
}

void OutlineView::setStale(bool stale)
{
    m_stale = stale;
    refresh();
}

QString OutlineView::durationText(qint64 ms)
{
    const qint64 s = (ms + 500) / 1000;
    if (s >= 3600)
        return tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
    if (s >= 60)
        return s % 60 ? tr("%1 min %2 s").arg(s / 60).arg(s % 60) : tr("%1 min").arg(s / 60);
    return tr("%1 s").arg(s);
}

QString OutlineView::summaryText() const
{
    return QStringList{m_windows->text(), m_perWindow->text(), m_duration->text()}.join(
        QLatin1Char('\n'));
}

QString OutlineView::stateText() const
{
    return m_state->isHidden() ? QString() : m_state->text();
}

QString OutlineView::preflightText() const
{
    return m_preflight->text();
}

void OutlineView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refreshPreflight();
    m_preflightTimer->start();
}

void OutlineView::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_preflightTimer->stop();
}

void OutlineView::refreshPreflight()
{
    if (m_reading)
        return;
    m_reading = true;
    const plan::Plan *plan = m_model->plan();
    const QStringList exclude = plan ? plan->sampler.exclude : plan::SamplerSettings{}.exclude;
    runOffThread(
        this, [exclude] { return readPreflight(1000, exclude); },
        [this](const PreflightReading &r) {
            m_reading = false;
            const plan::Plan *plan = m_model->plan();
            const plan::SamplerSettings sampler = plan ? plan->sampler : plan::SamplerSettings{};
            const plan::Profile *profile = plan ? plan->profile(m_model->profileName()) : nullptr;
            m_preflight->setText(sb::preflightText(
                r, sampler.foreignGatePct, profile ? profile->retries : 0, sampler.waitQuietMs));
            Q_EMIT preflightChanged(m_preflight->text());
        });
}

// Expanded, and tall enough for every row up to kTreeRows: the matrix is what a user reads and
// ticks here, the summary beneath it can scroll.
void OutlineView::showEveryRow()
{
    constexpr int kTreeRows = 18;
    m_tree->expandAll();
    int rows = 0;
    for (QModelIndex i = m_model->index(0, 0); i.isValid() && rows < kTreeRows;
         i = m_tree->indexBelow(i))
        ++rows;
    const int rowHeight = rows > 0 ? m_tree->sizeHintForRow(0) : 0;
    m_tree->setMinimumHeight(std::max(rows, 4) * std::max(rowHeight, fontMetrics().height()) +
                             2 * m_tree->frameWidth() + 2);
}

void OutlineView::refresh()
{
    const QStringList profiles = m_model->profileNames();
    QStringList shown;
    for (int i = 0; i < m_profile->count(); ++i)
        shown << m_profile->itemText(i);
    if (shown != profiles) {
        m_profile->clear();
        m_profile->addItems(profiles);
    }
    m_profile->setCurrentText(m_model->profileName());
    m_profile->setEnabled(m_model->hasPlan());
    m_gate->setEnabled(m_model->hasPlan());
    m_quietWait->setEnabled(m_model->hasPlan());

    if (!m_model->hasPlan()) {
        for (QLabel *l : {m_windows, m_perWindow, m_duration})
            l->clear();
        m_state->setText(tr("No valid plan yet: the Problems list says what to fix."));
        m_state->show();
        return;
    }
    const plan::SamplerSettings &sampler = m_model->plan()->sampler;
    if (!m_gate->hasFocus())
        m_gate->setText(sampler.foreignGate.text());
    if (!m_quietWait->hasFocus())
        m_quietWait->setValue(int(sampler.waitQuietMs / 1000));
    const RunEstimate e = m_model->estimate();
    m_windows->setText(tr("%1 (rounds %2 × configurations %3 × routes %4 × concurrency levels %5)")
                           .arg(e.windows)
                           .arg(e.rounds)
                           .arg(m_model->selectedConfigurations().size())
                           .arg(m_model->selectedRoutes().size())
                           .arg(m_model->concurrency().size()));
    QString perWindow = durationText(e.windowMs);
    if (!e.warmupCounted)
        perWindow += QLatin1Char(' ') + tr("plus a warm-up of a number of requests");
    m_perWindow->setText(perWindow);
    m_duration->setText(e.windows == 0
                            ? tr("nothing to run: tick at least one configuration and one route")
                            : tr("about %1, plus server starts (%2) and readiness waits")
                                  .arg(durationText(e.totalMs))
                                  .arg(e.serverStarts));
    if (e.windows > 0 && e.worstMs > e.totalMs)
        m_duration->setText(
            m_duration->text() + QLatin1Char('\n') +
            (e.waitQuietMs > 0
                 ? tr("up to %1 on a busy machine (each window measured %2 times, waiting up to "
                      "%3 for quiet before each re-measure)")
                       .arg(durationText(e.worstMs))
                       .arg(1 + e.retries)
                       .arg(durationText(e.waitQuietMs))
                 : tr("up to %1 on a busy machine (each window measured %2 times)")
                       .arg(durationText(e.worstMs))
                       .arg(1 + e.retries)));
    // The first screen said nothing of what to do next.
    m_state->setText(m_stale ? tr("The text has problems: this is the last valid version.")
                     : e.windows > 0
                         ? tr("Ready: press Start (F5) to measure these windows, or Check (F7) "
                              "first to try each configuration once.")
                         : QString());
    m_state->setVisible(!m_state->text().isEmpty());
}

} // namespace sb
