#include "stats/ceiling.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sb::stats {

CpuShares cpuShares(const WindowCpu &cpu)
{
    CpuShares s;
    if (cpu.machineCores <= 0)
        return s;
    const double all = double(cpu.machineCores);
    auto share = [all](double cores) { return std::max(0.0, cores) / all; };
    s.server = share(cpu.serverCores);
    s.database = share(cpu.databaseCores);
    s.generator = share(cpu.generatorCores);
    s.own = share(cpu.ownCores);
    s.foreign = share(cpu.foreignCores);
    const double used = s.server + s.database + s.generator + s.own + s.foreign;
    if (used > 1) { // sampling jitter: scale down rather than report a negative idle
        s.server /= used;
        s.database /= used;
        s.generator /= used;
        s.own /= used;
        s.foreign /= used;
    }
    s.idle = std::max(0.0, 1 - (s.server + s.database + s.generator + s.own + s.foreign));
    return s;
}

const char *boundKey(Bound b)
{
    switch (b) {
    case Bound::Client:
        return "client";
    case Bound::Machine:
        return "machine";
    case Bound::Contended:
        return "contended";
    case Bound::Waits:
        return "waits";
    case Bound::Database:
        return "database";
    case Bound::Server:
        return "server";
    case Bound::None:
        return "none";
    }
    return "?";
}

namespace {

std::string format(const char *fmt, double a, double b = 0, double c = 0, double d = 0,
                   double e = 0)
{
    char buf[256];
    std::snprintf(buf, sizeof buf, fmt, a, b, c, d, e);
    return buf;
}

bool within(double value, double reference, double share)
{
    return reference > 0 && std::fabs(value - reference) <= share * reference;
}

} // namespace

double flatGrowthLimit(int fromConcurrency, int toConcurrency)
{
    if (fromConcurrency <= 0 || toConcurrency <= 0 || fromConcurrency == toConcurrency)
        return 1 + kFlatShare;
    const double ratio = fromConcurrency < toConcurrency ? double(toConcurrency) / fromConcurrency
                                                         : double(fromConcurrency) / toConcurrency;
    return std::pow(ratio, kFlatExponent);
}

// A window's figure carries its noise, so a fixed +-10 % against a neighbour's median misses
// one flat window in six: the allowance grows with the step in concurrency.
bool flatBetween(double okPerS, int concurrency, double otherOkPerS, int otherConcurrency)
{
    if (okPerS <= 0 || otherOkPerS <= 0)
        return false;
    if (concurrency <= 0 || otherConcurrency <= 0 || concurrency == otherConcurrency)
        return within(okPerS, otherOkPerS, kFlatShare);
    const bool higher = concurrency > otherConcurrency;
    const double growth = higher ? okPerS / otherOkPerS : otherOkPerS / okPerS;
    return growth < flatGrowthLimit(concurrency, otherConcurrency);
}

BoundFinding classifyBound(const WindowCpu &cpu, const BoundContext &context)
{
    if (cpu.generatorThreads > 0 &&
        cpu.generatorCores >= kClientBusyShare * double(cpu.generatorThreads))
        return {Bound::Client,
                format("the load engine's %.0f thread(s) were %.0f %% busy (%.2f cores)",
                       double(cpu.generatorThreads),
                       100 * cpu.generatorCores / double(cpu.generatorThreads),
                       cpu.generatorCores)};
    const CpuShares shares = cpuShares(cpu);
    // A tree pinned to fewer CPUs than the machine has is bound by them once it fills them,
    // at any concurrency and whatever the database does.
    const bool pinned = context.serverCpus > 0 && context.serverCpus < cpu.machineCores;
    if (pinned && cpu.serverCores >= kPlateauShare * double(context.serverCpus))
        return {Bound::Server,
                format("the server tree used %.2f cores of the %.0f CPU(s) of its CPU set",
                       cpu.serverCores, double(context.serverCpus))};
    const bool flatBelow = flatBetween(context.okPerS, context.concurrency, context.lowerOkPerS,
                                       context.lowerConcurrency);
    const bool flatAbove = flatBetween(context.okPerS, context.concurrency, context.higherOkPerS,
                                       context.higherConcurrency);
    if (cpu.machineCores > 0 && shares.idle < kMachineIdleShare) {
        if (shares.foreign >= kContendedShare) {
            std::string s =
                format("contended: other processes took %.0f %% of the machine "
                       "(%.1f %% idle of %.0f cores), so no ceiling can be read",
                       100 * shares.foreign, 100 * shares.idle, double(cpu.machineCores));
            if (!context.foreignTop.empty())
                s += "; the most: " + context.foreignTop;
            return {Bound::Contended, s};
        }
        return {Bound::Machine,
                format("the measured parties filled the machine (server tree %.2f, database "
                       "%.2f, load engine %.2f cores): %.1f %% idle of %.0f cores",
                       cpu.serverCores, cpu.databaseCores, cpu.generatorCores, 100 * shares.idle,
                       double(cpu.machineCores))};
    }
    const bool atPlateau =
        context.plateauCores > 0 && cpu.serverCores >= kPlateauShare * context.plateauCores;
    // Below what the tree could use: its CPU set when it has one (at one concurrency level
    // the plateau is the tree's own figure), else its plateau.
    const double capacity = pinned ? double(context.serverCpus) : context.plateauCores;
    if (cpu.databaseCores > cpu.serverCores && capacity > 0 &&
        cpu.serverCores < kPlateauShare * capacity)
        return {Bound::Database,
                format(pinned ? "the database used %.2f cores against the server tree's %.2f, "
                                "below the %.0f CPU(s) of its CPU set"
                              : "the database used %.2f cores against the server tree's %.2f, "
                                "below its plateau of %.2f",
                       cpu.databaseCores, cpu.serverCores, capacity)};
    // Throughput flat while the tree and the machine had CPU to spare: what holds the server
    // back is a wait (a sleep, a lock, a pool, a downstream). In a closed loop its latency
    // follows from Little's law whatever the cause, so the idle machine is what tells a wait
    // from a starved tree.
    // Half a core at most: a single-threaded tree that fills its one thread (a GIL) is bound
    // by it, not waiting, however many cores the machine has.
    const double cpus = pinned ? double(context.serverCpus) : double(cpu.machineCores);
    if ((flatBelow || flatAbove) && cpus > 0 &&
        cpu.serverCores < kWaitCoresShare * std::min(1.0, cpus) && shares.idle >= kWaitIdleShare &&
        context.okPerS > 0)
        return {Bound::Waits,
                format("waits: %.1f ms per request at %.2f cores (%.2f ms of CPU each), "
                       "throughput flat at %.1f/s with %.0f %% of the machine idle",
                       context.floorP50Us / 1000, cpu.serverCores,
                       1000 * cpu.serverCores / context.okPerS, context.okPerS, 100 * shares.idle)};
    if (atPlateau && (flatBelow || flatAbove)) {
        char buf[256];
        std::snprintf(buf, sizeof buf,
                      "throughput %.1f/s, flat against %.1f/s at the next %s concurrency, while "
                      "the server tree held %.2f cores of its %.2f-core plateau",
                      context.okPerS, flatBelow ? context.lowerOkPerS : context.higherOkPerS,
                      flatBelow ? "lower" : "higher", cpu.serverCores, context.plateauCores);
        return {Bound::Server, buf};
    }
    std::string advice = "raise concurrency";
    if (context.openLoop) {
        advice = "the open loop's rate was served: raise the rate";
    } else if (context.lowerOkPerS < 0 && context.higherOkPerS < 0) {
        // One concurrency level shows no plateau: a tree on a whole number of cores may be full
        // (a single-threaded server at 1.00) or not, and only a higher level tells.
        const double whole = std::round(cpu.serverCores);
        advice = whole >= 1 && std::fabs(cpu.serverCores - whole) <= 0.03
                     ? format("the tree held %.0f whole core(s), which fills a server of that "
                              "many threads, but no plateau can be read without a higher level: "
                              "add one, or raise concurrency",
                              whole)
                     : std::string("no plateau can be read without a higher level: add one, "
                                   "or raise concurrency");
    }
    return {Bound::None,
            format("nothing saturated (server tree %.2f cores, plateau %.2f; machine %.1f %% "
                   "idle): ",
                   cpu.serverCores, context.plateauCores, 100 * shares.idle) +
                advice};
}

Saturation saturationPoint(std::vector<Level> levels)
{
    Saturation s;
    std::sort(levels.begin(), levels.end(),
              [](const Level &a, const Level &b) { return a.concurrency < b.concurrency; });
    if (levels.size() < 2) {
        s.sentence = "one concurrency level: no saturation point";
        return s;
    }
    // Past saturation: the highest level fell more than kPastShare below the peak, whatever it
    // did in between.
    const auto peak =
        std::max_element(levels.begin(), levels.end(),
                         [](const Level &a, const Level &b) { return a.okPerS < b.okPerS; });
    const Level &last = levels.back();
    char buf[320];
    if (peak != levels.end() - 1 && last.okPerS < (1 - kPastShare) * peak->okPerS) {
        s.saturated = true;
        s.past = true;
        s.fromConcurrency = peak->concurrency;
        s.p50Growth = peak->p50Us > 0 ? last.p50Us / peak->p50Us : 0;
        std::snprintf(buf, sizeof buf,
                      "past saturation: throughput fell %.0f %% from c=%d to c=%d while p50 grew "
                      "%.1fx",
                      100 * (1 - last.okPerS / peak->okPerS), peak->concurrency, last.concurrency,
                      s.p50Growth);
        s.sentence = buf;
        return s;
    }
    // The lowest level from which every higher level is flat against it: the rule the bound
    // uses against a neighbouring level.
    auto step = [](const Level &from, const Level &to) {
        char text[160];
        if (from.concurrency <= 0 || to.concurrency <= 0) {
            std::snprintf(text, sizeof text, "%+.0f %% from c=%d, flat up to %+.0f %%",
                          100 * (to.okPerS / from.okPerS - 1), from.concurrency, 100 * kFlatShare);
            return std::string(text);
        }
        std::snprintf(text, sizeof text,
                      "%+.0f %% from c=%d for %gx the connections, flat up to %+.0f %%",
                      100 * (to.okPerS / from.okPerS - 1), from.concurrency,
                      double(to.concurrency) / from.concurrency,
                      100 * (flatGrowthLimit(from.concurrency, to.concurrency) - 1));
        return std::string(text);
    };
    for (std::size_t i = 0; i + 1 < levels.size(); ++i) {
        bool flat = levels[i].okPerS > 0;
        for (std::size_t j = i + 1; j < levels.size() && flat; ++j)
            flat = flatBetween(levels[j].okPerS, levels[j].concurrency, levels[i].okPerS,
                               levels[i].concurrency);
        if (!flat)
            continue;
        s.saturated = true;
        s.fromConcurrency = levels[i].concurrency;
        s.p50Growth = levels[i].p50Us > 0 ? levels.back().p50Us / levels[i].p50Us : 0;
        std::snprintf(
            buf, sizeof buf, "throughput flat from c=%d on (c=%d: %s) while p50 grew %.1fx",
            s.fromConcurrency, last.concurrency, step(levels[i], last).c_str(), s.p50Growth);
        s.sentence = buf;
        return s;
    }
    // Neither: still rising at the highest level.
    const Level &before = levels[levels.size() - 2];
    if (before.okPerS > 0)
        std::snprintf(buf, sizeof buf, "throughput still rising at c=%d (%s): not saturated",
                      last.concurrency, step(before, last).c_str());
    else
        std::snprintf(buf, sizeof buf, "throughput still rising at c=%d: not saturated",
                      last.concurrency);
    s.sentence = buf;
    return s;
}

} // namespace sb::stats
