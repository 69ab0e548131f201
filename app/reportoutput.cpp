#include "app/reportoutput.h"

#include "core/qterror.h"
#include "report/coldstartreport.h"
#include "report/comparison.h"
#include "report/escape.h"
#include "report/memoryreport.h"
#include "report/reportmarkdown.h"

#include <QFileInfo>
#include <QSaveFile>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

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

QString alertText(const QString &text, FILE *out)
{
    static const bool noColour = std::getenv("NO_COLOR") && *std::getenv("NO_COLOR");
    if (noColour || !::isatty(::fileno(out)))
        return text;
    return QStringLiteral("\x1b[1;31m") + text + QStringLiteral("\x1b[0m");
}

namespace {

// Each configuration's peak memory and its trees' ages, as terminal lines; "" when no memory was
// sampled.
QString memoryLines(const report::RunReport &r)
{
    const report::Table table = report::memorySummaryTable(r);
    if (table.rows.isEmpty())
        return QString();
    return QStringLiteral("\nmemory of the server trees (cells' median peaks; compared only on "
                          "fresh trees or at equal age, see the report's Memory section):\n") +
           report::terminalOf(table, QStringLiteral("  "));
}

// Each configuration's cold start, as the report's Cold start section sums it up.
QString coldStartLines(const report::RunReport &r)
{
    const report::Table table = report::coldStartSummaryTable(r);
    if (table.rows.isEmpty())
        return QString();
    return QStringLiteral(
               "\ncold start of the server trees (median [min-max] over the starts):\n") +
           report::terminalOf(table, QStringLiteral("  "));
}

} // namespace

void printRunSummary(const report::RunReport &r, const QString &storeLocation)
{
    if (r.cells.isEmpty())
        return;
    QString out = QStringLiteral("\n");
    // What went wrong with the run as a whole first (a run with no valid window), as the
    // report's header says it; why the run failed is already on stderr.
    for (const QString &problem : report::runProblems(r, report::RunFailures::Omit))
        out += alertText(report::terminalText(problem), stdout) + QLatin1Char('\n');
    // The Markdown report's own summary table and ceiling lines, as terminal text.
    out += report::terminalOf(report::summaryTable(r));
    for (const report::SaturationReport &s : r.saturations)
        if (s.saturation.saturated)
            out += QStringLiteral("  ") +
                   report::terminalText(report::saturationLine(s).plainText()) + QLatin1Char('\n');
    out += memoryLines(r);
    out += coldStartLines(r);
    // A shell word the user can paste: single quotes, each ' inside as '\''.
    QString quoted = storeLocation;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    const QString store =
        storeLocation.isEmpty() ? QString() : QStringLiteral(" --store '") + quoted + u'\'';
    out += QStringLiteral("\nfull report: stackbench report %1%2 -o report.md\n")
               .arg(report::terminalText(r.run.id), report::terminalText(store));
    const QByteArray bytes = out.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

} // namespace sb::cli
