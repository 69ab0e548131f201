#pragma once

// CPU sets as Linux writes them ("0", "0-3", "0,2,4-5"; taskset -c, /sys/.../cpulist): the
// configurations' and the load engine's CPU lanes. Pure functions; any thread.

#include "core/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace sb {

// Parses a CPU list into sorted, distinct CPU numbers (0 .. 1023). Errors: "value.syntax"
// (detail quotes the text and names the bad part), "value.range" (a CPU number above 1023, a
// range written backwards). An empty text is an error too: "no CPU set" is written by leaving the
// key out.
Result<std::vector<int>> parseCpuList(std::string_view text);

// The canonical form: sorted, ranges collapsed ("0-3,6").
std::string formatCpuList(const std::vector<int> &cpus);

// The CPUs in both sets, sorted.
std::vector<int> cpuOverlap(const std::vector<int> &a, const std::vector<int> &b);

} // namespace sb
