#pragma once

#include "run/loadhostcores.h"
#include "run/samplesession.h"
#include "store/records.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

// Value types the runner hands to its observer: everything the GUI and the command line show
// about a run as it goes. Plain data, copyable; safe to queue across threads.
namespace sb::run {

// Where in the matrix an event happens.
struct CellRef
{
    int round = 0;         // 0-based round
    QString configuration; // configuration name
    QString route;         // route name
    int concurrency = 0;   // connections
    int attempt = 0;       // 0-based attempt of this cell in this round
};

struct RunStarted
{
    QString runId;           // the run's id in the store
    QString planName;        // the plan's name
    QString profile;         // profile name
    QString profileChoice;   // why this one when the caller named none: "the plan's
                             // default_profile" or "the plan's first profile"; else ""
    QString storeLocation;   // where the run is stored (password removed)
    int totalWindows = 0;    // cells x rounds to measure (each needs one valid window)
    int doneWindows = 0;     // of those, already valid (resume)
    bool resumed = false;    // continuing a stored run
    QStringList warnings;    // somaxconn too low, governor, ...
    QJsonObject environment; // the environment record
};

// The phase a window is in.
enum class Phase
{
    WarmUp, // load is on, nothing is kept
    Measure // the measured window
};

struct WindowStarted
{
    QString runId;
    CellRef cell;
    Phase phase = Phase::WarmUp;
    int windowNumber = 0; // 1-based position of this cell in the schedule
    int totalWindows = 0; // cells in the schedule
};

// One interval of the live view: load and sampler figures of the same interval.
struct IntervalUpdate
{
    QString runId;
    CellRef cell;
    Phase phase = Phase::Measure;
    store::IntervalRecord interval; // sampler fields stay 0 during warm-up
    int inFlight = 0;               // requests outstanding when the interval closed
    bool draining = false;          // sending has stopped; the window waits for `inFlight` answers
    qint64 transportErrors = 0;     // of interval.errors: connect, read, write, timeout and parse
    QList<ForeignProcess> foreignTop; // the interval's busiest foreign processes (measured phase)
    LoadHostCoresList hostCores;      // load from other hosts: each host's generator over the
                                      // interval, cores, in the plan's order; else empty
};

struct WindowFinished
{
    QString runId;
    store::WindowRecord window; // as stored: valid, or invalidReason
    bool willRetry = false;     // the cell is measured again
    bool cellFailed = false;    // retries exhausted: the cell stays without a valid window
};

// A contended window (invalid for foreign CPU) waits for a quiet machine before its re-measure
// (plan "sampler.wait_quiet_s"): one event per reading of the wait, the last one with `outcome`
// set. The wait's end is also a RunNote "quiet-wait" and an event in the store.
struct WaitingForQuiet
{
    QString runId;
    CellRef cell;            // the attempt that waits (the re-measure)
    double waitedS = 0;      // seconds waited so far
    double limitS = 0;       // the most it waits, seconds (wait_quiet_s)
    double foreignPct = 0;   // foreign CPU of the latest reading, percent of one core
    double gatePct = 0;      // quiet = foreign CPU below this, percent of one core
    double quietS = 0;       // seconds the machine has been quiet without a break
    double quietNeededS = 0; // quiet seconds that end the wait
    QString outcome;         // "" while waiting, then "quiet", "timed-out" or "cancelled"
};

// Something worth a line in a log: server started or stopped, parity results, hooks, warnings.
struct RunNote
{
    QString runId;
    QString kind;          // "server-started", "server-stopped", "parity-passed", "parity-failed",
                           // "hook", "warning", "configuration-blocked", "cell-failed",
                           // "quiet-wait", ...
    QString configuration; // may be empty
    QString detail;        // one human sentence
    QJsonObject data;      // what the event stores beside the sentence (secrets redacted), e.g. a
                           // parity gate's "results": per check its status, content_type,
                           // headers ["Name: value", ...] and body (first 4,000 bytes)
};

struct Progress
{
    QString runId;
    int doneWindows = 0;  // cells finished (valid or failed)
    int totalWindows = 0; // cells in the schedule
    double etaS = -1;     // estimated seconds left; -1 = unknown yet
};

struct RunFinished
{
    QString runId;
    QString status;          // store::kStatusFinished / kStatusIncomplete / kStatusFailed /
                             // kStatusInterrupted (see endStatus())
    int validWindows = 0;    // valid windows stored in this run (all sessions)
    int invalidWindows = 0;  // invalid attempts stored
    QStringList failedCells; // "round 1 native /health c=10: foreign-cpu ..."
    QStringList blockedConfigurations; // "django: parity: ..."
    int ranOutCells = 0; // of failedCells, those that ran out of retries (CellTodo::RanOut):
                         // 'stackbench resume RUN --retry-failed' measures them again
    QString error;       // why the run failed, empty otherwise
};

// Receives the runner's events. Every call comes from the thread that called Runner::run(),
// in order; implementations that feed a GUI forward them as queued signals.
class RunObserver
{
public:
    virtual ~RunObserver() = default;
    virtual void runStarted(const RunStarted &) {}
    virtual void windowStarted(const WindowStarted &) {}
    virtual void intervalMeasured(const IntervalUpdate &) {}
    virtual void windowFinished(const WindowFinished &) {}
    virtual void noted(const RunNote &) {}
    virtual void quietWaitProgressed(const WaitingForQuiet &) {}
    virtual void progressed(const Progress &) {}
    virtual void runFinished(const RunFinished &) {}
};

} // namespace sb::run
