#include "stats/bootstrap.h"

#include "stats/random.h"

#include <algorithm>
#include <cmath>

namespace sb::stats {

namespace {

// The median of one resample of `sorted` (ascending): n draws of an index, counted, then the
// middle order statistics read off the counts. Sorting once and counting indices instead of
// selecting among doubles keeps 10,000 resamples cheap. `counts` is scratch of size n.
double resampledMedian(const std::vector<double> &sorted, Random &random,
                       std::vector<uint32_t> &counts)
{
    const std::size_t n = sorted.size();
    counts.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i)
        ++counts[random.below(n)];
    // The value of the k-th smallest (0-based) draw.
    auto orderStatistic = [&](std::size_t k) {
        std::size_t seen = 0;
        for (std::size_t i = 0; i < n; ++i) {
            seen += counts[i];
            if (seen > k)
                return sorted[i];
        }
        return sorted[n - 1];
    };
    const std::size_t mid = n / 2;
    if (n % 2 == 1)
        return orderStatistic(mid);
    return (orderStatistic(mid - 1) + orderStatistic(mid)) / 2;
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
    std::vector<double> sortedA = a;
    std::vector<double> sortedB = b;
    std::sort(sortedA.begin(), sortedA.end());
    std::sort(sortedB.begin(), sortedB.end());
    std::vector<uint32_t> scratch;
    for (int i = 0; i < resamples; ++i) {
        const double ma = resampledMedian(sortedA, random, scratch);
        const double mb = resampledMedian(sortedB, random, scratch);
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
