#include "report/svgchart.h"

#include "report/escape.h"
#include "report/palette.h"
#include "report/reportmarkdown.h"

#include <algorithm>
#include <cmath>

namespace sb::report::svg {

namespace {

// Text sizes, pixels, and the width of an average character of DejaVu Sans relative to its size
// (text is measured by this estimate: no font is at hand, and none is needed to stay clear of
// the data with some slack).
constexpr double kTitleSize = 13;
constexpr double kTextSize = 11;
constexpr double kAxisTitleSize = 11.5;
constexpr double kCharWidth = 0.6;
constexpr int kLegendRow = 16;
constexpr int kMinPlotHeight = 120;
// Texts inside a chart (titles, labels, legend entries) are cut to these many characters.
constexpr qsizetype kMaxTitleChars = 300;
constexpr qsizetype kMaxLegendChars = 48;

const QString kInk = QStringLiteral("#1d2330");
const QString kAxisInk = QStringLiteral("#687080");
const QString kGrid = QStringLiteral("#e3e6eb");

double textWidth(const QString &text, double size)
{
    return double(text.size()) * size * kCharWidth;
}

QString num(double v)
{
    return QString::number(v, 'f', 1);
}

QString text(double x, double y, const QString &content, double size, const QString &anchor,
             const QString &extra = QString())
{
    return QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"%3\" fill=\"%4\" "
                          "text-anchor=\"%5\"%6>%7</text>\n")
        .arg(num(x), num(y), QString::number(size), kInk, anchor, extra, htmlEscaped(content));
}

QString dashArray(Dash d)
{
    switch (d) {
    case Dash::Solid:
        return QString();
    case Dash::Dashed:
        return QStringLiteral(" stroke-dasharray=\"7 4\"");
    case Dash::Dotted:
        return QStringLiteral(" stroke-dasharray=\"1.5 3.5\"");
    case Dash::DashDot:
        return QStringLiteral(" stroke-dasharray=\"7 3 1.5 3\"");
    }
    return QString();
}

// A label for a tick at `v` when ticks are `step` apart: "20,000", "2.5", "0.25".
QString linearLabel(double v, double step)
{
    int decimals = 0;
    if (step < 1 && step > 0) {
        decimals = int(std::ceil(-std::log10(step) - 1e-9));
        const double mantissa = step / std::pow(10.0, -decimals);
        if (std::fabs(mantissa - std::round(mantissa)) > 1e-6)
            ++decimals;
    }
    if (std::fabs(v) < step * 1e-9)
        v = 0; // no "-0"
    return formatNumber(v, decimals);
}

QString logLabel(double v)
{
    if (v >= 1 && std::fabs(v - std::round(v)) < 1e-9)
        return formatNumber(v, 0);
    return QString::number(v, 'g', 3);
}

// A 1, 2, 2.5 or 5 times a power of ten near range / 5.
double niceStep(double range)
{
    const double rough = range / 5;
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * power >= rough)
            return m * power;
    return 10 * power;
}

// The axis as drawn: its range and ticks.
struct Scale
{
    double lo = 0;
    double hi = 1;
    bool log = false;
    QVector<std::pair<double, QString>> ticks;

    // 0..1 along the axis; NaN when the value cannot be shown (<= 0 on a log axis).
    double fraction(double v) const
    {
        if (log) {
            if (v <= 0)
                return NAN;
            return (std::log(v) - std::log(lo)) / (std::log(hi) - std::log(lo));
        }
        return (v - lo) / (hi - lo);
    }
};

Scale scaleOf(const Axis &axis)
{
    Scale s;
    s.log = axis.log;
    s.lo = std::isfinite(axis.lo) ? axis.lo : 0;
    s.hi = std::isfinite(axis.hi) ? axis.hi : 1;
    if (s.log) {
        if (s.lo <= 0)
            s.lo = s.hi > 0 ? s.hi / 10 : 1;
        if (s.hi <= s.lo)
            s.hi = s.lo * 10;
    } else if (s.hi <= s.lo) {
        s.hi = s.lo + (s.lo != 0 ? std::fabs(s.lo) : 1);
    }
    if (!axis.ticks.isEmpty()) {
        s.ticks = axis.ticks;
        return s;
    }
    if (!s.log) {
        const double step = niceStep(s.hi - s.lo);
        s.lo = std::floor(s.lo / step + 1e-9) * step;
        s.hi = std::ceil(s.hi / step - 1e-9) * step;
        // Counted, not summed: a step below the values' precision must not loop forever.
        const int count = int(std::min(50.0, std::round((s.hi - s.lo) / step)));
        for (int k = 0; k <= count; ++k) {
            const double v = s.lo + k * step;
            s.ticks.append({v, linearLabel(v, step)});
        }
        return s;
    }
    const int first = int(std::floor(std::log10(s.lo)));
    const int last = int(std::ceil(std::log10(s.hi)));
    for (const QVector<double> &mantissas : {QVector<double>{1}, QVector<double>{1, 2, 5}}) {
        s.ticks.clear();
        for (int k = first; k <= last && last - first < 40; ++k)
            for (double m : mantissas) {
                const double v = m * std::pow(10.0, k);
                if (v >= s.lo * (1 - 1e-9) && v <= s.hi * (1 + 1e-9))
                    s.ticks.append({v, logLabel(v)});
            }
        if (s.ticks.size() >= 3)
            break;
    }
    return s;
}

struct LegendEntry
{
    QString name;
    int colour = 0;
    Dash dash = Dash::Solid;
    bool markers = false;
    bool box = false;
    double x = 0; // position inside the legend, pixels
    int row = 0;
};

// The legend's entries laid out left to right in rows `width` wide; returns the row count.
int layOutLegend(QVector<LegendEntry> &entries, double width)
{
    double x = 0;
    int row = 0;
    for (LegendEntry &e : entries) {
        const double w = 28 + textWidth(e.name, kTextSize) + 14;
        if (x > 0 && x + w > width) {
            x = 0;
            ++row;
        }
        e.x = x;
        e.row = row;
        x += w;
    }
    return entries.isEmpty() ? 0 : row + 1;
}

QVector<LegendEntry> legendOf(const Chart &chart)
{
    QVector<LegendEntry> out;
    for (const BoxSeries &b : chart.boxes)
        out.append({elided(b.name, kMaxLegendChars), b.colour, Dash::Solid, false, true});
    for (const Line &l : chart.lines)
        if (l.legend)
            out.append({elided(l.name, kMaxLegendChars), l.colour, l.dash, l.markers, false});
    return out;
}

class Writer
{
public:
    Writer(const Chart &chart, QSize size, const QString &prefix)
        : m_chart(chart)
        , m_width(size.width())
        , m_height(size.height())
        , m_prefix(prefix)
    {}

    QString write()
    {
        layOut();
        QString body;
        body += QStringLiteral("<rect width=\"%1\" height=\"%2\" fill=\"#ffffff\"/>\n")
                    .arg(m_width)
                    .arg(m_height);
        body += text(m_width / 2.0, 19, elided(m_title, titleChars()), kTitleSize,
                     QStringLiteral("middle"), QStringLiteral(" font-weight=\"600\""));
        body += grid();
        body += QStringLiteral("<clipPath id=\"%1plot\"><rect x=\"%2\" y=\"%3\" width=\"%4\" "
                               "height=\"%5\"/></clipPath>\n<g clip-path=\"url(#%1plot)\">\n")
                    .arg(m_prefix, num(m_left), num(m_top), num(m_right - m_left),
                         num(m_bottom - m_top));
        const bool boxed = boxes(body);
        const bool drawn = lines(body) || boxed;
        body += QStringLiteral("</g>\n");
        if (!drawn && !m_chart.empty.isEmpty())
            body +=
                text((m_left + m_right) / 2, (m_top + m_bottom) / 2, m_chart.empty, kAxisTitleSize,
                     QStringLiteral("middle"), QStringLiteral(" fill-opacity=\"0.7\""));
        body += axes();
        body += legend();
        const QString label = htmlEscaped(m_title);
        return QStringLiteral("<svg role=\"img\" aria-label=\"%1\" width=\"%2\" height=\"%3\" "
                              "viewBox=\"0 0 %2 %3\" font-family=\"DejaVu Sans, Helvetica, "
                              "Arial, sans-serif\">\n<title>%1</title>\n%4</svg>\n")
            .arg(label, QString::number(m_width), QString::number(m_height), body);
    }

private:
    bool isBoxChart() const { return !m_chart.categories.isEmpty(); }

    qsizetype titleChars() const
    {
        return std::max<qsizetype>(8, qsizetype((m_width - 20) / (kTitleSize * kCharWidth)));
    }

    void layOut()
    {
        m_title = elided(m_chart.title, kMaxTitleChars);
        if (isBoxChart()) {
            m_x.lo = -0.5;
            m_x.hi = double(m_chart.categories.size()) - 0.5;
            for (qsizetype i = 0; i < m_chart.categories.size(); ++i)
                m_x.ticks.append({double(i), elided(m_chart.categories[i], 24)});
        } else {
            m_x = scaleOf(m_chart.x);
        }
        m_y = scaleOf(m_chart.y);
        for (auto &t : m_x.ticks)
            t.second = elided(t.second, 24);
        for (auto &t : m_y.ticks)
            t.second = elided(t.second, 16);
        double labels = 0;
        for (const auto &t : m_y.ticks)
            labels = std::max(labels, textWidth(t.second, kTextSize));
        m_left = 12 + 16 + labels + 8;
        const double lastLabel =
            m_x.ticks.isEmpty() ? 0 : textWidth(m_x.ticks.last().second, kTextSize) / 2;
        m_right = m_width - std::max(16.0, lastLabel + 6);
        m_legend = legendOf(m_chart);
        const int rows = layOutLegend(m_legend, m_width - 24);
        m_top = 32;
        const double below = 18 + 20 + (rows > 0 ? 8 + rows * kLegendRow : 0) + 8;
        if (m_height - below - m_top < kMinPlotHeight)
            m_height = int(std::ceil(m_top + kMinPlotHeight + below));
        m_bottom = m_height - below;
        m_legendTop = m_bottom + 18 + 20 + 8;
    }

    double px(double v) const { return m_left + m_x.fraction(v) * (m_right - m_left); }
    double py(double v) const { return m_bottom - m_y.fraction(v) * (m_bottom - m_top); }

    QString grid() const
    {
        QString out = QStringLiteral("<g stroke=\"%1\" stroke-width=\"1\">\n").arg(kGrid);
        for (const auto &t : m_y.ticks) {
            const double y = py(t.first);
            if (std::isfinite(y))
                out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\"/>\n")
                           .arg(num(m_left), num(y), num(m_right));
        }
        if (!isBoxChart())
            for (const auto &t : m_x.ticks) {
                const double x = px(t.first);
                if (std::isfinite(x))
                    out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\"/>\n")
                               .arg(num(x), num(m_top), num(m_bottom));
            }
        return out + QStringLiteral("</g>\n");
    }

    QString axes() const
    {
        QString out =
            QStringLiteral("<g class=\"axes\" stroke=\"%1\" stroke-width=\"1\">\n<line x1=\"%2\" "
                           "y1=\"%3\" x2=\"%4\" y2=\"%3\"/>\n<line x1=\"%2\" y1=\"%5\" "
                           "x2=\"%2\" y2=\"%3\"/>\n")
                .arg(kAxisInk, num(m_left), num(m_bottom), num(m_right), num(m_top));
        QString labels;
        double lastRight = -1e9;
        for (const auto &t : m_x.ticks) {
            const double x = px(t.first);
            if (!std::isfinite(x) || x < m_left - 0.5 || x > m_right + 0.5)
                continue;
            out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\"/>\n")
                       .arg(num(x), num(m_bottom), num(m_bottom + 4));
            const double half = textWidth(t.second, kTextSize) / 2;
            if (x - half < lastRight + 4)
                continue; // would overlap the label before it
            lastRight = x + half;
            labels += text(x, m_bottom + 16, t.second, kTextSize, QStringLiteral("middle"));
        }
        double lastTop = 1e9;
        for (const auto &t : m_y.ticks) {
            const double y = py(t.first);
            if (!std::isfinite(y) || y < m_top - 0.5 || y > m_bottom + 0.5)
                continue;
            out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\"/>\n")
                       .arg(num(m_left - 4), num(y), num(m_left));
            if (y > lastTop - 13)
                continue;
            lastTop = y;
            labels += text(m_left - 7, y + 4, t.second, kTextSize, QStringLiteral("end"));
        }
        out += QStringLiteral("</g>\n") + labels;
        out += text((m_left + m_right) / 2, m_bottom + 35, elided(m_chart.x.title, titleChars()),
                    kAxisTitleSize, QStringLiteral("middle"));
        const double yMid = (m_top + m_bottom) / 2;
        out += text(16, yMid, elided(m_chart.y.title, 60), kAxisTitleSize, QStringLiteral("middle"),
                    QStringLiteral(" transform=\"rotate(-90 16 %1)\"").arg(num(yMid)));
        return out;
    }

    bool lines(QString &out) const
    {
        bool drawn = false;
        for (const Line &l : m_chart.lines) {
            QString path;
            QString markers;
            for (const QPointF &p : l.points) {
                const double x = px(p.x());
                const double y = py(p.y());
                if (!std::isfinite(x) || !std::isfinite(y))
                    continue;
                path += (path.isEmpty() ? QStringLiteral("M") : QStringLiteral(" L")) + num(x) +
                        QLatin1Char(' ') + num(y);
                if (l.markers)
                    markers += QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"3.2\"/>")
                                   .arg(num(x), num(y));
            }
            if (path.isEmpty())
                continue;
            drawn = true;
            const QString c = colour(l.colour);
            out += QStringLiteral("<path d=\"%1\" fill=\"none\" stroke=\"%2\" stroke-width=\"2\" "
                                  "stroke-linecap=\"round\" stroke-linejoin=\"round\"%3/>\n")
                       .arg(path, c, dashArray(l.dash));
            if (!markers.isEmpty())
                out += QStringLiteral("<g fill=\"%1\" stroke=\"#ffffff\" stroke-width=\"1\">%2"
                                      "</g>\n")
                           .arg(c, markers);
        }
        return drawn;
    }

    bool boxes(QString &out) const
    {
        const qsizetype series = m_chart.boxes.size();
        if (!isBoxChart() || series == 0)
            return false;
        bool drawn = false;
        const double slot = (m_right - m_left) / double(m_chart.categories.size());
        const double group = slot * 0.7;
        const double each = group / double(series);
        const double width = std::max(2.0, each * 0.8);
        for (qsizetype s = 0; s < series; ++s) {
            const BoxSeries &b = m_chart.boxes[s];
            const QString c = colour(b.colour);
            for (qsizetype i = 0; i < b.boxes.size() && i < m_chart.categories.size(); ++i) {
                if (!b.boxes[i])
                    continue;
                const Box &x = *b.boxes[i];
                const double mid =
                    m_left + slot * (double(i) + 0.5) - group / 2 + each * (double(s) + 0.5);
                const double q1 = py(x.lowerQuartile), q3 = py(x.upperQuartile);
                const double lo = py(x.min), hi = py(x.max), med = py(x.median);
                if (!std::isfinite(q1 + q3 + lo + hi + med))
                    continue;
                drawn = true;
                out += QStringLiteral(
                           "<g stroke=\"%1\" stroke-width=\"1.2\"><line x1=\"%2\" y1=\"%3\" "
                           "x2=\"%2\" y2=\"%4\"/><line x1=\"%2\" y1=\"%5\" x2=\"%2\" y2=\"%6\"/>"
                           "<line x1=\"%7\" y1=\"%3\" x2=\"%8\" y2=\"%3\"/><line x1=\"%7\" "
                           "y1=\"%6\" x2=\"%8\" y2=\"%6\"/>")
                           .arg(c, num(mid), num(hi), num(q3), num(q1), num(lo),
                                num(mid - width / 4), num(mid + width / 4));
                out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" "
                                      "fill=\"%5\" fill-opacity=\"0.55\"/><line x1=\"%1\" "
                                      "y1=\"%6\" x2=\"%7\" y2=\"%6\" stroke-width=\"2.4\"/></g>\n")
                           .arg(num(mid - width / 2), num(q3), num(width),
                                num(std::max(0.8, q1 - q3)), c, num(med), num(mid + width / 2));
            }
        }
        return drawn;
    }

    QString legend() const
    {
        QString out = QStringLiteral("<g class=\"legend\">\n");
        for (const LegendEntry &e : m_legend) {
            const double x = 12 + e.x;
            const double y = m_legendTop + e.row * kLegendRow + 8;
            const QString c = colour(e.colour);
            if (e.box)
                out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"20\" height=\"9\" "
                                      "fill=\"%3\" fill-opacity=\"0.55\" stroke=\"%3\"/>\n")
                           .arg(num(x + 2), num(y - 4.5), c);
            else
                out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" "
                                      "stroke=\"%4\" stroke-width=\"2\"%5/>\n")
                           .arg(num(x), num(y), num(x + 24), c, dashArray(e.dash));
            if (e.markers)
                out += QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"3.2\" fill=\"%3\" "
                                      "stroke=\"#ffffff\"/>\n")
                           .arg(num(x + 12), num(y), c);
            out += text(x + 28, y + 4, e.name, kTextSize, QStringLiteral("start"));
        }
        return out + QStringLiteral("</g>\n");
    }

    const Chart &m_chart;
    int m_width;
    int m_height;
    QString m_prefix;
    QString m_title;
    Scale m_x;
    Scale m_y;
    QVector<LegendEntry> m_legend;
    double m_left = 0, m_right = 0, m_top = 0, m_bottom = 0, m_legendTop = 0;
};

} // namespace

Dash dashOf(int n)
{
    static constexpr Dash dashes[] = {Dash::Solid, Dash::Dashed, Dash::Dotted, Dash::DashDot};
    return dashes[size_t(std::max(n, 0)) % 4];
}

QString colour(int index)
{
    return QStringLiteral("#%1").arg(configurationColour(index), 6, 16, QLatin1Char('0'));
}

QString elided(const QString &text, qsizetype maxChars)
{
    if (text.size() <= maxChars)
        return text;
    qsizetype keep = std::max<qsizetype>(1, maxChars - 1);
    if (text[keep].isLowSurrogate())
        --keep; // not half a character
    return text.left(keep) + QChar(0x2026);
}

QString renderSvg(const Chart &chart, QSize size, const QString &idPrefix)
{
    return Writer(chart, size, idPrefix).write();
}

} // namespace sb::report::svg
