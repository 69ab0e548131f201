#include "run/schedule.h"

namespace sb::run {

CellRef cellRef(const ScheduledWindow &w, int attempt)
{
    return CellRef{w.round, w.configuration, w.route, w.concurrency, attempt};
}

QString describeCell(const CellRef &c)
{
    return QStringLiteral("round %1 %2 %3 c=%4")
        .arg(c.round + 1)
        .arg(c.configuration, c.route)
        .arg(c.concurrency);
}

QString cellKey(int round, const QString &configuration, const QString &route, int concurrency)
{
    return QStringLiteral("%1|%2|%3|%4").arg(round).arg(configuration, route).arg(concurrency);
}

QString cellKey(const ScheduledWindow &w)
{
    return cellKey(w.round, w.configuration, w.route, w.concurrency);
}

QList<ScheduledBlock> blocksOf(const QList<ScheduledWindow> &schedule)
{
    QList<ScheduledBlock> blocks;
    for (const ScheduledWindow &w : schedule) {
        if (blocks.isEmpty() || blocks.last().round != w.round ||
            blocks.last().configuration != w.configuration)
            blocks.append(ScheduledBlock{w.round, w.configuration, {}});
        blocks.last().cells.append(w);
    }
    return blocks;
}

QStringList configurationOrder(const QStringList &configurations, plan::Profile::Order order,
                               int round)
{
    QStringList result = configurations;
    const qsizetype n = result.size();
    if (n < 2)
        return result;
    switch (order) {
    case plan::Profile::Order::Rotate:
        for (qsizetype i = 0; i < n; ++i)
            result[i] = configurations[(i + round) % n];
        break;
    case plan::Profile::Order::Alternate:
    case plan::Profile::Order::Pairs:
        if (round % 2 == 1)
            for (qsizetype i = 0; i + 1 < n; i += 2)
                result.swapItemsAt(i, i + 1);
        break;
    case plan::Profile::Order::Fixed:
        break;
    }
    return result;
}

QList<plan::Configuration> aaArms(const plan::Plan &plan, const plan::Profile &profile)
{
    const plan::Configuration *base = plan.configuration(profile.aaConfiguration);
    if (!base)
        return {};
    QList<plan::Configuration> arms;
    for (const char *arm : {":A", ":B"}) {
        plan::Configuration c = *base;
        c.name = base->name + QLatin1String(arm);
        arms.append(c);
    }
    return arms;
}

QList<ScheduledWindow> buildSchedule(const plan::Plan &plan, const plan::Profile &profile,
                                     const QStringList &only, const QStringList &routes)
{
    QStringList configurations;
    for (const plan::Configuration &c : plan.configurations)
        if (only.isEmpty() || only.contains(c.name))
            configurations << c.name;
    QList<ScheduledWindow> schedule;
    if (profile.order == plan::Profile::Order::Pairs) {
        for (int round = 0; round < profile.rounds; ++round) {
            int cell = 0; // alternates the first position within the round, round adds one more
            for (const plan::Route &route : plan.routes) {
                if (!routes.isEmpty() && !routes.contains(route.name))
                    continue;
                for (int c : profile.concurrency) {
                    for (const QString &configuration :
                         configurationOrder(configurations, profile.order, round + cell))
                        schedule.append({round, configuration, route.name, c});
                    ++cell;
                }
            }
        }
        return schedule;
    }
    for (int round = 0; round < profile.rounds; ++round) {
        for (const QString &configuration :
             configurationOrder(configurations, profile.order, round)) {
            for (const plan::Route &route : plan.routes) {
                if (!routes.isEmpty() && !routes.contains(route.name))
                    continue;
                for (int c : profile.concurrency)
                    schedule.append({round, configuration, route.name, c});
            }
        }
    }
    return schedule;
}

} // namespace sb::run
