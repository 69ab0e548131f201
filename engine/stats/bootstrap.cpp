#include "stats/bootstrap.h"

#include "stats/random.h"

#include <algorithm>
#include <cmath>

namespace sb::stats {

namespace {

// Median of a resample drawn into `scratch` (reused between resamples).
double resampledMedian(const std::vector<double> &values, Random &random,
                       std::vector<double> &scratch)
{
    const std::size_t n = values.size();
    scratch.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        scratch[i] = values[random.below(n)];
    const std::size_t mid = n / 2;
    std::nth_element(scratch.begin(), scratch.begin() + std::ptrdiff_t(mid), scratch.end());
    const double upper = scratch[mid];
    if (n % 2 == 1)
        return upper;
    return (*std::max_element(scratch.begin(), scratch.begin() + std::ptrdiff_t(mid)) + upper) / 2;
}

// The q-quantile (0..1) of sorted values, linear between neighbours.
double quantile(const std::vector<double> &sorted, double q)
{
    const double pos = q * double(sorted.size() - 1);
    const std::size_t i = std::size_t(std::floor(pos));
    const std::size_t j = std::min(i + 1, sorted.size() - 1);
    return sorted[i] + (sorted[j] - sorted[i]) * (pos - double(i));
}

} // namespace

Interval bootstrapRatioOfMedians(const std::vector<double> &a, const std::vector<double> &b,
                                 uint64_t seed, int resamples, double level)
{
    if (a.empty() || b.empty() || resamples < 1)
        return {};
    Random random(seed);
    std::vector<double> ratios;
    ratios.reserve(std::size_t(resamples));
    std::vector<double> scratch;
    for (int i = 0; i < resamples; ++i) {
        const double ma = resampledMedian(a, random, scratch);
        const double mb = resampledMedian(b, random, scratch);
        if (mb != 0)
            ratios.push_back(ma / mb);
    }
    if (ratios.empty())
        return {};
    std::sort(ratios.begin(), ratios.end());
    const double tail = (1 - level) / 2;
    return Interval{quantile(ratios, tail), quantile(ratios, 1 - tail)};
}

} // namespace sb::stats
