#pragma once

// The command line of `stackbench load`, read into a LoadSpec: every duration, rate and count
// through core/duration.h within core/limits.h, the URL through http::parseUrl, the output file
// checked before the window starts. Main thread only.

#include "app/cli.h"
#include "core/result.h"
#include "load/loadspec.h"

#include <QCommandLineOption>
#include <QString>

namespace sb::cli {

// What `stackbench load` was asked to do.
struct LoadOptions
{
    load::LoadSpec spec; // the window
    QString url;         // the URL as given
    bool json = false;   // one JSON object on stdout instead of text
    QString hgrmPath;    // also write the latency distribution (.hgrm) here; empty = no
};

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
    sb::Status readHeaders(http::Request &request, std::string &hostHeader) const;
    sb::Status readBody(http::Request &request) const;
    sb::Status readPacing(load::LoadSpec &spec) const;
    sb::Status readLength(load::LoadSpec &spec) const;
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
};

} // namespace sb::cli
