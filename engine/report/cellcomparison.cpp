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

stats::Comparison compareCell(const std::vector<double> &candidate,
                              const std::vector<double> &baseline, const ReportOptions &options,
                              bool higherIsBetter)
{
    return stats::compareWindows(candidate, baseline, compareOptions(options, higherIsBetter));
}

} // namespace sb::report
