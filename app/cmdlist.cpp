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

QJsonObject runJson(const store::RunRecord &r)
{
    QJsonObject o{{QStringLiteral("id"), r.id},
                  {QStringLiteral("plan"), r.planPath},
                  {QStringLiteral("profile"), r.profile},
                  {QStringLiteral("status"), run::currentStatus(r)},
                  {QStringLiteral("started_at"), r.startedAt.toString(Qt::ISODateWithMs)},
                  {QStringLiteral("finished_at"),
                   r.finishedAt.isValid() ? r.finishedAt.toString(Qt::ISODateWithMs) : QString()},
                  {QStringLiteral("windows"), double(r.windowCount)},
                  {QStringLiteral("valid_windows"), double(r.validWindowCount)}};
    if (r.environment.contains(QStringLiteral("cpus_applied")))
        o.insert(QStringLiteral("cpus_applied"),
                 r.environment.value(QStringLiteral("cpus_applied")));
    return o;
}

void printTable(const QVector<store::RunRecord> &runs)
{
    std::printf("%-22s %-12s %-8s %7s %7s  %s\n", "RUN", "STATUS", "PROFILE", "VALID", "WINDOWS",
                "PLAN");
    for (const store::RunRecord &r : runs) {
        std::printf("%-22s %-12s %-8s %7lld %7lld  %s\n", qPrintable(r.id),
                    qPrintable(run::currentStatus(r)), qPrintable(r.profile),
                    static_cast<long long>(r.validWindowCount),
                    static_cast<long long>(r.windowCount), qPrintable(r.planPath));
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
        QStringLiteral("Lists the stored runs, newest first. Opens the store read-only; it "
                       "must\nexist. A run whose process is gone reads 'interrupted'."));
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
    if (cl.isSet(json)) {
        QJsonArray array;
        for (const store::RunRecord &r : *runs)
            array.append(runJson(r));
        std::fputs(QJsonDocument(array).toJson(QJsonDocument::Indented).constData(), stdout);
    } else if (runs->isEmpty()) {
        std::printf("no runs in %s\n", qPrintable((*opened)->displayLocation()));
    } else {
        printTable(*runs);
    }
    std::fflush(stdout);
    return kExitOk;
}

} // namespace sb::cli
