#include "app/runsession.h"

#include "app/reportoutput.h"
#include "app/terminalobserver.h"
#include "core/limits.h"
#include "core/qterror.h"
#include "store/planoutline.h"
#include "store/runstore.h"

#include <QFile>
#include <QRegularExpression>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <pthread.h>
#include <thread>

namespace sb::cli {

namespace {

sigset_t stopSignals()
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    return set;
}

// Runs the runner on a thread of its own; this thread waits for the stop stopSet meanwhile.
sb::Result<run::RunFinished> runCancellable(const run::RunOptions &options)
{
    const sigset_t stopSet = stopSignals();
    pthread_sigmask(SIG_BLOCK, &stopSet, nullptr);
    TerminalObserver observer;
    run::Runner runner(&observer);
    std::atomic<bool> done{false};
    sb::Result<run::RunFinished> result = sb::Error{};
    std::thread worker([&] {
        result = runner.run(options);
        done = true;
    });
    bool interrupted = false;
    while (!done) {
        timespec wait{0, 200'000'000};
        if (sigtimedwait(&stopSet, nullptr, &wait) > 0 && !interrupted) {
            interrupted = true;
            std::fprintf(stderr, "\nstackbench: interrupted; stopping (windows already "
                                 "measured stay stored)\n");
            runner.cancel();
        }
    }
    worker.join();
    pthread_sigmask(SIG_UNBLOCK, &stopSet, nullptr);
    return result;
}

// The run's end: its counts and what to do next on stdout; what failed (a configuration not
// measured, a cell without a valid window, the run's error) on stderr, one error line each.
int printFinished(const CommandLine &cl, const run::RunFinished &f, const QString &storeLocation)
{
    const QString id =
        storeLocation.isEmpty() ? f.runId : f.runId + QStringLiteral(" --store ") + storeLocation;
    std::printf("\n");
    printLine(stdout, QStringLiteral("run %1 %2: %3 valid windows, %4 invalid attempts")
                          .arg(f.runId, f.status)
                          .arg(f.validWindows)
                          .arg(f.invalidWindows));
    for (const QString &b : f.blockedConfigurations)
        cl.note(QStringLiteral("not measured: ") + b);
    for (const QString &c : f.failedCells)
        cl.note(QStringLiteral("no valid window: ") + c);
    if (!f.error.isEmpty())
        cl.note(QStringLiteral("error: ") + f.error);
    if (f.status == store::kStatusInterrupted || f.status == store::kStatusIncomplete)
        printLine(stdout, QStringLiteral("  continue with: stackbench resume ") + id);
    if (f.ranOutCells > 0)
        printLine(stdout, QStringLiteral("  re-measure the %1 cell(s) that ran out of retries "
                                         "with: stackbench resume %2 --retry-failed")
                              .arg(f.ranOutCells)
                              .arg(id));
    const bool complete = f.status == store::kStatusFinished && f.failedCells.isEmpty() &&
                          f.blockedConfigurations.isEmpty();
    return complete ? kExitOk : kExitFailure;
}

} // namespace

QCommandLineOption addStoreOption(CommandLine &cl)
{
    return cl.option({QStringLiteral("store")},
                     QStringLiteral("Run store: a SQLite file or "
                                    "postgresql://user:pass@host:port/db (default: %1).")
                         .arg(store::RunStore::defaultLocation()),
                     QStringLiteral("PATH|URL"));
}

QCommandLineOption addVarOption(CommandLine &cl)
{
    return cl.option({QStringLiteral("var")},
                     QStringLiteral("What the plan's ${NAME} stands for (repeatable). A run keeps "
                                    "these for its resume: pass no secret here, give it with "
                                    "${env:} and secret_env or a secret variable."),
                     QStringLiteral("NAME=VALUE"));
}

sb::Result<plan::PlanVariables> varValues(const CommandLine &cl, const QCommandLineOption &option)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    plan::PlanVariables out;
    for (const QString &assignment : cl.values(option)) {
        const qsizetype eq = assignment.indexOf(QLatin1Char('='));
        const QString key = assignment.left(eq);
        if (eq < 0 || !name.match(key).hasMatch())
            return cl.optionError(option, QStringLiteral("expects NAME=VALUE with NAME made of "
                                                         "letters, digits and '_', not \"%1\"")
                                              .arg(assignment));
        if (key == QLatin1String("port"))
            return cl.optionError(option, QStringLiteral("${port} is each configuration's own "
                                                         "port and cannot be set"));
        if (out.contains(key))
            return cl.optionError(option, QStringLiteral("%1 is given twice").arg(key));
        out.insert(key, assignment.mid(eq + 1));
    }
    return out;
}

sb::Status checkBaselineOption(const CommandLine &cl, const QCommandLineOption &option,
                               const QString &planPath)
{
    if (!cl.isSet(option))
        return sb::Ok{};
    QFile file(planPath);
    if (!file.open(QIODevice::ReadOnly))
        return sb::Ok{}; // the run says why it cannot read the plan
    const QStringList names =
        store::planOutline(file.read(limits::kMaxPlanFileBytes)).configurations;
    if (names.contains(cl.value(option)))
        return sb::Ok{};
    return cl.optionError(option, QStringLiteral("the plan has no configuration \"%1\" (it has %2)")
                                      .arg(cl.value(option), names.join(QStringLiteral(", "))));
}

int runAndWatch(const CommandLine &cl, const run::RunOptions &options, QString *runId,
                const QString &baseline)
{
    const sb::Result<run::RunFinished> result = runCancellable(options);
    if (!result.ok())
        return cl.fail(result.error());
    if (runId)
        *runId = result->runId;
    if (auto opened = openForReading(options.storeLocation); opened.ok()) {
        report::ReportOptions summary;
        summary.baseline = baseline;
        if (auto r = report::loadRunReport(**opened, result->runId, summary); r.ok())
            printRunSummary(*r, options.storeLocation);
        else
            cl.warning(QStringLiteral("no summary: ") + sb::qtText(r.error()));
    }
    return printFinished(cl, *result, options.storeLocation);
}

} // namespace sb::cli
