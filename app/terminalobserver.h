#pragma once

// How `stackbench run` and `resume` show a run as it goes: one line per event on stdout, and on a
// terminal a progress line rewritten in place (cell, attempt, phase, 2xx/s or "draining: N in
// flight", ETA; during a wait for a quiet machine, the wait and the latest foreign CPU). Called on
// the runner's thread only.

#include "run/runevents.h"

namespace sb::cli {

class TerminalObserver : public run::RunObserver
{
public:
    TerminalObserver();

    void runStarted(const run::RunStarted &e) override;
    void windowStarted(const run::WindowStarted &e) override;
    void intervalMeasured(const run::IntervalUpdate &e) override;
    void windowFinished(const run::WindowFinished &e) override;
    void noted(const run::RunNote &e) override;
    void quietWaitProgressed(const run::WaitingForQuiet &e) override;
    void progressed(const run::Progress &e) override;

private:
    void line(const QString &text);
    void progressLine();

    bool m_tty;
    bool m_progressShown = false;
    int m_total = 0;
    int m_done = 0;
    int m_number = 0;
    double m_etaS = -1;
    double m_okPerS = 0;
    double m_elapsedS = 0;
    int m_inFlight = 0;
    bool m_draining = false;
    run::CellRef m_cell;
    run::Phase m_phase = run::Phase::WarmUp;
    bool m_waiting = false;      // a wait for a quiet machine is going on
    run::WaitingForQuiet m_wait; // its latest reading
};

} // namespace sb::cli
