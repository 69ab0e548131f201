#pragma once

#include "load/loadresult.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <cstdint>

// The gates of DESIGN.md's window lifecycle as pure functions: figures in, verdicts and reasons
// out. No I/O, any thread.
namespace sb::run {

// Responses whose status is not the one the route expects.
int64_t unexpectedStatuses(const load::Counters &counters, int expectStatus);

// One sentence naming the transport errors and unexpected statuses in `counters`, e.g.
// "3 transport errors (connect 3, read 0, ...); 2 responses with a status other than 200
// (500 x2)"; empty when there are none.
QString problemSummary(const load::Counters &counters, int expectStatus);

// The warm-up's verdict: it fails closed on any transport error, unexpected status or abort.
struct WarmupVerdict
{
    QJsonObject gate; // {passed, responses, seconds}
    QString failure;  // "" when it passed, else why (without the "warm-up failed: " prefix)
};
WarmupVerdict evaluateWarmup(const load::LoadResult &warmup, int expectStatus);

// What decides a measured window.
struct GateFigures
{
    bool cancelled = false;          // the load engine was cancelled
    QString aborted;                 // LoadResult::aborted: why the engine gave up, "" = it did not
    bool serverDied = false;         // the tree's root exited during (or by the end of) the window
    QString serverDetail;            // its exit description ("running" while alive)
    QStringList sleeps;              // details of the sampler's sleep/clock-gap events
    bool checkpointsWatched = false; // the plan's database is PostgreSQL and was readable
    qint64 checkpoints = 0;          // database checkpoints that completed inside the window
    double foreignPctMean = 0;       // mean foreign CPU, percent of one core
    double foreignGatePct = 450;     // the threshold the mean must stay below
    QString problems;                // problemSummary() of the window's counters
    double clientCpuS = 0;           // CPU seconds of the load engine
    double elapsedS = 0;             // the window's measured seconds
    int threads = 1;                 // load engine threads
    bool samplerClientBound = false; // the sampler saw the generator threads saturated
};

struct GateVerdict
{
    QJsonObject gates;   // gate name -> {passed, value, threshold, detail, ...}, as stored
    QStringList reasons; // failed gates, most fundamental first
    QStringList flags;   // remarks that do not invalidate ("client-bound")

    bool valid() const { return reasons.isEmpty(); }
    QString reason() const { return reasons.value(0); } // the window's invalidReason
};

// Most fundamental first: cancelled, server tree died, load aborted, sleep gap, checkpoint,
// foreign CPU, errors. The client-bound flag (generator cores >= 95 % of its threads, or the
// sampler's own verdict) never invalidates.
GateVerdict evaluateGates(const GateFigures &figures);

} // namespace sb::run
