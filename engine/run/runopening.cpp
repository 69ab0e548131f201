#include "run/runopening.h"

#include "core/qterror.h"
#include "run/environment.h"
#include "run/runcontext.h"
#include "run/runnerprocess.h"
#include "run/schedule.h"
#include "store/runstore.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <algorithm>

namespace sb::run {

namespace {

// The caller's ${NAME} placeholders (RunOptions::variables) are kept in the run's environment
// record under this key, so that a resume fills the plan the same way without being told again.
const QLatin1String kPlaceholdersKey("placeholders");
// RunOptions::profileCpu, kept the same way (true, or absent).
const QLatin1String kProfileCpuKey("profile_cpu");

QJsonObject placeholdersJson(const plan::PlanVariables &variables)
{
    QJsonObject out;
    for (auto it = variables.begin(); it != variables.end(); ++it)
        out.insert(it.key(), it.value());
    return out;
}

} // namespace

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

RunOptions resumedOptions(const store::RunRecord &run, const RunOptions &given)
{
    RunOptions out = given;
    out.planPath = run.planPath;
    out.profile = run.profile;
    out.only = run.only;
    out.routes = run.routes;
    out.variables.clear();
    const QJsonObject stored = run.environment.value(kPlaceholdersKey).toObject();
    for (auto it = stored.begin(); it != stored.end(); ++it)
        out.variables.insert(it.key(), it.value().toString());
    for (auto it = given.variables.begin(); it != given.variables.end(); ++it)
        out.variables.insert(it.key(), it.value());
    out.profileCpu = given.profileCpu || run.environment.value(kProfileCpuKey).toBool();
    return out;
}

RunOpening::RunOpening(RunContext &context)
    : m_context(context)
{}

sb::Status RunOpening::open(const RunOptions &options)
{
    RunOptions asked = options;
    asked.retryFailed = options.retryFailed && !options.resumeRunId.isEmpty();
    sb::Status st = asked.resumeRunId.isEmpty() ? createRun(asked) : resumeRun(asked);
    if (!st.ok())
        return st;
    m_context.runId = m_record.id;
    return sb::Ok{};
}

sb::Status RunOpening::openStore(const QString &location, bool existing)
{
    sb::Result<std::unique_ptr<store::RunStore>> opened =
        store::RunStore::open(location, existing ? store::RunStore::OpenMode::Existing
                                                 : store::RunStore::OpenMode::Create);
    if (!opened.ok())
        return opened.error();
    m_context.store = std::move(*opened);
    return sb::Ok{};
}

// The plan, profile and filters are checked before the store is touched.
sb::Status RunOpening::createRun(const RunOptions &options)
{
    if (sb::Status st = m_context.loadPlan(options, options.planPath); !st.ok())
        return st;
    if (sb::Status st = m_context.applyVariables(&m_variables); !st.ok())
        return st;
    const plan::Plan &plan = m_context.plan;
    m_context.schedule = buildSchedule(plan, *m_context.profile, options.only, options.routes);
    if (sb::Status st = openStore(options.storeLocation, false); !st.ok())
        return st;
    store::RunRecord &r = m_record;
    r.id = store::RunStore::newRunId();
    (void)m_inhibitor.acquire(QStringLiteral("measuring run ") + r.id);
    readEnvironment(options.variables);
    const RunnerIdentity self = thisProcess();
    r.planPath = QFileInfo(options.planPath).absoluteFilePath();
    r.planName = m_context.plan.name;
    r.planName = plan.name;
    r.planText = plan.redactedText();
    r.planSha256 = plan.sha256;
    r.profile = m_context.profile->name;
    r.only = options.only;
    r.routes = options.routes;
    r.startedAt = QDateTime::currentDateTimeUtc();
    r.status = store::kStatusRunning;
    r.environment = m_environment;
    r.fileHashes = fileHashes(plan);
    r.runnerPid = self.pid;
    r.runnerHost = self.host;
    r.runnerStart = self.start;
    return m_context.store->createRun(r);
}

sb::Status RunOpening::resumeRun(const RunOptions &options)
{
    if (sb::Status st = openStore(options.storeLocation, true); !st.ok())
        return st;
    store::RunStore &store = *m_context.store;
    sb::Result<store::RunRecord> found = store.run(options.resumeRunId);
    if (!found.ok())
        return sb::qtError(QStringLiteral("run.resume"), store.displayLocation(),
                           QStringLiteral("no run '%1' in this store").arg(options.resumeRunId));
    m_record = *found;
    if (const std::optional<QString> refusal =
            resumeRefusal(m_record, options.force, options.retryFailed))
        return sb::qtError(QStringLiteral("run.resume"), m_record.id, *refusal);
    const RunOptions asRun = resumedOptions(m_record, options);
    QFile planFile(asRun.planPath);
    if (!planFile.open(QIODevice::ReadOnly))
        return sb::qtError(QStringLiteral("run.resume"), asRun.planPath,
                           QStringLiteral("cannot read the run's plan file: ") +
                               planFile.errorString());
    const QByteArray sha =
        QCryptographicHash::hash(planFile.readAll(), QCryptographicHash::Sha256).toHex();
    if (sha != m_record.planSha256 && !options.force)
        return sb::qtError(QStringLiteral("run.resume"), asRun.planPath,
                           QStringLiteral("the plan file changed since run %1 started (sha256 %2, "
                                          "now %3); resume with --force to continue anyway")
                               .arg(m_record.id, QString::fromLatin1(m_record.planSha256.left(12)),
                                    QString::fromLatin1(sha.left(12))));
    if (sb::Status st = m_context.loadPlan(asRun, asRun.planPath); !st.ok())
        return st;
    if (sb::Status st = m_context.applyVariables(&m_variables); !st.ok())
        return st;
    m_context.schedule =
        buildSchedule(m_context.plan, *m_context.profile, asRun.only, asRun.routes);
    (void)m_inhibitor.acquire(QStringLiteral("measuring run ") + m_record.id);
    readEnvironment(asRun.variables);
    sb::Result<QVector<store::CellProgress>> cells = store.cellProgress(m_record.id);
    if (!cells.ok())
        return cells.error();
    for (const store::CellProgress &c : *cells)
        m_stored.insert(cellKey(c.round, c.configuration, c.route, c.concurrency), c);
    const RunnerIdentity self = thisProcess();
    m_record.runnerPid = self.pid;
    m_record.runnerHost = self.host;
    m_record.runnerStart = self.start;
    if (sb::Status st = store.setRunStatus(m_record.id, store::kStatusRunning); !st.ok())
        return st;
    return store.setRunner(m_record.id, self.pid, self.host, self.start);
}

// The machine and whether the sleep inhibitor is held (runEnvironment()), and the caller's
// placeholders.
void RunOpening::readEnvironment(const plan::PlanVariables &placeholders)
{
    const plan::Profile &profile = *m_context.profile;
    int maxConcurrency = 0;
    for (int c : profile.concurrency)
        maxConcurrency = std::max(maxConcurrency, c);
    m_environment = runEnvironment(m_context.plan, profile.name, maxConcurrency,
                                   m_inhibitor.state(), &m_environmentWarnings);
    if (!placeholders.isEmpty())
        m_environment.insert(kPlaceholdersKey, placeholdersJson(placeholders));
    if (m_context.options.profileCpu)
        m_environment.insert(kProfileCpuKey, true);
}

void RunOpening::announce(bool resumed, int alreadyValid)
{
    const int total = m_context.totalCells();
    m_context.observer->runStarted(
        RunStarted{m_context.runId, m_context.plan.name, m_context.profile->name,
                   m_context.profileChoice(), m_context.store->displayLocation(), total,
                   alreadyValid, resumed, m_environmentWarnings, m_environment});
    m_context.note(
        resumed ? QStringLiteral("run-resumed") : QStringLiteral("run-started"), QString(),
        QStringLiteral("%1 windows to measure, %2 already valid").arg(total).arg(alreadyValid),
        QJsonObject{{QStringLiteral("runner_pid"), double(m_record.runnerPid)},
                    {QStringLiteral("runner_host"), m_record.runnerHost}});
    if (!m_inhibitor.held())
        m_context.note(QStringLiteral("sleep-inhibitor"), QString(),
                       QStringLiteral("no sleep inhibitor, the machine may sleep during the run "
                                      "(the sleep gate still invalidates such a window): %1")
                           .arg(m_inhibitor.state().section(QStringLiteral(": "), 1)));
    for (const VariableOutcome &v : m_variables.outcomes)
        m_context.note(QStringLiteral("variable"), QString(),
                       QStringLiteral("variable %1: %2").arg(v.name, v.detail));
    for (const QString &w : m_environmentWarnings)
        m_context.note(QStringLiteral("warning"), QString(), w);
    for (const plan::Diagnostic &d : m_context.planWarnings)
        m_context.note(QStringLiteral("warning"), QString(), d.toString());
}

const store::CellProgress *RunOpening::stored(const ScheduledWindow &w) const
{
    const auto it = m_stored.find(cellKey(w));
    return it == m_stored.end() ? nullptr : &*it;
}

int RunOpening::alreadyValid() const
{
    int valid = 0;
    for (const ScheduledWindow &w : m_context.schedule)
        if (const store::CellProgress *p = stored(w); p && p->validWindows > 0)
            ++valid;
    return valid;
}

} // namespace sb::run
