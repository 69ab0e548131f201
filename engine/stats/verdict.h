#pragma once

// The verdict of one cell's comparison: is the candidate configuration faster or slower than
// the baseline, or can the windows not tell? A verdict is a claim with a known error rate
// (DESIGN.md): tests/engine/tst_verdictrates.cpp measures it in seeded simulations.
//
// Within a run (one candidate configuration against the baseline, one metric, every cell):
//   - each cell's windows are compared on the log scale, paired by round when both sides have a
//     valid window in at least 2 common rounds (a busy round slows both sides alike), else as
//     two independent samples;
//   - the window-to-window noise is pooled over all the comparison's cells (2 windows a side
//     give one degree of freedom a cell; 14 cells give 14): each cell uses the larger of its
//     own and the pooled standard deviation, with the pooled degrees of freedom;
//   - faster/slower when Student's t test gives p < alpha (0.025) and |ratio - 1| is above the
//     A/A noise floor, or, when none was measured, above 5 % (minimumEffect): two processes of
//     one configuration differ by a few percent for as long as they live, which no test on
//     their windows can tell from a real difference. Seed 004's "min-max ranges overlap" is not
//     part of the rule: with 2 windows a side ranges separate by chance one time in three, and with
//     5 they overlap under real 20 % differences.
// Across runs of different times, on top of that, machine drift: the ratios of every cell both
// runs share give the drift (their median) and its spread (1.4826 x the median absolute
// deviation); a cell is called only outside [min(1, drift), max(1, drift)] widened by q spreads,
// where q is Student's t quantile at 1 - familyAlpha / (2 x cells) (a Bonferroni bound: an A/A
// pair of runs calls any cell at all with probability about familyAlpha). Fewer than 6 shared
// cells: the drift cannot be measured and no cell is called.
// Plain C++; any thread.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sb::stats {

enum class Verdict
{
    NotEnoughWindows, // fewer than 2 valid windows on a side, or no noise estimate
    NoWinner,         // the test cannot tell the two apart
    InsideNoiseFloor, // significant, but |ratio - 1| is inside the A/A noise floor
    InsideDrift,      // across runs: significant, but inside the drift the shared cells show
    Faster,
    Slower
};

// "not-enough-windows", "no-winner", "inside-noise-floor", "inside-drift", "faster", "slower"
// (report JSON).
const char *verdictKey(Verdict v);
// "not enough windows", "no winner", "inside the noise floor", "inside the drift", "faster",
// "slower".
const char *verdictText(Verdict v);

// A ratio as every output writes it: two decimals from 1 up (19.58x), three significant digits
// below (0.944x, 0.0635x), trailing zeros kept so that ratios side by side read alike. Only for
// a finite ratio > 0 (report::formatRatio says what the others read).
std::string ratioString(double ratio);

struct CompareOptions
{
    bool higherIsBetter = true; // throughput: higher wins; latency: lower wins
    double noiseFloor = -1;     // |ratio - 1| the harness itself produces (0.03 = 3 %); < 0 unknown
    double minimumEffect = 0.05; // |ratio - 1| a call needs when no noise floor is known
    double alpha = 0.025;        // a cell's false-positive rate within a run
    double familyAlpha = 0.005;  // across runs: chance that an A/A pair calls any cell
    uint64_t seed = 424242;      // kept for callers that seed other statistics
};

// One side of a cell: the metric of each valid window (> 0) and the 0-based round it was
// measured in (same length; empty rounds: no pairing).
struct CellWindows
{
    std::vector<double> values;
    std::vector<int> rounds;
};

struct CellPair
{
    CellWindows candidate;
    CellWindows baseline;
};

// Machine drift between two runs, from the ratios of the cells they share.
struct Drift
{
    bool measurable = false; // at least kMinDriftCells shared cells with a ratio
    int cells = 0;           // shared cells with a ratio
    double shift = 1;        // median ratio candidate run / baseline run
    double spread = 0;       // robust standard deviation of the log ratios (1.4826 x MAD)
    double low = 1;          // ratios inside [low, high] are not called
    double high = 1;
};
inline constexpr int kMinDriftCells = 6;

struct Comparison
{
    Verdict verdict = Verdict::NotEnoughWindows;
    double ratio = 0;       // median(candidate) / median(baseline); 0 when not computable
    double low = 0;         // 95 % interval of the ratio (geometric means, pooled noise);
    double high = 0;        // 0, 0 when the windows cannot support one
    double pValue = 1;      // two-sided t-test p-value on the log scale (1 when not computed)
    bool paired = false;    // compared round by round
    double noiseSd = 0;     // log-scale standard deviation used (the cell's or the pooled)
    int df = 0;             // its degrees of freedom
    int windowsNeeded = 0;  // windows a side that would tell a difference of this size apart
                            // at this noise (0: these do, or the ratio is 1)
    double noiseFloor = -1; // as given
    std::size_t candidateWindows = 0;
    std::size_t baselineWindows = 0;
    std::string note; // one plain sentence beside the verdict: why none, or what would give one
};

// Compares every cell of one comparison, pooling the noise over them (see the top of this
// file). With `drift` (two runs of different times), cells inside its band read InsideDrift.
std::vector<Comparison> compareCells(const std::vector<CellPair> &cells,
                                     const CompareOptions &options = {},
                                     const Drift *drift = nullptr);

// One cell on its own noise (no pooling, no pairing): the same rule with fewer degrees of
// freedom.
Comparison compareWindows(const std::vector<double> &candidate, const std::vector<double> &baseline,
                          const CompareOptions &options = {});

// The drift between two runs from `ratios`: median(candidate run) / median(baseline run) of
// each cell both runs measured (any configuration; ratios <= 0 are skipped).
Drift estimateDrift(const std::vector<double> &ratios, double familyAlpha = 0.005);

} // namespace sb::stats
