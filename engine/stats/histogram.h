#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sb {

// An HDR-style histogram of non-negative integer values (Stackbench records latency in
// microseconds). Buckets are log-linear as in HdrHistogram: every value in [lowest, highest] is
// kept with at least `significantDigits` decimal digits of precision, in constant memory
// (about 23k 64-bit counters for 1 us .. 1 h at 3 digits, allocated once in the constructor).
//
// Threads: not synchronised. Each load worker owns its own histograms; merge them with add()
// after the worker has handed them over. record() never allocates.
class Histogram
{
public:
    // Defaults: 1 us .. 1 h in microseconds, 3 significant digits.
    explicit Histogram(int64_t lowest = 1, int64_t highest = 3'600'000'000LL,
                       int significantDigits = 3);

    // Records `count` occurrences of `value`. Values below `lowest` are recorded as `lowest`;
    // values above `highest` are recorded as `highest` and counted in clampedCount().
    void record(int64_t value, int64_t count = 1);

    // Adds every count of `other`, which must have the same lowest, highest and digits
    // (returns false and changes nothing otherwise).
    bool add(const Histogram &other);
    // Forgets every recorded value; keeps the memory.
    void reset();

    int64_t count() const { return m_total; }          // number of recorded values
    int64_t clampedCount() const { return m_clamped; } // values that were above highest
    int64_t min() const;  // smallest recorded value (equivalent-range lowest), 0 when empty
    int64_t max() const;  // largest recorded value (highest equivalent value), 0 when empty
    double mean() const;  // arithmetic mean, from bucket midpoints; 0 when empty
    double stdev() const; // population standard deviation; 0 when empty
    // The value at `percentile` (0..100): the smallest recorded value v such that at least
    // percentile% of all values are <= v, reported as the highest value equivalent to v's bucket
    // (as HdrHistogram does). 0 when empty.
    int64_t valueAtPercentile(double percentile) const;

    int64_t lowest() const { return m_lowest; }
    int64_t highest() const { return m_highest; }
    int significantDigits() const { return m_digits; }
    // Number of 64-bit counters held; fixed by the constructor (or decode()), never by record().
    std::size_t countsLength() const { return m_counts.size(); }
    int bucketCount() const { return m_bucketCount; }       // HdrHistogram's bucket count
    int subBucketCount() const { return m_subBucketCount; } // HdrHistogram's sub-bucket count

    // True when a and b fall into the same bucket.
    bool equivalent(int64_t a, int64_t b) const;
    // The width of the bucket holding `value` (1 for small values).
    int64_t equivalentRangeSize(int64_t value) const;

    // HdrHistogram's percentile distribution text (.hgrm) as written by
    // hdr_percentiles_print(..., ticksPerHalfDistance, unitScale, CLASSIC): columns Value,
    // Percentile, TotalCount, 1/(1-Percentile), then the Mean/StdDeviation/Max/Total footer.
    // Values are divided by `unitScale` (1000.0 turns microseconds into milliseconds).
    std::string toHgrm(double unitScale = 1000.0, int ticksPerHalfDistance = 5) const;

    // A compact, versioned binary form (sparse: only non-zero buckets) for the run store, and
    // its inverse. Layout: magic "SBHG", version byte (1), then LEB128 varints lowest, highest,
    // digits, total, clamped, then (index delta, count) pairs, then a CRC-32 of everything before
    // it (4 bytes, little endian). decode() takes over the encoded lowest/highest/digits; it
    // returns false and leaves the histogram empty (its previous layout kept) on malformed,
    // truncated or corrupted input. Any thread, not per record (allocates).
    std::vector<uint8_t> encode() const;
    bool decode(const std::vector<uint8_t> &bytes);

private:
    int bucketIndex(int64_t value) const;
    int subBucketIndex(int64_t value, int bucket) const;
    int countsIndex(int64_t value) const;
    int64_t valueFromIndex(int index) const;
    int64_t lowestEquivalent(int64_t value) const;
    int64_t highestEquivalent(int64_t value) const;
    int64_t medianEquivalent(int64_t value) const;
    void configure(int64_t lowest, int64_t highest, int significantDigits);
    void updateMinMax(int index);

    int64_t m_lowest;
    int64_t m_highest;
    int m_digits;
    int m_unitMagnitude = 0;
    int m_subBucketHalfCountMagnitude = 0;
    int m_subBucketCount = 0;
    int m_subBucketHalfCount = 0;
    int64_t m_subBucketMask = 0;
    int m_bucketCount = 0;
    std::vector<int64_t> m_counts;
    int64_t m_total = 0;
    int64_t m_clamped = 0;
    int m_minIndex = -1; // lowest non-zero counts index, -1 when empty
    int m_maxIndex = -1; // highest non-zero counts index, -1 when empty
};

} // namespace sb
