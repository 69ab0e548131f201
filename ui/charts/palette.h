#pragma once

#include "stats/verdict.h"
#include "ui/models/cellstate.h"

#include <QColor>

class QCPAxis;
class QCPLegend;

// The one palette of the GUI: mid-lightness colours (Tableau 10) that read on light and dark
// system themes alike. Each configuration keeps its colour on every chart and in every table by
// its position in the plan. Any thread.
namespace sb::palette {

// The i-th categorical colour (wraps around after 10).
QColor categorical(int index);
// The colour of the configuration at `index` in the plan's configuration list.
inline QColor configuration(int index)
{
    return categorical(index);
}
// The colour of configuration `index` in the `run`-th run of a comparison: run 0 has the
// configuration's own colour, later runs alternate darker and lighter shades of it, so a
// configuration keeps its hue across runs and the runs still tell apart.
QColor configurationInRun(int index, int run);
// The line style of the `run`-th run of a comparison (solid, dashed, dotted, ...).
Qt::PenStyle runPenStyle(int run);
// The badge of a verdict: green faster, red slower, grey no winner, blue-grey inside the noise
// floor, pale for not enough windows.
QColor verdict(stats::Verdict verdict);
// The fill of a matrix cell in `state`.
QColor cellState(CellState state);
// Black or white, whichever reads better on `background`.
QColor textOn(const QColor &background);
// The dashed gate threshold line.
QColor gate();
// The warm-up shading (translucent, so it works on either background).
QColor warmUp();

// An axis and a legend of a QCustomPlot in the system theme's text colour (grid at 40 alpha,
// dotted; the legend without box). GUI thread, like the plot.
void themeAxis(QCPAxis *axis, const QColor &text);
void themeLegend(QCPLegend *legend, const QColor &text);

} // namespace sb::palette
