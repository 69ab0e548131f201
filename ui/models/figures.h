#pragma once

#include <QString>
#include <QVector>

// Numbers as the GUI's tables and tooltips show them. Any thread.
namespace sb::figures {

// "12345", "123.4", "1.23": responses per second and other rates (no thousands separator, so
// the text is the same in every locale); report::notMeasured() ("–") when not finite.
QString rate(double perS);
// "812 us", "1.23 ms", "2.50 s" from microseconds.
QString latencyUs(double us);
// "0.98": cores.
QString cores(double cores);
// Median of the values as the report's cell statistics take it (stats::median: the mean of the
// two middle ones for an even count); 0 when empty.
double median(const QVector<double> &values);

} // namespace sb::figures
