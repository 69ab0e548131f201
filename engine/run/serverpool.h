#pragma once

#include "core/result.h"
#include "plan/plan.h"
#include "run/serverprocess.h"

#include <QByteArray>
#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QString>
#include <QTemporaryDir>
#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace sb::run {

class ServerHost;

// The process trees of a run's configurations, one at most per configuration: started fresh
// (after checking that nothing else answers on the configuration's port) and contained (see
// ServerProcess), waited for until ready, watched, and stopped with what they wrote. Output goes
// to files in a temporary directory of the pool's own. Use from one thread.
class ServerPool
{
public:
    // Things worth a run note ("server-started", "server-stopped"); details already redacted.
    using Notify = std::function<void(const QString &kind, const QString &configuration,
                                      const QString &detail, const QJsonObject &data)>;

    // What a stopped tree wrote (redacted), for the run store's server log.
    struct Output
    {
        int round = 0;
        QByteArray stdoutBytes;
        QByteArray stderrBytes;
    };

    // How one start of a tree went (the cold start), measured by start(): times on the steady
    // clock from the moment start() spawned the tree.
    struct ColdStart
    {
        QDateTime startedAt; // when the spawn began (UTC, millisecond precision)
        double execMs = 0;   // spawn -> the server exec'd (ServerProcess::start returned), ms
        double acceptMs = 0; // exec -> the first TCP connect that succeeded, ms (2 ms steps)
        double readyMs = 0;  // exec -> the readiness probe's expected answer, ms (10 ms steps)
        qint64 rssBytes = 0; // the whole tree's RSS right after it answered ready, bytes
        qint64 pssBytes = 0; // the whole tree's PSS then (RSS where PSS is unreadable), bytes
    };

    ServerPool(const plan::Plan &plan, Notify notify);
    ~ServerPool(); // stops every tree (their output is dropped: stop() them first to keep it)
    ServerPool(const ServerPool &) = delete;
    ServerPool &operator=(const ServerPool &) = delete;

    // Stops the configuration's tree if it has one, then starts a fresh one and waits until it
    // is ready. Errors (where = the configuration's place in the plan): "run.url", "run.port-busy"
    // (something else answers on the port for 2 s), "run.start" (ServerProcess::start),
    // "run.ready-timeout" / "run.ready-died" (the server's exit is named, and the last lines it
    // wrote, stderr before stdout, are quoted). Nothing is left running after an error; what
    // the tree wrote is kept for takeStartOutput(). `coldStart`, when given, receives how the
    // start went (only when it succeeds: a failed start has no figures); they also go with the
    // "server-started" note's data (exec_ms, accept_ms, ready_ms, rss_bytes, pss_bytes).
    sb::Status start(const plan::Configuration &config, int round, ColdStart *coldStart = nullptr);
    // What the tree of the configuration's last failed start() wrote (redacted), once; nullopt
    // when there is none.
    std::optional<Output> takeStartOutput(const QString &configuration);
    // True while the configuration's root process runs.
    bool running(const QString &configuration);
    // The configuration's tree, or null.
    ServerProcess *process(const QString &configuration);
    // Stops the tree (the configuration's stop signal and grace, then SIGKILL) and returns what
    // it wrote; nullopt when it had none.
    std::optional<Output> stop(const QString &configuration);
    // Configurations that have a tree.
    QStringList configurations() const;

    // A configuration with "host" (the server on its own machine, run/serverhost.h) has its tree
    // started, stopped, watched and sampled there by the host's agent, one connection per host
    // for the pool's life; process() is null for it. The host of the configuration's tree, or
    // null when it runs here (or has none).
    ServerHost *hostOf(const QString &configuration);
    // The host a configuration runs on, connected on first use. Errors: code "run.host".
    sb::Result<ServerHost *> connectHost(const QString &hostName);
    // Of the configuration's tree, here or on its host: "exited with code 3", "running", "not
    // started", "its host is unreachable: ...".
    QString exitDescription(const QString &configuration);
    // How the tree is contained (containmentName()), "" without one.
    QString containmentOf(const QString &configuration);
    // The root's pid on its machine, 0 without a tree.
    qint64 pidOf(const QString &configuration);

private:
    struct Server
    {
        std::unique_ptr<ServerProcess> process; // here; null on a host
        ServerHost *host = nullptr;             // on a host: m_hosts owns it
        qint64 remotePid = 0;
        QString remoteContainment;
        QString remoteExit;      // the last status the host gave
        QElapsedTimer statusAge; // since the last status request; invalid before one
        bool remoteRunning = false;
        int round = 0;
        QString stdoutPath;
        QString stderrPath;
    };
    sb::Status startRemote(const plan::Configuration &config, int round, ColdStart *coldStart);
    std::optional<Output> stopRemote(std::map<QString, Server>::iterator it);
    // Asks the host how the tree is (at most every `maxAgeMs`).
    bool remoteRunning(Server &server, const QString &configuration, qint64 maxAgeMs);
    sb::Status readyFailed(const plan::Configuration &config, const sb::Error &error);
    void noteStarted(const plan::Configuration &config, int round, const ColdStart &figures);

    const plan::Plan &m_plan;
    Notify m_notify;
    QTemporaryDir m_logDir;
    std::map<QString, Server> m_servers;
    std::map<QString, Output> m_startOutputs; // of failed starts, until taken
    // Declared last: destroyed first, after ~ServerPool() stopped the trees on them.
    std::map<QString, std::unique_ptr<ServerHost>> m_hosts;
};

} // namespace sb::run
