#include "store/celllabel.h"

namespace sb::store {

QString cellLabel(const QString &configuration, const QString &route, int concurrency)
{
    return QStringLiteral("%1 %2 c=%3").arg(configuration, route).arg(concurrency);
}

QString cellLabel(int round, const QString &configuration, const QString &route, int concurrency,
                  int attempt)
{
    QString label =
        QStringLiteral("round %1 ").arg(round + 1) + cellLabel(configuration, route, concurrency);
    if (attempt >= 0)
        label += QStringLiteral(" attempt %1").arg(attempt + 1);
    return label;
}

QString windowLabel(const WindowRecord &w)
{
    return cellLabel(w.round, w.configuration, w.route, w.concurrency, w.attempt);
}

} // namespace sb::store
