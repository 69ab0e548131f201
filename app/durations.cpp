#include "app/durations.h"

#include <cmath>
#include <utility>

namespace sb::cli {

bool parseDurationMs(const QString &text, int64_t bareUnitMs, int64_t &ms, QString &why)
{
    const QString t = text.trimmed();
    static const std::pair<const char *, double> units[] = {
        {"ms", 1.0}, {"s", 1000.0}, {"m", 60'000.0}, {"h", 3'600'000.0}};
    double scale = double(bareUnitMs);
    QString number = t;
    for (const auto &[suffix, factor] : units) {
        if (t.endsWith(QLatin1String(suffix))) {
            number = t.chopped(qsizetype(qstrlen(suffix)));
            scale = factor;
            break;
        }
    }
    bool ok = false;
    const double value = number.toDouble(&ok);
    if (!ok || !std::isfinite(value) || value < 0) {
        why = QStringLiteral("'%1' is not a duration like 500ms, 5s, 2m").arg(text);
        return false;
    }
    ms = int64_t(std::llround(value * scale));
    return true;
}

} // namespace sb::cli
