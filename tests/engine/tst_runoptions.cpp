// What a run is told and what it records, against the reference target: the profile run and
// check use (the plan's default_profile, else its first; both say which), version probes with a
// "match" pattern, the caller's ${NAME} placeholders kept for resume, and --var on the command
// line.

#include "core/qterror.h"
#include "run/runner.h"
#include "runplans.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace sb;
using sb::test::resultText;

namespace {

struct Output
{
    int exitCode = -1;
    QString text; // stdout and stderr
};

Output stackbench(const QStringList &args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral(STACKBENCH_BIN), args);
    if (!p.waitForFinished(120'000)) {
        p.kill();
        p.waitForFinished();
    }
    return {p.exitCode(), QString::fromUtf8(p.readAll())};
}

} // namespace

class TestRunOptions : public QObject
{
    Q_OBJECT

private:
    sb::test::RunPlans plans() const { return sb::test::RunPlans(m_dir.path(), m_db); }

    QJsonObject quick() const { return sb::test::RunPlans::profile(1, QJsonArray{1}, 0.3, 0); }

    // A plan whose route is GET /users/${uid}: it needs the caller's "uid".
    QString placeholderPlan(const QString &name)
    {
        return plans().oneTarget(
            name,
            QJsonObject{{QStringLiteral("routes"),
                         QJsonArray{QJsonObject{
                             {QStringLiteral("name"), QStringLiteral("user")},
                             {QStringLiteral("path"), QStringLiteral("/users/${uid}")}}}}},
            sb::test::RunPlans::profile(1, QJsonArray{1, 2}, 0.3, 0));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("target.sqlite"));
        const QString seeded = sb::test::seedTarget(m_db);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
    }

    // run and check take the same profile and say how they chose it.
    void defaultProfile_data()
    {
        QTest::addColumn<QString>("defaultProfile"); // the plan's default_profile, "" = none
        QTest::addColumn<QString>("named");          // --profile, "" = none
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("choice");
        QTest::newRow("default_profile") << "slow"
                                         << ""
                                         << "slow"
                                         << "the plan's default_profile";
        QTest::newRow("first") << ""
                               << ""
                               << "fast"
                               << "the plan's first profile";
        QTest::newRow("named") << "slow"
                               << "fast"
                               << "fast"
                               << "";
    }

    void defaultProfile()
    {
        QFETCH(QString, defaultProfile);
        QFETCH(QString, named);
        QFETCH(QString, profile);
        QFETCH(QString, choice);
        // QJsonDocument writes the keys sorted: "fast" is the file's first profile.
        QJsonObject extra{
            {QStringLiteral("profiles"),
             QJsonObject{{QStringLiteral("fast"), quick()}, {QStringLiteral("slow"), quick()}}}};
        if (!defaultProfile.isEmpty())
            extra.insert(QStringLiteral("default_profile"), defaultProfile);
        const QString tag = QString::fromLatin1(QTest::currentDataTag());
        const QString path = plans().oneTarget(QStringLiteral("profile-") + tag, extra, quick());
        run::RunOptions options;
        options.planPath = path;
        options.profile = named;
        options.storeLocation = plans().store(QStringLiteral("profile-") + tag);
        QStringList report;
        const sb::Result<bool> checked = run::Runner().check(options, &report, false);
        QVERIFY(checked.ok() && *checked);
        QCOMPARE(report.value(0), choice.isEmpty()
                                      ? QStringLiteral("profile: ") + profile
                                      : QStringLiteral("profile: %1 (%2)").arg(profile, choice));
        sb::test::Recorder recorder;
        const auto result = run::Runner(&recorder).run(options);
        QVERIFY2(result.ok(), qPrintable(resultText(result)));
        QCOMPARE(recorder.started.size(), 1);
        QCOMPARE(recorder.started[0].profile, profile);
        QCOMPARE(recorder.started[0].profileChoice, choice);
        if (!named.isEmpty())
            return;
        // The command line says it too.
        const Output run = stackbench(
            {QStringLiteral("run"), path, QStringLiteral("--store"), options.storeLocation});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(
            run.text.contains(QStringLiteral("profile %1 (%2), 1 windows").arg(profile, choice)),
            qPrintable(run.text));
        const Output check =
            stackbench({QStringLiteral("check"), QStringLiteral("--no-parity"), path});
        QCOMPARE(check.exitCode, 0);
        QVERIFY2(check.text.contains(QStringLiteral("  profile: %1 (%2)\n").arg(profile, choice)),
                 qPrintable(check.text));
    }

    // A probe's "match" records its first capture group; a probe that does not match records
    // why and warns, naming the probe.
    void versionProbes()
    {
        QJsonObject a = plans().target(QStringLiteral("a"));
        auto echo = [](const char *text) {
            return QJsonArray{QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                              QStringLiteral("echo '%1'").arg(QLatin1String(text))};
        };
        a.insert(QStringLiteral("versions"),
                 QJsonObject{
                     {QStringLiteral("gunicorn"),
                      QJsonObject{{QStringLiteral("command"), echo("__main__.py (version 20.1.0)")},
                                  {QStringLiteral("match"), QStringLiteral("version ([0-9.]+)")}}},
                     {QStringLiteral("plain"), echo("  1.2.3  ")},
                     {QStringLiteral("odd"),
                      QJsonObject{{QStringLiteral("command"), echo("no digits here")},
                                  {QStringLiteral("match"), QStringLiteral("v([0-9]+)")}}}});
        const QString path = plans().oneTarget(
            QStringLiteral("versions"),
            QJsonObject{{QStringLiteral("configurations"), QJsonArray{a}}}, quick());
        sb::test::Recorder recorder;
        run::RunOptions options;
        options.planPath = path;
        options.storeLocation = plans().store(QStringLiteral("versions"));
        const auto result = run::Runner(&recorder).run(options);
        QVERIFY2(result.ok(), qPrintable(resultText(result)));
        auto s = store::RunStore::open(options.storeLocation);
        QVERIFY(s.ok());
        auto configs = (*s)->configurations(result->runId);
        QVERIFY(configs.ok() && configs->size() == 1);
        const QJsonObject versions =
            configs->first().info.value(QStringLiteral("versions")).toObject();
        QCOMPARE(versions.value(QStringLiteral("gunicorn")).toString(), QStringLiteral("20.1.0"));
        QCOMPARE(versions.value(QStringLiteral("plain")).toString(), QStringLiteral("1.2.3"));
        QCOMPARE(versions.value(QStringLiteral("odd")).toString(),
                 QStringLiteral("error: the output does not match \"v([0-9]+)\""));
        QVERIFY2(recorder.notes.contains(
                     QStringLiteral("warning: version probe 'odd' (/bin/sh -c echo 'no digits "
                                    "here'): its output does not match \"v([0-9]+)\": \"no "
                                    "digits here\"")),
                 qPrintable(recorder.notes.join(QLatin1Char('\n'))));
        // check says what each probe records, and that it started no configuration.
        QStringList report;
        const sb::Result<bool> checked = run::Runner().check(options, &report, false);
        QVERIFY(checked.ok() && *checked);
        const QStringList expected{
            QStringLiteral("profile: quick (the plan's first profile)"),
            QStringLiteral("a protocol: HTTP/1.1"),
            QStringLiteral("a version gunicorn: 20.1.0"),
            QStringLiteral("a version odd: error: the output does not match \"v([0-9]+)\""),
            QStringLiteral("a version plain: 1.2.3"),
            QStringLiteral("configurations: not started, so their readiness, parity and "
                           "before_/after_configuration hooks are not checked")};
        QCOMPARE(report, expected);
    }

    // The caller's ${NAME} placeholders (as `stackbench demo` gives ${demo_dir}) are stored with
    // the run: resume fills the plan the same way without being given them again.
    void placeholdersKeptForResume()
    {
        const QString path = placeholderPlan(QStringLiteral("kept"));
        run::RunOptions options;
        options.planPath = path;
        options.storeLocation = plans().store(QStringLiteral("kept"));
        options.variables.insert(QStringLiteral("uid"), QStringLiteral("42"));
        const auto stopped = sb::test::runUntilFirstWindow(options);
        QVERIFY2(stopped.ok(), qPrintable(resultText(stopped)));
        QCOMPARE(stopped->status, QString(store::kStatusInterrupted));
        run::RunOptions resume;
        resume.resumeRunId = stopped->runId;
        resume.storeLocation = options.storeLocation;
        const auto resumed = run::Runner().run(resume);
        QVERIFY2(resumed.ok(), qPrintable(resultText(resumed)));
        QCOMPARE(resumed->status, QString(store::kStatusFinished));
        QCOMPARE(resumed->validWindows, 2);
        auto s = store::RunStore::open(options.storeLocation);
        QVERIFY(s.ok());
        auto record = (*s)->run(stopped->runId);
        QVERIFY(record.ok());
        QCOMPARE(record->environment.value(QStringLiteral("placeholders")).toObject(),
                 (QJsonObject{{QStringLiteral("uid"), QStringLiteral("42")}}));
    }

    // --var NAME=VALUE gives a placeholder on the command line, for check and run; what it
    // cannot be is a usage error naming the option.
    void varOption_data()
    {
        QTest::addColumn<QStringList>("vars");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("given") << QStringList{QStringLiteral("uid=42")} << 0 << "";
        QTest::newRow("missing") << QStringList{} << 2 << "unknown placeholder \"${uid}\"";
        QTest::newRow("no value") << QStringList{QStringLiteral("uid")} << 2
                                  << "--var: expects NAME=VALUE";
        QTest::newRow("bad name") << QStringList{QStringLiteral("u-id=1")} << 2
                                  << "--var: expects NAME=VALUE";
        QTest::newRow("port") << QStringList{QStringLiteral("uid=42"), QStringLiteral("port=1")}
                              << 2 << "--var: ${port} is each configuration's own port";
        QTest::newRow("twice") << QStringList{QStringLiteral("uid=1"), QStringLiteral("uid=2")} << 2
                               << "--var: uid is given twice";
    }

    void varOption()
    {
        QFETCH(QStringList, vars);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const QString path = placeholderPlan(QStringLiteral("cli-var"));
        QStringList args{QStringLiteral("check"), QStringLiteral("--no-parity"), path};
        for (const QString &v : vars)
            args << QStringLiteral("--var") << v;
        const Output check = stackbench(args);
        QCOMPARE(check.exitCode, exitCode);
        QVERIFY2(check.text.contains(message), qPrintable(check.text));
        if (exitCode != 0)
            return;
        const QString store = plans().store(QStringLiteral("cli-var"));
        args[0] = QStringLiteral("run");
        args.removeAll(QStringLiteral("--no-parity"));
        const Output run = stackbench(args + QStringList{QStringLiteral("--store"), store});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.text.contains(QStringLiteral(" finished: 2 valid windows")),
                 qPrintable(run.text));
    }

    // The help of run, resume and check shows --var.
    void varOptionHelp_data()
    {
        QTest::addColumn<QString>("command");
        QTest::newRow("run") << "run";
        QTest::newRow("resume") << "resume";
        QTest::newRow("check") << "check";
    }

    void varOptionHelp()
    {
        QFETCH(QString, command);
        const Output help = stackbench({command, QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.text.contains(QStringLiteral("--var <NAME=VALUE>")), qPrintable(help.text));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_GUILESS_MAIN(TestRunOptions)
#include "tst_runoptions.moc"
