#include "run/runprogress.h"

#include "run/runcontext.h"

#include <algorithm>

namespace sb::run {

double etaSeconds(qint64 elapsedMs, int doneThisSession, int done, int total)
{
    if (doneThisSession <= 0)
        return -1;
    const double perCell = double(elapsedMs) / 1000.0 / doneThisSession;
    return perCell * std::max(0, total - done);
}

RunProgress::RunProgress(RunContext &context)
    : m_context(context)
{}

void RunProgress::start(int alreadyValid)
{
    m_done = alreadyValid;
    m_clock.start();
}

void RunProgress::cellMeasured(const CellRef &cell, bool valid, bool exhausted,
                               const QString &reason)
{
    ++m_done;
    ++m_doneThisSession;
    if (!valid) {
        if (exhausted)
            ++m_ranOut;
        else
            ++m_unmeasured;
        const QString failed = QStringLiteral("%1: %2").arg(describeCell(cell), reason);
        m_failedCells << failed;
        m_context.note(QStringLiteral("cell-failed"), cell.configuration, failed);
    }
    tell(etaSeconds(m_clock.elapsed(), m_doneThisSession, m_done, m_context.totalCells()));
}

void RunProgress::skipCells(const QList<ScheduledWindow> &cells, const QString &reason)
{
    for (const ScheduledWindow &w : cells) {
        ++m_windowNumber;
        ++m_done;
        ++m_unmeasured;
        m_failedCells << QStringLiteral("%1: %2").arg(describeCell(cellRef(w)), reason);
    }
    tell(-1);
}

void RunProgress::leaveCell(const ScheduledWindow &w, bool ranOut)
{
    ++m_windowNumber;
    ++m_done;
    if (ranOut) {
        ++m_ranOut;
        m_failedCells << QStringLiteral("%1: ran out of retries in an earlier session")
                             .arg(describeCell(cellRef(w)));
    } else {
        ++m_unmeasured;
        m_failedCells << QStringLiteral("%1: not measured yet (--retry-failed measures only the "
                                        "cells that ran out of retries)")
                             .arg(describeCell(cellRef(w)));
    }
    tell(-1);
}

void RunProgress::tell(double etaS)
{
    m_context.observer->progressed(Progress{m_context.runId, m_done, m_context.totalCells(), etaS});
}

} // namespace sb::run
