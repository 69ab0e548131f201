#pragma once

// The GUI's File > Export > HTML: the engine's HTML report (report/reporthtml.h, which needs no
// widgets) written to a file off the GUI thread.

#include "report/runreport.h"

#include <QString>
#include <functional>

class QObject;

namespace sb {

// Reads run `runId` of the store at `storeLocation` on a worker thread (its own read-only
// store), renders it as `stackbench report --format html` does (report::reportHtmlFromStore with
// `options`) and writes `path` (atomically), all off the GUI thread. Then calls done(error) on
// the GUI thread, error empty on success, unless `context` was destroyed. Call from the GUI
// thread.
void exportHtmlReport(QObject *context, const QString &storeLocation, const QString &runId,
                      const QString &path, const report::ReportOptions &options,
                      const std::function<void(const QString &error)> &done);

} // namespace sb
