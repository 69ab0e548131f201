#pragma once

// One worker's memory for nghttp2: its sessions' streams, frames and header-table entries come
// and go with every request, and malloc/free of them cost a load worker about 4 % of its CPU (a
// profile of h2 at c=1,000, m=10). The pool keeps freed blocks in per-size free lists and hands
// them out again, so once warm a request allocates nothing from the system. Blocks are packed
// as tightly as malloc's (8 bytes of header, 16-byte aligned, sizes in steps of 16 bytes for
// small ones: with 1,000 connections the header tables are cold in cache, and every byte more
// per entry showed as a slower profile), carved from 64 KiB chunks of an upstream allocator
// (malloc's, or the allocation test's counting one) and given back only when the pool ends: it
// holds what the worker's sessions held at their peak.
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

    // Chunks taken from upstream and not given back (for the tests).
    long upstreamChunks() const { return m_upstreamChunks; }

    // The size classes: a block's slot (header included) for `size` bytes, or 0 when larger
    // than the largest class (such blocks go straight to upstream and back).
    static constexpr int kClasses = 56;
    static int classOf(size_t size);
    static size_t slotBytes(int sizeClass);

private:
    struct FreeBlock
    {
        FreeBlock *next;
    };

    void *upstreamAlloc(size_t size);
    void upstreamFree(void *p);
    void *carve(int sizeClass);

    nghttp2_mem m_mem;
    nghttp2_mem *m_upstream;
    std::array<FreeBlock *, kClasses> m_free{};
    std::array<char *, kClasses> m_next{}; // the next uncarved slot of the class's last chunk
    std::array<char *, kClasses> m_end{};  // where that chunk's slots end
    void *m_chunks = nullptr;              // every chunk, chained through its first word
    long m_upstreamChunks = 0;
};

} // namespace sb::load::detail
