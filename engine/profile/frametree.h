#pragma once

// A CPU profile as a tree of frames (issue 25): the root stands for every sample, each other
// node for one distinct call path from the root (a frame under its callers), with the samples
// whose leaf it is (self) and the samples whose stack passes through it (total). Built from
// Brendan Gregg's folded stacks (profile/foldedstacks.h) or stack by stack; read by the top
// functions (profile/topfunctions.h), the differential tree (profile/difftree.h), the flame
// graph's layout (profile/flamelayout.h) and the writer of folded text. Pure; a value type; any
// thread may hold one, one thread at a time may change it.

#include "core/result.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>
#include <QVector>

namespace sb::profile {

// The bounds a profile is read within: a stored or imported profile may hold anything, and a
// tree, a flame graph and a table must stay finite. Each bound exceeded is an error that names
// it; nothing is cut silently.
struct FoldedLimits
{
    qsizetype maxBytes = 256 * 1024 * 1024; // the folded text as a whole, bytes
    qsizetype maxLineBytes = 1024 * 1024;   // one "frame;frame;leaf COUNT" line, bytes
    int maxDepth = 2048;                    // frames in one stack (perf keeps 127 by default)
    int maxNodes = 2'000'000;               // distinct call paths (nodes) in the tree
    qint64 maxSamples = 1'000'000'000'000;  // 10^12: the samples of the whole profile
};

class FrameTree
{
public:
    static constexpr int kRoot = 0; // the root's index: every sample, no frame of its own

    struct Node
    {
        int name = -1;           // index into names(); -1 for the root
        int parent = -1;         // the caller's node; -1 for the root
        int depth = 0;           // frames from the root: 0 the root, 1 its callees, ...
        qint64 selfSamples = 0;  // samples whose leaf frame is this node
        qint64 totalSamples = 0; // samples whose stack passes through this node, self included
        QVector<int> children;   // callees' nodes, sorted by frame name (QString order)
    };

    FrameTree();

    // Adds `count` samples of the stack `frames` (root first, leaf last). Errors, the tree
    // unchanged: "profile.frame" (no frame, an empty frame or one holding ';', CR or LF, which
    // folded text cannot carry), "profile.count" (count < 1, or the profile's samples past
    // limits.maxSamples), "profile.depth" (more than limits.maxDepth frames), "profile.nodes"
    // (more than limits.maxNodes nodes).
    sb::Status addStack(const QList<QStringView> &frames, qint64 count,
                        const FoldedLimits &limits = {});
    sb::Status addStack(const QStringList &frames, qint64 count, const FoldedLimits &limits = {});
    // Adds every stack of `other` (the same errors; on an error the stacks added so far stay).
    sb::Status merge(const FrameTree &other, const FoldedLimits &limits = {});

    int nodeCount() const { return int(m_nodes.size()); }
    const Node &node(int index) const { return m_nodes[index]; }
    // The node's frame name ("" for the root).
    QString name(int index) const;
    // Every distinct frame name; Node::name indexes it.
    const QStringList &names() const { return m_names; }
    // Samples of the whole profile (the root's total).
    qint64 totalSamples() const { return m_nodes[kRoot].totalSamples; }
    // The deepest node's depth (0 for an empty tree).
    int maxDepth() const { return m_maxDepth; }
    // The callee of `parent` named `name`; -1 when there is none.
    int childNamed(int parent, QStringView name) const;
    // The frames from the root's callee down to `index`, root first (empty for the root).
    QStringList stack(int index) const;
    // Whether `ancestor` is `index` or one of its callers.
    bool isAncestorOf(int ancestor, int index) const;

private:
    int nameId(QStringView name);
    // The callee of `parent` named `name` (an id of names()), created when missing.
    int childFor(int parent, int name);
    // Where a callee named `name` is or would go among parent's sorted children.
    qsizetype childSlot(int parent, QStringView name) const;

    QVector<Node> m_nodes;
    QStringList m_names;
    QHash<QString, int> m_nameIds;
    int m_maxDepth = 0;
};

} // namespace sb::profile
