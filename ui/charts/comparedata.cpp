#include "ui/charts/comparedata.h"

#include "core/qterror.h"
#include "report/figures.h"
#include "store/runstore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <functional>
#include <future>
#include <vector>

namespace sb::charts {

QString metricKey(Metric metric)
{
    return metric == Metric::PerCpuS ? QStringLiteral("per_cpu_s") : QStringLiteral("ok_per_s");
}

QVector<WindowTimeline> timelinesOf(const QVector<store::WindowRecord> &windows)
{
    QVector<WindowTimeline> out;
    out.reserve(windows.size());
    for (const store::WindowRecord &w : windows) {
        WindowTimeline t{
            w.runId, w.configuration, w.route, w.concurrency, w.round, w.attempt, w.valid, {}, {}};
        t.okPerS.reserve(w.intervals.size());
        t.p99Ms.reserve(w.intervals.size());
        for (const store::IntervalRecord &i : w.intervals) {
            t.okPerS.append({i.endS, report::intervalOkPerS(i)});
            t.p99Ms.append({i.endS, double(i.p99Us) / 1000.0});
        }
        out.append(std::move(t));
    }
    return out;
}

QStringList ChartSource::configurations() const
{
    QStringList out;
    for (const report::RunReport &r : runs)
        for (const QString &c : r.configurations)
            if (!out.contains(c))
                out << c;
    return out;
}

int ChartSource::colourIndex(const QString &configuration) const
{
    return int(std::max<qsizetype>(0, configurations().indexOf(configuration)));
}

QStringList ChartSource::routes() const
{
    QStringList out;
    for (const report::RunReport &r : runs)
        for (const QString &route : r.routes)
            if (!out.contains(route))
                out << route;
    return out;
}

QString ChartSource::seriesName(int run, const QString &configuration) const
{
    if (runs.size() < 2 || run < 0 || run >= runs.size())
        return configuration;
    // The run id's random suffix ("8061" of 20261201-105302-8061) names the run while no other
    // run of the comparison has the same one.
    auto suffix = [](const QString &id) { return id.section(QLatin1Char('-'), -1); };
    const QString &id = runs[run].run.id;
    bool unique = true;
    for (int r = 0; r < runs.size(); ++r)
        unique = unique && (r == run || suffix(runs[r].run.id) != suffix(id));
    return QStringLiteral("%1 @ %2").arg(configuration, unique ? suffix(id) : id);
}

sb::Result<RunData> loadRunData(const store::RunStore &store, const QString &runId,
                                const report::ReportOptions &options, bool timelines)
{
    // One read serves the report and the timelines both.
    QVector<store::WindowRecord> windows;
    sb::Result<report::RunReport> r =
        report::loadRunReport(store, runId, options, timelines ? &windows : nullptr);
    if (!r.ok())
        return r.error();
    return RunData{std::move(*r), timelines ? timelinesOf(windows) : QVector<WindowTimeline>{}};
}

namespace {

// The noise floor the command line's --noise-floor RUN gives (app/reportoutput.cpp).
sb::Status applyNoiseFloor(const store::RunStore &store, const QString &aaRun, CompareResult &out)
{
    sb::Result<report::RunReport> aa = report::loadRunReport(store, aaRun);
    if (!aa.ok())
        return aa.error();
    sb::Result<double> floor = report::noiseFloorOf(*aa);
    if (!floor.ok())
        return floor.error();
    out.noiseFloor = *floor;
    out.noiseFloorSource = QStringLiteral("A/A run %1").arg(aaRun);
    return sb::Ok{};
}

// One run as compare reads it (cells only), from a store of its own: any thread.
sb::Result<RunData> loadCells(const QString &location, const QString &runId, bool timelines)
{
    auto opened = store::RunStore::open(location, store::RunStore::OpenMode::ReadOnly);
    if (!opened.ok())
        return opened.error();
    report::ReportOptions cellsOnly;
    cellsOnly.ratios = false;
    return loadRunData(**opened, runId, cellsOnly, timelines);
}

// Runs against the first, as `stackbench compare` does: cells only, then compareRuns. The runs
// are read side by side (a thread and a store each), and the two metrics compared side by side.
sb::Status compareStoredRuns(const CompareRequest &request, CompareResult &out)
{
    std::vector<std::future<sb::Result<RunData>>> reads;
    for (qsizetype i = 1; i < request.runIds.size(); ++i)
        reads.push_back(std::async(std::launch::async, loadCells, request.storeLocation,
                                   request.runIds[i], request.timelines));
    std::vector<sb::Result<RunData>> data;
    data.push_back(loadCells(request.storeLocation, request.runIds.first(), request.timelines));
    for (auto &f : reads)
        data.push_back(f.get());
    for (sb::Result<RunData> &d : data) {
        if (!d.ok())
            return d.error();
        out.source.runs.append(std::move(d->report));
        out.source.timelines += d->timelines;
    }
    report::RunCompareOptions options;
    options.noiseFloor = out.noiseFloor;
    options.noiseFloorSource = out.noiseFloorSource;
    report::RunCompareOptions perCpu = options;
    perCpu.metric = metricKey(Metric::PerCpuS);
    options.metric = metricKey(Metric::OkPerS);
    auto cpu = std::async(std::launch::async, report::compareRuns, std::cref(out.source.runs),
                          std::cref(perCpu));
    sb::Result<report::RunComparison> raw = report::compareRuns(out.source.runs, options);
    sb::Result<report::RunComparison> perCpuS = cpu.get();
    if (!raw.ok())
        return raw.error();
    if (!perCpuS.ok())
        return perCpuS.error();
    out.okPerS = std::move(*raw);
    out.perCpuS = std::move(*perCpuS);
    return sb::Ok{};
}

// One run's configurations against a baseline configuration, as `stackbench report` does.
sb::Status compareConfigurations(const store::RunStore &store, const CompareRequest &request,
                                 CompareResult &out)
{
    report::ReportOptions options;
    options.baseline = request.baselineConfiguration;
    options.noiseFloor = out.noiseFloor;
    options.noiseFloorSource = out.noiseFloorSource;
    sb::Result<RunData> d = loadRunData(store, request.runIds.first(), options, request.timelines);
    if (!d.ok())
        return d.error();
    out.source.runs.append(std::move(d->report));
    out.source.timelines = std::move(d->timelines);
    return sb::Ok{};
}

} // namespace

CompareResult loadComparison(const CompareRequest &request)
{
    QElapsedTimer clock;
    clock.start();
    CompareResult out;
    out.id = request.id;
    out.multiRun = request.runIds.size() >= 2;
    if (request.runIds.isEmpty()) {
        out.error = QCoreApplication::translate("sb::charts", "Pick a run to compare.");
        return out;
    }
    auto opened = store::RunStore::open(request.storeLocation, store::RunStore::OpenMode::ReadOnly);
    if (!opened.ok()) {
        out.error = sb::qtText(opened.error());
        return out;
    }
    const store::RunStore &store = **opened;
    sb::Status st = sb::Ok{};
    if (!request.noiseFloorRun.isEmpty())
        st = applyNoiseFloor(store, request.noiseFloorRun, out);
    if (st.ok())
        st = out.multiRun ? compareStoredRuns(request, out)
                          : compareConfigurations(store, request, out);
    if (!st.ok()) {
        out.error = sb::qtText(st.error());
        out.source = {};
    }
    out.loadMs = double(clock.nsecsElapsed()) / 1e6;
    return out;
}

} // namespace sb::charts
