#include "load/loadengine.h"

#include "http/request.h"
#include "load/worker.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <netdb.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace sb::load {

using detail::Key;
using detail::kRingSize;
using detail::nowNs;
using detail::Ring;
using detail::Slot;
using detail::Worker;

void Counters::add(const Counters &o)
{
    requests += o.requests;
    responses += o.responses;
    ok += o.ok;
    connectErrors += o.connectErrors;
    readErrors += o.readErrors;
    writeErrors += o.writeErrors;
    timeouts += o.timeouts;
    parseErrors += o.parseErrors;
    bytesIn += o.bytesIn;
    bytesOut += o.bytesOut;
    reconnects += o.reconnects;
    late += o.late;
    for (size_t i = 0; i < status.size(); ++i)
        status[i] += o.status[i];
}

struct LoadEngine::Shared : detail::Window
{
    std::thread collector;
    bool started = false;
    bool joined = false;
    LoadResult result;
};

LoadEngine::LoadEngine() = default;

LoadEngine::~LoadEngine()
{
    if (m_shared && m_shared->started && !m_shared->joined) {
        cancel();
        wait();
    }
    if (m_shared && m_shared->collectorFd >= 0)
        ::close(m_shared->collectorFd);
}

namespace {

std::string endpointText(const LoadSpec &spec)
{
    bool v6 = spec.host.find(':') != std::string::npos;
    return (v6 ? "[" + spec.host + "]" : spec.host) + ":" + std::to_string(spec.port);
}

sb::Error specError(std::string detail)
{
    return sb::Error{"load.spec", std::string(), std::move(detail)};
}

sb::Status resolve(const LoadSpec &spec, sockaddr_storage &addr, socklen_t &len)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *res = nullptr;
    std::string port = std::to_string(spec.port);
    int rc = getaddrinfo(spec.host.c_str(), port.c_str(), &hints, &res);
    if (rc != 0 || !res)
        return sb::Error{"load.connect", endpointText(spec),
                         "cannot resolve host '" + spec.host + "': " + gai_strerror(rc)};
    std::memcpy(&addr, res->ai_addr, res->ai_addrlen);
    len = res->ai_addrlen;
    freeaddrinfo(res);
    return sb::Ok{};
}

// One blocking connect, so that a dead endpoint is one clear error instead of a window full of
// connect errors.
sb::Status probe(const sockaddr_storage &addr, socklen_t len, const LoadSpec &spec)
{
    int fd = ::socket(addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return sb::Error{"load.system", endpointText(spec),
                         std::string("cannot create socket: ") + std::strerror(errno)};
    int rc = ::connect(fd, reinterpret_cast<const sockaddr *>(&addr), len);
    int err = 0;
    if (rc < 0 && errno == EINPROGRESS) {
        pollfd p{fd, POLLOUT, 0};
        int timeoutMs = int(std::min<int64_t>(spec.timeoutMs, 10'000));
        int n = ::poll(&p, 1, timeoutMs);
        if (n == 0) {
            ::close(fd);
            return sb::Error{"load.connect", endpointText(spec),
                             "no answer from " + endpointText(spec) + " within " +
                                 std::to_string(timeoutMs) + " ms"};
        }
        socklen_t l = sizeof err;
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &l);
    } else if (rc < 0) {
        err = errno;
    }
    ::close(fd);
    if (err != 0)
        return sb::Error{"load.connect", endpointText(spec),
                         (err == ECONNREFUSED
                              ? std::string("connection refused by ")
                              : std::string(std::strerror(err)) + " connecting to ") +
                             endpointText(spec)};
    return sb::Ok{};
}

} // namespace

sb::Status LoadEngine::start(const LoadSpec &spec, IntervalCallback onInterval)
{
    if (m_shared)
        return specError("a load engine runs one window; make a new one");
    if (spec.connections < 1)
        return specError("connections (" + std::to_string(spec.connections) +
                         ") must be at least 1");
    if (spec.threads < 1)
        return specError("threads (" + std::to_string(spec.threads) + ") must be at least 1");
    if (spec.mode == Mode::Open && !(spec.ratePerS > 0))
        return specError("open loop needs a rate above 0 requests per second");
    if (spec.timeoutMs <= 0)
        return specError("timeout must be above 0");
    if (spec.requestLimit <= 0 && spec.durationMs <= 0)
        return specError("give a duration above 0 or a request count");
    if (spec.intervalMs < 100 || spec.intervalMs > 60'000)
        return specError("interval must be between 100 ms and 60 s");
    auto shared = std::make_unique<Shared>();
    shared->spec = spec;
    shared->spec.threads = std::min(spec.threads, spec.connections);
    if (sb::Status st = resolve(spec, shared->addr, shared->addrLen); !st.ok())
        return st;
    if (sb::Status st = probe(shared->addr, shared->addrLen, spec); !st.ok())
        return st;
    std::string hostHeader = spec.hostHeader.empty() ? endpointText(spec) : spec.hostHeader;
    if (spec.hostHeader.empty() && spec.port == 80)
        hostHeader = spec.host.find(':') != std::string::npos ? "[" + spec.host + "]" : spec.host;
    shared->requestBytes = http::encodeRequest(spec.request, hostHeader, true);
    shared->headRequest = spec.request.method == "HEAD";
    shared->intervalNs = int64_t(spec.intervalMs) * 1'000'000;
    shared->collectorFd = eventfd(0, EFD_CLOEXEC);
    if (shared->collectorFd < 0)
        return sb::Error{"load.system", std::string(),
                         std::string("cannot create eventfd: ") + std::strerror(errno)};
    m_shared = std::move(shared);
    m_onInterval = std::move(onInterval);

    int threads = m_shared->spec.threads;
    for (int i = 0; i < threads; ++i) {
        int conns = spec.connections / threads + (i < spec.connections % threads ? 1 : 0);
        double rate = spec.mode == Mode::Open ? spec.ratePerS / threads : 0;
        auto w = std::make_unique<Worker>(*m_shared, conns, rate);
        if (sb::Status st = w->prepare(); !st.ok()) {
            m_workers.clear();
            m_shared.reset();
            return st;
        }
        m_workers.push_back(std::move(w));
    }
    m_shared->startNs = nowNs();
    if (spec.warmupMs <= 0 && spec.warmupRequests <= 0)
        m_shared->measureStartNs.store(m_shared->startNs);
    for (auto &w : m_workers)
        w->launch();
    m_shared->collector = std::thread([this] { collect(); });
    m_shared->started = true;
    // Wait until every worker published its thread id, so workerTids() is complete.
    for (auto &w : m_workers)
        while (w->tid() == 0 && !w->finished())
            std::this_thread::yield();
    return sb::Ok{};
}

void LoadEngine::collect()
{
    struct Pending
    {
        Counters counts;
        Histogram latency;
        int64_t endNs = 0;
        int inFlight = 0;
    };
    std::map<Key, Pending> pending;
    std::vector<Key> last(m_workers.size(), Key{-1, -1});
    Shared &s = *m_shared;

    auto emitReady = [&](bool all) {
        while (!pending.empty()) {
            auto it = pending.begin();
            if (!all) {
                for (size_t w = 0; w < m_workers.size(); ++w)
                    if (!m_workers[w]->finished() && !(last[w] > it->first))
                        return;
            }
            const Key &k = it->first;
            Pending &p = it->second;
            IntervalSnapshot snap;
            snap.warmup = k.first == 0;
            snap.index = k.second;
            int64_t phaseStart = snap.warmup ? s.startNs : s.measureStartNs.load();
            snap.startS = double(k.second) * double(s.intervalNs) / 1e9;
            snap.endS = std::max(snap.startS, double(p.endNs - phaseStart) / 1e9);
            snap.counts = p.counts;
            double span = snap.endS - snap.startS;
            snap.okPerS = span > 0 ? double(p.counts.ok) / span : 0;
            snap.p50Us = p.latency.valueAtPercentile(50);
            snap.p90Us = p.latency.valueAtPercentile(90);
            snap.p99Us = p.latency.valueAtPercentile(99);
            snap.maxUs = p.latency.max();
            snap.inFlight = p.inFlight;
            pending.erase(it);
            if (m_onInterval)
                m_onInterval(snap);
        }
    };

    while (true) {
        uint64_t v;
        [[maybe_unused]] ssize_t r = ::read(s.collectorFd, &v, sizeof v);
        bool allFinished = true;
        for (size_t w = 0; w < m_workers.size(); ++w) {
            Worker &worker = *m_workers[w];
            bool fin = worker.finished(); // read before draining: its final slot is then visible
            Ring &ring = worker.ring();
            uint32_t head = ring.head.load(std::memory_order_relaxed);
            uint32_t tail = ring.tail.load(std::memory_order_acquire);
            for (; head != tail; ++head) {
                Slot &slot = ring.slots[head % kRingSize];
                Key k = keyOf(slot);
                Pending &p = pending[k];
                p.counts.add(slot.counts);
                p.latency.add(slot.latency);
                p.endNs = std::max(p.endNs, slot.endNs);
                p.inFlight += slot.inFlight;
                last[w] = std::max(last[w], k);
                slot.latency.reset();
                ring.head.store(head + 1, std::memory_order_release);
            }
            allFinished = allFinished && fin;
        }
        emitReady(allFinished);
        if (allFinished)
            break;
    }
}

LoadResult LoadEngine::wait()
{
    if (!m_shared || !m_shared->started)
        return LoadResult();
    if (m_shared->joined)
        return m_shared->result;
    for (auto &w : m_workers)
        w->join();
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(m_shared->collectorFd, &one, sizeof one);
    m_shared->collector.join();
    m_shared->joined = true;

    LoadResult &res = m_shared->result;
    res.cancelled = m_shared->cancelled.load();
    int64_t measureStart = m_shared->measureStartNs.load();
    int64_t finish = 0;
    int64_t cpu = 0;
    for (auto &w : m_workers) {
        res.warmup.add(w->warmupTotals);
        res.total.add(w->totals);
        res.latency.add(w->latency);
        res.latencyUncorrected.add(w->latencyUncorrected);
        finish = std::max(finish, w->finishNs);
        cpu += w->cpuNs;
    }
    if (measureStart > 0) {
        res.warmupS = double(measureStart - m_shared->startNs) / 1e9;
        res.elapsedS = std::max(0.0, double(finish - measureStart) / 1e9);
    } else {
        res.warmupS = double(finish - m_shared->startNs) / 1e9;
    }
    res.okPerS = res.elapsedS > 0 ? double(res.total.ok) / res.elapsedS : 0;
    res.clientCpuS = double(cpu) / 1e9;
    return res;
}

void LoadEngine::cancel()
{
    if (!m_shared)
        return;
    m_shared->cancelled.store(true);
    for (auto &w : m_workers)
        w->wake();
}

std::vector<pid_t> LoadEngine::workerTids() const
{
    std::vector<pid_t> tids;
    for (const auto &w : m_workers)
        tids.push_back(w->tid());
    return tids;
}

} // namespace sb::load
