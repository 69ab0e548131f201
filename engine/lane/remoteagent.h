#pragma once

// The controller's side of one agent (agentprotocol.h): runs `ssh -o BatchMode=yes HOST
// stackbench agent` (or a local command, for tests) as a child process, checks the agent's hello
// and turns everything that can go wrong into one error that names the host and what to do.

#include "core/result.h"
#include "lane/agentprotocol.h"

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTimer>

namespace sb::lane {

// How to reach one agent.
struct AgentCommand
{
    QString host;    // the name every message uses: the ssh destination, or a test's label
    QString program; // "ssh", or a local program
    QStringList arguments;
};

// `ssh -o BatchMode=yes -o ConnectTimeout=S -o ServerAliveInterval=5 -o ServerAliveCountMax=3
// [sshOptions...] HOST REMOTEPROGRAM agent`: the user's own OpenSSH client and configuration
// (known_hosts, keys, agent, ProxyJump), never a password prompt. Errors: code kConnectError
// for a host that is empty or starts with '-' (ssh would read it as an option).
sb::Result<AgentCommand>
sshAgentCommand(const QString &host, const QString &remoteProgram = QStringLiteral("stackbench"),
                const QStringList &sshOptions = {}, int connectTimeoutS = 10);

// What ssh's stderr and exit say, as one error naming the host and the fix: an unknown or
// changed host key, refused authentication, an unreachable host, a missing agent program
// (install stackbench VERSION on HOST), an agent that ended. `helloSeen`: the agent had
// answered. Pure; any thread.
sb::Error exitError(const QString &host, const QString &ownVersion, int exitCode, bool crashed,
                    const QString &stderrTail, bool helloSeen);

// One agent process. GUI or worker thread with an event loop; the signals are emitted on it.
class RemoteAgent : public QObject
{
    Q_OBJECT
public:
    explicit RemoteAgent(AgentCommand command, QObject *parent = nullptr);
    ~RemoteAgent() override; // closes the agent's stdin, waits briefly, then kills it

    // Launches the command. helloReceived() or failed() follows.
    void start();
    // Sends one message; nothing after failed().
    void send(const QJsonObject &message);
    // Sends it and waits (up to 1 s) until it is in the pipe, instead of at the event loop's
    // next turn: the start commands of a window's shares leave back to back.
    void sendNow(const QJsonObject &message);
    // Closes the agent's stdin: it ends what it started and exits. An exit after this is no
    // failure.
    void close();
    // Waits up to `ms` for the process to end, then kills it. Blocks.
    void finish(int ms);

    QString host() const { return m_command.host; }
    const AgentHello &hello() const { return m_hello; }
    bool hasFailed() const { return m_failed; }
    // The local child's process id (ssh's, or the local agent's), 0 when not running.
    qint64 processId() const { return m_process.processId(); }

Q_SIGNALS:
    void helloReceived();
    // Every message after the hello, "error" ones included (the caller decides what is fatal).
    void messageReceived(const QJsonObject &message);
    // Once, with the host in the error's `where`; the process is being ended.
    void failed(const sb::Error &error);

private:
    void readOutput();
    void readErrors();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void fail(const sb::Error &error);

    AgentCommand m_command;
    QProcess m_process;
    FrameReader m_reader;
    AgentHello m_hello;
    bool m_helloSeen = false;
    bool m_closing = false;
    bool m_failed = false;
    QByteArray m_stderrTail; // the last bytes of the agent's (and ssh's) stderr
    QTimer m_ping;           // the heartbeat the agent listens for (kPingMs)
};

} // namespace sb::lane
