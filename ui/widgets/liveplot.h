#pragma once

class QCustomPlot;

// How a plot that is redrawn while a run goes on (the live charts, the run strip, the
// percentile curve) is set up and replotted, so that the GUI thread's event loop never waits
// long on it.
//
// A QCustomPlot replot draws every layer into the plot's paint buffer: a few ms of the GUI
// thread, and some 20 ms for the first replot after the runner forks a window's server (every
// page of the buffer is then copied on write). Replotted together in one turn of the event loop
// (QCustomPlot::rpQueuedReplot), the four charts, the strip and the curve stalled it for up to
// 500 ms on a 2-core machine busy with the load engine (tests/bench/gui-overhead.sh).
//
// GUI thread only.
namespace sb::liveplot {

// One paint buffer for all layers (QCustomPlot gives the overlay layer a second one of the
// plot's size: it is cleared and composed on every replot, though the live plots draw nothing
// there) and fast polylines.
void setUp(QCustomPlot *plot);

// Replots `plot` soon. Queued plots are replotted one per turn of the event loop, in the order
// asked, so input and timers run between them; a plot asked for again before its turn is
// replotted once; a plot deleted before its turn is skipped.
void queueReplot(QCustomPlot *plot);

// Plots waiting for their turn (for the tests).
int queuedReplots();

} // namespace sb::liveplot
