#include "stats/verdict.h"

#include "stats/studentt.h"
#include "stats/summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace sb::stats {

const char *verdictKey(Verdict v)
{
    switch (v) {
    case Verdict::NotEnoughWindows:
        return "not-enough-windows";
    case Verdict::NoWinner:
        return "no-winner";
    case Verdict::InsideNoiseFloor:
        return "inside-noise-floor";
    case Verdict::InsideDrift:
        return "inside-drift";
    case Verdict::Faster:
        return "faster";
    case Verdict::Slower:
        return "slower";
    }
    return "?";
}

const char *verdictText(Verdict v)
{
    switch (v) {
    case Verdict::NotEnoughWindows:
        return "not enough windows";
    case Verdict::NoWinner:
        return "no winner";
    case Verdict::InsideNoiseFloor:
        return "inside the noise floor";
    case Verdict::InsideDrift:
        return "inside the drift";
    case Verdict::Faster:
        return "faster";
    case Verdict::Slower:
        return "slower";
    }
    return "?";
}

namespace {

// Windows above this a side are not advised: the note then asks for less noise instead.
constexpr int kMostWindowsAdvised = 100;

std::vector<double> positive(const std::vector<double> &values)
{
    std::vector<double> out;
    for (double v : values)
        if (v > 0 && std::isfinite(v))
            out.push_back(v);
    return out;
}

double mean(const std::vector<double> &v)
{
    double s = 0;
    for (double x : v)
        s += x;
    return v.empty() ? 0 : s / double(v.size());
}

double sumOfSquares(const std::vector<double> &v)
{
    const double m = mean(v);
    double s = 0;
    for (double x : v)
        s += (x - m) * (x - m);
    return s;
}

std::vector<double> logs(const std::vector<double> &v)
{
    std::vector<double> out;
    out.reserve(v.size());
    for (double x : v)
        out.push_back(std::log(x));
    return out;
}

// The log-scale difference of one cell and what its noise estimate is made of, in units of one
// paired difference: var(mean difference) = var(difference) * k.
struct CellTerms
{
    bool usable = false; // 2 windows a side or more
    bool paired = false;
    double meanDiff = 0; // mean log(candidate) - mean log(baseline)
    double ss = 0;       // sum of squares, in difference units
    int df = 0;
    double k = 0;
};

// The first value of each round: a cell has one valid window a round; a second (never stored
// today) would not be independent of the first.
std::map<int, double> byRound(const CellWindows &w)
{
    std::map<int, double> out;
    if (w.rounds.size() != w.values.size())
        return out;
    for (std::size_t i = 0; i < w.values.size(); ++i)
        if (w.values[i] > 0 && std::isfinite(w.values[i]))
            out.emplace(w.rounds[i], w.values[i]);
    return out;
}

CellTerms termsOf(const CellPair &cell)
{
    CellTerms t;
    const std::map<int, double> a = byRound(cell.candidate);
    const std::map<int, double> b = byRound(cell.baseline);
    std::vector<double> diffs;
    for (const auto &[round, value] : a)
        if (auto it = b.find(round); it != b.end())
            diffs.push_back(std::log(value) - std::log(it->second));
    if (diffs.size() >= 2) {
        t.usable = t.paired = true;
        t.meanDiff = mean(diffs);
        t.ss = sumOfSquares(diffs);
        t.df = int(diffs.size()) - 1;
        t.k = 1.0 / double(diffs.size());
        return t;
    }
    const std::vector<double> la = logs(positive(cell.candidate.values));
    const std::vector<double> lb = logs(positive(cell.baseline.values));
    if (la.size() < 2 || lb.size() < 2)
        return t;
    t.usable = true;
    t.meanDiff = mean(la) - mean(lb);
    // var(difference of one window a side) = 2 var(one window)
    t.ss = 2 * (sumOfSquares(la) + sumOfSquares(lb));
    t.df = int(la.size() + lb.size()) - 2;
    t.k = (1.0 / double(la.size()) + 1.0 / double(lb.size())) / 2;
    return t;
}

std::string format(const char *fmt, double a, double b = 0, double c = 0)
{
    char buf[240];
    std::snprintf(buf, sizeof buf, fmt, a, b, c);
    return buf;
}

// Windows a side (paired rounds) for a difference of |meanDiff| to reach p < alpha at noise
// `sd`, where `q` is the t quantile the test uses; kMostWindowsAdvised + 1 when more than that.
int windowsFor(double meanDiff, double sd, double q)
{
    if (meanDiff == 0)
        return kMostWindowsAdvised + 1;
    const double n = std::ceil(std::pow(q * sd / std::fabs(meanDiff), 2) + 1e-9);
    return n > kMostWindowsAdvised ? kMostWindowsAdvised + 1 : std::max(2, int(n));
}

std::string noWinnerNote(const Comparison &c, double meanDiff)
{
    const double noisePct = (std::exp(c.noiseSd) - 1) * 100;
    std::string s = format("p = %.2f at %.1f %% window-to-window noise", c.pValue, noisePct);
    if (std::fabs(c.ratio - 1) < 0.005 || meanDiff == 0)
        return s + "; the two are inside the noise";
    // The test and the window count work on the mean of the windows' logs, which can sit far
    // from the medians' ratio (one slow window): name the difference they were computed for.
    const double meanPct = (std::exp(std::fabs(meanDiff)) - 1) * 100;
    if (c.windowsNeeded > kMostWindowsAdvised)
        return s + format(": a mean difference of %.1f %% needs a quieter machine or an A/A noise "
                          "floor to be told apart",
                          meanPct);
    return s + format(": about %.0f windows a side would tell a mean difference of %.1f %% apart",
                      double(c.windowsNeeded), meanPct);
}

} // namespace

std::string ratioString(double r)
{
    if (r >= 1)
        return format("%.2fx", r);
    const int decimals = std::clamp(2 - int(std::floor(std::log10(r))), 3, 12);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*fx", decimals, r);
    return buf;
}

std::vector<Comparison> compareCells(const std::vector<CellPair> &cells,
                                     const CompareOptions &options, const Drift *drift)
{
    std::vector<CellTerms> terms;
    terms.reserve(cells.size());
    double pooledSs = 0;
    int pooledDf = 0;
    for (const CellPair &cell : cells) {
        terms.push_back(termsOf(cell));
        if (terms.back().usable) {
            pooledSs += terms.back().ss;
            pooledDf += terms.back().df;
        }
    }
    const double pooledSd = pooledDf > 0 ? std::sqrt(pooledSs / pooledDf) : 0;
    // Every cell is tested with the pooled degrees of freedom: one quantile for them all.
    const double q = pooledDf > 0 ? studentTQuantile(1 - options.alpha / 2, pooledDf) : 0;
    const double q95 = pooledDf > 0 ? studentTQuantile(0.975, pooledDf) : 0;

    std::vector<Comparison> out;
    out.reserve(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const CellPair &cell = cells[i];
        const CellTerms &t = terms[i];
        Comparison c;
        c.noiseFloor = options.noiseFloor;
        const std::vector<double> a = positive(cell.candidate.values);
        const std::vector<double> b = positive(cell.baseline.values);
        c.candidateWindows = a.size();
        c.baselineWindows = b.size();
        const double medianB = median(b);
        c.ratio = !a.empty() && medianB > 0 ? median(a) / medianB : 0;
        if (!t.usable || pooledDf == 0) {
            c.verdict = Verdict::NotEnoughWindows;
            c.note = format("each side needs at least 2 valid windows (this cell has %.0f and "
                            "%.0f)",
                            double(a.size()), double(b.size()));
            out.push_back(c);
            continue;
        }
        c.paired = t.paired;
        c.df = pooledDf;
        c.noiseSd = std::max(t.df > 0 ? std::sqrt(t.ss / t.df) : 0.0, pooledSd);
        const double se = c.noiseSd * std::sqrt(t.k);
        if (se > 0) {
            const double tStat = t.meanDiff / se;
            c.pValue = 2 * (1 - studentTCdf(std::fabs(tStat), c.df));
            c.low = std::exp(t.meanDiff - q95 * se);
            c.high = std::exp(t.meanDiff + q95 * se);
        } else {
            c.pValue = t.meanDiff == 0 ? 1 : 0;
            c.low = c.high = std::exp(t.meanDiff);
        }
        const bool significant = c.pValue < options.alpha && c.ratio > 0;
        if (!significant) {
            c.verdict = Verdict::NoWinner;
            c.windowsNeeded = windowsFor(t.meanDiff, c.noiseSd, q);
            c.note = noWinnerNote(c, t.meanDiff);
        } else if (options.noiseFloor >= 0 && std::fabs(c.ratio - 1) < options.noiseFloor) {
            c.verdict = Verdict::InsideNoiseFloor;
            c.note = format("|ratio - 1| = %.1f %% is inside the A/A noise floor of %.1f %%",
                            std::fabs(c.ratio - 1) * 100, options.noiseFloor * 100);
        } else if (options.noiseFloor < 0 && std::fabs(c.ratio - 1) < options.minimumEffect) {
            c.verdict = Verdict::InsideNoiseFloor;
            c.note = format("|ratio - 1| = %.1f %% is under the %.0f %% a difference must reach "
                            "without a measured A/A noise floor (the aa profile measures one)",
                            std::fabs(c.ratio - 1) * 100, options.minimumEffect * 100);
        } else if (drift && !drift->measurable) {
            c.verdict = Verdict::InsideDrift;
            c.note = format("runs of different times share %.0f cells: the drift between them "
                            "cannot be measured (%.0f needed), so no cell is called",
                            double(drift->cells), double(kMinDriftCells));
        } else if (drift && c.ratio >= drift->low && c.ratio <= drift->high) {
            c.verdict = Verdict::InsideDrift;
            c.note = "the runs' shared cells moved " + ratioString(drift->shift) +
                     " between the runs: ratios from " + ratioString(drift->low) + " to " +
                     ratioString(drift->high) + " are not called";
        } else {
            const bool higher = c.ratio > 1;
            c.verdict = higher == options.higherIsBetter ? Verdict::Faster : Verdict::Slower;
        }
        out.push_back(c);
    }
    return out;
}

Comparison compareWindows(const std::vector<double> &candidate, const std::vector<double> &baseline,
                          const CompareOptions &options)
{
    return compareCells({CellPair{{candidate, {}}, {baseline, {}}}}, options).front();
}

Drift estimateDrift(const std::vector<double> &ratios, double familyAlpha)
{
    Drift d;
    std::vector<double> l;
    for (double r : ratios)
        if (r > 0 && std::isfinite(r))
            l.push_back(std::log(r));
    d.cells = int(l.size());
    if (l.empty())
        return d;
    const double center = median(l);
    std::vector<double> deviations;
    deviations.reserve(l.size());
    for (double x : l)
        deviations.push_back(std::fabs(x - center));
    d.shift = std::exp(center);
    d.spread = 1.4826 * median(deviations);
    d.measurable = d.cells >= kMinDriftCells;
    if (!d.measurable)
        return d;
    // The median absolute deviation is a third as efficient as a standard deviation (37 % for
    // normal data): its t quantile takes a third of the degrees of freedom.
    const double df = std::max(1.0, 0.37 * double(d.cells - 1));
    const double q = studentTQuantile(1 - familyAlpha / (2 * double(d.cells)), df);
    d.low = std::exp(std::min(0.0, center) - q * d.spread);
    d.high = std::exp(std::max(0.0, center) + q * d.spread);
    return d;
}

} // namespace sb::stats
