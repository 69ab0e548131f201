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
            void *a = m->malloc(40, m->mem_user_data); // a 48-byte slot, as malloc's chunk
            QVERIFY(a);
            QCOMPARE(reinterpret_cast<uintptr_t>(a) % 16, uintptr_t(0));
            m->free(a, m->mem_user_data);
            const long calls = g_upstreamCalls;
            void *b = m->malloc(36, m->mem_user_data); // same class: the same block, no upstream
            QCOMPARE(b, a);
            QCOMPARE(g_upstreamCalls, calls);
            void *c = m->malloc(41, m->mem_user_data); // the next class: its own chunk
            QVERIFY(c != b);
            QCOMPARE(reinterpret_cast<uintptr_t>(c) % 16, uintptr_t(0));
            QCOMPARE(g_upstreamCalls, calls + 1);
            void *d = m->malloc(41, m->mem_user_data); // carved next to c: one slot further
            QCOMPARE(static_cast<char *>(d) - static_cast<char *>(c), 64L);
            QCOMPARE(g_upstreamCalls, calls + 1);
            for (void *p : {b, c, d})
                m->free(p, m->mem_user_data);
            m->free(nullptr, m->mem_user_data);
            QCOMPARE(pool.upstreamChunks(), 2L);
        }
        QCOMPARE(g_upstreamLive, 0L); // the pool's end gave everything back
    }

    // Every size has the tightest class that holds it and its 8-byte header.
    void classesAreTight()
    {
        using P = sb::load::detail::H2Pool;
        for (size_t size = 0; size <= 8184; ++size) {
            const int k = P::classOf(size);
            QVERIFY2(k >= 0 && k < P::kClasses, qPrintable(QString::number(size)));
            QVERIFY(P::slotBytes(k) >= size + 8);
            QCOMPARE(P::slotBytes(k) % 16, size_t(0));
            if (k > 0)
                QVERIFY2(P::slotBytes(k - 1) < size + 8, qPrintable(QString::number(size)));
        }
        QCOMPARE(P::classOf(8185), -1);
        QCOMPARE(P::slotBytes(0), size_t(16));
        QCOMPARE(P::slotBytes(P::kClasses - 1), size_t(8192));
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
        QCOMPARE(m->realloc(p, 24, m->mem_user_data), static_cast<void *>(p));
        // Beyond, through every class into a large block, and back down.
        for (size_t size : {100, 5000, 100000, 50}) {
            p = static_cast<char *>(m->realloc(p, size, m->mem_user_data));
            QVERIFY(p);
            QCOMPARE(QByteArray(p, 20), QByteArray("0123456789abcdefghi", 20));
        }
        QVERIFY(!m->realloc(p, 0, m->mem_user_data)); // realloc to 0 frees
    }

    // A random mix of sizes, frees and reallocs, as a session's: every live block keeps its
    // bytes, and the chunks taken are what each class held at its peak, not more.
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
        using P = sb::load::detail::H2Pool;
        std::vector<Live> live;
        std::vector<long> liveOf(P::kClasses, 0), peakOf(P::kClasses, 0);
        auto track = [&](size_t size, int delta) {
            const int k = P::classOf(size);
            if (k < 0)
                return;
            liveOf[size_t(k)] += delta;
            peakOf[size_t(k)] = std::max(peakOf[size_t(k)], liveOf[size_t(k)]);
        };
        for (int i = 0; i < 20000; ++i) {
            const int op = int(rng() % 3);
            if (op == 0 || live.empty()) {
                const size_t size = 1 + rng() % (rng() % 8 == 0 ? 20000 : 600);
                auto *p = static_cast<unsigned char *>(m->malloc(size, m->mem_user_data));
                QVERIFY(p);
                const auto fill = static_cast<unsigned char>(rng());
                std::memset(p, fill, size);
                live.push_back({p, size, fill});
                track(size, +1);
            } else {
                const size_t k = rng() % live.size();
                Live &l = live[k];
                for (size_t j = 0; j < l.size; j += 97)
                    QCOMPARE(int(l.p[j]), int(l.fill));
                if (op == 1) {
                    track(l.size, -1);
                    m->free(l.p, m->mem_user_data);
                    live.erase(live.begin() + long(k));
                } else {
                    const size_t size = 1 + rng() % 3000;
                    l.p = static_cast<unsigned char *>(m->realloc(l.p, size, m->mem_user_data));
                    QVERIFY(l.p);
                    for (size_t j = 0; j < std::min(size, l.size); j += 97)
                        QCOMPARE(int(l.p[j]), int(l.fill));
                    std::memset(l.p, l.fill, size);
                    track(l.size, -1);
                    track(size, +1);
                    l.size = size;
                }
            }
        }
        long bound = 0;
        for (int k = 0; k < P::kClasses; ++k) {
            const long perChunk = long((65536 - 8) / P::slotBytes(k));
            bound += (peakOf[size_t(k)] + perChunk - 1) / perChunk;
        }
        QVERIFY2(pool.upstreamChunks() <= bound,
                 qPrintable(
                     QStringLiteral("%1 chunks, bound %2").arg(pool.upstreamChunks()).arg(bound)));
        QVERIFY(pool.upstreamChunks() > 0);
        for (Live &l : live)
            m->free(l.p, m->mem_user_data);
    }
};

QTEST_APPLESS_MAIN(TestH2Pool)
#include "tst_h2pool.moc"
