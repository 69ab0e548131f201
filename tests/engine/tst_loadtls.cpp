// HTTP/1.1 over TLS in the load engine: counts equal to nginx's own over TLS, the handshake
// time per connection, session resumption on reconnect, certificate verification (expired,
// self-signed, another name: the certificate class; the insecure switch passes them and the
// result says so), and the faults nginx does not make (a dropped handshake, a fatal alert, a
// close without close_notify), each in its class, every window ending on time.

#include "load/loadengine.h"
#include "tlsfixtures.h"

#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <netdb.h>

using namespace sb::load;

namespace {

// A TLS window of `ms` on 127.0.0.1:`port`, verified against `caFile` (empty = insecure).
LoadSpec tlsSpec(uint16_t port, const QString &caFile, int64_t ms = 1500)
{
    LoadSpec spec;
    spec.host = "127.0.0.1";
    spec.port = port;
    spec.request.target = "/hello";
    spec.tls.enabled = true;
    spec.tls.verify = !caFile.isEmpty();
    spec.tls.caFile = caFile.toStdString();
    spec.connections = 4;
    spec.threads = 1;
    spec.durationMs = ms;
    spec.intervalMs = 250;
    spec.timeoutMs = 10'000;
    return spec;
}

LoadResult runWindow(const LoadSpec &spec, sb::Status *status = nullptr)
{
    LoadEngine engine;
    const sb::Status st = engine.start(spec, {});
    if (status)
        *status = st;
    if (!st.ok())
        return LoadResult();
    return engine.wait();
}

QByteArray describe(const LoadResult &r)
{
    const Counters &t = r.total;
    return QStringLiteral("ok %1 responses %2 connects %3 handshakes %4 resumed %5 | connect %6 "
                          "read %7 write %8 timeout %9 parse %10 | tls handshake %11 "
                          "certificate %12 alert %13 no-close-notify %14 | elapsed %15 s")
        .arg(t.ok)
        .arg(t.responses)
        .arg(t.connects)
        .arg(t.tlsHandshakes)
        .arg(t.tlsResumed)
        .arg(t.connectErrors)
        .arg(t.readErrors)
        .arg(t.writeErrors)
        .arg(t.timeouts)
        .arg(t.parseErrors)
        .arg(t.tlsHandshakeErrors)
        .arg(t.tlsCertificateErrors)
        .arg(t.tlsAlerts)
        .arg(t.tlsNoCloseNotify)
        .arg(r.elapsedS)
        .toUtf8();
}

// "On time": the window ends within its duration plus a generous margin (never the 10 s
// timeout of a request, never the unreachable abort's 5 s).
constexpr double kOnTimeS = 4.5;

} // namespace

class TestLoadTls : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        std::signal(SIGPIPE, SIG_IGN); // the scripted server's OpenSSL writes with write()
        QVERIFY(m_dir.isValid());
        QVERIFY(m_nginxDir.isValid());
        QVERIFY(m_closeDir.isValid());
        m_certs = std::make_unique<sb::test::TlsCertificates>(m_dir.path());
        QVERIFY2(m_certs->ok(), qPrintable(m_certs->error()));
        m_nginx = std::make_unique<sb::test::NginxTls>(
            m_nginxDir.path(), *m_certs,
            QStringList{QStringLiteral("good"), QStringLiteral("expired"), QStringLiteral("self"),
                        QStringLiteral("other")});
        QVERIFY2(m_nginx->port(QStringLiteral("good")) != 0, qPrintable(m_nginx->error()));
        m_closing = std::make_unique<sb::test::NginxTls>(m_closeDir.path(), *m_certs,
                                                         QStringList{QStringLiteral("good")}, true);
        QVERIFY2(m_closing->port(QStringLiteral("good")) != 0, qPrintable(m_closing->error()));
    }

    void cleanupTestCase()
    {
        m_closing.reset();
        m_nginx.reset();
    }

    // Keep-alive over TLS: every 2xx is a request nginx counted, exactly; one handshake per
    // connection, each timed, beside its connect time.
    void countsEqualNginxs()
    {
        LoadSpec spec = tlsSpec(m_nginx->port(QStringLiteral("good")), m_certs->caFile(), 2000);
        spec.connections = 10;
        spec.threads = 2;
        const int64_t before = m_nginx->requests();
        QVERIFY(before > 0);
        const LoadResult r = runWindow(spec);
        const int64_t after = m_nginx->requests();
        qInfo("%s; nginx %lld; handshake p50 %lld us, connect p50 %lld us", describe(r).data(),
              static_cast<long long>(after - before - 1),
              static_cast<long long>(r.handshakeTime.valueAtPercentile(50)),
              static_cast<long long>(r.connectTime.valueAtPercentile(50)));
        QCOMPARE(r.total.errors(), 0);
        QVERIFY(r.total.ok > 100);
        QCOMPARE(r.total.ok, r.total.responses);
        QCOMPARE(after - before - 1, r.total.ok); // less the second stub_status request
        QVERIFY(r.tls);
        QVERIFY(!r.tlsInsecure);
        QCOMPARE(r.total.connects, 10);
        QCOMPARE(r.total.tlsHandshakes, 10);
        QCOMPARE(r.connectTime.count(), 10);
        QCOMPARE(r.handshakeTime.count(), 10);
        QVERIFY(r.handshakeTime.min() >= 1);
        QCOMPARE(r.total.reconnects, 0);
    }

    // The name check uses the URL's host: "localhost" (a DNS name, sent as SNI) passes too.
    void hostNameVerifies()
    {
        LoadSpec spec = tlsSpec(m_nginx->port(QStringLiteral("good")), m_certs->caFile(), 800);
        addrinfo *found = nullptr;
        if (::getaddrinfo("localhost", nullptr, nullptr, &found) != 0)
            QSKIP("\"localhost\" does not resolve here (no /etc/hosts entry)");
        ::freeaddrinfo(found);
        spec.host = "localhost";
        spec.tls.sni = "localhost";
        const LoadResult r = runWindow(spec);
        QVERIFY2(r.total.errors() == 0 && r.total.ok > 0, describe(r));
    }

    // A server that closes after each response: a new connection per request, each with its
    // handshake, and every one after the first per connection resumes the session.
    void reconnectsResume()
    {
        LoadSpec spec = tlsSpec(m_closing->port(QStringLiteral("good")), m_certs->caFile());
        spec.requestLimit = 300;
        const int64_t before = m_closing->requests();
        const LoadResult r = runWindow(spec);
        const int64_t after = m_closing->requests();
        qInfo("%s; handshake p50 %lld us (resumed and full)", describe(r).data(),
              static_cast<long long>(r.handshakeTime.valueAtPercentile(50)));
        QCOMPARE(r.total.errors(), 0);
        QCOMPARE(r.total.ok, 300);
        QCOMPARE(after - before - 1, r.total.ok);
        // One handshake per connection, but for connects that were still handshaking when the
        // last response came (sending stopped then: they were closed).
        QVERIFY2(r.total.tlsHandshakes <= r.total.connects &&
                     r.total.tlsHandshakes >= r.total.connects - spec.connections,
                 describe(r));
        QCOMPARE(r.handshakeTime.count(), r.total.tlsHandshakes);
        QVERIFY2(r.total.tlsHandshakes >= 300, describe(r)); // one connection per request
        // Every reconnect offers the worker's last session, and most resume: measured 199 to
        // 296 of 300 (296 is every reconnect). nginx sometimes answers an offered, resumable
        // ticket with a full handshake (traced on the client side: the session was offered).
        QVERIFY2(r.total.tlsResumed * 2 >= r.total.tlsHandshakes, describe(r));
    }

    // Certificates that do not verify: every connect fails in the certificate class, nothing
    // else counts, and the window ends on time. The insecure switch makes them pass and the
    // result records it.
    void certificateFailures_data()
    {
        QTest::addColumn<QString>("server");
        QTest::newRow("expired") << QStringLiteral("expired");
        QTest::newRow("self-signed") << QStringLiteral("self");
        QTest::newRow("another name") << QStringLiteral("other");
    }

    void certificateFailures()
    {
        QFETCH(QString, server);
        const uint16_t port = m_nginx->port(server);
        const LoadResult r = runWindow(tlsSpec(port, m_certs->caFile()));
        qInfo("verified: %s", describe(r).data());
        QVERIFY2(r.total.tlsCertificateErrors > 0, describe(r));
        QCOMPARE(r.total.errors(), r.total.tlsCertificateErrors);
        QCOMPARE(r.total.responses, 0);
        QCOMPARE(r.total.tlsHandshakes, 0);
        QVERIFY2(r.elapsedS < kOnTimeS, describe(r));
        QVERIFY(r.aborted.empty());

        const LoadResult insecure = runWindow(tlsSpec(port, QString()));
        qInfo("insecure: %s", describe(insecure).data());
        QVERIFY(insecure.tlsInsecure);
        QCOMPARE(insecure.total.errors(), 0);
        QVERIFY(insecure.total.ok > 0);
    }

    // A CA file that cannot be read is one error before anything runs.
    void missingCaFile()
    {
        sb::Status st = sb::Ok{};
        runWindow(tlsSpec(m_nginx->port(QStringLiteral("good")),
                          m_dir.filePath(QStringLiteral("nope.pem"))),
                  &st);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, std::string("load.tls"));
        QVERIFY2(st.error().detail.find("nope.pem") != std::string::npos,
                 st.error().detail.c_str());
    }

    // A server that reads the ClientHello and closes: the handshake class.
    void droppedHandshake()
    {
        sb::test::ScriptedTlsServer server(sb::test::ScriptedTlsServer::Mode::DropHandshake,
                                           m_certs->cert(QStringLiteral("good")),
                                           m_certs->key(QStringLiteral("good")));
        const LoadResult r = runWindow(tlsSpec(server.port(), m_certs->caFile()));
        qInfo("%s", describe(r).data());
        QVERIFY2(r.total.tlsHandshakeErrors > 0, describe(r));
        QCOMPARE(r.total.errors(), r.total.tlsHandshakeErrors);
        QCOMPARE(r.total.responses, 0);
        QVERIFY2(r.elapsedS < kOnTimeS, describe(r));
    }

    // A server that never answers the ClientHello: the handshake class when the connect's
    // timeout ends it, and the window ends on time all the same.
    void stalledHandshake()
    {
        sb::test::MisbehavingServer server(sb::test::MisbehavingServer::Mode::Stall);
        LoadSpec spec = tlsSpec(server.port(), m_certs->caFile());
        spec.timeoutMs = 300;
        const LoadResult r = runWindow(spec);
        qInfo("%s", describe(r).data());
        QVERIFY2(r.total.tlsHandshakeErrors > 0, describe(r));
        QCOMPARE(r.total.errors(), r.total.tlsHandshakeErrors);
        QVERIFY2(r.elapsedS < kOnTimeS, describe(r));
    }

    // A fatal alert from the server (no common application protocol): the alert class.
    void fatalAlert()
    {
        sb::test::ScriptedTlsServer server(sb::test::ScriptedTlsServer::Mode::AlertOnAlpn,
                                           m_certs->cert(QStringLiteral("good")),
                                           m_certs->key(QStringLiteral("good")));
        const LoadResult r = runWindow(tlsSpec(server.port(), m_certs->caFile()));
        qInfo("%s", describe(r).data());
        QVERIFY2(r.total.tlsAlerts > 0, describe(r));
        QCOMPARE(r.total.errors(), r.total.tlsAlerts);
        QVERIFY2(r.elapsedS < kOnTimeS, describe(r));
    }

    // A response cut short by a TCP close without close_notify: that class, one per partial
    // response the server sent, and no response counted.
    void closeWithoutCloseNotify()
    {
        sb::test::ScriptedTlsServer server(sb::test::ScriptedTlsServer::Mode::NoCloseNotify,
                                           m_certs->cert(QStringLiteral("good")),
                                           m_certs->key(QStringLiteral("good")));
        const LoadResult r = runWindow(tlsSpec(server.port(), m_certs->caFile()));
        qInfo("%s; partial responses sent %lld", describe(r).data(),
              static_cast<long long>(server.partialResponses()));
        QVERIFY2(r.total.tlsNoCloseNotify > 0, describe(r));
        QCOMPARE(r.total.errors(), r.total.tlsNoCloseNotify);
        QCOMPARE(r.total.responses, 0);
        // Each handshake sent one request, but for those done just as sending stopped.
        QVERIFY2(r.total.tlsNoCloseNotify <= r.total.tlsHandshakes &&
                     r.total.tlsNoCloseNotify >= r.total.tlsHandshakes - 4,
                 describe(r));
        QVERIFY2(r.elapsedS < kOnTimeS, describe(r));
    }

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_nginxDir;
    QTemporaryDir m_closeDir;
    std::unique_ptr<sb::test::TlsCertificates> m_certs;
    std::unique_ptr<sb::test::NginxTls> m_nginx;
    std::unique_ptr<sb::test::NginxTls> m_closing;
};

QTEST_GUILESS_MAIN(TestLoadTls)
#include "tst_loadtls.moc"
