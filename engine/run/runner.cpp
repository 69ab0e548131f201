#include "run/runner.h"

#include "core/cpuset.h"
#include "core/qterror.h"
#include "plan/variables.h"
#include "run/environment.h"
#include "run/gates.h"
#include "run/hookrunner.h"
#include "run/httpprobe.h"
#include "run/loadwindow.h"
#include "run/quietwait.h"
#include "run/runnerprocess.h"
#include "run/runvariables.h"
#include "run/schedule.h"
#include "run/serverpool.h"
#include "run/sleepinhibitor.h"
#include "store/runstore.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QMap>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <algorithm>
#include <csignal>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

namespace sb::run {

namespace {

QString cellText(const CellRef &c)
{
    return QStringLiteral("round %1 %2 %3 c=%4")
        .arg(c.round + 1)
        .arg(c.configuration, c.route)
        .arg(c.concurrency);
}

CellRef cellOf(const ScheduledWindow &w, int attempt = 0)
{
    return CellRef{w.round, w.configuration, w.route, w.concurrency, attempt};
}

QString cellKey(int round, const QString &configuration, const QString &route, int concurrency)
{
    return QStringLiteral("%1|%2|%3|%4").arg(round).arg(configuration, route).arg(concurrency);
}

QString cellKey(const ScheduledWindow &w)
{
    return cellKey(w.round, w.configuration, w.route, w.concurrency);
}

// The cells of one configuration in one round, in schedule order.
struct Block
{
    int round = 0;
    QString configuration;
    QList<ScheduledWindow> cells;
};

QList<Block> blocksOf(const QList<ScheduledWindow> &schedule)
{
    QList<Block> blocks;
    for (const ScheduledWindow &w : schedule) {
        if (blocks.isEmpty() || blocks.last().round != w.round ||
            blocks.last().configuration != w.configuration)
            blocks.append(Block{w.round, w.configuration, {}});
        blocks.last().cells.append(w);
    }
    return blocks;
}

// The union of the CPU sets of `pids`, and whether they all had the same set.
std::vector<int> unitedAffinity(const std::vector<pid_t> &pids, bool *uniform)
{
    std::set<int> all;
    std::optional<std::vector<int>> first;
    *uniform = true;
    for (pid_t pid : pids) {
        const std::vector<int> cpus = affinityOf(pid);
        if (cpus.empty())
            continue; // it ended meanwhile
        if (!first)
            first = cpus;
        *uniform = *uniform && cpus == *first;
        all.insert(cpus.begin(), cpus.end());
    }
    return {all.begin(), all.end()};
}

QString cpuText(const std::vector<int> &cpus)
{
    return QString::fromStdString(formatCpuList(cpus));
}

// `value` with every string in it (keys too) scrubbed of the plan's secrets.
QJsonValue redactedJson(const plan::Plan &plan, const QJsonValue &value)
{
    if (value.isString())
        return plan.redact(value.toString());
    if (value.isArray()) {
        QJsonArray out;
        for (const QJsonValue &v : value.toArray())
            out.append(redactedJson(plan, v));
        return out;
    }
    if (!value.isObject())
        return value;
    QJsonObject out;
    const QJsonObject in = value.toObject();
    for (auto it = in.begin(); it != in.end(); ++it)
        out.insert(plan.redact(it.key()), redactedJson(plan, it.value()));
    return out;
}

QStringList redactedList(const plan::Plan &plan, const QStringList &list)
{
    QStringList out;
    for (const QString &s : list)
        out << plan.redact(s);
    return out;
}

// The caller's ${NAME} placeholders (RunOptions::variables) are kept in the run's environment
// record under this key, so that a resume fills the plan the same way without being told again.
const QLatin1String kPlaceholdersKey("placeholders");

QJsonObject placeholdersJson(const plan::PlanVariables &variables)
{
    QJsonObject out;
    for (auto it = variables.begin(); it != variables.end(); ++it)
        out.insert(it.key(), it.value());
    return out;
}

// The stored run's placeholders with the resuming caller's on top.
plan::PlanVariables resumedPlaceholders(const QJsonObject &environment,
                                        const plan::PlanVariables &given)
{
    plan::PlanVariables out;
    const QJsonObject stored = environment.value(kPlaceholdersKey).toObject();
    for (auto it = stored.begin(); it != stored.end(); ++it)
        out.insert(it.key(), it.value().toString());
    for (auto it = given.begin(); it != given.end(); ++it)
        out.insert(it.key(), it.value());
    return out;
}

// Records the resuming process as the run's runner: RunStore::setRunner() where the store has it.
// The store's half of this lands on its own branch; until both are merged the overload below
// keeps this compiling, and the run keeps its first runner's identity.
template<typename Store>
auto recordRunner(Store &store, const QString &runId, const RunnerIdentity &who, int)
    -> decltype(store.setRunner(runId, who.pid, who.host, who.start))
{
    return store.setRunner(runId, who.pid, who.host, who.start);
}

template<typename Store>
sb::Status recordRunner(Store &, const QString &, const RunnerIdentity &, long)
{
    return sb::Ok{};
}

using MomentList = QList<plan::Hook> plan::HookSet::*;

// The moment's key in a plan ("after_warmup").
QString momentName(MomentList moment)
{
    for (const plan::HookMoment &m : plan::hookMoments())
        if (m.list == moment)
            return QString::fromLatin1(m.key);
    return QString();
}

// "before_window[0]" for a plan hook, "configurations[1].before_route[0]" for another, from
// the hook's place in the plan ("plan.json:40:9 at $.hooks.before_window[0]").
QString hookLabel(const plan::Hook &hook)
{
    const qsizetype at = hook.where.lastIndexOf(QStringLiteral(" at $."));
    QString path = at < 0 ? hook.where : hook.where.mid(at + 6);
    return path.replace(QStringLiteral("hooks."), QString());
}

// Where the program of a command hook is, or "" when it cannot be found.
QString programPath(const plan::Hook &hook)
{
    const QString program = hook.command.value(0);
    if (!program.contains(QLatin1Char('/')))
        return QStandardPaths::findExecutable(program);
    const QFileInfo file(QDir(hook.cwd).absoluteFilePath(program));
    return file.isFile() && file.isExecutable() ? file.absoluteFilePath() : QString();
}

} // namespace

QString endStatus(bool interrupted, bool failed, int unmeasuredCells)
{
    if (failed)
        return store::kStatusFailed;
    if (interrupted)
        return store::kStatusInterrupted;
    return unmeasuredCells > 0 ? QString(store::kStatusIncomplete)
                               : QString(store::kStatusFinished);
}

std::optional<QString> resumeRefusal(const store::RunRecord &run, bool force, bool retryFailed)
{
    const QString status = currentStatus(run);
    if (status == store::kStatusFinished && !retryFailed)
        return QStringLiteral("run %1 is already finished (--retry-failed measures its failed "
                              "cells again)")
            .arg(run.id);
    if (status != store::kStatusRunning || run.runnerPid <= 0)
        return std::nullopt;
    if (run.runnerHost == thisProcess().host)
        return QStringLiteral("run %1 is still running (pid %2); stop that process first")
            .arg(run.id)
            .arg(run.runnerPid);
    if (force)
        return std::nullopt;
    return QStringLiteral("run %1 reads running on %2 (pid %3), which this host cannot check; "
                          "resume with --force once that process is gone")
        .arg(run.id, run.runnerHost)
        .arg(run.runnerPid);
}

CellTodo cellTodo(const store::CellProgress *progress, int retries, bool retryFailed)
{
    if (progress && progress->validWindows > 0)
        return CellTodo::Valid;
    const bool ranOut = progress && progress->attempts >= retries + 1;
    if (retryFailed)
        return ranOut ? CellTodo::Measure : CellTodo::NotAsked;
    return ranOut ? CellTodo::RanOut : CellTodo::Measure;
}

// One execution of run() or check(): everything that lives as long as the run.
class Runner::Session
{
public:
    Session(Runner &runner, RunObserver *observer)
        : m_runner(runner)
        , m_observer(observer ? observer : &m_silent)
    {}

    ~Session() { stopAllServers(); }

    sb::Result<RunFinished> run(const RunOptions &options);
    sb::Result<bool> check(const RunOptions &options, QStringList *report, bool parity,
                           QStringList *problems);

    void cancel()
    {
        std::lock_guard<std::mutex> lock(m_windowMutex);
        if (m_window)
            m_window->cancel();
    }

private:
    enum class Flow
    {
        Continue,
        Interrupted,
        Failed // m_failure says why
    };

    struct ConfigurationState
    {
        bool parityDone = false;
        bool blocked = false;
        QString blockedReason;
        bool infoRecorded = false;
        QJsonObject info;         // as stored with the run (ConfigurationRecord::info)
        QSet<QString> warmRoutes; // warmup_scope "route": routes warmed up on the current tree
                                  // since their before_route hooks
    };

    bool cancelled() const { return m_runner.m_cancelled.load(); }

    // ---- run()'s steps
    sb::Status loadPlan(const RunOptions &options, const QString &planPath);
    sb::Status applyVariables(VariableRun *variables = nullptr);
    sb::Status openStore(const QString &location, store::RunStore::OpenMode mode);
    sb::Status openOrResume(const RunOptions &options);
    sb::Status createRun(const RunOptions &options);
    sb::Status resumeRun(const RunOptions &options);
    void holdSleepInhibitor(const QString &runId);
    void readEnvironment(const plan::PlanVariables &placeholders);
    void announce(bool resumed);
    Flow measureBlock(const Block &block);
    Flow measureRoute(const plan::Configuration &config, const QList<ScheduledWindow> &cells);
    Flow measureCell(const plan::Configuration &config, const plan::Route &route,
                     const ScheduledWindow &w);
    RunFinished finish(const QString &status, const QString &error);

    // ---- configurations
    sb::Status startServer(const plan::Configuration &config, int round);
    bool ensureServer(const plan::Configuration &config, int round, bool fresh);
    void block(const plan::Configuration &config, const sb::Error &why);
    void skipCells(const QList<ScheduledWindow> &cells, const QString &reason);
    void leaveCell(const ScheduledWindow &w, CellTodo what);
    void stopServer(const QString &configuration);
    void storeServerLog(const QString &configuration, const ServerPool::Output &out);
    void stopAllServers();
    sb::Status parityGate(const plan::Configuration &config, QStringList *failures);
    QJsonObject parityEntry(const plan::ParityCheck &check, const HttpResponse &r) const;
    void recordConfiguration(const plan::Configuration &config);
    void updateConfigurationInfo(const QString &configuration, const QString &key,
                                 const QString &value);
    void recordTreeCpus(const plan::Configuration &config);
    QString versionOf(const plan::Configuration &config, const plan::VersionProbe &probe);

    // ---- one window
    store::WindowRecord measureOnce(const plan::Configuration &config, const plan::Route &route,
                                    const CellRef &cell);
    bool prepareWindow(const plan::Configuration &config, const plan::Route &route,
                       const CellRef &cell, const WindowSpec &spec, LoadWindow &measurement,
                       store::WindowRecord &window);
    bool warmUp(const plan::Configuration &config, const plan::Route &route, const CellRef &cell,
                const WindowSpec &measured, LoadWindow &measurement, store::WindowRecord &window);
    void measure(const plan::Configuration &config, const CellRef &cell, WindowSpec spec,
                 LoadWindow &measurement, store::WindowRecord &window);
    std::optional<qint64> readCheckpoints(const QString &configuration);
    void noteSamplerEvents(const QString &configuration, const CellRef &cell,
                           const QList<SamplerEvent> &events);
    bool storeWindow(store::WindowRecord &window, int attempt, int maxAttempts);
    void waitForQuietMachine(const store::WindowRecord &contended, const CellRef &next);
    sb::Result<WindowSpec> windowSpec(const plan::Configuration &config, const plan::Route &route,
                                      int concurrency) const;
    TreeSampling treeSampling(const QString &configuration);

    // ---- check()'s steps: each appends its lines and returns false when something failed
    QString profileChoice() const;
    bool checkDatabase(QStringList *report);
    bool checkHooks(const RunOptions &options, QStringList *report);
    bool checkHook(const plan::Hook &hook, QStringList *report);
    bool checkParity(const RunOptions &options, QStringList *report);
    void checkVersions(const RunOptions &options, QStringList *report);
    // Appends `line` to *report, and to m_problems too when it says what failed.
    void checkLine(QStringList *report, const QString &line, bool passed);
    QStringList *m_problems = nullptr;

    // ---- hooks and notes
    QList<plan::Hook> hooksFor(const plan::Configuration *config, const plan::Route *route,
                               MomentList moment) const;
    sb::Status runMoment(MomentList moment, const plan::Configuration *config,
                         const plan::Route *route = nullptr);
    sb::Status runRunMoment(MomentList moment);
    sb::Status runHooks(const QList<plan::Hook> &hooks, const QString &moment,
                        const QString &configuration);
    void note(const QString &kind, const QString &configuration, const QString &detail,
              const QJsonObject &data = {});

    Runner &m_runner;
    RunObserver m_silent;
    RunObserver *m_observer;

    plan::Plan m_plan;
    QList<plan::Diagnostic> m_planWarnings;
    const plan::Profile *m_profile = nullptr;
    bool m_profileNamed = false; // the caller named the profile (else the plan's default)
    RunOptions m_options;        // as run: on resume, the stored run's profile and filters
    std::unique_ptr<store::RunStore> m_store;
    std::unique_ptr<HookRunner> m_hooks;
    std::unique_ptr<ServerPool> m_servers;
    SleepInhibitor m_inhibitor; // held from the run's start to its end
    store::RunRecord m_record;
    QString m_runId;
    QMap<QString, store::CellProgress> m_progress; // by cellKey()
    QList<ScheduledWindow> m_schedule;
    VariableRun m_variables; // what became of the plan's variables (run and resume)
    QStringList m_environmentWarnings;
    QJsonObject m_environment;
    QMap<QString, ConfigurationState> m_states;
    RunFinished m_finished;
    QString m_failure; // why the run failed (Flow::Failed)

    int m_windowNumber = 0;    // 1-based position of the current cell in the schedule
    int m_done = 0;            // cells done: valid, failed or skipped
    int m_doneThisSession = 0; // cells measured in this session (for the ETA)
    int m_unmeasured = 0;      // cells neither valid nor failed after their retries
    QElapsedTimer m_clock;

    std::mutex m_windowMutex;
    LoadWindow *m_window = nullptr; // the window in flight, for cancel()
};

// ---- run()'s steps ----------------------------------------------------------------------------

sb::Result<RunFinished> Runner::Session::run(const RunOptions &options)
{
    if (sb::Status st = openOrResume(options); !st.ok())
        return st.error();
    announce(!options.resumeRunId.isEmpty());
    Flow flow = Flow::Continue;
    if (sb::Status st = runRunMoment(&plan::HookSet::beforeRun); !st.ok()) {
        flow = Flow::Failed;
        m_failure = QStringLiteral("before_run hook failed: ") + sb::qtText(st.error());
    }
    m_clock.start();
    for (const Block &b : blocksOf(m_schedule)) {
        if (flow != Flow::Continue)
            break;
        flow = measureBlock(b);
    }
    // after_run cleans up whatever the run ended as; a failure of it fails the run, and what
    // was measured stays stored.
    stopAllServers();
    if (sb::Status st = runRunMoment(&plan::HookSet::afterRun); !st.ok()) {
        const QString why = QStringLiteral("after_run hook failed: ") + sb::qtText(st.error());
        m_failure = flow == Flow::Failed ? m_failure + QStringLiteral("; ") + why : why;
        flow = Flow::Failed;
    }
    if (flow == Flow::Failed)
        return finish(store::kStatusFailed, m_failure);
    return finish(endStatus(flow == Flow::Interrupted, false, m_unmeasured), QString());
}

sb::Status Runner::Session::loadPlan(const RunOptions &options, const QString &planPath)
{
    plan::PlanLoad load = plan::loadPlan(planPath, options.variables);
    if (!load.ok())
        return sb::qtError(QStringLiteral("plan.invalid"), QString(), load.errorText());
    m_plan = *load.plan;
    m_planWarnings = load.warnings;
    m_profileNamed = !options.profile.isEmpty();
    m_profile = m_profileNamed ? m_plan.profile(options.profile) : m_plan.defaultProfileOrFirst();
    if (!m_profile) {
        QStringList names;
        for (const plan::Profile &p : m_plan.profiles)
            names << p.name;
        return sb::qtError(QStringLiteral("run.profile"), planPath,
                           QStringLiteral("no profile '%1'; the plan has: %2")
                               .arg(options.profile, names.join(QStringLiteral(", "))));
    }
    // An A/A run measures its configuration as two arms, and nothing else.
    if (m_profile->kind == plan::Profile::Kind::AA)
        m_plan.configurations = aaArms(m_plan, *m_profile);
    for (const QString &name : options.only)
        if (!m_plan.configuration(name))
            return sb::qtError(QStringLiteral("run.filter"), planPath,
                               QStringLiteral("no configuration '%1' in the plan").arg(name));
    for (const QString &name : options.routes)
        if (!m_plan.route(name))
            return sb::qtError(QStringLiteral("run.filter"), planPath,
                               QStringLiteral("no route '%1' in the plan").arg(name));
    return sb::Ok{};
}

// The plan's variables, made now (the run's start or its resume) and filled into the plan,
// which registers the secret ones for redaction; then the helpers that use the filled plan.
// `variables` (when given) receives what became of each. An error is the first variable that
// could not be made (the run is blocked); the plan is filled with the values that could.
sb::Status Runner::Session::applyVariables(VariableRun *variables)
{
    VariableRun made = computeVariables(m_plan, QDateTime::currentSecsSinceEpoch());
    const QString profile = m_profile->name;
    m_plan = plan::withVariables(m_plan, made.values);
    m_profile = m_plan.profile(profile);
    m_hooks = std::make_unique<HookRunner>(m_plan.database);
    m_servers = std::make_unique<ServerPool>(
        m_plan, [this](const QString &kind, const QString &configuration, const QString &detail,
                       const QJsonObject &data) { note(kind, configuration, detail, data); });
    const std::optional<sb::Error> error = made.error;
    if (variables)
        *variables = std::move(made);
    if (error)
        return *error;
    return sb::Ok{};
}

sb::Status Runner::Session::openStore(const QString &location, store::RunStore::OpenMode mode)
{
    sb::Result<std::unique_ptr<store::RunStore>> opened = store::RunStore::open(location, mode);
    if (!opened.ok())
        return opened.error();
    m_store = std::move(*opened);
    return sb::Ok{};
}

sb::Status Runner::Session::openOrResume(const RunOptions &options)
{
    m_options = options;
    m_options.retryFailed = options.retryFailed && !options.resumeRunId.isEmpty();
    sb::Status st = options.resumeRunId.isEmpty() ? createRun(options) : resumeRun(options);
    if (!st.ok())
        return st;
    m_runId = m_record.id;
    m_finished.runId = m_runId;
    return sb::Ok{};
}

// A new run: the plan, profile and filters are checked before the store is touched, so a broken
// plan leaves no store (and no directories) behind.
sb::Status Runner::Session::createRun(const RunOptions &options)
{
    if (sb::Status st = loadPlan(options, options.planPath); !st.ok())
        return st;
    if (sb::Status st = applyVariables(&m_variables); !st.ok())
        return st;
    m_schedule = buildSchedule(m_plan, *m_profile, options.only, options.routes);
    if (sb::Status st = openStore(options.storeLocation, store::RunStore::OpenMode::Create);
        !st.ok())
        return st;
    store::RunRecord &r = m_record;
    r.id = store::RunStore::newRunId();
    holdSleepInhibitor(r.id);
    readEnvironment(options.variables);
    const RunnerIdentity self = thisProcess();
    r.planPath = QFileInfo(options.planPath).absoluteFilePath();
    r.planName = m_plan.name;
    r.planText = m_plan.redactedText();
    r.planSha256 = m_plan.sha256;
    r.profile = m_profile->name;
    r.only = options.only;
    r.routes = options.routes;
    r.startedAt = QDateTime::currentDateTimeUtc();
    r.status = store::kStatusRunning;
    r.environment = m_environment;
    r.fileHashes = fileHashes(m_plan);
    r.runnerPid = self.pid;
    r.runnerHost = self.host;
    r.runnerStart = self.start;
    return m_store->createRun(r);
}

// A stored run goes on: only an existing store is opened; a run that is finished, or still
// running in a live process, is refused; the plan file must be unchanged (or `force`).
sb::Status Runner::Session::resumeRun(const RunOptions &options)
{
    if (sb::Status st = openStore(options.storeLocation, store::RunStore::OpenMode::Existing);
        !st.ok())
        return st;
    sb::Result<store::RunRecord> stored = m_store->run(options.resumeRunId);
    if (!stored.ok())
        return sb::qtError(QStringLiteral("run.resume"), m_store->displayLocation(),
                           QStringLiteral("no run '%1' in this store").arg(options.resumeRunId));
    m_record = *stored;
    if (const std::optional<QString> refusal =
            resumeRefusal(m_record, options.force, options.retryFailed))
        return sb::qtError(QStringLiteral("run.resume"), m_record.id, *refusal);
    m_options.profile = m_record.profile;
    m_options.only = m_record.only;
    m_options.routes = m_record.routes;
    m_options.variables = resumedPlaceholders(m_record.environment, options.variables);
    const QString planPath = m_record.planPath;
    QFile planFile(planPath);
    if (!planFile.open(QIODevice::ReadOnly))
        return sb::qtError(QStringLiteral("run.resume"), planPath,
                           QStringLiteral("cannot read the run's plan file: ") +
                               planFile.errorString());
    const QByteArray sha =
        QCryptographicHash::hash(planFile.readAll(), QCryptographicHash::Sha256).toHex();
    if (sha != m_record.planSha256 && !options.force)
        return sb::qtError(QStringLiteral("run.resume"), planPath,
                           QStringLiteral("the plan file changed since run %1 started (sha256 %2, "
                                          "now %3); resume with --force to continue anyway")
                               .arg(m_record.id, QString::fromLatin1(m_record.planSha256.left(12)),
                                    QString::fromLatin1(sha.left(12))));
    if (sb::Status st = loadPlan(m_options, planPath); !st.ok())
        return st;
    if (sb::Status st = applyVariables(&m_variables); !st.ok())
        return st;
    m_schedule = buildSchedule(m_plan, *m_profile, m_options.only, m_options.routes);
    holdSleepInhibitor(m_record.id);
    readEnvironment(m_options.variables);
    sb::Result<QVector<store::CellProgress>> cells = m_store->cellProgress(m_record.id);
    if (!cells.ok())
        return cells.error();
    for (const store::CellProgress &c : *cells)
        m_progress.insert(cellKey(c.round, c.configuration, c.route, c.concurrency), c);
    const RunnerIdentity self = thisProcess();
    m_record.runnerPid = self.pid;
    m_record.runnerHost = self.host;
    m_record.runnerStart = self.start;
    if (sb::Status st = m_store->setRunStatus(m_record.id, store::kStatusRunning); !st.ok())
        return st;
    return recordRunner(*m_store, m_record.id, self, 0);
}

// The environment record: the machine (environmentRecord()), whether the sleep inhibitor is
// held, and the caller's placeholders.
void Runner::Session::readEnvironment(const plan::PlanVariables &placeholders)
{
    int maxConcurrency = 0;
    for (int c : m_profile->concurrency)
        maxConcurrency = std::max(maxConcurrency, c);
    m_environment = runEnvironment(m_plan, m_profile->name, maxConcurrency, m_inhibitor.state(),
                                   &m_environmentWarnings);
    if (!placeholders.isEmpty())
        m_environment.insert(kPlaceholdersKey, placeholdersJson(placeholders));
}

// Keeps the machine awake until finish(); where that cannot be had, announce() says so once.
void Runner::Session::holdSleepInhibitor(const QString &runId)
{
    (void)m_inhibitor.acquire(QStringLiteral("measuring run ") + runId);
}

void Runner::Session::announce(bool resumed)
{
    for (const ScheduledWindow &w : m_schedule) {
        auto it = m_progress.find(cellKey(w));
        if (it != m_progress.end() && it->validWindows > 0)
            ++m_done;
    }
    const int total = int(m_schedule.size());
    m_observer->runStarted(RunStarted{m_runId, m_plan.name, m_profile->name, profileChoice(),
                                      m_store->displayLocation(), total, m_done, resumed,
                                      m_environmentWarnings, m_environment});
    note(resumed ? QStringLiteral("run-resumed") : QStringLiteral("run-started"), QString(),
         QStringLiteral("%1 windows to measure, %2 already valid").arg(total).arg(m_done),
         QJsonObject{{QStringLiteral("runner_pid"), double(m_record.runnerPid)},
                     {QStringLiteral("runner_host"), m_record.runnerHost}});
    if (!m_inhibitor.held())
        note(QStringLiteral("sleep-inhibitor"), QString(),
             QStringLiteral("no sleep inhibitor, the machine may sleep during the run (the sleep "
                            "gate still invalidates such a window): %1")
                 .arg(m_inhibitor.state().section(QStringLiteral(": "), 1)));
    for (const VariableOutcome &v : m_variables.outcomes)
        note(QStringLiteral("variable"), QString(),
             QStringLiteral("variable %1: %2").arg(v.name, v.detail));
    for (const QString &w : m_environmentWarnings)
        note(QStringLiteral("warning"), QString(), w);
    for (const plan::Diagnostic &d : m_planWarnings)
        note(QStringLiteral("warning"), QString(), d.toString());
}

// The cells of one configuration in one round: its tree (per round or once), then each route's
// cells after the route's before_route hooks.
Runner::Session::Flow Runner::Session::measureBlock(const Block &b)
{
    const plan::Configuration &config = *m_plan.configuration(b.configuration);
    ConfigurationState &state = m_states[config.name];
    QList<ScheduledWindow> todo;
    for (const ScheduledWindow &w : b.cells) {
        auto it = m_progress.find(cellKey(w));
        const CellTodo what = cellTodo(it == m_progress.end() ? nullptr : &*it, m_profile->retries,
                                       m_options.retryFailed);
        if (what == CellTodo::Measure)
            todo << w;
        else if (what == CellTodo::Valid)
            ++m_windowNumber;
        else
            leaveCell(w, what);
    }
    if (todo.isEmpty())
        return Flow::Continue;
    if (state.blocked) {
        skipCells(todo, QStringLiteral("configuration blocked: ") + state.blockedReason);
        return Flow::Continue;
    }
    if (cancelled())
        return Flow::Interrupted;
    const plan::Profile::Process policy = m_profile->process;
    if (policy != plan::Profile::Process::Window &&
        !ensureServer(config, b.round, policy == plan::Profile::Process::Round)) {
        skipCells(todo, QStringLiteral("configuration blocked: ") + state.blockedReason);
        return Flow::Continue;
    }
    for (qsizetype i = 0; i < todo.size();) {
        qsizetype end = i;
        while (end < todo.size() && todo[end].route == todo[i].route)
            ++end;
        const QList<ScheduledWindow> routeCells = todo.mid(i, end - i);
        i = end;
        if (const Flow flow = measureRoute(config, routeCells); flow != Flow::Continue)
            return flow;
        if (state.blocked) {
            // The tree could not be restarted: the rest of the block is not measured.
            QList<ScheduledWindow> rest = todo.mid(i);
            skipCells(rest, QStringLiteral("configuration blocked: ") + state.blockedReason);
            return Flow::Continue;
        }
    }
    if (policy == plan::Profile::Process::Round)
        stopServer(config.name);
    return Flow::Continue;
}

// The cells of one route in a block, between its before_route and after_route hooks.
Runner::Session::Flow Runner::Session::measureRoute(const plan::Configuration &config,
                                                    const QList<ScheduledWindow> &cells)
{
    const plan::Route &route = *m_plan.route(cells.first().route);
    // A failed before_route hook (the reset of the route's data) fails the route's cells of
    // this configuration in this round closed: measured on stale data they would lie.
    if (sb::Status st = runMoment(&plan::HookSet::beforeRoute, &config, &route); !st.ok()) {
        skipCells(cells, QStringLiteral("before_route hook failed: ") + sb::qtDetail(st.error()));
        return Flow::Continue;
    }
    m_states[config.name].warmRoutes.remove(route.name);
    Flow flow = Flow::Continue;
    for (qsizetype c = 0; c < cells.size() && flow == Flow::Continue; ++c)
        flow = measureCell(config, route, cells[c]);
    // A failure of it is noted; the route's windows are measured already.
    (void)runMoment(&plan::HookSet::afterRoute, &config, &route);
    return flow;
}

// One cell: attempts until a valid window or the retries are used up.
Runner::Session::Flow Runner::Session::measureCell(const plan::Configuration &config,
                                                   const plan::Route &route,
                                                   const ScheduledWindow &w)
{
    ++m_windowNumber;
    ConfigurationState &state = m_states[config.name];
    const auto progress = m_progress.find(cellKey(w));
    int attempt = progress == m_progress.end() ? 0 : progress->attempts;
    const int maxAttempts = attempt + m_profile->retries + 1;
    const plan::Profile::Process policy = m_profile->process;
    bool valid = false;
    QString lastReason;
    while (!valid && attempt < maxAttempts && !state.blocked) {
        if (cancelled())
            return Flow::Interrupted;
        if (!ensureServer(config, w.round, policy == plan::Profile::Process::Window))
            break;
        const CellRef cell = cellOf(w, attempt);
        store::WindowRecord window = measureOnce(config, route, cell);
        if (cancelled() && !window.valid)
            return Flow::Interrupted; // an abandoned window is not an attempt: nothing stored
        if (!storeWindow(window, attempt, maxAttempts))
            return Flow::Failed;
        ++attempt;
        valid = window.valid;
        lastReason = window.invalidReason;
        if (!valid && !m_servers->running(config.name) &&
            policy != plan::Profile::Process::Window) {
            note(QStringLiteral("server-died"), config.name,
                 QStringLiteral("the server tree died during %1; restarting it")
                     .arg(cellText(cell)));
            if (!ensureServer(config, w.round, true))
                break;
        }
        if (policy == plan::Profile::Process::Window)
            stopServer(config.name);
        if (m_profile->cooldownMs > 0 && !cancelled())
            QThread::msleep(unsigned(m_profile->cooldownMs));
        if (!valid && attempt < maxAttempts && m_plan.sampler.waitQuietMs > 0 && !cancelled() &&
            foreignContended(window.gates))
            waitForQuietMachine(window, cellOf(w, attempt));
    }
    ++m_done;
    ++m_doneThisSession;
    if (!valid) {
        const bool exhausted = attempt >= maxAttempts;
        if (!exhausted)
            ++m_unmeasured;
        else
            ++m_finished.ranOutCells;
        const QString failed = QStringLiteral("%1: %2").arg(
            cellText(cellOf(w, attempt)),
            state.blocked && !exhausted
                ? QStringLiteral("configuration blocked: ") + state.blockedReason
                : lastReason);
        m_finished.failedCells << failed;
        note(QStringLiteral("cell-failed"), config.name, failed);
    }
    const int total = int(m_schedule.size());
    const double perCell = double(m_clock.elapsed()) / 1000.0 / m_doneThisSession;
    m_observer->progressed(Progress{m_runId, m_done, total, perCell * (total - m_done)});
    return Flow::Continue;
}

// Cells that are not measured in this session: they stay to measure (the run ends incomplete).
void Runner::Session::skipCells(const QList<ScheduledWindow> &cells, const QString &reason)
{
    for (const ScheduledWindow &w : cells) {
        ++m_windowNumber;
        ++m_done;
        ++m_unmeasured;
        m_finished.failedCells << QStringLiteral("%1: %2").arg(cellText(cellOf(w)), reason);
    }
    const int total = int(m_schedule.size());
    m_observer->progressed(Progress{m_runId, m_done, total, -1});
}

// A cell this session does not measure: one that ran out of retries before stays failed; one
// that --retry-failed does not ask for stays to measure (the run ends incomplete).
void Runner::Session::leaveCell(const ScheduledWindow &w, CellTodo what)
{
    ++m_windowNumber;
    ++m_done;
    if (what == CellTodo::RanOut) {
        ++m_finished.ranOutCells;
        m_finished.failedCells << QStringLiteral("%1: ran out of retries in an earlier session")
                                      .arg(cellText(cellOf(w)));
    } else {
        ++m_unmeasured;
        m_finished.failedCells << QStringLiteral("%1: not measured yet (--retry-failed measures "
                                                 "only the cells that ran out of retries)")
                                      .arg(cellText(cellOf(w)));
    }
    m_observer->progressed(Progress{m_runId, m_done, int(m_schedule.size()), -1});
}

RunFinished Runner::Session::finish(const QString &status, const QString &error)
{
    stopAllServers();
    m_inhibitor.release();
    m_finished.status = status;
    // Hook output and answers may hold a secret: what the caller prints is scrubbed too.
    m_finished.error = m_plan.redact(error);
    m_finished.failedCells = redactedList(m_plan, m_finished.failedCells);
    m_finished.blockedConfigurations = redactedList(m_plan, m_finished.blockedConfigurations);
    if (!error.isEmpty())
        note(QStringLiteral("run-failed"), QString(), m_finished.error);
    if (sb::Status st = m_store->finishRun(m_runId, status); !st.ok()) {
        // The windows are stored; the run reads "interrupted" (its runner is gone) and can be
        // resumed, so nothing is lost, but the caller must hear of it.
        const QString why =
            QStringLiteral("cannot store the run's final status: ") + sb::qtText(st.error());
        m_observer->noted(RunNote{m_runId, QStringLiteral("warning"), QString(), why, {}});
        m_finished.error =
            m_finished.error.isEmpty() ? why : m_finished.error + QStringLiteral("; ") + why;
    }
    if (sb::Result<store::RunRecord> r = m_store->run(m_runId); r.ok()) {
        m_finished.validWindows = int(r->validWindowCount);
        m_finished.invalidWindows = int(r->windowCount - r->validWindowCount);
    }
    m_observer->runFinished(m_finished);
    return m_finished;
}

// ---- configurations -------------------------------------------------------------------------

// A fresh tree: the one before is stopped first (its output stored, its after_configuration
// hooks run), then this one's before_configuration hooks run.
sb::Status Runner::Session::startServer(const plan::Configuration &config, int round)
{
    stopServer(config.name);
    m_states[config.name].warmRoutes.clear();
    if (sb::Status st = m_servers->start(config, round); !st.ok()) {
        if (const std::optional<ServerPool::Output> out = m_servers->takeStartOutput(config.name))
            storeServerLog(config.name, *out);
        return st;
    }
    return runMoment(&plan::HookSet::beforeConfiguration, &config);
}

// A running tree for the configuration (a fresh one when `fresh`), versions recorded and the
// parity gate passed once; false (and the configuration blocked) when that cannot be had.
bool Runner::Session::ensureServer(const plan::Configuration &config, int round, bool fresh)
{
    if (!fresh && m_servers->running(config.name))
        return true;
    ConfigurationState &state = m_states[config.name];
    sb::Status st = startServer(config, round);
    if (st.ok()) {
        recordConfiguration(config);
        if (!state.parityDone) {
            state.parityDone = true;
            QStringList failures;
            st = parityGate(config, &failures);
        }
    }
    if (st.ok())
        return true;
    block(config, st.error());
    stopServer(config.name);
    return false;
}

void Runner::Session::block(const plan::Configuration &config, const sb::Error &why)
{
    ConfigurationState &state = m_states[config.name];
    state.blocked = true;
    state.blockedReason = sb::qtDetail(why);
    m_finished.blockedConfigurations << QStringLiteral("%1: %2").arg(config.name, sb::qtText(why));
    note(QStringLiteral("configuration-blocked"), config.name,
         QStringLiteral("'%1' is not measured: %2").arg(config.name, sb::qtText(why)));
}

// Stops the configuration's tree, if it has one: its output is stored, then its
// after_configuration hooks run (a failure of them is noted).
void Runner::Session::stopServer(const QString &configuration)
{
    if (!m_servers)
        return;
    const std::optional<ServerPool::Output> out = m_servers->stop(configuration);
    if (!out)
        return;
    storeServerLog(configuration, *out);
    if (const plan::Configuration *config = m_plan.configuration(configuration))
        (void)runMoment(&plan::HookSet::afterConfiguration, config);
}

void Runner::Session::storeServerLog(const QString &configuration, const ServerPool::Output &out)
{
    const bool wrote = !out.stdoutBytes.isEmpty() || !out.stderrBytes.isEmpty();
    if (wrote && m_store && !m_runId.isEmpty()) {
        if (sb::Status st = m_store->appendServerLog(m_runId, configuration, out.round,
                                                     out.stdoutBytes, out.stderrBytes);
            !st.ok())
            note(QStringLiteral("warning"), configuration,
                 QStringLiteral("the server's output of round %1 could not be stored: %2")
                     .arg(out.round + 1)
                     .arg(sb::qtText(st.error())));
    }
}

void Runner::Session::stopAllServers()
{
    if (!m_servers)
        return;
    for (const QString &name : m_servers->configurations())
        stopServer(name);
}

QString Runner::Session::versionOf(const plan::Configuration &config,
                                   const plan::VersionProbe &probe)
{
    QTemporaryDir dir;
    ServerProcess p;
    const QString out = dir.filePath(QStringLiteral("out"));
    if (sb::Status st = p.start(probe.command, config.cwd, config.env, out, out); !st.ok())
        return QStringLiteral("error: ") + sb::qtDetail(st.error());
    QElapsedTimer t;
    t.start();
    while (p.running() && t.elapsed() < 10'000)
        QThread::msleep(10);
    if (p.running()) {
        p.stop(SIGKILL, 0);
        return QStringLiteral("error: no answer within 10 s");
    }
    QFile f(out);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("error: cannot read its output: ") + f.errorString();
    const QString output = QString::fromUtf8(f.readAll());
    if (const std::optional<QString> version = probe.extract(output))
        return m_plan.redact(*version);
    const QString firstLine = output.trimmed().section(QLatin1Char('\n'), 0, 0).left(200);
    note(QStringLiteral("warning"), config.name,
         QStringLiteral("version probe '%1' (%2): its output does not match \"%3\": %4")
             .arg(probe.name, probe.command.join(QLatin1Char(' ')), probe.match,
                  firstLine.isEmpty() ? QStringLiteral("(no output)")
                                      : QStringLiteral("\"%1\"").arg(firstLine)));
    return QStringLiteral("error: the output does not match \"%1\"").arg(probe.match);
}

// What was started, stored once per run with the configuration: command, cwd, redacted
// environment, versions, containment and CPU sets.
void Runner::Session::recordConfiguration(const plan::Configuration &config)
{
    ConfigurationState &state = m_states[config.name];
    if (state.infoRecorded)
        return;
    state.infoRecorded = true;
    QJsonObject versions;
    for (const plan::VersionProbe &probe : config.versions)
        versions.insert(probe.name, versionOf(config, probe));
    QJsonObject env;
    const QMap<QString, QString> redacted = config.redactedEnv();
    for (auto it = redacted.begin(); it != redacted.end(); ++it)
        env.insert(it.key(), it.value());
    QStringList command;
    for (const QString &arg : config.command)
        command << m_plan.redact(arg);
    const ServerProcess *process = m_servers->process(config.name);
    state.info =
        QJsonObject{{QStringLiteral("command"), QJsonArray::fromStringList(command)},
                    {QStringLiteral("cwd"), m_plan.redact(config.cwd)},
                    {QStringLiteral("env"), env},
                    {QStringLiteral("base_url"), config.baseUrl},
                    {QStringLiteral("versions"), versions},
                    {QStringLiteral("containment"),
                     containmentName(process ? process->containment() : Containment::Auto)},
                    {QStringLiteral("cpus"), cpuText(config.cpus)},
                    {QStringLiteral("load_cpus"), cpuText(m_plan.load.cpus)}};
    updateConfigurationInfo(config.name, QString(), QString());
}

// Sets info[key] = value (key empty: stores the info as it is) and stores it when it changed.
void Runner::Session::updateConfigurationInfo(const QString &configuration, const QString &key,
                                              const QString &value)
{
    ConfigurationState &state = m_states[configuration];
    if (!key.isEmpty()) {
        if (state.info.value(key).toString() == value && state.info.contains(key))
            return;
        state.info.insert(key, value);
    }
    if (!m_store || m_runId.isEmpty())
        return;
    const plan::Configuration *planned = m_plan.configuration(configuration);
    const int cpuCount = planned ? int(planned->cpus.size()) : 0;
    if (sb::Status st = m_store->saveConfiguration({m_runId, configuration, state.info, cpuCount});
        !st.ok())
        note(QStringLiteral("warning"), configuration,
             QStringLiteral("the configuration's record could not be stored: ") +
                 sb::qtText(st.error()));
}

// The CPUs the tree's processes may run on now, read back from the kernel.
void Runner::Session::recordTreeCpus(const plan::Configuration &config)
{
    const ServerProcess *process = m_servers->process(config.name);
    if (!process)
        return;
    bool uniform = true;
    const std::vector<int> applied = unitedAffinity(process->members(), &uniform);
    const QString text = cpuText(applied);
    const QString before =
        m_states[config.name].info.value(QStringLiteral("cpus_applied")).toString();
    updateConfigurationInfo(config.name, QStringLiteral("cpus_applied"), text);
    if (text == before)
        return;
    if (!config.cpus.empty() && (!uniform || applied != config.cpus))
        note(QStringLiteral("warning"), config.name,
             QStringLiteral("'%1' asked for CPUs %2 but its processes run on %3%4")
                 .arg(config.name, cpuText(config.cpus), text,
                      uniform ? QString() : QStringLiteral(" (not all on the same set)")));
}

// What the gate saw of one check's response, as the event stores it and the GUI's Check table
// shows it: status, Content-Type, headers and the first 4,000 bytes of the body, redacted.
QJsonObject Runner::Session::parityEntry(const plan::ParityCheck &check,
                                         const HttpResponse &r) const
{
    QJsonArray headers;
    for (const auto &[name, value] : r.headers)
        headers.append(m_plan.redact(QString::fromLatin1(name) + QStringLiteral(": ") +
                                     QString::fromUtf8(value)));
    return QJsonObject{
        {QStringLiteral("check"), check.name},
        {QStringLiteral("status"), r.status},
        {QStringLiteral("content_type"), QString::fromUtf8(r.contentType)},
        {QStringLiteral("headers"), headers},
        {QStringLiteral("body"), m_plan.redact(QString::fromUtf8(r.body.left(4000)))}};
}

sb::Status Runner::Session::parityGate(const plan::Configuration &config, QStringList *failures)
{
    QJsonArray results;
    for (const plan::ParityCheck &check : m_plan.parity) {
        const HttpResponse r = httpRequest(config.baseUrl, check, 30'000);
        QString problem;
        if (r.status == 0)
            problem = QStringLiteral("no response: ") + r.error;
        else
            problem = check.checkResponse(r.status, r.contentType, r.body);
        QJsonObject entry = parityEntry(check, r);
        entry.insert(QStringLiteral("passed"), problem.isEmpty());
        if (!problem.isEmpty()) {
            entry.insert(QStringLiteral("problem"), problem);
            failures->append(QStringLiteral("%1 (%2 %3): %4")
                                 .arg(check.name, check.method, check.path, problem));
        }
        results.append(entry);
    }
    if (failures->isEmpty()) {
        note(QStringLiteral("parity-passed"), config.name,
             m_plan.parity.isEmpty()
                 ? QStringLiteral("parity gate: the plan has no parity checks")
                 : QStringLiteral("parity gate: %1 check(s) passed").arg(m_plan.parity.size()),
             QJsonObject{{QStringLiteral("results"), results}});
        return sb::Ok{};
    }
    const QString detail = QStringLiteral("parity gate: %1 of %2 check(s) failed: %3")
                               .arg(failures->size())
                               .arg(m_plan.parity.size())
                               .arg(failures->join(QStringLiteral("; ")));
    note(QStringLiteral("parity-failed"), config.name, detail,
         QJsonObject{{QStringLiteral("results"), results}});
    return sb::qtError(QStringLiteral("run.parity"), config.where, detail);
}

// ---- one window -----------------------------------------------------------------------------

// Errors: the request rule's (plan/requestbuilder.h) when a variable made at the run's start
// gave a header value the rule refuses; the plan's own text was checked when it loaded.
sb::Result<WindowSpec> Runner::Session::windowSpec(const plan::Configuration &config,
                                                   const plan::Route &route, int concurrency) const
{
    WindowSpec spec;
    sb::Result<plan::HttpRequest> request = plan::routeRequest(config.baseUrl, route);
    if (!request.ok())
        return request.error();
    spec.request = std::move(*request);
    spec.connections = concurrency;
    spec.threads = std::max(1, std::min(m_plan.load.threads, concurrency));
    spec.openLoop = m_plan.load.mode == plan::LoadSettings::Mode::Open;
    spec.ratePerS = m_plan.load.rateRps;
    spec.timeoutMs = m_plan.load.timeoutMs;
    spec.durationMs = m_profile->measureMs;
    spec.intervalMs = m_plan.sampler.intervalMs;
    spec.cpus = m_plan.load.cpus;
    spec.expectStatus = route.expectStatus;
    return spec;
}

TreeSampling Runner::Session::treeSampling(const QString &configuration)
{
    TreeSampling sampling;
    const ServerProcess *process = m_servers->process(configuration);
    sampling.rootPid = process ? process->pid() : 0;
    if (process) { // what escapes the root's descendants is still the server's
        sampling.cgroupDir = QString::fromLocal8Bit(process->cgroupPath());
        sampling.reaperPid = process->supervisorPid();
    }
    sampling.excludes = m_plan.sampler.exclude;
    sampling.sleepGapS = double(m_plan.sampler.sleepGapMs) / 1000.0;
    return sampling;
}

// One attempt of a cell: before_window hooks, warm-up (fails closed), settle, the measured
// window with the sampler, gates.
store::WindowRecord Runner::Session::measureOnce(const plan::Configuration &config,
                                                 const plan::Route &route, const CellRef &cell)
{
    store::WindowRecord window;
    window.runId = m_runId;
    window.round = cell.round;
    window.configuration = cell.configuration;
    window.route = cell.route;
    window.concurrency = cell.concurrency;
    window.attempt = cell.attempt;
    window.startedAt = QDateTime::currentDateTimeUtc();
    const sb::Result<WindowSpec> spec = windowSpec(config, route, cell.concurrency);
    if (!spec.ok()) {
        window.invalidReason =
            QStringLiteral("the request could not be built: ") + sb::qtText(spec.error());
        return window;
    }
    // One measurement for the warm-up and the measured window, reachable by cancel().
    LoadWindow measurement([&](const WindowInterval &i) {
        m_observer->intervalMeasured(IntervalUpdate{m_runId, cell,
                                                    i.warmUp ? Phase::WarmUp : Phase::Measure,
                                                    i.record, i.inFlight, i.draining});
    });
    {
        std::lock_guard<std::mutex> lock(m_windowMutex);
        m_window = &measurement;
    }
    if (cancelled()) // a cancel() before the window was published
        measurement.cancel();
    if (prepareWindow(config, route, cell, *spec, measurement, window))
        measure(config, cell, *spec, measurement, window);
    {
        std::lock_guard<std::mutex> lock(m_windowMutex);
        m_window = nullptr;
    }
    // The window's clean-up runs whatever became of it; if it fails, the next window would
    // start from what this one left, so this one does not count.
    if (sb::Status st = runMoment(&plan::HookSet::afterWindow, &config, &route);
        !st.ok() && window.valid) {
        window.valid = false;
        window.invalidReason =
            QStringLiteral("after_window hook failed: ") + sb::qtDetail(st.error());
    }
    return window;
}

// Up to the measured window: before_window hooks, the warm-up (fails closed), after_warmup
// hooks, settle. False (and the window's reason set) when one of them failed.
bool Runner::Session::prepareWindow(const plan::Configuration &config, const plan::Route &route,
                                    const CellRef &cell, const WindowSpec &spec,
                                    LoadWindow &measurement, store::WindowRecord &window)
{
    if (sb::Status st = runMoment(&plan::HookSet::beforeWindow, &config, &route); !st.ok()) {
        window.invalidReason =
            QStringLiteral("before_window hook failed: ") + sb::qtDetail(st.error());
        return false;
    }
    if (!warmUp(config, route, cell, spec, measurement, window))
        return false;
    if (sb::Status st = runMoment(&plan::HookSet::afterWarmup, &config, &route); !st.ok()) {
        window.invalidReason =
            QStringLiteral("after_warmup hook failed: ") + sb::qtDetail(st.error());
        return false;
    }
    if (m_profile->settleMs > 0)
        QThread::msleep(unsigned(m_profile->settleMs));
    return true;
}

// False (and the window's reason set) when the warm-up could not run or failed. With
// warmup_scope "route" a route is warmed up once on each tree after its before_route hooks, at
// warmup_concurrency (0: the cell's), and its other windows have none.
bool Runner::Session::warmUp(const plan::Configuration &config, const plan::Route &route,
                             const CellRef &cell, const WindowSpec &measured,
                             LoadWindow &measurement, store::WindowRecord &window)
{
    const plan::Warmup &warmup = m_profile->warmup;
    const bool perRoute = m_profile->warmupScope == plan::Profile::WarmupScope::Route;
    QSet<QString> &warm = m_states[config.name].warmRoutes;
    if (warmup.isNone() || (perRoute && warm.contains(route.name)))
        return true;
    WindowSpec spec = measured;
    if (perRoute && m_profile->warmupConcurrency > 0) {
        spec.connections = m_profile->warmupConcurrency;
        spec.threads = std::max(1, std::min(m_plan.load.threads, spec.connections));
    }
    if (warmup.kind == plan::Warmup::Kind::Requests)
        spec.warmupRequests = warmup.requests;
    else
        spec.warmupMs = warmup.durationMs;
    m_observer->windowStarted(
        WindowStarted{m_runId, cell, Phase::WarmUp, m_windowNumber, int(m_schedule.size())});
    const sb::Result<WarmupOutcome> r = measurement.warmUp(spec);
    if (!r.ok()) {
        window.invalidReason =
            QStringLiteral("warm-up could not start: ") + QString::fromStdString(r.error().detail);
        return false;
    }
    if (r->figures.cancelled) {
        window.invalidReason = QStringLiteral("cancelled");
        return false;
    }
    const WarmupOutcome &verdict = *r;
    QJsonObject gate = verdict.gate;
    gate.insert(QStringLiteral("connections"), spec.connections);
    gate.insert(QStringLiteral("scope"),
                perRoute ? QStringLiteral("route") : QStringLiteral("window"));
    window.gates.insert(QStringLiteral("warmup"), gate);
    if (verdict.failure.isEmpty()) {
        if (perRoute)
            warm.insert(route.name);
        return true;
    }
    window.invalidReason = QStringLiteral("warm-up failed: ") + verdict.failure;
    return false;
}

// The measured window: load and sampler together, figures, then the gates.
void Runner::Session::measure(const plan::Configuration &config, const CellRef &cell,
                              WindowSpec spec, LoadWindow &measurement, store::WindowRecord &window)
{
    const std::optional<qint64> checkpointsBefore = readCheckpoints(config.name);
    recordTreeCpus(config);
    m_observer->windowStarted(
        WindowStarted{m_runId, cell, Phase::Measure, m_windowNumber, int(m_schedule.size())});
    window.startedAt = QDateTime::currentDateTimeUtc();
    spec.sample = treeSampling(config.name);
    const sb::Result<WindowOutcome> r = measurement.measure(spec, window);
    if (!r.ok()) {
        window.invalidReason = QStringLiteral("the measured window could not start: ") +
                               QString::fromStdString(r.error().detail);
        return;
    }
    std::optional<qint64> checkpointsAfter;
    if (checkpointsBefore)
        checkpointsAfter = readCheckpoints(config.name);
    updateConfigurationInfo(config.name, QStringLiteral("load_cpus_applied"), cpuText(r->loadCpus));

    window = r->window;
    window.checkpoints = checkpointsAfter ? *checkpointsAfter - *checkpointsBefore : 0;
    noteSamplerEvents(config.name, cell, r->events);

    const ServerProcess *process = m_servers->process(config.name);
    GateFigures f;
    f.cancelled = r->cancelled;
    f.aborted = r->aborted;
    f.serverDied = r->serverExited || !m_servers->running(config.name);
    f.serverDetail = process ? process->exitDescription() : QStringLiteral("not started");
    for (const SamplerEvent &e : r->events)
        if (e.kind == QLatin1String("sleep"))
            f.sleeps << e.detail;
    f.checkpointsWatched = checkpointsAfter.has_value();
    f.checkpoints = window.checkpoints;
    f.foreignPctMean = window.foreignPctMean;
    f.foreignGate = m_plan.sampler.foreignGate;
    f.machineCores = m_plan.sampler.machineCores;
    f.foreignPeakGate = m_plan.sampler.foreignPeakGate;
    f.foreignPeak = foreignPeak(window.intervals);
    f.problems = r->problems;
    f.clientCpuS = window.clientCpuS;
    f.elapsedS = window.elapsedS;
    f.threads = spec.threads;
    f.samplerClientBound = r->clientBound;
    const GateVerdict verdict = evaluateGates(f);
    for (auto it = verdict.gates.begin(); it != verdict.gates.end(); ++it)
        window.gates.insert(it.key(), it.value());
    window.flags = verdict.flags;
    window.valid = verdict.valid();
    window.invalidReason = verdict.reason();
}

// The database's checkpoint counter, when the plan's database is PostgreSQL and readable.
std::optional<qint64> Runner::Session::readCheckpoints(const QString &configuration)
{
    if (!m_hooks->watchesCheckpoints())
        return std::nullopt;
    sb::Result<qint64> c = m_hooks->checkpointCount();
    if (c.ok())
        return *c;
    note(QStringLiteral("warning"), configuration,
         QStringLiteral("cannot read the checkpoint counter (the window's checkpoint gate is not "
                        "applied): ") +
             sb::qtDetail(c.error()));
    return std::nullopt;
}

void Runner::Session::noteSamplerEvents(const QString &configuration, const CellRef &cell,
                                        const QList<SamplerEvent> &events)
{
    for (const SamplerEvent &e : events)
        note(QStringLiteral("sampler-") + e.kind, configuration,
             QStringLiteral("%1 during %2: %3").arg(e.kind, cellText(cell), e.detail),
             QJsonObject{{QStringLiteral("pid"), double(e.pid)}, {QStringLiteral("at_s"), e.atS}});
}

// Stores the window and tells the observer; false (m_failure set) when the store refused it.
bool Runner::Session::storeWindow(store::WindowRecord &window, int attempt, int maxAttempts)
{
    // A failed hook's output or a server's answer in the reason or a gate may hold a secret.
    window.invalidReason = m_plan.redact(window.invalidReason);
    window.gates = redactedJson(m_plan, window.gates).toObject();
    sb::Result<qint64> saved = m_store->saveWindow(window);
    if (!saved.ok()) {
        m_failure = QStringLiteral("cannot store the window of %1: %2")
                        .arg(cellText(CellRef{window.round, window.configuration, window.route,
                                              window.concurrency, window.attempt}),
                             sb::qtText(saved.error()));
        return false;
    }
    window.id = *saved;
    WindowFinished wf{m_runId, window, false, false};
    if (!window.valid) {
        wf.willRetry = attempt + 1 < maxAttempts;
        wf.cellFailed = !wf.willRetry;
    }
    m_observer->windowFinished(wf);
    return true;
}

// Before the re-measure of a contended window: waits until foreign CPU stays below the gate (the
// lower of the mean and the peak gate) or wait_quiet_s passes, instead of spending a retry on a
// machine that is still busy. Shown live; stored as a "quiet-wait" event naming the window.
void Runner::Session::waitForQuietMachine(const store::WindowRecord &contended, const CellRef &next)
{
    const QuietRule rule = quietRule(m_plan.sampler);
    ServerProcess *process = m_servers->process(next.configuration);
    ForeignCpuProbe probe(m_plan.sampler.exclude,
                          process && process->running() ? process->pid() : 0);
    WaitingForQuiet e;
    e.runId = m_runId;
    e.cell = next;
    e.limitS = double(rule.limitMs) / 1000.0;
    e.gatePct = rule.gatePct;
    e.quietNeededS = double(std::min(rule.quietStretchMs, rule.limitMs)) / 1000.0;
    double peakPct = 0;
    int readings = 0;
    auto show = [&](const QuietState &s) {
        e.waitedS = double(s.waitedMs) / 1000.0;
        e.quietS = double(s.quietMs) / 1000.0;
        if (s.outcome != QuietOutcome::Waiting)
            e.outcome = QLatin1String(quietOutcomeName(s.outcome));
        m_observer->quietWaitProgressed(e);
    };
    QuietState end = waitForQuiet(
        rule, std::min(m_plan.sampler.intervalMs, 1000), probe, [this] { return cancelled(); },
        [&](const QuietState &s, double pct) {
            e.foreignPct = pct;
            peakPct = std::max(peakPct, pct);
            ++readings;
            show(s);
        });
    if (end.outcome == QuietOutcome::Cancelled)
        show(end);
    const QString detail = quietWaitSummary(
        end, rule, e.foreignPct,
        QStringLiteral("attempt %1 of %2").arg(next.attempt + 1).arg(cellText(next)));
    note(QStringLiteral("quiet-wait"), next.configuration, detail,
         QJsonObject{{QStringLiteral("window_id"), double(contended.id)},
                     {QStringLiteral("round"), next.round},
                     {QStringLiteral("route"), next.route},
                     {QStringLiteral("concurrency"), next.concurrency},
                     {QStringLiteral("attempt"), next.attempt},
                     {QStringLiteral("outcome"), QLatin1String(quietOutcomeName(end.outcome))},
                     {QStringLiteral("waited_s"), e.waitedS},
                     {QStringLiteral("limit_s"), e.limitS},
                     {QStringLiteral("quiet_s"), e.quietS},
                     {QStringLiteral("gate_pct"), rule.gatePct},
                     {QStringLiteral("foreign_pct_last"), e.foreignPct},
                     {QStringLiteral("foreign_pct_peak"), peakPct},
                     {QStringLiteral("readings"), readings}});
}

// ---- hooks and notes ------------------------------------------------------------------------

// The moment's hooks of the plan, the configuration and the route, in the order they run.
QList<plan::Hook> Runner::Session::hooksFor(const plan::Configuration *config,
                                            const plan::Route *route, MomentList moment) const
{
    QList<plan::Hook> hooks = m_plan.hooks.*moment;
    if (config)
        hooks += config->hooks.*moment;
    if (route)
        hooks += route->hooks.*moment;
    return plan::hooksInRunOrder(hooks);
}

sb::Status Runner::Session::runMoment(MomentList moment, const plan::Configuration *config,
                                      const plan::Route *route)
{
    return runHooks(hooksFor(config, route, moment), momentName(moment),
                    config ? config->name : QString());
}

// before_run or after_run: the plan's hooks, then those of each configuration the run measures.
sb::Status Runner::Session::runRunMoment(MomentList moment)
{
    QList<plan::Hook> hooks = m_plan.hooks.*moment;
    for (const plan::Configuration &config : m_plan.configurations) {
        const bool scheduled =
            std::any_of(m_schedule.begin(), m_schedule.end(),
                        [&](const ScheduledWindow &w) { return w.configuration == config.name; });
        if (scheduled)
            hooks += config.hooks.*moment;
    }
    return runHooks(plan::hooksInRunOrder(hooks), momentName(moment), QString());
}

sb::Status Runner::Session::runHooks(const QList<plan::Hook> &hooks, const QString &moment,
                                     const QString &configuration)
{
    if (hooks.isEmpty())
        return sb::Ok{};
    QString log;
    sb::Status st = m_hooks->run(hooks, moment, &log);
    if (!st.ok()) {
        note(QStringLiteral("hook-failed"), configuration,
             QStringLiteral("%1 hook failed: %2").arg(moment, sb::qtText(st.error())));
        return st;
    }
    note(QStringLiteral("hook"), configuration,
         QStringLiteral("%1: %2 hook(s) ran").arg(moment).arg(hooks.size()),
         QJsonObject{{QStringLiteral("output"), m_plan.redact(log.right(4000))}});
    return sb::Ok{};
}

// To the observer, and to the store's events; an event the store refuses still reaches the
// observer, with a warning beside it.
void Runner::Session::note(const QString &kind, const QString &configuration, const QString &detail,
                           const QJsonObject &data)
{
    const QString clean = m_plan.redact(detail);
    QJsonObject d = redactedJson(m_plan, data).toObject();
    if (!configuration.isEmpty())
        d.insert(QStringLiteral("configuration"), configuration);
    m_observer->noted(RunNote{m_runId, kind, configuration, clean, d});
    if (!m_store || m_runId.isEmpty())
        return;
    if (sb::Status st = m_store->saveEvent(
            store::EventRecord{m_runId, QDateTime::currentDateTimeUtc(), kind, clean, d});
        !st.ok())
        m_observer->noted(RunNote{m_runId,
                                  QStringLiteral("warning"),
                                  configuration,
                                  QStringLiteral("the '%1' event could not be stored: %2")
                                      .arg(kind, sb::qtText(st.error())),
                                  {}});
}

// ---- check ----------------------------------------------------------------------------------

// Everything the run will use, without load: the database and what each SQL hook needs of it,
// the command hooks' programs, then each configuration's start, readiness and parity.
sb::Result<bool> Runner::Session::check(const RunOptions &options, QStringList *report, bool parity,
                                        QStringList *problems)
{
    m_problems = problems;
    if (sb::Status st = loadPlan(options, options.planPath); !st.ok())
        return st.error();
    const QString choice = profileChoice();
    report->append(QStringLiteral("profile: ") + m_profile->name +
                   (choice.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(choice)));
    VariableRun variables;
    bool passed = applyVariables(&variables).ok();
    for (const VariableOutcome &v : variables.outcomes)
        checkLine(report,
                  QStringLiteral("variable %1: %2%3")
                      .arg(v.name, v.ok ? QString() : QStringLiteral("failed: "), v.detail),
                  v.ok);
    // Values that were all made but cannot fill the plan (checkVariableValues()).
    if (variables.error && std::all_of(variables.outcomes.begin(), variables.outcomes.end(),
                                       [](const VariableOutcome &v) { return v.ok; }))
        checkLine(report, QStringLiteral("variables: ") + sb::qtDetail(*variables.error), false);
    passed = checkDatabase(report) && passed;
    passed = checkHooks(options, report) && passed;
    checkVersions(options, report);
    if (parity)
        passed = checkParity(options, report) && passed;
    else
        report->append(QStringLiteral("configurations: not started, so their readiness, parity "
                                      "and before_/after_configuration hooks are not checked"));
    return passed;
}

// How the profile was chosen (RunStarted::profileChoice): "" when the caller named it.
QString Runner::Session::profileChoice() const
{
    if (m_profileNamed)
        return QString();
    return m_plan.defaultProfile.isEmpty() ? QStringLiteral("the plan's first profile")
                                           : QStringLiteral("the plan's default_profile");
}

bool Runner::Session::checkDatabase(QStringList *report)
{
    if (!m_plan.database)
        return true;
    const sb::Result<QString> summary = m_hooks->connectionSummary();
    checkLine(report,
              QStringLiteral("database: ") +
                  m_plan.redact(summary.ok() ? *summary : sb::qtDetail(summary.error())),
              summary.ok());
    return summary.ok();
}

bool Runner::Session::checkHooks(const RunOptions &options, QStringList *report)
{
    QList<const plan::HookSet *> sets{&m_plan.hooks};
    for (const plan::Configuration &config : m_plan.configurations)
        if (options.only.isEmpty() || options.only.contains(config.name))
            sets << &config.hooks;
    for (const plan::Route &route : m_plan.routes)
        if (options.routes.isEmpty() || options.routes.contains(route.name))
            sets << &route.hooks;
    bool passed = true;
    for (const plan::HookSet *set : sets)
        for (const plan::HookMoment &moment : plan::hookMoments())
            for (const plan::Hook &hook : set->*moment.list)
                passed = checkHook(hook, report) && passed;
    return passed;
}

// One line per statement of a SQL hook; one for a command hook (is its program there?).
bool Runner::Session::checkHook(const plan::Hook &hook, QStringList *report)
{
    const QString label = QStringLiteral("hook ") + hookLabel(hook);
    if (hook.kind == plan::Hook::Kind::Command) {
        const QString found = programPath(hook);
        checkLine(
            report,
            m_plan.redact(found.isEmpty()
                              ? QStringLiteral("%1 command %2: not found (in PATH or from %3)")
                                    .arg(label, hook.command.value(0), hook.cwd)
                              : QStringLiteral("%1 command %2: %3 (not run by check)")
                                    .arg(label, hook.command.value(0), found)),
            !found.isEmpty());
        return !found.isEmpty();
    }
    bool passed = true;
    for (const HookRunner::Judgement &j : m_hooks->judge(hook)) {
        checkLine(report,
                  m_plan.redact(QStringLiteral("%1 %2: %3").arg(label, j.statement, j.text)),
                  !j.judged || j.allowed);
        passed = passed && (!j.judged || j.allowed);
    }
    return passed;
}

void Runner::Session::checkLine(QStringList *report, const QString &line, bool passed)
{
    report->append(line);
    if (!passed && m_problems)
        m_problems->append(line);
}

// What each version probe records (a probe that does not match is said, but fails nothing: the
// run records it the same way).
void Runner::Session::checkVersions(const RunOptions &options, QStringList *report)
{
    for (const plan::Configuration &config : m_plan.configurations) {
        if (!options.only.isEmpty() && !options.only.contains(config.name))
            continue;
        for (const plan::VersionProbe &probe : config.versions)
            report->append(QStringLiteral("%1 version %2: %3")
                               .arg(config.name, probe.name, versionOf(config, probe)));
    }
}

bool Runner::Session::checkParity(const RunOptions &options, QStringList *report)
{
    bool allPassed = true;
    for (const plan::Configuration &config : m_plan.configurations) {
        if (!options.only.isEmpty() && !options.only.contains(config.name))
            continue;
        if (cancelled())
            break;
        sb::Status st = startServer(config, 0);
        QStringList failures;
        if (st.ok())
            st = parityGate(config, &failures);
        if (st.ok()) {
            report->append(QStringLiteral("%1: ready, %2 parity check(s) passed")
                               .arg(config.name)
                               .arg(m_plan.parity.size()));
        } else {
            allPassed = false;
            if (failures.isEmpty())
                checkLine(report,
                          m_plan.redact(
                              QStringLiteral("%1: %2").arg(config.name, sb::qtText(st.error()))),
                          false);
            else
                for (const QString &f : failures)
                    checkLine(
                        report,
                        m_plan.redact(QStringLiteral("%1: parity failed: %2").arg(config.name, f)),
                        false);
        }
        stopServer(config.name);
    }
    return allPassed;
}

// ---------------------------------------------------------------------------------------------

Runner::Runner(RunObserver *observer)
    : m_observer(observer)
{}

Runner::~Runner() = default;

sb::Result<RunFinished> Runner::run(const RunOptions &options)
{
    Session session(*this, m_observer);
    setSession(&session);
    sb::Result<RunFinished> result = session.run(options);
    setSession(nullptr);
    return result;
}

sb::Result<bool> Runner::check(const RunOptions &options, QStringList *report, bool parity,
                               QStringList *problems)
{
    Session session(*this, m_observer);
    setSession(&session);
    sb::Result<bool> result = session.check(options, report, parity, problems);
    setSession(nullptr);
    return result;
}

void Runner::setSession(Session *session)
{
    std::lock_guard<std::mutex> lock(m_sessionMutex);
    m_session = session;
}

void Runner::cancel()
{
    m_cancelled.store(true);
    std::lock_guard<std::mutex> lock(m_sessionMutex);
    if (m_session)
        m_session->cancel();
}

} // namespace sb::run
