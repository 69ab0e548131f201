#include "profile/topfunctions.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace sb::profile {

namespace {

double share(qint64 samples, qint64 all)
{
    return all > 0 ? double(samples) / double(all) : 0.0;
}

// Per name id of `tree`: self and total samples, a total counted once per stack: only at the
// outermost node of that name on a path (its total holds the inner ones').
void costsOf(const FrameTree &tree, QVector<qint64> &self, QVector<qint64> &total)
{
    const qsizetype names = tree.names().size();
    self.fill(0, names);
    total.fill(0, names);
    QVector<int> open(names, 0); // nodes of each name on the current path
    struct Step
    {
        int node;
        bool leave;
    };
    QVector<Step> todo{{FrameTree::kRoot, false}};
    while (!todo.isEmpty()) {
        const Step step = todo.takeLast();
        const FrameTree::Node &n = tree.node(step.node);
        if (step.leave) {
            --open[n.name];
            continue;
        }
        if (n.name >= 0) {
            self[n.name] += n.selfSamples;
            if (open[n.name]++ == 0)
                total[n.name] += n.totalSamples;
            todo.append({step.node, true});
        }
        for (int child : n.children)
            todo.append({child, false});
    }
}

} // namespace

QVector<FunctionCost> topFunctions(const FrameTree &tree, CostOrder order, int limit)
{
    QVector<qint64> self, total;
    costsOf(tree, self, total);
    const qint64 all = tree.totalSamples();
    QVector<FunctionCost> out;
    out.reserve(self.size());
    for (qsizetype i = 0; i < self.size(); ++i)
        out.append({tree.names()[i], self[i], total[i], share(self[i], all), share(total[i], all)});
    const auto key = [order](const FunctionCost &c) {
        return order == CostOrder::Self ? std::pair(c.selfSamples, c.totalSamples)
                                        : std::pair(c.totalSamples, c.selfSamples);
    };
    std::sort(out.begin(), out.end(), [&](const FunctionCost &x, const FunctionCost &y) {
        if (key(x) != key(y))
            return key(x) > key(y);
        return x.name < y.name;
    });
    if (limit >= 0 && out.size() > limit)
        out.resize(limit);
    return out;
}

QVector<FunctionDelta> functionDeltas(const FrameTree &a, const FrameTree &b, int limit)
{
    QHash<QString, qsizetype> index;
    QVector<FunctionDelta> out;
    const auto slot = [&](const QString &name) -> FunctionDelta & {
        auto it = index.constFind(name);
        if (it == index.cend()) {
            it = index.insert(name, out.size());
            out.append(FunctionDelta{name, 0, 0, 0, 0});
        }
        return out[it.value()];
    };
    for (const FunctionCost &c : topFunctions(a, CostOrder::Self)) {
        FunctionDelta &d = slot(c.name);
        d.selfShareA = c.selfShare;
        d.totalShareA = c.totalShare;
    }
    for (const FunctionCost &c : topFunctions(b, CostOrder::Self)) {
        FunctionDelta &d = slot(c.name);
        d.selfShareB = c.selfShare;
        d.totalShareB = c.totalShare;
    }
    std::sort(out.begin(), out.end(), [](const FunctionDelta &x, const FunctionDelta &y) {
        const double dx = std::abs(x.selfDelta());
        const double dy = std::abs(y.selfDelta());
        if (dx != dy)
            return dx > dy;
        return x.name < y.name;
    });
    if (limit >= 0 && out.size() > limit)
        out.resize(limit);
    return out;
}

} // namespace sb::profile
