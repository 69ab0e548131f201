#include "lane/agentsession.h"

#include "core/qterror.h"
#include "lane/agentprotocol.h"
#include "load/loadengine.h"
#include "load/speccheck.h"
#include "version.h"

#include <QJsonObject>
#include <QSysInfo>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <concepts>
#include <cstdio>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <mutex>
#include <optional>
#include <poll.h>
#include <sys/eventfd.h>
#include <thread>
#include <time.h>
#include <unistd.h>

namespace sb::lane {

namespace {

// One share of a window: the engine, the thread that starts it and waits for it.
struct Share
{
    int id = 0;
    load::LoadSpec spec;
    load::LoadEngine engine;
    std::thread thread;
    std::atomic<bool> finished{false};
    int64_t startNs = 0; // CLOCK_MONOTONIC when the start command was read
};

// The agent's generator CPU over each interval (ShareInterval::generatorCores): the whole
// process's CPU time (CLOCK_PROCESS_CPUTIME_ID counts exited threads too, so a worker that ended
// in the final drain is not lost), read at the start and at every interval report, and
// interpolated linearly at the interval's own start and end (the engine reports an interval a
// while after it ended, the final ones back to back: the CPU between two reports is not the
// interval's). Interval times count from the engine's start (a lane share has no warm-up of its
// own; after one, the measured phase counts from the last warm-up interval's end). One thread
// at a time: the engine's collector, which alone calls the interval callback.
class CpuMeter
{
public:
    CpuMeter() { read(); }

    std::optional<double> next(const load::IntervalSnapshot &s)
    {
        read();
        if (m_warmup && !s.warmup)
            m_originNs += int64_t(m_lastWarmupEndS * 1e9);
        m_warmup = s.warmup;
        if (s.warmup)
            m_lastWarmupEndS = s.endS;
        const int64_t end = std::min(m_originNs + int64_t(s.endS * 1e9), m_readings.back().wallNs);
        // A stub (the last moments of a drain) gets the rate of the last few milliseconds.
        const int64_t start = std::min(m_originNs + int64_t(s.startS * 1e9), end - kMinSpanNs);
        const double cores = (cpuAt(end) - cpuAt(start)) / double(end - start);
        // Readings before this interval's start are not needed again (keep one before it).
        while (m_readings.size() > 2 && m_readings[1].wallNs <= start)
            m_readings.pop_front();
        return std::max(0.0, cores);
    }

private:
    static constexpr int64_t kMinSpanNs = 20'000'000;

    struct Reading
    {
        int64_t wallNs; // CLOCK_MONOTONIC
        int64_t cpuNs;  // CLOCK_PROCESS_CPUTIME_ID
    };

    static int64_t clockNs(clockid_t clock)
    {
        timespec ts;
        clock_gettime(clock, &ts);
        return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
    }

    void read()
    {
        const int64_t cpu = clockNs(CLOCK_PROCESS_CPUTIME_ID);
        const int64_t wall = clockNs(CLOCK_MONOTONIC);
        if (m_readings.empty())
            m_originNs = wall;
        else if (wall <= m_readings.back().wallNs)
            return;
        m_readings.push_back(Reading{wall, cpu});
    }

    // The process's CPU at `wallNs`, linear between the readings around it.
    double cpuAt(int64_t wallNs) const
    {
        if (wallNs <= m_readings.front().wallNs)
            return double(m_readings.front().cpuNs);
        for (size_t i = 1; i < m_readings.size(); ++i) {
            const Reading &a = m_readings[i - 1];
            const Reading &b = m_readings[i];
            if (wallNs <= b.wallNs)
                return double(a.cpuNs) + double(b.cpuNs - a.cpuNs) * double(wallNs - a.wallNs) /
                                             double(b.wallNs - a.wallNs);
        }
        return double(m_readings.back().cpuNs);
    }

    std::deque<Reading> m_readings;
    int64_t m_originNs = 0;
    bool m_warmup = false;
    double m_lastWarmupEndS = 0;
};

sb::Error agentError(const QString &detail)
{
    return sb::qtError(QString::fromLatin1(kAgentError), QString(), detail);
}

} // namespace

struct AgentSession::Impl
{
    int in = -1;
    int out = -1;
    int wake = -1; // eventfd: the share's threads posted frames
    std::mutex mutex;
    std::deque<QByteArray> outbox; // frames for the controller, guarded by mutex
    std::unique_ptr<Share> share;
    FrameReader reader;
    bool controllerHello = false;
    bool outBroken = false;
    bool fatal = false;            // the controller's stream broke or it is another version
    int64_t lastHeardNs = 0;       // CLOCK_MONOTONIC of the controller's last bytes
    AgentSession::Handler handler; // message types of the session's user (the server host)
    std::function<void()> onEnd;   // when serving ends

    static int64_t nowNs()
    {
        timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
    }

    // Any thread.
    void post(const QJsonObject &message)
    {
        const QByteArray frame = encodeFrame(message);
        {
            std::lock_guard<std::mutex> lock(mutex);
            outbox.push_back(frame);
        }
        const uint64_t one = 1;
        [[maybe_unused]] const ssize_t n = ::write(wake, &one, sizeof one);
    }

    // Writes every posted frame; false when stdout is broken (the controller is gone).
    bool controllerSilent() const
    {
        return controllerHello && nowNs() - lastHeardNs > kControllerSilenceMs * 1'000'000LL;
    }

    void reportSilence()
    {
        std::fprintf(stderr,
                     "stackbench agent: no word from the controller for %d s (a cut link?): "
                     "ending what this agent started\n",
                     kControllerSilenceMs / 1000);
    }

    // Writes every posted frame; false when stdout is broken (the controller is gone), or stays
    // full while the controller is silent: a dead link stops draining the pipe, and a blocking
    // write would keep the heartbeat check from ever running.
    bool flush()
    {
        std::deque<QByteArray> frames;
        {
            std::lock_guard<std::mutex> lock(mutex);
            frames.swap(outbox);
        }
        for (const QByteArray &frame : frames) {
            qsizetype done = 0;
            while (!outBroken && done < frame.size()) {
                const ssize_t n =
                    ::write(out, frame.constData() + done, size_t(frame.size() - done));
                if (n > 0) {
                    done += n;
                } else if (n < 0 && errno == EINTR) {
                } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                    if (controllerSilent()) {
                        reportSilence();
                        fatal = true;
                        outBroken = true;
                        break;
                    }
                    pollfd p{out, POLLOUT, 0};
                    ::poll(&p, 1, 1000);
                } else {
                    outBroken = true;
                }
            }
        }
        return !outBroken;
    }

    void stopShare()
    {
        if (!share)
            return;
        share->engine.cancel();
        if (share->thread.joinable())
            share->thread.join();
    }

    void fail(int id, const sb::Error &error) { post(errorMessage(id, error)); }

    void handle(const QJsonObject &message)
    {
        const QString type = messageType(message);
        if (!controllerHello) {
            handleHello(message);
            return;
        }
        if (type == QLatin1String("ping"))
            return;
        const sb::Result<int> id = readId(message);
        if (!id.ok()) {
            fail(0, id.error());
            return;
        }
        if (type == QLatin1String("load"))
            prepare(*id, message);
        else if (type == QLatin1String("start"))
            start(*id);
        else if (type == QLatin1String("stop")) {
            if (share && share->id == *id)
                share->engine.cancel();
        } else if (!handler || !handler(*id, type, message)) {
            fail(*id, agentError(QStringLiteral("unknown message type \"%1\"").arg(type.left(40))));
        } else {
            // A handler may block (a tree's stop, a hook): the controller's pings wait unread
            // meanwhile, which is no silence of its own.
            lastHeardNs = nowNs();
        }
    }

    void handleHello(const QJsonObject &message)
    {
        const sb::Result<AgentHello> hello = readHello(message);
        if (!hello.ok()) {
            fail(0, hello.error());
            fatal = true;
            return;
        }
        const QString own = QString::fromLatin1(sb::kVersion);
        if (hello->protocol != kProtocolVersion || hello->version != own) {
            fail(0, sb::qtError(QString::fromLatin1(kVersionError), QSysInfo::machineHostName(),
                                QStringLiteral("the controller is stackbench %1 (protocol %2), "
                                               "this agent is %3 (protocol %4)")
                                    .arg(hello->version.left(100))
                                    .arg(hello->protocol)
                                    .arg(own)
                                    .arg(kProtocolVersion)));
            fatal = true;
            return;
        }
        controllerHello = true;
    }

    void prepare(int id, const QJsonObject &message)
    {
        if (share && !share->finished.load()) {
            fail(id, agentError(QStringLiteral("share %1 is still running").arg(share->id)));
            return;
        }
        stopShare();
        share.reset();
        const sb::Result<load::LoadSpec> spec = readSpec(message.value(QLatin1String("spec")));
        if (!spec.ok()) {
            fail(id, spec.error());
            return;
        }
        if (const sb::Status st = load::checkSpec(*spec); !st.ok()) {
            fail(id, st.error());
            return;
        }
        const load::MachineLimits machine = load::readMachine();
        if (const sb::Status st =
                load::checkResources(*spec, load::estimateNeeds(*spec, machine), machine);
            !st.ok()) {
            fail(id, st.error());
            return;
        }
        share = std::make_unique<Share>();
        share->id = id;
        share->spec = *spec;
        post(idMessage("ready", id));
    }

    void start(int id)
    {
        if (!share || share->id != id || share->thread.joinable()) {
            fail(id, agentError(QStringLiteral("no share %1 is ready to start").arg(id)));
            return;
        }
        Share *s = share.get();
        s->startNs = nowNs();
        s->thread = std::thread([this, s] {
            const int shareId = s->id;
            const sb::Status st = s->engine.start(
                s->spec,
                [this, shareId, cpu = CpuMeter()](const load::IntervalSnapshot &snapshot) mutable {
                    post(intervalMessage(shareId, snapshot, snapshot.latency, cpu.next(snapshot)));
                });
            if (!st.ok()) {
                s->finished = true;
                fail(shareId, st.error());
                return;
            }
            QJsonObject started = idMessage("started", shareId);
            started.insert(QStringLiteral("threads"), int(s->engine.workerTids().size()));
            started.insert(QStringLiteral("startNs"), double(s->startNs));
            post(started);
            const load::LoadResult result = s->engine.wait();
            QJsonObject done = idMessage("done", shareId);
            done.insert(QStringLiteral("result"), resultJson(result));
            s->finished = true;
            post(done);
        });
    }

    // Reads what stdin has; false at its end or when it broke.
    bool readInput()
    {
        char buffer[65536];
        const ssize_t n = ::read(in, buffer, sizeof buffer);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            return true;
        if (n < 0) {
            std::fprintf(stderr, "stackbench agent: reading stdin failed: %s\n", strerror(errno));
            fatal = true;
            return false;
        }
        if (n == 0) {
            if (const sb::Status st = reader.finish(); !st.ok()) {
                std::fprintf(stderr, "stackbench agent: %s\n", st.error().detail.c_str());
                fatal = true;
            }
            return false;
        }
        lastHeardNs = nowNs();
        reader.feed(QByteArray(buffer, qsizetype(n)));
        while (!fatal) {
            sb::Result<std::optional<QJsonObject>> message = reader.next();
            if (!message.ok()) {
                std::fprintf(stderr, "stackbench agent: %s\n", message.error().detail.c_str());
                fail(0, message.error());
                fatal = true;
                return false;
            }
            if (!*message)
                break;
            handle(**message);
        }
        return !fatal;
    }

    int run()
    {
        AgentHello hello;
        hello.protocol = kProtocolVersion;
        hello.version = QString::fromLatin1(sb::kVersion);
        hello.host = QSysInfo::machineHostName();
        hello.cores = int(load::readMachine().cpus.size());
        hello.pid = ::getpid();
        post(helloMessage(hello));
        // Non-blocking stdout (flush() says why); its flags are restored for whoever shares it.
        const int outFlags = ::fcntl(out, F_GETFL);
        if (outFlags >= 0)
            ::fcntl(out, F_SETFL, outFlags | O_NONBLOCK);
        const int code = serve();
        if (outFlags >= 0)
            ::fcntl(out, F_SETFL, outFlags);
        return code;
    }

    int serve()
    {
        while (flush()) {
            if (controllerSilent()) {
                reportSilence();
                fatal = true;
                break;
            }
            pollfd fds[2] = {{in, POLLIN, 0}, {wake, POLLIN, 0}};
            if (::poll(fds, 2, 1000) < 0) {
                if (errno == EINTR)
                    continue;
                fatal = true;
                break;
            }
            if (fds[1].revents & POLLIN) {
                uint64_t count = 0;
                [[maybe_unused]] const ssize_t n = ::read(wake, &count, sizeof count);
            }
            if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) && !readInput())
                break;
        }
        // The controller is gone or done: nothing this agent started may outlive it.
        stopShare();
        if (onEnd)
            onEnd();
        if (!outBroken)
            flush();
        return fatal || outBroken ? 1 : 0;
    }
};

AgentSession::AgentSession(int inFd, int outFd)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->in = inFd;
    m_impl->out = outFd;
    m_impl->wake = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

AgentSession::~AgentSession()
{
    m_impl->stopShare();
    if (m_impl->wake >= 0)
        ::close(m_impl->wake);
}

void AgentSession::setHandler(Handler handler)
{
    m_impl->handler = std::move(handler);
}

void AgentSession::setOnEnd(std::function<void()> onEnd)
{
    m_impl->onEnd = std::move(onEnd);
}

void AgentSession::post(const QJsonObject &message)
{
    m_impl->post(message);
}

int AgentSession::run()
{
    return m_impl->run();
}

} // namespace sb::lane
