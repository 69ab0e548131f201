// The agent protocol's framing and messages against hostile input (truncated, oversized,
// garbage), the messages' round trips, and the merge of shares (engine/lane).
#include "lane/agentprotocol.h"
#include "lane/sharemerge.h"
#include "version.h"

#include <QJsonArray>
#include <QTest>
#include <random>

using namespace sb::lane;

namespace {

QJsonObject sample()
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("ready")},
                       {QStringLiteral("id"), 3}};
}

// Every message `bytes` holds, or the error that broke the stream.
struct Read
{
    QList<QJsonObject> messages;
    QString error;
    bool finished = false; // finish() said Ok
};

Read readAll(const QByteArray &bytes, int piece, qsizetype max = kMaxFrameBytes)
{
    Read r;
    FrameReader reader(max);
    for (qsizetype at = 0; at < bytes.size() && r.error.isEmpty(); at += piece) {
        reader.feed(bytes.mid(at, piece));
        while (true) {
            auto m = reader.next();
            if (!m.ok()) {
                r.error = QString::fromStdString(m.error().detail);
                break;
            }
            if (!*m)
                break;
            r.messages << **m;
        }
    }
    r.finished = reader.finish().ok();
    return r;
}

sb::Histogram histogramOf(uint32_t seed, int n, double meanUs)
{
    std::mt19937_64 rng(seed);
    std::exponential_distribution<double> d(1.0 / meanUs);
    sb::Histogram h;
    for (int i = 0; i < n; ++i)
        h.record(int64_t(d(rng)) + 1);
    return h;
}

sb::load::LoadResult resultOf(const sb::Histogram &latency, int64_t ok)
{
    sb::load::LoadResult r;
    r.latency = latency;
    r.latencyUncorrected = latency;
    r.total.requests = r.total.responses = r.total.ok = ok;
    r.total.status[200] = ok;
    r.elapsedS = 2;
    r.clientCpuS = 0.5;
    return r;
}

ShareInterval intervalOf(int index, int64_t ok, const sb::Histogram *latency)
{
    ShareInterval i;
    i.snapshot.index = index;
    i.snapshot.counts.requests = i.snapshot.counts.responses = i.snapshot.counts.ok = ok;
    i.snapshot.endS = index + 1;
    i.snapshot.startS = index;
    if (latency)
        i.latency = *latency;
    return i;
}

} // namespace

class TestAgentProtocol : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void framesRoundTripInAnyPieces_data()
    {
        QTest::addColumn<int>("piece");
        for (int piece : {1, 2, 7, 64, 100000})
            QTest::newRow(qPrintable(QString::number(piece))) << piece;
    }
    void framesRoundTripInAnyPieces()
    {
        QFETCH(int, piece);
        QByteArray stream;
        QJsonObject big = sample();
        big.insert(QStringLiteral("text"), QString(70000, QLatin1Char('x')));
        for (int i = 0; i < 5; ++i)
            stream += encodeFrame(i == 2 ? big : sample());
        const Read r = readAll(stream, piece);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.messages.size(), 5);
        QCOMPARE(r.messages[2], big);
        QCOMPARE(r.messages[4], sample());
        QVERIFY(r.finished);
    }

    void hostileStreams_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("goodMessages"); // read before the stream broke
        QTest::addColumn<QString>("error");    // part of the error; empty = only truncated
        const QByteArray good = encodeFrame(sample());
        QTest::newRow("shell banner")
            << QByteArray("Welcome to host!\n") << 0 << QStringLiteral("not agent frames");
        QTest::newRow("garbage after a frame")
            << good + QByteArray("\x01\x02garbage") << 1 << QStringLiteral("not agent frames");
        QTest::newRow("no length")
            << QByteArray(":{}\n") << 0 << QStringLiteral("not agent frames");
        QTest::newRow("negative length")
            << QByteArray("-5:{}\n") << 0 << QStringLiteral("not agent frames");
        QTest::newRow("leading zero")
            << QByteArray("02:{}\n") << 0 << QStringLiteral("not agent frames");
        QTest::newRow("nine digits")
            << QByteArray("123456789") << 0 << QStringLiteral("more than 8 digits");
        QTest::newRow("endless digits")
            << QByteArray(100000, '7') << 0 << QStringLiteral("more than 8 digits");
        QTest::newRow("oversized")
            << QByteArray("99999999:{") << 0 << QStringLiteral("over the limit");
        QTest::newRow("no newline")
            << QByteArray("2:{}X3:{}\n") << 0 << QStringLiteral("does not end in a newline");
        QTest::newRow("not json") << QByteArray("5:{abc}\n") << 0 << QStringLiteral("not JSON");
        QTest::newRow("json array")
            << QByteArray("2:[]\n") << 0 << QStringLiteral("not a JSON object");
        QTest::newRow("nul bytes")
            << QByteArray("4:\0\0\0\0\n", 7) << 0 << QStringLiteral("not JSON");
        QTest::newRow("truncated payload") << good + good.left(good.size() - 3) << 1 << QString();
        QTest::newRow("truncated header") << good + QByteArray("12") << 1 << QString();
    }
    void hostileStreams()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, goodMessages);
        QFETCH(QString, error);
        for (int piece : {1, 3, int(bytes.size())}) {
            const Read r = readAll(bytes, piece);
            QCOMPARE(r.messages.size(), goodMessages);
            QVERIFY(!r.finished); // broken or truncated: never a clean end
            if (error.isEmpty())
                QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            else
                QVERIFY2(r.error.contains(error), qPrintable(r.error));
        }
    }

    // A frame over the reader's bound is refused on its header, before its bytes arrive.
    void boundIsTheReaders()
    {
        const QByteArray frame = encodeFrame(sample());
        Read r = readAll(frame, 1, 10);
        QVERIFY2(r.error.contains(QStringLiteral("over the limit of 10 bytes")),
                 qPrintable(r.error));
        FrameReader reader(10);
        reader.feed(QByteArray("1000:"));
        QVERIFY(!reader.next().ok());
        // Broken for good: a valid frame afterwards is not read.
        reader.feed(encodeFrame(QJsonObject{}));
        QVERIFY(!reader.next().ok());
        QCOMPARE(reader.pending(), 0);
    }

    void helloChecksTheVersion()
    {
        AgentHello h;
        h.protocol = kProtocolVersion;
        h.version = QStringLiteral("0.0.1-other");
        h.host = QStringLiteral("box");
        h.cores = 8;
        h.pid = 1234;
        const auto read = readHello(helloMessage(h));
        QVERIFY(read.ok());
        QCOMPARE(read->version, h.version);
        QCOMPARE(read->cores, 8);
        QCOMPARE(read->pid, qint64(1234));
        const QString own = QString::fromLatin1(sb::kVersion);
        const sb::Status st = checkHello(*read, QStringLiteral("load-1"), own);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, std::string(kVersionError));
        QCOMPARE(st.error().where, std::string("load-1"));
        const QString detail = QString::fromStdString(st.error().detail);
        QVERIFY2(detail.contains(QStringLiteral("install stackbench %1 on load-1").arg(own)),
                 qPrintable(detail));
        h.version = own;
        QVERIFY(checkHello(h, QStringLiteral("load-1"), own).ok());
        h.protocol = kProtocolVersion + 1;
        QVERIFY(!checkHello(h, QStringLiteral("load-1"), own).ok());
        QVERIFY(!readHello(sample()).ok());
        QVERIFY(!readHello(QJsonObject{{QStringLiteral("type"), QStringLiteral("hello")}}).ok());
    }

    void specRoundTrips()
    {
        sb::load::LoadSpec s;
        s.host = "10.250.0.1";
        s.port = 8080;
        s.hostHeader = "example";
        s.request.method = "POST";
        s.request.target = "/orders?x=\xe9";
        s.request.headers = {{"X-Bytes", std::string("a\xff\x01z", 4)}};
        s.request.body = std::string("{\"a\":1}\0\xfe", 9);
        s.connections = 7;
        s.threads = 2;
        s.mode = sb::load::Mode::Open;
        s.ratePerS = 1234.5;
        s.warmupMs = 1500;
        s.durationMs = 9000;
        s.requestLimit = 0;
        s.timeoutMs = 4000;
        s.intervalMs = 250;
        s.unreachableAbortMs = 0;
        s.cpus = {0, 1};
        s.tls.enabled = true;
        s.tls.verify = false;
        s.tls.caFile = "/etc/ca.pem";
        s.tls.sni = "bench.example";
        s.tls.alpn = "h2";
        s.protocol = sb::load::Protocol::Http2;
        s.streams = 16;
        const auto read = readSpec(specJson(s));
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().detail.c_str());
        QCOMPARE(read->host, s.host);
        QCOMPARE(read->port, s.port);
        QCOMPARE(read->request.target, s.request.target);
        QCOMPARE(read->request.headers, s.request.headers);
        QCOMPARE(read->request.body, s.request.body);
        QCOMPARE(read->mode, s.mode);
        QCOMPARE(read->ratePerS, s.ratePerS);
        QCOMPARE(read->cpus, s.cpus);
        QCOMPARE(read->intervalMs, 250);
        QCOMPARE(read->unreachableAbortMs, int64_t(0));
        QCOMPARE(read->tls.enabled, true);
        QCOMPARE(read->tls.verify, false);
        QCOMPARE(read->tls.caFile, s.tls.caFile);
        QCOMPARE(read->tls.sni, s.tls.sni);
        QCOMPARE(read->tls.alpn, s.tls.alpn);
        QCOMPARE(read->protocol, sb::load::Protocol::Http2);
        QCOMPARE(read->streams, 16);
    }

    void specFieldsAreChecked_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value");
        QTest::newRow("port text") << QStringLiteral("port") << QJsonValue(QStringLiteral("80"));
        QTest::newRow("port 0") << QStringLiteral("port") << QJsonValue(0);
        QTest::newRow("port big") << QStringLiteral("port") << QJsonValue(70000);
        QTest::newRow("connections fraction") << QStringLiteral("connections") << QJsonValue(1.5);
        QTest::newRow("duration 2^60") << QStringLiteral("durationMs") << QJsonValue(1.2e18);
        QTest::newRow("duration negative") << QStringLiteral("durationMs") << QJsonValue(-1);
        QTest::newRow("open number") << QStringLiteral("open") << QJsonValue(1);
        QTest::newRow("body not base64")
            << QStringLiteral("body") << QJsonValue(QStringLiteral("@@"));
        QTest::newRow("headers object") << QStringLiteral("headers") << QJsonValue(QJsonObject{});
        QTest::newRow("header triple")
            << QStringLiteral("headers")
            << QJsonValue(QJsonArray{QJsonArray{QStringLiteral("a"), QStringLiteral("b"), 1}});
        QTest::newRow("host beyond latin-1")
            << QStringLiteral("host") << QJsonValue(QStringLiteral("h\u4e2d"));
        QTest::newRow("cpus negative") << QStringLiteral("cpus") << QJsonValue(QJsonArray{-1});
        QTest::newRow("rate infinite-ish") << QStringLiteral("ratePerS") << QJsonValue(1e300);
        QTest::newRow("missing") << QStringLiteral("threads") << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("tls missing") << QStringLiteral("tls") << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("protocol unknown")
            << QStringLiteral("protocol") << QJsonValue(QStringLiteral("spdy"));
        QTest::newRow("streams 0") << QStringLiteral("streams") << QJsonValue(0);
    }
    void specFieldsAreChecked()
    {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        QJsonObject o = specJson(sb::load::LoadSpec{});
        if (value.isUndefined())
            o.remove(field);
        else
            o.insert(field, value);
        const auto read = readSpec(o);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().code, std::string(kMessageError));
        QVERIFY2(QString::fromStdString(read.error().detail).contains(field),
                 read.error().detail.c_str());
        QVERIFY(!readSpec(QJsonValue(QStringLiteral("spec"))).ok());
    }

    void resultRoundTripsLosslessly()
    {
        sb::load::LoadResult r = resultOf(histogramOf(1, 20000, 800), 20000);
        r.total.status[201] = 5;
        r.total.status[503] = 2;
        r.total.timeouts = 3;
        r.warmup.ok = 11;
        r.cancelled = true;
        r.aborted = "target unreachable for 5 s";
        r.sendDelay.record(123456);
        r.cpusApplied = {0, 1};
        r.processCpuS = 0.75;
        const QJsonObject message{{QStringLiteral("result"), resultJson(r)}};
        // Through a frame, as it travels.
        const Read frames = readAll(encodeFrame(message), 4096);
        QCOMPARE(frames.messages.size(), 1);
        const auto read = readResult(frames.messages[0].value(QStringLiteral("result")));
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().detail.c_str());
        QCOMPARE(read->total.status, r.total.status);
        QCOMPARE(read->total.timeouts, int64_t(3));
        QCOMPARE(read->warmup.ok, int64_t(11));
        QVERIFY(read->cancelled);
        QCOMPARE(read->aborted, r.aborted);
        QCOMPARE(read->latency.count(), r.latency.count());
        QCOMPARE(read->latency.encode(), r.latency.encode());
        QCOMPARE(read->sendDelay.encode(), r.sendDelay.encode());
        for (double p : {50.0, 90.0, 99.0, 99.9, 100.0})
            QCOMPARE(read->latency.valueAtPercentile(p), r.latency.valueAtPercentile(p));
        QCOMPARE(read->processCpuS, 0.75);
        QCOMPARE(read->cpusApplied, r.cpusApplied);
    }

    void corruptedHistogramIsRefused()
    {
        QString text = histogramText(histogramOf(2, 1000, 500));
        QVERIFY(readHistogram(text).ok());
        QByteArray raw = QByteArray::fromBase64(text.toLatin1());
        raw[raw.size() / 2] = char(raw[raw.size() / 2] ^ 0x40);
        QVERIFY(!readHistogram(QString::fromLatin1(raw.toBase64())).ok());
        QVERIFY(!readHistogram(QStringLiteral("!!!")).ok());
        QVERIFY(!readHistogram(QJsonValue(5)).ok());
    }

    void countersRefuseOddStatus()
    {
        QJsonObject c = countersJson(sb::load::Counters{});
        c.insert(QStringLiteral("status"), QJsonObject{{QStringLiteral("700"), 1}});
        QVERIFY(!readCounters(c).ok());
        c.insert(QStringLiteral("status"), QJsonObject{{QStringLiteral("0200"), 1}});
        QVERIFY(!readCounters(c).ok());
        c.insert(QStringLiteral("status"), QJsonObject{{QStringLiteral("200"), 1.5}});
        QVERIFY(!readCounters(c).ok());
        c.insert(QStringLiteral("status"), QJsonObject{{QStringLiteral("200"), 4}});
        QCOMPARE(readCounters(c)->status[200], int64_t(4));
    }

    void intervalRoundTrips()
    {
        sb::load::IntervalSnapshot s;
        s.index = 4;
        s.startS = 4;
        s.endS = 5.01;
        s.counts.ok = 99;
        s.p99Us = 1234;
        s.draining = true;
        const sb::Histogram h = histogramOf(3, 99, 300);
        auto read = readInterval(intervalMessage(1, s, &h));
        QVERIFY(read.ok());
        QCOMPARE(read->snapshot.counts.ok, int64_t(99));
        QCOMPARE(read->snapshot.p99Us, int64_t(1234));
        QVERIFY(read->snapshot.draining);
        QVERIFY(read->latency.has_value());
        QCOMPARE(read->latency->encode(), h.encode());
        read = readInterval(intervalMessage(1, s));
        QVERIFY(read.ok());
        QVERIFY(!read->latency.has_value());
        QVERIFY(!read->generatorCores.has_value());
    }

    // The host's generator CPU per interval is optional within the protocol: an agent that sends
    // none is read as before, one that sends it is read back, a malformed one is refused.
    void intervalCarriesGeneratorCores()
    {
        sb::load::IntervalSnapshot s;
        s.index = 2;
        s.startS = 2;
        s.endS = 3;
        QJsonObject m = intervalMessage(7, s, nullptr, 1.75);
        QCOMPARE(m.value(QStringLiteral("generatorCores")).toDouble(), 1.75);
        auto read = readInterval(m);
        QVERIFY(read.ok());
        QVERIFY(read->generatorCores.has_value());
        QCOMPARE(*read->generatorCores, 1.75);
        // Through a frame, as it travels.
        FrameReader reader;
        reader.feed(encodeFrame(m));
        auto framed = reader.next();
        QVERIFY(framed.ok() && framed->has_value());
        read = readInterval(**framed);
        QVERIFY(read.ok());
        QCOMPARE(*read->generatorCores, 1.75);
        QVERIFY(!intervalMessage(7, s).contains(QStringLiteral("generatorCores")));
        for (const QJsonValue &bad : {QJsonValue(-0.5), QJsonValue(QStringLiteral("1.0")),
                                      QJsonValue(QJsonValue::Null), QJsonValue(true)}) {
            m.insert(QStringLiteral("generatorCores"), bad);
            read = readInterval(m);
            QVERIFY(!read.ok());
            QCOMPARE(read.error().code, std::string(kMessageError));
        }
    }

    // Merged percentiles are those of the union of every request, not averages.
    void mergeAddsHistograms()
    {
        const sb::Histogram fast = histogramOf(10, 30000, 200);
        const sb::Histogram slow = histogramOf(11, 10000, 5000);
        std::vector<HostShare> hosts(2);
        hosts[0].host = QStringLiteral("a");
        hosts[0].result = resultOf(fast, 30000);
        hosts[0].intervals = {intervalOf(0, 14000, &fast), intervalOf(1, 16000, nullptr)};
        hosts[0].hello.cores = 4;
        hosts[1].host = QStringLiteral("b");
        hosts[1].result = resultOf(slow, 10000);
        hosts[1].result.elapsedS = 2.5;
        hosts[1].intervals = {intervalOf(0, 5000, &slow), intervalOf(1, 5000, &slow),
                              intervalOf(2, 0, &slow)};
        const auto merged = mergeShares(hosts);
        QVERIFY2(merged.ok(), merged.ok() ? "" : merged.error().detail.c_str());
        sb::Histogram all;
        QVERIFY(all.add(fast));
        QVERIFY(all.add(slow));
        QCOMPARE(merged->total.ok, int64_t(40000));
        QCOMPARE(merged->total.status[200], int64_t(40000));
        QCOMPARE(merged->latency.count(), int64_t(40000));
        for (double p : {50.0, 90.0, 99.0, 99.9})
            QCOMPARE(merged->latency.valueAtPercentile(p), all.valueAtPercentile(p));
        // The average of the two p99s is not the union's.
        QVERIFY((fast.valueAtPercentile(99) + slow.valueAtPercentile(99)) / 2 !=
                all.valueAtPercentile(99));
        QCOMPARE(merged->elapsedS, 2.5);
        QCOMPARE(merged->okPerS, 40000 / 2.5);
        QCOMPARE(int(merged->intervals.size()), 3);
        QCOMPARE(merged->intervals[0].counts.ok, int64_t(19000));
        QCOMPARE(merged->intervals[0].hosts, 2);
        QVERIFY(merged->intervals[0].latency.has_value());
        QCOMPARE(merged->intervals[0].latency->count(), int64_t(40000));
        QVERIFY(!merged->intervals[1].latency.has_value()); // a made-up percentile is none
        QCOMPARE(merged->intervals[2].hosts, 1);
        QCOMPARE(int(merged->cpu.size()), 2);
        QCOMPARE(merged->cpu[0].host, QStringLiteral("a"));
        QCOMPARE(merged->cpu[0].cores, 4);
        QCOMPARE(merged->cpu[1].generatorCores(), 0.5 / 2.5);
    }

    void mergeFindsCountsThatDoNotAddUp()
    {
        const sb::Histogram h = histogramOf(12, 100, 200);
        std::vector<HostShare> hosts(2);
        hosts[0].host = QStringLiteral("a");
        hosts[0].result = resultOf(h, 100);
        hosts[0].intervals = {intervalOf(0, 100, nullptr)};
        hosts[1].host = QStringLiteral("b");
        hosts[1].result = resultOf(h, 100);
        hosts[1].intervals = {intervalOf(0, 60, nullptr)}; // an interval lost on the way
        auto merged = mergeShares(hosts);
        QVERIFY(!merged.ok());
        QCOMPARE(merged.error().code, std::string(kMismatchError));
        QCOMPARE(merged.error().where, std::string("b"));
        QVERIFY2(
            QString::fromStdString(merged.error().detail).contains(QStringLiteral("60 requests")),
            merged.error().detail.c_str());
        // Histograms of another layout cannot be added.
        hosts[1].intervals = {intervalOf(0, 100, nullptr)};
        hosts[1].result.latency = sb::Histogram(1, 1000, 2);
        hosts[1].result.latency.record(5);
        merged = mergeShares(hosts);
        QVERIFY(!merged.ok());
        QCOMPARE(merged.error().where, std::string("b"));
    }

    void splitSpreadsTheShares()
    {
        sb::load::LoadSpec s;
        s.connections = 7;
        s.threads = 4;
        s.ratePerS = 900;
        s.requestLimit = 10;
        const auto shares = splitSpec(s, 3);
        QCOMPARE(int(shares.size()), 3);
        QCOMPARE(shares[0].connections + shares[1].connections + shares[2].connections, 7);
        QCOMPARE(shares[0].connections, 3);
        QCOMPARE(shares[2].threads, 2);
        QCOMPARE(shares[1].ratePerS, 300.0);
        QCOMPARE(shares[0].requestLimit + shares[1].requestLimit + shares[2].requestLimit, 10);
        s.requestLimit = 2;
        QCOMPARE(int(splitSpec(s, 3).size()), 2); // never a share of 0 requests
        s.requestLimit = 0;
        QCOMPARE(int(splitSpec(s, 50).size()), 7);
    }
};

QTEST_GUILESS_MAIN(TestAgentProtocol)
#include "tst_agentprotocol.moc"
