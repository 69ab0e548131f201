#include "app/cli.h"
#include "app/commands.h"
#include "app/runsession.h"
#include "core/qterror.h"
#include "plan/planloader.h"
#include "run/runner.h"

#include <cstdio>

namespace sb::cli {

namespace {

const char *const kDescription =
    "Checks everything a run of the plan will use, without load: the plan (every problem with\n"
    "file:line:column, and its warnings), the profile, the plan's database (connected, as\n"
    "whom), what each SQL hook needs of the database user (CHECKPOINT, VACUUM, TRUNCATE, ...:\n"
    "judged from the catalogs, nothing changed), the command hooks' programs, the plan's\n"
    "variables (their commands run; secret values never printed), each load host of the plan\n"
    "(its agent started over ssh: machine, cores and version, or the fault and its fix), and\n"
    "each configuration's start (with its before_/after_configuration hooks), readiness and\n"
    "parity checks.\n"
    "Exit 1 when any of it fails.";

// Runs the runner's check and prints its lines in their order: what passed on stdout, what
// failed on stderr as an error line ("stackbench check: native: parity failed: ..."); 0 when
// everything passed.
int runCheck(const CommandLine &cl, const run::RunOptions &options, bool parity)
{
    run::Runner runner;
    QStringList report;
    QStringList problems;
    const sb::Result<bool> result = runner.check(options, &report, parity, &problems);
    for (const QString &line : report) {
        if (problems.removeOne(line))
            cl.note(line);
        else
            printLine(stdout, QStringLiteral("  ") + line);
    }
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
    const QCommandLineOption profile = cl.option(
        {QStringLiteral("profile")},
        QStringLiteral("Profile to check (default: the plan's default_profile, else its first)."),
        QStringLiteral("NAME"));
    const QCommandLineOption noParity =
        cl.flag({QStringLiteral("no-parity")},
                QStringLiteral("Start no configuration: validate, and reach the database only."));
    const QCommandLineOption var = addVarOption(cl);
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    const sb::Result<QStringList> onlyNames = cl.names(only);
    if (!onlyNames.ok())
        return cl.fail(onlyNames.error());
    const sb::Result<plan::PlanVariables> vars = varValues(cl, var);
    if (!vars.ok())
        return cl.fail(vars.error());
    run::RunOptions options;
    options.planPath = cl.positionalValue(0);
    options.only = *onlyNames;
    options.profile = cl.value(profile);
    options.variables = *vars;
    const QString &path = options.planPath;
    const plan::PlanLoad load = plan::loadPlan(path, options.variables);
    if (!load.ok()) {
        for (const plan::Diagnostic &d : load.diagnostics)
            printLine(stderr, d.toString());
        return cl.inputError(
            QStringLiteral("%1 problem(s) in %2").arg(load.diagnostics.size()).arg(path));
    }
    printLine(stdout, QStringLiteral("%1: valid (%2 configurations, %3 routes, %4 parity checks)")
                          .arg(path)
                          .arg(load.plan->configurations.size())
                          .arg(load.plan->routes.size())
                          .arg(load.plan->parity.size()));
    for (const plan::Diagnostic &w : load.warnings)
        printLine(stdout, QStringLiteral("  warning: ") + w.toString());
    return runCheck(cl, options, !cl.isSet(noParity));
}

} // namespace sb::cli
