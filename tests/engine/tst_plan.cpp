#include "core/limits.h"
#include "core/qterror.h"
#include "plan/jsonparser.h"
#include "plan/plan.h"
#include "plan/planloader.h"
#include "tst_planslots.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <sys/stat.h>

using namespace sb::plan;

namespace {

QString plansDir()
{
    return QStringLiteral(STACKBENCH_TEST_DATA "/plans");
}
QString validPlan(const char *name)
{
    return plansDir() + QStringLiteral("/valid/") + QLatin1String(name);
}
QString brokenPlan(const QString &name)
{
    return plansDir() + QStringLiteral("/broken/") + name;
}

QStringList messages(const PlanLoad &load)
{
    QStringList out;
    for (const Diagnostic &d : load.diagnostics)
        out.append(d.toString());
    return out;
}

const char kUser[] = "benchuser";
const char kToken[] = "tok-S3cr3t-value";

// A valid plan held in memory with `extra` (top-level members, written after the others) and the
// given configuration, route and profile objects; the line of each part is fixed: line 2 the
// configuration, line 3 the route, line 4 the profile, line 5 `extra`.
QByteArray
memPlan(const QByteArray &extra,
        const QByteArray &configuration = "{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}",
        const QByteArray &route = "{\"name\": \"r\", \"path\": \"/\"}",
        const QByteArray &profile = "{\"concurrency\": [1]}")
{
    return "{\"format\": 1, \"name\": \"mem\",\n\"configurations\": [" + configuration +
           "],\n\"routes\": [" + route + "],\n\"profiles\": {\"q\": " + profile + "}" +
           (extra.isEmpty() ? QByteArray() : ",\n" + extra) + "}";
}

PlanLoad loadMem(const QByteArray &text)
{
    return parsePlan(text, QStringLiteral("mem.json"), QDir::tempPath());
}

// "line:col: path: message" for each diagnostic.
QStringList located(const PlanLoad &load)
{
    QStringList out;
    for (const Diagnostic &d : load.diagnostics)
        out.append(
            QStringLiteral("%1:%2: %3: %4").arg(d.line).arg(d.column).arg(d.jsonPath, d.message));
    return out;
}

} // namespace

class TestPlan : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        qputenv("SB_PLAN_TEST_DBUSER", kUser);
        qputenv("SB_PLAN_TEST_TOKEN", kToken);
        qunsetenv("SB_PLAN_TEST_UNSET");
        qputenv("SB_KEYS_VALUE", "v4l-ue");
        qunsetenv("SB_KEYS_UNSET");
    }

    void fullPlanLoadsEveryField()
    {
        const QString path = validPlan("full.json");
        const PlanLoad load =
            loadPlan(path, {{QStringLiteral("stackbench"), QStringLiteral("/opt/sb/stackbench")}});
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const Plan &plan = *load.plan;
        const QString dir = QDir(plansDir() + QStringLiteral("/valid")).absolutePath();

        QCOMPARE(plan.format, 1);
        QCOMPARE(plan.name, QStringLiteral("full"));
        QCOMPARE(plan.description, QStringLiteral("Every field of plan format 1"));
        QCOMPARE(plan.filePath, QDir::cleanPath(QFileInfo(path).absoluteFilePath()));
        QCOMPARE(plan.baseDir, dir);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QCOMPARE(plan.text, bytes);
        QCOMPARE(plan.sha256, QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
        QCOMPARE(plan.sha256.size(), 64);
        QCOMPARE(plan.referencedFiles, (QStringList{dir + QStringLiteral("/bodies/ca.pem"),
                                                    dir + QStringLiteral("/bodies/order.json")}));

        // database
        QVERIFY(plan.database.has_value());
        const Database &db = *plan.database;
        QCOMPARE(db.driver, Database::Driver::PostgreSql);
        QCOMPARE(db.driverName, QStringLiteral("QPSQL"));
        QCOMPARE(db.host, QStringLiteral("/var/run/postgresql")); // a Unix-socket directory
        QCOMPARE(db.port, 5433);
        QCOMPARE(db.name, QStringLiteral("bench"));
        QCOMPARE(db.user, QString::fromLatin1(kUser));
        QCOMPARE(db.password, QStringLiteral("hunter2-") + QLatin1String(kUser));
        QCOMPARE(db.options, QStringLiteral("connect_timeout=5"));
        QCOMPARE(db.redacted().password, QStringLiteral("<secret>"));
        QCOMPARE(db.redacted().user, db.user);

        // configurations
        QCOMPARE(plan.configurations.size(), 2);
        const Configuration &c = plan.configurations[0];
        QCOMPARE(c.name, QStringLiteral("native"));
        QCOMPARE(c.command,
                 (QStringList{QStringLiteral("/opt/sb/stackbench"), QStringLiteral("target"),
                              QStringLiteral("--port"), QStringLiteral("18080"),
                              QStringLiteral("--user"), QString::fromLatin1(kUser)}));
        QCOMPARE(c.cwd, dir + QStringLiteral("/bodies"));
        QCOMPARE(c.env.size(), 3);
        QCOMPARE(c.env.value(QStringLiteral("TOKEN")), QString::fromLatin1(kToken));
        QCOMPARE(c.env.value(QStringLiteral("API_KEY")), QStringLiteral("k-12345"));
        QCOMPARE(c.env.value(QStringLiteral("MODE")), QStringLiteral("prod-18080"));
        QCOMPARE(c.secretEnv, (QStringList{QStringLiteral("TOKEN"), QStringLiteral("API_KEY")}));
        QVERIFY(c.isSecret(QStringLiteral("TOKEN")));
        QVERIFY(!c.isSecret(QStringLiteral("MODE")));
        QCOMPARE(c.port, 18080);
        QCOMPARE(c.baseUrl, QStringLiteral("http://localhost:18080"));
        QCOMPARE(c.ready.path, QStringLiteral("/health"));
        QCOMPARE(c.ready.status, 204);
        QCOMPARE(c.ready.timeoutMs, qint64(12500));
        QCOMPARE(c.stop.signal, int(SIGINT));
        QCOMPARE(c.stop.signalName, QStringLiteral("SIGINT"));
        QCOMPARE(c.stop.graceMs, qint64(3000));
        QCOMPARE(c.versions.size(), 2);
        QCOMPARE(c.versions[0].name, QStringLiteral("stackbench"));
        QCOMPARE(c.versions[0].command,
                 (QStringList{QStringLiteral("/opt/sb/stackbench"), QStringLiteral("--version")}));
        QCOMPARE(c.versions[1].name, QStringLiteral("sh"));
        QCOMPARE(c.versions[1].command.size(), 3);
        QCOMPARE(c.hooks.beforeConfiguration.size(), 1);
        QVERIFY(c.hooks.beforeRun.isEmpty() && c.hooks.beforeRoute.isEmpty() &&
                c.hooks.beforeWindow.isEmpty());
        const Hook &ch = c.hooks.beforeConfiguration[0];
        QCOMPARE(ch.kind, Hook::Kind::Command);
        QCOMPARE(ch.command, (QStringList{QStringLiteral("echo"), QStringLiteral("18080")}));
        QCOMPARE(ch.cwd, dir);
        QCOMPARE(ch.timeoutMs, qint64(5000));
        QCOMPARE(ch.where,
                 path +
                     QStringLiteral(":27:35 at $.configurations[0].hooks.before_configuration[0]"));
        QCOMPARE(c.where, path + QStringLiteral(":15:5 at $.configurations[0]"));

        const Configuration &d = plan.configurations[1];
        QCOMPARE(d.name, QStringLiteral("other.stack_2"));
        QCOMPARE(d.port, 18081);
        QCOMPARE(d.baseUrl, QStringLiteral("https://127.0.0.1:18081"));
        // "load" "tls" for every configuration; a configuration's own keys over it
        QCOMPARE(plan.load.tls.caFile, dir + QStringLiteral("/bodies/ca.pem"));
        QVERIFY(!plan.load.tls.insecure);
        QCOMPARE(c.tls.caFile, plan.load.tls.caFile);
        QVERIFY(!c.tls.insecure);
        QCOMPARE(d.tls.caFile, plan.load.tls.caFile);
        QVERIFY(d.tls.insecure);
        QCOMPARE(c.protocol, HttpProtocol::Http1);
        QCOMPARE(c.streams, 1);
        QCOMPARE(d.protocol, HttpProtocol::Http2);
        QCOMPARE(d.streams, 8);
        QCOMPARE(d.cwd, dir); // default: the plan's directory
        QVERIFY(d.env.isEmpty());
        QVERIFY(d.secretEnv.isEmpty());
        QCOMPARE(d.ready.path, QStringLiteral("/"));
        QCOMPARE(d.ready.status, 200);
        QCOMPARE(d.ready.timeoutMs, qint64(30000));
        QCOMPARE(d.stop.signal, int(SIGTERM));
        QCOMPARE(d.stop.graceMs, qint64(10000));
        QVERIFY(d.versions.isEmpty());
        QVERIFY(d.hooks.isEmpty());
        QCOMPARE(plan.configuration(QStringLiteral("other.stack_2")), &plan.configurations[1]);
        QCOMPARE(plan.configuration(QStringLiteral("nope")), nullptr);

        // routes
        QCOMPARE(plan.routes.size(), 4);
        const Route &health = plan.routes[0];
        QCOMPARE(health.name, QStringLiteral("health"));
        QCOMPARE(health.method, QStringLiteral("GET"));
        QCOMPARE(health.path, QStringLiteral("/health"));
        QVERIFY(health.headers.isEmpty());
        QVERIFY(!health.hasBody);
        QCOMPARE(health.expectStatus, 200);
        QVERIFY(health.hooks.isEmpty());

        const Route &order = plan.routes[1];
        QCOMPARE(order.method, QStringLiteral("POST"));
        QCOMPARE(order.path, QStringLiteral("/orders?x=1"));
        QCOMPARE(order.expectStatus, 201);
        QVERIFY(order.hasBody);
        QFile body(dir + QStringLiteral("/bodies/order.json"));
        QVERIFY(body.open(QIODevice::ReadOnly));
        QCOMPARE(order.body, body.readAll());
        QCOMPARE(order.bodyFile, dir + QStringLiteral("/bodies/order.json"));
        QCOMPARE(order.headers.size(), 3);
        QCOMPARE(order.headers[0].name, QStringLiteral("Authorization"));
        QCOMPARE(order.headers[0].value, QStringLiteral("Bearer k-12345"));
        QCOMPARE(order.headers[1].name, QStringLiteral("X-Trace"));
        QCOMPARE(order.header(QStringLiteral("content-type")), QStringLiteral("application/json"));
        QCOMPARE(order.hooks.beforeRoute.size(), 1);
        QCOMPARE(order.hooks.beforeRoute[0].kind, Hook::Kind::Sql);
        QCOMPARE(order.hooks.beforeRoute[0].sql, QStringLiteral("TRUNCATE orders"));
        QCOMPARE(order.hooks.beforeRoute[0].timeoutMs, qint64(60000));
        QCOMPARE(order.hooks.beforeWindow.size(), 1);
        QCOMPARE(order.hooks.beforeWindow[0].sql, QStringLiteral("CHECKPOINT"));
        QCOMPARE(order.hooks.beforeWindow[0].timeoutMs, qint64(30000));

        const Route &echo = plan.routes[2];
        QCOMPARE(echo.method, QStringLiteral("PUT"));
        QCOMPARE(echo.body, QByteArray("{\"name\":\"Ada\",\"tags\":[\"x\",1.50,null,true]}"));
        QCOMPARE(echo.header(QStringLiteral("Content-Type")), QStringLiteral("application/json"));
        QVERIFY(echo.bodyFile.isEmpty());

        const Route &text = plan.routes[3];
        QCOMPARE(text.body, QByteArray("@literal"));
        QCOMPARE(text.headers.size(), 1); // the given content-type is kept, none added
        QCOMPARE(text.header(QStringLiteral("Content-Type")), QStringLiteral("text/plain"));
        QCOMPARE(plan.route(QStringLiteral("echo")), &plan.routes[2]);

        // parity
        QCOMPARE(plan.parity.size(), 1);
        const ParityCheck &p = plan.parity[0];
        QCOMPARE(p.name, QStringLiteral("missing user is 404"));
        QCOMPARE(p.method, QStringLiteral("GET"));
        QCOMPARE(p.path, QStringLiteral("/users/999999"));
        QCOMPARE(p.expectStatus, 404);
        QCOMPARE(p.contentType, QStringLiteral("application/json"));
        QCOMPARE(p.json.size(), 3);
        QCOMPARE(p.json[0].field, QStringLiteral("error"));
        QCOMPARE(p.json[0].present, std::optional<bool>(true));
        QVERIFY(!p.json[0].equals.has_value());
        QCOMPARE(p.json[1].segments,
                 (QStringList{QStringLiteral("items"), QStringLiteral("0"), QStringLiteral("id")}));
        QVERIFY(!p.json[1].present.has_value());
        QCOMPARE(*p.json[1].equals, QJsonValue(7));
        QCOMPARE(p.json[2].present, std::optional<bool>(false));

        // plan-wide hooks
        QCOMPARE(plan.hooks.beforeRun.size(), 1);
        QCOMPARE(plan.hooks.beforeRun[0].command,
                 (QStringList{QStringLiteral("/opt/sb/stackbench"), QStringLiteral("--help")}));
        QVERIFY(plan.hooks.beforeConfiguration.isEmpty());
        QCOMPARE(plan.hooks.beforeRoute[0].sql, QStringLiteral("VACUUM FULL ANALYZE"));
        QCOMPARE(plan.hooks.beforeWindow[0].sql, QStringLiteral("CHECKPOINT"));

        // sampler and load
        QCOMPARE(plan.sampler.intervalMs, 250);
        QCOMPARE(plan.sampler.exclude,
                 (QStringList{QStringLiteral("postgres"), QStringLiteral("redis-server")}));
        QCOMPARE(plan.sampler.foreignGate.value, 25.5);
        QCOMPARE(plan.sampler.foreignGate.unit, CpuGate::Unit::MachinePct);
        QCOMPARE(plan.sampler.machineCores, machineCoreCount());
        QCOMPARE(plan.sampler.foreignGatePct, 25.5 * machineCoreCount());
        QCOMPARE(plan.sampler.sleepGapMs, qint64(5000));
        QCOMPARE(plan.load.threads, 4);
        QCOMPARE(plan.load.timeoutMs, qint64(60000));
        QCOMPARE(plan.load.mode, LoadSettings::Mode::Open);
        QCOMPARE(plan.load.rateRps, 1500.5);

        // profiles, in file order
        QCOMPARE(plan.profiles.size(), 8);
        const Profile *quick = plan.profile(QStringLiteral("quick"));
        QVERIFY(quick);
        QCOMPARE(quick, &plan.profiles[0]);
        QCOMPARE(quick->rounds, 1);
        QCOMPARE(quick->concurrency, (QList<int>{10, 100}));
        QCOMPARE(quick->warmup.kind, Warmup::Kind::Duration);
        QCOMPARE(quick->warmup.durationMs, qint64(5000));
        QCOMPARE(quick->measureMs, qint64(30000));
        QCOMPARE(quick->settleMs, qint64(0));
        QCOMPARE(quick->cooldownMs, qint64(0));
        QCOMPARE(quick->order, Profile::Order::Rotate);
        QCOMPARE(quick->process, Profile::Process::Round);
        QCOMPARE(quick->retries, 2);
        QCOMPARE(quick->rateRps, 0.0);      // the plan's "load" decides
        QVERIFY(quick->profileCpu.enabled); // "profile_cpu": true: every cell, the defaults
        QVERIFY(quick->profileCpu.routes.isEmpty());
        QVERIFY(quick->profileCpu.concurrency.isEmpty());
        QCOMPARE(quick->profileCpu.callGraph, QStringLiteral("fp"));
        QCOMPARE(quick->profileCpu.frequencyHz, 99);

        const Profile *full = plan.profile(QStringLiteral("full"));
        QVERIFY(full);
        QCOMPARE(full->rounds, 5);
        QCOMPARE(full->concurrency, (QList<int>{1, 10, 50, 100}));
        QCOMPARE(full->warmup.kind, Warmup::Kind::Requests);
        QCOMPARE(full->warmup.requests, qint64(1000));
        QCOMPARE(full->measureMs, qint64(30000));
        QCOMPARE(full->settleMs, qint64(5000));
        QCOMPARE(full->cooldownMs, qint64(15000));
        QCOMPARE(full->order, Profile::Order::Alternate);
        QCOMPARE(full->process, Profile::Process::Window);
        QCOMPARE(full->retries, 0);
        QVERIFY(full->profileCpu.enabled);
        QCOMPARE(full->profileCpu.routes, QStringList{QStringLiteral("health")});
        QCOMPARE(full->profileCpu.concurrency, (QList<int>{10, 100}));
        QCOMPARE(full->profileCpu.callGraph, QStringLiteral("dwarf"));
        QCOMPARE(full->profileCpu.frequencyHz, 49);

        const Profile *ms = plan.profile(QStringLiteral("ms"));
        QVERIFY(!ms->profileCpu.enabled); // no key: no profile
        QCOMPARE(ms->warmup.durationMs, qint64(500));
        QCOMPARE(ms->order, Profile::Order::Fixed);
        QCOMPARE(ms->process, Profile::Process::Once);
        QCOMPARE(plan.profile(QStringLiteral("minutes"))->warmup.durationMs, qint64(120000));
        QVERIFY(plan.profile(QStringLiteral("none"))->warmup.isNone());
        QCOMPARE(plan.profile(QStringLiteral("number"))->warmup.durationMs, qint64(1500));
        const Profile *noise = plan.profile(QStringLiteral("noise"));
        QVERIFY(noise);
        QCOMPARE(noise->kind, Profile::Kind::AA);
        QCOMPARE(noise->aaConfiguration, QStringLiteral("native"));
        QCOMPARE(quick->kind, Profile::Kind::Matrix);
        const Profile *open = plan.profile(QStringLiteral("open"));
        QVERIFY(open);
        QCOMPARE(open->rateRps, 2500.0);
        QCOMPARE(open->order, Profile::Order::Pairs);
        QCOMPARE(open->process, Profile::Process::Window);
        QCOMPARE(plan.profile(QStringLiteral("absent")), nullptr);
    }

    void minimalPlanGetsDefaults()
    {
        const PlanLoad load = loadPlan(validPlan("minimal.json"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const Plan &plan = *load.plan;
        QVERIFY(plan.description.isEmpty());
        QVERIFY(!plan.database.has_value());
        QVERIFY(plan.parity.isEmpty());
        QVERIFY(plan.hooks.isEmpty());
        QVERIFY(plan.referencedFiles.isEmpty());
        QVERIFY(plan.secretValues.isEmpty());
        QCOMPARE(plan.redactedText(), plan.text);
        QCOMPARE(plan.sampler.intervalMs, 1000);
        QCOMPARE(plan.sampler.exclude, QStringList{QStringLiteral("postgres")});
        // A share of the machine, seed 000's 450 % of 14 cores (it was 450 % of one core).
        QCOMPARE(plan.sampler.foreignGate.value, 32.0);
        QCOMPARE(plan.sampler.foreignGate.unit, CpuGate::Unit::MachinePct);
        QCOMPARE(plan.sampler.foreignGatePct, 32.0 * machineCoreCount());
        QCOMPARE(plan.sampler.sleepGapMs, qint64(10000));
        QCOMPARE(plan.load.threads, 2);
        QCOMPARE(plan.load.timeoutMs, qint64(180000));
        QCOMPARE(plan.load.mode, LoadSettings::Mode::Closed);
        QCOMPARE(plan.load.rateRps, 0.0);
        QCOMPARE(plan.configurations[0].command, QStringList{QStringLiteral("server")});
        QCOMPARE(plan.configurations[0].baseUrl, QStringLiteral("http://127.0.0.1:9000"));
        QCOMPARE(plan.routes[0].method, QStringLiteral("GET"));
        QCOMPARE(plan.routes[0].expectStatus, 200);
        QCOMPARE(plan.profiles.size(), 1);
        QCOMPARE(plan.profiles[0].name, QStringLiteral("quick"));
    }

    void relativePathIsResolvedAgainstTheCurrentDirectory()
    {
        const QString old = QDir::currentPath();
        QVERIFY(QDir::setCurrent(plansDir()));
        const PlanLoad good = loadPlan(QStringLiteral("valid/minimal.json"));
        const PlanLoad bad = loadPlan(QStringLiteral("broken/out-of-range.json"));
        QDir::setCurrent(old);
        QVERIFY2(good.ok(), qPrintable(good.errorText()));
        QCOMPARE(good.plan->filePath,
                 QDir(plansDir()).absoluteFilePath(QStringLiteral("valid/minimal.json")));
        QCOMPARE(good.plan->baseDir, QDir(plansDir()).absoluteFilePath(QStringLiteral("valid")));
        // Messages name the file as the user gave it.
        QCOMPARE(messages(bad),
                 QStringList{QStringLiteral("broken/out-of-range.json:6:24: $.load.threads: must "
                                            "be between 1 and 256, found 0")});
    }

    void twoTargetsPlan()
    {
        const PlanLoad load =
            loadPlan(validPlan("two-targets.json"),
                     {{QStringLiteral("stackbench"), QStringLiteral(STACKBENCH_BIN)}});
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const Plan &plan = *load.plan;
        QCOMPARE(plan.configurations.size(), 2);
        for (const Configuration &c : plan.configurations) {
            QCOMPARE(c.command,
                     (QStringList{QStringLiteral(STACKBENCH_BIN), QStringLiteral("target"),
                                  QStringLiteral("--port"), QString::number(c.port),
                                  QStringLiteral("--threads"), QStringLiteral("1")}));
            QCOMPARE(c.ready.path, QStringLiteral("/health"));
        }
        QVERIFY(plan.configurations[0].port != plan.configurations[1].port);
        QCOMPARE(plan.routes.size(), 3);
        QCOMPARE(plan.routes[0].path, QStringLiteral("/health"));
        QCOMPARE(plan.routes[1].path, QStringLiteral("/users/1"));
        const Route &echo = plan.routes[2];
        QCOMPARE(echo.method, QStringLiteral("POST"));
        QCOMPARE(echo.path, QStringLiteral("/echo"));
        QCOMPARE(
            echo.body,
            QByteArray(
                "{\"name\":\"Ada\",\"email\":\"ada@example.com\",\"age\":36,\"tags\":[\"x\"]}"));
        QCOMPARE(echo.header(QStringLiteral("Content-Type")), QStringLiteral("application/json"));
        const Profile *quick = plan.profile(QStringLiteral("quick"));
        QVERIFY(quick);
        QCOMPARE(quick->rounds, 2);
        QCOMPARE(quick->concurrency, (QList<int>{1, 4}));
        QCOMPARE(quick->warmup.kind, Warmup::Kind::Duration);
        QCOMPARE(quick->warmup.durationMs, qint64(1000));
        QCOMPARE(quick->measureMs, qint64(2000));
        QCOMPARE(quick->order, Profile::Order::Rotate);
    }

    void brokenPlans_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("expected"); // %F = the file's path, %D = its directory

        QTest::newRow("syntax: missing comma")
            << QStringLiteral("syntax-missing-comma.json")
            << QStringList{QStringLiteral("%F:1:1: $: missing required key \"configurations\""),
                           QStringLiteral("%F:1:1: $: missing required key \"routes\""),
                           QStringLiteral("%F:1:1: $: missing required key \"profiles\""),
                           QStringLiteral("%F:3:3: $: expected ',' or '}', found a string")};
        QTest::newRow("syntax: unterminated string")
            << QStringLiteral("syntax-unterminated.json")
            << QStringList{QStringLiteral("%F:4:26: $.description: line break inside a string "
                                          "(unterminated string, or write it as \\n)")};
        QTest::newRow("trailing comma")
            << QStringLiteral("trailing-comma.json")
            << QStringList{QStringLiteral("%F:1:1: $: missing required key \"configurations\""),
                           QStringLiteral("%F:1:1: $: missing required key \"routes\""),
                           QStringLiteral("%F:1:1: $: missing required key \"profiles\""),
                           QStringLiteral("%F:3:14: $: trailing comma before '}'")};
        // A repaired syntax error does not hide the rest: all problems at once.
        QTest::newRow("syntax error, missing key and unknown key")
            << QStringLiteral("syntax-missing-unknown.json")
            << QStringList{
                   QStringLiteral("%F:4:3: $: expected ',' or '}', found a string"),
                   QStringLiteral("%F:4:23: $.configurations[0]: missing required key \"command\""),
                   QStringLiteral("%F:4:38: $.configurations[0].comand: unknown key \"comand\" at "
                                  "$.configurations[0]; did you mean \"command\"?"),
                   QStringLiteral("%F:5:15: $.routes[0]: missing required key \"path\"")};
        QTest::newRow("missing required key")
            << QStringLiteral("missing-required.json")
            << QStringList{
                   QStringLiteral("%F:5:5: $.configurations[0]: missing required key \"command\"")};
        QTest::newRow("unknown key")
            << QStringLiteral("unknown-key.json")
            << QStringList{
                   QStringLiteral("%F:5:5: $.configurations[0]: missing required key \"command\""),
                   QStringLiteral("%F:5:20: $.configurations[0].comand: unknown key \"comand\" at "
                                  "$.configurations[0]; did you mean \"command\"?")};
        QTest::newRow("wrong type")
            << QStringLiteral("wrong-type.json")
            << QStringList{QStringLiteral("%F:4:64: $.configurations[0].port: expected an integer, "
                                          "found a string (\"9000\")")};
        QTest::newRow("out of range")
            << QStringLiteral("out-of-range.json")
            << QStringList{
                   QStringLiteral("%F:6:24: $.load.threads: must be between 1 and 256, found 0")};
        QTest::newRow("bad enum")
            << QStringLiteral("bad-enum.json")
            << QStringList{QStringLiteral(
                   "%F:6:57: $.profiles.quick.order: invalid value \"random\"; allowed: "
                   "\"rotate\", \"alternate\", \"fixed\", \"pairs\"")};
        QTest::newRow("duplicate configuration name")
            << QStringLiteral("duplicate-name.json")
            << QStringList{QStringLiteral(
                   "%F:6:15: $.configurations[1].name: duplicate configuration name \"a\" "
                   "(first at line 5, column 15)")};
        QTest::newRow("duplicate JSON key")
            << QStringLiteral("duplicate-key.json")
            << QStringList{QStringLiteral("%F:6:33: $.routes[0].path: duplicate key \"path\" "
                                          "(first at line 6, column 20)")};
        QTest::newRow("missing @file")
            << QStringLiteral("missing-file.json")
            << QStringList{QStringLiteral(
                   "%F:5:69: $.routes[0].body: body file \"bodies/nope.json\" not found "
                   "(resolved to %D/bodies/nope.json)")};
        QTest::newRow("sql hook without database")
            << QStringLiteral("sql-without-database.json")
            << QStringList{QStringLiteral("%F:6:42: $.hooks.before_window[0].sql: \"sql\" hook "
                                          "needs a top-level \"database\"")};
        QTest::newRow("open mode without rate")
            << QStringLiteral("open-without-rate.json")
            << QStringList{QStringLiteral(
                   "%F:6:21: $.load.mode: mode \"open\" needs \"rate\" > 0 (requests per second)")};
        QTest::newRow("missing ${env:X}")
            << QStringLiteral("missing-env.json")
            << QStringList{
                   QStringLiteral("%F:5:67: $.configurations[0].env.PW: environment variable "
                                  "\"SB_PLAN_TEST_UNSET\" is not set (referenced as "
                                  "\"${env:SB_PLAN_TEST_UNSET}\")")};
        QTest::newRow("three problems at once")
            << QStringLiteral("three-at-once.json")
            << QStringList{
                   QStringLiteral("%F:6:5: $.routes[0]: missing required key \"path\""),
                   QStringLiteral(
                       "%F:8:31: $.sampler.interval_ms: expected an integer, found a string "
                       "(\"1s\")"),
                   QStringLiteral(
                       "%F:9:13: $.load.thread: unknown key \"thread\" at $.load; did you "
                       "mean \"threads\"?")};
    }

    void brokenPlans()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, expected);
        const QString path = brokenPlan(file);
        QVERIFY(QFile::exists(path));
        const QString dir = QDir(plansDir() + QStringLiteral("/broken")).absolutePath();
        for (QString &e : expected)
            e.replace(QLatin1String("%F"), path).replace(QLatin1String("%D"), dir);
        const PlanLoad load = loadPlan(path);
        QVERIFY(!load.ok());
        QCOMPARE(messages(load), expected);
        const sb::Result<Plan> result = load.toResult();
        QVERIFY(!result.ok());
        QCOMPARE(sb::qtCode(result.error()), load.diagnostics.constFirst().code);
        QVERIFY(sb::qtWhere(result.error()).startsWith(path + QLatin1Char(':')));
    }

    void diagnosticCodes()
    {
        const PlanLoad load = loadPlan(brokenPlan(QStringLiteral("three-at-once.json")));
        QCOMPARE(load.diagnostics.size(), 3);
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.missing-key"));
        QCOMPARE(load.diagnostics[1].code, QStringLiteral("plan.type"));
        QCOMPARE(load.diagnostics[2].code, QStringLiteral("plan.unknown-key"));
        QCOMPARE(load.diagnostics[2].line, 9);
        QCOMPARE(load.diagnostics[2].column, 13);
        QCOMPARE(load.diagnostics[2].jsonPath, QStringLiteral("$.load.thread"));
        const sb::Error e = load.toResult().error();
        QVERIFY2(sb::qtDetail(e).endsWith(QLatin1String("(and 2 more problems)")),
                 e.detail.c_str());
        QCOMPARE(load.errorText().count(QLatin1Char('\n')), 2);
    }

    void unreadableFile()
    {
        const QString path = plansDir() + QStringLiteral("/does-not-exist.json");
        const PlanLoad load = loadPlan(path);
        QVERIFY(!load.ok());
        QCOMPARE(load.diagnostics.size(), 1);
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.io"));
        QCOMPARE(load.diagnostics[0].file, path);
    }

    // Plan files and "@file" bodies are read with a bound: what is not a regular file, or is
    // larger than 16 MiB, is an error at once (no hang on a FIFO, no exhausted memory on
    // /dev/zero), naming the file and the limit.
    void boundedPlanFiles_data()
    {
        QTest::addColumn<QString>("kind"); // what to load
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message"); // %F: the file

        QTest::newRow("/dev/zero") << QStringLiteral("zero") << QStringLiteral("plan.io")
                                   << QStringLiteral("%F: cannot read the plan file: a character "
                                                     "device, not a regular file");
        QTest::newRow("a FIFO without a writer")
            << QStringLiteral("fifo") << QStringLiteral("plan.io")
            << QStringLiteral("%F: cannot read the plan file: a FIFO (named pipe), not a regular "
                              "file");
        QTest::newRow("a directory")
            << QStringLiteral("dir") << QStringLiteral("plan.io")
            << QStringLiteral("%F: cannot read the plan file: a directory, not a regular file");
        QTest::newRow("16 MiB and a byte")
            << QStringLiteral("large") << QStringLiteral("plan.io")
            << QStringLiteral("%F: cannot read the plan file: larger than 16 MiB, the limit for "
                              "plan files and \"@file\" bodies");
        QTest::newRow("16 MiB exactly") << QStringLiteral("limit") << QString() << QString();
        QTest::newRow("size unknown until read (/proc)")
            << QStringLiteral("proc") << QStringLiteral("plan.syntax") << QString();
    }

    void boundedPlanFiles()
    {
        QFETCH(QString, kind);
        QFETCH(QString, code);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QString path = dir.filePath(QStringLiteral("plan.json"));
        const QByteArray valid = memPlan(QByteArray());
        if (kind == QLatin1String("zero")) {
            path = QStringLiteral("/dev/zero");
        } else if (kind == QLatin1String("fifo")) {
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        } else if (kind == QLatin1String("dir")) {
            path = dir.path();
        } else if (kind == QLatin1String("proc")) {
            path = QStringLiteral("/proc/self/status");
        } else {
            // A valid plan padded with spaces to the limit (plus one byte).
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const qint64 size = sb::limits::kMaxPlanFileBytes + (kind == QLatin1String("large"));
            QCOMPARE(f.write(valid), qint64(valid.size()));
            QCOMPARE(f.write(QByteArray(qsizetype(size) - valid.size(), ' ')), size - valid.size());
        }
        const PlanLoad load = loadPlan(path);
        if (code.isEmpty()) {
            QVERIFY2(load.ok(), qPrintable(load.errorText()));
            return;
        }
        QVERIFY(!load.ok());
        QCOMPARE(load.diagnostics.size(), 1);
        QCOMPARE(load.diagnostics[0].code, code);
        if (!message.isEmpty()) {
            QCOMPARE(load.errorText(), QString(message).replace(QLatin1String("%F"), path));
            QCOMPARE(load.diagnostics[0].line, 0);
            QCOMPARE(sb::qtWhere(load.toResult().error()), path);
        }
    }

    void boundedBodyFiles_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message"); // %F: the body file

        QTest::newRow("/dev/zero") << QStringLiteral("zero")
                                   << QStringLiteral("cannot read body file %F: a character "
                                                     "device, not a regular file");
        QTest::newRow("a FIFO without a writer")
            << QStringLiteral("fifo")
            << QStringLiteral("cannot read body file %F: a FIFO (named pipe), not a regular file");
        QTest::newRow("16 MiB and a byte")
            << QStringLiteral("large")
            << QStringLiteral("cannot read body file %F: larger than 16 MiB, the limit for plan "
                              "files and \"@file\" bodies");
        QTest::newRow("16 MiB exactly") << QStringLiteral("limit") << QString();
    }

    void boundedBodyFiles()
    {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QString body = dir.filePath(QStringLiteral("body.bin"));
        if (kind == QLatin1String("zero")) {
            body = QStringLiteral("/dev/zero");
        } else if (kind == QLatin1String("fifo")) {
            QCOMPARE(::mkfifo(QFile::encodeName(body).constData(), 0600), 0);
        } else {
            QFile f(body);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(sb::limits::kMaxPlanFileBytes + (kind == QLatin1String("large"))));
        }
        const QByteArray route =
            "{\"name\": \"r\", \"method\": \"POST\", \"path\": \"/\", \"body\": \"@" +
            body.toUtf8() + "\"}";
        const PlanLoad load = loadMem(memPlan(
            QByteArray(), "{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}", route));
        if (message.isEmpty()) {
            QVERIFY2(load.ok(), qPrintable(load.errorText()));
            QCOMPARE(load.plan->routes[0].body.size(), qsizetype(sb::limits::kMaxPlanFileBytes));
            return;
        }
        QCOMPARE(load.diagnostics.size(), 1);
        const Diagnostic &d = load.diagnostics[0];
        QCOMPARE(d.code, QStringLiteral("plan.io"));
        QCOMPARE(d.line, 3);
        QCOMPARE(d.jsonPath, QStringLiteral("$.routes[0].body"));
        QCOMPARE(d.message, QString(message).replace(QLatin1String("%F"), body));
    }

    // "tls" in "load" (every configuration) and in a configuration (its keys over the plan's);
    // ca_file expands placeholders, is resolved against the plan's directory and must be a file.
    void tlsSettings()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile ca(dir.filePath(QStringLiteral("ca.pem")));
        QVERIFY(ca.open(QIODevice::WriteOnly));
        ca.close();
        qputenv("SB_PLAN_TLS_DIR", QFile::encodeName(dir.path()));
        const QByteArray https =
            "{\"name\": \"a\", \"command\": [\"s\"], \"base_url\": \"https://localhost:9443\", "
            "\"tls\": {\"insecure\": true}}";
        PlanLoad load = loadMem(memPlan(
            "\"load\": {\"tls\": {\"ca_file\": \"${env:SB_PLAN_TLS_DIR}/ca.pem\"}}", https));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->load.tls.caFile, dir.filePath(QStringLiteral("ca.pem")));
        QVERIFY(!load.plan->load.tls.insecure);
        QCOMPARE(load.plan->configurations[0].port, 9443);
        QCOMPARE(load.plan->configurations[0].tls.caFile, dir.filePath(QStringLiteral("ca.pem")));
        QVERIFY(load.plan->configurations[0].tls.insecure);
        QVERIFY(load.plan->referencedFiles.contains(dir.filePath(QStringLiteral("ca.pem"))));

        // No settings: an https base_url verifies against the system store.
        load = loadMem(memPlan(QByteArray(), "{\"name\": \"a\", \"command\": [\"s\"], "
                                             "\"base_url\": \"https://localhost\"}"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->configurations[0].port, 443);
        QVERIFY(!load.plan->configurations[0].tls.insecure);
        QVERIFY(load.plan->configurations[0].tls.caFile.isEmpty());

        // A configuration's ca_file over the plan's, relative to the plan's directory.
        load = parsePlan(memPlan("\"load\": {\"tls\": {\"ca_file\": \"/nope/ca.pem\"}}",
                                 "{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000, "
                                 "\"tls\": {\"ca_file\": \"ca.pem\"}}"),
                         QStringLiteral("mem.json"), dir.path());
        QCOMPARE(located(load),
                 QStringList{QStringLiteral("5:29: $.load.tls.ca_file: CA file \"/nope/ca.pem\" "
                                            "not found (resolved to /nope/ca.pem)")});
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.file"));
        load = parsePlan(memPlan("\"load\": {\"tls\": {\"insecure\": false}}",
                                 "{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000, "
                                 "\"tls\": {\"ca_file\": \"ca.pem\"}}"),
                         QStringLiteral("mem.json"), dir.path());
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->configurations[0].tls.caFile, dir.filePath(QStringLiteral("ca.pem")));

        // Errors at their positions: a missing file, a directory, an unknown key, a wrong type.
        load = loadMem(memPlan(QByteArray(), "{\"name\": \"a\", \"command\": [\"s\"], \"port\": "
                                             "9000, \"tls\": {\"ca_file\": \"missing.pem\"}}"));
        QCOMPARE(load.diagnostics.size(), 1);
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.file"));
        QCOMPARE(load.diagnostics[0].line, 2);
        QCOMPARE(load.diagnostics[0].column, 85);
        QCOMPARE(load.diagnostics[0].jsonPath, QStringLiteral("$.configurations[0].tls.ca_file"));
        load =
            loadMem(memPlan("\"load\": {\"tls\": {\"ca_file\": \"" + dir.path().toUtf8() + "\"}}"));
        QCOMPARE(load.diagnostics.size(), 1);
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.file"));
        load = loadMem(memPlan("\"load\": {\"tls\": {\"verify\": false, \"insecure\": \"yes\"}}"));
        QCOMPARE(load.diagnostics.size(), 2);
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.unknown-key"));
        QCOMPARE(load.diagnostics[0].line, 5);
        QCOMPARE(load.diagnostics[0].column, 18);
        QCOMPARE(load.diagnostics[0].jsonPath, QStringLiteral("$.load.tls.verify"));
        QCOMPARE(load.diagnostics[1].code, QStringLiteral("plan.type"));
        QCOMPARE(load.diagnostics[1].jsonPath, QStringLiteral("$.load.tls.insecure"));
        load = loadMem(memPlan("\"load\": {\"tls\": {\"ca_file\": \"${env:SB_PLAN_TLS_UNSET}\"}}"));
        QCOMPARE(load.diagnostics.size(), 1);
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.env"));
        qunsetenv("SB_PLAN_TLS_DIR");
    }

    void protocolSettings()
    {
        // The default: HTTP/1.1, one stream.
        PlanLoad load = loadMem(memPlan(QByteArray()));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->configurations[0].protocol, HttpProtocol::Http1);
        QCOMPARE(load.plan->configurations[0].streams, 1);

        // "load" sets every configuration's; a configuration's keys override them.
        const QByteArray two =
            "{\"name\": \"a\", \"command\": [\"s\"], \"base_url\": \"https://localhost:9443\"}, "
            "{\"name\": \"b\", \"command\": [\"s\"], \"port\": 9001, \"streams\": 4}, "
            "{\"name\": \"c\", \"command\": [\"s\"], \"port\": 9002, \"protocol\": "
            "\"http/1.1\"}";
        load = loadMem(memPlan("\"load\": {\"protocol\": \"h2\", \"streams\": 10}", two));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->load.protocol, HttpProtocol::Http2);
        QCOMPARE(load.plan->load.streams, 10);
        QCOMPARE(load.plan->configurations[0].protocol, HttpProtocol::Http2);
        QCOMPARE(load.plan->configurations[0].streams, 10);
        QCOMPARE(load.plan->configurations[1].protocol, HttpProtocol::Http2);
        QCOMPARE(load.plan->configurations[1].streams, 4);
        // An http/1.1 configuration under an h2 plan: one request per connection at a time.
        QCOMPARE(load.plan->configurations[2].protocol, HttpProtocol::Http1);
        QCOMPARE(load.plan->configurations[2].streams, 1);
        QCOMPARE(protocolDescription(HttpProtocol::Http2, true, 10),
                 QStringLiteral("HTTP/2 over TLS (ALPN h2), 10 streams per connection"));
        QCOMPARE(protocolDescription(HttpProtocol::Http2, false, 1),
                 QStringLiteral("HTTP/2 (h2c, prior knowledge), 1 stream per connection"));
        QCOMPARE(protocolDescription(HttpProtocol::Http1, true, 1),
                 QStringLiteral("HTTP/1.1 over TLS"));
        QCOMPARE(protocolKey(HttpProtocol::Http2), QStringLiteral("h2"));

        // Only a configuration speaks h2 (over http://: h2c).
        load = loadMem(memPlan(QByteArray(), "{\"name\": \"a\", \"command\": [\"s\"], "
                                             "\"port\": 9000, \"protocol\": \"h2\", "
                                             "\"streams\": 100}"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->configurations[0].protocol, HttpProtocol::Http2);
        QCOMPARE(load.plan->configurations[0].streams, 100);

        // streams > 1 without h2, at the streams key: the plan's ...
        load = loadMem(memPlan("\"load\": {\"streams\": 10}"));
        QCOMPARE(located(load),
                 QStringList{QStringLiteral(
                     "5:21: $.load.streams: streams 10 needs \"protocol\": \"h2\" (HTTP/1.1 "
                     "carries one request at a time per connection)")});
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.value"));
        // ... and a configuration's, also where the plan's protocol is overridden.
        load = loadMem(memPlan("\"load\": {\"protocol\": \"h2\"}",
                               "{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000, "
                               "\"protocol\": \"http/1.1\", \"streams\": 2}"));
        QCOMPARE(load.diagnostics.size(), 1);
        QCOMPARE(load.diagnostics[0].jsonPath, QStringLiteral("$.configurations[0].streams"));
        QCOMPARE(load.diagnostics[0].line, 2);
        QVERIFY2(load.diagnostics[0].message.contains(QLatin1String("configuration \"a\" speaks "
                                                                    "http/1.1")),
                 qPrintable(load.diagnostics[0].message));

        // Out of range, wrong types, unknown protocols naming the accepted ones.
        load = loadMem(memPlan("\"load\": {\"protocol\": \"h2\", \"streams\": 0}"));
        QCOMPARE(load.diagnostics.size(), 1);
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.range"));
        QCOMPARE(load.diagnostics[0].message,
                 QStringLiteral("must be between 1 and 1000, found 0"));
        load = loadMem(memPlan("\"load\": {\"protocol\": \"h2\", \"streams\": 1001}"));
        QCOMPARE(load.diagnostics.size(), 1);
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.range"));
        load = loadMem(memPlan("\"load\": {\"protocol\": \"h2\", \"streams\": 2.5}"));
        QCOMPARE(load.diagnostics.size(), 1);
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.type"));
        load = loadMem(memPlan("\"load\": {\"protocol\": 2}"));
        QCOMPARE(load.diagnostics.size(), 1);
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.type"));
        load = loadMem(memPlan("\"load\": {\"protocol\": \"spdy\"}"));
        QCOMPARE(located(load),
                 QStringList{QStringLiteral("5:22: $.load.protocol: unknown protocol \"spdy\"; "
                                            "accepted: \"http/1.1\", \"h2\"")});
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.enum"));
        load = loadMem(memPlan(QByteArray(), "{\"name\": \"a\", \"command\": [\"s\"], "
                                             "\"port\": 9000, \"protocol\": \"h2c\"}"));
        QCOMPARE(load.diagnostics.size(), 1);
        QCOMPARE(load.diagnostics[0].jsonPath, QStringLiteral("$.configurations[0].protocol"));
        QVERIFY2(load.diagnostics[0].message.contains(QLatin1String("is h2c")),
                 qPrintable(load.diagnostics[0].message));
        load = loadMem(memPlan("\"load\": {\"protocol\": \"HTTP/2\"}"));
        QCOMPARE(load.diagnostics.size(), 1);
        QVERIFY2(load.diagnostics[0].message.contains(QLatin1String("HTTP/2 is \"h2\"")),
                 qPrintable(load.diagnostics[0].message));
        // Case does not matter for an accepted name.
        load = loadMem(memPlan("\"load\": {\"protocol\": \"H2\"}"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->configurations[0].protocol, HttpProtocol::Http2);
    }

    // base_url is parsed by the engine's URL grammar (http::parseUrl), the one `run` uses, and no
    // message repeats a password.
    void baseUrl_data()
    {
        QTest::addColumn<QByteArray>("url");
        QTest::addColumn<QString>("expected"); // the message, or empty for a valid URL
        QTest::addColumn<int>("port");         // the port taken from it when valid

        QTest::newRow("port from the URL")
            << QByteArray("http://127.0.0.1:7002") << QString() << 7002;
        QTest::newRow("default port") << QByteArray("http://localhost/") << QString() << 80;
        QTest::newRow("IPv6") << QByteArray("http://[::1]:8080") << QString() << 8080;
        QTest::newRow("upper-case scheme") << QByteArray("HTTP://h:81") << QString() << 81;
        QTest::newRow("user and password")
            << QByteArray("http://bench:hunter2-pw@127.0.0.1:7002")
            << QStringLiteral("invalid base_url: user information (user:password@) is not "
                              "supported; expected http[s]://host[:port]")
            << 0;
        QTest::newRow("user only")
            << QByteArray("http://bench@127.0.0.1:7002")
            << QStringLiteral("invalid base_url: user information (user:password@) is not "
                              "supported; expected http[s]://host[:port]")
            << 0;
        QTest::newRow("ftp") << QByteArray("ftp://127.0.0.1")
                             << QStringLiteral("invalid base_url: unsupported scheme 'ftp' (only "
                                               "http and https); expected http[s]://host[:port]")
                             << 0;
        QTest::newRow("port out of range")
            << QByteArray("http://h:99999")
            << QStringLiteral("invalid base_url: port '99999' out of range (1..65535); expected "
                              "http[s]://host[:port]")
            << 0;
        QTest::newRow("no host")
            << QByteArray("http://:80")
            << QStringLiteral("invalid base_url: missing host; expected http[s]://host[:port]")
            << 0;
        QTest::newRow("empty") << QByteArray("")
                               << QStringLiteral(
                                      "invalid base_url: empty URL; expected http[s]://host[:port]")
                               << 0;
        QTest::newRow("path") << QByteArray("http://h:81/api")
                              << QStringLiteral("base_url must not have a path, query or "
                                                "fragment; routes give the path")
                              << 0;
        QTest::newRow("query") << QByteArray("http://h:81?x=1")
                               << QStringLiteral("base_url must not have a path, query or "
                                                 "fragment; routes give the path")
                               << 0;
        QTest::newRow("fragment with a password in it")
            << QByteArray("http://h:81#u:hunter2-pw@x")
            << QStringLiteral("base_url must not have a path, query or fragment; routes give the "
                              "path")
            << 0;
    }

    void baseUrl()
    {
        QFETCH(QByteArray, url);
        QFETCH(QString, expected);
        QFETCH(int, port);
        const PlanLoad load = loadMem(
            memPlan(QByteArray(),
                    "{\"name\": \"a\", \"command\": [\"s\"], \"base_url\": \"" + url + "\"}"));
        if (expected.isEmpty()) {
            QVERIFY2(load.ok(), qPrintable(load.errorText()));
            const Configuration &c = load.plan->configurations[0];
            QCOMPARE(c.port, port);
            QVERIFY(!c.baseUrl.endsWith(QLatin1Char('/')));
            return;
        }
        QCOMPARE(load.diagnostics.size(), 1);
        const Diagnostic &d = load.diagnostics[0];
        QCOMPARE(d.code, QStringLiteral("plan.value"));
        QCOMPARE(d.jsonPath, QStringLiteral("$.configurations[0].base_url"));
        QCOMPARE(d.line, 2);
        QCOMPARE(d.message, expected);
        QVERIFY(!load.errorText().contains(QLatin1String("hunter2")));
        QVERIFY(!sb::qtText(load.toResult().error()).contains(QLatin1String("hunter2")));
    }

    // An empty string where a value is needed is an error, also when a placeholder expands to
    // nothing.
    void emptyValues_data()
    {
        QTest::addColumn<QByteArray>("configuration");
        QTest::addColumn<QByteArray>("route");
        QTest::addColumn<QString>("expected"); // path: message

        const QByteArray conf = "{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}";
        const QByteArray route = "{\"name\": \"r\", \"path\": \"/\"}";
        QTest::newRow("method")
            << conf << QByteArray("{\"name\": \"r\", \"path\": \"/\", \"method\": \"\"}")
            << QStringLiteral("$.routes[0].method: invalid value \"\"; allowed: \"GET\", "
                              "\"HEAD\", \"POST\", \"PUT\", \"PATCH\", \"DELETE\", \"OPTIONS\"");
        QTest::newRow("route name") << conf << QByteArray("{\"name\": \"\", \"path\": \"/\"}")
                                    << QStringLiteral("$.routes[0].name: must not be empty");
        QTest::newRow("route path")
            << conf << QByteArray("{\"name\": \"r\", \"path\": \"\"}")
            << QStringLiteral("$.routes[0].path: path \"\" must start with '/'");
        QTest::newRow("configuration name")
            << QByteArray("{\"name\": \"\", \"command\": [\"s\"], \"port\": 9000}") << route
            << QStringLiteral("$.configurations[0].name: must not be empty");
        QTest::newRow("program")
            << QByteArray("{\"name\": \"a\", \"command\": [\"\"], \"port\": 9000}") << route
            << QStringLiteral("$.configurations[0].command[0]: the program must not be empty");
        QTest::newRow("program expanding to nothing")
            << QByteArray("{\"name\": \"a\", \"command\": [\"${env:SB_PLAN_TEST_EMPTY}\"], "
                          "\"port\": 9000}")
            << route
            << QStringLiteral("$.configurations[0].command[0]: the program must not be empty "
                              "(\"${env:SB_PLAN_TEST_EMPTY}\" expands to nothing)");
        QTest::newRow("cwd expanding to nothing")
            << QByteArray("{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000, \"cwd\": "
                          "\"${env:SB_PLAN_TEST_EMPTY}\"}")
            << route
            << QStringLiteral("$.configurations[0].cwd: must not be empty "
                              "(\"${env:SB_PLAN_TEST_EMPTY}\" expands to nothing)");
        QTest::newRow("ready path")
            << QByteArray("{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000, \"ready\": "
                          "{\"path\": \"\"}}")
            << route
            << QStringLiteral("$.configurations[0].ready.path: path \"\" must start with '/'");
        QTest::newRow("hook program expanding to nothing")
            << QByteArray("{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000, \"hooks\": "
                          "{\"before_run\": [{\"command\": [\"${env:SB_PLAN_TEST_EMPTY}\"]}]}}")
            << route
            << QStringLiteral(
                   "$.configurations[0].hooks.before_run[0].command[0]: the program "
                   "must not be empty (\"${env:SB_PLAN_TEST_EMPTY}\" expands to nothing)");
    }

    void emptyValues()
    {
        QFETCH(QByteArray, configuration);
        QFETCH(QByteArray, route);
        QFETCH(QString, expected);
        qputenv("SB_PLAN_TEST_EMPTY", "");
        const PlanLoad load = loadMem(memPlan(QByteArray(), configuration, route));
        qunsetenv("SB_PLAN_TEST_EMPTY");
        QCOMPARE(load.diagnostics.size(), 1);
        const Diagnostic &d = load.diagnostics[0];
        QCOMPARE(d.jsonPath + QStringLiteral(": ") + d.message, expected);
    }

    // CPU lanes: "cpus" per configuration and for the load engine.
    void cpuSetsInTheFullPlan()
    {
        const PlanLoad load = loadPlan(validPlan("full.json"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->configurations[0].cpus, std::vector<int>{1});
        QVERIFY(load.plan->configurations[1].cpus.empty()); // no key: any CPU
        QCOMPARE(load.plan->load.cpus, std::vector<int>{0});
        QVERIFY(load.warnings.isEmpty());
        const PlanLoad minimal = loadPlan(validPlan("minimal.json"));
        QVERIFY(minimal.plan->load.cpus.empty());
    }

    // "kind": "aa" measures one configuration as two arms; "configuration" names it.
    void aaProfiles_data()
    {
        QTest::addColumn<QByteArray>("profile");
        QTest::addColumn<QString>("error");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("configuration");
        QTest::newRow("matrix by default") << QByteArray("{\"concurrency\": [1]}") << QString()
                                           << int(Profile::Kind::Matrix) << QString();
        QTest::newRow("aa, first by default")
            << QByteArray("{\"kind\": \"aa\", \"concurrency\": [1]}") << QString()
            << int(Profile::Kind::AA) << QStringLiteral("a");
        QTest::newRow("aa, named") << QByteArray("{\"kind\": \"aa\", \"configuration\": \"b\", "
                                                 "\"concurrency\": [1]}")
                                   << QString() << int(Profile::Kind::AA) << QStringLiteral("b");
        QTest::newRow("unknown configuration")
            << QByteArray("{\"kind\": \"aa\", \"configuration\": \"c\", \"concurrency\": [1]}")
            << QStringLiteral("$.profiles.q.configuration: no configuration \"c\" in the plan") << 0
            << QString();
        QTest::newRow("configuration without aa")
            << QByteArray("{\"configuration\": \"a\", \"concurrency\": [1]}")
            << QStringLiteral("$.profiles.q.configuration: \"configuration\" belongs to an A/A "
                              "profile (\"kind\": \"aa\")")
            << 0 << QString();
        QTest::newRow("aa with one process for the run")
            << QByteArray("{\"kind\": \"aa\", \"process\": \"once\", \"concurrency\": [1]}")
            << QStringLiteral("$.profiles.q.process: an A/A profile starts its arms' processes "
                              "fresh: use \"round\" or \"window\", not \"once\"")
            << 0 << QString();
        QTest::newRow("unknown kind")
            << QByteArray("{\"kind\": \"ab\", \"concurrency\": [1]}")
            << QStringLiteral(
                   "$.profiles.q.kind: invalid value \"ab\"; allowed: \"matrix\", \"aa\"")
            << 0 << QString();
    }

    void aaProfiles()
    {
        QFETCH(QByteArray, profile);
        QFETCH(QString, error);
        QFETCH(int, kind);
        QFETCH(QString, configuration);
        const QByteArray text =
            "{\"format\": 1, \"name\": \"aa\", \"configurations\": [{\"name\": \"a\", "
            "\"command\": [\"s\"], \"port\": 9000}, {\"name\": \"b\", \"command\": [\"s\"], "
            "\"port\": 9001}],\n\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n"
            "\"profiles\": {\"q\": " +
            profile + "}}";
        const PlanLoad result = loadMem(text);
        if (!error.isEmpty()) {
            QCOMPARE(result.diagnostics.size(), 1);
            const Diagnostic &d = result.diagnostics[0];
            QCOMPARE(d.jsonPath + QStringLiteral(": ") + d.message, error);
            QCOMPARE(d.line, 3);
            return;
        }
        QVERIFY2(result.ok(), qPrintable(result.errorText()));
        QCOMPARE(int(result.plan->profiles[0].kind), kind);
        QCOMPARE(result.plan->profiles[0].aaConfiguration, configuration);
    }

    void cpuSets_data()
    {
        QTest::addColumn<QByteArray>(
            "configurationCpus"); // the members added to each configuration
        QTest::addColumn<QByteArray>("secondCpus");
        QTest::addColumn<QByteArray>("load");      // the "load" object, or empty
        QTest::addColumn<QString>("error");        // the one expected error: path: message
        QTest::addColumn<QStringList>("warnings"); // line:col: path: message

        QTest::newRow("list") << QByteArray(", \"cpus\": \"0-2,5\"") << QByteArray() << QByteArray()
                              << QString() << QStringList();
        QTest::newRow("two configurations overlap: fine")
            << QByteArray(", \"cpus\": \"1\"") << QByteArray(", \"cpus\": \"1\"")
            << QByteArray("{\"cpus\": \"0\"}") << QString() << QStringList();
        QTest::newRow("overlap with the load engine")
            << QByteArray(", \"cpus\": \"0-1\"") << QByteArray(", \"cpus\": \"2\"")
            << QByteArray("{\"cpus\": \"1-2\"}") << QString()
            << QStringList{QStringLiteral("2:67: $.configurations[0].cpus: configuration \"a\" "
                                          "shares CPU 1 with the load engine ($.load.cpus is "
                                          "\"1-2\"): the server and the load generator compete "
                                          "for it"),
                           QStringLiteral("3:67: $.configurations[1].cpus: configuration \"b\" "
                                          "shares CPU 2 with the load engine ($.load.cpus is "
                                          "\"1-2\"): the server and the load generator compete "
                                          "for it")};
        QTest::newRow("same set as the load engine")
            << QByteArray(", \"cpus\": \"0,1\"") << QByteArray()
            << QByteArray("{\"cpus\": \"0-1\"}") << QString()
            << QStringList{QStringLiteral("2:67: $.configurations[0].cpus: configuration \"a\" "
                                          "shares CPUs 0-1 with the load engine ($.load.cpus is "
                                          "\"0-1\"): the server and the load generator compete "
                                          "for it")};
        QTest::newRow("syntax")
            << QByteArray(", \"cpus\": \"0-\"") << QByteArray() << QByteArray()
            << QStringLiteral("$.configurations[0].cpus: \"0-\" is not a CPU list like 0-3,6: "
                              "\"0-\" is not a CPU or a range")
            << QStringList();
        QTest::newRow("empty") << QByteArray(", \"cpus\": \"\"") << QByteArray() << QByteArray()
                               << QStringLiteral("$.configurations[0].cpus: \"\" is not a CPU "
                                                 "list like 0-3,6: it is empty")
                               << QStringList();
        QTest::newRow("range") << QByteArray() << QByteArray() << QByteArray("{\"cpus\": \"4096\"}")
                               << QStringLiteral("$.load.cpus: \"4096\" is not a CPU list like "
                                                 "0-3,6: CPU numbers go up to 1023")
                               << QStringList();
        QTest::newRow("a number") << QByteArray(", \"cpus\": 1") << QByteArray() << QByteArray()
                                  << QStringLiteral("$.configurations[0].cpus: expected a CPU "
                                                    "list (\"0-3,6\"), found a number (1)")
                                  << QStringList();
    }

    void cpuSets()
    {
        QFETCH(QByteArray, configurationCpus);
        QFETCH(QByteArray, secondCpus);
        QFETCH(QByteArray, load);
        QFETCH(QString, error);
        QFETCH(QStringList, warnings);
        // Each configuration on a line of its own; the value of "cpus" at column 67.
        const QByteArray configurations =
            "\n{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000, \"cwd\": \".\"" +
            configurationCpus +
            "},\n{\"name\": \"b\", \"command\": [\"s\"], \"port\": 9001, "
            "\"cwd\": \".\"" +
            secondCpus + "}";
        const QByteArray text =
            "{\"format\": 1, \"name\": \"cpus\", \"configurations\": [" + configurations +
            "],\n\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],\n\"profiles\": {\"q\": "
            "{\"concurrency\": [1]}}" +
            (load.isEmpty() ? QByteArray() : ", \"load\": " + load) + "}";
        const PlanLoad result = loadMem(text);
        if (!error.isEmpty()) {
            QCOMPARE(result.diagnostics.size(), 1);
            const Diagnostic &d = result.diagnostics[0];
            QCOMPARE(d.jsonPath + QStringLiteral(": ") + d.message, error);
            QVERIFY(d.line >= 2 && d.column > 1);
            return;
        }
        QVERIFY2(result.ok(), qPrintable(result.errorText())); // warnings do not block
        QStringList got;
        for (const Diagnostic &w : result.warnings) {
            QCOMPARE(w.code, QStringLiteral("plan.cpus-overlap"));
            QCOMPARE(w.file, QStringLiteral("mem.json"));
            got.append(QStringLiteral("%1:%2: %3: %4")
                           .arg(w.line)
                           .arg(w.column)
                           .arg(w.jsonPath, w.message));
        }
        QCOMPARE(got, warnings);
        if (configurationCpus == ", \"cpus\": \"0-2,5\"")
            QCOMPARE(result.plan->configurations[0].cpus, (std::vector<int>{0, 1, 2, 5}));
    }

    // Validation rules not covered by a broken file, on plans held in memory.
    void validationRules_data()
    {
        QTest::addColumn<QByteArray>("fragment"); // replaces @ in a valid plan
        QTest::addColumn<QString>("expected");    // the single expected message (path: message)

        QTest::newRow("valid control") << QByteArray("\"description\": \"d\"") << QString();
        QTest::newRow("description type")
            << QByteArray("\"description\": 5")
            << QStringLiteral("$.description: expected a string, found a number (5)");
        QTest::newRow("empty parity and exclude")
            << QByteArray("\"parity\": [], \"sampler\": {\"exclude\": []}") << QString();
        QTest::newRow("open with zero rate")
            << QByteArray("\"load\": {\"mode\": \"open\", \"rate\": 0}")
            << QStringLiteral("$.load.rate: mode \"open\" needs \"rate\" > 0 "
                              "(requests per second)");
        QTest::newRow("rate in closed mode")
            << QByteArray("\"load\": {\"rate\": 10}")
            << QStringLiteral("$.load.rate: \"rate\" applies only to mode \"open\"; closed mode "
                              "sends as fast as "
                              "answers come");
        QTest::newRow("interval too small")
            << QByteArray("\"sampler\": {\"interval_ms\": 99}")
            << QStringLiteral("$.sampler.interval_ms: must be between 100 and "
                              "60000, found 99");
        QTest::newRow("fractional integer")
            << QByteArray("\"load\": {\"threads\": 1.5}")
            << QStringLiteral("$.load.threads: expected an integer, found 1.5");
        QTest::newRow("gate not positive")
            << QByteArray("\"sampler\": {\"foreign_gate_pct\": 0}")
            << QStringLiteral("$.sampler.foreign_gate_pct: must be greater than 0, "
                              "found 0");
        QTest::newRow("unknown top-level key, no hint")
            << QByteArray("\"zzz\": 1")
            << QStringLiteral(
                   "$.zzz: unknown key \"zzz\" at $; allowed keys: \"format\", \"name\", "
                   "\"description\", \"database\", \"configurations\", \"routes\", \"parity\", "
                   "\"hooks\", \"sampler\", \"load\", \"profiles\", \"variables\", "
                   "\"secret_headers\", \"default_profile\", \"baseline\", \"hosts\"");
        QTest::newRow("hook with sql and command")
            << QByteArray("\"database\": {\"driver\": \"QSQLITE\", \"name\": \":memory:\"},"
                          "\n"
                          "\"hooks\": {\"before_run\": [{\"sql\": \"x\", \"command\": [\"y\"]}]}")
            << QStringLiteral(
                   "$.hooks.before_run[0]: a hook has either \"sql\" or \"command\", not both");
        QTest::newRow("hook with neither")
            << QByteArray("\"hooks\": {\"before_run\": [{\"timeout_s\": 3}]}")
            << QStringLiteral("$.hooks.before_run[0]: missing required key \"sql\" or \"command\"");
        QTest::newRow("port placeholder at top level")
            << QByteArray("\"hooks\": {\"before_run\": [{\"command\": [\"echo\", \"${port}\"]}]}")
            << QStringLiteral(
                   "$.hooks.before_run[0].command[1]: \"${port}\" is only available inside a "
                   "configuration");
        QTest::newRow("unknown placeholder with hint")
            << QByteArray("\"hooks\": {\"before_run\": [{\"command\": [\"${stackbnch}\"]}]}")
            << QStringLiteral("$.hooks.before_run[0].command[0]: unknown placeholder "
                              "\"${stackbnch}\"; did you "
                              "mean \"${stackbench}\"?");
        QTest::newRow("unterminated placeholder")
            << QByteArray("\"hooks\": {\"before_run\": [{\"command\": [\"a${b\"]}]}")
            << QStringLiteral(
                   "$.hooks.before_run[0].command[0]: unterminated placeholder \"${b\"; write "
                   "\"$${\" for a literal \"${\"");
        QTest::newRow("empty field segment")
            << QByteArray("\"parity\": [{\"name\": \"p\", \"path\": \"/\", \"json\": [{\"field\": "
                          "\"a..b\", \"present\": true}]}]")
            << QStringLiteral(
                   "$.parity[0].json[0].field: field \"a..b\" has an empty segment; write a dotted "
                   "path like \"items.0.id\"");
        QTest::newRow("field check needs a test")
            << QByteArray("\"parity\": [{\"name\": \"p\", \"path\": \"/\", \"json\": [{\"field\": "
                          "\"a\"}]}]")
            << QStringLiteral(
                   "$.parity[0].json[0]: missing required key \"present\" or \"equals\"");
        QTest::newRow("bad warmup")
            << QByteArray("\"profiles\": {\"q\": {\"concurrency\": [1], \"warmup\": \"5 sec\"}}")
            << QStringLiteral("$.profiles.q.warmup: invalid warm-up \"5 sec\"; use a "
                              "duration (\"500ms\", \"5s\", \"2m\") or a request count "
                              "(\"1000req\")");
        QTest::newRow("duplicate concurrency")
            << QByteArray("\"profiles\": {\"q\": {\"concurrency\": [1, 1]}}")
            << QStringLiteral("$.profiles.q.concurrency[1]: duplicate concurrency 1");
        QTest::newRow("concurrency range")
            << QByteArray("\"profiles\": {\"q\": {\"concurrency\": [100001]}}")
            << QStringLiteral(
                   "$.profiles.q.concurrency[0]: must be between 1 and 100000, found 100001");
        QTest::newRow("no profiles")
            << QByteArray("\"profiles\": {}")
            << QStringLiteral("$.profiles: at least one profile is required (e.g. "
                              "\"quick\")");
        QTest::newRow("format 2 rejected")
            << QByteArray("\"format\": 2")
            << QStringLiteral("$.format: unsupported format 2; this version of "
                              "Stackbench reads format 1");
    }

    void validationRules()
    {
        QFETCH(QByteArray, fragment);
        QFETCH(QString, expected);
        // A valid plan; keys given by the fragment replace the defaults written here.
        QByteArray base =
            "{\"format\": 1, \"name\": \"mem\","
            "\n"
            "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}],"
            "\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],"
            "\n"
            "\"profiles\": {\"quick\": {\"concurrency\": [1]}}, @}";
        const QByteArray key = fragment.mid(0, fragment.indexOf(':'));
        if (key == "\"profiles\"")
            base.replace("\"profiles\": {\"quick\": {\"concurrency\": [1]}}, ", "");
        if (key == "\"format\"")
            base.replace("\"format\": 1, ", "");
        base.replace('@', fragment);
        const PlanLoad load = parsePlan(base, QStringLiteral("mem.json"), QDir::tempPath());
        if (expected.isEmpty()) {
            QVERIFY2(load.ok(), qPrintable(load.errorText()));
            return;
        }
        QCOMPARE(load.diagnostics.size(), 1);
        const Diagnostic &d = load.diagnostics[0];
        QCOMPARE(d.file, QStringLiteral("mem.json"));
        QVERIFY(d.line >= 1 && d.column >= 1);
        QCOMPARE(d.jsonPath + QStringLiteral(": ") + d.message, expected);
    }

    // Every duration, rate and count is checked by the one grammar (core/duration.h) before use,
    // and the message gives the real bound.
    void valuesAreBounded_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected"); // path: message
        QTest::addColumn<QString>("code");

        const QByteArray conf = "{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000";
        auto profile = [](const QByteArray &members) {
            return memPlan(QByteArray(), "{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}",
                           "{\"name\": \"r\", \"path\": \"/\"}",
                           "{\"concurrency\": [1], " + members + "}");
        };
        QTest::newRow("request timeout 1e10 s")
            << memPlan("\"load\": {\"timeout_s\": 1e10}")
            << QStringLiteral("$.load.timeout_s: must be at most 1 day, not \"1e10\"")
            << QStringLiteral("plan.range");
        QTest::newRow("request timeout 0")
            << memPlan("\"load\": {\"timeout_s\": 0}")
            << QStringLiteral("$.load.timeout_s: must be above 0, not \"0\"")
            << QStringLiteral("plan.range");
        QTest::newRow("request timeout below 1 ms")
            << memPlan("\"load\": {\"timeout_s\": 0.0001}")
            << QStringLiteral("$.load.timeout_s: must be at least 1 ms, not \"0.0001\"")
            << QStringLiteral("plan.range");
        QTest::newRow("measure 1e300 s")
            << profile("\"measure_s\": 1e300")
            << QStringLiteral("$.profiles.q.measure_s: must be at most 1 day, not \"1e300\"")
            << QStringLiteral("plan.range");
        QTest::newRow("measure a day and a millisecond")
            << profile("\"measure_s\": 86400.001")
            << QStringLiteral("$.profiles.q.measure_s: must be at most 1 day, not \"86400.001\"")
            << QStringLiteral("plan.range");
        QTest::newRow("negative settle")
            << profile("\"settle_s\": -1")
            << QStringLiteral("$.profiles.q.settle_s: must not be negative, not \"-1\"")
            << QStringLiteral("plan.range");
        QTest::newRow("pairs without a process per window")
            << profile("\"order\": \"pairs\"")
            << QStringLiteral("$.profiles.q.order: \"order\": \"pairs\" starts a fresh process for "
                              "every window: add \"process\": \"window\"")
            << QStringLiteral("plan.value");
        QTest::newRow("profile rate 0")
            << profile("\"rate\": 0")
            << QStringLiteral(
                   "$.profiles.q.rate: must be at least 0.01 requests per second, not \"0\"")
            << QStringLiteral("plan.range");
        QTest::newRow("profile rate as text")
            << profile("\"rate\": \"fast\"")
            << QStringLiteral("$.profiles.q.rate: expected a number of requests per second, found "
                              "a string (\"fast\")")
            << QStringLiteral("plan.type");
        QTest::newRow("cooldown a year")
            << profile("\"cooldown_s\": 31536000")
            << QStringLiteral("$.profiles.q.cooldown_s: must be at most 1 day, not \"31536000\"")
            << QStringLiteral("plan.range");
        QTest::newRow("warm-up 1e300 s as a number")
            << profile("\"warmup\": 1e300")
            << QStringLiteral("$.profiles.q.warmup: must be at most 1 day, not \"1e300\"")
            << QStringLiteral("plan.range");
        QTest::newRow("warm-up 25h")
            << profile("\"warmup\": \"25h\"")
            << QStringLiteral("$.profiles.q.warmup: must be at most 1 day, not \"25h\"")
            << QStringLiteral("plan.range");
        QTest::newRow("warm-up 1e300s")
            << profile("\"warmup\": \"1e300s\"")
            << QStringLiteral("$.profiles.q.warmup: must be at most 1 day, not \"1e300s\"")
            << QStringLiteral("plan.range");
        QTest::newRow("warm-up 10^13 requests")
            << profile("\"warmup\": \"10000000000000req\"")
            << QStringLiteral("$.profiles.q.warmup: a request count must be at most "
                              "1000000000000, not \"10000000000000\"")
            << QStringLiteral("plan.range");
        QTest::newRow("warm-up in days")
            << profile("\"warmup\": \"1d\"")
            << QStringLiteral("$.profiles.q.warmup: invalid warm-up \"1d\"; use a duration "
                              "(\"500ms\", \"5s\", \"2m\") or a request count (\"1000req\")")
            << QStringLiteral("plan.value");
        QTest::newRow("ready timeout 1e10 s")
            << memPlan(QByteArray(), conf + ", \"ready\": {\"timeout_s\": 1e10}}")
            << QStringLiteral(
                   "$.configurations[0].ready.timeout_s: must be at most 1 day, not \"1e10\"")
            << QStringLiteral("plan.range");
        QTest::newRow("stop grace 1e10 s")
            << memPlan(QByteArray(), conf + ", \"stop\": {\"grace_s\": 1e10}}")
            << QStringLiteral(
                   "$.configurations[0].stop.grace_s: must be at most 1 day, not \"1e10\"")
            << QStringLiteral("plan.range");
        QTest::newRow("hook timeout 1e10 s")
            << memPlan("\"hooks\": {\"before_run\": [{\"command\": [\"x\"], \"timeout_s\": 1e10}]}")
            << QStringLiteral(
                   "$.hooks.before_run[0].timeout_s: must be at most 1 day, not \"1e10\"")
            << QStringLiteral("plan.range");
        QTest::newRow("sleep gap 1e10 s")
            << memPlan("\"sampler\": {\"sleep_gap_s\": 1e10}")
            << QStringLiteral("$.sampler.sleep_gap_s: must be at most 1 day, not \"1e10\"")
            << QStringLiteral("plan.range");
        QTest::newRow("rate 1e-10")
            << memPlan("\"load\": {\"mode\": \"open\", \"rate\": 1e-10}")
            << QStringLiteral(
                   "$.load.rate: must be at least 0.01 requests per second, not \"1e-10\"")
            << QStringLiteral("plan.range");
        QTest::newRow("rate 1e8")
            << memPlan("\"load\": {\"mode\": \"open\", \"rate\": 1e8}")
            << QStringLiteral(
                   "$.load.rate: must be at most 10000000 requests per second, not \"1e8\"")
            << QStringLiteral("plan.range");
        QTest::newRow("threads 257")
            << memPlan("\"load\": {\"threads\": 257}")
            << QStringLiteral("$.load.threads: must be between 1 and 256, found 257")
            << QStringLiteral("plan.range");
        QTest::newRow("rounds 1e300")
            << profile("\"rounds\": 1e300")
            << QStringLiteral("$.profiles.q.rounds: must be between 1 and 1000000, found 1e300")
            << QStringLiteral("plan.range");
        QTest::newRow("retries -1")
            << profile("\"retries\": -1")
            << QStringLiteral("$.profiles.q.retries: must be between 0 and 1000, found -1")
            << QStringLiteral("plan.range");
        QTest::newRow("interval 60001 ms")
            << memPlan("\"sampler\": {\"interval_ms\": 60001}")
            << QStringLiteral("$.sampler.interval_ms: must be between 100 and 60000, found 60001")
            << QStringLiteral("plan.range");
    }

    void valuesAreBounded()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        QFETCH(QString, code);
        const PlanLoad load = loadMem(text);
        QCOMPARE(load.diagnostics.size(), 1);
        const Diagnostic &d = load.diagnostics[0];
        QVERIFY(d.line >= 2 && d.column >= 1);
        QCOMPARE(d.jsonPath + QStringLiteral(": ") + d.message, expected);
        QCOMPARE(d.code, code);
    }

    // The warm-up takes the same grammar as the command line: ms, s, m, h, req, and bare seconds.
    void warmupGrammar_data()
    {
        QTest::addColumn<QByteArray>("warmup");
        QTest::addColumn<qint64>("durationMs");
        QTest::addColumn<qint64>("requests");
        QTest::newRow("500ms") << QByteArray("\"500ms\"") << qint64(500) << qint64(0);
        QTest::newRow("1.5s") << QByteArray("\"1.5s\"") << qint64(1500) << qint64(0);
        QTest::newRow("2m") << QByteArray("\"2m\"") << qint64(120000) << qint64(0);
        QTest::newRow("1h") << QByteArray("\"1h\"") << qint64(3600000) << qint64(0);
        QTest::newRow("24h") << QByteArray("\"24h\"") << qint64(86400000) << qint64(0);
        QTest::newRow("bare seconds") << QByteArray("\"5\"") << qint64(5000) << qint64(0);
        QTest::newRow("1000req") << QByteArray("\"1000req\"") << qint64(0) << qint64(1000);
        QTest::newRow("number") << QByteArray("2.5") << qint64(2500) << qint64(0);
        QTest::newRow("none") << QByteArray("\"0\"") << qint64(0) << qint64(0);
    }

    void warmupGrammar()
    {
        QFETCH(QByteArray, warmup);
        QFETCH(qint64, durationMs);
        QFETCH(qint64, requests);
        const PlanLoad load =
            loadMem(memPlan(QByteArray(), "{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}",
                            "{\"name\": \"r\", \"path\": \"/\"}",
                            "{\"concurrency\": [1], \"warmup\": " + warmup + "}"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const Warmup &w = load.plan->profiles[0].warmup;
        QCOMPARE(w.durationMs, durationMs);
        QCOMPARE(w.requests, requests);
        QCOMPARE(w.kind, requests ? Warmup::Kind::Requests : Warmup::Kind::Duration);
    }

    void placeholders()
    {
        qputenv("SB_PLAN_TEST_PLACE", "from-env");
        const QByteArray text =
            "{\"format\": 1, \"name\": \"p\","
            "\n"
            "\"configurations\": [{\"name\": \"a\", \"base_url\": \"http://127.0.0.1:7001\","
            "\n"
            "\"command\": [\"${tool}\", \"--at\", \"${port}\", \"$${literal}\", "
            "\"${env:SB_PLAN_TEST_PLACE}-x\"]}],"
            "\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}],"
            "\n"
            "\"profiles\": {\"quick\": {\"concurrency\": [1]}}}";
        const PlanLoad load = parsePlan(text, QStringLiteral("p.json"), QDir::tempPath(),
                                        {{QStringLiteral("tool"), QStringLiteral("/bin/tool")}});
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const Configuration &c = load.plan->configurations[0];
        QCOMPARE(c.port, 7001); // taken from base_url
        QCOMPARE(c.command, (QStringList{QStringLiteral("/bin/tool"), QStringLiteral("--at"),
                                         QStringLiteral("7001"), QStringLiteral("${literal}"),
                                         QStringLiteral("from-env-x")}));
        QVERIFY(load.plan->filePath.isEmpty());

        // A changed environment changes the resolved value: resolution happens at load time.
        qputenv("SB_PLAN_TEST_PLACE", "changed");
        const PlanLoad again = parsePlan(text, QStringLiteral("p.json"), QDir::tempPath(),
                                         {{QStringLiteral("tool"), QStringLiteral("/bin/tool")}});
        QVERIFY(again.ok());
        QCOMPARE(again.plan->configurations[0].command.last(), QStringLiteral("changed-x"));
        qunsetenv("SB_PLAN_TEST_PLACE");
    }

    void secretsAreRedacted()
    {
        const PlanLoad load = loadPlan(validPlan("full.json"),
                                       {{QStringLiteral("stackbench"), QStringLiteral("sb")}});
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const Plan &plan = *load.plan;

        // The file holds the literal secrets; the redacted text does not.
        QVERIFY(plan.text.contains("k-12345"));
        QVERIFY(plan.text.contains("hunter2-"));
        const QByteArray redacted = plan.redactedText();
        QVERIFY(!redacted.contains("k-12345"));
        QVERIFY(!redacted.contains("hunter2-"));
        QVERIFY(!redacted.contains(kToken));
        QCOMPARE(redacted.count("\"<secret>\""), 3);
        // The API key typed again in a header is caught too.
        QVERIFY(redacted.contains("\"Authorization\": \"<secret>\""));
        QVERIFY(redacted.contains("\"API_KEY\": \"<secret>\""));
        QVERIFY(redacted.contains("\"password\": \"<secret>\""));
        // A pure environment reference holds no secret and stays, so the plan can be run again.
        QVERIFY(redacted.contains("\"TOKEN\": \"${env:SB_PLAN_TEST_TOKEN}\""));
        // Everything else is byte-for-byte the same, and the result is still valid.
        QVERIFY(redacted.contains("\"MODE\": \"prod-${port}\""));
        const PlanLoad reparsed = parsePlan(redacted, QStringLiteral("redacted.json"), plan.baseDir,
                                            {{QStringLiteral("stackbench"), QStringLiteral("sb")}});
        QVERIFY2(reparsed.ok(), qPrintable(reparsed.errorText()));
        QCOMPARE(reparsed.plan->configurations[0].env.value(QStringLiteral("API_KEY")),
                 QStringLiteral("<secret>"));

        const QMap<QString, QString> env = plan.configurations[0].redactedEnv();
        QCOMPARE(env.value(QStringLiteral("TOKEN")), QStringLiteral("<secret>"));
        QCOMPARE(env.value(QStringLiteral("API_KEY")), QStringLiteral("<secret>"));
        QCOMPARE(env.value(QStringLiteral("MODE")), QStringLiteral("prod-18080"));
        QCOMPARE(plan.configurations[0].env.value(QStringLiteral("TOKEN")),
                 QString::fromLatin1(kToken));

        QVERIFY(plan.secretValues.contains(QString::fromLatin1(kToken)));
        QVERIFY(plan.secretValues.contains(QStringLiteral("k-12345")));
        QVERIFY(plan.secretValues.contains(QStringLiteral("hunter2-") + QLatin1String(kUser)));
        QVERIFY(!plan.secretValues.contains(QStringLiteral("prod-18080")));
        const QString line =
            QStringLiteral("curl -H 'X: %1' --key k-12345").arg(QLatin1String(kToken));
        QCOMPARE(plan.redact(line), QStringLiteral("curl -H 'X: <secret>' --key <secret>"));
    }

    void secretEnvMustNameAnEnvKey()
    {
        const QByteArray text = "{\"format\": 1, \"name\": \"s\","
                                "\n"
                                "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], "
                                "\"port\": 1, \"env\": {\"A\": \"1\"},"
                                "\n"
                                "\"secret_env\": [\"A\", \"B\"]}],"
                                "\n"
                                "\"routes\": [{\"name\": \"r\", \"path\": \"/\"}], \"profiles\": "
                                "{\"quick\": {\"concurrency\": [1]}}}";
        const PlanLoad load = parsePlan(text, QStringLiteral("s.json"), QDir::tempPath());
        QCOMPARE(messages(load),
                 QStringList{QStringLiteral(
                     "s.json:3:21: $.configurations[0].secret_env[1]: secret_env names \"B\", "
                     "which is not a key of \"env\"")});
    }

    void parityCheckResponse()
    {
        ParityCheck check;
        check.method = QStringLiteral("GET");
        check.path = QStringLiteral("/users/1");
        check.expectStatus = 200;
        check.contentType = QStringLiteral("application/json");
        JsonFieldCheck id;
        id.field = QStringLiteral("items.0.id");
        id.segments = id.field.split(QLatin1Char('.'));
        id.equals = QJsonValue(7);
        JsonFieldCheck gone;
        gone.field = QStringLiteral("secret");
        gone.segments = {gone.field};
        gone.present = false;
        check.json = {id, gone};

        const QByteArray good = "{\"items\": [{\"id\": 7}]}";
        QCOMPARE(check.checkResponse(200, "application/json; charset=utf-8", good), QString());
        QCOMPARE(check.checkResponse(404, "application/json", good),
                 QStringLiteral("GET /users/1 answered status 404, expected 200"));
        QCOMPARE(
            check.checkResponse(200, "text/html", good),
            QStringLiteral(
                "GET /users/1 answered Content-Type \"text/html\", expected \"application/json\""));
        QCOMPARE(check.checkResponse(200, "application/json", "{\"items\": [{\"id\": 8}]}"),
                 QStringLiteral("GET /users/1: field \"items.0.id\" is 8, expected 7"));
        QCOMPARE(check.checkResponse(200, "application/json", "{\"items\": []}"),
                 QStringLiteral("GET /users/1: field \"items.0.id\" is missing"));
        QCOMPARE(check.checkResponse(200, "application/json",
                                     "{\"items\": [{\"id\": 7}], \"secret\": 1}"),
                 QStringLiteral("GET /users/1: field \"secret\" is present, expected it absent"));
        QVERIFY(check.checkResponse(200, "application/json", "not json")
                    .contains(QLatin1String("not JSON")));
    }

    // ---- placeholders in every field (item 1)

    void envPlaceholderExpandsInEveryField_data() { planslots::slotRows(); }

    void envPlaceholderExpandsInEveryField()
    {
        QFETCH(QString, slot);
        QFETCH(QByteArray, json);
        QFETCH(QString, value);
        QByteArray text = planslots::slotsPlan(slot, json);
        text.replace("%P", "${env:SB_KEYS_VALUE}");
        const PlanLoad load = loadMem(text);
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(planslots::slotValue(*load.plan, slot),
                 value.replace(QLatin1Char('V'), QStringLiteral("v4l-ue")));
    }

    void unsetEnvIsAnErrorInEveryField_data() { planslots::slotRows(); }

    void unsetEnvIsAnErrorInEveryField()
    {
        QFETCH(QString, slot);
        QFETCH(QByteArray, json);
        QFETCH(QString, path);
        QByteArray text = planslots::slotsPlan(slot, json);
        const QString place = planslots::placeOf(text);
        text.replace("%P", "${env:SB_KEYS_UNSET}");
        const PlanLoad load = loadMem(text);
        QCOMPARE(located(load),
                 QStringList{place + QStringLiteral(": ") + path +
                             QStringLiteral(": environment variable \"SB_KEYS_UNSET\" is not set "
                                            "(referenced as \"${env:SB_KEYS_UNSET}\")")});
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.env"));
    }

    void unknownPlaceholderIsAnErrorInEveryField_data() { planslots::slotRows(); }

    void unknownPlaceholderIsAnErrorInEveryField()
    {
        QFETCH(QString, slot);
        QFETCH(QByteArray, json);
        QFETCH(QString, path);
        QByteArray text = planslots::slotsPlan(slot, json);
        const QString place = planslots::placeOf(text);
        text.replace("%P", "${stackbnch}");
        const PlanLoad load = loadMem(text);
        QCOMPARE(located(load),
                 QStringList{place + QStringLiteral(": ") + path +
                             QStringLiteral(": unknown placeholder \"${stackbnch}\"; did you mean "
                                            "\"${stackbench}\"?")});
    }

    // A literal "${" is written "$${" in every field; a JSON body's keys are not expanded.
    void literalDollarBrace()
    {
        const PlanLoad load = loadMem(planslots::slotsPlan(
            QStringLiteral("BODY"), "{\"${k}\": \"$${env:X} and $$ and $\", \"n\": \"$${\"}"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(load.plan->routes[0].body,
                 QByteArray("{\"${k}\":\"${env:X} and $$ and $\",\"n\":\"${\"}"));
    }

    void headerNamesAreNotExpanded()
    {
        const PlanLoad load = loadMem(
            "{\"format\": 1, \"name\": \"h\",\n"
            "\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}],\n"
            "\"routes\": [{\"name\": \"r\", \"path\": \"/\", \"headers\": {\"X-${env:A}\": "
            "\"1\"}}],\n"
            "\"profiles\": {\"q\": {\"concurrency\": [1]}}}");
        QCOMPARE(located(load),
                 QStringList{QStringLiteral(
                     "3:51: $.routes[0].headers[\"X-${env:A}\"]: invalid header name "
                     "\"X-${env:A}\": placeholders are not expanded in header names")});
    }

    // A placeholder whose value breaks a request is an error once it is resolved.
    void resolvedValuesAreChecked_data()
    {
        QTest::addColumn<QString>("slot");
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("space in a path")
            << QStringLiteral("PATH") << QByteArray("\"/a/${env:SB_KEYS_SPACE}\"")
            << QStringLiteral("$.routes[0].path: path \"/a/${env:SB_KEYS_SPACE}\" must not contain "
                              "spaces or control characters (once its placeholders are "
                              "resolved); percent-encode them");
        QTest::newRow("path not starting with /")
            << QStringLiteral("PPATH") << QByteArray("\"${env:SB_KEYS_SPACE}\"")
            << QStringLiteral("$.parity[0].path: path \"${env:SB_KEYS_SPACE}\" must start with '/' "
                              "(once its placeholders are resolved)");
        QTest::newRow("line break in a header value")
            << QStringLiteral("HEADER") << QByteArray("\"${env:SB_KEYS_NEWLINE}\"")
            << QStringLiteral("$.routes[0].headers.Authorization: a header value must not contain "
                              "line breaks (once its placeholders are resolved)");
    }

    void resolvedValuesAreChecked()
    {
        QFETCH(QString, slot);
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        qputenv("SB_KEYS_SPACE", "a b");
        qputenv("SB_KEYS_NEWLINE", "a\r\nX-Evil: 1");
        const PlanLoad load = loadMem(planslots::slotsPlan(slot, json));
        qunsetenv("SB_KEYS_SPACE");
        qunsetenv("SB_KEYS_NEWLINE");
        QCOMPARE(load.diagnostics.size(), 1);
        QCOMPARE(load.diagnostics[0].jsonPath + QStringLiteral(": ") + load.diagnostics[0].message,
                 expected);
    }

    // ---- the JSON parser -----------------------------------------------------------------------

    void jsonSyntaxErrors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected"); // line:column: path: message

        QTest::newRow("empty") << QByteArray("")
                               << QStringLiteral(
                                      "1:1: $: expected a JSON value, found end of input");
        QTest::newRow("trailing comma in array")
            << QByteArray("{\"a\": [1, 2,\n]}")
            << QStringLiteral("1:12: $.a: trailing comma before ']'");
        QTest::newRow("missing comma in array")
            << QByteArray("[1\n 2]") << QStringLiteral("2:2: $: expected ',' or ']', found '2'");
        QTest::newRow("missing colon")
            << QByteArray("{\"a\" 1}")
            << QStringLiteral("1:6: $: expected ':' after key \"a\", found '1'");
        QTest::newRow("unclosed object")
            << QByteArray("{\"a\": 1")
            << QStringLiteral("1:8: $: expected ',' or '}', found end of input");
        QTest::newRow("control character")
            << QByteArray("{\"a\": \"x\ty\"}")
            << QStringLiteral("1:9: $.a: control character U+0009 inside a string; escape it");
        QTest::newRow("bad escape")
            << QByteArray("{\"a\": \"x\\qy\"}")
            << QStringLiteral("1:9: $.a: invalid escape '\\q' in string; allowed: \\\" "
                              "\\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX");
        QTest::newRow("short \\u")
            << QByteArray("[\"\\u12\"]")
            << QStringLiteral("1:3: $[0]: invalid \\u escape: expected 4 hex digits");
        QTest::newRow("unpaired surrogate")
            << QByteArray("[\"\\ud800x\"]")
            << QStringLiteral("1:3: $[0]: unpaired surrogate \\ud800 in string");
        QTest::newRow("leading zero")
            << QByteArray("[012]")
            << QStringLiteral("1:2: $[0]: numbers must not have leading zeros");
        QTest::newRow("bare dot") << QByteArray("[1.]")
                                  << QStringLiteral(
                                         "1:4: $[0]: expected a digit after '.', found ']'");
        QTest::newRow("comment") << QByteArray("{\n  // note\n}")
                                 << QStringLiteral("2:3: $: comments are not allowed in JSON");
        QTest::newRow("comment as value")
            << QByteArray("[/* x */]")
            << QStringLiteral("1:2: $[0]: comments are not allowed in JSON");
        QTest::newRow("single quotes")
            << QByteArray("{'a': 1}") << QStringLiteral("1:2: $: keys must be in double quotes");
        QTest::newRow("bad literal")
            << QByteArray("[True]")
            << QStringLiteral("1:2: $[0]: invalid literal \"True\"; expected true, false, "
                              "null, a number, a string, an array or an object");
        QTest::newRow("content after value")
            << QByteArray("{} {}")
            << QStringLiteral("1:4: $: expected end of input after the JSON "
                              "value, found '{'");
        QTest::newRow("columns count code points")
            << QByteArray("{\"na\xC3\xAFve\": \"\xE2\x82\xAC\" x}")
            << QStringLiteral("1:15: $: expected ',' or '}', found 'x'");
        QTest::newRow("invalid UTF-8")
            << QByteArray("[\"\xC3\x28\"]") << QStringLiteral("1:3: $[0]: invalid UTF-8 in string");
        QTest::newRow("huge number")
            << QByteArray("[1e400]") << QStringLiteral("1:2: $[0]: number 1e400 is out of range");
        QTest::newRow("nested path")
            << QByteArray("{\"a\": {\"b\": [0, {\"c\": tru}]}}")
            << QStringLiteral("1:23: $.a.b[1].c: invalid literal \"tru\"; expected true, "
                              "false, null, a number, a string, an array or an object");
    }

    void jsonSyntaxErrors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const JsonParseResult r = parseJson(text);
        QCOMPARE(r.issues.size(), 1);
        const JsonIssue &i = r.issues[0];
        // A missing or trailing comma is repaired (parsing goes on); any other error stops it.
        QVERIFY(i.fatal != i.syntax);
        QCOMPARE(r.ok(), i.syntax);
        QCOMPARE(QStringLiteral("%1:%2: %3: %4").arg(i.line).arg(i.column).arg(i.path, i.message),
                 expected);
    }

    void jsonValuesAndPositions()
    {
        const QByteArray text =
            "\xEF\xBB\xBF{\n"
            "  \"s\": \"a\\\"b\\u00e9\\ud83d\\ude00\\n\",\n"
            "  \"n\": -1.5e2, \"i\": 0, \"t\": true, \"f\": false, \"z\": null,\n"
            "\t\"arr\": [ {}, [] ],\n"
            "  \"odd key\": 1\n"
            "}";
        const JsonParseResult r = parseJson(text);
        QVERIFY(r.ok());
        QVERIFY(r.issues.isEmpty());
        const JsonValue &root = r.root;
        QVERIFY(root.isObject());
        QCOMPARE(root.line, 1);
        QCOMPARE(root.column, 1); // the BOM does not count
        QCOMPARE(root.members.size(), size_t(8));
        const JsonMember *s = root.member(u"s");
        QVERIFY(s);
        QCOMPARE(s->line, 2);
        QCOMPARE(s->column, 3);
        QCOMPARE(s->value.line, 2);
        QCOMPARE(s->value.column, 8);
        QCOMPARE(s->value.string, QString::fromUtf8("a\"b\xC3\xA9\xF0\x9F\x98\x80\n"));
        QCOMPARE(text.mid(s->value.offset, s->value.length),
                 QByteArray("\"a\\\"b\\u00e9\\ud83d\\ude00\\n\""));
        const JsonValue *n = root.value(u"n");
        QCOMPARE(n->number, -150.0);
        QCOMPARE(n->numberText, QByteArray("-1.5e2"));
        QCOMPARE(n->line, 3);
        QCOMPARE(n->column, 8);
        QCOMPARE(root.value(u"t")->boolean, true);
        QVERIFY(root.value(u"f")->isBool() && !root.value(u"f")->boolean);
        QVERIFY(root.value(u"z")->isNull());
        const JsonMember *arr = root.member(u"arr");
        QCOMPARE(arr->line, 4);
        QCOMPARE(arr->column, 2); // a tab is one column
        QCOMPARE(arr->value.items.size(), size_t(2));
        QCOMPARE(arr->value.items[1].column, 15);
        QCOMPARE(root.toCompactJson(),
                 QByteArray("{\"s\":\"a\\\"b"
                            "\xC3\xA9\xF0\x9F\x98\x80"
                            "\\n\",\"n\":-1.5e2,\"i\":0,\"t\":true,\"f\":false,"
                            "\"z\":null,\"arr\":[{},[]],\"odd key\":1}"));
        const QJsonObject o = root.toQJsonValue().toObject();
        QCOMPARE(o.value(QStringLiteral("n")).toDouble(), -150.0);
        QCOMPARE(o.value(QStringLiteral("arr")).toArray().size(), 2);
        QCOMPARE(jsonChildPath(QStringLiteral("$"), QStringLiteral("odd key")),
                 QStringLiteral("$[\"odd key\"]"));
        QCOMPARE(jsonIndexPath(QStringLiteral("$.a"), 3), QStringLiteral("$.a[3]"));
    }

    void jsonDuplicateKeysAreReportedAndParsingGoesOn()
    {
        const JsonParseResult r =
            parseJson("{\"a\": 1,\n \"b\": {\"x\": 1, \"x\": 2},\n \"a\": 3}");
        QVERIFY(r.ok());
        QCOMPARE(r.issues.size(), 2);
        QVERIFY(!r.issues[0].fatal && !r.issues[1].fatal);
        QCOMPARE(QStringLiteral("%1:%2: %3: %4")
                     .arg(r.issues[0].line)
                     .arg(r.issues[0].column)
                     .arg(r.issues[0].path, r.issues[0].message),
                 QStringLiteral("2:16: $.b.x: duplicate key \"x\" (first at line 2, column 8)"));
        QCOMPARE(QStringLiteral("%1:%2: %3: %4")
                     .arg(r.issues[1].line)
                     .arg(r.issues[1].column)
                     .arg(r.issues[1].path, r.issues[1].message),
                 QStringLiteral("3:2: $.a: duplicate key \"a\" (first at line 1, column 2)"));
        QCOMPARE(r.root.value(u"a")->number, 1.0); // the first one is kept
        QCOMPARE(r.root.value(u"b")->value(u"x")->number, 1.0);
    }
};

QTEST_GUILESS_MAIN(TestPlan)
#include "tst_plan.moc"
