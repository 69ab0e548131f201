#include "app/cli.h"
#include "app/commands.h"
#include "app/runsession.h"
#include "core/cpuset.h"
#include "core/qterror.h"
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

// What `list` adds to a stored run: how often it was resumed, how many cells have attempts but
// no valid window.
struct RunHistory
{
    int resumed = 0;
    int failedCells = 0;
};

sb::Result<RunHistory> historyOf(const store::RunStore &store, const QString &runId)
{
    RunHistory h;
    const sb::Result<int> resumed = store.eventCount(runId, QStringLiteral("run-resumed"));
    if (!resumed.ok())
        return resumed.error();
    h.resumed = *resumed;
    const auto cells = store.cellProgress(runId);
    if (!cells.ok())
        return cells.error();
    for (const store::CellProgress &c : *cells)
        h.failedCells += c.attempts > 0 && c.validWindows == 0;
    return h;
}

QJsonObject runJson(const store::RunRecord &r, const RunHistory &h)
{
    QJsonObject o{{QStringLiteral("id"), r.id},
                  {QStringLiteral("plan"), r.planPath},
                  {QStringLiteral("plan_name"), r.planName},
                  {QStringLiteral("profile"), r.profile},
                  {QStringLiteral("status"), run::currentStatus(r)},
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
        std::printf("%-22s %-12s %-8s %7lld %7lld %7d %6d  %s\n", qPrintable(r.id),
                    qPrintable(run::currentStatus(r)), qPrintable(r.profile),
                    static_cast<long long>(r.validWindowCount),
                    static_cast<long long>(r.windowCount), history[i].resumed,
                    history[i].failedCells, qPrintable(r.planPath));
        const QJsonValue cpus = r.environment.value(QStringLiteral("cpus_applied"));
        if (!cpus.isUndefined() && !cpus.isNull())
            std::printf("%-22s cpus: %s\n", "", qPrintable(cpusText(cpus)));
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
                       "window."));
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
        const sb::Result<RunHistory> h = historyOf(**opened, r.id);
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
