// The gate logic of a window as pure functions: figures in, verdicts and reasons out
// (run/gates.h), CPU gates of one core or of the machine, the peak gate, when a wait for a quiet
// machine ends (run/quietwait.h), and how a run's end status is decided (run::endStatus).

#include "report/runreport.h"
#include "run/gates.h"
#include "run/quietwait.h"
#include "run/runner.h"
#include "store/records.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace sb;

namespace {

// Figures that pass every gate.
run::GateFigures passing()
{
    run::GateFigures f;
    f.serverDetail = QStringLiteral("running");
    f.foreignPctMean = 20;
    f.foreignGate = plan::CpuGate{450, plan::CpuGate::Unit::CorePct};
    f.machineCores = 14;
    f.clientCpuS = 0.5;
    f.elapsedS = 2;
    f.threads = 2;
    return f;
}

load::Counters counters(int64_t ok200, int64_t other, int otherStatus, int64_t connectErrors)
{
    load::Counters c;
    c.status[200] = ok200;
    if (other > 0)
        c.status[size_t(otherStatus)] = other;
    c.responses = ok200 + other;
    c.ok = ok200 + (otherStatus >= 200 && otherStatus < 300 ? other : 0);
    c.connectErrors = connectErrors;
    return c;
}

// A foreign gate's reason when the window named no processes (its foreign top not sampled): the
// figures, then the plan key that sets the gate.
QString keyed(const QString &figures, const char *key, const QString &gate)
{
    return figures + QStringLiteral("; the plan's \"sampler\": {\"") + QLatin1String(key) +
           QStringLiteral("\": \"") + gate + QStringLiteral("\"} sets the gate");
}

plan::CpuGate corePct(double value)
{
    return plan::CpuGate{value, plan::CpuGate::Unit::CorePct};
}

plan::CpuGate machinePct(double value)
{
    return plan::CpuGate{value, plan::CpuGate::Unit::MachinePct};
}

// A timeline of 1 s intervals with these foreign CPU figures.
QVector<store::IntervalRecord> timeline(const QList<double> &foreignPcts)
{
    QVector<store::IntervalRecord> out;
    for (int i = 0; i < foreignPcts.size(); ++i) {
        store::IntervalRecord r;
        r.index = i;
        r.startS = i;
        r.endS = i + 1;
        r.foreignPct = foreignPcts[i];
        out << r;
    }
    return out;
}

// One reading of a wait for a quiet machine.
struct Reading
{
    double pct = 0;
    qint64 spanMs = 0;
};

QList<Reading> readings(std::initializer_list<std::pair<double, qint64>> list, int times = 1)
{
    QList<Reading> out;
    for (int t = 0; t < times; ++t)
        for (const auto &[pct, span] : list)
            out << Reading{pct, span};
    return out;
}

} // namespace

Q_DECLARE_METATYPE(sb::run::GateFigures)
Q_DECLARE_METATYPE(sb::run::ForeignTop)
Q_DECLARE_METATYPE(sb::load::Counters)
Q_DECLARE_METATYPE(sb::plan::CpuGate)
Q_DECLARE_METATYPE(std::optional<sb::plan::CpuGate>)
Q_DECLARE_METATYPE(QList<Reading>)
Q_DECLARE_METATYPE(sb::run::QuietOutcome)

class TestGates : public QObject
{
    Q_OBJECT

private slots:
    void gates_data()
    {
        QTest::addColumn<run::GateFigures>("figures");
        QTest::addColumn<QStringList>("reasons");
        QTest::addColumn<QStringList>("flags");

        QTest::newRow("all pass") << passing() << QStringList{} << QStringList{};
        run::GateFigures f = passing();
        f.cancelled = true;
        QTest::newRow("cancelled")
            << f << QStringList{QStringLiteral("cancelled")} << QStringList{};
        f = passing();
        f.serverDied = true;
        f.serverDetail = QStringLiteral("killed by signal 9 (Killed)");
        QTest::newRow("server died")
            << f << QStringList{QStringLiteral("server tree died: killed by signal 9 (Killed)")}
            << QStringList{};
        f = passing();
        f.aborted = QStringLiteral("target unreachable for 5 s");
        QTest::newRow("aborted") << f
                                 << QStringList{QStringLiteral(
                                        "load aborted: target unreachable for 5 s")}
                                 << QStringList{};
        f = passing();
        f.sleeps = {QStringLiteral("14.2 s gap"), QStringLiteral("11 s gap")};
        QTest::newRow("sleep") << f << QStringList{QStringLiteral("sleep gap: 14.2 s gap")}
                               << QStringList{};
        f = passing();
        f.checkpointsWatched = true;
        f.checkpoints = 2;
        QTest::newRow("checkpoint")
            << f << QStringList{QStringLiteral("2 database checkpoint(s) inside the window")}
            << QStringList{};
        f = passing();
        f.checkpointsWatched = false;
        f.checkpoints = 2; // not read: not a gate
        QTest::newRow("checkpoint not watched") << f << QStringList{} << QStringList{};
        f = passing();
        f.foreignPctMean = 450;
        QTest::newRow("foreign at threshold")
            << f
            << QStringList{keyed(
                   QStringLiteral("foreign-cpu 450% of a core (mean) >= the gate 450%"),
                   "foreign_gate", QStringLiteral("450%"))}
            << QStringList{};
        f.foreignPctMean = 449.9;
        QTest::newRow("foreign below threshold") << f << QStringList{} << QStringList{};
        f = passing();
        f.problems = QStringLiteral("3 responses with a status other than 200 (500 x3)");
        QTest::newRow("errors") << f
                                << QStringList{QStringLiteral(
                                       "errors: 3 responses with a status other than 200 (500 x3)")}
                                << QStringList{};
        f = passing();
        f.clientCpuS = 3.8; // 1.9 cores of 2 threads: 95 %
        QTest::newRow("client-bound by cores")
            << f << QStringList{} << QStringList{QStringLiteral("client-bound")};
        f = passing();
        f.samplerClientBound = true;
        QTest::newRow("client-bound by sampler")
            << f << QStringList{} << QStringList{QStringLiteral("client-bound")};
        f = passing();
        f.cancelled = true;
        f.serverDied = true;
        f.serverDetail = QStringLiteral("exited with code 1");
        f.aborted = QStringLiteral("target unreachable for 5 s");
        f.sleeps = {QStringLiteral("gap")};
        f.checkpointsWatched = true;
        f.checkpoints = 1;
        f.foreignPctMean = 900;
        f.problems = QStringLiteral("1 transport errors");
        QTest::newRow("every gate, most fundamental first")
            << f
            << QStringList{QStringLiteral("cancelled"),
                           QStringLiteral("server tree died: exited with code 1"),
                           QStringLiteral("load aborted: target unreachable for 5 s"),
                           QStringLiteral("sleep gap: gap"),
                           QStringLiteral("1 database checkpoint(s) inside the window"),
                           keyed(QStringLiteral("foreign-cpu 900% of a core (mean) >= the gate "
                                                "450%"),
                                 "foreign_gate", QStringLiteral("450%")),
                           QStringLiteral("errors: 1 transport errors")}
            << QStringList{};
    }

    void gates()
    {
        QFETCH(run::GateFigures, figures);
        QFETCH(QStringList, reasons);
        QFETCH(QStringList, flags);
        const run::GateVerdict v = run::evaluateGates(figures);
        QCOMPARE(v.reasons(), reasons);
        QCOMPARE(v.flags, flags);
        QCOMPARE(v.valid(), reasons.isEmpty());
        QCOMPARE(v.reason(), reasons.value(0));
        // Every gate is stored with its verdict, failing or not.
        for (const char *gate : {"server", "load", "sleep", "foreign_cpu", "errors"})
            QVERIFY2(
                v.gates.value(QLatin1String(gate)).toObject().contains(QStringLiteral("passed")),
                gate);
        QCOMPARE(v.gates.contains(QStringLiteral("checkpoint")), figures.checkpointsWatched);
        QCOMPARE(v.gates.value(QStringLiteral("foreign_cpu"))
                     .toObject()
                     .value(QStringLiteral("value"))
                     .toDouble(),
                 figures.foreignPctMean);
        QCOMPARE(v.gates.value(QStringLiteral("client_bound"))
                     .toObject()
                     .value(QStringLiteral("flagged"))
                     .toBool(),
                 !flags.isEmpty());
    }

    // The window's typed failure kind (WindowRecord::invalidKind): the first failed gate's, in
    // the runner's order, whatever else failed after it.
    void invalidKind_data()
    {
        QTest::addColumn<run::GateFigures>("figures");
        QTest::addColumn<QString>("kind");

        QTest::newRow("valid") << passing() << QString();
        run::GateFigures f = passing();
        f.cancelled = true;
        QTest::newRow("cancelled") << f << QString(store::kInvalidCancelled);
        f = passing();
        f.serverDied = true;
        QTest::newRow("server") << f << QString(store::kInvalidServer);
        f = passing();
        f.aborted = QStringLiteral("target unreachable for 5 s");
        QTest::newRow("load aborted") << f << QString(store::kInvalidOther);
        f = passing();
        f.sleeps = {QStringLiteral("gap")};
        QTest::newRow("sleep") << f << QString(store::kInvalidSleep);
        f = passing();
        f.checkpointsWatched = true;
        f.checkpoints = 1;
        QTest::newRow("checkpoint") << f << QString(store::kInvalidCheckpoint);
        f = passing();
        f.foreignPctMean = 500;
        QTest::newRow("foreign mean") << f << QString(store::kInvalidForeignCpu);
        f = passing();
        f.foreignPeakGate = corePct(150);
        f.foreignPeak = run::foreignPeak(timeline({10, 200}));
        QTest::newRow("foreign peak") << f << QString(store::kInvalidForeignPeak);
        f.foreignPctMean = 500;
        QTest::newRow("mean before peak") << f << QString(store::kInvalidForeignCpu);
        f = passing();
        f.problems = QStringLiteral("1 transport errors");
        QTest::newRow("errors") << f << QString(store::kInvalidErrors);
        f.foreignPctMean = 500;
        QTest::newRow("foreign before errors") << f << QString(store::kInvalidForeignCpu);
        f.sleeps = {QStringLiteral("gap")};
        QTest::newRow("sleep before foreign") << f << QString(store::kInvalidSleep);
        f.serverDied = true;
        QTest::newRow("server before sleep") << f << QString(store::kInvalidServer);
        f.cancelled = true;
        QTest::newRow("cancelled before all") << f << QString(store::kInvalidCancelled);
        f = passing();
        f.clientCpuS = 3.9; // client-bound is a flag, never a failure
        QTest::newRow("client-bound stays valid") << f << QString();
    }

    void invalidKind()
    {
        QFETCH(run::GateFigures, figures);
        QFETCH(QString, kind);
        const run::GateVerdict v = run::evaluateGates(figures);
        QCOMPARE(v.invalidKind(), kind);
        QCOMPARE(v.valid(), kind.isEmpty());
        // Each failure has its kind, and the first one is the window's.
        for (const run::GateFailure &failure : v.failures)
            QVERIFY2(!failure.kind.isEmpty(), qPrintable(failure.reason));
        if (!v.valid())
            QCOMPARE(v.failures.first().reason, v.reason());
    }

    // The mean gate in percent of one core or of the machine, and the peak gate over the
    // busiest interval, against the sampler's foreign CPU.
    void cpuGates_data()
    {
        QTest::addColumn<double>("mean");
        QTest::addColumn<plan::CpuGate>("gate");
        QTest::addColumn<int>("cores");
        QTest::addColumn<std::optional<plan::CpuGate>>("peakGate");
        QTest::addColumn<QList<double>>("intervals");
        QTest::addColumn<double>("threshold");
        QTest::addColumn<QStringList>("reasons");
        const std::optional<plan::CpuGate> none;
        const plan::CpuGate byDefault; // what a plan without "foreign_gate" gets
        QTest::newRow("default gate: one busy core of 2 trips it")
            << 100.0 << byDefault << 2 << none << QList<double>{} << 64.0
            << QStringList{keyed(QStringLiteral("foreign-cpu 100% of a core (mean) >= the gate 64% "
                                                "(32%machine of 2 cores)"),
                                 "foreign_gate", QStringLiteral("32%machine"))};
        QTest::newRow("default gate: 2 cores, under it")
            << 63.9 << byDefault << 2 << none << QList<double>{} << 64.0 << QStringList{};
        QTest::newRow("default gate: seed 000's 450% of 14 cores")
            << 450.0 << byDefault << 14 << none << QList<double>{} << 448.0
            << QStringList{
                   keyed(QStringLiteral("foreign-cpu 450% of a core (mean) >= the gate 448% "
                                        "(32%machine of 14 cores)"),
                         "foreign_gate", QStringLiteral("32%machine"))};
        QTest::newRow("default gate: one busy core of 14 passes")
            << 100.0 << byDefault << 14 << none << QList<double>{} << 448.0 << QStringList{};
        QTest::newRow("450% of one core can never fire on 2 cores")
            << 200.0 << corePct(450) << 2 << none << QList<double>{} << 450.0 << QStringList{};
        QTest::newRow("150% of one core, under it")
            << 149.9 << corePct(150) << 2 << none << QList<double>{} << 150.0 << QStringList{};
        QTest::newRow("150% of one core, at it")
            << 150.0 << corePct(150) << 2 << none << QList<double>{} << 150.0
            << QStringList{
                   keyed(QStringLiteral("foreign-cpu 150% of a core (mean) >= the gate 150%"),
                         "foreign_gate", QStringLiteral("150%"))};
        QTest::newRow("25%machine of 2 cores is 50% of one core")
            << 50.0 << machinePct(25) << 2 << none << QList<double>{} << 50.0
            << QStringList{keyed(QStringLiteral("foreign-cpu 50% of a core (mean) >= the gate 50% "
                                                "(25%machine of 2 cores)"),
                                 "foreign_gate", QStringLiteral("25%machine"))};
        QTest::newRow("25.5%machine of 4 cores")
            << 101.0 << machinePct(25.5) << 4 << none << QList<double>{} << 102.0 << QStringList{};
        QTest::newRow("peak gate trips on one interval")
            << 40.0 << byDefault << 2 << std::optional(corePct(150))
            << QList<double>{10, 30, 180, 30} << 64.0
            << QStringList{keyed(QStringLiteral("foreign-cpu peak 180% of a core in interval 3 "
                                                "(2.0-3.0 s) >= the gate 150%"),
                                 "foreign_peak_gate", QStringLiteral("150%"))};
        QTest::newRow("peak gate as a machine share")
            << 40.0 << byDefault << 2 << std::optional(machinePct(50)) << QList<double>{120, 20}
            << 64.0
            << QStringList{keyed(QStringLiteral("foreign-cpu peak 120% of a core in interval 1 "
                                                "(0.0-1.0 s) >= the gate 100% (50%machine of 2 "
                                                "cores)"),
                                 "foreign_peak_gate", QStringLiteral("50%machine"))};
        QTest::newRow("peak under its gate")
            << 40.0 << byDefault << 2 << std::optional(machinePct(50))
            << QList<double>{20, 99.9, 20} << 64.0 << QStringList{};
        QTest::newRow("no peak gate: a peak never fails")
            << 40.0 << byDefault << 2 << none << QList<double>{10, 200} << 64.0 << QStringList{};
        QTest::newRow("peak gate without intervals")
            << 0.0 << byDefault << 2 << std::optional(corePct(10)) << QList<double>{} << 64.0
            << QStringList{};
        QTest::newRow("mean before peak")
            << 90.0 << byDefault << 2 << std::optional(corePct(150)) << QList<double>{10, 160, 100}
            << 64.0
            << QStringList{keyed(QStringLiteral("foreign-cpu 90% of a core (mean) >= the gate 64% "
                                                "(32%machine of 2 cores)"),
                                 "foreign_gate", QStringLiteral("32%machine")),
                           keyed(QStringLiteral("foreign-cpu peak 160% of a core in interval 2 "
                                                "(1.0-2.0 s) >= the gate 150%"),
                                 "foreign_peak_gate", QStringLiteral("150%"))};
    }

    void cpuGates()
    {
        QFETCH(double, mean);
        QFETCH(plan::CpuGate, gate);
        QFETCH(int, cores);
        QFETCH(std::optional<plan::CpuGate>, peakGate);
        QFETCH(QList<double>, intervals);
        QFETCH(double, threshold);
        QFETCH(QStringList, reasons);
        run::GateFigures f = passing();
        f.foreignPctMean = mean;
        f.foreignGate = gate;
        f.machineCores = cores;
        f.foreignPeakGate = peakGate;
        f.foreignPeak = run::foreignPeak(timeline(intervals));
        const run::GateVerdict v = run::evaluateGates(f);
        QCOMPARE(v.reasons(), reasons);
        const QJsonObject meanGate = v.gates.value(QStringLiteral("foreign_cpu")).toObject();
        QCOMPARE(meanGate.value(QStringLiteral("threshold")).toDouble(), threshold);
        QCOMPARE(meanGate.value(QStringLiteral("gate")).toString(), gate.text());
        QCOMPARE(meanGate.value(QStringLiteral("machine_cores")).toInt(), cores);
        QCOMPARE(v.gates.contains(QStringLiteral("foreign_peak")), peakGate.has_value());
        if (peakGate) {
            const QJsonObject peak = v.gates.value(QStringLiteral("foreign_peak")).toObject();
            QCOMPARE(peak.value(QStringLiteral("threshold")).toDouble(),
                     peakGate->percentOfOneCore(cores));
            QCOMPARE(peak.value(QStringLiteral("value")).toDouble(), f.foreignPeak.pct);
            QCOMPARE(peak.value(QStringLiteral("interval")).toInt(), f.foreignPeak.index);
            QCOMPARE(peak.value(QStringLiteral("passed")).toBool(),
                     !reasons.join(QLatin1Char('|')).contains(QStringLiteral("peak")));
        }
        QCOMPARE(run::foreignContended(v.gates), !reasons.isEmpty());
    }

    // The foreign gates name the processes behind the foreign CPU (the window's for the mean,
    // the busiest interval's for the peak) and store them as "top", failing or not; a name that
    // reached the figures unsanitised (control characters, markup, an arg() placeholder) is
    // made safe, and the rest of the reason stays intact.
    void foreignProcesses_data()
    {
        QTest::addColumn<double>("mean");
        QTest::addColumn<std::optional<plan::CpuGate>>("peakGate");
        QTest::addColumn<run::ForeignTop>("top");
        QTest::addColumn<QStringList>("reasons");
        QTest::addColumn<QString>("storedTop"); // the foreign_cpu gate's "top", compact JSON
        const std::optional<plan::CpuGate> none;
        run::ForeignTop build;
        build.sampled = true;
        build.window = {{QStringLiteral("cc1plus"), 4242, 0.93},
                        {QStringLiteral("make"), 4200, 0.1}};
        QTest::newRow("mean: the window's processes")
            << 100.0 << none << build
            << QStringList{QStringLiteral(
                   "foreign-cpu 100% of a core (mean) >= the gate 64% (32%machine of 2 cores): "
                   "cc1plus (pid 4242) 0.93 cores, make (pid 4200) 0.10 cores; the plan's "
                   "\"sampler\": {\"foreign_gate\": \"32%machine\"} sets the gate")}
            << QStringLiteral("[{\"cores\":0.93,\"name\":\"cc1plus\",\"pid\":4242},"
                              "{\"cores\":0.1,\"name\":\"make\",\"pid\":4200}]");
        QTest::newRow("under the gate: named in the stored gate only")
            << 20.0 << none << build << QStringList{}
            << QStringLiteral("[{\"cores\":0.93,\"name\":\"cc1plus\",\"pid\":4242},"
                              "{\"cores\":0.1,\"name\":\"make\",\"pid\":4200}]");
        run::ForeignTop nobody;
        nobody.sampled = true;
        QTest::newRow("sampled, nobody above 0.05 cores")
            << 70.0 << none << nobody
            << QStringList{QStringLiteral(
                   "foreign-cpu 70% of a core (mean) >= the gate 64% (32%machine of 2 cores): no "
                   "single process used 0.05 cores or more (short-lived processes, or the "
                   "kernel); the plan's \"sampler\": {\"foreign_gate\": \"32%machine\"} sets "
                   "the gate")}
            << QStringLiteral("[]");
        run::ForeignTop burst = build;
        burst.intervals = {{}, {{QStringLiteral("updatedb"), 77, 1.8}}, {}};
        QTest::newRow("peak: the busiest interval's processes")
            << 40.0 << std::optional(corePct(150)) << burst
            << QStringList{QStringLiteral(
                   "foreign-cpu peak 180% of a core in interval 2 (1.0-2.0 s) >= the gate 150%: "
                   "updatedb (pid 77) 1.80 cores; the plan's \"sampler\": "
                   "{\"foreign_peak_gate\": \"150%\"} sets the gate")}
            << QStringLiteral("[{\"cores\":0.93,\"name\":\"cc1plus\",\"pid\":4242},"
                              "{\"cores\":0.1,\"name\":\"make\",\"pid\":4200}]");
        run::ForeignTop hostile;
        hostile.sampled = true;
        hostile.window = {{QStringLiteral("\x1b[2J<b>&\"%1\n"), 6, 1.5},
                          {QStringLiteral("a really long process name"), 7, 0.5}};
        QTest::newRow("hostile names")
            << 200.0 << none << hostile
            << QStringList{QStringLiteral(
                   "foreign-cpu 200% of a core (mean) >= the gate 64% (32%machine of 2 cores): "
                   "?[2J?b???%1? (pid 6) 1.50 cores, a really long p (pid 7) 0.50 cores; the "
                   "plan's \"sampler\": {\"foreign_gate\": \"32%machine\"} sets the gate")}
            << QStringLiteral("[{\"cores\":1.5,\"name\":\"?[2J?b???%1?\",\"pid\":6},"
                              "{\"cores\":0.5,\"name\":\"a really long p\",\"pid\":7}]");
    }

    void foreignProcesses()
    {
        QFETCH(double, mean);
        QFETCH(std::optional<plan::CpuGate>, peakGate);
        QFETCH(run::ForeignTop, top);
        QFETCH(QStringList, reasons);
        QFETCH(QString, storedTop);
        run::GateFigures f = passing();
        f.foreignPctMean = mean;
        f.foreignGate = plan::CpuGate{};
        f.machineCores = 2;
        f.foreignPeakGate = peakGate;
        f.foreignPeak = run::foreignPeak(timeline({10, 180, 20}));
        f.foreignTop = top;
        const run::GateVerdict v = run::evaluateGates(f);
        QCOMPARE(v.reasons(), reasons);
        const QJsonArray stored = v.gates.value(QStringLiteral("foreign_cpu"))
                                      .toObject()
                                      .value(QStringLiteral("top"))
                                      .toArray();
        QCOMPARE(QString::fromUtf8(QJsonDocument(stored).toJson(QJsonDocument::Compact)),
                 storedTop);
        if (peakGate) {
            const QJsonArray peakTop = v.gates.value(QStringLiteral("foreign_peak"))
                                           .toObject()
                                           .value(QStringLiteral("top"))
                                           .toArray();
            QCOMPARE(peakTop.size(), top.interval(f.foreignPeak.index).size());
        }
        for (const QString &r : v.reasons())
            for (const QChar c : r)
                QVERIFY2(c.unicode() >= 0x20 && c.unicode() < 0x7f && c != QLatin1Char('<') &&
                             c != QLatin1Char('&'),
                         qPrintable(r));
    }

    // One format, two readers: the report reads what the gate stored, and its "contended"
    // sentence names the processes exactly as the gate's reason would.
    void reportNamesWhatTheGateStored()
    {
        run::ForeignTop top;
        top.sampled = true;
        top.window = {{QStringLiteral("cc1plus"), 4242, 0.93}, {QStringLiteral("make"), 4200, 0.1}};
        run::GateFigures f = passing();
        f.foreignPctMean = 150; // 1.5 of 2 cores, under a gate of the whole machine
        f.foreignGate = machinePct(100);
        f.machineCores = 2;
        f.foreignTop = top;
        const run::GateVerdict v = run::evaluateGates(f);
        QVERIFY(v.valid());
        store::RunRecord run;
        run.id = QStringLiteral("busy");
        run.planText = R"({"name": "busy", "configurations": [{"name": "c"}],
            "routes": [{"name": "r"}]})";
        run.environment = QJsonObject{{QStringLiteral("cores"), 2}};
        QVector<store::WindowRecord> windows;
        for (int round = 0; round < 3; ++round) {
            store::WindowRecord w;
            w.runId = run.id;
            w.round = round;
            w.configuration = QStringLiteral("c");
            w.route = QStringLiteral("r");
            w.concurrency = 10;
            w.valid = true;
            w.elapsedS = 10;
            w.ok = w.requests = 10'000 + round;
            w.serverCpuS = 3;
            w.serverCoresMean = 0.3;
            w.generatorPctMean = 30;
            w.foreignPctMean = f.foreignPctMean;
            w.gates = v.gates;
            windows << w;
        }
        const report::RunReport r = report::buildRunReport(run, windows, {}, {});
        const report::CellReport *cell = r.cell(QStringLiteral("c"), QStringLiteral("r"), 10);
        QVERIFY(cell);
        QCOMPARE(cell->bound, QStringLiteral("contended"));
        QVERIFY2(cell->boundBecause.endsWith(QStringLiteral("; the most: ") +
                                             run::foreignTopText(top.window)),
                 qPrintable(cell->boundBecause));
    }

    // Not sampled (a caller that gives no processes): the reason names none and says nothing
    // about them, and the stored gates hold no "top".
    void foreignNotSampled()
    {
        run::GateFigures f = passing();
        f.foreignPctMean = 500;
        f.foreignPeakGate = corePct(100);
        f.foreignPeak = run::foreignPeak(timeline({500}));
        const run::GateVerdict v = run::evaluateGates(f);
        QCOMPARE(v.reasons().size(), 2);
        for (const QString &r : v.reasons())
            QVERIFY2(!r.contains(QStringLiteral("process")) && !r.contains(QStringLiteral("pid")),
                     qPrintable(r));
        for (const char *gate : {"foreign_cpu", "foreign_peak"})
            QVERIFY(!v.gates.value(QLatin1String(gate)).toObject().contains(QStringLiteral("top")));
    }

    void foreignPeak_data()
    {
        QTest::addColumn<QList<double>>("intervals");
        QTest::addColumn<int>("index");
        QTest::addColumn<double>("pct");
        QTest::newRow("none") << QList<double>{} << -1 << 0.0;
        QTest::newRow("one") << QList<double>{0} << 0 << 0.0;
        QTest::newRow("the last") << QList<double>{1, 2, 3} << 2 << 3.0;
        QTest::newRow("the first of equal ones") << QList<double>{5, 9, 9, 1} << 1 << 9.0;
    }

    void foreignPeak()
    {
        QFETCH(QList<double>, intervals);
        QFETCH(int, index);
        QFETCH(double, pct);
        const run::ForeignPeak p = run::foreignPeak(timeline(intervals));
        QCOMPARE(p.index, index);
        QCOMPARE(p.pct, pct);
        if (index >= 0) {
            QCOMPARE(p.startS, double(index));
            QCOMPARE(p.endS, double(index + 1));
        }
    }

    // Which stored windows count as contended (a re-measure may wait for a quiet machine).
    void contended_data()
    {
        QTest::addColumn<QJsonObject>("gates");
        QTest::addColumn<bool>("contended");
        auto gate = [](bool passed) { return QJsonObject{{QStringLiteral("passed"), passed}}; };
        QTest::newRow("no gates") << QJsonObject{} << false;
        QTest::newRow("foreign passed")
            << QJsonObject{{QStringLiteral("foreign_cpu"), gate(true)}} << false;
        QTest::newRow("foreign failed")
            << QJsonObject{{QStringLiteral("foreign_cpu"), gate(false)}} << true;
        QTest::newRow("peak failed") << QJsonObject{{QStringLiteral("foreign_cpu"), gate(true)},
                                                    {QStringLiteral("foreign_peak"), gate(false)}}
                                     << true;
        QTest::newRow("errors only") << QJsonObject{{QStringLiteral("foreign_cpu"), gate(true)},
                                                    {QStringLiteral("errors"), gate(false)}}
                                     << false;
        QTest::newRow("warm-up failed, never measured")
            << QJsonObject{{QStringLiteral("warmup"), gate(false)}} << false;
    }

    void contended()
    {
        QFETCH(QJsonObject, gates);
        QFETCH(bool, contended);
        QCOMPARE(run::foreignContended(gates), contended);
    }

    // When a wait for a quiet machine ends: readings in, outcome out.
    void quietWait_data()
    {
        QTest::addColumn<QList<Reading>>("readings");
        QTest::addColumn<qint64>("limitMs");
        QTest::addColumn<run::QuietOutcome>("outcome");
        QTest::addColumn<int>("taken"); // readings until the wait ended
        QTest::addColumn<qint64>("quietMs");
        using O = run::QuietOutcome;
        // Gate 64 %, stretch 2 s throughout.
        QTest::newRow("quiet at once")
            << readings({{10, 500}}, 6) << qint64(60000) << O::Quiet << 4 << qint64(2000);
        QTest::newRow("a busy reading starts the stretch again")
            << readings({{10, 500}, {10, 500}, {10, 500}, {100, 500}, {10, 500}}, 3)
            << qint64(60000) << O::Quiet << 8 << qint64(2000);
        QTest::newRow("at the gate is not quiet")
            << readings({{64, 500}}, 8) << qint64(2000) << O::TimedOut << 4 << qint64(0);
        QTest::newRow("busy until the limit")
            << readings({{120, 1000}}, 9) << qint64(5000) << O::TimedOut << 5 << qint64(0);
        QTest::newRow("quiet late, still in time")
            << readings({{120, 1000}, {120, 1000}, {120, 1000}, {5, 1000}, {5, 1000}})
            << qint64(5000) << O::Quiet << 5 << qint64(2000);
        QTest::newRow("quiet wins at the limit")
            << readings({{10, 1000}}, 3) << qint64(2000) << O::Quiet << 2 << qint64(2000);
        QTest::newRow("a limit shorter than the stretch, quiet throughout")
            << readings({{10, 500}}, 3) << qint64(1000) << O::Quiet << 2 << qint64(1000);
        QTest::newRow("a limit shorter than the stretch, busy at first")
            << readings({{100, 500}, {10, 500}, {10, 500}}) << qint64(1000) << O::TimedOut << 2
            << qint64(500);
        QTest::newRow("no readings yet")
            << QList<Reading>{} << qint64(1000) << O::Waiting << 0 << qint64(0);
    }

    void quietWait()
    {
        QFETCH(QList<Reading>, readings);
        QFETCH(qint64, limitMs);
        QFETCH(run::QuietOutcome, outcome);
        QFETCH(int, taken);
        QFETCH(qint64, quietMs);
        const run::QuietRule rule{64, 2000, limitMs};
        run::QuietState s;
        qint64 waitedMs = 0;
        int n = 0;
        for (const Reading &r : readings) {
            if (s.outcome != run::QuietOutcome::Waiting)
                break;
            waitedMs += r.spanMs;
            s = run::nextQuietState(s, rule, r.pct, r.spanMs, waitedMs);
            ++n;
        }
        QCOMPARE(s.outcome, outcome);
        QCOMPARE(n, taken);
        QCOMPARE(s.quietMs, quietMs);
        QCOMPARE(s.waitedMs, waitedMs);
        // An ended wait stays as it is.
        const run::QuietState after = run::nextQuietState(s, rule, 500, 1000, waitedMs + 1000);
        if (outcome != run::QuietOutcome::Waiting) {
            QCOMPARE(after.outcome, s.outcome);
            QCOMPARE(after.waitedMs, s.waitedMs);
        }
    }

    // What counts as quiet: below the lower of the mean and the peak gate, resolved.
    void quietRule_data()
    {
        QTest::addColumn<plan::CpuGate>("gate");
        QTest::addColumn<std::optional<plan::CpuGate>>("peakGate");
        QTest::addColumn<int>("cores");
        QTest::addColumn<double>("quietBelow");
        QTest::newRow("default on 2 cores")
            << plan::CpuGate{} << std::optional<plan::CpuGate>{} << 2 << 64.0;
        QTest::newRow("a higher peak gate")
            << plan::CpuGate{} << std::optional(machinePct(50)) << 2 << 64.0;
        QTest::newRow("a lower peak gate")
            << corePct(150) << std::optional(corePct(40)) << 2 << 40.0;
        QTest::newRow("of one core")
            << corePct(150) << std::optional<plan::CpuGate>{} << 8 << 150.0;
    }

    void quietRule()
    {
        QFETCH(plan::CpuGate, gate);
        QFETCH(std::optional<plan::CpuGate>, peakGate);
        QFETCH(int, cores);
        QFETCH(double, quietBelow);
        plan::SamplerSettings s;
        s.foreignGate = gate;
        s.machineCores = cores;
        s.foreignGatePct = gate.percentOfOneCore(cores); // as the loader resolves it
        s.foreignPeakGate = peakGate;
        s.waitQuietMs = 30000;
        const run::QuietRule rule = run::quietRule(s);
        QCOMPARE(rule.gatePct, quietBelow);
        QCOMPARE(rule.limitMs, qint64(30000));
    }

    void quietSummary_data()
    {
        QTest::addColumn<run::QuietOutcome>("outcome");
        QTest::addColumn<QString>("text");
        const QString what = QStringLiteral("attempt 2 of round 1 a health c=1");
        QTest::newRow("quiet") << run::QuietOutcome::Quiet
                               << QStringLiteral("waited 3.2 s for a quiet machine before ") +
                                      what + QStringLiteral(": foreign CPU below 64% for 2.0 s");
        QTest::newRow("timed out")
            << run::QuietOutcome::TimedOut
            << QStringLiteral("waited 3.2 s (wait_quiet_s) for a quiet machine before ") + what +
                   QStringLiteral("; measuring again anyway: foreign CPU 118% >= 64% at the "
                                  "last reading");
        QTest::newRow("cancelled") << run::QuietOutcome::Cancelled
                                   << QStringLiteral("the wait for a quiet machine before ") +
                                          what + QStringLiteral(" was cancelled after 3.2 s");
    }

    void quietSummary()
    {
        QFETCH(run::QuietOutcome, outcome);
        QFETCH(QString, text);
        const run::QuietState end{3200, 2000, outcome};
        QCOMPARE(run::quietWaitSummary(end, run::QuietRule{64, 2000, 60000}, 117.6,
                                       QStringLiteral("attempt 2 of round 1 a health c=1")),
                 text);
    }

    void problems_data()
    {
        QTest::addColumn<load::Counters>("counters");
        QTest::addColumn<int>("expect");
        QTest::addColumn<qint64>("unexpected");
        QTest::addColumn<QString>("summary");
        QTest::newRow("clean") << counters(10, 0, 0, 0) << 200 << qint64(0) << QString();
        QTest::newRow("404 expected") << counters(0, 7, 404, 0) << 404 << qint64(0) << QString();
        QTest::newRow("500s") << counters(10, 3, 500, 0) << 200 << qint64(3)
                              << QStringLiteral(
                                     "3 responses with a status other than 200 (500 x3)");
        QTest::newRow("201 is not 200")
            << counters(10, 2, 201, 0) << 200 << qint64(2)
            << QStringLiteral("2 responses with a status other than 200 (201 x2)");
        QTest::newRow("connect errors")
            << counters(10, 0, 0, 4) << 200 << qint64(0)
            << QStringLiteral(
                   "4 transport errors (connect 4, read 0, write 0, timeout 0, parse 0)");
        QTest::newRow("both") << counters(1, 1, 503, 1) << 200 << qint64(1)
                              << QStringLiteral(
                                     "1 transport errors (connect 1, read 0, write 0, timeout 0, "
                                     "parse 0); 1 responses with a status other than 200 (503 x1)");
    }

    void problems()
    {
        QFETCH(load::Counters, counters);
        QFETCH(int, expect);
        QFETCH(qint64, unexpected);
        QFETCH(QString, summary);
        QCOMPARE(qint64(run::unexpectedStatuses(counters, expect)), unexpected);
        QCOMPARE(run::problemSummary(counters, expect), summary);
    }

    void warmup_data()
    {
        QTest::addColumn<load::Counters>("counters");
        QTest::addColumn<QString>("aborted");
        QTest::addColumn<QString>("failure");
        QTest::newRow("clean") << counters(50, 0, 0, 0) << QString() << QString();
        QTest::newRow("one 500 fails closed")
            << counters(50, 1, 500, 0) << QString()
            << QStringLiteral("1 responses with a status other than 200 (500 x1)");
        QTest::newRow("aborted")
            << counters(0, 0, 0, 9) << QStringLiteral("target unreachable for 5 s")
            << QStringLiteral("target unreachable for 5 s; 9 transport errors (connect 9, read "
                              "0, write 0, timeout 0, parse 0)");
    }

    void warmup()
    {
        QFETCH(load::Counters, counters);
        QFETCH(QString, aborted);
        QFETCH(QString, failure);
        load::LoadResult r;
        r.total = counters;
        r.aborted = aborted.toStdString();
        r.elapsedS = 0.2;
        const run::WarmupVerdict v = run::evaluateWarmup(r, 200);
        QCOMPARE(v.failure, failure);
        QCOMPARE(v.gate.value(QStringLiteral("passed")).toBool(), failure.isEmpty());
        QCOMPARE(v.gate.value(QStringLiteral("responses")).toDouble(), double(counters.responses));
    }

    void endStatus_data()
    {
        QTest::addColumn<bool>("interrupted");
        QTest::addColumn<bool>("failed");
        QTest::addColumn<int>("unmeasured");
        QTest::addColumn<QString>("status");
        QTest::newRow("every cell done") << false << false << 0 << QString(store::kStatusFinished);
        QTest::newRow("cells left") << false << false << 3 << QString(store::kStatusIncomplete);
        QTest::newRow("cancelled") << true << false << 3 << QString(store::kStatusInterrupted);
        QTest::newRow("cancelled at the end")
            << true << false << 0 << QString(store::kStatusInterrupted);
        QTest::newRow("failed") << false << true << 0 << QString(store::kStatusFailed);
        QTest::newRow("failed while cancelled")
            << true << true << 2 << QString(store::kStatusFailed);
    }

    void endStatus()
    {
        QFETCH(bool, interrupted);
        QFETCH(bool, failed);
        QFETCH(int, unmeasured);
        QFETCH(QString, status);
        QCOMPARE(run::endStatus(interrupted, failed, unmeasured), status);
    }

    // What a session measures of a stored cell: attempts -1 = nothing stored.
    void cellTodo_data()
    {
        QTest::addColumn<int>("attempts");
        QTest::addColumn<int>("valid");
        QTest::addColumn<bool>("retryFailed");
        QTest::addColumn<int>("todo");
        const int retries = 2;
        QTest::addColumn<int>("retries");
        using T = run::CellTodo;
        QTest::newRow("new cell") << -1 << 0 << false << int(T::Measure) << retries;
        QTest::newRow("new cell, retry-failed") << -1 << 0 << true << int(T::NotAsked) << retries;
        QTest::newRow("valid") << 1 << 1 << false << int(T::Valid) << retries;
        QTest::newRow("valid after retries") << 3 << 1 << true << int(T::Valid) << retries;
        QTest::newRow("in flight when killed") << 1 << 0 << false << int(T::Measure) << retries;
        QTest::newRow("in flight, retry-failed") << 2 << 0 << true << int(T::NotAsked) << retries;
        QTest::newRow("ran out") << 3 << 0 << false << int(T::RanOut) << retries;
        QTest::newRow("ran out, retry-failed") << 3 << 0 << true << int(T::Measure) << retries;
        QTest::newRow("ran out twice") << 6 << 0 << false << int(T::RanOut) << retries;
        QTest::newRow("no retries, one failure") << 1 << 0 << false << int(T::RanOut) << 0;
        QTest::newRow("blocked (nothing stored)") << 0 << 0 << false << int(T::Measure) << retries;
    }

    void cellTodo()
    {
        QFETCH(int, attempts);
        QFETCH(int, valid);
        QFETCH(bool, retryFailed);
        QFETCH(int, todo);
        QFETCH(int, retries);
        store::CellProgress p;
        p.attempts = attempts;
        p.validWindows = valid;
        QCOMPARE(int(run::cellTodo(attempts < 0 ? nullptr : &p, retries, retryFailed)), todo);
    }
};

QTEST_GUILESS_MAIN(TestGates)
#include "tst_gates.moc"
