#include "run/runner.h"

#include "core/enginetext.h"
#include "core/qterror.h"
#include "run/attemptpolicy.h"
#include "run/cellprofiler.h"
#include "run/configurationsession.h"
#include "run/hookmoments.h"
#include "run/plancheck.h"
#include "run/runcontext.h"
#include "run/runopening.h"
#include "run/runprogress.h"
#include "run/windowmeasurement.h"

#include <QMap>

namespace sb::run {

QString endStatus(bool interrupted, bool failed, int unmeasuredCells)
{
    if (failed)
        return store::kStatusFailed;
    if (interrupted)
        return store::kStatusInterrupted;
    return unmeasuredCells > 0 ? QString(store::kStatusIncomplete)
                               : QString(store::kStatusFinished);
}

// One execution of run() or check(): the steps, over the context they share. Each step is its
// own class (runopening.h, configurationsession.h, hookmoments.h, windowmeasurement.h,
// attemptpolicy.h, runprogress.h, plancheck.h); this one only puts them in sequence.
class Runner::Session
{
public:
    Session(RunObserver *observer, const std::atomic<bool> &cancelled)
        : m_context(observer, cancelled)
        , m_moments(m_context)
        , m_configurations(m_context, m_moments)
        , m_progress(m_context)
        , m_measurement(m_context, m_configurations, m_moments, m_progress)
        , m_attempts(m_context, m_configurations, m_measurement, m_progress)
        , m_profiler(m_context, m_configurations, m_measurement)
        , m_opening(m_context)
    {}

    ~Session() { m_configurations.stopAll(); }

    sb::Result<RunFinished> run(const RunOptions &options);

    sb::Result<bool> check(const RunOptions &options, QStringList *report, bool parity,
                           QStringList *problems)
    {
        return PlanCheck(m_context, m_configurations).check(options, report, parity, problems);
    }

    void cancel() { m_measurement.cancel(); }

private:
    Flow measureBlock(const ScheduledBlock &block);
    Flow measureRoute(const plan::Configuration &config, const QList<ScheduledWindow> &cells);
    RunFinished finish(QString status, QString error);
    QString blockedText(const QString &configuration) const
    {
        return QStringLiteral("configuration blocked: ") +
               m_configurations.blockedReason(configuration);
    }

    RunContext m_context;
    HookMoments m_moments;
    ConfigurationSession m_configurations;
    RunProgress m_progress;
    WindowMeasurement m_measurement;
    CellAttempts m_attempts;
    CellProfiler m_profiler;
    RunOpening m_opening;
    QString m_failure; // why the run failed (Flow::Failed)
};

// The run: opened, before_run, each block of the schedule, after_run (whatever the run ended
// as: a failure of it fails the run, and what was measured stays stored), finished.
sb::Result<RunFinished> Runner::Session::run(const RunOptions &options)
{
    if (sb::Status st = m_opening.open(options); !st.ok())
        return st.error();
    const int alreadyValid = m_opening.alreadyValid();
    m_opening.announce(!options.resumeRunId.isEmpty(), alreadyValid);
    Flow flow = Flow::Continue;
    if (sb::Status st = m_moments.runRunMoment(&plan::HookSet::beforeRun); !st.ok()) {
        flow = Flow::Failed;
        m_failure = QStringLiteral("before_run hook failed: ") + sb::qtText(st.error());
    }
    m_progress.start(alreadyValid);
    for (const ScheduledBlock &b : blocksOf(m_context.schedule)) {
        if (flow != Flow::Continue)
            break;
        flow = measureBlock(b);
    }
    m_configurations.stopAll();
    if (sb::Status st = m_moments.runRunMoment(&plan::HookSet::afterRun); !st.ok()) {
        const QString why = QStringLiteral("after_run hook failed: ") + sb::qtText(st.error());
        m_failure = flow == Flow::Failed ? m_failure + QStringLiteral("; ") + why : why;
        flow = Flow::Failed;
    }
    if (flow == Flow::Failed)
        return finish(store::kStatusFailed, m_failure);
    return finish(endStatus(flow == Flow::Interrupted, false, m_progress.unmeasured()), QString());
}

// The cells of one configuration in one round: what this session measures of them (cellTodo()),
// its tree (per round or once; per window it is started by each attempt), then each route's
// cells. A blocked configuration's cells stay to measure.
Flow Runner::Session::measureBlock(const ScheduledBlock &b)
{
    const plan::Configuration &config = *m_context.plan.configuration(b.configuration);
    const plan::Profile &profile = *m_context.profile;
    QList<ScheduledWindow> todo;
    for (const ScheduledWindow &w : b.cells) {
        const CellTodo what =
            cellTodo(m_opening.stored(w), profile.retries, m_context.options.retryFailed);
        if (what == CellTodo::Measure)
            todo << w;
        else if (what == CellTodo::Valid)
            m_progress.passValid();
        else
            m_progress.leaveCell(w, what == CellTodo::RanOut);
    }
    if (todo.isEmpty())
        return Flow::Continue;
    if (m_configurations.blocked(config.name)) {
        m_progress.skipCells(todo, blockedText(config.name));
        return Flow::Continue;
    }
    if (m_context.cancelled())
        return Flow::Interrupted;
    const plan::Profile::Process policy = profile.process;
    if (policy != plan::Profile::Process::Window &&
        !m_configurations.ensure(config, b.round, policy == plan::Profile::Process::Round)) {
        m_progress.skipCells(todo, blockedText(config.name));
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
        if (m_configurations.blocked(config.name)) {
            // The tree could not be restarted: the rest of the block is not measured.
            m_progress.skipCells(todo.mid(i), blockedText(config.name));
            return Flow::Continue;
        }
    }
    if (policy == plan::Profile::Process::Round)
        m_configurations.stop(config.name);
    return Flow::Continue;
}

// The cells of one route in a block, between its before_route and after_route hooks. A failed
// before_route hook (the reset of the route's data) fails the route's cells of this
// configuration in this round closed: measured on stale data they would lie.
Flow Runner::Session::measureRoute(const plan::Configuration &config,
                                   const QList<ScheduledWindow> &cells)
{
    const plan::Route &route = *m_context.plan.route(cells.first().route);
    if (sb::Status st = m_moments.run(&plan::HookSet::beforeRoute, &config, &route); !st.ok()) {
        m_progress.skipCells(cells, QStringLiteral("before_route hook failed: ") +
                                        sb::qtDetail(st.error()));
        return Flow::Continue;
    }
    m_configurations.warmRoutes(config.name).remove(route.name);
    Flow flow = Flow::Continue;
    for (qsizetype c = 0; c < cells.size() && flow == Flow::Continue; ++c) {
        flow = m_attempts.measure(config, route, cells[c], m_opening.stored(cells[c]));
        if (flow == Flow::Failed)
            m_failure = m_attempts.failure();
        else if (flow == Flow::Continue) // after the cell's measured windows, never between them
            flow = m_profiler.profile(config, route, cells[c]);
    }
    // A failure of it is noted; the route's windows are measured already.
    (void)m_moments.run(&plan::HookSet::afterRoute, &config, &route);
    return flow;
}

namespace {

// A run that measured and kept no valid window has measured nothing: it failed, and why is
// every window's failure kind counted ("56 of 56 windows failed: 56 foreign_cpu"). "" when a
// window is valid or none was measured.
QString nothingMeasured(const store::RunStore &store, const QString &runId)
{
    const sb::Result<QVector<store::WindowRecord>> windows = store.windows(runId);
    if (!windows.ok() || windows->isEmpty())
        return {};
    QMap<QString, int> kinds;
    for (const store::WindowRecord &w : *windows) {
        if (w.valid)
            return {};
        ++kinds[w.invalidKind.isEmpty() ? QString(store::kInvalidOther) : w.invalidKind];
    }
    QStringList parts;
    for (auto it = kinds.begin(); it != kinds.end(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
    return QStringLiteral("no valid window: %1 of %1 windows failed (%2)")
        .arg(windows->size())
        .arg(parts.join(QStringLiteral(", ")));
}

} // namespace

RunFinished Runner::Session::finish(QString status, QString error)
{
    m_configurations.stopAll();
    m_opening.release();
    if (status == store::kStatusFinished || status == store::kStatusIncomplete)
        if (const QString why = nothingMeasured(*m_context.store, m_context.runId);
            !why.isEmpty()) {
            status = store::kStatusFailed;
            error = why;
        }
    const plan::Plan &plan = m_context.plan;
    RunFinished finished;
    finished.runId = m_context.runId;
    finished.status = status;
    // Hook output and answers may hold a secret: what the caller prints is scrubbed too.
    finished.error = plan.redact(error);
    finished.failedCells = redactedList(plan, m_progress.failedCells());
    finished.blockedConfigurations = redactedList(plan, m_configurations.blockedList());
    finished.ranOutCells = m_progress.ranOutCells();
    if (!error.isEmpty())
        m_context.note(QStringLiteral("run-failed"), QString(), finished.error);
    if (sb::Status st = m_context.store->finishRun(m_context.runId, status); !st.ok()) {
        // The windows are stored; the run reads "interrupted" (its runner is gone) and can be
        // resumed, so nothing is lost, but the caller must hear of it.
        const QString why =
            QStringLiteral("cannot store the run's final status: ") + sb::qtText(st.error());
        m_context.observer->noted(
            RunNote{m_context.runId, QStringLiteral("warning"), QString(), why, {}});
        finished.error =
            finished.error.isEmpty() ? why : finished.error + QStringLiteral("; ") + why;
    }
    if (sb::Result<store::RunRecord> r = m_context.store->run(m_context.runId); r.ok()) {
        finished.validWindows = int(r->validWindowCount);
        finished.invalidWindows = int(r->windowCount - r->validWindowCount);
    }
    m_context.observer->runFinished(finished);
    return finished;
}

// ---------------------------------------------------------------------------------------------

Runner::Runner(RunObserver *observer)
    : m_observer(observer)
{}

Runner::~Runner() = default;

sb::Result<RunFinished> Runner::run(const RunOptions &options)
{
    // What a run stores (notes, reasons) and reports read back is English, whatever language
    // the GUI that started it speaks (core/enginetext.h).
    const EnglishEngineTexts english;
    Session session(m_observer, m_cancelled);
    setSession(&session);
    sb::Result<RunFinished> result = session.run(options);
    setSession(nullptr);
    return result;
}

sb::Result<bool> Runner::check(const RunOptions &options, QStringList *report, bool parity,
                               QStringList *problems)
{
    Session session(m_observer, m_cancelled);
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
