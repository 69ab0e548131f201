#pragma once

// The HTML report: one self-contained file with the Markdown report's content (report/
// reportmarkdown.h) as HTML, its tables, headings and definitions, and after each route's
// section that route's charts (charts/comparecharts.h) as inline SVG. No script, no external
// style sheet, font or image, no network reference: it opens in a browser offline. Used by
// `stackbench report RUN --format html` and the GUI's File ▸ Export ▸ HTML.

#include "core/result.h"
#include "report/runreport.h"
#include "ui/charts/comparedata.h"

#include <QByteArray>
#include <QSize>
#include <QString>
#include <functional>

class QObject;

namespace sb {

struct HtmlReportOptions
{
    bool charts = true;                // draw the charts (false: the tables only)
    QSize chartSize = QSize(560, 340); // each chart, pixels (two side by side)
};

// The subset of Markdown the reports write, as HTML: # / ## / ### headings, paragraphs, "- "
// lists (nested by two spaces), pipe tables with their alignment row, `code`, **bold** and
// *emphasis*; everything else is escaped text. `afterSection(heading)` may add HTML at the end of
// each "## " section (heading = its text as written). Pure; any thread.
QString markdownToHtml(const QString &markdown,
                       const std::function<QString(const QString &heading)> &afterSection = {});

// The report of `report` as one HTML document (UTF-8), with the charts of each route drawn
// from the report and `timelines`. GUI thread when options.charts (Qt Charts need a
// QGuiApplication; the offscreen platform will do).
QByteArray htmlReport(const report::RunReport &report,
                      const QVector<charts::WindowTimeline> &timelines = {},
                      const HtmlReportOptions &options = {});

// Reads the run as `stackbench report` does (report::loadRunReport with `options`) and its
// windows' intervals, and renders it. The store's thread, which must be the GUI thread when
// charts are drawn. Errors: the report's and the store's.
sb::Result<QByteArray> htmlReportFromStore(const store::RunStore &store, const QString &runId,
                                           const report::ReportOptions &options = {},
                                           const HtmlReportOptions &html = {});

// For File ▸ Export ▸ HTML: reads run `runId` of the store at `storeLocation` on a worker thread
// (its own read-only store), renders it on the GUI thread and writes `path` (atomically). Then
// calls done(error) on the GUI thread, error empty on success, unless `context` was destroyed.
// Call from the GUI thread.
void exportHtmlReport(QObject *context, const QString &storeLocation, const QString &runId,
                      const QString &path, const report::ReportOptions &options,
                      const std::function<void(const QString &error)> &done);

} // namespace sb
