#include "app/cli.h"
#include "app/commands.h"
#include "app/loadoptions.h"
#include "app/loadreport.h"
#include "load/loadengine.h"

#include <QFile>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace sb::cli {

namespace {

const char *const kDescription =
    "Runs one window of HTTP/1.1 load against URL and reports successful throughput, latency\n"
    "percentiles (HDR histogram, first byte written to last byte read), errors by kind and the\n"
    "client's own CPU time. The window sends for -d (or until -n requests), then drains: it\n"
    "waits for the requests still in flight, up to --timeout, and that wait is measured too.\n"
    "Waiting is latency, not failure: the default timeout is 180 s. Ctrl-C stops early.\n"
    "With --rate (open loop) latency runs from the intended send time to the kernel's receive\n"
    "time of the response, and the send delay (how late each request went out) is reported.";

load::LoadEngine *g_engine = nullptr;

void onSignal(int)
{
    if (g_engine)
        g_engine->cancel(); // only an atomic store and eventfd writes: async-signal-safe
}

// Starts the window, prints the header, lets Ctrl-C cancel it, and waits for its end.
sb::Result<load::LoadResult> runWindow(const LoadOptions &options)
{
    const bool live = !options.json && isatty(STDERR_FILENO);
    load::LoadEngine engine;
    auto onInterval = [live, &options](const load::IntervalSnapshot &s) {
        if (live)
            printIntervalLine(options, s);
    };
    if (sb::Status st = engine.start(options.spec, onInterval); !st.ok()) {
        // The engine's sentences name the endpoint already ("connection refused by
        // 127.0.0.1:9"): say it once.
        sb::Error e = st.error();
        if (e.detail.find(e.where) != std::string::npos)
            e.where.clear();
        return e;
    }
    g_engine = &engine;
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    if (!options.json)
        printHeader(options);
    load::LoadResult result = engine.wait();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    g_engine = nullptr;
    return result;
}

// Writes the .hgrm file (its path was found writable before the window). False on failure.
bool writeHgrm(const CommandLine &cl, const LoadOptions &options, const load::LoadResult &r)
{
    QFile out(options.hgrmPath);
    if (out.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text) &&
        out.write(QByteArray::fromStdString(r.latency.toHgrm(1000.0))) >= 0 && out.flush())
        return true;
    cl.note(QStringLiteral("cannot write \"%1\": %2").arg(options.hgrmPath, out.errorString()));
    return false;
}

// Prints what was measured (always: numbers are never lost), then says why it is not a full
// window when it is not.
int report(const CommandLine &cl, const LoadOptions &options, const load::LoadResult &r)
{
    const bool hgrmOk = options.hgrmPath.isEmpty() || writeHgrm(cl, options, r);
    if (options.json) {
        const QByteArray text = jsonReport(options, r);
        std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
        std::fflush(stdout);
    } else {
        printTextReport(options, r);
    }
    if (!r.aborted.empty())
        return cl.failure(QStringLiteral("aborted: ") + QString::fromStdString(r.aborted));
    if (r.cancelled)
        return cl.failure(QStringLiteral("interrupted"));
    return hgrmOk ? kExitOk : kExitFailure;
}

} // namespace

int loadCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("load"), QString::fromLatin1(kDescription));
    cl.positional(QStringLiteral("URL"), QStringLiteral("http://host[:port]/path"));
    const LoadArguments arguments(cl);
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    const sb::Result<LoadOptions> options = arguments.read();
    if (!options.ok())
        return cl.fail(options.error());
    const sb::Result<load::LoadResult> result = runWindow(*options);
    if (!result.ok())
        return cl.fail(result.error());
    return report(cl, *options, *result);
}

} // namespace sb::cli
