#include "ui/widgets/chartview.h"

#include "core/qterror.h"
#include "ui/charts/chartexport.h"
#include "ui/charts/comparecharts.h"

#include <QContextMenuEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QRegularExpression>
#include <QSettings>

namespace sb {

ChartView::ChartView(QWidget *parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(320, 220);
}

QMenu *ChartView::createExportMenu(QWidget *parent)
{
    auto *menu = new QMenu(parent);
    for (const charts::ExportFormat f :
         {charts::ExportFormat::Png, charts::ExportFormat::Svg, charts::ExportFormat::Pdf}) {
        const QString suffix = charts::exportSuffix(f);
        QAction *a = menu->addAction(tr("Export as %1…").arg(suffix.toUpper()));
        a->setObjectName(QStringLiteral("export-") + suffix);
        connect(a, &QAction::triggered, this, [this, suffix] { exportWithDialog(suffix); });
    }
    return menu;
}

ChartView::~ChartView() = default;

void ChartView::replaceChart(QChart *chart)
{
    QChart *old = this->chart();
    setChart(chart);
    if (old && old != chart)
        delete old;
}

sb::Status ChartView::exportTo(const QString &path)
{
    // A view on a hidden tab has no size of its own yet: the report's size then.
    const QSize size = isVisible() ? chart()->size().toSize() : charts::kChartSize;
    sb::Status st = charts::exportChart(chart(), path, size);
    if (st.ok())
        Q_EMIT exported(path);
    else
        Q_EMIT exportFailed(sb::qtText(st.error()));
    return st;
}

void ChartView::exportWithDialog(const QString &suffix)
{
    const std::optional<charts::ExportFormat> format =
        charts::exportFormatFor(QStringLiteral("x.") + suffix);
    if (!format)
        return;
    QSettings settings;
    const QString dir =
        settings.value(QStringLiteral("compare/exportDir"), QDir::homePath()).toString();
    QString name = chart()->title().isEmpty() ? QStringLiteral("chart") : chart()->title();
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the chart"), QDir(dir).filePath(name + QLatin1Char('.') + suffix),
        charts::exportFilter(*format));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("compare/exportDir"), QFileInfo(path).absolutePath());
    (void)exportTo(path);
}

void ChartView::contextMenuEvent(QContextMenuEvent *event)
{
    Q_EMIT picked();
    QMenu *menu = createExportMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(event->globalPos());
    event->accept();
}

void ChartView::mousePressEvent(QMouseEvent *event)
{
    Q_EMIT picked();
    QChartView::mousePressEvent(event);
}

} // namespace sb
