#pragma once

// Where the ceiling is: where a window's CPU went, what bound it, and where a configuration's
// throughput stopped growing with concurrency. Decisions are pure functions of the figures, with
// the thresholds below (DESIGN.md's words; every report prints them in its definitions).
// Plain C++; any thread.

#include <string>
#include <vector>

namespace sb::stats {

// Thresholds of the bound classifier and the saturation point.
inline constexpr double kClientBusyShare = 0.90;  // generator threads this busy: client-bound
inline constexpr double kMachineIdleShare = 0.05; // machine idle below this share: machine-bound
inline constexpr double kPlateauShare = 0.90;     // tree cores at >= this share of their plateau
inline constexpr double kFlatShare = 0.10;        // throughput within +-10 %: flat
inline constexpr double kFlatExponent = 0.2;      // a window against a neighbouring level:
                                                  // flat when throughput grew less than the
                                                  // concurrency ratio to this power (1.15x for
                                                  // 2x the connections, 1.52x for 8x)
inline constexpr double kPastShare = 0.20;        // the highest level this far below the peak:
                                                  // past saturation (a level's median carries
                                                  // ~5 % noise: 10 % called one flat server in
                                                  // eight past it, tst_ceilingrates)
inline constexpr double kContendedShare = 0.10;   // foreign CPU at least this share of a full
                                                  // machine: contended, not machine-bound
inline constexpr double kWaitCoresShare = 0.50;   // tree below this share of one core and
inline constexpr double kWaitIdleShare = 0.25;    // the machine this idle: the server waits

// The CPU figures of one window, in cores (1.0 = one core busy for the whole window).
struct WindowCpu
{
    double serverCores = 0;    // the server tree
    double databaseCores = 0;  // excluded processes (database backends)
    double generatorCores = 0; // the load engine's threads
    double ownCores = 0;       // Stackbench itself, without the load engine
    double foreignCores = 0;   // everything else
    int machineCores = 0;      // online CPUs of the machine
    int generatorThreads = 0;  // load engine worker threads
};

// Shares of the machine (0..1, summing to 1; idle takes what is left, never below 0).
struct CpuShares
{
    double server = 0;
    double database = 0;
    double generator = 0;
    double own = 0;
    double foreign = 0;
    double idle = 0;
};
CpuShares cpuShares(const WindowCpu &cpu);

enum class Bound
{
    Client,    // the load engine was the limit: its threads were >= 90 % busy
    Machine,   // the measured parties (server tree, database, load engine) left < 5 % idle
    Contended, // other processes took the machine (< 5 % idle, >= 10 % foreign): no ceiling
               // can be read; the foreign processes are named
    Waits,     // throughput flat with the tree below half a core and the machine >= 25 %
               // idle: the server waits on something (a sleep, a lock, a pool, a downstream)
    Database,  // the database used more CPU than the server tree, and the tree was below its
               // CPU set (when pinned) or its plateau
    Server,    // the tree filled the CPUs its CPU set allows, or throughput was flat against a
               // neighbouring concurrency with the tree at its plateau
    None       // nothing saturated: raise concurrency (an open loop: the rate)
};
// "client", "machine", "contended", "waits", "database", "server", "none".
const char *boundKey(Bound b);

// What the classifier needs beside the window's CPU: its throughput and that of the same
// configuration and route at the neighbouring concurrency levels (medians; < 0 = no such level),
// and the tree's plateau: its highest median cores over the concurrency levels measured.
struct BoundContext
{
    double okPerS = 0;
    double lowerOkPerS = -1;
    double higherOkPerS = -1;
    double plateauCores = 0;
    int serverCpus = 0; // CPUs the tree may run on (its CPU set), 0 = not restricted
    // The latency floor of this configuration and route: the lowest median p50 over its
    // concurrency levels, microseconds (0 = unknown); the "waits" sentence quotes it.
    double floorP50Us = 0;
    std::string foreignTop; // the foreign processes that took the most CPU, e.g. "cc1plus
                            // (pid 4242) 0.93 cores, make (pid 4200) 0.10 cores"; may be empty
    // The concurrency of this level and of its neighbours (0 = unknown: flat then means
    // within kFlatShare).
    int concurrency = 0;
    int lowerConcurrency = 0;
    int higherConcurrency = 0;
    // The load was an open loop (a fixed rate): when nothing saturated, the advice is a higher
    // rate, not more connections (they only carry the rate).
    bool openLoop = false;
};

struct BoundFinding
{
    Bound bound = Bound::None;
    std::string because; // the figures that decided it, one sentence
};

// Whether throughput stayed flat between two concurrency levels (any order): it grew less than
// the concurrency ratio to kFlatExponent, or fell. Without both concurrencies (0) or at equal
// ones: within kFlatShare. The bound and the saturation point both use it, so a cell called
// server-bound "flat against the next level" is never in a "still rising" configuration.
bool flatBetween(double okPerS, int concurrency, double otherOkPerS, int otherConcurrency);

// The most throughput may grow from `fromConcurrency` to `toConcurrency` and still be flat:
// (to / from) ^ kFlatExponent (1.58 for 10x the connections). 1 + kFlatShare without both.
double flatGrowthLimit(int fromConcurrency, int toConcurrency);

// The first rule that holds, in the order client, server (its CPU set full: at least
// kPlateauShare of serverCpus busy), machine or contended (< 5 % idle: contended when foreign
// CPU took >= 10 % of the machine), database, waits, server (flat at its plateau), none.
BoundFinding classifyBound(const WindowCpu &cpu, const BoundContext &context);

// One concurrency level of a configuration and route: the cell's medians.
struct Level
{
    int concurrency = 0;
    double okPerS = 0;
    double p50Us = 0;
};

struct Saturation
{
    bool saturated = false;  // throughput stopped growing within the levels measured
    bool past = false;       // and then fell more than kPastShare below its peak
    int fromConcurrency = 0; // the lowest level from which every higher one is flat against it
                             // (flatBetween; past: the peak's level)
    double p50Growth = 0;    // p50 at the highest level / p50 at fromConcurrency
    std::string sentence;    // "throughput flat from c=10 on (c=100: +39 % for 10x the
                             // connections, flat up to +58 %) while p50 grew 7.1x",
                             // "past saturation: throughput fell 25 % from c=10 to c=200 while
                             // p50 grew 9.0x", "throughput still rising at c=500 (+80 % from
                             // c=100 for 5x the connections, flat up to +38 %): not saturated"
};

// The saturation point over `levels` (any order; at least two are needed), by the same flat
// rule as classifyBound.
Saturation saturationPoint(std::vector<Level> levels);

} // namespace sb::stats
