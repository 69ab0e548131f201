#pragma once

// Stored windows as the statistics see them: the bridge from store records to engine/stats.
// Any thread.

#include "stats/ceiling.h"
#include "stats/cell.h"
#include "store/records.h"

#include <QString>

namespace sb::report {

// The figures of a stored window: 2xx/s, cores and percentiles as report/figures.h defines them;
// non-2xx from the status counts; the invalid kind as invalidKind() reads it.
stats::WindowFigures windowFigures(const store::WindowRecord &window);

// The window's CPU in cores. Stackbench's own CPU is the mean of the window's "own-pct" samples
// (0 when samples were not loaded); the generator's threads come from the client_bound gate.
stats::WindowCpu windowCpu(const store::WindowRecord &window, int machineCores);

// Why the window is invalid: its stored kind (WindowRecord::invalidKind, one of the
// store::kInvalid* words; kInvalidOther when a writer left it empty), "" for a valid window.
QString invalidKind(const store::WindowRecord &window);

} // namespace sb::report
