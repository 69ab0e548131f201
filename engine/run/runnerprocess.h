#pragma once

#include "store/runstatus.h"

// Which process runs a stored run: the runner's names for store/runstatus.h, where the answer
// lives so that the report and export (which do not link the runner) give the same one.
namespace sb::run {

using RunnerIdentity = store::RunnerIdentity;

// This process.
inline RunnerIdentity thisProcess()
{
    return store::thisRunner();
}

// store::currentStatus: "running" with its runner gone reads "interrupted". (A using-declaration:
// the same function, which argument-dependent lookup finds too.)
using store::currentStatus;

} // namespace sb::run
