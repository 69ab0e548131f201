#include "ui/htmlreport.h"

#include "core/qterror.h"
#include "report/reportmarkdown.h"
#include "store/runstore.h"
#include "ui/charts/chartexport.h"
#include "ui/charts/comparecharts.h"
#include "ui/offthread.h"

#include <QChart>
#include <QCoreApplication>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStringList>
#include <memory>

namespace sb {

namespace {

// ---- Markdown, the subset the reports write

QString emphasis(QString html)
{
    static const QRegularExpression bold(QStringLiteral("\\*\\*(.+?)\\*\\*"));
    static const QRegularExpression em(
        QStringLiteral("(?<![\\w*])\\*(?![\\s*])(.+?)(?<![\\s*])\\*(?![\\w*])"));
    html.replace(bold, QStringLiteral("<strong>\\1</strong>"));
    html.replace(em, QStringLiteral("<em>\\1</em>"));
    return html;
}

// Escaped text with `code` spans, **bold** and *emphasis* (none inside code).
QString inlineHtml(const QString &text)
{
    QString out;
    qsizetype i = 0;
    while (i <= text.size()) {
        const qsizetype a = text.indexOf(QLatin1Char('`'), i);
        const qsizetype b = a < 0 ? -1 : text.indexOf(QLatin1Char('`'), a + 1);
        if (b < 0) {
            out += emphasis(text.mid(i).toHtmlEscaped());
            break;
        }
        out += emphasis(text.mid(i, a - i).toHtmlEscaped());
        out += QStringLiteral("<code>%1</code>").arg(text.mid(a + 1, b - a - 1).toHtmlEscaped());
        i = b + 1;
    }
    return out;
}

// The cells of a "| a | b |" row; "\|" is a literal bar.
QStringList tableCells(const QString &line)
{
    QString row = line.trimmed();
    if (row.startsWith(QLatin1Char('|')))
        row.remove(0, 1);
    if (row.endsWith(QLatin1Char('|')) && !row.endsWith(QLatin1String("\\|")))
        row.chop(1);
    QStringList cells;
    QString cell;
    for (qsizetype i = 0; i < row.size(); ++i) {
        if (row[i] == QLatin1Char('\\') && i + 1 < row.size() && row[i + 1] == QLatin1Char('|')) {
            cell += QLatin1Char('|');
            ++i;
        } else if (row[i] == QLatin1Char('|')) {
            cells << cell.trimmed();
            cell.clear();
        } else {
            cell += row[i];
        }
    }
    cells << cell.trimmed();
    return cells;
}

QString tableHtml(const QStringList &lines)
{
    const QStringList header = tableCells(lines.value(0));
    QStringList align;
    for (const QString &a : tableCells(lines.value(1)))
        align << (a.startsWith(QLatin1Char(':')) && a.endsWith(QLatin1Char(':'))
                      ? QStringLiteral(" class=\"c\"")
                  : a.endsWith(QLatin1Char(':')) ? QStringLiteral(" class=\"n\"")
                                                 : QString());
    QString out = QStringLiteral("<div class=\"table\"><table>\n<thead><tr>");
    for (qsizetype c = 0; c < header.size(); ++c)
        out += QStringLiteral("<th%1>%2</th>").arg(align.value(c), inlineHtml(header[c]));
    out += QStringLiteral("</tr></thead>\n<tbody>\n");
    for (qsizetype r = 2; r < lines.size(); ++r) {
        const QStringList cells = tableCells(lines[r]);
        out += QStringLiteral("<tr>");
        for (qsizetype c = 0; c < header.size(); ++c)
            out += QStringLiteral("<td%1>%2</td>").arg(align.value(c), inlineHtml(cells.value(c)));
        out += QStringLiteral("</tr>\n");
    }
    return out + QStringLiteral("</tbody></table></div>\n");
}

QString slug(const QString &heading)
{
    static const QRegularExpression other(QStringLiteral("[^a-z0-9]+"));
    return heading.toLower()
        .replace(other, QStringLiteral("-"))
        .remove(QRegularExpression(QStringLiteral("^-+|-+$")));
}

// Turns a block-by-block scan of the Markdown into HTML.
class MarkdownWriter
{
public:
    explicit MarkdownWriter(const std::function<QString(const QString &)> &afterSection)
        : m_after(afterSection)
    {}

    void line(const QString &text)
    {
        static const QRegularExpression heading(QStringLiteral("^(#{1,3}) (.*)$"));
        static const QRegularExpression item(QStringLiteral("^( *)- (.*)$"));
        if (text.trimmed().isEmpty()) {
            flush();
            return;
        }
        if (text.trimmed().startsWith(QLatin1Char('|'))) {
            flushParagraph();
            flushList();
            m_table << text;
            return;
        }
        flushTable();
        if (const QRegularExpressionMatch m = heading.match(text); m.hasMatch()) {
            flush();
            const int level = int(m.captured(1).size());
            if (level == 2)
                endSection(m.captured(2));
            m_out += QStringLiteral("<h%1 id=\"%2\">%3</h%1>\n")
                         .arg(level)
                         .arg(slug(m.captured(2)), inlineHtml(m.captured(2)));
            return;
        }
        if (const QRegularExpressionMatch m = item.match(text); m.hasMatch()) {
            flushParagraph();
            listItem(int(m.captured(1).size()) / 2, m.captured(2));
            return;
        }
        flushList();
        m_paragraph << text.trimmed();
    }

    QString finish()
    {
        flush();
        endSection(QString());
        return m_out;
    }

private:
    void listItem(int depth, const QString &text)
    {
        while (m_openLists > depth + 1) {
            m_out += QStringLiteral("</li></ul>\n");
            --m_openLists;
        }
        if (m_openLists == depth + 1)
            m_out += QStringLiteral("</li>\n");
        while (m_openLists < depth + 1) {
            m_out += QStringLiteral("<ul>\n");
            ++m_openLists;
        }
        m_out += QStringLiteral("<li>") + inlineHtml(text);
    }
    void flushList()
    {
        for (; m_openLists > 0; --m_openLists)
            m_out += QStringLiteral("</li></ul>\n");
    }
    void flushParagraph()
    {
        if (!m_paragraph.isEmpty())
            m_out += QStringLiteral("<p>%1</p>\n").arg(inlineHtml(m_paragraph.join(u' ')));
        m_paragraph.clear();
    }
    void flushTable()
    {
        if (m_table.size() >= 2)
            m_out += tableHtml(m_table);
        else if (!m_table.isEmpty())
            m_paragraph << m_table;
        m_table.clear();
    }
    void flush()
    {
        flushTable();
        flushParagraph();
        flushList();
    }
    // Before the next "## " heading (or at the end): what the caller adds to the section.
    void endSection(const QString &next)
    {
        if (m_inSection && m_after)
            m_out += m_after(m_section);
        m_section = next;
        m_inSection = !next.isNull();
    }

    std::function<QString(const QString &)> m_after;
    QString m_out;
    QStringList m_paragraph;
    QStringList m_table;
    int m_openLists = 0;
    QString m_section;
    bool m_inSection = false;
};

// ---- charts

// QSvgGenerator's document as an inline <svg> element: without the XML prolog, the DOCTYPE and
// the namespace declarations (an HTML parser puts <svg> in the SVG namespace by itself, and
// the file then names no URL at all), sized in pixels, scaling down with the page.
// Element ids (gradients) made unique in the document by `prefix`: every chart's own
// "gradient1" would otherwise paint with the first chart's.
QString prefixIds(QString s, const QString &prefix)
{
    static const QRegularExpression id(QStringLiteral("\\bid=\"([^\"]+)\""));
    static const QRegularExpression ref(QStringLiteral("(url\\(#|href=\"#)"));
    s.replace(id, QStringLiteral("id=\"%1\\1\"").arg(prefix));
    s.replace(ref, QStringLiteral("\\1%1").arg(prefix));
    return s;
}

QString inlineSvg(const QByteArray &svg, QSize size, const QString &label, const QString &prefix)
{
    QString s = QString::fromUtf8(svg);
    const qsizetype start = s.indexOf(QLatin1String("<svg"));
    if (start < 0)
        return QString();
    s.remove(0, start);
    static const QRegularExpression ns(QStringLiteral("\\s+xmlns(:\\w+)?=\"[^\"]*\""));
    static const QRegularExpression width(QStringLiteral("^<svg([^>]*?)\\swidth=\"[^\"]*\""));
    static const QRegularExpression height(QStringLiteral("^<svg([^>]*?)\\sheight=\"[^\"]*\""));
    s.replace(ns, QString());
    s.replace(width, QStringLiteral("<svg\\1 width=\"%1\"").arg(size.width()));
    s.replace(height, QStringLiteral("<svg\\1 height=\"%1\"").arg(size.height()));
    s.replace(0, 4,
              QStringLiteral("<svg role=\"img\" aria-label=\"%1\"").arg(label.toHtmlEscaped()));
    return prefixIds(s, prefix);
}

// `figures` counts the document's charts, so each one's ids get their own prefix.
QString figure(QChart *chart, QSize size, int &figures)
{
    std::unique_ptr<QChart> owned(chart);
    const QString title = chart->title();
    return QStringLiteral("<figure>%1</figure>\n")
        .arg(inlineSvg(charts::chartSvg(chart, size, title), size, title,
                       QStringLiteral("f%1-").arg(++figures)));
}

QString routeCharts(const charts::ChartSource &source, const QString &route, QSize size,
                    int &figures)
{
    int highest = 0;
    for (const report::CellReport &c : source.runs.first().cells)
        if (c.route == route)
            highest = std::max(highest, c.concurrency);
    QString out = QStringLiteral("<div class=\"charts\">\n");
    out += figure(charts::boxPlotChart(source, route, charts::Metric::OkPerS), size, figures);
    out += figure(charts::boxPlotChart(source, route, charts::Metric::PerCpuS), size, figures);
    out += figure(charts::throughputChart(source, route, charts::Metric::OkPerS), size, figures);
    out += figure(charts::latencyChart(source, route), size, figures);
    out += figure(charts::percentileChart(source, route, 0), size, figures);
    if (!source.timelines.isEmpty())
        out += figure(charts::timelineChart(source, route, highest), size, figures);
    return out + QStringLiteral("</div>\n");
}

const char *kStyle = R"(
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
       margin: 0; background: #f6f7f9; color: #1d2330; line-height: 1.45; }
main { max-width: 1180px; margin: 0 auto; padding: 24px 32px 48px; background: #fff; }
h1 { font-size: 1.6em; margin: 0.2em 0 0.6em; }
h2 { font-size: 1.3em; margin-top: 1.8em; border-bottom: 1px solid #d8dce3; padding-bottom: 4px; }
code { font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: 0.92em;
       background: #eef0f4; padding: 0 3px; border-radius: 3px; }
.table { overflow-x: auto; margin: 0.6em 0 1em; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { border: 1px solid #d8dce3; padding: 3px 8px; vertical-align: top; }
th { background: #eef0f4; text-align: left; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.c, th.c { text-align: center; }
tbody tr:nth-child(even) { background: #fafbfc; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; margin: 0.8em 0 1.2em; }
figure { margin: 0; border: 1px solid #e3e6eb; background: #fff; max-width: 100%; }
figure svg { display: block; max-width: 100%; height: auto; }
footer { color: #687080; font-size: 0.85em; margin-top: 2em; }
)";

} // namespace

QString markdownToHtml(const QString &markdown,
                       const std::function<QString(const QString &)> &afterSection)
{
    MarkdownWriter writer(afterSection);
    for (const QString &line : markdown.split(QLatin1Char('\n')))
        writer.line(line);
    return writer.finish();
}

QByteArray htmlReport(const report::RunReport &report,
                      const QVector<charts::WindowTimeline> &timelines,
                      const HtmlReportOptions &options)
{
    charts::ChartSource source;
    source.runs = {report};
    source.timelines = timelines;
    static const QRegularExpression routeHeading(QStringLiteral("^Route `(.+)`$"));
    int figures = 0;
    const auto charts = [&](const QString &heading) -> QString {
        const QRegularExpressionMatch m = routeHeading.match(heading);
        if (!options.charts || !m.hasMatch() || report.cells.isEmpty())
            return QString();
        return routeCharts(source, m.captured(1), options.chartSize, figures);
    };
    const QString title =
        QStringLiteral("%1: run %2")
            .arg(report.planName.isEmpty() ? QStringLiteral("Stackbench") : report.planName,
                 report.run.id);
    QString html = QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
                                  "charset=\"utf-8\">\n<meta name=\"viewport\" "
                                  "content=\"width=device-width, initial-scale=1\">\n"
                                  "<title>%1</title>\n<style>%2</style>\n</head>\n<body>\n<main>\n")
                       .arg(title.toHtmlEscaped(), QString::fromLatin1(kStyle));
    html += markdownToHtml(report::reportMarkdown(report), charts);
    html += QStringLiteral("<footer>Written by Stackbench %1 from the run store; the same "
                           "figures as <code>stackbench report %2</code>.</footer>\n")
                .arg(QCoreApplication::applicationVersion().toHtmlEscaped(),
                     report.run.id.toHtmlEscaped());
    html += QStringLiteral("</main>\n</body>\n</html>\n");
    return html.toUtf8();
}

sb::Result<QByteArray> htmlReportFromStore(const store::RunStore &store, const QString &runId,
                                           const report::ReportOptions &options,
                                           const HtmlReportOptions &html)
{
    sb::Result<charts::RunData> d = charts::loadRunData(store, runId, options, html.charts);
    if (!d.ok())
        return d.error();
    return htmlReport(d->report, d->timelines, html);
}

void exportHtmlReport(QObject *context, const QString &storeLocation, const QString &runId,
                      const QString &path, const report::ReportOptions &options,
                      const std::function<void(const QString &error)> &done)
{
    struct Read
    {
        charts::RunData data;
        QString error;
    };
    runOffThread(
        context,
        [storeLocation, runId, options]() -> Read {
            auto opened = store::RunStore::open(storeLocation, store::RunStore::OpenMode::ReadOnly);
            if (!opened.ok())
                return {{}, sb::qtText(opened.error())};
            sb::Result<charts::RunData> d = charts::loadRunData(**opened, runId, options);
            if (!d.ok())
                return {{}, sb::qtText(d.error())};
            return {std::move(*d), QString()};
        },
        [path, done](const Read &r) {
            if (!r.error.isEmpty()) {
                done(r.error);
                return;
            }
            const QByteArray bytes = htmlReport(r.data.report, r.data.timelines);
            QSaveFile file(path);
            if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() ||
                !file.commit()) {
                done(QCoreApplication::translate("sb", "%1: cannot write: %2")
                         .arg(path, file.errorString()));
                return;
            }
            done(QString());
        });
}

} // namespace sb
