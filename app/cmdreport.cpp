#include "app/cli.h"
#include "app/commands.h"
#include "app/reportoutput.h"
#include "app/runsession.h"
#include "core/qterror.h"
#include "report/comparison.h"
#include "report/escape.h"
#include "report/reportcsv.h"
#include "report/reporthgrm.h"
#include "report/reporthtml.h"
#include "report/reportjson.h"
#include "report/reportmarkdown.h"
#include "report/runreport.h"
#include "store/runexport.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <memory>

namespace sb::cli {

namespace {

QByteArray jsonBytes(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

// One .hgrm per cell (configuration_route_cN.hgrm) of its pooled latency histogram, ms.
sb::Status writeHgrms(const report::RunReport &r, const QString &dir, const CommandLine &cl)
{
    if (!QDir().mkpath(dir))
        return sb::qtError(QString::fromLatin1(kInputError), dir,
                           QStringLiteral("cannot create the directory"));
    int written = 0;
    for (const report::CellReport &c : r.cells) {
        const QByteArray text = report::cellHgrm(c);
        if (text.isEmpty())
            continue;
        QFile f(QDir(dir).filePath(report::cellHgrmFileName(c)));
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
            return sb::qtError(QString::fromLatin1(kInputError), f.fileName(),
                               QStringLiteral("cannot write: ") + f.errorString());
        ++written;
    }
    cl.note(QStringLiteral("wrote %1 .hgrm file(s) to %2").arg(QString::number(written), dir));
    return sb::Ok{};
}

// --format's value among `allowed`.
sb::Result<QString> format(const CommandLine &cl, const QCommandLineOption &option,
                           const QStringList &allowed)
{
    const QString f = cl.value(option);
    if (!allowed.contains(f))
        return cl.optionError(option, QStringLiteral("must be one of %1, not \"%2\"")
                                          .arg(allowed.join(QStringLiteral(", ")), f));
    return f;
}

} // namespace

// The application object of a command: every command, `report --format html` included, needs
// QtCore only.
std::unique_ptr<QCoreApplication> makeApplication(int &argc, char **argv)
{
    return std::make_unique<QCoreApplication>(argc, argv);
}

int reportCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("report"),
                   QStringLiteral("Writes the summary of a stored run: per-cell medians, spreads, "
                                  "cores and latency,\nratios against a baseline configuration "
                                  "with verdicts, where the ceiling is,\nwhat the gates caught, "
                                  "the environment and the definitions."));
    cl.positional(QStringLiteral("RUN"), QStringLiteral("The run id (stackbench list)."));
    const auto fmt = cl.option({QStringLiteral("format")},
                               QStringLiteral("md, csv, json or html (one self-contained file "
                                              "with inline SVG charts)."),
                               QStringLiteral("FORMAT"), QStringLiteral("md"));
    const auto baseline = cl.option({QStringLiteral("baseline")},
                                    QStringLiteral("Configuration the others are compared with "
                                                   "(default: the plan's first)."),
                                    QStringLiteral("CONFIG"));
    const auto floor = cl.option({QStringLiteral("noise-floor")},
                                 QStringLiteral("An A/A run whose arms give the noise floor."),
                                 QStringLiteral("RUN"));
    const auto output =
        cl.option({QStringLiteral("o"), QStringLiteral("output")},
                  QStringLiteral("Write to FILE instead of stdout."), QStringLiteral("FILE"));
    const auto hgrmDir = cl.option({QStringLiteral("hgrm-dir")},
                                   QStringLiteral("Also write each cell's pooled latency "
                                                  "histogram as .hgrm into DIR."),
                                   QStringLiteral("DIR"));
    const QCommandLineOption store = addStoreOption(cl);
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    const sb::Result<QString> f = format(cl, fmt,
                                         {QStringLiteral("md"), QStringLiteral("csv"),
                                          QStringLiteral("json"), QStringLiteral("html")});
    if (!f.ok())
        return cl.fail(f.error());
    auto opened = openForReading(cl.value(store));
    if (!opened.ok())
        return cl.fail(opened.error());
    report::ReportOptions options;
    options.baseline = cl.value(baseline);
    if (cl.isSet(floor))
        if (sb::Status st = applyNoiseFloor(**opened, cl.value(floor), options.noiseFloor,
                                            options.noiseFloorSource);
            !st.ok())
            return cl.fail(st.error());
    const bool html = *f == QLatin1String("html");
    QVector<store::WindowRecord> windows; // with their intervals: the HTML report's timelines
    sb::Result<report::RunReport> r =
        report::loadRunReport(**opened, cl.positionalValue(0), options, html ? &windows : nullptr);
    if (!r.ok())
        return cl.fail(r.error());
    const QByteArray bytes = html                          ? report::reportHtml(*r, windows)
                             : *f == QLatin1String("json") ? jsonBytes(report::reportJson(*r))
                             : *f == QLatin1String("csv")  ? report::reportCsv(*r)
                                                           : report::reportMarkdown(*r).toUtf8();
    if (sb::Status st = writeOutput(cl.value(output), bytes, cl); !st.ok())
        return cl.fail(st.error());
    if (cl.isSet(hgrmDir))
        if (sb::Status st = writeHgrms(*r, cl.value(hgrmDir), cl); !st.ok())
            return cl.fail(st.error());
    return kExitOk;
}

int compareCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("compare"),
                   QStringLiteral("Compares the same cells across stored runs: the first run (or "
                                  "--baseline) is the\nbaseline; each other run's cells get a "
                                  "ratio, its interval, a p-value and a verdict.\nRuns from "
                                  "other machines, kernels, revisions or plans are labelled."));
    cl.positional(QStringLiteral("RUN_A"), QStringLiteral("A run id."));
    cl.positional(QStringLiteral("RUN_B"), QStringLiteral("Another run id."));
    cl.morePositionals(QStringLiteral("RUN"), QStringLiteral("More runs."));
    const auto baseline = cl.option({QStringLiteral("baseline")},
                                    QStringLiteral("The run the others are compared with "
                                                   "(default: the first)."),
                                    QStringLiteral("RUN"));
    const auto metric =
        cl.option({QStringLiteral("metric")}, QStringLiteral("ok_per_s, per_cpu_s, p50 or p99."),
                  QStringLiteral("METRIC"), QStringLiteral("ok_per_s"));
    const auto failIf = cl.option({QStringLiteral("fail-if")},
                                  QStringLiteral("Exit 1 when a cell meets a condition: "
                                                 "ratio<0.95, p99_delta>0.10, error_rate>0.01 "
                                                 "(comma-separated, any)."),
                                  QStringLiteral("CONDITIONS"));
    const auto floor = cl.option({QStringLiteral("noise-floor")},
                                 QStringLiteral("An A/A run whose arms give the noise floor."),
                                 QStringLiteral("RUN"));
    const auto fmt = cl.option({QStringLiteral("format")},
                               QStringLiteral("md, json or html (one self-contained file with "
                                              "a chart of each route's ratios; without\n"
                                              "--metric it compares 2xx/s and per CPU-second, "
                                              "as the GUI's Compare page)."),
                               QStringLiteral("FORMAT"), QStringLiteral("md"));
    const auto output =
        cl.option({QStringLiteral("o"), QStringLiteral("output")},
                  QStringLiteral("Write to FILE instead of stdout."), QStringLiteral("FILE"));
    const QCommandLineOption store = addStoreOption(cl);
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    const sb::Result<QString> f =
        format(cl, fmt, {QStringLiteral("md"), QStringLiteral("json"), QStringLiteral("html")});
    if (!f.ok())
        return cl.fail(f.error());
    if (!report::isComparisonMetric(cl.value(metric)))
        return cl.fail(cl.optionError(metric, QStringLiteral("must be ok_per_s, per_cpu_s, p50 "
                                                             "or p99, not \"%1\"")
                                                  .arg(cl.value(metric))));
    QVector<report::FailCondition> conditions;
    if (cl.isSet(failIf)) {
        auto parsed = report::parseFailIf(cl.value(failIf));
        if (!parsed.ok())
            return cl.fail(cl.optionError(failIf, sb::qtDetail(parsed.error())));
        conditions = *parsed;
    }
    QStringList ids = cl.positionalValues();
    if (cl.isSet(baseline)) {
        ids.removeAll(cl.value(baseline));
        ids.prepend(cl.value(baseline));
    }
    auto opened = openForReading(cl.value(store));
    if (!opened.ok())
        return cl.fail(opened.error());
    report::RunCompareOptions options;
    options.metric = cl.value(metric);
    if (cl.isSet(floor))
        if (sb::Status st = applyNoiseFloor(**opened, cl.value(floor), options.noiseFloor,
                                            options.noiseFloorSource);
            !st.ok())
            return cl.fail(st.error());
    QVector<report::RunReport> reports;
    report::ReportOptions cellsOnly;
    cellsOnly.ratios = false;
    for (const QString &id : ids) {
        sb::Result<report::RunReport> r = report::loadRunReport(**opened, id, cellsOnly);
        if (!r.ok())
            return cl.fail(r.error());
        reports.append(*r);
    }
    sb::Result<report::RunComparison> c = report::compareRuns(reports, options);
    if (!c.ok())
        return cl.fail(c.error());
    QByteArray bytes;
    if (*f == QLatin1String("html")) {
        QVector<report::RunComparison> comparisons{*c};
        if (!cl.isSet(metric)) { // both throughput figures, as the Compare page shows them
            options.metric = QStringLiteral("per_cpu_s");
            sb::Result<report::RunComparison> perCpu = report::compareRuns(reports, options);
            if (!perCpu.ok())
                return cl.fail(perCpu.error());
            comparisons.append(*perCpu);
        }
        bytes = report::comparisonHtml(comparisons);
    } else {
        bytes = *f == QLatin1String("json") ? jsonBytes(report::comparisonJson(*c))
                                            : report::comparisonMarkdown(*c).toUtf8();
    }
    if (sb::Status st = writeOutput(cl.value(output), bytes, cl); !st.ok())
        return cl.fail(st.error());
    const QStringList failing = report::failingCells(*c, conditions);
    for (const QString &line : failing)
        cl.note(QStringLiteral("--fail-if: ") + report::terminalText(line));
    return failing.isEmpty() ? kExitOk : kExitFailure;
}

int exportCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("export"),
                   QStringLiteral("Writes everything stored for a run as one JSON document "
                                  "(docs/export.schema.json):\nplan text, environment, every "
                                  "window and attempt with intervals, samples,\nhistograms and "
                                  "gates, events and server logs. 'stackbench import' reads it."));
    cl.positional(QStringLiteral("RUN"), QStringLiteral("The run id."));
    const auto output =
        cl.option({QStringLiteral("o"), QStringLiteral("output")},
                  QStringLiteral("Write to FILE instead of stdout."), QStringLiteral("FILE"));
    const QCommandLineOption store = addStoreOption(cl);
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    auto opened = openForReading(cl.value(store));
    if (!opened.ok())
        return cl.fail(opened.error());
    sb::Result<QJsonObject> doc = store::exportRun(**opened, cl.positionalValue(0));
    if (!doc.ok())
        return cl.fail(doc.error());
    if (sb::Status st = writeOutput(cl.value(output), store::exportBytes(*doc), cl); !st.ok())
        return cl.fail(st.error());
    return kExitOk;
}

int importCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("import"),
                   QStringLiteral("Brings a run written by 'stackbench export' into a store, "
                                  "under its run id."));
    cl.positional(QStringLiteral("FILE"), QStringLiteral("The export (JSON)."));
    const QCommandLineOption store = addStoreOption(cl);
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    QFile file(cl.positionalValue(0));
    if (!file.open(QIODevice::ReadOnly))
        return cl.fail(sb::qtError(QString::fromLatin1(kInputError), file.fileName(),
                                   QStringLiteral("cannot read: ") + file.errorString()));
    const QByteArray bytes = file.readAll();
    auto opened = store::RunStore::open(cl.value(store));
    if (!opened.ok())
        return cl.fail(opened.error());
    sb::Result<QString> id = store::importRun(**opened, bytes);
    if (!id.ok()) {
        sb::Error e = id.error();
        e.where = (file.fileName() + QStringLiteral(" ") + sb::qtWhere(e)).toStdString();
        return cl.fail(e);
    }
    std::printf("imported run %s into %s\n", qPrintable(*id),
                qPrintable((*opened)->displayLocation()));
    return kExitOk;
}

} // namespace sb::cli
