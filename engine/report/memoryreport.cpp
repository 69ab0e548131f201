#include "report/memoryreport.h"

#include "report/reportcharts.h"
#include "report/reportmarkdown.h"
#include "store/planoutline.h"

#include <QMap>
#include <algorithm>
#include <cmath>

namespace sb::report {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

// A route's levels joined as the sentences name them: "c=4", "c=4 and c=32", "c=4, c=8 and c=32".
QString levelList(const QList<int> &levels)
{
    QStringList parts;
    for (int c : levels)
        parts << QStringLiteral("c=%1").arg(c);
    if (parts.size() <= 1)
        return parts.join(QString());
    const QString last = parts.takeLast();
    return parts.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
}

// How a level's configurations compare with the baseline: the worst of their matches (the
// enumerators go from best to worst).
AgeMatch worse(AgeMatch a, AgeMatch b)
{
    return std::max(a, b);
}

// "native served 120,000 requests over 40 s", "python was fresh", "django's age is unknown".
QString ageClause(const QString &configuration, const TreeAge &age)
{
    if (!age.known())
        return configuration + QStringLiteral("'s age is unknown");
    if (age.fresh)
        return configuration + QStringLiteral(" was fresh");
    return configuration + QStringLiteral(" served ") + treeAgeText(age);
}

QString ratioCell(const RunReport &r, const CellReport &c, const QString &mode)
{
    if (c.configuration == r.options.baseline) // "baseline" only beside a measured figure
        return memoryMeasured(c) ? QStringLiteral("baseline") : notMeasured();
    const CellReport *base = r.cell(r.options.baseline, c.route, c.concurrency);
    if (!base || !memoryMeasured(c) || !memoryMeasured(*base))
        return notMeasured();
    const MemoryComparison m = compareMemory(c, mode, *base, mode);
    if (!m.compared())
        return QStringLiteral("not compared: ") + ageMatchText(m.match);
    QString text = formatRatio(m.rssRatio) + QStringLiteral(" RSS");
    if (m.pssRatio > 0)
        text += QStringLiteral(", ") + formatRatio(m.pssRatio) + QStringLiteral(" PSS");
    return text;
}

// "12.1-14.3 MiB" over the cells' medians; "12.1 MiB" when they agree.
QString mibRange(double lo, double hi)
{
    if (hi <= 0)
        return notMeasured();
    const QString a = formatMiB(lo);
    const QString b = formatMiB(hi);
    return a == b ? a : formatNumber(lo / kMiB, 1) + QLatin1Char('-') + b;
}

} // namespace

QString processModeOf(const store::RunRecord &run)
{
    return store::planOutline(run.planText).processModes.value(run.profile);
}

QString formatMiB(double bytes)
{
    if (!(bytes > 0))
        return notMeasured();
    return formatNumber(bytes / kMiB, 1) + QStringLiteral(" MiB");
}

QString memoryRangeText(const stats::Spread &s)
{
    if (s.n == 0 || s.max <= 0)
        return notMeasured();
    if (s.n == 1)
        return formatMiB(s.median);
    return QStringLiteral("%1 [%2-%3]")
        .arg(formatMiB(s.median), formatNumber(s.min / kMiB, 1), formatNumber(s.max / kMiB, 1));
}

bool memoryMeasured(const CellReport &cell)
{
    return cell.figures.rssPeakBytes.n > 0 && cell.figures.rssPeakBytes.median > 0;
}

MemoryComparison compareMemory(const CellReport &cell, const QString &mode,
                               const CellReport &baseline, const QString &baselineMode)
{
    MemoryComparison m;
    m.match = matchAges(cell.treeAge, mode, baseline.treeAge, baselineMode);
    const bool ages = m.match == AgeMatch::Fresh || m.match == AgeMatch::Equal;
    if (!ages || !memoryMeasured(cell) || !memoryMeasured(baseline))
        return m;
    m.rssRatio = cell.figures.rssPeakBytes.median / baseline.figures.rssPeakBytes.median;
    const double pss = cell.figures.pssPeakBytes.median;
    const double basePss = baseline.figures.pssPeakBytes.median;
    m.pssRatio = pss > 0 && basePss > 0 ? pss / basePss : 0;
    return m;
}

QString routeMemorySentence(const RunReport &r, const QString &route)
{
    const QString mode = processModeOf(r.run);
    QStringList configurations; // those with memory on this route
    for (const QString &configuration : r.configurations)
        for (int c : r.concurrency)
            if (const CellReport *cell = r.cell(configuration, route, c);
                cell && memoryMeasured(*cell) && !configurations.contains(configuration)) {
                configurations << configuration;
            }
    if (configurations.isEmpty())
        return QStringLiteral("no memory was sampled");
    if (configurations.size() == 1)
        return QStringLiteral("one configuration: nothing to compare");
    if (!configurations.contains(r.options.baseline))
        return QStringLiteral("the baseline sampled no memory: nothing compared");
    QMap<int, AgeMatch> levels; // concurrency -> how its cells compare with the baseline's
    for (int c : r.concurrency) {
        const CellReport *base = r.cell(r.options.baseline, route, c);
        if (!base || !memoryMeasured(*base))
            continue;
        for (const QString &configuration : configurations) {
            const CellReport *cell = r.cell(configuration, route, c);
            if (configuration == r.options.baseline || !cell || !memoryMeasured(*cell))
                continue;
            const AgeMatch m = matchAges(cell->treeAge, mode, base->treeAge, mode);
            levels[c] = levels.contains(c) ? worse(levels[c], m) : m;
        }
    }
    if (levels.isEmpty())
        return QStringLiteral("no cell shares a concurrency with the baseline: nothing compared");
    QMap<AgeMatch, QList<int>> byMatch;
    for (auto it = levels.begin(); it != levels.end(); ++it)
        byMatch[it.value()] << it.key();
    auto at = [&](AgeMatch m) {
        return byMatch.value(m).size() == levels.size()
                   ? QString()
                   : QStringLiteral(" at ") + levelList(byMatch.value(m));
    };
    QStringList parts;
    if (byMatch.contains(AgeMatch::Fresh))
        parts << QStringLiteral("compared on fresh processes") + at(AgeMatch::Fresh);
    if (byMatch.contains(AgeMatch::Equal))
        parts << QStringLiteral("compared at equal age, requests within %1 %")
                         .arg(kEqualAgeShare * 100) +
                     at(AgeMatch::Equal);
    if (byMatch.contains(AgeMatch::Differ)) {
        const int first = byMatch.value(AgeMatch::Differ).first();
        QStringList ages;
        for (const QString &configuration : configurations)
            if (const CellReport *cell = r.cell(configuration, route, first);
                cell && memoryMeasured(*cell))
                ages << ageClause(configuration, cell->treeAge);
        QString differ =
            QStringLiteral("ages differ") + at(AgeMatch::Differ) + QStringLiteral(": ");
        if (byMatch.value(AgeMatch::Differ).size() > 1)
            differ += QStringLiteral("at c=%1 ").arg(first);
        parts << differ + ages.join(QStringLiteral(", ")) + QStringLiteral(": not compared");
    }
    if (byMatch.contains(AgeMatch::Unknown))
        parts << QStringLiteral("ages unknown (windows stored before Stackbench recorded them)") +
                     at(AgeMatch::Unknown) + QStringLiteral(": not compared");
    return parts.join(QStringLiteral("; ")) +
           (mode.isEmpty() ? QString() : QStringLiteral(" (process: %1)").arg(mode));
}

Document memorySection(const RunReport &r)
{
    Document d;
    d.heading(2, QStringLiteral("Memory"));
    d.paragraph(
        Inline(QStringLiteral(
            "Peak RSS and PSS of the server tree: the median [min-max] of the valid "
            "windows' peaks (RSS counts a page shared by the tree's processes once per "
            "process, PSS shares it out). The tree's age at the window is the median of "
            "the requests it had served before the window's warm-up and the seconds from "
            "its start to the measured window, or "))
        << emphasis(QStringLiteral("fresh"))
        << QStringLiteral(" when the window's own warm-up was its first load. RSS measures a "
                          "process's history, so memory is compared with the baseline only on "
                          "fresh trees or at equal age (the same process mode and requests within "
                          "%1 %).")
               .arg(kEqualAgeShare * 100));
    const QString mode = processModeOf(r.run);
    for (const QString &route : r.routes) {
        // The report's headings stop at level 2: each route is a paragraph led by its name.
        QString sentence = routeMemorySentence(r, route);
        if (!sentence.isEmpty())
            sentence[0] = sentence[0].toUpper();
        d.paragraph(Inline(strong(QStringLiteral("Route")))
                    << QStringLiteral(" ") << code(route) << QStringLiteral(": ") << sentence
                    << QStringLiteral("."));
        bool sampled = false;
        for (const CellReport &cell : r.cells)
            sampled = sampled || (cell.route == route && memoryMeasured(cell));
        if (!sampled) // the sentence says so; a table of dashes says nothing more
            continue;
        Table t;
        const QStringList header{QStringLiteral("configuration"),
                                 QStringLiteral("c"),
                                 QStringLiteral("windows"),
                                 QStringLiteral("peak RSS median [min-max]"),
                                 QStringLiteral("peak PSS median [min-max]"),
                                 QStringLiteral("tree age"),
                                 QStringLiteral("against the baseline")};
        for (const QString &h : header)
            t.header << Inline(h);
        t.align = {Align::Left,  Align::Right, Align::Right, Align::Right,
                   Align::Right, Align::Left,  Align::Left};
        for (const QString &configuration : r.configurations)
            for (int c : r.concurrency)
                if (const CellReport *cell = r.cell(configuration, route, c))
                    t.rows.append({configuration, QString::number(c),
                                   QString::number(cell->figures.validWindows),
                                   memoryRangeText(cell->figures.rssPeakBytes),
                                   memoryRangeText(cell->figures.pssPeakBytes),
                                   treeAgeText(cell->treeAge), ratioCell(r, *cell, mode)});
        d.table(t);
        d.charts(memoryChartsKey(route));
    }
    return d;
}

QString memoryChartsKey(const QString &route)
{
    // Control characters do not occur in the names of a plan's routes.
    return QStringLiteral("\x1fmemory\x1f") + route;
}

bool isMemoryChartsKey(const QString &key, QString *route)
{
    const QString prefix = memoryChartsKey(QString());
    if (!key.startsWith(prefix))
        return false;
    *route = key.mid(prefix.size());
    return true;
}

svg::Chart memoryChart(const RunReport &r, const QString &route)
{
    svg::Chart chart;
    chart.title = QStringLiteral("Peak RSS against concurrency: %1").arg(route);
    chart.empty = QStringLiteral("no memory sampled");
    // The concurrency axis of the route's other charts.
    chart.x = throughputChart(r, route, false).x;
    double hi = 0;
    for (qsizetype i = 0; i < r.configurations.size(); ++i) {
        svg::Line line{r.configurations[i], int(i), svg::Dash::Solid, true, true, {}};
        for (int c : r.concurrency)
            if (const CellReport *cell = r.cell(r.configurations[i], route, c);
                cell && memoryMeasured(*cell)) {
                const double mib = cell->figures.rssPeakBytes.median / kMiB;
                line.points.append({double(c), mib});
                hi = std::max(hi, mib);
            }
        if (!line.points.isEmpty())
            chart.lines.append(line);
    }
    chart.y.title = QStringLiteral("peak RSS, MiB (median of windows)");
    chart.y.lo = 0;
    chart.y.hi = hi > 0 ? hi * 1.1 : 1;
    return chart;
}

Table memorySummaryTable(const RunReport &r)
{
    Table t;
    t.header = {Inline(QStringLiteral("configuration")), Inline(QStringLiteral("peak RSS")),
                Inline(QStringLiteral("peak PSS")), Inline(QStringLiteral("tree age"))};
    t.align = {Align::Left, Align::Right, Align::Right, Align::Left};
    for (const QString &configuration : r.configurations) {
        double rssLo = INFINITY, rssHi = 0, pssLo = INFINITY, pssHi = 0;
        const CellReport *youngest = nullptr;
        const CellReport *oldest = nullptr;
        for (const CellReport &c : r.cells) {
            if (c.configuration != configuration || !memoryMeasured(c))
                continue;
            rssLo = std::min(rssLo, c.figures.rssPeakBytes.median);
            rssHi = std::max(rssHi, c.figures.rssPeakBytes.median);
            if (c.figures.pssPeakBytes.median > 0) {
                pssLo = std::min(pssLo, c.figures.pssPeakBytes.median);
                pssHi = std::max(pssHi, c.figures.pssPeakBytes.median);
            }
            if (!c.treeAge.known())
                continue;
            if (!youngest || c.treeAge.requests < youngest->treeAge.requests)
                youngest = &c;
            if (!oldest || c.treeAge.requests > oldest->treeAge.requests)
                oldest = &c;
        }
        if (rssHi <= 0)
            continue;
        QString age = QStringLiteral("unknown");
        if (youngest) {
            const QString a = treeAgeText(youngest->treeAge);
            const QString b = treeAgeText(oldest->treeAge);
            age = a == b ? a : a + QStringLiteral(" to ") + b;
        }
        t.rows.append({configuration, mibRange(rssLo, rssHi), mibRange(pssLo, pssHi), age});
    }
    return t;
}

} // namespace sb::report
