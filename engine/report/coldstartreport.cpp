#include "report/coldstartreport.h"

#include "report/memoryreport.h"
#include "report/reportmarkdown.h"

#include <vector>

namespace sb::report {

namespace {

Inline headerCell(const char *text)
{
    return Inline(QString::fromUtf8(text));
}

QString startTime(const QDateTime &at)
{
    return at.isValid() ? at.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"))
                        : notMeasured();
}

QString oneMs(double ms)
{
    return ms < 0 ? notMeasured() : formatNumber(ms, 1) + QStringLiteral(" ms");
}

} // namespace

QVector<ColdStartSummary> coldStartSummaries(const RunReport &r)
{
    QStringList order = r.configurations;
    for (const store::ServerStartRecord &s : r.starts)
        if (!order.contains(s.configuration))
            order << s.configuration;
    QVector<ColdStartSummary> list;
    for (const QString &configuration : std::as_const(order)) {
        std::vector<double> accept, ready, rss, pss;
        for (const store::ServerStartRecord &s : r.starts) {
            if (s.configuration != configuration)
                continue;
            if (s.acceptMs >= 0)
                accept.push_back(s.acceptMs);
            if (s.readyMs >= 0)
                ready.push_back(s.readyMs);
            rss.push_back(double(s.rssBytes));
            pss.push_back(double(s.pssBytes));
        }
        if (rss.empty())
            continue;
        list.append(ColdStartSummary{configuration, int(rss.size()), stats::summarize(accept),
                                     stats::summarize(ready), stats::summarize(rss),
                                     stats::summarize(pss)});
    }
    return list;
}

QString coldStartMsText(const stats::Spread &ms)
{
    if (ms.n == 0)
        return notMeasured();
    if (ms.n == 1)
        return oneMs(ms.median);
    return QStringLiteral("%1 [%2-%3]")
        .arg(oneMs(ms.median), formatNumber(ms.min, 1), formatNumber(ms.max, 1));
}

Table coldStartSummaryTable(const RunReport &r)
{
    Table t;
    for (const char *h : {"configuration", "starts", "exec \u2192 accepting", "exec \u2192 ready",
                          "RSS at ready", "PSS at ready"})
        t.header << headerCell(h);
    t.align = {Align::Left, Align::Right, Align::Right, Align::Right, Align::Right, Align::Right};
    for (const ColdStartSummary &s : coldStartSummaries(r))
        t.rows.append({s.configuration, QString::number(s.starts), coldStartMsText(s.acceptMs),
                       coldStartMsText(s.readyMs), memoryRangeText(s.rssBytes),
                       memoryRangeText(s.pssBytes)});
    return t;
}

Document coldStartSection(const RunReport &r, bool everyStart)
{
    Document d;
    d.heading(2, QStringLiteral("Cold start"));
    d.paragraph(QStringLiteral(
        "Every start of a configuration's server tree that became ready: from the server's exec "
        "to its port accepting a TCP connection (tried every 2 ms) and to the readiness probe's "
        "expected answer (probed every 10 ms), and the whole tree's RSS and PSS at that moment; "
        "median [min-max] over the starts."));
    const QVector<ColdStartSummary> summaries = coldStartSummaries(r);
    if (summaries.isEmpty()) {
        d.paragraph(QStringLiteral("No start was recorded: no tree became ready, or the run "
                                   "was stored before Stackbench recorded its starts."));
        return d;
    }
    d.table(coldStartSummaryTable(r));
    if (!everyStart && r.starts.size() > kColdStartRowsInline) {
        d.paragraph(QStringLiteral("%1 starts: the HTML report and the run's export list every "
                                   "one.")
                        .arg(r.starts.size()));
        return d;
    }
    Table every;
    for (const char *h :
         {"configuration", "round", "started (UTC)", "spawn \u2192 exec", "exec \u2192 accepting",
          "exec \u2192 ready", "RSS at ready", "PSS at ready"})
        every.header << headerCell(h);
    every.align = {Align::Left,  Align::Right, Align::Left,  Align::Right,
                   Align::Right, Align::Right, Align::Right, Align::Right};
    for (const store::ServerStartRecord &s : r.starts)
        every.rows.append({s.configuration, QString::number(s.round + 1), startTime(s.startedAt),
                           oneMs(s.execMs), oneMs(s.acceptMs), oneMs(s.readyMs),
                           formatMiB(double(s.rssBytes)), formatMiB(double(s.pssBytes))});
    d.paragraph(QStringLiteral("Every start, in order (rounds count from 1):"));
    d.table(every);
    return d;
}

} // namespace sb::report
