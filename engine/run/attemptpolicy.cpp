#include "run/attemptpolicy.h"

#include "core/qterror.h"
#include "run/configurationsession.h"
#include "run/gates.h"
#include "run/quietwait.h"
#include "run/runcontext.h"
#include "run/runprogress.h"
#include "run/windowmeasurement.h"

#include <QThread>
#include <algorithm>

namespace sb::run {

CellTodo cellTodo(const store::CellProgress *progress, int retries, bool retryFailed)
{
    if (progress && progress->validWindows > 0)
        return CellTodo::Valid;
    const bool ranOut = progress && progress->attempts >= retries + 1;
    if (retryFailed)
        return ranOut ? CellTodo::Measure : CellTodo::NotAsked;
    return ranOut ? CellTodo::RanOut : CellTodo::Measure;
}

AfterAttempt afterAttempt(plan::Profile::Process policy, bool valid, bool treeRunning,
                          bool contended, bool attemptLeft, qint64 waitQuietMs, bool cancelled)
{
    const bool perWindow = policy == plan::Profile::Process::Window;
    AfterAttempt next;
    next.restartTree = !valid && !treeRunning && !perWindow;
    next.stopTree = perWindow;
    next.waitQuiet = !valid && attemptLeft && waitQuietMs > 0 && !cancelled && contended;
    return next;
}

CellAttempts::CellAttempts(RunContext &context, ConfigurationSession &configurations,
                           WindowMeasurement &measurement, RunProgress &progress)
    : m_context(context)
    , m_configurations(configurations)
    , m_measurement(measurement)
    , m_progress(progress)
{}

Flow CellAttempts::measure(const plan::Configuration &config, const plan::Route &route,
                           const ScheduledWindow &w, const store::CellProgress *stored)
{
    m_progress.beginCell();
    const plan::Profile &profile = *m_context.profile;
    int attempt = stored ? stored->attempts : 0;
    const int maxAttempts = attempt + profile.retries + 1;
    const bool freshPerWindow = profile.process == plan::Profile::Process::Window;
    bool valid = false;
    QString lastReason;
    while (!valid && attempt < maxAttempts && !m_configurations.blocked(config.name)) {
        if (m_context.cancelled())
            return Flow::Interrupted;
        if (!m_configurations.ensure(config, w.round, freshPerWindow))
            break;
        const CellRef cell = cellRef(w, attempt);
        store::WindowRecord window = m_measurement.measure(config, route, cell);
        if (m_context.cancelled() && !window.valid)
            return Flow::Interrupted; // an abandoned window is not an attempt: nothing stored
        if (!storeWindow(window, attempt, maxAttempts))
            return Flow::Failed;
        if (window.invalidKind == store::kInvalidLoadHostSetup) {
            // A host that cannot be reached needs the user: every further window would fail
            // the same way.
            m_failure = window.invalidReason;
            return Flow::Failed;
        }
        ++attempt;
        valid = window.valid;
        lastReason = window.invalidReason;
        const AfterAttempt next =
            afterAttempt(profile.process, valid, m_context.servers->running(config.name),
                         foreignContended(window.gates), attempt < maxAttempts,
                         m_context.plan.sampler.waitQuietMs, m_context.cancelled());
        if (next.restartTree) {
            m_context.note(QStringLiteral("server-died"), config.name,
                           QStringLiteral("the server tree died during %1; restarting it")
                               .arg(describeCell(cell)));
            if (!m_configurations.ensure(config, w.round, true))
                break;
        }
        if (next.stopTree)
            m_configurations.stop(config.name);
        if (profile.cooldownMs > 0 && !m_context.cancelled())
            QThread::msleep(unsigned(profile.cooldownMs));
        if (next.waitQuiet && !m_context.cancelled())
            waitForQuietMachine(window, cellRef(w, attempt));
    }
    const bool exhausted = attempt >= maxAttempts;
    const bool blocked = m_configurations.blocked(config.name);
    m_progress.cellMeasured(cellRef(w, attempt), valid, exhausted,
                            blocked && !exhausted ? QStringLiteral("configuration blocked: ") +
                                                        m_configurations.blockedReason(config.name)
                                                  : lastReason);
    return Flow::Continue;
}

// False (failure() set) when the store refused the window.
bool CellAttempts::storeWindow(store::WindowRecord &window, int attempt, int maxAttempts)
{
    const plan::Plan &plan = m_context.plan;
    if (!window.valid && window.invalidKind.isEmpty())
        window.invalidKind = store::kInvalidOther;
    // A failed hook's output or a server's answer in the reason or a gate may hold a secret.
    window.invalidReason = plan.redact(window.invalidReason);
    window.gates = redactedJson(plan, window.gates).toObject();
    sb::Result<qint64> saved = m_context.store->saveWindow(window);
    if (!saved.ok()) {
        m_failure = QStringLiteral("cannot store the window of %1: %2")
                        .arg(describeCell(CellRef{window.round, window.configuration, window.route,
                                                  window.concurrency, window.attempt}),
                             sb::qtText(saved.error()));
        return false;
    }
    window.id = *saved;
    WindowFinished finished{m_context.runId, window, false, false};
    if (!window.valid) {
        finished.willRetry = attempt + 1 < maxAttempts;
        finished.cellFailed = !finished.willRetry;
    }
    m_context.observer->windowFinished(finished);
    return true;
}

// Waits until foreign CPU stays below the gate (the lower of the mean and the peak gate) or
// wait_quiet_s passes, instead of spending a retry on a machine that is still busy.
void CellAttempts::waitForQuietMachine(const store::WindowRecord &contended, const CellRef &next)
{
    const plan::SamplerSettings &sampler = m_context.plan.sampler;
    const QuietRule rule = quietRule(sampler);
    if (const plan::Configuration *config = m_context.plan.configuration(next.configuration);
        config && !config->host.isEmpty()) {
        // Its foreign CPU is its host's: this machine's quiet says nothing of it.
        m_context.note(QStringLiteral("quiet-wait"), next.configuration,
                       QStringLiteral("attempt %1 of %2: no wait for a quiet machine: the server "
                                      "runs on host %3, whose foreign CPU is watched only while "
                                      "a window measures")
                           .arg(next.attempt + 1)
                           .arg(describeCell(next), config->host),
                       QJsonObject{{QStringLiteral("window_id"), double(contended.id)},
                                   {QStringLiteral("outcome"), QStringLiteral("skipped")}});
        return;
    }
    ServerProcess *process = m_context.servers->process(next.configuration);
    ForeignCpuProbe probe(sampler.exclude, process && process->running() ? process->pid() : 0);
    WaitingForQuiet e;
    e.runId = m_context.runId;
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
        m_context.observer->quietWaitProgressed(e);
    };
    QuietState end = waitForQuiet(
        rule, std::min(sampler.intervalMs, 1000), probe, [this] { return m_context.cancelled(); },
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
        QStringLiteral("attempt %1 of %2").arg(next.attempt + 1).arg(describeCell(next)));
    m_context.note(
        QStringLiteral("quiet-wait"), next.configuration, detail,
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

} // namespace sb::run
