// `stackbench load` as a user meets it: JSON output, exact counts, and one-line errors with a
// non-zero exit for bad input.
#include "testservers.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Outcome
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Outcome runLoad(const QStringList &args, int timeoutMs = 60'000)
{
    QProcess p;
    p.start(QStringLiteral(STACKBENCH_BIN), QStringList{QStringLiteral("load")} + args);
    Outcome o;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return o;
    }
    o.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    o.out = p.readAllStandardOutput();
    o.err = p.readAllStandardError();
    return o;
}

} // namespace

class TestLoadCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_target = std::make_unique<sb::test::TargetProcess>(
            m_dir.filePath(QStringLiteral("t.sqlite")), 2);
        QVERIFY2(m_target->port() != 0, qPrintable(m_target->error()));
    }

    void cleanupTestCase() { m_target.reset(); }

    void exactCountAsJson()
    {
        const QString url = QStringLiteral("http://127.0.0.1:%1/health").arg(m_target->port());
        Outcome o = runLoad({QStringLiteral("-n"), QStringLiteral("10000"), QStringLiteral("-c"),
                             QStringLiteral("20"), QStringLiteral("-t"), QStringLiteral("2"),
                             QStringLiteral("--json"), QStringLiteral("--hgrm"),
                             m_dir.filePath(QStringLiteral("l.hgrm")), url});
        QCOMPARE(o.exitCode, 0);
        QFile hgrm(m_dir.filePath(QStringLiteral("l.hgrm")));
        QVERIFY(hgrm.open(QIODevice::ReadOnly));
        const QByteArray text = hgrm.readAll();
        QVERIFY(text.startsWith("       Value     Percentile TotalCount 1/(1-Percentile)"));
        QVERIFY2(text.contains("Total count    =        10000]"), text.right(200).constData());
        QJsonParseError pe;
        const QJsonObject j = QJsonDocument::fromJson(o.out, &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, o.out.constData());
        QCOMPARE(j.value(QStringLiteral("requests")).toInteger(), 10000);
        QCOMPARE(j.value(QStringLiteral("ok")).toInteger(), 10000);
        QCOMPARE(
            j.value(QStringLiteral("status")).toObject().value(QStringLiteral("200")).toInteger(),
            10000);
        const QJsonObject errors = j.value(QStringLiteral("errors")).toObject();
        for (const char *kind : {"connect", "read", "write", "timeout", "parse"})
            QCOMPARE(errors.value(QLatin1String(kind)).toInteger(-1), 0);
        QVERIFY(j.value(QStringLiteral("elapsed_s")).toDouble() > 0);
        QVERIFY(j.value(QStringLiteral("ok_per_s")).toDouble() > 0);
        QVERIFY(j.value(QStringLiteral("client_cpu_s")).toDouble() > 0);
        const QJsonObject lat = j.value(QStringLiteral("latency_us")).toObject();
        for (const char *key : {"p50", "p90", "p99", "p999", "max", "mean", "stdev"})
            QVERIFY2(lat.contains(QLatin1String(key)), key);
        QVERIFY(lat.value(QStringLiteral("p50")).toDouble() <=
                lat.value(QStringLiteral("p99")).toDouble());
        QVERIFY(lat.value(QStringLiteral("p99")).toDouble() <=
                lat.value(QStringLiteral("max")).toDouble());
    }

    void delayP50IsTwentyMilliseconds()
    {
        const QString url = QStringLiteral("http://127.0.0.1:%1/delay?ms=20").arg(m_target->port());
        Outcome o = runLoad({QStringLiteral("-c"), QStringLiteral("50"), QStringLiteral("-d"),
                             QStringLiteral("2s"), QStringLiteral("--json"), url});
        QCOMPARE(o.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(o.out).object();
        const double p50 = j.value(QStringLiteral("latency_us"))
                               .toObject()
                               .value(QStringLiteral("p50"))
                               .toDouble();
        QVERIFY2(std::abs(p50 - 20'000) <= 1000, qPrintable(QString::number(p50)));
    }

    void humanOutput()
    {
        const QString url = QStringLiteral("http://127.0.0.1:%1/users/3").arg(m_target->port());
        Outcome o = runLoad({QStringLiteral("-d"), QStringLiteral("500ms"), url});
        QCOMPARE(o.exitCode, 0);
        const QString out = QString::fromUtf8(o.out);
        QVERIFY2(out.contains(QStringLiteral("Latency Distribution")), o.out.constData());
        QVERIFY(out.contains(QStringLiteral("99.9%")));
        QVERIFY(out.contains(QStringLiteral("Requests/sec:")));
        QVERIFY(out.contains(QStringLiteral("Client CPU:")));
    }

    void badInputIsOneLineAndNonZero_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("malformed url")
            << QStringList{QStringLiteral("http//nope")} << QStringLiteral("bad URL");
        QTest::newRow("https") << QStringList{QStringLiteral("https://127.0.0.1/")}
                               << QStringLiteral("https");
        QTest::newRow("unknown flag")
            << QStringList{QStringLiteral("--frobnicate"), QStringLiteral("http://127.0.0.1/")}
            << QStringLiteral("frobnicate");
        QTest::newRow("no url") << QStringList{} << QStringLiteral("missing URL");
        QTest::newRow("bad connections")
            << QStringList{QStringLiteral("-c"), QStringLiteral("zero"),
                           QStringLiteral("http://127.0.0.1/")}
            << QStringLiteral("-c");
        QTest::newRow("bad duration") << QStringList{QStringLiteral("-d"), QStringLiteral("soon"),
                                                     QStringLiteral("http://127.0.0.1/")}
                                      << QStringLiteral("-d");
        QTest::newRow("missing body file")
            << QStringList{QStringLiteral("--body"), QStringLiteral("@/nonexistent/body.json"),
                           QStringLiteral("http://127.0.0.1/")}
            << QStringLiteral("cannot read");
    }

    void badInputIsOneLineAndNonZero()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        Outcome o = runLoad(args, 10'000);
        QCOMPARE(o.exitCode, 2);
        const QString err = QString::fromUtf8(o.err).trimmed();
        QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
        QVERIFY2(err.startsWith(QStringLiteral("stackbench load: ")), qPrintable(err));
        QVERIFY2(err.contains(expected), qPrintable(err));
    }

    void closedPortIsOneLineAndNonZero()
    {
        uint16_t port = 0;
        {
            sb::test::MisbehavingServer s(sb::test::MisbehavingServer::Mode::Ok);
            port = s.port();
        }
        Outcome o = runLoad({QStringLiteral("http://127.0.0.1:%1/").arg(port)}, 20'000);
        QCOMPARE(o.exitCode, 2);
        const QString err = QString::fromUtf8(o.err).trimmed();
        QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("connection refused")), qPrintable(err));
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<sb::test::TargetProcess> m_target;
};

QTEST_GUILESS_MAIN(TestLoadCli)
#include "tst_loadcli.moc"
