#pragma once

// A cell's pooled latency histogram as HdrHistogram's percentile distribution text (.hgrm), for
// HdrHistogram's plotter and the tools that read it (`stackbench report --hgrm-dir`). Any
// thread.

#include "report/runreport.h"

#include <QByteArray>
#include <QString>

namespace sb::report {

// The text in milliseconds; empty when the cell has no pooled histogram.
QByteArray cellHgrm(const CellReport &cell);

// "python_health_c10.hgrm": the configuration and route with every character but letters,
// digits, '.', '-' and '_' replaced by '_', each cut to 64 characters, so that any name makes
// one plain file name inside the directory.
QString cellHgrmFileName(const CellReport &cell);

} // namespace sb::report
