#include "core/limits.h"
#include "load/intervalmerger.h"
#include "load/speccheck.h"

#include <QTest>

using namespace sb;
using namespace sb::load;

namespace {

constexpr qint64 kMiB = 1 << 20;
constexpr int64_t kIntervalNs = 100'000'000; // 100 ms

// One slot handed to the merger.
struct In
{
    int worker;
    bool warmup;
    int first;
    int last;
    int64_t endMs; // since the phase began
    int64_t ok;
    int inFlight;
    bool draining;
};

// One emitted interval.
struct Out
{
    bool warmup;
    int index;
    double startS;
    double endS;
    int64_t ok;
    int inFlight;
    bool draining;
};

} // namespace

Q_DECLARE_METATYPE(std::vector<In>)
Q_DECLARE_METATYPE(std::vector<Out>)
Q_DECLARE_METATYPE(std::vector<int>)

class TestLoadChecks : public QObject
{
    Q_OBJECT

private slots:
    void specWithinBoundsPasses()
    {
        LoadSpec spec;
        spec.connections = limits::kMaxConnections;
        spec.threads = limits::kMaxThreads;
        spec.timeoutMs = limits::kMaxDurationMs;
        spec.durationMs = limits::kMaxDurationMs;
        spec.warmupMs = limits::kMaxDurationMs;
        spec.intervalMs = int(limits::kMaxIntervalMs);
        spec.mode = Mode::Open;
        spec.ratePerS = limits::kMinRatePerS;
        const sb::Status st = checkSpec(spec);
        QVERIFY2(st.ok(), st.ok() ? "" : st.error().detail.c_str());
        // The workers' largest sums of nanoseconds stay far below INT64_MAX.
        const double ns =
            double(spec.warmupMs + spec.durationMs + spec.timeoutMs) * 1e6 + 1e9 / spec.ratePerS;
        QVERIFY(ns < 1e18);
    }

    void durationIsIgnoredWithARequestLimit()
    {
        LoadSpec spec;
        spec.requestLimit = 10;
        spec.durationMs = 0;
        QVERIFY(checkSpec(spec).ok());
        spec.requestLimit = 0;
        QVERIFY(!checkSpec(spec).ok());
    }

    // Whether a window fits the machine: descriptors (a soft limit below the need is fine when
    // the hard one allows it), memory, address space, CPUs.
    void resources_data()
    {
        QTest::addColumn<int>("connections");
        QTest::addColumn<int>("threads");
        QTest::addColumn<std::vector<int>>("cpus");
        QTest::addColumn<qint64>("fdSoft");
        QTest::addColumn<qint64>("fdHard");
        QTest::addColumn<qint64>("memAvailable");
        QTest::addColumn<qint64>("addressLimit");
        QTest::addColumn<QString>("code"); // "" = fits
        QTest::addColumn<QString>("message");
        const qint64 gib = 1024 * kMiB;
        QTest::newRow("fits") << 100 << 2 << std::vector<int>{} << 1024LL << 20000LL << gib << -1LL
                              << ""
                              << "";
        QTest::newRow("nothing known")
            << 100 << 2 << std::vector<int>{} << -1LL << -1LL << -1LL << -1LL << ""
            << "";
        QTest::newRow("soft limit raised")
            << 5000 << 1 << std::vector<int>{} << 1024LL << 20000LL << gib << -1LL << ""
            << "";
        QTest::newRow("beyond the hard limit")
            << 50'000'000 << 1 << std::vector<int>{} << 1024LL << 20000LL << -1LL << -1LL
            << "load.resources"
            << "50000000 connections need 50000010 file descriptors; the limit is 20000 "
               "(ulimit -n)";
        QTest::newRow("memory") << 256 << 256 << std::vector<int>{} << 1024LL << 20000LL
                                << 100 * kMiB << -1LL << "load.resources"
                                << "256 threads and 256 connections need about ";
        QTest::newRow("memory message") << 256 << 256 << std::vector<int>{} << 1024LL << 20000LL
                                        << 100 * kMiB << -1LL << "load.resources"
                                        << " of memory; 100 MiB is available";
        QTest::newRow("address space")
            << 64 << 64 << std::vector<int>{} << 1024LL << 20000LL << gib << 512 * kMiB
            << "load.resources"
            << "of address space; the limit is 512 MiB (ulimit -v) and 300 MiB are in use";
        QTest::newRow("a CPU we may not use")
            << 10 << 1 << std::vector<int>{0, 5} << 1024LL << 20000LL << gib << -1LL << "load.spec"
            << "CPU 5 is not available to this process (it may use 0-1)";
        QTest::newRow("CPUs we may use")
            << 10 << 1 << std::vector<int>{1} << 1024LL << 20000LL << gib << -1LL << ""
            << "";
    }

    void resources()
    {
        QFETCH(int, connections);
        QFETCH(int, threads);
        QFETCH(std::vector<int>, cpus);
        QFETCH(qint64, fdSoft);
        QFETCH(qint64, fdHard);
        QFETCH(qint64, memAvailable);
        QFETCH(qint64, addressLimit);
        QFETCH(QString, code);
        QFETCH(QString, message);
        MachineLimits m;
        m.fdsOpen = 8;
        m.fdSoftLimit = fdSoft;
        m.fdHardLimit = fdHard;
        m.memAvailable = memAvailable;
        m.addressLimit = addressLimit;
        m.addressUsed = 300 * kMiB;
        m.cpus = {0, 1};
        LoadSpec spec;
        spec.connections = connections;
        spec.threads = threads;
        spec.cpus = cpus;
        const sb::Status st = checkResources(spec, estimateNeeds(spec, m), m);
        if (code.isEmpty()) {
            QVERIFY2(st.ok(), st.ok() ? "" : st.error().detail.c_str());
            return;
        }
        QVERIFY(!st.ok());
        QCOMPARE(QString::fromStdString(st.error().code), code);
        QVERIFY2(QString::fromStdString(st.error().detail).contains(message),
                 st.error().detail.c_str());
    }

    // The estimate grows with what is asked for, and a thread costs its stack in address space.
    void needsGrowWithTheWindow()
    {
        MachineLimits m;
        LoadSpec small;
        small.connections = 10;
        small.threads = 1;
        LoadSpec wide = small;
        wide.connections = 10'000;
        LoadSpec threaded = small;
        threaded.threads = 8;
        const ResourceNeeds s = estimateNeeds(small, m);
        const ResourceNeeds w = estimateNeeds(wide, m);
        const ResourceNeeds t = estimateNeeds(threaded, m);
        QCOMPARE(w.fds - s.fds, int64_t(9990));
        QVERIFY(w.residentBytes > s.residentBytes);
        QVERIFY(t.residentBytes > s.residentBytes);
        QVERIFY(t.addressBytes - s.addressBytes >= 7 * m.stackBytes);
    }

    // Slots in, intervals out: one per key, ranges that merge what they overlap, phases apart.
    void merger_data()
    {
        QTest::addColumn<int>("workers");
        QTest::addColumn<std::vector<In>>("slotList");
        QTest::addColumn<std::vector<Out>>("expected");
        QTest::newRow("one worker, one slot per interval")
            << 1
            << std::vector<In>{{0, false, 0, 0, 100, 10, 1, false},
                               {0, false, 1, 1, 200, 20, 2, false}}
            << std::vector<Out>{{false, 0, 0.0, 0.1, 10, 1, false},
                                {false, 1, 0.1, 0.2, 20, 2, false}};
        QTest::newRow("two workers, one interval")
            << 2
            << std::vector<In>{{0, false, 0, 0, 100, 1, 1, false},
                               {1, false, 0, 0, 100, 2, 2, false}}
            << std::vector<Out>{{false, 0, 0.0, 0.1, 3, 3, false}};
        QTest::newRow("a range absorbs the intervals it covers")
            << 2
            << std::vector<In>{{1, false, 0, 0, 100, 1, 5, false},
                               {1, false, 1, 1, 200, 1, 6, false},
                               {1, false, 2, 2, 300, 1, 7, false},
                               {0, false, 0, 2, 300, 30, 2, false}}
            << std::vector<Out>{{false, 2, 0.0, 0.3, 33, 9, false}};
        QTest::newRow("overlapping ranges chain")
            << 2
            << std::vector<In>{{0, false, 0, 1, 200, 4, 1, false},
                               {1, false, 1, 2, 300, 6, 1, false}}
            << std::vector<Out>{{false, 2, 0.0, 0.3, 10, 2, false}};
        QTest::newRow("warm-up and measured never merge")
            << 1
            << std::vector<In>{{0, true, 0, 3, 350, 7, 1, false},
                               {0, false, 0, 0, 100, 9, 1, false}}
            << std::vector<Out>{{true, 3, 0.0, 0.35, 7, 1, false},
                                {false, 0, 0.0, 0.1, 9, 1, false}};
        QTest::newRow("draining only when every slot was")
            << 2
            << std::vector<In>{{0, false, 3, 3, 400, 1, 0, true},
                               {1, false, 3, 3, 400, 1, 2, false},
                               {0, false, 4, 4, 450, 0, 0, true},
                               {1, false, 4, 4, 430, 2, 0, true}}
            << std::vector<Out>{{false, 3, 0.3, 0.4, 2, 2, false},
                                {false, 4, 0.4, 0.45, 2, 0, true}};
    }

    void merger()
    {
        QFETCH(int, workers);
        QFETCH(std::vector<In>, slotList);
        QFETCH(std::vector<Out>, expected);
        detail::IntervalMerger merger(workers, kIntervalNs);
        const int64_t warmupStart = 1'000'000'000;
        const int64_t measureStart = 5'000'000'000;
        for (const In &in : slotList) {
            detail::Slot slot;
            slot.warmup = in.warmup;
            slot.firstIndex = in.first;
            slot.index = in.last;
            slot.endNs = (in.warmup ? warmupStart : measureStart) + in.endMs * 1'000'000;
            slot.counts.ok = in.ok;
            slot.inFlight = in.inFlight;
            slot.draining = in.draining;
            slot.latency.record(1000);
            merger.add(in.worker, slot);
        }
        std::vector<IntervalSnapshot> out;
        merger.emitReady(std::vector<bool>(size_t(workers), true), true, warmupStart, measureStart,
                         [&](const IntervalSnapshot &s) { out.push_back(s); });
        QCOMPARE(out.size(), expected.size());
        for (size_t i = 0; i < out.size(); ++i) {
            const IntervalSnapshot &s = out[i];
            const Out &e = expected[i];
            QCOMPARE(s.warmup, e.warmup);
            QCOMPARE(s.index, e.index);
            QVERIFY2(std::abs(s.startS - e.startS) < 1e-9, qPrintable(QString::number(s.startS)));
            QVERIFY2(std::abs(s.endS - e.endS) < 1e-9, qPrintable(QString::number(s.endS)));
            QCOMPARE(s.counts.ok, e.ok);
            QVERIFY(std::abs(s.okPerS * (s.endS - s.startS) - double(e.ok)) < 1e-6);
            QCOMPARE(s.inFlight, e.inFlight);
            QCOMPARE(s.draining, e.draining);
        }
        QVERIFY(merger.empty());
    }

    // An interval is emitted only once every unfinished worker has moved past it.
    void mergerWaitsForEveryWorker()
    {
        detail::IntervalMerger merger(2, kIntervalNs);
        std::vector<int> emitted;
        auto collect = [&](const IntervalSnapshot &s) { emitted.push_back(s.index); };
        detail::Slot slot;
        slot.index = slot.firstIndex = 0;
        slot.endNs = kIntervalNs;
        merger.add(0, slot);
        slot.index = slot.firstIndex = 1;
        slot.endNs = 2 * kIntervalNs;
        merger.add(0, slot);
        merger.emitReady({false, false}, false, 0, 0, collect);
        QVERIFY(emitted.empty()); // worker 1 has not handed over interval 0
        slot.index = slot.firstIndex = 0;
        merger.add(1, slot);
        merger.emitReady({false, false}, false, 0, 0, collect);
        QVERIFY(emitted.empty()); // nor moved past it
        merger.emitReady({false, true}, false, 0, 0, collect);
        QCOMPARE(emitted, std::vector<int>({0})); // finished: it adds nothing more
    }

    // The sampler's rule: no interval shorter than half an interval. A final sliver folds into
    // the interval before it, which keeps its index; an interval waits while the next is short.
    void mergerFoldsTheFinalSliver()
    {
        detail::IntervalMerger merger(1, kIntervalNs);
        std::vector<IntervalSnapshot> emitted;
        auto collect = [&](const IntervalSnapshot &s) { emitted.push_back(s); };
        detail::Slot slot;
        auto add = [&](int index, int64_t endNs, int64_t ok) {
            slot.index = slot.firstIndex = index;
            slot.endNs = endNs;
            slot.counts.ok = ok;
            merger.add(0, slot);
        };
        add(0, kIntervalNs, 100);
        add(1, kIntervalNs + kIntervalNs / 10, 10); // interval 1 has only just begun
        merger.emitReady({false}, false, 0, 0, collect);
        QVERIFY(emitted.empty());                      // 0 waits: 1 may yet be the final sliver
        add(2, 2 * kIntervalNs + kIntervalNs / 2, 50); // 1 was not: 2 began and is long enough
        merger.emitReady({false}, false, 0, 0, collect);
        QCOMPARE(emitted.size(), size_t(2));
        QCOMPARE(emitted[1].index, 1);
        add(3, 3 * kIntervalNs + kIntervalNs / 50, 1); // the final sliver, 2 % of an interval
        merger.emitReady({true}, true, 0, 0, collect);
        QCOMPARE(emitted.size(), size_t(3)); // folded: no interval 3
        const IntervalSnapshot &last = emitted[2];
        QCOMPARE(last.index, 2);
        QVERIFY(std::abs(last.startS - 0.2) < 1e-9);
        QVERIFY(std::abs(last.endS - 0.302) < 1e-9);
        QCOMPARE(last.counts.ok, int64_t(51));
        QVERIFY(std::abs(last.okPerS - 51 / 0.102) < 1e-6); // not 1 / 0.002 = 500/s
        QVERIFY(merger.empty());
    }
};

QTEST_GUILESS_MAIN(TestLoadChecks)
#include "tst_loadchecks.moc"
