#pragma once

// What the report, compare and export commands share: writing their result to a file or to
// stdout, reading the store read-only, the noise floor named by --noise-floor, and the summary
// `stackbench run` prints when it ends. Main thread only.

#include "app/cli.h"
#include "core/result.h"
#include "report/runreport.h"
#include "store/runstore.h"

#include <QByteArray>
#include <QString>
#include <cstdio>
#include <memory>

namespace sb::cli {

// Writes `bytes` to `path` (atomically: a temporary file renamed over it) and says where on
// stderr, or to stdout when path is empty. Errors: "cli.input" naming the path.
sb::Status writeOutput(const QString &path, const QByteArray &bytes, const CommandLine &cl);

// Opens an existing store read-only. Errors: the store's.
sb::Result<std::unique_ptr<store::RunStore>> openForReading(const QString &location);

// The noise floor of the A/A run `runId` in `store`, with its source sentence, into options.
sb::Status applyNoiseFloor(const store::RunStore &store, const QString &runId, double &floor,
                           QString &source);

// `text` in bold red when `out` is a terminal and NO_COLOR is not set, else as it is: what went
// wrong ("failed", a run with no valid window). `text` must be terminal-safe already
// (report::terminalText, oneLine).
QString alertText(const QString &text, FILE *out);

// What `stackbench run` prints at its end: what went wrong with the run as a whole
// (report::runProblems: "0 of 56 windows valid: 56 failed the foreign-CPU gate. ..."), the
// Markdown report's summary table
// (report::summaryTable: per route x concurrency each configuration's median 2xx/s and per
// CPU-second, the ratios to the baseline with their verdicts, invalid attempts) and its
// saturated ceiling lines as terminal text (control characters escaped); each configuration's
// peak memory with its trees' ages (report::memorySummaryTable); then the command that writes the
// full report.
void printRunSummary(const report::RunReport &report, const QString &storeLocation);

} // namespace sb::cli
