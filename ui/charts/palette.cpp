#include "ui/charts/palette.h"

#include "report/palette.h"

#include <algorithm>
#include <array>
#include <qcustomplot.h>

namespace sb::palette {

QColor categorical(int index)
{
    return QColor(QRgb(report::configurationColour(index))); // the HTML report's table too
}

QColor configurationInRun(int index, int run)
{
    const QColor base = configuration(index);
    if (run <= 0)
        return base;
    // 1: darker, 2: lighter, 3: darker still, ...
    const int step = (run + 1) / 2;
    return run % 2 ? base.darker(100 + 30 * step) : base.lighter(100 + 22 * step);
}

Qt::PenStyle runPenStyle(int run)
{
    static constexpr std::array<Qt::PenStyle, 4> styles = {Qt::SolidLine, Qt::DashLine, Qt::DotLine,
                                                           Qt::DashDotLine};
    return styles[size_t(std::max(run, 0)) % styles.size()];
}

QColor verdict(stats::Verdict v)
{
    switch (v) {
    case stats::Verdict::Faster:
        return QColor(0x59a14f);
    case stats::Verdict::Slower:
        return QColor(0xe15759);
    case stats::Verdict::NoWinner:
        return QColor(0x79706e);
    case stats::Verdict::InsideNoiseFloor:
    case stats::Verdict::InsideDrift:
        return QColor(0x76b7b2);
    case stats::Verdict::NotEnoughWindows:
        return QColor(0xba, 0xb0, 0xac);
    }
    return {};
}

QColor cellState(CellState state)
{
    switch (state) {
    case CellState::Pending:
        return QColor(0xba, 0xb0, 0xac, 90);
    case CellState::Running:
        return QColor(0x4e79a7);
    case CellState::Valid:
        return QColor(0x59a14f);
    case CellState::Remeasured:
        return QColor(0x8cd17d);
    case CellState::Invalid:
        return QColor(0xf2, 0x8e, 0x2b);
    case CellState::Failed:
        return QColor(0xe15759);
    case CellState::Blocked:
        return QColor(0x79706e);
    }
    return {};
}

QColor textOn(const QColor &background)
{
    if (background.alpha() < 128)
        return {}; // translucent: the view's own text colour
    return background.lightnessF() > 0.55 ? QColor(Qt::black) : QColor(Qt::white);
}

QColor gate()
{
    return QColor(0xe15759);
}

QColor warmUp()
{
    return QColor(0x80, 0x80, 0x80, 50);
}

void themeAxis(QCPAxis *a, const QColor &text)
{
    QColor grid = text;
    grid.setAlpha(40);
    a->setBasePen(QPen(text));
    a->setTickPen(QPen(text));
    a->setSubTickPen(QPen(text));
    a->setTickLabelColor(text);
    a->setLabelColor(text);
    a->grid()->setPen(QPen(grid, 0, Qt::DotLine));
}

void themeLegend(QCPLegend *legend, const QColor &text)
{
    legend->setBrush(Qt::NoBrush);
    legend->setBorderPen(Qt::NoPen);
    legend->setTextColor(text);
}

} // namespace sb::palette
