#include "report/reportmarkdown.h"

#include "report/coldstartreport.h"
#include "report/memoryreport.h"
#include "report/profilereport.h"
#include "report/runvalidity.h"
#include "stats/ceiling.h"
#include "stats/summary.h"
#include "stats/verdict.h"

#include <QJsonArray>
#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace sb::report {

QString notMeasured()
{
    return QStringLiteral("\u2013");
}

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
    if (r == 0) // compareCells' "not computable": a side without a valid window
        return notMeasured();
    if (!std::isfinite(r) || r < 0)
        return QStringLiteral("n/a");
    return QString::fromStdString(stats::ratioString(r));
}

QString ratioText(const stats::Comparison &c)
{
    if (c.high <= 0 || c.ratio <= 0) // the windows cannot support an interval
        return formatRatio(c.ratio);
    return QStringLiteral("%1 [%2-%3]")
        .arg(formatRatio(c.ratio), formatRatio(c.low), formatRatio(c.high));
}

QString formatPercent(double share)
{
    return QString::number(share * 100, 'f', 1) + QStringLiteral(" %");
}

QString spreadText(const stats::Spread &s, int decimals)
{
    if (s.n == 0)
        return notMeasured();
    if (s.n == 1)
        return formatNumber(s.median, decimals);
    return QStringLiteral("%1 [%2-%3]")
        .arg(formatNumber(s.median, decimals), formatNumber(s.min, decimals),
             formatNumber(s.max, decimals));
}

QString medianText(const stats::Spread &s, int decimals)
{
    return s.n == 0 ? notMeasured() : formatNumber(s.median, decimals);
}

QString medianMsText(const stats::Spread &s)
{
    return s.n == 0 ? notMeasured() : formatMs(s.median);
}

QString spreadPercent(const stats::Spread &s)
{
    return s.n < 2 ? notMeasured() : formatPercent(s.spread);
}

namespace {

QString number(qint64 n)
{
    return QString::number(n);
}

// A table with its header and the alignment of each column ('l', 'r').
Table tableOf(const QStringList &header, const char *align)
{
    Table t;
    for (qsizetype c = 0; c < header.size(); ++c) {
        t.header << Inline(header[c]);
        t.align << (align[c] == 'r' ? Align::Right : Align::Left);
    }
    return t;
}

const RatioReport *findRatio(const RunReport &r, const CellReport &cell, const char *metric)
{
    for (const RatioReport &x : r.ratios)
        if (x.configuration == cell.configuration && x.route == cell.route &&
            x.concurrency == cell.concurrency && x.metric == QLatin1String(metric))
            return &x;
    return nullptr;
}

Inline verdictCell(const stats::Comparison &c)
{
    const QString v = QString::fromLatin1(stats::verdictText(c.verdict));
    if (c.verdict == stats::Verdict::Faster || c.verdict == stats::Verdict::Slower)
        return strong(v);
    return Inline(v);
}

QString utc(const QDateTime &t)
{
    return t.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

Document header(const RunReport &r)
{
    Document d;
    const store::RunRecord &run = r.run;
    d.heading(1, Inline(r.planName.isEmpty() ? QStringLiteral("Stackbench") : r.planName)
                     << QStringLiteral(": run ") << run.id);
    Inline status = Inline(QStringLiteral("Profile "))
                    << strong(run.profile) << QStringLiteral(", status ")
                    << (run.status == store::kStatusFailed ? alert(run.status) : strong(run.status))
                    << QStringLiteral(", started ") << utc(run.startedAt) << QStringLiteral(" UTC");
    if (run.finishedAt.isValid())
        status << QStringLiteral(", ended %1 UTC").arg(utc(run.finishedAt));
    status << QStringLiteral(". %1 valid windows; %2 invalid attempts excluded (re-measured or "
                             "failed).")
                  .arg(r.validWindows)
                  .arg(r.invalidWindows);
    d.paragraph(status);
    for (const QString &problem : runProblems(r))
        d.paragraph(alert(problem));
    Inline baseline = Inline(QStringLiteral("Baseline: "))
                      << code(r.options.baseline) << QStringLiteral(". ");
    if (r.options.noiseFloor >= 0) {
        baseline << QStringLiteral("Noise floor: ") + formatPercent(r.options.noiseFloor);
        if (!r.options.noiseFloorSource.isEmpty())
            baseline << QStringLiteral(" (") << r.options.noiseFloorSource << QStringLiteral(")");
        baseline << QStringLiteral(".");
    } else if (r.aa && r.measuredFloor >= 0) {
        // An A/A run is where a floor comes from: telling it to run one reads as a bug.
        baseline << QStringLiteral("An A/A run: it measures the noise floor itself, %1 (the "
                                   "section \"Noise floor (A/A run)\").")
                        .arg(formatPercent(r.measuredFloor));
    } else {
        baseline << QStringLiteral("No noise floor is known for this run (run an A/A profile and "
                                   "pass --noise-floor RUN).");
    }
    d.paragraph(baseline);
    return d;
}

Document summarySection(const RunReport &r)
{
    Document d;
    d.heading(2, QStringLiteral("Summary"));
    d.table(summaryTable(r));
    return d;
}

// Where a cell's load came from: its hosts' names, "this machine" for its own load engine, or
// not measured when no valid window says.
Inline loadFromCell(const CellReport &c)
{
    if (!c.loadHosts.isEmpty())
        return Inline(loadHostNames(c.loadHosts));
    return Inline(c.figures.validWindows > 0 ? QStringLiteral("this machine") : notMeasured());
}

// Each cell's load hosts with their generators' CPU over its valid windows: the figures that
// say whether a host, not the server, was the ceiling. Nothing for a run whose load ran here.
Document loadHostsSection(const RunReport &r)
{
    Document d;
    if (!r.loadFromHosts())
        return d;
    d.heading(2, QStringLiteral("Load generator CPU per host"));
    d.paragraph(QStringLiteral("The load came from other hosts over ssh, each with its share of "
                               "the connections (or of the rate). Each host's generator CPU is "
                               "its own load engine's, the median [min-max] over the cell's "
                               "valid windows, and its share of the host's cores as its agent "
                               "reported them; a generator at 95 % of its threads makes the "
                               "window invalid (client-bound)."));
    Table t = tableOf({QStringLiteral("configuration"), QStringLiteral("route"),
                       QStringLiteral("c"), QStringLiteral("host"), QStringLiteral("ssh"),
                       QStringLiteral("generator cores median [min-max]"),
                       QStringLiteral("share of the host's cores"), QStringLiteral("load threads")},
                      "llrllrrr");
    for (const CellReport &c : r.cells) {
        for (const CellLoadHost &h : c.loadHosts) {
            const double share = h.shareOfCores();
            t.rows.append(
                {c.configuration, code(c.route), number(c.concurrency), h.host,
                 h.destination.isEmpty() ? Inline(notMeasured()) : code(h.destination),
                 spreadText(h.generatorCores, 2),
                 share < 0 ? notMeasured()
                           : QStringLiteral("%1 of %2").arg(formatPercent(share), number(h.cores)),
                 h.threads > 0 ? number(h.threads) : notMeasured()});
        }
    }
    d.table(t);
    return d;
}

Document routeSection(const RunReport &r, const QString &route)
{
    Document d;
    d.heading(2, Inline(QStringLiteral("Route ")) << code(route));
    QStringList header{
        QStringLiteral("configuration"), QStringLiteral("c"),
        QStringLiteral("windows"),       QStringLiteral("2xx/s median [min-max]"),
        QStringLiteral("spread"),        QStringLiteral("per CPU-s median [min-max]"),
        QStringLiteral("server cores"),  QStringLiteral("p50"),
        QStringLiteral("p99"),           QStringLiteral("pooled p99"),
        QStringLiteral("bound")};
    QByteArray align("lrrrrrrrrrl");
    if (r.loadFromHosts()) { // where each cell's load came from; a local run's table is unchanged
        header << QStringLiteral("load from");
        align += 'l';
    }
    Table cells = tableOf(header, align.constData());
    QVector<Inline> notes;
    for (const CellReport &c : r.cells) {
        if (c.route != route)
            continue;
        const stats::CellFigures &f = c.figures;
        QString windows = QString::number(f.validWindows);
        if (f.invalidWindows > 0)
            windows += QStringLiteral(" (+%1 invalid)").arg(f.invalidWindows);
        cells.rows.append({c.configuration, number(c.concurrency), windows, spreadText(f.okPerS, 1),
                           spreadPercent(f.okPerS), spreadText(f.perCpuS, 0),
                           medianText(f.serverCores, 2), medianMsText(f.p50Us),
                           medianMsText(f.p99Us),
                           f.pooledCount > 0 ? formatMs(f.pooledUs.p99) : notMeasured(),
                           c.bound.isEmpty() ? notMeasured() : c.bound});
        if (r.loadFromHosts())
            cells.rows.last().append(loadFromCell(c));
        if (f.errors.transport() > 0 || f.errors.non2xx > 0)
            notes << (Inline(c.configuration)
                      << QStringLiteral(" c=%1: %2 transport errors, %3 non-2xx responses in "
                                        "valid windows")
                             .arg(number(c.concurrency), number(f.errors.transport()),
                                  number(f.errors.non2xx)));
    }
    d.table(cells);
    Table ratios = tableOf({QStringLiteral("configuration"), QStringLiteral("c"),
                            QStringLiteral("metric"), QStringLiteral("ratio [95 % CI]"),
                            QStringLiteral("p"), QStringLiteral("verdict"), QStringLiteral("note")},
                           "lrlrrll");
    for (const RatioReport &x : r.ratios) {
        if (x.route != route)
            continue;
        const stats::Comparison &c = x.comparison;
        ratios.rows.append({x.configuration, number(x.concurrency),
                            x.metric == QLatin1String("ok_per_s") ? QStringLiteral("2xx/s")
                                                                  : QStringLiteral("per CPU-s"),
                            ratioText(c),
                            c.verdict == stats::Verdict::NotEnoughWindows
                                ? notMeasured()
                                : QString::number(c.pValue, 'f', 3),
                            verdictCell(c), QString::fromStdString(c.note)});
    }
    if (!ratios.rows.isEmpty()) {
        d.paragraph(Inline(QStringLiteral("Against "))
                    << code(r.options.baseline)
                    << QStringLiteral(" (ratio of medians with its 95 % interval where the "
                                      "windows support one, t test p on the log scale; see "
                                      "Definitions):"));
        d.table(ratios);
    }
    for (const Inline &n : notes)
        d.item(n);
    d.charts(route);
    return d;
}

// A cell's bound, with how many of its valid windows had it when they did not all agree:
// "server (2 of 3 windows)".
QString boundCell(const CellReport &c)
{
    if (c.bound.isEmpty())
        return notMeasured();
    int all = 0;
    for (int n : c.windowBounds)
        all += n;
    const int agreeing = c.windowBounds.value(c.bound);
    return agreeing == all
               ? c.bound
               : QStringLiteral("%1 (%2 of %3 windows)").arg(c.bound).arg(agreeing).arg(all);
}

Document ceilingSection(const RunReport &r)
{
    Document d;
    d.heading(2, QStringLiteral("Where the ceiling is"));
    // A run at one level has no saturation point anywhere: one sentence, not one per cell.
    if (r.concurrency.size() == 1 && !r.saturations.isEmpty() && r.openLoop)
        d.item(Inline(QStringLiteral("Every cell ran as an open loop at one fixed rate (c=%1 "
                                     "connections carried it): a saturation point needs closed-"
                                     "loop levels or several rates (a profile's ")
                          .arg(r.concurrency.first()))
               << code(QStringLiteral("rate"))
               << QStringLiteral("); the bound below says what held each cell back at that "
                                 "rate, and the latency shows the queueing."));
    else if (r.concurrency.size() == 1 && !r.saturations.isEmpty())
        d.item(Inline(QStringLiteral("Every cell ran at one concurrency level (c=%1): a "
                                     "saturation point needs two or more (a profile with several ")
                          .arg(r.concurrency.first()))
               << code(QStringLiteral("concurrency"))
               << QStringLiteral(" levels); the bound below says what held each cell back at "
                                 "c=%1.")
                      .arg(r.concurrency.first()));
    else
        for (const SaturationReport &s : r.saturations)
            d.item(saturationLine(s));
    d.paragraph(QStringLiteral("Where the machine's CPU went (in each cell the window nearest its "
                               "median among those with its bound; shares of all %1 cores):")
                    .arg(r.machineCores));
    Table t = tableOf({QStringLiteral("configuration"), QStringLiteral("route"),
                       QStringLiteral("c"), QStringLiteral("server tree"),
                       QStringLiteral("database"), QStringLiteral("load engine"),
                       QStringLiteral("Stackbench"), QStringLiteral("foreign"),
                       QStringLiteral("idle"), QStringLiteral("bound"), QStringLiteral("because")},
                      "llrrrrrrrll");
    for (const CellReport &c : r.cells) {
        const stats::CpuShares &s = c.shares;
        // A cell without a valid window has no median window: its shares were never measured.
        const bool measured = c.figures.validWindows > 0;
        auto share = [measured](double x) { return measured ? formatPercent(x) : notMeasured(); };
        t.rows.append({c.configuration, code(c.route), number(c.concurrency), share(s.server),
                       share(s.database), share(s.generator), share(s.own), share(s.foreign),
                       share(s.idle), boundCell(c), c.boundBecause});
    }
    d.table(t);
    return d;
}

Document gatesSection(const RunReport &r)
{
    Document d;
    d.heading(2, QStringLiteral("Gates and what they caught"));
    if (r.invalidWindows == 0) {
        d.item(QStringLiteral("No attempt was invalid."));
    } else {
        QStringList kinds;
        for (auto it = r.invalidByGate.begin(); it != r.invalidByGate.end(); ++it)
            kinds << QStringLiteral("%1 %2").arg(it.key(), number(it.value()));
        d.item(QStringLiteral("%1 invalid attempt%2, by gate: %3.")
                   .arg(number(r.invalidWindows),
                        r.invalidWindows == 1 ? QString() : QStringLiteral("s"),
                        kinds.join(QStringLiteral(", "))));
        for (const CellReport &c : r.cells)
            for (const std::string &reason : c.figures.invalidReasons)
                d.item(Inline(c.configuration) << QStringLiteral(" ") << code(c.route)
                                               << QStringLiteral(" c=%1: ").arg(c.concurrency)
                                               << QString::fromStdString(reason),
                       1);
    }
    d.item(QStringLiteral("Database checkpoints inside measured windows: %1.")
               .arg(r.checkpointsInWindows));
    auto count = [&r](const char *kind) { return number(r.events.value(QLatin1String(kind))); };
    d.item(QStringLiteral("Sleep or clock gaps: %1; server trees that died: %2; hooks that "
                          "failed: %3; cells that ran out of retries: %4.")
               .arg(count("sampler-sleep"), count("server-died"), count("hook-failed"),
                    count("cell-failed")));
    for (const QString &b : r.blocked)
        d.item(Inline(QStringLiteral("Not measured: ")) << b);
    for (const QString &w : r.warnings)
        d.item(Inline(QStringLiteral("Warning: ")) << w);
    return d;
}

Document floorSection(const RunReport &r)
{
    Document d;
    d.heading(2, QStringLiteral("Noise floor (A/A run)"));
    if (r.measuredFloor < 0) {
        d.paragraph(QStringLiteral("No cell has 2 valid windows per arm: no floor can be given."));
        return d;
    }
    d.paragraph(Inline(QStringLiteral("The two arms run the same configuration; the largest "
                                      "|ratio - 1| between their medians is what the harness "
                                      "itself produces. Pass "))
                << code(QStringLiteral("--noise-floor ") + r.run.id) << QStringLiteral(" to ")
                << code(QStringLiteral("report")) << QStringLiteral(" or ")
                << code(QStringLiteral("compare")) << QStringLiteral(" to use it."));
    Table t = tableOf({QStringLiteral("route"), QStringLiteral("noise floor"),
                       QStringLiteral("median spread of its cells")},
                      "lrr");
    for (auto it = r.measuredFloorByRoute.begin(); it != r.measuredFloorByRoute.end(); ++it) {
        std::vector<double> spreads;
        for (const CellReport &c : r.cells)
            if (c.route == it.key() && c.figures.validWindows >= 2)
                spreads.push_back(c.figures.okPerS.spread);
        t.rows.append(
            {code(it.key()), formatPercent(it.value()), formatPercent(stats::median(spreads))});
    }
    t.rows.append(
        {strong(QStringLiteral("all routes")), strong(formatPercent(r.measuredFloor)), Inline()});
    d.table(t);
    return d;
}

Document environmentSection(const RunReport &r)
{
    Document d;
    d.heading(2, QStringLiteral("Environment"));
    Table t = tableOf({QString(), QString()}, "ll");
    const QJsonObject &env = r.run.environment;
    for (auto it = env.begin(); it != env.end(); ++it) {
        const QJsonValue v = it.value();
        QString text = v.isString()   ? v.toString()
                       : v.isDouble() ? QString::number(v.toDouble(), 'g', 15)
                       : v.isBool()   ? QString::fromLatin1(v.toBool() ? "true" : "false")
                                      : QStringLiteral("(structured)");
        if (v.isArray()) { // a list of plain values ("loadavg_at_start"): joined
            QStringList items;
            for (const QJsonValue &item : v.toArray())
                items << (item.isDouble() ? QString::number(item.toDouble(), 'g', 15)
                                          : item.toString());
            text = items.join(QStringLiteral(", "));
        }
        t.rows.append({it.key(), text});
    }
    d.table(t);
    return d;
}

// Our own text with **strong**, *emphasis* and `code` marks, as inline spans. Only for the
// definitions below (literals of this file): no stored text ever goes through it.
Inline marked(const QString &literal)
{
    Inline out;
    qsizetype i = 0;
    while (i < literal.size()) {
        const bool bold = literal.mid(i, 2) == QLatin1String("**");
        const QChar mark = literal[i];
        if (bold || mark == u'*' || mark == u'`') {
            const QString close = bold ? QStringLiteral("**") : QString(mark);
            const qsizetype end = literal.indexOf(close, i + close.size());
            if (end > i) {
                const QString inner = literal.mid(i + close.size(), end - i - close.size());
                out << (bold ? strong(inner) : mark == u'`' ? code(inner) : emphasis(inner));
                i = end + close.size();
                continue;
            }
        }
        qsizetype next = i + 1;
        while (next < literal.size() && literal[next] != u'*' && literal[next] != u'`')
            ++next;
        out << literal.mid(i, next - i);
        i = next;
    }
    return out;
}

} // namespace

QStringList runProblems(const RunReport &r, RunFailures failures)
{
    QStringList out;
    if (r.validWindows == 0 && r.invalidWindows > 0) {
        QString line =
            validityText(0, r.invalidByGate) +
            QStringLiteral(". Nothing was measured: every figure reads %1.").arg(notMeasured());
        // Which key changes the gate that threw the windows out, and what it was.
        for (const store::PlanSetting &g : r.setup.gates)
            if ((g.key.startsWith(QLatin1String("sampler.foreign_gate")) &&
                 r.invalidByGate.contains(store::kInvalidForeignCpu)) ||
                (g.key == QLatin1String("sampler.foreign_peak_gate") &&
                 r.invalidByGate.contains(store::kInvalidForeignPeak)))
                line +=
                    QStringLiteral(" The %1 is %2 (plan key %3).").arg(g.name, g.shown(), g.key);
        out << line;
    }
    if (failures == RunFailures::Include)
        for (const QString &failure : r.failures)
            out << QStringLiteral("The run failed: %1").arg(failure);
    return out;
}

namespace {

// "15.6 GiB" from bytes; notMeasured() for 0.
QString memoryText(qint64 bytes)
{
    if (bytes <= 0)
        return notMeasured();
    return formatNumber(double(bytes) / double(1LL << 30), 1) + QStringLiteral(" GiB");
}

QString orNotMeasured(const QString &text)
{
    return text.isEmpty() ? notMeasured() : text;
}

Inline orNotMeasured(const Inline &text, bool known)
{
    return known ? text : Inline(notMeasured());
}

} // namespace

Document setupSection(const RunReport &r)
{
    const RunSetup &s = r.setup;
    Document d;
    d.heading(2, QStringLiteral("Setup"));
    Table machine = tableOf({QString(), QString()}, "ll");
    QString cpu = orNotMeasured(s.cpuModel);
    if (s.cores > 0)
        cpu += QStringLiteral(", %1 cores").arg(s.cores);
    machine.rows.append({QStringLiteral("machine"), Inline(orNotMeasured(s.hostname))});
    machine.rows.append({QStringLiteral("CPU"), cpu});
    machine.rows.append({QStringLiteral("memory"), memoryText(s.memoryBytes)});
    machine.rows.append({QStringLiteral("OS"), orNotMeasured(s.os)});
    machine.rows.append({QStringLiteral("kernel"), orNotMeasured(s.kernel)});
    QString load = notMeasured();
    if (s.loadAvg.size() == 3)
        load = QStringLiteral("%1, %2, %3 (1, 5 and 15 min averages)")
                   .arg(formatNumber(s.loadAvg[0], 2), formatNumber(s.loadAvg[1], 2),
                        formatNumber(s.loadAvg[2], 2));
    machine.rows.append({QStringLiteral("load at start"), load});
    machine.rows.append({QStringLiteral("Stackbench"),
                         Inline(orNotMeasured(s.version))
                             << (s.revision.isEmpty()
                                     ? Inline()
                                     : Inline(QStringLiteral(", revision ")) << code(s.revision))});
    d.table(machine);

    d.paragraph(QStringLiteral("Each configuration as the run started it (secrets redacted), the "
                               "CPUs asked for and those its processes and the load engine ran "
                               "on, read back from the kernel, and the versions its probes "
                               "read:"));
    Table configs =
        tableOf({QStringLiteral("configuration"), QStringLiteral("command"),
                 QStringLiteral("working directory"), QStringLiteral("CPUs asked"),
                 QStringLiteral("CPUs applied"), QStringLiteral("load engine CPUs asked"),
                 QStringLiteral("load engine CPUs applied"), QStringLiteral("versions")},
                "llllllll");
    auto asked = [](const ConfigurationSetup &c, const QString &cpus) {
        return c.recorded ? (cpus.isEmpty() ? QStringLiteral("any") : cpus) : notMeasured();
    };
    for (const ConfigurationSetup &c : s.configurations) {
        QStringList versions;
        for (const auto &[probe, version] : c.versions)
            versions << QStringLiteral("%1 %2").arg(probe, version);
        const QString versionText = !c.recorded          ? notMeasured()
                                    : versions.isEmpty() ? QStringLiteral("no probe")
                                                         : versions.join(QStringLiteral(", "));
        configs.rows.append({c.name,
                             orNotMeasured(code(commandLine(c.command)), !c.command.isEmpty()),
                             orNotMeasured(code(c.cwd), !c.cwd.isEmpty()), asked(c, c.cpus),
                             orNotMeasured(c.cpusApplied), asked(c, c.loadCpus),
                             orNotMeasured(c.loadCpusApplied), versionText});
    }
    d.table(configs);

    // The protocol each configuration was measured and probed with, when one of them speaks
    // anything but plain HTTP/1.1 (HTTP/2, TLS).
    Table protocols = tableOf({QStringLiteral("configuration"), QStringLiteral("protocol")}, "ll");
    bool notPlain = false;
    for (const ConfigurationSetup &c : s.configurations) {
        if (c.protocol.isEmpty())
            continue;
        protocols.rows.append({c.name, c.protocol});
        notPlain = notPlain || c.protocol != QLatin1String("HTTP/1.1");
    }
    if (notPlain) {
        d.paragraph(QStringLiteral("Protocols, as the plan set them for the load and the probes "
                                   "(HTTP/2 over TLS agreed by ALPN, h2c with prior knowledge; "
                                   "streams are concurrent requests per connection):"));
        d.table(protocols);
    }

    // https:// configurations: what their windows' TLS connections agreed on.
    Table tls = tableOf({QStringLiteral("configuration"), QStringLiteral("protocol")}, "ll");
    for (const ConfigurationSetup &c : s.configurations)
        if (!c.tls.isEmpty())
            tls.rows.append({c.name, c.tls});
    if (!tls.rows.isEmpty()) {
        d.paragraph(QStringLiteral("Over TLS, as the first handshake of a measured window agreed "
                                   "(protocol version, cipher, the ALPN result) and whether the "
                                   "server's certificate was verified:"));
        d.table(tls);
    }

    // The load from other hosts: each host, its machine and its generator's CPU.
    Table hosts = tableOf({QStringLiteral("configuration"), QStringLiteral("load hosts")}, "ll");
    for (const ConfigurationSetup &c : s.configurations)
        if (!c.loadHosts.isEmpty())
            hosts.rows.append({c.name, c.loadHosts});
    if (!hosts.rows.isEmpty()) {
        d.paragraph(QStringLiteral("The load came from other hosts over ssh, each with its share "
                                   "of the connections (or of the rate); each host's generator "
                                   "CPU is its own, gated on its own:"));
        d.table(hosts);
    }

    // Configurations on their own hosts: where their server figures were sampled.
    Table servers = tableOf({QStringLiteral("configuration"), QStringLiteral("server host"),
                             QStringLiteral("its machine")},
                            "lll");
    for (const ConfigurationSetup &c : s.configurations)
        if (!c.serverHost.isEmpty())
            servers.rows.append({c.name, c.serverHost, c.serverHostEnvironment});
    if (!servers.rows.isEmpty()) {
        d.paragraph(QStringLiteral("These configurations ran on hosts of their own, started, "
                                   "sampled and stopped there by the host's agent over ssh: their "
                                   "server CPU, memory, foreign CPU and cold starts are that "
                                   "host's; the load reached them over the network:"));
        d.table(servers);
    }

    d.paragraph(QStringLiteral("Gate settings as the plan writes them (the default where it leaves "
                               "the key out):"));
    Table gates = tableOf(
        {QStringLiteral("setting"), QStringLiteral("plan key"), QStringLiteral("value")}, "lll");
    for (const store::PlanSetting &g : s.gates)
        gates.rows.append({g.name, code(g.key), g.shown()});
    d.table(gates);
    return d;
}

Table summaryTable(const RunReport &r)
{
    Table t = tableOf({QStringLiteral("route"), QStringLiteral("c"),
                       QStringLiteral("configuration"), QStringLiteral("2xx/s"),
                       QStringLiteral("per CPU-s"), QStringLiteral("ratio 2xx/s"),
                       QStringLiteral("verdict"), QStringLiteral("ratio per CPU-s"),
                       QStringLiteral("verdict"), QStringLiteral("invalid")},
                      "lrlrrrlrlr");
    for (const CellReport &c : r.cells) {
        const RatioReport *raw = findRatio(r, c, "ok_per_s");
        const RatioReport *cpu = findRatio(r, c, "per_cpu_s");
        const bool base = c.configuration == r.options.baseline;
        // "baseline" only beside figures: a baseline without a valid window measured nothing.
        const QString baseText =
            c.figures.validWindows > 0 ? QStringLiteral("baseline") : notMeasured();
        t.rows.append({code(c.route), number(c.concurrency), c.configuration,
                       medianText(c.figures.okPerS, 1), medianText(c.figures.perCpuS, 0),
                       base  ? baseText
                       : raw ? formatRatio(raw->comparison.ratio)
                             : notMeasured(),
                       raw ? verdictCell(raw->comparison) : Inline(),
                       base  ? QString()
                       : cpu ? formatRatio(cpu->comparison.ratio)
                             : notMeasured(),
                       cpu ? verdictCell(cpu->comparison) : Inline(),
                       number(qint64(c.figures.invalidWindows))});
    }
    return t;
}

Inline saturationLine(const SaturationReport &s)
{
    Inline line = Inline(s.configuration)
                  << QStringLiteral(" ") << code(s.route) << QStringLiteral(": ")
                  << QString::fromStdString(s.saturation.sentence);
    // Where the ceiling is at the highest level, in the words of the table below; "none" says
    // again what "not saturated" said.
    if (!s.topBound.isEmpty() && s.topBound != QLatin1String("none"))
        line << QStringLiteral("; at c=%1 %2-bound: ").arg(s.topConcurrency).arg(s.topBound)
             << s.topBoundBecause;
    return line;
}

Document definitionsDocument()
{
    const QString items =
        QStringLiteral(
            "**2xx/s** (successful throughput): 2xx responses / elapsed seconds of the window, "
            "the final drain of in-flight requests included.\n"
            "**cores**: CPU seconds of the server process tree during the window / wall seconds; "
            "1.0 is one core.\n"
            "**per CPU-s**: 2xx/s / cores, computed per window.\n"
            "**latency**: first byte of the request written to the last byte of the response "
            "read. Two ways, labelled: the median of the windows' own percentiles (p50, p99), and "
            "the percentile of the pooled histogram of every valid window (pooled p99).\n"
            "**cell**: (configuration, route, concurrency); its figure is the median over its "
            "valid windows with min and max; **spread** = (max - min) / median.\n"
            "**ratio**: median of the configuration / median of the baseline, with a 95 % "
            "interval (Student's t on the log scale, the noise pooled over the comparison's "
            "cells) only when the windows can support one.\n"
            "**verdict**, the first rule that applies: fewer than 2 valid windows on a side: "
            "*not enough windows*; a t test on the logs of the windows' values, paired by round "
            "when both sides share at least 2 rounds, with the window-to-window noise pooled over "
            "all cells of the configuration, gives p >= %5: *no winner* (the note says how many "
            "windows a side would tell this difference apart); |ratio - 1| inside the A/A noise "
            "floor, or below %6 % when none was measured: *inside the noise floor*; across runs "
            "of different times, the ratio inside the drift that the cells both runs share show "
            "(their median ratio widened by their spread): *inside the drift*; otherwise "
            "*faster* or *slower*. An A/A comparison calls about 3 % of cells within a run and "
            "almost none across runs (tests/engine/tst_verdictrates.cpp).\n"
            "**noise floor**: the largest |ratio - 1| between two arms of one configuration in an "
            "A/A run.\n"
            "**where the machine's CPU went**: shares of all cores used by the server tree, the "
            "database (excluded processes), the load engine, Stackbench itself, everything else "
            "(foreign) and idle.\n"
            "**bound**, the first that applies: *client*: the load engine's threads were at "
            "least %1 % busy; *server*: the tree used at least %3 % of the CPUs of its "
            "configuration's CPU set (`cpus`, when smaller than the machine); *machine*: less "
            "than %2 % of all cores idle and the measured parties (server tree, database, load "
            "engine) used them; *contended*: less than %2 % idle with other processes taking at "
            "least %7 % of the machine: no ceiling can be read, the processes are named; "
            "*database*: the database used more CPU than the server tree while the tree was "
            "below %3 % of its CPU set, or without one of its plateau (its highest median cores "
            "across the concurrency levels); *waits*: throughput flat against a neighbouring "
            "level with the tree below %8 % of a core and the machine at least %9 % idle: the "
            "server waits on something (a sleep, a lock, a pool, a downstream), and the sentence "
            "gives its latency floor per request; *server*: throughput flat against a "
            "neighbouring level (grown less than the concurrency ratio to the power %4) while the "
            "tree held at least %3 % of its plateau; *none*: nothing saturated, raise "
            "concurrency.\n"
            "**saturation point**: the lowest concurrency from which every higher level's 2xx/s "
            "is flat against it by the bound's rule (grown less than the concurrency ratio to the "
            "power %4, or within %10 % without one), how much p50 grew from there to the highest "
            "level, and the highest level's bound; past it (the highest level more than %11 % "
            "below the peak), how much throughput fell while p50 grew.")
            .arg(QString::number(stats::kClientBusyShare * 100),
                 QString::number(stats::kMachineIdleShare * 100),
                 QString::number(stats::kPlateauShare * 100), QString::number(stats::kFlatExponent),
                 QString::number(stats::CompareOptions{}.alpha),
                 QString::number(stats::CompareOptions{}.minimumEffect * 100),
                 QString::number(stats::kContendedShare * 100),
                 QString::number(stats::kWaitCoresShare * 100),
                 QString::number(stats::kWaitIdleShare * 100))
            .arg(QString::number(stats::kFlatShare * 100))
            .arg(QString::number(stats::kPastShare * 100));
    Document d;
    d.heading(2, QStringLiteral("Definitions"));
    for (const QString &item : items.split(QLatin1Char('\n')))
        d.item(marked(item));
    return d;
}

QString definitionsMarkdown()
{
    return markdownOf(definitionsDocument());
}

Document reportDocument(const RunReport &r, bool everyStart)
{
    Document d = header(r);
    d << summarySection(r);
    for (const QString &route : r.routes)
        d << routeSection(r, route);
    d << loadHostsSection(r) << memorySection(r) << coldStartSection(r, everyStart)
      << profileSection(r);
    if (r.aa)
        d << floorSection(r);
    d << ceilingSection(r) << gatesSection(r) << setupSection(r) << environmentSection(r)
      << definitionsDocument();
    return d;
}

QString reportMarkdown(const RunReport &r)
{
    return markdownOf(reportDocument(r));
}

} // namespace sb::report
