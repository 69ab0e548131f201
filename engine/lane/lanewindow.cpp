#include "lane/lanewindow.h"

#include "core/qterror.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <algorithm>
#include <memory>
#include <optional>

namespace sb::lane {

namespace {

enum class Phase
{
    Hello,   // waiting for every agent's hello
    Ready,   // every share sent, waiting for every ready
    Running, // every share started, waiting for every done
};

class WindowRun
{
public:
    WindowRun(const std::vector<ShareSetup> &setups, const LaneTimeouts &timeouts,
              const std::function<void(int, const AgentHello &, const ShareInterval &)> &onInterval,
              LaneControl control)
        : m_setups(setups)
        , m_control(control)
        , m_timeouts(timeouts)
        , m_onInterval(onInterval)
        , m_shares(setups.size())
        , m_done(setups.size(), false)
        , m_ready(setups.size(), false)
        , m_heard(setups.size())
    {
        int intervalMs = 1000;
        for (const ShareSetup &s : setups)
            intervalMs = std::max(intervalMs, s.spec.intervalMs);
        m_silenceMs = timeouts.silenceMs > 0 ? timeouts.silenceMs : 3 * intervalMs + 10'000;
    }

    sb::Result<MergedWindow> run()
    {
        if (m_setups.empty())
            return sb::qtError(QString::fromLatin1(kMessageError), QString(),
                               QStringLiteral("a window needs at least one load host"));
        for (size_t i = 0; i < m_setups.size(); ++i) {
            auto agent = std::make_unique<RemoteAgent>(m_setups[i].agent);
            RemoteAgent *a = agent.get();
            m_shares[i].host = m_setups[i].agent.host;
            QObject::connect(a, &RemoteAgent::helloReceived, a, [this, i] { onHello(i); });
            QObject::connect(a, &RemoteAgent::messageReceived, a,
                             [this, i](const QJsonObject &m) { onMessage(i, m); });
            QObject::connect(a, &RemoteAgent::failed, a,
                             [this](const sb::Error &e) { failWith(e); });
            m_agents.push_back(std::move(agent));
        }
        QTimer ticker;
        QObject::connect(&ticker, &QTimer::timeout, [this] { tick(); });
        ticker.start(100);
        m_phaseClock.start();
        for (auto &a : m_agents)
            a->start();
        if (!m_error)
            m_loop.exec();
        ticker.stop();
        // Every agent ends what it started when its stdin closes; the ones that do not are
        // killed.
        for (auto &a : m_agents)
            a->close();
        for (auto &a : m_agents)
            a->finish(5000);
        if (m_error)
            return *m_error;
        for (size_t i = 0; i < m_agents.size(); ++i)
            m_shares[i].hello = m_agents[i]->hello();
        return mergeShares(std::move(m_shares));
    }

private:
    const QString &host(size_t i) const { return m_setups[i].agent.host; }

    void failWith(const sb::Error &e)
    {
        if (m_error)
            return;
        m_error = e;
        for (size_t i = 0; i < m_agents.size(); ++i) {
            m_agents[i]->send(idMessage("stop", int(i)));
            m_agents[i]->close();
        }
        m_loop.quit();
    }

    void onHello(size_t i)
    {
        m_heard[i].start();
        if (++m_hellos < m_agents.size())
            return;
        if (m_control.everyHello)
            *m_control.everyHello = true;
        m_phase = Phase::Ready;
        m_phaseClock.restart();
        for (size_t k = 0; k < m_agents.size(); ++k)
            m_agents[k]->send(loadMessage(int(k), m_setups[k].spec));
    }

    // Every share starts with one command each, back to back: no clock is shared.
    void startAll()
    {
        m_phase = Phase::Running;
        for (size_t k = 0; k < m_agents.size(); ++k) {
            m_agents[k]->sendNow(idMessage("start", int(k)));
            m_heard[k].restart();
        }
    }

    void onMessage(size_t i, const QJsonObject &message)
    {
        if (m_error)
            return;
        m_heard[i].restart();
        const QString type = messageType(message);
        const sb::Result<int> id = readId(message);
        if (type == QLatin1String("error")) {
            const sb::Error e = readError(message);
            failWith(sb::qtError(
                sb::qtCode(e), host(i),
                QStringLiteral("the agent on %1 reports: %2").arg(host(i), sb::qtText(e))));
            return;
        }
        if (!id.ok() || *id != int(i)) {
            failWith(sb::qtError(QString::fromLatin1(kMessageError), host(i),
                                 QStringLiteral("the agent on %1 sent a \"%2\" for another share")
                                     .arg(host(i), type.left(40))));
            return;
        }
        if (type == QLatin1String("ready")) {
            m_ready[i] = true;
            if (std::all_of(m_ready.begin(), m_ready.end(), [](bool r) { return r; }))
                startAll();
        } else if (type == QLatin1String("interval")) {
            sb::Result<ShareInterval> interval = readInterval(message);
            if (!interval.ok())
                return failMessage(i, interval.error());
            m_shares[i].intervals.push_back(*interval);
            if (m_onInterval)
                m_onInterval(int(i), m_agents[i]->hello(), m_shares[i].intervals.back());
        } else if (type == QLatin1String("done")) {
            sb::Result<load::LoadResult> result =
                readResult(message.value(QLatin1String("result")));
            if (!result.ok())
                return failMessage(i, result.error());
            m_shares[i].result = std::move(*result);
            m_done[i] = true;
            if (std::all_of(m_done.begin(), m_done.end(), [](bool d) { return d; }))
                m_loop.quit();
        } else if (type == QLatin1String("started")) {
            m_shares[i].startMonotonicNs =
                int64_t(std::clamp(message.value(QLatin1String("startNs")).toDouble(), 0.0, 9e18));
        }
        // Messages of later protocol versions: nothing to do.
    }

    void failMessage(size_t i, const sb::Error &e)
    {
        failWith(sb::qtError(QString::fromLatin1(kMessageError), host(i),
                             QStringLiteral("the agent on %1 sent a malformed message: %2")
                                 .arg(host(i), sb::qtText(e))));
    }

    void tick()
    {
        if (m_error)
            return;
        if (m_control.cancelled && m_control.cancelled->load() && !m_stopSent) {
            if (m_phase != Phase::Running)
                return failWith(sb::qtError(QString::fromLatin1(kAgentError), QString(),
                                            QStringLiteral("cancelled")));
            m_stopSent = true; // each agent ends its share; its "done" follows
            for (size_t i = 0; i < m_agents.size(); ++i)
                m_agents[i]->send(idMessage("stop", int(i)));
        }
        for (size_t i = 0; i < m_agents.size(); ++i) {
            if (m_phase == Phase::Hello && !m_heard[i].isValid() &&
                m_phaseClock.elapsed() > m_timeouts.helloMs)
                return failWith(sb::qtError(
                    QString::fromLatin1(kTimeoutError), host(i),
                    QStringLiteral("%1 did not answer within %2 s (ssh connect and login, then "
                                   "the agent's hello)")
                        .arg(host(i))
                        .arg(m_timeouts.helloMs / 1000.0)));
            if (m_phase == Phase::Ready && !m_ready[i] &&
                m_phaseClock.elapsed() > m_timeouts.readyMs)
                return failWith(sb::qtError(QString::fromLatin1(kTimeoutError), host(i),
                                            QStringLiteral("the agent on %1 did not take its "
                                                           "share within %2 s")
                                                .arg(host(i))
                                                .arg(m_timeouts.readyMs / 1000.0)));
            if (m_phase == Phase::Running && !m_done[i] && m_heard[i].elapsed() > m_silenceMs)
                return failWith(sb::qtError(
                    QString::fromLatin1(kTimeoutError), host(i),
                    QStringLiteral("no word from the agent on %1 for %2 s while it measured: "
                                   "the link or the host is down (check the network to %1 and "
                                   "that the host runs)")
                        .arg(host(i))
                        .arg(m_silenceMs / 1000.0)));
        }
    }

    const std::vector<ShareSetup> &m_setups;
    LaneControl m_control;
    bool m_stopSent = false;
    LaneTimeouts m_timeouts;
    std::function<void(int, const AgentHello &, const ShareInterval &)> m_onInterval;
    std::vector<std::unique_ptr<RemoteAgent>> m_agents;
    std::vector<HostShare> m_shares;
    std::vector<bool> m_done;
    std::vector<bool> m_ready;
    std::vector<QElapsedTimer> m_heard; // since each agent's last message
    size_t m_hellos = 0;
    int m_silenceMs = 0;
    Phase m_phase = Phase::Hello;
    QElapsedTimer m_phaseClock;
    std::optional<sb::Error> m_error;
    QEventLoop m_loop;
};

} // namespace

sb::Result<MergedWindow>
runLaneWindow(const std::vector<ShareSetup> &shares, const LaneTimeouts &timeouts,
              const std::function<void(int, const AgentHello &, const ShareInterval &)> &onInterval,
              LaneControl control)
{
    WindowRun run(shares, timeouts, onInterval, control);
    return run.run();
}

std::vector<sb::Result<AgentHello>> reachAgents(const std::vector<AgentCommand> &agents,
                                                int timeoutMs)
{
    std::vector<std::optional<sb::Result<AgentHello>>> results(agents.size());
    std::vector<std::unique_ptr<RemoteAgent>> running;
    QEventLoop loop;
    size_t answered = 0;
    auto settle = [&](size_t i, sb::Result<AgentHello> r) {
        if (results[i])
            return;
        results[i] = std::move(r);
        if (++answered == agents.size())
            loop.quit();
    };
    for (size_t i = 0; i < agents.size(); ++i) {
        auto agent = std::make_unique<RemoteAgent>(agents[i]);
        RemoteAgent *a = agent.get();
        QObject::connect(a, &RemoteAgent::helloReceived, a, [&, i, a] { settle(i, a->hello()); });
        QObject::connect(a, &RemoteAgent::failed, a, [&, i](const sb::Error &e) { settle(i, e); });
        running.push_back(std::move(agent));
    }
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    deadline.start(timeoutMs);
    for (auto &a : running)
        a->start();
    if (answered < agents.size())
        loop.exec();
    for (auto &a : running)
        a->close();
    for (auto &a : running)
        a->finish(5000);
    std::vector<sb::Result<AgentHello>> out;
    for (size_t i = 0; i < agents.size(); ++i)
        out.push_back(results[i] ? std::move(*results[i])
                                 : sb::Result<AgentHello>(sb::qtError(
                                       QString::fromLatin1(kTimeoutError), agents[i].host,
                                       QStringLiteral("%1 did not answer within %2 s (ssh connect "
                                                      "and login, then the agent's hello)")
                                           .arg(agents[i].host)
                                           .arg(timeoutMs / 1000.0))));
    return out;
}

} // namespace sb::lane
