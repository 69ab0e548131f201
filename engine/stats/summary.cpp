#include "stats/summary.h"

#include <algorithm>

namespace sb::stats {

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    const std::size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(mid), values.end());
    const double upper = values[mid];
    if (values.size() % 2 == 1)
        return upper;
    const double lower = *std::max_element(values.begin(), values.begin() + std::ptrdiff_t(mid));
    return (lower + upper) / 2;
}

Spread summarize(const std::vector<double> &values)
{
    Spread s;
    s.n = values.size();
    if (values.empty())
        return s;
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    s.min = *lo;
    s.max = *hi;
    s.median = median(values);
    s.spread = s.n >= 2 && s.median != 0 ? (s.max - s.min) / s.median : 0;
    return s;
}

} // namespace sb::stats
