#pragma once

// The command line of `stackbench load`, read into a window's spec: every duration, rate and
// count through core/duration.h within core/limits.h, the URL, method, headers and body through
// the engine's request builder (plan/requestbuilder.h: the rule plans and the GUI use too), the
// output file checked before the window starts. Main thread only.

#include "app/cli.h"
#include "core/result.h"
#include "run/loadwindow.h"

#include <QCommandLineOption>
#include <QString>

namespace sb::cli {

// What `stackbench load` was asked to do.
struct LoadOptions
{
    run::WindowSpec spec; // the window (its warm-up included)
    QString url;          // the URL as given
    bool json = false;    // one JSON object on stdout instead of text
    QString hgrmPath;     // also write the latency distribution (.hgrm) here; empty = no
    bool http2 = false;   // --h2: HTTP/2 (h2 by ALPN over https://, h2c prior knowledge)
    int streams = 1;      // --streams: HTTP/2 streams per connection (h2load's -m)
};

// "HTTP/2 over TLS (ALPN h2), 10 streams per connection", "HTTP/2 cleartext (h2c, prior
// knowledge), 1 stream per connection" or "HTTP/1.1".
QString protocolText(const LoadOptions &options);

// The options of `stackbench load`, declared on a CommandLine.
class LoadArguments
{
public:
    explicit LoadArguments(CommandLine &commandLine);

    // After CommandLine::parse(): the options, or the first error, its `where` the option as
    // spelled ("--timeout") or "URL". Errors: "value.*" and "cli.usage" (a wrong value),
    // "cli.input" (the body file cannot be read or is over 16 MiB, the .hgrm file cannot be
    // written).
    sb::Result<LoadOptions> read() const;

private:
    sb::Status readRequest(LoadOptions &options) const;
    sb::Status readHeaders(plan::RequestBuilder &request) const;
    sb::Status readBody(plan::RequestBuilder &request) const;
    sb::Status readTls(plan::RequestBuilder &request) const;
    sb::Status readProtocol(LoadOptions &options) const;
    sb::Status readPacing(run::WindowSpec &spec) const;
    sb::Status readLength(run::WindowSpec &spec) const;
    sb::Status readOutput(LoadOptions &options) const;

    CommandLine &m_cl;
    QCommandLineOption m_connections;
    QCommandLineOption m_threads;
    QCommandLineOption m_duration;
    QCommandLineOption m_requests;
    QCommandLineOption m_warmup;
    QCommandLineOption m_rate;
    QCommandLineOption m_timeout;
    QCommandLineOption m_interval;
    QCommandLineOption m_cpus;
    QCommandLineOption m_method;
    QCommandLineOption m_header;
    QCommandLineOption m_body;
    QCommandLineOption m_json;
    QCommandLineOption m_hgrm;
    QCommandLineOption m_insecure;
    QCommandLineOption m_cacert;
    QCommandLineOption m_h2;
    QCommandLineOption m_streams;
};

} // namespace sb::cli
