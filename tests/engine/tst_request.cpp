#include "http/request.h"

#include <QTest>

using sb::http::Request;

class TestRequest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void encode_data();
    void encode();
};

void TestRequest::encode_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<QList<QByteArray>>("headers"); // name, value, name, value...
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("keepAlive");
    QTest::addColumn<QByteArray>("expected");

    const QList<QByteArray> none;
    QTest::newRow("GET keep-alive")
        << QByteArray("GET") << QByteArray("/users/1?x=y") << none << QByteArray() << true
        << QByteArray("GET /users/1?x=y HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"
                      "Connection: keep-alive\r\n\r\n");
    QTest::newRow("GET close") << QByteArray("GET") << QByteArray("/") << none << QByteArray()
                               << false
                               << QByteArray("GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"
                                             "Connection: close\r\n\r\n");
    QTest::newRow("POST with body")
        << QByteArray("POST") << QByteArray("/orders")
        << QList<QByteArray>{"Content-Type", "application/json"}
        << QByteArray("{\"user\":7,\"qty\":2}") << true
        << QByteArray("POST /orders HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: 18\r\n"
                      "Connection: keep-alive\r\nContent-Type: application/json\r\n\r\n"
                      "{\"user\":7,\"qty\":2}");
    QTest::newRow("POST empty body")
        << QByteArray("POST") << QByteArray("/reset") << none << QByteArray() << true
        << QByteArray("POST /reset HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: 0\r\n"
                      "Connection: keep-alive\r\n\r\n");
    QTest::newRow("PUT close")
        << QByteArray("PUT") << QByteArray("/k") << none << QByteArray("v") << false
        << QByteArray("PUT /k HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: 1\r\n"
                      "Connection: close\r\n\r\nv");
    QTest::newRow("custom headers in order")
        << QByteArray("GET") << QByteArray("/h")
        << QList<QByteArray>{"Accept", "*/*", "X-Trace", "a b", "Cookie", "s=1"} << QByteArray()
        << true
        << QByteArray("GET /h HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nConnection: keep-alive\r\n"
                      "Accept: */*\r\nX-Trace: a b\r\nCookie: s=1\r\n\r\n");
    QTest::newRow("Host override")
        << QByteArray("GET") << QByteArray("/") << QList<QByteArray>{"host", "api.example"}
        << QByteArray() << true
        << QByteArray("GET / HTTP/1.1\r\nConnection: keep-alive\r\nhost: api.example\r\n\r\n");
    QTest::newRow("given Content-Length kept")
        << QByteArray("POST") << QByteArray("/") << QList<QByteArray>{"content-length", "3"}
        << QByteArray("abc") << true
        << QByteArray("POST / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nConnection: keep-alive\r\n"
                      "content-length: 3\r\n\r\nabc");
    QTest::newRow("given Connection wins")
        << QByteArray("GET") << QByteArray("/") << QList<QByteArray>{"Connection", "close"}
        << QByteArray() << true
        << QByteArray("GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nConnection: close\r\n\r\n");
    QTest::newRow("DELETE with body")
        << QByteArray("DELETE") << QByteArray("/x") << none << QByteArray("{}") << true
        << QByteArray("DELETE /x HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: 2\r\n"
                      "Connection: keep-alive\r\n\r\n{}");
    QTest::newRow("empty target")
        << QByteArray("HEAD") << QByteArray() << none << QByteArray() << true
        << QByteArray("HEAD / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nConnection: keep-alive\r\n\r\n");
}

void TestRequest::encode()
{
    QFETCH(QByteArray, method);
    QFETCH(QByteArray, target);
    QFETCH(QList<QByteArray>, headers);
    QFETCH(QByteArray, body);
    QFETCH(bool, keepAlive);
    QFETCH(QByteArray, expected);

    Request request;
    request.method = method.toStdString();
    request.target = target.toStdString();
    for (qsizetype i = 0; i + 1 < headers.size(); i += 2)
        request.headers.emplace_back(headers[i].toStdString(), headers[i + 1].toStdString());
    request.body = body.toStdString();

    const std::string bytes = sb::http::encodeRequest(request, "127.0.0.1:8080", keepAlive);
    QCOMPARE(QByteArray::fromStdString(bytes), expected);
}

QTEST_GUILESS_MAIN(TestRequest)
#include "tst_request.moc"
