// sb-h2driver: one window of the load engine from the command line, for the benchmarks that
// compare the engine's HTTP/2 with h2load while `stackbench load --h2` is not wired through the
// run layer in a build. Prints one JSON line: ok, responses, requests, errors, the HTTP/2
// counters, elapsed and the engine's CPU seconds.
//   sb-h2driver h2|h2c|h1|h1tls PORT CONNECTIONS STREAMS SECONDS [CAFILE]
// 127.0.0.1 only; path "/"; one worker thread.

#include "load/loadengine.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace sb::load;

int main(int argc, char **argv)
{
    if (argc < 6) {
        std::fprintf(stderr, "usage: sb-h2driver h2|h2c|h1|h1tls PORT CONNECTIONS STREAMS "
                             "SECONDS [CAFILE]\n");
        return 2;
    }
    const std::string kind = argv[1];
    LoadSpec spec;
    spec.host = "127.0.0.1";
    spec.port = uint16_t(std::atoi(argv[2]));
    spec.connections = std::atoi(argv[3]);
    spec.streams = std::atoi(argv[4]);
    spec.durationMs = int64_t(std::atof(argv[5]) * 1000);
    spec.threads = 1;
    spec.request.target = "/";
    spec.protocol = kind == "h2" || kind == "h2c" ? Protocol::Http2 : Protocol::Http1;
    spec.tls.enabled = kind == "h2" || kind == "h1tls";
    if (argc > 6)
        spec.tls.caFile = argv[6];
    else
        spec.tls.verify = false;
    LoadEngine engine;
    const sb::Status st = engine.start(spec, {});
    if (!st.ok()) {
        std::fprintf(stderr, "sb-h2driver: %s\n", st.error().detail.c_str());
        return 1;
    }
    const LoadResult r = engine.wait();
    const Counters &t = r.total;
    std::printf("{\"ok\": %lld, \"responses\": %lld, \"requests\": %lld, \"errors\": %lld, "
                "\"h2_refused\": %lld, \"h2_resets\": %lld, \"h2_goaways\": %lld, "
                "\"h2_lost\": %lld, \"timeouts\": %lld, \"elapsed_s\": %.3f, "
                "\"client_cpu_s\": %.3f, \"p50_us\": %lld, \"p99_us\": %lld, \"alpn\": \"%s\", "
                "\"aborted\": \"%s\"}\n",
                (long long)t.ok, (long long)t.responses, (long long)t.requests,
                (long long)t.errors(), (long long)t.h2Refused, (long long)t.h2Resets,
                (long long)t.h2Goaways, (long long)t.h2StreamsLost, (long long)t.timeouts,
                r.elapsedS, r.clientCpuS, (long long)r.latency.valueAtPercentile(50),
                (long long)r.latency.valueAtPercentile(99), r.tlsAlpn.c_str(), r.aborted.c_str());
    return t.ok > 0 ? 0 : 1;
}
