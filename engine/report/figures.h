#pragma once

// Each figure of DESIGN.md's "Metrics", defined once. Every page, report and summary that shows
// 2xx/s, cores, per CPU-second or a window's latency percentiles - live or stored, GUI or
// terminal - reads it from here, so the same window reads the same everywhere. Pure functions;
// any thread.

#include "stats/cell.h"
#include "store/records.h"

namespace sb::report {

// Successful throughput: 2xx responses / elapsed seconds (the final drain included), per second;
// 0 when no time elapsed.
double okPerS(qint64 ok, double elapsedS);

// Cores: CPU seconds / the wall seconds of the span the CPU was read across; 1.0 = one core.
// 0 when the span is empty.
double cores(double cpuS, double spanS);

// Per CPU-second: successful throughput / cores (seed 000's lead metric), responses per
// CPU-second; 0 when the cores are 0 (nothing was sampled).
double perCpuS(double okPerS, double cores);

// A stored window's figures: okPerS(ok, elapsedS), its serverCoresMean (the sampler's CPU over
// the sampler's own span) and their quotient.
double windowOkPerS(const store::WindowRecord &window);
double windowCores(const store::WindowRecord &window);
double windowPerCpuS(const store::WindowRecord &window);
// A window's own latency percentiles as the window stored them (WindowRecord::latencyUs: p50,
// p90, p99, p999, max), microseconds; a percentile the record lacks reads 0.
stats::Percentiles windowLatencyUs(const store::WindowRecord &window);

// A stored window's figures as one line of text, the same wherever a window is summed up in a
// line (the terminal's "ok" line, a log): "1234.5 2xx/s, p99 4.00 ms, server 1.50 cores, 823 per
// CPU-s". Plain ASCII numbers, no names: the caller adds the window's label.
QString windowFiguresText(const store::WindowRecord &window);

// One interval of a window's timeline (live or stored): its okPerS over its own span, its
// serverCores and their quotient.
double intervalOkPerS(const store::IntervalRecord &interval);
double intervalPerCpuS(const store::IntervalRecord &interval);

} // namespace sb::report
