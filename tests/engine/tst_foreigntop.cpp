// The foreign top's pure parts: the name made safe, the fixed-size list (offer, merge, rate), the
// idle back-off and one process's counter fed with made-up /proc readings, and the timeline's
// fold. The sampler against real processes is tst_sampler's.

#include "sample/foreigncounter.h"
#include "sample/foreigntop.h"
#include "sample/timeline.h"

#include <QTest>

using namespace sb::sample;

namespace {

constexpr int64_t kMs = 1'000'000;

// "name:pid:ms" per entry, space-separated, in list order.
QString describe(const ForeignTop &top)
{
    QStringList parts;
    for (const ForeignProcess &p : top)
        parts << QStringLiteral("%1:%2:%3")
                     .arg(QString::fromLatin1(p.name))
                     .arg(p.pid)
                     .arg(p.cpuNs / kMs);
    return parts.join(QLatin1Char(' '));
}

// A /proc/PID/stat reading with `cpuMs` of CPU (whole ticks) and a start time.
ProcStat stat(const char *comm, int64_t cpuMs, uint64_t startTicks = 1)
{
    ProcStat st;
    st.comm = comm;
    st.utimeTicks = cpuMs * clockTicksPerSecond() / 1000;
    st.startTicks = startTicks;
    return st;
}

} // namespace

class TstForeignTop : public QObject
{
    Q_OBJECT

private slots:
    void sanitizedName_data()
    {
        QTest::addColumn<QByteArray>("comm");
        QTest::addColumn<QByteArray>("safe");
        QTest::newRow("plain") << QByteArray("cc1plus") << QByteArray("cc1plus");
        QTest::newRow("kernel thread")
            << QByteArray("kworker/0:1-events") << QByteArray("kworker/0:1-eve");
        QTest::newRow("terminal escape") << QByteArray("\x1b[2Jred\x07") << QByteArray("?[2Jred?");
        QTest::newRow("markup") << QByteArray("<script>&amp;") << QByteArray("?script??amp;");
        QTest::newRow("quotes and backslash")
            << QByteArray("a\"b'c`d\\e") << QByteArray("a?b?c?d?e");
        QTest::newRow("line breaks")
            << QByteArray("one\ntwo\rthree") << QByteArray("one?two?three");
        QTest::newRow("DEL") << QByteArray("x\x7fy") << QByteArray("x?y");
        QTest::newRow("cut UTF-8") << QByteArray("gr\xc3\xb6\xc3\x9f") << QByteArray("gr????");
        QTest::newRow("placeholder kept") << QByteArray("%1 %2") << QByteArray("%1 %2");
        QTest::newRow("empty") << QByteArray() << QByteArray();
    }

    void sanitizedName()
    {
        QFETCH(QByteArray, comm);
        QFETCH(QByteArray, safe);
        const std::string got = sanitizedProcessName(comm.toStdString());
        QCOMPARE(QByteArray::fromStdString(got), safe);
        QVERIFY(got.size() < kProcessNameBytes);
    }

    void offer_data()
    {
        QTest::addColumn<QString>("offers"); // "pid:ms" each
        QTest::addColumn<QString>("kept");
        QTest::newRow("busiest first") << "1:10 2:30 3:20"
                                       << "p1:2:30 p1:3:20 p1:1:10";
        QTest::newRow("only the three busiest") << "1:10 2:40 3:20 4:30 5:5"
                                                << "p1:2:40 p1:4:30 p1:3:20";
        QTest::newRow("equal ones keep their order") << "1:10 2:10 3:10 4:10"
                                                     << "p1:1:10 p1:2:10 p1:3:10";
        QTest::newRow("idle ones ignored") << "1:0 2:-5 3:7"
                                           << "p1:3:7";
        QTest::newRow("none") << ""
                              << "";
    }

    void offer()
    {
        QFETCH(QString, offers);
        QFETCH(QString, kept);
        ForeignTop top;
        for (const QString &o : offers.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            top.offer(pid_t(o.section(QLatin1Char(':'), 0, 0).toInt()), "p1",
                      o.section(QLatin1Char(':'), 1, 1).toLongLong() * kMs);
        QCOMPARE(describe(top), kept);
    }

    // Two intervals folded into one: the same process's CPU summed, the busiest kept.
    void merge()
    {
        ForeignTop a, b;
        a.offer(1, "make", 30 * kMs);
        a.offer(2, "cc1plus", 20 * kMs);
        a.offer(3, "ld", 10 * kMs);
        b.offer(3, "ld", 25 * kMs);
        b.offer(4, "as", 15 * kMs);
        a.merge(b);
        QCOMPARE(describe(a), QStringLiteral("ld:3:35 make:1:30 cc1plus:2:20"));
        ForeignTop empty;
        empty.merge(b);
        QCOMPARE(describe(empty), QStringLiteral("ld:3:25 as:4:15"));
    }

    // cores over the span; under 0.05 cores a process is not named.
    void rate()
    {
        ForeignTop top;
        top.offer(1, "busy", 930 * kMs);
        top.offer(2, "some", 100 * kMs);
        top.offer(3, "little", 49 * kMs);
        top.rate(1000 * kMs);
        QCOMPARE(describe(top), QStringLiteral("busy:1:930 some:2:100"));
        QCOMPARE(top.items[0].cores, 0.93);
        QCOMPARE(top.items[1].cores, 0.1);
        top.rate(0);
        QVERIFY(top.empty());
    }

    void idleSkip_data()
    {
        QTest::addColumn<int>("idleReads");
        QTest::addColumn<int>("intervalMs");
        QTest::addColumn<int>("skip");
        QTest::newRow("busy") << 0 << 100 << 0;
        QTest::newRow("1 s interval: never skipped") << 5 << 1000 << 0;
        QTest::newRow("longer interval") << 5 << 5000 << 0;
        QTest::newRow("100 ms, idle once") << 1 << 100 << 1;
        QTest::newRow("100 ms, twice") << 2 << 100 << 3;
        QTest::newRow("100 ms, three times") << 3 << 100 << 7;
        QTest::newRow("100 ms: at most a second") << 4 << 100 << 9;
        QTest::newRow("100 ms, long idle") << 30 << 100 << 9;
        QTest::newRow("250 ms: at most a second") << 3 << 250 << 3;
        QTest::newRow("500 ms") << 2 << 500 << 1;
    }

    void idleSkip()
    {
        QFETCH(int, idleReads);
        QFETCH(int, intervalMs);
        QFETCH(int, skip);
        QCOMPARE(foreignIdleSkip(idleReads, intervalMs), skip);
    }

    // One process through a window at 100 ms intervals: counted from the baseline, read less
    // often while idle, and its growth after a skipped stretch shared over it.
    void counter()
    {
        ForeignCounter c;
        auto sample = [](int n) {
            return ForeignCounter::Sample{n, (n - 1) * 100 * kMs, n * 100 * kMs, 100};
        };
        ForeignTop top;
        c.read(7, stat("daemon", 1000), false, ForeignCounter::Sample{0, 0, 0, 100}, top);
        QVERIFY(top.empty()); // the baseline counts nothing
        QCOMPARE(c.windowNs(), int64_t(0));
        QVERIFY(c.due(1));
        c.read(7, stat("daemon", 1050), false, sample(1), top);
        QCOMPARE(describe(top), QStringLiteral("daemon:7:50"));
        // Idle at sample 2: skipped at 3; idle at 4: skipped at 5 to 7.
        top = {};
        c.read(7, stat("daemon", 1050), false, sample(2), top);
        QVERIFY(top.empty());
        QVERIFY(!c.due(3));
        QVERIFY(c.due(4));
        c.read(7, stat("daemon", 1050), false, sample(4), top);
        QVERIFY(!c.due(5) && !c.due(7) && c.due(8));
        // Woke up: 80 ms since sample 4, of which interval 8 gets its quarter.
        c.read(7, stat("renamed", 1130), false, sample(8), top);
        QCOMPARE(describe(top), QStringLiteral("renamed:7:20"));
        QCOMPARE(c.windowNs(), 130 * kMs);
        QVERIFY(c.due(9)); // busy again: read every sample
        QCOMPARE(QByteArray(c.name()), QByteArray("renamed"));
    }

    // A process first seen after the baseline and born inside the window: its CPU since birth
    // is the interval's. One that is not (it was missed at the baseline) starts from there.
    void bornInWindow()
    {
        ForeignTop top;
        ForeignCounter born;
        born.read(9, stat("cc1plus", 60), true,
                  ForeignCounter::Sample{3, 200 * kMs, 300 * kMs, 100}, top);
        QCOMPARE(describe(top), QStringLiteral("cc1plus:9:60"));
        QCOMPARE(born.windowNs(), 60 * kMs);
        ForeignCounter old;
        top = {};
        old.read(5, stat("old", 500), false, ForeignCounter::Sample{3, 200 * kMs, 300 * kMs, 100},
                 top);
        QVERIFY(top.empty());
        QCOMPARE(old.windowNs(), int64_t(0));
    }

    // The timeline: each interval's list rated over its span; a final sliver folded into the
    // interval before it sums the lists per process and rates them over the combined span; the
    // summary keeps each delivered interval's list.
    void timelineFold()
    {
        Timeline timeline(100, 2);
        auto measured = [](int64_t startNs, int64_t endNs) {
            Snapshot s;
            s.startNs = startNs;
            s.endNs = endNs;
            return s;
        };
        Snapshot first = measured(0, 100 * kMs);
        first.foreignTop.offer(1, "make", 60 * kMs);
        first.foreignTop.offer(2, "quiet", 4 * kMs); // 0.04 cores: not named
        QVERIFY(timeline.add(first, 0).empty());
        Snapshot second = measured(100 * kMs, 200 * kMs);
        second.foreignTop.offer(3, "ld", 50 * kMs);
        second.foreignTop.offer(1, "make", 40 * kMs);
        const std::vector<Snapshot> one = timeline.add(second, 0);
        QCOMPARE(one.size(), size_t(1));
        QCOMPARE(describe(one[0].foreignTop), QStringLiteral("make:1:60"));
        QCOMPARE(one[0].foreignTop.items[0].cores, 0.6);
        Snapshot sliver = measured(200 * kMs, 210 * kMs);
        sliver.final = true;
        sliver.foreignTop.offer(1, "make", 10 * kMs);
        const std::vector<Snapshot> last = timeline.add(sliver, 0);
        QCOMPARE(last.size(), size_t(1));
        QCOMPARE(describe(last[0].foreignTop), QStringLiteral("make:1:50 ld:3:50"));
        QCOMPARE(last[0].foreignTop.items[0].cores, 50.0 / 110);
        const Summary sum = timeline.summary(0);
        QCOMPARE(sum.intervalForeignTops.size(), size_t(2));
        QCOMPARE(describe(sum.intervalForeignTops[1]), QStringLiteral("make:1:50 ld:3:50"));
    }
};

QTEST_GUILESS_MAIN(TstForeignTop)
#include "tst_foreigntop.moc"
