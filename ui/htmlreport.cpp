#include "ui/htmlreport.h"

#include "core/qterror.h"
#include "report/reporthtml.h"
#include "store/runstore.h"
#include "ui/offthread.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace sb {

void exportHtmlReport(QObject *context, const QString &storeLocation, const QString &runId,
                      const QString &path, const report::ReportOptions &options,
                      const std::function<void(const QString &error)> &done)
{
    runOffThread(
        context,
        [storeLocation, runId, path, options]() -> QString {
            auto opened = store::RunStore::open(storeLocation, store::RunStore::OpenMode::ReadOnly);
            if (!opened.ok())
                return sb::qtText(opened.error());
            sb::Result<QByteArray> html = report::reportHtmlFromStore(**opened, runId, options);
            if (!html.ok())
                return sb::qtText(html.error());
            QSaveFile file(path);
            if (!file.open(QIODevice::WriteOnly) || file.write(*html) != html->size() ||
                !file.commit())
                return QCoreApplication::translate("sb", "%1: cannot write: %2")
                    .arg(path, file.errorString());
            return QString();
        },
        [done](const QString &error) { done(error); });
}

} // namespace sb
