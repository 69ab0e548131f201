#pragma once

// The report as CSV: one row per cell; every column name ends in its unit (ok_per_s, _us,
// _cores, _pct, _bytes), figures as median, min, max and spread; a figure never measured is an
// empty field (a cell without a valid window; a spread of fewer than 2). Every text through
// csvField() (RFC 4180 quoting, formulas neutralised). A run whose load came from other hosts
// has five more columns: each cell's hosts and their generators' cores (median, min, max over its
// valid windows) and the hosts' own cores, each a ';'-separated list in the hosts' order. Any
// thread.

#include "report/runreport.h"

#include <QByteArray>

namespace sb::report {

QByteArray reportCsv(const RunReport &report);

} // namespace sb::report
