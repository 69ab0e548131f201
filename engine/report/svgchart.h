#pragma once

// Charts as inline SVG, written by hand with QtCore only, for the HTML report: a plot area with
// its axes (titles, ticks at nice numbers, or at given values with labels), light grid lines,
// lines (solid or dashed, with or without point markers) or box plots, a title above and the
// legend beneath the axes, never over the data. Colours by palette index (report/palette.h).
// Every text is escaped (report/escape.h) and long texts elided, so the output grows linearly
// with the input. Pure; any thread.

#include <QPointF>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>
#include <utility>

namespace sb::report::svg {

enum class Dash
{
    Solid,
    Dashed,
    Dotted,
    DashDot,
};
// The n-th dash pattern (solid, dashed, dotted, dash-dot, then again).
Dash dashOf(int n);

struct Axis
{
    QString title;
    double lo = 0; // the range shown (linear: widened to the nice ticks around it)
    double hi = 1;
    bool log = false; // logarithmic (lo and hi > 0)
    // Ticks at these values with these labels; empty = nice numbers (linear) or the powers of
    // 10 with 2 and 5 between them when few (log). Labels that would overlap are left out.
    QVector<std::pair<double, QString>> ticks;
};

// One line of a chart, in data coordinates. Points outside the axes are clipped; on a log axis
// points <= 0 are left out.
struct Line
{
    QString name;   // the legend's text
    int colour = 0; // palette index
    Dash dash = Dash::Solid;
    bool markers = false;
    bool legend = true; // false: an earlier line already has this legend entry
    QVector<QPointF> points;
};

// The five figures of a box: whiskers at min and max, the box from the lower to the upper
// quartile, a line at the median.
struct Box
{
    double min = 0;
    double lowerQuartile = 0;
    double median = 0;
    double upperQuartile = 0;
    double max = 0;
};

// One series of a box chart: a box (or none) per category.
struct BoxSeries
{
    QString name;
    int colour = 0;
    QVector<std::optional<Box>> boxes;
};

struct Chart
{
    QString title;
    Axis x; // ignored for box charts: the categories make the x axis
    Axis y;
    QVector<Line> lines;
    QStringList categories; // box charts: one slot per category, left to right
    QVector<BoxSeries> boxes;
    QString empty; // shown in the plot when there is nothing to draw
};

// "#4e79a7" for palette index `index`.
QString colour(int index);

// `chart` as an <svg> element for inline use in HTML (no XML prolog, no namespace: the HTML
// parser puts it in SVG's namespace), `size` wide and at least that high (a legend of many
// entries makes it higher). Ids inside it (its clip path) start with `idPrefix`, which must be
// unique in the document. role="img" with the title as its accessible name.
QString renderSvg(const Chart &chart, QSize size, const QString &idPrefix);

// `text` cut to `maxChars` characters with an ellipsis (whole when shorter).
QString elided(const QString &text, qsizetype maxChars);

} // namespace sb::report::svg
