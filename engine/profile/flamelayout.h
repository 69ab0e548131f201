#pragma once

// Where each frame of a flame graph goes, for the GUI's widget and the HTML report's SVG alike
// (one layout, two painters): a row per depth, the root ("all") in row 0, each node as wide as
// its weight (a share of the whole) and its callees side by side under (or, drawn as icicles,
// below) it in the tree's order. Zoomed on a node: that node and its callers span the whole
// width, its callees share it. Pure; any thread.

#include "profile/frametree.h"

#include <QVector>

namespace sb::profile {

struct FlameRect
{
    int node = 0;     // the tree's node
    int depth = 0;    // its row: the node's depth (0 = the root)
    double x = 0;     // left edge, a fraction of the whole width, 0..1
    double width = 0; // a fraction of the whole width, 0..1
};

struct FlameLayout
{
    QVector<FlameRect> rects; // callers before callees (depth first)
    int rows = 0;             // 1 + the deepest row laid out
    int omitted = 0;          // nodes left out narrower than minWidth (their callees uncounted)
};

// The layout of `tree` zoomed on `zoom` (FrameTree::kRoot: not zoomed). `weights` gives each
// node's share of the whole (by node index; empty = its total samples over the tree's; a
// differential tree passes DiffTree::weights()); under the zoom a node's width is its weight
// over the zoom node's. Nodes narrower than `minWidth` (a fraction of the whole width) are
// left out with their callees. A zoom node of weight 0 lays out only itself and its callers.
FlameLayout flameLayout(const FrameTree &tree, const QVector<double> &weights = {},
                        int zoom = FrameTree::kRoot, double minWidth = 0);

// The rect of `layout` at `x` (fraction of the width) in row `depth`; -1 when none (an index
// into layout.rects).
int rectAt(const FlameLayout &layout, double x, int depth);

// The share of the whole that the frames whose names `matches` (by name id of tree.names())
// cover: the weight of each matching node that has no matching caller, summed, so a stack is
// counted once however often a match recurs in it. `weights` as for flameLayout().
double matchedShare(const FrameTree &tree, const QVector<bool> &matches,
                    const QVector<double> &weights = {});

// The node's weight as flameLayout() reads `weights` (its total samples over the tree's when
// empty).
double nodeWeight(const FrameTree &tree, const QVector<double> &weights, int node);

} // namespace sb::profile
