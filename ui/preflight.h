#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace sb {

// What the machine is doing before Start: its load, the CPU other processes take (foreign CPU,
// as the foreign-CPU gate counts it: everything but this process and the plan's excluded
// processes) and the busiest of them by name. Plain data; any thread.
struct PreflightReading
{
    double load1 = -1;      // 1-minute load average (/proc/loadavg); < 0 when unknown
    int cores = 0;          // online CPUs
    double foreignPct = -1; // foreign CPU over the reading, percent of one core; < 0 unknown
    QList<QPair<QString, double>> top; // the busiest other processes: name, cores (1.0 = one
                                       // core), busiest first, at most 3, each >= 0.05 cores
};

// Reads the machine for `spanMs` (blocks that long; call it off the GUI thread). `exclude`: the
// plan's sampler.exclude. Any thread.
PreflightReading readPreflight(int spanMs, const QStringList &exclude);

// One line for the outline: the load, the foreign CPU and who takes it, and what the
// foreign-CPU gate (`gatePct`, percent of one core) will do with that: nothing, or fail windows
// that are then measured again up to `retries` times, after a wait for quiet of up to
// `waitQuietMs` each when > 0. tr() texts (context "sb::Preflight"). Pure.
QString preflightText(const PreflightReading &reading, double gatePct, int retries,
                      qint64 waitQuietMs);

} // namespace sb
