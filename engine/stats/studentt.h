#pragma once

// Student's t distribution, for the verdicts' tests and intervals. Plain C++; any thread.

namespace sb::stats {

// P(T <= t) for T with `df` > 0 degrees of freedom (df may be fractional). NaN when df <= 0.
double studentTCdf(double t, double df);

// The t with P(T <= t) = p, for 0 < p < 1 and df > 0 (bisection on studentTCdf to 1e-10);
// NaN outside that range.
double studentTQuantile(double p, double df);

} // namespace sb::stats
