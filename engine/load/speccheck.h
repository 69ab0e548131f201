#pragma once

// The checks LoadEngine::start() makes before it allocates anything: every value of a LoadSpec
// against core/limits.h (so that no duration, rate or count can overflow the workers' nanosecond
// arithmetic), the CPU set against the CPUs this process may use, and the window's needs (file
// descriptors, memory) against what the machine allows. The decisions are pure functions of their
// arguments (any thread); only readMachine() and raiseFdLimit() look at the process.

#include "core/result.h"
#include "load/loadspec.h"

#include <cstdint>
#include <vector>

namespace sb::load {

// Every value of `spec` within its bounds, or code "load.spec" with the value and the bound:
// "timeout (10000000000000 ms) must be at most 1 day". Only the values the spec's mode uses are
// checked (the rate in open loop, the duration without a request limit).
sb::Status checkSpec(const LoadSpec &spec);

// What a window needs from the machine, estimated before anything is allocated.
struct ResourceNeeds
{
    int64_t fds = 0;           // file descriptors: sockets, event loops, eventfds, already open
    int64_t residentBytes = 0; // heap the engine touches: histograms, buffers, connection table
    int64_t addressBytes = 0;  // address space: residentBytes plus the threads' stacks
};

// What the machine allows, as readMachine() found it; -1 = no limit or unknown.
struct MachineLimits
{
    int64_t fdsOpen = 0;          // file descriptors this process holds now
    int64_t fdSoftLimit = -1;     // RLIMIT_NOFILE
    int64_t fdHardLimit = -1;     // RLIMIT_NOFILE (the soft limit may be raised up to it)
    int64_t memAvailable = -1;    // bytes: MemAvailable, or less when the cgroup allows less
    int64_t addressLimit = -1;    // bytes: RLIMIT_AS
    int64_t addressUsed = 0;      // bytes: this process's VmSize
    int64_t stackBytes = 8 << 20; // a new thread's stack (RLIMIT_STACK, as glibc uses it)
    std::vector<int> cpus;        // CPUs this process may run on (sched_getaffinity)
};

// Reads the limits of this process and machine.
MachineLimits readMachine();

// The needs of `spec` (threads already capped at connections) on a machine like `m`.
ResourceNeeds estimateNeeds(const LoadSpec &spec, const MachineLimits &m);

// Whether the needs fit. Code "load.resources", where empty, with the real reason: "50000000
// connections need 50000010 file descriptors; the limit is 20000 (ulimit -n)", "256 threads and
// 1000 connections need about 1.2 GiB of memory; 600 MiB is available". A soft fd limit below the
// need is fine when the hard limit allows it (start() raises it). `cpus` not available to the
// process are code "load.spec": "CPU 5 is not available to this process (it may use 0-1)".
sb::Status checkResources(const LoadSpec &spec, const ResourceNeeds &needs, const MachineLimits &m);

// Raises the soft RLIMIT_NOFILE to at least `fds` (at most the hard limit). Errors:
// "load.resources" when setrlimit refuses.
sb::Status raiseFdLimit(int64_t fds, const MachineLimits &m);

} // namespace sb::load
