// engine/stats/ceiling: how often the bound classifier names the real limit, measured by seeded
// simulation. Each scenario is a server whose limit is known (its CPU, a sleep, the database,
// the load engine, other processes, nothing yet), drawn thousands of times on a 2-core and an
// 8-core machine with the sampler's jitter on every figure (each CPU figure and throughput
// times a log-normal factor of 3 %, throughput and its neighbouring level 5 %).
// Every scenario must be named right in at least 95 % of its windows; the rates go to the
// test's output for the record.

#include "stats/ceiling.h"
#include "stats/random.h"

#include <QTest>
#include <cmath>
#include <functional>

using namespace sb::stats;

namespace {

class Draw
{
public:
    explicit Draw(uint64_t seed)
        : m_random(seed)
    {}
    double uniform() { return (double(m_random.next() >> 11) + 0.5) * 0x1.0p-53; }
    double between(double low, double high) { return low + (high - low) * uniform(); }
    double normal() { return std::sqrt(-2 * std::log(uniform())) * std::cos(2 * M_PI * uniform()); }
    // The sampler's jitter on one figure.
    double jitter(double value, double sd = 0.03) { return value * std::exp(sd * normal()); }

private:
    Random m_random;
};

struct Drawn
{
    WindowCpu cpu;
    BoundContext context;
};

using Scenario = std::function<Drawn(Draw &, int machineCores)>;

BoundContext ctx(double okPerS, double lower, double higher, double plateau, int cpus,
                 double floorP50Us = 0)
{
    BoundContext c;
    c.okPerS = okPerS;
    c.lowerOkPerS = lower;
    c.higherOkPerS = higher;
    c.plateauCores = plateau;
    c.serverCpus = cpus;
    c.floorP50Us = floorP50Us;
    return c;
}

// Every scenario is the demo's quick profile: this window at c=32, its neighbour at c=4.
Drawn finish(Draw &d, Drawn w, int machineCores)
{
    w.cpu.machineCores = machineCores;
    w.context.concurrency = 32;
    w.context.lowerConcurrency = 4;
    w.cpu.serverCores = d.jitter(w.cpu.serverCores);
    w.cpu.databaseCores = d.jitter(w.cpu.databaseCores);
    w.cpu.generatorCores = d.jitter(w.cpu.generatorCores);
    w.cpu.foreignCores = d.jitter(w.cpu.foreignCores);
    w.cpu.ownCores = d.jitter(0.03);
    w.context.okPerS = d.jitter(w.context.okPerS, 0.05);
    if (w.context.lowerOkPerS > 0)
        w.context.lowerOkPerS = d.jitter(w.context.lowerOkPerS, 0.05);
    return w;
}

// A multi-threaded server that, with the load engine, fills an idle machine.
Drawn machineFull(Draw &d, int cores)
{
    Drawn w;
    w.cpu.generatorThreads = 2;
    w.cpu.generatorCores = 0.5 * d.between(0.8, 1.0);
    w.cpu.serverCores = double(cores) - w.cpu.generatorCores - 0.05;
    w.cpu.foreignCores = 0.02;
    w.context = ctx(20000, 19500, -1, w.cpu.serverCores, 0);
    w.context.okPerS = 20000;
    return finish(d, w, cores);
}

// Any server on a machine that other processes fill (a build running).
Drawn contended(Draw &d, int cores)
{
    Drawn w;
    w.cpu.generatorThreads = 2;
    w.cpu.generatorCores = 0.3;
    w.cpu.serverCores = d.between(0.2, 0.6) * cores / 2;
    w.cpu.foreignCores = double(cores) - w.cpu.serverCores - w.cpu.generatorCores;
    w.context = ctx(5000, 4900, -1, w.cpu.serverCores, 0);
    return finish(d, w, cores);
}

// A server held back by a sleep per request (20-100 ms): flat throughput at a fraction of a
// core on an idle machine.
Drawn waits(Draw &d, int cores)
{
    Drawn w;
    w.cpu.generatorThreads = 1;
    w.cpu.generatorCores = 0.05;
    w.cpu.serverCores = d.between(0.03, 0.35);
    w.cpu.foreignCores = 0.05;
    const double perS = d.between(40, 400);
    w.context = ctx(perS, perS, -1, w.cpu.serverCores, 0, d.between(20000, 100000));
    return finish(d, w, cores);
}

// A single-threaded server (a GIL) full at one core, flat against the lower level.
Drawn oneThreadFull(Draw &d, int cores)
{
    Drawn w;
    w.cpu.generatorThreads = 1;
    w.cpu.generatorCores = 0.15;
    w.cpu.serverCores = d.between(0.95, 1.05);
    w.cpu.foreignCores = 0.05;
    w.context = ctx(2700, 2680, -1, 1.0, 0); // the plateau: its highest median cores
    return finish(d, w, cores);
}

// The database burns more than the tree, which is below its plateau.
Drawn databaseBound(Draw &d, int cores)
{
    Drawn w;
    w.cpu.generatorThreads = 1;
    w.cpu.generatorCores = 0.1;
    w.cpu.serverCores = d.between(0.3, 0.5) * cores / 2;
    w.cpu.databaseCores = w.cpu.serverCores * d.between(1.6, 2.5);
    w.cpu.foreignCores = 0.02;
    w.context = ctx(8000, 7900, -1, w.cpu.serverCores * 1.6, 0);
    return finish(d, w, cores);
}

// The load engine's threads are full.
Drawn clientBound(Draw &d, int cores)
{
    Drawn w;
    w.cpu.generatorThreads = 1;
    w.cpu.generatorCores = d.between(0.97, 1.0);
    w.cpu.serverCores = 0.4;
    w.cpu.foreignCores = 0.02;
    w.context = ctx(60000, 59000, -1, 0.4, 0);
    return finish(d, w, cores);
}

// Nothing is full yet: throughput still rising strongly with concurrency.
Drawn rising(Draw &d, int cores)
{
    Drawn w;
    w.cpu.generatorThreads = 2;
    w.cpu.generatorCores = 0.2;
    w.cpu.serverCores = d.between(0.2, 0.4) * cores / 2;
    w.cpu.foreignCores = 0.02;
    w.context = ctx(5000, 1200, -1, w.cpu.serverCores * 2, 0);
    return finish(d, w, cores);
}

} // namespace

class TestCeilingRates : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void namesTheLimit_data();
    void namesTheLimit();
    void waitsQuotesItsFloor();
    void saturationPointRates_data();
    void saturationPointRates();
};

void TestCeilingRates::namesTheLimit_data()
{
    QTest::addColumn<int>("scenario");
    QTest::addColumn<int>("cores");
    QTest::addColumn<int>("expected");
    const char *names[] = {"machine full", "contended", "waits",       "one thread full",
                           "database",     "client",    "still rising"};
    const Bound bounds[] = {Bound::Machine,  Bound::Contended, Bound::Waits, Bound::Server,
                            Bound::Database, Bound::Client,    Bound::None};
    for (int s = 0; s < 7; ++s)
        for (int cores : {2, 8})
            QTest::addRow("%s, %d cores", names[s], cores) << s << cores << int(bounds[s]);
}

void TestCeilingRates::namesTheLimit()
{
    QFETCH(int, scenario);
    QFETCH(int, cores);
    QFETCH(int, expected);
    const Scenario scenarios[] = {machineFull,   contended,   waits, oneThreadFull,
                                  databaseBound, clientBound, rising};
    Draw d(7000 + 10 * scenario + cores);
    int right = 0;
    const int trials = 2000;
    std::string wrongExample;
    for (int t = 0; t < trials; ++t) {
        const Drawn w = scenarios[scenario](d, cores);
        const BoundFinding f = classifyBound(w.cpu, w.context);
        if (int(f.bound) == expected)
            ++right;
        else if (wrongExample.empty())
            wrongExample = std::string(boundKey(f.bound)) + ": " + f.because;
    }
    const double rate = double(right) / trials;
    qInfo("%s on %d cores: %.1f %% named %s", QTest::currentDataTag(), cores, rate * 100,
          boundKey(Bound(expected)));
    QVERIFY2(rate >= 0.95, wrongExample.c_str());
}

void TestCeilingRates::waitsQuotesItsFloor()
{
    WindowCpu cpu;
    cpu.machineCores = 2;
    cpu.serverCores = 0.2;
    cpu.generatorCores = 0.1;
    cpu.generatorThreads = 1;
    BoundContext context;
    context.okPerS = 80;
    context.lowerOkPerS = 79.5;
    context.plateauCores = 0.2;
    context.floorP50Us = 50200;
    const BoundFinding f = classifyBound(cpu, context);
    QCOMPARE(f.bound, Bound::Waits);
    QVERIFY2(f.because.find("waits: 50.2 ms per request at 0.20 cores (2.50 ms of CPU each)") !=
                 std::string::npos,
             f.because.c_str());
}

// The saturation point over a configuration's levels, each level's median drawn with 5 %
// log-normal noise around a known curve: a server full from c=10 on (the quick profile's two
// levels and a sweep of four), one still scaling (2x throughput for 10x the connections, and
// linear), one past its peak (35 % below it at the highest level). Each must be read right in at
// least 95 % of 2,000 trials.
void TestCeilingRates::saturationPointRates_data()
{
    QTest::addColumn<QList<int>>("levels");
    QTest::addColumn<int>("curve"); // 0 full from c=10, 1 c^0.3, 2 linear, 3 falls after c=10
    QTest::addColumn<bool>("saturated");
    QTest::addColumn<bool>("past");
    QTest::addColumn<int>("from"); // expected fromConcurrency, 0 = any
    QTest::newRow("full from c=10, levels 10 100")
        << QList<int>{10, 100} << 0 << true << false << 10;
    QTest::newRow("full from c=10, levels 1 10 50 100")
        << QList<int>{1, 10, 50, 100} << 0 << true << false << 10;
    QTest::newRow("2x for 10x, levels 10 100") << QList<int>{10, 100} << 1 << false << false << 0;
    QTest::newRow("linear, levels 1 10 50 100")
        << QList<int>{1, 10, 50, 100} << 2 << false << false << 0;
    QTest::newRow("falls 35 % after c=10, levels 10 50 100")
        << QList<int>{10, 50, 100} << 3 << true << true << 0;
}

void TestCeilingRates::saturationPointRates()
{
    QFETCH(QList<int>, levels);
    QFETCH(int, curve);
    QFETCH(bool, saturated);
    QFETCH(bool, past);
    QFETCH(int, from);
    auto truth = [curve](int c) {
        switch (curve) {
        case 0:
            return 10000.0 * std::min(c, 10) / 10;
        case 1:
            return 1000.0 * std::pow(c, 0.3);
        case 2:
            return 100.0 * c;
        default:
            return c <= 10 ? 10000.0 : c <= 50 ? 8000.0 : 6500.0;
        }
    };
    Draw d(9100 + 7 * curve + levels.size());
    const int trials = 2000;
    int right = 0;
    std::string wrongExample;
    for (int t = 0; t < trials; ++t) {
        std::vector<Level> drawn;
        for (int c : levels)
            drawn.push_back({c, d.jitter(truth(c), 0.05), 1000.0 * c});
        const Saturation s = saturationPoint(drawn);
        const bool ok =
            s.saturated == saturated && s.past == past && (from == 0 || s.fromConcurrency == from);
        if (ok)
            ++right;
        else if (wrongExample.empty())
            wrongExample = s.sentence;
    }
    const double rate = double(right) / trials;
    qInfo("%s: %.1f %% read right", QTest::currentDataTag(), rate * 100);
    QVERIFY2(rate >= 0.95, wrongExample.c_str());
}

QTEST_GUILESS_MAIN(TestCeilingRates)
#include "tst_ceilingrates.moc"
