#pragma once

// The verdict of one cell's comparison: is the candidate configuration faster or slower than
// the baseline, or can the windows not tell? Rules, first that applies (DESIGN.md, seeds 000
// and 004):
//   1. fewer than 2 valid windows on a side          -> NotEnoughWindows
//   2. the min-max ranges of the two sides overlap   -> NoWinner
//   3. |ratio - 1| below the noise floor, when known -> InsideNoiseFloor
//   4. otherwise                                     -> Faster / Slower
// with, whenever each side has 2 windows or more, the ratio of medians, its seeded bootstrap
// 95 % interval and the exact Mann-Whitney U p-value, plus whether p < alpha is reachable at all
// with these window counts (3 vs 3 cannot go below 0.1) and how many windows a side would make it
// reachable. Plain C++; any thread.

#include <cstdint>
#include <string>
#include <vector>

namespace sb::stats {

enum class Verdict
{
    NotEnoughWindows,
    NoWinner,
    InsideNoiseFloor,
    Faster,
    Slower
};

// "not-enough-windows", "no-winner", "inside-noise-floor", "faster", "slower" (report JSON).
const char *verdictKey(Verdict v);
// "not enough windows", "no winner", "inside the noise floor", "faster", "slower".
const char *verdictText(Verdict v);

struct CompareOptions
{
    bool higherIsBetter = true; // throughput: higher wins; latency: lower wins
    double noiseFloor = -1;     // |ratio - 1| the harness itself produces (0.03 = 3 %); < 0 unknown
    uint64_t seed = 424242;     // bootstrap seed
    int resamples = 10'000;     // bootstrap resamples
    double alpha = 0.05;        // significance level for the reachability note
};

struct Comparison
{
    Verdict verdict = Verdict::NotEnoughWindows;
    double ratio = 0;        // median(candidate) / median(baseline); 0 when not computable
    double low = 0;          // bootstrap interval of the ratio (0, 0 when not computed)
    double high = 0;         //
    double pValue = 1;       // two-sided Mann-Whitney U p-value (1 when not computed)
    bool pExact = true;      // exact permutation p (false: normal approximation)
    double minimumP = 1;     // the smallest p these window counts can reach
    bool pReachable = false; // minimumP < alpha
    int windowsNeeded = 0;   // windows a side for p < alpha to be reachable; 0 when it is
    double noiseFloor = -1;  // as given
    std::size_t candidateWindows = 0;
    std::size_t baselineWindows = 0;
    std::string note; // one sentence beside the verdict, may be empty
};

// Compares the candidate's valid windows with the baseline's (one value per window).
Comparison compareWindows(const std::vector<double> &candidate, const std::vector<double> &baseline,
                          const CompareOptions &options = {});

} // namespace sb::stats
