#pragma once

#include "store/records.h"

#include <QString>

// Which process runs a stored run, so that a run whose runner is gone is not shown as running.
namespace sb::run {

// A process as the store records it (RunRecord::runnerPid, runnerHost, runnerStart).
struct RunnerIdentity
{
    qint64 pid = 0; // process id
    QString host;   // QSysInfo::machineHostName()
    QString start;  // "<boot id>:<start time in clock ticks since boot>", unique per boot
};

// This process.
RunnerIdentity thisProcess();

// The status of `run` as it is now: a run stored as "running" whose runner process is gone
// (recorded on this host, and its pid is no longer alive, is a zombie, or now belongs to another
// process: its start differs) is "interrupted". A run recorded on another host, or with no
// runner recorded (runnerPid 0), keeps its stored status. Reads /proc; any thread.
QString currentStatus(const store::RunRecord &run);

} // namespace sb::run
