#include "load/h2pool.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace sb::load::detail {

namespace {

// A block's header is the 8 bytes before it: its class, or kLarge for a block of its own. As in
// malloc, a slot's payload runs into the next slot's header word: a slot of S bytes holds S - 8.
constexpr uint64_t kLarge = UINT64_MAX;
constexpr size_t kHeader = 8;
constexpr size_t kChunkBytes = 64 * 1024;
constexpr size_t kChunkLead = 16; // the chunk's link to the next, keeping payloads 16-aligned

uint64_t &headerOf(void *p)
{
    return *reinterpret_cast<uint64_t *>(static_cast<char *>(p) - kHeader);
}

// Classes: steps of 16 bytes up to 256, then eight steps per doubling up to 8 KiB.
constexpr std::array<size_t, H2Pool::kClasses> makeSlots()
{
    std::array<size_t, H2Pool::kClasses> s{};
    int k = 0;
    for (size_t v = 16; v <= 256; v += 16)
        s[size_t(k++)] = v;
    for (size_t base = 256; base < 8192; base *= 2)
        for (size_t step = 1; step <= 8; ++step)
            s[size_t(k++)] = base + step * base / 8;
    return s;
}
constexpr std::array<size_t, H2Pool::kClasses> kSlots = makeSlots();
static_assert(kSlots[H2Pool::kClasses - 1] == 8192);

void *poolMalloc(size_t size, void *pool)
{
    return static_cast<H2Pool *>(pool)->allocate(size);
}

void poolFree(void *p, void *pool)
{
    static_cast<H2Pool *>(pool)->release(p);
}

void *poolCalloc(size_t n, size_t size, void *pool)
{
    if (size != 0 && n > SIZE_MAX / size)
        return nullptr;
    void *p = static_cast<H2Pool *>(pool)->allocate(n * size);
    if (p)
        std::memset(p, 0, n * size);
    return p;
}

void *poolRealloc(void *p, size_t size, void *pool)
{
    return static_cast<H2Pool *>(pool)->reallocate(p, size);
}

} // namespace

int H2Pool::classOf(size_t size)
{
    const size_t slot = size + kHeader;
    if (slot > kSlots.back())
        return -1;
    if (slot <= 256)
        return int((slot + 15) / 16) - 1;
    // Eight classes per doubling above 256.
    int k = 16;
    size_t base = 256;
    while (slot > 2 * base) {
        base *= 2;
        k += 8;
    }
    const size_t step = base / 8;
    return k + int((slot - base + step - 1) / step) - 1;
}

size_t H2Pool::slotBytes(int sizeClass)
{
    return kSlots[size_t(sizeClass)];
}

H2Pool::H2Pool(nghttp2_mem *upstream)
    : m_mem{this, poolMalloc, poolFree, poolCalloc, poolRealloc}
    , m_upstream(upstream)
{}

H2Pool::~H2Pool()
{
    while (m_chunks) {
        void *next = *static_cast<void **>(m_chunks);
        upstreamFree(m_chunks);
        m_chunks = next;
    }
}

void *H2Pool::upstreamAlloc(size_t size)
{
    return m_upstream ? m_upstream->malloc(size, m_upstream->mem_user_data) : std::malloc(size);
}

void H2Pool::upstreamFree(void *p)
{
    if (m_upstream)
        m_upstream->free(p, m_upstream->mem_user_data);
    else
        std::free(p);
}

void *H2Pool::carve(int k)
{
    const size_t slot = kSlots[size_t(k)];
    if (!m_next[size_t(k)] || m_next[size_t(k)] + slot > m_end[size_t(k)]) {
        char *chunk = static_cast<char *>(upstreamAlloc(kChunkBytes));
        if (!chunk)
            return nullptr;
        *reinterpret_cast<void **>(chunk) = m_chunks;
        m_chunks = chunk;
        ++m_upstreamChunks;
        // Payloads at chunk + 16 + i * slot; the last one ends 8 bytes before its next header.
        m_next[size_t(k)] = chunk + kChunkLead;
        m_end[size_t(k)] = chunk + kChunkBytes + kHeader;
    }
    char *p = m_next[size_t(k)];
    m_next[size_t(k)] += slot;
    headerOf(p) = uint64_t(k);
    return p;
}

void *H2Pool::allocate(size_t size)
{
    const int k = classOf(size);
    if (k < 0) { // larger than the largest class: a block of its own
        char *raw = static_cast<char *>(upstreamAlloc(16 + size));
        if (!raw)
            return nullptr;
        *reinterpret_cast<uint64_t *>(raw) = size; // before the header: the block's size
        headerOf(raw + 16) = kLarge;
        return raw + 16;
    }
    if (FreeBlock *f = m_free[size_t(k)]) {
        m_free[size_t(k)] = f->next;
        return f;
    }
    return carve(k);
}

void H2Pool::release(void *p)
{
    if (!p)
        return;
    const uint64_t k = headerOf(p);
    if (k == kLarge) {
        upstreamFree(static_cast<char *>(p) - 16);
        return;
    }
    FreeBlock *f = static_cast<FreeBlock *>(p);
    f->next = m_free[size_t(k)];
    m_free[size_t(k)] = f;
}

void *H2Pool::reallocate(void *p, size_t size)
{
    if (!p)
        return allocate(size);
    if (size == 0) {
        release(p);
        return nullptr;
    }
    const uint64_t k = headerOf(p);
    if (k != kLarge && size + kHeader <= kSlots[size_t(k)])
        return p;
    void *q = allocate(size);
    if (!q)
        return nullptr;
    const size_t old = k == kLarge ? *reinterpret_cast<uint64_t *>(static_cast<char *>(p) - 16)
                                   : kSlots[size_t(k)] - kHeader;
    std::memcpy(q, p, std::min(old, size));
    release(p);
    return q;
}

} // namespace sb::load::detail
