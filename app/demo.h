#pragma once

// The built-in demo's set-up, shared by `stackbench demo` and `stackbench demo --gui`: its data
// directory, the plan copied there from the binary, the two servers' ports and the plan
// variables. Main thread, after the application object exists.

#include "core/result.h"
#include "plan/planloader.h"
#include "run/portreservation.h"

#include <QString>

namespace sb::cli {

struct DemoSetup
{
    QString dataDir;  // AppLocalDataLocation/demo: the plan copy and the servers' databases
    QString planPath; // dataDir/demo.json, rewritten only when this build carries another one
                      // and nobody edited the copy (an edited copy is kept: `note`)
    QString demoDir;  // the Python server's directory: the install, else the source tree
    plan::PlanVariables variables; // stackbench, demo_dir, data_dir, demo_port_native,
                                   // demo_port_python
    // The servers' ports, free when the set-up was made and held while it lives, so that a
    // second demo (the workbench open on it and `stackbench demo` in a terminal) takes others.
    run::PortReservation ports;
    QString note; // one line to show when the set-up kept something, e.g. an edited demo.json
};

// The first port the demo tries for its servers and the last; ports below 32768 stay out of the
// kernel's range for outgoing connections (the load engine's).
inline constexpr int kDemoFirstPort = 18201;
inline constexpr int kDemoLastPort = 18999;

// Errors: "cli.input" (a directory or file that cannot be written), "cli.failure" (the plan is
// missing from the build), "run.ports" (no two free ports).
sb::Result<DemoSetup> prepareDemo();

// The plan at `planPath` uses the demo's own ${name}s (demo_dir, demo_port_native, ...):
// `stackbench gui demo.json` gives it the demo's set-up, as `demo --gui` does. Reads the file.
bool usesDemoVariables(const QString &planPath);

} // namespace sb::cli
