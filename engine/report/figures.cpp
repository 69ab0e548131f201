#include "report/figures.h"

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
    return cores > 0 ? okPerS / cores : 0;
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

double intervalOkPerS(const store::IntervalRecord &i)
{
    return okPerS(i.ok, i.endS - i.startS);
}

double intervalPerCpuS(const store::IntervalRecord &i)
{
    return perCpuS(intervalOkPerS(i), i.serverCores);
}

} // namespace sb::report
