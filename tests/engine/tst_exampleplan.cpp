// The real-stack example's plan (resources/examples/postgres): it needs Bun from npm and a
// PostgreSQL cluster, so CI never runs it; what CI does check is that the plan passes
// `stackbench check --no-parity` (which starts nothing), both the template as committed and the
// plan.json that lib/makeplan.py writes from it, that no CPU set overlaps the load engine's, and
// that the tokens makeplan mints are HS256 tokens the apps accept or reject as the parity checks
// expect.

#include "plan/planloader.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageAuthenticationCode>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kExampleDir = QStringLiteral(STACKBENCH_SOURCE_DIR "/resources/examples/postgres");
const QString kTemplate = kExampleDir + QStringLiteral("/plan.template.json");
// Stand-ins for what run.sh exports; the plan refers to them as ${env:...}.
const QString kPassword = QStringLiteral("placeholder-pg-password");
const QString kSecret = QStringLiteral("placeholder-jwt-secret");

struct Outcome
{
    int exitCode = -1; // -1: did not end in time (killed)
    QByteArray out;
    QByteArray err;
};

Outcome runProgram(const QString &program, const QStringList &args)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SB_EXAMPLE_PGPASSWORD"), kPassword);
    env.insert(QStringLiteral("SB_EXAMPLE_JWT_SECRET"), kSecret);
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    Outcome o;
    if (!p.waitForFinished(60'000)) {
        p.kill();
        p.waitForFinished();
        return o;
    }
    o.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    o.out = p.readAllStandardOutput();
    o.err = p.readAllStandardError();
    return o;
}

// makeplan.py's output in `dir`, with the example's app directories linked beside it so that the
// plan's relative working directories resolve as they do in the example itself.
QString makePlan(const QTemporaryDir &dir, int port)
{
    for (const char *sub : {"elysia", "django"}) {
        if (!QFile::link(kExampleDir + QLatin1Char('/') + QLatin1String(sub),
                         dir.filePath(QLatin1String(sub))))
            return QString();
    }
    const QString out = dir.filePath(QStringLiteral("plan.json"));
    const Outcome o =
        runProgram(QStringLiteral("/usr/bin/python3"),
                   {kExampleDir + QStringLiteral("/lib/makeplan.py"), QStringLiteral("--port"),
                    QString::number(port), QStringLiteral("--out"), out});
    if (o.exitCode != 0) {
        qWarning("makeplan.py: exit %d: %s", o.exitCode, o.err.constData());
        return QString();
    }
    return out;
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The header value of the first parity check named `name`.
QString parityHeader(const QJsonObject &plan, const QString &name, const QString &header)
{
    for (const QJsonValue &v : plan.value(QStringLiteral("parity")).toArray()) {
        const QJsonObject check = v.toObject();
        if (check.value(QStringLiteral("name")).toString() == name)
            return check.value(QStringLiteral("headers")).toObject().value(header).toString();
    }
    return QString();
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
    void checkPassesWithoutStartingAnything_data();
    void checkPassesWithoutStartingAnything();
    void noCpuSetOverlapsTheLoadEngine();
    void makePlanFillsPortAndTokens();
};

void TestExamplePlan::checkPassesWithoutStartingAnything_data()
{
    QTest::addColumn<bool>("generated");
    QTest::newRow("template as committed") << false;
    QTest::newRow("plan.json written by makeplan.py") << true;
}

void TestExamplePlan::checkPassesWithoutStartingAnything()
{
    QFETCH(bool, generated);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString plan = generated ? makePlan(dir, 15999) : kTemplate;
    QVERIFY(!plan.isEmpty());
    const Outcome o = runProgram(QStringLiteral(STACKBENCH_BIN),
                                 {QStringLiteral("check"), QStringLiteral("--no-parity"), plan});
    QVERIFY2(o.out.contains("valid (3 configurations, 7 routes, 42 parity checks)"),
             o.out.constData());
    // check reaches the plan's database even with --no-parity; without the example's cluster
    // (CI) that fails it, and the plan itself must still be valid.
    if (o.exitCode != 0)
        QVERIFY2(o.exitCode == 1 && o.out.contains("database: cannot connect"),
                 (o.out + o.err).constData());
}

// The CPU lanes README.md explains: every server on CPU 0, the load engine on CPU 1.
void TestExamplePlan::noCpuSetOverlapsTheLoadEngine()
{
    qputenv("SB_EXAMPLE_PGPASSWORD", kPassword.toUtf8());
    qputenv("SB_EXAMPLE_JWT_SECRET", kSecret.toUtf8());
    const sb::plan::PlanLoad load = sb::plan::loadPlan(kTemplate);
    QVERIFY2(load.ok(), qPrintable(load.errorText()));
    QVERIFY2(load.warnings.isEmpty(),
             qPrintable(load.warnings.isEmpty() ? QString() : load.warnings.first().toString()));
    QCOMPARE(load.plan->load.cpus, std::vector<int>{1});
    for (const sb::plan::Configuration &c : load.plan->configurations) {
        QCOMPARE(c.cpus, std::vector<int>{0});
        QVERIFY(c.isSecret(QStringLiteral("PGPASSWORD")));
        QVERIFY(c.isSecret(QStringLiteral("JWT_SECRET")));
    }
    QVERIFY(load.plan->sampler.exclude.contains(QStringLiteral("postgres")));
}

void TestExamplePlan::makePlanFillsPortAndTokens()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = makePlan(dir, 15777);
    QVERIFY(!path.isEmpty());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY2(!f.readAll().contains("<token:"), "a token placeholder was left in plan.json");
    const QJsonObject plan = readJson(path);
    QCOMPARE(
        plan.value(QStringLiteral("database")).toObject().value(QStringLiteral("port")).toInt(),
        15777);
    for (const QJsonValue &c : plan.value(QStringLiteral("configurations")).toArray())
        QCOMPARE(c.toObject()
                     .value(QStringLiteral("env"))
                     .toObject()
                     .value(QStringLiteral("PGPORT"))
                     .toString(),
                 QStringLiteral("15777"));

    const qint64 now = QDateTime::currentSecsSinceEpoch();
    const QString auth = QStringLiteral("Authorization");
    const QJsonObject valid =
        verifiedPayload(parityHeader(plan, QStringLiteral("me happy path"), auth), kSecret);
    QCOMPARE(valid.value(QStringLiteral("sub")).toString(), QStringLiteral("4242"));
    QVERIFY(valid.value(QStringLiteral("exp")).toDouble() > now);
    const QJsonObject expired =
        verifiedPayload(parityHeader(plan, QStringLiteral("me expired token"), auth), kSecret);
    QCOMPARE(expired.value(QStringLiteral("sub")).toString(), QStringLiteral("4242"));
    QVERIFY(expired.value(QStringLiteral("exp")).toDouble() < now);
    const QJsonObject missing = verifiedPayload(
        parityHeader(plan, QStringLiteral("me token of a missing user"), auth), kSecret);
    QCOMPARE(missing.value(QStringLiteral("sub")).toString(), QStringLiteral("999999999"));
    const QString badSignature = parityHeader(plan, QStringLiteral("me bad signature"), auth);
    QVERIFY(badSignature.startsWith(QLatin1String("Bearer ")));
    QVERIFY(verifiedPayload(badSignature, kSecret).isEmpty());

    // The measured /me route carries the same valid token as the parity check.
    for (const QJsonValue &r : plan.value(QStringLiteral("routes")).toArray()) {
        const QJsonObject route = r.toObject();
        if (route.value(QStringLiteral("name")).toString() == QLatin1String("me"))
            QCOMPARE(route.value(QStringLiteral("headers")).toObject().value(auth).toString(),
                     parityHeader(plan, QStringLiteral("me happy path"), auth));
    }
}

QTEST_GUILESS_MAIN(TestExamplePlan)
#include "tst_exampleplan.moc"
