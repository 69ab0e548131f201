// The real-stack example's plan (resources/examples/postgres): it needs Bun from npm and a
// PostgreSQL cluster, so CI never runs it; what CI does check is that plan.json as committed
// passes `stackbench check --no-parity` (which starts no server), that no CPU set overlaps the
// load engine's, that the database port comes from the environment run.sh sets, and that the
// tokens its variables make (Stackbench's JWT generator, lib/mktoken.py for the expired one)
// are HS256 tokens the apps accept or reject as the parity checks expect; that check shows the
// hooks' SQL cut outside its string literals, and that run.sh, started from the checkout's root
// as the README shows, writes its report and environment record beside the store, not there.

#include "plan/planloader.h"
#include "plan/variables.h"
#include "programrun.h"
#include "run/runvariables.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageAuthenticationCode>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kExampleDir = QStringLiteral(STACKBENCH_SOURCE_DIR "/resources/examples/postgres");
const QString kPlan = kExampleDir + QStringLiteral("/plan.json");
// Stand-ins for what run.sh exports; the plan refers to them as ${env:...}.
const QString kPort = QStringLiteral("15999");
const QString kPassword = QStringLiteral("placeholder-pg-password");
const QString kSecret = QStringLiteral("placeholder-jwt-secret");

void setExampleEnvironment()
{
    qputenv("SB_EXAMPLE_PGPORT", kPort.toUtf8());
    qputenv("SB_EXAMPLE_PGPASSWORD", kPassword.toUtf8());
    qputenv("SB_EXAMPLE_JWT_SECRET", kSecret.toUtf8());
}

using sb::test::Outcome;

Outcome runProgram(const QString &program, const QStringList &args)
{
    setExampleEnvironment();
    return sb::test::runProgram(program, args);
}

// The payload of an HS256 token when its signature is valid for `secret`, else an empty object.
QJsonObject verifiedPayload(const QString &bearer, const QString &secret)
{
    if (!bearer.startsWith(QLatin1String("Bearer ")))
        return {};
    const QStringList parts = bearer.mid(7).split(QLatin1Char('.'));
    if (parts.size() != 3)
        return {};
    const auto opts = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;
    const QByteArray signature =
        QMessageAuthenticationCode::hash((parts[0] + QLatin1Char('.') + parts[1]).toLatin1(),
                                         secret.toUtf8(), QCryptographicHash::Sha256);
    if (signature.toBase64(opts) != parts[2].toLatin1())
        return {};
    const QJsonObject header =
        QJsonDocument::fromJson(QByteArray::fromBase64(parts[0].toLatin1(), opts)).object();
    if (header.value(QStringLiteral("alg")).toString() != QLatin1String("HS256"))
        return {};
    return QJsonDocument::fromJson(QByteArray::fromBase64(parts[1].toLatin1(), opts)).object();
}

} // namespace

class TestExamplePlan : public QObject
{
    Q_OBJECT

private slots:
    void checkPassesWithoutStartingAnything();
    void noCpuSetOverlapsTheLoadEngine();
    void tokensAreWhatTheAppsExpect();
    void reportGoesBesideTheStore_data();
    void reportGoesBesideTheStore();
    void bunSqlPlanSaysSeed004sProtocol();
};

void TestExamplePlan::checkPassesWithoutStartingAnything()
{
    const Outcome o = runProgram(QStringLiteral(STACKBENCH_BIN),
                                 {QStringLiteral("check"), QStringLiteral("--no-parity"), kPlan});
    QVERIFY2(o.out.contains("valid (3 configurations, 7 routes, 42 parity checks)"),
             o.out.constData());
    // check makes the variables (the expired token's command among them) and never prints one.
    QVERIFY2(!o.out.contains("eyJ") && !o.err.contains("eyJ"), (o.out + o.err).constData());
    // check reaches the plan's database even with --no-parity; without the example's cluster
    // (CI) that fails it, said on stderr, and the plan itself must still be valid.
    if (o.exitCode != 0)
        QVERIFY2(o.exitCode == 1 && o.err.contains("stackbench check: database: cannot connect"),
                 (o.out + o.err).constData());
    // The defect: the hooks' SQL was cut inside a string literal ("SELECT
    // setval(pg_get_serial_sequence('o..."), so the quote ran on into check's own words. Each
    // hook line shows its statement with its quotes closed.
    int hookLines = 0;
    for (const QByteArray &line : (o.out + o.err).split('\n')) {
        const qsizetype at = line.indexOf("hook ");
        const qsizetype verdict = line.indexOf(": not judged");
        if (at < 0 || verdict < 0 || !line.contains("orders"))
            continue;
        ++hookLines;
        const QByteArray statement =
            line.mid(at, verdict - at).split(' ').mid(2).join(' '); // after "hook LABEL "
        QVERIFY2(statement.count('\'') % 2 == 0, line.constData());
    }
    QVERIFY2(hookLines >= 3, (o.out + o.err).constData()); // after_run's, route and config hooks
}

// The CPU lanes README.md explains: every server on CPU 0, the load engine on CPU 1.
void TestExamplePlan::noCpuSetOverlapsTheLoadEngine()
{
    setExampleEnvironment();
    const sb::plan::PlanLoad load = sb::plan::loadPlan(kPlan);
    QVERIFY2(load.ok(), qPrintable(load.errorText()));
    QVERIFY2(load.warnings.isEmpty(),
             qPrintable(load.warnings.isEmpty() ? QString() : load.warnings.first().toString()));
    QCOMPARE(load.plan->load.cpus, std::vector<int>{1});
    for (const sb::plan::Configuration &c : load.plan->configurations) {
        QCOMPARE(c.cpus, std::vector<int>{0});
        QVERIFY(c.isSecret(QStringLiteral("PGPASSWORD")));
        QVERIFY(c.isSecret(QStringLiteral("JWT_SECRET")));
        QCOMPARE(c.env.value(QStringLiteral("PGPORT")), kPort);
    }
    QCOMPARE(load.plan->database->port, kPort.toInt());
    QVERIFY(load.plan->sampler.exclude.contains(QStringLiteral("postgres")));
}

// The four tokens as a run makes them: every variable computed and put into the requests, each
// token checked against the key the apps get as JWT_SECRET.
void TestExamplePlan::tokensAreWhatTheAppsExpect()
{
    setExampleEnvironment();
    const sb::plan::PlanLoad load = sb::plan::loadPlan(kPlan);
    QVERIFY2(load.ok(), qPrintable(load.errorText()));
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    const sb::run::VariableRun made = sb::run::computeVariables(*load.plan, now);
    QVERIFY2(!made.error, made.error ? made.error->toString().c_str() : "");
    QCOMPARE(made.outcomes.size(), 4);
    for (const sb::run::VariableOutcome &o : made.outcomes)
        QVERIFY2(o.ok, qPrintable(o.name + QStringLiteral(": ") + o.detail));
    const sb::plan::Plan plan = sb::plan::withVariables(*load.plan, made.values);
    auto parityHeader = [&](const char *name) {
        for (const sb::plan::ParityCheck &check : plan.parity)
            if (check.name == QLatin1String(name))
                return check.header(QStringLiteral("Authorization"));
        return QString();
    };

    const QJsonObject valid = verifiedPayload(parityHeader("me happy path"), kSecret);
    QCOMPARE(valid.value(QStringLiteral("sub")).toString(), QStringLiteral("4242"));
    QVERIFY(valid.value(QStringLiteral("exp")).toDouble() > now);
    const QJsonObject expired = verifiedPayload(parityHeader("me expired token"), kSecret);
    QCOMPARE(expired.value(QStringLiteral("sub")).toString(), QStringLiteral("4242"));
    QVERIFY(expired.value(QStringLiteral("exp")).toDouble() < now);
    const QJsonObject missing =
        verifiedPayload(parityHeader("me token of a missing user"), kSecret);
    QCOMPARE(missing.value(QStringLiteral("sub")).toString(), QStringLiteral("999999999"));
    QVERIFY(missing.value(QStringLiteral("exp")).toDouble() > now);
    const QString badSignature = parityHeader("me bad signature");
    QVERIFY(badSignature.startsWith(QLatin1String("Bearer ey")));
    QVERIFY(verifiedPayload(badSignature, kSecret).isEmpty());

    // The measured /me route carries the same valid token, and the header is secret everywhere.
    const sb::plan::Route *me = plan.route(QStringLiteral("me"));
    QVERIFY(me);
    QCOMPARE(me->header(QStringLiteral("Authorization")), parityHeader("me happy path"));
    QVERIFY(me->isSecretHeader(QStringLiteral("authorization")));
    for (const sb::plan::Variable &v : plan.variables)
        QVERIFY2(v.secret, qPrintable(v.name));
}

void TestExamplePlan::reportGoesBesideTheStore_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("reportDir"); // relative to the test's temporary home
    QTest::newRow("default store") << QStringList{} << QStringLiteral("data/stackbench");
    QTest::newRow("--store FILE") << QStringList{QStringLiteral("--store"),
                                                 QStringLiteral("@/stores/runs.sqlite")}
                                  << QStringLiteral("stores");
    QTest::newRow("--out DIR") << QStringList{QStringLiteral("--out"), QStringLiteral("@/out")}
                               << QStringLiteral("out");
    QTest::newRow("--store URL") << QStringList{QStringLiteral("--store"),
                                                QStringLiteral("postgresql://u@127.0.0.1/db")}
                                 << QStringLiteral("data/stackbench");
}

// The defect: run.sh, started from the checkout's root as the README shows, wrote
// report-quick.md and its environment record into the checkout. `run.sh where` says where they
// go with the same options, without doing anything.
void TestExamplePlan::reportGoesBesideTheStore()
{
    QFETCH(QStringList, options);
    QFETCH(QString, reportDir);
    QTemporaryDir home;
    QVERIFY(home.isValid());
    for (QString &o : options)
        o.replace(QLatin1Char('@'), home.path());
    const Outcome o = sb::test::runProgram(
        QStringLiteral("bash"),
        QStringList{kExampleDir + QStringLiteral("/run.sh"), QStringLiteral("where")} + options,
        60'000, [&](QProcess &p) {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("HOME"), home.path());
            env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
            p.setProcessEnvironment(env);
            p.setWorkingDirectory(QStringLiteral(STACKBENCH_SOURCE_DIR));
        });
    QVERIFY2(o.exitCode == 0, (o.out + o.err).constData());
    const QString out = QString::fromUtf8(o.out);
    const QString dir = home.filePath(reportDir);
    QVERIFY2(out.contains(QStringLiteral("\nreport: %1/report-quick.md\n").arg(dir)),
             qPrintable(out));
    QVERIFY2(
        out.contains(
            QStringLiteral("\nenvironment record: %1/report-quick.environment.json\n").arg(dir)),
        qPrintable(out));
    QVERIFY2(!out.contains(QStringLiteral(STACKBENCH_SOURCE_DIR "/report")), qPrintable(out));
}

// Seed 004's example (resources/examples/bun-sql): its protocol is plan keys, not run.sh code.
void TestExamplePlan::bunSqlPlanSaysSeed004sProtocol()
{
    setExampleEnvironment();
    using sb::plan::Profile;
    const sb::plan::PlanLoad load = sb::plan::loadPlan(
        QStringLiteral(STACKBENCH_SOURCE_DIR "/resources/examples/bun-sql/plan.json"));
    QVERIFY2(load.ok(), qPrintable(load.errorText()));
    QVERIFY2(load.warnings.isEmpty(),
             qPrintable(load.warnings.isEmpty() ? QString() : load.warnings.first().toString()));
    const sb::plan::Plan &plan = *load.plan;
    QCOMPARE(plan.configurations.size(), 2);
    for (const sb::plan::Configuration &c : plan.configurations) {
        QCOMPARE(c.cpus, std::vector<int>{0});
        QVERIFY(c.isSecret(QStringLiteral("PGPASSWORD")));
        QCOMPARE(c.env.value(QStringLiteral("NODE_ENV")), QStringLiteral("production"));
    }
    QCOMPARE(plan.load.cpus, std::vector<int>{1});
    QCOMPARE(plan.load.timeoutMs, qint64(10000));
    QVERIFY(plan.sampler.exclude.contains(QStringLiteral("postgres")));
    QCOMPARE(plan.routes.size(), 4);
    QVERIFY(!plan.hooks.beforeWindow.isEmpty()); // the reset of every trial
    const Profile *full = plan.profile(QStringLiteral("full"));
    QVERIFY(full);
    QCOMPARE(full->rounds, 5);
    QCOMPARE(full->concurrency, (QList<int>{1, 10, 50, 100}));
    QCOMPARE(full->warmup.kind, sb::plan::Warmup::Kind::Requests);
    QCOMPARE(full->warmup.requests, qint64(1000));
    QCOMPARE(full->settleMs, qint64(5000));
    QCOMPARE(full->measureMs, qint64(30000));
    QCOMPARE(full->cooldownMs, qint64(15000));
    QCOMPARE(full->order, Profile::Order::Pairs);
    QCOMPARE(full->process, Profile::Process::Window);
    const Profile *aa = plan.profile(QStringLiteral("aa"));
    QVERIFY(aa);
    QCOMPARE(aa->kind, Profile::Kind::AA);
    QVERIFY(plan.profile(QStringLiteral("open"))->rateRps > 0);
    QVERIFY(plan.profile(QStringLiteral("open-near"))->rateRps >
            plan.profile(QStringLiteral("open"))->rateRps);
}

QTEST_GUILESS_MAIN(TestExamplePlan)
#include "tst_exampleplan.moc"
