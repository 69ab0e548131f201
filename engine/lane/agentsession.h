#pragma once

// The agent's side of the agent protocol (agentprotocol.h): `stackbench agent` reads the
// controller's frames on stdin and answers on stdout, running the load engine for the share it
// is given. It ends everything it started when its stdin closes (the controller ended, or the
// ssh connection broke), its stdout breaks, or the controller's heartbeat stops
// (kControllerSilenceMs).

#include <memory>

namespace sb::lane {

class AgentSession
{
public:
    // Reads frames from `inFd` and writes frames to `outFd` (the agent's stdin and stdout; the
    // session does not close them).
    AgentSession(int inFd, int outFd);
    ~AgentSession(); // cancels and joins a running share
    AgentSession(const AgentSession &) = delete;
    AgentSession &operator=(const AgentSession &) = delete;

    // Says hello, then serves until the input ends or breaks. Returns the process exit code: 0
    // when the input ended cleanly, 1 when it broke (garbage, an oversized frame, a read or
    // write error), after cancelling and joining any running window. Errors go to the controller
    // as error frames when it can still be reached, and to stderr. Call it once, from one
    // thread; it blocks (its own poll loop, no Qt event loop needed).
    int run();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace sb::lane
