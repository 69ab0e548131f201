#pragma once

// What `stackbench run`, `resume` and `check` share: the --store and --var options and running
// the runner on a thread of its own while the main thread waits for Ctrl-C. Main thread only.

#include "app/cli.h"
#include "run/runner.h"

#include <QCommandLineOption>

namespace sb::cli {

// --store PATH|URL, its default shown in the help.
QCommandLineOption addStoreOption(CommandLine &cl);

// --var NAME=VALUE (repeatable): what the plan's ${NAME} placeholders stand for.
QCommandLineOption addVarOption(CommandLine &cl);
// The --var values by name. Usage errors: not NAME=VALUE; a NAME that is not a placeholder name
// ([A-Za-z_][A-Za-z0-9_]*) or is "port" (the configuration's own); a NAME given twice.
sb::Result<plan::PlanVariables> varValues(const CommandLine &cl, const QCommandLineOption &option);

// Runs (or resumes) with a TerminalObserver, lets SIGINT/SIGTERM cancel the run (the window in
// flight is dropped, everything stored stays), prints the summary and returns the exit code:
// 0 every cell has a valid window, 1 cells are left or the run failed, 2 the plan, profile,
// filter, store or run id cannot be used.
// `runId`, when given, receives the run's id (empty when the run could not start).
int runAndWatch(const CommandLine &cl, const run::RunOptions &options, QString *runId = nullptr,
                const QString &baseline = {});
// --baseline CONFIG of `run`: a configuration of the plan at `planPath` (read as its outline;
// the run checks the rest of the plan). Errors: "cli.baseline" naming the plan's configurations.
sb::Status checkBaselineOption(const CommandLine &cl, const QCommandLineOption &option,
                               const QString &planPath);

} // namespace sb::cli
