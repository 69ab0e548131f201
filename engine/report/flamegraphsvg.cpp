#include "report/flamegraphsvg.h"

#include "profile/flamelayout.h"
#include "report/escape.h"
#include "report/palette.h"
#include "report/reportmarkdown.h"
#include "report/svgchart.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace sb::report {

namespace {

constexpr double kTitleSize = 13;
constexpr double kTextSize = 11;
constexpr double kCharWidth = 0.6; // of DejaVu Sans, relative to its size (svgchart's estimate)
constexpr int kTitleHeight = 28;
constexpr int kNoteHeight = 18;
constexpr int kLegendHeight = 34;
constexpr double kPad = 10;
// Hover texts and frame labels hold at most this many characters of a name: a hostile profile
// cannot make the SVG grow faster than its frames.
constexpr qsizetype kMaxNameChars = 400;

QString hex(uint32_t rgb)
{
    return QStringLiteral("#%1").arg(rgb & 0xffffff, 6, 16, QLatin1Char('0'));
}

QString num(double v)
{
    return QString::number(v, 'f', 1);
}

uint32_t nameColour(const QString &name)
{
    return flameColour(
        flameNameHash(reinterpret_cast<const char16_t *>(name.utf16()), name.size()));
}

struct Frame
{
    uint32_t fill = 0;
    QString hover; // raw
};

// The graph's frames, root at the bottom; `frameOf(node)` gives each its colour and hover text.
// Adds the title above and returns the <svg> without the legend's height, which `legend`
// (already placed below the frames at `legendTop`) adds.
QString graph(const profile::FrameTree &tree, const QVector<double> &weights,
              const FlameSvgOptions &o, const std::function<Frame(int node)> &frameOf,
              const std::function<QString(double legendTop, double width)> &legend,
              int legendHeight)
{
    const double width = std::max(200, o.widthPx);
    const double inner = width - 2 * kPad;
    const profile::FlameLayout layout =
        profile::flameLayout(tree, weights, profile::FrameTree::kRoot, o.minFramePx / inner);
    const int rows = std::clamp(layout.rows, 1, std::max(1, o.maxRows));
    int deeper = 0;
    for (const profile::FlameRect &r : layout.rects)
        deeper += r.depth >= rows ? 1 : 0;
    const int hidden = layout.omitted + deeper;
    const double top = o.title.isEmpty() ? kPad : kTitleHeight;
    const double framesBottom = top + rows * o.rowPx;
    const double noteTop = framesBottom + 4;
    const double legendTop = noteTop + (hidden > 0 ? kNoteHeight : 0);
    const double height = legendTop + legendHeight + kPad;

    QString body;
    body += QStringLiteral("<rect width=\"%1\" height=\"%2\" fill=\"#ffffff\"/>\n")
                .arg(num(width), num(height));
    const QString ink = hex(kFlameText);
    if (!o.title.isEmpty()) {
        const qsizetype chars = qsizetype((width - 20) / (kTitleSize * kCharWidth));
        body += QStringLiteral("<text x=\"%1\" y=\"19\" font-size=\"%2\" font-weight=\"600\" "
                               "fill=\"%3\" text-anchor=\"middle\">%4</text>\n")
                    .arg(num(width / 2), QString::number(kTitleSize), ink,
                         htmlEscaped(svg::elided(o.title, std::max<qsizetype>(8, chars))));
    }
    body += QStringLiteral("<g font-size=\"%1\" fill=\"%2\">\n").arg(kTextSize).arg(ink);
    for (const profile::FlameRect &r : layout.rects) {
        if (r.depth >= rows)
            continue;
        const double x = kPad + r.x * inner;
        const double w = r.width * inner;
        const double y = framesBottom - (r.depth + 1) * o.rowPx;
        const Frame f = frameOf(r.node);
        const QString name = r.node == profile::FrameTree::kRoot
                                 ? QStringLiteral("all samples")
                                 : svg::elided(tree.name(r.node), kMaxNameChars);
        body += QStringLiteral("<g><title>%1</title><rect x=\"%2\" y=\"%3\" width=\"%4\" "
                               "height=\"%5\" rx=\"2\" fill=\"%6\"/>")
                    .arg(htmlEscaped(f.hover), num(x), num(y), QString::number(w, 'f', 2),
                         QString::number(o.rowPx - 1), hex(f.fill));
        // A label only where three characters and the ellipsis fit.
        const qsizetype chars = qsizetype((w - 6) / (kTextSize * kCharWidth));
        if (chars >= 4)
            body +=
                QStringLiteral("<text x=\"%1\" y=\"%2\">%3</text>")
                    .arg(num(x + 3), num(y + o.rowPx - 5), htmlEscaped(svg::elided(name, chars)));
        body += QStringLiteral("</g>\n");
    }
    body += QStringLiteral("</g>\n");
    if (hidden > 0)
        body += QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"%3\" fill=\"#687080\">%4"
                               "</text>\n")
                    .arg(num(kPad), num(noteTop + 12), QString::number(kTextSize),
                         htmlEscaped(QStringLiteral("%1 frames narrower than %2 px or deeper "
                                                    "than %3 rows are not drawn.")
                                         .arg(hidden)
                                         .arg(o.minFramePx)
                                         .arg(rows)));
    if (legend)
        body += legend(legendTop, width);
    const QString label = htmlEscaped(o.title.isEmpty() ? QStringLiteral("Flame graph") : o.title);
    return QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
                          "aria-label=\"%1\" width=\"%2\" height=\"%3\" viewBox=\"0 0 %2 %3\" "
                          "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
                          "<title>%1</title>\n%4</svg>\n")
        .arg(label, num(width), num(height), body);
}

QString samplesText(qint64 n)
{
    return n == 1 ? QStringLiteral("1 sample")
                  : formatNumber(double(n), 0) + QStringLiteral(" samples");
}

} // namespace

QString shareText(double share)
{
    const double percent = share * 100;
    if (percent > 0 && percent < 0.1)
        return QString::number(percent, 'f', 2) + QStringLiteral(" %");
    return QString::number(percent, 'f', 1) + QStringLiteral(" %");
}

QString shareDeltaText(double delta)
{
    const double pp = delta * 100;
    const QString magnitude = QString::number(std::abs(pp), 'f', 1);
    if (magnitude == QLatin1String("0.0"))
        return QStringLiteral("\u00b10.0 pp");
    return (pp > 0 ? QStringLiteral("+") : QStringLiteral("\u2212")) + magnitude +
           QStringLiteral(" pp");
}

QString flameGraphSvg(const profile::FrameTree &tree, const FlameSvgOptions &options)
{
    const qint64 all = tree.totalSamples();
    const auto frameOf = [&](int node) {
        const profile::FrameTree::Node &n = tree.node(node);
        const bool root = node == profile::FrameTree::kRoot;
        const QString name =
            root ? QStringLiteral("all samples") : svg::elided(tree.name(node), kMaxNameChars);
        const double total = all > 0 ? double(n.totalSamples) / double(all) : 0;
        const double self = all > 0 ? double(n.selfSamples) / double(all) : 0;
        return Frame{root ? kFlameRoot : nameColour(tree.name(node)),
                     QStringLiteral("%1\n%2, %3 of all; self %4, %5")
                         .arg(name, samplesText(n.totalSamples), shareText(total),
                              formatNumber(double(n.selfSamples), 0), shareText(self))};
    };
    return graph(tree, {}, options, frameOf, {}, 0);
}

QString diffFlameGraphSvg(const profile::DiffTree &diff, const QString &nameA, const QString &nameB,
                          const FlameSvgOptions &options)
{
    const profile::FrameTree &tree = diff.shape();
    const QVector<double> weights = diff.weights();
    const double inner = std::max(200, options.widthPx) - 2 * kPad;
    // The colour scale: the largest change among the frames drawn.
    double scale = kDiffMinScale;
    for (int i = 0; i < tree.nodeCount(); ++i)
        if (weights[i] * inner >= options.minFramePx)
            scale = std::max(scale, std::abs(diff.delta(i)));
    const auto frameOf = [&](int node) {
        const bool root = node == profile::FrameTree::kRoot;
        const QString name =
            root ? QStringLiteral("all samples") : svg::elided(tree.name(node), kMaxNameChars);
        return Frame{root ? kFlameRoot : diffColour(diff.delta(node), scale),
                     QStringLiteral("%1\n%2: %3 (%4), %5: %6 (%7), change %8")
                         .arg(name, svg::elided(nameA, 80), shareText(diff.shareA(node)),
                              samplesText(diff.totalA(node)), svg::elided(nameB, 80),
                              shareText(diff.shareB(node)), samplesText(diff.totalB(node)),
                              shareDeltaText(diff.delta(node)))};
    };
    const auto legend = [&](double top, double width) {
        // A gradient from "shrank" through "same" to "grew", labelled at both ends.
        const double barWidth = std::min(320.0, width / 3);
        const QString id = options.idPrefix + QStringLiteral("diffscale");
        QString out = QStringLiteral("<defs><linearGradient id=\"%1\"><stop offset=\"0\" "
                                     "stop-color=\"%2\"/><stop offset=\"0.5\" stop-color=\"%3\"/>"
                                     "<stop offset=\"1\" stop-color=\"%4\"/></linearGradient>"
                                     "</defs>\n")
                          .arg(htmlEscaped(id), hex(kDiffShrank), hex(kDiffSame), hex(kDiffGrew));
        out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"10\" "
                              "fill=\"url(#%4)\"/>\n")
                   .arg(num(kPad), num(top + 4), num(barWidth), htmlEscaped(id));
        const QString legendText =
            QStringLiteral("blue: a smaller share in %1 than in %2, red: a larger one (full "
                           "colour at \u00b1%3)")
                .arg(svg::elided(nameB, 60), svg::elided(nameA, 60), shareDeltaText(scale).mid(1));
        out += QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"%3\" fill=\"%4\">%5</text>\n")
                   .arg(num(kPad + barWidth + 10), num(top + 13), QString::number(kTextSize),
                        hex(kFlameText), htmlEscaped(legendText));
        out +=
            QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"%3\" fill=\"#687080\">"
                           "%4</text>\n")
                .arg(num(kPad), num(top + 28), QString::number(kTextSize),
                     htmlEscaped(QStringLiteral("width: the mean of the two shares; %1: %2, "
                                                "%3: %4")
                                     .arg(svg::elided(nameA, 80), samplesText(diff.samplesA()),
                                          svg::elided(nameB, 80), samplesText(diff.samplesB()))));
        return out;
    };
    return graph(tree, weights, options, frameOf, legend, kLegendHeight);
}

} // namespace sb::report
