#pragma once

// The server host's side of the equal-resource lane: `stackbench agent` (app/cmdagent.cpp) serves
// these messages beside the load shares (lane/agentsession.h), so that on the machine a
// configuration runs on, the agent does what the runner does on its own machine: starts and
// contains the configuration's tree (ServerProcess, its supervisor and cgroup), samples it and
// that machine (SampleSession: tree CPU and memory, foreign CPU, sleep gaps), runs the
// configuration's commands there (version probes, command hooks) and describes the machine.
// Readiness and parity are probed by the controller, over the network the load uses.
//
// Messages (C = controller, A = agent; every one carries the controller's "id"):
//   C: tree-start {name, command, cwd, env, cpus}     A: tree-started {pid, containment, exec_ms}
//   C: tree-status {name}                             A: tree-status {running, exit}
//   C: tree-memory {name}                             A: tree-memory {rss_bytes, pss_bytes}
//   C: tree-stop {name, signal, grace_ms}             A: tree-stopped {graceful, exit, stdout,
//                                                        stderr, dropped_bytes}  (base64, tails)
//   C: sample-start {name, interval_ms, excludes,     A: sampling {}, then reading {reading}
//                    sleep_gap_s}                        each interval (samplejson.h)
//   C: sample-stop {}                                 A: sampled {summary}
//   C: exec {command, cwd, env, timeout_ms}           A: exec-done {exit_code, crashed,
//                                                        timed_out, output}  (output bounded)
//   C: environment {}                                 A: environment {record}
// A request that fails is answered with "error" (lane/agentprotocol.h). When the controller's
// stream ends every tree is stopped (SIGKILL to the whole tree) before the agent exits; the
// trees' supervisors end them as well should the agent itself be killed.
//
// Threads: construct, handle() and end() on the agent session's thread; readings are posted
// from the sampler's thread.

#include <QJsonObject>
#include <QString>
#include <functional>
#include <memory>

namespace sb::run {

// Bytes of a stopped tree's stdout (and of its stderr) sent back: the last ones.
inline constexpr qsizetype kServerHostOutputBytes = 1 << 20;
// Bytes of an exec's output sent back: the last ones.
inline constexpr qsizetype kServerHostExecBytes = 256 << 10;

class ServerHostService
{
public:
    using Post = std::function<void(const QJsonObject &)>;
    explicit ServerHostService(Post post);
    ~ServerHostService(); // end()
    ServerHostService(const ServerHostService &) = delete;
    ServerHostService &operator=(const ServerHostService &) = delete;

    // Serves one message; false when `type` is none of the above.
    bool handle(int id, const QString &type, const QJsonObject &message);
    // Stops sampling and kills every tree (SIGKILL, no grace): the controller is gone.
    void end();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace sb::run
