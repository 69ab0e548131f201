#pragma once

// The agent protocol: how a controller (remoteagent.h) and `stackbench agent` (agentsession.h)
// talk over the agent's stdin and stdout, through the user's own `ssh` or as a local child
// process. Nothing listens on a port.
//
// Framing: every message is one frame
//
//   LENGTH ':' PAYLOAD '\n'
//
// LENGTH is 1..8 decimal digits (no sign, no leading zero unless it is "0"), PAYLOAD exactly
// LENGTH bytes of one JSON object (UTF-8) with a string member "type". Frames are bounded by
// kMaxFrameBytes; everything read is treated as hostile: a header that is not a length, a frame
// over the bound, a missing newline or a payload that is not a JSON object ends the stream with
// an error (framing cannot be recovered after that).
//
// Exchange (A = agent, C = controller):
//   A: hello {protocol, version, host, cores, pid}       first, unasked
//   C: hello {protocol, version}                         refused by the controller when the
//                                                        versions differ (see checkHello)
//   C: load {id, spec}    A: ready {id} | error {id}     the spec is checked, nothing runs yet
//   C: start {id}         A: started {id, threads,       the engine connects and measures
//                                     startNs}           (the agent's CLOCK_MONOTONIC when the
//                                                        start arrived)
//                         A: interval {id, ...,          each interval, in order
//                                      generatorCores}   (optional: the agent's CPU over the
//                                                        interval, cores; see ShareInterval)
//                         A: done {id, result}           the window is over (or cancelled)
//   C: stop {id}                                         cancels the window; done follows
//   C: ping {}                                           every kPingMs after the hello
//   C closes the agent's stdin: the agent cancels what it started, sends nothing more it must,
//   and exits. So it does when it hears nothing for kControllerSilenceMs: a cut link may leave
//   stdin open for hours (TCP keeps a silent connection), a load must not run that long alone.
// The controller starts every share of a window with one `start` each, back to back: no clock
// is shared between hosts.
//
// Threads: the functions here are pure (any thread); FrameReader is used by one thread.

#include "core/result.h"
#include "load/loadresult.h"
#include "load/loadspec.h"
#include "stats/histogram.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <optional>
#include <vector>

namespace sb::lane {

inline constexpr int kProtocolVersion = 2;         // 2: the spec carries tls, protocol and streams
inline constexpr int kPingMs = 2000;               // the controller's heartbeat
inline constexpr int kControllerSilenceMs = 15000; // the agent ends alone after this silence
// The largest frame either side accepts, payload bytes. A window's three histograms, base64,
// take a few hundred KiB at most.
inline constexpr qsizetype kMaxFrameBytes = 8 << 20;
// Error codes.
inline constexpr const char *kFrameError = "lane.frame";       // framing or JSON broken
inline constexpr const char *kMessageError = "lane.message";   // a field missing or wrong
inline constexpr const char *kVersionError = "lane.version";   // agent of another version
inline constexpr const char *kAgentError = "lane.agent";       // the agent failed or ended
inline constexpr const char *kConnectError = "lane.connect";   // ssh could not reach the host
inline constexpr const char *kTimeoutError = "lane.timeout";   // no word within a deadline
inline constexpr const char *kMismatchError = "lane.mismatch"; // counts that do not add up

// One frame around `payload` (a compact JSON object).
QByteArray encodeFrame(const QJsonObject &message);

// Splits a byte stream into frames. Feed it what was read; take frames until next() has none.
class FrameReader
{
public:
    explicit FrameReader(qsizetype maxFrameBytes = kMaxFrameBytes);

    // Appends bytes read from the stream.
    void feed(const QByteArray &bytes);
    // The next complete message, std::nullopt when more bytes are needed, or an error (code
    // kFrameError) once the stream is broken; every later call returns the same error.
    sb::Result<std::optional<QJsonObject>> next();
    // At the end of the stream: an error when it ended inside a frame, else Ok.
    sb::Status finish() const;
    // Bytes held that are not a complete frame yet.
    qsizetype pending() const { return m_buffer.size() - m_offset; }

private:
    sb::Error fail(const QString &detail);

    qsizetype m_max;
    QByteArray m_buffer;
    qsizetype m_offset = 0;
    std::optional<sb::Error> m_error;
};

// What an agent says first.
struct AgentHello
{
    int protocol = 0;
    QString version; // stackbench version, sb::kVersion of the agent's build
    QString host;    // the agent machine's host name
    int cores = 0;   // CPUs the agent may use
    qint64 pid = 0;  // the agent's process id on its host
};

// The type member of a message ("" when absent or not a string).
QString messageType(const QJsonObject &message);

QJsonObject helloMessage(const AgentHello &hello);
sb::Result<AgentHello> readHello(const QJsonObject &message);
// The controller's check of an agent's hello: same protocol and same version, or code
// kVersionError naming the fix: "load-1 runs stackbench 0.9.0; install stackbench 1.0.0 on
// load-1".
sb::Status checkHello(const AgentHello &hello, const QString &hostName, const QString &ownVersion);

// A LoadSpec as JSON and back. The request's strings go as Latin-1 text (bytes kept), the body
// as base64. readSpec checks types and integral ranges; the values' bounds are the engine's
// (load::checkSpec).
QJsonObject specJson(const load::LoadSpec &spec);
sb::Result<load::LoadSpec> readSpec(const QJsonValue &value);

QJsonObject countersJson(const load::Counters &counters);
sb::Result<load::Counters> readCounters(const QJsonValue &value);

// Histogram::encode() bytes as base64 text, and back (code kMessageError when malformed).
QString histogramText(const Histogram &histogram);
sb::Result<Histogram> readHistogram(const QJsonValue &value);

// One interval of one share, as an agent reports it.
struct ShareInterval
{
    load::IntervalSnapshot snapshot; // the engine's interval: counts and its percentiles
    // The interval's latencies, us (IntervalSnapshot::latency, sent whole); std::nullopt when
    // the message has none. snapshot.latency is nullptr here: use this.
    std::optional<Histogram> latency;
    // The host's generator over the interval, cores (1.0 = one core busy): the agent process's
    // CPU time (CLOCK_PROCESS_CPUTIME_ID: the load engine's workers and collector, exited ones
    // included, and the agent's own framing of its messages, which is small) between this
    // interval's report and the one before (or the start), over the wall time between them.
    // std::nullopt when the message has none (the field is optional within protocol 2).
    std::optional<double> generatorCores;
};

QJsonObject intervalMessage(int id, const load::IntervalSnapshot &snapshot,
                            const Histogram *latency = nullptr,
                            std::optional<double> generatorCores = std::nullopt);
sb::Result<ShareInterval> readInterval(const QJsonObject &message);

QJsonObject resultJson(const load::LoadResult &result);
sb::Result<load::LoadResult> readResult(const QJsonValue &value);

// Small messages.
QJsonObject idMessage(const char *type, int id); // load/start/stop/ready/... without more
QJsonObject loadMessage(int id, const load::LoadSpec &spec);
QJsonObject errorMessage(int id, const sb::Error &error);
sb::Error readError(const QJsonObject &message);
// The "id" member, or an error.
sb::Result<int> readId(const QJsonObject &message);

} // namespace sb::lane
