#include "profile/foldedstacks.h"

#include "core/qterror.h"

#include <limits>

namespace sb::profile {

namespace {

sb::Error lineError(const char *code, qsizetype line, const QString &detail)
{
    return sb::qtError(QString::fromLatin1(code), QStringLiteral("line %1").arg(line), detail);
}

// A decimal count of digits only, no sign; -1 when it is none, -2 when it overflows 64 bits.
qint64 countOf(QByteArrayView text)
{
    if (text.isEmpty())
        return -1;
    qint64 value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return -1;
        const int digit = c - '0';
        if (value > (std::numeric_limits<qint64>::max() - digit) / 10)
            return -2;
        value = value * 10 + digit;
    }
    return value;
}

} // namespace

sb::Result<FrameTree> parseFolded(QByteArrayView folded, const FoldedLimits &limits)
{
    if (folded.size() > limits.maxBytes)
        return sb::qtError(QStringLiteral("profile.too-large"), QStringLiteral("profile"),
                           QStringLiteral("%1 bytes of folded stacks (at most %2 are read)")
                               .arg(folded.size())
                               .arg(limits.maxBytes));
    FrameTree tree;
    QList<QStringView> frames;
    qsizetype lineNo = 0;
    qsizetype start = 0;
    while (start < folded.size()) {
        ++lineNo;
        qsizetype end = folded.indexOf('\n', start);
        if (end < 0)
            end = folded.size();
        QByteArrayView line = folded.sliced(start, end - start);
        start = end + 1;
        if (line.size() > limits.maxLineBytes)
            return lineError("profile.line-too-long", lineNo,
                             QStringLiteral("a line of %1 bytes (at most %2 are read)")
                                 .arg(line.size())
                                 .arg(limits.maxLineBytes));
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        const qsizetype space = line.lastIndexOf(' ');
        if (space < 0)
            return lineError("profile.syntax", lineNo,
                             QStringLiteral("no sample count: a line is \"frame;frame;leaf "
                                            "COUNT\""));
        const qint64 count = countOf(line.sliced(space + 1));
        if (count == -2)
            return lineError("profile.count", lineNo,
                             QStringLiteral("the sample count does not fit in 64 bits"));
        if (count < 0)
            return lineError("profile.syntax", lineNo,
                             QStringLiteral("the sample count is not a whole number of "
                                            "digits"));
        if (count == 0)
            return lineError("profile.count", lineNo, QStringLiteral("a sample count of 0"));
        const QString text = QString::fromUtf8(line.first(space));
        frames.clear();
        for (QStringView f : QStringView(text).split(QLatin1Char(';')))
            frames.append(f);
        if (frames.size() > limits.maxDepth) // before building a list of them all
            return lineError("profile.depth", lineNo,
                             QStringLiteral("a stack of %1 frames (at most %2 are read)")
                                 .arg(frames.size())
                                 .arg(limits.maxDepth));
        if (sb::Status s = tree.addStack(frames, count, limits); !s.ok()) {
            sb::Error e = s.error();
            e.where = QStringLiteral("line %1").arg(lineNo).toStdString();
            return e;
        }
    }
    return tree;
}

QByteArray foldedText(const FrameTree &tree)
{
    QByteArray out;
    // Depth first, callees in the tree's order, with the path so far as UTF-8.
    struct Step
    {
        int node;
        qsizetype pathBytes; // out's path prefix length when the node was entered
    };
    QByteArray path;
    QVector<Step> todo{{FrameTree::kRoot, 0}};
    while (!todo.isEmpty()) {
        const Step step = todo.takeLast();
        path.truncate(step.pathBytes);
        const FrameTree::Node &n = tree.node(step.node);
        if (step.node != FrameTree::kRoot) {
            if (!path.isEmpty())
                path += ';';
            path += tree.name(step.node).toUtf8();
        }
        if (n.selfSamples > 0 && step.node != FrameTree::kRoot)
            out += path + ' ' + QByteArray::number(n.selfSamples) + '\n';
        const qsizetype here = path.size();
        for (qsizetype c = n.children.size() - 1; c >= 0; --c)
            todo.append({n.children[c], here});
    }
    return out;
}

} // namespace sb::profile
