#pragma once

#include "plan/plan.h"
#include "run/runevents.h"

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

// The cell of `w` at `attempt`, as events name it.
CellRef cellRef(const ScheduledWindow &w, int attempt = 0);

// "round 1 a health c=10": a cell as messages name it (round 1-based).
QString describeCell(const CellRef &cell);

// A cell's key among stored cells ("0|a|health|10"), attempts aside.
QString cellKey(int round, const QString &configuration, const QString &route, int concurrency);
QString cellKey(const ScheduledWindow &w);

// The cells of one configuration in one round, in schedule order.
struct ScheduledBlock
{
    int round = 0;
    QString configuration;
    QList<ScheduledWindow> cells;
};

// The schedule cut where the round or the configuration changes.
QList<ScheduledBlock> blocksOf(const QList<ScheduledWindow> &schedule);

// The configurations of `round` in the order the profile asks for:
//   Rotate    - the list rotated left by `round` positions (seed 000);
//   Alternate - adjacent pairs (1st,2nd), (3rd,4th)...; in odd rounds each pair is swapped, so
//               the first position alternates (seed 004); an odd one out stays last;
//   Fixed     - as given;
//   Pairs     - as Alternate, with `round` counting cells (buildSchedule passes round + cell).
QStringList configurationOrder(const QStringList &configurations, plan::Profile::Order order,
                               int round);

// An A/A profile's two arms: the profile's configuration twice, named "<name>:A" and
// "<name>:B", identical otherwise. Each arm starts its own process trees, and the schedule
// interleaves them like any two configurations.
QList<plan::Configuration> aaArms(const plan::Plan &plan, const plan::Profile &profile);

// The whole matrix in run order: rounds, then configurations in configurationOrder(), then routes
// in plan order, then concurrency in profile order; with Order::Pairs: rounds, then routes, then
// concurrency, then the configurations of that cell back to back, the first position alternating
// from cell to cell and round to round. `only` and `routes` filter by name (empty =
// all); names must exist (checked by the caller).
QList<ScheduledWindow> buildSchedule(const plan::Plan &plan, const plan::Profile &profile,
                                     const QStringList &only, const QStringList &routes);

} // namespace sb::run
