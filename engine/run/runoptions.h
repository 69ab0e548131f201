#pragma once

#include "plan/planloader.h"

#include <QString>
#include <QStringList>

namespace sb::run {

// What Runner::run() and Runner::check() are asked to do.
struct RunOptions
{
    QString planPath;      // the plan file (new runs; resume reads it from the store)
    QString profile;       // profile name; empty = the plan's default profile (or its first)
    QStringList only;      // configurations to run; empty = all
    QStringList routes;    // routes to run; empty = all
    QString storeLocation; // empty = the default SQLite file
    // ${name} placeholders for the plan (e.g. "stackbench", the demo's "demo_dir"). A new run
    // keeps them in its environment record ("placeholders"); resume uses those, with any given
    // here on top (for that session).
    plan::PlanVariables variables;
    QString resumeRunId; // non-empty: continue this stored run
    bool force = false;  // resume even though the plan file changed
    // Resume: re-measure exactly the cells that ran out of retries (cellTodo()), each with a
    // fresh retry budget; a finished run may be resumed so. Ignored for a new run.
    bool retryFailed = false;
    // Take CPU profiles even where the profile has no "profile_cpu": every cell of the last
    // round, at the defaults (run/cellprofiler.h); a profile's own "profile_cpu" is used as
    // written. Kept with the run, so that resume profiles the same way.
    bool profileCpu = false;
};

} // namespace sb::run
