#pragma once

// A cell's statistics over its windows: every figure a report shows for one (configuration,
// route, concurrency), from the valid windows only; invalid attempts are counted with their
// reasons, never mixed in. Plain C++; any thread.

#include "stats/summary.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace sb::stats {

// Latency percentiles in microseconds.
struct Percentiles
{
    double p50 = 0;
    double p90 = 0;
    double p99 = 0;
    double p999 = 0; // 99.9th
    double max = 0;
};

// Error counts by kind.
struct ErrorCounts
{
    int64_t connect = 0;
    int64_t read = 0;
    int64_t write = 0;
    int64_t timeout = 0;
    int64_t parse = 0;
    int64_t non2xx = 0; // responses whose status was not 2xx

    int64_t transport() const { return connect + read + write + timeout + parse; }
    void add(const ErrorCounts &o);
};

// One stored window, as the statistics need it.
struct WindowFigures
{
    bool valid = false;
    std::string invalidKind;   // the first gate that failed ("foreign_cpu", "server", ...)
    std::string invalidReason; // the stored reason sentence
    double okPerS = 0;         // 2xx / elapsed seconds (drain included)
    double serverCores = 0;    // server tree cores
    double generatorCores = 0; // load engine cores
    double databaseCores = 0;  // excluded processes' cores
    double foreignPct = 0;     // mean foreign CPU, % of one core
    Percentiles latencyUs;     // this window's percentiles
    double rssPeakBytes = 0;   // server tree RSS peak
    double pssPeakBytes = 0;   // server tree PSS peak
    int64_t responses = 0;     // complete responses, any status
    ErrorCounts errors;
    std::vector<uint8_t> histogram; // Histogram::encode() bytes of the latency (us); may be empty
};

// Figures of a cell over its valid windows.
struct CellFigures
{
    std::size_t validWindows = 0;
    std::size_t invalidWindows = 0;            // attempts excluded
    std::map<std::string, int> invalidKinds;   // gate -> attempts it invalidated
    std::vector<std::string> invalidReasons;   // every excluded attempt's reason, in order
    Spread okPerS;                             // 2xx per second
    Spread perCpuS;                            // 2xx per server CPU-second (okPerS / cores)
    Spread serverCores;                        // server tree cores
    Spread generatorCores;                     // load engine cores
    Spread databaseCores;                      // excluded (database) cores
    Spread foreignPct;                         // foreign CPU, % of one core
    Spread p50Us, p90Us, p99Us, p999Us, maxUs; // the median of per-window percentiles
    Percentiles pooledUs;                      // percentiles of the merged histograms
    int64_t pooledCount = 0;                   // latencies in the merged histograms
    std::vector<uint8_t> pooledHistogram;      // the merged histogram, Histogram::encode()
    Spread rssPeakBytes;                       // per-window RSS peaks
    Spread pssPeakBytes;                       // per-window PSS peaks
    ErrorCounts errors;                        // summed over valid windows
    int64_t responses = 0;                     // summed over valid windows

    // (transport errors + non-2xx responses) / (responses + transport errors); 0 when none.
    double errorRate() const;
};

CellFigures summarizeCell(const std::vector<WindowFigures> &windows);

// Per CPU-second (DESIGN.md): 2xx/s / cores, responses per CPU-second; 0 when cores are 0. The one
// definition: report/figures.h and the cell statistics both read it.
double perCpuS(double okPerS, double cores);

// Per-window values of one figure of the valid windows, in window order (the samples that
// verdicts compare).
std::vector<double> okPerSValues(const std::vector<WindowFigures> &windows);
std::vector<double> perCpuSValues(const std::vector<WindowFigures> &windows);

} // namespace sb::stats
