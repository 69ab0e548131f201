#include "app/cli.h"
#include "app/commands.h"
#include "app/reportoutput.h"
#include "app/runsession.h"
#include "core/cpuset.h"
#include "core/qterror.h"
#include "report/runvalidity.h"
#include "run/runnerprocess.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdio>
#include <vector>

namespace sb::cli {

namespace {

// The environment record's "cpus_applied" (written by the runner: the CPU sets read back from
// the processes) as one line: "load 0, native 1". Strings stay as written; arrays of CPU
// numbers are shown as CPU lists.
QString cpusText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isArray()) {
        std::vector<int> cpus;
        for (const QJsonValue &v : value.toArray())
            cpus.push_back(v.toInt());
        return QString::fromStdString(formatCpuList(cpus));
    }
    if (value.isObject()) {
        QStringList parts;
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            parts << it.key() + QLatin1Char(' ') + cpusText(it.value());
        return parts.join(QStringLiteral(", "));
    }
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact))
        .mid(1)
        .chopped(1);
}

// What `list` adds to a stored run: its status as it is now, how often it was resumed, how many
// cells have attempts but no valid window, and what went wrong with it as a whole.
struct RunHistory
{
    QString status; // run::currentStatus()
    int resumed = 0;
    int failedCells = 0;
    // A run that failed or measured nothing: "0 of 56 windows valid: 56 failed the foreign-CPU
    // gate" (report/runvalidity.h), then why it failed (its "run-failed" events).
    QStringList problems;
};

// The problems of a failed run, or of one whose stored windows are all invalid: read only for
// those, so that listing a large store stays one query per run.
sb::Status readProblems(const store::RunStore &store, const store::RunRecord &r, RunHistory &h)
{
    const bool nothingValid = r.windowCount > 0 && r.validWindowCount == 0;
    if (nothingValid) {
        const auto windows = store.windows(r.id);
        if (!windows.ok())
            return windows.error();
        h.problems << report::validityText(0, report::invalidByKind(*windows));
    }
    if (h.status != store::kStatusFailed)
        return sb::Ok{};
    const auto events = store.events(r.id);
    if (!events.ok())
        return events.error();
    for (const store::EventRecord &e : *events)
        if (e.kind == QLatin1String("run-failed"))
            h.problems << e.detail;
    return sb::Ok{};
}

sb::Result<RunHistory> historyOf(const store::RunStore &store, const store::RunRecord &r)
{
    RunHistory h;
    h.status = run::currentStatus(r);
    const sb::Result<int> resumed = store.eventCount(r.id, QStringLiteral("run-resumed"));
    if (!resumed.ok())
        return resumed.error();
    h.resumed = *resumed;
    const auto cells = store.cellProgress(r.id);
    if (!cells.ok())
        return cells.error();
    for (const store::CellProgress &c : *cells)
        h.failedCells += c.attempts > 0 && c.validWindows == 0;
    if (sb::Status st = readProblems(store, r, h); !st.ok())
        return st.error();
    return h;
}

QJsonObject runJson(const store::RunRecord &r, const RunHistory &h)
{
    QJsonObject o{{QStringLiteral("id"), r.id},
                  {QStringLiteral("plan"), r.planPath},
                  {QStringLiteral("plan_name"), r.planName},
                  {QStringLiteral("profile"), r.profile},
                  {QStringLiteral("status"), h.status},
                  {QStringLiteral("problems"), QJsonArray::fromStringList(h.problems)},
                  {QStringLiteral("started_at"), r.startedAt.toString(Qt::ISODateWithMs)},
                  {QStringLiteral("finished_at"),
                   r.finishedAt.isValid() ? r.finishedAt.toString(Qt::ISODateWithMs) : QString()},
                  {QStringLiteral("windows"), double(r.windowCount)},
                  {QStringLiteral("valid_windows"), double(r.validWindowCount)},
                  {QStringLiteral("resumed"), h.resumed},
                  {QStringLiteral("failed_cells"), h.failedCells}};
    if (r.environment.contains(QStringLiteral("cpus_applied")))
        o.insert(QStringLiteral("cpus_applied"),
                 r.environment.value(QStringLiteral("cpus_applied")));
    return o;
}

void printTable(const QVector<store::RunRecord> &runs, const QVector<RunHistory> &history)
{
    std::printf("%-22s %-12s %-8s %7s %7s %7s %6s  %s\n", "RUN", "STATUS", "PROFILE", "VALID",
                "WINDOWS", "RESUMED", "FAILED", "PLAN");
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const store::RunRecord &r = runs[i];
        const RunHistory &h = history[i];
        // Padded before it is coloured: the escape sequences take no column.
        QString status = oneLine(h.status).leftJustified(12);
        if (h.status == store::kStatusFailed)
            status = alertText(status, stdout);
        std::printf("%-22s %s %-8s %7lld %7lld %7d %6d  %s\n", qPrintable(oneLine(r.id)),
                    qPrintable(status), qPrintable(oneLine(r.profile)),
                    static_cast<long long>(r.validWindowCount),
                    static_cast<long long>(r.windowCount), h.resumed, h.failedCells,
                    qPrintable(oneLine(r.planPath)));
        for (const QString &problem : h.problems)
            std::printf("%-22s %s\n", "",
                        qPrintable(alertText(oneLine(QStringLiteral("why: ") + problem), stdout)));
        const QJsonValue cpus = r.environment.value(QStringLiteral("cpus_applied"));
        if (!cpus.isUndefined() && !cpus.isNull())
            std::printf("%-22s cpus: %s\n", "", qPrintable(oneLine(cpusText(cpus))));
    }
}

} // namespace

int listCommand(const QStringList &args)
{
    CommandLine cl(
        QStringLiteral("list"),
        QStringLiteral("Lists the stored runs, newest first. Opens the store read-only; it must\n"
                       "exist. A run whose process is gone reads 'interrupted'. RESUMED: how\n"
                       "often the run was resumed; FAILED: cells with attempts but no valid\n"
                       "window. Under a run that failed or has no valid window, 'why:' says\n"
                       "what its windows failed and why it failed."));
    const QCommandLineOption json =
        cl.flag({QStringLiteral("json")}, QStringLiteral("Print a JSON array."));
    const QCommandLineOption store = addStoreOption(cl);
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    auto opened = store::RunStore::open(cl.value(store), store::RunStore::OpenMode::ReadOnly);
    if (!opened.ok())
        return cl.fail(opened.error());
    const auto runs = (*opened)->runs();
    if (!runs.ok())
        return cl.fail(runs.error());
    QVector<RunHistory> history;
    for (const store::RunRecord &r : *runs) {
        const sb::Result<RunHistory> h = historyOf(**opened, r);
        if (!h.ok())
            return cl.fail(h.error());
        history << *h;
    }
    if (cl.isSet(json)) {
        QJsonArray array;
        for (qsizetype i = 0; i < runs->size(); ++i)
            array.append(runJson(runs->at(i), history[i]));
        std::fputs(QJsonDocument(array).toJson(QJsonDocument::Indented).constData(), stdout);
    } else if (runs->isEmpty()) {
        std::printf("no runs in %s\n", qPrintable((*opened)->displayLocation()));
    } else {
        printTable(*runs, history);
    }
    std::fflush(stdout);
    return kExitOk;
}

} // namespace sb::cli
