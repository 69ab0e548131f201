#pragma once

#include "plan/plan.h"

#include <QJsonObject>
#include <QStringList>

namespace sb::run {

// The environment record of a run: os (PRETTY_NAME), kernel (uname -r and -v), arch, cpu_model,
// cores (online), memory_bytes, cpu governor when readable, net.core.somaxconn, hostname,
// stackbench version and git revision, qt version, plan path, plan sha256, profile, start time.
// Adds a warning to *warnings when somaxconn is below maxConcurrency (connections may be dropped
// from the listen backlog, seed 000) or when the governor is not "performance".
// Reads /proc, /sys and /etc only; any thread.
QJsonObject environmentRecord(const plan::Plan &plan, const QString &profile, int maxConcurrency,
                              QStringList *warnings);

// SHA-256 (hex) of every file the plan names: the plan itself and its "@file" bodies, keyed by
// absolute path. A file that cannot be read maps to "unreadable: <reason>".
QJsonObject fileHashes(const plan::Plan &plan);

} // namespace sb::run
