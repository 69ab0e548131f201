#include "stats/mannwhitney.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <utility>

namespace sb::stats {

namespace {

struct Ranked
{
    std::vector<int64_t> doubledRanks; // 2 x mid-rank of every pooled value, first sample first
    double tieTerm = 0;                // sum over tie groups of (t^3 - t)
};

Ranked rank(const std::vector<double> &a, const std::vector<double> &b)
{
    std::vector<std::pair<double, std::size_t>> pooled;
    pooled.reserve(a.size() + b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        pooled.emplace_back(a[i], i);
    for (std::size_t i = 0; i < b.size(); ++i)
        pooled.emplace_back(b[i], a.size() + i);
    std::sort(pooled.begin(), pooled.end());
    Ranked r;
    r.doubledRanks.assign(pooled.size(), 0);
    for (std::size_t i = 0; i < pooled.size();) {
        std::size_t j = i;
        while (j + 1 < pooled.size() && pooled[j + 1].first == pooled[i].first)
            ++j;
        // Ranks i+1 .. j+1 share their mean; doubled it is an integer.
        const int64_t doubled = int64_t(i + 1) + int64_t(j + 1);
        for (std::size_t k = i; k <= j; ++k)
            r.doubledRanks[pooled[k].second] = doubled;
        const double t = double(j - i + 1);
        r.tieTerm += t * t * t - t;
        i = j + 1;
    }
    return r;
}

// The number of ways to choose n1 of the pooled doubled ranks, per rank sum (long double:
// C(50, 25) is ~1.3e14, exact in its 64-bit mantissa). Only sums a choice can reach are walked.
std::vector<long double> rankSumCounts(const std::vector<int64_t> &ranks, std::size_t n1)
{
    std::vector<int64_t> sorted = ranks;
    std::sort(sorted.begin(), sorted.end());
    int64_t maxSum = 0;
    for (std::size_t i = 0; i < n1; ++i)
        maxSum += sorted[sorted.size() - 1 - i];
    std::vector<std::vector<long double>> ways(n1 + 1,
                                               std::vector<long double>(size_t(maxSum) + 1, 0));
    ways[0][0] = 1;
    int64_t reach = 0; // the largest sum any choice of the items so far can have
    for (std::size_t item = 0; item < sorted.size(); ++item) {
        const int64_t r = sorted[item];
        reach = std::min(maxSum, reach + r);
        for (std::size_t k = std::min(n1, item + 1); k >= 1; --k) {
            std::vector<long double> &to = ways[k];
            const std::vector<long double> &from = ways[k - 1];
            for (int64_t s = reach; s >= r; --s)
                to[size_t(s)] += from[size_t(s - r)];
        }
    }
    return std::move(ways[n1]);
}

// P(|W - mu| >= |w - mu|) over every choice of n1 of the pooled doubled ranks. Without ties
// the counts depend on the sample sizes only, so they are kept per (n1, n2) for the thread.
double exactP(const std::vector<int64_t> &ranks, std::size_t n1, int64_t observed, bool ties)
{
    const std::size_t n = ranks.size();
    thread_local std::map<std::pair<std::size_t, std::size_t>, std::vector<long double>> cache;
    std::vector<long double> computed;
    const std::vector<long double> *counts = nullptr;
    if (ties) {
        computed = rankSumCounts(ranks, n1);
        counts = &computed;
    } else {
        auto it = cache.find({n1, n});
        if (it == cache.end())
            it = cache.emplace(std::make_pair(n1, n), rankSumCounts(ranks, n1)).first;
        counts = &it->second;
    }
    const int64_t mu = int64_t(n1) * int64_t(n + 1); // E[2W]
    const int64_t distance = std::llabs(observed - mu);
    long double total = 0;
    long double extreme = 0;
    for (std::size_t s = 0; s < counts->size(); ++s) {
        const long double w = (*counts)[s];
        total += w;
        if (std::llabs(int64_t(s) - mu) >= distance)
            extreme += w;
    }
    return total > 0 ? double(std::min<long double>(1, extreme / total)) : 1;
}

double normalP(const Ranked &r, std::size_t n1, std::size_t n2, double u)
{
    const double n = double(n1 + n2);
    const double mean = double(n1) * double(n2) / 2;
    const double variance = double(n1) * double(n2) / 12 * ((n + 1) - r.tieTerm / (n * (n - 1)));
    if (variance <= 0)
        return 1;
    const double z = std::max(0.0, std::fabs(u - mean) - 0.5) / std::sqrt(variance);
    return std::min(1.0, std::erfc(z / std::sqrt(2.0)));
}

} // namespace

MannWhitney mannWhitney(const std::vector<double> &a, const std::vector<double> &b)
{
    MannWhitney result;
    if (a.empty() || b.empty())
        return result;
    const Ranked r = rank(a, b);
    int64_t doubledSum = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        doubledSum += r.doubledRanks[i];
    const double n1 = double(a.size());
    result.u = double(doubledSum) / 2 - n1 * (n1 + 1) / 2;
    if (a.size() + b.size() <= std::size_t(kExactLimit)) {
        result.p = exactP(r.doubledRanks, a.size(), doubledSum, r.tieTerm > 0);
        result.exact = true;
    } else {
        result.p = normalP(r, a.size(), b.size(), result.u);
        result.exact = false;
    }
    return result;
}

double minimumPValue(int n1, int n2)
{
    if (n1 <= 0 || n2 <= 0)
        return 1;
    // C(n1 + n2, n1) as a double; 2 / C grows tiny quickly, which is all that matters here.
    double c = 1;
    const int k = std::min(n1, n2);
    const int n = n1 + n2;
    for (int i = 1; i <= k; ++i)
        c = c * double(n - k + i) / double(i);
    return std::min(1.0, 2.0 / c);
}

int windowsNeededFor(double alpha)
{
    for (int n = 2; n < 1000; ++n)
        if (minimumPValue(n, n) < alpha)
            return n;
    return 1000;
}

} // namespace sb::stats
