#include "run/hookmoments.h"

#include "core/qterror.h"
#include "run/runcontext.h"

#include <QJsonObject>
#include <algorithm>

namespace sb::run {

QString momentName(MomentList moment)
{
    for (const plan::HookMoment &m : plan::hookMoments())
        if (m.list == moment)
            return QString::fromLatin1(m.key);
    return QString();
}

QList<plan::Hook> configurationHooks(const plan::Configuration &config, MomentList moment)
{
    QList<plan::Hook> hooks = config.hooks.*moment;
    for (plan::Hook &hook : hooks)
        if (hook.kind == plan::Hook::Kind::Command)
            hook.host = config.host;
    return hooks;
}

QList<plan::Hook> momentHooks(const plan::Plan &plan, const plan::Configuration *config,
                              const plan::Route *route, MomentList moment)
{
    QList<plan::Hook> hooks = plan.hooks.*moment;
    if (config)
        hooks += configurationHooks(*config, moment);
    if (route)
        hooks += route->hooks.*moment;
    return plan::hooksInRunOrder(hooks);
}

QList<plan::Hook> runMomentHooks(const plan::Plan &plan, const QList<ScheduledWindow> &schedule,
                                 MomentList moment)
{
    QList<plan::Hook> hooks = plan.hooks.*moment;
    for (const plan::Configuration &config : plan.configurations) {
        const bool scheduled =
            std::any_of(schedule.begin(), schedule.end(),
                        [&](const ScheduledWindow &w) { return w.configuration == config.name; });
        if (scheduled)
            hooks += configurationHooks(config, moment);
    }
    return plan::hooksInRunOrder(hooks);
}

QString hookLabel(const plan::Hook &hook)
{
    const qsizetype at = hook.where.lastIndexOf(QStringLiteral(" at $."));
    QString path = at < 0 ? hook.where : hook.where.mid(at + 6);
    return path.replace(QStringLiteral("hooks."), QString());
}

HookMoments::HookMoments(RunContext &context)
    : m_context(context)
{}

sb::Status HookMoments::run(MomentList moment, const plan::Configuration *config,
                            const plan::Route *route)
{
    return runHooks(momentHooks(m_context.plan, config, route, moment), momentName(moment),
                    config ? config->name : QString());
}

sb::Status HookMoments::runRunMoment(MomentList moment)
{
    return runHooks(runMomentHooks(m_context.plan, m_context.schedule, moment), momentName(moment),
                    QString());
}

sb::Status HookMoments::runHooks(const QList<plan::Hook> &hooks, const QString &moment,
                                 const QString &configuration)
{
    if (hooks.isEmpty())
        return sb::Ok{};
    QString log;
    sb::Status st = m_context.hooks->run(hooks, moment, &log);
    if (!st.ok()) {
        m_context.note(QStringLiteral("hook-failed"), configuration,
                       QStringLiteral("%1 hook failed: %2").arg(moment, sb::qtText(st.error())));
        return st;
    }
    m_context.note(QStringLiteral("hook"), configuration,
                   QStringLiteral("%1: %2 hook(s) ran").arg(moment).arg(hooks.size()),
                   QJsonObject{{QStringLiteral("output"), m_context.plan.redact(log.right(4000))}});
    return sb::Ok{};
}

} // namespace sb::run
