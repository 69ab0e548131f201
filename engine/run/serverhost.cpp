#include "run/serverhost.h"

#include "core/qterror.h"
#include "lane/agentprotocol.h"
#include "lane/remoteagent.h"
#include "run/samplejson.h"
#include "run/serverhostagent.h"

#include <QJsonArray>
#include <QThread>
#include <algorithm>
#include <chrono>
#include <future>
#include <map>
#include <mutex>

namespace sb::run {

namespace {

sb::Error hostError(const QString &host, const QString &detail)
{
    return sb::qtError(QString::fromLatin1(kServerHostError), host, detail);
}

} // namespace

struct ServerHost::Impl
{
    LoadHostCommand command;
    QThread thread;
    QObject *context = nullptr;         // lives on `thread`
    lane::RemoteAgent *agent = nullptr; // made, used and deleted on `thread`

    mutable std::mutex mutex; // guards everything below
    struct Pending
    {
        QString replyType;
        std::promise<sb::Result<QJsonObject>> answer;
    };
    std::map<int, Pending> pending;
    std::function<void(const TreeReading &)> sink;
    int readingsId = 0; // the sampling whose readings go to `sink`
    std::optional<std::promise<sb::Status>> hello;
    lane::AgentHello greeting;
    bool failed = false;
    QString failure;
    int nextId = 0;

    // On `thread`.
    void onMessage(const QJsonObject &m)
    {
        const QString type = lane::messageType(m);
        const int id = m.value(QLatin1String("id")).toInt(-1);
        std::lock_guard<std::mutex> lock(mutex);
        if (type == QLatin1String("reading")) {
            if (id != readingsId || !sink)
                return;
            if (const sb::Result<TreeReading> r = readReading(m.value(QLatin1String("reading")));
                r.ok())
                sink(*r);
            return;
        }
        const auto it = pending.find(id);
        if (it == pending.end())
            return;
        if (type == QLatin1String("error")) {
            const sb::Error e = lane::readError(m);
            it->second.answer.set_value(hostError(
                command.name, QStringLiteral("server host %1: %2")
                                  .arg(command.name, QString::fromStdString(e.detail).left(2000))));
        } else if (type == it->second.replyType) {
            it->second.answer.set_value(m);
        } else {
            return;
        }
        pending.erase(it);
    }

    // On `thread`.
    void onFailed(const sb::Error &error)
    {
        std::lock_guard<std::mutex> lock(mutex);
        failed = true;
        failure = QStringLiteral("server host %1: %2")
                      .arg(command.name, QString::fromStdString(error.detail));
        if (hello) {
            hello->set_value(hostError(command.name, failure));
            hello.reset();
        }
        for (auto &[id, p] : pending)
            p.answer.set_value(hostError(command.name, failure));
        pending.clear();
    }
};

sb::Result<std::unique_ptr<ServerHost>> ServerHost::connect(const LoadHostCommand &command,
                                                            int helloTimeoutMs)
{
    auto impl = std::make_unique<Impl>();
    Impl *d = impl.get();
    d->command = command;
    d->context = new QObject;
    d->context->moveToThread(&d->thread);
    d->thread.setObjectName(QStringLiteral("host ") + command.name);
    d->thread.start();
    std::future<sb::Status> hello;
    {
        std::lock_guard<std::mutex> lock(d->mutex);
        d->hello.emplace();
        hello = d->hello->get_future();
    }
    QMetaObject::invokeMethod(d->context, [d] {
        // Its errors name the destination, as ssh is given it ("make 'ssh root@...' work").
        d->agent = new lane::RemoteAgent(
            lane::AgentCommand{d->command.destination, d->command.program, d->command.arguments});
        QObject::connect(d->agent, &lane::RemoteAgent::helloReceived, d->agent, [d] {
            std::lock_guard<std::mutex> lock(d->mutex);
            d->greeting = d->agent->hello();
            if (d->hello) {
                d->hello->set_value(sb::Ok{});
                d->hello.reset();
            }
        });
        QObject::connect(d->agent, &lane::RemoteAgent::messageReceived, d->agent,
                         [d](const QJsonObject &m) { d->onMessage(m); });
        QObject::connect(d->agent, &lane::RemoteAgent::failed, d->agent,
                         [d](const sb::Error &e) { d->onFailed(e); });
        d->agent->start();
    });
    std::unique_ptr<ServerHost> host(new ServerHost(std::move(impl)));
    if (hello.wait_for(std::chrono::milliseconds(helloTimeoutMs)) != std::future_status::ready)
        return hostError(command.name,
                         QStringLiteral("server host %1: its agent did not answer within %2 s "
                                        "(check that %3 is reachable over ssh and runs "
                                        "stackbench)")
                             .arg(command.name)
                             .arg(helloTimeoutMs / 1000)
                             .arg(command.destination));
    if (const sb::Status st = hello.get(); !st.ok())
        return st.error();
    return host;
}

ServerHost::ServerHost(std::unique_ptr<Impl> impl)
    : m_impl(std::move(impl))
{}

ServerHost::~ServerHost()
{
    Impl *d = m_impl.get();
    QMetaObject::invokeMethod(
        d->context,
        [d] {
            delete d->agent; // closes its stdin and waits for it to end (2 s, then kills)
            d->agent = nullptr;
        },
        Qt::BlockingQueuedConnection);
    d->thread.quit();
    d->thread.wait();
    delete d->context;
    std::lock_guard<std::mutex> lock(d->mutex);
    for (auto &[id, p] : d->pending)
        p.answer.set_value(hostError(d->command.name, QStringLiteral("closed")));
    d->pending.clear();
}

QString ServerHost::name() const
{
    return m_impl->command.name;
}

QString ServerHost::destination() const
{
    return m_impl->command.destination;
}

QString ServerHost::machine() const
{
    std::lock_guard<std::mutex> lock(m_impl->mutex);
    return m_impl->greeting.host;
}

int ServerHost::cores() const
{
    std::lock_guard<std::mutex> lock(m_impl->mutex);
    return m_impl->greeting.cores;
}

bool ServerHost::alive() const
{
    std::lock_guard<std::mutex> lock(m_impl->mutex);
    return !m_impl->failed;
}

QString ServerHost::failure() const
{
    std::lock_guard<std::mutex> lock(m_impl->mutex);
    return m_impl->failure;
}

sb::Result<QJsonObject> ServerHost::request(QJsonObject message, const char *replyType,
                                            int timeoutMs)
{
    return exchange(std::move(message), replyType, timeoutMs, nullptr);
}

sb::Result<QJsonObject> ServerHost::exchange(QJsonObject message, const char *replyType,
                                             int timeoutMs,
                                             std::function<void(const TreeReading &)> readings)
{
    Impl *d = m_impl.get();
    std::future<sb::Result<QJsonObject>> answer;
    int id = 0;
    {
        std::lock_guard<std::mutex> lock(d->mutex);
        if (d->failed)
            return hostError(d->command.name, d->failure);
        id = ++d->nextId;
        if (readings) { // the readings this request's sampling sends, under its id
            d->sink = std::move(readings);
            d->readingsId = id;
        }
        Impl::Pending &p = d->pending[id];
        p.replyType = QLatin1String(replyType);
        answer = p.answer.get_future();
    }
    message.insert(QStringLiteral("id"), id);
    QMetaObject::invokeMethod(d->context, [d, message] {
        if (d->agent)
            d->agent->sendNow(message);
    });
    if (answer.wait_for(std::chrono::milliseconds(timeoutMs)) != std::future_status::ready) {
        std::lock_guard<std::mutex> lock(d->mutex);
        d->pending.erase(id);
        return hostError(d->command.name,
                         QStringLiteral("server host %1: no answer to \"%2\" within %3 s (the "
                                        "link or the host is down? check the network to %4)")
                             .arg(d->command.name, lane::messageType(message))
                             .arg(timeoutMs / 1000)
                             .arg(d->command.destination));
    }
    return answer.get();
}

sb::Result<ServerHost::ExecOutcome> ServerHost::exec(const QStringList &command, const QString &cwd,
                                                     const QMap<QString, QString> &env,
                                                     qint64 timeoutMs)
{
    QJsonObject environment;
    for (auto it = env.begin(); it != env.end(); ++it)
        environment.insert(it.key(), it.value());
    const sb::Result<QJsonObject> r =
        request(QJsonObject{{QStringLiteral("type"), QStringLiteral("exec")},
                            {QStringLiteral("command"), QJsonArray::fromStringList(command)},
                            {QStringLiteral("cwd"), cwd},
                            {QStringLiteral("env"), environment},
                            {QStringLiteral("timeout_ms"), double(timeoutMs)}},
                "exec-done", int(std::min<qint64>(timeoutMs + 30'000, 86'400'000)));
    if (!r.ok())
        return r.error();
    ExecOutcome out;
    out.exitCode = r->value(QLatin1String("exit_code")).toInt();
    out.crashed = r->value(QLatin1String("crashed")).toBool();
    out.timedOut = r->value(QLatin1String("timed_out")).toBool();
    out.output = QByteArray::fromBase64(
        r->value(QLatin1String("output")).toString().left(2 * kServerHostExecBytes).toLatin1());
    return out;
}

sb::Status ServerHost::sampleStart(const QString &tree, int intervalMs, const QStringList &excludes,
                                   double sleepGapS, std::function<void(const TreeReading &)> sink)
{
    Impl *d = m_impl.get();
    const sb::Result<QJsonObject> r =
        exchange(QJsonObject{{QStringLiteral("type"), QStringLiteral("sample-start")},
                             {QStringLiteral("name"), tree},
                             {QStringLiteral("interval_ms"), intervalMs},
                             {QStringLiteral("excludes"), QJsonArray::fromStringList(excludes)},
                             {QStringLiteral("sleep_gap_s"), sleepGapS}},
                 "sampling", 30'000, std::move(sink));
    if (!r.ok()) {
        std::lock_guard<std::mutex> lock(d->mutex);
        d->sink = nullptr;
        d->readingsId = 0;
        return r.error();
    }
    return sb::Ok{};
}

sb::Result<TreeSummary> ServerHost::sampleStop()
{
    const sb::Result<QJsonObject> r = request(
        QJsonObject{{QStringLiteral("type"), QStringLiteral("sample-stop")}}, "sampled", 30'000);
    {
        // Every reading came before the answer, on the same stream.
        std::lock_guard<std::mutex> lock(m_impl->mutex);
        m_impl->sink = nullptr;
        m_impl->readingsId = 0;
    }
    if (!r.ok())
        return r.error();
    sb::Result<TreeSummary> summary = readSummary(r->value(QLatin1String("summary")));
    if (!summary.ok())
        return hostError(name(), QStringLiteral("server host %1: %2")
                                     .arg(name(), QString::fromStdString(summary.error().detail)));
    return summary;
}

RemoteTreeSampler::RemoteTreeSampler(ServerHost &host, QString tree)
    : m_host(host)
    , m_tree(std::move(tree))
{}

sb::Status RemoteTreeSampler::start(const TreeSampling &sampling, int intervalMs,
                                    std::function<void(const TreeReading &)> sink)
{
    m_lost.clear();
    const sb::Status st = m_host.sampleStart(m_tree, intervalMs, sampling.excludes,
                                             sampling.sleepGapS, std::move(sink));
    m_started = st.ok();
    return st;
}

TreeSummary RemoteTreeSampler::stop()
{
    if (!m_started)
        return {};
    m_started = false;
    sb::Result<TreeSummary> summary = m_host.sampleStop();
    if (summary.ok())
        return *summary;
    m_lost = QString::fromStdString(summary.error().detail);
    TreeSummary lost;
    lost.rootExited = true; // nothing is known of the tree: the window cannot count
    lost.events.append(SamplerEvent{QStringLiteral("host-lost"), 0, 0, m_lost});
    return lost;
}

} // namespace sb::run
