#pragma once

#include "core/result.h"
#include "plan/planloader.h"
#include "run/attemptpolicy.h" // CellTodo, cellTodo()
#include "run/runevents.h"
#include "run/runopening.h" // resumeRefusal()
#include "run/runoptions.h"

#include <QString>
#include <QStringList>
#include <atomic>
#include <mutex>
#include <optional>

namespace sb::run {

// How a run ends (store::kStatus*): failed (an error stopped it) before interrupted (cancelled or
// killed) before incomplete (cells neither valid nor failed after their retries: a blocked
// configuration, a failed before_route hook; resume measures them) before finished.
QString endStatus(bool interrupted, bool failed, int unmeasuredCells);

// Runs a plan: the matrix rounds x configurations x routes x concurrency with the window
// lifecycle of DESIGN.md (fresh process trees, readiness, parity gate, hooks, warm-up that fails
// closed, the measured window with the load engine and the sampler together, gates, re-measure,
// resume), storing every attempt in the run store. The plan's variables are made when the run
// starts and again on resume (run/runvariables.h; one that cannot be made is an error
// "run.variable" before anything starts). Hooks run at every moment of plan::hookMoments(), each
// moment's in hooksInRunOrder() of plan, configuration and route: after_warmup before every
// measured window, after_window after every window, after_configuration each time a tree
// stops, after_run at the end of every run (a failed or stopped one too). Secrets of the plan
// never reach the store, the observer or the result (Plan::redact()). A new run checks the plan,
// profile and filters before it opens (or creates) the store; resume opens only an existing store.
//
// run() blocks until the run ends; call it on a thread of its own in a GUI. cancel() may be
// called from any other thread (not from a signal handler: it takes a mutex); the window in
// flight is abandoned and not stored, and the run ends "interrupted", whatever moment the cancel
// comes at. The observer is called on run()'s thread.
class Runner
{
public:
    explicit Runner(RunObserver *observer = nullptr);
    ~Runner();

    // Runs (or resumes) and returns the final summary (status: endStatus()). Errors (nothing
    // measured or the run could not go on): "plan.*" with every diagnostic in the detail,
    // "run.profile", "run.filter", "run.port-shared" (two of the run's configurations on one
    // port with "process": "once": firstPortClash()), "run.resume" (see resumeRefusal(), a
    // changed plan),
    // "store.*" ("store.missing": resume in a store that does not exist). Windows measured
    // before an error stay stored; a window the store refuses ends the run "failed".
    sb::Result<RunFinished> run(const RunOptions &options);

    // Checks everything a run of the plan will use, without load, one line per item in
    // *report, in this order: the profile used and how it was chosen ("profile: quick (the
    // plan's first profile)"); each plan variable, made as a run makes it (its command run):
    // "variable token: command python3 mktoken.py: 212 bytes (secret)" or "variable token:
    // failed: <why, with the command's stderr>"; the plan's database (connected, as whom); each
    // hook of every moment (SQL: what each statement needs of the database user, judged from the
    // catalogs without side effects, or "not judged" and why; command: its program found, "not
    // run by check"); what each version probe records; with `parity`, each configuration's
    // start (with its before_ and after_configuration hooks), readiness and parity checks (then
    // stopped), else a line that says they are not checked. The result is an error when the
    // plan, profile or filters are invalid; otherwise false when anything failed (a variable
    // that cannot be made, no database connection, a right the user lacks, a program not
    // found, a configuration that does not start or fails parity). The errors are those of
    // run() before it opens the store ("plan.*", "run.profile", "run.filter",
    // "run.port-shared"). Nothing in *report holds a secret. `problems`, when given, receives a
    // copy of each line of *report that says what failed, in order (the command line prints
    // those on stderr).
    sb::Result<bool> check(const RunOptions &options, QStringList *report, bool parity = true,
                           QStringList *problems = nullptr);

    void cancel();

private:
    class Session;
    void setSession(Session *session);

    RunObserver *m_observer;
    std::atomic<bool> m_cancelled{false};
    std::mutex m_sessionMutex;
    Session *m_session = nullptr;
};

} // namespace sb::run
