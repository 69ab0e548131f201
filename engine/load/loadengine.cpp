#include "load/loadengine.h"

#include "core/duration.h"
#include "http/request.h"
#include "load/intervalmerger.h"
#include "load/speccheck.h"
#include "load/tls.h"
#include "load/worker.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <new>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace sb::load {

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
    connects += o.connects;
    tlsHandshakes += o.tlsHandshakes;
    tlsResumed += o.tlsResumed;
    tlsHandshakeErrors += o.tlsHandshakeErrors;
    tlsCertificateErrors += o.tlsCertificateErrors;
    tlsAlerts += o.tlsAlerts;
    tlsNoCloseNotify += o.tlsNoCloseNotify;
    h2Refused += o.h2Refused;
    h2Resets += o.h2Resets;
    h2Goaways += o.h2Goaways;
    h2GoawayRetried += o.h2GoawayRetried;
    h2StreamsLost += o.h2StreamsLost;
    h2ConnStalls += o.h2ConnStalls;
    h2StreamStalls += o.h2StreamStalls;
    h2AlpnRefused += o.h2AlpnRefused;
    h2NotSpoken += o.h2NotSpoken;
    for (size_t i = 0; i < status.size(); ++i)
        status[i] += o.status[i];
}

struct LoadEngine::Shared : detail::Window
{
    Shared()
    {
        wakeFd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        collectorFd = eventfd(0, EFD_CLOEXEC);
    }
    ~Shared()
    {
        for (int fd : {wakeFd, collectorFd})
            if (fd >= 0)
                ::close(fd);
    }

    std::thread collector;
    bool used = false;    // start() was called: an engine runs one window
    bool started = false; // start() succeeded: wait() has a window to wait for
    bool joined = false;
    LoadResult result;
    int64_t collectorCpuNs =
        0; // the collector's CPU while measuring; written by it, read after join
    int64_t processCpuAtEndNs = 0; // the process's CPU once every thread of the window ended
};

// The wake-up eventfd exists before start() does anything, so cancel() never has to look at
// what start() is building: a flag and a write, safe from any thread and from a signal handler.
LoadEngine::LoadEngine()
    : m_shared(std::make_unique<Shared>())
{}

LoadEngine::~LoadEngine()
{
    if (m_shared->started && !m_shared->joined) {
        cancel();
        (void)wait();
    }
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
// connect errors. A write to `wakeFd` (cancel()) ends the wait: the caller then sees the flag.
sb::Status probe(const sockaddr_storage &addr, socklen_t len, const LoadSpec &spec, int wakeFd)
{
    int fd = ::socket(addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return sb::Error{"load.system", endpointText(spec),
                         std::string("cannot create socket: ") + std::strerror(errno)};
    int rc = ::connect(fd, reinterpret_cast<const sockaddr *>(&addr), len);
    int err = 0;
    if (rc < 0 && errno == EINPROGRESS) {
        pollfd p[2] = {{fd, POLLOUT, 0}, {wakeFd, POLLIN, 0}};
        int timeoutMs = int(std::min<int64_t>(spec.timeoutMs, 10'000));
        int n = ::poll(p, 2, timeoutMs);
        if (n > 0 && (p[1].revents & POLLIN) && !(p[0].revents & (POLLOUT | POLLERR | POLLHUP))) {
            ::close(fd);
            return sb::Ok{}; // cancelled
        }
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
    Shared &s = *m_shared;
    if (s.used)
        return specError("a load engine runs one window; make a new one");
    s.used = true;
    if (s.wakeFd < 0 || s.collectorFd < 0)
        return sb::Error{"load.system", std::string(), "cannot create the engine's eventfds"};
    if (sb::Status st = checkSpec(spec); !st.ok())
        return st;
    // The resource check comes before the big allocations; should one fail all the same, it is
    // an error like any other, never an exception out of start(). No thread runs when one
    // reaches here: launch() stops its own threads before it reports.
    try {
        return prepareAndLaunch(spec, std::move(onInterval));
    } catch (const std::bad_alloc &) {
        m_workers.clear();
        return sb::Error{"load.resources", std::string(),
                         "out of memory while preparing " + std::to_string(spec.connections) +
                             " connections on " + std::to_string(s.spec.threads) + " threads"};
    }
}

sb::Status LoadEngine::prepareAndLaunch(const LoadSpec &spec, IntervalCallback onInterval)
{
    Shared &s = *m_shared;
    s.spec = spec;
    s.spec.threads = std::min(spec.threads, spec.connections);
    if (sb::Status st = reserveResources(s.spec); !st.ok())
        return st;
    if (sb::Status st = resolve(spec, s.addr, s.addrLen); !st.ok())
        return st;
    if (sb::Status st = probe(s.addr, s.addrLen, spec, s.wakeFd); !st.ok())
        return st;
    if (s.cancelled.load()) { // cancelled before the threads exist: the window is over already
        s.started = true;
        return sb::Ok{};
    }
    m_onInterval = std::move(onInterval);
    if (sb::Status st = createWorkers(); !st.ok())
        return st;
    return launch();
}

sb::Status LoadEngine::reserveResources(const LoadSpec &spec)
{
    const MachineLimits machine = readMachine();
    const ResourceNeeds needs = estimateNeeds(spec, machine);
    if (sb::Status st = checkResources(spec, needs, machine); !st.ok())
        return st;
    return raiseFdLimit(needs.fds, machine);
}

sb::Status LoadEngine::createWorkers()
{
    Shared &s = *m_shared;
    const LoadSpec &spec = s.spec;
    std::string hostHeader = spec.hostHeader.empty() ? endpointText(spec) : spec.hostHeader;
    if (spec.hostHeader.empty() && spec.port == (spec.tls.enabled ? 443 : 80))
        hostHeader = spec.host.find(':') != std::string::npos ? "[" + spec.host + "]" : spec.host;
    s.requestBytes = http::encodeRequest(spec.request, hostHeader, true);
    s.headRequest = spec.request.method == "HEAD";
    s.intervalNs = int64_t(spec.intervalMs) * 1'000'000;
    if (spec.protocol == Protocol::Http2)
        s.h2 = std::make_unique<detail::H2Request>(
            detail::makeH2Request(spec.request, hostHeader, spec.tls.enabled));
    if (spec.tls.enabled) { // one context per window, its sessions per worker
        TlsSpec tlsSpec = spec.tls;
        if (spec.protocol == Protocol::Http2)
            tlsSpec.alpn = "h2"; // and nothing else: a server that declines is an error
        sb::Result<std::unique_ptr<detail::TlsContext>> tls =
            detail::TlsContext::create(tlsSpec, spec.host);
        if (!tls.ok()) {
            sb::Error e = tls.error();
            e.where = endpointText(spec);
            return e;
        }
        s.tls = std::move(*tls);
    }
    const int threads = spec.threads;
    m_workers.reserve(size_t(threads));
    for (int i = 0; i < threads; ++i) {
        int conns = spec.connections / threads + (i < spec.connections % threads ? 1 : 0);
        double rate = spec.mode == Mode::Open ? spec.ratePerS / threads : 0;
        m_workers.push_back(std::make_unique<Worker>(s, conns, rate));
        if (sb::Status st = m_workers.back()->prepare(); !st.ok()) {
            m_workers.clear();
            return st;
        }
    }
    return sb::Ok{};
}

sb::Status LoadEngine::launch()
{
    Shared &s = *m_shared;
    s.startNs = nowNs();
    if (s.spec.warmupMs <= 0 && s.spec.warmupRequests <= 0)
        s.beginMeasuring(s.startNs);
    size_t launched = 0;
    try {
        for (; launched < m_workers.size(); ++launched)
            m_workers[launched]->launch();
        s.collector = std::thread([this] { collect(); });
    } catch (const std::exception &e) { // std::system_error, or std::bad_alloc for its state
        // Stop the threads that did start; nothing of the window is reported.
        s.cancelled.store(true);
        s.wakeAll();
        for (auto &w : m_workers)
            w->join();
        m_workers.clear();
        return sb::Error{"load.resources", std::string(),
                         "cannot start thread " + std::to_string(launched + 1) + " of " +
                             std::to_string(s.spec.threads + 1) + ": " + e.what()};
    }
    s.started = true;
    // Wait until every worker published its thread id, so workerTids() is complete.
    for (auto &w : m_workers)
        w->waitForTid();
    return sb::Ok{};
}

void LoadEngine::collect()
{
    Shared &s = *m_shared;
    detail::pinCurrentThread(s.spec.cpus);
    detail::IntervalMerger merger(int(m_workers.size()), s.intervalNs);
    std::vector<bool> finished(m_workers.size(), false);
    auto deliver = [this](const IntervalSnapshot &snap) {
        if (m_onInterval)
            m_onInterval(snap);
    };
    int64_t cpuStartNs = -1; // its CPU counts from the start of measuring, as the workers' does
    while (true) {
        if (cpuStartNs < 0 && s.measureStartNs.load() != 0)
            cpuStartNs = detail::threadCpuNs();
        uint64_t v;
        [[maybe_unused]] ssize_t r = ::read(s.collectorFd, &v, sizeof v);
        bool allFinished = true;
        for (size_t w = 0; w < m_workers.size(); ++w) {
            Worker &worker = *m_workers[w];
            finished[w] = worker.finished(); // read before draining: its final slot is visible
            Ring &ring = worker.ring();
            uint32_t head = ring.head.load(std::memory_order_relaxed);
            const uint32_t tail = ring.tail.load(std::memory_order_acquire);
            for (; head != tail; ++head) {
                Slot &slot = ring.slots[head % kRingSize];
                merger.add(int(w), slot);
                slot.latency.reset();
                ring.head.store(head + 1, std::memory_order_release);
            }
            allFinished = allFinished && finished[w];
        }
        merger.emitReady(finished, allFinished, s.startNs, s.measureStartNs.load(), deliver);
        if (allFinished)
            break;
    }
    if (cpuStartNs >= 0)
        s.collectorCpuNs = detail::threadCpuNs() - cpuStartNs;
}

LoadResult LoadEngine::wait()
{
    Shared &s = *m_shared;
    if (!s.started)
        return LoadResult();
    if (s.joined)
        return s.result;
    for (auto &w : m_workers)
        w->join();
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(s.collectorFd, &one, sizeof one);
    if (s.collector.joinable())
        s.collector.join();
    s.processCpuAtEndNs = detail::processCpuNs();
    s.joined = true;
    summarize();
    return s.result;
}

void LoadEngine::summarize()
{
    Shared &s = *m_shared;
    LoadResult &res = s.result;
    res.cancelled = s.cancelled.load();
    res.tls = s.spec.tls.enabled;
    res.tlsInsecure = s.spec.tls.enabled && !s.spec.tls.verify;
    res.http2 = s.spec.protocol == Protocol::Http2;
    res.streams = res.http2 ? s.spec.streams : 1;
    if (s.alpnRefused.load())
        res.aborted = "the server did not choose HTTP/2 (\"h2\") by ALPN";
    else if (s.h2NotSpoken.load())
        res.aborted = "the server does not speak HTTP/2 with prior knowledge (h2c): it answered "
                      "the connection preface with no HTTP/2 SETTINGS";
    else if (s.aborted.load())
        res.aborted = "target unreachable for " + sb::formatDurationMs(s.spec.unreachableAbortMs);
    const int64_t measureStart = s.measureStartNs.load();
    int64_t finish = 0;
    int64_t sendEnd = 0;
    int64_t cpu = 0;
    std::vector<int> cpus;
    for (auto &w : m_workers) {
        res.warmup.add(w->warmupTotals);
        res.total.add(w->totals);
        res.latency.add(w->latency);
        res.latencyUncorrected.add(w->latencyUncorrected);
        res.sendDelay.add(w->sendDelay);
        res.connectTime.add(w->connectTime);
        res.handshakeTime.add(w->handshakeTime);
        if (res.tlsVersion.empty() && w->tlsAgreement.version) {
            res.tlsVersion = w->tlsAgreement.version;
            res.tlsCipher = w->tlsAgreement.cipher ? w->tlsAgreement.cipher : "";
            res.tlsAlpn = w->tlsAgreement.alpn;
        }
        finish = std::max(finish, w->finishNs);
        sendEnd = std::max(sendEnd, w->stopNs);
        res.inFlightAtEnd += w->inFlightAtStop;
        cpu += w->cpuNs;
        cpus.insert(cpus.end(), w->cpusApplied.begin(), w->cpusApplied.end());
    }
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    res.cpusApplied = std::move(cpus);
    if (measureStart > 0) {
        res.warmupS = double(measureStart - s.startNs) / 1e9;
        res.elapsedS = std::max(0.0, double(finish - measureStart) / 1e9);
        res.drainS = std::min(
            res.elapsedS, std::max(0.0, double(finish - std::max(sendEnd, measureStart)) / 1e9));
    } else if (!m_workers.empty()) {
        res.warmupS = double(finish - s.startNs) / 1e9;
    }
    res.okPerS = res.elapsedS > 0 ? double(res.total.ok) / res.elapsedS : 0;
    res.clientCpuS = double(cpu + s.collectorCpuNs) / 1e9;
    if (measureStart > 0)
        res.processCpuS = double(s.processCpuAtEndNs - s.processCpuAtMeasureNs.load()) / 1e9;
}

void LoadEngine::cancel()
{
    m_shared->cancelled.store(true);
    m_shared->wakeAll();
}

std::vector<pid_t> LoadEngine::workerTids() const
{
    std::vector<pid_t> tids;
    for (const auto &w : m_workers)
        tids.push_back(w->tid());
    return tids;
}

} // namespace sb::load
