#pragma once

// Stored runs for the Compare tests: windows written straight into a run store with their
// intervals and latency histograms, throughput from a formula, so a test knows which cells
// differ (faster, slower, overlapping, a single window) without running any load.

#include "stats/histogram.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <functional>

namespace sb::test {

struct FixtureRun
{
    QString id;
    QString host = QStringLiteral("bench-1");
    QString revision = QStringLiteral("abc123");
    QString profileKind; // "aa" for an A/A run
    QStringList configurations{QStringLiteral("fast"), QStringLiteral("slow")};
    QStringList routes{QStringLiteral("health"), QStringLiteral("echo")};
    QList<int> concurrency{1, 8};
    int rounds = 3;
    int intervals = 5; // per window, 1 s each
    // 2xx/s of a window; <= 0 leaves the window out.
    std::function<double(const QString &configuration, const QString &route, int concurrency,
                         int round)>
        okPerS;
    double serverCores = 0.5;
};

// Writes the run into `store`. Returns an empty string on success, the failure otherwise.
inline QString writeFixtureRun(store::RunStore &store, const FixtureRun &f)
{
    QJsonArray configurations;
    for (const QString &c : f.configurations)
        configurations.append(QJsonObject{{QStringLiteral("name"), c}});
    QJsonArray routes;
    for (const QString &r : f.routes)
        routes.append(QJsonObject{{QStringLiteral("name"), r}});
    store::RunRecord run;
    run.id = f.id;
    run.planPath = QStringLiteral("/tmp/fixture.json");
    run.planText = QJsonDocument(QJsonObject{{QStringLiteral("name"), QStringLiteral("fixture")},
                                             {QStringLiteral("configurations"), configurations},
                                             {QStringLiteral("routes"), routes}})
                       .toJson(QJsonDocument::Compact);
    run.profile = f.profileKind.isEmpty() ? QStringLiteral("quick") : QStringLiteral("noise");
    run.startedAt = QDateTime::fromString(f.id.left(15), QStringLiteral("yyyyMMdd-HHmmss"));
    run.startedAt.setTimeSpec(Qt::UTC);
    run.environment = QJsonObject{{QStringLiteral("hostname"), f.host},
                                  {QStringLiteral("git_revision"), f.revision},
                                  {QStringLiteral("cores"), 2}};
    if (!f.profileKind.isEmpty())
        run.environment.insert(QStringLiteral("profile_kind"), f.profileKind);
    if (sb::Status st = store.createRun(run); !st.ok())
        return QString::fromStdString(st.error().detail);
    int index = 0;
    for (int round = 0; round < f.rounds; ++round)
        for (const QString &c : f.configurations)
            for (const QString &route : f.routes)
                for (int k : f.concurrency) {
                    const double rate = f.okPerS(c, route, k, round);
                    if (rate <= 0)
                        continue;
                    store::WindowRecord w;
                    w.runId = f.id;
                    w.round = round;
                    w.configuration = c;
                    w.route = route;
                    w.concurrency = k;
                    w.valid = true;
                    w.startedAt = run.startedAt.addSecs(10 * index++);
                    w.elapsedS = f.intervals;
                    w.ok = qint64(rate * f.intervals);
                    w.requests = w.ok;
                    w.statusCounts = QJsonObject{{QStringLiteral("200"), double(w.ok)}};
                    w.serverCpuS = f.serverCores * f.intervals;
                    w.serverCoresMean = f.serverCores;
                    const qint64 p50 = qint64(1e6 * k / rate);
                    Histogram h;
                    h.record(p50, w.ok - w.ok / 100);
                    h.record(p50 * 4, w.ok / 100);
                    const std::vector<uint8_t> bytes = h.encode();
                    w.histogram = QByteArray(reinterpret_cast<const char *>(bytes.data()),
                                             qsizetype(bytes.size()));
                    w.latencyUs = QJsonObject{{QStringLiteral("p50"), double(p50)},
                                              {QStringLiteral("p99"), double(p50 * 4)},
                                              {QStringLiteral("max"), double(p50 * 4)}};
                    for (int i = 0; i < f.intervals; ++i) {
                        store::IntervalRecord r;
                        r.index = i;
                        r.startS = i;
                        r.endS = i + 1;
                        r.ok = qint64(rate * (0.9 + 0.05 * (i % 3)));
                        r.requests = r.ok;
                        r.okPerS = double(r.ok);
                        r.p50Us = p50;
                        r.p99Us = p50 * 4;
                        r.serverCores = f.serverCores;
                        w.intervals.append(r);
                    }
                    if (auto id = store.saveWindow(w); !id.ok())
                        return QString::fromStdString(id.error().detail);
                }
    return store.finishRun(f.id, store::kStatusFinished).ok() ? QString()
                                                              : QStringLiteral("finishRun");
}

// Two runs of the same plan and an A/A run, in `storePath`: "base" (run A) and "candidate"
// (run B: 'fast' 30 % faster on health c=8, 20 % slower on echo c=1, within each other's range
// elsewhere; 'slow' has one window only on echo c=8; 1.3x the server cores), on the same host;
// run C as B on another host and revision; an A/A run of 'fast' (arms 2 % apart).
struct FixtureStore
{
    QString a = QStringLiteral("20261201-100000-aaaa");
    QString b = QStringLiteral("20261201-110000-bbbb");
    QString c = QStringLiteral("20261201-120000-cccc");
    QString aa = QStringLiteral("20261201-090000-a0a0");
};

inline double baseRate(const QString &configuration, const QString &route, int k, int round)
{
    const double base = configuration == QLatin1String("fast") ? 20000 : 8000;
    return base * (route == QLatin1String("echo") ? 0.5 : 1) * (k == 8 ? 1.5 : 1) *
           (1 + 0.01 * round);
}

inline QString writeFixtureStore(const QString &storePath, const FixtureStore &ids = {})
{
    auto opened = store::RunStore::open(storePath);
    if (!opened.ok())
        return QString::fromStdString(opened.error().detail);
    store::RunStore &store = **opened;
    FixtureRun a;
    a.id = ids.a;
    a.okPerS = baseRate;
    FixtureRun b = a;
    b.id = ids.b;
    b.okPerS = [](const QString &c, const QString &route, int k, int round) {
        double x = baseRate(c, route, k, round);
        if (c == QLatin1String("fast") && route == QLatin1String("health") && k == 8)
            x *= 1.3;
        if (c == QLatin1String("fast") && route == QLatin1String("echo") && k == 1)
            x *= 0.8;
        if (c == QLatin1String("slow") && route == QLatin1String("echo") && k == 8 && round > 0)
            return 0.0;
        // Overlapping ranges elsewhere: a round's noise larger than the difference.
        return x * (round == 1 ? 1.002 : 0.999);
    };
    // More cores for the same work: per CPU-second B is slower where 2xx/s is the same, and no
    // faster on health c=8 where 2xx/s is (1.3x the rate on 1.3x the cores).
    b.serverCores = 0.65;
    FixtureRun c = b;
    c.id = ids.c;
    c.host = QStringLiteral("bench-2");
    c.revision = QStringLiteral("def456");
    FixtureRun aa;
    aa.id = ids.aa;
    aa.profileKind = QStringLiteral("aa");
    aa.configurations = {QStringLiteral("fast:A"), QStringLiteral("fast:B")};
    aa.okPerS = [](const QString &c, const QString &route, int k, int round) {
        return baseRate(QStringLiteral("fast"), route, k, round) *
               (c.endsWith(QLatin1String("B")) ? 1.02 : 1.0);
    };
    for (const FixtureRun *run : {&a, &b, &c, &aa})
        if (QString e = writeFixtureRun(store, *run); !e.isEmpty())
            return e;
    return QString();
}

} // namespace sb::test
