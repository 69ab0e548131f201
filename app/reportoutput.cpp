#include "app/reportoutput.h"

#include "core/qterror.h"
#include "report/comparison.h"
#include "report/reportmarkdown.h"

#include <QFileInfo>
#include <QSaveFile>
#include <cstdio>

namespace sb::cli {

sb::Status writeOutput(const QString &path, const QByteArray &bytes, const CommandLine &cl)
{
    if (path.isEmpty()) {
        std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
        std::fflush(stdout);
        return sb::Ok{};
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return sb::qtError(QString::fromLatin1(kInputError), path,
                           QStringLiteral("cannot write: ") + file.errorString());
    cl.note(QStringLiteral("wrote %1").arg(QFileInfo(path).absoluteFilePath()));
    return sb::Ok{};
}

sb::Result<std::unique_ptr<store::RunStore>> openForReading(const QString &location)
{
    return store::RunStore::open(location, store::RunStore::OpenMode::ReadOnly);
}

sb::Status applyNoiseFloor(const store::RunStore &store, const QString &runId, double &floor,
                           QString &source)
{
    sb::Result<report::RunReport> aa = report::loadRunReport(store, runId);
    if (!aa.ok())
        return aa.error();
    sb::Result<double> f = report::noiseFloorOf(*aa);
    if (!f.ok())
        return f.error();
    floor = *f;
    source = QStringLiteral("A/A run %1").arg(runId);
    return sb::Ok{};
}

namespace {

const report::RatioReport *ratioOf(const report::RunReport &r, const report::CellReport &c,
                                   const char *metric)
{
    for (const report::RatioReport &x : r.ratios)
        if (x.configuration == c.configuration && x.route == c.route &&
            x.concurrency == c.concurrency && x.metric == QLatin1String(metric))
            return &x;
    return nullptr;
}

QString ratioText(const report::RatioReport *r)
{
    if (!r)
        return QStringLiteral("baseline");
    return QStringLiteral("%1 %2").arg(
        report::formatRatio(r->comparison.ratio),
        QString::fromLatin1(stats::verdictText(r->comparison.verdict)));
}

} // namespace

void printRunSummary(const report::RunReport &r, const QString &storeLocation)
{
    if (r.cells.isEmpty())
        return;
    std::printf("\n%-14s %6s  %-16s %12s %12s  %-26s %-26s %s\n", "route", "c", "configuration",
                "2xx/s", "per CPU-s", "ratio 2xx/s", "ratio per CPU-s", "invalid");
    for (const report::CellReport &c : r.cells) {
        const bool base = c.configuration == r.options.baseline;
        std::printf(
            "%-14s %6d  %-16s %12s %12s  %-26s %-26s %zu\n", qPrintable(c.route), c.concurrency,
            qPrintable(c.configuration),
            qPrintable(report::formatNumber(c.figures.okPerS.median, 1)),
            qPrintable(report::formatNumber(c.figures.perCpuS.median, 0)),
            qPrintable(base ? QStringLiteral("baseline") : ratioText(ratioOf(r, c, "ok_per_s"))),
            qPrintable(base ? QString() : ratioText(ratioOf(r, c, "per_cpu_s"))),
            c.figures.invalidWindows);
    }
    for (const report::SaturationReport &s : r.saturations)
        if (s.saturation.saturated)
            std::printf("  %s %s: %s\n", qPrintable(s.configuration), qPrintable(s.route),
                        s.saturation.sentence.c_str());
    const QString store =
        storeLocation.isEmpty() ? QString() : QStringLiteral(" --store '%1'").arg(storeLocation);
    std::printf("\nfull report: stackbench report %s%s -o report.md\n", qPrintable(r.run.id),
                qPrintable(store));
    std::fflush(stdout);
}

} // namespace sb::cli
