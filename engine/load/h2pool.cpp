#include "load/h2pool.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

namespace sb::load::detail {

namespace {

// Before every block: its class (or kLarge) and its usable size, and a link that chains every
// pooled block for the pool's end. 32 bytes keep the block 16-byte aligned, as malloc's.
struct Header
{
    Header *allBlocks;
    size_t size;
    int sizeClass;
    int pad;
    size_t pad2;
};
static_assert(sizeof(Header) == 32);

constexpr int kLarge = -1;

Header *headerOf(void *p)
{
    return reinterpret_cast<Header *>(static_cast<char *>(p) - sizeof(Header));
}

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

H2Pool::H2Pool(nghttp2_mem *upstream)
    : m_mem{this, poolMalloc, poolFree, poolCalloc, poolRealloc}
    , m_upstream(upstream)
{}

H2Pool::~H2Pool()
{
    Header *h = static_cast<Header *>(m_all);
    while (h) {
        Header *next = h->allBlocks;
        upstreamFree(h);
        h = next;
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

void *H2Pool::allocate(size_t size)
{
    int k = 0;
    size_t block = kMinBlock;
    while (block < size && k < kClasses) {
        block *= 2;
        ++k;
    }
    if (k == kClasses) { // larger than the largest class: not pooled
        Header *h = static_cast<Header *>(upstreamAlloc(sizeof(Header) + size));
        if (!h)
            return nullptr;
        h->allBlocks = nullptr;
        h->size = size;
        h->sizeClass = kLarge;
        return h + 1;
    }
    if (FreeBlock *f = m_free[size_t(k)]) {
        m_free[size_t(k)] = f->next;
        return f;
    }
    Header *h = static_cast<Header *>(upstreamAlloc(sizeof(Header) + block));
    if (!h)
        return nullptr;
    h->allBlocks = static_cast<Header *>(m_all);
    m_all = h;
    h->size = block;
    h->sizeClass = k;
    ++m_upstreamBlocks;
    return h + 1;
}

void H2Pool::release(void *p)
{
    if (!p)
        return;
    Header *h = headerOf(p);
    if (h->sizeClass == kLarge) {
        upstreamFree(h);
        return;
    }
    FreeBlock *f = static_cast<FreeBlock *>(p);
    f->next = m_free[size_t(h->sizeClass)];
    m_free[size_t(h->sizeClass)] = f;
}

void *H2Pool::reallocate(void *p, size_t size)
{
    if (!p)
        return allocate(size);
    if (size == 0) {
        release(p);
        return nullptr;
    }
    Header *h = headerOf(p);
    if (h->sizeClass != kLarge && size <= h->size)
        return p;
    void *q = allocate(size);
    if (!q)
        return nullptr;
    std::memcpy(q, p, std::min(h->size, size));
    release(p);
    return q;
}

} // namespace sb::load::detail
