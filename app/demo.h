#pragma once

// The built-in demo's set-up, shared by `stackbench demo` and `stackbench demo --gui`: its data
// directory, the plan copied there from the binary, the servers' ports, the throwaway TLS
// certificate and the plan variables. Main thread, after the application object exists.
//
// Two plans: demo.json (the comparison: native against python; profiles quick, full, aa, ci)
// and protocols.json beside server.py (the reference target over HTTP/1.1, HTTP/1.1 over TLS,
// h2c and h2; `stackbench demo --profile protocols`). Plan profiles cannot choose
// configurations, so the protocols are a plan of their own: the comparison's profiles and
// configurations stay exactly as they were.

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
    QString protocolsPlanPath;     // demoDir/protocols.json: the protocols plan, used where it is
    plan::PlanVariables variables; // stackbench, demo_dir, data_dir, demo_port_native,
                                   // demo_port_python; demo_port_https, demo_port_h2c,
                                   // demo_port_h2 (the protocols plan's)
    // The servers' ports, free when the set-up was made and held while it lives, so that a
    // second demo (the workbench open on it and `stackbench demo` in a terminal) takes others.
    run::PortReservation ports;
    QString note; // one line to show when the set-up kept something, e.g. an edited demo.json
};

// The first port the demo tries for its servers and the last; ports below 32768 stay out of the
// kernel's range for outgoing connections (the load engine's).
inline constexpr int kDemoFirstPort = 18201;
inline constexpr int kDemoLastPort = 18999;

// The ports of prepareDemo(), in order: native, python, https, h2c, h2.
inline constexpr int kDemoPorts = 5;

// Prepares the set-up, the TLS certificate too: data_dir/tls/cert.pem and key.pem, written when
// either is missing (`stackbench target --make-cert`'s kind), kept otherwise so that a demo
// running meanwhile keeps the CA file it verifies with.
// Errors: "cli.input" (a directory or file that cannot be written), "cli.failure" (the plan is
// missing from the build), "run.ports" (not enough free ports), "target.tls" (no certificate).
sb::Result<DemoSetup> prepareDemo();

// The plan at `planPath` uses the demo's own ${name}s (demo_dir, demo_port_native, ...):
// `stackbench gui demo.json` gives it the demo's set-up, as `demo --gui` does. Reads the file.
bool usesDemoVariables(const QString &planPath);

} // namespace sb::cli
