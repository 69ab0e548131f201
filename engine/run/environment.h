#pragma once

#include "plan/plan.h"

#include <QJsonObject>
#include <QStringList>

namespace sb::run {

// The environment record of a run, with these keys:
//   os (PRETTY_NAME of /etc/os-release), kernel ("<uname -r> <uname -v>"), arch (uname -m),
//   cpu_model (/proc/cpuinfo), cores (online CPUs), memory_bytes (MemTotal, bytes),
//   loadavg_at_start (the three load averages of /proc/loadavg, over 1, 5 and 15 minutes, when
//   the record was made: an array of three numbers; only when readable),
//   cpu_governor (only when cpufreq is readable; several governors comma-separated),
//   somaxconn (net.core.somaxconn; only when readable), max_concurrency (the argument),
//   hostname, stackbench_version, git_revision, qt_version (the Qt library at run time),
//   plan_path, plan_sha256 (Plan::sha256), profile, started_at (UTC, ISO 8601 with ms),
//   protocols (configuration name -> plan::protocolDescription(): "HTTP/1.1", "HTTP/2 (h2c,
//   prior knowledge), 10 streams per connection", ...);
//   for an A/A profile also profile_kind ("aa") and aa_configuration.
// Adds a warning to *warnings (when given) when somaxconn is below maxConcurrency (connections
// may be dropped from the listen backlog, seed 000) or when the governor is not "performance".
// Reads /proc, /sys and /etc only; any thread.
QJsonObject environmentRecord(const plan::Plan &plan, const QString &profile, int maxConcurrency,
                              QStringList *warnings);

// The environment record a run stores: environmentRecord() and "sleep_inhibitor", the state of
// the sleep inhibitor held while it measures (SleepInhibitor::state(): "held", "unavailable:
// <reason>", ...). Every stored run has it: a plan's run and a kept quick test alike.
QJsonObject runEnvironment(const plan::Plan &plan, const QString &profile, int maxConcurrency,
                           const QString &sleepInhibitorState, QStringList *warnings);

// SHA-256 (hex) of every file the plan names: the plan itself and its "@file" bodies, keyed by
// absolute path. A file that cannot be read maps to "unreadable: <reason>".
QJsonObject fileHashes(const plan::Plan &plan);

} // namespace sb::run
