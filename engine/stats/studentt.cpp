#include "stats/studentt.h"

#include <cmath>
#include <limits>

namespace sb::stats {

namespace {

// The continued fraction of the regularized incomplete beta function (modified Lentz).
double betaContinuedFraction(double a, double b, double x)
{
    constexpr double tiny = 1e-300;
    constexpr double eps = 1e-15;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = 1 / (std::fabs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 500; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + aa * d;
        d = 1 / (std::fabs(d) < tiny ? tiny : d);
        c = 1 + aa / c;
        c = std::fabs(c) < tiny ? tiny : c;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + aa * d;
        d = 1 / (std::fabs(d) < tiny ? tiny : d);
        c = 1 + aa / c;
        c = std::fabs(c) < tiny ? tiny : c;
        const double delta = d * c;
        h *= delta;
        if (std::fabs(delta - 1) < eps)
            break;
    }
    return h;
}

// I_x(a, b), the regularized incomplete beta function.
double incompleteBeta(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                  a * std::log(x) + b * std::log1p(-x));
    if (x < (a + 1) / (a + b + 2))
        return front * betaContinuedFraction(a, b, x) / a;
    return 1 - front * betaContinuedFraction(b, a, 1 - x) / b;
}

} // namespace

double studentTCdf(double t, double df)
{
    if (!(df > 0) || std::isnan(t))
        return std::numeric_limits<double>::quiet_NaN();
    if (std::isinf(t))
        return t > 0 ? 1 : 0;
    const double tail = 0.5 * incompleteBeta(df / 2, 0.5, df / (df + t * t));
    return t > 0 ? 1 - tail : tail;
}

double studentTQuantile(double p, double df)
{
    if (!(p > 0 && p < 1) || !(df > 0))
        return std::numeric_limits<double>::quiet_NaN();
    double low = -1, high = 1;
    while (studentTCdf(low, df) > p)
        low *= 2;
    while (studentTCdf(high, df) < p)
        high *= 2;
    for (int i = 0; i < 200 && high - low > 1e-10 * std::max(1.0, std::fabs(high)); ++i) {
        const double mid = (low + high) / 2;
        (studentTCdf(mid, df) < p ? low : high) = mid;
    }
    return (low + high) / 2;
}

} // namespace sb::stats
