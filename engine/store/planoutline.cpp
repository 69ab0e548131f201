#include "store/planoutline.h"

#include "core/cpuset.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sb::store {

PlanOutline planOutline(const QByteArray &planText)
{
    PlanOutline out;
    const QJsonObject plan = QJsonDocument::fromJson(planText).object();
    out.name = plan.value(QStringLiteral("name")).toString();
    out.baseline = plan.value(QStringLiteral("baseline")).toString();
    for (const QJsonValue &v : plan.value(QStringLiteral("configurations")).toArray()) {
        const QJsonObject c = v.toObject();
        const QString name = c.value(QStringLiteral("name")).toString();
        out.configurations << name;
        const sb::Result<std::vector<int>> cpus =
            sb::parseCpuList(c.value(QStringLiteral("cpus")).toString().toStdString());
        if (cpus.ok() && !cpus->empty())
            out.cpuCounts.insert(name, int(cpus->size()));
    }
    const QJsonObject profiles = plan.value(QStringLiteral("profiles")).toObject();
    for (auto it = profiles.begin(); it != profiles.end(); ++it)
        out.processModes.insert(it.key(), it.value()
                                              .toObject()
                                              .value(QStringLiteral("process"))
                                              .toString(QStringLiteral("round")));
    for (const QJsonValue &v : plan.value(QStringLiteral("routes")).toArray())
        out.routes << v.toObject().value(QStringLiteral("name")).toString();
    return out;
}

int cpuCountIn(const PlanOutline &outline, const QString &configuration)
{
    // Plan names have no ':' (plan/plan.h), so "name:A" can only be an A/A arm of "name".
    return outline.cpuCounts.value(
        configuration, outline.cpuCounts.value(configuration.section(QLatin1Char(':'), 0, 0)));
}

} // namespace sb::store
