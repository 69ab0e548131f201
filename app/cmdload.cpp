#include "app/cli.h"
#include "app/commands.h"
#include "app/loadoptions.h"
#include "app/loadreport.h"
#include "run/loadjson.h"

#include <QFile>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace sb::cli {

namespace {

const char *const kDescription =
    "Runs one window of HTTP/1.1 load (over TLS for https://; HTTP/2 with --h2) against URL\n"
    "and reports successful throughput, latency percentiles (HDR histogram, first byte written to "
    "last\n"
    "byte read), errors by kind and the client's own CPU time. The window sends for -d (or\n"
    "until -n requests), then drains: it waits for the requests still in flight, up to\n"
    "--timeout, and that wait is measured too.\n"
    "Waiting is latency, not failure: the default timeout is 180 s. Ctrl-C stops early.\n"
    "With --rate (open loop) latency runs from the intended send time to the kernel's receive\n"
    "time of the response, and the send delay (how late each request went out) is reported.\n"
    "https:// verifies the server's certificate (system CA store, or --cacert) and its name\n"
    "unless --insecure; SNI names the host unless it is an IP address; ALPN offers http/1.1.\n"
    "The report adds connect and TLS handshake times per connection, the resumed handshakes\n"
    "and TLS errors by class (handshake, certificate, alert, closed without close_notify).\n"
    "--h2 speaks HTTP/2: over https:// ALPN offers h2 alone, over http:// in clear text with\n"
    "prior knowledge (h2c); --streams N concurrent streams per connection (h2load's -m), each\n"
    "stream one request with its own latency; refused and reset streams, GOAWAYs and\n"
    "flow-control stalls are reported by kind.\n"
    "Exit 1 when the window was aborted or interrupted, or measured no 2xx response.";

run::LoadWindow *g_measurement = nullptr;

void onSignal(int)
{
    if (g_measurement)
        g_measurement->cancel(); // atomic stores and eventfd writes: async-signal-safe
}

// Runs the warm-up and the window through the engine's one entry, prints the header once the
// load runs, lets Ctrl-C cancel it, and waits for its end.
sb::Result<LoadRun> runWindow(const LoadOptions &options)
{
    const bool live = !options.json && isatty(STDERR_FILENO);
    bool headerShown = options.json;
    auto showHeader = [&] {
        if (!headerShown)
            printHeader(options);
        headerShown = true;
    };
    run::LoadWindow measurement([&](const run::WindowInterval &i) {
        showHeader();
        if (live)
            printIntervalLine(options, i);
    });
    g_measurement = &measurement;
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    LoadRun run;
    sb::Result<run::WarmupOutcome> warmup = measurement.warmUp(options.spec);
    sb::Result<run::WindowOutcome> measured =
        warmup.ok() ? measurement.measure(options.spec) : warmup.error();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    g_measurement = nullptr;
    if (!measured.ok()) {
        // The engine's sentences name the endpoint already ("connection refused by
        // 127.0.0.1:9"): say it once.
        sb::Error e = measured.error();
        if (e.detail.find(e.where) != std::string::npos)
            e.where.clear();
        return e;
    }
    showHeader();
    run.warmup = std::move(*warmup);
    run.measured = std::move(*measured);
    return run;
}

// Writes the .hgrm file (its path was found writable before the window). False on failure.
bool writeHgrm(const CommandLine &cl, const LoadOptions &options, const run::WindowOutcome &r)
{
    QFile out(options.hgrmPath);
    const Histogram latency = run::decodedHistogram(r.window.histogram);
    if (out.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text) &&
        out.write(QByteArray::fromStdString(latency.toHgrm(1000.0))) >= 0 && out.flush())
        return true;
    cl.note(QStringLiteral("cannot write \"%1\": %2").arg(options.hgrmPath, out.errorString()));
    return false;
}

// Prints what was measured (always: numbers are never lost), then says why it is not a full
// window when it is not: aborted, interrupted, or nothing to rate (no 2xx response).
int report(const CommandLine &cl, const LoadOptions &options, const LoadRun &run)
{
    const run::WindowOutcome &r = run.measured;
    const bool hgrmOk = options.hgrmPath.isEmpty() || writeHgrm(cl, options, r);
    if (options.json) {
        const QByteArray text = jsonReport(options, run);
        std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
        std::fflush(stdout);
    } else {
        printTextReport(options, run);
    }
    if (!r.aborted.isEmpty())
        return cl.failure(QStringLiteral("aborted: ") + r.aborted);
    if (r.cancelled)
        return cl.failure(QStringLiteral("interrupted"));
    if (const QString nothing = nothingMeasured(r); !nothing.isEmpty())
        return cl.failure(nothing);
    return hgrmOk ? kExitOk : kExitFailure;
}

} // namespace

int loadCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("load"), QString::fromLatin1(kDescription));
    cl.positional(QStringLiteral("URL"), QStringLiteral("http[s]://host[:port]/path"));
    const LoadArguments arguments(cl);
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    const sb::Result<LoadOptions> options = arguments.read();
    if (!options.ok())
        return cl.fail(options.error());
    const sb::Result<LoadRun> result = runWindow(*options);
    if (!result.ok())
        return cl.fail(result.error());
    return report(cl, *options, *result);
}

} // namespace sb::cli
