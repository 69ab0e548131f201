#pragma once

// Where a window's load came from when the plan's "load" names "hosts" (issue 23): each host's
// share as the window's "load_hosts" gate stored it (run/gates.h: the host's figures and whether
// its generator was saturated), and per cell each host's generator CPU over the cell's valid
// windows. The report's tables and the GUI's charts read them through these functions, so there
// is one reader of the gate. Pure; any thread.

#include "stats/summary.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>

namespace sb::report {

// One load host of one window.
struct WindowLoadHost
{
    QString host;              // the plan's name of the host ("bench-a"; "local": this machine)
    QString destination;       // what ssh was given ("root@10.0.0.2"); the name for "local"
    QString machine;           // the host's name as its agent reported it; "" = not reported
    int cores = 0;             // the host's online CPUs as its agent reported them; 0 = unknown
    int threads = 0;           // load threads of its share; 0 = not recorded
    double generatorCores = 0; // its load engine's CPU seconds / wall seconds; 1.0 = one core
    bool saturated = false;    // the gate called its generator saturated (>= 95 % of its threads)
};

// The load hosts of a window from its gates (WindowRecord::gates), in stored order; empty for a
// window whose load ran in this process (no "load_hosts" gate). Names are bounded to 64
// characters, as an import could hold anything; escape them where they land.
QVector<WindowLoadHost> windowLoadHosts(const QJsonObject &gates);

// One load host of one cell: its generator over the cell's valid windows.
struct CellLoadHost
{
    QString host;                 // WindowLoadHost::host
    QString destination;          // WindowLoadHost::destination (of the latest window naming it)
    int cores = 0;                // WindowLoadHost::cores (the latest known); 0 = unknown
    int threads = 0;              // WindowLoadHost::threads (the latest known)
    stats::Spread generatorCores; // median [min-max] over the valid windows naming the host, cores

    // The median's share of the host's cores (0.25 = a quarter of its CPUs); < 0 when unknown.
    double shareOfCores() const
    {
        return cores > 0 && generatorCores.n > 0 ? generatorCores.median / cores : -1;
    }
};

// Each host named by the valid windows' gates, in the order the windows first name them, with
// its generator's cores over those windows. Empty when no valid window's load came from hosts.
QVector<CellLoadHost> cellLoadHosts(const QVector<QJsonObject> &validWindowGates);

// "bench-a, bench-b": the hosts' names in order.
QString loadHostNames(const QVector<CellLoadHost> &hosts);

} // namespace sb::report
