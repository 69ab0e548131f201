#pragma once

// Chart export: PNG (rendered at twice the size, for sharp text), SVG (QSvgGenerator) and PDF
// (QPdfWriter, one page the chart's aspect). A chart inside a view is drawn as the view shows
// it; a chart on its own is laid out at the size given and then let go. GUI thread (needs a
// QGuiApplication: fonts).

#include "core/result.h"

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QString>
#include <optional>

class QChart;

namespace sb::charts {

enum class ExportFormat
{
    Png,
    Svg,
    Pdf,
};

// The format a file name asks for by its suffix (.png, .svg, .pdf, any case); none otherwise.
std::optional<ExportFormat> exportFormatFor(const QString &path);
// "PNG image (*.png)", ... for file dialogs, one entry per format.
QString exportFilter(ExportFormat format);
QString exportSuffix(ExportFormat format); // "png", "svg", "pdf"

// The chart at `size` (pixels; 0x0 = its current size, or kChartSize for a chart never laid out)
// in each format.
QImage chartImage(QChart *chart, QSize size = {}, qreal scale = 2);
QByteArray chartSvg(QChart *chart, QSize size = {}, const QString &title = QString());
QByteArray chartPdf(QChart *chart, QSize size = {}, const QString &title = QString());

// Writes the chart to `path` in the format its suffix names. Errors: "chart.format" (another
// suffix), "chart.write" (cannot write the file; where = the path).
sb::Status exportChart(QChart *chart, const QString &path, QSize size = {});

} // namespace sb::charts
