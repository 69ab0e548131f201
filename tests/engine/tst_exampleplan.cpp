// The real-stack example's plan (resources/examples/postgres): it needs Bun from npm and a
// PostgreSQL cluster, so CI never runs it; what CI does check is that plan.json as committed
// passes `stackbench check --no-parity` (which starts no server), that no CPU set overlaps the
// load engine's, that the database port comes from the environment run.sh sets, and that the
// tokens its variables make (Stackbench's JWT generator, lib/mktoken.py for the expired one)
// are HS256 tokens the apps accept or reject as the parity checks expect.

#include "plan/planloader.h"
#include "plan/variables.h"
#include "programrun.h"
#include "run/runvariables.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageAuthenticationCode>
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
    // (CI) that fails it, and the plan itself must still be valid.
    if (o.exitCode != 0)
        QVERIFY2(o.exitCode == 1 && o.out.contains("database: cannot connect"),
                 (o.out + o.err).constData());
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

QTEST_GUILESS_MAIN(TestExamplePlan)
#include "tst_exampleplan.moc"
