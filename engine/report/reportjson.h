#pragma once

// The report as JSON (schema "stackbench-report", version 1; docs/report.schema.json):
//   run (with validity: "0 of 56 windows valid: ..." and problems[], report::runProblems),
//   setup (machine, configurations[] as started, gates[]: report/runsetup.h), environment,
//   baseline, noise_floor, cells[], ratios[], saturation[], gates, events, cold_start[] (per
//   configuration: starts and the spreads of accept_ms, ready_ms, rss_bytes, pss_bytes;
//   report/coldstartreport.h) and server_starts[] (every start; accept_ms null when unmeasured).
// Every figure of a cell is an object {median, min, max, spread, n}; a figure never measured is
// null (no valid window; spread with fewer than 2; pooled latency without a histogram; a cell's
// cpu_shares without a valid window); ratios carry ratio, low, high
// (95 %, null when the windows support none), p_value (t test on the logs, two-sided), paired, df,
// noise_sd and verdict ("no-winner", "not-enough-windows", "inside-noise-floor", "inside-drift",
// "faster", "slower"). Any thread.

#include "report/runreport.h"

#include <QJsonArray>
#include <QJsonObject>

namespace sb::report {

QJsonObject reportJson(const RunReport &report);
// One ratios[] entry; `compare` adds run and baseline_run to the same shape.
QJsonObject ratioJson(const RatioReport &ratio);
QJsonObject spreadJson(const stats::Spread &s);
// The report's "setup" object.
QJsonObject setupJson(const RunSetup &setup);

} // namespace sb::report
