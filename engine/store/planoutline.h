#pragma once

// What a stored run's plan text says beyond its typed columns: the names of its configurations
// and routes in plan order, and the gate settings as the plan writes them. The one reader of a
// stored plan text's outline; the store itself also derives from it the typed columns of runs
// stored before they existed (the plan's name, each configuration's CPU count), and the report
// its Setup section. It reads the JSON only; it does not validate the plan (the plan loader
// does). Pure functions; any thread.

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

namespace sb::store {

// One setting of the plan as its text writes it, for a reader who wants to know what a run
// applied and which key changes it.
struct PlanSetting
{
    QString name;        // what it is, in words: "foreign-CPU gate", "retries"
    QString key;         // where the plan sets it: "sampler.foreign_gate", "profiles.quick.retries"
    QString text;        // the value as written, with its unit ("25%machine", "30 s", "2");
                         // "" when the plan leaves the key out
    QString defaultText; // what the plan loader applies when the key is left out

    // text, or defaultText with " (default)" when the plan leaves the key out.
    QString shown() const;
};

struct PlanOutline
{
    QString name;                  // the plan's "name"; "" when it has none
    QString baseline;              // the plan's "baseline" configuration; "" when it names none
    QStringList configurations;    // each configuration's "name", in plan order
    QStringList routes;            // each route's "name", in plan order
    QHash<QString, int> cpuCounts; // configuration -> CPUs of its "cpus" set; only pinned ones
    QHash<QString, QString> processModes; // profile -> its "process": "round" (also when it
                                          // gives none, the plan's default), "window" or "once"
    // The gate settings of "sampler" and "load" as written (PlanSetting::text; "" when absent):
    // foreign_gate (or the older foreign_gate_pct, as "<n>%"), foreign_peak_gate, wait_quiet_s,
    // sleep_gap_s, interval_ms, and load.timeout_s.
    QString foreignGate;
    QString foreignGateKey = QStringLiteral("sampler.foreign_gate"); // or ".foreign_gate_pct"
    QString foreignPeakGate;
    QString waitQuietS;
    QString sleepGapS;
    QString intervalMs;
    QString timeoutS;
    QHash<QString, QString> retries; // profile name -> its "retries" as written
};

// The defaults the plan loader applies to a key left out (plan/plan.h; tst_reportsetup checks
// that the two agree).
inline constexpr const char *kDefaultForeignGate = "32%machine";
inline constexpr const char *kDefaultForeignPeakGate = "none";
inline constexpr const char *kDefaultWaitQuiet = "0 s";
inline constexpr const char *kDefaultSleepGap = "10 s";
inline constexpr const char *kDefaultInterval = "1000 ms";
inline constexpr const char *kDefaultTimeout = "180 s";
inline constexpr const char *kDefaultRetries = "2";

// The outline of a stored plan text (RunRecord::planText). Text that is not a JSON object, and
// entries of the wrong type, read as empty: the outline of a broken text is empty, never an error.
PlanOutline planOutline(const QByteArray &planText);

// The CPU count of `configuration` in `outline`: its "cpus" set's size, 0 when not pinned. An A/A
// arm ("name:A", "name:B") has its configuration's set.
int cpuCountIn(const PlanOutline &outline, const QString &configuration);

// The settings that decide which windows count and how often they are measured again, in this
// order: foreign-CPU gate, peak foreign-CPU gate, quiet wait, retries (of `profile`), sleep gap,
// sampler interval, request timeout.
QVector<PlanSetting> gateSettings(const PlanOutline &outline, const QString &profile);

} // namespace sb::store
