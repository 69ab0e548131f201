// The one grammar for durations, spans, rates and counts (core/duration.h), with its bounds.

#include "core/duration.h"

#include <QTest>

namespace {

QString detailOf(const sb::Error &e)
{
    return QString::fromStdString(e.detail);
}

} // namespace

class TestDuration : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void durations_data();
    void durations();
    void badDurations_data();
    void badDurations();
    void spans_data();
    void spans();
    void rates_data();
    void rates();
    void counts_data();
    void counts();
    void checkedNumbers();
    void formats_data();
    void formats();
};

void TestDuration::durations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("bareSeconds");
    QTest::addColumn<qint64>("ms");

    QTest::newRow("ms") << QStringLiteral("500ms") << true << qint64(500);
    QTest::newRow("s") << QStringLiteral("5s") << true << qint64(5000);
    QTest::newRow("fraction") << QStringLiteral("1.5s") << true << qint64(1500);
    QTest::newRow("minutes") << QStringLiteral("2m") << true << qint64(120'000);
    QTest::newRow("min") << QStringLiteral("2min") << true << qint64(120'000);
    QTest::newRow("hours") << QStringLiteral("1h") << true << qint64(3'600'000);
    QTest::newRow("bare seconds") << QStringLiteral("30") << true << qint64(30'000);
    QTest::newRow("bare ms") << QStringLiteral("250") << false << qint64(250);
    QTest::newRow("exponent") << QStringLiteral("1e3ms") << true << qint64(1000);
    QTest::newRow("blanks around") << QStringLiteral("  3s ") << true << qint64(3000);
    QTest::newRow("leading dot") << QStringLiteral(".5s") << true << qint64(500);
    QTest::newRow("one day exactly") << QStringLiteral("24h") << true << qint64(86'400'000);
    QTest::newRow("zero") << QStringLiteral("0") << true << qint64(0);
}

void TestDuration::durations()
{
    QFETCH(QString, text);
    QFETCH(bool, bareSeconds);
    QFETCH(qint64, ms);
    const sb::Result<int64_t> r = sb::parseDurationMs(
        text.toStdString(), bareSeconds ? sb::BareUnit::Seconds : sb::BareUnit::Milliseconds);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().detail.c_str());
    QCOMPARE(qint64(*r), ms);
}

void TestDuration::badDurations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("minMs");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("detail");

    // The defect: 1e10 s overflowed the nanosecond clock and looped forever.
    QTest::newRow("1e10 s") << QStringLiteral("1e10") << qint64(1) << QStringLiteral("value.range")
                            << QStringLiteral("must be at most 1 day");
    QTest::newRow("1e300") << QStringLiteral("1e300") << qint64(0) << QStringLiteral("value.range")
                           << QStringLiteral("must be at most 1 day");
    QTest::newRow("beyond double")
        << QStringLiteral("1e999") << qint64(0) << QStringLiteral("value.range")
        << QStringLiteral("at most 1 day");
    QTest::newRow("a day and a ms") << QStringLiteral("86400001ms") << qint64(0)
                                    << QStringLiteral("value.range") << QStringLiteral("1 day");
    QTest::newRow("negative") << QStringLiteral("-1s") << qint64(0) << QStringLiteral("value.range")
                              << QStringLiteral("negative");
    QTest::newRow("zero when above 0 needed")
        << QStringLiteral("0") << qint64(1) << QStringLiteral("value.range")
        << QStringLiteral("must be above 0");
    QTest::newRow("rounds to 0 ms")
        << QStringLiteral("0.0001s") << qint64(1) << QStringLiteral("value.range")
        << QStringLiteral("at least 1 ms");
    QTest::newRow("below a 100 ms minimum")
        << QStringLiteral("50ms") << qint64(100) << QStringLiteral("value.range")
        << QStringLiteral("must be at least 100 ms");
    QTest::newRow("inf") << QStringLiteral("inf") << qint64(0) << QStringLiteral("value.syntax")
                         << QStringLiteral("\"inf\" is not a duration");
    QTest::newRow("nan") << QStringLiteral("nan") << qint64(0) << QStringLiteral("value.syntax")
                         << QStringLiteral("not a duration");
    QTest::newRow("empty") << QString() << qint64(0) << QStringLiteral("value.syntax")
                           << QStringLiteral("not a duration");
    QTest::newRow("unknown unit") << QStringLiteral("5d") << qint64(0)
                                  << QStringLiteral("value.syntax") << QStringLiteral("\"5d\"");
    QTest::newRow("req is not a duration")
        << QStringLiteral("100req") << qint64(0) << QStringLiteral("value.syntax")
        << QStringLiteral("not a duration");
    QTest::newRow("hex") << QStringLiteral("0x10") << qint64(0) << QStringLiteral("value.syntax")
                         << QStringLiteral("not a duration");
    QTest::newRow("words") << QStringLiteral("five") << qint64(0) << QStringLiteral("value.syntax")
                           << QStringLiteral("like 500ms");
}

void TestDuration::badDurations()
{
    QFETCH(QString, text);
    QFETCH(qint64, minMs);
    QFETCH(QString, code);
    QFETCH(QString, detail);
    const sb::Result<int64_t> r =
        sb::parseDurationMs(text.toStdString(), sb::BareUnit::Seconds, minMs);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().code), code);
    QVERIFY2(detailOf(r.error()).contains(detail), r.error().detail.c_str());
    QVERIFY(r.error().where.empty());
}

void TestDuration::spans_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<qint64>("requests");
    QTest::addColumn<QString>("detail");

    QTest::newRow("seconds") << QStringLiteral("5s") << true << qint64(5000) << qint64(0)
                             << QString();
    QTest::newRow("bare") << QStringLiteral("2") << true << qint64(2000) << qint64(0) << QString();
    QTest::newRow("requests") << QStringLiteral("1000req") << true << qint64(0) << qint64(1000)
                              << QString();
    QTest::newRow("none") << QStringLiteral("0") << true << qint64(0) << qint64(0) << QString();
    // The defect: --warmup 1e300 was silently skipped.
    QTest::newRow("1e300") << QStringLiteral("1e300") << false << qint64(0) << qint64(0)
                           << QStringLiteral("must be at most 1 day");
    QTest::newRow("fractional requests") << QStringLiteral("1.5req") << false << qint64(0)
                                         << qint64(0) << QStringLiteral("whole number of requests");
    QTest::newRow("zero requests") << QStringLiteral("0req") << false << qint64(0) << qint64(0)
                                   << QStringLiteral("must be at least 1");
    QTest::newRow("too many requests")
        << QStringLiteral("1e13req") << false << qint64(0) << qint64(0)
        << QStringLiteral("must be at most 1000000000000");
    QTest::newRow("garbage") << QStringLiteral("soon") << false << qint64(0) << qint64(0)
                             << QStringLiteral("request count like 1000req");
}

void TestDuration::spans()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(qint64, ms);
    QFETCH(qint64, requests);
    QFETCH(QString, detail);
    const sb::Result<sb::Span> r = sb::parseSpan(text.toStdString(), sb::BareUnit::Seconds);
    QCOMPARE(r.ok(), ok);
    if (!ok) {
        QVERIFY2(detailOf(r.error()).contains(detail), r.error().detail.c_str());
        return;
    }
    QCOMPARE(qint64(r->ms), ms);
    QCOMPARE(qint64(r->requests), requests);
    QCOMPARE(r->isRequests(), requests > 0);
    QCOMPARE(r->isNone(), ms == 0 && requests == 0);
}

void TestDuration::rates_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<double>("perS");
    QTest::addColumn<QString>("detail");

    QTest::newRow("whole") << QStringLiteral("2000") << true << 2000.0 << QString();
    QTest::newRow("fraction") << QStringLiteral("0.5") << true << 0.5 << QString();
    QTest::newRow("per second suffix") << QStringLiteral("100/s") << true << 100.0 << QString();
    QTest::newRow("smallest") << QStringLiteral("0.01") << true << 0.01 << QString();
    // The defects: --rate 1e-10 ran unthrottled, --rate inf was accepted.
    QTest::newRow("1e-10") << QStringLiteral("1e-10") << false << 0.0
                           << QStringLiteral("must be at least 0.01 requests per second");
    QTest::newRow("inf") << QStringLiteral("inf") << false << 0.0 << QStringLiteral("not a rate");
    QTest::newRow("huge") << QStringLiteral("1e9") << false << 0.0
                          << QStringLiteral("must be at most 10000000");
    QTest::newRow("zero") << QStringLiteral("0") << false << 0.0 << QStringLiteral("at least");
    QTest::newRow("unit") << QStringLiteral("5s") << false << 0.0 << QStringLiteral("not a rate");
}

void TestDuration::rates()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(double, perS);
    QFETCH(QString, detail);
    const sb::Result<double> r = sb::parseRate(text.toStdString());
    QCOMPARE(r.ok(), ok);
    if (ok)
        QCOMPARE(*r, perS);
    else
        QVERIFY2(detailOf(r.error()).contains(detail), r.error().detail.c_str());
}

void TestDuration::counts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qint64>("value");
    QTest::addColumn<QString>("detail");

    QTest::newRow("plain") << QStringLiteral("50") << true << qint64(50) << QString();
    QTest::newRow("exponent") << QStringLiteral("1e3") << true << qint64(1000) << QString();
    QTest::newRow("max") << QStringLiteral("1000") << true << qint64(1000) << QString();
    QTest::newRow("above max") << QStringLiteral("1001") << false << qint64(0)
                               << QStringLiteral("must be at most 1000");
    QTest::newRow("50000000") << QStringLiteral("50000000") << false << qint64(0)
                              << QStringLiteral("must be at most 1000");
    QTest::newRow("below min") << QStringLiteral("0") << false << qint64(0)
                               << QStringLiteral("must be at least 1");
    QTest::newRow("fraction") << QStringLiteral("2.5") << false << qint64(0)
                              << QStringLiteral("not a whole number");
    QTest::newRow("unit") << QStringLiteral("5s") << false << qint64(0)
                          << QStringLiteral("not a whole number");
    QTest::newRow("empty") << QString() << false << qint64(0)
                           << QStringLiteral("not a whole number");
}

void TestDuration::counts()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(qint64, value);
    QFETCH(QString, detail);
    const sb::Result<int64_t> r = sb::parseCount(text.toStdString(), 1, 1000);
    QCOMPARE(r.ok(), ok);
    if (ok)
        QCOMPARE(qint64(*r), value);
    else
        QVERIFY2(detailOf(r.error()).contains(detail), r.error().detail.c_str());
}

void TestDuration::checkedNumbers()
{
    // A plan's numeric "_s" fields arrive as numbers; same bounds, same words.
    QCOMPARE(qint64(*sb::checkDurationMs(30'000, "30")), qint64(30'000));
    const sb::Result<int64_t> big = sb::checkDurationMs(1e13, "1e10");
    QVERIFY(!big.ok());
    QCOMPARE(big.error().detail, std::string("must be at most 1 day, not \"1e10\""));
    QVERIFY(!sb::checkDurationMs(0, "0", 1).ok());
    QVERIFY(!sb::checkRate(1e-10, "1e-10").ok());
    QCOMPARE(*sb::checkRate(1500.5, "1500.5"), 1500.5);
}

void TestDuration::formats_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("day") << qint64(86'400'000) << QStringLiteral("1 day");
    QTest::newRow("days") << qint64(2 * 86'400'000) << QStringLiteral("2 days");
    QTest::newRow("hours") << qint64(7'200'000) << QStringLiteral("2 h");
    QTest::newRow("seconds") << qint64(60'000) << QStringLiteral("60 s");
    QTest::newRow("fraction") << qint64(1500) << QStringLiteral("1.5 s");
    QTest::newRow("ms") << qint64(100) << QStringLiteral("100 ms");
}

void TestDuration::formats()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(sb::formatDurationMs(ms)), text);
}

QTEST_GUILESS_MAIN(TestDuration)
#include "tst_duration.moc"
