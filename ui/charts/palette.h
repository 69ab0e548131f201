#pragma once

#include "ui/models/cellstate.h"

#include <QColor>

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
// The fill of a matrix cell in `state`.
QColor cellState(CellState state);
// Black or white, whichever reads better on `background`.
QColor textOn(const QColor &background);
// The dashed gate threshold line.
QColor gate();
// The warm-up shading (translucent, so it works on either background).
QColor warmUp();

} // namespace sb::palette
