#include "app/cli.h"
#include "app/commands.h"
#include "app/runsession.h"
#include "core/qterror.h"
#include "store/runstore.h"

namespace sb::cli {

namespace {

const char *const kRunDescription =
    "Runs a plan: rounds x configurations x routes x concurrency, each window warmed up,\n"
    "measured with the load engine and the sampler together, gated (foreign CPU, sleep,\n"
    "server death, database checkpoints) and re-measured when a gate fails. Every attempt is\n"
    "stored; the run id is printed first. Ctrl-C stops; 'stackbench resume RUN' continues.";

const char *const kResumeDescription =
    "Continues a stored run after its last stored window: cells with a valid window are\n"
    "skipped, cells that ran out of retries stay failed, the others are measured (attempts\n"
    "continue, with a fresh retry budget). --retry-failed instead re-measures exactly the\n"
    "cells that ran out of retries, of a finished run too. Refuses when the plan file\n"
    "changed since the run started, unless --force. The store must exist. The plan's\n"
    "variables are made again; the run's --var values are kept from its start (a --var\n"
    "given here replaces one for this session).";

// The run must be in a store that exists: a mistyped --store or run id creates nothing.
sb::Status checkResumable(const QString &storeLocation, const QString &runId)
{
    auto opened = store::RunStore::open(storeLocation, store::RunStore::OpenMode::Existing);
    if (!opened.ok())
        return opened.error();
    const sb::Result<store::RunRecord> record = (*opened)->run(runId);
    if (!record.ok() && record.error().code == "store.not-found")
        return sb::qtError(QString::fromLatin1(kInputError), QString(),
                           QStringLiteral("no run \"%1\" in %2 (see 'stackbench list')")
                               .arg(runId, (*opened)->displayLocation()));
    if (!record.ok())
        return record.error();
    return sb::Ok{};
}

} // namespace

int runCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("run"), QString::fromLatin1(kRunDescription));
    cl.positional(QStringLiteral("PLAN"), QStringLiteral("The plan file (JSON)."));
    const QCommandLineOption profile =
        cl.option({QStringLiteral("profile")},
                  QStringLiteral("Profile to run (default: the plan's default_profile, else its "
                                 "first profile)."),
                  QStringLiteral("NAME"));
    const QCommandLineOption only = cl.option(
        {QStringLiteral("only")}, QStringLiteral("Only these configurations (comma-separated)."),
        QStringLiteral("CONFIG[,CONFIG]"));
    const QCommandLineOption routes = cl.option(
        {QStringLiteral("routes")}, QStringLiteral("Only these routes (comma-separated)."),
        QStringLiteral("ROUTE[,ROUTE]"));
    const QCommandLineOption baseline = cl.option(
        {QStringLiteral("baseline")},
        QStringLiteral("The configuration the summary compares the others with (default: the "
                       "plan's \"baseline\", else its first configuration)."),
        QStringLiteral("CONFIG"));
    const QCommandLineOption profileCpu = cl.flag(
        {QStringLiteral("profile-cpu")},
        QStringLiteral("Take a CPU profile of each cell's server tree with perf: one more window "
                       "after the cell's last measured window, stored beside it (the profile's "
                       "\"profile_cpu\" chooses the cells when it has one; default: every "
                       "cell, frame pointers, 99 Hz). Without perf the run goes on without."));
    const QCommandLineOption store = addStoreOption(cl);
    const QCommandLineOption var = addVarOption(cl);
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    const sb::Result<plan::PlanVariables> vars = varValues(cl, var);
    if (!vars.ok())
        return cl.fail(vars.error());
    if (sb::Status s = checkBaselineOption(cl, baseline, cl.positionalValue(0)); !s.ok())
        return cl.fail(s.error());
    const sb::Result<QStringList> onlyNames = cl.names(only);
    if (!onlyNames.ok())
        return cl.fail(onlyNames.error());
    const sb::Result<QStringList> routeNames = cl.names(routes);
    if (!routeNames.ok())
        return cl.fail(routeNames.error());
    run::RunOptions options;
    options.planPath = cl.positionalValue(0);
    options.profile = cl.value(profile);
    options.only = *onlyNames;
    options.routes = *routeNames;
    options.storeLocation = cl.value(store);
    options.variables = *vars;
    options.profileCpu = cl.isSet(profileCpu);
    return runAndWatch(cl, options, nullptr, cl.value(baseline));
}

int resumeCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("resume"), QString::fromLatin1(kResumeDescription));
    cl.positional(QStringLiteral("RUN"), QStringLiteral("The run id (see 'stackbench list')."));
    const QCommandLineOption force = cl.flag(
        {QStringLiteral("force")}, QStringLiteral("Resume even though the plan file changed."));
    const QCommandLineOption retryFailed = cl.flag(
        {QStringLiteral("retry-failed")},
        QStringLiteral("Re-measure only the cells that ran out of retries, each with a fresh "
                       "retry budget (a finished run too)."));
    const QCommandLineOption store = addStoreOption(cl);
    const QCommandLineOption var = addVarOption(cl);
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    const sb::Result<plan::PlanVariables> vars = varValues(cl, var);
    if (!vars.ok())
        return cl.fail(vars.error());
    run::RunOptions options;
    options.resumeRunId = cl.positionalValue(0);
    options.variables = *vars;
    options.force = cl.isSet(force);
    options.retryFailed = cl.isSet(retryFailed);
    options.storeLocation = cl.value(store);
    if (sb::Status s = checkResumable(options.storeLocation, options.resumeRunId); !s.ok())
        return cl.fail(s.error());
    return runAndWatch(cl, options);
}

} // namespace sb::cli
