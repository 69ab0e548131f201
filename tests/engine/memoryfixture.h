#pragma once

// A run's report whose cells have chosen memory and tree ages, for the memory section of the
// reports and the GUI's memory columns and chart: no store, no load.

#include "report/runreport.h"
#include "syntheticwindows.h"

#include <QList>
#include <QVector>

namespace sb::test {

// One cell of the route "health": its windows' peak RSS (MiB; PSS is half), and its tree's age
// at them (requests -1: unknown).
struct MemoryCell
{
    QString configuration;
    int concurrency = 4;
    QList<double> rssMiB;
    double requests = 0;
    double ageS = 1;
};

// A finished run `id` of the plan "mem" (native, python) whose profile "quick" has `process`
// (empty: none).
inline report::RunReport memoryRun(const QString &id, const QString &process,
                                   const QList<MemoryCell> &cells)
{
    store::RunRecord run;
    run.id = id;
    run.profile = QStringLiteral("quick");
    run.status = QStringLiteral("finished");
    // No `process`: the profile leaves the key out (the default).
    const QString profile = process.isEmpty()
                                ? QStringLiteral("{}")
                                : QStringLiteral("{\"process\": \"%1\"}").arg(process);
    run.planText = QStringLiteral("{\"name\": \"mem\", \"configurations\": [{\"name\": \"native\"},"
                                  " {\"name\": \"python\"}], \"routes\": [{\"name\": \"health\"}],"
                                  " \"profiles\": {\"quick\": %1}}")
                       .arg(profile)
                       .toUtf8();
    QVector<store::WindowRecord> windows;
    for (const MemoryCell &c : cells) {
        int round = 0;
        for (double mib : c.rssMiB) {
            store::WindowRecord w =
                testing::syntheticWindow(run.id, round++, c.configuration, QStringLiteral("health"),
                                         c.concurrency, 1000, 0.5, 800);
            w.rssBytesPeak = qint64(mib * 1024 * 1024);
            w.pssBytesPeak = w.rssBytesPeak / 2;
            w.treeRequests = qint64(c.requests);
            w.treeAgeS = c.requests < 0 ? -1 : c.ageS;
            windows.append(w);
        }
    }
    return report::buildRunReport(run, windows, {}, {});
}

} // namespace sb::test
