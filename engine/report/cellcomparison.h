#pragma once

// A cell's windows against its baseline's: the one verdict rule of stats/verdict.h with the
// report's options (noise floor, bootstrap seed), shared by the stored report's ratios, the live
// "cells so far" table and the stored run's dialog, so that the same windows get the same ratio,
// interval, p-value and verdict wherever they are shown. Pure functions; any thread.

#include "report/runreport.h"
#include "stats/verdict.h"

#include <vector>

namespace sb::report {

// stats::CompareOptions as the report uses them: its noise floor (< 0: none) and seed;
// `higherIsBetter` for throughput figures (2xx/s, per CPU-second), false for latencies.
stats::CompareOptions compareOptions(const ReportOptions &options, bool higherIsBetter = true);

// The candidate cell's per-window values against the baseline's (one value per valid window,
// report/figures.h's figures), under compareOptions(options, higherIsBetter).
stats::Comparison compareCell(const std::vector<double> &candidate,
                              const std::vector<double> &baseline, const ReportOptions &options,
                              bool higherIsBetter = true);

} // namespace sb::report
