#pragma once

#include "core/result.h"
#include "plan/plan.h"
#include "plan/variables.h"

#include <QList>
#include <QString>

namespace sb::run {

// What became of one plan variable at the start of a run.
struct VariableOutcome
{
    QString name;
    bool ok = false;
    QString detail; // "value", "command python3 mktoken.py: 212 bytes", "JWT HS256, expires in
                    // 86400 s"; or why it failed (redacted: never a secret value)
};

// The values of a plan's variables, made at the start of a run (and again on resume): a Value
// variable as given; a Command variable's stdout, trimmed, from its argv run without a shell in
// its cwd within its timeout (its own process group, SIGKILLed on timeout); a Jwt variable
// minted by plan::signJwt() with iat = nowS. Every variable is tried; `error` is the first
// failure ("run.variable", where = the variable's place in the plan, detail = "variable
// \"token\": command 'python3 mktoken.py' exited with code 1: <its stderr, last lines>"), and
// then plan::checkVariableValues() of the values. Nothing returned holds a secret value except
// `values`. Blocks for at most the sum of the commands' timeouts; any thread.
struct VariableRun
{
    plan::VariableValues values;
    QList<VariableOutcome> outcomes; // in the plan's order
    std::optional<sb::Error> error;
};
VariableRun computeVariables(const plan::Plan &plan, qint64 nowS);

} // namespace sb::run
