// Plan variables (issue 8, item 2) and secrets everywhere (item 3, the plan side): the
// "variables" section, ${var:NAME} validated at load and kept as a template in every field,
// withVariables(), checkVariableValues(), signJwt(), and secret headers, secret variables and
// their values redacted from Plan::redact() and Plan::redactedText().

#include "core/qterror.h"
#include "plan/plan.h"
#include "plan/planloader.h"
#include "plan/variables.h"
#include "tst_planslots.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace sb::plan;

namespace {

PlanLoad loadMem(const QByteArray &text)
{
    return parsePlan(text, QStringLiteral("mem.json"), QDir::tempPath());
}

QStringList located(const QList<Diagnostic> &list)
{
    QStringList out;
    for (const Diagnostic &d : list)
        out.append(
            QStringLiteral("%1:%2: %3: %4").arg(d.line).arg(d.column).arg(d.jsonPath, d.message));
    return out;
}

// A plan with `variables` (the object) on line 2, `route` on line 4, `parity` (an array, or
// empty) on line 5 and `extra` top-level members on line 6.
QByteArray plan(const QByteArray &variables, const QByteArray &route,
                const QByteArray &parity = QByteArray(), const QByteArray &extra = QByteArray())
{
    return "{\"format\": 1, \"name\": \"vars\",\n\"variables\": " + variables +
           ",\n\"configurations\": [{\"name\": \"a\", \"command\": [\"s\"], \"port\": 9000}],\n"
           "\"routes\": [" +
           route + "],\n\"parity\": [" + parity +
           "],\n\"profiles\": {\"q\": {\"concurrency\": [1]}}" +
           (extra.isEmpty() ? QByteArray() : ",\n" + extra) + "}";
}

const char kOneCommand[] = "{\"v\": {\"command\": [\"mk\"]}}";

// The slots plan (tst_planslots.h) with one command variable "v" declared on its first line.
QByteArray slotsWithVariable(const QString &slot, const QByteArray &json)
{
    QByteArray text = planslots::slotsPlan(slot, json);
    text.replace("\"name\": \"slots\",",
                 "\"name\": \"slots\", \"variables\": " + QByteArray(kOneCommand) + ",");
    return text;
}

} // namespace

class TestPlanVariables : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        qputenv("SB_VARS_KEY", "env-k3y-value");
        qputenv("SB_VARS_USER", "bench");
    }

    // ---- the "variables" section

    void kindsAndDefaults()
    {
        const PlanLoad load = loadMem(plan(
            "{\"token\": {\"command\": [\"${stackbench}\", \"mktoken\", \"${env:SB_VARS_USER}\"],"
            " \"secret\": true}, \"user\": {\"value\": \"u-${env:SB_VARS_USER}\"}, \"jwt\": "
            "{\"jwt\": {\"secret\": \"${env:SB_VARS_KEY}\"}}}",
            "{\"name\": \"r\", \"path\": \"/${var:user}\"}"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const Plan &p = *load.plan;
        QCOMPARE(p.variables.size(), 3);
        const Variable &token = p.variables[0];
        QCOMPARE(token.name, QStringLiteral("token"));
        QCOMPARE(token.kind, Variable::Kind::Command);
        QCOMPARE(token.command.mid(1),
                 (QStringList{QStringLiteral("mktoken"), QStringLiteral("bench")}));
        QCOMPARE(token.cwd, QDir(QDir::tempPath()).absolutePath());
        QCOMPARE(token.timeoutMs, qint64(30000));
        QVERIFY(token.secret);
        QCOMPARE(token.where, QStringLiteral("mem.json:2:24 at $.variables.token"));
        const Variable &user = p.variables[1];
        QCOMPARE(user.kind, Variable::Kind::Value);
        QCOMPARE(user.value, QStringLiteral("u-bench"));
        QVERIFY(!user.secret);
        const Variable &jwt = *p.variable(QStringLiteral("jwt"));
        QCOMPARE(jwt.kind, Variable::Kind::Jwt);
        QCOMPARE(jwt.jwt.alg, QStringLiteral("HS256"));
        QCOMPARE(jwt.jwt.secret, QStringLiteral("env-k3y-value"));
        QVERIFY(jwt.jwt.claims.isEmpty());
        QCOMPARE(jwt.jwt.expiresInS, qint64(86400));
        QCOMPARE(p.variable(QStringLiteral("nope")), nullptr);
        // The HMAC key is a secret even though the variable is not.
        QVERIFY(p.secretValues.contains(QStringLiteral("env-k3y-value")));
        QVERIFY(!p.secretValues.contains(QStringLiteral("u-bench")));
    }

    void variableErrors_data()
    {
        QTest::addColumn<QByteArray>("variables");
        QTest::addColumn<QString>("expected"); // line:col: path: message
        QTest::newRow("not an object")
            << QByteArray("[]")
            << QStringLiteral("2:14: $.variables: expected an object of variables, found an array");
        QTest::newRow("no kind") << QByteArray("{\"v\": {\"secret\": true}}")
                                 << QStringLiteral("2:20: $.variables.v: missing required key "
                                                   "\"value\", \"command\" or \"jwt\"");
        QTest::newRow("unknown key")
            << QByteArray("{\"v\": {\"valu\": \"x\"}}")
            << QStringLiteral("2:20: $.variables.v: missing required key \"value\", \"command\" "
                              "or \"jwt\"\n2:21: $.variables.v.valu: unknown key \"valu\" at "
                              "$.variables.v; did you mean \"value\"?");
        QTest::newRow("secret not a boolean")
            << QByteArray("{\"v\": {\"value\": \"x\", \"secret\": \"yes\"}}")
            << QStringLiteral("2:45: $.variables.v.secret: expected a boolean, found a string "
                              "(\"yes\")");
        QTest::newRow("cwd on a JWT")
            << QByteArray("{\"v\": {\"jwt\": {\"secret\": \"k\"}, \"cwd\": \".\"}}")
            << QStringLiteral(
                   "2:52: $.variables.v.cwd: \"cwd\" applies to a command variable only");
        QTest::newRow("empty command")
            << QByteArray("{\"v\": {\"command\": []}}")
            << QStringLiteral("2:32: $.variables.v.command: must not be empty: give the program "
                              "and its arguments");
        QTest::newRow("missing cwd") << QByteArray("{\"v\": {\"command\": [\"x\"], \"cwd\": "
                                                   "\"no-such-dir-p8\"}}")
                                     << QStringLiteral("2:46: $.variables.v.cwd: working directory "
                                                       "\"no-such-dir-p8\" does not exist "
                                                       "(resolved to %T/no-such-dir-p8)");
        QTest::newRow("port in a variable")
            << QByteArray("{\"v\": {\"value\": \"${port}\"}}")
            << QStringLiteral("2:30: $.variables.v.value: \"${port}\" is only available inside a "
                              "configuration");
        QTest::newRow("unset env")
            << QByteArray("{\"v\": {\"value\": \"${env:SB_VARS_UNSET}\"}}")
            << QStringLiteral("2:30: $.variables.v.value: environment variable \"SB_VARS_UNSET\" "
                              "is not set (referenced as \"${env:SB_VARS_UNSET}\")");
        QTest::newRow("JWT secret empty once resolved")
            << QByteArray("{\"v\": {\"jwt\": {\"secret\": \"${env:SB_VARS_EMPTY}\"}}}")
            << QStringLiteral("2:39: $.variables.v.jwt.secret: must not be empty "
                              "(\"${env:SB_VARS_EMPTY}\" expands to nothing)");
        QTest::newRow("JWT claims not an object")
            << QByteArray("{\"v\": {\"jwt\": {\"secret\": \"k\", \"claims\": [1]}}}")
            << QStringLiteral("2:54: $.variables.v.jwt.claims: expected an object of claims, "
                              "found an array");
        QTest::newRow("JWT iat in claims")
            << QByteArray("{\"v\": {\"jwt\": {\"secret\": \"k\", \"claims\": {\"iat\": 1}}}}")
            << QStringLiteral("2:55: $.variables.v.jwt.claims.iat: \"iat\" is set when the token "
                              "is made (from \"expires_in_s\"); remove it");
        QTest::newRow("JWT unset env in a claim")
            << QByteArray("{\"v\": {\"jwt\": {\"secret\": \"k\", \"claims\": {\"sub\": "
                          "\"${env:SB_VARS_UNSET}\"}}}}")
            << QStringLiteral("2:62: $.variables.v.jwt.claims.sub: environment variable "
                              "\"SB_VARS_UNSET\" is not set (referenced as "
                              "\"${env:SB_VARS_UNSET}\")");
        QTest::newRow("JWT lifetime 0")
            << QByteArray("{\"v\": {\"jwt\": {\"secret\": \"k\", \"expires_in_s\": 0}}}")
            << QStringLiteral(
                   "2:60: $.variables.v.jwt.expires_in_s: must be at least 1 s, not \"0\"");
        QTest::newRow("duplicate name")
            << QByteArray("{\"v\": {\"value\": \"1\"}, \"v\": {\"value\": \"2\"}}")
            << QStringLiteral("2:36: $.variables.v: duplicate key \"v\" (first at line 2, "
                              "column 15)");
    }

    void variableErrors()
    {
        QFETCH(QByteArray, variables);
        QFETCH(QString, expected);
        qputenv("SB_VARS_EMPTY", "");
        const PlanLoad load = loadMem(plan(variables, "{\"name\": \"r\", \"path\": \"/\"}"));
        qunsetenv("SB_VARS_EMPTY");
        QCOMPARE(located(load.diagnostics).join(QLatin1Char('\n')),
                 expected.replace(QLatin1String("%T"), QDir(QDir::tempPath()).absolutePath()));
    }

    // ---- ${var:NAME} in every field: validated at load, kept, filled by withVariables()

    void variableIsKeptAndFilledInEveryField_data() { planslots::slotRows(); }

    void variableIsKeptAndFilledInEveryField()
    {
        QFETCH(QString, slot);
        QFETCH(QByteArray, json);
        QFETCH(QString, value);
        QFETCH(QString, path);
        QByteArray text = slotsWithVariable(slot, json);
        const QString place = planslots::placeOf(text);
        text.replace("%P", "${var:v}");
        const PlanLoad load = loadMem(text);
        if (slot == QLatin1String("DBUSER")) {
            QCOMPARE(located(load.diagnostics),
                     QStringList{place + QStringLiteral(": ") + path +
                                 QStringLiteral(": \"${var:v}\" is not available here: the "
                                                "database settings are needed before a run "
                                                "starts; use ${env:NAME}")});
            return;
        }
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        // Kept as written until the run knows the value.
        const QString kept = planslots::slotValue(*load.plan, slot);
        QCOMPARE(kept, QString(value).replace(QLatin1Char('V'), QStringLiteral("${var:v}")));
        QVERIFY(isTemplate(kept));
        QCOMPARE(templateVariables(kept), QStringList{QStringLiteral("v")});
        // A value with a '$' and a quote: inserted as it is, JSON-escaped in a JSON body.
        const QString v = QStringLiteral("t$k\"n");
        const Plan filled = withVariables(*load.plan, {{QStringLiteral("v"), v}});
        const bool jsonBody =
            slot.endsWith(QLatin1String("BODY")) && (json.startsWith('{') || json.startsWith('['));
        const QString inserted = jsonBody ? QStringLiteral("t$k\\\"n") : v;
        QCOMPARE(planslots::slotValue(filled, slot), value.replace(QLatin1Char('V'), inserted));
        QVERIFY(!isTemplate(planslots::slotValue(filled, slot)));
    }

    void unknownVariableInEveryField_data() { planslots::slotRows(); }

    void unknownVariableInEveryField()
    {
        QFETCH(QString, slot);
        QFETCH(QByteArray, json);
        QFETCH(QString, path);
        QByteArray text = slotsWithVariable(slot, json);
        const QString place = planslots::placeOf(text);
        text.replace("%P", "${var:nope}");
        const PlanLoad load = loadMem(text);
        const QString message =
            slot == QLatin1String("DBUSER")
                ? QStringLiteral("\"${var:nope}\" is not available here: the database settings "
                                 "are needed before a run starts; use ${env:NAME}")
                : QStringLiteral("unknown variable \"${var:nope}\"; the plan's variables are: "
                                 "\"v\"");
        QCOMPARE(located(load.diagnostics),
                 QStringList{place + QStringLiteral(": ") + path + QStringLiteral(": ") + message});
        QCOMPARE(load.diagnostics[0].code, QStringLiteral("plan.placeholder"));
    }

    void variableHints_data()
    {
        QTest::addColumn<QByteArray>("variables");
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<QString>("expected");
        QTest::newRow("typo") << QByteArray("{\"token\": {\"value\": \"t\"}}")
                              << QByteArray("/${var:tokn}")
                              << QStringLiteral("4:34: $.routes[0].path: unknown variable "
                                                "\"${var:tokn}\"; did you mean \"${var:token}\"?");
        QTest::newRow("no variables")
            << QByteArray("{}") << QByteArray("/${var:token}")
            << QStringLiteral("4:34: $.routes[0].path: unknown variable \"${var:token}\": the plan "
                              "has no \"variables\"");
        QTest::newRow("without var:")
            << QByteArray("{\"token\": {\"value\": \"t\"}}") << QByteArray("/${token}")
            << QStringLiteral("4:34: $.routes[0].path: unknown placeholder \"${token}\"; did you "
                              "mean \"${var:token}\"?");
        QTest::newRow("an invalid variable is still known")
            << QByteArray("{\"token\": {\"value\": 5}}") << QByteArray("/${var:token}")
            << QStringLiteral("2:34: $.variables.token.value: expected a string, found a number "
                              "(5)");
    }

    void variableHints()
    {
        QFETCH(QByteArray, variables);
        QFETCH(QByteArray, path);
        QFETCH(QString, expected);
        const PlanLoad load =
            loadMem(plan(variables, "{\"name\": \"r\", \"path\": \"" + path + "\"}"));
        QCOMPARE(located(load.diagnostics), QStringList{expected});
    }

    // ---- templates

    void fillTemplate_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("final string unchanged")
            << QStringLiteral("a $$ b ${x}") << false << QStringLiteral("a $$ b ${x}");
        QTest::newRow("one reference")
            << QStringLiteral("Bearer ${var:t}") << false << QStringLiteral("Bearer T\"1");
        QTest::newRow("doubled dollars")
            << QStringLiteral("$$1 ${var:t}$$$$") << false << QStringLiteral("$1 T\"1$$");
        QTest::newRow("missing value stays") << QStringLiteral("${var:t}/${var:none}") << false
                                             << QStringLiteral("T\"1/${var:none}");
        QTest::newRow("JSON-escaped") << QStringLiteral("{\"a\":\"${var:t}\"}") << true
                                      << QStringLiteral("{\"a\":\"T\\\"1\"}");
        QTest::newRow("a value that looks like a reference is not read again")
            << QStringLiteral("${var:loop}") << false << QStringLiteral("${var:t}");
    }

    void fillTemplate()
    {
        QFETCH(QString, text);
        QFETCH(bool, json);
        QFETCH(QString, expected);
        const VariableValues values = {{QStringLiteral("t"), QStringLiteral("T\"1")},
                                       {QStringLiteral("loop"), QStringLiteral("${var:t}")}};
        QCOMPARE(sb::plan::fillTemplate(text, values, json ? Insert::JsonString : Insert::Raw),
                 expected);
    }

    // Literal "$" and "${" survive the round trip through a template, also in a string with no
    // reference that would read as one.
    void literalsSurviveTemplates()
    {
        const PlanLoad load =
            loadMem(plan("{\"v\": {\"command\": [\"x\"]}}",
                         "{\"name\": \"r\", \"method\": \"POST\", \"path\": \"/p$q/${var:v}\", "
                         "\"headers\": {\"X-A\": \"$${var:v} $$ ${var:v}\", \"X-B\": "
                         "\"$${var:v}\", \"X-C\": \"$5 and $${x}\"}, \"body\": {\"$k\": "
                         "\"$${\", \"n\": [\"${var:v}\"]}}"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const Route &kept = load.plan->routes[0];
        QCOMPARE(kept.path, QStringLiteral("/p$$q/${var:v}"));
        QCOMPARE(kept.header(QStringLiteral("X-B")), QStringLiteral("$${var:v}"));   // a template
        QCOMPARE(kept.header(QStringLiteral("X-C")), QStringLiteral("$5 and ${x}")); // final
        const Plan filled = withVariables(*load.plan, {{QStringLiteral("v"), QStringLiteral("V")}});
        const Route &r = filled.routes[0];
        QCOMPARE(r.path, QStringLiteral("/p$q/V"));
        QCOMPARE(r.header(QStringLiteral("X-A")), QStringLiteral("${var:v} $$ V"));
        QCOMPARE(r.header(QStringLiteral("X-B")), QStringLiteral("${var:v}"));
        QCOMPARE(r.header(QStringLiteral("X-C")), QStringLiteral("$5 and ${x}"));
        QCOMPARE(r.body, QByteArray("{\"$k\":\"${\",\"n\":[\"V\"]}"));
    }

    // A value variable fills itself; a value given for it wins.
    void valueVariablesFillThemselves()
    {
        const PlanLoad load = loadMem(plan("{\"user\": {\"value\": \"42\"}}",
                                           "{\"name\": \"r\", \"path\": \"/u/${var:user}\"}"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        QCOMPARE(withVariables(*load.plan, {}).routes[0].path, QStringLiteral("/u/42"));
        QCOMPARE(withVariables(*load.plan, {{QStringLiteral("user"), QStringLiteral("7")}})
                     .routes[0]
                     .path,
                 QStringLiteral("/u/7"));
        QVERIFY(sb::plan::checkVariableValues(*load.plan, {}).ok());
    }

    void checkVariableValues_data()
    {
        QTest::addColumn<QString>("value"); // for "v"; "<none>": no value
        QTest::addColumn<QString>("code");  // empty: ok
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("detail");
        QTest::newRow("fine") << QStringLiteral("tok.123") << QString() << QString() << QString();
        QTest::newRow("no value") << QStringLiteral("<none>") << QStringLiteral("plan.variable")
                                  << QStringLiteral("mem.json:2:20 at $.variables.v")
                                  << QStringLiteral("variable \"v\" has no value");
        QTest::newRow("empty output") << QString() << QStringLiteral("plan.variable")
                                      << QStringLiteral("mem.json:2:20 at $.variables.v")
                                      << QStringLiteral("variable \"v\" is empty: its command "
                                                        "printed nothing");
        QTest::newRow("NUL") << QStringLiteral("a%1b").arg(QChar(0))
                             << QStringLiteral("plan.variable")
                             << QStringLiteral("mem.json:2:20 at $.variables.v")
                             << QStringLiteral("the value of variable \"v\" contains a NUL "
                                               "character");
        QTest::newRow("space in the path")
            << QStringLiteral("a b") << QStringLiteral("plan.variable")
            << QStringLiteral("mem.json:4:12 at $.routes[0]")
            << QStringLiteral("route \"r\": the path is not a request target once ${var:v} is "
                              "filled (spaces or control characters)");
        QTest::newRow("line break: the path is checked first")
            << QStringLiteral("a\nX-Evil: 1") << QStringLiteral("plan.variable")
            << QStringLiteral("mem.json:4:12 at $.routes[0]")
            << QStringLiteral("route \"r\": the path is not a request target once ${var:v} is "
                              "filled (spaces or control characters)");
    }

    void checkVariableValues()
    {
        QFETCH(QString, value);
        QFETCH(QString, code);
        QFETCH(QString, where);
        QFETCH(QString, detail);
        const PlanLoad load = loadMem(
            plan("{\"v\": {\"command\": [\"mk\"]}}", "{\"name\": \"r\", \"path\": \"/${var:v}\"}",
                 "{\"name\": \"p\", \"path\": \"/\", \"headers\": {\"X-T\": \"${var:v}\"}}"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        VariableValues values;
        if (value != QLatin1String("<none>"))
            values.insert(QStringLiteral("v"), value);
        const sb::Status st = sb::plan::checkVariableValues(*load.plan, values);
        if (code.isEmpty()) {
            QVERIFY2(st.ok(), st.ok() ? "" : st.error().toString().c_str());
            return;
        }
        QVERIFY(!st.ok());
        QCOMPARE(sb::qtCode(st.error()), code);
        QCOMPARE(sb::qtWhere(st.error()), where);
        QCOMPARE(sb::qtDetail(st.error()), detail);
    }

    void headerLineBreakFromAVariable()
    {
        const PlanLoad load = loadMem(
            plan("{\"v\": {\"command\": [\"mk\"]}}", "{\"name\": \"r\", \"path\": \"/\"}",
                 "{\"name\": \"p\", \"path\": \"/\", \"headers\": {\"X-T\": \"t ${var:v}\"}}"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const sb::Status st = sb::plan::checkVariableValues(
            *load.plan, {{QStringLiteral("v"), QStringLiteral("a\r\nX-Evil: 1")}});
        QVERIFY(!st.ok());
        QCOMPARE(sb::qtWhere(st.error()), QStringLiteral("mem.json:5:12 at $.parity[0]"));
        QCOMPARE(sb::qtDetail(st.error()),
                 QStringLiteral("parity check \"p\": header \"X-T\" holds a line break once "
                                "${var:v} is filled"));
        QVERIFY(!sb::qtText(st.error()).contains(QLatin1String("Evil")));
    }

    // ---- JSON Web Tokens

    // Known answers computed with Python's hmac and base64 for the same header and claims.
    void signJwtKnownAnswers_data()
    {
        QTest::addColumn<QString>("alg");
        QTest::addColumn<QString>("expected");
        QTest::newRow("HS256") << QStringLiteral("HS256")
                               << QStringLiteral(
                                      "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
                                      "eyJleHAiOjE3MDAwODY0MDAsImlhdCI6MTcwMDAwMDAwMCwibiI6Nywicm9s"
                                      "ZSI6ImJlbmNoIiwic3ViIjoiNDI0MiJ9."
                                      "xN5RLx1ZMXBr81cgMl1Q5BLLPbrlcFSxZHAe0oYZUa4");
        QTest::newRow("HS512")
            << QStringLiteral("HS512")
            << QStringLiteral("eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9."
                              "eyJleHAiOjE3MDAwODY0MDAsImlhdCI6MTcwMDAwMDAwMCwibiI6Nywicm9sZSI6ImJl"
                              "bmNoIiwic3ViIjoiNDI0MiJ9."
                              "5_1DSdIkf42bAz2fdEx_7cfOLgTaz8bk0njDqtM5OCLUMO-"
                              "4yFRnAM2JPL56luI82GzDg0NCHjc9Rpm71RPVmw");
    }

    void signJwtKnownAnswers()
    {
        QFETCH(QString, alg);
        QFETCH(QString, expected);
        Variable::Jwt jwt;
        jwt.alg = alg;
        jwt.secret = QStringLiteral("s3cr3t-key");
        jwt.claims = QJsonObject{{QStringLiteral("sub"), QStringLiteral("4242")},
                                 {QStringLiteral("role"), QStringLiteral("bench")},
                                 {QStringLiteral("n"), 7}};
        jwt.expiresInS = 86400;
        const sb::Result<QString> token = signJwt(jwt, 1700000000);
        QVERIFY(token.ok());
        QCOMPARE(*token, expected);
    }

    void signJwtErrors()
    {
        Variable::Jwt jwt;
        jwt.secret = QStringLiteral("k");
        jwt.alg = QStringLiteral("RS256");
        const sb::Result<QString> bad = signJwt(jwt, 0);
        QVERIFY(!bad.ok());
        QCOMPARE(sb::qtCode(bad.error()), QStringLiteral("plan.jwt"));
        QCOMPARE(sb::qtDetail(bad.error()),
                 QStringLiteral("unsupported JWT algorithm \"RS256\"; use HS256, HS384 or HS512"));
        jwt.alg = QStringLiteral("HS384");
        jwt.secret.clear();
        QCOMPARE(sb::qtDetail(signJwt(jwt, 0).error()), QStringLiteral("the JWT secret is empty"));
        jwt.secret = QStringLiteral("k");
        const sb::Result<QString> ok = signJwt(jwt, 100);
        QVERIFY(ok.ok());
        const QStringList parts = ok->split(QLatin1Char('.'));
        QCOMPARE(parts.size(), 3);
        const QJsonObject payload =
            QJsonDocument::fromJson(
                QByteArray::fromBase64(parts[1].toLatin1(), QByteArray::Base64UrlEncoding))
                .object();
        QCOMPARE(payload.value(QStringLiteral("iat")).toInteger(), 100);
        QCOMPARE(payload.value(QStringLiteral("exp")).toInteger(), 86500);
        QCOMPARE(parts[2].size(), 64); // 48 bytes of SHA-384, base64url without padding
    }

    // ---- secrets everywhere (item 3)

    // A secret header's literal value is kept out of the stored plan text and every other string,
    // wherever "secret_headers" is given.
    void secretHeaders_data()
    {
        QTest::addColumn<QByteArray>("routeExtra");  // members added to the route
        QTest::addColumn<QByteArray>("parityExtra"); // members added to the parity check
        QTest::addColumn<QByteArray>("planExtra");   // top-level members
        QTest::addColumn<bool>("routeSecret");
        QTest::addColumn<bool>("paritySecret");
        QTest::newRow("on a route") << QByteArray(", \"secret_headers\": [\"authorization\"]")
                                    << QByteArray() << QByteArray() << true << false;
        QTest::newRow("on a parity check")
            << QByteArray() << QByteArray(", \"secret_headers\": [\"X-Api-Key\"]") << QByteArray()
            << false << true;
        QTest::newRow("on the plan, for all")
            << QByteArray() << QByteArray()
            << QByteArray("\"secret_headers\": [\"AUTHORIZATION\", \"x-api-key\"]") << true << true;
        QTest::newRow("none") << QByteArray() << QByteArray() << QByteArray() << false << false;
    }

    void secretHeaders()
    {
        QFETCH(QByteArray, routeExtra);
        QFETCH(QByteArray, parityExtra);
        QFETCH(QByteArray, planExtra);
        QFETCH(bool, routeSecret);
        QFETCH(bool, paritySecret);
        const QByteArray routeToken = "Bearer r0ute-t0ken-aaaa";
        const QByteArray parityToken = "p4rity-k3y-bbbb";
        const PlanLoad load =
            loadMem(plan("{}",
                         "{\"name\": \"r\", \"path\": \"/\", \"headers\": {\"Authorization\": \"" +
                             routeToken + "\", \"X-Trace\": \"1\"}" + routeExtra + "}",
                         "{\"name\": \"p\", \"path\": \"/\", \"headers\": {\"X-Api-Key\": \"" +
                             parityToken + "\"}" + parityExtra + "}",
                         planExtra));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const Plan &p = *load.plan;
        QVERIFY(p.text.contains(routeToken) && p.text.contains(parityToken));
        const QByteArray stored = p.redactedText();
        QCOMPARE(stored.contains("r0ute-t0ken"), !routeSecret);
        QCOMPARE(stored.contains(parityToken), !paritySecret);
        QVERIFY(stored.contains("\"X-Trace\": \"1\""));
        const QString line =
            QStringLiteral("GET / Authorization: %1 X-Api-Key: %2")
                .arg(QString::fromLatin1(routeToken), QString::fromLatin1(parityToken));
        QCOMPARE(p.redact(line).contains(QLatin1String("r0ute-t0ken")), !routeSecret);
        QCOMPARE(p.redact(line).contains(QString::fromLatin1(parityToken)), !paritySecret);
        QCOMPARE(p.routes[0].isSecretHeader(QStringLiteral("AUTHORIZATION")), routeSecret);
        QCOMPARE(p.parity[0].isSecretHeader(QStringLiteral("x-api-key")), paritySecret);
        QCOMPARE(p.routes[0].redactedHeaders()[0].value,
                 routeSecret ? secretPlaceholder() : QString::fromLatin1(routeToken));
        QCOMPARE(p.routes[0].redactedHeaders()[1].value, QStringLiteral("1"));
        // The stored text is still a plan that loads.
        QVERIFY(parsePlan(stored, QStringLiteral("stored.json"), p.baseDir).ok());
    }

    // Secret values that are only known once the run fills the variables: a secret command
    // variable (also typed again in a literal), a non-secret variable inside a secret header, a
    // secret env key fed by a variable, a secret value variable, and the JWT key.
    void secretVariablesAreRedacted()
    {
        const QByteArray text =
            plan("{\"token\": {\"command\": [\"mk\"], \"secret\": true}, \"user\": {\"command\": "
                 "[\"who\"]}, \"pw\": {\"value\": \"v4lue-pw-s3cret\", \"secret\": true}, \"jwt\": "
                 "{\"jwt\": {\"secret\": \"jwt-k3y-literal\"}, \"secret\": true}}",
                 "{\"name\": \"r\", \"path\": \"/me\", \"headers\": {\"Authorization\": \"Bearer "
                 "${var:user}\", \"X-Debug\": \"cmd-t0ken-123456\", \"X-Jwt\": \"${var:jwt}\"}, "
                 "\"body\": {\"t\": \"${var:token}\", \"pw\": \"${var:pw}\"}}",
                 QByteArray(), "\"secret_headers\": [\"Authorization\"]");
        QByteArray withEnv = text;
        withEnv.replace("\"port\": 9000}", "\"port\": 9000, \"env\": {\"T\": \"${var:token}\", "
                                           "\"U\": \"${var:user}\"}, \"secret_env\": [\"T\"]}");
        const PlanLoad load = loadMem(withEnv);
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const Plan &loaded = *load.plan;
        // Known at load: the value variable's value and the JWT key, literals and all.
        QVERIFY(loaded.secretValues.contains(QStringLiteral("v4lue-pw-s3cret")));
        QVERIFY(loaded.secretValues.contains(QStringLiteral("jwt-k3y-literal")));
        QVERIFY(!loaded.redactedText().contains("v4lue-pw-s3cret"));
        QVERIFY(!loaded.redactedText().contains("jwt-k3y-literal"));
        // The pasted token is not known to be secret before the run fills the variables.
        QVERIFY(loaded.redactedText().contains("cmd-t0ken-123456"));

        Variable::Jwt jwt = loaded.variable(QStringLiteral("jwt"))->jwt;
        const QString signedJwt = *signJwt(jwt, 1700000000);
        const VariableValues values = {
            {QStringLiteral("token"), QStringLiteral("cmd-t0ken-123456")},
            {QStringLiteral("user"), QStringLiteral("usr-9876")},
            {QStringLiteral("jwt"), signedJwt}};
        QVERIFY(sb::plan::checkVariableValues(loaded, values).ok());
        const Plan run = withVariables(loaded, values);
        const QByteArray stored = run.redactedText();
        for (const QByteArray &secret :
             {QByteArray("cmd-t0ken-123456"), QByteArray("v4lue-pw-s3cret"),
              QByteArray("jwt-k3y-literal"), signedJwt.toLatin1()})
            QVERIFY2(!stored.contains(secret), secret.constData());
        // Everything the run sends or starts with, as one text: no secret byte survives redact().
        const Route &r = run.routes[0];
        QString sent = QString::fromUtf8(r.body);
        for (const Header &h : r.headers)
            sent += h.name + QStringLiteral(": ") + h.value + QLatin1Char('\n');
        for (auto it = run.configurations[0].env.cbegin(); it != run.configurations[0].env.cend();
             ++it)
            sent += it.key() + QLatin1Char('=') + it.value() + QLatin1Char('\n');
        QVERIFY(sent.contains(QLatin1String("cmd-t0ken-123456")));
        QVERIFY(sent.contains(QLatin1String("Bearer usr-9876")));
        const QString clean = run.redact(sent);
        for (const QString &secret :
             {QStringLiteral("cmd-t0ken-123456"), QStringLiteral("v4lue-pw-s3cret"),
              QStringLiteral("usr-9876"), signedJwt})
            QVERIFY2(!clean.contains(secret), qPrintable(secret));
        // A variable used in a secret header is secret too, also on its own.
        QVERIFY(clean.contains(QLatin1String("U=<secret>")));
        QVERIFY(clean.contains(QLatin1String("T=<secret>")));
        QVERIFY(clean.contains(QLatin1String("Authorization: <secret>")));
        // Filling twice (resume) registers nothing twice.
        const Plan again = withVariables(run, values);
        QCOMPARE(again.secretValues.size(), run.secretValues.size());
        QCOMPARE(again.secretSpans.size(), run.secretSpans.size());
    }

    // A secret variable's value that is a substring of ordinary words is still replaced by
    // redact(), but only literals holding it (4 characters or more) leave the stored text.
    void shortSecretsStayInTheText()
    {
        const PlanLoad load = loadMem(plan("{\"t\": {\"command\": [\"mk\"], \"secret\": true}}",
                                           "{\"name\": \"abc-route\", \"path\": \"/${var:t}\"}"));
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const Plan run = withVariables(*load.plan, {{QStringLiteral("t"), QStringLiteral("abc")}});
        QVERIFY(run.redactedText().contains("abc-route"));
        QCOMPARE(run.redact(QStringLiteral("/abc")), QStringLiteral("/<secret>"));
    }
};

QTEST_GUILESS_MAIN(TestPlanVariables)
#include "tst_planvariables.moc"
