#include "load/h2session.h"
#include "load/loadengine.h"
#include "testservers.h"
#include "tlsfixtures.h"

#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <new>
#include <openssl/crypto.h>
#include <sys/syscall.h>
#include <thread>
#include <utility>

// Counts every heap allocation of the process, and separately those made on the load engine's
// worker threads, to check that the hot path allocates nothing per request.
static std::atomic<long> g_allocations{0};
static std::atomic<long> g_workerAllocations{0};
static constexpr int kMaxWatched = 8;
static std::atomic<pid_t> g_watched[kMaxWatched];
static std::atomic<int> g_watchedCount{0};

// OpenSSL's allocations on the workers, apart; and nghttp2's.
static std::atomic<long> g_workerCryptoAllocations{0};
static std::atomic<long> g_workerH2Allocations{0};

static void countAllocation(bool crypto = false, bool h2 = false)
{
    ++g_allocations;
    const int n = g_watchedCount.load();
    if (n > 0) {
        const pid_t self = pid_t(::syscall(SYS_gettid));
        for (int i = 0; i < n; ++i)
            if (g_watched[i].load() == self)
                ++(h2       ? g_workerH2Allocations
                   : crypto ? g_workerCryptoAllocations
                            : g_workerAllocations);
    }
}

// OpenSSL allocates with its own functions (malloc underneath): counted the same way. Set before
// OpenSSL's first allocation (it initialises lazily, at the first TLS window).
static void *countingMalloc(size_t size, const char *, int)
{
    countAllocation(true);
    return std::malloc(size);
}
static void *countingRealloc(void *p, size_t size, const char *, int)
{
    countAllocation(true);
    return std::realloc(p, size);
}
static void countingFree(void *p, const char *, int)
{
    std::free(p);
}
static const bool g_cryptoCounted =
    CRYPTO_set_mem_functions(countingMalloc, countingRealloc, countingFree) == 1;

// nghttp2 allocates through the nghttp2_mem its sessions are created with: counted apart.
static void *h2Malloc(size_t size, void *)
{
    countAllocation(false, true);
    return std::malloc(size);
}
static void h2Free(void *p, void *)
{
    std::free(p);
}
static void *h2Calloc(size_t n, size_t size, void *)
{
    countAllocation(false, true);
    return std::calloc(n, size);
}
static void *h2Realloc(void *p, size_t size, void *)
{
    countAllocation(false, true);
    return std::realloc(p, size);
}
static nghttp2_mem g_h2Mem{nullptr, h2Malloc, h2Free, h2Calloc, h2Realloc};

void *operator new(std::size_t size)
{
    countAllocation();
    if (void *p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}

void operator delete(void *p) noexcept
{
    std::free(p);
}

void operator delete(void *p, std::size_t) noexcept
{
    std::free(p);
}

using namespace sb::load;

class TestLoadAlloc : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_target = std::make_unique<sb::test::TargetProcess>(
            m_dir.filePath(QStringLiteral("t.sqlite")), 2);
        QVERIFY2(m_target->port() != 0, qPrintable(m_target->error()));
        sb::load::detail::setH2Allocator(&g_h2Mem);
    }

    void cleanupTestCase()
    {
        m_nginxH2.reset();
        m_nginx.reset();
        m_target.reset();
    }

    // After warm-up, a measured window of many requests: the workers allocate nothing at all,
    // and the collector nothing per interval (it reuses its interval entries; it may allocate
    // only when it falls behind by more intervals than it keeps, 3 allocations per entry). So
    // that a busy machine's scheduling cannot make it fall that far behind, the warm-up holds
    // the collector up for 1.5 s (a slow consumer, fewer intervals than a worker's ring keeps):
    // it then keeps entries for 15 intervals, and only a longer stall while measuring could
    // make it allocate.
    void measuredWindowAllocatesNothingPerRequest_data()
    {
        QTest::addColumn<bool>("open");
        QTest::addColumn<bool>("tls");
        QTest::addColumn<bool>("h2");
        QTest::newRow("closed loop") << false << false << false;
        // timed reads, deferred reads, send delays
        QTest::newRow("open loop") << true << false << false;
        // HTTP/1.1 over TLS to nginx: SSL_write and SSL_read (OpenSSL's own allocations counted
        // too) on connections that did their handshake in the warm-up.
        QTest::newRow("closed loop over TLS") << false << true << false;
        QTest::newRow("open loop over TLS") << true << true << false;
        // HTTP/2 to nginx, 10 streams per connection: the workers' own code allocates nothing
        // per stream; nghttp2 (its stream objects, frames, header blocks) is counted apart.
        QTest::newRow("closed loop h2c") << false << false << true;
        QTest::newRow("open loop h2c") << true << false << true;
        QTest::newRow("closed loop h2 over TLS") << false << true << true;
    }

    void measuredWindowAllocatesNothingPerRequest()
    {
        QFETCH(bool, open);
        QFETCH(bool, tls);
        QFETCH(bool, h2);
        LoadSpec spec;
        if (open) {
            spec.mode = Mode::Open;
            spec.ratePerS = 2000;
        }
        spec.port = m_target->port();
        spec.request.target = "/health";
        if (tls) {
            QVERIFY(g_cryptoCounted);
            if (!m_nginx) {
                QVERIFY(m_tlsDir.isValid());
                m_certs = std::make_unique<sb::test::TlsCertificates>(m_tlsDir.path());
                QVERIFY2(m_certs->ok(), qPrintable(m_certs->error()));
                m_nginx = std::make_unique<sb::test::NginxTls>(m_tlsDir.path(), *m_certs,
                                                               QStringList{QStringLiteral("good")});
            }
            QVERIFY2(m_nginx->port(QStringLiteral("good")) != 0, qPrintable(m_nginx->error()));
            spec.port = m_nginx->port(QStringLiteral("good"));
            spec.tls.enabled = true;
            spec.tls.caFile = m_certs->caFile().toStdString();
        }
        if (h2) {
            if (!m_nginxH2) {
                QVERIFY(m_h2Dir.isValid());
                if (!m_certs) {
                    QVERIFY(m_tlsDir.isValid());
                    m_certs = std::make_unique<sb::test::TlsCertificates>(m_tlsDir.path());
                    QVERIFY2(m_certs->ok(), qPrintable(m_certs->error()));
                }
                using S = sb::test::NginxH2::Server;
                m_nginxH2 = std::make_unique<sb::test::NginxH2>(
                    m_h2Dir.path(), *m_certs,
                    QList<S>{S{QStringLiteral("h2"), QStringLiteral("ssl http2"), QString()},
                             S{QStringLiteral("h2c"), QStringLiteral("http2"), QString()}});
            }
            QVERIFY2(m_nginxH2->port(QStringLiteral("h2")) != 0, qPrintable(m_nginxH2->error()));
            spec.port = m_nginxH2->port(tls ? QStringLiteral("h2") : QStringLiteral("h2c"));
            spec.protocol = Protocol::Http2;
            spec.streams = 10;
        }
        spec.connections = 10;
        spec.threads = 2;
        spec.warmupMs = 2500;
        spec.durationMs = 3000;
        spec.intervalMs = 100;
        spec.timeoutMs = 10'000;

        struct Mark
        {
            long all = -1;
            long workers = -1;
            long crypto = -1;
            long h2 = -1;
            int64_t responses = 0;
        };
        // Written by the collector thread only, read after wait().
        Mark first;
        Mark last;
        int64_t responses = 0;
        int intervals = 0;
        bool heldUp = false;
        LoadEngine engine;
        const sb::Status st = engine.start(spec, [&](const IntervalSnapshot &s) {
            if (s.warmup) {
                if (!std::exchange(heldUp, true))
                    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
                return;
            }
            if (first.all < 0) {
                first =
                    Mark{g_allocations.load(), g_workerAllocations.load(),
                         g_workerCryptoAllocations.load(), g_workerH2Allocations.load(), responses};
                return;
            }
            responses += s.counts.responses;
            ++intervals;
            last = Mark{g_allocations.load(), g_workerAllocations.load(),
                        g_workerCryptoAllocations.load(), g_workerH2Allocations.load(), responses};
        });
        QVERIFY2(st.ok(), st.ok() ? "" : st.error().detail.c_str());
        const std::vector<pid_t> tids = engine.workerTids();
        QVERIFY(tids.size() <= size_t(kMaxWatched));
        for (size_t i = 0; i < tids.size(); ++i)
            g_watched[i].store(tids[i]);
        g_watchedCount.store(int(tids.size()));
        const LoadResult r = engine.wait();
        g_watchedCount.store(0);

        QCOMPARE(r.total.errors(), 0);
        QVERIFY2(last.all >= 0, "no measured intervals");
        const int64_t measured = last.responses - first.responses;
        QVERIFY2(measured >= 2000, qPrintable(QString::number(measured)));
        QVERIFY(intervals >= 10);
        QCOMPARE(last.workers - first.workers, 0L);
        // OpenSSL 3.0's record layer allocates as it writes a record (SSL_write_ex: a WPACKET's
        // 40-byte sub-packet bookkeeping, freed before it returns), so over TLS the workers'
        // own code allocates nothing but OpenSSL does, a bounded few per request.
        const long crypto = last.crypto - first.crypto;
        qInfo("OpenSSL: %ld allocations on the workers, %.2f per request", crypto,
              double(crypto) / double(measured));
        if (!tls)
            QCOMPARE(crypto, 0L);
        else
            QVERIFY2(crypto <= 6 * measured, qPrintable(QString::number(crypto)));
        const long h2Allocations = last.h2 - first.h2;
        qInfo("nghttp2: %ld allocations on the workers, %.2f per request", h2Allocations,
              double(h2Allocations) / double(measured));
        if (!h2)
            QCOMPARE(h2Allocations, 0L);
        else // the worker's pool (load/h2pool.h) serves nghttp2's streams, frames and header
             // blocks again: once warm, below one system allocation per 100 requests
            QVERIFY2(h2Allocations * 100 <= measured, qPrintable(QString::number(h2Allocations)));
        const long collector = last.all - first.all - crypto - h2Allocations;
        qInfo("%ld allocations (workers %ld) for %lld requests in %d intervals", collector,
              last.workers - first.workers, static_cast<long long>(measured), intervals);
        QVERIFY2(collector <= 9,
                 qPrintable(QStringLiteral("%1 allocations for %2 requests in %3 intervals")
                                .arg(collector)
                                .arg(measured)
                                .arg(intervals)));
    }

    // The counters are live: an allocation on a watched thread is seen.
    void countersSeeAllocations()
    {
        const long before = g_workerAllocations.load();
        g_watched[0].store(pid_t(::syscall(SYS_gettid)));
        g_watchedCount.store(1);
        auto *probe = new std::string(100, 'x');
        g_watchedCount.store(0);
        delete probe;
        QVERIFY(g_workerAllocations.load() > before);
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<sb::test::TargetProcess> m_target;
    QTemporaryDir m_tlsDir;
    std::unique_ptr<sb::test::TlsCertificates> m_certs;
    std::unique_ptr<sb::test::NginxTls> m_nginx;
    QTemporaryDir m_h2Dir;
    std::unique_ptr<sb::test::NginxH2> m_nginxH2;
};

QTEST_GUILESS_MAIN(TestLoadAlloc)
#include "tst_loadalloc.moc"
