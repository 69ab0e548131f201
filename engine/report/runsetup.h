#pragma once

// What a reader needs to trust a run's figures, read from what the run stored: the machine and
// the software it ran on, the load at its start, what each configuration started (command as
// stored, redacted by the runner), where and on which CPUs, what its version probes read, and
// the gate settings as the stored plan text writes them (store/planoutline.h). The report's
// Setup section (Markdown, HTML) and its JSON "setup" are rendered from this. Any thread.

#include "store/planoutline.h"
#include "store/records.h"

#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

namespace sb::report {

// One configuration as the run started it (ConfigurationRecord::info).
struct ConfigurationSetup
{
    QString name;
    bool recorded = false;   // the run stored a record of it (false: every field below is empty)
    QStringList command;     // info "command", as stored (secrets redacted by the runner)
    QString cwd;             // info "cwd"; "" when not recorded
    QString cpus;            // info "cpus": the CPU set asked for ("0-1"); "" = any CPU
    QString cpusApplied;     // info "cpus_applied": read back from its processes; "" = never read
    QString loadCpus;        // info "load_cpus": the load engine's, asked for; "" = any CPU
    QString loadCpusApplied; // info "load_cpus_applied": read back; "" = never read
    // info "tls": what its windows' TLS connections agreed on ("HTTP/1.1 over TLS 1.3, cipher
    // ..., ALPN http/1.1, certificate verified"); "" = plain HTTP (or never measured)
    QString tls;
    // info "protocol": how it was measured and probed ("HTTP/1.1", "HTTP/1.1 over TLS", "HTTP/2
    // (h2c, prior knowledge), 10 streams per connection", "HTTP/2 over TLS (ALPN h2), ..."); ""
    // in a run stored before it was recorded
    QString protocol;
    // info "load_hosts": the hosts its load came from, each with its machine, cores, version and
    // mean generator CPU over the measured windows ("bench-a (root@10.0.0.2): machine bench-a,
    // 8 cores, stackbench 0.9.0, generator 0.41 cores mean of 3 windows; ..."); "" = this
    // machine's load engine
    QString loadHosts;
    // info "host": the host its server tree ran on, its figures (server CPU, memory, foreign CPU)
    // sampled there ("bench-s (root@10.0.0.3): machine bench-s, 8 cores"); "" = this machine
    QString serverHost;
    // info "host_environment": that host's OS, kernel, CPU, cores and memory ("os: Debian ...,
    // kernel: 6.1.0 ..., ..."); "" = none
    QString serverHostEnvironment;
    QVector<QPair<QString, QString>> versions; // info "versions": probe -> what it read, by name
};

struct RunSetup
{
    QString hostname;        // environment "hostname"
    QString cpuModel;        // environment "cpu_model"
    int cores = 0;           // environment "cores" (online CPUs); 0 = not recorded
    qint64 memoryBytes = 0;  // environment "memory_bytes"; 0 = not recorded
    QString os;              // environment "os"
    QString kernel;          // environment "kernel"
    QVector<double> loadAvg; // environment "loadavg_at_start": 1, 5, 15 min; empty = not recorded
    QString version;         // environment "stackbench_version"
    QString revision;        // environment "git_revision"
    QVector<ConfigurationSetup> configurations; // in `order`, then any other recorded one
    QVector<store::PlanSetting> gates;          // store::gateSettings of the run's profile
};

// The setup of `run` from its environment record, its configuration records and its stored
// plan text; `order` orders the configurations (the report's: plan order).
RunSetup runSetup(const store::RunRecord &run,
                  const QVector<store::ConfigurationRecord> &configurations,
                  const QStringList &order);

// A command as one shell line: each argument as it is when it holds only characters no shell
// reads specially, else in single quotes ("it's" -> 'it'\''s'); "" for no command.
QString commandLine(const QStringList &command);

} // namespace sb::report
