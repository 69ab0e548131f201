#pragma once

// Stored windows as the statistics see them: the bridge from store records to engine/stats.
// Any thread.

#include "stats/ceiling.h"
#include "stats/cell.h"
#include "store/records.h"

#include <QString>

namespace sb::report {

// The figures of a stored window. okPerS = ok / elapsedS (the drain included); non-2xx from the
// status counts; the invalid kind is the first failed gate in the runner's order (server, sleep,
// checkpoint, foreign_cpu, errors, warmup), else a word taken from the reason.
stats::WindowFigures windowFigures(const store::WindowRecord &window);

// The window's CPU in cores. Stackbench's own CPU is the mean of the window's "own-pct" samples
// (0 when samples were not loaded); the generator's threads come from the client_bound gate.
stats::WindowCpu windowCpu(const store::WindowRecord &window, int machineCores);

// The first failed gate's name, "" for a valid window.
QString invalidKind(const store::WindowRecord &window);

} // namespace sb::report
