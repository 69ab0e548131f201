#include "profile/difftree.h"

#include <algorithm>
#include <limits>

namespace sb::profile {

namespace {

double share(qint64 samples, qint64 all)
{
    return all > 0 ? double(samples) / double(all) : 0.0;
}

// Each node of `side` to its node of `shape`, which holds every path of `side`. A FrameTree
// appends a node after its caller, so callers are mapped first.
void mapSide(const FrameTree &side, const FrameTree &shape, QVector<qint64> &total,
             QVector<qint64> &self)
{
    total.fill(0, shape.nodeCount());
    self.fill(0, shape.nodeCount());
    QVector<int> map(side.nodeCount(), FrameTree::kRoot);
    for (int i = 0; i < side.nodeCount(); ++i) {
        const FrameTree::Node &n = side.node(i);
        if (i != FrameTree::kRoot)
            map[i] = shape.childNamed(map[n.parent], side.names()[n.name]);
        total[map[i]] = n.totalSamples;
        self[map[i]] = n.selfSamples;
    }
}

} // namespace

sb::Result<DiffTree> DiffTree::build(const FrameTree &a, const FrameTree &b)
{
    FoldedLimits limits;
    limits.maxNodes = a.nodeCount() + b.nodeCount();
    limits.maxDepth = std::max(a.maxDepth(), b.maxDepth());
    limits.maxSamples = std::numeric_limits<qint64>::max();
    DiffTree d;
    if (sb::Status s = d.m_shape.merge(a, limits); !s.ok())
        return s.error();
    if (sb::Status s = d.m_shape.merge(b, limits); !s.ok())
        return s.error();
    d.m_samplesA = a.totalSamples();
    d.m_samplesB = b.totalSamples();
    mapSide(a, d.m_shape, d.m_totalA, d.m_selfA);
    mapSide(b, d.m_shape, d.m_totalB, d.m_selfB);
    return d;
}

double DiffTree::shareA(int node) const
{
    return share(m_totalA[node], m_samplesA);
}

double DiffTree::shareB(int node) const
{
    return share(m_totalB[node], m_samplesB);
}

double DiffTree::selfShareA(int node) const
{
    return share(m_selfA[node], m_samplesA);
}

double DiffTree::selfShareB(int node) const
{
    return share(m_selfB[node], m_samplesB);
}

double DiffTree::weight(int node) const
{
    if (m_samplesA <= 0)
        return shareB(node);
    if (m_samplesB <= 0)
        return shareA(node);
    return (shareA(node) + shareB(node)) / 2;
}

QVector<double> DiffTree::weights() const
{
    QVector<double> w(m_shape.nodeCount());
    for (int i = 0; i < m_shape.nodeCount(); ++i)
        w[i] = weight(i);
    return w;
}

} // namespace sb::profile
