#pragma once

// A small seeded generator whose sequence is the same on every machine and standard library
// (std::uniform_int_distribution's is not), so that a seeded simulation (the verdict and
// ceiling rate tests) draws the same trials everywhere. SplitMix64 (Steele, Lea, Flood 2014) with Lemire's unbiased bounded integers.
// Not thread-safe: one per thread.

#include <cstdint>

namespace sb::stats {

class Random
{
public:
    explicit Random(uint64_t seed)
        : m_state(seed)
    {}

    uint64_t next()
    {
        uint64_t z = (m_state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    // Uniform in [0, bound), bound > 0, without modulo bias.
    uint64_t below(uint64_t bound)
    {
        __uint128_t m = __uint128_t(next()) * bound;
        uint64_t low = uint64_t(m);
        if (low < bound) {
            const uint64_t threshold = (0 - bound) % bound;
            while (low < threshold) {
                m = __uint128_t(next()) * bound;
                low = uint64_t(m);
            }
        }
        return uint64_t(m >> 64);
    }

private:
    uint64_t m_state;
};

} // namespace sb::stats
