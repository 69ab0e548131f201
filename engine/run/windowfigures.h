#pragma once

#include "load/loadresult.h"
#include "load/loadspec.h"
#include "run/samplesession.h"
#include "store/records.h"

#include <QVector>

// How a window's stored figures are computed from the load engine's and the sampler's results.
// Pure functions, any thread.
namespace sb::run {

// Mean cores of the server tree (DESIGN.md: CPU time between two readings / the wall seconds
// between them): the sampler's serverCpuS over the sampler's own span, the span that CPU was
// read across (it brackets the load's elapsedS). 0 when the sampler measured no time.
double serverCoresMean(const TreeSummary &summary);

// Fills the window's counts, latency, CPU, memory and drain figures. The gates, intervals and
// samples are not touched.
void fillWindowFigures(store::WindowRecord &window, const load::LoadResult &result,
                       const TreeSummary &summary, load::Mode mode);

// The load engine's part of one interval. `errors` counts transport errors plus responses whose
// status is not `expectStatus` (the same as the window's errors gate).
store::IntervalRecord loadInterval(const load::IntervalSnapshot &snapshot, int expectStatus);

// Adds the sampler's part of the same interval.
void addSampleToInterval(store::IntervalRecord &interval, const TreeReading &reading);

// The sampler's series that IntervalRecord has no column for (machine-pct, own-pct,
// server-cpu-s, server-processes, excluded-processes), appended to `samples`.
void appendSampleSeries(QVector<store::SampleRecord> &samples, const TreeReading &reading);

} // namespace sb::run
