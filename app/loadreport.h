#pragma once

// What `stackbench load` prints: the live line of each interval (stderr, on a terminal), the
// header before the window, and the report after it, as text or as one JSON object (stdout),
// all read from the window as the engine measured it (run/loadwindow.h) and its figures
// through report/figures.h. Main thread only.

#include "app/loadoptions.h"
#include "run/loadwindow.h"

#include <QByteArray>
#include <QString>

namespace sb::cli {

// What one `stackbench load` measured.
struct LoadRun
{
    run::WarmupOutcome warmup;   // ran = false without --warmup
    run::WindowOutcome measured; // the measured window
};

// "  measure   3.0s  2xx/s ...  in flight 10", or "... draining: 10 in flight" in the drain;
// the open loop adds the interval's largest send delay.
void printIntervalLine(const LoadOptions &options, const run::WindowInterval &interval);

// "Running 10s test @ URL" and the connections, threads and pacing.
void printHeader(const LoadOptions &options);

// Why the window cannot be rated, one sentence: it measured no response at all, or no 2xx
// response ("no 2xx response: 0 responses in 6.52 s; 19000 transport errors (connect ...)");
// empty when it has 2xx responses.
QString nothingMeasured(const run::WindowOutcome &measured);

// The report in wrk's layout with percentiles, the drain, errors by kind and the client's CPU,
// and nothingMeasured() when it says something.
void printTextReport(const LoadOptions &options, const LoadRun &run);

// The report as one JSON object (the keys of engine/run/loadjson.h for counters and latency).
QByteArray jsonReport(const LoadOptions &options, const LoadRun &run);

} // namespace sb::cli
