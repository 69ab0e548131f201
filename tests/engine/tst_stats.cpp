// engine/stats: order statistics, the seeded random source, verdicts and where the ceiling is,
// on fixed inputs against hand-computed answers and exact tables.

#include "stats/ceiling.h"
#include "stats/cell.h"
#include "stats/histogram.h"
#include "stats/random.h"
#include "stats/summary.h"
#include "stats/verdict.h"

#include <QTest>
#include <algorithm>
#include <cmath>

using namespace sb::stats;

Q_DECLARE_METATYPE(std::vector<double>)

class TestStats : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void summaries_data();
    void summaries();
    void randomIsReproducible();
    void verdicts_data();
    void verdicts();
    void runAgainstItself();
    void ratioStrings_data();
    void ratioStrings();
    void driftNoteWritesRatiosAsTheReport();
    void cpuSharesSumToOne();
    void bounds_data();
    void bounds();
    void openLoopBounds();
    void saturation_data();
    void saturation();
    void cellExcludesInvalidAndPools();
};

void TestStats::summaries_data()
{
    QTest::addColumn<std::vector<double>>("values");
    QTest::addColumn<double>("median");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<double>("spread");
    QTest::newRow("empty") << std::vector<double>{} << 0.0 << 0.0 << 0.0 << 0.0;
    QTest::newRow("one") << std::vector<double>{7} << 7.0 << 7.0 << 7.0 << 0.0;
    QTest::newRow("three unsorted")
        << std::vector<double>{30, 10, 20} << 20.0 << 10.0 << 30.0 << 1.0;
    QTest::newRow("even count") << std::vector<double>{4, 1, 3, 2} << 2.5 << 1.0 << 4.0 << 1.2;
    // Seed 000's E /orders c=500 windows: 26.8 % spread.
    QTest::newRow("seed 000 orders") << std::vector<double>{27562, 20193, 27593} << 27562.0
                                     << 20193.0 << 27593.0 << (27593.0 - 20193.0) / 27562.0;
    QTest::newRow("zero median") << std::vector<double>{0, 0, 5} << 0.0 << 0.0 << 5.0 << 0.0;
}

void TestStats::summaries()
{
    QFETCH(std::vector<double>, values);
    QFETCH(double, median);
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(double, spread);
    const Spread s = summarize(values);
    QCOMPARE(s.n, values.size());
    QCOMPARE(s.median, median);
    QCOMPARE(s.min, min);
    QCOMPARE(s.max, max);
    QVERIFY2(std::fabs(s.spread - spread) < 1e-12, qPrintable(QString::number(s.spread)));
    QCOMPARE(sb::stats::median(values), median);
}

void TestStats::randomIsReproducible()
{
    Random a(42), b(42), c(43);
    bool differs = false;
    for (int i = 0; i < 100; ++i) {
        const uint64_t x = a.next();
        QCOMPARE(x, b.next());
        differs = differs || x != c.next();
    }
    QVERIFY(differs);
    // SplitMix64's published first output for seed 0.
    QCOMPARE(Random(0).next(), uint64_t(0xE220A8397B1DCDAFULL));
    Random r(1);
    for (int i = 0; i < 10'000; ++i)
        QVERIFY(r.below(3) < 3);
}

void TestStats::verdicts_data()
{
    QTest::addColumn<std::vector<double>>("candidate");
    QTest::addColumn<std::vector<double>>("baseline");
    QTest::addColumn<bool>("higherIsBetter");
    QTest::addColumn<double>("noiseFloor");
    QTest::addColumn<int>("verdict");
    QTest::addColumn<QString>("note");

    QTest::newRow("one window") << std::vector<double>{100} << std::vector<double>{50, 51, 52}
                                << true << -1.0 << int(Verdict::NotEnoughWindows)
                                << QStringLiteral("at least 2");
    // Overlapping windows whose difference the t test cannot tell: the note says how many
    // windows would.
    QTest::newRow("cannot tell") << std::vector<double>{100, 110, 120}
                                 << std::vector<double>{115, 130, 140} << true << -1.0
                                 << int(Verdict::NoWinner) << QStringLiteral("windows a side");
    // Seed 000's async gap: a clear difference, but inside a 10 % floor.
    QTest::newRow("inside the floor")
        << std::vector<double>{1060, 1065, 1070} << std::vector<double>{1000, 1002, 1005} << true
        << 0.10 << int(Verdict::InsideNoiseFloor)
        << QStringLiteral("inside the A/A noise floor of 10.0 %");
    // Seed 000's /users/:id at c=100, 3 windows a side.
    QTest::newRow("faster, 3 windows a side")
        << std::vector<double>{33431, 33500, 33300} << std::vector<double>{1707, 1690, 1720} << true
        << 0.05 << int(Verdict::Faster) << QString();
    QTest::newRow("slower") << std::vector<double>{90, 91, 92, 93}
                            << std::vector<double>{100, 101, 102, 103} << true << -1.0
                            << int(Verdict::Slower) << QString();
    QTest::newRow("latency: lower is faster")
        << std::vector<double>{5.0, 5.2, 5.1} << std::vector<double>{57.0, 56.0, 58.0} << false
        << -1.0 << int(Verdict::Faster) << QString();
}

void TestStats::verdicts()
{
    QFETCH(std::vector<double>, candidate);
    QFETCH(std::vector<double>, baseline);
    QFETCH(bool, higherIsBetter);
    QFETCH(double, noiseFloor);
    QFETCH(int, verdict);
    QFETCH(QString, note);
    CompareOptions o;
    o.higherIsBetter = higherIsBetter;
    o.noiseFloor = noiseFloor;
    const Comparison c = compareWindows(candidate, baseline, o);
    QCOMPARE(int(c.verdict), verdict);
    QVERIFY2(QString::fromStdString(c.note).contains(note), c.note.c_str());
    if (note.isEmpty())
        QVERIFY2(c.note.empty(), c.note.c_str());
    QCOMPARE(c.ratio, median(candidate) / median(baseline));
    if (c.verdict == Verdict::Faster || c.verdict == Verdict::Slower) {
        QVERIFY(c.low <= c.ratio && c.ratio <= c.high);
        QVERIFY(c.low > 1 || c.high < 1); // a called difference: the interval excludes 1
        QVERIFY(c.pValue < 0.05);
    }
    QCOMPARE(c.candidateWindows, candidate.size());
}

void TestStats::runAgainstItself()
{
    const std::vector<double> w{1200, 1180, 1215};
    const Comparison c = compareWindows(w, w);
    QCOMPARE(c.ratio, 1.0);
    QCOMPARE(int(c.verdict), int(Verdict::NoWinner));
    QCOMPARE(c.pValue, 1.0);
    QVERIFY(c.low <= 1 && 1 <= c.high);
    QCOMPARE(QString::fromLatin1(verdictKey(c.verdict)), QStringLiteral("no-winner"));
}

void TestStats::ratioStrings_data()
{
    QTest::addColumn<double>("ratio");
    QTest::addColumn<QString>("text");
    QTest::newRow("seed 000") << 19.583 << QStringLiteral("19.58x");
    QTest::newRow("one") << 1.0 << QStringLiteral("1.00x");
    QTest::newRow("three digits") << 0.944 << QStringLiteral("0.944x");
    QTest::newRow("zeros kept") << 0.9 << QStringLiteral("0.900x");
    QTest::newRow("below a tenth") << 0.09861 << QStringLiteral("0.0986x");
    QTest::newRow("below a hundredth") << 0.00635 << QStringLiteral("0.00635x");
}

void TestStats::ratioStrings()
{
    QFETCH(double, ratio);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(ratioString(ratio)), text);
}

// A cell inside the drift says the band with the report's ratio format ("0.0986x", not "0.099x"
// beside a sentence that reads 0.0986x).
void TestStats::driftNoteWritesRatiosAsTheReport()
{
    CellPair cell;
    cell.candidate.values = {500, 510, 495, 505, 498};
    cell.baseline.values = {1000, 1010, 990, 1005, 998};
    Drift drift;
    drift.measurable = true;
    drift.cells = 20;
    drift.shift = 0.955;
    drift.low = 0.09861;
    drift.high = 9.692;
    const std::vector<Comparison> c = compareCells({cell}, CompareOptions{}, &drift);
    QCOMPARE(c.size(), std::size_t(1));
    QCOMPARE(int(c[0].verdict), int(Verdict::InsideDrift));
    QCOMPARE(QString::fromStdString(c[0].note),
             QStringLiteral("the runs' shared cells moved 0.955x between the runs: ratios from "
                            "0.0986x to 9.69x are not called"));
}

void TestStats::cpuSharesSumToOne()
{
    WindowCpu cpu;
    cpu.machineCores = 2;
    cpu.serverCores = 1.0;
    cpu.databaseCores = 0.2;
    cpu.generatorCores = 0.4;
    cpu.ownCores = 0.05;
    cpu.foreignCores = 0.15;
    const CpuShares s = cpuShares(cpu);
    QVERIFY(std::fabs(s.server - 0.5) < 1e-12);
    QVERIFY(std::fabs(s.idle - 0.1) < 1e-12);
    QVERIFY(std::fabs(s.server + s.database + s.generator + s.own + s.foreign + s.idle - 1) <
            1e-12);
    cpu.foreignCores = 1.0; // jitter: more than the machine
    const CpuShares over = cpuShares(cpu);
    QCOMPARE(over.idle, 0.0);
    QVERIFY(std::fabs(over.server + over.database + over.generator + over.own + over.foreign - 1) <
            1e-12);
}

void TestStats::bounds_data()
{
    QTest::addColumn<double>("server");
    QTest::addColumn<double>("database");
    QTest::addColumn<double>("generator");
    QTest::addColumn<double>("foreign");
    QTest::addColumn<int>("threads");
    QTest::addColumn<double>("okPerS");
    QTest::addColumn<double>("lower");
    QTest::addColumn<double>("higher");
    QTest::addColumn<double>("plateau");
    QTest::addColumn<int>("cpus"); // the tree's CPU set, 0 = not restricted
    QTest::addColumn<int>("bound");
    QTest::addColumn<QString>("because");
    // 8 cores throughout.
    QTest::newRow("client") << 1.0 << 0.0 << 1.85 << 0.0 << 2 << 50000.0 << -1.0 << -1.0 << 1.0 << 0
                            << int(Bound::Client) << QStringLiteral("92 % busy");
    QTest::newRow("machine") << 4.2 << 2.0 << 1.0 << 0.6 << 4 << 1000.0 << -1.0 << -1.0 << 4.2 << 0
                             << int(Bound::Machine) << QStringLiteral("2.5 % idle of 8 cores");
    // The same full machine, but filled by other processes: no ceiling, not "machine".
    QTest::newRow("contended") << 1.0 << 0.2 << 0.5 << 6.2 << 4 << 1000.0 << -1.0 << -1.0 << 1.0
                               << 0 << int(Bound::Contended)
                               << QStringLiteral("other processes took 78 % of the machine");
    // A server held back by a 50 ms sleep per request: flat at 0.2 cores on an idle machine.
    QTest::newRow("waits") << 0.2 << 0.0 << 0.3 << 0.1 << 2 << 80.0 << 79.0 << -1.0 << 0.2 << 0
                           << int(Bound::Waits) << QStringLiteral("waits: ");
    // The same server on a machine that other processes fill reads "contended", not "waits".
    QTest::newRow("waits, but contended")
        << 0.2 << 0.0 << 0.3 << 7.4 << 2 << 80.0 << 79.0 << -1.0 << 0.2 << 0
        << int(Bound::Contended) << QStringLiteral("contended");
    // A single-threaded tree full at one core on an idle 8-core machine is not waiting.
    QTest::newRow("one thread full, not waiting")
        << 1.0 << 0.0 << 0.3 << 0.1 << 2 << 2700.0 << 2650.0 << -1.0 << 1.0 << 0
        << int(Bound::Server) << QStringLiteral("plateau");
    QTest::newRow("database") << 0.6 << 1.8 << 0.3 << 0.1 << 2 << 20000.0 << 19800.0 << -1.0 << 1.1
                              << 0 << int(Bound::Database)
                              << QStringLiteral("database used 1.80 cores");
    // Seed 000's N-sync /users/:id at c=100 against c=10.
    QTest::newRow("server") << 1.18 << 0.3 << 0.2 << 0.1 << 2 << 1707.5 << 1684.1 << 1697.1 << 1.23
                            << 0 << int(Bound::Server)
                            << QStringLiteral("flat against 1684.1/s at the next lower");
    QTest::newRow("server at the lowest level")
        << 1.2 << 0.3 << 0.2 << 0.1 << 2 << 1684.1 << -1.0 << 1707.5 << 1.23 << 0
        << int(Bound::Server) << QStringLiteral("next higher");
    QTest::newRow("none: still rising")
        << 0.5 << 0.1 << 0.2 << 0.1 << 2 << 5000.0 << 1000.0 << 9000.0 << 1.0 << 0
        << int(Bound::None) << QStringLiteral("raise concurrency");
    QTest::newRow("none: flat but tree below plateau")
        << 0.5 << 0.1 << 0.2 << 0.1 << 2 << 5000.0 << 4900.0 << -1.0 << 1.0 << 0 << int(Bound::None)
        << QStringLiteral("nothing saturated");
    // The real-stack example: one concurrency level, the tree pinned to 1 of 2 CPUs and full.
    QTest::newRow("server: its CPU set full at one level")
        << 0.99 << 0.13 << 0.04 << 0.0 << 1 << 2338.0 << -1.0 << -1.0 << 0.99 << 1
        << int(Bound::Server) << QStringLiteral("0.99 cores of the 1 CPU(s) of its CPU set");
    QTest::newRow("server: its CPU set full, the database busier")
        << 1.9 << 2.5 << 0.5 << 0.0 << 2 << 9000.0 << -1.0 << -1.0 << 1.9 << 2 << int(Bound::Server)
        << QStringLiteral("1.90 cores of the 2 CPU(s)");
    // Elysia's POST /orders in the example: the tree at 0.58 of its 1 CPU, PostgreSQL at 0.93.
    QTest::newRow("database: one level, the tree below its CPU set")
        << 0.58 << 0.93 << 0.15 << 0.05 << 1 << 15012.0 << -1.0 << -1.0 << 0.58 << 1
        << int(Bound::Database) << QStringLiteral("below the 1 CPU(s) of its CPU set");
    QTest::newRow("none: its CPU set not full")
        << 0.8 << 0.3 << 0.2 << 0.0 << 1 << 35000.0 << -1.0 << -1.0 << 0.8 << 1 << int(Bound::None)
        << QStringLiteral("raise concurrency");
    QTest::newRow("none: a CPU set of the whole machine is no limit of its own")
        << 1.0 << 0.3 << 0.2 << 0.0 << 1 << 35000.0 << -1.0 << -1.0 << 2.0 << 8 << int(Bound::None)
        << QStringLiteral("raise concurrency");
    // One level, a single-threaded server at 1.00 cores: no plateau can be read, and the
    // sentence says why instead of only "raise concurrency".
    QTest::newRow("none: one level, a whole core")
        << 1.0 << 0.0 << 0.2 << 0.0 << 1 << 3000.0 << -1.0 << -1.0 << 1.0 << 0 << int(Bound::None)
        << QStringLiteral("held 1 whole core(s), which fills a server of that many threads, but "
                          "no plateau can be read without a higher level");
    QTest::newRow("none: one level, part of a core")
        << 0.6 << 0.0 << 0.2 << 0.0 << 1 << 3000.0 << -1.0 << -1.0 << 0.6 << 0 << int(Bound::None)
        << QStringLiteral("no plateau can be read without a higher level: add one");
    QTest::newRow("none: two levels, still rising: no one-level sentence")
        << 1.0 << 0.0 << 0.2 << 0.0 << 1 << 6000.0 << 3000.0 << -1.0 << 1.0 << 0 << int(Bound::None)
        << QStringLiteral("idle): raise concurrency");
}

void TestStats::bounds()
{
    QFETCH(double, server);
    QFETCH(double, database);
    QFETCH(double, generator);
    QFETCH(double, foreign);
    QFETCH(int, threads);
    QFETCH(double, okPerS);
    QFETCH(double, lower);
    QFETCH(double, higher);
    QFETCH(double, plateau);
    QFETCH(int, cpus);
    QFETCH(int, bound);
    QFETCH(QString, because);
    WindowCpu cpu;
    cpu.machineCores = 8;
    cpu.serverCores = server;
    cpu.databaseCores = database;
    cpu.generatorCores = generator;
    cpu.foreignCores = foreign;
    cpu.generatorThreads = threads;
    BoundContext context;
    context.okPerS = okPerS;
    context.lowerOkPerS = lower;
    context.higherOkPerS = higher;
    context.plateauCores = plateau;
    context.serverCpus = cpus;
    const BoundFinding f = classifyBound(cpu, context);
    QCOMPARE(int(f.bound), bound);
    QVERIFY2(QString::fromStdString(f.because).contains(because), f.because.c_str());
}

// An open loop that nothing held back: its connections only carry a fixed rate, so the advice
// is a higher rate, not more connections; a saturated open loop reads as a closed one does.
void TestStats::openLoopBounds()
{
    WindowCpu cpu;
    cpu.machineCores = 2;
    cpu.serverCores = 0.19;
    cpu.databaseCores = 0.08;
    cpu.generatorCores = 0.08;
    cpu.generatorThreads = 1;
    BoundContext context;
    context.okPerS = 999.9;
    context.plateauCores = 0.17;
    context.concurrency = 100;
    context.openLoop = true;
    const BoundFinding open = classifyBound(cpu, context);
    QCOMPARE(int(open.bound), int(Bound::None));
    QVERIFY2(QString::fromStdString(open.because).endsWith(QStringLiteral("raise the rate")),
             open.because.c_str());
    context.openLoop = false;
    const BoundFinding closed = classifyBound(cpu, context);
    QVERIFY2(QString::fromStdString(closed.because).endsWith(QStringLiteral("raise concurrency")),
             closed.because.c_str());
    // The database path full in an open loop: the same bound as in a closed one.
    cpu.databaseCores = 0.62;
    cpu.serverCores = 0.46;
    context.plateauCores = 0.46;
    context.serverCpus = 1;
    context.openLoop = true;
    QCOMPARE(int(classifyBound(cpu, context).bound), int(Bound::Database));
}

void TestStats::saturation_data()
{
    QTest::addColumn<QList<int>>("concurrency");
    QTest::addColumn<std::vector<double>>("okPerS");
    QTest::addColumn<std::vector<double>>("p50Us");
    QTest::addColumn<bool>("saturated");
    QTest::addColumn<int>("from");
    QTest::addColumn<QString>("sentence");
    // Seed 000: "One sync worker is full at 10 connections".
    QTest::newRow("seed 000 N-sync /users/:id")
        << QList<int>{500, 10, 100} << std::vector<double>{1697.1, 1684.1, 1707.5}
        << std::vector<double>{287276, 5726, 57229} << true << 10
        << QStringLiteral("throughput flat from c=10 on (c=500: +1 % from c=10 for 50x the "
                          "connections, flat up to +119 %) while p50 grew 50.2x");
    QTest::newRow("saturates later")
        << QList<int>{1, 10, 50, 100} << std::vector<double>{100, 950, 1000, 960}
        << std::vector<double>{1000, 1100, 5000, 10000} << true << 10
        << QStringLiteral("from c=10 on (c=100: +1 % from c=10 for 10x the connections, flat "
                          "up to +58 %) while p50 grew 9.1x");
    // Seed 004's API: 10x the connections gave +39 %: flat by the bound's rule (the report's
    // table called these cells flat while its ceiling line said "still rising").
    QTest::newRow("seed 004 flat near 1.1 cores")
        << QList<int>{10, 100} << std::vector<double>{10649.8, 14847.8}
        << std::vector<double>{900, 6400} << true << 10
        << QStringLiteral("throughput flat from c=10 on (c=100: +39 % from c=10 for 10x the "
                          "connections, flat up to +58 %) while p50 grew 7.1x");
    QTest::newRow("still rising") << QList<int>{10, 100, 500}
                                  << std::vector<double>{1000, 5000, 9000}
                                  << std::vector<double>{100, 200, 600} << false << 0
                                  << QStringLiteral("throughput still rising at c=500 (+80 % from "
                                                    "c=100 for 5x the connections, flat up to "
                                                    "+38 %): not saturated");
    // The contradiction: "still falling at c=200 (-25 % from c=10): not saturated".
    QTest::newRow("past saturation")
        << QList<int>{10, 100, 200} << std::vector<double>{3000, 2500, 2250}
        << std::vector<double>{3000, 40000, 88000} << true << 10
        << QStringLiteral("past saturation: throughput fell 25 % from c=10 to c=200 while p50 "
                          "grew 29.3x");
    QTest::newRow("one level") << QList<int>{10} << std::vector<double>{1000}
                               << std::vector<double>{100} << false << 0
                               << QStringLiteral("one concurrency level");
}

void TestStats::saturation()
{
    QFETCH(QList<int>, concurrency);
    QFETCH(std::vector<double>, okPerS);
    QFETCH(std::vector<double>, p50Us);
    QFETCH(bool, saturated);
    QFETCH(int, from);
    QFETCH(QString, sentence);
    std::vector<Level> levels;
    for (qsizetype i = 0; i < concurrency.size(); ++i)
        levels.push_back({concurrency[i], okPerS[size_t(i)], p50Us[size_t(i)]});
    const Saturation s = saturationPoint(levels);
    QCOMPARE(s.saturated, saturated);
    QCOMPARE(s.fromConcurrency, from);
    QVERIFY2(QString::fromStdString(s.sentence).contains(sentence), s.sentence.c_str());
}

void TestStats::cellExcludesInvalidAndPools()
{
    auto window = [](double okPerS, double cores, int64_t latencyUs, int64_t count) {
        WindowFigures w;
        w.valid = true;
        w.okPerS = okPerS;
        w.serverCores = cores;
        w.latencyUs = Percentiles{double(latencyUs), double(latencyUs), double(latencyUs),
                                  double(latencyUs), double(latencyUs)};
        w.errors.non2xx = 1;
        sb::Histogram h;
        h.record(latencyUs, count);
        w.histogram = h.encode();
        return w;
    };
    std::vector<WindowFigures> windows{window(1000, 1.0, 1000, 10), window(1200, 1.2, 2000, 10),
                                       window(1100, 1.0, 3000, 1000)};
    WindowFigures contended = window(400, 1.0, 9000, 10);
    contended.valid = false;
    contended.invalidKind = "foreign_cpu";
    contended.invalidReason = "foreign-cpu 512% >= 450%";
    windows.insert(windows.begin() + 1, contended);
    WindowFigures died = contended;
    died.invalidKind = "server";
    died.invalidReason = "server tree died: exited with code 1";
    windows.push_back(died);

    const CellFigures c = summarizeCell(windows);
    QCOMPARE(c.validWindows, size_t(3));
    QCOMPARE(c.invalidWindows, size_t(2));
    QCOMPARE(c.invalidKinds.at("foreign_cpu"), 1);
    QCOMPARE(c.invalidKinds.at("server"), 1);
    QCOMPARE(c.invalidReasons.size(), size_t(2));
    QCOMPARE(c.invalidReasons[0], std::string("foreign-cpu 512% >= 450%"));
    QCOMPARE(c.okPerS.median, 1100.0); // 400 from the contended attempt is not mixed in
    QCOMPARE(c.okPerS.min, 1000.0);
    QCOMPARE(c.perCpuS.median, 1000.0); // 1000/1, 1200/1.2, 1100/1
    QCOMPARE(c.perCpuS.max, 1100.0);
    QCOMPARE(c.serverCores.median, 1.0);
    QCOMPARE(c.errors.non2xx, int64_t(3));
    // Two labelled ways: the median of per-window p50s is the middle window's, the pooled p50
    // is dominated by the window with 1000 of the 1020 latencies.
    QCOMPARE(c.p50Us.median, 2000.0);
    QCOMPARE(c.pooledCount, int64_t(1020));
    QVERIFY2(std::fabs(c.pooledUs.p50 - 3000) <= 3, qPrintable(QString::number(c.pooledUs.p50)));
    QVERIFY(std::fabs(c.pooledUs.max - 3000) <= 3);
    QCOMPARE(okPerSValues(windows), (std::vector<double>{1000, 1200, 1100}));
}

QTEST_GUILESS_MAIN(TestStats)
#include "tst_stats.moc"
