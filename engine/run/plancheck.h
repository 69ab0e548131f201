#pragma once

#include "core/result.h"
#include "plan/plan.h"
#include "run/runoptions.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace sb::run {

struct RunContext;
class ConfigurationSession;

// Two configurations of a run that cannot both have their tree: with "process": "once" each
// configuration keeps its tree for the whole run, so a second one on the same port would find
// the port taken every time (and so would every resume).
struct PortClash
{
    QString first;  // the configuration that starts first in the plan
    QString second; // the one that could never start
    int port = 0;
    QString where; // the second one's place in the plan
    QString text;  // one sentence naming both and the port, and what to do
};

// The first pair of the run's configurations (the plan's, filtered by `only`; empty = all) that
// share a port while `profile` keeps every tree for the whole run ("process": "once"); nullopt
// when there is none or the profile starts trees fresh. Pure.
std::optional<PortClash> firstPortClash(const plan::Plan &plan, const plan::Profile &profile,
                                        const QStringList &only);

// `stackbench check`: everything a run of the plan will use, without load (Runner::check()
// says what, line by line). Use from one thread.
class PlanCheck
{
public:
    PlanCheck(RunContext &context, ConfigurationSession &configurations);

    // See Runner::check(); `problems` (when given) receives a copy of each line of *report that
    // says what failed. Errors: RunContext::loadPlan()'s.
    sb::Result<bool> check(const RunOptions &options, QStringList *report, bool parity,
                           QStringList *problems = nullptr);

private:
    bool checkDatabase(QStringList *report);
    bool checkHooks(QStringList *report);
    bool checkLoadHosts(QStringList *report);
    bool checkServerHosts(QStringList *report);
    bool checkHook(const plan::Hook &hook, QStringList *report);
    void checkProtocols(QStringList *report);
    void checkVersions(QStringList *report);
    void checkProfiling(QStringList *report);
    bool checkParity(QStringList *report);
    bool checked(const plan::Configuration &config) const;
    // Appends `line` to *report, and to *m_problems too when it says what failed.
    void checkLine(QStringList *report, const QString &line, bool passed);

    RunContext &m_context;
    ConfigurationSession &m_configurations;
    QStringList *m_problems = nullptr; // check()'s
};

} // namespace sb::run
