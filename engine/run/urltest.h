#pragma once

// A window against one URL outside any plan file - the GUI's quick test - measured and kept the
// way a run's window is: LoadWindow measures it (warm-up, then the measured window with
// the server tree sampled when one is named), the gates of a run judge it, and keepUrlTest()
// stores it as a one-window run of a generated plan, with the environment record a run writes.
// A kept test and a run of that plan store the same columns and the same environment keys.

#include "core/result.h"
#include "plan/plan.h"
#include "run/loadwindow.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <functional>

namespace sb::run {

// What a URL test runs.
struct UrlTestSpec
{
    WindowSpec window;         // request, load, warm-up and (optionally) the tree to sample
    QString url;               // the URL as the user wrote it, for the plan's name
    QString serverName;        // the sampled process's name: the plan's configuration ("server")
    QString serverCommandLine; // its command line, the configuration's command ("true": none)
    QString foreignGate;       // the plan's "foreign_gate" ("100%machine"); "" = its default
};

// The plan a test is kept with: one configuration (the server at the URL's host and port, its
// command line recorded), one route "quick-test" (the method, target, headers - Host included
// when it is not the URL's own - and body), the load settings, the sampler's interval and
// foreign-CPU gate, and one
// profile "quick-test" of one round at the test's connections, warm-up and length. It loads as
// any plan does (format 1); running it measures the same window. Pure; any thread.
QByteArray urlTestPlanText(const UrlTestSpec &spec);

// The profile name of a kept test.
inline constexpr QLatin1String kUrlTestProfile{"quick-test"};

// A measured URL test.
struct UrlTestResult
{
    UrlTestSpec spec;
    QByteArray planText;     // urlTestPlanText(spec)
    QJsonObject environment; // the run's environment record, read when the test started
    WarmupOutcome warmup;    // ran = false without a warm-up
    WindowOutcome measured;  // the measured window; its record is judged by the run's gates
                             // (valid, invalidReason, gates, flags) and named after the plan
    QDateTime startedAt;     // when the test started (UTC), warm-up included
    QDateTime finishedAt;    // when the measured window ended (UTC)
};

// Runs URL tests. Construct, run() and destroy on one thread (a worker: run() blocks for the
// test's length); cancel() from any thread. One test per object.
class UrlTest
{
public:
    // `onInterval` and `onMeasureStarted` (the seconds since the test started at which the
    // measured window began) are called on the thread that called run().
    UrlTest(LoadWindow::IntervalSink onInterval, std::function<void(double atS)> onMeasureStarted);

    // Holds a sleep inhibitor and reads the environment, then the warm-up (its failure is
    // recorded in the window's gates, not fatal: a quick test explores) and the measured
    // window. Errors: the generated plan does not load ("plan.*": a header value the plan
    // grammar refuses), LoadWindow's ("load.connect", "sample.start", ...).
    sb::Result<UrlTestResult> run(const UrlTestSpec &spec);
    void cancel();

private:
    LoadWindow m_measurement;
    std::function<void(double)> m_onMeasureStarted;
};

// Stores `result` as a finished one-window run at `storeLocation` (empty = the default store):
// the run record (plan text and name, profile kUrlTestProfile, the test's start and end, the
// environment, this process as its runner), its configuration and its window. Returns the run
// id. Errors: "store.*" (nothing is left behind). Blocks; any thread (the store is opened and
// closed on it).
sb::Result<QString> keepUrlTest(const QString &storeLocation, const UrlTestResult &result);

} // namespace sb::run
