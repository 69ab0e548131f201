#include "stats/cell.h"

#include "stats/histogram.h"

namespace sb::stats {

void ErrorCounts::add(const ErrorCounts &o)
{
    connect += o.connect;
    read += o.read;
    write += o.write;
    timeout += o.timeout;
    parse += o.parse;
    non2xx += o.non2xx;
}

namespace {

template<typename F> std::vector<double> valuesOf(const std::vector<WindowFigures> &w, F &&f)
{
    std::vector<double> v;
    for (const WindowFigures &x : w)
        if (x.valid)
            v.push_back(f(x));
    return v;
}

double perCpu(const WindowFigures &w)
{
    return perCpuS(w.okPerS, w.serverCores);
}

} // namespace

double perCpuS(double okPerS, double cores)
{
    return cores > 0 ? okPerS / cores : 0;
}

std::vector<double> okPerSValues(const std::vector<WindowFigures> &windows)
{
    return valuesOf(windows, [](const WindowFigures &w) { return w.okPerS; });
}

std::vector<double> perCpuSValues(const std::vector<WindowFigures> &windows)
{
    return valuesOf(windows, perCpu);
}

double CellFigures::errorRate() const
{
    const double attempts = double(responses + errors.transport());
    return attempts > 0 ? double(errors.transport() + errors.non2xx) / attempts : 0;
}

CellFigures summarizeCell(const std::vector<WindowFigures> &windows)
{
    CellFigures c;
    Histogram pooled;
    Histogram scratch;
    for (const WindowFigures &w : windows) {
        if (!w.valid) {
            ++c.invalidWindows;
            ++c.invalidKinds[w.invalidKind.empty() ? std::string("other") : w.invalidKind];
            c.invalidReasons.push_back(w.invalidReason);
            continue;
        }
        ++c.validWindows;
        c.errors.add(w.errors);
        c.responses += w.responses;
        // A histogram that does not decode (or has another layout) is left out of the pooled
        // percentiles; the per-window ones still count.
        if (!w.histogram.empty() && scratch.decode(w.histogram))
            pooled.add(scratch);
    }
    auto spread = [&](auto f) { return summarize(valuesOf(windows, f)); };
    c.okPerS = spread([](const WindowFigures &w) { return w.okPerS; });
    c.perCpuS = spread(perCpu);
    c.serverCores = spread([](const WindowFigures &w) { return w.serverCores; });
    c.generatorCores = spread([](const WindowFigures &w) { return w.generatorCores; });
    c.databaseCores = spread([](const WindowFigures &w) { return w.databaseCores; });
    c.foreignPct = spread([](const WindowFigures &w) { return w.foreignPct; });
    c.p50Us = spread([](const WindowFigures &w) { return w.latencyUs.p50; });
    c.p90Us = spread([](const WindowFigures &w) { return w.latencyUs.p90; });
    c.p99Us = spread([](const WindowFigures &w) { return w.latencyUs.p99; });
    c.p999Us = spread([](const WindowFigures &w) { return w.latencyUs.p999; });
    c.maxUs = spread([](const WindowFigures &w) { return w.latencyUs.max; });
    c.rssPeakBytes = spread([](const WindowFigures &w) { return w.rssPeakBytes; });
    c.pssPeakBytes = spread([](const WindowFigures &w) { return w.pssPeakBytes; });
    c.pooledCount = pooled.count();
    if (pooled.count() > 0)
        c.pooledHistogram = pooled.encode();
    if (pooled.count() > 0)
        c.pooledUs =
            Percentiles{double(pooled.valueAtPercentile(50)), double(pooled.valueAtPercentile(90)),
                        double(pooled.valueAtPercentile(99)),
                        double(pooled.valueAtPercentile(99.9)), double(pooled.max())};
    return c;
}

} // namespace sb::stats
