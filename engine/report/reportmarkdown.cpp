#include "report/reportmarkdown.h"

#include "stats/ceiling.h"
#include "stats/summary.h"

#include <QLocale>
#include <QStringList>
#include <cmath>

namespace sb::report {

QString formatNumber(double v, int decimals)
{
    if (!std::isfinite(v))
        return QStringLiteral("n/a");
    QLocale c(QLocale::English, QLocale::UnitedStates);
    return c.toString(v, 'f', decimals);
}

QString formatMs(double us)
{
    return formatNumber(us / 1000.0, 3) + QStringLiteral(" ms");
}

QString formatRatio(double r)
{
    if (!std::isfinite(r) || r <= 0)
        return QStringLiteral("n/a");
    // Two decimals as seed 000 writes them (19.58x); three significant digits below 1 (0.0635x).
    return (r >= 1 ? QString::number(r, 'f', 2) : QString::number(r, 'g', 3)) + QLatin1Char('x');
}

QString formatPercent(double share)
{
    return QString::number(share * 100, 'f', 1) + QStringLiteral(" %");
}

namespace {

QString range(const stats::Spread &s, int decimals)
{
    if (s.n == 0)
        return QStringLiteral("-");
    if (s.n == 1)
        return formatNumber(s.median, decimals);
    return QStringLiteral("%1 [%2-%3]")
        .arg(formatNumber(s.median, decimals), formatNumber(s.min, decimals),
             formatNumber(s.max, decimals));
}

QString code(const QString &s)
{
    return QLatin1Char('`') + s + QLatin1Char('`');
}

const RatioReport *findRatio(const RunReport &r, const CellReport &cell, const char *metric)
{
    for (const RatioReport &x : r.ratios)
        if (x.configuration == cell.configuration && x.route == cell.route &&
            x.concurrency == cell.concurrency && x.metric == QLatin1String(metric))
            return &x;
    return nullptr;
}

QString verdictCell(const stats::Comparison &c)
{
    QString v = QString::fromLatin1(stats::verdictText(c.verdict));
    if (c.verdict == stats::Verdict::Faster || c.verdict == stats::Verdict::Slower)
        v = QStringLiteral("**%1**").arg(v);
    return v;
}

QString ratioCell(const stats::Comparison &c)
{
    if (c.verdict == stats::Verdict::NotEnoughWindows)
        return formatRatio(c.ratio);
    return QStringLiteral("%1 [%2-%3]")
        .arg(formatRatio(c.ratio), QString::number(c.low, 'f', 2), QString::number(c.high, 'f', 2));
}

QString header(const RunReport &r)
{
    QStringList out;
    const store::RunRecord &run = r.run;
    out << QStringLiteral("# %1: run %2\n")
               .arg(r.planName.isEmpty() ? QStringLiteral("Stackbench") : r.planName, run.id);
    out << QStringLiteral("Profile **%1**, status **%2**, started %3 UTC%4. %5 valid windows; %6 "
                          "invalid attempts excluded (re-measured or failed).")
               .arg(run.profile, run.status,
                    run.startedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                    run.finishedAt.isValid()
                        ? QStringLiteral(", ended %1 UTC")
                              .arg(run.finishedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
                        : QString())
               .arg(r.validWindows)
               .arg(r.invalidWindows);
    QString floor =
        r.options.noiseFloor >= 0
            ? QStringLiteral("Noise floor: %1%2.")
                  .arg(formatPercent(r.options.noiseFloor),
                       r.options.noiseFloorSource.isEmpty()
                           ? QString()
                           : QStringLiteral(" (") + r.options.noiseFloorSource + QLatin1Char(')'))
            : QStringLiteral("No noise floor is known for this run (run an A/A "
                             "profile and pass --noise-floor RUN).");
    out << QStringLiteral("Baseline: %1. %2\n").arg(code(r.options.baseline), floor);
    return out.join(QLatin1Char('\n'));
}

QString summaryTable(const RunReport &r)
{
    QStringList out;
    out << QStringLiteral("## Summary\n");
    out << QStringLiteral(
        "| route | c | configuration | 2xx/s | per CPU-s | ratio 2xx/s | verdict | "
        "ratio per CPU-s | verdict |");
    out << QStringLiteral("|---|---:|---|---:|---:|---:|---|---:|---|");
    for (const CellReport &c : r.cells) {
        const RatioReport *raw = findRatio(r, c, "ok_per_s");
        const RatioReport *cpu = findRatio(r, c, "per_cpu_s");
        const bool base = c.configuration == r.options.baseline;
        out << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 |")
                   .arg(code(c.route))
                   .arg(c.concurrency)
                   .arg(c.configuration, formatNumber(c.figures.okPerS.median, 1),
                        formatNumber(c.figures.perCpuS.median, 0),
                        base  ? QStringLiteral("baseline")
                        : raw ? formatRatio(raw->comparison.ratio)
                              : QStringLiteral("-"),
                        raw ? verdictCell(raw->comparison) : QString(),
                        base  ? QString()
                        : cpu ? formatRatio(cpu->comparison.ratio)
                              : QStringLiteral("-"),
                        cpu ? verdictCell(cpu->comparison) : QString());
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString routeSection(const RunReport &r, const QString &route)
{
    QStringList out;
    out << QStringLiteral("## Route %1\n").arg(code(route));
    out << QStringLiteral(
        "| configuration | c | windows | 2xx/s median [min-max] | spread | per "
        "CPU-s median [min-max] | server cores | p50 | p99 | pooled p99 | bound |");
    out << QStringLiteral("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    QStringList notes;
    for (const CellReport &c : r.cells) {
        if (c.route != route)
            continue;
        const stats::CellFigures &f = c.figures;
        QString windows = QString::number(f.validWindows);
        if (f.invalidWindows > 0)
            windows += QStringLiteral(" (+%1 invalid)").arg(f.invalidWindows);
        out << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 |")
                   .arg(c.configuration)
                   .arg(c.concurrency)
                   .arg(windows, range(f.okPerS, 1), formatPercent(f.okPerS.spread),
                        range(f.perCpuS, 0), formatNumber(f.serverCores.median, 2),
                        formatMs(f.p50Us.median), formatMs(f.p99Us.median),
                        formatMs(f.pooledUs.p99),
                        c.bound.isEmpty() ? QStringLiteral("-") : c.bound);
        if (f.errors.transport() > 0 || f.errors.non2xx > 0)
            notes << QStringLiteral("- %1 c=%2: %3 transport errors, %4 non-2xx responses in valid "
                                    "windows")
                         .arg(c.configuration)
                         .arg(c.concurrency)
                         .arg(f.errors.transport())
                         .arg(f.errors.non2xx);
    }
    out << QString();
    QStringList ratios;
    for (const RatioReport &x : r.ratios) {
        if (x.route != route)
            continue;
        const stats::Comparison &c = x.comparison;
        ratios << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                      .arg(x.configuration)
                      .arg(x.concurrency)
                      .arg(x.metric == QLatin1String("ok_per_s") ? QStringLiteral("2xx/s")
                                                                 : QStringLiteral("per CPU-s"),
                           ratioCell(c),
                           c.verdict == stats::Verdict::NotEnoughWindows
                               ? QStringLiteral("-")
                               : QString::number(c.pValue, 'f', 3),
                           verdictCell(c), QString::fromStdString(c.note));
    }
    if (!ratios.isEmpty()) {
        out << QStringLiteral("Against %1 (ratio of medians, bootstrap 95 % interval, exact "
                              "Mann-Whitney U p):\n")
                   .arg(code(r.options.baseline));
        out << QStringLiteral(
            "| configuration | c | metric | ratio [95 % CI] | p | verdict | note |");
        out << QStringLiteral("|---|---:|---|---:|---:|---|---|");
        out << ratios;
        out << QString();
    }
    out << notes;
    return out.join(QLatin1Char('\n'));
}

QString ceilingSection(const RunReport &r)
{
    QStringList out;
    out << QStringLiteral("## Where the ceiling is\n");
    for (const SaturationReport &s : r.saturations)
        out << QStringLiteral("- %1 %2: %3")
                   .arg(s.configuration, code(s.route),
                        QString::fromStdString(s.saturation.sentence));
    out << QString();
    out << QStringLiteral("Where the machine's CPU went (median window of each cell, shares of all "
                          "%1 cores):\n")
               .arg(r.machineCores);
    out << QStringLiteral("| configuration | route | c | server tree | database | load engine | "
                          "Stackbench | foreign | idle | bound | because |");
    out << QStringLiteral("|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|");
    for (const CellReport &c : r.cells) {
        const stats::CpuShares &s = c.shares;
        out << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 |")
                   .arg(c.configuration, code(c.route))
                   .arg(c.concurrency)
                   .arg(formatPercent(s.server), formatPercent(s.database),
                        formatPercent(s.generator), formatPercent(s.own), formatPercent(s.foreign),
                        formatPercent(s.idle), c.bound.isEmpty() ? QStringLiteral("-") : c.bound,
                        c.boundBecause);
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString gatesSection(const RunReport &r)
{
    QStringList out;
    out << QStringLiteral("## Gates and what they caught\n");
    if (r.invalidWindows == 0) {
        out << QStringLiteral("- No attempt was invalid.");
    } else {
        QStringList kinds;
        for (auto it = r.invalidByGate.begin(); it != r.invalidByGate.end(); ++it)
            kinds << QStringLiteral("%1 %2").arg(it.key()).arg(it.value());
        out << QStringLiteral("- %1 invalid attempt%2, by gate: %3.")
                   .arg(r.invalidWindows)
                   .arg(r.invalidWindows == 1 ? QString() : QStringLiteral("s"))
                   .arg(kinds.join(QStringLiteral(", ")));
        for (const CellReport &c : r.cells)
            for (const std::string &reason : c.figures.invalidReasons)
                out << QStringLiteral("  - %1 %2 c=%3: %4")
                           .arg(c.configuration, code(c.route))
                           .arg(c.concurrency)
                           .arg(QString::fromStdString(reason));
    }
    out << QStringLiteral("- Database checkpoints inside measured windows: %1.")
               .arg(r.checkpointsInWindows);
    auto count = [&r](const char *kind) { return r.events.value(QLatin1String(kind)); };
    out << QStringLiteral("- Sleep or clock gaps: %1; server trees that died: %2; hooks that "
                          "failed: %3; cells that ran out of retries: %4.")
               .arg(count("sampler-sleep"))
               .arg(count("server-died"))
               .arg(count("hook-failed"))
               .arg(count("cell-failed"));
    for (const QString &b : r.blocked)
        out << QStringLiteral("- Not measured: %1").arg(b);
    for (const QString &w : r.warnings)
        out << QStringLiteral("- Warning: %1").arg(w);
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString floorSection(const RunReport &r)
{
    QStringList out;
    out << QStringLiteral("## Noise floor (A/A run)\n");
    if (r.measuredFloor < 0) {
        out << QStringLiteral("No cell has 2 valid windows per arm: no floor can be given.\n");
        return out.join(QLatin1Char('\n'));
    }
    out << QStringLiteral("The two arms run the same configuration; the largest |ratio - 1| "
                          "between their medians is what the harness itself produces. Pass "
                          "`--noise-floor %1` to `report` or `compare` to use it.\n")
               .arg(r.run.id);
    out << QStringLiteral("| route | noise floor | median spread of its cells |");
    out << QStringLiteral("|---|---:|---:|");
    for (auto it = r.measuredFloorByRoute.begin(); it != r.measuredFloorByRoute.end(); ++it) {
        std::vector<double> spreads;
        for (const CellReport &c : r.cells)
            if (c.route == it.key() && c.figures.validWindows >= 2)
                spreads.push_back(c.figures.okPerS.spread);
        out << QStringLiteral("| %1 | %2 | %3 |")
                   .arg(code(it.key()), formatPercent(it.value()),
                        formatPercent(stats::median(spreads)));
    }
    out << QStringLiteral("| **all routes** | **%1** | |\n").arg(formatPercent(r.measuredFloor));
    return out.join(QLatin1Char('\n'));
}

QString environmentSection(const RunReport &r)
{
    QStringList out;
    out << QStringLiteral("## Environment\n");
    out << QStringLiteral("| | |");
    out << QStringLiteral("|---|---|");
    const QJsonObject &env = r.run.environment;
    for (auto it = env.begin(); it != env.end(); ++it) {
        const QJsonValue v = it.value();
        QString text = v.isString()   ? v.toString()
                       : v.isDouble() ? QString::number(v.toDouble(), 'g', 15)
                       : v.isBool()   ? QString::fromLatin1(v.toBool() ? "true" : "false")
                                      : QStringLiteral("(structured)");
        text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
        out << QStringLiteral("| %1 | %2 |").arg(it.key(), text);
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace

QString definitionsMarkdown()
{
    return QStringLiteral(
               "## Definitions\n\n"
               "- **2xx/s** (successful throughput): 2xx responses / elapsed seconds of the "
               "window, the final drain of in-flight requests included.\n"
               "- **cores**: CPU seconds of the server process tree during the window / wall "
               "seconds; 1.0 is one core.\n"
               "- **per CPU-s**: 2xx/s / cores, computed per window.\n"
               "- **latency**: first byte of the request written to the last byte of the response "
               "read. Two ways, labelled: the median of the windows' own percentiles (p50, p99), "
               "and the percentile of the pooled histogram of every valid window (pooled p99).\n"
               "- **cell**: (configuration, route, concurrency); its figure is the median over its "
               "valid windows with min and max; **spread** = (max - min) / median.\n"
               "- **ratio**: median of the configuration / median of the baseline, with a seeded "
               "bootstrap 95 % interval (10,000 resamples of the windows of each side).\n"
               "- **verdict**, the first rule that applies: fewer than 2 valid windows on a side: "
               "*not enough windows*; the min-max ranges overlap: *no winner*; |ratio - 1| below "
               "the noise floor: *inside the noise floor*; otherwise *faster* or *slower*, with "
               "the exact two-sided Mann-Whitney U p-value. With few windows p < 0.05 cannot be "
               "reached at all (3 vs 3 cannot go below 0.1): the note says how many windows a side "
               "would make it reachable.\n"
               "- **noise floor**: the largest |ratio - 1| between two arms of one configuration "
               "in an A/A run.\n"
               "- **where the machine's CPU went**: shares of all cores used by the server tree, "
               "the database (excluded processes), the load engine, Stackbench itself, everything "
               "else (foreign) and idle.\n"
               "- **bound**, the first that applies: *client*: the load engine's threads were at "
               "least %1 % busy; *machine*: less than %2 % of all cores idle; *server*: the tree "
               "used at least %3 % of the CPUs of its configuration's CPU set (`cpus`, when "
               "smaller than the machine); *database*: the "
               "database used more CPU than the server tree while the tree was below %3 % of its "
               "CPU set, or without one of its plateau (its highest median cores across the "
               "concurrency levels); *server*: "
               "throughput within %4 % of a neighbouring concurrency level while the tree held "
               "at least %3 % of its plateau; *none*: nothing saturated, raise concurrency.\n"
               "- **saturation point**: the lowest concurrency from which every higher level's "
               "2xx/s stays within %4 %, and how much p50 grew from there to the highest level.\n")
        .arg(stats::kClientBusyShare * 100)
        .arg(stats::kMachineIdleShare * 100)
        .arg(stats::kPlateauShare * 100)
        .arg(stats::kFlatShare * 100);
}

QString reportMarkdown(const RunReport &r)
{
    QStringList parts;
    parts << header(r) << summaryTable(r);
    for (const QString &route : r.routes)
        parts << routeSection(r, route);
    if (r.aa)
        parts << floorSection(r);
    parts << ceilingSection(r) << gatesSection(r) << environmentSection(r) << definitionsMarkdown();
    return parts.join(QLatin1Char('\n'));
}

} // namespace sb::report
