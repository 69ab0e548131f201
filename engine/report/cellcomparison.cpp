#include "report/cellcomparison.h"

namespace sb::report {

stats::CompareOptions compareOptions(const ReportOptions &options, bool higherIsBetter)
{
    stats::CompareOptions o;
    o.higherIsBetter = higherIsBetter;
    o.noiseFloor = options.noiseFloor;
    o.seed = options.seed;
    return o;
}

bool higherIsBetter(const QString &metric)
{
    return metric == QLatin1String("ok_per_s") || metric == QLatin1String("per_cpu_s");
}

stats::CellWindows cellWindows(const CellReport &cell, const QString &metric)
{
    stats::CellWindows w;
    w.values = metric == QLatin1String("per_cpu_s") ? cell.perCpuS
               : metric == QLatin1String("p50")     ? cell.p50Us
               : metric == QLatin1String("p99")     ? cell.p99Us
                                                    : cell.okPerS;
    if (cell.rounds.size() == w.values.size())
        w.rounds = cell.rounds;
    return w;
}

std::vector<stats::Comparison> compareCellPairs(const std::vector<stats::CellPair> &pairs,
                                                const ReportOptions &options, bool higherIsBetter,
                                                const stats::Drift *drift)
{
    return stats::compareCells(pairs, compareOptions(options, higherIsBetter), drift);
}

} // namespace sb::report
