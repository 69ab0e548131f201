#pragma once

// What `stackbench run` and `resume` share: the --store option and running the runner on a
// thread of its own while the main thread waits for Ctrl-C. Main thread only.

#include "app/cli.h"
#include "run/runner.h"

#include <QCommandLineOption>

namespace sb::cli {

// --store PATH|URL, its default shown in the help.
QCommandLineOption addStoreOption(CommandLine &cl);

// Runs (or resumes) with a TerminalObserver, lets SIGINT/SIGTERM cancel the run (the window in
// flight is dropped, everything stored stays), prints the summary and returns the exit code:
// 0 every cell has a valid window, 1 cells are left or the run failed, 2 the plan, profile,
// filter, store or run id cannot be used.
// `runId`, when given, receives the run's id (empty when the run could not start).
int runAndWatch(const CommandLine &cl, const run::RunOptions &options, QString *runId = nullptr);

} // namespace sb::cli
