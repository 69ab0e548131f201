// The one request rule (plan/requestbuilder.h) that plans, `stackbench load` and the quick test
// share: the URL grammar, the method list, header names and values, what Host does, targets,
// and a plan's route turned into the request its windows send.

#include "plan/planloader.h"
#include "plan/requestbuilder.h"

#include <QDir>
#include <QTest>

using namespace sb;

class TestRequestBuilder : public QObject
{
    Q_OBJECT

private slots:
    void headerNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("problem"); // a part of it; empty = accepted
        QTest::newRow("token") << QStringLiteral("X-Trace_1.a~") << QString();
        QTest::newRow("empty") << QString() << QStringLiteral("invalid header name");
        QTest::newRow("colon") << QStringLiteral("X:A") << QStringLiteral("invalid header name");
        QTest::newRow("space") << QStringLiteral("X A") << QStringLiteral("invalid header name");
        QTest::newRow("CR LF") << QStringLiteral("X\r\nA") << QStringLiteral("invalid header name");
        QTest::newRow("control") << QStringLiteral("X\x01")
                                 << QStringLiteral("invalid header name");
        QTest::newRow("non-ASCII")
            << QStringLiteral("X-Ä") << QStringLiteral("invalid header name");
        QTest::newRow("Content-Length")
            << QStringLiteral("content-length") << QStringLiteral("set by Stackbench");
        QTest::newRow("Transfer-Encoding")
            << QStringLiteral("Transfer-Encoding") << QStringLiteral("set by Stackbench");
        QTest::newRow("Host is a name") << QStringLiteral("Host") << QString();
    }
    void headerNames()
    {
        QFETCH(QString, name);
        QFETCH(QString, problem);
        const QString got = plan::headerNameProblem(name);
        QCOMPARE(got.isEmpty(), problem.isEmpty());
        QVERIFY2(got.contains(problem), qPrintable(got));
        plan::RequestBuilder b;
        QCOMPARE(b.addHeader(name, QStringLiteral("1")).ok(), problem.isEmpty());
    }

    void headerValues_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("problem");
        QTest::addColumn<QString>("sent"); // the value as sent when accepted
        QTest::newRow("plain") << QStringLiteral("Bearer k-1") << QString()
                               << QStringLiteral("Bearer k-1");
        QTest::newRow("spaces around")
            << QStringLiteral("  a b \t") << QString() << QStringLiteral("a b");
        QTest::newRow("tab inside")
            << QStringLiteral("a\tb") << QString() << QStringLiteral("a\tb");
        QTest::newRow("CR LF") << QStringLiteral("a\r\nX-Evil: 1") << QStringLiteral("line breaks")
                               << QString();
        QTest::newRow("LF") << QStringLiteral("a\nb") << QStringLiteral("line breaks") << QString();
        QTest::newRow("NUL") << QString(QChar(0)) << QStringLiteral("control characters")
                             << QString();
        QTest::newRow("DEL") << QStringLiteral("a\x7f") << QStringLiteral("control characters")
                             << QString();
        QTest::newRow("UTF-8") << QStringLiteral("größe") << QString() << QStringLiteral("größe");
    }
    void headerValues()
    {
        QFETCH(QString, value);
        QFETCH(QString, problem);
        QFETCH(QString, sent);
        const QString got = plan::headerValueProblem(value);
        QCOMPARE(got.isEmpty(), problem.isEmpty());
        QVERIFY2(got.contains(problem), qPrintable(got));
        plan::RequestBuilder b;
        const sb::Status st = b.addHeader(QStringLiteral("X-A"), value);
        QCOMPARE(st.ok(), problem.isEmpty());
        if (st.ok()) {
            QCOMPARE(b.request().headers.size(), 1);
            QCOMPARE(b.request().headers.first().value, sent);
        } else {
            QCOMPARE(st.error().code, std::string("request.header"));
            QCOMPARE(st.error().where, std::string("X-A"));
            QVERIFY(b.request().headers.isEmpty());
        }
    }

    // Host replaces the URL's own value instead of being sent twice; any case.
    void hostReplacesTheUrlsValue()
    {
        plan::RequestBuilder b;
        QVERIFY(b.setUrl(QStringLiteral("http://127.0.0.1:8080/x")).ok());
        QCOMPARE(b.request().hostHeader, QStringLiteral("127.0.0.1:8080"));
        QVERIFY(b.addHeader(QStringLiteral("hOsT"), QStringLiteral(" api.local ")).ok());
        QCOMPARE(b.request().hostHeader, QStringLiteral("api.local"));
        QVERIFY(b.request().headers.isEmpty());
        QCOMPARE(b.request().host, QStringLiteral("127.0.0.1"));
        QCOMPARE(b.request().port, quint16(8080));
    }

    void urls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("target");
        QTest::newRow("path and query")
            << QStringLiteral("http://h:81/a?b=c") << true << QStringLiteral("/a?b=c");
        QTest::newRow("no path") << QStringLiteral("http://h") << true << QStringLiteral("/");
        QTest::newRow("https") << QStringLiteral("https://h/") << true << QStringLiteral("/");
        QTest::newRow("ftp") << QStringLiteral("ftp://h/") << false << QString();
        QTest::newRow("password") << QStringLiteral("http://u:hunter2@h/") << false << QString();
    }
    void urls()
    {
        QFETCH(QString, url);
        QFETCH(bool, ok);
        QFETCH(QString, target);
        plan::RequestBuilder b;
        const sb::Status st = b.setUrl(url);
        QCOMPARE(st.ok(), ok);
        if (ok) {
            QCOMPARE(b.request().target, target);
            return;
        }
        QCOMPARE(st.error().code, std::string("request.url"));
        QVERIFY2(st.error().detail.find("hunter2") == std::string::npos, st.error().detail.c_str());
    }

    void methods()
    {
        QCOMPARE(plan::requestMethods(),
                 (QStringList{QStringLiteral("GET"), QStringLiteral("HEAD"), QStringLiteral("POST"),
                              QStringLiteral("PUT"), QStringLiteral("PATCH"),
                              QStringLiteral("DELETE"), QStringLiteral("OPTIONS")}));
        plan::RequestBuilder b;
        QVERIFY(b.setMethod(QStringLiteral("post")).ok());
        QCOMPARE(b.request().method, QStringLiteral("POST"));
        const sb::Status st = b.setMethod(QStringLiteral("PROPFIND"));
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, std::string("request.method"));
        QCOMPARE(b.request().method, QStringLiteral("POST")); // kept
    }

    void targets_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<int>("fault");
        QTest::newRow("absolute") << QStringLiteral("/a?b") << int(plan::TargetFault::None);
        QTest::newRow("relative") << QStringLiteral("a") << int(plan::TargetFault::NotAbsolute);
        QTest::newRow("empty") << QString() << int(plan::TargetFault::NotAbsolute);
        QTest::newRow("space") << QStringLiteral("/a b") << int(plan::TargetFault::SpaceOrControl);
        QTest::newRow("DEL") << QStringLiteral("/a\x7f") << int(plan::TargetFault::SpaceOrControl);
    }
    void targets()
    {
        QFETCH(QString, target);
        QFETCH(int, fault);
        QCOMPARE(int(plan::targetFault(target)), fault);
        plan::RequestBuilder b;
        QCOMPARE(b.setTarget(target).ok(), fault == int(plan::TargetFault::None));
    }

    // A plan refuses what the builder refuses, with the plan's place in the message.
    void plansFollowTheRule_data()
    {
        QTest::addColumn<QByteArray>("headers");
        QTest::addColumn<QString>("error");
        QTest::newRow("control character in a value")
            << QByteArray("{\"X-A\": \"a\\u0001b\"}")
            << QStringLiteral("a header value must not contain control characters");
        QTest::newRow("Content-Length") << QByteArray("{\"Content-Length\": \"3\"}")
                                        << QStringLiteral("set by Stackbench from the body");
        QTest::newRow("space in a name")
            << QByteArray("{\"X A\": \"1\"}") << QStringLiteral("invalid header name \"X A\"");
    }
    void plansFollowTheRule()
    {
        QFETCH(QByteArray, headers);
        QFETCH(QString, error);
        const QByteArray text = "{\"format\": 1, \"name\": \"h\", \"configurations\": [{\"name\": "
                                "\"a\", \"command\": [\"s\"], \"port\": 9000}], \"routes\": "
                                "[{\"name\": \"r\", \"path\": \"/\", \"headers\": " +
                                headers + "}], \"profiles\": {\"q\": {\"concurrency\": [1]}}}";
        const plan::PlanLoad load =
            plan::parsePlan(text, QStringLiteral("p.json"), QDir::tempPath());
        QVERIFY(!load.ok());
        QVERIFY2(load.errorText().contains(error), qPrintable(load.errorText()));
    }

    // A route below its configuration's base URL: what its windows send.
    void routeRequest()
    {
        const plan::PlanLoad load = plan::parsePlan(
            "{\"format\": 1, \"name\": \"h\", \"configurations\": [{\"name\": \"a\", \"command\": "
            "[\"s\"], \"base_url\": \"http://127.0.0.1:9001\"}], \"routes\": [{\"name\": \"r\", "
            "\"method\": \"POST\", \"path\": \"/orders?x=1\", \"headers\": {\"Host\": \"shop\", "
            "\"X-T\": \"1\"}, \"body\": {\"a\": 1}}], \"profiles\": {\"q\": {\"concurrency\": "
            "[1]}}}",
            QStringLiteral("p.json"), QDir::tempPath());
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const sb::Result<plan::HttpRequest> r = plan::routeRequest(
            load.plan->configurations.first().baseUrl, load.plan->routes.first());
        QVERIFY(r.ok());
        QCOMPARE(r->host, QStringLiteral("127.0.0.1"));
        QCOMPARE(r->port, quint16(9001));
        QCOMPARE(r->hostHeader, QStringLiteral("shop"));
        QCOMPARE(r->method, QStringLiteral("POST"));
        QCOMPARE(r->target, QStringLiteral("/orders?x=1"));
        QCOMPARE(r->body, QByteArray("{\"a\":1}"));
        QStringList names;
        for (const plan::Header &h : r->headers)
            names << h.name;
        QCOMPARE(names, (QStringList{QStringLiteral("X-T"), QStringLiteral("Content-Type")}));
    }
};

QTEST_GUILESS_MAIN(TestRequestBuilder)
#include "tst_requestbuilder.moc"
