// Plan variables and placeholders in the runner, against the reference target: ${var:} and
// ${env:} in every part of a request reach the wire (the target checks a bearer JWT, echoes a
// JSON body, looks up a path and a query), variables are made when a run starts and again on
// resume, a variable command that fails blocks the run with its stderr, and `check` reports each
// variable without its value.

#include "core/qterror.h"
#include "plan/variables.h"
#include "run/runner.h"
#include "runplans.h"
#include "store/runstore.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace sb;
using sb::test::fileLines;
using sb::test::resultText;

namespace {

// The reference target's token secret (target/token.h): a public test value.
const QLatin1String kTargetSecret("stackbench-demo-secret");

QJsonObject header(const QString &name, const QString &value)
{
    return QJsonObject{{name, value}};
}

QJsonObject equals(const QString &field, const QJsonValue &value)
{
    return QJsonObject{{QStringLiteral("field"), field}, {QStringLiteral("equals"), value}};
}

QJsonObject command(const QString &script, bool secret = false)
{
    QJsonObject v{{QStringLiteral("command"),
                   QJsonArray{QStringLiteral("/bin/sh"), QStringLiteral("-c"), script}}};
    if (secret)
        v.insert(QStringLiteral("secret"), true);
    return v;
}

} // namespace

class TestRunVariables : public QObject
{
    Q_OBJECT

private:
    sb::test::RunPlans plans() const { return sb::test::RunPlans(m_dir.path(), m_db); }

    QString plan(const QString &name, const QJsonObject &extra)
    {
        return plans().oneTarget(name, extra,
                                 sb::test::RunPlans::profile(1, QJsonArray{1}, 0.3, 0));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("target.sqlite"));
        const QString seeded = sb::test::seedTarget(m_db);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
    }

    // The target answers 200 only to what was filled in: a JWT made by the plan's generator
    // and one from the environment in the Authorization header, a user id in the path, a page
    // size in the query, a name (quotes and all) inside a JSON body; parity checks the answers.
    void placeholdersReachTheWire()
    {
        plan::Variable::Jwt jwt;
        jwt.secret = kTargetSecret;
        jwt.claims = QJsonObject{{QStringLiteral("sub"), QStringLiteral("7")}};
        const sb::Result<QString> envToken = plan::signJwt(jwt, QDateTime::currentSecsSinceEpoch());
        QVERIFY(envToken.ok());
        qputenv("SB_TEST_WIRE_TOKEN", envToken->toUtf8());
        const QJsonObject variables{
            {QStringLiteral("token"),
             QJsonObject{
                 {QStringLiteral("jwt"),
                  QJsonObject{{QStringLiteral("secret"), QString(kTargetSecret)},
                              {QStringLiteral("claims"),
                               QJsonObject{{QStringLiteral("sub"), QStringLiteral("42")}}}}},
                 {QStringLiteral("secret"), true}}},
            {QStringLiteral("uid"), QJsonObject{{QStringLiteral("value"), QStringLiteral("42")}}},
            {QStringLiteral("limit"), command(QStringLiteral("printf ' 3 \\n'"))},
            {QStringLiteral("name"), command(QStringLiteral("printf 'Ada \"the\" $x'"))}};
        const QString bearerVar = QStringLiteral("Bearer ${var:token}");
        const QString bearerEnv = QStringLiteral("Bearer ${env:SB_TEST_WIRE_TOKEN}");
        const QJsonObject echoBody{{QStringLiteral("name"), QStringLiteral("${var:name}")},
                                   {QStringLiteral("email"), QStringLiteral("ada@example.com")},
                                   {QStringLiteral("age"), 36},
                                   {QStringLiteral("tags"), QJsonArray{QStringLiteral("x")}}};
        const QJsonArray routes{
            QJsonObject{
                {QStringLiteral("name"), QStringLiteral("me-var")},
                {QStringLiteral("path"), QStringLiteral("/me")},
                {QStringLiteral("headers"), header(QStringLiteral("Authorization"), bearerVar)}},
            QJsonObject{
                {QStringLiteral("name"), QStringLiteral("me-env")},
                {QStringLiteral("path"), QStringLiteral("/me")},
                {QStringLiteral("headers"), header(QStringLiteral("Authorization"), bearerEnv)}},
            QJsonObject{{QStringLiteral("name"), QStringLiteral("user")},
                        {QStringLiteral("path"), QStringLiteral("/users/${var:uid}")}},
            QJsonObject{{QStringLiteral("name"), QStringLiteral("echo")},
                        {QStringLiteral("method"), QStringLiteral("POST")},
                        {QStringLiteral("path"), QStringLiteral("/echo")},
                        {QStringLiteral("body"), echoBody}}};
        const QJsonArray parity{
            QJsonObject{
                {QStringLiteral("name"), QStringLiteral("me by variable")},
                {QStringLiteral("path"), QStringLiteral("/me")},
                {QStringLiteral("headers"), header(QStringLiteral("Authorization"), bearerVar)},
                {QStringLiteral("json"), QJsonArray{equals(QStringLiteral("id"), 42)}}},
            QJsonObject{
                {QStringLiteral("name"), QStringLiteral("me by environment")},
                {QStringLiteral("path"), QStringLiteral("/me")},
                {QStringLiteral("headers"), header(QStringLiteral("Authorization"), bearerEnv)},
                {QStringLiteral("json"), QJsonArray{equals(QStringLiteral("id"), 7)}}},
            QJsonObject{{QStringLiteral("name"), QStringLiteral("user in the path")},
                        {QStringLiteral("path"), QStringLiteral("/users/${var:uid}")},
                        {QStringLiteral("json"), QJsonArray{equals(QStringLiteral("id"), 42)}}},
            QJsonObject{{QStringLiteral("name"), QStringLiteral("page size in the query")},
                        {QStringLiteral("path"), QStringLiteral("/users?limit=${var:limit}")},
                        {QStringLiteral("json"),
                         QJsonArray{QJsonObject{{QStringLiteral("field"), QStringLiteral("2.id")},
                                                {QStringLiteral("present"), true}},
                                    QJsonObject{{QStringLiteral("field"), QStringLiteral("3.id")},
                                                {QStringLiteral("present"), false}}}}},
            QJsonObject{
                {QStringLiteral("name"), QStringLiteral("name in the body")},
                {QStringLiteral("method"), QStringLiteral("POST")},
                {QStringLiteral("path"), QStringLiteral("/echo")},
                {QStringLiteral("body"), echoBody},
                {QStringLiteral("json"),
                 QJsonArray{equals(QStringLiteral("name"), QStringLiteral("Ada \"the\" $x"))}}}};
        const QString path = plan(QStringLiteral("wire"),
                                  QJsonObject{{QStringLiteral("variables"), variables},
                                              {QStringLiteral("routes"), routes},
                                              {QStringLiteral("parity"), parity},
                                              {QStringLiteral("secret_headers"),
                                               QJsonArray{QStringLiteral("Authorization")}}});
        sb::test::Recorder recorder;
        run::Runner runner(&recorder);
        run::RunOptions options;
        options.planPath = path;
        options.storeLocation = plans().store(QStringLiteral("wire"));
        const auto result = runner.run(options);
        qunsetenv("SB_TEST_WIRE_TOKEN");
        QVERIFY2(result.ok(), qPrintable(resultText(result)));
        QVERIFY2(result->blockedConfigurations.isEmpty(),
                 qPrintable(result->blockedConfigurations.join(QLatin1Char('\n'))));
        QVERIFY2(result->failedCells.isEmpty(),
                 qPrintable(result->failedCells.join(QLatin1Char('\n'))));
        QCOMPARE(result->validWindows, 4);
        // The run says what became of each variable (an event of the run).
        QVERIFY2(recorder.notes.contains(QStringLiteral(
                     "variable: variable token: JWT HS256, expires in 86400 s (secret)")),
                 qPrintable(recorder.notes.join(QLatin1Char('\n'))));
        QVERIFY(recorder.notes.contains(QStringLiteral("variable: variable uid: value")));
    }

    // A variable command that fails blocks the run before anything starts: its exit code and
    // stderr are in the error, which names the variable's place; no store is created.
    void failingCommandBlocksTheRun()
    {
        const QString path =
            plan(QStringLiteral("blocked"),
                 QJsonObject{
                     {QStringLiteral("variables"),
                      QJsonObject{{QStringLiteral("token"),
                                   command(QStringLiteral("echo 'no key file' >&2; exit 3"))}}},
                     {QStringLiteral("routes"),
                      QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("me")},
                                             {QStringLiteral("path"), QStringLiteral("/me")},
                                             {QStringLiteral("headers"),
                                              header(QStringLiteral("Authorization"),
                                                     QStringLiteral("Bearer ${var:token}"))}}}}});
        run::Runner runner;
        run::RunOptions options;
        options.planPath = path;
        options.storeLocation = plans().store(QStringLiteral("blocked"));
        const auto result = runner.run(options);
        QVERIFY(!result.ok());
        QCOMPARE(QString::fromStdString(result.error().code), QStringLiteral("run.variable"));
        const QString text = sb::qtText(result.error());
        QVERIFY2(text.contains(QStringLiteral("blocked.json:")) &&
                     text.contains(QStringLiteral("variable \"token\": command '/bin/sh -c")) &&
                     text.contains(QStringLiteral("exited with code 3: no key file")),
                 qPrintable(text));
        QVERIFY(!QFile::exists(options.storeLocation));
    }

    // The variables are made when the run starts and again when it is resumed.
    void madeAgainOnResume()
    {
        const QString counter = m_dir.filePath(QStringLiteral("made.log"));
        const QString path = plan(
            QStringLiteral("resumed"),
            QJsonObject{
                {QStringLiteral("variables"),
                 QJsonObject{
                     {QStringLiteral("uid"),
                      command(QStringLiteral("echo made >> '%1'; wc -l < '%1'").arg(counter))}}},
                {QStringLiteral("routes"),
                 QJsonArray{
                     QJsonObject{{QStringLiteral("name"), QStringLiteral("user")},
                                 {QStringLiteral("path"), QStringLiteral("/users/${var:uid}")}}}},
                {QStringLiteral("profiles"),
                 QJsonObject{{QStringLiteral("quick"),
                              sb::test::RunPlans::profile(1, QJsonArray{1, 2}, 0.3, 0)}}}});
        const QString store = plans().store(QStringLiteral("resumed"));
        run::RunOptions options;
        options.planPath = path;
        options.storeLocation = store;
        const auto stopped = sb::test::runUntilFirstWindow(options);
        QVERIFY2(stopped.ok(), qPrintable(resultText(stopped)));
        QCOMPARE(stopped->status, QString(store::kStatusInterrupted));
        QCOMPARE(fileLines(counter).size(), 1);
        run::Runner runner;
        run::RunOptions resume;
        resume.resumeRunId = stopped->runId;
        resume.storeLocation = store;
        const auto resumed = runner.run(resume);
        QVERIFY2(resumed.ok(), qPrintable(resultText(resumed)));
        QCOMPARE(resumed->status, QString(store::kStatusFinished));
        QCOMPARE(resumed->validWindows, 2);
        QCOMPARE(fileLines(counter).size(), 2);
    }

    // `check` makes every variable and says what became of each, never with a secret value;
    // one that fails makes the check fail with its reason.
    void checkReportsEachVariable()
    {
        const QByteArray secret = "very-secret-output-9a8b7c";
        const QJsonObject variables{
            {QStringLiteral("plain"), QJsonObject{{QStringLiteral("value"), QStringLiteral("x")}}},
            {QStringLiteral("secretcmd"),
             command(QStringLiteral("printf '%1'").arg(QString::fromLatin1(secret)), true)},
            {QStringLiteral("token"),
             QJsonObject{{QStringLiteral("jwt"),
                          QJsonObject{{QStringLiteral("secret"), QString(kTargetSecret)},
                                      {QStringLiteral("expires_in_s"), 600}}},
                         {QStringLiteral("secret"), true}}},
            {QStringLiteral("zbroken"), command(QStringLiteral("echo \"cannot: %1\" >&2; exit 5")
                                                    .arg(QString::fromLatin1(secret)))}};
        QJsonArray routes = sb::test::RunPlans::routes(1);
        QJsonObject health = routes[0].toObject();
        health.insert(QStringLiteral("headers"),
                      QJsonObject{{QStringLiteral("X-A"),
                                   QStringLiteral("${var:plain}${var:secretcmd}${var:token}${var:"
                                                  "zbroken}")}});
        routes[0] = health;
        const QString path =
            plan(QStringLiteral("check-vars"), QJsonObject{{QStringLiteral("variables"), variables},
                                                           {QStringLiteral("routes"), routes}});
        run::Runner runner;
        run::RunOptions options;
        options.planPath = path;
        QStringList report;
        const sb::Result<bool> checked = runner.check(options, &report, false);
        QVERIFY2(checked.ok(), checked.ok() ? "" : qPrintable(sb::qtText(checked.error())));
        QVERIFY(!*checked);
        const QString text = report.join(QLatin1Char('\n'));
        QVERIFY2(!text.toUtf8().contains(secret), qPrintable(text));
        QCOMPARE(report.value(0), QStringLiteral("profile: quick (the plan's first profile)"));
        // QJsonDocument writes the keys sorted: plain, secretcmd, token, zbroken.
        QCOMPARE(report.value(1), QStringLiteral("variable plain: value"));
        QCOMPARE(report.value(2),
                 QStringLiteral("variable secretcmd: command /bin/sh -c printf '<secret>': %1 "
                                "bytes (secret)")
                     .arg(secret.size()));
        QCOMPARE(report.value(3),
                 QStringLiteral("variable token: JWT HS256, expires in 600 s (secret)"));
        QVERIFY2(report.value(4).startsWith(
                     QStringLiteral("variable zbroken: failed: variable \"zbroken\": command "
                                    "'/bin/sh -c echo \"cannot: <secret>\" >&2; exit 5' exited "
                                    "with code 5: cannot: <secret>")),
                 qPrintable(text));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_GUILESS_MAIN(TestRunVariables)
#include "tst_runvariables.moc"
