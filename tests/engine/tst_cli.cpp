// The command line as a user meets it, across every subcommand: no abort without a display, the
// help of each command (its usage line, defaults, --help-all starting nothing), one error format
// with one exit-code contract, stores that are only read are never created, and `list` showing
// what the store holds (a killed run as interrupted, the CPU sets applied). Runs the built
// binary; the stores are written through the store library.

#include "store/runstore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <tuple>
#include <unistd.h>

namespace {

struct Outcome
{
    int exitCode = -1;    // -1: did not end in time (killed)
    bool crashed = false; // ended by a signal (an abort)
    QByteArray out;
    QByteArray err;
};

// The environment of the tests, without any display and with a data directory of our own, so
// that a default store or target database is never the user's.
QProcessEnvironment headless(const QString &dataHome)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), dataHome);
    return env;
}

struct Launch
{
    QStringList args;
    QProcessEnvironment env;
    QString workingDirectory;
    qint64 addressSpaceLimit = 0; // RLIMIT_AS for the child, bytes; 0 = none
    int timeoutMs = 20'000;
};

Outcome run(const Launch &l)
{
    QProcess p;
    p.setProcessEnvironment(l.env);
    if (!l.workingDirectory.isEmpty())
        p.setWorkingDirectory(l.workingDirectory);
    if (l.addressSpaceLimit > 0) {
        const rlim_t limit = rlim_t(l.addressSpaceLimit);
        p.setChildProcessModifier([limit] {
            const rlimit r{limit, limit};
            ::setrlimit(RLIMIT_AS, &r);
        });
    }
    p.start(QStringLiteral(STACKBENCH_BIN), l.args);
    Outcome o;
    if (!p.waitForFinished(l.timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return o;
    }
    o.crashed = p.exitStatus() != QProcess::NormalExit;
    o.exitCode = o.crashed ? -2 : p.exitCode();
    o.out = p.readAllStandardOutput();
    o.err = p.readAllStandardError();
    return o;
}

QString text(const QByteArray &bytes)
{
    return QString::fromUtf8(bytes);
}

sb::store::RunRecord makeRun(const QString &id)
{
    sb::store::RunRecord r;
    r.id = id;
    r.planPath = QStringLiteral("plan.json");
    r.planText = "{}";
    r.planSha256 = QByteArray(32, 'x');
    r.profile = QStringLiteral("quick");
    r.startedAt = QDateTime::currentDateTimeUtc();
    r.status = sb::store::kStatusFinished;
    return r;
}

const QStringList kCommands = {QStringLiteral("run"),   QStringLiteral("resume"),
                               QStringLiteral("list"),  QStringLiteral("check"),
                               QStringLiteral("load"),  QStringLiteral("target"),
                               QStringLiteral("sample")};

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void noDisplay_data();
    void noDisplay();
    void topLevel_data();
    void topLevel();
    void commandHelp_data();
    void commandHelp();
    void usageErrors_data();
    void usageErrors();
    void exceptionIsOneLine();
    void planErrorsOneALine();
    void readersCreateNoStore_data();
    void readersCreateNoStore();
    void resumeUnknownRun();
    void listShowsKilledRunAsInterrupted();
    void listShowsCpusApplied();
    void runShowsDrainingLive();
    void listShowsResumesAndFailedCells();
    void retryFailedRemeasuresRanOutCells();
    void checkPrintsWarningsAndProfile();
    void checkProblemsOnStderr();
    void runFailuresOnStderrOneLine();
    void readOnlyStore_data();
    void readOnlyStore();

private:
    // A plan of the reference target with `routes`, written to NAME.json; its path.
    QString targetPlan(const QString &name, const QJsonArray &routes, const QJsonObject &profile,
                       const QJsonObject &extra = {});
    Launch launch(const QStringList &args) const
    {
        return Launch{args, headless(m_dir.filePath(QStringLiteral("data"))), m_dir.path()};
    }
    // A store holding one run, written through the store library.
    QString storeWith(const QString &name, const sb::store::RunRecord &run);

    QTemporaryDir m_dir;
};

void TestCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestCli::noDisplay_data()
{
    QTest::addColumn<QString>("platform");
    QTest::newRow("nothing set") << QString();
    QTest::newRow("xcb without DISPLAY") << QStringLiteral("xcb");
    QTest::newRow("wayland without WAYLAND_DISPLAY") << QStringLiteral("wayland");
}

// The defect: the GUI's QApplication aborted in the platform plugin (SIGABRT).
void TestCli::noDisplay()
{
    QFETCH(QString, platform);
    Launch l = launch({});
    if (!platform.isEmpty())
        l.env.insert(QStringLiteral("QT_QPA_PLATFORM"), platform);
    const Outcome o = run(l);
    QVERIFY2(!o.crashed, o.err.constData());
    QCOMPARE(o.exitCode, 2);
    QVERIFY(o.out.isEmpty());
    const QString err = text(o.err);
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY2(err.startsWith(QStringLiteral("stackbench: no display")), qPrintable(err));
    for (const QString &command : kCommands)
        QVERIFY2(err.contains(command), qPrintable(command));
}

void TestCli::topLevel_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<bool>("onStdout");
    QTest::addColumn<QString>("expected");
    QTest::newRow("--bogus") << QStringList{QStringLiteral("--bogus")} << 2 << false
                             << QStringLiteral("stackbench: unknown option '--bogus'\nUsage: ");
    QTest::newRow("--help-all") << QStringList{QStringLiteral("--help-all")} << 0 << true
                                << QStringLiteral("Usage: stackbench [COMMAND]");
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << 0 << true
                            << QStringLiteral("Usage: stackbench [COMMAND]");
    QTest::newRow("-h") << QStringList{QStringLiteral("-h")} << 0 << true
                        << QStringLiteral("Exit codes: 0 ok, 1 ");
    QTest::newRow("--version") << QStringList{QStringLiteral("--version")} << 0 << true
                               << QStringLiteral("stackbench ");
    QTest::newRow("unknown command")
        << QStringList{QStringLiteral("bogus")} << 2 << false
        << QStringLiteral("stackbench: unknown command 'bogus'\nUsage: ");
}

// Without a display, as the lead found them: --bogus and --help-all aborted too.
void TestCli::topLevel()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(bool, onStdout);
    QFETCH(QString, expected);
    const Outcome o = run(launch(args));
    QVERIFY2(!o.crashed, o.err.constData());
    QCOMPARE(o.exitCode, exitCode);
    const QString shown = text(onStdout ? o.out : o.err);
    QVERIFY2(shown.startsWith(expected) || shown.contains(expected), qPrintable(shown));
    QVERIFY((onStdout ? o.err : o.out).isEmpty());
}

void TestCli::commandHelp_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("usage");
    QTest::addColumn<QString>("shownDefault");
    const QList<std::tuple<QString, QString, QString>> commands = {
        {QStringLiteral("load"), QStringLiteral("load [options] URL"),
         QStringLiteral("(default: 10s)")},
        {QStringLiteral("run"), QStringLiteral("run [options] PLAN"),
         QStringLiteral("default_profile")},
        {QStringLiteral("resume"), QStringLiteral("resume [options] RUN"),
         QStringLiteral("runs.sqlite)")},
        {QStringLiteral("list"), QStringLiteral("list [options]"), QStringLiteral("runs.sqlite)")},
        {QStringLiteral("check"), QStringLiteral("check [options] PLAN"),
         QStringLiteral("--no-parity")},
        {QStringLiteral("target"), QStringLiteral("target [options]"),
         QStringLiteral("(default: 127.0.0.1)")},
        {QStringLiteral("sample"), QStringLiteral("sample [options]"),
         QStringLiteral("(default: 30s)")},
    };
    for (const auto &[command, usage, shownDefault] : commands)
        for (const char *flag : {"--help", "-h", "--help-all"})
            QTest::addRow("%s %s", qPrintable(command), flag)
                << QStringList{command, QLatin1String(flag)}
                << QStringLiteral("Usage: stackbench ") + usage << shownDefault;
}

// The defects: help named the executable's full path and no subcommand, and --help-all was
// listed but not handled ("target --help-all" started a server).
void TestCli::commandHelp()
{
    QFETCH(QStringList, args);
    QFETCH(QString, usage);
    QFETCH(QString, shownDefault);
    Launch l = launch(args);
    l.timeoutMs = 10'000;
    const Outcome o = run(l);
    QCOMPARE(o.exitCode, 0);
    const QString out = text(o.out);
    QCOMPARE(out.section(QLatin1Char('\n'), 0, 0), usage);
    QVERIFY2(out.contains(shownDefault), qPrintable(out));
    QVERIFY2(!out.contains(QStringLiteral("listening")), qPrintable(out));
    QVERIFY2(o.err.isEmpty(), o.err.constData());
}

void TestCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    auto row = [](const char *name, const QStringList &args, const QString &message) {
        QTest::newRow(name) << args << message;
    };
    const QString plan = QStringLiteral("plan.json");
    row("list: an argument too many", {QStringLiteral("list"), QStringLiteral("foo")},
        QStringLiteral("list: unexpected argument 'foo'"));
    row("list: --store ''", {QStringLiteral("list"), QStringLiteral("--store"), QString()},
        QStringLiteral("list: --store: needs a value, not an empty one"));
    row("run: --store=", {QStringLiteral("run"), QStringLiteral("--store="), plan},
        QStringLiteral("run: --store: needs a value, not an empty one"));
    row("resume: empty run id", {QStringLiteral("resume"), QString()},
        QStringLiteral("resume: RUN is empty"));
    row("resume: no run id", {QStringLiteral("resume")}, QStringLiteral("resume: missing RUN"));
    row("run: --only ''", {QStringLiteral("run"), QStringLiteral("--only"), QString(), plan},
        QStringLiteral("run: --only: needs a value, not an empty one"));
    row("run: --only ,",
        {QStringLiteral("run"), QStringLiteral("--only"), QStringLiteral(","), plan},
        QStringLiteral("run: --only: an empty name in \",\""));
    row("run: --routes a,",
        {QStringLiteral("run"), QStringLiteral("--routes"), QStringLiteral("a,"), plan},
        QStringLiteral("run: --routes: an empty name in \"a,\""));
    row("run: --profile ''", {QStringLiteral("run"), QStringLiteral("--profile"), QString(), plan},
        QStringLiteral("run: --profile: needs a value"));
    row("run: two plans", {QStringLiteral("run"), plan, plan},
        QStringLiteral("run: unexpected argument 'plan.json'"));
    row("check: no plan", {QStringLiteral("check")}, QStringLiteral("check: missing PLAN"));
    row("check: --only ''", {QStringLiteral("check"), QStringLiteral("--only"), QString(), plan},
        QStringLiteral("check: --only: needs a value"));
    row("target: an argument", {QStringLiteral("target"), QStringLiteral("8080")},
        QStringLiteral("target: unexpected argument '8080'"));
    row("target: --port 70000",
        {QStringLiteral("target"), QStringLiteral("--port"), QStringLiteral("70000")},
        QStringLiteral("target: --port: must be at most 65535, not \"70000\""));
    row("target: --threads 1e10",
        {QStringLiteral("target"), QStringLiteral("--threads"), QStringLiteral("1e10")},
        QStringLiteral("target: --threads: must be at most 256, not \"1e10\""));
    row("target: --token 1.5",
        {QStringLiteral("target"), QStringLiteral("--token"), QStringLiteral("1.5")},
        QStringLiteral("target: --token: \"1.5\" is not a whole number"));
    row("sample: an argument",
        {QStringLiteral("sample"), QStringLiteral("--pid"), QStringLiteral("1"),
         QStringLiteral("x")},
        QStringLiteral("sample: unexpected argument 'x'"));
    row("sample: --duration 1e10",
        {QStringLiteral("sample"), QStringLiteral("--pid"), QStringLiteral("1"),
         QStringLiteral("--duration"), QStringLiteral("1e10")},
        QStringLiteral("sample: --duration: must be at most 1 day, not \"1e10\""));
    row("sample: --sleep-gap inf",
        {QStringLiteral("sample"), QStringLiteral("--pid"), QStringLiteral("1"),
         QStringLiteral("--sleep-gap"), QStringLiteral("inf")},
        QStringLiteral("sample: --sleep-gap: \"inf\" is not a duration"));
    row("load: unknown option", {QStringLiteral("load"), QStringLiteral("--bogus")},
        QStringLiteral("load: unknown option 'bogus'"));
}

// One format: "stackbench COMMAND: PLACE: REASON (see 'stackbench COMMAND --help')", one line,
// exit 2, nothing on stdout, nothing started.
void TestCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Outcome o = run(launch(args));
    QVERIFY2(!o.crashed, o.err.constData());
    const QString err = text(o.err);
    QCOMPARE(o.exitCode, 2);
    QVERIFY2(err.startsWith(QStringLiteral("stackbench ") + message), qPrintable(err));
    QVERIFY2(err.endsWith(QStringLiteral(" (see 'stackbench %1 --help')\n").arg(args.first())),
             qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY2(o.out.isEmpty(), o.out.constData());
}

// The defect: `check /dev/zero` read without bound and aborted on bad_alloc. Under a 2 GiB
// address space it now ends at once with the plan's diagnostic (plan files are bounded regular
// files) and the one-line summary, exit 2.
void TestCli::exceptionIsOneLine()
{
    Launch l = launch({QStringLiteral("check"), QStringLiteral("/dev/zero")});
    l.addressSpaceLimit = qint64(2) << 30;
    l.timeoutMs = 60'000;
    const Outcome o = run(l);
    QVERIFY2(!o.crashed, o.err.constData());
    QCOMPARE(o.exitCode, 2);
    const QString err = text(o.err);
    QVERIFY2(err.startsWith(QStringLiteral("/dev/zero: cannot read the plan file: ")) &&
                 err.contains(QStringLiteral("not a regular file")),
             qPrintable(err));
    QVERIFY2(err.endsWith(QStringLiteral("\nstackbench check: 1 problem(s) in /dev/zero\n")),
             qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 2);
}

bool oneLineEach(const QByteArray &bytes); // below

// The defect: a plan with two mistakes made `run` print one line holding a literal "\n"
// between them. Each mistake is a line of its own, the first headed by the command.
void TestCli::planErrorsOneALine()
{
    const QString plan = m_dir.filePath(QStringLiteral("two-mistakes.json"));
    QFile f(plan);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(R"({"format": 1, "name": "two",
  "configurations": [{"name": "a", "command": ["true"], "port": 1}],
  "routes": [{"name": "r", "path": "/"}],
  "profiles": {"p": {"rounds": 1, "concurrency": [1], "bogus_one": 1},
               "q": {"rounds": 1, "concurrency": [1], "bogus_two": 2}}})");
    f.close();
    const Outcome o = run(launch({QStringLiteral("run"), plan}));
    QVERIFY2(!o.crashed, o.err.constData());
    QCOMPARE(o.exitCode, 2);
    const QStringList lines = text(o.err).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[0].startsWith(QStringLiteral("stackbench run: ")) &&
                 lines[0].contains(QStringLiteral("bogus_one")),
             qPrintable(lines[0]));
    QVERIFY2(lines[1].contains(QStringLiteral("bogus_two")), qPrintable(lines[1]));
    QVERIFY2(!text(o.err).contains(QStringLiteral("\\n")), o.err.constData());
    QVERIFY(oneLineEach(o.err));
}

void TestCli::readersCreateNoStore_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mustNotExist"); // relative to the test's directory
    QTest::newRow("list, mistyped --store")
        << QStringList{QStringLiteral("list"), QStringLiteral("--store"),
                       QStringLiteral("typo/runs.sqlite")}
        << QStringLiteral("typo");
    QTest::newRow("list, default store absent")
        << QStringList{QStringLiteral("list")} << QStringLiteral("data/stackbench");
    QTest::newRow("list --json, mistyped --store")
        << QStringList{QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--store"),
                       QStringLiteral("typo2/runs.sqlite")}
        << QStringLiteral("typo2");
    QTest::newRow("resume, mistyped --store")
        << QStringList{QStringLiteral("resume"), QStringLiteral("20260101-000000-abcd"),
                       QStringLiteral("--store"), QStringLiteral("typo3/runs.sqlite")}
        << QStringLiteral("typo3");
    QTest::newRow("resume, default store absent")
        << QStringList{QStringLiteral("resume"), QStringLiteral("20260101-000000-abcd")}
        << QStringLiteral("data/stackbench");
    QTest::newRow("list, unknown scheme")
        << QStringList{QStringLiteral("list"), QStringLiteral("--store"),
                       QStringLiteral("mysql://x")}
        << QStringLiteral("mysql:");
}

// The defect: commands that only read created an empty store (and its directories), and
// "--store mysql://x" created ./mysql:/x. Needs the store's open modes (store branch).
void TestCli::readersCreateNoStore()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mustNotExist);
    const Outcome o = run(launch(args));
    QVERIFY2(!o.crashed, o.err.constData());
    QCOMPARE(o.exitCode, 2);
    const QString err = text(o.err);
    QVERIFY2(err.startsWith(QStringLiteral("stackbench %1: ").arg(args.first())), qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY2(!QFileInfo::exists(m_dir.filePath(mustNotExist)), qPrintable(mustNotExist));
}

QString TestCli::storeWith(const QString &name, const sb::store::RunRecord &run)
{
    const QString path = m_dir.filePath(name);
    auto opened = sb::store::RunStore::open(path);
    if (!opened.ok() || !(*opened)->createRun(run).ok())
        return QString();
    return path;
}

void TestCli::resumeUnknownRun()
{
    const QString store =
        storeWith(QStringLiteral("one.sqlite"), makeRun(QStringLiteral("20260101-000000-aaaa")));
    QVERIFY(!store.isEmpty());
    const Outcome o = run(launch({QStringLiteral("resume"), QStringLiteral("20260101-000000-bbbb"),
                                  QStringLiteral("--store"), store}));
    QCOMPARE(o.exitCode, 2);
    const QString err = text(o.err);
    QVERIFY2(err.startsWith(QStringLiteral("stackbench resume: no run \"20260101-000000-bbbb\"")),
             qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
}

// The defect: a SIGKILLed run read "running" for ever. Its runner process is gone (here: this
// process's pid with another start time, as after a reboot or pid reuse). Needs the runner
// identity columns (store branch).
void TestCli::listShowsKilledRunAsInterrupted()
{
    sb::store::RunRecord r = makeRun(QStringLiteral("20260101-000000-cccc"));
    r.status = sb::store::kStatusRunning;
    r.runnerPid = qint64(::getpid());
    r.runnerHost = QSysInfo::machineHostName();
    r.runnerStart = QStringLiteral("not-this-boot:0");
    const QString store = storeWith(QStringLiteral("killed.sqlite"), r);
    QVERIFY(!store.isEmpty());

    const Outcome table = run(launch({QStringLiteral("list"), QStringLiteral("--store"), store}));
    QCOMPARE(table.exitCode, 0);
    const QString line = text(table.out).section(QLatin1Char('\n'), 1, 1);
    QVERIFY2(line.startsWith(r.id), qPrintable(text(table.out)));
    QCOMPARE(line.section(QLatin1Char(' '), 1, -1, QString::SectionSkipEmpty)
                 .section(QLatin1Char(' '), 0, 0),
             QStringLiteral("interrupted"));

    const Outcome json = run(launch(
        {QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--store"), store}));
    QCOMPARE(json.exitCode, 0);
    const QJsonArray runs = QJsonDocument::fromJson(json.out).array();
    QCOMPARE(runs.size(), 1);
    QCOMPARE(runs[0].toObject().value(QStringLiteral("status")).toString(),
             QStringLiteral("interrupted"));
}

void TestCli::listShowsCpusApplied()
{
    sb::store::RunRecord r = makeRun(QStringLiteral("20260101-000000-dddd"));
    const QJsonObject applied{{QStringLiteral("load"), QStringLiteral("0")},
                              {QStringLiteral("native"), QStringLiteral("1")}};
    r.environment = QJsonObject{{QStringLiteral("cpus_applied"), applied}};
    const QString store = storeWith(QStringLiteral("cpus.sqlite"), r);
    QVERIFY(!store.isEmpty());

    const Outcome table = run(launch({QStringLiteral("list"), QStringLiteral("--store"), store}));
    QCOMPARE(table.exitCode, 0);
    const QStringList lines = text(table.out).split(QLatin1Char('\n'));
    QVERIFY2(lines.size() >= 3, table.out.constData());
    QVERIFY2(lines[1].startsWith(r.id), table.out.constData());
    QCOMPARE(lines[2].trimmed(), QStringLiteral("cpus: load 0, native 1"));

    const Outcome json = run(launch(
        {QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--store"), store}));
    QCOMPARE(json.exitCode, 0);
    const QJsonArray runs = QJsonDocument::fromJson(json.out).array();
    QCOMPARE(runs.size(), 1);
    QCOMPARE(runs[0].toObject().value(QStringLiteral("cpus_applied")).toObject(), applied);
}

// A free TCP port on loopback (the kernel's choice, released at once).
quint16 freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    ::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a);
    ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len);
    ::close(fd);
    return ntohs(a.sin_port);
}

// `run` on a terminal (script(1) gives it one): a window whose requests outlive the sending
// time shows "draining: N in flight" while it waits for them. Needs the runner's drain flag.
void TestCli::runShowsDrainingLive()
{
    const QString script = QStandardPaths::findExecutable(QStringLiteral("script"));
    if (script.isEmpty())
        QSKIP("script(1) is not installed");
    const QJsonArray command{
        QStringLiteral(STACKBENCH_BIN), QStringLiteral("target"),
        QStringLiteral("--port"),       QStringLiteral("${port}"),
        QStringLiteral("--threads"),    QStringLiteral("1"),
        QStringLiteral("--db"),         m_dir.filePath(QStringLiteral("t.sqlite"))};
    const QJsonObject plan{
        {QStringLiteral("format"), 1},
        {QStringLiteral("name"), QStringLiteral("drain")},
        {QStringLiteral("configurations"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("target")},
                                {QStringLiteral("command"), command},
                                {QStringLiteral("port"), freePort()},
                                {QStringLiteral("ready"),
                                 QJsonObject{{QStringLiteral("path"), QStringLiteral("/health")},
                                             {QStringLiteral("timeout_s"), 60}}}}}},
        {QStringLiteral("routes"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("slow")},
                                {QStringLiteral("path"), QStringLiteral("/delay?ms=1500")}}}},
        {QStringLiteral("sampler"),
         QJsonObject{{QStringLiteral("interval_ms"), 100},
                     {QStringLiteral("foreign_gate"), QStringLiteral("100%machine")}}},
        {QStringLiteral("load"), QJsonObject{{QStringLiteral("threads"), 1}}},
        {QStringLiteral("profiles"),
         QJsonObject{{QStringLiteral("quick"),
                      QJsonObject{{QStringLiteral("concurrency"), QJsonArray{2}},
                                  {QStringLiteral("warmup"), QStringLiteral("100ms")},
                                  {QStringLiteral("measure_s"), 0.3},
                                  {QStringLiteral("retries"), 0}}}}}};
    QFile file(m_dir.filePath(QStringLiteral("drain.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(plan).toJson());
    file.close();

    QProcess p;
    p.setProcessEnvironment(headless(m_dir.filePath(QStringLiteral("data"))));
    p.start(script, {QStringLiteral("-qefc"),
                     QStringLiteral("%1 run %2 --store %3")
                         .arg(QStringLiteral(STACKBENCH_BIN), file.fileName(),
                              m_dir.filePath(QStringLiteral("drain.sqlite"))),
                     QStringLiteral("/dev/null")});
    QVERIFY(p.waitForFinished(120'000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    const QByteArray out = p.readAllStandardOutput();
    QVERIFY2(out.contains("draining: 2 in flight"), out.constData());
}

QString TestCli::targetPlan(const QString &name, const QJsonArray &routes,
                            const QJsonObject &profile, const QJsonObject &extra)
{
    const QJsonArray command{
        QStringLiteral(STACKBENCH_BIN), QStringLiteral("target"),
        QStringLiteral("--port"),       QStringLiteral("${port}"),
        QStringLiteral("--threads"),    QStringLiteral("1"),
        QStringLiteral("--db"),         m_dir.filePath(QStringLiteral("t.sqlite"))};
    QJsonObject plan{
        {QStringLiteral("format"), 1},
        {QStringLiteral("name"), name},
        {QStringLiteral("configurations"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("target")},
                                {QStringLiteral("command"), command},
                                {QStringLiteral("port"), freePort()},
                                {QStringLiteral("ready"),
                                 QJsonObject{{QStringLiteral("path"), QStringLiteral("/health")},
                                             {QStringLiteral("timeout_s"), 60}}}}}},
        {QStringLiteral("routes"), routes},
        {QStringLiteral("load"), QJsonObject{{QStringLiteral("threads"), 1}}},
        // Others build on this machine while the tests run: a gate such load cannot trip.
        {QStringLiteral("sampler"),
         QJsonObject{{QStringLiteral("foreign_gate"), QStringLiteral("100%machine")}}},
        {QStringLiteral("profiles"), QJsonObject{{QStringLiteral("quick"), profile}}}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        plan.insert(it.key(), it.value());
    const QString path = m_dir.filePath(name + QStringLiteral(".json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return QString();
    file.write(QJsonDocument(plan).toJson());
    return path;
}

// `list` counts the run's resumes (its run-resumed events) and the cells that have attempts
// but no valid window.
void TestCli::listShowsResumesAndFailedCells()
{
    const QString id = QStringLiteral("20260101-000000-eeee");
    const QString path = m_dir.filePath(QStringLiteral("history.sqlite"));
    {
        auto opened = sb::store::RunStore::open(path);
        QVERIFY(opened.ok());
        sb::store::RunStore &s = **opened;
        QVERIFY(s.createRun(makeRun(id)).ok());
        for (int i = 0; i < 2; ++i)
            QVERIFY(s.saveEvent({id,
                                 QDateTime::currentDateTimeUtc(),
                                 QStringLiteral("run-resumed"),
                                 QStringLiteral("resumed"),
                                 {}})
                        .ok());
        // Cell /a: two failed attempts; cell /b: one failed, then a valid one.
        for (const auto &[route, attempt, valid] :
             {std::tuple{"a", 0, false}, std::tuple{"a", 1, false}, std::tuple{"b", 0, false},
              std::tuple{"b", 1, true}}) {
            sb::store::WindowRecord w;
            w.runId = id;
            w.configuration = QStringLiteral("target");
            w.route = QString::fromLatin1(route);
            w.concurrency = 1;
            w.attempt = attempt;
            w.valid = valid;
            w.invalidReason = valid ? QString() : QStringLiteral("errors: x");
            w.startedAt = QDateTime::currentDateTimeUtc();
            QVERIFY(s.saveWindow(w).ok());
        }
    }
    const Outcome table = run(launch({QStringLiteral("list"), QStringLiteral("--store"), path}));
    QCOMPARE(table.exitCode, 0);
    const QStringList lines = text(table.out).split(QLatin1Char('\n'));
    QVERIFY2(lines.size() >= 2 && lines[0].contains(QStringLiteral("RESUMED")) &&
                 lines[0].contains(QStringLiteral("FAILED")),
             table.out.constData());
    const QStringList header = lines[0].split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const QStringList row = lines[1].split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QCOMPARE(row.value(int(header.indexOf(QStringLiteral("RESUMED")))), QStringLiteral("2"));
    QCOMPARE(row.value(int(header.indexOf(QStringLiteral("FAILED")))), QStringLiteral("1"));

    const Outcome json = run(launch(
        {QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--store"), path}));
    QCOMPARE(json.exitCode, 0);
    const QJsonObject r = QJsonDocument::fromJson(json.out).array().at(0).toObject();
    QCOMPARE(r.value(QStringLiteral("resumed")).toInt(), 2);
    QCOMPARE(r.value(QStringLiteral("failed_cells")).toInt(), 1);
}

// A finished run whose cell ran out of retries (its before_window hook fails while a flag file
// exists): `run` says how to re-measure it, a plain resume refuses a finished run, and
// `resume --retry-failed` measures exactly that cell again, with a fresh budget.
void TestCli::retryFailedRemeasuresRanOutCells()
{
    const QString flag = m_dir.filePath(QStringLiteral("user-route-fails"));
    QFile flagFile(flag);
    QVERIFY(flagFile.open(QIODevice::WriteOnly));
    flagFile.close();
    const QJsonObject failWhileFlagged{
        {QStringLiteral("before_window"),
         QJsonArray{QJsonObject{{QStringLiteral("command"),
                                 QJsonArray{QStringLiteral("sh"), QStringLiteral("-c"),
                                            QStringLiteral("test ! -e '%1'").arg(flag)}}}}}};
    const QJsonArray routes{QJsonObject{{QStringLiteral("name"), QStringLiteral("health")},
                                        {QStringLiteral("path"), QStringLiteral("/health")}},
                            QJsonObject{{QStringLiteral("name"), QStringLiteral("user")},
                                        {QStringLiteral("path"), QStringLiteral("/users/42")},
                                        {QStringLiteral("hooks"), failWhileFlagged}}};
    const QJsonObject profile{{QStringLiteral("concurrency"), QJsonArray{1}},
                              {QStringLiteral("warmup"), QStringLiteral("100ms")},
                              {QStringLiteral("measure_s"), 0.3},
                              {QStringLiteral("retries"), 1}};
    const QString plan = targetPlan(QStringLiteral("retry"), routes, profile);
    QVERIFY(!plan.isEmpty());
    const QString store = m_dir.filePath(QStringLiteral("retry.sqlite"));
    Launch l = launch({QStringLiteral("run"), plan, QStringLiteral("--store"), store});
    l.timeoutMs = 120'000;
    const Outcome first = run(l);
    QCOMPARE(first.exitCode, 1);
    const QString out = text(first.out);
    const QString runId = out.section(QLatin1Char('\n'), 0, 0).mid(4).trimmed();
    QVERIFY2(!runId.isEmpty(), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("re-measure the 1 cell(s) that ran out of retries with: "
                                         "stackbench resume %1 --store %2 --retry-failed")
                              .arg(runId, store)),
             qPrintable(out));
    QVERIFY2(!out.contains(QStringLiteral("continue with")), qPrintable(out));

    l.args = QStringList{QStringLiteral("resume"), runId, QStringLiteral("--store"), store};
    const Outcome plain = run(l);
    QCOMPARE(plain.exitCode, 2);
    QVERIFY2(text(plain.err).contains(QStringLiteral("already finished")), plain.err.constData());

    QVERIFY(QFile::remove(flag));
    l.args << QStringLiteral("--retry-failed");
    const Outcome retried = run(l);
    QVERIFY2(retried.exitCode == 0, retried.out.constData());

    auto opened = sb::store::RunStore::open(store, sb::store::RunStore::OpenMode::ReadOnly);
    QVERIFY(opened.ok());
    const auto windows = (*opened)->windows(runId);
    QVERIFY(windows.ok());
    QStringList seen;
    for (const sb::store::WindowRecord &w : *windows)
        seen << QStringLiteral("%1#%2:%3")
                    .arg(w.route)
                    .arg(w.attempt)
                    .arg(w.valid ? QStringLiteral("ok") : QStringLiteral("bad"));
    // health once; user twice failed (retries 1), then valid at its third attempt.
    QCOMPARE(seen, (QStringList{QStringLiteral("health#0:ok"), QStringLiteral("user#0:bad"),
                                QStringLiteral("user#1:bad"), QStringLiteral("user#2:ok")}));
    QCOMPARE((*opened)->run(runId)->status, QString(sb::store::kStatusFinished));
    QCOMPARE(*(*opened)->eventCount(runId, QStringLiteral("run-resumed")), 1);
}

// `check` prints the plan's warnings (they do not block it) and the profile it checks.
void TestCli::checkPrintsWarningsAndProfile()
{
    const QJsonArray routes{QJsonObject{{QStringLiteral("name"), QStringLiteral("health")},
                                        {QStringLiteral("path"), QStringLiteral("/health")}}};
    const QJsonObject profile{{QStringLiteral("concurrency"), QJsonArray{1}}};
    const QString plan = targetPlan(
        QStringLiteral("warned"), routes, profile,
        {{QStringLiteral("load"), QJsonObject{{QStringLiteral("threads"), 1},
                                              {QStringLiteral("cpus"), QStringLiteral("0")}}},
         {QStringLiteral("profiles"),
          QJsonObject{{QStringLiteral("smoke"), profile}, {QStringLiteral("full"), profile}}}});
    QVERIFY(!plan.isEmpty());
    // The configuration shares the load engine's CPU 0.
    QFile f(plan);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    QJsonArray configurations = doc.value(QStringLiteral("configurations")).toArray();
    QJsonObject c = configurations[0].toObject();
    c.insert(QStringLiteral("cpus"), QStringLiteral("0"));
    configurations[0] = c;
    doc.insert(QStringLiteral("configurations"), configurations);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(doc).toJson());
    f.close();

    const Outcome o = run(launch({QStringLiteral("check"), QStringLiteral("--no-parity"), plan}));
    QCOMPARE(o.exitCode, 0);
    const QString out = text(o.out);
    QVERIFY2(out.contains(QStringLiteral("  warning: ")) &&
                 out.contains(QStringLiteral("shares CPU 0 with the load engine")),
             qPrintable(out));
    // The first profile of the file (QJsonDocument writes the keys sorted).
    QVERIFY2(out.contains(QStringLiteral("  profile: full")), qPrintable(out));
}

// Every line of `bytes` is one line: no carriage return, escape or other control character
// reaches the terminal (a newline only ends a line).
bool oneLineEach(const QByteArray &bytes)
{
    return std::none_of(bytes.begin(), bytes.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return (u < 0x20 && u != '\n') || u == 0x7f;
    });
}

// A plan whose before_run hook names a program that does not exist (its name holds CR, LF and
// ESC) and whose configuration starts: check says the first on stderr, the second on stdout.
// The defects: check printed its failures on stdout, and the program's name across lines.
void TestCli::checkProblemsOnStderr()
{
    const QJsonArray routes{QJsonObject{{QStringLiteral("name"), QStringLiteral("health")},
                                        {QStringLiteral("path"), QStringLiteral("/health")}}};
    const QJsonObject missing{
        {QStringLiteral("before_run"),
         QJsonArray{
             QJsonObject{{QStringLiteral("command"),
                          QJsonArray{QStringLiteral("no-such\r\nprogram\x1b[2J-sb-test")}}}}}};
    const QString plan = targetPlan(QStringLiteral("problems"), routes,
                                    QJsonObject{{QStringLiteral("concurrency"), QJsonArray{1}}},
                                    {{QStringLiteral("hooks"), missing}});
    QVERIFY(!plan.isEmpty());
    const Outcome o = run(launch({QStringLiteral("check"), plan}));
    QCOMPARE(o.exitCode, 1);
    const QString out = text(o.out);
    const QString err = text(o.err);
    QVERIFY2(out.contains(QStringLiteral("target: ready, 0 parity check(s) passed")),
             qPrintable(out));
    QVERIFY2(!out.contains(QStringLiteral("not found")), qPrintable(out));
    const QStringList errLines = err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(errLines.size(), 1);
    QVERIFY2(errLines[0].startsWith(QStringLiteral("stackbench check: hook ")) &&
                 errLines[0].contains(
                     QStringLiteral("command no-such\\r\\nprogram\\x1b[2J-sb-test: not found")),
             qPrintable(err));
    QVERIFY2(oneLineEach(o.out) && oneLineEach(o.err), o.err.constData());
}

// A run whose route's before_window hook prints CR, LF and ESC and fails, and whose second
// configuration never becomes ready. The defects: the cell without a valid window and the
// configuration not measured were said on stdout only, and the hook's output broke lines.
void TestCli::runFailuresOnStderrOneLine()
{
    const QJsonObject failing{
        {QStringLiteral("before_window"),
         QJsonArray{QJsonObject{
             {QStringLiteral("command"),
              QJsonArray{QStringLiteral("sh"), QStringLiteral("-c"),
                         QStringLiteral("printf 'one\\r\\ntwo\\033[31mred'; exit 3")}}}}}};
    const QJsonArray routes{QJsonObject{{QStringLiteral("name"), QStringLiteral("user")},
                                        {QStringLiteral("path"), QStringLiteral("/users/42")},
                                        {QStringLiteral("hooks"), failing}}};
    const QJsonObject profile{{QStringLiteral("concurrency"), QJsonArray{1}},
                              {QStringLiteral("warmup"), QStringLiteral("100ms")},
                              {QStringLiteral("measure_s"), 0.3},
                              {QStringLiteral("retries"), 0}};
    const QString plan = targetPlan(QStringLiteral("failing"), routes, profile);
    QVERIFY(!plan.isEmpty());
    // A second configuration that exits at once: never ready, so not measured.
    QFile f(plan);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    QJsonArray configurations = doc.value(QStringLiteral("configurations")).toArray();
    configurations.append(QJsonObject{
        {QStringLiteral("name"), QStringLiteral("gone")},
        {QStringLiteral("command"),
         QJsonArray{QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("exit 2")}},
        {QStringLiteral("port"), freePort()},
        {QStringLiteral("ready"), QJsonObject{{QStringLiteral("timeout_s"), 5}}}});
    doc.insert(QStringLiteral("configurations"), configurations);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(doc).toJson());
    f.close();

    Launch l = launch({QStringLiteral("run"), plan, QStringLiteral("--store"),
                       m_dir.filePath(QStringLiteral("failing.sqlite"))});
    l.timeoutMs = 120'000;
    const Outcome o = run(l);
    QCOMPARE(o.exitCode, 1);
    const QString err = text(o.err);
    QVERIFY2(oneLineEach(o.out) && oneLineEach(o.err), o.out.constData());
    const QStringList errLines = err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : errLines)
        QVERIFY2(line.startsWith(QStringLiteral("stackbench run: ")), qPrintable(err));
    const auto has = [&](const QString &start) {
        return std::any_of(errLines.begin(), errLines.end(),
                           [&](const QString &l) { return l.startsWith(start); });
    };
    QVERIFY2(has(QStringLiteral("stackbench run: not measured: gone")), qPrintable(err));
    QVERIFY2(has(QStringLiteral("stackbench run: no valid window: ")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("one\\r\\ntwo\\x1b[31mred")), qPrintable(err));
    QVERIFY2(!text(o.out).contains(QStringLiteral("no valid window")), o.out.constData());
}

void TestCli::readOnlyStore_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<QString>("reason");
    QTest::newRow("read-only file")
        << QStringLiteral("file") << QStringLiteral("the file is read-only");
    QTest::newRow("read-only directory")
        << QStringLiteral("directory") << QStringLiteral("its directory ");
    QTest::newRow("read-only file system")
        << QStringLiteral("mount") << QStringLiteral("the file system is read-only");
}

// A store `run` cannot write: one line that names the store and says why. The defects: "not a
// readable SQLite database" on a read-only file system, "attempt to write a readonly database"
// for a read-only file. As root (who writes any file) the command runs without the capability
// that ignores permissions; the read-only mount needs a mount namespace of its own.
void TestCli::readOnlyStore()
{
    QFETCH(QString, how);
    QFETCH(QString, reason);
    const QString dir = m_dir.filePath(QStringLiteral("ro-") + how);
    QVERIFY(QDir().mkpath(dir));
    const QString store = dir + QStringLiteral("/runs.sqlite");
    {
        auto opened = sb::store::RunStore::open(store);
        QVERIFY(opened.ok());
        QVERIFY((*opened)->createRun(makeRun(QStringLiteral("20260101-000000-ffff"))).ok());
    }
    const QFile::Permissions readOnly = QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther;
    const QFile::Permissions dirReadOnly =
        readOnly | QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther;
    auto restore = qScopeGuard([&] {
        QFile::setPermissions(dir, dirReadOnly | QFile::WriteOwner);
        QFile::setPermissions(store, readOnly | QFile::WriteOwner);
    });
    if (how == QLatin1String("file"))
        QVERIFY(QFile::setPermissions(store, readOnly));
    if (how == QLatin1String("directory"))
        QVERIFY(QFile::setPermissions(dir, dirReadOnly));

    const QJsonArray routes{QJsonObject{{QStringLiteral("name"), QStringLiteral("health")},
                                        {QStringLiteral("path"), QStringLiteral("/health")}}};
    const QString plan = targetPlan(QStringLiteral("ro"), routes,
                                    QJsonObject{{QStringLiteral("concurrency"), QJsonArray{1}}});
    QVERIFY(!plan.isEmpty());
    const QStringList command = {QStringLiteral(STACKBENCH_BIN), QStringLiteral("run"), plan,
                                 QStringLiteral("--store"), store};
    Launch l = launch({});
    QString program;
    if (how == QLatin1String("mount")) {
        program = QStandardPaths::findExecutable(QStringLiteral("unshare"));
        const QString script =
            QStringLiteral("mount --bind \"$1\" \"$1\" && mount -o remount,ro,bind \"$1\" || "
                           "exit 99; shift; exec \"$@\"");
        l.args = QStringList{QStringLiteral("-m"), QStringLiteral("sh"),
                             QStringLiteral("-c"), script,
                             QStringLiteral("sh"), dir} +
                 command;
    } else if (::geteuid() == 0) {
        program = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
        l.args = QStringList{QStringLiteral("--bounding-set=-dac_override,-dac_read_search"),
                             QStringLiteral("--")} +
                 command;
    } else {
        program = command.first();
        l.args = command.mid(1);
    }
    if (program.isEmpty())
        QSKIP("unshare(1) or setpriv(1) is not installed");
    QProcess p;
    p.setProcessEnvironment(l.env);
    p.start(program, l.args);
    QVERIFY(p.waitForFinished(60'000));
    const QByteArray out = p.readAllStandardOutput();
    const QString err = QString::fromUtf8(p.readAllStandardError());
    if (how == QLatin1String("mount") &&
        (p.exitCode() == 99 || err.startsWith(QLatin1String("unshare:"))))
        QSKIP(qPrintable(QStringLiteral("no read-only mount here: ") + err.trimmed()));
    if (program.endsWith(QLatin1String("setpriv")) && err.startsWith(QLatin1String("setpriv:")))
        QSKIP(qPrintable(err.trimmed()));
    QCOMPARE(p.exitCode(), 2);
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY2(
        err.startsWith(
            QStringLiteral("stackbench run: %1: cannot write the run store here: ").arg(store)) &&
            err.contains(reason),
        qPrintable(err));
    QVERIFY2(out.isEmpty(), out.constData());
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
