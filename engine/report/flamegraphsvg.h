#pragma once

// Flame graphs as static SVG for the HTML report (issue 25): the root ("all samples") at the
// bottom, callers below their callees, each frame as wide as its share, in the palette's warm
// colours (report/palette.h). No script: each frame's <title> is its hover text (the frame, its
// samples and shares). Frames narrower than a minimum width are left out (the graph says how
// many), names are cut to fit their frame and escaped for XML (report/escape.h), so any name a
// profile holds stays text. The differential variant colours each frame by the change in its
// share between two profiles (red grew, blue shrank) and draws a legend. Laid out by
// profile/flamelayout.h, as the GUI's widget is. Pure; any thread; size linear in the frames
// drawn.

#include "profile/difftree.h"
#include "profile/frametree.h"

#include <QString>

namespace sb::report {

struct FlameSvgOptions
{
    QString title;           // above the graph (escaped here); empty = none
    QString idPrefix;        // ids inside the SVG start with it: unique per document
    int widthPx = 1100;      // the whole graph
    int rowPx = 17;          // one frame's height
    double minFramePx = 1.0; // frames narrower than this are left out
    int maxRows = 160;       // deeper frames are left out (and counted)
};

// The flame graph of `tree` as an <svg> element (with its xmlns: it is valid on its own as an
// .svg file, and inline in HTML). Hover text: "frame\nN samples, X % of all; self M, Y %".
QString flameGraphSvg(const profile::FrameTree &tree, const FlameSvgOptions &options);

// The differential flame graph of `diff` (A the baseline, B against it), widths as
// DiffTree::weight(), colours by DiffTree::delta() at report::diffColour (scaled to the largest
// change drawn, at least kDiffMinScale), with a legend naming `nameA` and `nameB`. Hover text:
// "frame\nA: X % (N samples), B: Y % (M samples), change +Z pp".
QString diffFlameGraphSvg(const profile::DiffTree &diff, const QString &nameA, const QString &nameB,
                          const FlameSvgOptions &options);

// "12.3 %" of a share 0..1, one decimal ("0.04 %" below 0.1 %: a frame is never shown as 0 %
// while it has samples).
QString shareText(double share);
// "+3.4 pp", "-0.2 pp", "±0.0 pp": a change in share, percentage points.
QString shareDeltaText(double delta);

} // namespace sb::report
