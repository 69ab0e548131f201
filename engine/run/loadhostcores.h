#pragma once

#include <QList>
#include <QString>

namespace sb::run {

// One load host's generator over one interval of a window whose load comes from other hosts
// (WindowSpec::loadHosts): what its agent reported with the interval (lane::ShareInterval::
// generatorCores). Plain data.
struct LoadHostCores
{
    QString host;     // the plan's name of the host ("bench-a", "local")
    double cores = 0; // the agent's CPU over the interval, cores (1.0 = one core busy)

    friend bool operator==(const LoadHostCores &, const LoadHostCores &) = default;
};

// Every host that reported its generator for the interval, in the plan's order; a host whose
// agent did not say (or that sent no part of this interval) is left out.
using LoadHostCoresList = QList<LoadHostCores>;

} // namespace sb::run
