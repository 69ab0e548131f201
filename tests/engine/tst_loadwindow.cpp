// The one entry that measures a window (run/loadwindow.h), as the runner, `stackbench
// load` and the quick test use it: a warm-up judged and discarded, the measured window's stored
// figures (p90 included) and live intervals, the caller's record kept, the sampler's figures
// when a tree is named, cancel() at any moment, and start errors that say what failed.

#include "run/loadwindow.h"
#include "run/urltest.h"
#include "testservers.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <atomic>
#include <signal.h>
#include <sys/prctl.h>
#include <thread>
#include <unistd.h>

using namespace sb;
using sb::test::MisbehavingServer;

namespace {

run::WindowSpec specFor(uint16_t port, qint64 durationMs)
{
    run::WindowSpec s;
    plan::RequestBuilder b;
    (void)b.setUrl(QStringLiteral("http://127.0.0.1:%1/x").arg(port));
    s.request = b.request();
    s.connections = 2;
    s.threads = 1;
    s.durationMs = durationMs;
    s.intervalMs = 200;
    s.timeoutMs = 5000;
    return s;
}

} // namespace

// A python3 process that spins for up to 30 s (killed with the test's process): a foreign
// process with a known name and pid.
static bool startPythonBurner(QProcess &burner)
{
    burner.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    burner.start(QStringLiteral("/usr/bin/python3"),
                 {QStringLiteral("-c"), QStringLiteral("import time\nend = time.monotonic() + 30\n"
                                                       "while time.monotonic() < end: pass\n")});
    return burner.waitForStarted();
}

class TestLoadWindow : public QObject
{
    Q_OBJECT

private slots:
    void measuresAWindow()
    {
        MisbehavingServer server(MisbehavingServer::Mode::Ok);
        run::WindowSpec spec = specFor(server.port(), 700);
        spec.warmupMs = 200;
        QList<run::WindowInterval> seen;
        run::LoadWindow m([&](const run::WindowInterval &i) { seen << i; });
        const sb::Result<run::WarmupOutcome> warm = m.warmUp(spec);
        QVERIFY2(warm.ok(), warm.ok() ? "" : warm.error().toString().c_str());
        QVERIFY(warm->ran);
        QVERIFY2(warm->failure.isEmpty(), qPrintable(warm->failure));
        QVERIFY(warm->gate.value(QStringLiteral("passed")).toBool());
        QVERIFY(warm->figures.window.ok > 0);
        const qsizetype warmIntervals = seen.size();
        QVERIFY(warmIntervals >= 1);
        for (const run::WindowInterval &i : seen)
            QVERIFY(i.warmUp);

        store::WindowRecord mine;
        mine.configuration = QStringLiteral("c");
        mine.route = QStringLiteral("r");
        mine.gates.insert(QStringLiteral("warmup"), warm->gate);
        const sb::Result<run::WindowOutcome> r = m.measure(spec, mine);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const store::WindowRecord &w = r->window;
        QCOMPARE(w.configuration, QStringLiteral("c")); // the caller's fields are kept
        QVERIFY(w.gates.contains(QStringLiteral("warmup")));
        QCOMPARE(w.concurrency, 2);
        QVERIFY(w.startedAt.isValid());
        QVERIFY(w.ok > 0 && w.ok == w.requests);
        QVERIFY(w.elapsedS > 0);
        QVERIFY(w.clientCpuS > 0);
        QVERIFY(!w.histogram.isEmpty());
        QVERIFY(w.histogramUncorrected.isEmpty()); // closed loop
        for (const char *key : {"p50", "p90", "p99", "p999", "max", "mean", "stdev"})
            QVERIFY2(w.latencyUs.value(QLatin1String(key)).toDouble() > 0, key);
        QVERIFY(w.intervals.size() >= 3);
        for (const store::IntervalRecord &i : w.intervals) {
            QVERIFY(i.p90Us > 0 && i.p90Us <= i.p99Us);
            QCOMPARE(i.errors, 0);
        }
        QVERIFY(!r->cancelled);
        QVERIFY(r->aborted.isEmpty());
        QVERIFY(r->problems.isEmpty());
        QVERIFY(!r->sampled);
        QVERIFY(!r->foreignTop.sampled); // nothing is known of foreign processes
        QVERIFY(!r->loadCpus.empty());
        // Every measured interval went live too, as it is stored.
        QCOMPARE(seen.size() - warmIntervals, w.intervals.size());
        QCOMPARE(seen.last().record.index, w.intervals.last().index);
        QVERIFY(!seen.last().warmUp);
    }

    // A warm-up fails closed on a status other than the expected one; the intervals count such
    // responses as errors, as the window's gate does.
    void unexpectedStatusesAreErrors()
    {
        MisbehavingServer server(MisbehavingServer::Mode::Ok); // answers 200
        run::WindowSpec spec = specFor(server.port(), 400);
        spec.warmupRequests = 20;
        spec.expectStatus = 404;
        run::LoadWindow m;
        const sb::Result<run::WarmupOutcome> warm = m.warmUp(spec);
        QVERIFY(warm.ok());
        QVERIFY2(warm->failure.contains(QStringLiteral("status other than 404")),
                 qPrintable(warm->failure));
        QVERIFY(!warm->gate.value(QStringLiteral("passed")).toBool());
        QCOMPARE(warm->figures.window.requests, 20);
        const sb::Result<run::WindowOutcome> r = m.measure(spec);
        QVERIFY(r.ok());
        qint64 errors = 0;
        for (const store::IntervalRecord &i : r->window.intervals)
            errors += i.errors;
        QCOMPARE(errors, r->window.requests);
        QVERIFY(r->problems.contains(QStringLiteral("200 x")));
    }

    void noWarmUpRunsNothing()
    {
        run::LoadWindow m;
        const sb::Result<run::WarmupOutcome> warm = m.warmUp(specFor(9, 100)); // nothing listens
        QVERIFY(warm.ok());
        QVERIFY(!warm->ran);
    }

    // cancel() before the window: it ends at once and nothing is sent.
    void cancelBeforeStart()
    {
        MisbehavingServer server(MisbehavingServer::Mode::Ok);
        run::LoadWindow m;
        m.cancel();
        const sb::Result<run::WindowOutcome> r = m.measure(specFor(server.port(), 60'000));
        QVERIFY(r.ok());
        QVERIFY(r->cancelled);
        QCOMPARE(r->window.requests, 0);
        QCOMPARE(server.accepted(), 0);
    }

    // cancel() from another thread during the window: the figures cover the time until then.
    void cancelDuring()
    {
        MisbehavingServer server(MisbehavingServer::Mode::Ok);
        std::atomic<bool> measuring{false};
        run::LoadWindow m([&](const run::WindowInterval &) { measuring = true; });
        std::thread canceller([&] {
            while (!measuring)
                std::this_thread::yield();
            m.cancel();
        });
        const sb::Result<run::WindowOutcome> r = m.measure(specFor(server.port(), 60'000));
        canceller.join();
        QVERIFY(r.ok());
        QVERIFY(r->cancelled);
        QVERIFY(r->window.ok > 0);
        QVERIFY(r->window.elapsedS < 60); // it did not wait for the whole minute
    }

    // A named tree is sampled beside the load: its memory and CPU in the window, its intervals
    // and the sampler's other series.
    void samplesTheTree()
    {
        MisbehavingServer server(MisbehavingServer::Mode::Ok);
        QProcess tree;
        tree.start(QStringLiteral("sleep"), {QStringLiteral("30")});
        QVERIFY(tree.waitForStarted());
        run::WindowSpec spec = specFor(server.port(), 700);
        spec.sample = run::TreeSampling{tree.processId()};
        run::LoadWindow m;
        const sb::Result<run::WindowOutcome> r = m.measure(spec);
        tree.kill();
        tree.waitForFinished();
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QVERIFY(r->sampled);
        QVERIFY(!r->serverExited);
        const store::WindowRecord &w = r->window;
        QVERIFY(w.rssBytesPeak > 0);
        QVERIFY(w.generatorPctMean > 0);
        bool rss = false;
        for (const store::IntervalRecord &i : w.intervals)
            rss = rss || i.rssBytes > 0;
        QVERIFY(rss);
        QStringList series;
        for (const store::SampleRecord &s : w.samples)
            series << s.series;
        QVERIFY(series.contains(QStringLiteral("server-cpu-s")));
        QVERIFY(series.contains(QStringLiteral("machine-pct")));
    }

    // A process burning a core beside a sampled window is named among the window's busiest
    // foreign processes and in the live intervals, with its pid: unless three busier processes
    // of other people's work fill the lists.
    void namesForeignProcesses()
    {
        MisbehavingServer server(MisbehavingServer::Mode::Ok);
        QProcess tree;
        tree.start(QStringLiteral("sleep"), {QStringLiteral("30")});
        QVERIFY(tree.waitForStarted());
        QProcess burner;
        QVERIFY(startPythonBurner(burner));
        // Read while it runs: QProcess::processId() is 0 once the process has finished.
        const qint64 burnerPid = burner.processId();
        run::WindowSpec spec = specFor(server.port(), 1500);
        spec.sample = run::TreeSampling{tree.processId()};
        QList<run::WindowInterval> seen;
        run::LoadWindow m([&](const run::WindowInterval &i) { seen << i; });
        const sb::Result<run::WindowOutcome> r = m.measure(spec);
        ::kill(pid_t(burner.processId()), SIGKILL);
        burner.waitForFinished();
        tree.kill();
        tree.waitForFinished();
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QVERIFY(r->foreignTop.sampled);
        // One list per interval the sampler closed. On a busy machine its thread can close fewer
        // than the load engine did (a tick late past the window's end, one tick for two
        // intervals), which the gates allow for (ForeignTop::interval() of a missing index is
        // empty); most intervals must still have theirs.
        QVERIFY2(r->foreignTop.intervals.size() * 2 >= r->window.intervals.size(),
                 qPrintable(QStringLiteral("%1 lists for %2 intervals")
                                .arg(r->foreignTop.intervals.size())
                                .arg(r->window.intervals.size())));
        auto names = [&](const QList<run::ForeignProcess> &top) {
            QStringList out;
            for (const run::ForeignProcess &p : top)
                out << QStringLiteral("%1 (pid %2) %3 cores").arg(p.name).arg(p.pid).arg(p.cores);
            return out.join(QStringLiteral(", "));
        };
        // Named, or the list is full of processes busier than 0.05 cores.
        auto namedOrFull = [&](const QList<run::ForeignProcess> &top) {
            for (const run::ForeignProcess &p : top)
                if (p.pid == burnerPid)
                    return p.name == QLatin1String("python3") && p.cores > 0.05;
            return top.size() == 3;
        };
        qInfo("window: %s", qPrintable(names(r->foreignTop.window)));
        QVERIFY2(namedOrFull(r->foreignTop.window), qPrintable(names(r->foreignTop.window)));
        bool live = false;
        for (const run::WindowInterval &i : seen)
            live = live || namedOrFull(i.foreignTop);
        QVERIFY(live);
        for (const run::WindowInterval &i : seen)
            for (const run::ForeignProcess &p : i.foreignTop)
                QVERIFY(p.pid != ::getpid() && p.pid != tree.processId());
    }

    // The quick test judges its window with the run's gates: a foreign-CPU failure names the
    // busiest foreign processes and the plan key of its gate, and stores them as the gate's "top".
    void quickTestNamesForeignProcesses()
    {
        MisbehavingServer server(MisbehavingServer::Mode::Ok);
        QProcess tree;
        tree.start(QStringLiteral("sleep"), {QStringLiteral("30")});
        QVERIFY(tree.waitForStarted());
        QProcess burner;
        QVERIFY(startPythonBurner(burner));
        const qint64 burnerPid = burner.processId(); // 0 once it has finished
        run::UrlTestSpec spec;
        spec.window = specFor(server.port(), 1200);
        spec.window.sample = run::TreeSampling{tree.processId()};
        spec.url = QStringLiteral("http://127.0.0.1:%1/x").arg(server.port());
        spec.foreignGate = QStringLiteral("1%"); // the burner alone trips it
        run::UrlTest test({}, {});
        const sb::Result<run::UrlTestResult> r = test.run(spec);
        ::kill(pid_t(burner.processId()), SIGKILL);
        burner.waitForFinished();
        tree.kill();
        tree.waitForFinished();
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const store::WindowRecord &w = r->measured.window;
        qInfo("reason: %s", qPrintable(w.invalidReason));
        QVERIFY(!w.valid);
        QVERIFY2(w.invalidReason.startsWith(QStringLiteral("foreign-cpu ")) &&
                     w.invalidReason.endsWith(QStringLiteral(
                         "; the plan's \"sampler\": {\"foreign_gate\": \"1%\"} sets the gate")),
                 qPrintable(w.invalidReason));
        const QJsonArray top = w.gates.value(QStringLiteral("foreign_cpu"))
                                   .toObject()
                                   .value(QStringLiteral("top"))
                                   .toArray();
        bool named = false;
        for (const QJsonValue &p : top)
            named = named || p.toObject().value(QStringLiteral("pid")).toInteger() == burnerPid;
        const QString burnerText = QStringLiteral("python3 (pid %1) ").arg(burnerPid);
        QVERIFY2(named ? w.invalidReason.contains(burnerText) : top.size() == 3,
                 qPrintable(w.invalidReason));
    }

    void startErrorsSayWhat_data()
    {
        QTest::addColumn<bool>("sampleMissingTree");
        QTest::addColumn<QString>("code");
        QTest::newRow("refused") << false << QStringLiteral("load.connect");
        QTest::newRow("no such tree") << true << QStringLiteral("sample.start");
    }
    void startErrorsSayWhat()
    {
        QFETCH(bool, sampleMissingTree);
        QFETCH(QString, code);
        uint16_t port = 0;
        std::optional<MisbehavingServer> server;
        if (sampleMissingTree) {
            server.emplace(MisbehavingServer::Mode::Ok);
            port = server->port();
        } else {
            MisbehavingServer gone(MisbehavingServer::Mode::Ok);
            port = gone.port(); // closed again: nothing listens there now
        }
        run::WindowSpec spec = specFor(port, 300);
        if (sampleMissingTree)
            spec.sample = run::TreeSampling{0x7ffffff0};
        run::LoadWindow m;
        const sb::Result<run::WindowOutcome> r = m.measure(spec);
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().code), code);
    }
};

QTEST_GUILESS_MAIN(TestLoadWindow)
#include "tst_loadwindow.moc"
