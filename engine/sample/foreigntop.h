#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <sys/types.h>

// The processes behind the foreign CPU: the few busiest over a span (an interval or a window),
// kept in a fixed-size value so that the sampler allocates nothing per interval for them. Plain
// values; any thread.
namespace sb::sample {

// At most this many processes are named.
constexpr int kForeignTopSize = 3;
// A process is named when it used at least this many cores over the span (1.0 = one core).
constexpr double kForeignTopMinCores = 0.05;
// A process name's buffer: the kernel's comm is at most 15 bytes, plus the NUL.
constexpr size_t kProcessNameBytes = 16;

// `comm` (the kernel's process name, /proc/PID/comm, which any process can set to any bytes)
// made safe for every text it may land in: at most 15 bytes, printable ASCII only, and none of
// the characters HTML or a shell quote reads as markup (< > & " ' ` \); every other byte becomes
// '?'. So a name can neither break a terminal line, colour it, nor open a tag. "" stays "".
std::string sanitizedProcessName(std::string_view comm);

// One process and its CPU over a span.
struct ForeignProcess
{
    pid_t pid = 0;
    char name[kProcessNameBytes] = {}; // sanitizedProcessName(), NUL-terminated
    int64_t cpuNs = 0;                 // CPU it used in the span, ns
    double cores = 0;                  // cpuNs / the span (1.0 = one core), set by rate()
};

// The busiest processes of a span, busiest first (equal ones in the order offered).
struct ForeignTop
{
    std::array<ForeignProcess, kForeignTopSize> items{};
    int count = 0;

    // Keeps the process when it is among the kForeignTopSize busiest so far; cpuNs <= 0 is
    // ignored. Each call is one entry (no merging by pid). `name` is taken as it is (sanitise
    // it first) and cut to 15 bytes.
    void offer(pid_t pid, const char *name, int64_t cpuNs);
    // Adds another span's list to this one: the same pid's CPU summed, then the busiest kept
    // (what folding two intervals into one needs). cores are left to rate().
    void merge(const ForeignTop &other);
    // Sets each process's cores over `spanNs` and drops those under kForeignTopMinCores
    // (all of them when spanNs <= 0).
    void rate(int64_t spanNs);

    const ForeignProcess *begin() const { return items.data(); }
    const ForeignProcess *end() const { return items.data() + count; }
    bool empty() const { return count == 0; }
};

} // namespace sb::sample
