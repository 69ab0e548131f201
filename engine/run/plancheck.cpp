#include "run/plancheck.h"

#include "core/enginetext.h"
#include "core/qterror.h"
#include "lane/lanewindow.h"
#include "profile/perfrecord.h"
#include "run/configurationsession.h"
#include "run/hookmoments.h"
#include "run/lanephase.h"
#include "run/runcontext.h"
#include "run/serverhost.h"
#include "version.h"

#include <QDir>
#include <QFileInfo>
#include <QMap>
#include <QStandardPaths>
#include <algorithm>

namespace sb::run {

using lane::AgentHello;

namespace {

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

std::optional<PortClash> firstPortClash(const plan::Plan &plan, const plan::Profile &profile,
                                        const QStringList &only)
{
    if (profile.process != plan::Profile::Process::Once)
        return std::nullopt;
    QMap<int, QString> byPort;
    for (const plan::Configuration &config : plan.configurations) {
        if ((!only.isEmpty() && !only.contains(config.name)) || config.port <= 0)
            continue;
        const auto it = byPort.constFind(config.port);
        if (it == byPort.constEnd()) {
            byPort.insert(config.port, config.name);
            continue;
        }
        PortClash clash{*it, config.name, config.port, config.where, QString()};
        clash.text = QStringLiteral("configurations '%1' and '%2' both use port %3, and the "
                                    "profile '%4' keeps each one's server running for the whole "
                                    "run (\"process\": \"once\"), so '%2' could never start: give "
                                    "them different ports, or use \"process\": \"round\"")
                         .arg(clash.first, clash.second)
                         .arg(clash.port)
                         .arg(profile.name);
        return clash;
    }
    return std::nullopt;
}

PlanCheck::PlanCheck(RunContext &context, ConfigurationSession &configurations)
    : m_context(context)
    , m_configurations(configurations)
{}

// The database and what each SQL hook needs of it, the command hooks' programs, the versions,
// then each configuration's start, readiness and parity.
sb::Result<bool> PlanCheck::check(const RunOptions &options, QStringList *report, bool parity,
                                  QStringList *problems)
{
    m_problems = problems;
    if (sb::Status st = m_context.loadPlan(options, options.planPath); !st.ok())
        return st.error();
    const QString choice = m_context.profileChoice();
    report->append(
        choice.isEmpty()
            ? trEngine("sb::run", "profile: %1").arg(m_context.profile->name)
            : trEngine("sb::run", "profile: %1 (%2)").arg(m_context.profile->name, choice));
    VariableRun variables;
    bool passed = m_context.applyVariables(&variables).ok();
    for (const VariableOutcome &v : variables.outcomes)
        checkLine(report,
                  (v.ok ? trEngine("sb::run", "variable %1: %2")
                        : trEngine("sb::run", "variable %1: failed: %2"))
                      .arg(v.name, v.detail),
                  v.ok);
    // Values that were all made but cannot fill the plan (checkVariableValues()).
    if (variables.error && std::all_of(variables.outcomes.begin(), variables.outcomes.end(),
                                       [](const VariableOutcome &v) { return v.ok; }))
        checkLine(report, trEngine("sb::run", "variables: %1").arg(sb::qtDetail(*variables.error)),
                  false);
    passed = checkDatabase(report) && passed;
    passed = checkHooks(report) && passed;
    checkProtocols(report);
    passed = checkLoadHosts(report) && passed;
    passed = checkServerHosts(report) && passed;
    checkVersions(report);
    checkProfiling(report);
    if (parity)
        passed = checkParity(report) && passed;
    else
        report->append(trEngine("sb::run", "configurations: not started, so their readiness, "
                                           "parity and before_/after_configuration hooks are not "
                                           "checked"));
    return passed;
}

// CPU profiles, when the run will take any: whether perf is there and may be used. Not a
// failure: without perf the run goes on, valid, without profiles (run/cellprofiler.h).
void PlanCheck::checkProfiling(QStringList *report)
{
    if (!m_context.profile->profileCpu.enabled && !m_context.options.profileCpu)
        return;
    const profile::PerfTool perf = profile::findPerf();
    if (!perf.problem.isEmpty()) {
        report->append(trEngine("sb::run", "cpu profiles: not taken: %1 (the run goes on "
                                           "without them)")
                           .arg(perf.problem));
        return;
    }
    report->append(
        perf.note.isEmpty()
            ? trEngine("sb::run", "cpu profiles: perf %1").arg(perf.path)
            : trEngine("sb::run", "cpu profiles: perf %1 (%2)").arg(perf.path, perf.note));
}

// Every load host: its agent launched over ssh (all at once), its version checked, its machine
// and cores reported, or the fault naming the host and what to do.
bool PlanCheck::checkLoadHosts(QStringList *report)
{
    const plan::Plan &plan = m_context.plan;
    if (plan.load.hosts.isEmpty())
        return true;
    const sb::Result<std::vector<LoadHostCommand>> commands = loadHostCommands(plan);
    if (!commands.ok()) {
        checkLine(report, sb::qtDetail(commands.error()), false);
        return false;
    }
    std::vector<lane::AgentCommand> agents;
    for (const LoadHostCommand &c : *commands)
        agents.push_back(lane::AgentCommand{c.destination, c.program, c.arguments});
    const std::vector<sb::Result<AgentHello>> hellos = lane::reachAgents(agents);
    bool passed = true;
    for (size_t i = 0; i < hellos.size(); ++i) {
        const LoadHostCommand &c = (*commands)[i];
        const QString who =
            c.name == c.destination ? c.name : QStringLiteral("%1 (%2)").arg(c.name, c.destination);
        if (hellos[i].ok()) {
            const lane::AgentHello &h = *hellos[i];
            checkLine(report,
                      trEngine("sb::run", "load host %1: stackbench %2 on %3, %4 cores")
                          .arg(who, h.version, h.host)
                          .arg(h.cores),
                      true);
        } else {
            checkLine(
                report,
                trEngine("sb::run", "load host %1: %2").arg(who, sb::qtDetail(hellos[i].error())),
                false);
            passed = false;
        }
    }
    return passed;
}

// Every configuration's own host: its agent reached over ssh and kept for the versions and the
// configuration's start below, its machine and cores reported.
bool PlanCheck::checkServerHosts(QStringList *report)
{
    bool passed = true;
    QStringList done;
    for (const plan::Configuration &config : m_context.plan.configurations) {
        if (!checked(config) || config.host.isEmpty() || done.contains(config.host))
            continue;
        done << config.host;
        const sb::Result<ServerHost *> host = m_context.servers->connectHost(config.host);
        if (!host.ok()) {
            checkLine(report, sb::qtDetail(host.error()), false);
            passed = false;
            continue;
        }
        const ServerHost &h = **host;
        checkLine(report,
                  trEngine("sb::run", "server host %1: stackbench %2 on %3, %4 cores")
                      .arg(h.name() == h.destination()
                               ? h.name()
                               : QStringLiteral("%1 (%2)").arg(h.name(), h.destination()),
                           QString::fromLatin1(sb::kVersion), h.machine())
                      .arg(h.cores()),
                  true);
    }
    return passed;
}

bool PlanCheck::checked(const plan::Configuration &config) const
{
    const QStringList &only = m_context.options.only;
    return only.isEmpty() || only.contains(config.name);
}

bool PlanCheck::checkDatabase(QStringList *report)
{
    if (!m_context.plan.database)
        return true;
    const sb::Result<QString> summary = m_context.hooks->connectionSummary();
    checkLine(
        report,
        trEngine("sb::run", "database: %1")
            .arg(m_context.plan.redact(summary.ok() ? *summary : sb::qtDetail(summary.error()))),
        summary.ok());
    return summary.ok();
}

bool PlanCheck::checkHooks(QStringList *report)
{
    const plan::Plan &plan = m_context.plan;
    const QStringList &routes = m_context.options.routes;
    bool passed = true;
    auto check = [&](const QList<plan::Hook> &hooks) {
        for (const plan::Hook &hook : hooks)
            passed = checkHook(hook, report) && passed;
    };
    for (const plan::HookMoment &moment : plan::hookMoments())
        check(plan.hooks.*moment.list);
    for (const plan::Configuration &config : plan.configurations)
        if (checked(config)) // its command hooks run where its tree runs
            for (const plan::HookMoment &moment : plan::hookMoments())
                check(configurationHooks(config, moment.list));
    for (const plan::Route &route : plan.routes)
        if (routes.isEmpty() || routes.contains(route.name))
            for (const plan::HookMoment &moment : plan::hookMoments())
                check(route.hooks.*moment.list);
    return passed;
}

// One line per statement of a SQL hook; one for a command hook (is its program there?).
bool PlanCheck::checkHook(const plan::Hook &hook, QStringList *report)
{
    const plan::Plan &plan = m_context.plan;
    const QString label = trEngine("sb::run", "hook %1").arg(hookLabel(hook));
    if (hook.kind == plan::Hook::Kind::Command && !hook.host.isEmpty()) {
        report->append(plan.redact(trEngine("sb::run", "%1 command %2: runs on host %3 (not run "
                                                       "by check)")
                                       .arg(label, hook.command.value(0), hook.host)));
        return true;
    }
    if (hook.kind == plan::Hook::Kind::Command) {
        const QString found = programPath(hook);
        checkLine(
            report,
            plan.redact(found.isEmpty()
                            ? trEngine("sb::run", "%1 command %2: not found (in PATH or from %3)")
                                  .arg(label, hook.command.value(0), hook.cwd)
                            : trEngine("sb::run", "%1 command %2: %3 (not run by check)")
                                  .arg(label, hook.command.value(0), found)),
            !found.isEmpty());
        return !found.isEmpty();
    }
    bool passed = true;
    for (const HookRunner::Judgement &j : m_context.hooks->judge(hook)) {
        checkLine(report, plan.redact(QStringLiteral("%1 %2: %3").arg(label, j.statement, j.text)),
                  !j.judged || j.allowed);
        passed = passed && (!j.judged || j.allowed);
    }
    return passed;
}

// How each configuration will be measured and probed: "native protocol: HTTP/2 (h2c, prior
// knowledge), 10 streams per connection" (not "NAME: ...": the Check dock reads those lines).
void PlanCheck::checkProtocols(QStringList *report)
{
    for (const plan::Configuration &config : m_context.plan.configurations)
        if (checked(config))
            report->append(
                trEngine("sb::run", "%1 protocol: %2")
                    .arg(config.name, plan::protocolDescription(
                                          config.protocol,
                                          config.baseUrl.startsWith(QLatin1String("https:"),
                                                                    Qt::CaseInsensitive),
                                          config.streams)));
}

// A probe that does not match is said, but fails nothing: the run records it the same way.
void PlanCheck::checkVersions(QStringList *report)
{
    for (const plan::Configuration &config : m_context.plan.configurations) {
        if (!checked(config))
            continue;
        for (const plan::VersionProbe &probe : config.versions)
            report->append(
                trEngine("sb::run", "%1 version %2: %3")
                    .arg(config.name, probe.name, m_configurations.versionOf(config, probe)));
    }
}

bool PlanCheck::checkParity(QStringList *report)
{
    const plan::Plan &plan = m_context.plan;
    bool allPassed = true;
    for (const plan::Configuration &config : plan.configurations) {
        if (!checked(config))
            continue;
        if (m_context.cancelled())
            break;
        sb::Status st = m_configurations.start(config, 0);
        QStringList failures;
        if (st.ok())
            st = m_configurations.parityGate(config, &failures);
        // These two lines stay English: the GUI's Check dock reads them
        // (ui/models/paritymodel.cpp).
        if (st.ok()) {
            report->append(QStringLiteral("%1: ready, %2 parity check(s) passed")
                               .arg(config.name)
                               .arg(plan.parity.size()));
        } else {
            allPassed = false;
            if (failures.isEmpty())
                checkLine(
                    report,
                    plan.redact(QStringLiteral("%1: %2").arg(config.name, sb::qtText(st.error()))),
                    false);
            else
                for (const QString &f : failures)
                    checkLine(
                        report,
                        plan.redact(QStringLiteral("%1: parity failed: %2").arg(config.name, f)),
                        false);
        }
        m_configurations.stop(config.name);
    }
    return allPassed;
}

void PlanCheck::checkLine(QStringList *report, const QString &line, bool passed)
{
    report->append(line);
    if (!passed && m_problems)
        m_problems->append(line);
}

} // namespace sb::run
