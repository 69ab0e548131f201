#pragma once

// Which process runs a stored run, so that a run whose runner is gone is not shown as running.
// One answer for every reader: `list`, `report`, `export`, the GUI's pages and resume all ask
// currentStatus(), so a killed run reads "interrupted" everywhere. Lives beside the records (not
// in the runner) so that the report and export, which link only the store, ask the same function.

#include "store/records.h"

#include <QString>

namespace sb::store {

// A process as the store records it (RunRecord::runnerPid, runnerHost, runnerStart).
struct RunnerIdentity
{
    qint64 pid = 0; // process id
    QString host;   // QSysInfo::machineHostName()
    QString start;  // "<boot id>:<start time in clock ticks since boot>", unique per boot
};

// This process. Reads /proc; any thread.
RunnerIdentity thisRunner();

// The status of `run` as it is now: a run stored as "running" whose runner process is gone
// (recorded on this host, and its pid is no longer alive, is a zombie, or now belongs to another
// process: its start differs) is "interrupted". A run recorded on another host, or with no
// runner recorded (runnerPid 0), keeps its stored status. Reads /proc; any thread.
QString currentStatus(const RunRecord &run);

} // namespace sb::store
