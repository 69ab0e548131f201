#pragma once

// A differential profile (issue 25): two profiles A (the baseline) and B of the same code, each
// normalised to its own samples, on one tree holding every call path of either. Per node, the
// share of A's samples and of B's that pass through it, and the change B - A: a frame that grew
// in B has a positive delta. A frame on one side only is on the tree with 0 on the other. The
// flame graph of it is as wide as the mean of the two shares (so a frame of either side shows,
// and callees never outgrow their caller) and coloured by the delta. Pure; a value type; any
// thread.

#include "core/result.h"
#include "profile/frametree.h"

#include <QVector>

namespace sb::profile {

class DiffTree
{
public:
    // The tree of `a` against `b`. Errors: "profile.nodes" when the two together have more
    // call paths than their two trees' node counts allow (cannot happen for trees of this
    // class: kept for the limit's sake), "profile.count" when their samples add past 64 bits.
    static sb::Result<DiffTree> build(const FrameTree &a, const FrameTree &b);

    // Every call path of A or B (FrameTree::kRoot is both roots). Its samples are A's and B's
    // added: use the shares below, not them.
    const FrameTree &shape() const { return m_shape; }

    qint64 samplesA() const { return m_samplesA; }
    qint64 samplesB() const { return m_samplesB; }
    // A node's samples on each side (total: through it; self: it the leaf).
    qint64 totalA(int node) const { return m_totalA[node]; }
    qint64 totalB(int node) const { return m_totalB[node]; }
    qint64 selfA(int node) const { return m_selfA[node]; }
    qint64 selfB(int node) const { return m_selfB[node]; }
    // Shares of each side's samples, 0..1 (0 when a side has none).
    double shareA(int node) const;
    double shareB(int node) const;
    double selfShareA(int node) const;
    double selfShareB(int node) const;
    // shareB - shareA, -1..1: > 0 the frame takes a larger share in B.
    double delta(int node) const { return shareB(node) - shareA(node); }
    double selfDelta(int node) const { return selfShareB(node) - selfShareA(node); }
    // The node's width in a flame graph, as a share of the whole: (shareA + shareB) / 2 (when
    // one side has no samples, the other's share).
    double weight(int node) const;
    // weight() of every node, by node index.
    QVector<double> weights() const;

private:
    FrameTree m_shape;
    qint64 m_samplesA = 0;
    qint64 m_samplesB = 0;
    QVector<qint64> m_totalA, m_totalB, m_selfA, m_selfB; // by node of m_shape
};

} // namespace sb::profile
