#include "run/cellprofiler.h"

#include "core/qterror.h"
#include "report/figures.h"
#include "run/configurationsession.h"
#include "run/runcontext.h"
#include "run/serverprocess.h"
#include "run/windowmeasurement.h"
#include "stats/summary.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>

namespace sb::run {

namespace {

// A cell across rounds: the profile belongs to it, not to one round's window.
QString profiledKey(const QString &configuration, const QString &route, int concurrency)
{
    return QStringList{configuration, route, QString::number(concurrency)}.join(QChar(0));
}

// Runtimes that write perf maps (/tmp/perf-PID.map) when asked, and how to ask.
struct MapRuntime
{
    const char *comm;
    const char *how;
};
const MapRuntime kMapRuntimes[] = {
    {"node", "start it with --perf-basic-prof"},
    {"bun", "set BUN_JSC_useJITDump or run it under perf's JIT support"},
    {"deno", "start it with --v8-flags=--perf-basic-prof"},
    {"java", "add -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit or perf-map-agent"},
};

// perf record beside the profiling window's load: started when the load starts, stopped when it
// ends. The first failure is kept; the window goes on either way.
class PerfAttachment : public LoadAttachment
{
public:
    PerfAttachment(RunContext &context, profile::PerfRecording &recording)
        : m_context(context)
        , m_recording(recording)
    {}

    void loadStarting(const QString &configuration) override
    {
        m_started = true;
        if (const plan::Configuration *config = m_context.plan.configuration(configuration);
            config && !config->host.isEmpty()) {
            m_error = QStringLiteral("CPU profiles are taken of a tree on this machine; this one "
                                     "runs on host %1")
                          .arg(config->host);
            return;
        }
        ServerProcess *process = m_context.servers->process(configuration);
        if (!process || !process->running()) {
            m_error = QStringLiteral("the server tree was not running");
            return;
        }
        profile::PerfTarget target;
        target.cgroup = profile::perfCgroupOf(process->cgroupPath());
        target.pids = process->members();
        for (pid_t pid : target.pids) {
            QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
            if (comm.open(QIODevice::ReadOnly) && comms.size() < 16)
                comms << QString::fromUtf8(comm.read(64)).trimmed();
        }
        attachedTo = target.cgroup.isEmpty()
                         ? QStringLiteral("attached to the tree's %1 process(es) by pid")
                               .arg(target.pids.size())
                         : QStringLiteral("attached to the tree's cgroup %1").arg(target.cgroup);
        if (sb::Status st = m_recording.start(target); !st.ok())
            m_error = sb::qtDetail(st.error());
        else
            m_recording_ = true;
    }

    void loadEnded() override
    {
        if (!m_recording_)
            return;
        m_recording_ = false;
        if (sb::Status st = m_recording.stop(); !st.ok() && m_error.isEmpty())
            m_error = sb::qtDetail(st.error());
        else if (st.ok())
            m_recorded = true;
    }

    bool started() const { return m_started; }
    bool recorded() const { return m_recorded; }
    QString error() const { return m_error; }

    QString attachedTo;
    QStringList comms; // the tree's process names when perf attached

private:
    RunContext &m_context;
    profile::PerfRecording &m_recording;
    bool m_started = false;
    bool m_recording_ = false;
    bool m_recorded = false;
    QString m_error;
};

QString joinedFirst(const QStringList &list, int count)
{
    QString out = list.mid(0, count).join(QStringLiteral(", "));
    if (list.size() > count)
        out += QStringLiteral(" and %1 more").arg(list.size() - count);
    return out;
}

} // namespace

plan::CpuProfiling cpuProfilingOf(const plan::Profile &profile, bool forced)
{
    if (profile.profileCpu.enabled || !forced)
        return profile.profileCpu;
    plan::CpuProfiling all;
    all.enabled = true;
    return all;
}

bool profilesCell(const plan::CpuProfiling &profiling, const QString &route, int concurrency)
{
    return profiling.enabled && (profiling.routes.isEmpty() || profiling.routes.contains(route)) &&
           (profiling.concurrency.isEmpty() || profiling.concurrency.contains(concurrency));
}

QString profileNote(const profile::PerfFold &fold, const QString &callGraph,
                    const QStringList &perfWarnings, const QString &toolNote,
                    const QString &attachedTo, const QStringList &comms,
                    const QString &windowProblem)
{
    QStringList parts;
    if (!windowProblem.isEmpty())
        parts << QStringLiteral("the profiling window failed its gates (%1); its stacks are kept")
                     .arg(windowProblem);
    static const QRegularExpression version(QStringLiteral("^python3\\.([0-9]+)$"));
    for (const QString &interpreter : fold.interpreters) {
        const QRegularExpressionMatch m = version.match(interpreter);
        if (!m.hasMatch())
            continue;
        if (m.captured(1).toInt() < 12)
            parts << QStringLiteral("Python frames are the interpreter's (_PyEval_EvalFrameDefault "
                                    "and its helpers, not the script's functions): CPython %1 "
                                    "publishes no perf map; 3.12+ does with -X perf")
                         .arg(interpreter.mid(6));
        else if (fold.perfMaps.isEmpty())
            parts << QStringLiteral("Python frames are the interpreter's: CPython %1 names the "
                                    "script's functions only when started with -X perf (or "
                                    "PYTHONPERFSUPPORT=1)")
                         .arg(interpreter.mid(6));
    }
    if (!fold.perfMaps.isEmpty())
        parts << QStringLiteral("perf maps read: %1").arg(joinedFirst(fold.perfMaps, 3));
    else
        for (const MapRuntime &r : kMapRuntimes)
            if (comms.contains(QLatin1String(r.comm)))
                parts << QStringLiteral("no perf map found for %1 (/tmp/perf-PID.map): its "
                                        "JIT frames read [unknown]; %2")
                             .arg(QLatin1String(r.comm), QLatin1String(r.how));
    if (!fold.unsymbolised.isEmpty())
        parts << QStringLiteral("no symbols for %1: their frames read [object] (a -dbgsym "
                                "package or an unstripped build adds them)")
                     .arg(joinedFirst(fold.unsymbolised, 3));
    if (callGraph == QLatin1String("fp") && fold.samples > 0 && fold.medianDepth <= 2)
        parts << QStringLiteral("stacks are short (median depth %1 frames): code built without "
                                "frame pointers cuts them; \"call_graph\": \"dwarf\" gives whole "
                                "stacks")
                     .arg(fold.medianDepth);
    if (fold.truncatedStacks > 0)
        parts << QStringLiteral("%1 samples had stacks deeper than kept (cut under [truncated])")
                     .arg(fold.truncatedStacks);
    if (fold.overflowSamples > 0)
        parts << QStringLiteral("%1 samples of stacks beyond the size limit are counted under "
                                "[stacks beyond the limit]")
                     .arg(fold.overflowSamples);
    for (const QString &w : perfWarnings)
        parts << QStringLiteral("perf: ") + w;
    if (!toolNote.isEmpty())
        parts << toolNote;
    if (!attachedTo.isEmpty())
        parts << attachedTo;
    return parts.join(QStringLiteral("; "));
}

CellProfiler::CellProfiler(RunContext &context, ConfigurationSession &configurations,
                           WindowMeasurement &measurement)
    : m_context(context)
    , m_configurations(configurations)
    , m_measurement(measurement)
{}

// The last round's window of a selected cell without a profile, in a run where perf works.
bool CellProfiler::wanted(const plan::CpuProfiling &profiling, const ScheduledWindow &w)
{
    if (m_gaveUp || !profilesCell(profiling, w.route, w.concurrency) ||
        w.round != m_context.profile->rounds - 1 || !m_context.store)
        return false;
    if (!m_storedRead) { // a resumed run's profiles are not taken again
        m_storedRead = true;
        const auto stored = m_context.store->profiles(m_context.runId);
        if (stored.ok())
            for (const store::ProfileRecord &p : *stored)
                m_profiled.insert(profiledKey(p.configuration, p.route, p.concurrency));
    }
    return !m_profiled.contains(profiledKey(w.configuration, w.route, w.concurrency));
}

// Said once: the run goes on, valid, without profiles.
void CellProfiler::giveUp(const QString &why)
{
    m_gaveUp = true;
    m_context.note(QStringLiteral("warning"), QString(),
                   QStringLiteral("no CPU profile in this run: %1; the measured windows are not "
                                  "affected")
                       .arg(why),
                   QJsonObject{{QStringLiteral("profile"), QStringLiteral("unavailable")},
                               {QStringLiteral("why"), why}});
}

double CellProfiler::cellMedianOkPerS(const ScheduledWindow &w) const
{
    const auto windows = m_context.store->windows(m_context.runId);
    if (!windows.ok())
        return -1;
    std::vector<double> rates;
    for (const store::WindowRecord &r : *windows)
        if (r.valid && r.configuration == w.configuration && r.route == w.route &&
            r.concurrency == w.concurrency)
            rates.push_back(report::windowOkPerS(r));
    return rates.empty() ? -1 : stats::median(rates);
}

Flow CellProfiler::profile(const plan::Configuration &config, const plan::Route &route,
                           const ScheduledWindow &w)
{
    const plan::CpuProfiling profiling =
        cpuProfilingOf(*m_context.profile, m_context.options.profileCpu);
    if (!wanted(profiling, w))
        return Flow::Continue;
    if (m_context.cancelled())
        return Flow::Interrupted;
    if (!m_tool)
        m_tool = profile::findPerf();
    if (!m_tool->problem.isEmpty()) {
        giveUp(m_tool->problem);
        return Flow::Continue;
    }
    // Per window the profile has a fresh tree of its own, as each measured window has; otherwise
    // it profiles the tree the cell was measured on, and one that died is not restarted for it.
    const bool perWindow = m_context.profile->process == plan::Profile::Process::Window;
    if (m_configurations.blocked(config.name) ||
        (perWindow && !m_configurations.ensure(config, w.round, true)))
        return Flow::Continue;
    if (!perWindow && !m_context.servers->running(config.name)) {
        m_context.note(QStringLiteral("profile-skipped"), config.name,
                       QStringLiteral("no profile of %1: its server tree is not running")
                           .arg(describeCell(cellRef(w))));
        return Flow::Continue;
    }
    QTemporaryDir dir;
    if (!dir.isValid()) {
        giveUp(QStringLiteral("no temporary directory for perf's file: ") + dir.errorString());
        return Flow::Continue;
    }
    profile::PerfSettings settings;
    settings.callGraph = profiling.callGraph;
    settings.frequencyHz = profiling.frequencyHz;
    profile::PerfRecording recording(*m_tool, settings, dir.path());
    PerfAttachment attachment(m_context, recording);
    const CellRef cell = cellRef(w);
    m_context.observer->noted(
        RunNote{m_context.runId,
                QStringLiteral("profile-window"),
                config.name,
                QStringLiteral("profiling %1: one more window under perf record (%2, %3 Hz), not a "
                               "measured window")
                    .arg(describeCell(cell), settings.callGraph)
                    .arg(settings.frequencyHz),
                {}});
    const store::WindowRecord window = m_measurement.measure(config, route, cell, &attachment);
    if (perWindow)
        m_configurations.stop(config.name);
    if (m_context.cancelled())
        return Flow::Interrupted; // an abandoned profile is not stored
    if (!attachment.error().isEmpty()) {
        giveUp(attachment.error());
        return Flow::Continue;
    }
    if (!attachment.recorded()) { // the load never started: a hook or the warm-up failed
        m_context.note(QStringLiteral("profile-skipped"), config.name,
                       QStringLiteral("no profile of %1: the profiling window did not reach its "
                                      "load (%2)")
                           .arg(describeCell(cell), window.invalidReason));
        return Flow::Continue;
    }
    const sb::Result<profile::PerfFold> fold = recording.fold();
    if (!fold.ok()) {
        giveUp(sb::qtDetail(fold.error()));
        return Flow::Continue;
    }
    store::ProfileRecord p;
    p.runId = m_context.runId;
    p.configuration = config.name;
    p.route = route.name;
    p.concurrency = w.concurrency;
    p.round = w.round;
    p.takenAt = window.startedAt;
    p.okPerS = report::windowOkPerS(window);
    p.cellOkPerS = cellMedianOkPerS(w);
    p.frequencyHz = settings.frequencyHz;
    p.callGraph = settings.callGraph;
    p.samples = fold->samples;
    p.folded = fold->folded;
    // A server's names (comm, symbols) reach the note: the plan's secrets never do.
    p.note = m_context.plan.redact(profileNote(
        *fold, settings.callGraph, recording.warnings(), m_tool->note, attachment.attachedTo,
        attachment.comms, window.valid ? QString() : window.invalidReason));
    const sb::Result<qint64> id = m_context.store->insertProfile(p);
    if (!id.ok()) {
        m_context.note(QStringLiteral("warning"), config.name,
                       QStringLiteral("cannot store the profile of %1: %2")
                           .arg(describeCell(cell), sb::qtText(id.error())));
        return Flow::Continue;
    }
    m_profiled.insert(profiledKey(config.name, route.name, w.concurrency));
    const QString against =
        p.cellOkPerS > 0 ? QStringLiteral(" against the cell's median %1 (%2%3 %)")
                               .arg(p.cellOkPerS, 0, 'f', 1)
                               .arg(p.okPerS >= p.cellOkPerS ? QStringLiteral("+") : QString())
                               .arg(100.0 * (p.okPerS - p.cellOkPerS) / p.cellOkPerS, 0, 'f', 1)
                         : QString();
    m_context.note(QStringLiteral("profile-taken"), config.name,
                   QStringLiteral("profile of %1: %2 samples; %3 2xx/s under perf%4")
                       .arg(describeCell(cell))
                       .arg(p.samples)
                       .arg(p.okPerS, 0, 'f', 1)
                       .arg(against),
                   QJsonObject{{QStringLiteral("profile_id"), double(*id)},
                               {QStringLiteral("route"), route.name},
                               {QStringLiteral("concurrency"), w.concurrency},
                               {QStringLiteral("ok_per_s"), p.okPerS},
                               {QStringLiteral("cell_ok_per_s"), p.cellOkPerS},
                               {QStringLiteral("samples"), double(p.samples)},
                               {QStringLiteral("note"), p.note}});
    if (m_context.profile->cooldownMs > 0 && !m_context.cancelled())
        QThread::msleep(unsigned(m_context.profile->cooldownMs));
    return Flow::Continue;
}

} // namespace sb::run
