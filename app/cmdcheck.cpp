#include "app/cli.h"
#include "app/commands.h"
#include "core/qterror.h"
#include "plan/planloader.h"
#include "run/runner.h"

#include <cstdio>

namespace sb::cli {

namespace {

const char *const kDescription =
    "Validates a plan (every problem with file:line:column) and runs the parity gate of each\n"
    "configuration: start, readiness, parity checks, stop. No load.";

// Starts each configuration and runs its parity checks; 0 when all pass.
int runParity(const CommandLine &cl, const QString &path, const QStringList &only,
              const QString &profile)
{
    run::RunOptions options;
    options.planPath = path;
    options.only = only;
    options.profile = profile;
    run::Runner runner;
    QStringList report;
    const sb::Result<bool> result = runner.check(options, &report);
    for (const QString &line : report)
        std::printf("  %s\n", qPrintable(line));
    std::fflush(stdout);
    if (!result.ok())
        return cl.fail(result.error());
    return *result ? kExitOk : kExitFailure;
}

} // namespace

int checkCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("check"), QString::fromLatin1(kDescription));
    cl.positional(QStringLiteral("PLAN"), QStringLiteral("The plan file (JSON)."));
    const QCommandLineOption only = cl.option(
        {QStringLiteral("only")}, QStringLiteral("Only these configurations (comma-separated)."),
        QStringLiteral("CONFIG[,CONFIG]"));
    const QCommandLineOption validateOnly =
        cl.flag({QStringLiteral("no-parity")}, QStringLiteral("Validate only; start nothing."));
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    const sb::Result<QStringList> onlyNames = cl.names(only);
    if (!onlyNames.ok())
        return cl.fail(onlyNames.error());
    const QString path = cl.positionalValue(0);
    const plan::PlanLoad load = plan::loadPlan(path);
    if (!load.ok()) {
        std::fprintf(stderr, "%s\n", qPrintable(load.errorText()));
        return cl.inputError(
            QStringLiteral("%1 problem(s) in %2").arg(load.diagnostics.size()).arg(path));
    }
    std::printf("%s: valid (%lld configurations, %lld routes, %lld parity checks)\n",
                qPrintable(path), static_cast<long long>(load.plan->configurations.size()),
                static_cast<long long>(load.plan->routes.size()),
                static_cast<long long>(load.plan->parity.size()));
    std::fflush(stdout);
    if (cl.isSet(validateOnly))
        return kExitOk;
    return runParity(cl, path, *onlyNames, load.plan->profiles.first().name);
}

} // namespace sb::cli
