#include "report/runreport.h"

#include "core/qterror.h"
#include "report/cellcomparison.h"
#include "report/figures.h"
#include "report/profilereport.h"
#include "report/windowfigures.h"
#include "store/planoutline.h"
#include "store/runstatus.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace sb::report {

bool RunReport::loadFromHosts() const
{
    return std::any_of(cells.begin(), cells.end(),
                       [](const CellReport &c) { return !c.loadHosts.isEmpty(); });
}

const CellReport *RunReport::cell(const QString &configuration, const QString &route,
                                  int concurrency) const
{
    for (const CellReport &c : cells)
        if (c.configuration == configuration && c.route == route && c.concurrency == concurrency)
            return &c;
    return nullptr;
}

namespace {

using CellKey = std::tuple<QString, QString, int>; // configuration, route, concurrency

// Names in plan order (store::planOutline of the stored plan text), then any the windows name
// beyond those; the plan's name and each configuration's CPU count from their typed records.
void planOrder(const store::RunRecord &run,
               const QVector<store::ConfigurationRecord> &configurations,
               const QVector<store::WindowRecord> &windows, RunReport &r)
{
    const store::PlanOutline outline = store::planOutline(run.planText);
    r.planName = run.planName;
    for (const store::ConfigurationRecord &c : configurations)
        if (c.cpuCount > 0)
            r.serverCpus[c.name] = c.cpuCount;
    const QStringList &planConfigurations = outline.configurations;
    const QStringList &planRoutes = outline.routes;
    QStringList seenConfigurations, seenRoutes;
    for (const store::WindowRecord &w : windows) {
        if (!seenConfigurations.contains(w.configuration))
            seenConfigurations << w.configuration;
        if (!seenRoutes.contains(w.route))
            seenRoutes << w.route;
        if (!r.concurrency.contains(w.concurrency))
            r.concurrency << w.concurrency;
    }
    std::sort(r.concurrency.begin(), r.concurrency.end());
    for (const QString &c : planConfigurations)
        if (seenConfigurations.contains(c))
            r.configurations << c;
    for (const QString &c : seenConfigurations)
        if (!r.configurations.contains(c))
            r.configurations << c;
    for (const QString &x : planRoutes)
        if (seenRoutes.contains(x))
            r.routes << x;
    for (const QString &x : seenRoutes)
        if (!r.routes.contains(x))
            r.routes << x;
}

// The valid window whose 2xx/s is closest to the cell's median.
const store::WindowRecord *medianWindow(const QVector<const store::WindowRecord *> &windows,
                                        double medianOkPerS)
{
    const store::WindowRecord *best = nullptr;
    double bestDistance = 0;
    for (const store::WindowRecord *w : windows) {
        if (!w->valid || w->elapsedS <= 0)
            continue;
        const double d = std::fabs(windowOkPerS(*w) - medianOkPerS);
        if (!best || d < bestDistance) {
            best = w;
            bestDistance = d;
        }
    }
    return best;
}

void classifyCells(RunReport &r,
                   const std::map<CellKey, QVector<const store::WindowRecord *>> &byCell)
{
    // The foreign processes the window's foreign_cpu gate stored (run::foreignTopJson), as the
    // gate's reason names them: "cc1plus (pid 4242) 0.93 cores, make (pid 4200) 0.10 cores".
    // Bounded as the sampler bounds them (3 names of 15 characters), whatever an import holds;
    // the sentence is escaped where it lands.
    auto foreignTop = [](const store::WindowRecord &w) {
        const QJsonArray top = w.gates.value(QStringLiteral("foreign_cpu"))
                                   .toObject()
                                   .value(QStringLiteral("top"))
                                   .toArray();
        QStringList parts;
        for (const QJsonValue &v : top) {
            if (parts.size() == 3)
                break;
            const QJsonObject p = v.toObject();
            parts << p.value(QStringLiteral("name")).toString().left(15) +
                         QStringLiteral(" (pid %1) %2 cores")
                             .arg(p.value(QStringLiteral("pid")).toInteger())
                             .arg(p.value(QStringLiteral("cores")).toDouble(), 0, 'f', 2);
        }
        return parts.join(QStringLiteral(", ")).toStdString();
    };
    for (CellReport &cell : r.cells) {
        stats::BoundContext context;
        context.serverCpus = r.serverCpus.value(cell.configuration);
        context.openLoop = r.openLoop;
        context.concurrency = cell.concurrency;
        for (int c : r.concurrency) {
            const CellReport *other = r.cell(cell.configuration, cell.route, c);
            if (!other || other->figures.validWindows == 0)
                continue;
            context.plateauCores =
                std::max(context.plateauCores, other->figures.serverCores.median);
            if (const double p50 = other->figures.p50Us.median;
                p50 > 0 && (context.floorP50Us <= 0 || p50 < context.floorP50Us))
                context.floorP50Us = p50;
            if (c < cell.concurrency) { // ascending: the last one below wins
                context.lowerOkPerS = other->figures.okPerS.median;
                context.lowerConcurrency = c;
            }
            if (c > cell.concurrency && context.higherOkPerS < 0) {
                context.higherOkPerS = other->figures.okPerS.median;
                context.higherConcurrency = c;
            }
        }
        const auto &windows = byCell.at({cell.configuration, cell.route, cell.concurrency});
        const store::WindowRecord *mid = medianWindow(windows, cell.figures.okPerS.median);
        // The window the row reads from: the nearest to the median among those with the
        // cell's bound (most windows'; a tie goes to the median window's).
        struct Classified
        {
            const store::WindowRecord *window;
            QString bound;
            stats::BoundFinding finding;
        };
        std::vector<Classified> classified;
        for (const store::WindowRecord *w : windows) {
            if (!w->valid)
                continue;
            context.okPerS = windowOkPerS(*w);
            context.foreignTop = foreignTop(*w);
            const stats::BoundFinding f =
                stats::classifyBound(windowCpu(*w, r.machineCores), context);
            const QString key = QString::fromLatin1(stats::boundKey(f.bound));
            ++cell.windowBounds[key];
            classified.push_back({w, key, f});
        }
        // The bound most windows had; a tie goes to the median window's.
        int most = 0;
        for (auto it = cell.windowBounds.begin(); it != cell.windowBounds.end(); ++it)
            if (it.value() > most)
                most = it.value();
        for (const Classified &c : classified)
            if (c.window == mid && cell.windowBounds.value(c.bound) == most)
                cell.bound = c.bound;
        if (cell.bound.isEmpty())
            for (auto it = cell.windowBounds.begin(); it != cell.windowBounds.end(); ++it)
                if (it.value() == most) {
                    cell.bound = it.key();
                    break;
                }
        // The sentence of a window with that bound, the one nearest the cell's median: the
        // median window's own sentence may be another bound's ("server" beside "the database
        // used 0.82 cores against the server tree's 0.71").
        double nearest = -1;
        for (const Classified &c : classified) {
            if (c.bound != cell.bound)
                continue;
            const double d = std::fabs(windowOkPerS(*c.window) - cell.figures.okPerS.median);
            if (nearest < 0 || d < nearest) {
                nearest = d;
                cell.boundBecause = QString::fromStdString(c.finding.because);
                // Its shares too: a row whose shares say the database took more than the tree
                // beside a sentence saying the tree was full reads as a contradiction.
                cell.shares = stats::cpuShares(windowCpu(*c.window, r.machineCores));
            }
        }
    }
}

void saturate(RunReport &r)
{
    for (const QString &configuration : r.configurations) {
        for (const QString &route : r.routes) {
            std::vector<stats::Level> levels;
            for (int c : r.concurrency) {
                const CellReport *cell = r.cell(configuration, route, c);
                if (cell && cell->figures.validWindows > 0)
                    levels.push_back({c, cell->figures.okPerS.median, cell->figures.p50Us.median});
            }
            if (levels.empty())
                continue;
            SaturationReport s;
            s.configuration = configuration;
            s.route = route;
            s.saturation = stats::saturationPoint(levels);
            // What held the highest level back: the ceiling the saturation point reached.
            if (const CellReport *top = r.cell(configuration, route, levels.back().concurrency)) {
                s.topConcurrency = top->concurrency;
                s.topBound = top->bound;
                s.topBoundBecause = top->boundBecause;
            }
            r.saturations.append(s);
        }
    }
}

// Each configuration against the baseline, one metric at a time: all its cells (every route
// and concurrency) in one comparison, so that they pool their window noise and pair by round.
void compareCells(RunReport &r)
{
    for (const QString &configuration : r.configurations) {
        if (configuration == r.options.baseline)
            continue;
        for (const QString &metric : {QStringLiteral("ok_per_s"), QStringLiteral("per_cpu_s")}) {
            std::vector<stats::CellPair> pairs;
            QVector<const CellReport *> cells;
            for (const QString &route : r.routes) {
                for (int c : r.concurrency) {
                    const CellReport *base = r.cell(r.options.baseline, route, c);
                    const CellReport *cell = r.cell(configuration, route, c);
                    if (!base || !cell)
                        continue;
                    pairs.push_back({cellWindows(*cell, metric), cellWindows(*base, metric)});
                    cells.append(cell);
                }
            }
            const std::vector<stats::Comparison> verdicts = compareCellPairs(pairs, r.options);
            for (qsizetype i = 0; i < cells.size(); ++i)
                r.ratios.append({configuration, r.options.baseline, cells[i]->route,
                                 cells[i]->concurrency, metric, verdicts[size_t(i)]});
        }
    }
}

// An A/A run's own noise floor: the largest |ratio - 1| between its arms' medians, per route and
// overall, over every cell with enough windows.
void measureFloor(RunReport &r)
{
    r.aa =
        r.run.environment.value(QStringLiteral("profile_kind")).toString() == QLatin1String("aa");
    if (!r.aa)
        return;
    for (const RatioReport &x : r.ratios) {
        const stats::Comparison &c = x.comparison;
        if (c.verdict == stats::Verdict::NotEnoughWindows || c.ratio <= 0)
            continue;
        const double d = std::fabs(c.ratio - 1);
        r.measuredFloor = std::max(r.measuredFloor, d);
        r.measuredFloorByRoute[x.route] = std::max(r.measuredFloorByRoute.value(x.route, -1), d);
    }
}

} // namespace

RunReport buildRunReport(const store::RunRecord &run, const QVector<store::WindowRecord> &windows,
                         const QVector<store::EventRecord> &events, const ReportOptions &options)
{
    QVector<store::ConfigurationRecord> configurations;
    const store::PlanOutline outline = store::planOutline(run.planText);
    for (const QString &name : outline.configurations)
        configurations.append({run.id, name, {}, store::cpuCountIn(outline, name)});
    for (const store::WindowRecord &w : windows)
        if (!outline.configurations.contains(w.configuration))
            configurations.append(
                {run.id, w.configuration, {}, store::cpuCountIn(outline, w.configuration)});
    store::RunRecord named = run;
    if (named.planName.isEmpty())
        named.planName = outline.name;
    return buildRunReport(named, configurations, windows, events, options);
}

RunReport buildRunReport(const store::RunRecord &run,
                         const QVector<store::ConfigurationRecord> &configurations,
                         const QVector<store::WindowRecord> &windows,
                         const QVector<store::EventRecord> &events, const ReportOptions &options)
{
    RunReport r;
    r.run = run;
    r.options = options;
    r.machineCores = run.environment.value(QStringLiteral("cores")).toInt();
    planOrder(run, configurations, windows, r);
    // The baseline: the one asked for, else the plan's "baseline", else its first configuration.
    if (const QString planned = store::planOutline(run.planText).baseline;
        r.options.baseline.isEmpty() && r.configurations.contains(planned))
        r.options.baseline = planned;
    if (r.options.baseline.isEmpty() && !r.configurations.isEmpty())
        r.options.baseline = r.configurations.first();

    std::map<CellKey, QVector<const store::WindowRecord *>> byCell;
    for (const store::WindowRecord &w : windows) {
        byCell[{w.configuration, w.route, w.concurrency}].append(&w);
        r.openLoop = r.openLoop || !w.histogramUncorrected.isEmpty();
        r.checkpointsInWindows += w.checkpoints;
        if (w.valid) {
            ++r.validWindows;
        } else {
            ++r.invalidWindows;
            ++r.invalidByGate[invalidKind(w)];
        }
    }
    for (const QString &route : r.routes) {
        for (int c : r.concurrency) {
            for (const QString &configuration : r.configurations) {
                auto it = byCell.find({configuration, route, c});
                if (it == byCell.end())
                    continue;
                std::vector<stats::WindowFigures> figures;
                for (const store::WindowRecord *w : it->second)
                    figures.push_back(windowFigures(*w));
                CellReport cell;
                cell.configuration = configuration;
                cell.route = route;
                cell.concurrency = c;
                cell.figures = stats::summarizeCell(figures);
                cell.okPerS = stats::okPerSValues(figures);
                cell.perCpuS = stats::perCpuSValues(figures);
                cell.treeAge = treeAgeOf(it->second);
                QVector<QJsonObject> validGates;
                for (const store::WindowRecord *w : it->second)
                    if (w->valid)
                        validGates.append(w->gates);
                cell.loadHosts = cellLoadHosts(validGates);
                for (qsizetype i = 0; i < it->second.size(); ++i) {
                    const stats::WindowFigures &f = figures[size_t(i)];
                    if (!f.valid)
                        continue;
                    cell.p50Us.push_back(f.latencyUs.p50);
                    cell.p99Us.push_back(f.latencyUs.p99);
                    cell.rounds.push_back(it->second[i]->round);
                }
                r.cells.append(std::move(cell));
            }
        }
    }
    classifyCells(r, byCell);
    saturate(r);
    if (options.ratios)
        compareCells(r);
    measureFloor(r);
    for (const store::EventRecord &e : events) {
        ++r.events[e.kind];
        if (e.kind == QLatin1String("configuration-blocked"))
            r.blocked << e.detail;
        else if (e.kind == QLatin1String("warning"))
            r.warnings << e.detail;
        else if (e.kind == QLatin1String("run-failed"))
            r.failures << e.detail;
    }
    r.setup = runSetup(run, configurations, r.configurations);
    return r;
}

sb::Result<RunReport> loadRunReport(const store::RunStore &store, const QString &runId,
                                    ReportOptions options, QVector<store::WindowRecord> *windowsOut)
{
    sb::Result<store::RunRecord> run = store.run(runId);
    if (!run.ok())
        return run.error();
    run->status = store::currentStatus(*run); // as `list` says it: a killed run is interrupted
    sb::Result<QVector<store::WindowRecord>> windows = store.windows(runId, true);
    if (!windows.ok())
        return windows.error();
    sb::Result<QVector<store::EventRecord>> events = store.events(runId);
    if (!events.ok())
        return events.error();
    sb::Result<QVector<store::ConfigurationRecord>> configurations = store.configurations(runId);
    if (!configurations.ok())
        return configurations.error();
    if (!options.baseline.isEmpty()) {
        const bool known =
            std::any_of(windows->begin(), windows->end(), [&options](const store::WindowRecord &w) {
                return w.configuration == options.baseline;
            });
        if (!known)
            return sb::qtError(
                QStringLiteral("report.baseline"), runId,
                QStringLiteral("the run has no configuration '%1'").arg(options.baseline));
    }
    sb::Result<QVector<store::ServerStartRecord>> starts = store.serverStarts(runId);
    if (!starts.ok())
        return starts.error();
    RunReport report = buildRunReport(*run, *configurations, *windows, *events, options);
    report.starts = std::move(*starts);
    sb::Result<QVector<store::ProfileRecord>> profiles = loadProfiles(store, runId);
    if (!profiles.ok())
        return profiles.error();
    report.profiles = std::move(*profiles);
    if (windowsOut)
        *windowsOut = std::move(*windows);
    return report;
}

} // namespace sb::report
