#include "run/serverpool.h"

#include "core/enginetext.h"
#include "core/qterror.h"
#include "http/url.h"
#include "run/httpprobe.h"
#include "run/lanephase.h"
#include "run/serverhost.h"
#include "run/serverhostagent.h"
#include "sample/proctree.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QThread>
#include <cerrno>
#include <csignal>
#include <unistd.h>

namespace sb::run {

namespace {

QByteArray takeFile(const QString &path)
{
    QFile f(path);
    QByteArray bytes = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    f.close();
    QFile::remove(path);
    return bytes;
}

// The last lines a failed server wrote, as one line for an error message: at most 5 lines and
// 600 characters, control characters shown escaped.
QString lastLines(const QByteArray &bytes)
{
    QStringList lines = QString::fromUtf8(bytes).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (QString &line : lines)
        line = line.trimmed();
    lines.removeAll(QString());
    lines = lines.mid(std::max<qsizetype>(0, lines.size() - 5));
    QString text = lines.join(QStringLiteral(" | "));
    if (text.size() > 600)
        text = QStringLiteral("...") + text.right(600);
    QString out;
    for (const QChar c : std::as_const(text)) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

} // namespace

ServerPool::ServerPool(const plan::Plan &plan, Notify notify)
    : m_plan(plan)
    , m_notify(std::move(notify))
{}

ServerPool::~ServerPool()
{
    while (!m_servers.empty())
        stop(m_servers.begin()->first);
    m_hosts.clear(); // each agent exits when its stdin closes
}

sb::Status ServerPool::start(const plan::Configuration &config, int round, ColdStart *coldStart)
{
    stop(config.name);
    m_startOutputs.erase(config.name);
    const sb::Result<http::Url> parsed = http::parseUrl(config.baseUrl.toStdString());
    if (!parsed.ok())
        return sb::qtError(QStringLiteral("run.url"), config.where,
                           trEngine("sb::run", "base URL: %1").arg(sb::qtDetail(parsed.error())));
    // Something else answering on the port would be measured instead of this configuration.
    for (int i = 0; i < 40 && acceptsConnections(*parsed, 1000); ++i)
        QThread::msleep(50);
    if (acceptsConnections(*parsed, 1000))
        return sb::qtError(QStringLiteral("run.port-busy"), config.where,
                           trEngine("sb::run", "%1 already accepts connections before '%2' "
                                               "started; stop whatever listens there")
                               .arg(config.baseUrl, config.name));
    if (!config.host.isEmpty())
        return startRemote(config, round, coldStart);

    Server &server = m_servers[config.name];
    server.process = std::make_unique<ServerProcess>();
    server.round = round;
    const QString base = m_logDir.filePath(config.name + QStringLiteral("-r%1").arg(round));
    server.stdoutPath = base + QStringLiteral(".out");
    server.stderrPath = base + QStringLiteral(".err");
    ColdStart figures;
    figures.startedAt = QDateTime::currentDateTimeUtc();
    QElapsedTimer spawnClock;
    spawnClock.start();
    sb::Status st = server.process->start(config.command, config.cwd, config.env, server.stdoutPath,
                                          server.stderrPath, config.cpus);
    figures.execMs = double(spawnClock.nsecsElapsed()) / 1e6;
    if (!st.ok()) {
        m_servers.erase(config.name);
        return sb::qtError(sb::qtCode(st.error()), config.where,
                           m_plan.redact(sb::qtWhere(st.error()) + QStringLiteral(": ") +
                                         sb::qtDetail(st.error())));
    }
    ServerProcess *process = server.process.get();
    ReadyTimes times;
    st = waitReady(
        config.baseUrl, config.ready, [process] { return process->running(); }, &times, config.tls,
        config.protocol);
    if (!st.ok())
        return readyFailed(config, st.error());
    // At ready, before anything else touches the tree: the memory it needed to come up.
    const sample::MemoryUsage memory = sample::treeMemory(process->members());
    figures.acceptMs = times.acceptMs;
    figures.readyMs = times.readyMs;
    figures.rssBytes = memory.rssBytes;
    figures.pssBytes = memory.pssBytes;
    noteStarted(config, round, figures);
    if (coldStart)
        *coldStart = figures;
    return sb::Ok{};
}

// The tree is started by the host's agent; readiness is probed from here, over the network the
// load uses.
sb::Status ServerPool::startRemote(const plan::Configuration &config, int round,
                                   ColdStart *coldStart)
{
    sb::Result<ServerHost *> host = connectHost(config.host);
    if (!host.ok())
        return sb::qtError(QString::fromLatin1(kServerHostError), config.where,
                           m_plan.redact(sb::qtDetail(host.error())));
    Server &server = m_servers[config.name];
    server.host = *host;
    server.round = round;
    ColdStart figures;
    figures.startedAt = QDateTime::currentDateTimeUtc();
    QElapsedTimer spawnClock;
    spawnClock.start();
    QJsonObject env;
    for (auto it = config.env.begin(); it != config.env.end(); ++it)
        env.insert(it.key(), it.value());
    QJsonArray cpus;
    for (int cpu : config.cpus)
        cpus.append(cpu);
    const sb::Result<QJsonObject> started = server.host->request(
        QJsonObject{{QStringLiteral("type"), QStringLiteral("tree-start")},
                    {QStringLiteral("name"), config.name},
                    {QStringLiteral("command"), QJsonArray::fromStringList(config.command)},
                    {QStringLiteral("cwd"), config.cwd},
                    {QStringLiteral("env"), env},
                    {QStringLiteral("cpus"), cpus}},
        "tree-started", 60'000);
    figures.execMs = double(spawnClock.nsecsElapsed()) / 1e6; // with the round trip
    if (!started.ok()) {
        m_servers.erase(config.name);
        return sb::qtError(QStringLiteral("run.start"), config.where,
                           m_plan.redact(sb::qtDetail(started.error())));
    }
    server.remotePid = qint64(started->value(QLatin1String("pid")).toDouble());
    server.remoteContainment = started->value(QLatin1String("containment")).toString().left(40);
    server.remoteRunning = true;
    server.remoteExit = QStringLiteral("running");
    server.statusAge.invalidate();
    ReadyTimes times;
    const QString name = config.name;
    const sb::Status st = waitReady(
        config.baseUrl, config.ready,
        [this, &server, name] { return remoteRunning(server, name, 250); }, &times, config.tls,
        config.protocol);
    if (!st.ok())
        return readyFailed(config, st.error());
    figures.acceptMs = times.acceptMs;
    figures.readyMs = times.readyMs;
    if (const sb::Result<QJsonObject> memory = server.host->request(
            QJsonObject{{QStringLiteral("type"), QStringLiteral("tree-memory")},
                        {QStringLiteral("name"), config.name}},
            "tree-memory", 30'000);
        memory.ok()) {
        figures.rssBytes = qint64(memory->value(QLatin1String("rss_bytes")).toDouble());
        figures.pssBytes = qint64(memory->value(QLatin1String("pss_bytes")).toDouble());
    }
    noteStarted(config, round, figures);
    if (coldStart)
        *coldStart = figures;
    return sb::Ok{};
}

// A start whose readiness failed: its tree stopped, what it wrote kept, the error says both.
sb::Status ServerPool::readyFailed(const plan::Configuration &config, const sb::Error &error)
{
    const QString why = running(config.name) ? QString() : exitDescription(config.name);
    QString detail = sb::qtDetail(error);
    if (!why.isEmpty())
        detail = trEngine("sb::run", "%1 (server %2)").arg(detail, why);
    if (std::optional<Output> out = stop(config.name)) {
        const bool onStderr = !lastLines(out->stderrBytes).isEmpty();
        const QString tail = lastLines(onStderr ? out->stderrBytes : out->stdoutBytes);
        if (!tail.isEmpty())
            detail = (onStderr ? trEngine("sb::run", "%1; its stderr ends: %2")
                               : trEngine("sb::run", "%1; its stdout ends: %2"))
                         .arg(detail, tail);
        m_startOutputs[config.name] = std::move(*out);
    }
    return sb::qtError(sb::qtCode(error), config.where, detail);
}

void ServerPool::noteStarted(const plan::Configuration &config, int round, const ColdStart &figures)
{
    const qint64 pid = pidOf(config.name);
    const QString containment = containmentOf(config.name);
    const QString where =
        config.host.isEmpty() ? QString() : QStringLiteral(" on host %1").arg(config.host);
    m_notify(QStringLiteral("server-started"), config.name,
             QStringLiteral("started '%1'%2 (pid %3, contained by %4), ready at %5 %6 ms after its "
                            "exec")
                 .arg(m_plan.redact(config.command.join(QLatin1Char(' '))), where)
                 .arg(pid)
                 .arg(containment, config.baseUrl)
                 .arg(figures.readyMs, 0, 'f', 1),
             QJsonObject{{QStringLiteral("pid"), double(pid)},
                         {QStringLiteral("round"), round},
                         {QStringLiteral("host"), config.host},
                         {QStringLiteral("containment"), containment},
                         {QStringLiteral("exec_ms"), figures.execMs},
                         {QStringLiteral("accept_ms"), figures.acceptMs},
                         {QStringLiteral("ready_ms"), figures.readyMs},
                         {QStringLiteral("rss_bytes"), double(figures.rssBytes)},
                         {QStringLiteral("pss_bytes"), double(figures.pssBytes)}});
}

bool ServerPool::remoteRunning(Server &server, const QString &configuration, qint64 maxAgeMs)
{
    if (server.statusAge.isValid() && server.statusAge.elapsed() < maxAgeMs)
        return server.remoteRunning;
    server.statusAge.start();
    const sb::Result<QJsonObject> status =
        server.host->request(QJsonObject{{QStringLiteral("type"), QStringLiteral("tree-status")},
                                         {QStringLiteral("name"), configuration}},
                             "tree-status", 20'000);
    if (!status.ok()) {
        server.remoteRunning = false;
        server.remoteExit = trEngine("sb::run", "unknown: its host is unreachable (%1)")
                                .arg(sb::qtDetail(status.error()));
        return false;
    }
    server.remoteRunning = status->value(QLatin1String("running")).toBool();
    server.remoteExit = status->value(QLatin1String("exit")).toString().left(200);
    return server.remoteRunning;
}

bool ServerPool::running(const QString &configuration)
{
    auto it = m_servers.find(configuration);
    if (it == m_servers.end())
        return false;
    if (it->second.host)
        return remoteRunning(it->second, configuration, 0);
    return it->second.process->running();
}

ServerProcess *ServerPool::process(const QString &configuration)
{
    auto it = m_servers.find(configuration);
    return it == m_servers.end() ? nullptr : it->second.process.get();
}

ServerHost *ServerPool::hostOf(const QString &configuration)
{
    auto it = m_servers.find(configuration);
    return it == m_servers.end() ? nullptr : it->second.host;
}

sb::Result<ServerHost *> ServerPool::connectHost(const QString &hostName)
{
    if (auto it = m_hosts.find(hostName); it != m_hosts.end()) {
        if (it->second->alive())
            return it->second.get();
        // A connection that failed (a cut link, a killed agent): its trees are gone with it.
        for (auto s = m_servers.begin(); s != m_servers.end();)
            s = s->second.host == it->second.get() ? m_servers.erase(s) : std::next(s);
        m_hosts.erase(it);
    }
    const sb::Result<LoadHostCommand> command =
        hostAgentCommand(m_plan, hostName, QStringLiteral("server host"));
    if (!command.ok())
        return sb::qtError(QString::fromLatin1(kServerHostError), hostName,
                           sb::qtDetail(command.error()));
    sb::Result<std::unique_ptr<ServerHost>> host = ServerHost::connect(*command);
    if (!host.ok())
        return host.error();
    ServerHost *raw = host->get();
    m_hosts[hostName] = std::move(*host);
    return raw;
}

QString ServerPool::exitDescription(const QString &configuration)
{
    auto it = m_servers.find(configuration);
    if (it == m_servers.end())
        return QStringLiteral("not started");
    if (it->second.host) {
        // What running() just asked is fresh enough: one round trip, not two.
        (void)remoteRunning(it->second, configuration, 1000);
        return it->second.remoteExit;
    }
    return it->second.process->exitDescription();
}

QString ServerPool::containmentOf(const QString &configuration)
{
    auto it = m_servers.find(configuration);
    if (it == m_servers.end())
        return QString();
    return it->second.host ? it->second.remoteContainment
                           : containmentName(it->second.process->containment());
}

qint64 ServerPool::pidOf(const QString &configuration)
{
    auto it = m_servers.find(configuration);
    if (it == m_servers.end())
        return 0;
    return it->second.host ? it->second.remotePid : qint64(it->second.process->pid());
}

std::optional<ServerPool::Output> ServerPool::takeStartOutput(const QString &configuration)
{
    auto it = m_startOutputs.find(configuration);
    if (it == m_startOutputs.end())
        return std::nullopt;
    Output out = std::move(it->second);
    m_startOutputs.erase(it);
    return out;
}

std::optional<ServerPool::Output> ServerPool::stop(const QString &configuration)
{
    auto it = m_servers.find(configuration);
    if (it == m_servers.end())
        return std::nullopt;
    if (it->second.host)
        return stopRemote(it);
    Server &server = it->second;
    const plan::Configuration *config = m_plan.configuration(configuration);
    QString how;
    if (server.process->running()) {
        const bool graceful = server.process->stop(config ? config->stop.signal : SIGTERM,
                                                   config ? config->stop.graceMs : 10'000);
        how =
            graceful ? QStringLiteral("stopped") : QStringLiteral("killed after the grace period");
    } else {
        how = QStringLiteral("had already ended: ") + server.process->exitDescription();
        server.process->stop(SIGKILL, 0); // reaps, and ends any orphaned children
    }
    m_notify(QStringLiteral("server-stopped"), configuration,
             QStringLiteral("server %1 (pid %2)").arg(how).arg(server.process->pid()), {});
    Output out{server.round, m_plan.redact(QString::fromUtf8(takeFile(server.stdoutPath))).toUtf8(),
               m_plan.redact(QString::fromUtf8(takeFile(server.stderrPath))).toUtf8()};
    m_servers.erase(it);
    return out;
}

std::optional<ServerPool::Output> ServerPool::stopRemote(std::map<QString, Server>::iterator it)
{
    const QString configuration = it->first;
    Server &server = it->second;
    const plan::Configuration *config = m_plan.configuration(configuration);
    const int signal = config ? config->stop.signal : SIGTERM;
    const qint64 graceMs = config ? config->stop.graceMs : 10'000;
    const sb::Result<QJsonObject> r =
        server.host->request(QJsonObject{{QStringLiteral("type"), QStringLiteral("tree-stop")},
                                         {QStringLiteral("name"), configuration},
                                         {QStringLiteral("signal"), signal},
                                         {QStringLiteral("grace_ms"), double(graceMs)}},
                             "tree-stopped", int(std::min<qint64>(graceMs + 40'000, 3'700'000)));
    Output out{server.round, {}, {}};
    QString how;
    if (r.ok()) {
        const bool graceful = r->value(QLatin1String("graceful")).toBool();
        const QString exit = r->value(QLatin1String("exit")).toString().left(200);
        how = graceful
                  ? QStringLiteral("stopped")
                  : QStringLiteral("ended (%1) or was killed after the grace period").arg(exit);
        auto bytes = [&](const char *key) {
            return m_plan
                .redact(
                    QString::fromUtf8(QByteArray::fromBase64(r->value(QLatin1String(key))
                                                                 .toString()
                                                                 .left(2 * kServerHostOutputBytes)
                                                                 .toLatin1())))
                .toUtf8();
        };
        out.stdoutBytes = bytes("stdout");
        out.stderrBytes = bytes("stderr");
    } else {
        // The agent ends its trees when its connection ends; the supervisor there when it dies.
        how = QStringLiteral("lost with its host (%1)").arg(sb::qtDetail(r.error()));
    }
    m_notify(QStringLiteral("server-stopped"), configuration,
             m_plan.redact(QStringLiteral("server on host %1 %2 (pid %3)")
                               .arg(server.host->name(), how)
                               .arg(server.remotePid)),
             {});
    m_servers.erase(it);
    return out;
}

QStringList ServerPool::configurations() const
{
    QStringList names;
    for (const auto &[name, server] : m_servers)
        names << name;
    return names;
}

} // namespace sb::run
