#pragma once

// The report as JSON (schema "stackbench-report", version 1; docs/report.schema.json):
//   run, environment, baseline, noise_floor, cells[], ratios[], saturation[], gates, events.
// Every figure of a cell is an object {median, min, max, spread}; ratios carry ratio, low, high
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

} // namespace sb::report
