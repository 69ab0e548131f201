#include "profile/flamelayout.h"

#include <algorithm>

namespace sb::profile {

double nodeWeight(const FrameTree &tree, const QVector<double> &weights, int node)
{
    if (!weights.isEmpty())
        return node < weights.size() ? weights[node] : 0.0;
    const qint64 all = tree.totalSamples();
    return all > 0 ? double(tree.node(node).totalSamples) / double(all) : 0.0;
}

FlameLayout flameLayout(const FrameTree &tree, const QVector<double> &weights, int zoom,
                        double minWidth)
{
    FlameLayout out;
    if (zoom < 0 || zoom >= tree.nodeCount())
        zoom = FrameTree::kRoot;
    // The zoom node's callers, root first, across the whole width.
    QVector<int> callers;
    for (int n = tree.node(zoom).parent; n >= 0; n = tree.node(n).parent)
        callers.prepend(n);
    for (int n : callers)
        out.rects.append({n, tree.node(n).depth, 0.0, 1.0});
    out.rects.append({zoom, tree.node(zoom).depth, 0.0, 1.0});
    out.rows = tree.node(zoom).depth + 1;
    const double scale = nodeWeight(tree, weights, zoom);
    if (scale <= 0)
        return out;
    // Depth first, callees left to right in the tree's order.
    struct Step
    {
        int node;
        double x;
    };
    QVector<Step> todo;
    const auto pushCallees = [&](int node, double x) {
        const QVector<int> &children = tree.node(node).children;
        // Reversed, so the first callee is laid out first; each starts where the ones before
        // it end.
        QVector<Step> row;
        double at = x;
        for (int c : children) {
            row.append({c, at});
            at += nodeWeight(tree, weights, c) / scale;
        }
        for (qsizetype i = row.size() - 1; i >= 0; --i)
            todo.append(row[i]);
    };
    pushCallees(zoom, 0.0);
    while (!todo.isEmpty()) {
        const Step step = todo.takeLast();
        const double width = std::min(1.0, nodeWeight(tree, weights, step.node) / scale);
        if (width <= 0)
            continue;
        if (width < minWidth) {
            ++out.omitted;
            continue;
        }
        const int depth = tree.node(step.node).depth;
        out.rects.append({step.node, depth, step.x, width});
        out.rows = std::max(out.rows, depth + 1);
        pushCallees(step.node, step.x);
    }
    return out;
}

int rectAt(const FlameLayout &layout, double x, int depth)
{
    for (qsizetype i = 0; i < layout.rects.size(); ++i) {
        const FlameRect &r = layout.rects[i];
        if (r.depth == depth && x >= r.x && x < r.x + r.width)
            return int(i);
    }
    // The right edge belongs to the rect that ends there.
    for (qsizetype i = 0; i < layout.rects.size(); ++i) {
        const FlameRect &r = layout.rects[i];
        if (r.depth == depth && x == r.x + r.width)
            return int(i);
    }
    return -1;
}

double matchedShare(const FrameTree &tree, const QVector<bool> &matches,
                    const QVector<double> &weights)
{
    double sum = 0;
    QVector<int> todo{FrameTree::kRoot};
    while (!todo.isEmpty()) {
        const int n = todo.takeLast();
        const FrameTree::Node &node = tree.node(n);
        if (node.name >= 0 && node.name < matches.size() && matches[node.name]) {
            sum += nodeWeight(tree, weights, n);
            continue; // its callees are inside it
        }
        for (int c : node.children)
            todo.append(c);
    }
    return std::min(1.0, sum);
}

} // namespace sb::profile
