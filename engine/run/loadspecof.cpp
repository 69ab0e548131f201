#include "run/loadspecof.h"

#include "http/url.h"

#include <algorithm>

namespace sb::run {

load::LoadSpec loadSpecOf(const WindowSpec &s, bool warmUp)
{
    load::LoadSpec l;
    l.host = s.request.host.toStdString();
    l.port = s.request.port;
    l.hostHeader = s.request.hostHeader.toStdString();
    l.request.method = s.request.method.toStdString();
    l.request.target = s.request.target.toStdString();
    for (const plan::Header &h : s.request.headers)
        l.request.headers.emplace_back(h.name.toStdString(), h.value.toStdString());
    l.request.body = s.request.body.toStdString();
    l.tls.enabled = s.request.tls;
    l.tls.verify = !s.request.tlsSettings.insecure;
    l.tls.caFile = s.request.tlsSettings.caFile.toStdString();
    l.tls.sni = http::isIpLiteral(l.host) ? std::string() : l.host;
    if (s.request.protocol == plan::HttpProtocol::Http2) {
        l.protocol = load::Protocol::Http2;
        l.tls.alpn = "h2";
        l.streams = std::max(1, s.streams);
    }
    l.connections = s.connections;
    l.threads = s.threads;
    l.mode = s.openLoop ? load::Mode::Open : load::Mode::Closed;
    l.ratePerS = s.ratePerS;
    // A warm-up is a window of its own (as a run has it: hooks may go between the two), never
    // the engine's built-in one, so that the measured phase starts its own intervals and sampler.
    l.warmupMs = 0;
    l.warmupRequests = 0;
    if (warmUp) {
        l.requestLimit = s.warmupRequests;
        l.durationMs = s.warmupRequests > 0 ? l.durationMs : s.warmupMs;
    } else {
        l.requestLimit = s.requestLimit;
        l.durationMs = s.durationMs;
    }
    l.timeoutMs = s.timeoutMs;
    l.intervalMs = s.intervalMs;
    l.unreachableAbortMs = s.unreachableAbortMs;
    l.cpus = s.cpus;
    return l;
}

} // namespace sb::run
