#pragma once

#include "core/result.h"
#include "plan/plan.h"
#include "run/serverprocess.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QTemporaryDir>
#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace sb::run {

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

    ServerPool(const plan::Plan &plan, Notify notify);
    ~ServerPool(); // stops every tree (their output is dropped: stop() them first to keep it)
    ServerPool(const ServerPool &) = delete;
    ServerPool &operator=(const ServerPool &) = delete;

    // Stops the configuration's tree if it has one, then starts a fresh one and waits until it
    // is ready. Errors (where = the configuration's place in the plan): "run.url", "run.port-busy"
    // (something else answers on the port for 2 s), "run.start" (ServerProcess::start),
    // "run.ready-timeout" / "run.ready-died" (the server's exit is named, and the last lines it
    // wrote, stderr before stdout, are quoted). Nothing is left running after an error; what
    // the tree wrote is kept for takeStartOutput().
    sb::Status start(const plan::Configuration &config, int round);
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

private:
    struct Server
    {
        std::unique_ptr<ServerProcess> process;
        int round = 0;
        QString stdoutPath;
        QString stderrPath;
    };

    const plan::Plan &m_plan;
    Notify m_notify;
    QTemporaryDir m_logDir;
    std::map<QString, Server> m_servers;
    std::map<QString, Output> m_startOutputs; // of failed starts, until taken
};

} // namespace sb::run
