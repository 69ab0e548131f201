// The settings: "database", "sampler", "load" and "profiles".

#include "core/cpuset.h"
#include "core/duration.h"
#include "core/enginetext.h"
#include "core/limits.h"
#include "plansections.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <limits>

namespace sb::plan {

namespace {

// Counts a plan may give. Concurrency is bounded below limits::kMaxConnections: a plan's cells
// are measured many times over.
constexpr int kMaxConcurrency = 100'000;
static_assert(kMaxConcurrency <= sb::limits::kMaxConnections);
constexpr int kMaxRounds = 1'000'000;
constexpr int kMaxRetries = 1'000;

// A database string field, which may refer to the environment; nullptr when absent or invalid.
// A database setting's placeholders: ${env:...} only, since it is needed before a run starts.
std::optional<Expansion> expandDatabaseSetting(SectionContext &ctx, const JsonValue &v,
                                               const QString &p)
{
    return ctx.placeholders
        .withoutVariables(trEngine("sb::plan", "the database settings are needed before a run "
                                               "starts; use ${env:NAME}"))
        .expand(v, p);
}

const JsonValue *databaseText(SectionContext &ctx, const JsonValue &obj, const QString &path,
                              const char *key, QString &out, bool secret)
{
    const QString k = QString::fromLatin1(key);
    const JsonValue *v = obj.value(k);
    if (!v)
        return nullptr;
    const QString p = jsonChildPath(path, k);
    if (!v->isString()) {
        ctx.fields.typeError(*v, p, trEngine("sb::plan", "a string"));
        return nullptr;
    }
    const std::optional<Expansion> e = expandDatabaseSetting(ctx, *v, p);
    if (!e)
        return nullptr;
    out = e->value;
    if (secret)
        ctx.secrets.mark(*v, *e, p);
    return v;
}

// "port": a number, or a string of placeholders ("${env:PGPORT}") that expands to one, for a
// database whose port is chosen when it starts.
void databasePort(SectionContext &ctx, const JsonValue &v, const QString &p, int &out)
{
    if (!v.isString()) {
        ctx.fields.integer(v, p, 1, 65535, out);
        return;
    }
    if (const std::optional<Expansion> e = expandDatabaseSetting(ctx, v, p))
        expandedPort(ctx, v, p, e->value, out);
}

// "warmup": seconds as a number, or a span of the one duration grammar ("500ms", "5s", "2m",
// "1h", "1000req"; core/duration.h).
void readWarmup(FieldReader &f, const JsonValue &v, const QString &path, Warmup &w)
{
    if (v.isNumber()) {
        if (f.seconds(v, path, 0, w.durationMs))
            w.kind = Warmup::Kind::Duration;
        return;
    }
    if (!v.isString()) {
        f.typeError(v, path,
                    trEngine("sb::plan", "a duration (\"5s\") or a request count (\"1000req\")"));
        return;
    }
    const sb::Result<sb::Span> span = sb::parseSpan(v.string.toStdString(), sb::BareUnit::Seconds);
    if (!span.ok() && span.error().code == "value.range") {
        f.valueError(v, path, span.error());
        return;
    }
    if (!span.ok()) {
        f.error(v, path, "plan.value",
                trEngine("sb::plan",
                         "invalid warm-up \"%1\"; use a duration (\"500ms\", \"5s\", \"2m\") "
                         "or a request count (\"1000req\")")
                    .arg(v.string));
        return;
    }
    w.kind = span->isRequests() ? Warmup::Kind::Requests : Warmup::Kind::Duration;
    w.durationMs = span->ms;
    w.requests = span->requests;
}

void readConcurrency(FieldReader &f, const JsonValue &v, const QString &path, Profile &pr)
{
    if (!v.isArray()) {
        f.typeError(v, path, trEngine("sb::plan", "an array of integers"));
        return;
    }
    if (v.items.empty()) {
        f.error(v, path, "plan.value",
                trEngine("sb::plan", "at least one concurrency is required"));
        return;
    }
    QSet<int> seen;
    for (size_t i = 0; i < v.items.size(); ++i) {
        const QString ip = jsonIndexPath(path, qsizetype(i));
        int c = 0;
        if (!f.integer(v.items[i], ip, 1, kMaxConcurrency, c))
            continue;
        if (seen.contains(c)) {
            f.error(v.items[i], ip, "plan.duplicate",
                    trEngine("sb::plan", "duplicate concurrency %1").arg(c));
        } else {
            seen.insert(c);
            pr.concurrency.append(c);
        }
    }
}

// "kind": "aa" with its "configuration", which must name one of the plan's.
void readKind(SectionContext &ctx, const JsonValue &obj, const QString &path, Profile &pr)
{
    FieldReader &f = ctx.fields;
    int index = 0;
    if (const JsonValue *v = obj.value(u"kind");
        v && f.enumIndex(*v, jsonChildPath(path, QStringLiteral("kind")),
                         latin1List({"matrix", "aa"}), index))
        pr.kind = Profile::Kind(index);
    const JsonValue *configuration = obj.value(u"configuration");
    const QString at = jsonChildPath(path, QStringLiteral("configuration"));
    if (pr.kind == Profile::Kind::AA && pr.process == Profile::Process::Once) {
        if (const JsonValue *process = obj.value(u"process"))
            f.error(*process, jsonChildPath(path, QStringLiteral("process")), "plan.value",
                    trEngine("sb::plan",
                             "an A/A profile starts its arms' processes fresh: use \"round\" "
                             "or \"window\", not \"once\""));
    }
    if (pr.kind != Profile::Kind::AA) {
        if (configuration)
            f.error(*configuration, at, "plan.value",
                    trEngine("sb::plan",
                             "\"configuration\" belongs to an A/A profile (\"kind\": \"aa\")"));
        return;
    }
    if (configuration && !f.string(*configuration, at, pr.aaConfiguration, true))
        return;
    if (!configuration) {
        if (!ctx.plan.configurations.isEmpty())
            pr.aaConfiguration = ctx.plan.configurations.constFirst().name;
        return;
    }
    if (!ctx.plan.configuration(pr.aaConfiguration))
        f.error(
            *configuration, at, "plan.value",
            trEngine("sb::plan", "no configuration \"%1\" in the plan").arg(pr.aaConfiguration));
}

// "warmup_scope" and "warmup_concurrency" (which needs the scope "route").
void readWarmupScope(FieldReader &f, const JsonValue &obj, const QString &path, Profile &pr)
{
    auto child = [&](const char *key) { return jsonChildPath(path, QString::fromLatin1(key)); };
    int index = 0;
    if (const JsonValue *v = obj.value(u"warmup_scope");
        v && f.enumIndex(*v, child("warmup_scope"), latin1List({"window", "route"}), index))
        pr.warmupScope = Profile::WarmupScope(index);
    const JsonValue *v = obj.value(u"warmup_concurrency");
    if (!v)
        return;
    if (pr.warmupScope != Profile::WarmupScope::Route)
        f.error(*v, child("warmup_concurrency"), "plan.value",
                trEngine("sb::plan", "\"warmup_concurrency\" applies to a warm-up per route: add "
                                     "\"warmup_scope\": \"route\""));
    else
        f.integer(*v, child("warmup_concurrency"), 1, kMaxConcurrency, pr.warmupConcurrency);
}

// "profile_cpu": true, false, or an object selecting routes and concurrency levels of the plan
// and the profile, with perf's call graph and frequency.
void readCpuProfiling(SectionContext &ctx, const JsonValue &v, const QString &path, Profile &pr)
{
    FieldReader &f = ctx.fields;
    CpuProfiling &cpu = pr.profileCpu;
    if (v.isBool()) {
        cpu.enabled = v.boolean;
        return;
    }
    if (!v.isObject()) {
        f.typeError(v, path,
                    trEngine("sb::plan", "true, false or an object with \"routes\", "
                                         "\"concurrency\", \"call_graph\", \"frequency_hz\""));
        return;
    }
    if (!f.expectObject(v, path,
                        latin1List({"routes", "concurrency", "call_graph", "frequency_hz"})))
        return;
    cpu.enabled = true;
    auto child = [&](const char *key) { return jsonChildPath(path, QString::fromLatin1(key)); };
    if (const JsonValue *routes = v.value(u"routes"); routes && routes->isArray()) {
        for (size_t i = 0; i < routes->items.size(); ++i) {
            const JsonValue &item = routes->items[i];
            const QString at = jsonIndexPath(child("routes"), qsizetype(i));
            QString name;
            if (!f.string(item, at, name, true))
                continue;
            if (!ctx.plan.route(name))
                f.error(item, at, "plan.value",
                        trEngine("sb::plan", "no route \"%1\" in the plan").arg(name));
            else if (!cpu.routes.contains(name))
                cpu.routes << name;
        }
    } else if (routes) {
        f.typeError(*routes, child("routes"), trEngine("sb::plan", "an array of route names"));
    }
    if (const JsonValue *levels = v.value(u"concurrency"); levels && levels->isArray()) {
        for (size_t i = 0; i < levels->items.size(); ++i) {
            const QString at = jsonIndexPath(child("concurrency"), qsizetype(i));
            int c = 0;
            if (!f.integer(levels->items[i], at, 1, kMaxConcurrency, c))
                continue;
            if (!pr.concurrency.contains(c))
                f.error(levels->items[i], at, "plan.value",
                        trEngine("sb::plan", "the profile measures no concurrency %1").arg(c));
            else if (!cpu.concurrency.contains(c))
                cpu.concurrency << c;
        }
    } else if (levels) {
        f.typeError(*levels, child("concurrency"), trEngine("sb::plan", "an array of integers"));
    }
    int index = 0;
    if (const JsonValue *graph = v.value(u"call_graph");
        graph && f.enumIndex(*graph, child("call_graph"), latin1List({"fp", "dwarf"}), index))
        cpu.callGraph = index == 0 ? QStringLiteral("fp") : QStringLiteral("dwarf");
    if (const JsonValue *hz = v.value(u"frequency_hz"))
        f.integer(*hz, child("frequency_hz"), 1, 1000, cpu.frequencyHz);
}

bool readProfile(SectionContext &ctx, const JsonValue &obj, const QString &path, Profile &pr)
{
    FieldReader &f = ctx.fields;
    if (!f.expectObject(
            obj, path,
            latin1List({"kind", "configuration", "rounds", "concurrency", "warmup", "warmup_scope",
                        "warmup_concurrency", "measure_s", "settle_s", "cooldown_s", "order",
                        "process", "retries", "rate", "profile_cpu"})))
        return false;
    const qsizetype before = f.errorCount();
    auto child = [&](const char *key) { return jsonChildPath(path, QString::fromLatin1(key)); };
    if (const JsonValue *v = obj.value(u"rounds"))
        f.integer(*v, child("rounds"), 1, kMaxRounds, pr.rounds);
    if (const JsonValue *v = f.require(obj, path, QStringLiteral("concurrency")))
        readConcurrency(f, *v, child("concurrency"), pr);
    if (const JsonValue *v = obj.value(u"warmup"))
        readWarmup(f, *v, child("warmup"), pr.warmup);
    readWarmupScope(f, obj, path, pr);
    if (const JsonValue *v = obj.value(u"measure_s"))
        f.seconds(*v, child("measure_s"), 1, pr.measureMs);
    if (const JsonValue *v = obj.value(u"settle_s"))
        f.seconds(*v, child("settle_s"), 0, pr.settleMs);
    if (const JsonValue *v = obj.value(u"cooldown_s"))
        f.seconds(*v, child("cooldown_s"), 0, pr.cooldownMs);
    int index = 0;
    if (const JsonValue *v = obj.value(u"order");
        v && f.enumIndex(*v, child("order"), latin1List({"rotate", "alternate", "fixed", "pairs"}),
                         index))
        pr.order = Profile::Order(index);
    if (const JsonValue *v = obj.value(u"process");
        v && f.enumIndex(*v, child("process"), latin1List({"round", "window", "once"}), index))
        pr.process = Profile::Process(index);
    if (const JsonValue *v = obj.value(u"retries"))
        f.integer(*v, child("retries"), 0, kMaxRetries, pr.retries);
    // Pairs interleave the configurations window by window: one tree per round or per run would
    // keep both running at once.
    if (const JsonValue *v = obj.value(u"order");
        v && pr.order == Profile::Order::Pairs && pr.process != Profile::Process::Window)
        f.error(*v, child("order"), "plan.value",
                trEngine("sb::plan", "\"order\": \"pairs\" starts a fresh process for every "
                                     "window: add \"process\": \"window\""));
    if (const JsonValue *v = obj.value(u"rate"))
        f.rate(*v, child("rate"), pr.rateRps);
    readKind(ctx, obj, path, pr);
    if (const JsonValue *v = obj.value(u"profile_cpu"))
        readCpuProfiling(ctx, *v, child("profile_cpu"), pr);
    return f.errorCount() == before;
}

} // namespace

bool expandedPort(SectionContext &ctx, const JsonValue &v, const QString &path,
                  const QString &expanded, int &out)
{
    bool ok = false;
    const int port = expanded.trimmed().toInt(&ok);
    if (!ok || port < 1 || port > 65535) {
        ctx.fields.error(v, path, "plan.value",
                         trEngine("sb::plan", "\"%1\" expands to \"%2\", not a port 1..65535")
                             .arg(v.string, expanded));
        return false;
    }
    out = port;
    return true;
}

void readDatabase(SectionContext &ctx, const JsonValue &obj, const QString &path)
{
    FieldReader &f = ctx.fields;
    if (!f.expectObject(
            obj, path,
            latin1List({"driver", "host", "port", "name", "user", "password", "options"})))
        return;
    Database db;
    if (const JsonValue *v = f.require(obj, path, QStringLiteral("driver"))) {
        int index = 0;
        if (f.enumIndex(*v, jsonChildPath(path, QStringLiteral("driver")),
                        latin1List({"QPSQL", "QSQLITE"}), index)) {
            db.driver = index == 0 ? Database::Driver::PostgreSql : Database::Driver::Sqlite;
            db.driverName = v->string;
            if (db.driver == Database::Driver::Sqlite)
                db.port = 0;
        }
    }
    databaseText(ctx, obj, path, "host", db.host, false);
    const JsonValue *nameValue = obj.value(u"name");
    if (!nameValue)
        f.require(obj, path, QStringLiteral("name"));
    else if (databaseText(ctx, obj, path, "name", db.name, false) && db.name.isEmpty())
        f.error(*nameValue, jsonChildPath(path, QStringLiteral("name")), "plan.value",
                trEngine("sb::plan", "must not be empty"));
    databaseText(ctx, obj, path, "user", db.user, false);
    databaseText(ctx, obj, path, "password", db.password, true);
    databaseText(ctx, obj, path, "options", db.options, false);
    if (const JsonValue *v = obj.value(u"port"))
        databasePort(ctx, *v, jsonChildPath(path, QStringLiteral("port")), db.port);
    if (db.driver == Database::Driver::Sqlite && !db.name.isEmpty() &&
        db.name != QLatin1String(":memory:"))
        db.name = ctx.resolvePath(db.name);
    ctx.plan.database = db;
}

namespace {

// Percent of one core a plan may give; a million is far beyond any machine.
constexpr double kMaxCorePct = 1.0e6;

// "25%machine" (a share of the machine, 0 < x <= 100) or "150%" (percent of one core).
bool cpuGate(FieldReader &f, const JsonValue &v, const QString &path, CpuGate &out)
{
    const QString expected = trEngine(
        "sb::plan", "a share like \"25%machine\" (of the machine) or \"150%\" (of one core)");
    if (!v.isString()) {
        f.typeError(v, path, expected);
        return false;
    }
    static const QRegularExpression re(QStringLiteral("^([0-9]+(?:\\.[0-9]+)?)%(machine)?$"));
    const QRegularExpressionMatch m = re.match(v.string);
    if (!m.hasMatch()) {
        f.error(
            v, path, "plan.value",
            trEngine("sb::plan", "invalid CPU gate \"%1\"; expected %2").arg(v.string, expected));
        return false;
    }
    CpuGate gate;
    gate.value = m.captured(1).toDouble();
    gate.unit = m.captured(2).isEmpty() ? CpuGate::Unit::CorePct : CpuGate::Unit::MachinePct;
    const double max = gate.unit == CpuGate::Unit::MachinePct ? 100.0 : kMaxCorePct;
    if (!(gate.value > 0) || gate.value > max) {
        f.error(v, path, "plan.range",
                gate.unit == CpuGate::Unit::MachinePct
                    ? trEngine("sb::plan", "a share of the machine must be above 0 and at most "
                                           "100%machine, not \"%1\"")
                          .arg(v.string)
                    : trEngine("sb::plan", "must be above 0 and at most 1000000%, not \"%1\"")
                          .arg(v.string));
        return false;
    }
    out = gate;
    return true;
}

// A gate in percent of one core that this machine cannot reach can never fail a window.
void warnUnreachable(FieldReader &f, const JsonValue &v, const QString &path, const CpuGate &gate,
                     int cores)
{
    if (gate.unit != CpuGate::Unit::CorePct || gate.value < 100.0 * cores)
        return;
    f.warning(v, path, "plan.gate-unreachable",
              trEngine("sb::plan",
                       "%1 of one core can never be reached on this %2-core machine (at "
                       "most %3%); give a share of the machine, e.g. \"25%machine\"")
                  .arg(gate.text())
                  .arg(cores)
                  .arg(100 * cores));
}

// "foreign_gate" or the older "foreign_gate_pct", not both.
void readForeignGate(FieldReader &f, const JsonValue &obj, const QString &path, SamplerSettings &s)
{
    const JsonValue *gate = obj.value(u"foreign_gate");
    const JsonValue *pct = obj.value(u"foreign_gate_pct");
    const QString gatePath = jsonChildPath(path, QStringLiteral("foreign_gate"));
    const QString pctPath = jsonChildPath(path, QStringLiteral("foreign_gate_pct"));
    if (gate && pct) {
        f.error(*pct, pctPath, "plan.value",
                trEngine("sb::plan", "give \"foreign_gate\" or \"foreign_gate_pct\", not both"));
    } else if (gate && cpuGate(f, *gate, gatePath, s.foreignGate)) {
        warnUnreachable(f, *gate, gatePath, s.foreignGate, s.machineCores);
    } else if (double value = 0; pct && f.number(*pct, pctPath, true, kMaxCorePct, value)) {
        s.foreignGate = CpuGate{value, CpuGate::Unit::CorePct};
        warnUnreachable(f, *pct, pctPath, s.foreignGate, s.machineCores);
    }
    s.foreignGatePct = s.foreignGate.percentOfOneCore(s.machineCores);
}

} // namespace

void readSampler(SectionContext &ctx, const JsonValue &obj, const QString &path)
{
    FieldReader &f = ctx.fields;
    SamplerSettings &s = ctx.plan.sampler;
    if (!f.expectObject(obj, path,
                        latin1List({"interval_ms", "exclude", "foreign_gate", "foreign_gate_pct",
                                    "foreign_peak_gate", "wait_quiet_s", "sleep_gap_s"})))
        return;
    auto child = [&](const char *key) { return jsonChildPath(path, QString::fromLatin1(key)); };
    if (const JsonValue *v = obj.value(u"interval_ms"))
        f.integer(*v, child("interval_ms"), sb::limits::kMinIntervalMs, sb::limits::kMaxIntervalMs,
                  s.intervalMs);
    if (const JsonValue *v = obj.value(u"exclude"))
        f.stringList(*v, child("exclude"), s.exclude);
    readForeignGate(f, obj, path, s);
    if (const JsonValue *v = obj.value(u"foreign_peak_gate")) {
        if (CpuGate peak; cpuGate(f, *v, child("foreign_peak_gate"), peak)) {
            s.foreignPeakGate = peak;
            warnUnreachable(f, *v, child("foreign_peak_gate"), peak, s.machineCores);
        }
    }
    if (const JsonValue *v = obj.value(u"wait_quiet_s"))
        f.seconds(*v, child("wait_quiet_s"), 0, s.waitQuietMs);
    if (const JsonValue *v = obj.value(u"sleep_gap_s"))
        f.seconds(*v, child("sleep_gap_s"), 1, s.sleepGapMs);
}

void readLoad(SectionContext &ctx, const JsonValue &obj, const QString &path)
{
    FieldReader &f = ctx.fields;
    if (!f.expectObject(obj, path,
                        latin1List({"threads", "timeout_s", "mode", "rate", "cpus", "tls",
                                    "protocol", "streams", "hosts"})))
        return;
    readProtocolKeys(ctx, obj, path, ctx.loadProtocol);
    LoadSettings &l = ctx.plan.load;
    auto child = [&](const char *key) { return jsonChildPath(path, QString::fromLatin1(key)); };
    if (const JsonValue *v = obj.value(u"tls")) {
        SectionContext::TlsKeys keys;
        readTls(ctx, *v, child("tls"), ctx.placeholders, keys);
        l.tls.insecure = keys.insecure.value_or(false);
        l.tls.caFile = keys.caFile.value_or(QString());
    }
    if (const JsonValue *v = obj.value(u"cpus"); v && f.cpuList(*v, child("cpus"), l.cpus))
        ctx.loadCpus = {v, child("cpus"), QString(), l.cpus};
    if (const JsonValue *v = obj.value(u"threads"))
        f.integer(*v, child("threads"), 1, sb::limits::kMaxThreads, l.threads);
    if (const JsonValue *v = obj.value(u"timeout_s"))
        f.seconds(*v, child("timeout_s"), 1, l.timeoutMs);
    const JsonValue *mode = obj.value(u"mode");
    bool modeOk = true;
    if (mode) {
        int index = 0;
        modeOk = f.enumIndex(*mode, child("mode"), latin1List({"closed", "open"}), index);
        if (modeOk)
            l.mode = index == 0 ? LoadSettings::Mode::Closed : LoadSettings::Mode::Open;
    }
    const JsonValue *rate = obj.value(u"rate");
    double rateRps = 0;
    // The type and the sign first; the bounds only apply to an open loop (0 is "no rate").
    if ((rate &&
         !f.number(*rate, child("rate"), false, std::numeric_limits<double>::max(), rateRps)) ||
        !modeOk)
        return;
    const QString needRate =
        trEngine("sb::plan", "mode \"open\" needs \"rate\" > 0 (requests per second)");
    if (l.mode == LoadSettings::Mode::Open && !rate)
        f.error(*mode, child("mode"), "plan.missing-key", needRate);
    else if (l.mode == LoadSettings::Mode::Open && rateRps <= 0)
        f.error(*rate, child("rate"), "plan.range", needRate);
    else if (l.mode == LoadSettings::Mode::Open)
        f.rate(*rate, child("rate"), l.rateRps);
    else if (rateRps > 0)
        f.error(*rate, child("rate"), "plan.value",
                trEngine("sb::plan", "\"rate\" applies only to mode \"open\"; closed mode sends as "
                                     "fast as answers come"));
}

void readTls(SectionContext &ctx, const JsonValue &v, const QString &path,
             const Placeholders &placeholders, SectionContext::TlsKeys &out)
{
    FieldReader &f = ctx.fields;
    if (!f.expectObject(v, path, latin1List({"insecure", "ca_file"})))
        return;
    if (const JsonValue *x = v.value(u"insecure")) {
        bool insecure = false;
        if (f.boolean(*x, jsonChildPath(path, QStringLiteral("insecure")), insecure))
            out.insecure = insecure;
    }
    const JsonValue *x = v.value(u"ca_file");
    if (!x)
        return;
    const QString p = jsonChildPath(path, QStringLiteral("ca_file"));
    QString raw;
    if (!f.string(*x, p, raw, true))
        return;
    const std::optional<Expansion> e =
        placeholders
            .withoutVariables(
                trEngine("sb::plan", "a CA file must be readable when the plan is loaded"))
            .expand(*x, p);
    if (!e)
        return;
    if (e->value.isEmpty()) {
        f.error(*x, p, "plan.value",
                trEngine("sb::plan", "must not be empty (\"%1\" expands to nothing)").arg(raw));
        return;
    }
    const QString file = ctx.resolvePath(e->value);
    const QFileInfo info(file);
    if (!info.isFile()) {
        f.error(
            *x, p, "plan.file",
            trEngine("sb::plan", "CA file \"%1\" not found (resolved to %2)").arg(e->value, file));
        return;
    }
    if (!info.isReadable()) {
        f.error(*x, p, "plan.file", trEngine("sb::plan", "CA file %1 is not readable").arg(file));
        return;
    }
    out.caFile = file;
    ctx.plan.referencedFiles.append(file);
}

void applyTlsSettings(SectionContext &ctx)
{
    for (Configuration &c : ctx.plan.configurations) {
        c.tls = ctx.plan.load.tls;
        const auto keys = ctx.configurationTls.constFind(c.name);
        if (keys == ctx.configurationTls.cend())
            continue;
        if (keys->insecure)
            c.tls.insecure = *keys->insecure;
        if (keys->caFile)
            c.tls.caFile = *keys->caFile;
    }
}

void readProfiles(SectionContext &ctx, const JsonValue &v, const QString &path)
{
    FieldReader &f = ctx.fields;
    if (!v.isObject()) {
        f.typeError(v, path, trEngine("sb::plan", "an object of profiles"));
        return;
    }
    if (v.members.empty()) {
        f.error(v, path, "plan.value",
                trEngine("sb::plan", "at least one profile is required (e.g. \"quick\")"));
        return;
    }
    static const QRegularExpression nameRe(QStringLiteral("^[A-Za-z0-9_.-]+$"));
    for (const JsonMember &m : v.members) {
        const QString p = jsonChildPath(path, m.key);
        if (!nameRe.match(m.key).hasMatch()) {
            f.error(m.line, m.column, p, "plan.value",
                    trEngine("sb::plan",
                             "invalid profile name \"%1\"; use letters, digits, '_', '.' "
                             "and '-'")
                        .arg(m.key));
            continue;
        }
        ctx.profileNames.append(m.key);
        Profile profile;
        profile.name = m.key;
        if (readProfile(ctx, m.value, p, profile))
            ctx.plan.profiles.append(profile);
    }
}

namespace {

// `name` must be one of `names` (the profiles, or the configurations when `configuration`); the
// error suggests the closest or lists them.
bool readNameOf(SectionContext &ctx, const JsonValue &v, const QString &path, bool configuration,
                const QStringList &names, QString &out)
{
    QString name;
    if (!ctx.fields.string(v, path, name, true))
        return false;
    if (names.contains(name)) {
        out = name;
        return true;
    }
    const QString hint = closestName(name, names);
    QString message;
    if (configuration)
        message = hint.isEmpty() ? trEngine("sb::plan", "no configuration \"%1\" in the plan; the "
                                                        "configurations are: %2")
                                       .arg(name, quotedList(names))
                                 : trEngine("sb::plan", "no configuration \"%1\" in the plan; did "
                                                        "you mean \"%2\"?")
                                       .arg(name, hint);
    else
        message = hint.isEmpty()
                      ? trEngine("sb::plan", "no profile \"%1\" in the plan; the profiles are: %2")
                            .arg(name, quotedList(names))
                      : trEngine("sb::plan", "no profile \"%1\" in the plan; did you mean \"%2\"?")
                            .arg(name, hint);
    ctx.fields.error(v, path, "plan.value", message);
    return false;
}

} // namespace

void readDefaultProfile(SectionContext &ctx, const JsonValue &v, const QString &path)
{
    // an invalid profile has its own error: its name is still among profileNames
    readNameOf(ctx, v, path, false, ctx.profileNames, ctx.plan.defaultProfile);
}

void readBaseline(SectionContext &ctx, const JsonValue &v, const QString &path)
{
    // an invalid configuration has its own error: its name is still among configurationNames
    readNameOf(ctx, v, path, true, ctx.configurationNames, ctx.plan.baseline);
}

void warnCpuOverlaps(SectionContext &ctx)
{
    if (ctx.loadCpus.cpus.empty())
        return;
    const QString loadSet = QString::fromStdString(sb::formatCpuList(ctx.loadCpus.cpus));
    for (const SectionContext::CpuSetAt &set : std::as_const(ctx.configurationCpus)) {
        const std::vector<int> shared = sb::cpuOverlap(set.cpus, ctx.loadCpus.cpus);
        if (shared.empty())
            continue;
        ctx.fields.warning(
            *set.at, set.path, "plan.cpus-overlap",
            trEngine("sb::plan", "configuration \"%1\" shares %2 %3 with the load engine (%4 is "
                                 "\"%5\"): the server and the load generator compete for it")
                .arg(
                    set.owner,
                    shared.size() == 1 ? trEngine("sb::plan", "CPU") : trEngine("sb::plan", "CPUs"),
                    QString::fromStdString(sb::formatCpuList(shared)), ctx.loadCpus.path, loadSet));
    }
}

} // namespace sb::plan
