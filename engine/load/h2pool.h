#pragma once

// One worker's memory for nghttp2: its sessions' streams, frames and header blocks come and go
// with every request, and malloc/free of them cost a load worker about 4 % of its CPU (a
// profile of h2 at c=1,000, m=10). The pool keeps freed blocks in per-size free lists and hands
// them out again, so once warm a request allocates nothing from the system. Blocks are taken
// from an upstream allocator (malloc's, or the allocation test's counting one) and given back
// only when the pool ends: it holds what the worker's sessions held at their peak.
//
// Single-threaded: a worker's sessions live on its thread (and are deleted after it joined).

#include <array>
#include <cstddef>
#include <nghttp2/nghttp2.h>

namespace sb::load::detail {

class H2Pool
{
public:
    explicit H2Pool(nghttp2_mem *upstream = nullptr); // nullptr = malloc's
    ~H2Pool();
    H2Pool(const H2Pool &) = delete;
    H2Pool &operator=(const H2Pool &) = delete;

    nghttp2_mem *mem() { return &m_mem; }

    void *allocate(size_t size);
    void release(void *p);
    void *reallocate(void *p, size_t size);

    // Blocks taken from upstream and not given back (for the tests).
    long upstreamBlocks() const { return m_upstreamBlocks; }

private:
    // Size classes of the block's usable bytes: 32, 64, ..., 8 KiB; larger blocks go straight
    // to upstream and back.
    static constexpr int kClasses = 9;
    static constexpr size_t kMinBlock = 32;

    struct FreeBlock
    {
        FreeBlock *next;
    };

    void *upstreamAlloc(size_t size);
    void upstreamFree(void *p);

    nghttp2_mem m_mem;
    nghttp2_mem *m_upstream;
    std::array<FreeBlock *, kClasses> m_free{};
    void *m_all = nullptr; // every pooled block ever taken (their headers, chained)
    long m_upstreamBlocks = 0;
};

} // namespace sb::load::detail
