// The demo's Python server (resources/demo/server.py) against the reference target: both started
// here on loopback with fresh databases, the same corpus of raw requests sent to each, and the
// answers compared byte for byte (status line, headers, body; only the clock time in a new
// order's created_at may differ). Also: both databases are seeded alike, keep-alive and
// pipelining on one connection, input that arrives one byte at a time, and the plan's hooks.

#include "target/token.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QFile>
#include <QMessageAuthenticationCode>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sqlite3.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

const QString kPython = QStringLiteral("/usr/bin/python3");
const QString kDemoDir = QStringLiteral(STACKBENCH_SOURCE_DIR "/resources/demo");

// A server process started by the test; it prints "... listening on http://127.0.0.1:PORT".
class ServerUnderTest
{
public:
    // Starts `program` and waits (at most 120 s: a fresh database is seeded first) for its
    // listening line. Returns an empty string or what went wrong.
    QString start(const QString &program, const QStringList &args)
    {
        m_process.setProgram(program);
        m_process.setArguments(args);
        m_process.start();
        if (!m_process.waitForStarted(10000))
            return program + QStringLiteral(": ") + m_process.errorString();
        static const QRegularExpression re(
            QStringLiteral(R"(listening on http://127\.0\.0\.1:(\d+) )"));
        QDeadlineTimer deadline(120000);
        QByteArray out;
        while (!deadline.hasExpired() && m_process.state() == QProcess::Running) {
            m_process.waitForReadyRead(int(deadline.remainingTime()));
            out += m_process.readAllStandardOutput();
            const QRegularExpressionMatch m = re.match(QString::fromUtf8(out));
            if (m.hasMatch()) {
                m_port = uint16_t(m.captured(1).toUInt());
                return {};
            }
        }
        return program + QStringLiteral(" printed no listening line: ") +
               QString::fromUtf8(out + m_process.readAllStandardError());
    }

    // SIGTERM to the process; true when it ended cleanly (exit code 0).
    bool stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return false;
        m_process.terminate();
        return m_process.waitForFinished(20000) && m_process.exitStatus() == QProcess::NormalExit &&
               m_process.exitCode() == 0;
    }

    uint16_t port() const { return m_port; }

private:
    QProcess m_process;
    uint16_t m_port = 0;
};

int connectTo(uint16_t port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

bool sendAll(int fd, const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n =
            ::send(fd, bytes.constData() + done, size_t(bytes.size() - done), MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

// Reads what arrives until the peer closes; "<no EOF>" is appended when it does not close
// within 10 s of silence.
QByteArray readToEof(int fd)
{
    QByteArray out;
    char buf[65536];
    for (;;) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 10000) <= 0)
            return out + "<no EOF>";
        const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n <= 0)
            return out;
        out.append(buf, n);
    }
}

// Sends `request` (all at once, or one byte per write), half-closes, and returns everything
// the server sent before it closed.
QByteArray exchange(uint16_t port, const QByteArray &request, bool byteByByte = false)
{
    const int fd = connectTo(port);
    if (fd < 0)
        return "<no connection>";
    bool sent = true;
    if (byteByByte) {
        for (qsizetype i = 0; sent && i < request.size(); ++i)
            sent = sendAll(fd, request.mid(i, 1));
    } else {
        sent = sendAll(fd, request);
    }
    ::shutdown(fd, SHUT_WR);
    QByteArray out = readToEof(fd);
    ::close(fd);
    return sent ? out : "<send failed> " + out;
}

// A new order's created_at is the server's clock: the one field the two may differ in.
QByteArray normalized(QByteArray response)
{
    static const QRegularExpression now(
        QStringLiteral(R"("items":(\d+),"created_at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")"));
    return QString::fromLatin1(response)
        .replace(now, QStringLiteral(R"("items":\1,"created_at":"<now>")"))
        .toLatin1();
}

QByteArray printable(const QByteArray &bytes)
{
    QByteArray out;
    for (char c : bytes.left(2000)) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '\r')
            out += "\\r";
        else if (c == '\n')
            out += "\\n\n    ";
        else if (u < 0x20 || u >= 0x7F)
            out += "\\x" + QByteArray::number(u, 16).rightJustified(2, '0');
        else
            out += c;
    }
    return out;
}

QByteArray request(const QByteArray &method, const QByteArray &target, const QByteArray &body = {},
                   const QByteArray &headers = {})
{
    QByteArray r = method + ' ' + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers;
    if (!body.isEmpty() || method == "POST")
        r += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    return r + "\r\n" + body;
}

QByteArray bearer(const QByteArray &token)
{
    return "Authorization: Bearer " + token + "\r\n";
}

// A JWT signed with `secret`, built with Qt independently of both servers.
QByteArray jwt(const QByteArray &payload, const QByteArray &secret,
               const QByteArray &header = R"({"alg":"HS256","typ":"JWT"})")
{
    const auto opts = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;
    const QByteArray input = header.toBase64(opts) + '.' + payload.toBase64(opts);
    return input + '.' +
           QMessageAuthenticationCode::hash(input, secret, QCryptographicHash::Sha256)
               .toBase64(opts);
}

const QByteArray kSecret =
    QByteArray(sb::target::kTokenSecret.data(), qsizetype(sb::target::kTokenSecret.size()));

// SHA-256 over a table's rows in id order.
QByteArray tableChecksum(const QString &path, const char *sql, qint64 *rows)
{
    sqlite3 *db = nullptr;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    *rows = 0;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) ==
        SQLITE_OK) {
        sqlite3_stmt *st = nullptr;
        sqlite3_prepare_v2(db, sql, -1, &st, nullptr);
        while (st && sqlite3_step(st) == SQLITE_ROW) {
            for (int col = 0; col < sqlite3_column_count(st); ++col) {
                hash.addData(
                    QByteArrayView(reinterpret_cast<const char *>(sqlite3_column_text(st, col)),
                                   sqlite3_column_bytes(st, col)));
                hash.addData(QByteArrayView("\x1f", 1));
            }
            ++*rows;
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return hash.result().toHex();
}

qint64 scalar(const QString &path, const QByteArray &sql)
{
    sqlite3 *db = nullptr;
    qint64 value = -1;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) ==
        SQLITE_OK) {
        sqlite3_stmt *st = nullptr;
        if (sqlite3_prepare_v2(db, sql.constData(), -1, &st, nullptr) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_ROW)
            value = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return value;
}

// Runs demohooks.py with `args`; its exit code (-1 when it did not run).
int runHook(const QStringList &args, QByteArray *err = nullptr)
{
    QProcess p;
    p.start(kPython, QStringList{kDemoDir + QStringLiteral("/demohooks.py")} + args);
    if (!p.waitForFinished(30000))
        return -1;
    if (err)
        *err = p.readAllStandardError();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

} // namespace

class TestDemoServer : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    ServerUnderTest m_native;
    ServerUnderTest m_python;
    QString m_nativeDb;
    QString m_pythonDb;
    QByteArray m_token; // `stackbench target --token 7`

    void compareExchange(const QByteArray &raw, bool byteByByte)
    {
        const QByteArray native = normalized(exchange(m_native.port(), raw, byteByByte));
        const QByteArray python = normalized(exchange(m_python.port(), raw, byteByByte));
        QVERIFY2(!native.isEmpty() || raw.isEmpty(), "the target sent nothing");
        QVERIFY2(native == python, ("the responses differ\n  request:\n    " + printable(raw) +
                                    "\n  stackbench target:\n    " + printable(native) +
                                    "\n  python server:\n    " + printable(python))
                                       .constData());
    }

private slots:
    void initTestCase()
    {
        if (!QFile::exists(kPython))
            QSKIP("/usr/bin/python3 is not installed");
        QVERIFY(m_dir.isValid());
        m_nativeDb = m_dir.filePath(QStringLiteral("native.sqlite"));
        m_pythonDb = m_dir.filePath(QStringLiteral("python.sqlite"));
        const QString nativeError = m_native.start(
            QStringLiteral(STACKBENCH_BIN),
            {QStringLiteral("target"), QStringLiteral("--port"), QStringLiteral("0"),
             QStringLiteral("--threads"), QStringLiteral("1"), QStringLiteral("--db"), m_nativeDb});
        QVERIFY2(nativeError.isEmpty(), qPrintable(nativeError));
        const QString pythonError = m_python.start(
            kPython, {kDemoDir + QStringLiteral("/server.py"), QStringLiteral("--port"),
                      QStringLiteral("0"), QStringLiteral("--db"), m_pythonDb});
        QVERIFY2(pythonError.isEmpty(), qPrintable(pythonError));
        QProcess token;
        token.start(QStringLiteral(STACKBENCH_BIN),
                    {QStringLiteral("target"), QStringLiteral("--token"), QStringLiteral("7")});
        QVERIFY(token.waitForFinished(10000));
        m_token = token.readAllStandardOutput().trimmed();
        QCOMPARE(m_token.count('.'), 2);
    }

    void cleanupTestCase()
    {
        QVERIFY(m_native.stop());
        QVERIFY2(m_python.stop(), "the Python server did not end cleanly on SIGTERM");
    }

    // Both fresh databases hold the same rows (before the corpus adds orders).
    void seededAlike_data()
    {
        QTest::addColumn<QByteArray>("sql");
        QTest::addColumn<qint64>("rows");
        QTest::newRow("users") << QByteArray("SELECT * FROM users ORDER BY id") << qint64(50000);
        QTest::newRow("orders") << QByteArray("SELECT * FROM orders ORDER BY id") << qint64(200000);
        QTest::newRow("schema") << QByteArray("SELECT type, name, tbl_name, sql FROM sqlite_master"
                                              " ORDER BY name")
                                << qint64(3);
    }

    void seededAlike()
    {
        QFETCH(QByteArray, sql);
        QFETCH(qint64, rows);
        qint64 nativeRows = 0, pythonRows = 0;
        const QByteArray native = tableChecksum(m_nativeDb, sql.constData(), &nativeRows);
        const QByteArray python = tableChecksum(m_pythonDb, sql.constData(), &pythonRows);
        QCOMPARE(nativeRows, rows);
        QCOMPARE(pythonRows, rows);
        QCOMPARE(python, native);
    }

    void corpus_data()
    {
        QTest::addColumn<QByteArray>("raw");
        auto row = [](const char *name, const QByteArray &raw) { QTest::newRow(name) << raw; };
        auto post = [](const char *target, const QByteArray &body) {
            return request("POST", target, body);
        };
        const QByteArray ada = R"({"name":"Ada","email":"ada@example.com","age":36,"tags":["x"]})";
        // Routes, happy and unhappy.
        row("health", request("GET", "/health"));
        row("health HEAD", request("HEAD", "/health"));
        row("health POST", request("POST", "/health"));
        row("health query", request("GET", "/health?x=1"));
        row("health fragment", request("GET", "/health#top"));
        row("unknown route", request("GET", "/nope"));
        row("root", request("GET", "/"));
        row("echo", post("/echo", ada));
        row("echo escapes",
            post("/echo", "{\"name\":\"A\\bB\\fC\\u0001\\\"\\\\\\/\",\"email\":"
                          "\"a@b\",\"age\":0,\"tags\":[\"\\n\\r\\t\",\"\\u00e9\"]}"));
        row("echo unicode", post("/echo", "{\"name\":\"Zo\xc3\xab \\ud83d\\ude00\",\"email\":"
                                          "\"z@x\",\"age\":150,\"tags\":[\"\xe2\x82\xac\",\"\"]}"));
        row("echo unknown field first",
            post("/echo", R"({"zz":1,"aa":2,"name":"A","email":"a@b","age":1,"tags":[]})"));
        row("echo empty unknown key",
            post("/echo", R"({"name":"A","email":"a@b","age":1,"tags":[],"":1})"));
        row("echo unknown before invalid", post("/echo", R"({"name":"","zz":1})"));
        row("echo missing name", post("/echo", R"({"email":"a@b","age":1,"tags":[]})"));
        row("echo empty name", post("/echo", R"({"name":"","email":"a@b","age":1,"tags":[]})"));
        row("echo name null", post("/echo", R"({"name":null,"email":"a@b","age":1,"tags":[]})"));
        row("echo email without @",
            post("/echo", R"({"name":"A","email":"ab","age":1,"tags":[]})"));
        row("echo age string", post("/echo", R"({"name":"A","email":"a@b","age":"3","tags":[]})"));
        row("echo age 151", post("/echo", R"({"name":"A","email":"a@b","age":151,"tags":[]})"));
        row("echo age -1", post("/echo", R"({"name":"A","email":"a@b","age":-1,"tags":[]})"));
        row("echo age 3.5", post("/echo", R"({"name":"A","email":"a@b","age":3.5,"tags":[]})"));
        row("echo age true", post("/echo", R"({"name":"A","email":"a@b","age":true,"tags":[]})"));
        row("echo age -0", post("/echo", R"({"name":"A","email":"a@b","age":-0,"tags":[]})"));
        row("echo age beyond uint64",
            post("/echo", R"({"name":"A","email":"a@b","age":99999999999999999999,"tags":[]})"));
        row("echo age beyond int64",
            post("/echo", R"({"name":"A","email":"a@b","age":9223372036854775808,"tags":[]})"));
        row("echo age underflow",
            post("/echo", R"({"name":"A","email":"a@b","age":1e-400,"tags":[]})"));
        row("echo tags object", post("/echo", R"({"name":"A","email":"a@b","age":1,"tags":{}})"));
        row("echo tags nested",
            post("/echo", R"({"name":"A","email":"a@b","age":1,"tags":[["a"]]})"));
        row("echo tags number",
            post("/echo", R"({"name":"A","email":"a@b","age":1,"tags":["a",1]})"));
        row("echo missing tags", post("/echo", R"({"name":"A","email":"a@b","age":1})"));
        row("echo body array", post("/echo", "[1,2]"));
        row("echo body string", post("/echo", R"("x")"));
        row("echo empty body", post("/echo", {}));
        row("echo cut", post("/echo", R"({"name":)"));
        row("echo trailing comma", post("/echo", R"({"a":1,})"));
        row("echo duplicate key", post("/echo", R"({"name":"A","name":"B"})"));
        row("echo nested duplicate", post("/echo", R"({"x":{"a":1,"a":2},"y":)"));
        row("echo invalid UTF-8", post("/echo", "{\"name\":\"\xff\"}"));
        row("echo lone surrogate", post("/echo", R"({"name":"\udc00"})"));
        row("echo NUL byte", post("/echo", QByteArray("{\"a\":1}\0", 8)));
        row("echo byte order mark", post("/echo", "\xEF\xBB\xBF{}"));
        row("echo number overflow", post("/echo", R"({"name":"A","email":"a@b","age":1e400})"));
        row("echo 65 levels", post("/echo", QByteArray(65, '[') + QByteArray(65, ']')));
        row("echo 64 levels", post("/echo", QByteArray(64, '[') + QByteArray(64, ']')));
        row("echo deep then broken", post("/echo", QByteArray(3000, '[')));
        row("echo comment", post("/echo", "/*c*/{}"));
        row("echo multi-line error", post("/echo", "{\n  \"name\": \"A\",\n  \"age\": 01\n}"));
        row("echo GET", request("GET", "/echo"));
        // Tokens: built here with Qt, valid and not.
        row("me", request("GET", "/me", {}, bearer(m_token)));
        row("me lower-case scheme",
            request("GET", "/me", {}, "authorization: bearer " + m_token + "  \r\n"));
        row("me integer sub",
            request("GET", "/me", {}, bearer(jwt(R"({"sub":12,"exp":4102444800})", kSecret))));
        row("me missing token", request("GET", "/me"));
        row("me empty header", request("GET", "/me", {}, "Authorization:\r\n"));
        row("me basic", request("GET", "/me", {}, "Authorization: Basic YWRhOmFkYQ==\r\n"));
        row("me two parts", request("GET", "/me", {}, bearer("abc.def")));
        row("me bad base64", request("GET", "/me", {}, bearer("a*b.c.d")));
        row("me wrong signature",
            request("GET", "/me", {}, bearer(jwt(R"({"sub":"7","exp":4102444800})", "other"))));
        row("me expired",
            request("GET", "/me", {}, bearer(jwt(R"({"sub":"7","exp":1000000000})", kSecret))));
        row("me unknown user",
            request("GET", "/me", {},
                    bearer(jwt(R"({"sub":"999999","exp":4102444800})", kSecret))));
        row("me alg none",
            request("GET", "/me", {},
                    bearer(jwt(R"({"sub":"7","exp":4102444800})", kSecret, R"({"alg":"none"})"))));
        row("me sub float",
            request("GET", "/me", {}, bearer(jwt(R"({"sub":5.0,"exp":4102444800})", kSecret))));
        row("me exp text",
            request("GET", "/me", {}, bearer(jwt(R"({"sub":5,"exp":"4102444800"})", kSecret))));
        row("me payload duplicate",
            request("GET", "/me", {},
                    bearer(jwt(R"({"sub":5,"sub":6,"exp":4102444800})", kSecret))));
        row("me sub negative text",
            request("GET", "/me", {}, bearer(jwt(R"({"sub":"-5","exp":4102444800})", kSecret))));
        // One user, and pages of them.
        row("user 1", request("GET", "/users/1"));
        row("user last", request("GET", "/users/50000"));
        row("user missing", request("GET", "/users/50001"));
        row("user zero", request("GET", "/users/0"));
        row("user text", request("GET", "/users/abc"));
        row("user negative", request("GET", "/users/-3"));
        row("user leading zero", request("GET", "/users/007"));
        row("user 19 digits", request("GET", "/users/1000000000000000000"));
        row("user sub-path", request("GET", "/users/1/orders"));
        row("user empty id", request("GET", "/users/"));
        row("user DELETE", request("DELETE", "/users/1"));
        row("users default", request("GET", "/users"));
        row("users page 2 of 3", request("GET", "/users?page=2&limit=3"));
        row("users last page", request("GET", "/users?page=2500&limit=20"));
        row("users past the end", request("GET", "/users?page=2501"));
        row("users limit 0", request("GET", "/users?limit=0"));
        row("users limit 101", request("GET", "/users?limit=101"));
        row("users page 0", request("GET", "/users?page=0"));
        row("users page text", request("GET", "/users?page=two"));
        row("users page too big", request("GET", "/users?page=1000000001"));
        row("users page empty", request("GET", "/users?page="));
        row("users first page wins", request("GET", "/users?page=2&page=3&limit=2"));
        row("users other parameter", request("GET", "/users?sort=name&limit=2"));
        // Orders.
        row("order", post("/orders", R"({"user_id":3,"amount_cents":1999,"items":2})"));
        row("order unknown user",
            post("/orders", R"({"user_id":900000,"amount_cents":1,"items":1})"));
        row("order amount 0", post("/orders", R"({"user_id":3,"amount_cents":0,"items":2})"));
        row("order items 0", post("/orders", R"({"user_id":3,"amount_cents":5,"items":0})"));
        row("order items too many",
            post("/orders", R"({"user_id":3,"amount_cents":5,"items":1000001})"));
        row("order amount too big",
            post("/orders", R"({"user_id":3,"amount_cents":1000000000001,"items":1})"));
        row("order user text", post("/orders", R"({"user_id":"3","amount_cents":5,"items":1})"));
        row("order missing user", post("/orders", R"({"amount_cents":5,"items":1})"));
        row("order unknown field",
            post("/orders", R"({"user_id":3,"amount_cents":5,"items":1,"x":0})"));
        row("order not JSON", post("/orders", "user_id=3"));
        row("order GET", request("GET", "/orders"));
        // CPU and delay.
        row("cpu default", request("GET", "/cpu"));
        row("cpu 1", request("GET", "/cpu?n=1"));
        row("cpu 17", request("GET", "/cpu?n=17"));
        row("cpu 0", request("GET", "/cpu?n=0"));
        row("cpu too big", request("GET", "/cpu?n=1000001"));
        row("cpu text", request("GET", "/cpu?n=abc"));
        row("cpu PUT", request("PUT", "/cpu"));
        row("delay 0", request("GET", "/delay?ms=0"));
        row("delay then pipelined", request("GET", "/delay?ms=5") + request("GET", "/health"));
        row("delay too long", request("GET", "/delay?ms=60001"));
        // Framing.
        row("pipelined", request("GET", "/users/5") + post("/echo", ada) + request("GET", "/nope"));
        row("HTTP/1.0", "GET /health HTTP/1.0\r\n\r\n");
        row("HTTP/1.0 keep-alive",
            "GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /users/2 HTTP/1.0\r\n\r\n");
        row("Connection: close stops",
            "GET /health HTTP/1.1\r\nConnection: close\r\n\r\n" + request("GET", "/users/3"));
        row("chunked", "POST /orders HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                       "1a\r\n{\"user_id\":3,\"amount_cents\r\n13;x=1\r\n\":1999,\"items\":2} \r\n"
                       "0\r\nTrailer: t\r\n\r\n");
        row("expect 100-continue", "POST /echo HTTP/1.1\r\nExpect: 100-continue\r\n"
                                   "Content-Length: 2\r\n\r\n{}");
        row("unknown method", "BREW /health HTTP/1.1\r\n\r\n");
        row("lower-case method", "get /health HTTP/1.1\r\n\r\n");
        row("HTTP/1.2", "GET /health HTTP/1.2\r\n\r\n");
        row("header without colon", "GET /health HTTP/1.1\r\nNoColon\r\n\r\n");
        row("length and chunked", "POST /echo HTTP/1.1\r\nContent-Length: 2\r\n"
                                  "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n");
        row("two lengths",
            "POST /echo HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}");
        row("body over 1 MiB", "POST /orders HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n");
        row("target over 8 KiB", request("GET", "/" + QByteArray(9000, 'a')));
        row("headers over 64 KiB",
            request("GET", "/health", {}, "X: " + QByteArray(70000, 'a') + "\r\n"));
        row("CONNECT then more", "CONNECT x:1 HTTP/1.1\r\n\r\n" + request("GET", "/health"));
        row("absolute target", request("GET", "http://127.0.0.1/health"));
        row("leading CRLF", "\r\n\r\n" + request("GET", "/health"));
        row("no version", "GET /health\r\n\r\n");
        row("folded header",
            request("GET", "/me", {}, "Authorization: Bearer\r\n " + m_token + "\r\n"));
        row("garbage after a request", request("GET", "/health") + "{\"x\":1}");
    }

    // Every request of the corpus gets the same bytes from both servers.
    void corpus()
    {
        QFETCH(QByteArray, raw);
        compareExchange(raw, false);
    }

    // Input that arrives one byte at a time is framed the same way.
    void byteByByte_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::newRow("pipelined") << request("GET", "/users/6") + request("GET", "/health") +
                                          request("POST", "/echo", R"({"name":)");
        QTest::newRow("chunked") << QByteArray("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked"
                                               "\r\n\r\n2\r\n{}\r\n0\r\n\r\n");
        QTest::newRow("bad header") << QByteArray("GET /health HTTP/1.1\r\nX\x01Y: 1\r\n\r\n");
        QTest::newRow("bad chunk size")
            << QByteArray("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2 x\r\n");
    }

    void byteByByte()
    {
        QFETCH(QByteArray, raw);
        compareExchange(raw, true);
    }

    // One connection to the Python server serves request after request, and a pipelined batch
    // in order; the connection stays open after each answer.
    void keepAlive()
    {
        const int fd = connectTo(m_python.port());
        QVERIFY(fd >= 0);
        QByteArray buffer;
        auto readOne = [&](int &status) {
            for (;;) {
                const qsizetype end = buffer.indexOf("\r\n\r\n");
                if (end >= 0) {
                    static const QRegularExpression len(QStringLiteral("Content-Length: (\\d+)"));
                    const QRegularExpressionMatch m =
                        len.match(QString::fromLatin1(buffer.left(end)));
                    const qsizetype total =
                        end + 4 + (m.hasMatch() ? m.captured(1).toLongLong() : 0);
                    if (buffer.size() >= total) {
                        status = buffer.mid(9, 3).toInt();
                        const QByteArray one = buffer.left(total);
                        buffer.remove(0, total);
                        return one;
                    }
                }
                pollfd p{fd, POLLIN, 0};
                char chunk[65536];
                if (::poll(&p, 1, 10000) <= 0)
                    return QByteArray();
                const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
                if (n <= 0)
                    return QByteArray();
                buffer.append(chunk, n);
            }
        };
        int status = 0;
        for (int i = 1; i <= 3; ++i) {
            QVERIFY(sendAll(fd, request("GET", "/users/" + QByteArray::number(i))));
            const QByteArray r = readOne(status);
            QCOMPARE(status, 200);
            QVERIFY2(!r.contains("Connection: close"), r.constData());
            QVERIFY(r.contains("\"id\":" + QByteArray::number(i) + ","));
        }
        QByteArray batch;
        for (int i = 10; i < 15; ++i)
            batch += request("GET", "/users/" + QByteArray::number(i));
        QVERIFY(sendAll(fd, batch));
        for (int i = 10; i < 15; ++i) {
            const QByteArray r = readOne(status);
            QCOMPARE(status, 200);
            QVERIFY(r.contains("\"id\":" + QByteArray::number(i) + ","));
        }
        // Still open: one more answer, then no further bytes and no close.
        QVERIFY(sendAll(fd, request("GET", "/health")));
        QVERIFY(readOne(status).endsWith(R"({"status":"ok"})"));
        pollfd p{fd, POLLIN, 0};
        QCOMPARE(::poll(&p, 1, 200), 0);
        ::close(fd);
    }

    // The plan's hooks: an order a server answered is in its own database file (and not in the
    // other server's), and reset-orders brings the table back to the seed.
    void hooks_data()
    {
        QTest::addColumn<bool>("python");
        QTest::newRow("native") << false;
        QTest::newRow("python") << true;
    }

    void hooks()
    {
        QFETCH(bool, python);
        const uint16_t port = python ? m_python.port() : m_native.port();
        const QString own = python ? m_pythonDb : m_nativeDb;
        const QString other = python ? m_nativeDb : m_pythonDb;
        const QString url = QStringLiteral("http://127.0.0.1:%1").arg(port);
        QByteArray err;
        QCOMPARE(runHook({QStringLiteral("order-persists"), url, own}, &err), 0);
        QVERIFY2(err.isEmpty(), err.constData());
        QCOMPARE(runHook({QStringLiteral("order-persists"), url, other}, &err), 1);
        QVERIFY2(err.contains("is stored in"), err.constData());
        QVERIFY(scalar(own, "SELECT max(id) FROM orders") > 200000);
        QCOMPARE(runHook({QStringLiteral("reset-orders"), own}), 0);
        QCOMPARE(scalar(own, "SELECT count(*) FROM orders"), qint64(200000));
        QCOMPARE(scalar(own, "SELECT max(id) FROM orders"), qint64(200000));
        // The server goes on inserting from the seed's end.
        const QByteArray created = exchange(
            port, request("POST", "/orders", R"({"user_id":5,"amount_cents":7,"items":1})"));
        QVERIFY2(created.contains(R"({"id":200001,"user_id":5,"amount_cents":7,"items":1,)"),
                 created.constData());
        QCOMPARE(runHook({QStringLiteral("reset-orders"), own}), 0);
        QCOMPARE(runHook({QStringLiteral("no-such-hook")}), 2);
    }
};

QTEST_GUILESS_MAIN(TestDemoServer)
#include "tst_demoserver.moc"
