#pragma once

#include "ui/charts/timeline.h"
#include "ui/widgets/liveplot.h"

#include <QColor>
#include <QList>
#include <QWidget>
#include <array>

class QCheckBox;
class QCPGraph;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QLabel;
class QTimer;

namespace sb {

// The four live charts of one window (GUI.md), two by two with a shared time axis in seconds
// since the window started, each legend in a row above its data, few ticks, and a series of few
// points drawn as markers too (a single point is never invisible): 2xx/s with non-2xx and errors
// per second; latency p50 / p90 / p99 / max (with a log-axis option); cores of the server tree, the
// generator and the database (with the server tree's memory on a second axis when known); foreign
// CPU % with the gate threshold as a dashed line. The warm-up is shaded; earlier windows of the
// same cell are faint ghost lines.
//
// It draws a charts::Timeline that its owner fills; timelineChanged() asks for a redraw, which
// happens at most every kReplotMs: the graphs are filled at once and the four plots drawn one per
// turn of the event loop (LivePlot::redrawSoon). GUI thread only.
class ChartPanel : public QWidget
{
    Q_OBJECT
public:
    // At most four redraws a second. Quick timing (1 s windows) brings an interval every
    // 200 ms; redrawing each one cost 4.9 % of the engine's 2xx/s on 2 busy cores
    // (tests/bench/gui-overhead.sh), and a point shown within a quarter second is still live.
    static constexpr int kReplotMs = 250;
    enum class Chart
    {
        Throughput,
        Latency,
        Cores,
        Foreign
    };

    explicit ChartPanel(QWidget *parent = nullptr);

    // The timeline shown (not owned; it must outlive the panel or be replaced first); nullptr
    // shows empty charts. Schedules a redraw.
    void setTimeline(const charts::Timeline *timeline);
    const charts::Timeline *timeline() const { return m_timeline; }
    // Colour of the 2xx/s line: the configuration's colour.
    void setThroughputColor(const QColor &colour);
    // A line above the charts ("stored window 12 ..."); empty hides it.
    void setCaption(const QString &text);
    QString caption() const;

    bool logLatency() const;
    void setLogLatency(bool on);

    LivePlot *plot(Chart chart) const { return m_plots[size_t(chart)]; }
    // Points drawn for a series right now (for the tests of the point cap).
    int drawnPoints(charts::Series series) const;
    int replotCount() const { return m_replots; }
    // The cores chart's line per load host (Timeline::hostCores: each host's generator per
    // measured interval as it comes; a stored window without them, each host's window mean across
    // its measured phase), in the timeline's order; hidden ones beyond it.
    const QList<QCPGraph *> &hostGraphs() const { return m_hostGraphs; }
    // The longest time the GUI thread spent on one redraw: filling the graphs plus the slowest
    // of the four plots' painting (LivePlot::lastDrawMs), milliseconds.
    double longestRedrawMs() const { return m_longestFillMs + m_longestPaintMs; }

public Q_SLOTS:
    // The timeline got new points: redraw soon (coalesced).
    void timelineChanged();

Q_SIGNALS:
    void replotted();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Shading
    {
        QCPItemRect *rect = nullptr;
        QCPItemText *label = nullptr;
    };
    LivePlot *makePlot(const QString &yLabel, bool showXLabel);
    void addSeries();  // the graphs of the four charts, ghosts first (drawn beneath)
    void addShading(); // the warm-up rectangles and their labels
    QCPGraph *addGraph(QCustomPlot *plot, charts::Series series, const QString &name,
                       const QColor &colour, Qt::PenStyle style = Qt::SolidLine);
    void addGhostGraphs(QCustomPlot *plot, std::array<QCPGraph *, charts::Timeline::kMaxGhosts> &g,
                        const QColor &colour);
    void applyTheme();
    void applyLatencyScale(); // log or linear, as the check box says
    void redraw();
    void drawGhosts();
    void drawHosts(const charts::Timeline &timeline);
    void rescale(QCustomPlot *plot, double floor, double extra);
    static void markSparse(QCPGraph *graph); // markers on a series of few points
    void placeGateLabel();

    std::array<LivePlot *, 4> m_plots{};
    std::array<QCPGraph *, charts::kSeriesCount> m_graphs{};
    QList<QCPGraph *> m_hostGraphs;
    std::array<std::array<QCPGraph *, charts::Timeline::kMaxGhosts>, 4> m_ghosts{};
    std::array<Shading, 4> m_shading{};
    QCPItemStraightLine *m_gateLine = nullptr;
    QCPItemText *m_gateLabel = nullptr;
    QCheckBox *m_logLatency = nullptr;
    QLabel *m_caption = nullptr;
    QTimer *m_replotTimer = nullptr;
    const charts::Timeline *m_timeline = nullptr;
    int m_replots = 0;
    double m_longestFillMs = 0;
    double m_longestPaintMs = 0;
};

} // namespace sb
