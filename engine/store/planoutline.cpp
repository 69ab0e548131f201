#include "store/planoutline.h"

#include "core/cpuset.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sb::store {

namespace {

// A JSON number or string as written, with `unit` after a number ("30" -> "30 s"); "" when
// absent or of another type.
QString valueText(const QJsonValue &v, const QString &unit = QString())
{
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 15) + unit;
    if (v.isString())
        return v.toString();
    return QString();
}

} // namespace

QString PlanSetting::shown() const
{
    return text.isEmpty() ? defaultText + QStringLiteral(" (default)") : text;
}

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

    const QJsonObject sampler = plan.value(QStringLiteral("sampler")).toObject();
    out.foreignGate = valueText(sampler.value(QStringLiteral("foreign_gate")));
    if (out.foreignGate.isEmpty()) {
        // The older key: a number, percent of one core.
        out.foreignGate =
            valueText(sampler.value(QStringLiteral("foreign_gate_pct")), QStringLiteral("%"));
        if (!out.foreignGate.isEmpty())
            out.foreignGateKey = QStringLiteral("sampler.foreign_gate_pct");
    }
    out.foreignPeakGate = valueText(sampler.value(QStringLiteral("foreign_peak_gate")));
    out.waitQuietS = valueText(sampler.value(QStringLiteral("wait_quiet_s")), QStringLiteral(" s"));
    out.sleepGapS = valueText(sampler.value(QStringLiteral("sleep_gap_s")), QStringLiteral(" s"));
    out.intervalMs = valueText(sampler.value(QStringLiteral("interval_ms")), QStringLiteral(" ms"));
    out.timeoutS =
        valueText(plan.value(QStringLiteral("load")).toObject().value(QStringLiteral("timeout_s")),
                  QStringLiteral(" s"));
    for (auto it = profiles.begin(); it != profiles.end(); ++it)
        if (const QString r = valueText(it.value().toObject().value(QStringLiteral("retries")));
            !r.isEmpty())
            out.retries.insert(it.key(), r);
    return out;
}

int cpuCountIn(const PlanOutline &outline, const QString &configuration)
{
    // Plan names have no ':' (plan/plan.h), so "name:A" can only be an A/A arm of "name".
    return outline.cpuCounts.value(
        configuration, outline.cpuCounts.value(configuration.section(QLatin1Char(':'), 0, 0)));
}

QVector<PlanSetting> gateSettings(const PlanOutline &o, const QString &profile)
{
    auto fallback = [](const char *text) { return QString::fromLatin1(text); };
    return {
        {QStringLiteral("foreign-CPU gate (mean)"), o.foreignGateKey, o.foreignGate,
         fallback(kDefaultForeignGate)},
        {QStringLiteral("foreign-CPU gate (peak interval)"),
         QStringLiteral("sampler.foreign_peak_gate"), o.foreignPeakGate,
         fallback(kDefaultForeignPeakGate)},
        {QStringLiteral("quiet wait before a re-measure"), QStringLiteral("sampler.wait_quiet_s"),
         o.waitQuietS, fallback(kDefaultWaitQuiet)},
        {QStringLiteral("retries of a window that failed a gate"),
         QStringLiteral("profiles.%1.retries").arg(profile), o.retries.value(profile),
         fallback(kDefaultRetries)},
        {QStringLiteral("sleep gap that fails a window"), QStringLiteral("sampler.sleep_gap_s"),
         o.sleepGapS, fallback(kDefaultSleepGap)},
        {QStringLiteral("sampler interval"), QStringLiteral("sampler.interval_ms"), o.intervalMs,
         fallback(kDefaultInterval)},
        {QStringLiteral("request timeout"), QStringLiteral("load.timeout_s"), o.timeoutS,
         fallback(kDefaultTimeout)},
    };
}

} // namespace sb::store
