#include "run/configurationsession.h"

#include "core/cpuset.h"
#include "core/qterror.h"
#include "run/hookmoments.h"
#include "run/httpprobe.h"
#include "run/loadwindow.h" // affinityOf()
#include "run/paritygate.h"
#include "run/runcontext.h"
#include "run/serverhost.h"
#include "run/versionprobe.h"

#include <QJsonArray>
#include <algorithm>
#include <optional>
#include <set>

namespace sb::run {

namespace {

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

} // namespace

QString cpuSetWarning(const QString &configuration, const std::vector<int> &asked,
                      const std::vector<int> &applied, bool uniform)
{
    if (asked.empty() || (uniform && applied == asked))
        return QString();
    return QStringLiteral("'%1' asked for CPUs %2 but its processes run on %3%4")
        .arg(configuration, cpuText(asked), cpuText(applied),
             uniform ? QString() : QStringLiteral(" (not all on the same set)"));
}

ConfigurationSession::ConfigurationSession(RunContext &context, HookMoments &moments)
    : m_context(context)
    , m_moments(moments)
{}

sb::Status ConfigurationSession::start(const plan::Configuration &config, int round)
{
    stop(config.name);
    State &state = m_states[config.name];
    state.warmRoutes.clear();
    state.treeClock.start();
    state.treeRequests = 0;
    ServerPool::ColdStart coldStart;
    if (sb::Status st = m_context.servers->start(config, round, &coldStart); !st.ok()) {
        state.treeClock.invalidate();
        // What a server that could not start said is often the only clue why.
        if (const std::optional<ServerPool::Output> out =
                m_context.servers->takeStartOutput(config.name))
            storeServerLog(config.name, *out);
        return st;
    }
    storeColdStart(config.name, round, coldStart);
    return m_moments.run(&plan::HookSet::beforeConfiguration, &config);
}

bool ConfigurationSession::ensure(const plan::Configuration &config, int round, bool fresh)
{
    if (!fresh && m_context.servers->running(config.name))
        return true;
    State &state = m_states[config.name];
    sb::Status st = start(config, round);
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
    stop(config.name);
    return false;
}

void ConfigurationSession::block(const plan::Configuration &config, const sb::Error &why)
{
    State &state = m_states[config.name];
    state.blocked = true;
    state.blockedReason = sb::qtDetail(why);
    m_blocked << QStringLiteral("%1: %2").arg(config.name, sb::qtText(why));
    m_context.note(QStringLiteral("configuration-blocked"), config.name,
                   QStringLiteral("'%1' is not measured: %2").arg(config.name, sb::qtText(why)));
}

void ConfigurationSession::stop(const QString &configuration)
{
    if (!m_context.servers)
        return;
    if (auto it = m_states.find(configuration); it != m_states.end())
        it->treeClock.invalidate();
    const std::optional<ServerPool::Output> out = m_context.servers->stop(configuration);
    if (!out)
        return;
    storeServerLog(configuration, *out);
    if (const plan::Configuration *config = m_context.plan.configuration(configuration))
        (void)m_moments.run(&plan::HookSet::afterConfiguration, config);
}

void ConfigurationSession::storeServerLog(const QString &configuration,
                                          const ServerPool::Output &out)
{
    const bool wrote = !out.stdoutBytes.isEmpty() || !out.stderrBytes.isEmpty();
    if (!wrote || !m_context.store || m_context.runId.isEmpty())
        return;
    if (sb::Status st = m_context.store->appendServerLog(m_context.runId, configuration, out.round,
                                                         out.stdoutBytes, out.stderrBytes);
        !st.ok())
        m_context.note(QStringLiteral("warning"), configuration,
                       QStringLiteral("the server's output of round %1 could not be stored: %2")
                           .arg(out.round + 1)
                           .arg(sb::qtText(st.error())));
}

void ConfigurationSession::storeColdStart(const QString &configuration, int round,
                                          const ServerPool::ColdStart &figures)
{
    if (!m_context.store || m_context.runId.isEmpty())
        return;
    const store::ServerStartRecord record{m_context.runId,   configuration,    round,
                                          figures.startedAt, figures.execMs,   figures.acceptMs,
                                          figures.readyMs,   figures.rssBytes, figures.pssBytes};
    if (sb::Status st = m_context.store->saveServerStart(record); !st.ok())
        m_context.note(QStringLiteral("warning"), configuration,
                       QStringLiteral("the cold start of round %1 could not be stored: %2")
                           .arg(round + 1)
                           .arg(sb::qtText(st.error())));
}

void ConfigurationSession::stopAll()
{
    if (!m_context.servers)
        return;
    for (const QString &name : m_context.servers->configurations())
        stop(name);
}

sb::Status ConfigurationSession::parityGate(const plan::Configuration &config,
                                            QStringList *failures)
{
    QList<HttpResponse> responses;
    for (const plan::ParityCheck &check : m_context.plan.parity)
        responses << httpRequest(config.baseUrl, check, 30'000, config.tls, config.protocol);
    const ParityVerdict verdict = judgeParity(m_context.plan, responses);
    *failures += verdict.failures;
    const QJsonObject data{{QStringLiteral("results"), verdict.results}};
    if (verdict.passed()) {
        m_context.note(QStringLiteral("parity-passed"), config.name, verdict.summary, data);
        return sb::Ok{};
    }
    m_context.note(QStringLiteral("parity-failed"), config.name, verdict.summary, data);
    return sb::qtError(QStringLiteral("run.parity"), config.where, verdict.summary);
}

QString ConfigurationSession::versionOf(const plan::Configuration &config,
                                        const plan::VersionProbe &probe)
{
    VersionReading reading;
    if (config.host.isEmpty()) {
        reading = readVersion(m_context.plan, config, probe);
    } else if (const sb::Result<ServerHost *> host = m_context.servers->connectHost(config.host);
               host.ok()) {
        reading = readRemoteVersion(**host, m_context.plan, config, probe);
    } else {
        reading.text =
            QStringLiteral("error: ") + m_context.plan.redact(sb::qtDetail(host.error()));
    }
    if (!reading.warning.isEmpty())
        m_context.note(QStringLiteral("warning"), config.name, reading.warning);
    return reading.text;
}

// Once per run: what was started, stored with the configuration.
void ConfigurationSession::recordConfiguration(const plan::Configuration &config)
{
    State &state = m_states[config.name];
    if (state.infoRecorded)
        return;
    state.infoRecorded = true;
    const plan::Plan &plan = m_context.plan;
    QJsonObject versions;
    for (const plan::VersionProbe &probe : config.versions)
        versions.insert(probe.name, versionOf(config, probe));
    QJsonObject env;
    const QMap<QString, QString> redacted = config.redactedEnv();
    for (auto it = redacted.begin(); it != redacted.end(); ++it)
        env.insert(it.key(), it.value());
    QStringList command;
    for (const QString &arg : config.command)
        command << plan.redact(arg);
    state.info =
        QJsonObject{{QStringLiteral("command"), QJsonArray::fromStringList(command)},
                    {QStringLiteral("cwd"), plan.redact(config.cwd)},
                    {QStringLiteral("env"), env},
                    {QStringLiteral("base_url"), config.baseUrl},
                    {QStringLiteral("versions"), versions},
                    {QStringLiteral("containment"), m_context.servers->containmentOf(config.name)},
                    {QStringLiteral("cpus"), cpuText(config.cpus)},
                    {QStringLiteral("load_cpus"), cpuText(plan.load.cpus)},
                    // How it is measured and probed: HTTP/1.1, or HTTP/2 (h2c or over TLS) with
                    // its streams per connection; what TLS agreed on is "tls", once measured.
                    {QStringLiteral("protocol"),
                     plan::protocolDescription(
                         config.protocol,
                         config.baseUrl.startsWith(QLatin1String("https:"), Qt::CaseInsensitive),
                         config.streams)}};
    if (ServerHost *host = m_context.servers->hostOf(config.name))
        recordHost(config, *host, state.info);
    updateInfo(config.name, QString(), QString());
}

// The configuration's own host: its name, how it is reached, and its machine as its agent
// describes it (the environment record's keys), in the record's "host" and "host_environment".
void ConfigurationSession::recordHost(const plan::Configuration &config, ServerHost &host,
                                      QJsonObject &info)
{
    // "bench-s (root@10.0.0.3): machine bench-s, 8 cores"; a host reached by its own name once.
    const QString who = host.name() == host.destination()
                            ? host.name()
                            : QStringLiteral("%1 (%2)").arg(host.name(), host.destination());
    info.insert(
        QStringLiteral("host"),
        QStringLiteral("%1: machine %2, %3 cores").arg(who, host.machine()).arg(host.cores()));
    const sb::Result<QJsonObject> env =
        host.request(QJsonObject{{QStringLiteral("type"), QStringLiteral("environment")}},
                     "environment", 30'000);
    if (!env.ok()) {
        m_context.note(QStringLiteral("warning"), config.name,
                       QStringLiteral("the environment of host %1 could not be read: %2")
                           .arg(host.name(), sb::qtText(env.error())));
        return;
    }
    info.insert(QStringLiteral("host_environment"),
                redactedJson(m_context.plan, env->value(QLatin1String("record"))).toObject());
}

// key empty: stores the record as it is.
void ConfigurationSession::updateInfo(const QString &configuration, const QString &key,
                                      const QString &value)
{
    State &state = m_states[configuration];
    if (!key.isEmpty()) {
        if (state.info.value(key).toString() == value && state.info.contains(key))
            return;
        state.info.insert(key, value);
    }
    if (!m_context.store || m_context.runId.isEmpty())
        return;
    const plan::Configuration *planned = m_context.plan.configuration(configuration);
    const int cpuCount = planned ? int(planned->cpus.size()) : 0;
    if (sb::Status st = m_context.store->saveConfiguration(
            {m_context.runId, configuration, state.info, cpuCount});
        !st.ok())
        m_context.note(QStringLiteral("warning"), configuration,
                       QStringLiteral("the configuration's record could not be stored: ") +
                           sb::qtText(st.error()));
}

void ConfigurationSession::recordTreeCpus(const plan::Configuration &config)
{
    const ServerProcess *process = m_context.servers->process(config.name);
    if (!process)
        return;
    bool uniform = true;
    const std::vector<int> applied = unitedAffinity(process->members(), &uniform);
    const QString text = cpuText(applied);
    const QString before =
        m_states[config.name].info.value(QStringLiteral("cpus_applied")).toString();
    updateInfo(config.name, QStringLiteral("cpus_applied"), text);
    if (text == before)
        return;
    if (const QString warning = cpuSetWarning(config.name, config.cpus, applied, uniform);
        !warning.isEmpty())
        m_context.note(QStringLiteral("warning"), config.name, warning);
}

ConfigurationSession::TreeAge ConfigurationSession::treeAge(const QString &configuration) const
{
    const auto it = m_states.constFind(configuration);
    if (it == m_states.constEnd() || !it->treeClock.isValid())
        return {};
    return {double(it->treeClock.nsecsElapsed()) / 1e9, it->treeRequests};
}

void ConfigurationSession::served(const QString &configuration, qint64 responses)
{
    if (auto it = m_states.find(configuration); it != m_states.end() && it->treeClock.isValid())
        it->treeRequests += std::max<qint64>(0, responses);
}

bool ConfigurationSession::blocked(const QString &configuration) const
{
    return m_states.value(configuration).blocked;
}

QString ConfigurationSession::blockedReason(const QString &configuration) const
{
    return m_states.value(configuration).blockedReason;
}

QSet<QString> &ConfigurationSession::warmRoutes(const QString &configuration)
{
    return m_states[configuration].warmRoutes;
}

} // namespace sb::run
