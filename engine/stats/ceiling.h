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
    Client,   // the load engine was the limit: its threads were >= 90 % busy
    Machine,  // the machine had < 5 % of its cores idle
    Database, // the database used more CPU than the server tree, and the tree was below its
              // CPU set (when pinned) or its plateau
    Server,   // the tree filled the CPUs its CPU set allows, or throughput was flat against a
              // neighbouring concurrency with the tree at its plateau
    None      // nothing saturated: raise concurrency
};
// "client", "machine", "database", "server", "none".
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
};

struct BoundFinding
{
    Bound bound = Bound::None;
    std::string because; // the figures that decided it, one sentence
};

// The first rule that holds, in the order client, machine, server (its CPU set full: at least
// kPlateauShare of serverCpus busy), database, server (flat at its plateau), none.
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
    int fromConcurrency = 0; // the lowest level from which every higher one is within +-10 %
    double p50Growth = 0;    // p50 at the highest level / p50 at fromConcurrency
    std::string sentence;    // "throughput within 10 % from c=10 on while p50 grew 5.0x"
};

// The saturation point over `levels` (any order; at least two are needed).
Saturation saturationPoint(std::vector<Level> levels);

} // namespace sb::stats
