#pragma once

#include "run/runevents.h"
#include "run/schedule.h"

#include <QElapsedTimer>
#include <QList>
#include <QString>
#include <QStringList>

namespace sb::run {

struct RunContext;

// Seconds left for `total` cells when `done` are done and `doneThisSession` of them took
// `elapsedMs` of this session: the mean time per cell measured so far times the cells left;
// -1 (unknown) before this session measured a cell. Pure.
double etaSeconds(qint64 elapsedMs, int doneThisSession, int done, int total);

// How far the run is: the position of the cell being measured, the cells done (valid, failed or
// skipped), those neither valid nor failed (the run ends incomplete), the failed cells' lines,
// and the Progress events (with the ETA) that tell the observer. Use from the run's thread.
class RunProgress
{
public:
    explicit RunProgress(RunContext &context);

    // The session begins: cells with a valid window stored (`alreadyValid`) count as done.
    void start(int alreadyValid);
    int done() const { return m_done; }
    // The schedule position (1-based) of the cell being measured.
    int windowNumber() const { return m_windowNumber; }

    // A cell with a valid window already: passed over.
    void passValid() { ++m_windowNumber; }
    // A cell this session measures: it is now the current one.
    void beginCell() { ++m_windowNumber; }
    // The current cell was measured: valid, or failed (`exhausted`: it ran out of retries; else
    // it stays to measure) with `reason`. Tells the observer, with the ETA.
    void cellMeasured(const CellRef &cell, bool valid, bool exhausted, const QString &reason);
    // Cells not measured in this session (a blocked configuration, a failed before_route hook):
    // they stay to measure.
    void skipCells(const QList<ScheduledWindow> &cells, const QString &reason);
    // A cell this session leaves: `ranOut` (it ran out of retries before: it stays failed) or
    // not asked for by --retry-failed (it stays to measure).
    void leaveCell(const ScheduledWindow &w, bool ranOut);

    int unmeasured() const { return m_unmeasured; }
    int ranOutCells() const { return m_ranOut; }
    QStringList failedCells() const { return m_failedCells; }

private:
    void tell(double etaS);

    RunContext &m_context;
    int m_windowNumber = 0;    // 1-based position of the current cell in the schedule
    int m_done = 0;            // cells done: valid, failed or skipped
    int m_doneThisSession = 0; // cells measured in this session (for the ETA)
    int m_unmeasured = 0;      // cells neither valid nor failed after their retries
    int m_ranOut = 0;          // cells that ran out of retries (this session or before)
    QStringList m_failedCells; // "round 1 a health c=1: <why>"
    QElapsedTimer m_clock;     // since start()
};

} // namespace sb::run
