#pragma once

#include "plan/plan.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace sb::run {

// One cell in one round: the unit the runner measures (with as many attempts as its gates need).
struct ScheduledWindow
{
    int round = 0;         // 0-based round
    QString configuration; // configuration name
    QString route;         // route name
    int concurrency = 0;   // connections

    bool operator==(const ScheduledWindow &o) const = default;
};

// The configurations of `round` in the order the profile asks for:
//   Rotate    - the list rotated left by `round` positions (seed 000);
//   Alternate - adjacent pairs (1st,2nd), (3rd,4th)...; in odd rounds each pair is swapped, so
//               the first position alternates (seed 004); an odd one out stays last;
//   Fixed     - as given.
QStringList configurationOrder(const QStringList &configurations, plan::Profile::Order order,
                               int round);

// An A/A profile's two arms: the profile's configuration twice, named "<name>:A" and
// "<name>:B", identical otherwise. Each arm starts its own process trees, and the schedule
// interleaves them like any two configurations.
QList<plan::Configuration> aaArms(const plan::Plan &plan, const plan::Profile &profile);

// The whole matrix in run order: rounds, then configurations in configurationOrder(), then routes
// in plan order, then concurrency in profile order. `only` and `routes` filter by name (empty =
// all); names must exist (checked by the caller).
QList<ScheduledWindow> buildSchedule(const plan::Plan &plan, const plan::Profile &profile,
                                     const QStringList &only, const QStringList &routes);

} // namespace sb::run
