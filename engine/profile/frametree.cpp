#include "profile/frametree.h"

#include "core/qterror.h"

#include <algorithm>

namespace sb::profile {

namespace {

bool foldable(QStringView frame)
{
    return !frame.isEmpty() && !frame.contains(QLatin1Char(';')) &&
           !frame.contains(QLatin1Char('\n')) && !frame.contains(QLatin1Char('\r'));
}

} // namespace

FrameTree::FrameTree()
{
    m_nodes.append(Node{});
}

QString FrameTree::name(int index) const
{
    const int id = m_nodes[index].name;
    return id < 0 ? QString() : m_names[id];
}

int FrameTree::nameId(QStringView name)
{
    const QString key = name.toString();
    const auto it = m_nameIds.constFind(key);
    if (it != m_nameIds.cend())
        return it.value();
    const int id = int(m_names.size());
    m_names.append(key);
    m_nameIds.insert(key, id);
    return id;
}

qsizetype FrameTree::childSlot(int parent, QStringView name) const
{
    const QVector<int> &children = m_nodes[parent].children;
    const auto it =
        std::lower_bound(children.begin(), children.end(), name, [this](int child, QStringView n) {
            return QStringView(m_names[m_nodes[child].name]).compare(n) < 0;
        });
    return it - children.begin();
}

int FrameTree::childNamed(int parent, QStringView name) const
{
    const QVector<int> &children = m_nodes[parent].children;
    const qsizetype slot = childSlot(parent, name);
    if (slot < children.size() && m_names[m_nodes[children[slot]].name] == name)
        return children[slot];
    return -1;
}

int FrameTree::childFor(int parent, int name)
{
    const QString &text = m_names[name];
    const qsizetype slot = childSlot(parent, text);
    QVector<int> &children = m_nodes[parent].children;
    if (slot < children.size() && m_nodes[children[slot]].name == name)
        return children[slot];
    const int index = int(m_nodes.size());
    Node n;
    n.name = name;
    n.parent = parent;
    n.depth = m_nodes[parent].depth + 1;
    m_maxDepth = std::max(m_maxDepth, n.depth);
    // `children` may move when m_nodes grows: insert first.
    children.insert(slot, index);
    m_nodes.append(n);
    return index;
}

sb::Status FrameTree::addStack(const QList<QStringView> &frames, qint64 count,
                               const FoldedLimits &limits)
{
    const QString where = QStringLiteral("profile");
    if (frames.isEmpty())
        return sb::qtError(QStringLiteral("profile.frame"), where,
                           QStringLiteral("a stack without a frame"));
    for (qsizetype i = 0; i < frames.size(); ++i)
        if (!foldable(frames[i]))
            return sb::qtError(QStringLiteral("profile.frame"), where,
                               frames[i].isEmpty()
                                   ? QStringLiteral("frame %1 of a stack is empty").arg(i + 1)
                                   : QStringLiteral("frame %1 of a stack holds ';' or a line "
                                                    "break, which folded stacks cannot carry")
                                         .arg(i + 1));
    if (count < 1)
        return sb::qtError(
            QStringLiteral("profile.count"), where,
            QStringLiteral("a stack's sample count must be 1 or more, not %1").arg(count));
    if (count > limits.maxSamples - totalSamples())
        return sb::qtError(
            QStringLiteral("profile.count"), where,
            QStringLiteral("more than %1 samples in one profile").arg(limits.maxSamples));
    if (frames.size() > limits.maxDepth)
        return sb::qtError(QStringLiteral("profile.depth"), where,
                           QStringLiteral("a stack of %1 frames (at most %2 are read)")
                               .arg(frames.size())
                               .arg(limits.maxDepth));
    // Count the nodes the stack would add before adding any, so an error leaves the tree as
    // it was.
    int node = kRoot;
    qsizetype known = 0;
    while (known < frames.size()) {
        const int child = childNamed(node, frames[known]);
        if (child < 0)
            break;
        node = child;
        ++known;
    }
    if (m_nodes.size() + (frames.size() - known) > limits.maxNodes)
        return sb::qtError(
            QStringLiteral("profile.nodes"), where,
            QStringLiteral("more than %1 distinct call paths in one profile").arg(limits.maxNodes));
    node = kRoot;
    m_nodes[kRoot].totalSamples += count;
    for (QStringView frame : frames) {
        node = childFor(node, nameId(frame));
        m_nodes[node].totalSamples += count;
    }
    m_nodes[node].selfSamples += count;
    return sb::Ok{};
}

sb::Status FrameTree::addStack(const QStringList &frames, qint64 count, const FoldedLimits &limits)
{
    QList<QStringView> views;
    views.reserve(frames.size());
    for (const QString &f : frames)
        views.append(f);
    return addStack(views, count, limits);
}

sb::Status FrameTree::merge(const FrameTree &other, const FoldedLimits &limits)
{
    // Each node with self samples is one stack of `other`.
    for (int i = 1; i < other.nodeCount(); ++i) {
        const Node &n = other.node(i);
        if (n.selfSamples == 0)
            continue;
        if (sb::Status s = addStack(other.stack(i), n.selfSamples, limits); !s.ok())
            return s;
    }
    return sb::Ok{};
}

QStringList FrameTree::stack(int index) const
{
    QStringList frames;
    for (int n = index; n > kRoot; n = m_nodes[n].parent)
        frames.prepend(m_names[m_nodes[n].name]);
    return frames;
}

bool FrameTree::isAncestorOf(int ancestor, int index) const
{
    for (int n = index; n >= 0; n = m_nodes[n].parent)
        if (n == ancestor)
            return true;
    return false;
}

} // namespace sb::profile
