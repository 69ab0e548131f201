#include "report/reporthtml.h"

#include "report/escape.h"
#include "report/memoryreport.h"
#include "report/profilereport.h"
#include "report/reportcharts.h"
#include "report/reportmarkdown.h"
#include "store/runstore.h"
#include "version.h"

namespace sb::report {

namespace {

const char *kStyle = R"(
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
       margin: 0; background: #f6f7f9; color: #1d2330; line-height: 1.45; }
main { max-width: 1180px; margin: 0 auto; padding: 24px 32px 48px; background: #fff; }
h1 { font-size: 1.6em; margin: 0.2em 0 0.6em; }
h2 { font-size: 1.3em; margin-top: 1.8em; border-bottom: 1px solid #d8dce3; padding-bottom: 4px; }
h1, h2, h3, p, li, td { overflow-wrap: anywhere; }
code { font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: 0.92em;
       background: #eef0f4; padding: 0 3px; border-radius: 3px; }
.table { overflow-x: auto; margin: 0.6em 0 1em; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { border: 1px solid #d8dce3; padding: 3px 8px; vertical-align: top; }
th { background: #eef0f4; text-align: left; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.c, th.c { text-align: center; }
strong.alert { color: #b3261e; }
tbody tr:nth-child(even) { background: #fafbfc; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; margin: 0.8em 0 1.2em; }
figure { margin: 0; border: 1px solid #e3e6eb; background: #fff; max-width: 100%; }
figure svg { display: block; max-width: 100%; height: auto; }
footer { color: #687080; font-size: 0.85em; margin-top: 2em; }
)";

// Each route's charts in a <div class="charts">, each in a <figure>; `figures` counts the
// document's charts so that every chart's ids get a prefix of their own.
QString chartsHtml(const RunReport &report, const QVector<store::WindowRecord> &windows,
                   const QString &route, QSize size, int &figures)
{
    if (report.cells.isEmpty())
        return QString();
    int profile = -1;
    int other = -1;
    if (isProfileChartsKey(route, &profile, &other)) {
        // A flame graph is as wide as the page: two charts' width side by side.
        const QString svg = profileChartsSvg(report, route, 2 * size.width() + 12,
                                             QStringLiteral("f%1-").arg(++figures));
        return svg.isEmpty() ? QString()
                             : QStringLiteral("<div class=\"charts\">\n<figure>") + svg +
                                   QStringLiteral("</figure>\n</div>\n");
    }
    QString memoryRoute;
    const QVector<svg::Chart> charts = isMemoryChartsKey(route, &memoryRoute)
                                           ? QVector<svg::Chart>{memoryChart(report, memoryRoute)}
                                           : routeCharts(report, windows, route);
    QString out = QStringLiteral("<div class=\"charts\">\n");
    for (const svg::Chart &chart : charts)
        out += QStringLiteral("<figure>") +
               svg::renderSvg(chart, size, QStringLiteral("f%1-").arg(++figures)) +
               QStringLiteral("</figure>\n");
    return out + QStringLiteral("</div>\n");
}

// The one page wrapper of every HTML document: the style sheet, `title` (escaped here),
// `body` (HTML) and a footer naming this Stackbench and `source` (HTML).
QByteArray page(const QString &title, const QString &body, const QString &source)
{
    QString html = QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
                                  "charset=\"utf-8\">\n<meta name=\"viewport\" "
                                  "content=\"width=device-width, initial-scale=1\">\n<title>") +
                   htmlEscaped(title) + QStringLiteral("</title>\n<style>") +
                   QString::fromLatin1(kStyle) +
                   QStringLiteral("</style>\n</head>\n<body>\n<main>\n");
    html += body;
    html += QStringLiteral("<footer>Written by Stackbench ") +
            htmlEscaped(QString::fromLatin1(sb::kVersion)) + QLatin1Char(' ') + source +
            QStringLiteral("</footer>\n");
    html += QStringLiteral("</main>\n</body>\n</html>\n");
    return html.toUtf8();
}

} // namespace

QByteArray reportHtml(const RunReport &report, const QVector<store::WindowRecord> &windows,
                      const HtmlOptions &options)
{
    int figures = 0;
    const auto charts = [&](const QString &route) {
        return options.charts ? chartsHtml(report, windows, route, options.chartSize, figures)
                              : QString();
    };
    const QString title =
        (report.planName.isEmpty() ? QStringLiteral("Stackbench") : report.planName) +
        QStringLiteral(": run ") + report.run.id;
    return page(title, htmlOf(reportDocument(report, true), charts),
                QStringLiteral("from the run store; the same figures as <code>stackbench report ") +
                    htmlEscaped(report.run.id) + QStringLiteral("</code>."));
}

QByteArray comparisonHtml(const QVector<RunComparison> &comparisons, const HtmlOptions &options)
{
    const RunComparison none;
    const RunComparison &first = comparisons.isEmpty() ? none : comparisons.first();
    const QStringList others = first.runs.mid(1);
    const QString title =
        QStringLiteral("Stackbench: %1 against run %2")
            .arg(others.size() == 1 ? QStringLiteral("run ") + others.first()
                                    : QStringLiteral("runs ") + others.join(QStringLiteral(", ")),
                 first.baselineRun);
    Document d;
    d.heading(1, title);
    if (comparisons.isEmpty())
        d.paragraph(QStringLiteral("Nothing was compared."));
    else
        d.paragraph(QStringLiteral("Each run's cells against the same cells of run %1, the "
                                   "baseline: the ratio of their medians with its 95 % interval, "
                                   "and a verdict only outside the noise floor and the machine "
                                   "drift between the runs (see Definitions).")
                        .arg(first.baselineRun));
    for (const RunComparison &c : comparisons)
        d << comparisonDocument(c, 2);
    d << definitionsDocument();
    int figures = 0;
    const auto charts = [&](const QString &key) {
        QString metric;
        QString route;
        if (!options.charts || !isComparisonChartsKey(key, &metric, &route))
            return QString();
        for (const RunComparison &c : comparisons)
            if (c.metric == metric)
                return QStringLiteral("<div class=\"charts\">\n<figure>") +
                       svg::renderSvg(comparisonRatioChart(c, route), options.chartSize,
                                      QStringLiteral("f%1-").arg(++figures)) +
                       QStringLiteral("</figure>\n</div>\n");
        return QString();
    };
    QString runs;
    for (const QString &r : first.runs)
        runs += (runs.isEmpty() ? QString() : QStringLiteral(" ")) + r;
    return page(
        title, htmlOf(d, charts),
        QStringLiteral("from the run store; the same figures as <code>stackbench compare ") +
            htmlEscaped(runs) + QStringLiteral("</code>."));
}

sb::Result<QByteArray> reportHtmlFromStore(const store::RunStore &store, const QString &runId,
                                           const ReportOptions &options, const HtmlOptions &html)
{
    QVector<store::WindowRecord> windows;
    sb::Result<RunReport> r =
        loadRunReport(store, runId, options, html.charts ? &windows : nullptr);
    if (!r.ok())
        return r.error();
    return reportHtml(*r, windows, html);
}

} // namespace sb::report
