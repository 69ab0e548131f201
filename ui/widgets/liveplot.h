#pragma once

#include <qcustomplot.h>

namespace sb {

// A QCustomPlot redrawn while a run goes on (the live charts, the run strip, the percentile
// curve), built so that the GUI thread's event loop never waits long on it.
//
// It draws straight into the widget's backing store on each paint, not into QCustomPlot's paint
// buffers, which a replot writes page by page (150-290 pages here). That mattered most while the
// runner forked the GUI process for each window's server (every private page written afterwards
// was copied: 150 pages cost 9 ms CPU and 55-65 ms wall on this 2-core VM); the supervisor is now
// a program of its own started with posix_spawn, and the backing store, shared with the display
// server, is still the cheaper place to draw.
//
// redrawSoon() queues the redraw: the queued plots are drawn one per turn of the event loop, so
// input and timers run between them (the four charts, the strip and the curve replotted in one
// turn stalled it for up to 500 ms; tests/bench/gui-overhead.sh).
//
// QCustomPlot::replot() still works (tests and exports call it) but is not needed for the
// widget to show the plot's current state. GUI thread only.
class LivePlot : public QCustomPlot
{
    Q_OBJECT
public:
    explicit LivePlot(QWidget *parent = nullptr);

    // Draws the plot soon, in its turn: a plot asked for again before its turn is drawn once, a
    // plot deleted before its turn is skipped, a hidden one is drawn when shown.
    void redrawSoon();
    // Plots waiting for their turn (for the tests).
    static int queuedRedraws();

    // How long the last paint took the GUI thread (layout and drawing), milliseconds.
    double lastDrawMs() const { return m_lastDrawMs; }

Q_SIGNALS:
    // The widget was painted (lastDrawMs() says how long it took).
    void drawn();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    double m_lastDrawMs = 0;
};

// Redraws `plot` soon: LivePlot::redrawSoon() for a live plot, else a queued replot.
void redrawSoon(QCustomPlot *plot);

} // namespace sb
