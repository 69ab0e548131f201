#pragma once

// A run store for the History tests, written through the RunStore API: one run of each status
// of tests/data/plans/valid/two-targets.json (2 configurations, route "health", c=1 and 4, 2
// rounds), the finished one complete with an invalid attempt, events and server output.

#include "run/runnerprocess.h"
#include "stats/histogram.h"
#include "store/runstore.h"

#include <QFile>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <functional>

namespace sb::test {

// Run ids, newest first as the store lists them.
inline const QString kRunning = QStringLiteral("20261201-105000-0005");
inline const QString kIncomplete = QStringLiteral("20261201-104000-0004");
inline const QString kFailed = QStringLiteral("20261201-103000-0003");
inline const QString kInterrupted = QStringLiteral("20261201-102000-0002");
inline const QString kFinished = QStringLiteral("20261201-101000-0001");

inline const QStringList kConfigurations{QStringLiteral("target-a"), QStringLiteral("target-b")};

inline store::WindowRecord fixtureWindow(const QString &runId, int round,
                                         const QString &configuration, int concurrency, int attempt,
                                         bool valid)
{
    store::WindowRecord w;
    w.runId = runId;
    w.round = round;
    w.configuration = configuration;
    w.route = QStringLiteral("health");
    w.concurrency = concurrency;
    w.attempt = attempt;
    w.valid = valid;
    w.invalidReason = valid ? QString() : QStringLiteral("foreign-cpu 512% >= 450%");
    w.invalidKind = valid ? QString() : QString(store::kInvalidForeignCpu);
    w.startedAt = QDateTime(QDate(2026, 12, 1), QTime(10, 10, round * 10 + attempt), Qt::UTC);
    w.elapsedS = 2.0;
    const double rate = (configuration == kConfigurations[0] ? 9000 : 6000) * concurrency *
                        (1 + 0.01 * round + 0.003 * attempt);
    w.ok = qint64(rate * w.elapsedS);
    w.requests = w.ok;
    w.statusCounts = QJsonObject{{QStringLiteral("200"), double(w.ok)}};
    w.serverCpuS = 1.9;
    w.serverCoresMean = 0.95;
    w.clientCpuS = 0.8;
    w.foreignPctMean = valid ? 3 : 512;
    w.foreignPctPeak = valid ? 9 : 530;
    Histogram h;
    for (int i = 0; i < 200; ++i)
        h.record(100 + i * concurrency, 50);
    const std::vector<uint8_t> bytes = h.encode();
    w.histogram = QByteArray(reinterpret_cast<const char *>(bytes.data()), qsizetype(bytes.size()));
    w.latencyUs = QJsonObject{{QStringLiteral("p50"), double(h.valueAtPercentile(50))},
                              {QStringLiteral("p90"), double(h.valueAtPercentile(90))},
                              {QStringLiteral("p99"), double(h.valueAtPercentile(99))},
                              {QStringLiteral("max"), double(h.max())}};
    w.gates = QJsonObject{
        {QStringLiteral("foreign_cpu"), QJsonObject{{QStringLiteral("value"), w.foreignPctPeak},
                                                    {QStringLiteral("threshold"), 450},
                                                    {QStringLiteral("passed"), valid}}}};
    return w;
}

// `edit` may change the stored plan text (two-targets.json).
inline bool addFixtureRun(store::RunStore &s, const QString &id, const QString &status, int windows,
                          const run::RunnerIdentity &runner, int minute,
                          const std::function<QByteArray(QByteArray)> &edit = {})
{
    QFile plan(QStringLiteral(STACKBENCH_TEST_DATA "/plans/valid/two-targets.json"));
    if (!plan.open(QIODevice::ReadOnly))
        return false;
    store::RunRecord r;
    r.id = id;
    r.planPath = plan.fileName();
    r.planText = edit ? edit(plan.readAll()) : plan.readAll();
    r.profile = QStringLiteral("quick");
    r.routes = {QStringLiteral("health")};
    r.startedAt = QDateTime(QDate(2026, 12, 1), QTime(10, minute, 0), Qt::UTC);
    r.status = status;
    r.environment =
        QJsonObject{{QStringLiteral("hostname"), QStringLiteral("bench-%1").arg(minute)},
                    {QStringLiteral("cpu_model"), QStringLiteral("Test CPU 3000")},
                    {QStringLiteral("cores"), 2},
                    {QStringLiteral("kernel"), QStringLiteral("6.1.0-%1 #1 SMP").arg(minute)},
                    {QStringLiteral("git_revision"), QStringLiteral("rev%1").arg(minute)},
                    {QStringLiteral("stackbench_version"), QStringLiteral("0.1.0")}};
    r.runnerPid = runner.pid;
    r.runnerHost = runner.host;
    r.runnerStart = runner.start;
    if (!s.createRun(r).ok())
        return false;
    for (const QString &c : kConfigurations)
        if (!s.saveConfiguration({id, c,
                                  QJsonObject{{QStringLiteral("command"),
                                               QStringLiteral("stackbench target --port 1")}}})
                 .ok())
            return false;
    int stored = 0;
    for (int round = 0; round < 2 && stored < windows; ++round)
        for (const QString &c : kConfigurations)
            for (int concurrency : {1, 4}) {
                if (stored >= windows)
                    break;
                // The first cell of the finished run needed a second attempt.
                if (status == store::kStatusFinished && stored == 0 &&
                    !s.saveWindow(fixtureWindow(id, round, c, concurrency, 0, false)).ok())
                    return false;
                const int attempt = status == store::kStatusFinished && stored == 0 ? 1 : 0;
                if (!s.saveWindow(fixtureWindow(id, round, c, concurrency, attempt, true)).ok())
                    return false;
                ++stored;
            }
    const QDateTime at = r.startedAt.addSecs(1);
    if (!s.saveEvent({id, at, QStringLiteral("server-started"),
                      QStringLiteral("started target-a (pid 7)"),
                      QJsonObject{{QStringLiteral("configuration"), kConfigurations[0]}}})
             .ok() ||
        !s.saveEvent({id,
                      at,
                      QStringLiteral("warning"),
                      QStringLiteral("the CPU governor is powersave, not performance"),
                      {}})
             .ok() ||
        !s.saveEvent({id, at, QStringLiteral("server-died"),
                      QStringLiteral("the server tree died during round 1 target-a health c=1; "
                                     "restarting it"),
                      QJsonObject{{QStringLiteral("configuration"), kConfigurations[0]}}})
             .ok())
        return false;
    if (!s.appendServerLog(id, kConfigurations[0], 0, "listening on 127.0.0.1\n", "a warning\n")
             .ok() ||
        !s.appendServerLog(id, kConfigurations[1], 0, "listening too\n", QByteArray()).ok())
        return false;
    if (status != store::kStatusRunning)
        return s.finishRun(id, status).ok();
    return true;
}

// Fills the store at `path` with the five runs; false when a write failed.
inline bool fillHistoryStore(const QString &path)
{
    auto opened = store::RunStore::open(path, store::RunStore::OpenMode::Create);
    if (!opened.ok())
        return false;
    store::RunStore &s = **opened;
    const run::RunnerIdentity me = run::thisProcess();
    // This process's pid with another start: a runner that is gone.
    const run::RunnerIdentity gone{me.pid, me.host, QStringLiteral("another-boot:1")};
    return addFixtureRun(s, kFinished, QString(store::kStatusFinished), 8, gone, 10) &&
           addFixtureRun(s, kInterrupted, QString(store::kStatusRunning), 3, gone, 20) &&
           addFixtureRun(s, kFailed, QString(store::kStatusFailed), 1, gone, 30) &&
           addFixtureRun(s, kIncomplete, QString(store::kStatusIncomplete), 6, gone, 40) &&
           addFixtureRun(s, kRunning, QString(store::kStatusRunning), 2, me, 50);
}

} // namespace sb::test
