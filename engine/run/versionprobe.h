#pragma once

#include "plan/plan.h"

#include <QString>

namespace sb::run {

// What a configuration's version probe gave: the version, or why there is none.
struct VersionReading
{
    QString text;    // the version (redacted), or "error: <why>"
    QString warning; // when the output did not match: a sentence for a run warning; else ""
};

// The version in a probe's output (plan::VersionProbe::extract()), redacted with plan.redact();
// when it does not match, an "error: ..." text and a warning that quotes the output's first line
// (at most 200 characters). Pure; any thread.
VersionReading versionFromOutput(const plan::Plan &plan, const plan::VersionProbe &probe,
                                 const QString &output);

// Runs the probe's command in the configuration's cwd and environment (stdout and stderr
// together), waits at most 10 s for it (then SIGKILLs it), and reads its output with
// versionFromOutput(). A command that cannot start or does not end gives an "error: ..." text.
// Blocks; any thread.
VersionReading readVersion(const plan::Plan &plan, const plan::Configuration &config,
                           const plan::VersionProbe &probe);

class ServerHost;
// The same on the configuration's own host, run there by its agent.
VersionReading readRemoteVersion(ServerHost &host, const plan::Plan &plan,
                                 const plan::Configuration &config,
                                 const plan::VersionProbe &probe);

} // namespace sb::run
