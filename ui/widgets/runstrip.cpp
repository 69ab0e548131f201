#include "ui/widgets/runstrip.h"

#include "ui/charts/palette.h"
#include "ui/models/figures.h"
#include "ui/widgets/liveplot.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QMouseEvent>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <qcustomplot.h>

namespace sb {

namespace {

constexpr int kLeftMarginPx = 104; // the rows' names and tops, written beside them
constexpr double kPointSizePx = 5;

QCPGraph *pointGraph(QCPAxisRect *r, const QColor &colour, QCPScatterStyle::ScatterShape shape,
                     bool impulse)
{
    QCPGraph *g = r->parentPlot()->addGraph(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
    g->setLineStyle(impulse ? QCPGraph::lsImpulse : QCPGraph::lsNone);
    g->setPen(QPen(colour, impulse ? 3 : 1.5));
    g->setScatterStyle(QCPScatterStyle(shape, colour, kPointSizePx));
    g->removeFromLegend();
    return g;
}

} // namespace

RunStrip::RunStrip(QWidget *parent)
    : QWidget(parent)
    , m_plot(new LivePlot(this))
    , m_timer(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("The run so far"));
    m_plot->setMinimumHeight(110);
    m_plot->plotLayout()->clear(); // the default axis rect and its legend go
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    m_plot->legend = new QCPLegend;
    m_plot->legend->setFont(small);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    m_plot->legend->setWrap(3);
    m_plot->legend->setIconSize(10, 8);
    m_plot->legend->setMargins(QMargins(2, 0, 2, 0));
    m_plot->legend->setRowSpacing(0);
    // The legend (configurations by colour, invalid attempts) in a column right of the rows.
    m_plot->plotLayout()->addElement(0, 1, m_plot->legend);
    m_plot->legend->setLayer(QStringLiteral("legend"));
    m_plot->plotLayout()->setRowSpacing(0);
    m_plot->plotLayout()->setColumnSpacing(4);
    auto *group = new QCPMarginGroup(m_plot);
    const QString labels[] = {tr("2xx/s"), tr("p99 ms"), tr("cores")};
    for (size_t i = 0; i < m_rects.size(); ++i) {
        auto *r = new QCPAxisRect(m_plot);
        m_plot->plotLayout()->addElement(int(i), 0, r);
        r->setMinimumMargins(QMargins(kLeftMarginPx, 2, 14, 0));
        r->setMarginGroup(QCP::msLeft | QCP::msRight, group);
        QCPAxis *x = r->axis(QCPAxis::atBottom);
        QCPAxis *y = r->axis(QCPAxis::atLeft);
        x->setTicks(false);
        x->setTickLabels(false);
        x->grid()->setVisible(false);
        // Rows some 25 px tall have no room for tick labels: each row says its name and the top
        // of its scale in a corner instead (the tooltip has every window's figures).
        y->setTicks(false);
        y->setTickLabels(false);
        y->grid()->setVisible(false);
        auto *title = new QCPItemText(m_plot);
        title->setClipToAxisRect(false);
        title->position->setAxisRect(r);
        title->position->setType(QCPItemPosition::ptAxisRectRatio);
        title->position->setCoords(-0.004, 0.5);
        title->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
        title->setFont(small);
        title->setPadding(QMargins(2, 0, 2, 0));
        m_titles[i] = title;
        m_names[i] = labels[i];
        auto *h = new QCPItemRect(m_plot);
        h->setClipAxisRect(r);
        h->setLayer(QStringLiteral("background"));
        for (QCPItemPosition *pos : {h->topLeft, h->bottomRight}) {
            pos->setAxes(x, y);
            pos->setAxisRect(r);
            pos->setTypeX(QCPItemPosition::ptPlotCoords);
            pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        h->setPen(Qt::NoPen);
        m_highlight[i] = h;
        m_rects[i] = r;
    }
    m_plot->plotLayout()->setColumnStretchFactor(0, 1);
    m_plot->plotLayout()->setColumnStretchFactor(1, 0.001);
    rect(Row::Cores)
        ->axis(QCPAxis::atBottom)
        ->setLabel(tr("every window so far, by cell (one slot per round)"));
    rect(Row::Cores)->axis(QCPAxis::atBottom)->setLabelFont(small);
    rect(Row::Cores)->axis(QCPAxis::atBottom)->setLabelPadding(0);

    m_timer->setSingleShot(true);
    m_timer->setInterval(kReplotMs);
    connect(m_timer, &QTimer::timeout, this, &RunStrip::redraw);
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent *e) {
        const QString tip = tooltipAt(e->pos());
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(e->globalPosition().toPoint(), tip, m_plot);
    });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent *e) {
        if (!m_data)
            return;
        const double x = rect(Row::Throughput)->axis(QCPAxis::atBottom)->pixelToCoord(e->pos().x());
        if (const charts::StripWindow *w = m_data->windowAt(x); w && w->windowId > 0)
            Q_EMIT windowActivated(w->windowId);
    });
    applyTheme();
    rebuildGraphs();
    changed();
}

void RunStrip::setData(const charts::RunStripData *data)
{
    m_data = data;
    changed();
}

void RunStrip::setConfigurations(const QStringList &names)
{
    if (names == m_configurations)
        return;
    m_configurations = names;
    rebuildGraphs();
    changed();
}

void RunStrip::changed()
{
    if (!m_timer->isActive())
        m_timer->start();
}

void RunStrip::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        applyTheme();
        changed();
    }
    QWidget::changeEvent(event);
}

void RunStrip::applyTheme()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    m_plot->setBackground(pal.brush(QPalette::Base));
    for (QCPAxisRect *r : m_rects)
        for (QCPAxis *a : r->axes())
            palette::themeAxis(a, text);
    palette::themeLegend(m_plot->legend, text);
    QColor highlight = pal.color(QPalette::Highlight);
    highlight.setAlpha(60);
    for (QCPItemRect *h : m_highlight)
        h->setBrush(highlight);
    for (QCPItemText *t : m_titles)
        if (t)
            t->setColor(text);
}

// Graphs per row: one per configuration (its colour), then one for invalid attempts.
void RunStrip::rebuildGraphs()
{
    m_plot->clearGraphs();
    const int configurations = std::max<int>(1, int(m_configurations.size()));
    for (size_t row = 0; row < m_rects.size(); ++row) {
        for (int c = 0; c < configurations; ++c) {
            QCPGraph *g = pointGraph(m_rects[row], palette::configuration(c),
                                     QCPScatterStyle::ssDisc, row == 0);
            if (row == 0 && c < m_configurations.size()) {
                g->setName(m_configurations[c]);
                g->addToLegend();
            }
        }
        QCPGraph *bad =
            pointGraph(m_rects[row], QColor(0x90, 0x90, 0x90), QCPScatterStyle::ssCross, false);
        if (row == 0) {
            bad->setName(tr("invalid attempt"));
            bad->addToLegend();
        }
    }
}

int RunStrip::drawnPoints(Row row) const
{
    int n = 0;
    for (int i = 0; i < m_plot->graphCount(); ++i)
        if (m_plot->graph(i)->valueAxis() == rect(row)->axis(QCPAxis::atLeft))
            n += m_plot->graph(i)->dataCount();
    return n;
}

void RunStrip::redraw()
{
    QElapsedTimer clock;
    clock.start();
    const int configurations = std::max<int>(1, int(m_configurations.size()));
    const int perRow = configurations + 1;
    // [row][graph] keys and values
    std::array<QVector<QVector<double>>, 3> keys;
    std::array<QVector<QVector<double>>, 3> values;
    std::array<double, 3> highest{1, 0.1, 0.1};
    for (size_t row = 0; row < 3; ++row) {
        keys[row].resize(perRow);
        values[row].resize(perRow);
    }
    if (m_data) {
        for (const charts::StripWindow &w : m_data->windows()) {
            const double x = m_data->slotX(w.cell, w.round);
            const int g =
                !w.valid ? configurations : std::clamp(w.configurationIndex, 0, configurations - 1);
            const double v[] = {w.okPerS, w.p99Ms, w.cores};
            for (size_t row = 0; row < 3; ++row) {
                keys[row][g].append(x);
                values[row][g].append(v[row]);
                highest[row] = std::max(highest[row], v[row]);
            }
        }
    }
    const double last = m_data ? m_data->lastX() : 1;
    const double current = m_data ? m_data->currentX() : -1;
    for (size_t row = 0; row < 3; ++row) {
        for (int g = 0; g < perRow; ++g)
            m_plot->graph(int(row) * perRow + g)->setData(keys[row][g], values[row][g]);
        QCPAxisRect *r = m_rects[row];
        r->axis(QCPAxis::atBottom)->setRange(-0.8, last + 0.8);
        r->axis(QCPAxis::atLeft)->setRange(0, highest[row] * 1.15);
        const QString top = row == 0   ? figures::rate(highest[row])
                            : row == 1 ? figures::latencyUs(highest[row] * 1000.0)
                                       : figures::cores(highest[row]);
        m_titles[row]->setText(tr("%1 ≤ %2").arg(m_names[row], top));
        m_highlight[row]->setVisible(current >= 0);
        m_highlight[row]->topLeft->setCoords(current - 0.5, 0);
        m_highlight[row]->bottomRight->setCoords(current + 0.5, 1);
    }
    m_plot->redrawSoon();
    ++m_replots;
    m_longestMs = std::max(m_longestMs, double(clock.nsecsElapsed()) / 1e6);
    Q_EMIT replotted();
}

QString RunStrip::tooltipAt(const QPoint &pos) const
{
    if (!m_data)
        return {};
    const double x = rect(Row::Throughput)->axis(QCPAxis::atBottom)->pixelToCoord(pos.x());
    const charts::StripWindow *w = m_data->windowAt(x);
    if (!w)
        return {};
    QStringList cell = w->cell.split(QLatin1Char('|'));
    while (cell.size() < 3)
        cell << QString();
    QString text = tr("%1 - %2 - c=%3 - round %4, attempt %5")
                       .arg(cell[0], cell[1], cell[2])
                       .arg(w->round + 1)
                       .arg(w->attempt + 1);
    text += QLatin1Char('\n') +
            tr("%1 2xx/s, p99 %2, %3 cores%4")
                .arg(figures::rate(w->okPerS), figures::latencyUs(w->p99Ms * 1000.0),
                     figures::cores(w->cores), w->valid ? QString() : tr(" (invalid)"));
    if (!w->hostCores.isEmpty()) {
        QStringList hosts;
        for (const auto &[host, cores] : w->hostCores)
            hosts << tr("%1 %2").arg(host, figures::cores(cores));
        text += QLatin1Char('\n') +
                tr("load generators, window mean: %1").arg(hosts.join(QStringLiteral(", ")));
    }
    return text;
}

} // namespace sb
