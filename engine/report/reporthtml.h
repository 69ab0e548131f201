#pragma once

// The HTML report: one self-contained file with the Markdown report's content
// (report/reportmarkdown.h: the same Document) as HTML, and after each route's tables that
// route's charts (report/reportcharts.h) as inline SVG. No script, no external style sheet,
// font or image, no network reference: it opens in a browser offline. QtCore only, no
// application object needed: `stackbench report RUN --format html` runs with no display, and
// the GUI's File > Export > HTML renders on a worker thread. Every text is escaped for HTML
// (report/escape.h). Time and size linear in the report. Any thread.

#include "core/result.h"
#include "report/comparison.h"
#include "report/runreport.h"

#include <QByteArray>
#include <QSize>
#include <QVector>

namespace sb::store {
class RunStore;
}

namespace sb::report {

struct HtmlOptions
{
    bool charts = true;                // draw the charts (false: the tables only)
    QSize chartSize = QSize(560, 340); // each chart, pixels (two side by side); a long legend
                                       // makes a chart higher
};

// The report as one HTML document (UTF-8). `windows` (as loadRunReport hands them, with their
// intervals) give the timelines; without them the other charts are drawn.
QByteArray reportHtml(const RunReport &report, const QVector<store::WindowRecord> &windows = {},
                      const HtmlOptions &options = {});

// Reads the run as `stackbench report` does (loadRunReport with `options`, its windows with
// their intervals) and renders it. The store's thread. Errors: loadRunReport's.
sb::Result<QByteArray> reportHtmlFromStore(const store::RunStore &store, const QString &runId,
                                           const ReportOptions &options = {},
                                           const HtmlOptions &html = {});

// A comparison of runs as one HTML document of the same kind (the same style sheet, no script,
// nothing external, every text escaped): a heading naming the runs, then each of `comparisons`
// (the same runs for different metrics, e.g. 2xx/s and per CPU-second as the Compare page shows
// them) as comparisonDocument() writes it, with, after each route's table, the chart of its
// ratios and their 95 % intervals (comparisonRatioChart; none when options.charts is false),
// then the definitions. Empty `comparisons` give a page that says so. Any thread.
QByteArray comparisonHtml(const QVector<RunComparison> &comparisons,
                          const HtmlOptions &options = {});

} // namespace sb::report
