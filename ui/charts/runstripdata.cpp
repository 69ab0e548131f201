#include "ui/charts/runstripdata.h"

#include <algorithm>
#include <cmath>

namespace sb::charts {

void RunStripData::setLayout(const QStringList &cells, int rounds)
{
    QStringList extra;
    for (const QString &c : std::as_const(m_cells))
        if (!cells.contains(c))
            extra << c;
    m_cells = cells + extra;
    m_rounds = std::max(1, rounds);
}

void RunStripData::clear()
{
    m_cells.clear();
    m_maxRound.clear();
    m_rounds = 1;
    m_windows.clear();
    m_currentCell.clear();
    m_currentRound = 0;
}

void RunStripData::ensureCell(const QString &cell)
{
    if (!m_cells.contains(cell))
        m_cells << cell;
}

int RunStripData::slotCount(const QString &cell) const
{
    return std::max(m_rounds, m_maxRound.value(cell, -1) + 1);
}

void RunStripData::addWindow(const StripWindow &w)
{
    ensureCell(w.cell);
    m_maxRound[w.cell] = std::max(m_maxRound.value(w.cell, -1), w.round);
    m_windows.append(w);
}

void RunStripData::setCurrent(const QString &cell, int round)
{
    m_currentCell = cell;
    m_currentRound = round;
    if (!cell.isEmpty()) {
        ensureCell(cell);
        m_maxRound[cell] = std::max(m_maxRound.value(cell, -1), round);
    }
}

double RunStripData::slotX(const QString &cell, int round) const
{
    double x = 0;
    for (const QString &c : m_cells) {
        if (c == cell)
            return x + round;
        x += slotCount(c) + 1; // a one-slot gap between cells
    }
    return -1;
}

double RunStripData::currentX() const
{
    return m_currentCell.isEmpty() ? -1 : slotX(m_currentCell, m_currentRound);
}

double RunStripData::lastX() const
{
    double x = 0;
    for (const QString &c : m_cells)
        x += slotCount(c) + 1;
    return std::max(0.5, x - 1.5);
}

QList<QPair<QString, QPair<double, int>>> RunStripData::groups() const
{
    QList<QPair<QString, QPair<double, int>>> out;
    double x = 0;
    for (const QString &c : m_cells) {
        out.append({c, {x, slotCount(c)}});
        x += slotCount(c) + 1;
    }
    return out;
}

const StripWindow *RunStripData::windowAt(double x) const
{
    const StripWindow *best = nullptr;
    for (const StripWindow &w : m_windows) {
        if (std::abs(slotX(w.cell, w.round) - x) > 0.5)
            continue;
        if (!best || w.valid || (!best->valid && w.attempt > best->attempt))
            best = &w; // the valid one, else the latest attempt
    }
    return best;
}

} // namespace sb::charts
