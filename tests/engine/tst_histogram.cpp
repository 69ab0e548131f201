#include "stats/histogram.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <sstream>

using sb::Histogram;

namespace {

std::vector<int64_t> generate(const QString &distribution, int n, int64_t lo, int64_t hi,
                              uint32_t seed)
{
    std::mt19937_64 rng(seed);
    std::vector<int64_t> v;
    v.reserve(size_t(n));
    auto clampValue = [&](double x) {
        return std::clamp<int64_t>(int64_t(std::llround(x)), lo, hi);
    };
    for (int i = 0; i < n; ++i) {
        if (distribution == QLatin1String("uniform")) {
            v.push_back(std::uniform_int_distribution<int64_t>(lo, hi)(rng));
        } else if (distribution == QLatin1String("exponential")) {
            v.push_back(clampValue(std::exponential_distribution<double>(1.0 / 2000.0)(rng)));
        } else if (distribution == QLatin1String("lognormal")) {
            v.push_back(clampValue(std::lognormal_distribution<double>(8.0, 2.5)(rng)));
        } else if (distribution == QLatin1String("bimodal")) {
            const bool slow = std::bernoulli_distribution(0.05)(rng);
            v.push_back(clampValue(
                std::normal_distribution<double>(slow ? 5e6 : 300.0, slow ? 1e6 : 40.0)(rng)));
        } else if (distribution == QLatin1String("few")) {
            v.push_back(std::uniform_int_distribution<int64_t>(lo, hi)(rng));
            if (i == 6)
                break;
        }
    }
    return v;
}

// The exact percentile by the histogram's definition: the smallest v with at least p% <= v.
int64_t exactPercentile(const std::vector<int64_t> &sorted, double p)
{
    if (p <= 0.0)
        return sorted.front();
    const auto rank = int64_t(std::ceil(p / 100.0 * double(sorted.size()) - 1e-9));
    return sorted[size_t(std::clamp<int64_t>(rank, 1, int64_t(sorted.size())) - 1)];
}

uint32_t crc32(const uint8_t *data, size_t len)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < len; ++i) {
        crc ^= data[i];
        for (int k = 0; k < 8; ++k)
            crc = (crc & 1u) ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
    }
    return ~crc;
}

void putVarint(std::vector<uint8_t> &out, uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(uint8_t(v | 0x80));
        v >>= 7;
    }
    out.push_back(uint8_t(v));
}

// Builds an encoded histogram by hand, with a valid checksum, to test the structural checks.
std::vector<uint8_t> handEncoded(const std::vector<uint64_t> &header,
                                 const std::vector<uint64_t> &pairs)
{
    std::vector<uint8_t> out = {'S', 'B', 'H', 'G', 1};
    for (uint64_t v : header)
        putVarint(out, v);
    for (uint64_t v : pairs)
        putVarint(out, v);
    const uint32_t crc = crc32(out.data(), out.size());
    for (int k = 0; k < 4; ++k)
        out.push_back(uint8_t(crc >> (8 * k)));
    return out;
}

struct HgrmRow
{
    double value;
    double percentile;
    int64_t totalCount;
};

} // namespace

class TestHistogram : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void layout();
    void knownEquivalentRanges();
    void percentiles_data();
    void percentiles();
    void mergeEqualsSingle();
    void addRejectsOtherLayout();
    void reset();
    void clamping();
    void constantMemory();
    void encodeDecodeRoundTrip();
    void decodeTakesOverLayout();
    void decodeRejectsCorruption();
    void decodeRejectsInconsistentContent_data();
    void decodeRejectsInconsistentContent();
    void hgrmParsesBack_data();
    void hgrmParsesBack();
    void hgrmEmpty();
};

void TestHistogram::layout()
{
    // HdrHistogram_c's hdr_init(1, 3600000000, 3) gives 22 buckets of 2048 and 23552 counters.
    Histogram h;
    QCOMPARE(h.lowest(), 1);
    QCOMPARE(h.highest(), 3'600'000'000LL);
    QCOMPARE(h.significantDigits(), 3);
    QCOMPARE(h.subBucketCount(), 2048);
    QCOMPARE(h.bucketCount(), 22);
    QCOMPARE(h.countsLength(), size_t(23552));

    Histogram two(1, 100'000, 2); // 2 * 10^2 = 200 -> 256 sub-buckets
    QCOMPARE(two.subBucketCount(), 256);
    QCOMPARE(two.countsLength(), size_t((two.bucketCount() + 1) * 128));
}

void TestHistogram::knownEquivalentRanges()
{
    // Values from HdrHistogram's own test suite (1 .. 3.6e9, 3 digits).
    Histogram h;
    QCOMPARE(h.equivalentRangeSize(1), 1);
    QCOMPARE(h.equivalentRangeSize(2500), 2);
    QCOMPARE(h.equivalentRangeSize(8191), 4);
    QCOMPARE(h.equivalentRangeSize(8192), 8);
    QCOMPARE(h.equivalentRangeSize(10000), 8);
    QVERIFY(h.equivalent(10000, 10007));
    QVERIFY(!h.equivalent(10007, 10008));
    QVERIFY(h.equivalent(8193, 8199));
    QVERIFY(!h.equivalent(8191, 8192));

    // The reported value is the highest equivalent one.
    h.record(8180);
    QCOMPARE(h.max(), 8183);
    QCOMPARE(h.min(), 8180);
    h.reset();
    h.record(10008);
    QCOMPARE(h.max(), 10015);
    QCOMPARE(h.valueAtPercentile(50), 10015);
    QCOMPARE(h.min(), 10008);
}

void TestHistogram::percentiles_data()
{
    QTest::addColumn<QString>("distribution");
    QTest::addColumn<int>("n");
    QTest::addColumn<qint64>("lowest");
    QTest::addColumn<qint64>("highest");
    QTest::addColumn<int>("digits");

    const qint64 hour = 3'600'000'000LL;
    QTest::newRow("uniform 1us..1h")
        << QStringLiteral("uniform") << 200000 << qint64(1) << hour << 3;
    QTest::newRow("exponential") << QStringLiteral("exponential") << 200000 << qint64(1) << hour
                                 << 3;
    QTest::newRow("lognormal") << QStringLiteral("lognormal") << 200000 << qint64(1) << hour << 3;
    QTest::newRow("bimodal") << QStringLiteral("bimodal") << 100000 << qint64(1) << hour << 3;
    QTest::newRow("few values") << QStringLiteral("few") << 7 << qint64(1) << hour << 3;
    QTest::newRow("2 digits") << QStringLiteral("lognormal") << 100000 << qint64(1) << hour << 2;
    QTest::newRow("4 digits") << QStringLiteral("lognormal") << 100000 << qint64(1) << hour << 4;
    QTest::newRow("ns, lowest 1000")
        << QStringLiteral("uniform") << 100000 << qint64(1000) << qint64(10'000'000'000LL) << 3;
}

void TestHistogram::percentiles()
{
    QFETCH(QString, distribution);
    QFETCH(int, n);
    QFETCH(qint64, lowest);
    QFETCH(qint64, highest);
    QFETCH(int, digits);

    std::vector<int64_t> values = generate(distribution, n, lowest, highest, 4242);
    Histogram h(lowest, highest, digits);
    for (int64_t v : values)
        h.record(v);
    std::sort(values.begin(), values.end());
    QCOMPARE(h.count(), int64_t(values.size()));
    QCOMPARE(h.clampedCount(), 0);

    const double precision = std::pow(10.0, -digits);
    // The smallest bucket width: values below the unit are indistinguishable.
    const int64_t unit = h.equivalentRangeSize(lowest);
    auto withinPrecision = [&](int64_t reported, double exact) {
        return std::abs(double(reported) - exact) <= exact * precision + double(unit);
    };

    const double ps[] = {0.0, 1.0, 10.0, 25.0, 50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 100.0};
    for (double p : ps) {
        const int64_t exact = exactPercentile(values, p);
        const int64_t reported = h.valueAtPercentile(p);
        QVERIFY2(h.equivalent(reported, exact),
                 qPrintable(
                     QStringLiteral("p%1: reported %2, exact %3").arg(p).arg(reported).arg(exact)));
        QVERIFY2(withinPrecision(reported, double(exact)),
                 qPrintable(
                     QStringLiteral("p%1: reported %2, exact %3").arg(p).arg(reported).arg(exact)));
        if (p > 0.0)
            QVERIFY(reported >= exact); // highest equivalent value of the bucket
    }

    // min / max: the bucket's lowest and highest equivalent values.
    QVERIFY(h.equivalent(h.min(), values.front()));
    QVERIFY(h.min() <= values.front());
    QVERIFY(h.equivalent(h.max(), values.back()));
    QVERIFY(h.max() >= values.back());
    QCOMPARE(h.valueAtPercentile(100.0), h.max());
    QCOMPARE(h.valueAtPercentile(0.0), h.min());

    // mean / stdev against the exact population figures.
    double sum = 0.0, sumSquares = 0.0;
    for (int64_t v : values) {
        sum += double(v);
        sumSquares += double(v) * double(v);
    }
    const double exactMean = sum / double(values.size());
    double dev = 0.0;
    for (int64_t v : values)
        dev += (double(v) - exactMean) * (double(v) - exactMean);
    const double exactStdev = std::sqrt(dev / double(values.size()));
    const double rms = std::sqrt(sumSquares / double(values.size()));
    QVERIFY2(std::abs(h.mean() - exactMean) <= exactMean * precision + double(unit),
             qPrintable(QStringLiteral("mean %1 vs %2").arg(h.mean()).arg(exactMean)));
    QVERIFY2(std::abs(h.stdev() - exactStdev) <= rms * precision + double(unit),
             qPrintable(QStringLiteral("stdev %1 vs %2").arg(h.stdev()).arg(exactStdev)));
}

void TestHistogram::mergeEqualsSingle()
{
    const std::vector<int64_t> values =
        generate(QStringLiteral("lognormal"), 90000, 1, 3'600'000'000LL, 7);
    Histogram all;
    Histogram parts[3];
    for (size_t i = 0; i < values.size(); ++i) {
        all.record(values[i]);
        parts[i % 3].record(values[i]);
    }
    parts[1].record(5'000'000'000LL); // clamped in a part
    all.record(5'000'000'000LL);

    Histogram merged;
    for (const Histogram &p : parts)
        QVERIFY(merged.add(p));
    QCOMPARE(merged.count(), all.count());
    QCOMPARE(merged.clampedCount(), 1);
    QCOMPARE(merged.min(), all.min());
    QCOMPARE(merged.max(), all.max());
    QCOMPARE(merged.mean(), all.mean());
    QCOMPARE(merged.stdev(), all.stdev());
    for (double p : {1.0, 50.0, 90.0, 99.0, 99.9, 100.0})
        QCOMPARE(merged.valueAtPercentile(p), all.valueAtPercentile(p));
    QVERIFY(merged.encode() == all.encode()); // every counter is the same

    Histogram empty;
    QVERIFY(merged.add(empty));
    QVERIFY(merged.encode() == all.encode());
}

void TestHistogram::addRejectsOtherLayout()
{
    Histogram h;
    h.record(100);
    const auto before = h.encode();
    Histogram other(1, 1'000'000, 3);
    other.record(100);
    QVERIFY(!h.add(other));
    Histogram otherDigits(1, 3'600'000'000LL, 2);
    otherDigits.record(100);
    QVERIFY(!h.add(otherDigits));
    QVERIFY(h.encode() == before);
    QCOMPARE(h.count(), 1);
}

void TestHistogram::reset()
{
    Histogram h;
    for (int i = 1; i <= 1000; ++i)
        h.record(i * 1000);
    h.record(1'000'000'000'000LL);
    QCOMPARE(h.count(), 1001);
    h.reset();
    QCOMPARE(h.count(), 0);
    QCOMPARE(h.clampedCount(), 0);
    QCOMPARE(h.min(), 0);
    QCOMPARE(h.max(), 0);
    QCOMPARE(h.mean(), 0.0);
    QCOMPARE(h.stdev(), 0.0);
    QCOMPARE(h.valueAtPercentile(50), 0);
    QVERIFY(h.encode() == Histogram().encode());
    h.record(42);
    QCOMPARE(h.count(), 1);
    QCOMPARE(h.min(), 42);
    QCOMPARE(h.max(), 42);
    QCOMPARE(h.valueAtPercentile(99), 42);
}

void TestHistogram::clamping()
{
    Histogram h(1, 1'000'000, 3);
    h.record(5'000'000, 3);
    h.record(1'000'000);
    QCOMPARE(h.count(), 4);
    QCOMPARE(h.clampedCount(), 3); // exactly `highest` is not clamped
    QVERIFY(h.equivalent(h.max(), 1'000'000));
    QCOMPARE(h.valueAtPercentile(100), h.max());

    Histogram low(1000, 1'000'000, 3);
    low.record(0);
    low.record(-5);
    QCOMPARE(low.count(), 2);
    QCOMPARE(low.clampedCount(), 0);
    QVERIFY(low.equivalent(low.min(), 1000));

    Histogram ignored;
    ignored.record(10, 0);
    ignored.record(10, -3);
    QCOMPARE(ignored.count(), 0);
}

void TestHistogram::constantMemory()
{
    Histogram h;
    const size_t before = h.countsLength();
    std::mt19937_64 rng(1);
    std::uniform_int_distribution<int64_t> any(0, 10'000'000'000LL);
    for (int i = 0; i < 1'000'000; ++i)
        h.record(any(rng));
    QCOMPARE(h.countsLength(), before);
    QCOMPARE(h.count(), 1'000'000);
    Histogram other;
    other.record(3);
    h.add(other);
    h.reset();
    QCOMPARE(h.countsLength(), before);
}

void TestHistogram::encodeDecodeRoundTrip()
{
    const std::vector<int64_t> values =
        generate(QStringLiteral("exponential"), 50000, 1, 3'600'000'000LL, 99);
    Histogram h;
    for (int64_t v : values)
        h.record(v);
    h.record(9'000'000'000LL, 2);
    const std::vector<uint8_t> bytes = h.encode();
    QVERIFY(bytes.size() < 8 * h.countsLength()); // sparse, not a dump of the counters

    Histogram back;
    back.record(77); // decode replaces the old content
    QVERIFY(back.decode(bytes));
    QCOMPARE(back.count(), h.count());
    QCOMPARE(back.clampedCount(), 2);
    QCOMPARE(back.min(), h.min());
    QCOMPARE(back.max(), h.max());
    QCOMPARE(back.mean(), h.mean());
    QCOMPARE(back.stdev(), h.stdev());
    for (double p : {0.0, 50.0, 99.0, 99.99, 100.0})
        QCOMPARE(back.valueAtPercentile(p), h.valueAtPercentile(p));
    QVERIFY(back.encode() == bytes);

    Histogram empty;
    Histogram emptyBack;
    emptyBack.record(5);
    QVERIFY(emptyBack.decode(empty.encode()));
    QCOMPARE(emptyBack.count(), 0);
    QCOMPARE(emptyBack.max(), 0);
}

void TestHistogram::decodeTakesOverLayout()
{
    Histogram h(1000, 60'000'000'000LL, 2);
    h.record(123'456'789);
    h.record(5000, 10);
    Histogram back; // default layout
    QVERIFY(back.decode(h.encode()));
    QCOMPARE(back.lowest(), 1000);
    QCOMPARE(back.highest(), 60'000'000'000LL);
    QCOMPARE(back.significantDigits(), 2);
    QCOMPARE(back.countsLength(), h.countsLength());
    QCOMPARE(back.count(), 11);
    QCOMPARE(back.max(), h.max());
    QVERIFY(back.add(h));
    QCOMPARE(back.count(), 22);
}

void TestHistogram::decodeRejectsCorruption()
{
    Histogram h;
    for (int i = 1; i < 5000; i += 7)
        h.record(i * 13, i % 5 + 1);
    const std::vector<uint8_t> good = h.encode();

    // Every single-bit flip of every byte.
    for (size_t i = 0; i < good.size(); ++i) {
        for (int bit = 0; bit < 8; ++bit) {
            std::vector<uint8_t> bad = good;
            bad[i] ^= uint8_t(1u << bit);
            Histogram back;
            QVERIFY2(!back.decode(bad),
                     qPrintable(QStringLiteral("byte %1 bit %2").arg(i).arg(bit)));
            QCOMPARE(back.count(), 0);
            QCOMPARE(back.countsLength(), Histogram().countsLength());
        }
    }
    // Every truncation, and extra bytes.
    for (size_t len = 0; len < good.size(); ++len) {
        Histogram back;
        back.record(5);
        QVERIFY(!back.decode(std::vector<uint8_t>(good.begin(), good.begin() + long(len))));
        QCOMPARE(back.count(), 0);
    }
    std::vector<uint8_t> longer = good;
    longer.push_back(0);
    QVERIFY(!Histogram().decode(longer));
    // Random garbage.
    std::mt19937 rng(3);
    for (int round = 0; round < 200; ++round) {
        std::vector<uint8_t> garbage(size_t(rng() % 64));
        for (auto &b : garbage)
            b = uint8_t(rng());
        QVERIFY(!Histogram().decode(garbage));
    }
    QVERIFY(Histogram().decode(good)); // and the original still decodes
}

void TestHistogram::decodeRejectsInconsistentContent_data()
{
    QTest::addColumn<std::vector<uint8_t>>("bytes");
    QTest::addColumn<bool>("valid");
    const uint64_t hour = 3'600'000'000ULL;
    // Header: lowest, highest, digits, total, clamped; then (index delta, count) pairs.
    QTest::newRow("header too short") << handEncoded({1, hour, 3, 5}, {}) << false;
    QTest::newRow("valid two entries") << handEncoded({1, hour, 3, 5, 0}, {11, 2, 4, 3}) << true;
    QTest::newRow("total mismatch") << handEncoded({1, hour, 3, 6, 0}, {11, 2, 4, 3}) << false;
    QTest::newRow("clamped above total") << handEncoded({1, hour, 3, 5, 6}, {11, 2, 4, 3}) << false;
    QTest::newRow("zero delta") << handEncoded({1, hour, 3, 5, 0}, {11, 2, 0, 3}) << false;
    QTest::newRow("zero count") << handEncoded({1, hour, 3, 5, 0}, {11, 5, 4, 0}) << false;
    QTest::newRow("index past highest") << handEncoded({1, hour, 3, 1, 0}, {1'000'000, 1}) << false;
    QTest::newRow("dangling delta") << handEncoded({1, hour, 3, 2, 0}, {11, 2, 4}) << false;
    QTest::newRow("digits 0") << handEncoded({1, hour, 0, 0, 0}, {}) << false;
    QTest::newRow("digits 6") << handEncoded({1, hour, 6, 0, 0}, {}) << false;
    QTest::newRow("lowest 0") << handEncoded({0, hour, 3, 0, 0}, {}) << false;
    QTest::newRow("highest < 2*lowest") << handEncoded({100, 150, 3, 0, 0}, {}) << false;
    QTest::newRow("total above int64")
        << handEncoded({1, hour, 3, 0xFFFFFFFFFFFFFFFFULL, 0}, {}) << false;
    std::vector<uint8_t> wrongVersion = handEncoded({1, hour, 3, 0, 0}, {});
    wrongVersion[4] = 2;
    const uint32_t crc = crc32(wrongVersion.data(), wrongVersion.size() - 4);
    for (int k = 0; k < 4; ++k)
        wrongVersion[wrongVersion.size() - 4 + size_t(k)] = uint8_t(crc >> (8 * k));
    QTest::newRow("unknown version") << wrongVersion << false;
}

void TestHistogram::decodeRejectsInconsistentContent()
{
    QFETCH(std::vector<uint8_t>, bytes);
    QFETCH(bool, valid);
    Histogram h;
    h.record(1);
    QCOMPARE(h.decode(bytes), valid);
    if (valid) {
        QCOMPARE(h.count(), 5);
        QCOMPARE(h.min(), 10);
        QCOMPARE(h.max(), 14);
    } else {
        QCOMPARE(h.count(), 0);
    }
}

void TestHistogram::hgrmParsesBack_data()
{
    QTest::addColumn<QString>("distribution");
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("unitScale");
    QTest::addColumn<int>("ticks");
    QTest::newRow("uniform ms") << QStringLiteral("uniform") << 100000 << 1000.0 << 5;
    QTest::newRow("lognormal us") << QStringLiteral("lognormal") << 100000 << 1.0 << 5;
    QTest::newRow("bimodal ticks 2") << QStringLiteral("bimodal") << 50000 << 1000.0 << 2;
    QTest::newRow("one value") << QStringLiteral("few") << 1 << 1000.0 << 5;
}

void TestHistogram::hgrmParsesBack()
{
    QFETCH(QString, distribution);
    QFETCH(int, n);
    QFETCH(double, unitScale);
    QFETCH(int, ticks);

    const std::vector<int64_t> values = generate(distribution, n, 1, 3'600'000'000LL, 11);
    Histogram h;
    for (int64_t v : values)
        h.record(v);
    const std::string text = h.toHgrm(unitScale, ticks);

    std::istringstream in(text);
    std::string line;
    QVERIFY(std::getline(in, line));
    QCOMPARE(QString::fromStdString(line),
             QStringLiteral("       Value     Percentile TotalCount 1/(1-Percentile)"));
    QVERIFY(std::getline(in, line));
    QVERIFY(line.empty());

    std::vector<HgrmRow> rows;
    std::vector<std::string> footer;
    while (std::getline(in, line)) {
        if (line.rfind("#[", 0) == 0) {
            footer.push_back(line);
            continue;
        }
        QVERIFY2(footer.empty(), "row after the footer");
        std::istringstream fields(line);
        HgrmRow row{};
        QVERIFY2(bool(fields >> row.value >> row.percentile >> row.totalCount), line.c_str());
        double inverse = 0.0;
        if (row.percentile < 1.0) {
            QVERIFY2(bool(fields >> inverse), line.c_str());
            QVERIFY(std::abs(inverse - 1.0 / (1.0 - row.percentile)) <= 0.01 * inverse);
            if (row.value < 1e8) // fits its 12 columns
                QCOMPARE(line.size(), size_t(12 + 1 + 14 + 1 + 10 + 1 + 14));
        }
        rows.push_back(row);
    }
    QVERIFY(rows.size() >= 2);
    QCOMPARE(footer.size(), size_t(3));

    // Percentile steps as in HdrHistogram: 0, then 100/(2 * ticks) % steps up to 50%.
    QCOMPARE(rows.front().percentile, 0.0);
    if (n > 1000) {
        for (int i = 0; i <= ticks; ++i)
            QVERIFY(std::abs(rows[size_t(i)].percentile - i * 0.5 / ticks) < 1e-9);
    }
    for (size_t i = 1; i < rows.size(); ++i) {
        QVERIFY(rows[i].percentile > rows[i - 1].percentile);
        QVERIFY(rows[i].value >= rows[i - 1].value);
        QVERIFY(rows[i].totalCount >= rows[i - 1].totalCount);
        // the count at a row covers its percentile
        QVERIFY(double(rows[i].totalCount) >= rows[i].percentile * double(h.count()) - 1e-6);
    }
    // Each row's value is the histogram's value at that percentile.
    for (const HgrmRow &row : rows) {
        if (row.percentile < 1.0) {
            // The 0% row shows the first bucket's highest equivalent value, like HdrHistogram.
            const int64_t atPercentile = row.percentile > 0.0
                                             ? h.valueAtPercentile(row.percentile * 100.0)
                                             : h.min() + h.equivalentRangeSize(h.min()) - 1;
            const double expected = double(atPercentile) / unitScale;
            QVERIFY2(std::abs(row.value - expected) <= 0.0005 + 1e-9,
                     qPrintable(QStringLiteral("%1 at %2 vs %3")
                                    .arg(row.value)
                                    .arg(row.percentile)
                                    .arg(expected)));
        }
    }
    const HgrmRow &last = rows.back();
    QCOMPARE(last.percentile, 1.0);
    QCOMPARE(last.totalCount, h.count());
    QVERIFY(std::abs(last.value - double(h.max()) / unitScale) <= 0.0005);

    double mean = 0, stdev = 0, max = 0;
    long long total = 0;
    int buckets = 0, subBuckets = 0;
    QCOMPARE(
        std::sscanf(footer[0].c_str(), "#[Mean    = %lf, StdDeviation   = %lf]", &mean, &stdev), 2);
    QCOMPARE(
        std::sscanf(footer[1].c_str(), "#[Max     = %lf, Total count    = %lld]", &max, &total), 2);
    QCOMPARE(std::sscanf(footer[2].c_str(), "#[Buckets = %d, SubBuckets     = %d]", &buckets,
                         &subBuckets),
             2);
    QVERIFY(std::abs(mean - h.mean() / unitScale) <= 0.0005);
    QVERIFY(std::abs(stdev - h.stdev() / unitScale) <= 0.0005);
    QVERIFY(std::abs(max - double(h.max()) / unitScale) <= 0.0005);
    QCOMPARE(total, h.count());
    QCOMPARE(buckets, h.bucketCount());
    QCOMPARE(subBuckets, h.subBucketCount());
}

void TestHistogram::hgrmEmpty()
{
    const std::string text = Histogram().toHgrm();
    QVERIFY(text.find("Total count    =            0]") != std::string::npos);
    QVERIFY(text.find("#[Max     =        0.000") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestHistogram)
#include "tst_histogram.moc"
