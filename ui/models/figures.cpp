#include "ui/models/figures.h"

#include "report/reportmarkdown.h"
#include "stats/summary.h"

#include <QCoreApplication>
#include <cmath>

namespace sb::figures {

QString rate(double perS)
{
    if (!std::isfinite(perS))
        return report::notMeasured();
    const double a = std::abs(perS);
    return QString::number(perS, 'f', a >= 100 ? 0 : a >= 10 ? 1 : 2);
}

QString latencyUs(double us)
{
    if (us >= 1e6)
        return QCoreApplication::translate("sb::figures", "%1 s").arg(us / 1e6, 0, 'f', 2);
    if (us >= 1e3)
        return QCoreApplication::translate("sb::figures", "%1 ms").arg(us / 1e3, 0, 'f', 2);
    return QCoreApplication::translate("sb::figures", "%1 us").arg(us, 0, 'f', 0);
}

QString cores(double c)
{
    return QString::number(c, 'f', 2);
}

double median(const QVector<double> &values)
{
    return stats::median(std::vector<double>(values.begin(), values.end()));
}

} // namespace sb::figures
