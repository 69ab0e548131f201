#include "store/runexport.h"

#include "core/qterror.h"
#include "stats/histogram.h"
#include "store/backfill.h"
#include "store/exportfields.h"
#include "store/runstatus.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <vector>

namespace sb::store {

namespace {

// `path` of the member `key`: $.a.b, or $.a["odd key"] with the key's quotes, backslashes and
// control characters escaped (a hostile key reaches a terminal through the error).
QString memberPath(const QString &path, const QString &key)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (plain.match(key).hasMatch())
        return path + QLatin1Char('.') + key;
    QString quoted;
    for (const QChar c : key.left(200)) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            quoted += QLatin1Char('\\') + QString(c);
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            quoted += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            quoted += c;
    }
    return path + QStringLiteral("[\"") + quoted + QStringLiteral("\"]");
}

// A window's counts (status code -> responses, error kind -> count) and latencies (name -> us).
sb::Status checkMembers(const QJsonObject &o, const QString &path, double max, bool integer,
                        bool statusCodes)
{
    static const QRegularExpression code(QStringLiteral("^[1-5][0-9][0-9]$"));
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString at = memberPath(path, it.key());
        if (statusCodes && !code.match(it.key()).hasMatch())
            return importFormatError(at, QStringLiteral("is not a status code 100..599"));
        double value = 0;
        if (const QString why = checkJsonNumber(it.value(), 0, max, integer, &value);
            !why.isEmpty())
            return importFormatError(at, why);
    }
    return sb::Ok{};
}

bool decodesAsHistogram(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return true;
    sb::Histogram h;
    return h.decode(std::vector<uint8_t>(bytes.begin(), bytes.end()));
}

// What one window must be beyond its fields' own ranges.
sb::Status checkWindow(const WindowRecord &w, const QString &at)
{
    if (w.route.isEmpty())
        return importFormatError(at + QStringLiteral(".route"), QStringLiteral("is empty"));
    if (w.ok > w.requests)
        return importFormatError(
            at + QStringLiteral(".ok"),
            QStringLiteral("%1 is more than the %2 requests").arg(w.ok).arg(w.requests));
    if (w.drainS > w.elapsedS)
        return importFormatError(at + QStringLiteral(".drain_s"),
                                 QStringLiteral("%1 is more than elapsed_s (%2)")
                                     .arg(numberText(w.drainS), numberText(w.elapsedS)));
    if (sb::Status st = checkMembers(w.statusCounts, at + QStringLiteral(".status_counts"),
                                     kMaxExactInteger, true, true);
        !st.ok())
        return st;
    if (sb::Status st =
            checkMembers(w.errors, at + QStringLiteral(".errors"), kMaxExactInteger, true, false);
        !st.ok())
        return st;
    if (sb::Status st = checkMembers(w.latencyUs, at + QStringLiteral(".latency_us"), kMaxLatencyUs,
                                     false, false);
        !st.ok())
        return st;
    if (!decodesAsHistogram(w.histogram))
        return importFormatError(at + QStringLiteral(".histogram"),
                                 QStringLiteral("is not a Stackbench histogram (SBHG)"));
    if (!decodesAsHistogram(w.histogramUncorrected))
        return importFormatError(at + QStringLiteral(".histogram_uncorrected"),
                                 QStringLiteral("is not a Stackbench histogram (SBHG)"));
    for (qsizetype i = 0; i < w.intervals.size(); ++i) {
        const IntervalRecord &r = w.intervals[i];
        const QString ia = at + QStringLiteral(".intervals[%1]").arg(i);
        if (i > 0 && r.index <= w.intervals[i - 1].index)
            return importFormatError(
                ia + QStringLiteral(".index"),
                QStringLiteral("%1 does not follow %2").arg(r.index).arg(w.intervals[i - 1].index));
        if (r.endS < r.startS)
            return importFormatError(ia + QStringLiteral(".end_s"),
                                     QStringLiteral("%1 is before start_s (%2)")
                                         .arg(numberText(r.endS), numberText(r.startS)));
        if (r.ok > r.requests)
            return importFormatError(
                ia + QStringLiteral(".ok"),
                QStringLiteral("%1 is more than the %2 requests").arg(r.ok).arg(r.requests));
    }
    return sb::Ok{};
}

} // namespace

bool isStoreRunId(const QString &id)
{
    static const QRegularExpression grammar(QStringLiteral("^[0-9]{8}-[0-9]{6}-[0-9a-f]{4}$"));
    return grammar.match(id).hasMatch();
}

sb::Result<QJsonObject> exportRun(const RunStore &store, const QString &runId)
{
    sb::Result<RunRecord> run = store.run(runId);
    if (!run.ok())
        return run.error();
    run->status = currentStatus(*run); // as `list` says it: a killed run is interrupted
    sb::Result<QVector<ConfigurationRecord>> configurations = store.configurations(runId);
    if (!configurations.ok())
        return configurations.error();
    sb::Result<QVector<WindowRecord>> windows = store.windows(runId, true);
    if (!windows.ok())
        return windows.error();
    sb::Result<QVector<EventRecord>> events = store.events(runId);
    if (!events.ok())
        return events.error();
    sb::Result<QVector<ServerLogRecord>> logs = store.serverLogs(runId);
    if (!logs.ok())
        return logs.error();
    sb::Result<QVector<ServerStartRecord>> starts = store.serverStarts(runId);
    if (!starts.ok())
        return starts.error();
    sb::Result<QVector<ProfileRecord>> listed = store.profiles(runId);
    if (!listed.ok())
        return listed.error();
    QVector<ProfileRecord> profiles;
    for (const ProfileRecord &brief : *listed) {
        sb::Result<ProfileRecord> full = store.profile(brief.id);
        if (!full.ok())
            return full.error();
        profiles << *full;
    }

    QJsonArray configurationArray;
    for (const ConfigurationRecord &c : *configurations)
        configurationArray.append(QJsonObject{{QStringLiteral("name"), c.name},
                                              {QStringLiteral("cpu_count"), c.cpuCount},
                                              {QStringLiteral("info"), c.info}});
    QJsonArray windowArray;
    for (const WindowRecord &w : *windows)
        windowArray.append(windowToJson(w));
    return QJsonObject{{QStringLiteral("schema"), QStringLiteral("stackbench-export")},
                       {QStringLiteral("version"), kExportVersion},
                       {QStringLiteral("run"), runToJson(*run)},
                       {QStringLiteral("configurations"), configurationArray},
                       {QStringLiteral("windows"), windowArray},
                       {QStringLiteral("events"), eventsToJson(*events)},
                       {QStringLiteral("server_logs"), serverLogsToJson(*logs)},
                       {QStringLiteral("server_starts"), serverStartsToJson(*starts)},
                       {QStringLiteral("profiles"), profilesToJson(profiles)}};
}

QByteArray exportBytes(const QJsonObject &document)
{
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

sb::Result<QString> importRun(RunStore &store, const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        return sb::qtError(QStringLiteral("import.json"),
                           QStringLiteral("offset %1").arg(error.offset), error.errorString());
    if (!doc.isObject())
        return importFormatError(QStringLiteral("$"), QStringLiteral("must be a JSON object"));
    return importRun(store, doc.object());
}

namespace {

struct Parsed
{
    RunRecord run;
    QVector<ConfigurationRecord> configurations;
    QVector<WindowRecord> windows;
    QVector<EventRecord> events;
    QVector<ServerLogRecord> logs;
    QVector<ServerStartRecord> starts; // none in an export from before them
    QVector<ProfileRecord> profiles;   // none in an export from before them
};

sb::Status parseRun(const QJsonValue &v, RunRecord &run)
{
    if (sb::Status st = runFromJson(v, QStringLiteral("$.run"), run); !st.ok())
        return st;
    if (!isStoreRunId(run.id))
        return importFormatError(
            QStringLiteral("$.run.id"),
            QStringLiteral("is not a run id (yyyyMMdd-HHmmss-xxxx, lower-case hex, "
                           "as the store makes them)"));
    const QStringList statuses{kStatusRunning, kStatusFinished, kStatusFailed, kStatusInterrupted,
                               kStatusIncomplete};
    if (!statuses.contains(run.status))
        return importFormatError(QStringLiteral("$.run.status"),
                                 QStringLiteral("must be one of ") +
                                     statuses.join(QStringLiteral(", ")));
    if (!run.startedAt.isValid())
        return importFormatError(QStringLiteral("$.run.started_at"),
                                 QStringLiteral("must be a time"));
    if (run.finishedAt.isValid() && run.finishedAt < run.startedAt)
        return importFormatError(QStringLiteral("$.run.finished_at"),
                                 QStringLiteral("is before started_at"));
    return sb::Ok{};
}

sb::Result<QVector<ConfigurationRecord>>
parseConfigurations(const QJsonValue &v, const QString &runId, const QByteArray &planText)
{
    bool countsGiven = true;
    const QString path = QStringLiteral("$.configurations");
    if (!v.isArray())
        return importFormatError(path, v.isUndefined() ? QStringLiteral("is missing")
                                                       : QStringLiteral("must be an array"));
    QVector<ConfigurationRecord> out;
    QSet<QString> names;
    const QJsonArray a = v.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(path).arg(i);
        if (!a[i].isObject())
            return importFormatError(at, QStringLiteral("must be an object"));
        const QJsonObject o = a[i].toObject();
        ConfigurationRecord c;
        c.runId = runId;
        const QJsonValue name = o.value(QStringLiteral("name"));
        if (!name.isString() || name.toString().isEmpty())
            return importFormatError(at + QStringLiteral(".name"),
                                     QStringLiteral("must be a configuration's name"));
        c.name = name.toString();
        if (names.contains(c.name))
            return importFormatError(at + QStringLiteral(".name"),
                                     QStringLiteral("repeats an earlier configuration's name"));
        names.insert(c.name);
        const QJsonValue info = o.value(QStringLiteral("info"));
        if (!info.isUndefined() && !info.isObject())
            return importFormatError(at + QStringLiteral(".info"),
                                     QStringLiteral("must be an object"));
        c.info = info.toObject();
        const QJsonValue cpus = o.value(QStringLiteral("cpu_count"));
        if (!cpus.isUndefined()) {
            double count = 0;
            if (const QString why = checkJsonNumber(cpus, 0, 1 << 20, true, &count); !why.isEmpty())
                return importFormatError(at + QStringLiteral(".cpu_count"), why);
            c.cpuCount = int(count);
        } else {
            countsGiven = false;
        }
        out.append(c);
    }
    if (!countsGiven) // an export from before cpu_count: read from the plan text
        backfillConfigurations(planText, out);
    return out;
}

// The configurations the run's plan text names (a store's run may have windows of a
// configuration without a configuration record); none when the text is not a plan.
QSet<QString> planConfigurations(const QByteArray &planText)
{
    QSet<QString> names;
    const QJsonArray list = QJsonDocument::fromJson(planText)
                                .object()
                                .value(QStringLiteral("configurations"))
                                .toArray();
    for (const QJsonValue &c : list)
        if (const QString name = c.toObject().value(QStringLiteral("name")).toString();
            !name.isEmpty())
            names.insert(name);
    return names;
}

// The configurations a window or profile may name: the records' and the plan's.
QSet<QString> configurationNames(const Parsed &p)
{
    QSet<QString> names = planConfigurations(p.run.planText);
    for (const ConfigurationRecord &c : p.configurations)
        names.insert(c.name);
    return names;
}

sb::Result<QVector<WindowRecord>> parseWindows(const QJsonValue &v, const Parsed &p)
{
    const QString path = QStringLiteral("$.windows");
    if (!v.isArray())
        return importFormatError(path, v.isUndefined() ? QStringLiteral("is missing")
                                                       : QStringLiteral("must be an array"));
    const QJsonArray windows = v.toArray();
    if (windows.isEmpty())
        return importFormatError(path,
                                 QStringLiteral("holds no window: there is nothing to import"));
    const QSet<QString> configurations = configurationNames(p);
    QMap<QString, qsizetype> cells; // a window's cell, round and attempt -> its index
    QVector<WindowRecord> out;
    for (qsizetype i = 0; i < windows.size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(path).arg(i);
        WindowRecord w;
        if (sb::Status st = windowFromJson(windows[i], at, w); !st.ok())
            return st.error();
        w.runId = p.run.id;
        if (!windows[i].toObject().contains(QStringLiteral("invalid_kind"))) // an older export
            backfillWindow(w);
        if (!configurations.contains(w.configuration))
            return importFormatError(
                at + QStringLiteral(".configuration"),
                QStringLiteral("names no configuration of $.configurations nor of the "
                               "run's plan"));
        if (sb::Status st = checkWindow(w, at); !st.ok())
            return st.error();
        // The cell's name parts joined by a character no JSON text of them holds unescaped.
        const QString key = QStringList{w.configuration, w.route, QString::number(w.concurrency),
                                        QString::number(w.round), QString::number(w.attempt)}
                                .join(QChar(0));
        if (const auto seen = cells.constFind(key); seen != cells.constEnd())
            return importFormatError(
                at, QStringLiteral("repeats %1[%2]: the same configuration, route, "
                                   "concurrency, round and attempt")
                        .arg(path)
                        .arg(*seen));
        cells.insert(key, i);
        out.append(w);
    }
    return out;
}

sb::Result<QVector<ProfileRecord>> parseProfiles(const QJsonValue &v, const QString &runId,
                                                 const QSet<QString> &configurations)
{
    const QString path = QStringLiteral("$.profiles");
    auto profiles = profilesFromJson(v, path);
    if (!profiles.ok())
        return profiles.error();
    QVector<ProfileRecord> out = *profiles;
    for (qsizetype i = 0; i < out.size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(path).arg(i);
        out[i].runId = runId;
        if (!configurations.contains(out[i].configuration))
            return importFormatError(at + QStringLiteral(".configuration"),
                                     QStringLiteral("names no configuration of $.configurations "
                                                    "nor of the run's plan"));
        if (out[i].route.isEmpty())
            return importFormatError(at + QStringLiteral(".route"), QStringLiteral("is empty"));
        if (out[i].callGraph != QLatin1String("fp") && out[i].callGraph != QLatin1String("dwarf"))
            return importFormatError(at + QStringLiteral(".call_graph"),
                                     QStringLiteral("must be \"fp\" or \"dwarf\""));
    }
    return out;
}

sb::Result<Parsed> parse(const QJsonObject &d)
{
    if (d.value(QStringLiteral("schema")).toString() != QLatin1String("stackbench-export"))
        return importFormatError(
            QStringLiteral("$.schema"),
            QStringLiteral("is not \"stackbench-export\": not a Stackbench export"));
    const QJsonValue versionValue = d.value(QStringLiteral("version"));
    const int version = versionValue.toInt();
    if (versionValue.isDouble() && versionValue.toDouble() > kExportVersion)
        return sb::qtError(QStringLiteral("import.version"), QStringLiteral("$.version"),
                           QStringLiteral("version %1 is newer than this Stackbench reads (%2)")
                               .arg(numberText(versionValue.toDouble()))
                               .arg(kExportVersion));
    if (!versionValue.isDouble() || version < 1 || double(version) != versionValue.toDouble())
        return importFormatError(
            QStringLiteral("$.version"),
            QStringLiteral("must be an export version 1..%1").arg(kExportVersion));
    Parsed p;
    if (sb::Status st = parseRun(d.value(QStringLiteral("run")), p.run); !st.ok())
        return st.error();
    backfillRun(p.run); // an export from before plan_name
    auto configurations =
        parseConfigurations(d.value(QStringLiteral("configurations")), p.run.id, p.run.planText);
    if (!configurations.ok())
        return configurations.error();
    p.configurations = *configurations;
    auto windows = parseWindows(d.value(QStringLiteral("windows")), p);
    if (!windows.ok())
        return windows.error();
    p.windows = *windows;
    auto events = eventsFromJson(d.value(QStringLiteral("events")), QStringLiteral("$.events"));
    if (!events.ok())
        return events.error();
    p.events = *events;
    for (qsizetype i = 0; i < p.events.size(); ++i) {
        p.events[i].runId = p.run.id;
        if (p.events[i].kind.isEmpty())
            return importFormatError(QStringLiteral("$.events[%1].kind").arg(i),
                                     QStringLiteral("is empty"));
    }
    auto logs =
        serverLogsFromJson(d.value(QStringLiteral("server_logs")), QStringLiteral("$.server_logs"));
    if (!logs.ok())
        return logs.error();
    p.logs = *logs;
    // A configuration that failed to start has a log but no record: the name alone is checked.
    for (qsizetype i = 0; i < p.logs.size(); ++i)
        if (p.logs[i].configuration.isEmpty())
            return importFormatError(QStringLiteral("$.server_logs[%1].configuration").arg(i),
                                     QStringLiteral("is empty"));
    auto starts = serverStartsFromJson(d.value(QStringLiteral("server_starts")),
                                       QStringLiteral("$.server_starts"));
    if (!starts.ok())
        return starts.error();
    p.starts = *starts;
    for (qsizetype i = 0; i < p.starts.size(); ++i) {
        p.starts[i].runId = p.run.id;
        if (p.starts[i].configuration.isEmpty())
            return importFormatError(QStringLiteral("$.server_starts[%1].configuration").arg(i),
                                     QStringLiteral("is empty"));
    }
    auto profiles =
        parseProfiles(d.value(QStringLiteral("profiles")), p.run.id, configurationNames(p));
    if (!profiles.ok())
        return profiles.error();
    p.profiles = *profiles;
    return p;
}

sb::Status writeAll(RunStore &store, const Parsed &p)
{
    for (const ConfigurationRecord &c : p.configurations)
        if (sb::Status st = store.saveConfiguration(c); !st.ok())
            return st;
    for (const WindowRecord &w : p.windows)
        if (sb::Result<qint64> id = store.saveWindow(w); !id.ok())
            return id.error();
    for (const EventRecord &e : p.events)
        if (sb::Status st = store.saveEvent(e); !st.ok())
            return st;
    for (const ServerLogRecord &l : p.logs)
        if (sb::Status st = store.appendServerLog(p.run.id, l.configuration, l.round, l.stdoutBytes,
                                                  l.stderrBytes);
            !st.ok())
            return st;
    for (const ServerStartRecord &s : p.starts)
        if (sb::Status st = store.saveServerStart(s); !st.ok())
            return st;
    for (const ProfileRecord &profile : p.profiles)
        if (sb::Result<qint64> id = store.insertProfile(profile); !id.ok())
            return id.error();
    return sb::Ok{};
}

} // namespace

sb::Result<QString> importRun(RunStore &store, const QJsonObject &document)
{
    sb::Result<Parsed> parsed = parse(document);
    if (!parsed.ok())
        return parsed.error();
    const Parsed &p = *parsed;
    if (store.run(p.run.id).ok())
        return sb::qtError(QStringLiteral("import.exists"), QStringLiteral("$.run.id"),
                           QStringLiteral("the store %1 already has run %2")
                               .arg(store.displayLocation(), p.run.id));
    if (sb::Status st = store.createRun(p.run); !st.ok())
        return st.error();
    if (sb::Status st = writeAll(store, p); !st.ok()) {
        // Leave nothing half-imported behind; the error says what failed.
        [[maybe_unused]] sb::Status removed = store.deleteRun(p.run.id);
        return st.error();
    }
    return p.run.id;
}

} // namespace sb::store
