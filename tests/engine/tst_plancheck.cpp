// The plan check step (run/plancheck.h): which configurations of a run can never both have their
// tree (firstPortClash(), a pure function), and `check` and `run` refusing such a plan before
// anything starts (issue 22, item 8: two configurations on one port with "process": "once"
// passed check, and run blocked the second and suggested a resume that could never succeed);
// check's copy of the lines that say what failed.

#include "core/qterror.h"
#include "run/plancheck.h"
#include "run/runner.h"
#include "runplans.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace sb;

namespace {

plan::Configuration configuration(const QString &name, int port)
{
    plan::Configuration c;
    c.name = name;
    c.port = port;
    c.where = QStringLiteral("plan.json:1:1 at $.configurations[%1]").arg(name);
    return c;
}

// A plan of configurations "name:port" and one profile "p" with the process policy.
plan::Plan planOf(const QStringList &configurations, plan::Profile::Process process)
{
    plan::Plan p;
    for (const QString &c : configurations)
        p.configurations << configuration(c.section(QLatin1Char(':'), 0, 0),
                                          c.section(QLatin1Char(':'), 1).toInt());
    plan::Profile profile;
    profile.name = QStringLiteral("p");
    profile.process = process;
    p.profiles << profile;
    return p;
}

} // namespace

Q_DECLARE_METATYPE(sb::plan::Profile::Process)

class TestPlanCheck : public QObject
{
    Q_OBJECT

private slots:
    void portClash_data()
    {
        using P = plan::Profile::Process;
        QTest::addColumn<QStringList>("configurations"); // "name:port"
        QTest::addColumn<P>("process");
        QTest::addColumn<QStringList>("only");
        QTest::addColumn<QString>("clash"); // "first second port", "" = none
        const QStringList shared{QStringLiteral("a:8080"), QStringLiteral("b:8081"),
                                 QStringLiteral("c:8080")};
        QTest::newRow("once, a port shared")
            << shared << P::Once << QStringList{} << QStringLiteral("a c 8080");
        QTest::newRow("round restarts each tree")
            << shared << P::Round << QStringList{} << QString();
        QTest::newRow("window restarts each tree")
            << shared << P::Window << QStringList{} << QString();
        QTest::newRow("once, the filter leaves one of them")
            << shared << P::Once << QStringList{QStringLiteral("a"), QStringLiteral("b")}
            << QString();
        QTest::newRow("once, the filter keeps both")
            << shared << P::Once << QStringList{QStringLiteral("c"), QStringLiteral("a")}
            << QStringLiteral("a c 8080");
        QTest::newRow("once, every port its own")
            << QStringList{QStringLiteral("a:8080"), QStringLiteral("b:8081")} << P::Once
            << QStringList{} << QString();
        QTest::newRow("once, the first pair in plan order")
            << QStringList{QStringLiteral("a:1"), QStringLiteral("b:2"), QStringLiteral("c:2"),
                           QStringLiteral("d:1")}
            << P::Once << QStringList{} << QStringLiteral("b c 2");
        QTest::newRow("once, no port known")
            << QStringList{QStringLiteral("a:0"), QStringLiteral("b:0")} << P::Once << QStringList{}
            << QString();
    }

    void portClash()
    {
        QFETCH(QStringList, configurations);
        QFETCH(plan::Profile::Process, process);
        QFETCH(QStringList, only);
        QFETCH(QString, clash);
        const plan::Plan p = planOf(configurations, process);
        const std::optional<run::PortClash> found = run::firstPortClash(p, p.profiles[0], only);
        QCOMPARE(found.has_value(), !clash.isEmpty());
        if (!found)
            return;
        QCOMPARE(QStringLiteral("%1 %2 %3").arg(found->first, found->second).arg(found->port),
                 clash);
        QCOMPARE(found->where, p.configuration(found->second)->where);
        for (const QString &named :
             {QStringLiteral("'%1'").arg(found->first), QStringLiteral("'%1'").arg(found->second),
              QStringLiteral("port %1").arg(found->port), QStringLiteral("\"process\": \"once\"")})
            QVERIFY2(found->text.contains(named), qPrintable(found->text));
    }

    // `check` (with or without starting the configurations) and `run` refuse the plan with an
    // error naming both configurations and the port; nothing starts and no store is made.
    void checkAndRunRefuseASharedPort_data()
    {
        QTest::addColumn<QString>("what");
        QTest::newRow("check") << QStringLiteral("check");
        QTest::newRow("check --no-parity") << QStringLiteral("check-no-parity");
        QTest::newRow("run") << QStringLiteral("run");
    }

    void checkAndRunRefuseASharedPort()
    {
        QFETCH(QString, what);
        QVERIFY(m_dir.isValid());
        const sb::test::RunPlans plans(m_dir.path(), m_dir.filePath(QStringLiteral("db.sqlite")));
        QJsonObject a = plans.target(QStringLiteral("a"));
        QJsonObject b = plans.target(QStringLiteral("b"));
        const int port = a.value(QStringLiteral("port")).toInt();
        b.insert(QStringLiteral("port"), port);
        QJsonObject once = sb::test::RunPlans::profile(1, QJsonArray{1});
        once.insert(QStringLiteral("process"), QStringLiteral("once"));
        const QString path = plans.write(
            QStringLiteral("shared-") + what,
            QJsonObject{{QStringLiteral("configurations"), QJsonArray{a, b}},
                        {QStringLiteral("routes"), sb::test::RunPlans::routes(1)},
                        {QStringLiteral("profiles"), QJsonObject{{QStringLiteral("once"), once}}}});
        QVERIFY(!path.isEmpty());
        sb::test::Recorder recorder;
        run::Runner runner(&recorder);
        run::RunOptions options;
        options.planPath = path;
        options.storeLocation = m_dir.filePath(QStringLiteral("none-%1/runs.sqlite").arg(what));
        sb::Error error;
        QStringList report;
        if (what == QStringLiteral("run")) {
            const auto result = runner.run(options);
            QVERIFY(!result.ok());
            error = result.error();
        } else {
            const auto result = runner.check(options, &report, what == QStringLiteral("check"));
            QVERIFY2(!result.ok(), qPrintable(report.join(QLatin1Char('\n'))));
            error = result.error();
        }
        QCOMPARE(sb::qtCode(error), QStringLiteral("run.port-shared"));
        const QString detail = sb::qtDetail(error);
        QVERIFY2(detail.contains(QStringLiteral("'a'")) && detail.contains(QStringLiteral("'b'")) &&
                     detail.contains(QStringLiteral("port %1").arg(port)),
                 qPrintable(detail));
        QVERIFY2(sb::qtWhere(error).contains(QStringLiteral("$.configurations[1]")),
                 qPrintable(sb::qtWhere(error)));
        QVERIFY2(recorder.notes.isEmpty(), qPrintable(recorder.notes.join(QLatin1Char('\n'))));
        QVERIFY(!QFileInfo::exists(QFileInfo(options.storeLocation).path()));
    }

    // `problems` gets a copy of each report line that says what failed, and only those, in
    // report order: a hook program not found (twice, in two moments), not one that is found,
    // nor the profile line (what `stackbench check` prints on stderr).
    void checkCopiesFailedLinesToProblems()
    {
        QVERIFY(m_dir.isValid());
        const sb::test::RunPlans plans(m_dir.path(), m_dir.filePath(QStringLiteral("db.sqlite")));
        auto hook = [](const QString &program) {
            return QJsonObject{{QStringLiteral("command"), QJsonArray{program}}};
        };
        const QString missing = QStringLiteral("no-such-program-sb-plancheck");
        const QJsonObject hooks{
            {QStringLiteral("before_run"), QJsonArray{hook(QStringLiteral("sh")), hook(missing)}},
            {QStringLiteral("after_run"), QJsonArray{hook(missing)}}};
        const QString path = plans.write(
            QStringLiteral("problems"),
            QJsonObject{
                {QStringLiteral("configurations"), QJsonArray{plans.target(QStringLiteral("a"))}},
                {QStringLiteral("routes"), sb::test::RunPlans::routes(1)},
                {QStringLiteral("profiles"),
                 QJsonObject{{QStringLiteral("p"), sb::test::RunPlans::profile(1, QJsonArray{1})}}},
                {QStringLiteral("hooks"), hooks}});
        QVERIFY(!path.isEmpty());
        run::Runner runner;
        run::RunOptions options;
        options.planPath = path;
        QStringList report;
        QStringList problems;
        const sb::Result<bool> passed = runner.check(options, &report, false, &problems);
        QVERIFY2(passed.ok(), passed.ok() ? "" : passed.error().detail.c_str());
        QVERIFY(!*passed);
        const QString joined = report.join(QLatin1Char('\n'));
        QCOMPARE(problems.size(), 2);
        int last = -1;
        for (const QString &p : problems) {
            QVERIFY2(p.contains(missing + QStringLiteral(": not found")), qPrintable(p));
            const int at = int(report.indexOf(p, last + 1));
            QVERIFY2(at > last, qPrintable(joined)); // a line of the report, in its order
            last = at;
        }
        QVERIFY2(std::any_of(report.begin(), report.end(),
                             [](const QString &l) {
                                 return l.contains(QStringLiteral("command sh: ")) &&
                                        l.contains(QStringLiteral("(not run by check)"));
                             }),
                 qPrintable(joined));
    }

    // A run that will take CPU profiles: check says whether perf can take them (a line, never a
    // failure: the run goes on without them); a run that takes none says nothing of perf.
    void checkSaysWhetherPerfCanProfile_data()
    {
        QTest::addColumn<bool>("profiling");
        QTest::addColumn<QByteArray>("perf");  // STACKBENCH_PERF
        QTest::addColumn<QString>("expected"); // in the line; "" = no line
        QTest::newRow("no profiles") << false << QByteArray("/nonexistent/perf") << QString();
        QTest::newRow("perf missing")
            << true << QByteArray("/nonexistent/perf")
            << QStringLiteral("cpu profiles: not taken: STACKBENCH_PERF names /nonexistent/perf");
        QTest::newRow("a perf program")
            << true << QByteArray("/bin/true") << QStringLiteral("cpu profiles: perf /");
    }

    void checkSaysWhetherPerfCanProfile()
    {
        QFETCH(bool, profiling);
        QFETCH(QByteArray, perf);
        QFETCH(QString, expected);
        QVERIFY(m_dir.isValid());
        const QByteArray saved = qgetenv("STACKBENCH_PERF");
        const bool wasSet = qEnvironmentVariableIsSet("STACKBENCH_PERF");
        qputenv("STACKBENCH_PERF", perf);
        const sb::test::RunPlans plans(m_dir.path(), m_dir.filePath(QStringLiteral("db.sqlite")));
        QJsonObject profile = sb::test::RunPlans::profile(1, QJsonArray{1});
        if (profiling)
            profile.insert(QStringLiteral("profile_cpu"), true);
        const QString path = plans.write(
            QStringLiteral("perf-%1").arg(
                QString::fromLatin1(QTest::currentDataTag()).section(QLatin1Char(' '), 0, 0)),
            QJsonObject{
                {QStringLiteral("configurations"), QJsonArray{plans.target(QStringLiteral("a"))}},
                {QStringLiteral("routes"), sb::test::RunPlans::routes(1)},
                {QStringLiteral("profiles"), QJsonObject{{QStringLiteral("p"), profile}}}});
        QVERIFY(!path.isEmpty());
        run::Runner runner;
        run::RunOptions options;
        options.planPath = path;
        QStringList report;
        QStringList problems;
        const sb::Result<bool> passed = runner.check(options, &report, false, &problems);
        if (wasSet)
            qputenv("STACKBENCH_PERF", saved);
        else
            qunsetenv("STACKBENCH_PERF");
        QVERIFY2(passed.ok(), passed.ok() ? "" : passed.error().detail.c_str());
        QVERIFY(*passed); // perf or not, nothing failed
        QVERIFY(problems.isEmpty());
        const QStringList lines = report.filter(QStringLiteral("cpu profiles:"));
        if (expected.isEmpty()) {
            QVERIFY2(lines.isEmpty(), qPrintable(report.join(QLatin1Char('\n'))));
            return;
        }
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].startsWith(expected), qPrintable(lines[0]));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestPlanCheck)
#include "tst_plancheck.moc"
