#include "lane/remoteagent.h"

#include "core/qterror.h"
#include "version.h"

#include <QRegularExpression>

namespace sb::lane {

namespace {

constexpr qsizetype kStderrTailBytes = 4096;

sb::Error hostError(const char *code, const QString &host, const QString &detail)
{
    return sb::qtError(QString::fromLatin1(code), host, detail);
}

// The last non-empty line of `text`, bounded, for a message.
QString lastLine(const QString &text)
{
    const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (auto it = lines.rbegin(); it != lines.rend(); ++it)
        if (!it->trimmed().isEmpty())
            return it->trimmed().left(300);
    return QString();
}

} // namespace

sb::Result<AgentCommand> sshAgentCommand(const QString &host, const QString &remoteProgram,
                                         const QStringList &sshOptions, int connectTimeoutS)
{
    if (host.isEmpty() || host.startsWith(QLatin1Char('-')) ||
        host.contains(QRegularExpression(QStringLiteral("[\\s\\x00-\\x1f]"))))
        return hostError(kConnectError, host,
                         QStringLiteral("not a host name ssh can take (empty, blank, or starting "
                                        "with '-')"));
    QStringList args{QStringLiteral("-o"), QStringLiteral("BatchMode=yes"),
                     QStringLiteral("-o"), QStringLiteral("ConnectTimeout=%1").arg(connectTimeoutS),
                     QStringLiteral("-o"), QStringLiteral("ServerAliveInterval=5"),
                     QStringLiteral("-o"), QStringLiteral("ServerAliveCountMax=3")};
    args << sshOptions << host << remoteProgram << QStringLiteral("agent");
    return AgentCommand{host, QStringLiteral("ssh"), args};
}

sb::Error exitError(const QString &host, const QString &ownVersion, int exitCode, bool crashed,
                    const QString &stderrTail, bool helloSeen)
{
    const QString said = lastLine(stderrTail);
    const QString saying = said.isEmpty() ? QString() : QStringLiteral(" (\"%1\")").arg(said);
    auto has = [&](const char *text) {
        return stderrTail.contains(QLatin1String(text), Qt::CaseInsensitive);
    };
    if (!helloSeen) {
        if (has("Host key verification failed") || has("REMOTE HOST IDENTIFICATION HAS CHANGED"))
            return hostError(kConnectError, host,
                             QStringLiteral("the host key of %1 is unknown or has changed: "
                                            "connect once with 'ssh %1' and check its "
                                            "fingerprint%2")
                                 .arg(host, saying));
        if (has("Permission denied") || has("Too many authentication failures"))
            return hostError(kConnectError, host,
                             QStringLiteral("%1 refused the authentication: make 'ssh %1' work "
                                            "without a prompt (a key in ssh-agent or in "
                                            "~/.ssh/config for %1)%2")
                                 .arg(host, saying));
        static const char *const unreachable[] = {
            "Could not resolve hostname", "Connection refused",
            "Connection timed out",       "timed out",
            "No route to host",           "Network is unreachable",
            "Connection closed by",       "Connection reset",
            "kex_exchange_identification"};
        for (const char *text : unreachable)
            if (has(text))
                return hostError(kConnectError, host,
                                 QStringLiteral("cannot reach %1 over ssh: check the name, the "
                                                "network and that sshd runs there%2")
                                     .arg(host, saying));
        if (exitCode == 127 || has("command not found") || has("No such file or directory"))
            return hostError(kVersionError, host,
                             QStringLiteral("stackbench was not found on %1: install stackbench "
                                            "%2 on %1%3")
                                 .arg(host, ownVersion, saying));
        if (exitCode == 255 && !crashed)
            return hostError(kConnectError, host,
                             QStringLiteral("ssh to %1 failed%2").arg(host, saying));
        return hostError(kAgentError, host,
                         QStringLiteral("the agent on %1 ended before it said hello (%2): is "
                                        "stackbench %3 installed there?%4")
                             .arg(host,
                                  crashed ? QStringLiteral("killed")
                                          : QStringLiteral("exit code %1").arg(exitCode),
                                  ownVersion, saying));
    }
    if (exitCode == 255 && !crashed && (has("Connection") || has("Timeout") || has("closed")))
        return hostError(kConnectError, host,
                         QStringLiteral("the connection to %1 broke%2").arg(host, saying));
    return hostError(
        kAgentError, host,
        QStringLiteral("the agent on %1 ended unexpectedly (%2)%3")
            .arg(host,
                 crashed ? QStringLiteral("killed") : QStringLiteral("exit code %1").arg(exitCode),
                 saying));
}

RemoteAgent::RemoteAgent(AgentCommand command, QObject *parent)
    : QObject(parent)
    , m_command(std::move(command))
{
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &RemoteAgent::readOutput);
    connect(&m_process, &QProcess::readyReadStandardError, this, &RemoteAgent::readErrors);
    connect(&m_process, &QProcess::finished, this, &RemoteAgent::onFinished);
    m_ping.setInterval(kPingMs);
    connect(&m_ping, &QTimer::timeout, this, [this] {
        send(QJsonObject{{QStringLiteral("type"), QStringLiteral("ping")}});
    });
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            fail(hostError(kConnectError, m_command.host,
                           QStringLiteral("cannot start '%1' for %2: %3")
                               .arg(m_command.program, m_command.host, m_process.errorString())));
    });
}

RemoteAgent::~RemoteAgent()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_closing = true;
        m_process.closeWriteChannel();
        finish(2000);
    }
}

void RemoteAgent::start()
{
    m_process.start(m_command.program, m_command.arguments);
}

void RemoteAgent::send(const QJsonObject &message)
{
    if (!m_failed && m_process.state() == QProcess::Running)
        m_process.write(encodeFrame(message));
}

void RemoteAgent::sendNow(const QJsonObject &message)
{
    send(message);
    if (!m_failed && m_process.state() == QProcess::Running)
        m_process.waitForBytesWritten(1000);
}

void RemoteAgent::close()
{
    m_closing = true;
    m_ping.stop();
    if (m_process.state() == QProcess::Running)
        m_process.closeWriteChannel();
}

void RemoteAgent::finish(int ms)
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_closing = true;
    if (!m_process.waitForFinished(ms)) {
        m_process.kill();
        m_process.waitForFinished(2000);
    }
}

void RemoteAgent::fail(const sb::Error &error)
{
    if (m_failed)
        return;
    m_failed = true;
    m_closing = true;
    m_ping.stop();
    if (m_process.state() != QProcess::NotRunning)
        m_process.closeWriteChannel();
    Q_EMIT failed(error);
}

void RemoteAgent::readErrors()
{
    m_stderrTail += m_process.readAllStandardError();
    if (m_stderrTail.size() > kStderrTailBytes)
        m_stderrTail = m_stderrTail.right(kStderrTailBytes);
}

void RemoteAgent::readOutput()
{
    m_reader.feed(m_process.readAllStandardOutput());
    while (!m_failed) {
        sb::Result<std::optional<QJsonObject>> message = m_reader.next();
        if (!message.ok()) {
            fail(hostError(kFrameError, m_command.host,
                           QStringLiteral("%1 answered with something that is not the agent "
                                          "protocol%2: %3")
                               .arg(m_command.host,
                                    m_helloSeen ? QString()
                                                : QStringLiteral(" (does a login script print "
                                                                 "to stdout?)"),
                                    QString::fromStdString(message.error().detail))));
            return;
        }
        if (!*message)
            return;
        if (!m_helloSeen) {
            const sb::Result<AgentHello> hello = readHello(**message);
            if (!hello.ok()) {
                fail(hostError(
                    kMessageError, m_command.host,
                    QStringLiteral("%1 did not greet as a stackbench agent: %2")
                        .arg(m_command.host, QString::fromStdString(hello.error().detail))));
                return;
            }
            if (const sb::Status st =
                    checkHello(*hello, m_command.host, QString::fromLatin1(sb::kVersion));
                !st.ok()) {
                fail(st.error());
                return;
            }
            m_hello = *hello;
            m_helloSeen = true;
            AgentHello own;
            own.protocol = kProtocolVersion;
            own.version = QString::fromLatin1(sb::kVersion);
            send(helloMessage(own));
            m_ping.start();
            Q_EMIT helloReceived();
            continue;
        }
        Q_EMIT messageReceived(**message);
    }
}

void RemoteAgent::onFinished(int exitCode, QProcess::ExitStatus status)
{
    readErrors();
    if (m_failed)
        return;
    // What it wrote last may still be in the pipe.
    readOutput();
    if (m_failed || m_closing)
        return;
    fail(exitError(m_command.host, QString::fromLatin1(sb::kVersion), exitCode,
                   status == QProcess::CrashExit, QString::fromUtf8(m_stderrTail), m_helloSeen));
}

} // namespace sb::lane
