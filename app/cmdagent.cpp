#include "app/cli.h"
#include "app/commands.h"
#include "lane/agentsession.h"
#include "run/serverhostagent.h"
#include "version.h"

#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace sb::cli {

namespace {

const char *const kDescription =
    "The remote side of the equal-resource lane: started by a controller, usually through\n"
    "'ssh -o BatchMode=yes HOST stackbench agent', it speaks the agent protocol on its stdin and\n"
    "stdout (nothing listens on a port) and runs the load engine for its share of a window; on\n"
    "a configuration's own host it starts, contains and samples the server's process tree and\n"
    "runs its commands. It ends everything it started when its stdin closes.";

} // namespace

int agentCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("agent"), QString::fromLatin1(kDescription));
    const QCommandLineOption version = cl.flag(
        {QStringLiteral("version")},
        QStringLiteral("Print the agent's version (the controller's must be the same) and exit."));
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    if (cl.isSet(version)) {
        std::printf("stackbench %s (%s)\n", sb::kVersion, sb::kGitRevision);
        return kExitOk;
    }
    // A controller that went away shows as a write error on stdout, not as a signal.
    std::signal(SIGPIPE, SIG_IGN);
    sb::lane::AgentSession session(STDIN_FILENO, STDOUT_FILENO);
    sb::run::ServerHostService server([&session](const QJsonObject &m) { session.post(m); });
    session.setHandler([&server](int id, const QString &type, const QJsonObject &message) {
        return server.handle(id, type, message);
    });
    session.setOnEnd([&server] { server.end(); });
    return session.run();
}

} // namespace sb::cli
