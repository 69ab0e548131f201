#pragma once

#include "plan/plan.h"
#include "run/httpprobe.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace sb::run {

// The parity gate's verdict on one configuration: every check of the plan against the answer
// the configuration gave to it.
struct ParityVerdict
{
    // Per check, as the "parity-passed"/"parity-failed" event stores it and the GUI's Check
    // table shows it: check, status, content_type, headers ["Name: value", ...], body (first
    // 4,000 bytes), passed, and problem when it failed; redacted.
    QJsonArray results;
    QStringList failures; // "health is json (GET /health): <problem>", one per failed check
    QString summary;      // "parity gate: 2 check(s) passed", "parity gate: 1 of 2 check(s)
                          // failed: <failures>", "parity gate: the plan has no parity checks"

    bool passed() const { return failures.isEmpty(); }
};

// Judges the answers to the plan's parity checks: responses[i] answered plan.parity[i] (a
// missing answer counts as "no response"). A status 0 is "no response: <error>"; otherwise
// ParityCheck::checkResponse() decides. Headers, bodies and problems are scrubbed with
// plan.redact(). Pure; any thread.
ParityVerdict judgeParity(const plan::Plan &plan, const QList<HttpResponse> &responses);

} // namespace sb::run
