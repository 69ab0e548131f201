#include "app/commands.h"
#include "core/qterror.h"
#include "run/runner.h"
#include "store/runstore.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <pthread.h>
#include <thread>
#include <unistd.h>

namespace sb::cli {

namespace {

int usageError(const char *command, const QString &message)
{
    std::fprintf(stderr, "stackbench %s: %s\n", command, qPrintable(message));
    return 2;
}

QString duration(double s)
{
    if (s < 0)
        return QStringLiteral("?");
    const qint64 t = qint64(s + 0.5);
    if (t >= 3600)
        return QStringLiteral("%1h%2m").arg(t / 3600).arg((t % 3600) / 60, 2, 10, QLatin1Char('0'));
    if (t >= 60)
        return QStringLiteral("%1m%2s").arg(t / 60).arg(t % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1s").arg(t);
}

QString cellText(const run::CellRef &c)
{
    return QStringLiteral("r%1 %2 %3 c=%4")
        .arg(c.round + 1)
        .arg(c.configuration, c.route)
        .arg(c.concurrency);
}

// Prints the run as it goes: one line per event, and on a terminal a progress line that is
// rewritten in place (cell, round, attempt, 2xx/s, ETA).
class TerminalObserver : public run::RunObserver
{
public:
    TerminalObserver()
        : m_tty(isatty(STDOUT_FILENO))
    {}

    void runStarted(const run::RunStarted &e) override
    {
        std::printf("run %s\n", qPrintable(e.runId));
        std::printf("  plan '%s', profile %s, %d windows%s, store %s\n", qPrintable(e.planName),
                    qPrintable(e.profile), e.totalWindows,
                    e.resumed ? qPrintable(QStringLiteral(" (%1 already valid)").arg(e.doneWindows))
                              : "",
                    qPrintable(e.storeLocation));
        for (const QString &w : e.warnings)
            line(QStringLiteral("  warning: ") + w);
        m_total = e.totalWindows;
        m_done = e.doneWindows;
        std::fflush(stdout);
    }

    void windowStarted(const run::WindowStarted &e) override
    {
        m_cell = e.cell;
        m_phase = e.phase;
        m_number = e.windowNumber;
        m_okPerS = 0;
        m_elapsedS = 0;
        progressLine();
    }

    void intervalMeasured(const run::IntervalUpdate &e) override
    {
        m_okPerS = e.interval.okPerS;
        m_elapsedS = e.interval.endS;
        progressLine();
    }

    void windowFinished(const run::WindowFinished &e) override
    {
        const store::WindowRecord &w = e.window;
        const run::CellRef cell{w.round, w.configuration, w.route, w.concurrency, w.attempt};
        const double okPerS = w.elapsedS > 0 ? double(w.ok) / w.elapsedS : 0;
        QString text;
        if (w.valid) {
            text =
                QStringLiteral("  ok   %1 #%2: %3 2xx/s, p99 %4 ms, server %5 cores, %6 per CPU-s")
                    .arg(cellText(cell))
                    .arg(w.attempt + 1)
                    .arg(okPerS, 0, 'f', 1)
                    .arg(w.latencyUs.value(QStringLiteral("p99")).toDouble() / 1000.0, 0, 'f', 2)
                    .arg(w.serverCoresMean, 0, 'f', 2)
                    .arg(w.serverCoresMean > 0 ? okPerS / w.serverCoresMean : 0.0, 0, 'f', 0);
            if (!w.flags.isEmpty())
                text += QStringLiteral(" [%1]").arg(w.flags.join(QStringLiteral(", ")));
        } else {
            text = QStringLiteral("  FAIL %1 #%2: %3%4")
                       .arg(cellText(cell))
                       .arg(w.attempt + 1)
                       .arg(w.invalidReason, e.willRetry ? QStringLiteral(" (measuring again)")
                                                         : QStringLiteral(" (no retries left)"));
        }
        line(text);
    }

    void noted(const run::RunNote &e) override
    {
        static const QStringList quiet = {QStringLiteral("hook"), QStringLiteral("run-started"),
                                          QStringLiteral("run-resumed")};
        if (quiet.contains(e.kind))
            return;
        line(QStringLiteral("  %1%2").arg(
            e.configuration.isEmpty() ? QString() : QStringLiteral("[%1] ").arg(e.configuration),
            e.detail));
    }

    void progressed(const run::Progress &e) override
    {
        m_done = e.doneWindows;
        m_total = e.totalWindows;
        m_etaS = e.etaS;
    }

private:
    void line(const QString &text)
    {
        if (m_tty && m_progressShown)
            std::printf("\r\033[K");
        m_progressShown = false;
        std::printf("%s\n", qPrintable(text));
        std::fflush(stdout);
    }

    void progressLine()
    {
        if (!m_tty)
            return;
        std::printf("\r\033[K[%d/%d] %s attempt %d, %s %.0fs, 2xx/s %.1f, ETA %s", m_number,
                    m_total, qPrintable(cellText(m_cell)), m_cell.attempt + 1,
                    m_phase == run::Phase::WarmUp ? "warm-up" : "measuring", m_elapsedS, m_okPerS,
                    qPrintable(duration(m_etaS)));
        std::fflush(stdout);
        m_progressShown = true;
    }

    bool m_tty;
    bool m_progressShown = false;
    int m_total = 0;
    int m_done = 0;
    int m_number = 0;
    double m_etaS = -1;
    double m_okPerS = 0;
    double m_elapsedS = 0;
    run::CellRef m_cell;
    run::Phase m_phase = run::Phase::WarmUp;
};

// Runs the runner on a thread of its own while this thread waits for SIGINT/SIGTERM, so that
// Ctrl-C cancels cleanly (the window in flight is dropped, everything stored stays).
int runAndWatch(const run::RunOptions &options)
{
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);

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
        if (sigtimedwait(&stopSignals, nullptr, &wait) > 0 && !interrupted) {
            interrupted = true;
            std::fprintf(
                stderr,
                "\nstackbench: interrupted; stopping (windows already measured stay stored)\n");
            runner.cancel();
        }
    }
    worker.join();
    pthread_sigmask(SIG_UNBLOCK, &stopSignals, nullptr);

    if (!result.ok()) {
        std::fprintf(stderr, "stackbench: %s\n", qPrintable(sb::qtText(result.error())));
        return sb::qtCode(result.error()).startsWith(QLatin1String("plan.")) ||
                       sb::qtCode(result.error()).startsWith(QLatin1String("run."))
                   ? 2
                   : 1;
    }
    const run::RunFinished &f = *result;
    std::printf("\nrun %s %s: %d valid windows, %d invalid attempts\n", qPrintable(f.runId),
                qPrintable(f.status), f.validWindows, f.invalidWindows);
    for (const QString &b : f.blockedConfigurations)
        std::printf("  not measured: %s\n", qPrintable(b));
    for (const QString &c : f.failedCells)
        std::printf("  no valid window: %s\n", qPrintable(c));
    if (!f.error.isEmpty())
        std::printf("  error: %s\n", qPrintable(f.error));
    if (f.status == store::kStatusInterrupted)
        std::printf("  continue with: stackbench resume %s\n", qPrintable(f.runId));
    std::fflush(stdout);
    const bool complete = f.status == store::kStatusFinished && f.failedCells.isEmpty() &&
                          f.blockedConfigurations.isEmpty();
    return complete ? 0 : 1;
}

QCommandLineOption storeOption()
{
    return QCommandLineOption(QStringLiteral("store"),
                              QStringLiteral("Run store: a SQLite file or "
                                             "postgresql://user:pass@host:port/db (default: %1).")
                                  .arg(store::RunStore::defaultLocation()),
                              QStringLiteral("PATH|URL"));
}

bool parse(QCommandLineParser &parser, const char *command, const QStringList &args, int &exitCode)
{
    parser.addHelpOption();
    QStringList argv = args;
    argv.prepend(QStringLiteral("stackbench ") + QLatin1String(command));
    if (!parser.parse(argv)) {
        exitCode = usageError(command, parser.errorText());
        return false;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        exitCode = 0;
        return false;
    }
    return true;
}

QStringList splitList(const QStringList &values)
{
    QStringList out;
    for (const QString &v : values)
        for (const QString &part : v.split(QLatin1Char(','), Qt::SkipEmptyParts))
            out << part.trimmed();
    return out;
}

} // namespace

int runCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Runs a plan: rounds x configurations x routes x concurrency, each window warmed up,\n"
        "measured with the load engine and the sampler together, gated (foreign CPU, sleep,\n"
        "server death, database checkpoints) and re-measured when a gate fails. Every attempt is\n"
        "stored; the run id is printed first. Ctrl-C stops; 'stackbench resume RUN' continues."));
    parser.addPositionalArgument(QStringLiteral("PLAN"), QStringLiteral("The plan file (JSON)."));
    const QCommandLineOption profile(QStringLiteral("profile"),
                                     QStringLiteral("Profile to run (default quick)."),
                                     QStringLiteral("NAME"), QStringLiteral("quick"));
    const QCommandLineOption only(QStringLiteral("only"),
                                  QStringLiteral("Only these configurations (comma-separated)."),
                                  QStringLiteral("CONFIG[,CONFIG]"));
    const QCommandLineOption routes(QStringLiteral("routes"),
                                    QStringLiteral("Only these routes (comma-separated)."),
                                    QStringLiteral("ROUTE[,ROUTE]"));
    const QCommandLineOption store = storeOption();
    parser.addOptions({profile, only, routes, store});
    int exitCode = 0;
    if (!parse(parser, "run", args, exitCode))
        return exitCode;
    if (parser.positionalArguments().size() != 1)
        return usageError("run", QStringLiteral("expected one plan file (try --help)"));
    run::RunOptions options;
    options.planPath = parser.positionalArguments().first();
    options.profile = parser.value(profile);
    options.only = splitList(parser.values(only));
    options.routes = splitList(parser.values(routes));
    options.storeLocation = parser.value(store);
    return runAndWatch(options);
}

int resumeCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Continues a stored run after its last stored window: cells with a valid window are\n"
        "skipped, the others are measured (attempts continue). Refuses when the plan file\n"
        "changed since the run started, unless --force."));
    parser.addPositionalArgument(QStringLiteral("RUN"), QStringLiteral("The run id."));
    const QCommandLineOption force(QStringLiteral("force"),
                                   QStringLiteral("Resume even though the plan file changed."));
    const QCommandLineOption store = storeOption();
    parser.addOptions({force, store});
    int exitCode = 0;
    if (!parse(parser, "resume", args, exitCode))
        return exitCode;
    if (parser.positionalArguments().size() != 1)
        return usageError("resume", QStringLiteral("expected one run id (see 'stackbench list')"));
    run::RunOptions options;
    options.resumeRunId = parser.positionalArguments().first();
    options.force = parser.isSet(force);
    options.storeLocation = parser.value(store);
    return runAndWatch(options);
}

int listCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Lists the stored runs, newest first."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print a JSON array."));
    const QCommandLineOption store = storeOption();
    parser.addOptions({json, store});
    int exitCode = 0;
    if (!parse(parser, "list", args, exitCode))
        return exitCode;
    auto opened = store::RunStore::open(parser.value(store));
    if (!opened.ok()) {
        std::fprintf(stderr, "stackbench list: %s\n", qPrintable(sb::qtText(opened.error())));
        return 1;
    }
    auto runs = (*opened)->runs();
    if (!runs.ok()) {
        std::fprintf(stderr, "stackbench list: %s\n", qPrintable(sb::qtText(runs.error())));
        return 1;
    }
    if (parser.isSet(json)) {
        QJsonArray array;
        for (const store::RunRecord &r : *runs)
            array.append(QJsonObject{
                {QStringLiteral("id"), r.id},
                {QStringLiteral("plan"), r.planPath},
                {QStringLiteral("profile"), r.profile},
                {QStringLiteral("status"), r.status},
                {QStringLiteral("started_at"), r.startedAt.toString(Qt::ISODateWithMs)},
                {QStringLiteral("finished_at"),
                 r.finishedAt.isValid() ? r.finishedAt.toString(Qt::ISODateWithMs) : QString()},
                {QStringLiteral("windows"), double(r.windowCount)},
                {QStringLiteral("valid_windows"), double(r.validWindowCount)}});
        std::fputs(QJsonDocument(array).toJson(QJsonDocument::Indented).constData(), stdout);
        return 0;
    }
    if (runs->isEmpty()) {
        std::printf("no runs in %s\n", qPrintable((*opened)->displayLocation()));
        return 0;
    }
    std::printf("%-22s %-12s %-8s %7s %7s  %s\n", "RUN", "STATUS", "PROFILE", "VALID", "WINDOWS",
                "PLAN");
    for (const store::RunRecord &r : *runs)
        std::printf("%-22s %-12s %-8s %7lld %7lld  %s\n", qPrintable(r.id), qPrintable(r.status),
                    qPrintable(r.profile), static_cast<long long>(r.validWindowCount),
                    static_cast<long long>(r.windowCount), qPrintable(r.planPath));
    return 0;
}

int checkCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Validates a plan (every problem with file:line:column) and runs the parity gate of each\n"
        "configuration: start, readiness, parity checks, stop. No load."));
    parser.addPositionalArgument(QStringLiteral("PLAN"), QStringLiteral("The plan file (JSON)."));
    const QCommandLineOption only(QStringLiteral("only"),
                                  QStringLiteral("Only these configurations (comma-separated)."),
                                  QStringLiteral("CONFIG[,CONFIG]"));
    const QCommandLineOption validateOnly(QStringLiteral("no-parity"),
                                          QStringLiteral("Validate only; start nothing."));
    parser.addOptions({only, validateOnly});
    int exitCode = 0;
    if (!parse(parser, "check", args, exitCode))
        return exitCode;
    if (parser.positionalArguments().size() != 1)
        return usageError("check", QStringLiteral("expected one plan file (try --help)"));
    const QString path = parser.positionalArguments().first();
    const plan::PlanLoad load = plan::loadPlan(path);
    if (!load.ok()) {
        std::fprintf(stderr, "%s\n", qPrintable(load.errorText()));
        std::fprintf(stderr, "stackbench check: %lld problem(s) in %s\n",
                     static_cast<long long>(load.diagnostics.size()), qPrintable(path));
        return 2;
    }
    std::printf("%s: valid (%lld configurations, %lld routes, %lld parity checks)\n",
                qPrintable(path), static_cast<long long>(load.plan->configurations.size()),
                static_cast<long long>(load.plan->routes.size()),
                static_cast<long long>(load.plan->parity.size()));
    if (parser.isSet(validateOnly))
        return 0;
    run::RunOptions options;
    options.planPath = path;
    options.only = splitList(parser.values(only));
    options.profile = load.plan->profiles.first().name;
    run::Runner runner;
    QStringList report;
    auto result = runner.check(options, &report);
    for (const QString &line : report)
        std::printf("  %s\n", qPrintable(line));
    if (!result.ok()) {
        std::fprintf(stderr, "stackbench check: %s\n", qPrintable(sb::qtText(result.error())));
        return 2;
    }
    return *result ? 0 : 1;
}

} // namespace sb::cli
