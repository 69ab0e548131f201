// The default foreign-CPU gate on this machine and the wait for a quiet machine
// (sampler.wait_quiet_s), end to end against a reference target on loopback: foreign burners
// (busy loops started and killed by pid, each ending by itself after 30 s) worth 32 % of the
// machine plus one core (on 2 cores: one burner of one core) trip the DEFAULT gate; the contended
// window's re-measure waits, shown live, until the burners are killed and the machine is quiet
// (or the limit passes on a machine others keep busy), the wait is stored as an event naming the
// window, and the cell is measured again. A cancel during the wait ends the run at once.

#include "burners.h"
#include "plan/plan.h"
#include "run/runner.h"
#include "store/runstore.h"
#include "testservers.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

using namespace sb;

namespace {

// Everything the runner reports, in one ordered log, plus the waits.
class Log : public run::RunObserver
{
public:
    void windowStarted(const run::WindowStarted &e) override
    {
        if (e.phase == run::Phase::WarmUp)
            order << QStringLiteral("start %1").arg(e.cell.attempt);
    }
    void windowFinished(const run::WindowFinished &e) override
    {
        order << QStringLiteral("finished %1").arg(e.window.attempt);
    }
    void quietWaitProgressed(const run::WaitingForQuiet &e) override
    {
        if (waits.isEmpty())
            order << QStringLiteral("wait");
        waits << e;
        if (onWait)
            onWait(e);
    }
    QStringList order;
    QList<run::WaitingForQuiet> waits;
    std::function<void(const run::WaitingForQuiet &)> onWait;
};

} // namespace

class TestRunnerQuiet : public QObject
{
    Q_OBJECT

private:
    // One target configuration, one route, an open loop of 50 requests/s (the burners get their
    // cores), the default foreign gate, a peak gate and `waitQuietS`; one retry.
    QString writePlan(const QString &name, int waitQuietS)
    {
        uint16_t port = 0;
        ::close(sb::test::listenOnLoopback(1, port));
        const QJsonObject config{{QStringLiteral("name"), QStringLiteral("a")},
                                 {QStringLiteral("command"),
                                  QJsonArray{QStringLiteral(STACKBENCH_BIN),
                                             QStringLiteral("target"), QStringLiteral("--port"),
                                             QStringLiteral("${port}"), QStringLiteral("--threads"),
                                             QStringLiteral("1"), QStringLiteral("--db"), m_db}},
                                 {QStringLiteral("port"), int(port)},
                                 {QStringLiteral("ready"),
                                  QJsonObject{{QStringLiteral("path"), QStringLiteral("/health")},
                                              {QStringLiteral("timeout_s"), 60}}}};
        QJsonObject sampler{{QStringLiteral("interval_ms"), 250},
                            {QStringLiteral("foreign_peak_gate"), QStringLiteral("90%machine")}};
        if (waitQuietS > 0)
            sampler.insert(QStringLiteral("wait_quiet_s"), waitQuietS);
        const QJsonObject plan{
            {QStringLiteral("format"), 1},
            {QStringLiteral("name"), name},
            {QStringLiteral("configurations"), QJsonArray{config}},
            {QStringLiteral("routes"),
             QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("health")},
                                    {QStringLiteral("path"), QStringLiteral("/health")}}}},
            {QStringLiteral("load"), QJsonObject{{QStringLiteral("threads"), 1},
                                                 {QStringLiteral("mode"), QStringLiteral("open")},
                                                 {QStringLiteral("rate"), 50}}},
            {QStringLiteral("sampler"), sampler},
            {QStringLiteral("profiles"),
             QJsonObject{{QStringLiteral("quick"),
                          QJsonObject{{QStringLiteral("rounds"), 1},
                                      {QStringLiteral("concurrency"), QJsonArray{1}},
                                      {QStringLiteral("warmup"), QStringLiteral("300ms")},
                                      {QStringLiteral("measure_s"), 1},
                                      {QStringLiteral("retries"), 1}}}}}};
        const QString path = m_dir.filePath(name + QStringLiteral(".json"));
        QFile f(path);
        const bool written = f.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
                             f.write(QJsonDocument(plan).toJson()) > 0;
        return written ? path : QString();
    }

    QVector<store::EventRecord> quietEvents(const QString &storeLocation, const QString &runId)
    {
        QVector<store::EventRecord> out;
        auto s = store::RunStore::open(storeLocation);
        if (!s.ok())
            return out;
        auto events = (*s)->events(runId);
        if (events.ok())
            for (const store::EventRecord &e : *events)
                if (e.kind == QStringLiteral("quiet-wait"))
                    out << e;
        return out;
    }

    QVector<store::WindowRecord> windows(const QString &storeLocation, const QString &runId)
    {
        auto s = store::RunStore::open(storeLocation);
        if (!s.ok())
            return {};
        auto w = (*s)->windows(runId, true);
        return w.ok() ? *w : QVector<store::WindowRecord>{};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("target.sqlite"));
        sb::test::TargetProcess seed(m_db); // seeds the target's database once
        QVERIFY2(seed.port() != 0, qPrintable(seed.error()));
    }

    void defaultGateTripsAndWaits_data()
    {
        QTest::addColumn<int>("waitQuietS");
        QTest::newRow("wait_quiet_s 10: waits for a quiet machine") << 10;
        QTest::newRow("no wait_quiet_s: measures again at once") << 0;
    }

    void defaultGateTripsAndWaits()
    {
        QFETCH(int, waitQuietS);
        const QString name = QStringLiteral("quiet%1").arg(waitQuietS);
        const QString planPath = writePlan(name, waitQuietS);
        QVERIFY(!planPath.isEmpty());
        const int cores = plan::machineCoreCount();
        const double gatePct = 32.0 * cores; // the default: 32 % of the machine

        sb::test::Burners burners(sb::test::Burners::neededFor(0.32));
        QVERIFY(burners.started());
        Log log;
        double firstReading = -1;
        log.onWait = [&](const run::WaitingForQuiet &e) {
            if (firstReading < 0) {
                firstReading = e.foreignPct; // read while the burners still ran
                burners.kill();
            }
        };
        run::Runner runner(&log);
        run::RunOptions options;
        options.planPath = planPath;
        options.storeLocation = m_dir.filePath(name + QStringLiteral(".sqlite"));
        const sb::Result<run::RunFinished> result = runner.run(options);
        burners.kill();
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().detail.c_str());

        const QVector<store::WindowRecord> stored = windows(options.storeLocation, result->runId);
        QVERIFY2(stored.size() == 2, qPrintable(log.order.join(QStringLiteral(", "))));
        const store::WindowRecord &contended = stored[0];
        QCOMPARE(contended.attempt, 0);
        QVERIFY(!contended.valid);
        const QString suffix = QStringLiteral(" (32%machine of %1 cores)").arg(cores);
        QVERIFY2(contended.invalidReason.startsWith(QStringLiteral("foreign-cpu ")) &&
                     contended.invalidReason.contains(suffix),
                 qPrintable(contended.invalidReason));
        QVERIFY(contended.foreignPctMean >= gatePct);
        const QJsonObject gate = contended.gates.value(QStringLiteral("foreign_cpu")).toObject();
        QCOMPARE(gate.value(QStringLiteral("threshold")).toDouble(), gatePct);
        QCOMPARE(gate.value(QStringLiteral("gate")).toString(), QStringLiteral("32%machine"));
        const QJsonObject peak = contended.gates.value(QStringLiteral("foreign_peak")).toObject();
        QCOMPARE(peak.value(QStringLiteral("threshold")).toDouble(), 90.0 * cores);
        double busiest = 0;
        for (const store::IntervalRecord &r : contended.intervals)
            busiest = std::max(busiest, r.foreignPct);
        QCOMPARE(peak.value(QStringLiteral("value")).toDouble(), busiest);
        QVERIFY(peak.value(QStringLiteral("interval")).toInt() >= 0);
        QCOMPARE(stored[1].attempt, 1); // measured again (valid or not: others share the machine)

        const QVector<store::EventRecord> events =
            quietEvents(options.storeLocation, result->runId);
        if (waitQuietS == 0) {
            QVERIFY(log.waits.isEmpty());
            QVERIFY(events.isEmpty());
            QCOMPARE(log.order,
                     (QStringList{QStringLiteral("start 0"), QStringLiteral("finished 0"),
                                  QStringLiteral("start 1"), QStringLiteral("finished 1")}));
            return;
        }
        // The re-measure came after the wait, and the wait was shown as it went.
        QCOMPARE(log.order, (QStringList{QStringLiteral("start 0"), QStringLiteral("finished 0"),
                                         QStringLiteral("wait"), QStringLiteral("start 1"),
                                         QStringLiteral("finished 1")}));
        QVERIFY2(firstReading >= gatePct, qPrintable(QString::number(firstReading)));
        const run::WaitingForQuiet &last = log.waits.last();
        QVERIFY2(last.outcome == QStringLiteral("quiet") ||
                     last.outcome == QStringLiteral("timed-out"),
                 qPrintable(last.outcome));
        for (qsizetype i = 0; i + 1 < log.waits.size(); ++i) {
            QVERIFY(log.waits[i].outcome.isEmpty());
            QVERIFY(log.waits[i].waitedS <= log.waits[i + 1].waitedS);
        }
        QCOMPARE(last.limitS, double(waitQuietS));
        QCOMPARE(last.gatePct, gatePct);
        QCOMPARE(last.cell.attempt, 1);
        // It ended at the first reading that reached its limit (or earlier), whatever the
        // machine's timing: every reading before the last was still short of it.
        QVERIFY(log.waits.size() < 2 || log.waits[log.waits.size() - 2].waitedS < last.limitS);
        if (last.outcome == QStringLiteral("quiet"))
            QVERIFY(last.quietS >= last.quietNeededS);

        QCOMPARE(events.size(), 1);
        const QJsonObject data = events[0].data;
        QCOMPARE(qint64(data.value(QStringLiteral("window_id")).toDouble()), contended.id);
        QCOMPARE(data.value(QStringLiteral("outcome")).toString(), last.outcome);
        QCOMPARE(data.value(QStringLiteral("attempt")).toInt(), 1);
        QCOMPARE(data.value(QStringLiteral("configuration")).toString(), QStringLiteral("a"));
        QCOMPARE(data.value(QStringLiteral("readings")).toInt(), int(log.waits.size()));
        QVERIFY2(
            events[0].detail.contains(QStringLiteral("before attempt 2 of round 1 a health c=1")),
            qPrintable(events[0].detail));
    }

    // Stop during the wait: the run ends interrupted without a re-measure, and the wait's event
    // says it was cancelled.
    void cancelDuringTheWait()
    {
        const QString planPath = writePlan(QStringLiteral("cancel"), 60);
        sb::test::Burners burners(sb::test::Burners::neededFor(0.32));
        QVERIFY(burners.started());
        Log log;
        run::Runner runner(&log);
        log.onWait = [&](const run::WaitingForQuiet &e) {
            if (e.outcome.isEmpty())
                runner.cancel();
        };
        run::RunOptions options;
        options.planPath = planPath;
        options.storeLocation = m_dir.filePath(QStringLiteral("cancel.sqlite"));
        const sb::Result<run::RunFinished> result = runner.run(options);
        burners.kill();
        QVERIFY(result.ok());
        QCOMPARE(result->status, QString(store::kStatusInterrupted));
        QCOMPARE(windows(options.storeLocation, result->runId).size(), 1);
        QVERIFY(log.waits.size() >= 2);
        QCOMPARE(log.waits.last().outcome, QStringLiteral("cancelled"));
        QVERIFY(log.waits.last().waitedS < 60);
        const QVector<store::EventRecord> events =
            quietEvents(options.storeLocation, result->runId);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].data.value(QStringLiteral("outcome")).toString(),
                 QStringLiteral("cancelled"));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_GUILESS_MAIN(TestRunnerQuiet)
#include "tst_runnerquiet.moc"
