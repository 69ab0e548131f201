#include "run/serverpool.h"

#include "core/enginetext.h"
#include "core/qterror.h"
#include "http/url.h"
#include "run/httpprobe.h"
#include "sample/proctree.h"

#include <QElapsedTimer>
#include <QFile>
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
    if (!st.ok()) {
        const QString why = process->running() ? QString() : process->exitDescription();
        QString detail = sb::qtDetail(st.error());
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
        return sb::qtError(sb::qtCode(st.error()), config.where, detail);
    }
    // At ready, before anything else touches the tree: the memory it needed to come up.
    const sample::MemoryUsage memory = sample::treeMemory(process->members());
    figures.acceptMs = times.acceptMs;
    figures.readyMs = times.readyMs;
    figures.rssBytes = memory.rssBytes;
    figures.pssBytes = memory.pssBytes;
    m_notify(QStringLiteral("server-started"), config.name,
             QStringLiteral("started '%1' (pid %2, contained by %3), ready at %4 %5 ms after its "
                            "exec")
                 .arg(m_plan.redact(config.command.join(QLatin1Char(' '))))
                 .arg(process->pid())
                 .arg(containmentName(process->containment()), config.baseUrl)
                 .arg(figures.readyMs, 0, 'f', 1),
             QJsonObject{{QStringLiteral("pid"), double(process->pid())},
                         {QStringLiteral("round"), round},
                         {QStringLiteral("containment"), containmentName(process->containment())},
                         {QStringLiteral("exec_ms"), figures.execMs},
                         {QStringLiteral("accept_ms"), figures.acceptMs},
                         {QStringLiteral("ready_ms"), figures.readyMs},
                         {QStringLiteral("rss_bytes"), double(figures.rssBytes)},
                         {QStringLiteral("pss_bytes"), double(figures.pssBytes)}});
    if (coldStart)
        *coldStart = figures;
    return sb::Ok{};
}

bool ServerPool::running(const QString &configuration)
{
    ServerProcess *p = process(configuration);
    return p && p->running();
}

ServerProcess *ServerPool::process(const QString &configuration)
{
    auto it = m_servers.find(configuration);
    return it == m_servers.end() ? nullptr : it->second.process.get();
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

QStringList ServerPool::configurations() const
{
    QStringList names;
    for (const auto &[name, server] : m_servers)
        names << name;
    return names;
}

} // namespace sb::run
