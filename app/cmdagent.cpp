#include "app/cli.h"
#include "app/commands.h"
#include "lane/agentsession.h"
#include "version.h"

#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace sb::cli {

namespace {

const char *const kDescription =
    "The remote side of the equal-resource lane: started by a controller, usually through\n"
    "'ssh -o BatchMode=yes HOST stackbench agent', it speaks the agent protocol on its stdin and\n"
    "stdout (nothing listens on a port) and runs the load engine for its share of a window. It\n"
    "ends everything it started when its stdin closes.";

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
    return session.run();
}

} // namespace sb::cli
