#pragma once

// What the runner's tests share: plans against the reference target (`stackbench target`, started
// by the runner itself on a free loopback port) written into a test's directory, and an observer
// that records what the runner reports.

#include "core/qterror.h"
#include "run/runevents.h"
#include "run/runner.h"
#include "store/runstore.h"
#include "testservers.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>
#include <functional>
#include <unistd.h>

namespace sb::test {

// A port nothing listens on right now (the kernel picked it for a listener we closed again).
inline int freePort()
{
    uint16_t port = 0;
    ::close(listenOnLoopback(1, port));
    return port;
}

// Records what the runner reports, in order (called on the runner's thread).
class Recorder : public run::RunObserver
{
public:
    void runStarted(const run::RunStarted &e) override
    {
        started << e;
        if (onStarted)
            onStarted(e);
    }
    void windowFinished(const run::WindowFinished &e) override
    {
        windows << e.window;
        if (onWindow)
            onWindow(e);
    }
    void noted(const run::RunNote &e) override
    {
        notes << e.kind + QStringLiteral(": ") + e.detail;
        if (onNote)
            onNote(e);
    }
    void intervalMeasured(const run::IntervalUpdate &e) override
    {
        if (e.phase == run::Phase::Measure)
            ++intervals;
        if (onInterval)
            onInterval(e);
    }
    void windowStarted(const run::WindowStarted &e) override
    {
        if (onWindowStarted)
            onWindowStarted(e);
    }
    QList<run::RunStarted> started;
    QVector<store::WindowRecord> windows;
    QStringList notes;
    int intervals = 0;
    std::function<void(const run::RunStarted &)> onStarted;
    std::function<void(const run::WindowFinished &)> onWindow;
    std::function<void(const run::IntervalUpdate &)> onInterval;
    std::function<void(const run::WindowStarted &)> onWindowStarted;
    std::function<void(const run::RunNote &)> onNote;
};

// Plans for the reference target, written into `dir`; `db` is the target's (seeded) database.
class RunPlans
{
public:
    RunPlans(const QString &dir, const QString &db)
        : m_dir(dir)
        , m_db(db)
    {}

    // A target configuration on a free port; `prefix` goes before the target's argv.
    QJsonObject target(const QString &name, const QJsonArray &prefix = {}) const
    {
        QJsonArray command = prefix;
        for (const QString &a :
             {QStringLiteral(STACKBENCH_BIN), QStringLiteral("target"), QStringLiteral("--port"),
              QStringLiteral("${port}"), QStringLiteral("--threads"), QStringLiteral("1"),
              QStringLiteral("--db"), m_db})
            command.append(a);
        return QJsonObject{{QStringLiteral("name"), name},
                           {QStringLiteral("command"), command},
                           {QStringLiteral("port"), freePort()},
                           {QStringLiteral("ready"),
                            QJsonObject{{QStringLiteral("path"), QStringLiteral("/health")},
                                        {QStringLiteral("timeout_s"), 60}}},
                           {QStringLiteral("stop"), QJsonObject{{QStringLiteral("grace_s"), 5}}}};
    }

    static QJsonObject profile(int rounds, const QJsonArray &concurrency, double measureS = 0.5,
                               int retries = 2)
    {
        return QJsonObject{{QStringLiteral("rounds"), rounds},
                           {QStringLiteral("concurrency"), concurrency},
                           {QStringLiteral("warmup"), QStringLiteral("200ms")},
                           {QStringLiteral("measure_s"), measureS},
                           {QStringLiteral("order"), QStringLiteral("rotate")},
                           {QStringLiteral("retries"), retries}};
    }

    // The first `n` of: health (GET /health), user (GET /users/42), echo (POST /echo, JSON).
    static QJsonArray routes(int n)
    {
        const QJsonArray all{
            QJsonObject{{QStringLiteral("name"), QStringLiteral("health")},
                        {QStringLiteral("path"), QStringLiteral("/health")}},
            QJsonObject{{QStringLiteral("name"), QStringLiteral("user")},
                        {QStringLiteral("path"), QStringLiteral("/users/42")}},
            QJsonObject{{QStringLiteral("name"), QStringLiteral("echo")},
                        {QStringLiteral("method"), QStringLiteral("POST")},
                        {QStringLiteral("path"), QStringLiteral("/echo")},
                        {QStringLiteral("body"),
                         QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")},
                                     {QStringLiteral("email"), QStringLiteral("ada@example.com")},
                                     {QStringLiteral("age"), 36},
                                     {QStringLiteral("tags"), QJsonArray{QStringLiteral("x")}}}}}};
        QJsonArray out;
        for (int i = 0; i < n; ++i)
            out.append(all[i]);
        return out;
    }

    // Writes `plan` as NAME.json with format, name, one load thread (unless given) and a
    // foreign-CPU gate that other work on the machine cannot trip (unless given): others build
    // on this machine while the tests run. Returns the path, empty when it cannot be written.
    QString write(const QString &name, QJsonObject plan) const
    {
        plan.insert(QStringLiteral("format"), 1);
        plan.insert(QStringLiteral("name"), name);
        if (!plan.contains(QStringLiteral("load")))
            plan.insert(QStringLiteral("load"), QJsonObject{{QStringLiteral("threads"), 1}});
        QJsonObject sampler = plan.value(QStringLiteral("sampler")).toObject();
        if (!sampler.contains(QStringLiteral("foreign_gate")) &&
            !sampler.contains(QStringLiteral("foreign_gate_pct")))
            sampler.insert(QStringLiteral("foreign_gate"), QStringLiteral("100%machine"));
        plan.insert(QStringLiteral("sampler"), sampler);
        const QString path = QDir(m_dir).filePath(name + QStringLiteral(".json"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        f.write(QJsonDocument(plan).toJson());
        return path;
    }

    // A plan of one target configuration "a", the route health and the profile quick (given
    // here), with `extra`'s keys set over them; written as write() does.
    QString oneTarget(const QString &name, const QJsonObject &extra, const QJsonObject &quick) const
    {
        QJsonObject p{{QStringLiteral("configurations"), QJsonArray{target(QStringLiteral("a"))}},
                      {QStringLiteral("routes"), routes(1)},
                      {QStringLiteral("profiles"), QJsonObject{{QStringLiteral("quick"), quick}}}};
        for (auto it = extra.begin(); it != extra.end(); ++it)
            p.insert(it.key(), it.value());
        return write(name, p);
    }

    // NAME.sqlite in the directory.
    QString store(const QString &name) const
    {
        return QDir(m_dir).filePath(name + QStringLiteral(".sqlite"));
    }

private:
    QString m_dir;
    QString m_db;
};

// Seeds the reference target's database at `db` (a target started once and stopped); returns
// why it could not, or "".
inline QString seedTarget(const QString &db)
{
    TargetProcess seed(db);
    return seed.port() != 0 ? QString()
                            : QStringLiteral("cannot seed %1: %2").arg(db, seed.error());
}

// What a run's result says: the error it ended with, or why it could not run.
inline QString resultText(const sb::Result<run::RunFinished> &r)
{
    return r.ok() ? r->error : sb::qtText(r.error());
}

// Runs `options` and stops the run (Runner::cancel()) once its first window is stored: it ends
// "interrupted" with that window kept.
inline sb::Result<run::RunFinished> runUntilFirstWindow(const run::RunOptions &options)
{
    Recorder recorder;
    run::Runner runner(&recorder);
    recorder.onWindow = [&runner](const run::WindowFinished &) { runner.cancel(); };
    return runner.run(options);
}

// A command hook that appends `line` to `file`.
inline QJsonObject appendHook(const QString &file, const QString &line,
                              const QString &order = QString())
{
    QJsonObject hook{{QStringLiteral("command"),
                      QJsonArray{QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                 QStringLiteral("printf '%s\\n' \"$1\" >> \"$0\""), file, line}}};
    if (!order.isEmpty())
        hook.insert(QStringLiteral("order"), order);
    return hook;
}

// The lines of a text file, empty when it does not exist.
inline QStringList fileLines(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace sb::test
