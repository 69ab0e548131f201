#include "ui/charts/chartexport.h"

#include "core/qterror.h"
#include "ui/charts/comparecharts.h"

#include <QBuffer>
#include <QChart>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <memory>

namespace sb::charts {

namespace {

// Paints `chart` into a `size` rectangle of `painter`. A chart that is in no scene (no view) is
// put in a scene of its own for the time of the paint and resized to `size`; one in a view is
// painted as shown, scaled to `size`.
// Paints `chart` at `size` into a `target` rectangle of `painter`. A chart in no scene (no
// view) gets a scene of its own for the time of the paint; a chart of another size (a view on
// a hidden tab, or an export at a given size) is laid out at `size` and given back its own.
void paintChart(QChart *chart, QPainter *painter, QSizeF target, QSize size)
{
    std::unique_ptr<QGraphicsScene> own;
    QGraphicsScene *scene = chart->scene();
    if (!scene) {
        own = std::make_unique<QGraphicsScene>();
        own->addItem(chart);
        scene = own.get();
    }
    const QSizeF before = chart->size();
    const bool resize = size.isValid() && !size.isEmpty() && QSizeF(size) != before;
    if (resize) {
        chart->resize(size);
        // The chart lays its axes and series out when its layout is activated.
        chart->layout()->activate();
    }
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    scene->render(painter, QRectF(QPointF(0, 0), target), chart->sceneBoundingRect(),
                  Qt::KeepAspectRatio);
    if (own)
        own->removeItem(chart);
    if (resize && !own && !before.isEmpty()) {
        chart->resize(before);
        chart->layout()->activate();
    }
}

QSize sizeFor(QChart *chart, QSize size)
{
    if (size.isValid() && !size.isEmpty())
        return size;
    const QSize current = chart->size().toSize();
    return current.isEmpty() ? kChartSize : current;
}

} // namespace

std::optional<ExportFormat> exportFormatFor(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return ExportFormat::Png;
    if (suffix == QLatin1String("svg"))
        return ExportFormat::Svg;
    if (suffix == QLatin1String("pdf"))
        return ExportFormat::Pdf;
    return std::nullopt;
}

QString exportSuffix(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Png:
        return QStringLiteral("png");
    case ExportFormat::Svg:
        return QStringLiteral("svg");
    case ExportFormat::Pdf:
        return QStringLiteral("pdf");
    }
    return {};
}

QString exportFilter(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Png:
        return QCoreApplication::translate("sb::charts", "PNG image (*.png)");
    case ExportFormat::Svg:
        return QCoreApplication::translate("sb::charts", "SVG drawing (*.svg)");
    case ExportFormat::Pdf:
        return QCoreApplication::translate("sb::charts", "PDF document (*.pdf)");
    }
    return {};
}

QImage chartImage(QChart *chart, QSize size, qreal scale)
{
    const QSize s = sizeFor(chart, size);
    QImage image(s * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    QPainter painter(&image);
    paintChart(chart, &painter, QSizeF(s), s);
    painter.end();
    return image;
}

QByteArray chartSvg(QChart *chart, QSize size, const QString &title)
{
    const QSize s = sizeFor(chart, size);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(s);
    svg.setViewBox(QRect(QPoint(0, 0), s));
    // The screen's 96 dpi, so text keeps the size the chart was laid out with.
    svg.setResolution(96);
    svg.setTitle(title.isEmpty() ? chart->title() : title);
    svg.setDescription(QStringLiteral("Stackbench chart"));
    QPainter painter(&svg);
    paintChart(chart, &painter, QSizeF(s), s);
    painter.end();
    return bytes;
}

QByteArray chartPdf(QChart *chart, QSize size, const QString &title)
{
    const QSize s = sizeFor(chart, size);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setTitle(title.isEmpty() ? chart->title() : title);
    pdf.setCreator(QStringLiteral("Stackbench"));
    pdf.setResolution(96);
    // One page of the chart's own proportions, in points (96 px = 72 pt).
    pdf.setPageSize(QPageSize(QSizeF(s) * 72.0 / 96.0, QPageSize::Point));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter painter(&pdf);
    paintChart(chart, &painter, QSizeF(pdf.width(), pdf.height()), s);
    painter.end();
    return bytes;
}

sb::Status exportChart(QChart *chart, const QString &path, QSize size)
{
    const std::optional<ExportFormat> format = exportFormatFor(path);
    if (!format)
        return sb::qtError(QStringLiteral("chart.format"), path,
                           QCoreApplication::translate("sb::charts",
                                                       "the file name must end in .png, .svg "
                                                       "or .pdf"));
    QByteArray bytes;
    if (*format == ExportFormat::Png) {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        chartImage(chart, size).save(&buffer, "PNG");
    } else {
        bytes = *format == ExportFormat::Svg ? chartSvg(chart, size) : chartPdf(chart, size);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return sb::qtError(
            QStringLiteral("chart.write"), path,
            QCoreApplication::translate("sb::charts", "cannot write: %1").arg(file.errorString()));
    return sb::Ok{};
}

} // namespace sb::charts
