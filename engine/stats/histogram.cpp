#include "histogram.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <limits>

namespace sb {

namespace {

constexpr std::array<uint8_t, 4> kMagic = {'S', 'B', 'H', 'G'};
constexpr uint8_t kVersion = 1;

// The bucket layout is only meaningful for these parameters (HdrHistogram's own limits).
bool validLayout(int64_t lowest, int64_t highest, int digits)
{
    return lowest >= 1 && digits >= 1 && digits <= 5 && highest >= 2 * lowest &&
           highest <= std::numeric_limits<int64_t>::max() / 2;
}

uint32_t crc32(const uint8_t *data, size_t len)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < len; ++i) {
        crc ^= data[i];
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

void putVarint(std::vector<uint8_t> &out, uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(static_cast<uint8_t>(v | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<uint8_t>(v));
}

// Reads one LEB128 varint from [pos, end); false on truncation or more than 64 bits.
bool getVarint(const uint8_t *&pos, const uint8_t *end, uint64_t &v)
{
    v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (pos == end)
            return false;
        const uint8_t b = *pos++;
        if (shift == 63 && (b & 0x7E))
            return false;
        v |= uint64_t(b & 0x7F) << shift;
        if (!(b & 0x80))
            return true;
    }
    return false;
}

// printf-like fixed formatting that ignores the C locale (Qt applications call setlocale, and a
// decimal comma would break every .hgrm reader).
void appendFixed(std::string &out, double v, int precision, int width)
{
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, precision);
    if (ec != std::errc())
        end = buf;
    const int len = static_cast<int>(end - buf);
    if (len < width)
        out.append(static_cast<size_t>(width - len), ' ');
    out.append(buf, end);
}

void appendInt(std::string &out, int64_t v, int width)
{
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    (void)ec;
    const int len = static_cast<int>(end - buf);
    if (len < width)
        out.append(static_cast<size_t>(width - len), ' ');
    out.append(buf, end);
}

} // namespace

Histogram::Histogram(int64_t lowest, int64_t highest, int significantDigits)
{
    // A nonsensical layout would make the index math undefined; fall back to the nearest sane one.
    lowest = std::max<int64_t>(lowest, 1);
    significantDigits = std::clamp(significantDigits, 1, 5);
    highest = std::clamp<int64_t>(highest, 2 * lowest, std::numeric_limits<int64_t>::max() / 2);
    configure(lowest, highest, significantDigits);
}

void Histogram::configure(int64_t lowest, int64_t highest, int significantDigits)
{
    m_lowest = lowest;
    m_highest = highest;
    m_digits = significantDigits;

    int64_t largestSingleUnit = 2;
    for (int i = 0; i < significantDigits; ++i)
        largestSingleUnit *= 10;
    const int subBucketCountMagnitude =
        static_cast<int>(std::ceil(std::log2(static_cast<double>(largestSingleUnit))));
    m_subBucketHalfCountMagnitude = std::max(subBucketCountMagnitude, 1) - 1;
    m_unitMagnitude = static_cast<int>(std::bit_width(static_cast<uint64_t>(lowest))) - 1;
    m_subBucketCount = 1 << (m_subBucketHalfCountMagnitude + 1);
    m_subBucketHalfCount = m_subBucketCount / 2;
    m_subBucketMask = int64_t(m_subBucketCount - 1) << m_unitMagnitude;

    int64_t smallestUntrackable = int64_t(m_subBucketCount) << m_unitMagnitude;
    int buckets = 1;
    while (smallestUntrackable <= highest) {
        if (smallestUntrackable > std::numeric_limits<int64_t>::max() / 2) {
            ++buckets;
            break;
        }
        smallestUntrackable <<= 1;
        ++buckets;
    }
    m_bucketCount = buckets;
    m_counts.assign(static_cast<size_t>(m_bucketCount + 1) * m_subBucketHalfCount, 0);
    m_total = 0;
    m_clamped = 0;
    m_minIndex = -1;
    m_maxIndex = -1;
}

int Histogram::bucketIndex(int64_t value) const
{
    const int pow2ceiling = 64 - std::countl_zero(static_cast<uint64_t>(value | m_subBucketMask));
    return pow2ceiling - m_unitMagnitude - (m_subBucketHalfCountMagnitude + 1);
}

int Histogram::subBucketIndex(int64_t value, int bucket) const
{
    return static_cast<int>(value >> (bucket + m_unitMagnitude));
}

int Histogram::countsIndex(int64_t value) const
{
    const int bucket = bucketIndex(value);
    const int sub = subBucketIndex(value, bucket);
    return ((bucket + 1) << m_subBucketHalfCountMagnitude) + (sub - m_subBucketHalfCount);
}

int64_t Histogram::valueFromIndex(int index) const
{
    int bucket = (index >> m_subBucketHalfCountMagnitude) - 1;
    int sub = (index & (m_subBucketHalfCount - 1)) + m_subBucketHalfCount;
    if (bucket < 0) {
        sub -= m_subBucketHalfCount;
        bucket = 0;
    }
    return int64_t(sub) << (bucket + m_unitMagnitude);
}

int64_t Histogram::equivalentRangeSize(int64_t value) const
{
    value = std::max<int64_t>(value, 0);
    const int bucket = bucketIndex(value);
    const int sub = subBucketIndex(value, bucket);
    const int adjusted = sub >= m_subBucketCount ? bucket + 1 : bucket;
    return int64_t(1) << (m_unitMagnitude + adjusted);
}

int64_t Histogram::lowestEquivalent(int64_t value) const
{
    value = std::max<int64_t>(value, 0);
    const int bucket = bucketIndex(value);
    const int sub = subBucketIndex(value, bucket);
    return int64_t(sub) << (bucket + m_unitMagnitude);
}

int64_t Histogram::highestEquivalent(int64_t value) const
{
    return lowestEquivalent(value) + equivalentRangeSize(value) - 1;
}

int64_t Histogram::medianEquivalent(int64_t value) const
{
    return lowestEquivalent(value) + (equivalentRangeSize(value) >> 1);
}

bool Histogram::equivalent(int64_t a, int64_t b) const
{
    return lowestEquivalent(a) == lowestEquivalent(b);
}

void Histogram::updateMinMax(int index)
{
    if (m_minIndex < 0 || index < m_minIndex)
        m_minIndex = index;
    if (index > m_maxIndex)
        m_maxIndex = index;
}

void Histogram::record(int64_t value, int64_t count)
{
    if (count <= 0)
        return;
    if (value < m_lowest) {
        value = m_lowest;
    } else if (value > m_highest) {
        value = m_highest;
        m_clamped += count;
    }
    const int index = countsIndex(value);
    m_counts[static_cast<size_t>(index)] += count;
    m_total += count;
    updateMinMax(index);
}

bool Histogram::add(const Histogram &other)
{
    if (other.m_lowest != m_lowest || other.m_highest != m_highest || other.m_digits != m_digits)
        return false;
    if (other.m_total == 0)
        return true;
    for (int i = other.m_minIndex; i <= other.m_maxIndex; ++i)
        m_counts[static_cast<size_t>(i)] += other.m_counts[static_cast<size_t>(i)];
    m_total += other.m_total;
    m_clamped += other.m_clamped;
    updateMinMax(other.m_minIndex);
    updateMinMax(other.m_maxIndex);
    return true;
}

void Histogram::reset()
{
    std::fill(m_counts.begin(), m_counts.end(), 0);
    m_total = 0;
    m_clamped = 0;
    m_minIndex = -1;
    m_maxIndex = -1;
}

int64_t Histogram::min() const
{
    return m_minIndex < 0 ? 0 : valueFromIndex(m_minIndex);
}

int64_t Histogram::max() const
{
    return m_maxIndex < 0 ? 0 : highestEquivalent(valueFromIndex(m_maxIndex));
}

double Histogram::mean() const
{
    if (m_total == 0)
        return 0.0;
    double sum = 0.0;
    for (int i = m_minIndex; i <= m_maxIndex; ++i) {
        const int64_t c = m_counts[static_cast<size_t>(i)];
        if (c != 0)
            sum += double(c) * double(medianEquivalent(valueFromIndex(i)));
    }
    return sum / double(m_total);
}

double Histogram::stdev() const
{
    if (m_total == 0)
        return 0.0;
    const double avg = mean();
    double dev = 0.0;
    for (int i = m_minIndex; i <= m_maxIndex; ++i) {
        const int64_t c = m_counts[static_cast<size_t>(i)];
        if (c != 0) {
            const double d = double(medianEquivalent(valueFromIndex(i))) - avg;
            dev += d * d * double(c);
        }
    }
    return std::sqrt(dev / double(m_total));
}

int64_t Histogram::valueAtPercentile(double percentile) const
{
    if (m_total == 0)
        return 0;
    if (!(percentile > 0.0))
        return min();
    percentile = std::min(percentile, 100.0);
    // The rank of the smallest value with at least percentile% of values at or below it. The
    // epsilon keeps 30% of 10 at rank 3 despite 0.3 * 10 == 3.0000000000000004.
    const double exact = percentile / 100.0 * double(m_total);
    int64_t rank = static_cast<int64_t>(exact);
    if (exact - double(rank) > 1e-9 * std::max(1.0, exact))
        ++rank;
    rank = std::clamp<int64_t>(rank, 1, m_total);
    int64_t seen = 0;
    for (int i = m_minIndex; i <= m_maxIndex; ++i) {
        seen += m_counts[static_cast<size_t>(i)];
        if (seen >= rank)
            return highestEquivalent(valueFromIndex(i));
    }
    return max();
}

std::string Histogram::toHgrm(double unitScale, int ticksPerHalfDistance) const
{
    if (!(unitScale > 0.0))
        unitScale = 1.0;
    ticksPerHalfDistance = std::max(ticksPerHalfDistance, 1);

    std::string out;
    out.reserve(4096);
    out += "       Value     Percentile TotalCount 1/(1-Percentile)\n\n";

    auto row = [&](int64_t value, double percentile, int64_t cumulative) {
        appendFixed(out, double(value) / unitScale, 3, 12);
        out += ' ';
        appendFixed(out, percentile / 100.0, 12, 2);
        out += ' ';
        appendInt(out, cumulative, 10);
        if (percentile != 100.0) {
            out += ' ';
            appendFixed(out, 1.0 / (1.0 - percentile / 100.0), 2, 14);
        }
        out += '\n';
    };

    // HdrHistogram's percentile iterator: report the bucket where each percentile step is
    // reached, the steps halving the remaining distance to 100% every ticksPerHalfDistance rows.
    double iterateTo = 0.0;
    int64_t cumulative = 0;
    int64_t lastValue = 0;
    if (m_total > 0) {
        for (int i = m_minIndex; i <= m_maxIndex; ++i) {
            const int64_t c = m_counts[static_cast<size_t>(i)];
            if (c == 0)
                continue;
            cumulative += c;
            const double current = 100.0 * double(cumulative) / double(m_total);
            while (iterateTo <= current) {
                lastValue = highestEquivalent(valueFromIndex(i));
                row(lastValue, iterateTo, cumulative);
                // As in HdrHistogram, the bucket that completes the count gets one row, then 100%.
                if (cumulative == m_total)
                    break;
                const auto halves =
                    static_cast<int64_t>(std::log(100.0 / (100.0 - iterateTo)) / std::log(2.0)) + 1;
                const double halfDistance = std::pow(2.0, double(halves));
                const double next = iterateTo + 100.0 / (ticksPerHalfDistance * halfDistance);
                if (next <= iterateTo) // no more resolution left in a double
                    break;
                iterateTo = next;
            }
            if (cumulative == m_total)
                break;
        }
    }
    row(lastValue, 100.0, cumulative);

    out += "#[Mean    = ";
    appendFixed(out, mean() / unitScale, 3, 12);
    out += ", StdDeviation   = ";
    appendFixed(out, stdev() / unitScale, 3, 12);
    out += "]\n#[Max     = ";
    appendFixed(out, double(max()) / unitScale, 3, 12);
    out += ", Total count    = ";
    appendInt(out, m_total, 12);
    out += "]\n#[Buckets = ";
    appendInt(out, m_bucketCount, 12);
    out += ", SubBuckets     = ";
    appendInt(out, m_subBucketCount, 12);
    out += "]\n";
    return out;
}

std::vector<uint8_t> Histogram::encode() const
{
    std::vector<uint8_t> out(kMagic.begin(), kMagic.end());
    out.push_back(kVersion);
    putVarint(out, static_cast<uint64_t>(m_lowest));
    putVarint(out, static_cast<uint64_t>(m_highest));
    putVarint(out, static_cast<uint64_t>(m_digits));
    putVarint(out, static_cast<uint64_t>(m_total));
    putVarint(out, static_cast<uint64_t>(m_clamped));
    int previous = -1;
    if (m_total > 0) {
        for (int i = m_minIndex; i <= m_maxIndex; ++i) {
            const int64_t c = m_counts[static_cast<size_t>(i)];
            if (c == 0)
                continue;
            putVarint(out, static_cast<uint64_t>(i - previous));
            putVarint(out, static_cast<uint64_t>(c));
            previous = i;
        }
    }
    const uint32_t crc = crc32(out.data(), out.size());
    for (int k = 0; k < 4; ++k)
        out.push_back(static_cast<uint8_t>(crc >> (8 * k)));
    return out;
}

bool Histogram::decode(const std::vector<uint8_t> &bytes)
{
    reset();
    const size_t minSize = kMagic.size() + 1 + 5 + 4;
    if (bytes.size() < minSize || !std::equal(kMagic.begin(), kMagic.end(), bytes.begin()) ||
        bytes[kMagic.size()] != kVersion)
        return false;
    const size_t bodyEnd = bytes.size() - 4;
    uint32_t storedCrc = 0;
    for (int k = 0; k < 4; ++k)
        storedCrc |= uint32_t(bytes[bodyEnd + k]) << (8 * k);
    if (crc32(bytes.data(), bodyEnd) != storedCrc)
        return false;

    const uint8_t *pos = bytes.data() + kMagic.size() + 1;
    const uint8_t *end = bytes.data() + bodyEnd;
    uint64_t lowest, highest, digits, total, clamped;
    if (!getVarint(pos, end, lowest) || !getVarint(pos, end, highest) ||
        !getVarint(pos, end, digits) || !getVarint(pos, end, total) ||
        !getVarint(pos, end, clamped))
        return false;
    constexpr uint64_t kMax = uint64_t(std::numeric_limits<int64_t>::max());
    if (lowest > kMax || highest > kMax || digits > 5 || total > kMax || clamped > total ||
        !validLayout(int64_t(lowest), int64_t(highest), int(digits)))
        return false;

    if (int64_t(lowest) != m_lowest || int64_t(highest) != m_highest || int(digits) != m_digits) {
        // Validate into a fresh histogram so that a failure keeps this one's layout.
        Histogram fresh(static_cast<int64_t>(lowest), static_cast<int64_t>(highest),
                        static_cast<int>(digits));
        if (!fresh.decode(bytes))
            return false;
        *this = std::move(fresh);
        return true;
    }

    // Only indices that record() can reach (values lowest..highest) are accepted.
    const int firstIndex = countsIndex(m_lowest);
    const int lastIndex = countsIndex(m_highest);
    int64_t index = -1;
    uint64_t sum = 0;
    while (pos != end) {
        uint64_t delta, count;
        if (!getVarint(pos, end, delta) || !getVarint(pos, end, count))
            return reset(), false;
        if (delta == 0 || delta > uint64_t(lastIndex) + 1 || count == 0 || count > kMax - sum)
            return reset(), false;
        index += int64_t(delta);
        if (index < firstIndex || index > lastIndex)
            return reset(), false;
        sum += count;
        m_counts[static_cast<size_t>(index)] = int64_t(count);
        updateMinMax(int(index));
    }
    if (sum != total)
        return reset(), false;
    m_total = int64_t(total);
    m_clamped = int64_t(clamped);
    return true;
}

} // namespace sb
