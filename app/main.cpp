#include "app/commands.h"
#include "version.h"

#include <QCoreApplication>
#include <QTextStream>
#include <cstdio>
#include <cstring>
#include <functional>

#ifdef STACKBENCH_HAVE_UI
#include "ui/mainwindow.h"

#include <QApplication>
#endif

namespace {

struct Command
{
    const char *name;
    const char *summary;
    std::function<int(const QStringList &)> run;
};

const Command kCommands[] = {
    {"run", "run a plan: the whole matrix with warm-up, gates, re-measure; every window stored",
     sb::cli::runCommand},
    {"resume", "continue a stored run after its last stored window", sb::cli::resumeCommand},
    {"list", "list the stored runs", sb::cli::listCommand},
    {"check", "validate a plan and run its parity gate, without load", sb::cli::checkCommand},
    {"load", "run a load window against one URL (like wrk, with percentiles and --json)",
     sb::cli::loadCommand},
    {"target", "serve the reference target (the seed's seven routes over SQLite)",
     sb::cli::targetCommand},
    {"sample", "sample a process tree's CPU and memory and the machine's foreign CPU",
     sb::cli::sampleCommand},
};

void printUsage(FILE *out)
{
    std::fprintf(out, "Usage: stackbench [COMMAND] [OPTIONS]\n\n"
                      "Fair benchmarks of complete HTTP server stacks. Without a command, opens "
                      "the GUI.\n\nCommands:\n");
    for (const Command &c : kCommands)
        std::fprintf(out, "  %-8s %s\n", c.name, c.summary);
    std::fprintf(out, "\nRun 'stackbench COMMAND --help' for a command's options.\n");
}

} // namespace

int main(int argc, char **argv)
{
    if (argc >= 2 && argv[1][0] != '-') {
        for (const Command &c : kCommands) {
            if (std::strcmp(argv[1], c.name) != 0)
                continue;
            QCoreApplication app(argc, argv);
            QCoreApplication::setApplicationName(QStringLiteral("stackbench"));
            QCoreApplication::setApplicationVersion(QString::fromLatin1(sb::kVersion));
            QStringList args = QCoreApplication::arguments();
            args.remove(0, 2);
            return c.run(args);
        }
        std::fprintf(stderr, "stackbench: unknown command '%s'\n", argv[1]);
        printUsage(stderr);
        return 2;
    }
    if (argc >= 2 && (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h"))) {
        printUsage(stdout);
        return 0;
    }
    if (argc >= 2 && !std::strcmp(argv[1], "--version")) {
        std::printf("stackbench %s (%s)\n", sb::kVersion, sb::kGitRevision);
        return 0;
    }
#ifdef STACKBENCH_HAVE_UI
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("stackbench"));
    QApplication::setApplicationVersion(QString::fromLatin1(sb::kVersion));
    sb::MainWindow window;
    window.show();
    return app.exec();
#else
    std::fprintf(stderr, "stackbench: built without the GUI\n");
    printUsage(stderr);
    return 2;
#endif
}
