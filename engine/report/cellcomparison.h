#pragma once

// Cells against their baseline's: the one verdict rule of stats/verdict.h with the report's
// options (noise floor), shared by the stored report's ratios, the comparison of runs, the live
// "cells so far" table and the stored run's dialog, so that the same windows get the same ratio,
// interval, p-value and verdict wherever they are shown. Pure functions; any thread.

#include "report/runreport.h"
#include "stats/verdict.h"

#include <vector>

namespace sb::report {

// stats::CompareOptions as the report uses them: its noise floor (< 0: none) and seed;
// `higherIsBetter` for throughput figures (2xx/s, per CPU-second), false for latencies.
stats::CompareOptions compareOptions(const ReportOptions &options, bool higherIsBetter = true);

// Whether a larger value of `metric` is better: "ok_per_s" and "per_cpu_s" (throughput), not
// "p50" and "p99" (latency, microseconds).
bool higherIsBetter(const QString &metric);

// A cell's valid windows as the verdict takes them: the value of `metric` ("ok_per_s",
// "per_cpu_s", "p50", "p99") of each and the round it was measured in.
stats::CellWindows cellWindows(const CellReport &cell, const QString &metric);

// The cells of one comparison (one candidate configuration, or one candidate run, against its
// baseline, one metric) judged together under compareOptions(options, higherIsBetter): they pool
// their noise, pair by round where both sides share rounds, and with `drift` (runs of different
// times) a cell inside it is not called. One Comparison per pair, in order.
std::vector<stats::Comparison> compareCellPairs(const std::vector<stats::CellPair> &pairs,
                                                const ReportOptions &options,
                                                bool higherIsBetter = true,
                                                const stats::Drift *drift = nullptr);

} // namespace sb::report
