#include "run/runcontext.h"

#include "core/enginetext.h"
#include "core/qterror.h"
#include "plan/planloader.h"
#include "plan/variables.h"
#include "run/plancheck.h"

#include <QDateTime>
#include <QJsonArray>

namespace sb::run {

QJsonValue redactedJson(const plan::Plan &plan, const QJsonValue &value)
{
    if (value.isString())
        return plan.redact(value.toString());
    if (value.isArray()) {
        QJsonArray out;
        for (const QJsonValue &v : value.toArray())
            out.append(redactedJson(plan, v));
        return out;
    }
    if (!value.isObject())
        return value;
    QJsonObject out;
    const QJsonObject in = value.toObject();
    for (auto it = in.begin(); it != in.end(); ++it)
        out.insert(plan.redact(it.key()), redactedJson(plan, it.value()));
    return out;
}

QStringList redactedList(const plan::Plan &plan, const QStringList &list)
{
    QStringList out;
    for (const QString &s : list)
        out << plan.redact(s);
    return out;
}

RunContext::RunContext(RunObserver *observer_, const std::atomic<bool> &cancelFlag_)
    : observer(observer_ ? observer_ : &m_silent)
    , cancelFlag(cancelFlag_)
{}

sb::Status RunContext::loadPlan(const RunOptions &asRun, const QString &planPath)
{
    options = asRun;
    plan::PlanLoad load = plan::loadPlan(planPath, options.variables);
    if (!load.ok())
        return sb::qtError(QStringLiteral("plan.invalid"), QString(), load.errorText());
    plan = *load.plan;
    planWarnings = load.warnings;
    profileNamed = !options.profile.isEmpty();
    profile = profileNamed ? plan.profile(options.profile) : plan.defaultProfileOrFirst();
    if (!profile) {
        QStringList names;
        for (const plan::Profile &p : plan.profiles)
            names << p.name;
        return sb::qtError(QStringLiteral("run.profile"), planPath,
                           QStringLiteral("no profile '%1'; the plan has: %2")
                               .arg(options.profile, names.join(QStringLiteral(", "))));
    }
    // An A/A run measures its configuration as two arms, and nothing else.
    if (profile->kind == plan::Profile::Kind::AA)
        plan.configurations = aaArms(plan, *profile);
    for (const QString &name : options.only)
        if (!plan.configuration(name))
            return sb::qtError(QStringLiteral("run.filter"), planPath,
                               QStringLiteral("no configuration '%1' in the plan").arg(name));
    for (const QString &name : options.routes)
        if (!plan.route(name))
            return sb::qtError(QStringLiteral("run.filter"), planPath,
                               QStringLiteral("no route '%1' in the plan").arg(name));
    // A run that keeps two trees on one port would block the second every time, resume or not.
    if (const std::optional<PortClash> clash = firstPortClash(plan, *profile, options.only))
        return sb::qtError(QStringLiteral("run.port-shared"), clash->where, clash->text);
    return sb::Ok{};
}

sb::Status RunContext::applyVariables(VariableRun *made)
{
    VariableRun run = computeVariables(plan, QDateTime::currentSecsSinceEpoch());
    const QString profileName = profile->name;
    plan = plan::withVariables(plan, run.values);
    profile = plan.profile(profileName);
    hooks = std::make_unique<HookRunner>(plan.database);
    servers = std::make_unique<ServerPool>(
        plan, [this](const QString &kind, const QString &configuration, const QString &detail,
                     const QJsonObject &data) { note(kind, configuration, detail, data); });
    hooks->setHosts([this](const QString &host) { return servers->connectHost(host); });
    const std::optional<sb::Error> error = run.error;
    if (made)
        *made = std::move(run);
    if (error)
        return *error;
    return sb::Ok{};
}

void RunContext::note(const QString &kind, const QString &configuration, const QString &detail,
                      const QJsonObject &data)
{
    const QString clean = plan.redact(detail);
    QJsonObject d = redactedJson(plan, data).toObject();
    if (!configuration.isEmpty())
        d.insert(QStringLiteral("configuration"), configuration);
    observer->noted(RunNote{runId, kind, configuration, clean, d});
    if (!store || runId.isEmpty())
        return;
    if (sb::Status st = store->saveEvent(
            store::EventRecord{runId, QDateTime::currentDateTimeUtc(), kind, clean, d});
        !st.ok())
        observer->noted(RunNote{runId,
                                QStringLiteral("warning"),
                                configuration,
                                QStringLiteral("the '%1' event could not be stored: %2")
                                    .arg(kind, sb::qtText(st.error())),
                                {}});
}

QString RunContext::profileChoice() const
{
    if (profileNamed)
        return QString();
    return plan.defaultProfile.isEmpty() ? trEngine("sb::run", "the plan's first profile")
                                         : trEngine("sb::run", "the plan's default_profile");
}

} // namespace sb::run
