// CPU profiles of a cell's server tree (issue 25, items 1, 2 and 5): perf script's text folded
// into stacks (a captured fixture, and hostile input against every bound), perf record's
// arguments, the note a profile carries, which cells a run profiles, a real capture of the
// reference target's CPU route (its SHA-256 dominates), a run without perf (valid, one note), the
// measured windows unchanged by profiling, and a resumed run that does not profile a cell again.

#include "core/qterror.h"
#include "profile/perfrecord.h"
#include "profile/perfscript.h"
#include "run/cellprofiler.h"
#include "run/runner.h"
#include "runplans.h"
#include "store/runstore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace sb;

namespace {

QByteArray fixture(const char *name)
{
    QFile f(QStringLiteral(STACKBENCH_TEST_DATA "/profile/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// "stack COUNT" lines -> stack -> count; false when a line is not of that form.
bool parseFolded(const QByteArray &folded, QMap<QByteArray, qint64> *out)
{
    for (const QByteArray &line : folded.split('\n')) {
        if (line.isEmpty())
            continue;
        const qsizetype space = line.lastIndexOf(' ');
        bool ok = false;
        const qint64 count = line.mid(space + 1).toLongLong(&ok);
        if (space <= 0 || !ok || count <= 0)
            return false;
        (*out)[line.left(space)] += count;
    }
    return true;
}

// The leaf frame with the most samples, and its share of all samples.
QPair<QByteArray, double> topSelf(const QByteArray &folded)
{
    QMap<QByteArray, qint64> stacks;
    if (!parseFolded(folded, &stacks))
        return {};
    QMap<QByteArray, qint64> self;
    qint64 total = 0;
    for (auto it = stacks.cbegin(); it != stacks.cend(); ++it) {
        self[it.key().mid(it.key().lastIndexOf(';') + 1)] += it.value();
        total += it.value();
    }
    QByteArray best;
    qint64 most = 0;
    for (auto it = self.cbegin(); it != self.cend(); ++it)
        if (it.value() > most) {
            most = it.value();
            best = it.key();
        }
    return {best, total > 0 ? double(most) / double(total) : 0.0};
}

// The share of samples whose stack holds a frame containing `name`.
double shareThrough(const QByteArray &folded, const QByteArray &name)
{
    QMap<QByteArray, qint64> stacks;
    if (!parseFolded(folded, &stacks))
        return 0;
    qint64 through = 0;
    qint64 total = 0;
    for (auto it = stacks.cbegin(); it != stacks.cend(); ++it) {
        total += it.value();
        if (it.key().contains(name))
            through += it.value();
    }
    return total > 0 ? double(through) / double(total) : 0.0;
}

// One sample of perf script text: a header and frames, leaf first.
QByteArray perfSample(const QByteArray &comm, const QList<QByteArray> &frames)
{
    QByteArray s = comm + " 4242/4243 12345.678901: cpu-clock:\n";
    for (const QByteArray &f : frames)
        s += "\t    7f0000001000 " + f + '\n';
    return s + '\n';
}

// Sets an environment variable for the life of the object, then restores it.
class ScopedEnv
{
public:
    ScopedEnv(const char *name, const QByteArray &value)
        : m_name(name)
        , m_had(qEnvironmentVariableIsSet(name))
        , m_old(qgetenv(name))
    {
        qputenv(name, value);
    }
    ~ScopedEnv()
    {
        if (m_had)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }

private:
    const char *m_name;
    bool m_had;
    QByteArray m_old;
};

} // namespace

class TstProfileCapture : public QObject
{
    Q_OBJECT

private:
    test::RunPlans plans() const { return test::RunPlans(m_dir.path(), m_db); }

    // One target configuration "a", the routes given, `profile` as "quick"; run into NAME.sqlite.
    sb::Result<run::RunFinished> runPlan(const QString &name, const QJsonArray &routes,
                                         const QJsonObject &profile, test::Recorder *recorder,
                                         bool profileCpu = false,
                                         const QString &resumeRunId = QString()) const
    {
        // A resume reads the stored run's plan file, which must not change (its port would).
        const QString plan =
            !resumeRunId.isEmpty()
                ? QString()
                : plans().write(name,
                                QJsonObject{{QStringLiteral("configurations"),
                                             QJsonArray{plans().target(QStringLiteral("a"))}},
                                            {QStringLiteral("routes"), routes},
                                            {QStringLiteral("profiles"),
                                             QJsonObject{{QStringLiteral("quick"), profile}}}});
        run::Runner runner(recorder);
        if (recorder && m_cancelOnProfile)
            recorder->onNote = [&runner](const run::RunNote &n) {
                if (n.kind == QLatin1String("profile-taken"))
                    runner.cancel();
            };
        run::RunOptions options;
        options.planPath = plan;
        options.storeLocation = plans().store(name);
        options.profileCpu = profileCpu;
        options.resumeRunId = resumeRunId;
        return runner.run(options);
    }

    static QJsonArray cpuRoute(int n)
    {
        return QJsonArray{
            QJsonObject{{QStringLiteral("name"), QStringLiteral("cpu")},
                        {QStringLiteral("path"), QStringLiteral("/cpu?n=%1").arg(n)}}};
    }

    QVector<store::ProfileRecord> profilesOf(const QString &name, const QString &runId,
                                             bool withFolded) const
    {
        auto opened =
            store::RunStore::open(plans().store(name), store::RunStore::OpenMode::ReadOnly);
        if (!opened.ok())
            return {};
        auto list = (*opened)->profiles(runId);
        if (!list.ok())
            return {};
        QVector<store::ProfileRecord> out;
        for (const store::ProfileRecord &p : *list)
            out << (withFolded ? *(*opened)->profile(p.id) : p);
        return out;
    }

    QVector<store::WindowRecord> windowsOf(const QString &name, const QString &runId) const
    {
        auto opened =
            store::RunStore::open(plans().store(name), store::RunStore::OpenMode::ReadOnly);
        if (!opened.ok())
            return {};
        auto list = (*opened)->windows(runId);
        return list.ok() ? *list : QVector<store::WindowRecord>{};
    }

    QVector<store::EventRecord> eventsOf(const QString &name, const QString &runId) const
    {
        auto opened =
            store::RunStore::open(plans().store(name), store::RunStore::OpenMode::ReadOnly);
        if (!opened.ok())
            return {};
        auto list = (*opened)->events(runId);
        return list.ok() ? *list : QVector<store::EventRecord>{};
    }

    // Skips the test when perf cannot profile here (the reason is the skip's message).
    static bool perfUsable(QString *why)
    {
        const profile::PerfTool tool = profile::findPerf();
        *why = tool.problem;
        return tool.problem.isEmpty();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("target.sqlite"));
        const QString seeded = test::seedTarget(m_db);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
    }

    // A perf script text captured of the reference target on /cpu (tests/data/profile):
    // comm first, root first, offsets gone, the unsymbolised libcrypto named by its file, kernel
    // frames marked, lines sorted, counts summing to the samples.
    void foldsACapturedScript()
    {
        const QByteArray text = fixture("perfscript-target.txt");
        QVERIFY(!text.isEmpty());
        const profile::PerfFold fold = profile::foldPerfScript(text);
        QCOMPARE(fold.samples, qint64(text.count("cpu-clock")));
        QMap<QByteArray, qint64> stacks;
        QVERIFY(parseFolded(fold.folded, &stacks));
        qint64 sum = 0;
        for (qint64 c : std::as_const(stacks))
            sum += c;
        QCOMPARE(sum, fold.samples);
        QList<QByteArray> lines = fold.folded.split('\n');
        lines.removeAll(QByteArray());
        QVERIFY(std::is_sorted(lines.begin(), lines.end()));
        for (const QByteArray &line : lines) {
            QVERIFY2(line.startsWith("stackbench;"), line.constData());
            QVERIFY2(!line.contains("+0x"), line.constData());
        }
        QVERIFY2(fold.folded.contains("[libcrypto.so.3]"), fold.folded.left(2000).constData());
        QVERIFY(fold.unsymbolised.contains(QStringLiteral("libcrypto.so.3")));
        QVERIFY2(fold.folded.contains("sb::target::cpuDigest"), fold.folded.left(2000).constData());
        QVERIFY(fold.interpreters.isEmpty());
        QVERIFY(fold.perfMaps.isEmpty());
        QVERIFY(fold.deepestStack >= fold.medianDepth);
        QVERIFY(fold.medianDepth > 2); // DWARF: whole stacks
        QCOMPARE(fold.overflowSamples, qint64(0));
        QCOMPARE(fold.truncatedStacks, qint64(0));
    }

    // The forms of frames perf prints, one sample each.
    void foldsEachFrameForm_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("folded");
        QTest::newRow("offset and object")
            << perfSample("srv", {"leaf+0x1f (/usr/bin/srv)", "main+0x20 (/usr/bin/srv)"})
            << QByteArray("srv;main;leaf 1\n");
        QTest::newRow("kernel frame")
            << perfSample("srv",
                          {"native_safe_halt+0x4 ([kernel.kallsyms])", "main (/usr/bin/srv)"})
            << QByteArray("srv;main;native_safe_halt_[k] 1\n");
        QTest::newRow("unsymbolised object")
            << perfSample("srv", {"[unknown] (/usr/lib/x86_64-linux-gnu/libcrypto.so.3)",
                                  "[unknown] ([unknown])"})
            << QByteArray("srv;[unknown];[libcrypto.so.3] 1\n");
        QTest::newRow("perf map")
            << perfSample("node", {"LazyCompile:*hash /srv/app.js:3 (/tmp/perf-4242.map)",
                                   "uv_run (/usr/bin/node)"})
            << QByteArray("node;uv_run;LazyCompile:*hash /srv/app.js:3_[j] 1\n");
        QTest::newRow("separator and control characters")
            << perfSample("a;b", {"f;g\x01h (/x)"}) << QByteArray("a:b;f:g?h 1\n");
        QTest::newRow("comm with spaces")
            << perfSample("Web Content", {"f (/x)"}) << QByteArray("Web Content;f 1\n");
        QTest::newRow("C++ signature kept")
            << perfSample("t", {"sb::target::cpuDigest(long)+0x53 (/usr/bin/stackbench)"})
            << QByteArray("t;sb::target::cpuDigest(long) 1\n");
        QTest::newRow("two samples, one stack")
            << perfSample("t", {"f (/x)"}) + perfSample("t", {"f (/x)"}) << QByteArray("t;f 2\n");
        QTest::newRow("no frames")
            << QByteArray("t 1/1 1.0: cpu-clock:\n\n") << QByteArray("t 1\n");
        QTest::newRow("invalid UTF-8")
            << perfSample("t", {"f\xff\xfe (/x)"}) << QByteArray("t;f\xef\xbf\xbd\xef\xbf\xbd 1\n");
    }

    void foldsEachFrameForm()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, folded);
        QCOMPARE(profile::foldPerfScript(text).folded, folded);
    }

    // What a hostile tree can put into perf's output (its names, its symbols, a perf map it
    // writes) is bounded: lines, frames, stack depth, distinct stacks and the folded text.
    void hostileInputIsBounded()
    {
        profile::FoldLimits limits;
        limits.maxLineBytes = 1000;
        limits.maxFrameBytes = 64;
        limits.maxFrames = 8;
        limits.maxFoldedBytes = 64 * 1024;
        limits.maxDistinctStacks = 500;
        profile::PerfScriptFolder folder(limits);
        const QByteArray huge(100000, 'x');
        // A line far longer than the limit; a frame name longer than a frame may be.
        folder.addText(perfSample("t", {huge + " (/x)"}));
        folder.addText(perfSample("t", {QByteArray(200, 'y') + " (/x)"}));
        // A stack 50 deep: the 8 frames nearest the leaf stay, under [truncated].
        QList<QByteArray> deep;
        for (int i = 0; i < 50; ++i)
            deep << "f" + QByteArray::number(i) + " (/x)";
        folder.addText(perfSample("t", deep));
        // 20,000 distinct stacks.
        for (int i = 0; i < 20000; ++i)
            folder.addText(perfSample("t", {"u" + QByteArray::number(i) + " (/x)"}));
        const profile::PerfFold fold = folder.finish();
        QCOMPARE(fold.samples, qint64(20003));
        QVERIFY(fold.cutLines >= 1);
        QCOMPARE(fold.truncatedStacks, qint64(1));
        QVERIFY2(fold.folded.size() <= limits.maxFoldedBytes + 64,
                 qPrintable(QString::number(fold.folded.size())));
        QVERIFY(fold.overflowSamples >= 20000 - 500);
        QMap<QByteArray, qint64> stacks;
        QVERIFY(parseFolded(fold.folded, &stacks));
        QVERIFY(stacks.size() <= 501);
        QCOMPARE(stacks.value("[stacks beyond the limit]"), fold.overflowSamples);
        QVERIFY(stacks.contains("t;[truncated];f7;f6;f5;f4;f3;f2;f1;f0"));
        qint64 sum = 0;
        for (auto it = stacks.cbegin(); it != stacks.cend(); ++it) {
            sum += it.value();
            for (const QByteArray &frame : it.key().split(';'))
                QVERIFY2(frame.size() <= limits.maxFrameBytes, frame.left(80).constData());
        }
        QCOMPARE(sum, fold.samples);
    }

    // perf record attached by pid (frame pointers) and by cgroup (DWARF).
    void recordArguments()
    {
        profile::PerfSettings fp;
        profile::PerfTarget byPid;
        byPid.pids = {4242, 4250};
        const QStringList a =
            profile::perfRecordArguments(fp, byPid, QStringLiteral("/t/perf.data"));
        QCOMPARE(a.mid(0, 7), (QStringList{QStringLiteral("record"), QStringLiteral("-e"),
                                           QStringLiteral("cpu-clock"), QStringLiteral("-F"),
                                           QStringLiteral("99"), QStringLiteral("--call-graph"),
                                           QStringLiteral("fp")}));
        QCOMPARE(a.mid(a.size() - 2),
                 (QStringList{QStringLiteral("-p"), QStringLiteral("4242,4250")}));
        QVERIFY(a.contains(QStringLiteral("/t/perf.data")));
        QVERIFY(!a.contains(QStringLiteral("-a")));
        profile::PerfSettings dwarf;
        dwarf.callGraph = QStringLiteral("dwarf");
        dwarf.frequencyHz = 49;
        profile::PerfTarget byCgroup;
        byCgroup.cgroup = QStringLiteral("stackbench-1-1");
        const QStringList b = profile::perfRecordArguments(dwarf, byCgroup, QStringLiteral("/t/p"));
        QVERIFY(b.contains(QStringLiteral("dwarf,8192")));
        QVERIFY(b.contains(QStringLiteral("49")));
        QCOMPARE(b.mid(b.size() - 3), (QStringList{QStringLiteral("-a"), QStringLiteral("-G"),
                                                   QStringLiteral("stackbench-1-1")}));
        // Not root or not a cgroup2 path: by pid.
        QVERIFY(profile::perfCgroupOf(QByteArray()).isEmpty());
        QVERIFY(profile::perfCgroupOf("/not/a/cgroup").isEmpty());
    }

    // Which cells a run profiles: the profile's "profile_cpu", or every cell with --profile-cpu.
    void cellsProfiled()
    {
        plan::Profile none;
        QVERIFY(!run::cpuProfilingOf(none, false).enabled);
        const plan::CpuProfiling forced = run::cpuProfilingOf(none, true);
        QVERIFY(forced.enabled);
        QVERIFY(run::profilesCell(forced, QStringLiteral("any"), 7));
        plan::Profile chosen;
        chosen.profileCpu.enabled = true;
        chosen.profileCpu.routes = {QStringLiteral("cpu")};
        chosen.profileCpu.concurrency = {10};
        chosen.profileCpu.callGraph = QStringLiteral("dwarf");
        const plan::CpuProfiling own = run::cpuProfilingOf(chosen, true); // the profile's wins
        QCOMPARE(own.callGraph, QStringLiteral("dwarf"));
        QVERIFY(run::profilesCell(own, QStringLiteral("cpu"), 10));
        QVERIFY(!run::profilesCell(own, QStringLiteral("cpu"), 1));
        QVERIFY(!run::profilesCell(own, QStringLiteral("health"), 10));
    }

    // What a profile's note tells the reader.
    void noteSaysWhatTheProfileLacks_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("callGraph");
        QTest::addColumn<QStringList>("comms");
        QTest::addColumn<QString>("says");
        const QByteArray python =
            perfSample("python3", {"_PyEval_EvalFrameDefault+0x1 (/usr/bin/python3.11)",
                                   "main (/usr/bin/python3.11)",
                                   "__libc_start_main (/usr/lib/x86_64-linux-gnu/libc.so.6)"});
        QTest::newRow("python 3.11")
            << python << QStringLiteral("dwarf") << QStringList{QStringLiteral("python3")}
            << QStringLiteral("Python frames are the interpreter's");
        QTest::newRow("python 3.12 without -X perf")
            << perfSample("python3", {"_PyEval_EvalFrameDefault (/usr/lib/libpython3.12.so.1.0)",
                                      "a (/x)", "b (/x)"})
            << QStringLiteral("dwarf") << QStringList() << QStringLiteral("-X perf");
        QTest::newRow("perf map read")
            << perfSample("node", {"LazyCompile:*f (/tmp/perf-77.map)", "a (/x)", "b (/x)"})
            << QStringLiteral("dwarf") << QStringList{QStringLiteral("node")}
            << QStringLiteral("perf maps read: /tmp/perf-77.map");
        QTest::newRow("node without a map")
            << perfSample("node", {"[unknown] ([unknown])", "a (/x)", "b (/x)"})
            << QStringLiteral("dwarf") << QStringList{QStringLiteral("node")}
            << QStringLiteral("no perf map found for node");
        QTest::newRow("short frame-pointer stacks")
            << perfSample("t", {"f (/x)"}) << QStringLiteral("fp") << QStringList()
            << QStringLiteral("\"call_graph\": \"dwarf\"");
        QTest::newRow("no symbols")
            << perfSample("t", {"[unknown] (/lib/libcrypto.so.3)", "a (/x)", "b (/x)"})
            << QStringLiteral("dwarf") << QStringList()
            << QStringLiteral("no symbols for libcrypto.so.3");
    }

    void noteSaysWhatTheProfileLacks()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, callGraph);
        QFETCH(QStringList, comms);
        QFETCH(QString, says);
        const QString note = run::profileNote(profile::foldPerfScript(text), callGraph, {}, {},
                                              QStringLiteral("attached to 1 process"), comms, {});
        QVERIFY2(note.contains(says), qPrintable(note));
        QVERIFY(note.contains(QStringLiteral("attached to 1 process")));
    }

    // The check: the reference target profiled on its CPU route; the hashing dominates.
    void realCaptureOfTheTarget()
    {
        QString why;
        if (!perfUsable(&why))
            QSKIP(qPrintable(why));
        QJsonObject profile = test::RunPlans::profile(1, QJsonArray{2}, 2.0, 0);
        profile.insert(QStringLiteral("profile_cpu"),
                       QJsonObject{{QStringLiteral("call_graph"), QStringLiteral("dwarf")}});
        test::Recorder recorder;
        const auto r = runPlan(QStringLiteral("capture"), cpuRoute(2000), profile, &recorder);
        QVERIFY2(r.ok() && r->error.isEmpty(), qPrintable(test::resultText(r)));
        QCOMPARE(r->status, QString(store::kStatusFinished));
        const auto profiles = profilesOf(QStringLiteral("capture"), r->runId, true);
        QVERIFY2(profiles.size() == 1, qPrintable(recorder.notes.join(QLatin1Char('\n'))));
        const store::ProfileRecord &p = profiles[0];
        QCOMPARE(p.configuration, QStringLiteral("a"));
        QCOMPARE(p.route, QStringLiteral("cpu"));
        QCOMPARE(p.concurrency, 2);
        QCOMPARE(p.round, 0);
        QCOMPARE(p.callGraph, QStringLiteral("dwarf"));
        QCOMPARE(p.frequencyHz, 99);
        QVERIFY2(p.samples >= 50, qPrintable(QString::number(p.samples)));
        QVERIFY(p.okPerS > 0);
        QVERIFY(p.cellOkPerS > 0);
        QVERIFY(p.takenAt.isValid());
        const auto [leaf, share] = topSelf(p.folded);
        const QString shown = QStringLiteral("top self %1 (%2 %), note: %3\n%4")
                                  .arg(QString::fromUtf8(leaf))
                                  .arg(100 * share)
                                  .arg(p.note, QString::fromUtf8(p.folded.left(3000)));
        // The most self time is OpenSSL's SHA-256 code: Debian's libcrypto has no symbols for
        // its internal block function, so the frame reads [libcrypto.so.3] (the note says so).
        QVERIFY2(leaf.toLower().contains("sha256") || leaf.contains("libcrypto"),
                 qPrintable(shown));
        QVERIFY2(share > 0.2, qPrintable(shown));
        QVERIFY2(p.note.contains(QStringLiteral("no symbols for libcrypto")) ||
                     leaf.toLower().contains("sha256"),
                 qPrintable(shown));
        // The hashing dominates: nearly every stack runs through SHA256, called by the
        // target's cpuDigest (whole stacks: DWARF).
        const double hashing = shareThrough(p.folded, "SHA256");
        QVERIFY2(hashing > 0.7, qPrintable(QString::number(hashing) + QLatin1Char(' ') + shown));
        const double digest = shareThrough(p.folded, "cpuDigest");
        QVERIFY2(digest > 0.7, qPrintable(QString::number(digest) + QLatin1Char(' ') + shown));
        QVERIFY2(p.note.contains(QStringLiteral("attached to")), qPrintable(p.note));
        QVERIFY(recorder.notes.filter(QStringLiteral("profile-taken:")).size() == 1);
    }

    // No perf (a STACKBENCH_PERF that names a missing file, or a PATH without perf): the run is
    // valid, with one note, stored as a warning event, and no profile.
    void withoutPerfTheRunGoesOn_data()
    {
        QTest::addColumn<QByteArray>("variable");
        QTest::addColumn<QByteArray>("value");
        QTest::newRow("STACKBENCH_PERF missing")
            << QByteArray(profile::kPerfEnv) << QByteArray("/nonexistent/perf");
        QTest::newRow("PATH without perf") << QByteArray("PATH") << QByteArray("/nonexistent");
    }

    void withoutPerfTheRunGoesOn()
    {
        QFETCH(QByteArray, variable);
        QFETCH(QByteArray, value);
        ScopedEnv unsetPerf(profile::kPerfEnv, QByteArray());
        qunsetenv(profile::kPerfEnv);
        ScopedEnv env(variable.constData(), value);
        const QString name =
            QStringLiteral("noperf-") +
            QString::fromLatin1(QTest::currentDataTag()).section(QLatin1Char(' '), 0, 0);
        test::Recorder recorder;
        const auto r =
            runPlan(name, test::RunPlans::routes(2),
                    test::RunPlans::profile(1, QJsonArray{1, 2}, 0.3, 0), &recorder, true);
        QVERIFY2(r.ok() && r->error.isEmpty(), qPrintable(test::resultText(r)));
        QCOMPARE(r->status, QString(store::kStatusFinished));
        QCOMPARE(r->validWindows, 4);
        QVERIFY(profilesOf(name, r->runId, false).isEmpty());
        const QStringList said = recorder.notes.filter(QStringLiteral("no CPU profile"));
        QCOMPARE(said.size(), 1);
        QVERIFY2(said[0].contains(QStringLiteral("perf")), qPrintable(said[0]));
        int stored = 0;
        for (const store::EventRecord &e : eventsOf(name, r->runId))
            if (e.kind == QLatin1String("warning") &&
                e.detail.contains(QLatin1String("no CPU profile")))
                ++stored;
        QCOMPARE(stored, 1);
    }

    // Profiling adds no measured window: the same windows with and without it, and one profile per
    // cell of the last round.
    void profilingAddsNoMeasuredWindow()
    {
        QString why;
        if (!perfUsable(&why))
            QSKIP(qPrintable(why));
        const QJsonObject profile = test::RunPlans::profile(2, QJsonArray{1, 2}, 0.3, 0);
        test::Recorder without;
        const auto plain =
            runPlan(QStringLiteral("plain"), test::RunPlans::routes(2), profile, &without);
        QVERIFY2(plain.ok() && plain->error.isEmpty(), qPrintable(test::resultText(plain)));
        test::Recorder with;
        const auto profiled =
            runPlan(QStringLiteral("profiled"), test::RunPlans::routes(2), profile, &with, true);
        QVERIFY2(profiled.ok() && profiled->error.isEmpty(),
                 qPrintable(test::resultText(profiled)));
        const auto plainWindows = windowsOf(QStringLiteral("plain"), plain->runId);
        const auto profiledWindows = windowsOf(QStringLiteral("profiled"), profiled->runId);
        QCOMPARE(plainWindows.size(), 8); // 2 rounds x 2 routes x 2 levels
        QCOMPARE(profiledWindows.size(), plainWindows.size());
        QCOMPARE(with.windows.size(), without.windows.size());
        QCOMPARE(profiled->validWindows, plain->validWindows);
        const auto profiles = profilesOf(QStringLiteral("profiled"), profiled->runId, false);
        QCOMPARE(profiles.size(), 4); // the cells of the last round
        for (const store::ProfileRecord &p : profiles)
            QCOMPARE(p.round, 1);
        QVERIFY(profilesOf(QStringLiteral("plain"), plain->runId, false).isEmpty());
    }

    // A resumed run takes the profiles it lacks and none twice: the run is stopped once its
    // first profile is stored, then resumed.
    void resumeDoesNotProfileACellAgain()
    {
        QString why;
        if (!perfUsable(&why))
            QSKIP(qPrintable(why));
        const QJsonObject profile = test::RunPlans::profile(1, QJsonArray{1, 2}, 0.3, 0);
        test::Recorder first;
        m_cancelOnProfile = true;
        const auto stopped =
            runPlan(QStringLiteral("resumed"), test::RunPlans::routes(1), profile, &first, true);
        m_cancelOnProfile = false;
        QVERIFY2(stopped.ok(), qPrintable(test::resultText(stopped)));
        QCOMPARE(stopped->status, QString(store::kStatusInterrupted));
        QCOMPARE(profilesOf(QStringLiteral("resumed"), stopped->runId, false).size(), 1);
        test::Recorder second;
        const auto resumed = runPlan(QStringLiteral("resumed"), test::RunPlans::routes(1), profile,
                                     &second, false, stopped->runId);
        QVERIFY2(resumed.ok() && resumed->error.isEmpty(), qPrintable(test::resultText(resumed)));
        QCOMPARE(resumed->status, QString(store::kStatusFinished));
        const auto profiles = profilesOf(QStringLiteral("resumed"), stopped->runId, false);
        QCOMPARE(profiles.size(), 2); // c=1 from the first session, c=2 from the resume
        QVERIFY(profiles[0].concurrency != profiles[1].concurrency);
        // --profile-cpu was kept with the run: the resume profiled without being told again.
        QCOMPARE(second.notes.filter(QStringLiteral("profile-taken:")).size(), 1);
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
    bool m_cancelOnProfile = false;
};

QTEST_GUILESS_MAIN(TstProfileCapture)
#include "tst_profilecapture.moc"
