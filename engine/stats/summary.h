#pragma once

// Order statistics of a cell's windows: median, min, max and spread. Plain C++; any thread.

#include <cstddef>
#include <vector>

namespace sb::stats {

// What a cell reports for one figure over its valid windows.
struct Spread
{
    std::size_t n = 0; // number of values
    double median = 0; // middle value; the mean of the middle two for an even count; 0 when n == 0
    double min = 0;    // smallest value; 0 when n == 0
    double max = 0;    // largest value; 0 when n == 0
    double spread = 0; // (max - min) / median; 0 when n < 2 or the median is 0
};

// The median of `values` (any order). 0 when empty.
double median(std::vector<double> values);

// Median, min, max and spread of `values` (any order).
Spread summarize(const std::vector<double> &values);

} // namespace sb::stats
