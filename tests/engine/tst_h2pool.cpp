// The load worker's memory pool for nghttp2 (load/h2pool.h): blocks come back to the size they
// were taken for, calloc zeroes, realloc keeps the bytes, large blocks bypass the pool, and a
// freed block serves the next request of its class without asking upstream again.

#include "load/h2pool.h"

#include <QTest>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace {

long g_upstreamLive = 0;
long g_upstreamCalls = 0;

void *countingMalloc(size_t size, void *)
{
    ++g_upstreamLive;
    ++g_upstreamCalls;
    return std::malloc(size);
}
void countingFree(void *p, void *)
{
    if (p)
        --g_upstreamLive;
    std::free(p);
}
void *countingCalloc(size_t n, size_t size, void *)
{
    ++g_upstreamLive;
    ++g_upstreamCalls;
    return std::calloc(n, size);
}
void *countingRealloc(void *p, size_t size, void *)
{
    ++g_upstreamCalls;
    if (!p)
        ++g_upstreamLive;
    return std::realloc(p, size);
}

nghttp2_mem g_counting{nullptr, countingMalloc, countingFree, countingCalloc, countingRealloc};

} // namespace

class TestH2Pool : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        g_upstreamLive = 0;
        g_upstreamCalls = 0;
    }

    void blocksAreReusedByClass()
    {
        {
            sb::load::detail::H2Pool pool(&g_counting);
            nghttp2_mem *m = pool.mem();
            void *a = m->malloc(40, m->mem_user_data); // the 64-byte class
            QVERIFY(a);
            QCOMPARE(reinterpret_cast<uintptr_t>(a) % 16, uintptr_t(0));
            m->free(a, m->mem_user_data);
            const long calls = g_upstreamCalls;
            void *b = m->malloc(64, m->mem_user_data); // same class: the same block, no upstream
            QCOMPARE(b, a);
            QCOMPARE(g_upstreamCalls, calls);
            void *c = m->malloc(65, m->mem_user_data); // the next class: a new block
            QVERIFY(c != b);
            QCOMPARE(g_upstreamCalls, calls + 1);
            m->free(b, m->mem_user_data);
            m->free(c, m->mem_user_data);
            m->free(nullptr, m->mem_user_data);
            QCOMPARE(pool.upstreamBlocks(), 2L);
        }
        QCOMPARE(g_upstreamLive, 0L); // the pool's end gave everything back
    }

    void callocZeroesAReusedBlock()
    {
        sb::load::detail::H2Pool pool(&g_counting);
        nghttp2_mem *m = pool.mem();
        auto *a = static_cast<unsigned char *>(m->malloc(100, m->mem_user_data));
        std::memset(a, 0xab, 100);
        m->free(a, m->mem_user_data);
        auto *b = static_cast<unsigned char *>(m->calloc(10, 10, m->mem_user_data));
        QCOMPARE(static_cast<void *>(b), static_cast<void *>(a));
        for (int i = 0; i < 100; ++i)
            QCOMPARE(int(b[i]), 0);
        QVERIFY(!m->calloc(SIZE_MAX / 2, 4, m->mem_user_data)); // overflow refused
        m->free(b, m->mem_user_data);
    }

    void reallocKeepsTheBytes()
    {
        sb::load::detail::H2Pool pool(&g_counting);
        nghttp2_mem *m = pool.mem();
        auto *p = static_cast<char *>(m->realloc(nullptr, 20, m->mem_user_data));
        std::memcpy(p, "0123456789abcdefghi", 20);
        // Within its block: the same pointer.
        QCOMPARE(static_cast<char *>(m->realloc(p, 32, m->mem_user_data)), p);
        // Beyond, through every class into a large block, and back down.
        for (size_t size : {100, 5000, 100000, 50}) {
            p = static_cast<char *>(m->realloc(p, size, m->mem_user_data));
            QVERIFY(p);
            QCOMPARE(QByteArray(p, 20), QByteArray("0123456789abcdefghi", 20));
        }
        QVERIFY(!m->realloc(p, 0, m->mem_user_data)); // realloc to 0 frees
    }

    // A random mix of sizes, frees and reallocs, as a session's: every live block keeps its
    // bytes, and upstream is asked at most once per block alive at the peak.
    void randomTrafficKeepsEveryBlock()
    {
        std::mt19937 rng(1234);
        sb::load::detail::H2Pool pool(&g_counting);
        nghttp2_mem *m = pool.mem();
        struct Live
        {
            unsigned char *p;
            size_t size;
            unsigned char fill;
        };
        std::vector<Live> live;
        size_t peak = 0;
        for (int i = 0; i < 20000; ++i) {
            const int op = int(rng() % 3);
            if (op == 0 || live.empty()) {
                const size_t size = 1 + rng() % (rng() % 8 == 0 ? 20000 : 600);
                auto *p = static_cast<unsigned char *>(m->malloc(size, m->mem_user_data));
                QVERIFY(p);
                const auto fill = static_cast<unsigned char>(rng());
                std::memset(p, fill, size);
                live.push_back({p, size, fill});
            } else {
                const size_t k = rng() % live.size();
                Live &l = live[k];
                for (size_t j = 0; j < l.size; j += 97)
                    QCOMPARE(int(l.p[j]), int(l.fill));
                if (op == 1) {
                    m->free(l.p, m->mem_user_data);
                    live.erase(live.begin() + long(k));
                } else {
                    const size_t size = 1 + rng() % 3000;
                    l.p = static_cast<unsigned char *>(m->realloc(l.p, size, m->mem_user_data));
                    QVERIFY(l.p);
                    for (size_t j = 0; j < std::min(size, l.size); j += 97)
                        QCOMPARE(int(l.p[j]), int(l.fill));
                    std::memset(l.p, l.fill, size);
                    l.size = size;
                }
            }
            peak = std::max(peak, live.size());
        }
        // Pooled blocks: never more than were alive at once, per class, summed over 9 classes.
        QVERIFY2(pool.upstreamBlocks() <= long(9 * peak),
                 qPrintable(QString::number(pool.upstreamBlocks())));
        for (Live &l : live)
            m->free(l.p, m->mem_user_data);
    }
};

QTEST_APPLESS_MAIN(TestH2Pool)
#include "tst_h2pool.moc"
