#include "run/runner.h"

#include "core/qterror.h"
#include "http/url.h"
#include "load/loadengine.h"
#include "run/environment.h"
#include "run/hookrunner.h"
#include "run/httpprobe.h"
#include "run/loadjson.h"
#include "run/schedule.h"
#include "run/serverprocess.h"
#include "sample/sampler.h"
#include "store/runstore.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QMap>
#include <QTemporaryDir>
#include <QThread>
#include <arpa/inet.h>
#include <condition_variable>
#include <csignal>
#include <map>
#include <memory>
#include <mutex>
#include <netdb.h>
#include <optional>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace sb::run {

namespace {

QString cellText(const CellRef &c)
{
    return QStringLiteral("round %1 %2 %3 c=%4")
        .arg(c.round + 1)
        .arg(c.configuration, c.route)
        .arg(c.concurrency);
}

// True when something accepts connections on the configuration's address.
bool portAnswers(const http::Url &url)
{
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *res = nullptr;
    if (getaddrinfo(url.host.c_str(), std::to_string(url.port).c_str(), &hints, &res) != 0)
        return false;
    int fd = ::socket(res->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    bool answered = fd >= 0 && ::connect(fd, res->ai_addr, res->ai_addrlen) == 0;
    if (fd >= 0)
        ::close(fd);
    freeaddrinfo(res);
    return answered;
}

// Responses whose status is not the one the route expects.
int64_t unexpectedStatuses(const load::Counters &c, int expect)
{
    const int64_t matching =
        expect >= 0 && expect < int(c.status.size()) ? c.status[size_t(expect)] : 0;
    return c.responses - matching;
}

QString errorSummary(const load::Counters &c, int expect)
{
    QStringList parts;
    if (c.errors() > 0)
        parts << QStringLiteral("%1 transport errors (connect %2, read %3, write %4, timeout %5, "
                                "parse %6)")
                     .arg(c.errors())
                     .arg(c.connectErrors)
                     .arg(c.readErrors)
                     .arg(c.writeErrors)
                     .arg(c.timeouts)
                     .arg(c.parseErrors);
    const int64_t unexpected = unexpectedStatuses(c, expect);
    if (unexpected > 0) {
        QStringList codes;
        for (size_t code = 0; code < c.status.size(); ++code)
            if (c.status[code] > 0 && int(code) != expect)
                codes << QStringLiteral("%1 x%2").arg(code).arg(c.status[code]);
        parts << QStringLiteral("%1 responses with a status other than %2 (%3)")
                     .arg(unexpected)
                     .arg(expect)
                     .arg(codes.join(QStringLiteral(", ")));
    }
    return parts.join(QStringLiteral("; "));
}

} // namespace

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
    sb::Result<bool> check(const RunOptions &options, QStringList *report);

    void cancel()
    {
        std::lock_guard<std::mutex> lock(m_engineMutex);
        if (m_engine)
            m_engine->cancel();
    }

private:
    struct Server
    {
        std::unique_ptr<ServerProcess> process;
        int logRound = 0;
        QString stdoutPath;
        QString stderrPath;
    };

    struct ConfigurationState
    {
        bool parityDone = false;
        bool blocked = false;
        QString blockedReason;
        bool versionsRecorded = false;
        QJsonObject versions;
    };

    bool cancelled() const { return m_runner.m_cancelled.load(); }

    sb::Status loadPlan(const RunOptions &options, const QString &planPath);
    void note(const QString &kind, const QString &configuration, const QString &detail,
              const QJsonObject &data = {});

    sb::Status startServer(const plan::Configuration &config, int round);
    void stopServer(const QString &configuration);
    void stopAllServers();
    bool serverRunning(const QString &configuration);
    sb::Status parityGate(const plan::Configuration &config, QStringList *failures);
    void recordVersions(const plan::Configuration &config);

    QList<plan::Hook> hooksFor(const plan::Configuration &config, const plan::Route *route,
                               QList<plan::Hook> plan::HookSet::*moment) const;
    sb::Status runHooks(const QList<plan::Hook> &hooks, const QString &moment,
                        const QString &configuration);

    load::LoadSpec loadSpec(const plan::Configuration &config, const plan::Route &route,
                            int concurrency) const;
    // Runs the cell once: warm-up, settle, measured window, gates. Fills `window`.
    void measureOnce(const plan::Configuration &config, const plan::Route &route,
                     const CellRef &cell, store::WindowRecord &window);
    // One load window; with `summary`, the sampler watches the server tree alongside and its
    // summary is returned there. Intervals reach the observer (and `intervals`) as they come.
    bool runLoad(const load::LoadSpec &spec, const CellRef &cell, Phase phase,
                 sample::Summary *summary, load::LoadResult &result,
                 std::vector<store::IntervalRecord> *intervals, std::string &error,
                 QVector<store::SampleRecord> *samples = nullptr);

    Runner &m_runner;
    RunObserver m_silent;
    RunObserver *m_observer;

    plan::Plan m_plan;
    const plan::Profile *m_profile = nullptr;
    std::unique_ptr<store::RunStore> m_store;
    std::unique_ptr<HookRunner> m_hooks;
    QString m_runId;
    std::unique_ptr<QTemporaryDir> m_logDir;
    std::map<QString, Server> m_servers;
    QMap<QString, ConfigurationState> m_states;

    int m_windowNumber = 0; // 1-based position of the current cell in the schedule
    int m_totalWindows = 0;

    std::mutex m_engineMutex;
    load::LoadEngine *m_engine = nullptr;
};

// ---------------------------------------------------------------------------------------------

sb::Status Runner::Session::loadPlan(const RunOptions &options, const QString &planPath)
{
    plan::PlanLoad load = plan::loadPlan(planPath, options.variables);
    if (!load.ok())
        return sb::qtError(QStringLiteral("plan.invalid"), QString(), load.errorText());
    m_plan = *load.plan;
    m_profile = m_plan.profile(options.profile);
    if (!m_profile) {
        QStringList names;
        for (const plan::Profile &p : m_plan.profiles)
            names << p.name;
        return sb::qtError(QStringLiteral("run.profile"), planPath,
                           QStringLiteral("no profile '%1'; the plan has: %2")
                               .arg(options.profile, names.join(QStringLiteral(", "))));
    }
    for (const QString &name : options.only)
        if (!m_plan.configuration(name))
            return sb::qtError(QStringLiteral("run.filter"), planPath,
                               QStringLiteral("no configuration '%1' in the plan").arg(name));
    for (const QString &name : options.routes)
        if (!m_plan.route(name))
            return sb::qtError(QStringLiteral("run.filter"), planPath,
                               QStringLiteral("no route '%1' in the plan").arg(name));
    m_hooks = std::make_unique<HookRunner>(m_plan.database);
    return sb::Ok{};
}

void Runner::Session::note(const QString &kind, const QString &configuration, const QString &detail,
                           const QJsonObject &data)
{
    const QString clean = m_plan.redact(detail);
    m_observer->noted(RunNote{m_runId, kind, configuration, clean});
    if (m_store && !m_runId.isEmpty()) {
        QJsonObject d = data;
        if (!configuration.isEmpty())
            d.insert(QStringLiteral("configuration"), configuration);
        m_store->saveEvent(
            store::EventRecord{m_runId, QDateTime::currentDateTimeUtc(), kind, clean, d});
    }
}

QList<plan::Hook> Runner::Session::hooksFor(const plan::Configuration &config,
                                            const plan::Route *route,
                                            QList<plan::Hook> plan::HookSet::*moment) const
{
    QList<plan::Hook> hooks = m_plan.hooks.*moment;
    hooks += config.hooks.*moment;
    if (route)
        hooks += route->hooks.*moment;
    return hooks;
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

// ---- servers

sb::Status Runner::Session::startServer(const plan::Configuration &config, int round)
{
    stopServer(config.name);
    const sb::Result<http::Url> parsed = http::parseUrl(config.baseUrl.toStdString());
    if (!parsed.ok())
        return sb::qtError(QStringLiteral("run.url"), config.where,
                           QStringLiteral("base URL: ") + sb::qtDetail(parsed.error()));
    const http::Url &url = *parsed;
    // Something else answering on the port would be measured instead of this configuration.
    for (int i = 0; i < 40 && portAnswers(url); ++i)
        QThread::msleep(50);
    if (portAnswers(url))
        return sb::qtError(QStringLiteral("run.port-busy"), config.where,
                           QStringLiteral("%1 already accepts connections before '%2' started; "
                                          "stop whatever listens there")
                               .arg(config.baseUrl, config.name));

    Server &server = m_servers[config.name];
    server.process = std::make_unique<ServerProcess>();
    server.logRound = round;
    const QString base = m_logDir->filePath(config.name + QStringLiteral("-r%1").arg(round));
    server.stdoutPath = base + QStringLiteral(".out");
    server.stderrPath = base + QStringLiteral(".err");
    sb::Status st = server.process->start(config.command, config.cwd, config.env, server.stdoutPath,
                                          server.stderrPath);
    if (!st.ok()) {
        m_servers.erase(config.name);
        return sb::qtError(sb::qtCode(st.error()), config.where,
                           m_plan.redact(sb::qtWhere(st.error()) + QStringLiteral(": ") +
                                         sb::qtDetail(st.error())));
    }
    ServerProcess *process = server.process.get();
    st = waitReady(config.baseUrl, config.ready, [process] { return process->running(); });
    if (!st.ok()) {
        const QString why = process->running() ? QString() : process->exitDescription();
        stopServer(config.name);
        return sb::qtError(sb::qtCode(st.error()), config.where,
                           why.isEmpty() ? sb::qtDetail(st.error())
                                         : sb::qtDetail(st.error()) + QStringLiteral(" (server ") +
                                               why + QLatin1Char(')'));
    }
    note(QStringLiteral("server-started"), config.name,
         QStringLiteral("started '%1' (pid %2), ready at %3")
             .arg(m_plan.redact(config.command.join(QLatin1Char(' '))))
             .arg(process->pid())
             .arg(config.baseUrl),
         QJsonObject{{QStringLiteral("pid"), double(process->pid())},
                     {QStringLiteral("round"), round}});
    return runHooks(hooksFor(config, nullptr, &plan::HookSet::beforeConfiguration),
                    QStringLiteral("before_configuration"), config.name);
}

bool Runner::Session::serverRunning(const QString &configuration)
{
    auto it = m_servers.find(configuration);
    return it != m_servers.end() && it->second.process && it->second.process->running();
}

void Runner::Session::stopServer(const QString &configuration)
{
    auto it = m_servers.find(configuration);
    if (it == m_servers.end())
        return;
    Server &server = it->second;
    const plan::Configuration *config = m_plan.configuration(configuration);
    const bool wasRunning = server.process->running();
    QString how;
    if (wasRunning) {
        const bool graceful = server.process->stop(config ? config->stop.signal : SIGTERM,
                                                   config ? config->stop.graceMs : 10'000);
        how =
            graceful ? QStringLiteral("stopped") : QStringLiteral("killed after the grace period");
    } else {
        how = QStringLiteral("had already ended: ") + server.process->exitDescription();
        server.process->stop(SIGKILL, 0); // reaps, and ends any orphaned children
    }
    note(QStringLiteral("server-stopped"), configuration,
         QStringLiteral("server %1 (pid %2)").arg(how).arg(server.process->pid()));
    if (m_store && !m_runId.isEmpty()) {
        auto readAll = [this](const QString &path) {
            QFile f(path);
            QByteArray bytes = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
            f.close();
            QFile::remove(path);
            return m_plan.redact(QString::fromUtf8(bytes)).toUtf8();
        };
        const QByteArray out = readAll(server.stdoutPath);
        const QByteArray err = readAll(server.stderrPath);
        if (!out.isEmpty() || !err.isEmpty())
            m_store->appendServerLog(m_runId, configuration, server.logRound, out, err);
    }
    m_servers.erase(it);
}

void Runner::Session::stopAllServers()
{
    while (!m_servers.empty())
        stopServer(m_servers.begin()->first);
}

void Runner::Session::recordVersions(const plan::Configuration &config)
{
    ConfigurationState &state = m_states[config.name];
    if (state.versionsRecorded)
        return;
    state.versionsRecorded = true;
    QJsonObject versions;
    for (const plan::VersionProbe &probe : config.versions) {
        QTemporaryDir dir;
        ServerProcess p;
        const QString out = dir.filePath(QStringLiteral("out"));
        sb::Status st = p.start(probe.command, config.cwd, config.env, out, out);
        QString value;
        if (!st.ok()) {
            value = QStringLiteral("error: ") + sb::qtDetail(st.error());
        } else {
            QElapsedTimer t;
            t.start();
            while (p.running() && t.elapsed() < 10'000)
                QThread::msleep(10);
            if (p.running()) {
                p.stop(SIGKILL, 0);
                value = QStringLiteral("error: no answer within 10 s");
            } else {
                QFile f(out);
                f.open(QIODevice::ReadOnly);
                value = m_plan.redact(QString::fromUtf8(f.readAll()).trimmed());
            }
        }
        versions.insert(probe.name, value);
    }
    state.versions = versions;
    QJsonObject env;
    const QMap<QString, QString> redacted = config.redactedEnv();
    for (auto it = redacted.begin(); it != redacted.end(); ++it)
        env.insert(it.key(), it.value());
    QStringList command;
    for (const QString &arg : config.command)
        command << m_plan.redact(arg);
    QJsonObject info{{QStringLiteral("command"), QJsonArray::fromStringList(command)},
                     {QStringLiteral("cwd"), config.cwd},
                     {QStringLiteral("env"), env},
                     {QStringLiteral("base_url"), config.baseUrl},
                     {QStringLiteral("versions"), versions}};
    if (m_store && !m_runId.isEmpty())
        m_store->saveConfiguration(m_runId, config.name, info);
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
        QJsonObject entry{{QStringLiteral("check"), check.name},
                          {QStringLiteral("passed"), problem.isEmpty()},
                          {QStringLiteral("status"), r.status}};
        if (!problem.isEmpty()) {
            entry.insert(QStringLiteral("problem"), problem);
            entry.insert(QStringLiteral("content_type"), QString::fromUtf8(r.contentType));
            entry.insert(QStringLiteral("body"),
                         m_plan.redact(QString::fromUtf8(r.body.left(4000))));
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

// ---- load

load::LoadSpec Runner::Session::loadSpec(const plan::Configuration &config,
                                         const plan::Route &route, int concurrency) const
{
    load::LoadSpec spec;
    // Checked in startServer(), before any load.
    const http::Url url = http::parseUrl(config.baseUrl.toStdString()).value();
    spec.host = url.host;
    spec.port = url.port;
    spec.hostHeader = url.hostHeader;
    spec.request.method = route.method.toStdString();
    spec.request.target = route.path.toStdString();
    for (const plan::Header &h : route.headers)
        spec.request.headers.emplace_back(h.name.toStdString(), h.value.toStdString());
    if (route.hasBody)
        spec.request.body = route.body.toStdString();
    spec.connections = concurrency;
    spec.threads = std::max(1, std::min(m_plan.load.threads, concurrency));
    spec.mode =
        m_plan.load.mode == plan::LoadSettings::Mode::Open ? load::Mode::Open : load::Mode::Closed;
    spec.ratePerS = m_plan.load.rateRps;
    spec.timeoutMs = m_plan.load.timeoutMs;
    spec.durationMs = m_profile->measureMs;
    spec.intervalMs = m_plan.sampler.intervalMs;
    return spec;
}

bool Runner::Session::runLoad(const load::LoadSpec &spec, const CellRef &cell, Phase phase,
                              sample::Summary *summary, load::LoadResult &result,
                              std::vector<store::IntervalRecord> *intervals, std::string &error,
                              QVector<store::SampleRecord> *samples)
{
    std::optional<sample::Sampler> samplerStorage;
    sample::Sampler *sampler = nullptr;
    if (summary)
        sampler = &samplerStorage.emplace();
    // Load and sampler intervals arrive on their own threads; they are paired by index and
    // handed to the observer from this thread.
    struct Pending
    {
        store::IntervalRecord record;
        bool load = false;
        bool sample = false;
    };
    std::mutex mutex;
    std::condition_variable cv;
    std::map<int, Pending> pending;
    bool done = false;

    auto onLoad = [&](const load::IntervalSnapshot &s) {
        std::lock_guard<std::mutex> lock(mutex);
        Pending &p = pending[s.index];
        store::IntervalRecord &r = p.record;
        r.index = s.index;
        r.startS = s.startS;
        r.endS = s.endS;
        r.requests = s.counts.responses;
        r.ok = s.counts.ok;
        r.errors = s.counts.errors();
        r.okPerS = s.okPerS;
        r.p50Us = s.p50Us;
        r.p99Us = s.p99Us;
        r.maxUs = s.maxUs;
        p.load = true;
        cv.notify_all();
    };
    auto onSample = [&](const sample::Snapshot &s) {
        std::lock_guard<std::mutex> lock(mutex);
        Pending &p = pending[s.index];
        store::IntervalRecord &r = p.record;
        r.serverCores = s.serverCores;
        r.foreignPct = s.foreignPct;
        r.excludedPct = s.excludedPct;
        r.generatorPct = s.generatorPct;
        r.rssBytes = s.serverRssBytes;
        r.pssBytes = s.serverPssBytes;
        p.sample = true;
        if (samples) {
            // The sampler's series that the interval timeline has no column for.
            const double atS = double(s.endNs) / 1e9;
            samples->append({atS, QStringLiteral("machine-pct"), s.machinePct});
            samples->append({atS, QStringLiteral("own-pct"), s.ownPct});
            samples->append({atS, QStringLiteral("server-cpu-s"), double(s.serverCpuNs) / 1e9});
            samples->append({atS, QStringLiteral("server-processes"), double(s.serverProcesses)});
            samples->append(
                {atS, QStringLiteral("excluded-processes"), double(s.excludedProcesses)});
        }
        cv.notify_all();
    };

    auto emitReady = [&](bool all) {
        std::vector<store::IntervalRecord> ready;
        {
            std::lock_guard<std::mutex> lock(mutex);
            while (!pending.empty()) {
                auto it = pending.begin();
                const bool complete = it->second.load && (it->second.sample || !sampler);
                if (!complete && !all)
                    break;
                if (it->second.load)
                    ready.push_back(it->second.record);
                pending.erase(it);
            }
        }
        for (const store::IntervalRecord &r : ready) {
            if (intervals)
                intervals->push_back(r);
            m_observer->intervalMeasured(IntervalUpdate{m_runId, cell, phase, r});
        }
    };

    load::LoadEngine engine;
    if (sampler) {
        sample::Options options;
        options.rootPid = m_servers[cell.configuration].process->pid();
        options.intervalMs = m_plan.sampler.intervalMs;
        options.excludes.clear();
        for (const QString &e : m_plan.sampler.exclude)
            options.excludes.push_back(e.toStdString());
        options.sleepGapS = double(m_plan.sampler.sleepGapMs) / 1000.0;
        options.generatorCores = spec.threads;
        if (sb::Status st = sampler->start(options, onSample); !st.ok()) {
            error = "sampler: " + st.error().detail;
            return false;
        }
    }
    {
        std::lock_guard<std::mutex> lock(m_engineMutex);
        m_engine = &engine;
    }
    const sb::Status startStatus = engine.start(spec, onLoad);
    const bool started = startStatus.ok();
    if (!started)
        error = startStatus.error().detail;
    if (started && sampler)
        sampler->setGeneratorThreads(engine.workerTids());
    if (started && cancelled())
        engine.cancel();
    if (!started) {
        std::lock_guard<std::mutex> lock(m_engineMutex);
        m_engine = nullptr;
        if (sampler)
            sampler->stop();
        return false;
    }
    std::thread waiter([&] {
        result = engine.wait();
        std::lock_guard<std::mutex> lock(mutex);
        done = true;
        cv.notify_all();
    });
    while (true) {
        {
            std::unique_lock<std::mutex> lock(mutex);
            cv.wait_for(lock, std::chrono::milliseconds(200));
            if (done)
                break;
        }
        emitReady(false);
    }
    waiter.join();
    {
        std::lock_guard<std::mutex> lock(m_engineMutex);
        m_engine = nullptr;
    }
    if (sampler)
        *summary = sampler->stop(); // its final partial sample arrives through onSample
    emitReady(true);
    return true;
}

void Runner::Session::measureOnce(const plan::Configuration &config, const plan::Route &route,
                                  const CellRef &cell, store::WindowRecord &window)
{
    window.runId = m_runId;
    window.round = cell.round;
    window.configuration = cell.configuration;
    window.route = cell.route;
    window.concurrency = cell.concurrency;
    window.attempt = cell.attempt;
    window.startedAt = QDateTime::currentDateTimeUtc();
    QJsonObject gates;
    const load::LoadSpec measured = loadSpec(config, route, cell.concurrency);
    std::string error;

    // before_window hooks, then a warm-up that fails closed.
    sb::Status hooks = runHooks(hooksFor(config, &route, &plan::HookSet::beforeWindow),
                                QStringLiteral("before_window"), config.name);
    if (!hooks.ok()) {
        window.invalidReason =
            QStringLiteral("before_window hook failed: ") + sb::qtDetail(hooks.error());
        return;
    }
    const plan::Warmup &warmup = m_profile->warmup;
    if (!warmup.isNone()) {
        load::LoadSpec w = measured;
        if (warmup.kind == plan::Warmup::Kind::Requests) {
            w.requestLimit = warmup.requests;
        } else {
            w.durationMs = warmup.durationMs;
        }
        m_observer->windowStarted(
            WindowStarted{m_runId, cell, Phase::WarmUp, m_windowNumber, m_totalWindows});
        load::LoadResult wr;
        if (!runLoad(w, cell, Phase::WarmUp, nullptr, wr, nullptr, error)) {
            window.invalidReason =
                QStringLiteral("warm-up could not start: ") + QString::fromStdString(error);
            return;
        }
        if (wr.cancelled) {
            window.invalidReason = QStringLiteral("cancelled");
            return;
        }
        const QString problems = errorSummary(wr.total, route.expectStatus);
        gates.insert(QStringLiteral("warmup"),
                     QJsonObject{{QStringLiteral("passed"), problems.isEmpty()},
                                 {QStringLiteral("responses"), double(wr.total.responses)},
                                 {QStringLiteral("seconds"), wr.elapsedS}});
        if (!problems.isEmpty()) {
            window.invalidReason = QStringLiteral("warm-up failed: ") + problems;
            window.gates = gates;
            return;
        }
    }
    if (m_profile->settleMs > 0)
        QThread::msleep(unsigned(m_profile->settleMs));

    qint64 checkpointsBefore = -1;
    if (m_hooks->watchesCheckpoints()) {
        sb::Result<qint64> c = m_hooks->checkpointCount();
        if (c.ok())
            checkpointsBefore = *c;
        else
            note(QStringLiteral("warning"), config.name,
                 QStringLiteral("cannot read the checkpoint counter: ") + sb::qtDetail(c.error()));
    }

    m_observer->windowStarted(
        WindowStarted{m_runId, cell, Phase::Measure, m_windowNumber, m_totalWindows});
    window.startedAt = QDateTime::currentDateTimeUtc();
    load::LoadResult r;
    sample::Summary s;
    std::vector<store::IntervalRecord> intervals;
    if (!runLoad(measured, cell, Phase::Measure, &s, r, &intervals, error, &window.samples)) {
        window.invalidReason =
            QStringLiteral("the measured window could not start: ") + QString::fromStdString(error);
        return;
    }

    qint64 checkpoints = 0;
    if (checkpointsBefore >= 0) {
        sb::Result<qint64> c = m_hooks->checkpointCount();
        if (c.ok())
            checkpoints = *c - checkpointsBefore;
    }

    // The window's figures.
    const load::Counters &t = r.total;
    window.elapsedS = r.elapsedS;
    window.requests = t.responses;
    window.ok = t.ok;
    window.statusCounts = statusCountsJson(t);
    window.errors = errorCountsJson(t);
    window.bytesIn = t.bytesIn;
    window.bytesOut = t.bytesOut;
    window.reconnects = t.reconnects;
    window.clientCpuS = r.clientCpuS;
    window.latencyUs = latencySummaryJson(r.latency);
    window.histogram = encodedHistogram(r.latency);
    if (measured.mode == load::Mode::Open)
        window.histogramUncorrected = encodedHistogram(r.latencyUncorrected);
    window.serverCpuS = s.serverCpuS;
    window.serverCoresMean = s.durationS > 0 ? s.serverCpuS / s.durationS : 0;
    window.foreignPctMean = s.foreignPct.mean;
    window.foreignPctPeak = s.foreignPct.peak;
    window.excludedPctMean = s.excludedPct.mean;
    window.generatorPctMean = s.generatorPct.mean;
    window.rssBytesPeak = s.rssBytesPeak;
    window.pssBytesPeak = s.pssBytesPeak;
    window.checkpoints = checkpoints;
    window.intervals = QVector<store::IntervalRecord>(intervals.begin(), intervals.end());
    for (const sample::Event &e : s.events)
        note(QStringLiteral("sampler-") + QLatin1String(sample::eventKindName(e.kind)), config.name,
             QStringLiteral("%1 during %2: %3")
                 .arg(QLatin1String(sample::eventKindName(e.kind)), cellText(cell),
                      QString::fromStdString(e.detail)),
             QJsonObject{{QStringLiteral("pid"), double(e.pid)},
                         {QStringLiteral("at_s"), double(e.offsetNs) / 1e9}});

    // Gates, most fundamental first: the first failing one is the window's reason.
    QStringList reasons;
    const bool died = s.rootExited || !serverRunning(config.name);
    gates.insert(QStringLiteral("server"),
                 QJsonObject{{QStringLiteral("passed"), !died},
                             {QStringLiteral("detail"),
                              died ? m_servers[config.name].process->exitDescription()
                                   : QStringLiteral("running")}});
    if (died)
        reasons << QStringLiteral("server tree died: ") +
                       m_servers[config.name].process->exitDescription();
    QStringList sleeps;
    for (const sample::Event &e : s.events)
        if (e.kind == sample::EventKind::Sleep)
            sleeps << QString::fromStdString(e.detail);
    gates.insert(QStringLiteral("sleep"),
                 QJsonObject{{QStringLiteral("passed"), sleeps.isEmpty()},
                             {QStringLiteral("events"), QJsonArray::fromStringList(sleeps)}});
    if (!sleeps.isEmpty())
        reasons << QStringLiteral("sleep gap: ") + sleeps.first();
    if (checkpointsBefore >= 0) {
        gates.insert(QStringLiteral("checkpoint"),
                     QJsonObject{{QStringLiteral("passed"), checkpoints == 0},
                                 {QStringLiteral("value"), double(checkpoints)}});
        if (checkpoints > 0)
            reasons
                << QStringLiteral("%1 database checkpoint(s) inside the window").arg(checkpoints);
    }
    const double gate = m_plan.sampler.foreignGatePct;
    gates.insert(QStringLiteral("foreign_cpu"),
                 QJsonObject{{QStringLiteral("passed"), s.foreignPct.mean < gate},
                             {QStringLiteral("value"), s.foreignPct.mean},
                             {QStringLiteral("threshold"), gate}});
    if (s.foreignPct.mean >= gate)
        reasons << QStringLiteral("foreign-cpu %1% >= %2%")
                       .arg(s.foreignPct.mean, 0, 'f', 0)
                       .arg(gate, 0, 'f', 0);
    const QString problems = errorSummary(t, route.expectStatus);
    gates.insert(QStringLiteral("errors"),
                 QJsonObject{{QStringLiteral("passed"), problems.isEmpty()},
                             {QStringLiteral("detail"), problems}});
    if (!problems.isEmpty())
        reasons << QStringLiteral("errors: ") + problems;
    if (r.cancelled)
        reasons.prepend(QStringLiteral("cancelled"));
    const double clientCores = r.elapsedS > 0 ? r.clientCpuS / r.elapsedS : 0;
    const bool clientBound = s.clientBound || clientCores >= 0.95 * measured.threads;
    gates.insert(QStringLiteral("client_bound"),
                 QJsonObject{{QStringLiteral("flagged"), clientBound},
                             {QStringLiteral("client_cores"), clientCores},
                             {QStringLiteral("threads"), measured.threads}});
    if (clientBound)
        window.flags << QStringLiteral("client-bound");
    window.gates = gates;
    window.valid = reasons.isEmpty();
    window.invalidReason = reasons.isEmpty() ? QString() : reasons.first();
}

// ---- the run

sb::Result<RunFinished> Runner::Session::run(const RunOptions &options)
{
    RunOptions opts = options;
    QString planPath = options.planPath;
    store::RunRecord record;
    QMap<QString, store::CellProgress> progress; // key: round|configuration|route|concurrency
    auto key = [](int round, const QString &c, const QString &r, int conc) {
        return QStringLiteral("%1|%2|%3|%4").arg(round).arg(c, r).arg(conc);
    };

    sb::Result<std::unique_ptr<store::RunStore>> opened =
        store::RunStore::open(options.storeLocation);
    if (!opened.ok())
        return opened.error();
    m_store = std::move(*opened);

    if (!options.resumeRunId.isEmpty()) {
        sb::Result<store::RunRecord> stored = m_store->run(options.resumeRunId);
        if (!stored.ok())
            return sb::qtError(
                QStringLiteral("run.resume"), m_store->displayLocation(),
                QStringLiteral("no run '%1' in this store").arg(options.resumeRunId));
        record = *stored;
        if (record.status == store::kStatusFinished)
            return sb::qtError(QStringLiteral("run.resume"), record.id,
                               QStringLiteral("run %1 is already finished").arg(record.id));
        planPath = record.planPath;
        opts.profile = record.profile;
        opts.only = record.only;
        opts.routes = record.routes;
        QFile planFile(planPath);
        if (!planFile.open(QIODevice::ReadOnly))
            return sb::qtError(QStringLiteral("run.resume"), planPath,
                               QStringLiteral("cannot read the run's plan file: ") +
                                   planFile.errorString());
        const QByteArray sha =
            QCryptographicHash::hash(planFile.readAll(), QCryptographicHash::Sha256).toHex();
        if (sha != record.planSha256 && !options.force)
            return sb::qtError(
                QStringLiteral("run.resume"), planPath,
                QStringLiteral("the plan file changed since run %1 started (sha256 %2, "
                               "now %3); resume with --force to continue anyway")
                    .arg(record.id, QString::fromLatin1(record.planSha256.left(12)),
                         QString::fromLatin1(sha.left(12))));
    }
    if (sb::Status st = loadPlan(opts, planPath); !st.ok())
        return st.error();

    const QList<ScheduledWindow> schedule =
        buildSchedule(m_plan, *m_profile, opts.only, opts.routes);
    int maxConcurrency = 0;
    for (int c : m_profile->concurrency)
        maxConcurrency = std::max(maxConcurrency, c);
    QStringList warnings;
    const QJsonObject environment =
        environmentRecord(m_plan, m_profile->name, maxConcurrency, &warnings);

    if (options.resumeRunId.isEmpty()) {
        record.id = store::RunStore::newRunId();
        record.planPath = QFileInfo(planPath).absoluteFilePath();
        record.planText = m_plan.redactedText();
        record.planSha256 = m_plan.sha256;
        record.profile = m_profile->name;
        record.only = opts.only;
        record.routes = opts.routes;
        record.startedAt = QDateTime::currentDateTimeUtc();
        record.status = store::kStatusRunning;
        record.environment = environment;
        record.fileHashes = fileHashes(m_plan);
        if (sb::Status st = m_store->createRun(record); !st.ok())
            return st.error();
    } else {
        sb::Result<QVector<store::CellProgress>> cells = m_store->cellProgress(record.id);
        if (!cells.ok())
            return cells.error();
        for (const store::CellProgress &c : *cells)
            progress.insert(key(c.round, c.configuration, c.route, c.concurrency), c);
        m_store->setRunStatus(record.id, store::kStatusRunning);
    }
    m_runId = record.id;
    m_logDir = std::make_unique<QTemporaryDir>();

    int done = 0;
    for (const ScheduledWindow &w : schedule) {
        auto it = progress.find(key(w.round, w.configuration, w.route, w.concurrency));
        if (it != progress.end() && it->validWindows > 0)
            ++done;
    }
    const int total = int(schedule.size());
    m_observer->runStarted(RunStarted{m_runId, m_plan.name, m_profile->name,
                                      m_store->displayLocation(), total, done,
                                      !options.resumeRunId.isEmpty(), warnings, environment});
    note(options.resumeRunId.isEmpty() ? QStringLiteral("run-started")
                                       : QStringLiteral("run-resumed"),
         QString(), QStringLiteral("%1 windows to measure, %2 already valid").arg(total).arg(done));
    for (const QString &w : warnings)
        note(QStringLiteral("warning"), QString(), w);

    RunFinished finished;
    finished.runId = m_runId;
    auto finish = [&](const QString &status, const QString &error) -> RunFinished {
        stopAllServers();
        finished.status = status;
        finished.error = error;
        if (!error.isEmpty())
            note(QStringLiteral("run-failed"), QString(), error);
        m_store->finishRun(m_runId, status);
        if (sb::Result<store::RunRecord> r = m_store->run(m_runId); r.ok()) {
            finished.validWindows = int(r->validWindowCount);
            finished.invalidWindows = int(r->windowCount - r->validWindowCount);
        }
        m_observer->runFinished(finished);
        return finished;
    };

    if (sb::Status st = runHooks(m_plan.hooks.beforeRun, QStringLiteral("before_run"), QString());
        !st.ok())
        return finish(store::kStatusFailed,
                      QStringLiteral("before_run hook failed: ") + sb::qtText(st.error()));

    QElapsedTimer clock;
    clock.start();
    int doneThisSession = 0;
    const plan::Profile::Process policy = m_profile->process;
    int windowNumber = 0;

    for (qsizetype i = 0; i < schedule.size();) {
        // The cells of one configuration in one round.
        const int round = schedule[i].round;
        const QString configName = schedule[i].configuration;
        qsizetype end = i;
        while (end < schedule.size() && schedule[end].round == round &&
               schedule[end].configuration == configName)
            ++end;
        const plan::Configuration &config = *m_plan.configuration(configName);
        ConfigurationState &state = m_states[configName];

        QList<ScheduledWindow> todo;
        for (qsizetype j = i; j < end; ++j) {
            auto it =
                progress.find(key(round, configName, schedule[j].route, schedule[j].concurrency));
            if (it == progress.end() || it->validWindows == 0)
                todo << schedule[j];
        }
        windowNumber += int(end - i - todo.size());
        i = end;
        if (todo.isEmpty())
            continue;
        if (state.blocked) {
            for (const ScheduledWindow &w : todo) {
                ++windowNumber;
                finished.failedCells << QStringLiteral("%1: configuration blocked")
                                            .arg(cellText(CellRef{w.round, w.configuration, w.route,
                                                                  w.concurrency, 0}));
                ++done;
            }
            continue;
        }
        if (cancelled())
            return finish(store::kStatusInterrupted, QString());

        // A fresh process tree per round (or once per run, or per window below).
        auto ensureServer = [&](bool fresh) -> bool {
            if (!fresh && serverRunning(configName))
                return true;
            sb::Status st = startServer(config, round);
            if (st.ok()) {
                recordVersions(config);
                if (!state.parityDone) {
                    state.parityDone = true;
                    QStringList failures;
                    st = parityGate(config, &failures);
                }
            }
            if (!st.ok()) {
                state.blocked = true;
                state.blockedReason = sb::qtDetail(st.error());
                finished.blockedConfigurations
                    << QStringLiteral("%1: %2").arg(configName, sb::qtText(st.error()));
                note(QStringLiteral("configuration-blocked"), configName,
                     QStringLiteral("'%1' is not measured: %2")
                         .arg(configName, sb::qtText(st.error())));
                stopServer(configName);
                return false;
            }
            return true;
        };
        if (policy != plan::Profile::Process::Window &&
            !ensureServer(policy == plan::Profile::Process::Round)) {
            for (const ScheduledWindow &w : todo) {
                ++windowNumber;
                ++done;
                finished.failedCells << QStringLiteral("%1: configuration blocked")
                                            .arg(cellText(CellRef{w.round, w.configuration, w.route,
                                                                  w.concurrency, 0}));
            }
            continue;
        }

        QString lastRoute;
        for (const ScheduledWindow &w : todo) {
            ++windowNumber;
            const plan::Route &route = *m_plan.route(w.route);
            const auto it = progress.find(key(w.round, w.configuration, w.route, w.concurrency));
            int attempt = it == progress.end() ? 0 : it->attempts;
            const int maxAttempts = attempt + m_profile->retries + 1;
            if (route.name != lastRoute) {
                lastRoute = route.name;
                runHooks(hooksFor(config, &route, &plan::HookSet::beforeRoute),
                         QStringLiteral("before_route"), configName);
            }
            bool valid = false;
            QString lastReason;
            while (!valid && attempt < maxAttempts && !state.blocked) {
                if (cancelled())
                    return finish(store::kStatusInterrupted, QString());
                const bool fresh = policy == plan::Profile::Process::Window;
                if (!ensureServer(fresh))
                    break;
                CellRef cell{w.round, w.configuration, w.route, w.concurrency, attempt};
                m_windowNumber = windowNumber;
                m_totalWindows = total;
                store::WindowRecord window;
                measureOnce(config, route, cell, window);
                if (cancelled() && !window.valid) {
                    // An interrupted window is not an attempt: nothing of it is stored.
                    return finish(store::kStatusInterrupted, QString());
                }
                sb::Result<qint64> saved = m_store->saveWindow(window);
                if (!saved.ok())
                    return finish(store::kStatusFailed, sb::qtText(saved.error()));
                window.id = *saved;
                ++attempt;
                valid = window.valid;
                lastReason = window.invalidReason;
                WindowFinished wf{m_runId, window, false, false};
                if (!valid) {
                    wf.willRetry = attempt < maxAttempts;
                    wf.cellFailed = !wf.willRetry;
                }
                m_observer->windowFinished(wf);
                if (!valid && !serverRunning(configName) &&
                    policy != plan::Profile::Process::Window) {
                    note(QStringLiteral("server-died"), configName,
                         QStringLiteral("the server tree died during %1; restarting it")
                             .arg(cellText(cell)));
                    if (!ensureServer(true))
                        break;
                }
                if (policy == plan::Profile::Process::Window)
                    stopServer(configName);
                if (m_profile->cooldownMs > 0 && !cancelled())
                    QThread::msleep(unsigned(m_profile->cooldownMs));
            }
            ++done;
            ++doneThisSession;
            if (!valid) {
                const QString failed = QStringLiteral("%1: %2").arg(
                    cellText(CellRef{w.round, w.configuration, w.route, w.concurrency, attempt}),
                    state.blocked ? QStringLiteral("configuration blocked: ") + state.blockedReason
                                  : lastReason);
                finished.failedCells << failed;
                note(QStringLiteral("cell-failed"), configName, failed);
            }
            const double perCell = double(clock.elapsed()) / 1000.0 / doneThisSession;
            m_observer->progressed(Progress{m_runId, done, total, perCell * (total - done)});
        }
        if (policy == plan::Profile::Process::Round)
            stopServer(configName);
    }
    return finish(store::kStatusFinished, QString());
}

sb::Result<bool> Runner::Session::check(const RunOptions &options, QStringList *report)
{
    if (sb::Status st = loadPlan(options, options.planPath); !st.ok())
        return st.error();
    m_logDir = std::make_unique<QTemporaryDir>();
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
                report->append(QStringLiteral("%1: %2").arg(config.name, sb::qtText(st.error())));
            else
                for (const QString &f : failures)
                    report->append(QStringLiteral("%1: parity failed: %2").arg(config.name, f));
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

sb::Result<bool> Runner::check(const RunOptions &options, QStringList *report)
{
    Session session(*this, m_observer);
    setSession(&session);
    sb::Result<bool> result = session.check(options, report);
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
