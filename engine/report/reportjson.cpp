#include "report/reportjson.h"

#include "report/coldstartreport.h"
#include "report/reportmarkdown.h"
#include "report/runvalidity.h"

#include <cmath>

namespace sb::report {

namespace {

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

// A figure or null when never measured.
QJsonValue measured(bool known, double v)
{
    return known ? number(v) : QJsonValue();
}

QJsonObject cellJson(const CellReport &c)
{
    const stats::CellFigures &f = c.figures;
    const bool valid = f.validWindows > 0; // a median window, its CPU shares
    const bool pooled = f.pooledCount > 0; // a pooled histogram
    QJsonObject invalid;
    for (const auto &[kind, n] : f.invalidKinds)
        invalid.insert(QString::fromStdString(kind), n);
    QJsonObject o{{QStringLiteral("configuration"), c.configuration},
                  {QStringLiteral("route"), c.route},
                  {QStringLiteral("concurrency"), c.concurrency},
                  {QStringLiteral("valid_windows"), double(f.validWindows)},
                  {QStringLiteral("invalid_windows"), double(f.invalidWindows)},
                  {QStringLiteral("invalid_reasons"), invalid},
                  {QStringLiteral("bound"), c.bound.isEmpty() ? QJsonValue() : QJsonValue(c.bound)},
                  {QStringLiteral("bound_because"), c.boundBecause},
                  {QStringLiteral("cpu_shares"),
                   valid ? QJsonValue(QJsonObject{{QStringLiteral("server"), c.shares.server},
                                                  {QStringLiteral("database"), c.shares.database},
                                                  {QStringLiteral("generator"), c.shares.generator},
                                                  {QStringLiteral("own"), c.shares.own},
                                                  {QStringLiteral("foreign"), c.shares.foreign},
                                                  {QStringLiteral("idle"), c.shares.idle}})
                         : QJsonValue()},
                  {QStringLiteral("ok_per_s"), spreadJson(f.okPerS)},
                  {QStringLiteral("per_cpu_s"), spreadJson(f.perCpuS)},
                  {QStringLiteral("server_cores"), spreadJson(f.serverCores)},
                  {QStringLiteral("generator_cores"), spreadJson(f.generatorCores)},
                  {QStringLiteral("database_cores"), spreadJson(f.databaseCores)},
                  {QStringLiteral("foreign_pct"), spreadJson(f.foreignPct)},
                  {QStringLiteral("p50_us"), spreadJson(f.p50Us)},
                  {QStringLiteral("p90_us"), spreadJson(f.p90Us)},
                  {QStringLiteral("p99_us"), spreadJson(f.p99Us)},
                  {QStringLiteral("p999_us"), spreadJson(f.p999Us)},
                  {QStringLiteral("max_us"), spreadJson(f.maxUs)},
                  {QStringLiteral("pooled_latency_us"),
                   QJsonObject{{QStringLiteral("p50"), measured(pooled, f.pooledUs.p50)},
                               {QStringLiteral("p90"), measured(pooled, f.pooledUs.p90)},
                               {QStringLiteral("p99"), measured(pooled, f.pooledUs.p99)},
                               {QStringLiteral("p999"), measured(pooled, f.pooledUs.p999)},
                               {QStringLiteral("max"), measured(pooled, f.pooledUs.max)},
                               {QStringLiteral("count"), double(f.pooledCount)}}},
                  {QStringLiteral("rss_peak_bytes"), spreadJson(f.rssPeakBytes)},
                  {QStringLiteral("pss_peak_bytes"), spreadJson(f.pssPeakBytes)},
                  {QStringLiteral("tree_age_s"), c.treeAge.known() && c.treeAge.seconds >= 0
                                                     ? QJsonValue(c.treeAge.seconds)
                                                     : QJsonValue()},
                  {QStringLiteral("tree_requests"),
                   c.treeAge.known() ? QJsonValue(c.treeAge.requests) : QJsonValue()},
                  {QStringLiteral("tree_fresh"),
                   c.treeAge.known() ? QJsonValue(c.treeAge.fresh) : QJsonValue()},
                  {QStringLiteral("errors"),
                   QJsonObject{{QStringLiteral("connect"), double(f.errors.connect)},
                               {QStringLiteral("read"), double(f.errors.read)},
                               {QStringLiteral("write"), double(f.errors.write)},
                               {QStringLiteral("timeout"), double(f.errors.timeout)},
                               {QStringLiteral("parse"), double(f.errors.parse)},
                               {QStringLiteral("non_2xx"), double(f.errors.non2xx)}}}};
    if (!c.loadHosts.isEmpty()) { // where its load came from: each host's generator
        QJsonArray hosts;
        for (const CellLoadHost &h : c.loadHosts) {
            const double share = h.shareOfCores();
            hosts.append(QJsonObject{
                {QStringLiteral("host"), h.host},
                {QStringLiteral("destination"), h.destination},
                {QStringLiteral("cores"), h.cores > 0 ? QJsonValue(h.cores) : QJsonValue()},
                {QStringLiteral("threads"), h.threads > 0 ? QJsonValue(h.threads) : QJsonValue()},
                {QStringLiteral("generator_cores"), spreadJson(h.generatorCores)},
                {QStringLiteral("generator_share_of_cores"),
                 share < 0 ? QJsonValue() : QJsonValue(share)}});
        }
        o.insert(QStringLiteral("load_hosts"), hosts);
    }
    return o;
}

// An A/A run's own floor: {overall, routes: {route: floor}}, or null.
QJsonValue measuredFloorJson(const RunReport &r)
{
    if (!r.aa || r.measuredFloor < 0)
        return QJsonValue();
    QJsonObject routes;
    for (auto it = r.measuredFloorByRoute.begin(); it != r.measuredFloorByRoute.end(); ++it)
        routes.insert(it.key(), it.value());
    return QJsonObject{{QStringLiteral("overall"), r.measuredFloor},
                       {QStringLiteral("routes"), routes}};
}

} // namespace

QJsonObject spreadJson(const stats::Spread &s)
{
    return QJsonObject{{QStringLiteral("median"), measured(s.n > 0, s.median)},
                       {QStringLiteral("min"), measured(s.n > 0, s.min)},
                       {QStringLiteral("max"), measured(s.n > 0, s.max)},
                       {QStringLiteral("spread"), measured(s.n > 1, s.spread)},
                       {QStringLiteral("n"), double(s.n)}};
}

QJsonObject setupJson(const RunSetup &s)
{
    auto text = [](const QString &t) { return t.isEmpty() ? QJsonValue() : QJsonValue(t); };
    QJsonArray load;
    for (double v : s.loadAvg)
        load.append(v);
    QJsonArray configurations;
    for (const ConfigurationSetup &c : s.configurations) {
        QJsonObject versions;
        for (const auto &[probe, version] : c.versions)
            versions.insert(probe, version);
        // "" in a CPU set asked for is "any CPU"; an applied set never read is null.
        QJsonObject configuration{
            {QStringLiteral("name"), c.name},
            {QStringLiteral("recorded"), c.recorded},
            {QStringLiteral("command"), QJsonArray::fromStringList(c.command)},
            {QStringLiteral("command_line"), commandLine(c.command)},
            {QStringLiteral("cwd"), text(c.cwd)},
            {QStringLiteral("cpus"), c.recorded ? QJsonValue(c.cpus) : QJsonValue()},
            {QStringLiteral("cpus_applied"), text(c.cpusApplied)},
            {QStringLiteral("load_cpus"), c.recorded ? QJsonValue(c.loadCpus) : QJsonValue()},
            {QStringLiteral("load_cpus_applied"), text(c.loadCpusApplied)},
            {QStringLiteral("versions"), versions}};
        if (!c.tls.isEmpty()) // https://: what its TLS connections agreed on
            configuration.insert(QStringLiteral("tls"), c.tls);
        if (!c.protocol.isEmpty()) // HTTP/1.1 or HTTP/2 (h2c, over TLS), streams per connection
            configuration.insert(QStringLiteral("protocol"), c.protocol);
        if (!c.loadHosts.isEmpty()) // the hosts its load came from
            configuration.insert(QStringLiteral("load_hosts"), c.loadHosts);
        if (!c.serverHost.isEmpty()) { // the host its tree ran on, sampled there
            configuration.insert(QStringLiteral("server_host"), c.serverHost);
            configuration.insert(QStringLiteral("server_host_environment"),
                                 c.serverHostEnvironment);
        }
        configurations.append(configuration);
    }
    QJsonArray gates;
    for (const store::PlanSetting &g : s.gates)
        gates.append(QJsonObject{{QStringLiteral("name"), g.name},
                                 {QStringLiteral("key"), g.key},
                                 {QStringLiteral("written"), text(g.text)},
                                 {QStringLiteral("default"), g.defaultText},
                                 {QStringLiteral("value"), g.shown()}});
    return QJsonObject{
        {QStringLiteral("machine"),
         QJsonObject{{QStringLiteral("hostname"), text(s.hostname)},
                     {QStringLiteral("cpu_model"), text(s.cpuModel)},
                     {QStringLiteral("cores"), s.cores > 0 ? QJsonValue(s.cores) : QJsonValue()},
                     {QStringLiteral("memory_bytes"),
                      s.memoryBytes > 0 ? QJsonValue(double(s.memoryBytes)) : QJsonValue()},
                     {QStringLiteral("os"), text(s.os)},
                     {QStringLiteral("kernel"), text(s.kernel)},
                     {QStringLiteral("loadavg_at_start"),
                      load.size() == 3 ? QJsonValue(load) : QJsonValue()},
                     {QStringLiteral("stackbench_version"), text(s.version)},
                     {QStringLiteral("git_revision"), text(s.revision)}}},
        {QStringLiteral("configurations"), configurations},
        {QStringLiteral("gates"), gates}};
}

QJsonObject ratioJson(const RatioReport &r)
{
    const stats::Comparison &c = r.comparison;
    const bool tested = c.verdict != stats::Verdict::NotEnoughWindows;
    return QJsonObject{
        {QStringLiteral("configuration"), r.configuration},
        {QStringLiteral("baseline"), r.baseline},
        {QStringLiteral("route"), r.route},
        {QStringLiteral("concurrency"), r.concurrency},
        {QStringLiteral("metric"), r.metric},
        {QStringLiteral("ratio"), measured(c.ratio > 0, c.ratio)}, // 0: a side unmeasured
        {QStringLiteral("low"), c.high > 0 ? number(c.low) : QJsonValue()},
        {QStringLiteral("high"), c.high > 0 ? number(c.high) : QJsonValue()},
        {QStringLiteral("p_value"), tested ? number(c.pValue) : QJsonValue()},
        {QStringLiteral("paired"), c.paired},
        {QStringLiteral("df"), c.df},
        {QStringLiteral("noise_sd"), tested ? number(c.noiseSd) : QJsonValue()},
        {QStringLiteral("windows_needed"), c.windowsNeeded},
        {QStringLiteral("noise_floor"),
         c.noiseFloor >= 0 ? QJsonValue(c.noiseFloor) : QJsonValue()},
        {QStringLiteral("verdict"), QString::fromLatin1(stats::verdictKey(c.verdict))},
        {QStringLiteral("note"), QString::fromStdString(c.note)},
        {QStringLiteral("candidate_windows"), double(c.candidateWindows)},
        {QStringLiteral("baseline_windows"), double(c.baselineWindows)}};
}

QJsonObject reportJson(const RunReport &report)
{
    const store::RunRecord &run = report.run;
    QJsonArray cells, ratios, saturation;
    for (const CellReport &c : report.cells)
        cells.append(cellJson(c));
    for (const RatioReport &r : report.ratios)
        ratios.append(ratioJson(r));
    for (const SaturationReport &s : report.saturations)
        saturation.append(QJsonObject{
            {QStringLiteral("configuration"), s.configuration},
            {QStringLiteral("route"), s.route},
            {QStringLiteral("saturated"), s.saturation.saturated},
            {QStringLiteral("from_concurrency"),
             s.saturation.saturated ? QJsonValue(s.saturation.fromConcurrency) : QJsonValue()},
            {QStringLiteral("p50_growth"),
             s.saturation.saturated ? number(s.saturation.p50Growth) : QJsonValue()},
            {QStringLiteral("sentence"), QString::fromStdString(s.saturation.sentence)},
            {QStringLiteral("top_concurrency"), s.topConcurrency},
            {QStringLiteral("top_bound"), s.topBound.isEmpty() ? QJsonValue() : s.topBound},
            {QStringLiteral("top_bound_because"),
             s.topBound.isEmpty() ? QJsonValue() : s.topBoundBecause}});
    QJsonObject invalidByGate;
    for (auto it = report.invalidByGate.begin(); it != report.invalidByGate.end(); ++it)
        invalidByGate.insert(it.key(), it.value());
    QJsonObject events;
    for (auto it = report.events.begin(); it != report.events.end(); ++it)
        events.insert(it.key(), it.value());
    QJsonArray coldStart;
    for (const ColdStartSummary &c : coldStartSummaries(report))
        coldStart.append(QJsonObject{{QStringLiteral("configuration"), c.configuration},
                                     {QStringLiteral("starts"), c.starts},
                                     {QStringLiteral("accept_ms"), spreadJson(c.acceptMs)},
                                     {QStringLiteral("ready_ms"), spreadJson(c.readyMs)},
                                     {QStringLiteral("rss_bytes"), spreadJson(c.rssBytes)},
                                     {QStringLiteral("pss_bytes"), spreadJson(c.pssBytes)}});
    QJsonArray starts;
    for (const store::ServerStartRecord &s : report.starts)
        starts.append(QJsonObject{
            {QStringLiteral("configuration"), s.configuration},
            {QStringLiteral("round"), s.round},
            {QStringLiteral("started_at"), s.startedAt.isValid()
                                               ? QJsonValue(s.startedAt.toString(Qt::ISODateWithMs))
                                               : QJsonValue()},
            {QStringLiteral("exec_ms"), s.execMs},
            {QStringLiteral("accept_ms"), s.acceptMs >= 0 ? QJsonValue(s.acceptMs) : QJsonValue()},
            {QStringLiteral("ready_ms"), s.readyMs},
            {QStringLiteral("rss_bytes"), double(s.rssBytes)},
            {QStringLiteral("pss_bytes"), double(s.pssBytes)}});
    return QJsonObject{
        {QStringLiteral("schema"), QStringLiteral("stackbench-report")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("run"),
         QJsonObject{
             {QStringLiteral("id"), run.id},
             {QStringLiteral("plan"), report.planName},
             {QStringLiteral("plan_path"), run.planPath},
             {QStringLiteral("profile"), run.profile},
             {QStringLiteral("status"), run.status},
             {QStringLiteral("started_at"), run.startedAt.toString(Qt::ISODateWithMs)},
             {QStringLiteral("finished_at"),
              run.finishedAt.isValid() ? QJsonValue(run.finishedAt.toString(Qt::ISODateWithMs))
                                       : QJsonValue()},
             {QStringLiteral("valid_windows"), report.validWindows},
             {QStringLiteral("invalid_windows"), report.invalidWindows},
             {QStringLiteral("validity"), validityText(report.validWindows, report.invalidByGate)},
             {QStringLiteral("problems"), QJsonArray::fromStringList(runProblems(report))}}},
        {QStringLiteral("setup"), setupJson(report.setup)},
        {QStringLiteral("environment"), run.environment},
        {QStringLiteral("baseline"), report.options.baseline},
        {QStringLiteral("noise_floor"),
         report.options.noiseFloor >= 0 ? QJsonValue(report.options.noiseFloor) : QJsonValue()},
        {QStringLiteral("noise_floor_source"), report.options.noiseFloorSource},
        {QStringLiteral("aa"), report.aa},
        {QStringLiteral("measured_noise_floor"), measuredFloorJson(report)},
        {QStringLiteral("cells"), cells},
        {QStringLiteral("ratios"), ratios},
        {QStringLiteral("saturation"), saturation},
        {QStringLiteral("gates"), QJsonObject{{QStringLiteral("invalid_by_gate"), invalidByGate},
                                              {QStringLiteral("checkpoints_in_windows"),
                                               double(report.checkpointsInWindows)}}},
        {QStringLiteral("events"), events},
        {QStringLiteral("cold_start"), coldStart},
        {QStringLiteral("server_starts"), starts},
        {QStringLiteral("blocked"), QJsonArray::fromStringList(report.blocked)},
        {QStringLiteral("warnings"), QJsonArray::fromStringList(report.warnings)}};
}

} // namespace sb::report
