// No secret reaches what a run leaves behind. A plan with a secret of every kind (a secret
// command variable, a JWT variable and its key, a secret_env value, a database password, a
// route's and a parity check's secret header, the plan's secret Authorization header) is run
// with `stackbench run`; hooks, a server and a blocked configuration print the secrets wherever
// they can (hook output, a failed hook's reason, a window's invalid reason, the server's log,
// a configuration's blocking reason). Then the store file, everything the command line printed,
// each report format (Markdown, CSV, JSON, HTML, histograms), compare, list, the export and a
// store the export was imported into are searched for the bytes of every secret.

#include "runplans.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace sb;

namespace {

// The reference target's token secret (target/token.h): here the plan's secret JWT key.
const QByteArray kJwtKey = "stackbench-demo-secret";
const QByteArray kEnvSecret = "env-secret-4f3e2d1c";
const QByteArray kCommandSecret = "cmd-secret-9a8b7c6d";
const QByteArray kRouteKey = "route-literal-key-5e6f";
const QByteArray kParityKey = "parity-literal-key-7a8b";
const QByteArray kDbPassword = "db-password-3c4d";
// Not a secret: it must be found, or the search finds nothing at all.
const QByteArray kVisible = "plain-visible-1234";

QJsonArray sh(const QString &script)
{
    return QJsonArray{QStringLiteral("/bin/sh"), QStringLiteral("-c"), script};
}

QJsonObject commandHook(const QString &script)
{
    return QJsonObject{{QStringLiteral("command"), sh(script)}};
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every string of a JSON document, and what each decodes to when it is base64 (the export
// writes bytes such as the plan text and the server logs so).
QByteArray jsonStrings(const QJsonValue &v)
{
    if (v.isString()) {
        const QByteArray text = v.toString().toUtf8();
        const auto decoded =
            QByteArray::fromBase64Encoding(text, QByteArray::AbortOnBase64DecodingErrors);
        return text + '\n' + (decoded ? *decoded + '\n' : QByteArray());
    }
    QByteArray out;
    if (v.isArray())
        for (const QJsonValue &item : v.toArray())
            out += jsonStrings(item);
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            out += it.key().toUtf8() + '\n' + jsonStrings(it.value());
    }
    return out;
}

struct Output
{
    int exitCode = -1;
    QByteArray bytes; // stdout and stderr
};

} // namespace

class TestSecrets : public QObject
{
    Q_OBJECT

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }

    Output stackbench(const QStringList &args)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), path(QStringLiteral("data")));
        env.insert(QStringLiteral("SB_SECRET_ENV"), QString::fromLatin1(kEnvSecret));
        env.insert(QStringLiteral("SB_SECRET_JWT_KEY"), QString::fromLatin1(kJwtKey));
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(QStringLiteral(STACKBENCH_BIN), args);
        if (!p.waitForFinished(240'000)) {
            p.kill();
            p.waitForFinished();
        }
        Output out{p.exitCode(), p.readAll()};
        m_outputs.append(QStringLiteral("stackbench ") + args.join(QLatin1Char(' ')));
        m_outputBytes.append(out.bytes);
        return out;
    }

    QString writePlan()
    {
        const sb::test::RunPlans plans(m_dir.path(), m_db);
        const QString tokenFile = path(QStringLiteral("token.txt"));
        const QString mark = path(QStringLiteral("failed-once"));
        const QString leak =
            QStringLiteral("${var:cmdsecret} ${var:token} %1 %2")
                .arg(QString::fromLatin1(kRouteKey), QString::fromLatin1(kEnvSecret));
        QJsonObject a =
            plans.target(QStringLiteral("a"), sh(QStringLiteral("echo \"server sees $TOKEN\"; "
                                                                "exec \"$0\" \"$@\"")));
        a.insert(QStringLiteral("env"),
                 QJsonObject{{QStringLiteral("TOKEN"), QStringLiteral("${env:SB_SECRET_ENV}")}});
        a.insert(QStringLiteral("secret_env"), QJsonArray{QStringLiteral("TOKEN")});
        QJsonObject b = plans.target(QStringLiteral("b"));
        b.insert(QStringLiteral("hooks"),
                 QJsonObject{{QStringLiteral("before_configuration"),
                              QJsonArray{commandHook(
                                  QStringLiteral("echo blocked %1 >&2; exit 4").arg(leak))}}});
        QJsonArray routes{
            QJsonObject{
                {QStringLiteral("name"), QStringLiteral("me")},
                {QStringLiteral("path"), QStringLiteral("/me")},
                {QStringLiteral("headers"), QJsonObject{{QStringLiteral("Authorization"),
                                                         QStringLiteral("Bearer ${var:token}")}}},
                {QStringLiteral("hooks"),
                 QJsonObject{
                     {QStringLiteral("before_window"),
                      QJsonArray{commandHook(QStringLiteral("[ -e '%1' ] && exit 0; touch '%1'; "
                                                            "echo failing %2 >&2; exit 1")
                                                 .arg(mark, leak))}}}}},
            QJsonObject{
                {QStringLiteral("name"), QStringLiteral("keyed")},
                {QStringLiteral("path"), QStringLiteral("/health")},
                {QStringLiteral("headers"),
                 QJsonObject{{QStringLiteral("X-Api-Key"), QString::fromLatin1(kRouteKey)},
                             {QStringLiteral("X-Visible"), QString::fromLatin1(kVisible)}}},
                {QStringLiteral("secret_headers"), QJsonArray{QStringLiteral("x-api-key")}}}};
        const QJsonArray parity{
            QJsonObject{
                {QStringLiteral("name"), QStringLiteral("me")},
                {QStringLiteral("path"), QStringLiteral("/me")},
                {QStringLiteral("headers"), QJsonObject{{QStringLiteral("Authorization"),
                                                         QStringLiteral("Bearer ${var:token}")}}},
                {QStringLiteral("json"),
                 QJsonArray{QJsonObject{{QStringLiteral("field"), QStringLiteral("id")},
                                        {QStringLiteral("equals"), 42}}}}},
            QJsonObject{
                {QStringLiteral("name"), QStringLiteral("keyed")},
                {QStringLiteral("path"), QStringLiteral("/health")},
                {QStringLiteral("headers"),
                 QJsonObject{{QStringLiteral("X-Parity-Key"), QString::fromLatin1(kParityKey)}}},
                {QStringLiteral("secret_headers"), QJsonArray{QStringLiteral("X-Parity-Key")}}}};
        const QJsonObject variables{
            {QStringLiteral("cmdsecret"),
             QJsonObject{{QStringLiteral("command"),
                          sh(QStringLiteral("printf %1").arg(QString::fromLatin1(kCommandSecret)))},
                         {QStringLiteral("secret"), true}}},
            {QStringLiteral("token"),
             QJsonObject{
                 {QStringLiteral("jwt"),
                  QJsonObject{
                      {QStringLiteral("secret"), QStringLiteral("${env:SB_SECRET_JWT_KEY}")},
                      {QStringLiteral("claims"),
                       QJsonObject{{QStringLiteral("sub"), QStringLiteral("42")}}}}},
                 {QStringLiteral("secret"), true}}}};
        const QJsonObject hooks{
            // The test learns the token this way (it holds the time it was made).
            {QStringLiteral("before_run"),
             QJsonArray{QJsonObject{{QStringLiteral("command"),
                                     QJsonArray{QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                                QStringLiteral("printf %s \"$1\" > \"$0\""),
                                                tokenFile, QStringLiteral("${var:token}")}}}}},
            {QStringLiteral("after_window"),
             QJsonArray{commandHook(QStringLiteral("echo after the window %1").arg(leak))}},
            {QStringLiteral("after_run"),
             QJsonArray{commandHook(QStringLiteral("echo all done %1").arg(leak))}}};
        return plans.write(
            QStringLiteral("secrets"),
            QJsonObject{
                {QStringLiteral("database"),
                 QJsonObject{{QStringLiteral("driver"), QStringLiteral("QSQLITE")},
                             {QStringLiteral("name"), path(QStringLiteral("hooks.sqlite"))},
                             {QStringLiteral("password"), QString::fromLatin1(kDbPassword)}}},
                {QStringLiteral("configurations"), QJsonArray{a, b}},
                {QStringLiteral("routes"), routes},
                {QStringLiteral("parity"), parity},
                {QStringLiteral("variables"), variables},
                {QStringLiteral("secret_headers"), QJsonArray{QStringLiteral("Authorization")}},
                {QStringLiteral("hooks"), hooks},
                {QStringLiteral("profiles"),
                 QJsonObject{{QStringLiteral("quick"),
                              sb::test::RunPlans::profile(1, QJsonArray{1}, 0.3, 1)}}}});
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = path(QStringLiteral("target.sqlite"));
        const QString seeded = sb::test::seedTarget(m_db);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
    }

    void nothingLeftBehindHoldsASecret()
    {
        const QString plan = writePlan();
        QVERIFY(!plan.isEmpty());
        const QString store = path(QStringLiteral("runs.sqlite"));
        const Output check = stackbench({QStringLiteral("check"), plan});
        QCOMPARE(check.exitCode, 1); // b's before_configuration hook fails
        const Output run =
            stackbench({QStringLiteral("run"), plan, QStringLiteral("--store"), store});
        QCOMPARE(run.exitCode, 1); // b is not measured
        QVERIFY2(run.bytes.contains("not measured: b"), run.bytes.constData());
        const QByteArray token = readAll(path(QStringLiteral("token.txt")));
        QVERIFY2(token.count('.') == 2, token.constData());
        const QRegularExpressionMatch started =
            QRegularExpression(QStringLiteral("^run (\\S+)$"), QRegularExpression::MultilineOption)
                .match(QString::fromUtf8(run.bytes));
        QVERIFY2(started.hasMatch(), run.bytes.constData());
        const QString id = started.captured(1);
        // What the run did: the secrets were used and printed where they could be.
        QVERIFY2(run.bytes.contains("failing <secret> <secret>") &&
                     run.bytes.contains("blocked <secret>"),
                 run.bytes.constData());

        const QStringList withStore{QStringLiteral("--store"), store};
        for (const char *format : {"md", "csv", "json", "html"})
            QCOMPARE(stackbench(QStringList{QStringLiteral("report"), id,
                                            QStringLiteral("--format"), QLatin1String(format)} +
                                withStore)
                         .exitCode,
                     0);
        const QString hgrms = path(QStringLiteral("hgrm"));
        QCOMPARE(stackbench(QStringList{QStringLiteral("report"), id, QStringLiteral("--hgrm-dir"),
                                        hgrms} +
                            withStore)
                     .exitCode,
                 0);
        for (const char *format : {"md", "json"})
            QVERIFY(stackbench(QStringList{QStringLiteral("compare"), id, id,
                                           QStringLiteral("--format"), QLatin1String(format)} +
                               withStore)
                        .exitCode != 2);
        QCOMPARE(stackbench(QStringList{QStringLiteral("list")} + withStore).exitCode, 0);
        QCOMPARE(
            stackbench(QStringList{QStringLiteral("list"), QStringLiteral("--json")} + withStore)
                .exitCode,
            0);
        const QString exported = path(QStringLiteral("export.json"));
        QCOMPARE(
            stackbench(QStringList{QStringLiteral("export"), id, QStringLiteral("-o"), exported} +
                       withStore)
                .exitCode,
            0);
        const QString imported = path(QStringLiteral("imported.sqlite"));
        QCOMPARE(
            stackbench({QStringLiteral("import"), exported, QStringLiteral("--store"), imported})
                .exitCode,
            0);

        QList<QPair<QString, QByteArray>> places;
        for (qsizetype i = 0; i < m_outputs.size(); ++i)
            places.append({m_outputs[i], m_outputBytes[i]});
        for (const QString &file : {store, store + QStringLiteral("-wal"), exported, imported,
                                    imported + QStringLiteral("-wal")})
            places.append({file, readAll(file)});
        const QByteArray exportText =
            jsonStrings(QJsonDocument::fromJson(readAll(exported)).object());
        places.append({exported + QStringLiteral(" (decoded)"), exportText});
        for (QDirIterator it(hgrms, QDir::Files); it.hasNext();) {
            const QString file = it.next();
            places.append({file, readAll(file)});
        }
        const QList<QByteArray> secrets{kJwtKey,   token,      kEnvSecret, kCommandSecret,
                                        kRouteKey, kParityKey, kDbPassword};
        for (const auto &[where, bytes] : places)
            for (const QByteArray &secret : secrets)
                QVERIFY2(!bytes.contains(secret),
                         qPrintable(QStringLiteral("%1 holds the secret %2")
                                        .arg(where, QString::fromLatin1(secret))));
        // The search does find what is there: the stored plan text and the export hold the
        // visible header, and the server's output was stored (redacted).
        QVERIFY(exportText.contains(kVisible));
        QVERIFY(exportText.contains("server sees <secret>"));
        QVERIFY(exportText.contains("after the window <secret> <secret> <secret> <secret>"));
        QVERIFY(exportText.contains("all done <secret>"));
        QVERIFY(readAll(store).contains(kVisible));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
    QStringList m_outputs;           // each command run, for messages
    QList<QByteArray> m_outputBytes; // what it printed
};

QTEST_GUILESS_MAIN(TestSecrets)
#include "tst_secrets.moc"
