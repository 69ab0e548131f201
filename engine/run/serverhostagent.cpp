#include "run/serverhostagent.h"

#include "core/qterror.h"
#include "lane/agentprotocol.h"
#include "run/environment.h"
#include "run/samplejson.h"
#include "run/samplesession.h"
#include "run/serverprocess.h"
#include "sample/proctree.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <algorithm>
#include <csignal>
#include <limits>
#include <map>
#include <optional>
#include <unistd.h>

namespace sb::run {

namespace {

sb::Error requestError(const QString &detail)
{
    return sb::qtError(QString::fromLatin1(lane::kAgentError), QString(), detail);
}

// A list of strings of at most `max` items, each at most 64 KiB; nullopt when it is not one.
std::optional<QStringList> stringList(const QJsonValue &value, qsizetype max)
{
    if (!value.isArray() || value.toArray().size() > max)
        return std::nullopt;
    QStringList out;
    for (const QJsonValue &v : value.toArray()) {
        if (!v.isString() || v.toString().size() > 65536)
            return std::nullopt;
        out << v.toString();
    }
    return out;
}

std::optional<QMap<QString, QString>> stringMap(const QJsonValue &value)
{
    if (value.isUndefined())
        return QMap<QString, QString>{};
    if (!value.isObject() || value.toObject().size() > 1000)
        return std::nullopt;
    QMap<QString, QString> out;
    const QJsonObject o = value.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!it.value().isString() || it.key().isEmpty() || it.key().contains(QLatin1Char('=')))
            return std::nullopt;
        out.insert(it.key(), it.value().toString());
    }
    return out;
}

// The last `max` bytes of a file, and how many bytes before them were left out.
QByteArray fileTail(const QString &path, qsizetype max, qint64 *dropped)
{
    QFile f(path);
    *dropped = 0;
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const qint64 size = f.size();
    if (size > max) {
        *dropped = size - max;
        f.seek(*dropped);
    }
    return f.read(max);
}

} // namespace

struct ServerHostService::Impl
{
    struct Tree
    {
        std::unique_ptr<ServerProcess> process;
        QString stdoutPath;
        QString stderrPath;
    };

    Post post;
    QTemporaryDir logDir;
    std::map<QString, Tree> trees;
    std::optional<SampleSession> sampler;
    int samplingId = 0;

    void reply(int id, const char *type, QJsonObject fields = {})
    {
        fields.insert(QStringLiteral("type"), QLatin1String(type));
        fields.insert(QStringLiteral("id"), id);
        post(fields);
    }
    void fail(int id, const QString &detail) { post(lane::errorMessage(id, requestError(detail))); }

    Tree *tree(int id, const QJsonObject &m)
    {
        const QString name = m.value(QLatin1String("name")).toString();
        auto it = trees.find(name);
        if (it == trees.end()) {
            fail(id, QStringLiteral("no tree \"%1\" runs on this host").arg(name.left(100)));
            return nullptr;
        }
        return &it->second;
    }

    void start(int id, const QJsonObject &m)
    {
        const QString name = m.value(QLatin1String("name")).toString();
        const std::optional<QStringList> command =
            stringList(m.value(QLatin1String("command")), 10000);
        const std::optional<QMap<QString, QString>> env = stringMap(m.value(QLatin1String("env")));
        const QJsonValue cpusValue = m.value(QLatin1String("cpus"));
        std::vector<int> cpus;
        bool cpusOk =
            cpusValue.isUndefined() || (cpusValue.isArray() && cpusValue.toArray().size() <= 4096);
        for (const QJsonValue &v : cpusValue.toArray()) {
            cpusOk = cpusOk && v.isDouble() && v.toDouble() >= 0 && v.toDouble() < 4096 &&
                     v.toDouble() == double(int(v.toDouble()));
            cpus.push_back(v.toInt());
        }
        if (name.isEmpty() || name.size() > 200 || !command || command->isEmpty() || !env ||
            !cpusOk) {
            fail(id, QStringLiteral("tree-start needs a name, a command, an environment object "
                                    "and CPU numbers"));
            return;
        }
        if (!logDir.isValid()) {
            fail(id, QStringLiteral("cannot make a directory for the server's output: %1")
                         .arg(logDir.errorString()));
            return;
        }
        stop(name, SIGKILL, 0); // a tree of the same name before: its output has no taker
        Tree &t = trees[name];
        t.process = std::make_unique<ServerProcess>();
        static int serial = 0;
        const QString base = logDir.filePath(QStringLiteral("tree-%1").arg(++serial));
        t.stdoutPath = base + QStringLiteral(".out");
        t.stderrPath = base + QStringLiteral(".err");
        QElapsedTimer clock;
        clock.start();
        const sb::Status st = t.process->start(*command, m.value(QLatin1String("cwd")).toString(),
                                               *env, t.stdoutPath, t.stderrPath, cpus);
        const double execMs = double(clock.nsecsElapsed()) / 1e6;
        if (!st.ok()) {
            trees.erase(name);
            post(lane::errorMessage(id, st.error()));
            return;
        }
        reply(id, "tree-started",
              {{QStringLiteral("pid"), double(t.process->pid())},
               {QStringLiteral("containment"), containmentName(t.process->containment())},
               {QStringLiteral("exec_ms"), execMs}});
    }

    void status(int id, const QJsonObject &m)
    {
        if (Tree *t = tree(id, m)) {
            const bool running = t->process->running();
            reply(id, "tree-status",
                  {{QStringLiteral("running"), running},
                   {QStringLiteral("exit"), t->process->exitDescription()}});
        }
    }

    void memory(int id, const QJsonObject &m)
    {
        if (Tree *t = tree(id, m)) {
            const sample::MemoryUsage usage = sample::treeMemory(t->process->members());
            reply(id, "tree-memory",
                  {{QStringLiteral("rss_bytes"), double(usage.rssBytes)},
                   {QStringLiteral("pss_bytes"), double(usage.pssBytes)}});
        }
    }

    struct Stopped
    {
        bool graceful = true;
        QString exit;
        QByteArray out, err;
        qint64 dropped = 0;
    };

    std::optional<Stopped> stop(const QString &name, int signal, qint64 graceMs)
    {
        auto it = trees.find(name);
        if (it == trees.end())
            return std::nullopt;
        if (sampler && samplingId != 0)
            (void)sampler->stop(); // a sampling of a tree that is going away
        sampler.reset();
        samplingId = 0;
        Tree &t = it->second;
        Stopped s;
        const bool wasRunning = t.process->running();
        s.exit = t.process->exitDescription();
        s.graceful = t.process->stop(wasRunning ? signal : SIGKILL, wasRunning ? graceMs : 0);
        if (wasRunning)
            s.exit = t.process->exitDescription();
        qint64 droppedOut = 0, droppedErr = 0;
        s.out = fileTail(t.stdoutPath, kServerHostOutputBytes, &droppedOut);
        s.err = fileTail(t.stderrPath, kServerHostOutputBytes, &droppedErr);
        s.dropped = droppedOut + droppedErr;
        QFile::remove(t.stdoutPath);
        QFile::remove(t.stderrPath);
        trees.erase(it);
        s.graceful = s.graceful && wasRunning;
        return s;
    }

    void stopRequest(int id, const QJsonObject &m)
    {
        const QString name = m.value(QLatin1String("name")).toString();
        const double signal = m.value(QLatin1String("signal")).toDouble(SIGTERM);
        const double grace = m.value(QLatin1String("grace_ms")).toDouble(10000);
        if (signal < 1 || signal > 64 || grace < 0 || grace > 3'600'000) {
            fail(id,
                 QStringLiteral("tree-stop needs a signal 1..64 and a grace of at most an hour"));
            return;
        }
        const std::optional<Stopped> s = stop(name, int(signal), qint64(grace));
        if (!s) {
            fail(id, QStringLiteral("no tree \"%1\" runs on this host").arg(name.left(100)));
            return;
        }
        reply(id, "tree-stopped",
              {{QStringLiteral("graceful"), s->graceful},
               {QStringLiteral("exit"), s->exit},
               {QStringLiteral("stdout"), QString::fromLatin1(s->out.toBase64())},
               {QStringLiteral("stderr"), QString::fromLatin1(s->err.toBase64())},
               {QStringLiteral("dropped_bytes"), double(s->dropped)}});
    }

    void sampleStart(int id, const QJsonObject &m)
    {
        Tree *t = tree(id, m);
        if (!t)
            return;
        const std::optional<QStringList> excludes =
            stringList(m.value(QLatin1String("excludes")), 1000);
        const double intervalMs = m.value(QLatin1String("interval_ms")).toDouble(1000);
        const double gap = m.value(QLatin1String("sleep_gap_s")).toDouble(10);
        if (!excludes || !(intervalMs >= 100 && intervalMs <= 60000) || !(gap > 0 && gap < 1e6)) {
            fail(id, QStringLiteral("sample-start needs excludes, an interval of 100..60000 ms "
                                    "and a sleep gap"));
            return;
        }
        if (sampler)
            (void)sampler->stop();
        sampler.emplace();
        TreeSampling sampling;
        sampling.rootPid = t->process->pid();
        sampling.cgroupDir = QString::fromLocal8Bit(t->process->cgroupPath());
        sampling.reaperPid = t->process->supervisorPid();
        sampling.excludes = *excludes;
        sampling.sleepGapS = gap;
        const Post sink = post;
        if (const sb::Status st = sampler->start(
                sampling, int(intervalMs),
                [sink, id](const TreeReading &r) {
                    sink(QJsonObject{{QStringLiteral("type"), QStringLiteral("reading")},
                                     {QStringLiteral("id"), id},
                                     {QStringLiteral("reading"), readingJson(r)}});
                });
            !st.ok()) {
            sampler.reset();
            post(lane::errorMessage(id, st.error()));
            return;
        }
        samplingId = id;
        reply(id, "sampling");
    }

    void sampleStop(int id)
    {
        if (!sampler || samplingId == 0) {
            fail(id, QStringLiteral("nothing is being sampled"));
            return;
        }
        const TreeSummary summary = sampler->stop(); // the final reading is posted before
        sampler.reset();
        samplingId = 0;
        reply(id, "sampled", {{QStringLiteral("summary"), summaryJson(summary)}});
    }

    void exec(int id, const QJsonObject &m)
    {
        const std::optional<QStringList> command =
            stringList(m.value(QLatin1String("command")), 10000);
        const std::optional<QMap<QString, QString>> env = stringMap(m.value(QLatin1String("env")));
        const double timeoutMs = m.value(QLatin1String("timeout_ms")).toDouble(10000);
        if (!command || command->isEmpty() || !env ||
            !(timeoutMs >= 1 && timeoutMs <= 86'400'000)) {
            fail(id, QStringLiteral("exec needs a command, an environment object and a timeout"));
            return;
        }
        QProcess process;
        process.setProcessChannelMode(QProcess::MergedChannels);
        const QString cwd = m.value(QLatin1String("cwd")).toString();
        if (!cwd.isEmpty())
            process.setWorkingDirectory(cwd);
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (auto it = env->begin(); it != env->end(); ++it)
            environment.insert(it.key(), it.value());
        process.setProcessEnvironment(environment);
        process.setProgram(command->first());
        process.setArguments(command->mid(1));
        process.setChildProcessModifier([] { ::setsid(); }); // a timeout ends all it started
        process.start();
        if (!process.waitForStarted(10000)) {
            fail(id, QStringLiteral("cannot start '%1': %2")
                         .arg(command->first().left(200), process.errorString()));
            return;
        }
        const qint64 pid = process.processId();
        QByteArray output;
        QElapsedTimer clock;
        clock.start();
        bool timedOut = false;
        // Read as it comes, keeping the tail: a chatty command never fills the pipe.
        while (process.state() != QProcess::NotRunning) {
            if (clock.elapsed() > qint64(timeoutMs)) {
                timedOut = true;
                if (pid > 0)
                    ::kill(-pid_t(pid), SIGKILL);
                process.kill();
                process.waitForFinished(5000);
                break;
            }
            process.waitForReadyRead(100);
            output += process.readAll();
            if (output.size() > 2 * kServerHostExecBytes)
                output = output.right(kServerHostExecBytes);
        }
        output += process.readAll();
        output = output.right(kServerHostExecBytes);
        reply(id, "exec-done",
              {{QStringLiteral("exit_code"), process.exitCode()},
               {QStringLiteral("crashed"), process.exitStatus() == QProcess::CrashExit},
               {QStringLiteral("timed_out"), timedOut},
               {QStringLiteral("output"), QString::fromLatin1(output.toBase64())}});
    }

    void environment(int id)
    {
        QJsonObject record = environmentRecord(plan::Plan{}, QString(), 0, nullptr);
        for (const char *planKey :
             {"plan_path", "plan_sha256", "profile", "protocols", "max_concurrency", "started_at"})
            record.remove(QLatin1String(planKey));
        reply(id, "environment", {{QStringLiteral("record"), record}});
    }
};

ServerHostService::ServerHostService(Post post)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->post = std::move(post);
}

ServerHostService::~ServerHostService()
{
    end();
}

bool ServerHostService::handle(int id, const QString &type, const QJsonObject &message)
{
    Impl &d = *m_impl;
    if (type == QLatin1String("tree-start"))
        d.start(id, message);
    else if (type == QLatin1String("tree-status"))
        d.status(id, message);
    else if (type == QLatin1String("tree-memory"))
        d.memory(id, message);
    else if (type == QLatin1String("tree-stop"))
        d.stopRequest(id, message);
    else if (type == QLatin1String("sample-start"))
        d.sampleStart(id, message);
    else if (type == QLatin1String("sample-stop"))
        d.sampleStop(id);
    else if (type == QLatin1String("exec"))
        d.exec(id, message);
    else if (type == QLatin1String("environment"))
        d.environment(id);
    else
        return false;
    return true;
}

void ServerHostService::end()
{
    Impl &d = *m_impl;
    if (d.sampler)
        (void)d.sampler->stop();
    d.sampler.reset();
    d.samplingId = 0;
    while (!d.trees.empty())
        (void)d.stop(d.trees.begin()->first, SIGKILL, 0);
}

} // namespace sb::run
