#pragma once

// What the runner's lane tests share (tst_lanerun, tst_lanefaults): tests/lane/netns-sshd.sh run
// with SB_AGENTS=2 around the test binary, the plan that names its two agent hosts as load hosts
// and starts the reference target in the controller's namespace on the first link's address, the
// windows a run stored, and the processes a test started.

#include "lanefixtures.h"
#include "store/records.h"
#include "store/runstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QVector>
#include <unistd.h>

namespace sb::test {

inline const QString kLaneScript =
    QStringLiteral(STACKBENCH_SOURCE_DIR "/tests/lane/netns-sshd.sh");
// The controller's namespace is the test's own: nothing else listens there.
inline constexpr int kLanePort = 18080;

struct ScriptRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

// Runs the script with two agent namespaces around `extra` (the test binary and its functions);
// with `serverNamespace` a third one for a server under test as well (SB_SERVER_NS=1).
inline ScriptRun runLaneScript(const QStringList &extra, bool serverNamespace = false)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SB_AGENTS"), QStringLiteral("2"));
    if (serverNamespace)
        env.insert(QStringLiteral("SB_SERVER_NS"), QStringLiteral("1"));
    p.setProcessEnvironment(env);
    p.setProgram(QStringLiteral("/bin/bash"));
    p.setArguments(QStringList{kLaneScript, QStringLiteral(STACKBENCH_BIN)} + extra);
    p.start();
    ScriptRun r;
    if (!p.waitForFinished(600'000)) {
        p.terminate(); // the script cleans up on TERM
        p.waitForFinished(30'000);
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// Whether this process runs inside the script (its second agent namespace exists).
inline bool insideLaneScript()
{
    return !qEnvironmentVariable("SB_SSH_2").isEmpty();
}

// The ssh options of the script's commands (every word between "ssh" and the destination).
inline QJsonArray laneSshOptions(const QString &key)
{
    return QJsonArray{QStringLiteral("-F"),
                      QStringLiteral("/dev/null"),
                      QStringLiteral("-o"),
                      QStringLiteral("IdentitiesOnly=yes"),
                      QStringLiteral("-o"),
                      QStringLiteral("UserKnownHostsFile=") +
                          qEnvironmentVariable("SB_KNOWN_HOSTS"),
                      QStringLiteral("-o"),
                      QStringLiteral("StrictHostKeyChecking=yes"),
                      QStringLiteral("-i"),
                      key};
}

struct LanePlanParts
{
    QString agentA = QStringLiteral(STACKBENCH_BIN); // bench-a's "agent"
    QString agentB = QStringLiteral(STACKBENCH_BIN); // bench-b's "agent"
    QString keyA;                                    // bench-a's identity; "" = the script's
    int retries = 2;
    int measureS = 1;
    QJsonArray concurrency{4};
    QJsonObject hooks; // the plan's "hooks", when not empty
    // The configuration on bench-a ("host": its tree started, sampled and stopped there by
    // bench-a's agent, listening on bench-a's address) instead of in the controller's namespace.
    bool serverOnA = false;
    QJsonArray loadHosts{QStringLiteral("bench-a"), QStringLiteral("bench-b")}; // [] = local
    QJsonObject configurationHooks; // the configuration's "hooks", when not empty
    QJsonObject versions;           // the configuration's "versions", when not empty
    int loadTimeoutS = 0;           // the load's "timeout_s", when > 0
    QJsonObject configuration; // the plan's only configuration, when not empty (else the target)
    QJsonArray routes;         // the plan's routes, when not empty (else POST /orders)
};

// The target on the first link's address, POST /orders (a row per 201: the target's own
// count), a 200 ms warm-up and `measureS` windows at each concurrency from bench-a and bench-b.
inline QString writeLanePlan(const QTemporaryDir &dir, const LanePlanParts &parts)
{
    const QString addr = qEnvironmentVariable(parts.serverOnA ? "SB_AGENT_ADDR" : "SB_CLIENT_ADDR");
    const QString key = qEnvironmentVariable("SB_SSH_KEY");
    QJsonObject target{
        {QStringLiteral("name"), QStringLiteral("target")},
        {QStringLiteral("command"),
         QJsonArray{QStringLiteral(STACKBENCH_BIN), QStringLiteral("target"),
                    QStringLiteral("--host"), addr, QStringLiteral("--port"),
                    QStringLiteral("${port}"), QStringLiteral("--threads"), QStringLiteral("1"),
                    QStringLiteral("--db"), dir.filePath(QStringLiteral("t.sqlite"))}},
        {QStringLiteral("base_url"), QStringLiteral("http://%1:%2").arg(addr).arg(kLanePort)},
        {QStringLiteral("ready"), QJsonObject{{QStringLiteral("path"), QStringLiteral("/health")},
                                              {QStringLiteral("timeout_s"), 60}}}};
    if (parts.serverOnA)
        target.insert(QStringLiteral("host"), QStringLiteral("bench-a"));
    if (!parts.configurationHooks.isEmpty())
        target.insert(QStringLiteral("hooks"), parts.configurationHooks);
    if (!parts.versions.isEmpty())
        target.insert(QStringLiteral("versions"), parts.versions);
    QJsonObject load{{QStringLiteral("threads"), 1}};
    if (parts.loadTimeoutS > 0)
        load.insert(QStringLiteral("timeout_s"), parts.loadTimeoutS);
    if (!parts.loadHosts.isEmpty())
        load.insert(QStringLiteral("hosts"), parts.loadHosts);
    const QJsonArray orders{QJsonObject{
        {QStringLiteral("name"), QStringLiteral("order")},
        {QStringLiteral("method"), QStringLiteral("POST")},
        {QStringLiteral("path"), QStringLiteral("/orders")},
        {QStringLiteral("body"), QStringLiteral(R"({"user_id":3,"amount_cents":500,"items":1})")},
        {QStringLiteral("expect"), 201}}};
    QJsonObject plan{
        {QStringLiteral("format"), 1},
        {QStringLiteral("name"), QStringLiteral("lane")},
        {QStringLiteral("hosts"),
         QJsonObject{
             {QStringLiteral("bench-a"),
              QJsonObject{{QStringLiteral("ssh"),
                           QStringLiteral("root@") + qEnvironmentVariable("SB_AGENT_ADDR")},
                          {QStringLiteral("ssh_options"),
                           laneSshOptions(parts.keyA.isEmpty() ? key : parts.keyA)},
                          {QStringLiteral("agent"), parts.agentA}}},
             {QStringLiteral("bench-b"),
              QJsonObject{{QStringLiteral("ssh"),
                           QStringLiteral("root@") + qEnvironmentVariable("SB_AGENT_ADDR_2")},
                          {QStringLiteral("ssh_options"), laneSshOptions(key)},
                          {QStringLiteral("agent"), parts.agentB}}}}},
        {QStringLiteral("configurations"),
         QJsonArray{parts.configuration.isEmpty() ? target : parts.configuration}},
        {QStringLiteral("routes"), parts.routes.isEmpty() ? orders : parts.routes},
        {QStringLiteral("load"), load},
        {QStringLiteral("sampler"),
         QJsonObject{{QStringLiteral("foreign_gate"), QStringLiteral("100%machine")}}},
        {QStringLiteral("profiles"),
         QJsonObject{{QStringLiteral("quick"),
                      QJsonObject{{QStringLiteral("rounds"), 1},
                                  {QStringLiteral("concurrency"), parts.concurrency},
                                  {QStringLiteral("warmup"), QStringLiteral("200ms")},
                                  {QStringLiteral("measure_s"), parts.measureS},
                                  {QStringLiteral("retries"), parts.retries}}}}}};
    if (!parts.hooks.isEmpty())
        plan.insert(QStringLiteral("hooks"), parts.hooks);
    const QString path = dir.filePath(QStringLiteral("lane.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        f.write(QJsonDocument(plan).toJson()) <= 0)
        return {};
    return path;
}

// An agent behind a wrapper that appends its pid to `pidFile` (exec keeps it) at every launch:
// the test knows every agent process of the host. The wrapper's path, "" when it cannot be made.
inline QString agentWrapper(const QTemporaryDir &dir, const QString &name, const QString &pidFile)
{
    const QString wrapper = dir.filePath(name + QStringLiteral(".sh"));
    QFile w(wrapper);
    if (!w.open(QIODevice::WriteOnly))
        return {};
    w.write(QStringLiteral("#!/bin/sh\necho $$ >>%1\nexec %2 \"$@\"\n")
                .arg(pidFile, QStringLiteral(STACKBENCH_BIN))
                .toUtf8());
    w.close();
    if (!w.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner))
        return {};
    return wrapper;
}

// An agent behind a wrapper that keeps a copy of what it sends the controller: each launch's
// frames in a file of its own (bash's `exec > >(tee FILE)`; exec keeps the agent's pid), whose
// path it appends to `launchFile`. The wrapper's path, "" when it cannot be made.
inline QString recordingAgentWrapper(const QTemporaryDir &dir, const QString &name,
                                     const QString &launchFile)
{
    const QString wrapper = dir.filePath(name + QStringLiteral(".sh"));
    QFile w(wrapper);
    if (!w.open(QIODevice::WriteOnly))
        return {};
    w.write(QStringLiteral("#!/bin/bash\nf='%1'.$$.frames\necho \"$f\" >>'%2'\n"
                           "exec > >(exec tee \"$f\")\nexec '%3' \"$@\"\n")
                .arg(dir.filePath(name), launchFile, QStringLiteral(STACKBENCH_BIN))
                .toUtf8());
    w.close();
    if (!w.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner))
        return {};
    return wrapper;
}

// The lines of a text file (a launch list), empty ones left out.
inline QStringList fileLines(const QString &path)
{
    QStringList lines;
    QFile f(path);
    if (f.open(QIODevice::ReadOnly))
        for (const QByteArray &line : f.readAll().split('\n'))
            if (!line.trimmed().isEmpty())
                lines.append(QString::fromUtf8(line.trimmed()));
    return lines;
}

// The pids a wrapper wrote, in launch order.
inline QList<qint64> wrapperPids(const QString &pidFile)
{
    QList<qint64> pids;
    QFile f(pidFile);
    if (!f.open(QIODevice::ReadOnly))
        return pids;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (const qint64 pid = line.trimmed().toLongLong(); pid > 1)
            pids.append(pid);
    return pids;
}

// The network namespace of process `pid` ("net:[4026531840]"; "" when it is gone).
inline QByteArray netnsOf(qint64 pid)
{
    char target[128] = {};
    const ssize_t n = ::readlink(qPrintable(QStringLiteral("/proc/%1/ns/net").arg(pid)), target,
                                 sizeof target - 1);
    return n > 0 ? QByteArray(target, n) : QByteArray();
}

// Whether process `pid` runs (a zombie waiting for its parent does not).
inline bool processAlive(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close > 0 && close + 2 < text.size() && text[close + 2] != 'Z';
}

// The running processes whose command line names `text` (a test's own directory: the ssh
// commands that name an agent wrapper there, a target whose database is there).
inline QList<qint64> processesNaming(const QString &text)
{
    QList<qint64> pids;
    const QByteArray needle = QFile::encodeName(text);
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &e : entries) {
        bool number = false;
        const qint64 pid = e.toLongLong(&number);
        if (!number || pid == QCoreApplication::applicationPid())
            continue;
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(needle) &&
            processAlive(pid))
            pids.append(pid);
    }
    return pids;
}

inline QVector<sb::store::WindowRecord> storedLaneWindows(const QString &location,
                                                          const QString &runId)
{
    auto s = sb::store::RunStore::open(location);
    if (!s.ok())
        return {};
    auto w = (*s)->windows(runId, true);
    return w.ok() ? *w : QVector<sb::store::WindowRecord>{};
}

} // namespace sb::test
