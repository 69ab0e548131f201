#pragma once

// What a stored run's plan text says beyond its typed columns: the names of its configurations
// and routes in plan order. The one reader of a stored plan text's outline; the store itself
// also derives from it the typed columns of runs stored before they existed (the plan's name,
// each configuration's CPU count). It reads the JSON only; it does not validate the plan (the
// plan loader does). Pure functions; any thread.

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

namespace sb::store {

struct PlanOutline
{
    QString name;                  // the plan's "name"; "" when it has none
    QString baseline;              // the plan's "baseline" configuration; "" when it names none
    QStringList configurations;    // each configuration's "name", in plan order
    QStringList routes;            // each route's "name", in plan order
    QHash<QString, int> cpuCounts; // configuration -> CPUs of its "cpus" set; only pinned ones
    QHash<QString, QString> processModes; // profile -> its "process": "round" (also when it
                                          // gives none, the plan's default), "window" or "once"
};

// The outline of a stored plan text (RunRecord::planText). Text that is not a JSON object, and
// entries of the wrong type, read as empty: the outline of a broken text is empty, never an error.
PlanOutline planOutline(const QByteArray &planText);

// The CPU count of `configuration` in `outline`: its "cpus" set's size, 0 when not pinned. An A/A
// arm ("name:A", "name:B") has its configuration's set.
int cpuCountIn(const PlanOutline &outline, const QString &configuration);

} // namespace sb::store
