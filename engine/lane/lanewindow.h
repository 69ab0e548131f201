#pragma once

// One window of load from several hosts: the controller launches an agent per share
// (remoteagent.h), checks each one's version, hands each its share, starts them all with one
// command each, back to back, collects their intervals and results and merges them
// (sharemerge.h). Any fault of any host ends the window for all of them with one error naming
// that host; nothing waits without a deadline.

#include "core/result.h"
#include "lane/remoteagent.h"
#include "lane/sharemerge.h"

#include <atomic>
#include <functional>
#include <vector>

namespace sb::lane {

// One host's part of a window.
struct ShareSetup
{
    AgentCommand agent;  // how to reach it
    load::LoadSpec spec; // its share (splitSpec())
};

// Deadlines, ms.
struct LaneTimeouts
{
    int helloMs = 30'000; // launch to hello: ssh's connect and login included
    int readyMs = 30'000; // load to ready: the agent checks the spec and the machine
    // The longest silence of a running agent before the window fails as a cut link; 0 = three
    // of the spec's intervals plus 10 s.
    int silenceMs = 0;
};

// What the caller watches and steers while a window runs.
struct LaneControl
{
    // Set from any thread: the window stops soon (a "stop" to every running agent; before they
    // run, the window ends with kAgentError "cancelled"). The result then has cancelled = true.
    const std::atomic<bool> *cancelled = nullptr;
    // Set to true once every agent said hello: a fault before that is one of reaching a host
    // (ssh, login, host key, the agent's program or version), after it one of the window.
    bool *everyHello = nullptr;
};

// Runs the window and returns the merged result, or the first fault: code kConnectError,
// kVersionError, kFrameError, kMessageError, kAgentError (an agent's own error, or one that
// ended), kTimeoutError (no word within a deadline), kMismatchError; `where` names the host.
// `onInterval(share, hello, interval)` is called as intervals arrive (hello: the agent's, with
// its host name and pid). Runs a local event loop: call it
// from a thread where blocking is fine (not the GUI thread), with no other work pending there.
sb::Result<MergedWindow> runLaneWindow(
    const std::vector<ShareSetup> &shares, const LaneTimeouts &timeouts = {},
    const std::function<void(int, const AgentHello &, const ShareInterval &)> &onInterval = {},
    LaneControl control = {});

// `stackbench check`: launches every agent at once, waits for each one's hello (its version
// checked against this one) up to `timeoutMs`, and ends them. One result per agent, in order:
// its hello, or the fault naming the host and the fix (as runLaneWindow() would give it).
// Runs a local event loop; a thread where blocking is fine.
std::vector<sb::Result<AgentHello>> reachAgents(const std::vector<AgentCommand> &agents,
                                                int timeoutMs = 30'000);

} // namespace sb::lane
