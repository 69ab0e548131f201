#include "ui/widgets/chartpanel.h"

#include "ui/charts/palette.h"
#include "ui/widgets/liveplot.h"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <iterator>
#include <qcustomplot.h>

namespace sb {

using charts::Series;

namespace {

// Fixed minimum margins so that the time axes of the charts in one column line up; a wider tick
// label still widens its chart's margin rather than being clipped.
constexpr int kLeftMarginPx = 62;
constexpr int kRightMarginPx = 14;
constexpr int kMemoryAxisPx = 50; // the cores chart's MiB axis
// A series of up to this many points is also drawn as markers: a window of a few intervals (and
// one of a single interval, which a line alone never shows) reads as points.
constexpr int kMarkerMaxPoints = 40;

QVector<double> shifted(const QVector<double> &keys, double by)
{
    QVector<double> out(keys.size());
    for (qsizetype i = 0; i < keys.size(); ++i)
        out[i] = keys[i] + by;
    return out;
}

// Log axes cannot show 0: such points become gaps.
QVector<double> positiveOnly(const QVector<double> &values)
{
    QVector<double> out = values;
    for (double &v : out)
        if (!(v > 0))
            v = qQNaN();
    return out;
}

} // namespace

ChartPanel::ChartPanel(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    auto *top = new QHBoxLayout;
    m_caption = new QLabel(this);
    m_caption->setVisible(false);
    m_caption->setAccessibleName(tr("Chart caption"));
    m_logLatency = new QCheckBox(tr("Log latency axis"), this);
    m_logLatency->setAccessibleName(tr("Log latency axis"));
    m_logLatency->setChecked(QSettings().value(QStringLiteral("charts/logLatency"), true).toBool());
    top->addWidget(m_caption, 1);
    top->addStretch();
    top->addWidget(m_logLatency);
    layout->addLayout(top);

    // Two by two: each chart gets half the width and half the height, about twice the height of
    // four stacked ones, which at 1280x720 left each some 60 px.
    m_plots[size_t(Chart::Throughput)] = makePlot(tr("1/s"), false);
    m_plots[size_t(Chart::Latency)] = makePlot(tr("ms"), false);
    m_plots[size_t(Chart::Cores)] = makePlot(tr("cores"), true);
    m_plots[size_t(Chart::Foreign)] = makePlot(tr("% of a core"), true);
    auto *grid = new QGridLayout;
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(4);
    grid->addWidget(plot(Chart::Throughput), 0, 0);
    grid->addWidget(plot(Chart::Latency), 0, 1);
    grid->addWidget(plot(Chart::Cores), 1, 0);
    grid->addWidget(plot(Chart::Foreign), 1, 1);
    grid->setRowStretch(0, 1);
    grid->setRowStretch(1, 1);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    layout->addLayout(grid, 1);
    // The left column's charts share the room of the cores chart's MiB axis, so their time axes
    // line up.
    for (Chart c : {Chart::Throughput, Chart::Cores})
        plot(c)->axisRect()->setMinimumMargins(QMargins(kLeftMarginPx, 4, kMemoryAxisPx, 0));
    for (LivePlot *p : m_plots) {
        connect(p, &LivePlot::drawn, this,
                [this, p] { m_longestPaintMs = std::max(m_longestPaintMs, p->lastDrawMs()); });
    }

    addSeries();
    addShading();

    m_replotTimer = new QTimer(this);
    m_replotTimer->setSingleShot(true);
    m_replotTimer->setInterval(kReplotMs);
    connect(m_replotTimer, &QTimer::timeout, this, &ChartPanel::redraw);
    connect(m_logLatency, &QCheckBox::toggled, this, [this](bool on) {
        QSettings().setValue(QStringLiteral("charts/logLatency"), on);
        applyLatencyScale();
        timelineChanged();
    });
    applyLatencyScale();
    applyTheme();
    redraw();
}

void ChartPanel::addSeries()
{
    QCustomPlot *tp = plot(Chart::Throughput);
    addGhostGraphs(tp, m_ghosts[size_t(Chart::Throughput)], palette::categorical(0));
    addGraph(tp, Series::Ok, tr("2xx/s"), palette::categorical(0));
    // Dashed and dotted: the 2xx/s line takes the configuration's colour, whichever it is.
    addGraph(tp, Series::Non2xx, tr("non-2xx/s"), palette::categorical(8), Qt::DashLine);
    addGraph(tp, Series::Errors, tr("errors/s"), palette::gate(), Qt::DotLine);

    QCustomPlot *lp = plot(Chart::Latency);
    addGhostGraphs(lp, m_ghosts[size_t(Chart::Latency)], palette::categorical(6));
    addGraph(lp, Series::P50, tr("p50"), palette::categorical(0));
    addGraph(lp, Series::P90, tr("p90"), palette::categorical(2));
    addGraph(lp, Series::P99, tr("p99"), palette::categorical(6));
    addGraph(lp, Series::Max, tr("max"), palette::categorical(9), Qt::DotLine);

    QCustomPlot *cp = plot(Chart::Cores);
    addGhostGraphs(cp, m_ghosts[size_t(Chart::Cores)], palette::categorical(0));
    addGraph(cp, Series::ServerCores, tr("server tree"), palette::categorical(0));
    addGraph(cp, Series::GeneratorCores, tr("generator"), palette::categorical(1));
    addGraph(cp, Series::ExcludedCores, tr("database (excluded)"), palette::categorical(3));
    QCPGraph *rss = cp->addGraph(cp->xAxis, cp->yAxis2);
    rss->setName(tr("server RSS, MiB"));
    rss->setPen(QPen(palette::categorical(8), 1.2, Qt::DashLine));
    m_graphs[size_t(Series::RssMiB)] = rss;
    cp->yAxis2->setLabel(tr("MiB"));

    QCustomPlot *fp = plot(Chart::Foreign);
    addGhostGraphs(fp, m_ghosts[size_t(Chart::Foreign)], palette::categorical(4));
    addGraph(fp, Series::ForeignPct, tr("foreign CPU"), palette::categorical(4));
    m_gateLine = new QCPItemStraightLine(fp);
    m_gateLine->setPen(QPen(palette::gate(), 1.5, Qt::DashLine));
    m_gateLabel = new QCPItemText(fp);
    m_gateLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_gateLabel->position->setTypeY(QCPItemPosition::ptPlotCoords);
    m_gateLabel->setPositionAlignment(Qt::AlignBottom | Qt::AlignRight);
    m_gateLabel->setColor(palette::gate());
}

void ChartPanel::addShading()
{
    for (size_t i = 0; i < m_plots.size(); ++i) {
        QCustomPlot *p = m_plots[i];
        Shading &s = m_shading[i];
        s.rect = new QCPItemRect(p);
        s.rect->setLayer(QStringLiteral("background"));
        for (QCPItemPosition *pos : {s.rect->topLeft, s.rect->bottomRight}) {
            pos->setTypeX(QCPItemPosition::ptPlotCoords);
            pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        s.rect->setPen(Qt::NoPen);
        s.rect->setBrush(palette::warmUp());
        s.label = new QCPItemText(p);
        s.label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        s.label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        s.label->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
        s.label->setClipToAxisRect(true);
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        s.label->setFont(small);
        s.label->setText(tr("warm-up"));
    }
}

LivePlot *ChartPanel::makePlot(const QString &yLabel, bool showXLabel)
{
    auto *p = new LivePlot(this);
    p->setMinimumHeight(110);
    p->setMinimumWidth(220);
    p->setAccessibleName(yLabel);
    p->yAxis->setLabel(yLabel);
    if (showXLabel)
        p->xAxis->setLabel(tr("seconds since the window started"));
    // Margins follow the tick labels (none is clipped), from a floor that lines the axes up.
    p->axisRect()->setAutoMargins(QCP::msAll);
    p->axisRect()->setMinimumMargins(QMargins(kLeftMarginPx, 4, kRightMarginPx, 0));
    // Few ticks: a chart is some 100 px tall and 300 px wide.
    p->xAxis->ticker()->setTickCount(4);
    p->yAxis->ticker()->setTickCount(3);
    p->yAxis2->ticker()->setTickCount(3);
    p->yAxis->setNumberFormat(QStringLiteral("gb"));
    p->yAxis->setNumberPrecision(6);
    // The legend sits in a row of its own above the data, never over it.
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p->legend->setVisible(true);
    p->legend->setFont(small);
    p->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    p->legend->setWrap(4);
    p->legend->setIconSize(14, 8);
    p->legend->setMargins(QMargins(2, 0, 2, 0));
    p->legend->setRowSpacing(0);
    p->legend->setColumnSpacing(6);
    p->plotLayout()->insertRow(0);
    p->plotLayout()->addElement(0, 0, p->legend);
    p->plotLayout()->setRowStretchFactor(0, 0.001);
    p->plotLayout()->setRowSpacing(0);
    p->legend->setMaximumSize(QWIDGETSIZE_MAX, 40);
    return p;
}

QCPGraph *ChartPanel::addGraph(QCustomPlot *plot, Series series, const QString &name,
                               const QColor &colour, Qt::PenStyle style)
{
    QCPGraph *g = plot->addGraph();
    g->setName(name);
    g->setPen(QPen(colour, 1.6, style));
    m_graphs[size_t(series)] = g;
    return g;
}

void ChartPanel::addGhostGraphs(QCustomPlot *plot,
                                std::array<QCPGraph *, charts::Timeline::kMaxGhosts> &ghosts,
                                const QColor &colour)
{
    QColor faint = colour;
    faint.setAlpha(70);
    for (QCPGraph *&g : ghosts) {
        g = plot->addGraph();
        g->setPen(QPen(faint, 1.0));
        g->removeFromLegend();
    }
    ghosts[0]->setName(tr("earlier rounds"));
}

void ChartPanel::applyLatencyScale()
{
    QCPAxis *y = plot(Chart::Latency)->yAxis;
    const bool log = logLatency();
    y->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (log)
        y->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog));
    else
        y->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
}

void ChartPanel::applyTheme()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    for (QCustomPlot *p : m_plots) {
        p->setBackground(pal.brush(QPalette::Base));
        for (QCPAxis *a : {p->xAxis, p->yAxis, p->yAxis2})
            palette::themeAxis(a, text);
        palette::themeLegend(p->legend, text);
    }
    for (Shading &s : m_shading)
        s.label->setColor(text);
}

void ChartPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        applyTheme();
        timelineChanged();
    }
    QWidget::changeEvent(event);
}

void ChartPanel::setTimeline(const charts::Timeline *timeline)
{
    m_timeline = timeline;
    timelineChanged();
}

void ChartPanel::setThroughputColor(const QColor &colour)
{
    m_graphs[size_t(Series::Ok)]->setPen(QPen(colour, 1.6));
    QColor faint = colour;
    faint.setAlpha(70);
    for (QCPGraph *g : m_ghosts[size_t(Chart::Throughput)])
        g->setPen(QPen(faint, 1.0));
    timelineChanged();
}

void ChartPanel::setCaption(const QString &text)
{
    m_caption->setText(text);
    m_caption->setVisible(!text.isEmpty());
}

QString ChartPanel::caption() const
{
    return m_caption->text();
}

bool ChartPanel::logLatency() const
{
    return m_logLatency->isChecked();
}

void ChartPanel::setLogLatency(bool on)
{
    m_logLatency->setChecked(on);
}

int ChartPanel::drawnPoints(Series series) const
{
    return m_graphs[size_t(series)]->dataCount();
}

void ChartPanel::timelineChanged()
{
    if (!m_replotTimer->isActive())
        m_replotTimer->start();
}

void ChartPanel::drawGhosts()
{
    const double offset = m_timeline ? m_timeline->measureStartS() : 0;
    const QList<charts::Ghost> none;
    const QList<charts::Ghost> &ghosts = m_timeline ? m_timeline->ghosts() : none;
    for (int i = 0; i < charts::Timeline::kMaxGhosts; ++i) {
        const charts::Ghost *g = i < ghosts.size() ? &ghosts[i] : nullptr;
        auto set = [&](Chart chart, const charts::CappedSeries *s, bool positive = false) {
            QCPGraph *graph = m_ghosts[size_t(chart)][size_t(i)];
            if (!s) {
                graph->data()->clear();
                return;
            }
            graph->setData(shifted(s->keys(), offset),
                           positive ? positiveOnly(s->values()) : s->values(), true);
            markSparse(graph);
        };
        set(Chart::Throughput, g ? &g->ok : nullptr);
        set(Chart::Latency, g ? &g->p99 : nullptr, logLatency());
        set(Chart::Cores, g ? &g->serverCores : nullptr);
        set(Chart::Foreign, g ? &g->foreignPct : nullptr);
    }
    const bool any = !ghosts.isEmpty();
    for (auto &perChart : m_ghosts) {
        if (any)
            perChart[0]->addToLegend();
        else
            perChart[0]->removeFromLegend();
    }
}

// Each load host's generator, one line per host: per measured interval as the hosts report it
// (live, and named "HOST generator"); a stored window keeps only each host's mean over its
// measured phase, drawn as a dash-dotted level and named so.
void ChartPanel::drawHosts(const charts::Timeline &t)
{
    // Tableau 10 orange, green, teal, red, yellow, pink: the first two hosts' lines, often close
    // together, in hues far apart (not the server's blue, the database's purple, RSS's brown).
    static const int kColours[] = {1, 2, 4, 6, 5, 7};
    QCustomPlot *cp = plot(Chart::Cores);
    const QList<charts::HostCores> &hosts = t.hostCores();
    // Three names a row: two rows of legend still fit above the data at 1280 pixels wide.
    cp->legend->setWrap(hosts.isEmpty() ? 4 : 3);
    while (m_hostGraphs.size() < hosts.size()) {
        QCPGraph *g = cp->addGraph();
        m_hostGraphs.append(g);
    }
    for (qsizetype i = 0; i < m_hostGraphs.size(); ++i) {
        QCPGraph *g = m_hostGraphs[i];
        if (i >= hosts.size()) {
            g->data()->clear();
            g->setVisible(false);
            g->removeFromLegend();
            continue;
        }
        const charts::HostCores &h = hosts[i];
        const QColor colour = palette::categorical(kColours[i % qsizetype(std::size(kColours))]);
        const bool perInterval = h.intervals.size() > 0 || h.cores < 0;
        g->setName(perInterval ? tr("%1 generator").arg(h.host)
                               : tr("%1 (window mean)").arg(h.host));
        g->setPen(
            QPen(colour, perInterval ? 1.6 : 2.0, perInterval ? Qt::SolidLine : Qt::DashDotLine));
        g->setVisible(true);
        g->addToLegend();
        if (h.intervals.size() > 0) {
            g->setData(h.intervals.keys(), h.intervals.values(), true);
            markSparse(g);
            continue;
        }
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
        if (h.cores < 0) {
            g->data()->clear();
            continue;
        }
        const double from = t.measureStartS();
        const double to = std::max(from + 0.01, t.lastS());
        g->setData({from, to}, {h.cores, h.cores}, true);
    }
}

void ChartPanel::rescale(QCustomPlot *plot, double floor, double extra)
{
    const bool log = plot->yAxis->scaleType() == QCPAxis::stLogarithmic;
    double lo = std::numeric_limits<double>::max();
    double hi = std::max(floor, extra);
    for (int i = 0; i < plot->graphCount(); ++i) {
        QCPGraph *g = plot->graph(i);
        if (!g->visible() || g->valueAxis() != plot->yAxis)
            continue;
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            if (!std::isfinite(it->value))
                continue;
            hi = std::max(hi, it->value);
            if (it->value > 0)
                lo = std::min(lo, it->value);
        }
    }
    if (log) {
        if (lo > hi) { // nothing to show yet: a readable decade range
            lo = 0.1;
            hi = 10;
        }
        plot->yAxis->setRange(lo / 1.5, hi * 1.5);
    } else {
        plot->yAxis->setRange(0, hi * 1.1);
    }
    if (plot->yAxis2->visible())
        plot->yAxis2->rescale();
    if (plot->yAxis2->visible())
        plot->yAxis2->setRange(0, std::max(1.0, plot->yAxis2->range().upper * 1.1));
}

void ChartPanel::markSparse(QCPGraph *graph)
{
    const bool sparse = graph->dataCount() <= kMarkerMaxPoints;
    if (sparse == (graph->scatterStyle().shape() != QCPScatterStyle::ssNone))
        return;
    graph->setScatterStyle(sparse ? QCPScatterStyle(QCPScatterStyle::ssDisc, 4)
                                  : QCPScatterStyle(QCPScatterStyle::ssNone));
}

// Above the dashed line, or below it when the line runs so near the top of the chart that the
// text above would be cut off.
void ChartPanel::placeGateLabel()
{
    QCustomPlot *fp = plot(Chart::Foreign);
    const double y = fp->yAxis->coordToPixel(m_timeline ? m_timeline->gatePct() : 0);
    const int textPx = QFontMetrics(m_gateLabel->font()).height() + 2;
    const bool roomAbove = y - fp->axisRect()->top() > textPx;
    m_gateLabel->setPositionAlignment(Qt::AlignRight |
                                      (roomAbove ? Qt::AlignBottom : Qt::AlignTop));
}

void ChartPanel::redraw()
{
    QElapsedTimer clock;
    clock.start();
    // One empty timeline for every panel: a Timeline reserves its series' room (some 200 KB).
    static const charts::Timeline empty;
    const charts::Timeline &t = m_timeline ? *m_timeline : empty;
    for (int i = 0; i < charts::kSeriesCount; ++i) {
        const Series s = Series(i);
        const charts::CappedSeries &data = t.series(s);
        const bool latency =
            s == Series::P50 || s == Series::P90 || s == Series::P99 || s == Series::Max;
        QCPGraph *g = m_graphs[size_t(i)];
        g->setData(data.keys(),
                   latency && logLatency() ? positiveOnly(data.values()) : data.values(), true);
        markSparse(g);
    }
    auto show = [&](Series s, bool on) {
        QCPGraph *g = m_graphs[size_t(s)];
        g->setVisible(on);
        if (on)
            g->addToLegend();
        else
            g->removeFromLegend();
    };
    show(Series::P90, t.hasP90());
    show(Series::RssMiB, t.hasMemory());
    // Load from other hosts: this process generates none; each host's line says what its own
    // generator took.
    show(Series::GeneratorCores, t.hostCores().isEmpty());
    drawHosts(t);
    plot(Chart::Cores)->yAxis2->setVisible(t.hasMemory());
    drawGhosts();

    const double end = std::max({t.lastS(), t.expectedEndS(), 1.0});
    const double warm = t.measureStartS();
    for (size_t i = 0; i < m_plots.size(); ++i) {
        m_plots[i]->xAxis->setRange(0, end);
        Shading &s = m_shading[i];
        s.rect->setVisible(warm > 0);
        s.label->setVisible(warm > 0);
        s.rect->topLeft->setCoords(0, 0);
        s.rect->bottomRight->setCoords(warm, 1);
        s.label->position->setCoords(0, 0.02);
    }
    const double gate = t.gatePct();
    m_gateLine->setVisible(gate > 0);
    m_gateLabel->setVisible(gate > 0);
    m_gateLine->point1->setCoords(0, gate);
    m_gateLine->point2->setCoords(1, gate);
    m_gateLabel->position->setCoords(0.99, gate);
    m_gateLabel->setText(tr("gate %1 %").arg(gate, 0, 'f', 0));

    // As many ticks as the chart's size has room for (its last layout's): some 40 px a tick up,
    // 90 px across (the ticker may add one for a readable step).
    for (QCustomPlot *p : m_plots) {
        const QRect r = p->axisRect()->rect();
        p->xAxis->ticker()->setTickCount(std::clamp(r.width() / 90, 2, 6));
        p->yAxis->ticker()->setTickCount(std::clamp(r.height() / 40, 2, 5));
        p->yAxis2->ticker()->setTickCount(std::clamp(r.height() / 40, 2, 5));
    }
    rescale(plot(Chart::Throughput), 1, 0);
    rescale(plot(Chart::Latency), 0, 0);
    rescale(plot(Chart::Cores), 0.1, 0);
    rescale(plot(Chart::Foreign), 1, gate);
    placeGateLabel();
    for (LivePlot *p : m_plots)
        p->redrawSoon();
    ++m_replots;
    m_longestFillMs = std::max(m_longestFillMs, double(clock.nsecsElapsed()) / 1e6);
    Q_EMIT replotted();
}

} // namespace sb
