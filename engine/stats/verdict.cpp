#include "stats/verdict.h"

#include "stats/bootstrap.h"
#include "stats/mannwhitney.h"
#include "stats/summary.h"

#include <cmath>
#include <cstdio>

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
    case Verdict::Faster:
        return "faster";
    case Verdict::Slower:
        return "slower";
    }
    return "?";
}

namespace {

std::string reachabilityNote(const Comparison &c, double alpha)
{
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "%zu vs %zu windows cannot reach p < %g (the least p is %.3f); %d a side would",
                  c.candidateWindows, c.baselineWindows, alpha, c.minimumP, c.windowsNeeded);
    return buf;
}

} // namespace

Comparison compareWindows(const std::vector<double> &candidate, const std::vector<double> &baseline,
                          const CompareOptions &options)
{
    Comparison c;
    c.noiseFloor = options.noiseFloor;
    c.candidateWindows = candidate.size();
    c.baselineWindows = baseline.size();
    const Spread a = summarize(candidate);
    const Spread b = summarize(baseline);
    c.ratio = b.median != 0 ? a.median / b.median : 0;
    if (candidate.size() < 2 || baseline.size() < 2) {
        c.verdict = Verdict::NotEnoughWindows;
        c.note = "each side needs at least 2 valid windows";
        return c;
    }
    const Interval interval =
        bootstrapRatioOfMedians(candidate, baseline, options.seed, options.resamples);
    c.low = interval.low;
    c.high = interval.high;
    const MannWhitney mw = mannWhitney(candidate, baseline);
    c.pValue = mw.p;
    c.pExact = mw.exact;
    c.minimumP = minimumPValue(int(candidate.size()), int(baseline.size()));
    c.pReachable = c.minimumP < options.alpha;
    c.windowsNeeded = c.pReachable ? 0 : windowsNeededFor(options.alpha);

    if (rangesOverlap(a, b)) {
        c.verdict = Verdict::NoWinner;
        c.note = "the min-max ranges of the windows overlap";
    } else if (options.noiseFloor >= 0 && std::fabs(c.ratio - 1) < options.noiseFloor) {
        c.verdict = Verdict::InsideNoiseFloor;
        char buf[120];
        std::snprintf(buf, sizeof buf, "|ratio - 1| = %.1f %% is below the noise floor of %.1f %%",
                      std::fabs(c.ratio - 1) * 100, options.noiseFloor * 100);
        c.note = buf;
    } else {
        const bool higher = a.median > b.median;
        c.verdict = higher == options.higherIsBetter ? Verdict::Faster : Verdict::Slower;
        if (!c.pReachable)
            c.note = reachabilityNote(c, options.alpha);
    }
    return c;
}

} // namespace sb::stats
