// Tests of the reference target's TLS and HTTP/2 (engine/target: targettls.h, http2.h): every
// route answers byte for byte the same over HTTP/1.1, HTTP/1.1 over TLS, h2c (prior knowledge)
// and h2 (ALPN), verified with the target's own throwaway certificate as the CA; h2load's
// requests all succeed; a client that breaks HTTP/2 or sends too large a header list gets GOAWAY
// and the target goes on. The clients are other programs: /usr/bin/python3 (ssl, http.client)
// for HTTPS/1.1, nghttp for HTTP/2, openssl s_client for ALPN, h2load for load.
#include "target/targetserver.h"
#include "target/targettls.h"
#include "target/token.h"
#include "tlsfixtures.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace sb::target;

namespace {

// One request of the comparison: the same over every protocol.
struct Probe
{
    QString name;
    QByteArray method;
    QByteArray path;
    QByteArray body;          // sent when method is POST
    QByteArray authorization; // sent when not empty
    bool exactBody = true;    // false: the body holds ids and times; its fields are compared
};

// What came back.
struct Answer
{
    int status = 0;
    QByteArray contentType;
    QByteArray body;
};

QList<Probe> probes()
{
    const QByteArray token = QByteArray::fromStdString(makeToken(7));
    return {
        {QStringLiteral("health"), "GET", "/health", {}, {}, true},
        {QStringLiteral("health: wrong method"), "POST", "/health", {}, {}, true},
        {QStringLiteral("unknown route"), "GET", "/nope", {}, {}, true},
        {QStringLiteral("echo"),
         "POST",
         "/echo",
         R"({"name":"Ada","email":"ada@example.com","age":36,"tags":["math","engines"]})",
         {},
         true},
        {QStringLiteral("echo: bad"),
         "POST",
         "/echo",
         R"({"name":"","email":"ada@example.com","age":36,"tags":[]})",
         {},
         true},
        {QStringLiteral("me"), "GET", "/me", {}, "Bearer " + token, true},
        {QStringLiteral("me: no token"), "GET", "/me", {}, {}, true},
        {QStringLiteral("user"), "GET", "/users/42", {}, {}, true},
        {QStringLiteral("user: absent"), "GET", "/users/99999999", {}, {}, true},
        {QStringLiteral("users"), "GET", "/users?page=7&limit=20", {}, {}, true},
        {QStringLiteral("users: bad page"), "GET", "/users?page=0", {}, {}, true},
        {QStringLiteral("cpu"), "GET", "/cpu?n=1000", {}, {}, true},
        {QStringLiteral("delay"), "GET", "/delay?ms=20", {}, {}, true},
        {QStringLiteral("orders"),
         "POST",
         "/orders",
         R"({"user_id":42,"amount_cents":1999,"items":2})",
         {},
         false},
        // Last: HTTP/1.1 closes the connection after it (Python's client opens another).
        {QStringLiteral("echo: body over 1 MiB"),
         "POST",
         "/echo",
         QByteArray(1200 * 1024, ' '),
         {},
         true},
    };
}

QString tool(const QString &name)
{
    return name.startsWith(QLatin1Char('/')) ? (QFile::exists(name) ? name : QString())
                                             : QStandardPaths::findExecutable(name);
}

// Runs `program` with `args` (60 s at most); its stdout, or an empty optional on failure.
std::optional<QByteArray> runTool(const QString &program, const QStringList &args,
                                  QByteArray *stderrText = nullptr)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForStarted(10000))
        return std::nullopt;
    p.closeWriteChannel();
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
        return std::nullopt;
    }
    if (stderrText)
        *stderrText = p.readAllStandardError();
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning() << program << args << "failed:" << p.readAllStandardError();
        return std::nullopt;
    }
    return p.readAllStandardOutput();
}

// HTTP/1.1 (optionally over TLS, verified with `caFile` for `host`) through Python's http.client,
// one connection for every probe; then, over TLS, a "Connection: close" request read to the end
// with ragged EOFs reported, to see close_notify arrive. Prints one JSON object per answer.
const char *const kPythonClient = R"PY(
import base64, http.client, json, socket, ssl, sys
host, port, ca, probes = sys.argv[1], int(sys.argv[2]), sys.argv[3], json.load(open(sys.argv[4]))
ctx = None
if ca:
    ctx = ssl.create_default_context(cafile=ca)
    ctx.set_alpn_protocols(['http/1.1'])
    conn = http.client.HTTPSConnection(host, port, context=ctx, timeout=30)
else:
    conn = http.client.HTTPConnection(host, port, timeout=30)
out = []
for p in probes:
    headers = {}
    if p['authorization']:
        headers['Authorization'] = p['authorization']
    body = p['body'].encode() if p['method'] == 'POST' else None
    conn.request(p['method'], p['path'], body=body, headers=headers)
    r = conn.getresponse()
    data = r.read()
    out.append({'status': r.status, 'content_type': r.getheader('Content-Type'),
                'body': base64.b64encode(data).decode()})
    if ca and len(out) == 1:
        info = {'tls': conn.sock.version(), 'alpn': conn.sock.selected_alpn_protocol()}
if ca:
    out.append(info)
    s = ctx.wrap_socket(socket.create_connection((host, port)), server_hostname=host,
                        suppress_ragged_eofs=False)
    s.sendall(b'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    got = b''
    while True:
        d = s.recv(65536)   # SSLEOFError (exit 1) when the server closes without close_notify
        if not d:
            break
        got += d
    out.append({'close_notify': got.endswith(b'{"status":"ok"}')})
print(json.dumps(out))
)PY";

// The HTTP/2 client connection preface and frames, for the raw clients below.
QByteArray h2Frame(uint8_t type, uint8_t flags, uint32_t stream, const QByteArray &payload)
{
    QByteArray f;
    const auto len = uint32_t(payload.size());
    f.append(char(len >> 16)).append(char(len >> 8)).append(char(len));
    f.append(char(type)).append(char(flags));
    f.append(char(stream >> 24)).append(char(stream >> 16)).append(char(stream >> 8));
    f.append(char(stream));
    return f + payload;
}

const QByteArray kPreface("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");

// Sends `bytes` to 127.0.0.1:`port` in clear text and reads until the server closes (30 s at
// most); the frame types received, and the error code of a GOAWAY (-1 when none came).
QList<int> rawH2(uint16_t port, const QByteArray &bytes, int *goawayError)
{
    *goawayError = -1;
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    timeval tv{30, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(port);
    QByteArray in;
    if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0) {
        qsizetype sent = 0;
        while (sent < bytes.size()) {
            const ssize_t n =
                ::send(fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
            if (n <= 0)
                break; // the server may close before it has read everything
            sent += n;
        }
        char buf[65536];
        for (;;) {
            const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
            if (n <= 0)
                break;
            in.append(buf, n);
        }
    }
    ::close(fd);
    QList<int> types;
    qsizetype i = 0;
    while (i + 9 <= in.size()) {
        const auto *p = reinterpret_cast<const uint8_t *>(in.constData() + i);
        const qsizetype len = p[0] << 16 | p[1] << 8 | p[2];
        types.append(p[3]);
        if (p[3] == 7 && len >= 8 && i + 9 + len <= in.size())
            *goawayError = p[13] << 24 | p[14] << 16 | p[15] << 8 | p[16];
        i += 9 + len;
    }
    return types;
}

// An HPACK integer with an N-bit prefix.
QByteArray hpackInt(uint32_t v, int prefixBits, uint8_t first)
{
    const uint32_t max = (1u << prefixBits) - 1;
    QByteArray out;
    if (v < max)
        return out.append(char(first | v));
    out.append(char(first | max));
    v -= max;
    while (v >= 128) {
        out.append(char((v & 127) | 128));
        v >>= 7;
    }
    return out.append(char(v));
}

} // namespace

class TestTargetTls : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_cert, m_key;
    Server m_plain; // HTTP/1.1 and h2c
    Server m_tls;   // HTTPS: HTTP/1.1 and h2 by ALPN
    QString m_python, m_nghttp, m_h2load, m_openssl;

    QByteArray probesFile()
    {
        QJsonArray list;
        for (const Probe &p : probes()) {
            QJsonObject o;
            o.insert(QStringLiteral("method"), QString::fromLatin1(p.method));
            o.insert(QStringLiteral("path"), QString::fromLatin1(p.path));
            o.insert(QStringLiteral("body"), QString::fromUtf8(p.body));
            o.insert(QStringLiteral("authorization"), QString::fromLatin1(p.authorization));
            list.append(o);
        }
        const QString path = m_dir.filePath(QStringLiteral("probes.json"));
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(QJsonDocument(list).toJson());
        return QFile::encodeName(path);
    }

    // Every probe over HTTP/1.1 through Python, over TLS when `tls`. Extra results in `extra`.
    QList<Answer> http1(bool tls, QJsonArray *extra = nullptr)
    {
        const QString script = m_dir.filePath(QStringLiteral("client.py"));
        QFile f(script);
        if (!f.exists()) {
            f.open(QIODevice::WriteOnly);
            f.write(kPythonClient);
            f.close();
        }
        const uint16_t port = tls ? m_tls.port() : m_plain.port();
        // 127.0.0.1, verified by the certificate's IP address (openssl s_client checks the name
        // localhost without resolving it, see alpnAndVerification).
        const auto out =
            runTool(m_python, {script, QStringLiteral("127.0.0.1"), QString::number(port),
                               tls ? m_cert : QString(), QString::fromLocal8Bit(probesFile())});
        QList<Answer> answers;
        if (!out)
            return answers;
        const QJsonArray all = QJsonDocument::fromJson(*out).array();
        for (const QJsonValue &v : all) {
            const QJsonObject o = v.toObject();
            if (!o.contains(QStringLiteral("status"))) {
                if (extra)
                    extra->append(o);
                continue;
            }
            answers.append(Answer{
                o.value(QStringLiteral("status")).toInt(),
                o.value(QStringLiteral("content_type")).toString().toLatin1(),
                QByteArray::fromBase64(o.value(QStringLiteral("body")).toString().toLatin1())});
        }
        return answers;
    }

    // One probe over HTTP/2 with nghttp: h2c with prior knowledge, or h2 over TLS by ALPN.
    Answer http2(const Probe &p, bool tls)
    {
        const QString url = QStringLiteral("%1://127.0.0.1:%2%3")
                                .arg(tls ? QStringLiteral("https") : QStringLiteral("http"))
                                .arg(tls ? m_tls.port() : m_plain.port())
                                .arg(QString::fromLatin1(p.path));
        QStringList args{url};
        if (!p.authorization.isEmpty())
            args << QStringLiteral("-H")
                 << QStringLiteral("authorization: ") + QString::fromLatin1(p.authorization);
        if (p.method == "POST") {
            const QString body = m_dir.filePath(QStringLiteral("body-%1").arg(qHash(p.name)));
            QFile f(body);
            f.open(QIODevice::WriteOnly);
            f.write(p.body);
            f.close();
            args << QStringLiteral("-d") << body;
        }
        Answer a;
        const auto bodyOut = runTool(m_nghttp, args);
        const auto verbose = runTool(m_nghttp, QStringList(args) << QStringLiteral("-v"));
        if (!bodyOut || !verbose)
            return a;
        a.body = *bodyOut;
        static const QRegularExpression header(
            QStringLiteral(R"(recv \(stream_id=\d+\) (:status|content-type): (.*)$)"),
            QRegularExpression::MultilineOption);
        for (auto it = header.globalMatch(QString::fromLatin1(*verbose)); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            if (m.captured(1) == QLatin1String(":status"))
                a.status = m.captured(2).trimmed().toInt();
            else
                a.contentType = m.captured(2).trimmed().toLatin1();
        }
        return a;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const std::string dir = QFile::encodeName(m_dir.path()).toStdString();
        const sb::Status made = writeSelfSignedCertificate(dir);
        QVERIFY2(made.ok(), made.ok() ? "" : made.error().toString().c_str());
        m_cert = m_dir.filePath(QStringLiteral("cert.pem"));
        m_key = m_dir.filePath(QStringLiteral("key.pem"));
        QVERIFY(QFile::exists(m_cert) && QFile::exists(m_key));
        QCOMPARE(QFile::permissions(m_key) & (QFile::ReadGroup | QFile::ReadOther),
                 QFile::Permissions());

        Options options;
        options.threads = 1; // one loop: a stalled handshake would stall everyone if it blocked
        options.dbPath =
            QFile::encodeName(m_dir.filePath(QStringLiteral("t.sqlite"))).toStdString();
        options.http2 = true;
        options.port = sb::test::freeLowPort();
        QVERIFY(options.port != 0);
        const sb::Status plain = m_plain.start(options);
        QVERIFY2(plain.ok(), plain.ok() ? "" : plain.error().toString().c_str());
        options.port = sb::test::freeLowPort();
        options.tlsCertFile = QFile::encodeName(m_cert).toStdString();
        options.tlsKeyFile = QFile::encodeName(m_key).toStdString();
        const sb::Status tls = m_tls.start(options);
        QVERIFY2(tls.ok(), tls.ok() ? "" : tls.error().toString().c_str());

        m_python = tool(QStringLiteral("/usr/bin/python3"));
        m_nghttp = tool(QStringLiteral("nghttp"));
        m_h2load = tool(QStringLiteral("h2load"));
        m_openssl = tool(QStringLiteral("openssl"));
    }

    void cleanupTestCase()
    {
        m_plain.stop();
        m_tls.stop();
    }

    void startErrors()
    {
        Options options;
        options.dbPath =
            QFile::encodeName(m_dir.filePath(QStringLiteral("e.sqlite"))).toStdString();
        options.tlsCertFile = QFile::encodeName(m_cert).toStdString();
        Server s;
        QVERIFY(!s.start(options).ok()); // a certificate without a key
        options.tlsKeyFile =
            QFile::encodeName(m_dir.filePath(QStringLiteral("none.pem"))).toStdString();
        const sb::Status st = s.start(options);
        QVERIFY(!st.ok());
        QVERIFY2(st.error().toString().find("none.pem") != std::string::npos,
                 st.error().toString().c_str());
        QVERIFY(!s.isRunning());
    }

    // Every route: the same status, Content-Type and body bytes over h1, h1+TLS, h2c and h2.
    void sameAnswersEverywhere()
    {
        if (m_python.isEmpty() || m_nghttp.isEmpty())
            QSKIP("needs /usr/bin/python3 and nghttp (nghttp2-client)");
        // A handshake that never finishes must not hold the (single) loop.
        const int stalled = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(m_tls.port());
        QCOMPARE(::connect(stalled, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
        QCOMPARE(::send(stalled, "\x16\x03\x01", 3, MSG_NOSIGNAL), ssize_t(3));

        const QList<Probe> list = probes();
        const QList<Answer> plain = http1(false);
        QJsonArray extra;
        const QList<Answer> tls = http1(true, &extra);
        ::close(stalled);
        QCOMPARE(plain.size(), list.size());
        QCOMPARE(tls.size(), list.size());
        QCOMPARE(extra.size(), 2);
        QCOMPARE(extra.at(0).toObject().value(QStringLiteral("alpn")).toString(),
                 QStringLiteral("http/1.1"));
        QVERIFY(extra.at(0)
                    .toObject()
                    .value(QStringLiteral("tls"))
                    .toString()
                    .startsWith(QStringLiteral("TLSv1.")));
        QVERIFY(extra.at(1).toObject().value(QStringLiteral("close_notify")).toBool());
        for (qsizetype i = 0; i < list.size(); ++i) {
            const Probe &p = list.at(i);
            const Answer h2c = http2(p, false);
            const Answer h2 = http2(p, true);
            const QByteArray what = p.name.toUtf8();
            QVERIFY2(plain.at(i).status >= 200, what);
            QCOMPARE(plain.at(i).contentType, QByteArray("application/json"));
            for (const Answer *other : {&tls.at(i), &h2c, &h2}) {
                QVERIFY2(other->status == plain.at(i).status,
                         what + ": " + QByteArray::number(other->status));
                QVERIFY2(other->contentType == plain.at(i).contentType, what);
                if (p.exactBody) {
                    QVERIFY2(other->body == plain.at(i).body, what + ": " + other->body);
                } else {
                    const QJsonObject x = QJsonDocument::fromJson(plain.at(i).body).object();
                    const QJsonObject y = QJsonDocument::fromJson(other->body).object();
                    QCOMPARE(y.keys(), x.keys());
                    QCOMPARE(y.value(QStringLiteral("amount_cents")),
                             x.value(QStringLiteral("amount_cents")));
                    QVERIFY(y.value(QStringLiteral("id")).toInteger() >
                            x.value(QStringLiteral("id")).toInteger());
                }
            }
        }
    }

    // ALPN chooses h2 when offered, http/1.1 otherwise; the chain verifies for both names.
    void alpnAndVerification()
    {
        if (m_openssl.isEmpty())
            QSKIP("needs openssl");
        struct Case
        {
            QString alpn, host, expected;
        };
        for (const Case &c : {Case{QStringLiteral("h2,http/1.1"), QStringLiteral("localhost"),
                                   QStringLiteral("h2")},
                              Case{QStringLiteral("http/1.1"), QStringLiteral("127.0.0.1"),
                                   QStringLiteral("http/1.1")}}) {
            QStringList args{QStringLiteral("s_client"),
                             QStringLiteral("-connect"),
                             QStringLiteral("127.0.0.1:%1").arg(m_tls.port()),
                             QStringLiteral("-alpn"),
                             c.alpn,
                             QStringLiteral("-CAfile"),
                             m_cert,
                             QStringLiteral("-verify_return_error")};
            args << (c.host == QLatin1String("localhost") ? QStringLiteral("-verify_hostname")
                                                          : QStringLiteral("-verify_ip"))
                 << c.host;
            const auto out = runTool(m_openssl, args);
            QVERIFY(out);
            QVERIFY2(out->contains("Verify return code: 0 (ok)"), out->constData());
            QVERIFY2(out->contains("ALPN protocol: " + c.expected.toLatin1()), out->constData());
        }
        // Without --http2 the target does not offer h2.
        Options options;
        options.threads = 1;
        options.dbPath =
            QFile::encodeName(m_dir.filePath(QStringLiteral("t.sqlite"))).toStdString();
        options.port = sb::test::freeLowPort();
        options.tlsCertFile = QFile::encodeName(m_cert).toStdString();
        options.tlsKeyFile = QFile::encodeName(m_key).toStdString();
        Server http1Only;
        QVERIFY(http1Only.start(options).ok());
        const auto out = runTool(m_openssl, {QStringLiteral("s_client"), QStringLiteral("-connect"),
                                             QStringLiteral("127.0.0.1:%1").arg(http1Only.port()),
                                             QStringLiteral("-alpn"), QStringLiteral("h2,http/1.1"),
                                             QStringLiteral("-CAfile"), m_cert,
                                             QStringLiteral("-verify_return_error")});
        QVERIFY(out);
        QVERIFY2(out->contains("ALPN protocol: http/1.1"), out->constData());
    }

    // h2load at c=10, m=10 against h2c and h2: every request a 2xx.
    void h2load_data()
    {
        QTest::addColumn<bool>("tls");
        QTest::addColumn<QString>("path");
        QTest::newRow("h2c /health") << false << QStringLiteral("/health");
        QTest::newRow("h2c /users/42") << false << QStringLiteral("/users/42");
        QTest::newRow("h2 /health") << true << QStringLiteral("/health");
    }

    void h2load()
    {
        QFETCH(bool, tls);
        QFETCH(QString, path);
        if (m_h2load.isEmpty())
            QSKIP("needs h2load (nghttp2-client)");
        const QString url = QStringLiteral("%1://127.0.0.1:%2%3")
                                .arg(tls ? QStringLiteral("https") : QStringLiteral("http"))
                                .arg(tls ? m_tls.port() : m_plain.port())
                                .arg(path);
        const auto out = runTool(m_h2load, {QStringLiteral("-n"), QStringLiteral("5000"),
                                            QStringLiteral("-c"), QStringLiteral("10"),
                                            QStringLiteral("-m"), QStringLiteral("10"), url});
        QVERIFY(out);
        QVERIFY2(out->contains("5000 succeeded, 0 failed, 0 errored"), out->constData());
        QVERIFY2(out->contains("status codes: 5000 2xx"), out->constData());
        if (tls)
            QVERIFY2(out->contains("Application protocol: h2"), out->constData());
    }

    // A client that breaks HTTP/2 or goes past the header limit gets GOAWAY; the target goes on.
    void goaway_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("error");
        const QByteArray settings = h2Frame(4, 0, 0, {});
        QTest::newRow("garbage after the preface")
            << kPreface + QByteArray("garbage garbage garbage garbage") << 1; // PROTOCOL_ERROR
        QTest::newRow("a DATA frame on stream 0")
            << kPreface + settings + h2Frame(0, 0, 0, "x") << 1;
        QTest::newRow("a bad HPACK index")
            << kPreface + settings + h2Frame(1, 5, 1, QByteArray("\x80", 1)) << 9; // COMPRESSION
        // :method GET, :scheme http, :path /, :authority, then 10 x 8000-byte fields: 80 kB
        // against the advertised 64 KiB, in HEADERS and CONTINUATION frames.
        QByteArray block("\x82\x86\x84\x41\x09"
                         "127.0.0.1");
        for (int i = 0; i < 10; ++i) {
            const QByteArray name = "x-big-" + QByteArray::number(i);
            block += QByteArray(1, '\0') + hpackInt(uint32_t(name.size()), 7, 0) + name +
                     hpackInt(8000, 7, 0) + QByteArray(8000, 'a');
        }
        QByteArray frames;
        for (qsizetype at = 0; at < block.size(); at += 16000) {
            const bool last = at + 16000 >= block.size();
            frames += h2Frame(at == 0 ? 1 : 9, uint8_t((last ? 4 : 0) | (at == 0 ? 1 : 0)), 1,
                              block.mid(at, 16000));
        }
        QTest::newRow("header list over 64 KiB") << kPreface + settings + frames << 11; // CALM
    }

    void goaway()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, error);
        int goawayError = -1;
        const QList<int> types = rawH2(m_plain.port(), bytes, &goawayError);
        QVERIFY2(types.contains(7), QByteArray::number(types.size()) + " frames, no GOAWAY");
        QCOMPARE(goawayError, error);
        // Still serving, both protocols.
        const QList<int> again =
            rawH2(m_plain.port(),
                  kPreface + h2Frame(4, 0, 0, {}) +
                      h2Frame(1, 5, 1, QByteArray("\x82\x86\x84\x41\x09") + "127.0.0.1") +
                      h2Frame(7, 0, 0, QByteArray(8, '\0')),
                  &goawayError);
        QVERIFY(again.contains(1)); // HEADERS: the answer to GET /
        if (!m_nghttp.isEmpty()) {
            const auto out = runTool(
                m_nghttp, {QStringLiteral("http://127.0.0.1:%1/health").arg(m_plain.port())});
            QVERIFY(out);
            QCOMPARE(*out, QByteArray(R"({"status":"ok"})"));
        }
    }

    // The same over TLS (ALPN h2): garbage after the preface ends in GOAWAY PROTOCOL_ERROR and
    // close_notify; then the target still answers over h2.
    void goawayOverTls()
    {
        if (m_python.isEmpty())
            QSKIP("needs /usr/bin/python3");
        const char *script = R"PY(
import socket, ssl, sys
ctx = ssl.create_default_context(cafile=sys.argv[2])
ctx.set_alpn_protocols(['h2'])
s = ctx.wrap_socket(socket.create_connection(('127.0.0.1', int(sys.argv[1]))),
                    server_hostname='127.0.0.1', suppress_ragged_eofs=False)
assert s.selected_alpn_protocol() == 'h2'
s.sendall(b'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n' + b'garbage garbage garbage garbage')
data = b''
while True:
    d = s.recv(65536)  # SSLEOFError when the server closes without close_notify
    if not d:
        break
    data += d
i = 0
while i + 9 <= len(data):
    n = int.from_bytes(data[i:i + 3], 'big')
    if data[i + 3] == 7:
        print('goaway', int.from_bytes(data[i + 13:i + 17], 'big'))
    i += 9 + n
)PY";
        const QString path = m_dir.filePath(QStringLiteral("goaway.py"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(script);
        f.close();
        const auto out = runTool(m_python, {path, QString::number(m_tls.port()), m_cert});
        QVERIFY(out);
        QCOMPARE(out->trimmed(), QByteArray("goaway 1"));
        if (!m_nghttp.isEmpty()) {
            const auto again = runTool(
                m_nghttp, {QStringLiteral("https://127.0.0.1:%1/health").arg(m_tls.port())});
            QVERIFY(again);
            QCOMPARE(*again, QByteArray(R"({"status":"ok"})"));
        }
    }

    // `stackbench target --make-cert DIR` writes a certificate the target then serves.
    void makeCertCommand()
    {
        const QString dir = m_dir.filePath(QStringLiteral("made"));
        const auto out = runTool(QStringLiteral(STACKBENCH_BIN),
                                 {QStringLiteral("target"), QStringLiteral("--make-cert"), dir});
        QVERIFY(out);
        QVERIFY(QFile::exists(dir + QStringLiteral("/cert.pem")));
        QVERIFY(QFile::exists(dir + QStringLiteral("/key.pem")));
        QVERIFY(out->contains("cert.pem"));
        Options options;
        options.threads = 1;
        options.dbPath =
            QFile::encodeName(m_dir.filePath(QStringLiteral("t.sqlite"))).toStdString();
        options.port = sb::test::freeLowPort();
        options.tlsCertFile = QFile::encodeName(dir + QStringLiteral("/cert.pem")).toStdString();
        options.tlsKeyFile = QFile::encodeName(dir + QStringLiteral("/key.pem")).toStdString();
        Server s;
        QVERIFY(s.start(options).ok());
    }
};

QTEST_GUILESS_MAIN(TestTargetTls)
#include "tst_targettls.moc"
