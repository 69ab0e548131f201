#pragma once

// The controller's side of a configuration's own host (run/serverhostagent.h says what the agent
// does there): one `stackbench agent` per host over the user's ssh, kept for the whole run, and
// its requests as blocking calls. The agent's connection lives on a thread of its own, so its
// heartbeat goes on whatever the run's thread does (a hook, a local window, a quiet wait): an
// agent that hears nothing for 15 s ends its trees.
//
// Use from the run's thread; the reading sink of sampleStart() is called on the connection's.

#include "core/result.h"
#include "run/loadwindow.h" // LoadHostCommand
#include "run/samplesession.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <vector>

namespace sb::run {

// The error code of everything that goes wrong reaching or using a configuration's host.
inline constexpr const char *kServerHostError = "run.host";

class ServerHost
{
public:
    // Connects: starts the agent and waits for its hello (up to `helloTimeoutMs`). Errors: code
    // kServerHostError, the detail naming the host and the fix (lane::exitError()).
    static sb::Result<std::unique_ptr<ServerHost>> connect(const LoadHostCommand &command,
                                                           int helloTimeoutMs = 60'000);
    ~ServerHost(); // closes the agent's stdin: it ends every tree it runs, then exits
    ServerHost(const ServerHost &) = delete;
    ServerHost &operator=(const ServerHost &) = delete;

    QString name() const;        // the plan's name of the host
    QString destination() const; // what ssh was given
    QString machine() const;     // the host name the agent reported
    int cores() const;           // CPUs there
    // False once the connection failed; failure() says why.
    bool alive() const;
    QString failure() const;

    // One request and its answer of type `replyType` (an "error" answer, the connection's
    // failure or no answer within `timeoutMs` are errors, code kServerHostError, naming the
    // host). Blocks.
    sb::Result<QJsonObject> request(QJsonObject message, const char *replyType, int timeoutMs);

    // Runs a command there (stdout and stderr together, the last kServerHostExecBytes kept),
    // killing its process group after `timeoutMs`. Errors: the host's (code kServerHostError).
    struct ExecOutcome
    {
        int exitCode = 0;
        bool crashed = false;
        bool timedOut = false;
        QByteArray output;
    };
    sb::Result<ExecOutcome> exec(const QStringList &command, const QString &cwd,
                                 const QMap<QString, QString> &env, qint64 timeoutMs);

    // A tree's sampling there: readings reach `sink` on the connection's thread as they come;
    // stop returns the summary (after the last reading was delivered).
    sb::Status sampleStart(const QString &tree, int intervalMs, const QStringList &excludes,
                           double sleepGapS, std::function<void(const TreeReading &)> sink);
    sb::Result<TreeSummary> sampleStop();

private:
    struct Impl;
    explicit ServerHost(std::unique_ptr<Impl> impl);
    // request(); with `readings`, the readings the agent sends under this request's id go there.
    sb::Result<QJsonObject> exchange(QJsonObject message, const char *replyType, int timeoutMs,
                                     std::function<void(const TreeReading &)> readings);
    std::unique_ptr<Impl> m_impl;
};

// A sampler of a tree on a configuration's host with SampleSession's shape (LoadWindow uses
// either). stop() after a lost connection returns an empty summary that says the root exited.
class RemoteTreeSampler
{
public:
    RemoteTreeSampler(ServerHost &host, QString tree);
    sb::Status start(const TreeSampling &sampling, int intervalMs,
                     std::function<void(const TreeReading &)> sink);
    TreeSummary stop();
    // Why the last stop() had no summary; "" when it had one.
    QString lost() const { return m_lost; }

private:
    ServerHost &m_host;
    QString m_tree;
    bool m_started = false;
    QString m_lost;
};

} // namespace sb::run
