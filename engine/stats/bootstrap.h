#pragma once

// A seeded percentile bootstrap of the ratio of two medians. Plain C++; any thread.

#include <cstdint>
#include <vector>

namespace sb::stats {

struct Interval
{
    double low = 0;  // lower bound
    double high = 0; // upper bound
};

// The `level` (0.95) percentile interval of median(a*) / median(b*) over `resamples`
// resamplings of each sample with replacement, drawn from stats::Random(seed): the same inputs
// and seed give the same interval everywhere. Resamples whose baseline median is 0 are skipped.
// Both samples must be non-empty; {0, 0} otherwise.
Interval bootstrapRatioOfMedians(const std::vector<double> &a, const std::vector<double> &b,
                                 uint64_t seed, int resamples = 10'000, double level = 0.95);

} // namespace sb::stats
