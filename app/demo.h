#pragma once

// The built-in demo's set-up, shared by `stackbench demo` and `stackbench demo --gui`: its data
// directory, the plan copied there from the binary, and the plan variables. Main thread, after
// the application object exists.

#include "core/result.h"
#include "plan/planloader.h"

#include <QString>

namespace sb::cli {

struct DemoSetup
{
    QString dataDir;  // AppLocalDataLocation/demo: the plan copy and the servers' databases
    QString planPath; // dataDir/demo.json, rewritten only when this build carries another one
    QString demoDir;  // the Python server's directory: the install, else the source tree
    plan::PlanVariables variables; // stackbench, demo_dir, data_dir
};

// Errors: "cli.input" (a directory or file that cannot be written), "cli.failure" (the plan is
// missing from the build).
sb::Result<DemoSetup> prepareDemo();

} // namespace sb::cli
