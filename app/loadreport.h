#pragma once

// What `stackbench load` prints: the live line of each interval (stderr, on a terminal), the
// header before the window, and the report after it, as text or as one JSON object (stdout).
// Main thread, except printIntervalLine (the engine's collector thread; never concurrently).

#include "app/loadoptions.h"
#include "load/loadresult.h"

#include <QByteArray>

namespace sb::cli {

// "  measure   3.0s  2xx/s ...  in flight 10", or "... draining: 10 in flight" in the drain;
// the open loop adds the interval's largest send delay.
void printIntervalLine(const LoadOptions &options, const load::IntervalSnapshot &interval);

// "Running 10s test @ URL" and the connections, threads and pacing.
void printHeader(const LoadOptions &options);

// The report in wrk's layout with percentiles, the drain, errors by kind and the client's CPU.
void printTextReport(const LoadOptions &options, const load::LoadResult &result);

// The report as one JSON object (the keys of engine/run/loadjson.h for counters and latency).
QByteArray jsonReport(const LoadOptions &options, const load::LoadResult &result);

} // namespace sb::cli
