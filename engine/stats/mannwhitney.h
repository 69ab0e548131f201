#pragma once

// The Mann-Whitney U test (Wilcoxon rank-sum) of two independent samples, two-sided: how likely
// a separation of ranks at least this large is when both samples come from one distribution.
// Plain C++; any thread.

#include <vector>

namespace sb::stats {

struct MannWhitney
{
    double u = 0;      // U of the first sample: pairs (a, b) with a > b, ties counting 1/2
    double p = 1;      // two-sided p-value
    bool exact = true; // p from the exact permutation distribution (ties included); false: the
                       // normal approximation with tie and continuity correction (large samples)
};

// Samples of at most kExactLimit values in total get the exact distribution of the rank sum
// over all ways to split the pooled (mid-ranked) values, so ties are exact too; larger ones the
// normal approximation. p = 1 when either sample is empty.
inline constexpr int kExactLimit = 50;
MannWhitney mannWhitney(const std::vector<double> &a, const std::vector<double> &b);

// The smallest two-sided p-value samples of n1 and n2 distinct values can reach (complete
// separation): 2 / C(n1 + n2, n1), at most 1. 3 vs 3 gives 0.1.
double minimumPValue(int n1, int n2);

// The smallest n such that n vs n windows can reach p < alpha (benchstat's "need more
// samples" advice): 4 for alpha = 0.05.
int windowsNeededFor(double alpha);

} // namespace sb::stats
