// How a window's stored figures come from the load engine's and the sampler's results
// (run/windowfigures.h), and how their intervals are paired by index (run/intervalpairer.h).

#include "run/intervalpairer.h"
#include "run/windowfigures.h"

#include <QTest>
#include <thread>

using namespace sb;

class TestWindowFigures : public QObject
{
    Q_OBJECT

private slots:
    // DESIGN.md: cores = CPU time between two readings / the wall time between them. The
    // sampler's CPU is read across its own span, which brackets the load's elapsed time.
    void serverCores_data()
    {
        QTest::addColumn<double>("cpuS");
        QTest::addColumn<double>("samplerS");
        QTest::addColumn<double>("elapsedS");
        QTest::addColumn<double>("cores");
        QTest::newRow("same spans") << 3.0 << 2.0 << 2.0 << 1.5;
        QTest::newRow("sampler span longer") << 3.0 << 2.5 << 2.0 << 1.2;
        QTest::newRow("sampler span shorter") << 1.0 << 1.0 << 4.0 << 1.0;
        QTest::newRow("no sampler time") << 1.0 << 0.0 << 2.0 << 0.0;
    }

    void serverCores()
    {
        QFETCH(double, cpuS);
        QFETCH(double, samplerS);
        QFETCH(double, elapsedS);
        QFETCH(double, cores);
        run::TreeSummary s;
        s.serverCpuS = cpuS;
        s.durationS = samplerS;
        load::LoadResult r;
        r.elapsedS = elapsedS;
        QCOMPARE(run::serverCoresMean(s), cores);
        store::WindowRecord w;
        run::fillWindowFigures(w, r, s, load::Mode::Closed);
        QCOMPARE(w.serverCoresMean, cores);
        QCOMPARE(w.serverCpuS, cpuS);
        QCOMPARE(w.elapsedS, elapsedS);
    }

    void drainAndCounts()
    {
        load::LoadResult r;
        r.elapsedS = 3.4;
        r.drainS = 0.4;
        r.inFlightAtEnd = 12;
        r.total.responses = 100;
        r.total.ok = 98;
        r.total.status[200] = 98;
        r.total.status[500] = 2;
        r.total.timeouts = 1;
        r.clientCpuS = 0.7;
        store::WindowRecord w;
        run::fillWindowFigures(w, r, run::TreeSummary{}, load::Mode::Closed);
        QCOMPARE(w.drainS, 0.4);
        QCOMPARE(w.inFlightAtEnd, qint64(12));
        QCOMPARE(w.requests, qint64(100));
        QCOMPARE(w.ok, qint64(98));
        QCOMPARE(w.statusCounts.value(QStringLiteral("500")).toInt(), 2);
        QCOMPARE(w.errors.value(QStringLiteral("timeout")).toInt(), 1);
        QCOMPARE(w.clientCpuS, 0.7);
        QVERIFY(w.histogramUncorrected.isEmpty()); // closed loop: one histogram
    }

    // IntervalRecord::errors: transport errors plus responses with a status other than the
    // route's, like the window's errors gate.
    void intervalErrors_data()
    {
        QTest::addColumn<int>("expect");
        QTest::addColumn<qint64>("errors");
        QTest::newRow("expects 200") << 200 << qint64(3 + 5);
        QTest::newRow("expects 404") << 404 << qint64(3 + 10);
    }

    void intervalErrors()
    {
        QFETCH(int, expect);
        QFETCH(qint64, errors);
        load::IntervalSnapshot s;
        s.index = 4;
        s.startS = 4;
        s.endS = 5;
        s.counts.responses = 15;
        s.counts.ok = 10;
        s.counts.status[200] = 10;
        s.counts.status[404] = 5;
        s.counts.readErrors = 2;
        s.counts.timeouts = 1;
        s.okPerS = 10;
        s.p50Us = 500;
        s.p90Us = 900;
        s.p99Us = 990;
        const store::IntervalRecord r = run::loadInterval(s, expect);
        QCOMPARE(r.errors, errors);
        QCOMPARE(r.p50Us, qint64(500));
        QCOMPARE(r.p90Us, qint64(900));
        QCOMPARE(r.p99Us, qint64(990));
        QCOMPARE(r.index, 4);
        QCOMPARE(r.requests, qint64(15));
        QCOMPARE(r.ok, qint64(10));
    }

    // Halves arrive in any order from two threads; an interval is handed on once both came.
    void pairsByIndex()
    {
        run::IntervalPairer pairer(true, 200);
        auto loadAt = [](int i, bool draining) {
            load::IntervalSnapshot s;
            s.index = i;
            s.counts.ok = 10 * (i + 1);
            s.inFlight = 3 + i;
            s.draining = draining;
            return s;
        };
        auto sampleAt = [](int i) {
            run::TreeReading s;
            s.index = i;
            s.serverCores = 0.5 + i;
            s.endS = i + 1;
            return s;
        };
        pairer.addSample(sampleAt(0)); // the sample first
        QVERIFY(pairer.take(false).empty());
        pairer.addLoad(loadAt(0, false));
        pairer.addLoad(loadAt(1, true)); // no sample yet
        std::vector<run::WindowInterval> ready = pairer.take(false);
        QCOMPARE(ready.size(), size_t(1));
        QCOMPARE(ready[0].record.ok, qint64(10));
        QCOMPARE(ready[0].record.serverCores, 0.5);
        QCOMPARE(ready[0].inFlight, 3);
        QVERIFY(!ready[0].draining);
        std::thread sampler([&] { pairer.addSample(sampleAt(1)); });
        sampler.join();
        pairer.addSample(sampleAt(2)); // a final sample with no load half is dropped
        pairer.finish();
        QVERIFY(pairer.wait(std::chrono::milliseconds(0)));
        ready = pairer.take(true);
        QCOMPARE(ready.size(), size_t(1));
        QCOMPARE(ready[0].record.index, 1);
        QCOMPARE(ready[0].record.serverCores, 1.5);
        QCOMPARE(ready[0].inFlight, 4);
        QVERIFY(ready[0].draining);
        // The sampler's other series, five per sample.
        QCOMPARE(pairer.takeSamples().size(), 15);
    }

    void withoutSampler()
    {
        run::IntervalPairer pairer(false, 200);
        load::IntervalSnapshot s;
        s.index = 0;
        pairer.addLoad(s);
        QCOMPARE(pairer.take(false).size(), size_t(1));
        QVERIFY(!pairer.wait(std::chrono::milliseconds(0)));
    }
};

QTEST_GUILESS_MAIN(TestWindowFigures)
#include "tst_windowfigures.moc"
