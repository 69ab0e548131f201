#pragma once

// Helpers of the GUI tests and the GUI bench programs: a short copy of the two-target plan on
// free ports, the reference target as a child process, and a timer-lag probe of the event loop.

#include "../engine/testservers.h"
#include "run/runner.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTimer>
#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace sb::test {

// A port nothing listens on right now.
inline int freePort()
{
    uint16_t port = 0;
    ::close(listenOnLoopback(1, port));
    return port;
}

// tests/data/plans/valid/two-targets.json written to `path` with free ports, `rounds` rounds,
// the given concurrency levels and measured seconds. Returns false when it cannot be written.
inline bool writeShortPlan(const QString &path, int rounds, const QJsonArray &concurrency,
                           double measureS = 2, const QString &warmup = QStringLiteral("1s"))
{
    QFile in(QStringLiteral(STACKBENCH_TEST_DATA "/plans/valid/two-targets.json"));
    if (!in.open(QIODevice::ReadOnly))
        return false;
    QJsonObject plan = QJsonDocument::fromJson(in.readAll()).object();
    QJsonArray configurations = plan.value(QStringLiteral("configurations")).toArray();
    for (qsizetype i = 0; i < configurations.size(); ++i) {
        QJsonObject c = configurations[i].toObject();
        c.insert(QStringLiteral("port"), freePort());
        configurations[i] = c;
    }
    plan.insert(QStringLiteral("configurations"), configurations);
    QJsonObject profiles = plan.value(QStringLiteral("profiles")).toObject();
    QJsonObject quick = profiles.value(QStringLiteral("quick")).toObject();
    quick.insert(QStringLiteral("rounds"), rounds);
    quick.insert(QStringLiteral("concurrency"), concurrency);
    quick.insert(QStringLiteral("measure_s"), measureS);
    quick.insert(QStringLiteral("warmup"), warmup);
    profiles.insert(QStringLiteral("quick"), quick);
    plan.insert(QStringLiteral("profiles"), profiles);
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return out.write(QJsonDocument(plan).toJson()) > 0;
}

// Options for a run of such a plan: one configuration and route unless told otherwise.
inline run::RunOptions shortRunOptions(const QString &planPath, const QString &storePath,
                                       const QStringList &only = {QStringLiteral("target-a")},
                                       const QStringList &routes = {QStringLiteral("health")})
{
    run::RunOptions o;
    o.planPath = planPath;
    o.storeLocation = storePath;
    o.only = only;
    o.routes = routes;
    o.variables.insert(QStringLiteral("stackbench"), QStringLiteral(STACKBENCH_BIN));
    return o;
}

// Every warning except what the offscreen platform itself says about its limits: the pages
// must render without warnings of their own (QTest::failOnWarning).
inline QRegularExpression anyWarningOfOurs()
{
    return QRegularExpression(
        QStringLiteral("^(?!This plugin does not support|QStandardPaths: XDG_RUNTIME_DIR).*"));
}

// `stackbench target --port 0` as a child process; port() is 0 when it did not come up.
class Target
{
public:
    explicit Target(const QString &dbPath, int threads = 1)
    {
        m_process.setProgram(QStringLiteral(STACKBENCH_BIN));
        m_process.setArguments({QStringLiteral("target"), QStringLiteral("--port"),
                                QStringLiteral("0"), QStringLiteral("--threads"),
                                QString::number(threads), QStringLiteral("--db"), dbPath});
        m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
        m_process.start();
        static const QRegularExpression re(QStringLiteral("listening on http://[^:]+:(\\d+)"));
        QString out;
        while (m_port == 0 && m_process.waitForReadyRead(60000)) {
            out += QString::fromUtf8(m_process.readAllStandardOutput());
            const QRegularExpressionMatch m = re.match(out);
            if (m.hasMatch())
                m_port = m.captured(1).toInt();
        }
        if (m_port == 0)
            m_error = out + QString::fromUtf8(m_process.readAllStandardError());
    }
    ~Target()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(5000))
            m_process.kill();
        m_process.waitForFinished(2000);
    }
    int port() const { return m_port; }
    qint64 pid() const { return m_process.processId(); }
    QString error() const { return m_error; }

private:
    QProcess m_process;
    int m_port = 0;
    QString m_error;
};

// Measures how late a 10 ms timer fires: the largest lag is the longest the event loop was
// blocked (within 10 ms). Lives on the GUI thread.
class LagProbe : public QObject
{
public:
    explicit LagProbe(QObject *parent = nullptr)
        : QObject(parent)
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(kTickMs);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 ms = m_clock.restart();
            m_maxLagMs = std::max(m_maxLagMs, ms - kTickMs);
            ++m_ticks;
        });
    }
    void start()
    {
        m_maxLagMs = 0;
        m_ticks = 0;
        m_clock.start();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    qint64 maxLagMs() const { return m_maxLagMs; }
    qint64 ticks() const { return m_ticks; }

private:
    static constexpr int kTickMs = 10;
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_maxLagMs = 0;
    qint64 m_ticks = 0;
};

} // namespace sb::test
