#pragma once

// Loading and validating plan files (format 1). See plan.h for the model.
//
// Every problem becomes a Diagnostic naming file:line:column and the JSON path. All problems are
// reported at once (sorted by position), except that a JSON syntax error stops parsing and is
// reported alone (with any duplicate keys found before it). Warnings do not block loading:
//   "plan.cpus-overlap"      a configuration's "cpus" sharing CPUs with the load engine's
//                            ("load": {"cpus": ...}), at the configuration's "cpus" (two
//                            configurations' sets may overlap: they never run at the same time)
//   "plan.gate-unreachable"  a CPU gate in percent of one core this machine cannot reach
//                            (>= 100 % x its cores), at the gate
//   "plan.unused"            a plan-wide "secret_headers" name no route or parity check sends
//
// Durations, rates and counts follow the one grammar of core/duration.h (also the command
// line's) and its bounds (core/limits.h); base_url follows the engine's URL grammar
// (http/url.h); CPU sets core/cpuset.h. Loading is linear in the size of the plan.
//
// Placeholders:
//   ${env:NAME}   from the process environment; an unset variable is an error naming it.
//   ${port}       the configuration's port, inside a configuration (its command, env, versions,
//                 base_url, ready path and hooks).
//   ${stackbench} the stackbench executable (variables["stackbench"], else the running program).
//   ${NAME}       any other name given in `variables` (the PlanVariables argument).
//   ${var:NAME}   a plan variable ("variables" in the file): validated here (an unknown name is an
//                 error with a "did you mean") and kept in the string as a template, filled when a
//                 run starts (variables.h: withVariables()).
//   $${           a literal "${".
// They expand in every string a request is made of (path and query, header values, a text body,
// every string of a JSON body; not header names, JSON keys or "@file" bodies) of routes and
// parity checks, in the ready path, commands (configurations, version probes, hooks, command
// variables), cwd, env values, hook SQL, database fields and variables. ${var:} is not available
// where the value is needed at load or before a run starts: cwd, base_url, database fields and
// the variables themselves. An unknown ${...} anywhere is an error with its line:column.
//
// Pure functions apart from reading the plan file, "@file" bodies and the environment; any thread.

#include "core/result.h"
#include "plan.h"

#include <QHash>
#include <QList>
#include <QString>
#include <optional>

namespace sb::plan {

// One problem in a plan file.
struct Diagnostic
{
    QString file;     // the file name given for messages (loadPlan: the path as passed)
    int line = 0;     // 1-based
    int column = 0;   // 1-based, in Unicode code points
    QString jsonPath; // "$.configurations[0].command"
    QString code;     // stable kind: "plan.syntax", "plan.unknown-key", "plan.missing-key",
                      // "plan.type", "plan.range", "plan.enum", "plan.duplicate", "plan.file",
                      // "plan.env", "plan.placeholder", "plan.value", "plan.io"; warnings:
                      // "plan.cpus-overlap"
    QString message;  // one sentence

    // "file:line:col: $.path: message"
    QString toString() const;
    // {code, "file:line:col at $.path", message}; {code, "file", message} at line 0
    sb::Error toError() const;
};

// The outcome of loading: a plan, or the diagnostics that prevent it.
struct PlanLoad
{
    std::optional<Plan> plan;      // set exactly when diagnostics is empty
    QList<Diagnostic> diagnostics; // sorted by line, then column
    QList<Diagnostic> warnings;    // problems that do not block a run (overlapping CPU sets),
                                   // sorted like diagnostics; filled whether or not plan is set

    bool ok() const { return plan.has_value(); }
    // All diagnostics, one toString() per line.
    QString errorText() const;
    // The plan, or the first diagnostic as an error whose detail says how many more there are.
    sb::Result<Plan> toResult() const;
};

// Names the loader substitutes as ${name}. "stackbench" should be the path of the stackbench
// executable; when absent, QCoreApplication::applicationFilePath() is used.
using PlanVariables = QHash<QString, QString>;

// Reads and validates the plan file at `path`. Relative paths in the plan are resolved against
// the file's directory. A file that cannot be read gives one diagnostic at line 0 (code
// "plan.io"): a missing file, anything but a regular file (/dev/zero, a FIFO: at once, without
// waiting for a writer), a file larger than limits::kMaxPlanFileBytes (16 MiB). "@file" bodies
// have the same bound (code "plan.io" at the body's position).
PlanLoad loadPlan(const QString &path, const PlanVariables &variables = {});

// Validates `text` held in memory. `fileNameForMessages` is used in diagnostics; relative paths
// are resolved against `baseDir`; Plan::filePath stays empty.
PlanLoad parsePlan(const QByteArray &text, const QString &fileNameForMessages,
                   const QString &baseDir, const PlanVariables &variables = {});

} // namespace sb::plan
