#pragma once

#include "ui/charts/runstripdata.h"
#include "ui/widgets/liveplot.h"

#include <QWidget>
#include <array>

class QCPAxisRect;
class QCPItemRect;
class QCPItemText;
class QTimer;

namespace sb {

// The run so far (issue 21): every window of the run as a strip of three rows (2xx/s, p99 and
// server cores) over x = the windows grouped by cell, one slot per round; valid windows filled in
// their configuration's colour, invalid attempts as grey crosses, the current window's slot
// highlighted. Hovering a slot names its cell and figures; double-clicking one emits
// windowActivated. It draws a charts::RunStripData that its owner fills: changed() asks for a
// redraw, coalesced to at most one every kReplotMs (LivePlot::redrawSoon). GUI thread only.
class RunStrip : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kReplotMs = 500; // a window ends every second at most: twice a second
    enum class Row
    {
        Throughput,
        P99,
        Cores
    };

    explicit RunStrip(QWidget *parent = nullptr);

    // The data drawn (not owned; it must outlive the strip or be replaced first).
    void setData(const charts::RunStripData *data);
    // Names of the configurations by colour index, for the legend.
    void setConfigurations(const QStringList &names);

    LivePlot *plot() const { return m_plot; }
    QCPAxisRect *rect(Row row) const { return m_rects[size_t(row)]; }
    // Points drawn in a row now: valid and invalid windows (for the tests).
    int drawnPoints(Row row) const;
    int replotCount() const { return m_replots; }
    double longestRedrawMs() const { return m_longestMs; }

public Q_SLOTS:
    void changed();

Q_SIGNALS:
    void windowActivated(qint64 windowId);
    void replotted();

protected:
    void changeEvent(QEvent *event) override;

private:
    void redraw();
    void applyTheme();
    void rebuildGraphs();
    QString tooltipAt(const QPoint &pos) const;

    LivePlot *m_plot;
    std::array<QCPAxisRect *, 3> m_rects{};
    std::array<QCPItemRect *, 3> m_highlight{};
    std::array<QCPItemText *, 3> m_titles{};
    std::array<QString, 3> m_names;
    QStringList m_configurations;
    const charts::RunStripData *m_data = nullptr;
    QTimer *m_timer;
    int m_replots = 0;
    double m_longestMs = 0;
};

} // namespace sb
