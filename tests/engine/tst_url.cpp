#include "http/url.h"

#include <QTest>

using sb::http::Url;

class TestUrl : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void valid_data();
    void valid();
    void invalid_data();
    void invalid();
    void ipLiterals();
};

void TestUrl::valid_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("hostHeader");

    QTest::newRow("ipv4 port path query")
        << QStringLiteral("http://127.0.0.1:8080/users/1?x=y") << QStringLiteral("127.0.0.1")
        << 8080 << QStringLiteral("/users/1?x=y") << QStringLiteral("127.0.0.1:8080");
    QTest::newRow("default port") << QStringLiteral("http://localhost/")
                                  << QStringLiteral("localhost") << 80 << QStringLiteral("/")
                                  << QStringLiteral("localhost");
    QTest::newRow("no path") << QStringLiteral("http://example.com")
                             << QStringLiteral("example.com") << 80 << QStringLiteral("/")
                             << QStringLiteral("example.com");
    QTest::newRow("explicit 80") << QStringLiteral("http://example.com:80/a")
                                 << QStringLiteral("example.com") << 80 << QStringLiteral("/a")
                                 << QStringLiteral("example.com");
    QTest::newRow("query without path")
        << QStringLiteral("http://h:81?q=1&r=%20") << QStringLiteral("h") << 81
        << QStringLiteral("/?q=1&r=%20") << QStringLiteral("h:81");
    QTest::newRow("fragment dropped")
        << QStringLiteral("http://h/p?a=b#frag") << QStringLiteral("h") << 80
        << QStringLiteral("/p?a=b") << QStringLiteral("h");
    QTest::newRow("ipv6 loopback port")
        << QStringLiteral("http://[::1]:8080/json") << QStringLiteral("::1") << 8080
        << QStringLiteral("/json") << QStringLiteral("[::1]:8080");
    QTest::newRow("ipv6 default port")
        << QStringLiteral("http://[fe80::1:2]/") << QStringLiteral("fe80::1:2") << 80
        << QStringLiteral("/") << QStringLiteral("[fe80::1:2]");
    QTest::newRow("upper-case scheme")
        << QStringLiteral("HTTP://Host.Example:65535/X") << QStringLiteral("Host.Example") << 65535
        << QStringLiteral("/X") << QStringLiteral("Host.Example:65535");
    QTest::newRow("https default port")
        << QStringLiteral("https://localhost/a") << QStringLiteral("localhost") << 443
        << QStringLiteral("/a") << QStringLiteral("localhost");
    QTest::newRow("https explicit 443") << QStringLiteral("HTTPS://h:443") << QStringLiteral("h")
                                        << 443 << QStringLiteral("/") << QStringLiteral("h");
    QTest::newRow("https port 80 is not its default")
        << QStringLiteral("https://127.0.0.1:80/") << QStringLiteral("127.0.0.1") << 80
        << QStringLiteral("/") << QStringLiteral("127.0.0.1:80");
    QTest::newRow("https ipv6") << QStringLiteral("https://[::1]:8443/x") << QStringLiteral("::1")
                                << 8443 << QStringLiteral("/x") << QStringLiteral("[::1]:8443");
}

void TestUrl::valid()
{
    QFETCH(QString, text);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, target);
    QFETCH(QString, hostHeader);

    const sb::Result<Url> parsed = sb::http::parseUrl(text.toStdString());
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().detail.c_str());
    const Url &url = *parsed;
    QCOMPARE(QString::fromStdString(url.host), host);
    QCOMPARE(int(url.port), port);
    QCOMPARE(QString::fromStdString(url.target), target);
    QCOMPARE(QString::fromStdString(url.hostHeader), hostHeader);
    QCOMPARE(url.tls, text.startsWith(QStringLiteral("https"), Qt::CaseInsensitive));
}

void TestUrl::ipLiterals()
{
    QVERIFY(sb::http::isIpLiteral("127.0.0.1"));
    QVERIFY(sb::http::isIpLiteral("::1"));
    QVERIFY(sb::http::isIpLiteral("fe80::1:2"));
    QVERIFY(!sb::http::isIpLiteral("localhost"));
    QVERIFY(!sb::http::isIpLiteral("example.com"));
    QVERIFY(!sb::http::isIpLiteral("127.0.0.1.example"));
}

void TestUrl::invalid_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("reasonContains");

    QTest::newRow("empty") << QString() << QStringLiteral("empty");
    QTest::newRow("missing scheme")
        << QStringLiteral("127.0.0.1:8080/x") << QStringLiteral("scheme");
    QTest::newRow("scheme only separator") << QStringLiteral("://h/") << QStringLiteral("scheme");
    QTest::newRow("httpss") << QStringLiteral("httpss://example.com/")
                            << QStringLiteral("unsupported scheme 'httpss'");
    QTest::newRow("ftp") << QStringLiteral("ftp://h/") << QStringLiteral("'ftp'");
    QTest::newRow("port too large")
        << QStringLiteral("http://h:99999/") << QStringLiteral("port '99999' out of range");
    QTest::newRow("port zero") << QStringLiteral("http://h:0/") << QStringLiteral("port '0'");
    QTest::newRow("port not a number")
        << QStringLiteral("http://h:80a/") << QStringLiteral("port '80a'");
    QTest::newRow("negative port") << QStringLiteral("http://h:-1/") << QStringLiteral("port '-1'");
    QTest::newRow("empty port") << QStringLiteral("http://h:/") << QStringLiteral("empty port");
    QTest::newRow("huge port") << QStringLiteral("http://h:123456789012345678901234/")
                               << QStringLiteral("out of range");
    QTest::newRow("empty host") << QStringLiteral("http:///path") << QStringLiteral("missing host");
    QTest::newRow("empty host with port")
        << QStringLiteral("http://:8080/") << QStringLiteral("missing host");
    QTest::newRow("empty ipv6") << QStringLiteral("http://[]:80/")
                                << QStringLiteral("missing host");
    QTest::newRow("unterminated ipv6")
        << QStringLiteral("http://[::1:80/") << QStringLiteral("IPv6");
    QTest::newRow("ipv6 without brackets")
        << QStringLiteral("http://::1/") << QStringLiteral("host");
    QTest::newRow("junk after ipv6") << QStringLiteral("http://[::1]x/") << QStringLiteral("'x'");
    QTest::newRow("space in path") << QStringLiteral("http://h/a b") << QStringLiteral("space");
    QTest::newRow("leading space") << QStringLiteral(" http://h/") << QStringLiteral("space");
    QTest::newRow("space in host") << QStringLiteral("http://ho st/") << QStringLiteral("space");
    QTest::newRow("tab") << QStringLiteral("http://h/\t") << QStringLiteral("control");
    QTest::newRow("userinfo") << QStringLiteral("http://u:p@h/") << QStringLiteral("user");
    QTest::newRow("password never echoed")
        << QStringLiteral("http://admin:hunter2@h/") << QStringLiteral("user:password@");
    QTest::newRow("bad host char") << QStringLiteral("http://h%41/") << QStringLiteral("'%'");
}

void TestUrl::invalid()
{
    QFETCH(QString, text);
    QFETCH(QString, reasonContains);

    const sb::Result<Url> parsed = sb::http::parseUrl(text.toStdString());
    QVERIFY(!parsed.ok());
    const std::string &error = parsed.error().detail;
    QCOMPARE(QString::fromStdString(parsed.error().code), QStringLiteral("url.invalid"));
    QVERIFY2(QString::fromStdString(error).contains(reasonContains), error.c_str());
    QVERIFY(error.find('\n') == std::string::npos);
    QVERIFY2(error.find("hunter2") == std::string::npos, error.c_str());
}

QTEST_GUILESS_MAIN(TestUrl)
#include "tst_url.moc"
