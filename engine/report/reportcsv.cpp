#include "report/reportcsv.h"

#include "report/escape.h"

#include <QStringList>

namespace sb::report {

namespace {

QString num(double v)
{
    return QString::number(v, 'g', 12);
}

struct Column
{
    const char *name;
    stats::Spread stats::CellFigures::*figure;
};

const Column kSpreads[] = {
    {"ok_per_s", &stats::CellFigures::okPerS},
    {"per_cpu_s", &stats::CellFigures::perCpuS},
    {"server_cores", &stats::CellFigures::serverCores},
    {"generator_cores", &stats::CellFigures::generatorCores},
    {"database_cores", &stats::CellFigures::databaseCores},
    {"foreign_pct", &stats::CellFigures::foreignPct},
    {"p50_us", &stats::CellFigures::p50Us},
    {"p90_us", &stats::CellFigures::p90Us},
    {"p99_us", &stats::CellFigures::p99Us},
    {"p999_us", &stats::CellFigures::p999Us},
    {"max_us", &stats::CellFigures::maxUs},
    {"rss_peak_bytes", &stats::CellFigures::rssPeakBytes},
    {"pss_peak_bytes", &stats::CellFigures::pssPeakBytes},
};

} // namespace

QByteArray reportCsv(const RunReport &report)
{
    QStringList header{QStringLiteral("configuration"), QStringLiteral("route"),
                       QStringLiteral("concurrency"), QStringLiteral("valid_windows"),
                       QStringLiteral("invalid_windows")};
    for (const Column &c : kSpreads)
        for (const char *part : {"median", "min", "max", "spread"})
            header << QStringLiteral("%1_%2").arg(QLatin1String(c.name), QLatin1String(part));
    header << QStringLiteral("pooled_p50_us") << QStringLiteral("pooled_p99_us")
           << QStringLiteral("pooled_p999_us") << QStringLiteral("errors_transport")
           << QStringLiteral("errors_non_2xx") << QStringLiteral("bound");
    // A run whose load came from other hosts: per cell its hosts and each one's generator, in
    // the same order, ';' apart (a local run's columns are unchanged).
    if (report.loadFromHosts())
        header << QStringLiteral("load_hosts")
               << QStringLiteral("load_hosts_generator_cores_median")
               << QStringLiteral("load_hosts_generator_cores_min")
               << QStringLiteral("load_hosts_generator_cores_max")
               << QStringLiteral("load_hosts_cores");
    QStringList lines{header.join(QLatin1Char(','))};
    for (const CellReport &cell : report.cells) {
        const stats::CellFigures &f = cell.figures;
        QStringList row{csvField(cell.configuration), csvField(cell.route),
                        QString::number(cell.concurrency), QString::number(f.validWindows),
                        QString::number(f.invalidWindows)};
        // A figure never measured is an empty field, never 0.
        for (const Column &c : kSpreads) {
            const stats::Spread &s = f.*(c.figure);
            if (s.n == 0)
                row << QString() << QString() << QString() << QString();
            else
                row << num(s.median) << num(s.min) << num(s.max)
                    << (s.n > 1 ? num(s.spread) : QString());
        }
        if (f.pooledCount > 0)
            row << num(f.pooledUs.p50) << num(f.pooledUs.p99) << num(f.pooledUs.p999);
        else
            row << QString() << QString() << QString();
        row << QString::number(f.errors.transport()) << QString::number(f.errors.non2xx)
            << csvField(cell.bound);
        if (report.loadFromHosts()) {
            QStringList names, medians, mins, maxes, cores;
            for (const CellLoadHost &h : cell.loadHosts) {
                names << h.host;
                medians << num(h.generatorCores.median);
                mins << num(h.generatorCores.min);
                maxes << num(h.generatorCores.max);
                cores << (h.cores > 0 ? QString::number(h.cores) : QString());
            }
            const QString sep = QStringLiteral(";");
            row << csvField(names.join(sep)) << medians.join(sep) << mins.join(sep)
                << maxes.join(sep) << cores.join(sep);
        }
        lines << row.join(QLatin1Char(','));
    }
    return (lines.join(QStringLiteral("\r\n")) + QStringLiteral("\r\n")).toUtf8();
}

} // namespace sb::report
