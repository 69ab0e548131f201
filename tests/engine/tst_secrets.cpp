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

// `bytes` with what they hide in common encodings appended: every run of base64 or base64url
// characters decoded (from each of its first four characters, so that a run that does not start
// on a group boundary decodes too), and the whole text percent-decoded (with '+' as a space and
// without). A secret in any of those forms is then in the result as itself.
QByteArray revealed(const QByteArray &bytes)
{
    QByteArray out = bytes;
    auto isBase64 = [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
               c == '+' || c == '/' || c == '-' || c == '_';
    };
    for (qsizetype i = 0; i < bytes.size();) {
        if (!isBase64(bytes[i])) {
            ++i;
            continue;
        }
        qsizetype end = i;
        while (end < bytes.size() && isBase64(bytes[end]))
            ++end;
        if (end - i >= 8) {
            const QByteArray run = bytes.mid(i, end - i);
            for (qsizetype skip = 0; skip < 4; ++skip) {
                out += '\n' + QByteArray::fromBase64(run.mid(skip), QByteArray::Base64Encoding);
                out += '\n' + QByteArray::fromBase64(run.mid(skip), QByteArray::Base64UrlEncoding);
            }
        }
        i = end;
    }
    out += '\n' + QByteArray::fromPercentEncoding(bytes);
    out += '\n' + QByteArray::fromPercentEncoding(QByteArray(bytes).replace('+', ' '));
    return out;
}

// A server that answers every GET with 200 and echoes what it was sent, encoded: every request
// header base64-encoded, the Authorization header as base64url without padding and
// percent-encoded, the X-Api-Key header base64-encoded and form-encoded; in its response
// headers, in its JSON body and on its stdout.
const char *kEchoServer = R"(import base64, json, sys, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
class Echo(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    def do_GET(self):
        heads = ''.join('%s: %s\n' % (k, v) for k, v in self.headers.items()).encode()
        auth = self.headers.get('Authorization') or ''
        key = self.headers.get('X-Api-Key') or ''
        forms = {
            'X-Echo-B64': base64.b64encode(heads).decode(),
            'X-Auth-B64url': base64.urlsafe_b64encode(auth.encode()).decode().rstrip('='),
            'X-Auth-Url': urllib.parse.quote(auth, safe=''),
            'X-Key-B64': base64.b64encode(key.encode()).decode(),
            'X-Key-Form': urllib.parse.quote_plus(key),
        }
        body = json.dumps({'id': 42, 'echo': forms}).encode()
        print(' '.join(forms.values()), flush=True)
        self.send_response(200)
        for k, v in forms.items():
            self.send_header(k, v)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), Echo).serve_forever()
)";

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

    // A server that echoes the request's headers encoded (base64 at every alignment, base64url,
    // URL encoding): no secret reaches the store, its WAL or the export in any of those forms.
    void encodedEchoesHoldNoSecret()
    {
        const QString serverFile = path(QStringLiteral("echo.py"));
        {
            QFile f(serverFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(kEchoServer);
        }
        const QString tokenFile = path(QStringLiteral("echo-token.txt"));
        const QJsonObject headers{
            {QStringLiteral("Authorization"), QStringLiteral("Bearer ${var:token}")},
            {QStringLiteral("X-Api-Key"), QStringLiteral("${var:cmdsecret}")},
            {QStringLiteral("X-Visible"), QString::fromLatin1(kVisible)}};
        const QJsonObject echo{
            {QStringLiteral("name"), QStringLiteral("echo")},
            {QStringLiteral("command"),
             QJsonArray{QStringLiteral("/usr/bin/python3"), serverFile, QStringLiteral("${port}")}},
            {QStringLiteral("port"), sb::test::freePort()},
            {QStringLiteral("ready"), QJsonObject{{QStringLiteral("path"), QStringLiteral("/")},
                                                  {QStringLiteral("timeout_s"), 60}}}};
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
        const sb::test::RunPlans plans(m_dir.path(), m_db);
        const QString plan = plans.write(
            QStringLiteral("echoes"),
            QJsonObject{
                {QStringLiteral("configurations"), QJsonArray{echo}},
                {QStringLiteral("routes"),
                 QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("me")},
                                        {QStringLiteral("path"), QStringLiteral("/me")},
                                        {QStringLiteral("headers"), headers}}}},
                {QStringLiteral("parity"),
                 QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("me")},
                                        {QStringLiteral("path"), QStringLiteral("/me")},
                                        {QStringLiteral("headers"), headers}}}},
                {QStringLiteral("variables"), variables},
                {QStringLiteral("secret_headers"), QJsonArray{QStringLiteral("Authorization")}},
                {QStringLiteral("hooks"),
                 QJsonObject{{QStringLiteral("before_run"),
                              QJsonArray{QJsonObject{
                                  {QStringLiteral("command"),
                                   QJsonArray{QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                              QStringLiteral("printf %s \"$1\" > \"$0\""),
                                              tokenFile, QStringLiteral("${var:token}")}}}}}}},
                {QStringLiteral("profiles"),
                 QJsonObject{{QStringLiteral("quick"),
                              sb::test::RunPlans::profile(1, QJsonArray{1}, 0.3, 1)}}}});
        QVERIFY(!plan.isEmpty());
        const QString store = path(QStringLiteral("echoes.sqlite"));
        const Output run =
            stackbench({QStringLiteral("run"), plan, QStringLiteral("--store"), store});
        QVERIFY2(run.exitCode == 0, run.bytes.constData());
        const QRegularExpressionMatch started =
            QRegularExpression(QStringLiteral("^run (\\S+)$"), QRegularExpression::MultilineOption)
                .match(QString::fromUtf8(run.bytes));
        QVERIFY2(started.hasMatch(), run.bytes.constData());
        const QString id = started.captured(1);
        const QByteArray token = readAll(tokenFile);
        QVERIFY2(token.count('.') == 2, token.constData());
        const QString exported = path(QStringLiteral("echoes-export.json"));
        QCOMPARE(stackbench({QStringLiteral("export"), id, QStringLiteral("-o"), exported,
                             QStringLiteral("--store"), store})
                     .exitCode,
                 0);

        QList<QPair<QString, QByteArray>> places;
        for (const QString &file : {store, store + QStringLiteral("-wal"), exported})
            places.append({file, revealed(readAll(file))});
        const QByteArray exportText =
            revealed(jsonStrings(QJsonDocument::fromJson(readAll(exported)).object()));
        places.append({exported + QStringLiteral(" (decoded)"), exportText});
        places.append({QStringLiteral("stackbench run's output"), revealed(run.bytes)});
        for (const auto &[where, bytes] : places)
            for (const QByteArray &secret : {token, kCommandSecret})
                QVERIFY2(!bytes.contains(secret),
                         qPrintable(QStringLiteral("%1 holds the secret %2 (encoded)")
                                        .arg(where, QString::fromLatin1(secret))));
        // The search finds what is there: the server echoed the visible header encoded, into its
        // log and the parity check's stored response, and the decoding brings it out.
        QVERIFY2(exportText.contains("X-Visible: " + kVisible),
                 "the echoed headers were not found decoded in the export");
        QVERIFY2(exportText.contains("X-Echo-B64"), "the parity response's headers are stored");
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
        const Output import =
            stackbench({QStringLiteral("import"), exported, QStringLiteral("--store"), imported});
        QVERIFY2(import.exitCode == 0, import.bytes.constData());

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
