#include "report/figures.h"

#include <QJsonObject>

namespace sb::report {

double okPerS(qint64 ok, double elapsedS)
{
    return elapsedS > 0 ? double(ok) / elapsedS : 0;
}

double cores(double cpuS, double spanS)
{
    return spanS > 0 ? cpuS / spanS : 0;
}

double perCpuS(double okPerS, double cores)
{
    return stats::perCpuS(okPerS, cores);
}

double windowOkPerS(const store::WindowRecord &w)
{
    return okPerS(w.ok, w.elapsedS);
}

double windowCores(const store::WindowRecord &w)
{
    return w.serverCoresMean;
}

double windowPerCpuS(const store::WindowRecord &w)
{
    return perCpuS(windowOkPerS(w), windowCores(w));
}

stats::Percentiles windowLatencyUs(const store::WindowRecord &w)
{
    auto us = [&w](const char *key) { return w.latencyUs.value(QLatin1String(key)).toDouble(); };
    return stats::Percentiles{us("p50"), us("p90"), us("p99"), us("p999"), us("max")};
}

QString windowFiguresText(const store::WindowRecord &w)
{
    return QStringLiteral("%1 2xx/s, p99 %2 ms, server %3 cores, %4 per CPU-s")
        .arg(windowOkPerS(w), 0, 'f', 1)
        .arg(windowLatencyUs(w).p99 / 1000.0, 0, 'f', 2)
        .arg(windowCores(w), 0, 'f', 2)
        .arg(windowPerCpuS(w), 0, 'f', 0);
}

double intervalOkPerS(const store::IntervalRecord &i)
{
    return okPerS(i.ok, i.endS - i.startS);
}

double intervalPerCpuS(const store::IntervalRecord &i)
{
    return perCpuS(intervalOkPerS(i), i.serverCores);
}

} // namespace sb::report
