#pragma once

// The agent's side of the agent protocol (agentprotocol.h): `stackbench agent` reads the
// controller's frames on stdin and answers on stdout, running the load engine for the share it
// is given. It ends everything it started when its stdin closes (the controller ended, or the
// ssh connection broke), its stdout breaks, or the controller's heartbeat stops
// (kControllerSilenceMs).

#include <QJsonObject>
#include <QString>
#include <functional>
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

    // More message types, served on the session's thread (the one in run()): `handler` gets
    // every message with an "id" whose type the session does not know and returns false when it
    // does not know it either (the controller then hears "unknown message type"). It may block
    // (the heartbeat is only read between messages) and answer with post(). Set before run().
    using Handler = std::function<bool(int id, const QString &type, const QJsonObject &message)>;
    void setHandler(Handler handler);
    // Called once on the session's thread when serving ends (stdin closed or broke, the
    // controller silent), before run() returns: what the handler started must end with it.
    void setOnEnd(std::function<void()> onEnd);
    // Sends a message to the controller. Any thread, while the session lives.
    void post(const QJsonObject &message);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace sb::lane
