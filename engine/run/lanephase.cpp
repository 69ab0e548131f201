#include "run/lanephase.h"

#include "core/qterror.h"
#include "lane/lanewindow.h"
#include "lane/sharemerge.h"
#include "run/loadjson.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QStringList>
#include <algorithm>
#include <map>
#include <optional>

namespace sb::run {

namespace {

// The hosts' intervals of the running phase, by index, until every host sent one.
class IntervalMerger
{
public:
    using Sink = std::function<void(const load::IntervalSnapshot &, const LoadHostCoresList &)>;

    // `names`: the plan's name of each host, in the shares' order.
    IntervalMerger(QStringList names, Sink sink)
        : m_names(std::move(names))
        , m_sink(std::move(sink))
    {}

    void add(size_t host, const lane::ShareInterval &interval)
    {
        if (interval.snapshot.warmup) // the lane's shares have no built-in warm-up
            return;
        std::vector<std::optional<lane::ShareInterval>> &parts = m_pending[interval.snapshot.index];
        parts.resize(size_t(m_names.size()));
        parts[host] = interval;
        if (std::all_of(parts.begin(), parts.end(), [](const auto &p) { return p.has_value(); })) {
            send(parts);
            m_pending.erase(interval.snapshot.index);
        }
    }

    // The intervals some host never sent (its share ended an interval earlier): what came.
    void flush()
    {
        for (auto &[index, parts] : m_pending)
            send(parts);
        m_pending.clear();
    }

private:
    void send(const std::vector<std::optional<lane::ShareInterval>> &parts)
    {
        std::vector<const load::IntervalSnapshot *> snapshots;
        std::vector<const Histogram *> latencies;
        LoadHostCoresList cores;
        for (size_t i = 0; i < parts.size(); ++i) {
            const std::optional<lane::ShareInterval> &p = parts[i];
            if (!p)
                continue;
            snapshots.push_back(&p->snapshot);
            latencies.push_back(p->latency ? &*p->latency : nullptr);
            if (p->generatorCores)
                cores.append(LoadHostCores{m_names[qsizetype(i)], *p->generatorCores});
        }
        Histogram latency;
        const load::IntervalSnapshot merged = mergedSnapshot(snapshots, latencies, latency);
        if (m_sink)
            m_sink(merged, cores);
    }

    QStringList m_names;
    Sink m_sink;
    std::map<int, std::vector<std::optional<lane::ShareInterval>>> m_pending;
};

// Adds `b`'s connection figures to `a`'s: connects, handshakes, their times.
void addConnections(load::LoadResult &a, const load::LoadResult &b)
{
    (void)a.connectTime.add(b.connectTime);
    (void)a.handshakeTime.add(b.handshakeTime);
}

} // namespace

sb::Result<LoadHostCommand> hostAgentCommand(const plan::Plan &plan, const QString &name,
                                             const QString &role)
{
    if (name == plan::localHostName())
        return LoadHostCommand{name,
                               QCoreApplication::instance()
                                   ? QCoreApplication::applicationFilePath()
                                   : QStringLiteral("stackbench"),
                               {QStringLiteral("agent")},
                               name};
    const plan::Host *host = plan.host(name);
    if (!host)
        return sb::qtError(QString::fromLatin1(kLoadHostSetupError), name,
                           QStringLiteral("no host \"%1\" in the plan").arg(name));
    sb::Result<lane::AgentCommand> c =
        lane::sshAgentCommand(host->ssh, host->agent, host->sshOptions);
    if (!c.ok())
        return sb::qtError(QString::fromLatin1(kLoadHostSetupError), name,
                           QStringLiteral("%1 %2: %3").arg(role, name, sb::qtDetail(c.error())));
    return LoadHostCommand{name, c->program, c->arguments, host->ssh};
}

sb::Result<std::vector<LoadHostCommand>> loadHostCommands(const plan::Plan &plan)
{
    std::vector<LoadHostCommand> out;
    for (const QString &name : plan.load.hosts) {
        sb::Result<LoadHostCommand> c = hostAgentCommand(plan, name, QStringLiteral("load host"));
        if (!c.ok())
            return c.error();
        out.push_back(std::move(*c));
    }
    return out;
}

load::IntervalSnapshot mergedSnapshot(const std::vector<const load::IntervalSnapshot *> &parts,
                                      const std::vector<const Histogram *> &latencies,
                                      Histogram &latency)
{
    load::IntervalSnapshot m;
    bool first = true;
    bool allLatencies = !latencies.empty();
    for (size_t i = 0; i < parts.size(); ++i) {
        const load::IntervalSnapshot &s = *parts[i];
        if (first) {
            m.warmup = s.warmup;
            m.index = s.index;
            m.startS = s.startS;
            m.endS = s.endS;
            m.draining = s.draining;
            first = false;
        }
        m.startS = std::min(m.startS, s.startS);
        m.endS = std::max(m.endS, s.endS);
        m.draining = m.draining && s.draining;
        m.counts.add(s.counts);
        m.okPerS += s.okPerS;
        m.maxUs = std::max(m.maxUs, s.maxUs);
        m.sendDelayMaxUs = std::max(m.sendDelayMaxUs, s.sendDelayMaxUs);
        m.inFlight += s.inFlight;
        if (i < latencies.size() && latencies[i] && allLatencies) {
            if (i == 0)
                latency = *latencies[i];
            else if (!latency.add(*latencies[i]))
                allLatencies = false;
        } else {
            allLatencies = false;
        }
    }
    if (allLatencies) { // the union's percentiles; none are made up from the hosts' own
        m.p50Us = latency.valueAtPercentile(50);
        m.p90Us = latency.valueAtPercentile(90);
        m.p99Us = latency.valueAtPercentile(99);
        m.latency = &latency;
    } else if (parts.size() == 1) {
        m.p50Us = parts[0]->p50Us;
        m.p90Us = parts[0]->p90Us;
        m.p99Us = parts[0]->p99Us;
    }
    return m;
}

sb::Result<LanePhase> runLanePhase(const std::vector<LoadHostCommand> &hosts,
                                   const load::LoadSpec &spec, const std::atomic<bool> &cancelled,
                                   const std::function<void(const load::IntervalSnapshot &,
                                                            const LoadHostCoresList &)> &onInterval)
{
    const std::vector<load::LoadSpec> specs = lane::splitSpec(spec, int(hosts.size()));
    std::vector<lane::ShareSetup> shares;
    QStringList names;
    for (size_t i = 0; i < specs.size(); ++i) {
        shares.push_back(lane::ShareSetup{
            lane::AgentCommand{hosts[i].destination, hosts[i].program, hosts[i].arguments},
            specs[i]});
        names << hosts[i].name;
    }
    IntervalMerger merger(names, onInterval);
    bool everyHello = false;
    sb::Result<lane::MergedWindow> ran = lane::runLaneWindow(
        shares, {},
        [&](int share, const lane::AgentHello &, const lane::ShareInterval &interval) {
            merger.add(size_t(share), interval);
        },
        lane::LaneControl{&cancelled, &everyHello});
    LanePhase out;
    if (!ran.ok()) {
        if (cancelled.load()) { // nothing more to say than that
            out.result.cancelled = true;
            return out;
        }
        // The plan's name of the host the fault is of (the lane names its ssh destination).
        QString name;
        for (size_t i = 0; i < shares.size(); ++i)
            if (QString::fromStdString(ran.error().where) == hosts[i].destination)
                name = hosts[i].name;
        const QString detail =
            name.isEmpty()
                ? sb::qtDetail(ran.error())
                : QStringLiteral("load host %1: %2").arg(name, sb::qtDetail(ran.error()));
        return sb::qtError(
            QString::fromLatin1(everyHello ? kLoadHostWindowError : kLoadHostSetupError),
            name.isEmpty() ? QString::fromStdString(ran.error().where) : name, detail);
    }
    merger.flush();
    lane::MergedWindow &m = *ran;
    load::LoadResult &r = out.result;
    r.cancelled = m.cancelled;
    r.aborted = m.aborted.toStdString();
    r.warmup = m.warmup;
    r.total = m.total;
    r.elapsedS = m.elapsedS;
    r.okPerS = m.okPerS;
    r.latency = m.latency;
    r.latencyUncorrected = m.latencyUncorrected;
    r.sendDelay = m.sendDelay;
    for (size_t i = 0; i < m.hosts.size(); ++i) {
        const lane::HostShare &h = m.hosts[i];
        const load::LoadResult &hr = h.result;
        if (i == 0) {
            r.connectTime = hr.connectTime;
            r.handshakeTime = hr.handshakeTime;
            r.tls = hr.tls;
            r.tlsInsecure = hr.tlsInsecure;
            r.tlsVersion = hr.tlsVersion;
            r.tlsCipher = hr.tlsCipher;
            r.tlsAlpn = hr.tlsAlpn;
        } else {
            addConnections(r, hr);
        }
        r.warmupS = std::max(r.warmupS, hr.warmupS);
        r.drainS = std::max(r.drainS, hr.drainS);
        r.inFlightAtEnd += hr.inFlightAtEnd;
        r.clientCpuS += hr.clientCpuS;
        r.processCpuS += hr.processCpuS;
        const lane::HostCpu &cpu = m.cpu[i];
        out.hosts.append(
            QJsonObject{{QStringLiteral("host"), hosts[i].name},
                        {QStringLiteral("destination"), hosts[i].destination},
                        {QStringLiteral("machine"), h.hello.host},
                        {QStringLiteral("version"), h.hello.version},
                        {QStringLiteral("cores"), h.hello.cores},
                        {QStringLiteral("threads"), specs[i].threads},
                        {QStringLiteral("connections"), specs[i].connections},
                        {QStringLiteral("rate"), specs[i].ratePerS},
                        {QStringLiteral("requests"), double(hr.total.responses)},
                        {QStringLiteral("ok"), double(hr.total.ok)},
                        {QStringLiteral("client_cpu_s"), cpu.clientCpuS},
                        {QStringLiteral("process_cpu_s"), cpu.processCpuS},
                        {QStringLiteral("elapsed_s"), cpu.elapsedS},
                        {QStringLiteral("generator_cores"), cpu.generatorCores()},
                        // This host's own latencies (Histogram::encode(), base64):
                        // the window's are their union, stored to be checked.
                        {QStringLiteral("latency_histogram"),
                         QString::fromLatin1(encodedHistogram(hr.latency).toBase64())}});
    }
    return out;
}

} // namespace sb::run
