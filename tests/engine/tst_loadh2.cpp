// HTTP/2 in the load engine against nginx-light: h2 over TLS (ALPN) and h2c with prior
// knowledge at c=10 m=10 with 2xx equal to nginx's own count and latency agreeing with Little's
// law; GOAWAY mid-run (keepalive_requests) counted, drained and reconnected with nothing lost;
// REFUSED_STREAM resets (http2_max_concurrent_streams 1) in their class; a TLS server without
// HTTP/2 a clear error; the open loop over streams reaching its rate.

#include "load/loadengine.h"
#include "tlsfixtures.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sb::load;

namespace {

LoadSpec h2Spec(uint16_t port, bool tls, const QString &caFile, int64_t ms = 2000)
{
    LoadSpec spec;
    spec.host = "127.0.0.1";
    spec.port = port;
    spec.request.target = "/hello";
    spec.protocol = Protocol::Http2;
    spec.streams = 10;
    spec.tls.enabled = tls;
    spec.tls.caFile = caFile.toStdString();
    spec.connections = 10;
    spec.threads = 2;
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
    return QStringLiteral("ok %1 requests %2 responses %3 connects %4 reconnects %5 | goaway %6 "
                          "retried %7 refused %8 resets %9 lost %10 | connect %11 read %12 "
                          "write %13 timeout %14 parse %15 tls %16 alpn %17 | elapsed %18 s, "
                          "aborted '%19'")
        .arg(t.ok)
        .arg(t.requests)
        .arg(t.responses)
        .arg(t.connects)
        .arg(t.reconnects)
        .arg(t.h2Goaways)
        .arg(t.h2GoawayRetried)
        .arg(t.h2Refused)
        .arg(t.h2Resets)
        .arg(t.h2StreamsLost)
        .arg(t.connectErrors)
        .arg(t.readErrors)
        .arg(t.writeErrors)
        .arg(t.timeouts)
        .arg(t.parseErrors)
        .arg(t.tlsErrors())
        .arg(t.h2AlpnRefused)
        .arg(r.elapsedS)
        .arg(QString::fromStdString(r.aborted))
        .toUtf8();
}

// Every stream opened ended in one class: nothing lost.
int64_t accounted(const Counters &t)
{
    return t.responses + t.h2GoawayRetried + t.h2Refused + t.h2Resets + t.h2StreamsLost +
           t.timeouts + t.parseErrors;
}

constexpr double kOnTimeS = 4.5; // the window ends within its duration plus this margin

} // namespace

class TestLoadH2 : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_nginxDir.isValid());
        m_certs = std::make_unique<sb::test::TlsCertificates>(m_dir.path());
        QVERIFY2(m_certs->ok(), qPrintable(m_certs->error()));
        using S = sb::test::NginxH2::Server;
        m_nginx = std::make_unique<sb::test::NginxH2>(
            m_nginxDir.path(), *m_certs,
            QList<S>{S{QStringLiteral("h2"), QStringLiteral("ssl http2"), QString()},
                     S{QStringLiteral("h2c"), QStringLiteral("http2"), QString()},
                     S{QStringLiteral("h1tls"), QStringLiteral("ssl"), QString()},
                     S{QStringLiteral("h1"), QString(), QString()},
                     S{QStringLiteral("goaway"), QStringLiteral("http2"),
                       QStringLiteral("keepalive_requests 100;")},
                     S{QStringLiteral("one"), QStringLiteral("http2"),
                       QStringLiteral("http2_max_concurrent_streams 1;")}});
        QVERIFY2(m_nginx->port(QStringLiteral("h2")) != 0, qPrintable(m_nginx->error()));
    }

    void cleanupTestCase() { m_nginx.reset(); }

    void countsAndLittlesLaw_data()
    {
        QTest::addColumn<bool>("tls");
        QTest::newRow("h2 over TLS") << true;
        QTest::newRow("h2c prior knowledge") << false;
    }

    // c=10 m=10: every 2xx is a request nginx counted, exactly; 100 streams in flight, so
    // throughput x mean latency is about 100 (Little's law), loosely.
    void countsAndLittlesLaw()
    {
        QFETCH(bool, tls);
        const LoadSpec spec =
            h2Spec(m_nginx->port(tls ? QStringLiteral("h2") : QStringLiteral("h2c")), tls,
                   m_certs->caFile());
        const int64_t before = m_nginx->requests();
        QVERIFY(before > 0);
        const LoadResult r = runWindow(spec);
        const int64_t after = m_nginx->requests();
        const double concurrency = r.okPerS * r.latency.mean() / 1e6;
        qInfo("%s; nginx %lld; %.0f/s, mean %.0f us, concurrency %.1f", describe(r).data(),
              static_cast<long long>(after - before - 1), r.okPerS, r.latency.mean(), concurrency);
        QVERIFY2(r.total.errors() == 0, describe(r));
        QVERIFY(r.total.ok > 100);
        QCOMPARE(r.total.ok, r.total.responses);
        QCOMPARE(after - before - 1, r.total.ok);
        QCOMPARE(r.total.requests, accounted(r.total));
        QVERIFY(r.http2);
        QCOMPARE(r.streams, 10);
        QCOMPARE(r.total.connects, 10);
        QCOMPARE(r.total.reconnects, 0);
        if (tls)
            QCOMPARE(QString::fromStdString(r.tlsAlpn), QStringLiteral("h2"));
        QCOMPARE(r.latency.count(), r.total.responses);
        QVERIFY2(concurrency > 50 && concurrency < 110, QByteArray::number(concurrency));
        QVERIFY(r.elapsedS < 2.0 + kOnTimeS);
    }

    // nginx sends GOAWAY after 100 requests on a connection: counted, the connection drains
    // and reconnects, nothing is lost and no error counted; nginx's count equals ours.
    void goawayMidRun()
    {
        LoadSpec spec = h2Spec(m_nginx->port(QStringLiteral("goaway")), false, QString(), 1500);
        spec.connections = 4;
        const int64_t before = m_nginx->requests();
        const LoadResult r = runWindow(spec);
        const int64_t after = m_nginx->requests();
        qInfo("%s; nginx %lld", describe(r).data(), static_cast<long long>(after - before - 1));
        QVERIFY2(r.total.h2Goaways > 0, describe(r));
        QVERIFY(r.total.reconnects >= r.total.h2Goaways - 4);
        QVERIFY2(r.total.errors() == 0, describe(r));
        QCOMPARE(r.total.requests, accounted(r.total));
        QCOMPARE(after - before - 1, r.total.ok);
        QVERIFY(r.elapsedS < 1.5 + kOnTimeS);
    }

    // http2_max_concurrent_streams 1 and m=10: before nginx's SETTINGS arrive, the streams
    // above its limit are refused (RST_STREAM REFUSED_STREAM), each in its class.
    void refusedStreams()
    {
        LoadSpec spec = h2Spec(m_nginx->port(QStringLiteral("one")), false, QString(), 1000);
        spec.connections = 2;
        spec.threads = 1;
        const int64_t before = m_nginx->requests();
        const LoadResult r = runWindow(spec);
        const int64_t after = m_nginx->requests();
        qInfo("%s; nginx %lld", describe(r).data(), static_cast<long long>(after - before - 1));
        QVERIFY2(r.total.h2Refused > 0, describe(r));
        QCOMPARE(r.total.h2Resets, 0);
        QCOMPARE(r.total.errors(), r.total.h2Refused);
        QCOMPARE(r.total.requests, accounted(r.total));
        QCOMPARE(after - before - 1, r.total.ok);
        QVERIFY(r.total.ok > 0);
        QVERIFY(r.elapsedS < 1.0 + kOnTimeS);
    }

    // A TLS server without HTTP/2: ALPN finds no protocol in common; the window ends at once
    // with that as its reason, in its own class.
    void noH2OnAlpn()
    {
        const LoadSpec spec =
            h2Spec(m_nginx->port(QStringLiteral("h1tls")), true, m_certs->caFile(), 3000);
        QElapsedTimer t;
        t.start();
        const LoadResult r = runWindow(spec);
        qInfo("%s", describe(r).data());
        QVERIFY2(r.total.h2AlpnRefused + r.warmup.h2AlpnRefused > 0, describe(r));
        QVERIFY2(QString::fromStdString(r.aborted).contains(QStringLiteral("ALPN")),
                 r.aborted.c_str());
        QCOMPARE(r.total.ok, 0);
        QVERIFY(t.elapsed() < 3000 + int(kOnTimeS * 1000));
    }

    // h2c to a server that speaks only HTTP/1.1: it answers the preface with no SETTINGS; the
    // window ends at once with that as its reason, in its own class.
    void noH2WithPriorKnowledge()
    {
        const LoadSpec spec = h2Spec(m_nginx->port(QStringLiteral("h1")), false, QString(), 3000);
        QElapsedTimer t;
        t.start();
        const LoadResult r = runWindow(spec);
        qInfo("%s", describe(r).data());
        QVERIFY2(r.total.h2NotSpoken + r.warmup.h2NotSpoken > 0, describe(r));
        QVERIFY2(QString::fromStdString(r.aborted).contains(QStringLiteral("prior knowledge")),
                 r.aborted.c_str());
        QCOMPARE(r.total.ok, 0);
        QVERIFY(t.elapsed() < 3000 + int(kOnTimeS * 1000));
    }

    // The open loop over streams: scheduled sends go to any connection with a free stream slot
    // and reach the rate.
    void openLoopReachesRate()
    {
        LoadSpec spec = h2Spec(m_nginx->port(QStringLiteral("h2c")), false, QString(), 2000);
        spec.mode = Mode::Open;
        spec.ratePerS = 2000;
        spec.connections = 4;
        const int64_t before = m_nginx->requests();
        const LoadResult r = runWindow(spec);
        const int64_t after = m_nginx->requests();
        qInfo("%s; nginx %lld; %.0f/s, p99 %lld us", describe(r).data(),
              static_cast<long long>(after - before - 1), r.okPerS,
              static_cast<long long>(r.latency.valueAtPercentile(99)));
        QVERIFY2(r.total.errors() == 0, describe(r));
        QCOMPARE(after - before - 1, r.total.ok);
        QVERIFY2(r.total.ok >= 2000 * 2 * 0.9, describe(r));
        QVERIFY(r.total.ok <= 2000 * 2 + 10);
    }

    // -n counts streams: exactly that many measured, after a warm-up by responses, nginx
    // counting the same.
    void requestLimitCountsStreams()
    {
        LoadSpec spec = h2Spec(m_nginx->port(QStringLiteral("h2c")), false, QString());
        spec.requestLimit = 5000;
        spec.warmupRequests = 500;
        const int64_t before = m_nginx->requests();
        const LoadResult r = runWindow(spec);
        const int64_t after = m_nginx->requests();
        qInfo("%s; warm-up ok %lld; nginx %lld", describe(r).data(),
              static_cast<long long>(r.warmup.ok), static_cast<long long>(after - before - 1));
        QVERIFY2(r.total.errors() == 0 && r.warmup.errors() == 0, describe(r));
        QCOMPARE(r.total.ok, 5000);
        QCOMPARE(r.total.requests, 5000);
        QVERIFY(r.warmup.ok >= 500);
        QCOMPARE(after - before - 1, r.total.ok + r.warmup.ok);
        QCOMPARE(r.latency.count(), 5000);
    }

    // The spec check: 1..1000 streams, more than one only with HTTP/2.
    void streamsChecked()
    {
        LoadSpec spec = h2Spec(m_nginx->port(QStringLiteral("h2c")), false, QString(), 100);
        sb::Status st = sb::Ok{};
        spec.streams = 0;
        runWindow(spec, &st);
        QVERIFY(!st.ok());
        QVERIFY2(st.error().detail.find("streams per connection") != std::string::npos,
                 st.error().detail.c_str());
        spec.streams = 1001;
        runWindow(spec, &st);
        QVERIFY(!st.ok());
        spec.streams = 2;
        spec.protocol = Protocol::Http1;
        runWindow(spec, &st);
        QVERIFY(!st.ok());
        QVERIFY2(st.error().detail.find("HTTP/2") != std::string::npos, st.error().detail.c_str());
        spec.streams = 1000;
        spec.protocol = Protocol::Http2;
        spec.connections = 1;
        const LoadResult r = runWindow(spec, &st);
        QVERIFY2(st.ok(), st.ok() ? "" : st.error().detail.c_str());
        QVERIFY2(r.total.ok > 0 && r.total.errors() == 0, describe(r));
    }

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_nginxDir;
    std::unique_ptr<sb::test::TlsCertificates> m_certs;
    std::unique_ptr<sb::test::NginxH2> m_nginx;
};

QTEST_GUILESS_MAIN(TestLoadH2)
#include "tst_loadh2.moc"
