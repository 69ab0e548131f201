#include "ui/pages/comparehtml.h"

#include "report/reporthtml.h"
#include "ui/htmlreport.h"
#include "ui/offthread.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSaveFile>
#include <QSettings>

namespace sb {

CompareHtml compareHtmlOf(const charts::CompareResult &result)
{
    if (!result.error.isEmpty() || result.source.runs.isEmpty())
        return CompareHtml::None;
    return result.multiRun ? CompareHtml::Comparison : CompareHtml::RunReport;
}

void exportCompareHtml(QObject *context, const charts::CompareResult &result,
                       const QString &storeLocation, const QString &path,
                       const std::function<void(const QString &error)> &done)
{
    switch (compareHtmlOf(result)) {
    case CompareHtml::None:
        done(QCoreApplication::translate("sb", "nothing is compared yet"));
        return;
    case CompareHtml::RunReport: {
        report::ReportOptions options;
        options.baseline = result.source.runs.first().options.baseline;
        options.noiseFloor = result.noiseFloor;
        options.noiseFloorSource = result.noiseFloorSource;
        exportHtmlReport(context, storeLocation, result.source.runs.first().run.id, path, options,
                         done);
        return;
    }
    case CompareHtml::Comparison:
        break;
    }
    const QVector<report::RunComparison> comparisons{result.okPerS, result.perCpuS};
    runOffThread(
        context,
        [comparisons, path]() -> QString {
            const QByteArray html = report::comparisonHtml(comparisons);
            QSaveFile file(path);
            if (!file.open(QIODevice::WriteOnly) || file.write(html) != html.size() ||
                !file.commit())
                return QCoreApplication::translate("sb", "%1: cannot write: %2")
                    .arg(path, file.errorString());
            return QString();
        },
        [done](const QString &error) { done(error); });
}

QString askCompareHtmlPath(QWidget *parent, const charts::CompareResult &result)
{
    const CompareHtml what = compareHtmlOf(result);
    if (what == CompareHtml::None)
        return QString();
    const bool comparison = what == CompareHtml::Comparison;
    QSettings settings;
    const QString dir =
        settings.value(QStringLiteral("compare/exportDir"), QDir::homePath()).toString();
    const QString name = comparison
                             ? QStringLiteral("compare-%1.html").arg(result.okPerS.baselineRun)
                             : result.source.runs.first().run.id + QStringLiteral(".html");
    const QString path = QFileDialog::getSaveFileName(
        parent,
        comparison ? QCoreApplication::translate("sb::ComparePage", "Export the comparison as HTML")
                   : QCoreApplication::translate("sb::ComparePage", "Export the HTML report"),
        QDir(dir).filePath(name),
        QCoreApplication::translate("sb::ComparePage", "HTML page (*.html)"));
    if (!path.isEmpty())
        settings.setValue(QStringLiteral("compare/exportDir"), QFileInfo(path).absolutePath());
    return path;
}

} // namespace sb
