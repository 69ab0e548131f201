#pragma once

#include "core/result.h"
#include "plan/plan.h"
#include "run/serverpool.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>
#include <vector>

namespace sb::run {

struct RunContext;
class HookMoments;
class ServerHost;

// The warning when a configuration's tree does not run on the CPUs it asked for: `applied` is
// the union of its processes' CPU sets, `uniform` whether they all had the same one. "" when it
// asked for none, or runs on exactly those. Pure.
QString cpuSetWarning(const QString &configuration, const std::vector<int> &asked,
                      const std::vector<int> &applied, bool uniform);

// The process trees of a run's configurations over the run: started fresh (after the one before
// stopped, its output stored and its after_configuration hooks run; then the new one's
// before_configuration hooks), what was started recorded once with the run (command, cwd,
// redacted environment, versions, containment, CPU sets), the parity gate passed once per
// configuration, and a configuration that cannot have a tree blocked for the rest of the run.
// Use from the run's thread.
class ConfigurationSession
{
public:
    ConfigurationSession(RunContext &context, HookMoments &moments);

    // A fresh tree: the configuration's tree before is stopped first (stop()), then this one
    // starts and its before_configuration hooks run. Errors: ServerPool::start()'s (what the
    // tree wrote before it failed is stored with the run), "run.hook".
    sb::Status start(const plan::Configuration &config, int round);
    // A running tree for the configuration (a fresh one when `fresh`), recorded with the run
    // and past the parity gate once; false when that cannot be had: the configuration is then
    // blocked (noted "configuration-blocked") and its tree stopped.
    bool ensure(const plan::Configuration &config, int round, bool fresh);
    // Stops the configuration's tree, if it has one: its output is stored, then its
    // after_configuration hooks run (a failure of them is noted).
    void stop(const QString &configuration);
    void stopAll();
    // The plan's parity checks against the configuration's running tree, noted as
    // "parity-passed" or "parity-failed" with every answer. Errors: "run.parity" (where = the
    // configuration's place in the plan) naming each failed check; *failures gets one line each.
    sb::Status parityGate(const plan::Configuration &config, QStringList *failures);
    // The version a probe of the configuration reads (readVersion()); a probe whose output does
    // not match is noted as a warning.
    QString versionOf(const plan::Configuration &config, const plan::VersionProbe &probe);
    // Reads back the CPUs the tree's processes run on into the record ("cpus_applied"), with a
    // warning when they differ from the configuration's "cpus".
    void recordTreeCpus(const plan::Configuration &config);
    // Sets the record's `key` to `value` and stores the record when it changed.
    void updateInfo(const QString &configuration, const QString &key, const QString &value);

    // How old the configuration's current tree is: seconds since start() began starting it, and
    // the responses to the run's load (warm-ups and measured windows, not probes, parity checks
    // or hooks) it has served, as served() counted them. {-1, -1} when it has no tree.
    struct TreeAge
    {
        double seconds = -1;
        qint64 requests = -1;
    };
    TreeAge treeAge(const QString &configuration) const;
    // Counts `responses` the configuration's current tree answered (a warm-up's, a window's).
    void served(const QString &configuration, qint64 responses);

    bool blocked(const QString &configuration) const;
    QString blockedReason(const QString &configuration) const;
    // "name: why" for each configuration blocked in this session (RunFinished).
    QStringList blockedList() const { return m_blocked; }
    // warmup_scope "route": the routes warmed up on the configuration's current tree since
    // their before_route hooks (a fresh tree starts with none).
    QSet<QString> &warmRoutes(const QString &configuration);

private:
    struct State
    {
        bool parityDone = false;
        bool blocked = false;
        QString blockedReason;
        bool infoRecorded = false;
        QJsonObject info; // as stored with the run (ConfigurationRecord::info)
        QSet<QString> warmRoutes;
        QElapsedTimer treeClock; // since the current tree's start; invalid without one
        qint64 treeRequests = 0; // responses the current tree served to the run's load
    };

    void block(const plan::Configuration &config, const sb::Error &why);
    void recordConfiguration(const plan::Configuration &config);
    void recordHost(const plan::Configuration &config, ServerHost &host, QJsonObject &info);
    // Stores what a tree wrote (a warning is noted when the store refuses it); nothing when it
    // wrote nothing or the run has no store.
    void storeServerLog(const QString &configuration, const ServerPool::Output &out);
    // Stores how a tree's start went (a warning is noted when the store refuses it); nothing
    // when the run has no store.
    void storeColdStart(const QString &configuration, int round,
                        const ServerPool::ColdStart &figures);

    RunContext &m_context;
    HookMoments &m_moments;
    QMap<QString, State> m_states;
    QStringList m_blocked;
};

} // namespace sb::run
