#pragma once

// The Compare page's Export ▸ HTML: what the page shows, as one self-contained HTML file
// (report/reporthtml.h) written off the GUI thread.

#include "ui/charts/comparedata.h"

#include <QString>
#include <functional>

class QObject;
class QWidget;

namespace sb {

// What Export ▸ HTML writes for the comparison `result` the page shows.
enum class CompareHtml
{
    None,       // nothing is shown
    Comparison, // runs against a baseline run: the comparison (2xx/s and per CPU-second)
    RunReport,  // one run's configurations: that run's HTML report, with its baseline
};
CompareHtml compareHtmlOf(const charts::CompareResult &result);

// Writes compareHtmlOf(result) to `path` (atomically) on a worker thread: a comparison as
// report::comparisonHtml renders `result`'s two comparisons (nothing is read again), a run's
// report as `stackbench report --format html` writes it, read from the store at
// `storeLocation` with `result`'s baseline configuration and noise floor. Then done(error) on
// the GUI thread, error empty on success (it names the file or the run otherwise), unless
// `context` was destroyed. Call from the GUI thread; with CompareHtml::None, done() says so.
void exportCompareHtml(QObject *context, const charts::CompareResult &result,
                       const QString &storeLocation, const QString &path,
                       const std::function<void(const QString &error)> &done);

// Asks where to write it: a file dialog under `parent` in the folder used last (remembered),
// named after the baseline run ("compare-RUN.html") or the run ("RUN.html"). Empty when
// cancelled or when there is nothing to write. GUI thread.
QString askCompareHtmlPath(QWidget *parent, const charts::CompareResult &result);

} // namespace sb
