// The runner's hook moments against the reference target: every moment at its place in a run
// (plan -> configuration -> route, "order": "first"/"last"), the warm-up per route, hooks that
// fail at each moment, and after_run at the end of a failed or stopped run with what was
// measured kept.

#include "core/qterror.h"
#include "run/runner.h"
#include "runplans.h"
#include "store/runstore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace sb;
using sb::test::appendHook;
using sb::test::fileLines;
using sb::test::resultText;

namespace {

QJsonArray hooks(std::initializer_list<QJsonObject> list)
{
    QJsonArray out;
    for (const QJsonObject &h : list)
        out.append(h);
    return out;
}

QJsonObject failingHook()
{
    return QJsonObject{{QStringLiteral("command"), QJsonArray{QStringLiteral("false")}}};
}

} // namespace

class TestRunHooks : public QObject
{
    Q_OBJECT

private:
    sb::test::RunPlans plans() const { return sb::test::RunPlans(m_dir.path(), m_db); }

    QString log(const QString &name) const { return m_dir.filePath(name + QStringLiteral(".log")); }

    // A plan of one target configuration `a` with `extra` merged in.
    QString plan(const QString &name, const QJsonObject &extra, const QJsonObject &profile)
    {
        return plans().oneTarget(name, extra, profile);
    }

    sb::Result<run::RunFinished> runPlan(const QString &path, const QString &store,
                                         sb::test::Recorder *recorder = nullptr)
    {
        run::Runner runner(recorder);
        run::RunOptions options;
        options.planPath = path;
        options.storeLocation = store;
        return runner.run(options);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("target.sqlite"));
        const QString seeded = sb::test::seedTarget(m_db);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
    }

    // Every moment of a run in order, each moment's hooks plan -> configuration -> route with
    // "first" and "last" moving a hook to either end; the warm-up and the measured window (the
    // observer writes them into the same file) sit between before_window, after_warmup and
    // after_window.
    void momentsRunInOrder()
    {
        const QString file = log(QStringLiteral("order"));
        auto at = [&](const char *tag, const QString &order = QString()) {
            return appendHook(file, QString::fromLatin1(tag), order);
        };
        QJsonObject config = plans().target(QStringLiteral("a"));
        config.insert(QStringLiteral("hooks"),
                      QJsonObject{{QStringLiteral("before_run"),
                                   hooks({at("before_run C", QStringLiteral("first"))})},
                                  {QStringLiteral("before_route"), hooks({at("before_route C")})},
                                  {QStringLiteral("after_warmup"), hooks({at("after_warmup C")})},
                                  {QStringLiteral("after_configuration"),
                                   hooks({at("after_configuration C", QStringLiteral("first"))})},
                                  {QStringLiteral("after_run"), hooks({at("after_run C")})}});
        QJsonArray routes = sb::test::RunPlans::routes(2);
        QJsonObject health = routes[0].toObject();
        health.insert(QStringLiteral("hooks"),
                      QJsonObject{{QStringLiteral("before_route"), hooks({at("before_route R")})},
                                  {QStringLiteral("after_warmup"),
                                   hooks({at("after_warmup R", QStringLiteral("first"))})},
                                  {QStringLiteral("after_window"), hooks({at("after_window R")})},
                                  {QStringLiteral("after_route"), hooks({at("after_route R")})}});
        routes[0] = health;
        const QJsonObject planHooks{
            {QStringLiteral("before_run"), hooks({at("before_run P")})},
            {QStringLiteral("before_configuration"), hooks({at("before_configuration P")})},
            {QStringLiteral("before_route"), hooks({at("before_route P", QStringLiteral("last"))})},
            {QStringLiteral("before_window"), hooks({at("before_window P")})},
            {QStringLiteral("after_warmup"), hooks({at("after_warmup P")})},
            {QStringLiteral("after_window"), hooks({at("after_window P")})},
            {QStringLiteral("after_route"), hooks({at("after_route P")})},
            {QStringLiteral("after_configuration"), hooks({at("after_configuration P")})},
            {QStringLiteral("after_run"), hooks({at("after_run P")})}};
        const QString path = plans().write(
            QStringLiteral("order"),
            QJsonObject{{QStringLiteral("configurations"), QJsonArray{config}},
                        {QStringLiteral("routes"), routes},
                        {QStringLiteral("hooks"), planHooks},
                        {QStringLiteral("profiles"),
                         QJsonObject{{QStringLiteral("quick"),
                                      sb::test::RunPlans::profile(1, QJsonArray{1}, 0.3)}}}});
        sb::test::Recorder recorder;
        recorder.onWindowStarted = [&](const run::WindowStarted &e) {
            QFile f(file);
            QVERIFY(f.open(QIODevice::Append));
            f.write(e.phase == run::Phase::WarmUp ? "warm-up " : "measure ");
            f.write(e.cell.route.toUtf8() + '\n');
        };
        const auto result = runPlan(path, plans().store(QStringLiteral("order")), &recorder);
        QVERIFY2(result.ok(), qPrintable(resultText(result)));
        QCOMPARE(result->status, QString(store::kStatusFinished));
        const QStringList expected{
            QStringLiteral("before_run C"),
            QStringLiteral("before_run P"),
            QStringLiteral("before_configuration P"),
            QStringLiteral("before_route C"),
            QStringLiteral("before_route R"),
            QStringLiteral("before_route P"),
            QStringLiteral("before_window P"),
            QStringLiteral("warm-up health"),
            QStringLiteral("after_warmup R"),
            QStringLiteral("after_warmup P"),
            QStringLiteral("after_warmup C"),
            QStringLiteral("measure health"),
            QStringLiteral("after_window P"),
            QStringLiteral("after_window R"),
            QStringLiteral("after_route P"),
            QStringLiteral("after_route R"),
            QStringLiteral("before_route C"),
            QStringLiteral("before_route P"),
            QStringLiteral("before_window P"),
            QStringLiteral("warm-up user"),
            QStringLiteral("after_warmup P"),
            QStringLiteral("after_warmup C"),
            QStringLiteral("measure user"),
            QStringLiteral("after_window P"),
            QStringLiteral("after_route P"),
            QStringLiteral("after_configuration C"),
            QStringLiteral("after_configuration P"),
            QStringLiteral("after_run P"),
            QStringLiteral("after_run C"),
        };
        QCOMPARE(fileLines(file), expected);
    }

    // warmup_scope "route": one warm-up per configuration x route, at warmup_concurrency, and
    // none before the route's other windows; after_warmup still runs before every measured
    // window. A fresh process tree (the next round) is warmed up again.
    void warmupPerRoute()
    {
        const QString file = log(QStringLiteral("scope"));
        QJsonObject profile = sb::test::RunPlans::profile(2, QJsonArray{1, 2}, 0.3);
        profile.insert(QStringLiteral("warmup_scope"), QStringLiteral("route"));
        profile.insert(QStringLiteral("warmup_concurrency"), 3);
        profile.insert(QStringLiteral("order"), QStringLiteral("fixed"));
        QJsonObject extra{
            {QStringLiteral("routes"), sb::test::RunPlans::routes(2)},
            {QStringLiteral("hooks"),
             QJsonObject{{QStringLiteral("after_warmup"),
                          hooks({appendHook(file, QStringLiteral("after_warmup"))})}}}};
        const QString path = plan(QStringLiteral("scope"), extra, profile);
        sb::test::Recorder recorder;
        QStringList phases;
        recorder.onWindowStarted = [&](const run::WindowStarted &e) {
            phases << QStringLiteral("%1 %2 c=%3 %4")
                          .arg(e.cell.round)
                          .arg(e.cell.route)
                          .arg(e.cell.concurrency)
                          .arg(e.phase == run::Phase::WarmUp ? QStringLiteral("warm-up")
                                                             : QStringLiteral("measure"));
        };
        const QString store = plans().store(QStringLiteral("scope"));
        const auto result = runPlan(path, store, &recorder);
        QVERIFY2(result.ok(), qPrintable(resultText(result)));
        QCOMPARE(result->validWindows, 8);
        QStringList expected;
        for (const char *round : {"0", "1"}) {
            for (const char *route : {"health", "user"}) {
                const QString cell =
                    QStringLiteral("%1 %2 ").arg(QLatin1String(round), QLatin1String(route));
                expected << cell + QStringLiteral("c=1 warm-up")
                         << cell + QStringLiteral("c=1 measure")
                         << cell + QStringLiteral("c=2 measure");
            }
        }
        QCOMPARE(phases, expected);
        QCOMPARE(fileLines(file).size(), 8);
        // The warm-up is stored with the window it came before, at its own concurrency.
        auto s = store::RunStore::open(store);
        QVERIFY(s.ok());
        auto windows = (*s)->windows(result->runId);
        QVERIFY(windows.ok());
        int warmed = 0;
        for (const store::WindowRecord &w : *windows) {
            auto detailed = (*s)->window(w.id);
            QVERIFY(detailed.ok());
            const QJsonObject warmup = detailed->gates.value(QStringLiteral("warmup")).toObject();
            if (warmup.isEmpty())
                continue;
            ++warmed;
            QCOMPARE(w.concurrency, 1);
            QCOMPARE(warmup.value(QStringLiteral("connections")).toInt(), 3);
            QCOMPARE(warmup.value(QStringLiteral("scope")).toString(), QStringLiteral("route"));
        }
        QCOMPARE(warmed, 4);
    }

    // A failing hook at a window's moments fails that window (stored invalid with the reason,
    // measured again); at after_route or after_configuration it is noted and the windows stand.
    void failingHooks_data()
    {
        QTest::addColumn<QString>("moment");
        QTest::addColumn<QString>("reason"); // of the stored windows; empty: they are valid
        QTest::newRow("before_window") << "before_window"
                                       << "before_window hook failed";
        QTest::newRow("after_warmup") << "after_warmup"
                                      << "after_warmup hook failed";
        QTest::newRow("after_window") << "after_window"
                                      << "after_window hook failed";
        QTest::newRow("after_route") << "after_route"
                                     << "";
        QTest::newRow("after_configuration") << "after_configuration"
                                             << "";
    }

    void failingHooks()
    {
        QFETCH(QString, moment);
        QFETCH(QString, reason);
        const QString path = plan(
            QStringLiteral("fail-") + moment,
            QJsonObject{{QStringLiteral("hooks"), QJsonObject{{moment, hooks({failingHook()})}}}},
            sb::test::RunPlans::profile(1, QJsonArray{1}, 0.3, 1));
        sb::test::Recorder recorder;
        const QString store = plans().store(QStringLiteral("fail-") + moment);
        const auto result = runPlan(path, store, &recorder);
        QVERIFY2(result.ok(), qPrintable(resultText(result)));
        QVERIFY2(recorder.notes.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("hook-failed: %1 hook failed").arg(moment)),
                 qPrintable(recorder.notes.join(QLatin1Char('\n'))));
        auto s = store::RunStore::open(store);
        QVERIFY(s.ok());
        auto windows = (*s)->windows(result->runId);
        QVERIFY(windows.ok());
        if (reason.isEmpty()) {
            QCOMPARE(result->status, QString(store::kStatusFinished));
            QCOMPARE(windows->size(), 1);
            QVERIFY(windows->first().valid);
            QCOMPARE(recorder.windows.size(), 1);
            QCOMPARE(recorder.windows.first().invalidKind, QString());
            return;
        }
        QCOMPARE(windows->size(), 2); // measured again once (retries 1)
        for (const store::WindowRecord &w : *windows) {
            QVERIFY(!w.valid);
            QVERIFY2(w.invalidReason.startsWith(reason), qPrintable(w.invalidReason));
        }
        // The failure kind is typed, not guessed from the reason (as the observer gets it).
        QCOMPARE(recorder.windows.size(), 2);
        for (const store::WindowRecord &w : recorder.windows)
            QCOMPARE(w.invalidKind, QString(store::kInvalidHook));
        QCOMPARE(result->ranOutCells, 1);
    }

    // after_run runs at the end of a run that failed (before_run failed) or was stopped, and of
    // one whose after_run fails; what was measured stays stored.
    void afterRunEndsEveryRun()
    {
        // A failed before_run: nothing measured, after_run runs.
        {
            const QString file = log(QStringLiteral("failed"));
            const QString path = plan(
                QStringLiteral("failed"),
                QJsonObject{{QStringLiteral("hooks"),
                             QJsonObject{{QStringLiteral("before_run"), hooks({failingHook()})},
                                         {QStringLiteral("after_run"),
                                          hooks({appendHook(file, QStringLiteral("reset"))})}}}},
                sb::test::RunPlans::profile(1, QJsonArray{1}, 0.3));
            const auto result = runPlan(path, plans().store(QStringLiteral("failed")));
            QVERIFY(result.ok());
            QCOMPARE(result->status, QString(store::kStatusFailed));
            QVERIFY2(result->error.startsWith(QStringLiteral("before_run hook failed")),
                     qPrintable(result->error));
            QCOMPARE(fileLines(file), QStringList{QStringLiteral("reset")});
        }
        // Stopped after the first window: it stays stored, the tree's and the run's clean-ups run.
        {
            const QString file = log(QStringLiteral("stopped"));
            const QString path =
                plan(QStringLiteral("stopped"),
                     QJsonObject{
                         {QStringLiteral("hooks"),
                          QJsonObject{{QStringLiteral("after_configuration"),
                                       hooks({appendHook(file, QStringLiteral("tree stopped"))})},
                                      {QStringLiteral("after_run"),
                                       hooks({appendHook(file, QStringLiteral("reset"))})}}}},
                     sb::test::RunPlans::profile(1, QJsonArray{1, 2, 3}, 0.3));
            run::RunOptions options;
            options.planPath = path;
            options.storeLocation = plans().store(QStringLiteral("stopped"));
            const auto result = sb::test::runUntilFirstWindow(options);
            QVERIFY(result.ok());
            QCOMPARE(result->status, QString(store::kStatusInterrupted));
            QCOMPARE(result->validWindows, 1);
            QCOMPARE(fileLines(file),
                     (QStringList{QStringLiteral("tree stopped"), QStringLiteral("reset")}));
        }
        // A failing after_run fails the run; the windows are stored.
        {
            const QString path = plan(
                QStringLiteral("after-run-fails"),
                QJsonObject{{QStringLiteral("hooks"),
                             QJsonObject{{QStringLiteral("after_run"), hooks({failingHook()})}}}},
                sb::test::RunPlans::profile(1, QJsonArray{1}, 0.3));
            const auto result = runPlan(path, plans().store(QStringLiteral("after-run-fails")));
            QVERIFY(result.ok());
            QCOMPARE(result->status, QString(store::kStatusFailed));
            QVERIFY2(result->error.startsWith(QStringLiteral("after_run hook failed")),
                     qPrintable(result->error));
            QCOMPARE(result->validWindows, 1);
        }
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_GUILESS_MAIN(TestRunHooks)
#include "tst_runhooks.moc"
