// Folded stacks (profile/foldedstacks.h): read bounded against hostile input, a frame tree with
// self and total samples, the top functions (a recursive function's total counted once per
// stack), the differential tree of two profiles, the flame graph's layout, and written back.

#include "core/qterror.h"
#include "profile/difftree.h"
#include "profile/flamelayout.h"
#include "profile/foldedstacks.h"
#include "profile/topfunctions.h"

#include <QTest>

using namespace sb;
using namespace sb::profile;

namespace {

FrameTree treeOf(const QByteArray &folded)
{
    sb::Result<FrameTree> t = parseFolded(folded);
    if (!t.ok())
        qFatal("parse: %s", t.error().toString().c_str());
    return *t;
}

// The node at the path "a;b;c" (the root for ""); -1 when there is none.
int nodeAt(const FrameTree &tree, const QString &path)
{
    int node = FrameTree::kRoot;
    if (path.isEmpty())
        return node;
    for (const QString &f : path.split(QLatin1Char(';'))) {
        node = tree.childNamed(node, f);
        if (node < 0)
            return -1;
    }
    return node;
}

const FunctionCost *costOf(const QVector<FunctionCost> &costs, const QString &name)
{
    for (const FunctionCost &c : costs)
        if (c.name == name)
            return &c;
    return nullptr;
}

} // namespace

class TestFoldedStacks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Valid text: the samples, self and total of a node.
    void parse_data()
    {
        QTest::addColumn<QByteArray>("folded");
        QTest::addColumn<qint64>("samples");
        QTest::addColumn<QString>("path");
        QTest::addColumn<qint64>("self");
        QTest::addColumn<qint64>("total");
        const QByteArray basic = "main;serve;sha 42\nmain;serve;parse 8\nmain;idle 50\n";
        QTest::newRow("leaf") << basic << qint64(100) << "main;serve;sha" << qint64(42)
                              << qint64(42);
        QTest::newRow("inner") << basic << qint64(100) << "main;serve" << qint64(0) << qint64(50);
        QTest::newRow("root") << basic << qint64(100) << "" << qint64(0) << qint64(100);
        QTest::newRow("repeated lines add up")
            << QByteArray("a;b 3\na;b 4\na 1\n") << qint64(8) << "a;b" << qint64(7) << qint64(7);
        QTest::newRow("inner self")
            << QByteArray("a;b 3\na 1\n") << qint64(4) << "a" << qint64(1) << qint64(4);
        QTest::newRow("spaces in a frame")
            << QByteArray("main;std::map<int, int>::find(int const&) const 5\n") << qint64(5)
            << "main;std::map<int, int>::find(int const&) const" << qint64(5) << qint64(5);
        QTest::newRow("CRLF, blank lines, no final newline")
            << QByteArray("a;b 2\r\n\r\n   \na;c 3") << qint64(5) << "a;c" << qint64(3)
            << qint64(3);
        QTest::newRow("empty text") << QByteArray() << qint64(0) << "" << qint64(0) << qint64(0);
        QTest::newRow("UTF-8 names")
            << QByteArray("main;\xc3\xa4rger;\xe5\x87\xbd\xe6\x95\xb0 9\n") << qint64(9)
            << QString::fromUtf8("main;ärger;函数") << qint64(9) << qint64(9);
        QTest::newRow("markup in names")
            << QByteArray("<script>;a&b\"'; \x01x 2\n") << qint64(2)
            << QString::fromUtf8("<script>;a&b\"'; \x01x") << qint64(2) << qint64(2);
    }
    void parse()
    {
        QFETCH(QByteArray, folded);
        QFETCH(qint64, samples);
        QFETCH(QString, path);
        QFETCH(qint64, self);
        QFETCH(qint64, total);
        const sb::Result<FrameTree> t = parseFolded(folded);
        QVERIFY2(t.ok(), t.ok() ? "" : t.error().toString().c_str());
        QCOMPARE(t->totalSamples(), samples);
        const int node = nodeAt(*t, path);
        QVERIFY(node >= 0);
        QCOMPARE(t->node(node).selfSamples, self);
        QCOMPARE(t->node(node).totalSamples, total);
        QCOMPARE(t->stack(node).join(QLatin1Char(';')), path);
    }

    // Hostile or broken text: a clear error naming the line, never a crash or a silent cut.
    void hostile_data()
    {
        QTest::addColumn<QByteArray>("folded");
        QTest::addColumn<int>("maxLineBytes");
        QTest::addColumn<int>("maxDepth");
        QTest::addColumn<int>("maxNodes");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("where");
        const int line = 1024 * 1024;
        QTest::newRow("no count") << QByteArray("a;b\n") << line << 2048 << 1000 << "profile.syntax"
                                  << "line 1";
        QTest::newRow("count not a number")
            << QByteArray("a 1\na;b 4x\n") << line << 2048 << 1000 << "profile.syntax"
            << "line 2";
        QTest::newRow("negative count")
            << QByteArray("a;b -4\n") << line << 2048 << 1000 << "profile.syntax"
            << "line 1";
        QTest::newRow("fractional count")
            << QByteArray("a;b 4.5\n") << line << 2048 << 1000 << "profile.syntax"
            << "line 1";
        QTest::newRow("zero count")
            << QByteArray("a;b 0\n") << line << 2048 << 1000 << "profile.count"
            << "line 1";
        QTest::newRow("count past 64 bits")
            << QByteArray("a 99999999999999999999\n") << line << 2048 << 1000 << "profile.count"
            << "line 1";
        QTest::newRow("samples past the limit") << QByteArray("a 999999999999\nb 999999999999\n")
                                                << line << 2048 << 1000 << "profile.count"
                                                << "line 2";
        QTest::newRow("empty frame")
            << QByteArray("a;;b 1\n") << line << 2048 << 1000 << "profile.frame"
            << "line 1";
        QTest::newRow("only a count")
            << QByteArray("ok 1\n 5\n") << line << 2048 << 1000 << "profile.frame"
            << "line 2";
        QTest::newRow("line too long") << QByteArray("a 1\n") + QByteArray(300, 'x') + " 1\n"
                                       << 256 << 2048 << 1000 << "profile.line-too-long"
                                       << "line 2";
        QByteArray deep;
        for (int i = 0; i < 40; ++i)
            deep += "f" + QByteArray::number(i) + ';';
        deep += "leaf 1\n";
        QTest::newRow("too deep") << deep << line << 32 << 1000 << "profile.depth"
                                  << "line 1";
        QByteArray wide;
        for (int i = 0; i < 20; ++i)
            wide += "main;f" + QByteArray::number(i) + " 1\n";
        QTest::newRow("too many nodes") << wide << line << 2048 << 10 << "profile.nodes"
                                        << "line 9";
    }
    void hostile()
    {
        QFETCH(QByteArray, folded);
        QFETCH(int, maxLineBytes);
        QFETCH(int, maxDepth);
        QFETCH(int, maxNodes);
        QFETCH(QString, code);
        QFETCH(QString, where);
        FoldedLimits limits;
        limits.maxLineBytes = maxLineBytes;
        limits.maxDepth = maxDepth;
        limits.maxNodes = maxNodes;
        const sb::Result<FrameTree> t = parseFolded(folded, limits);
        QVERIFY(!t.ok());
        QCOMPARE(qtCode(t.error()), code);
        QCOMPARE(qtWhere(t.error()), where);
        QVERIFY(!qtDetail(t.error()).isEmpty());
    }

    void tooLargeAsAWhole()
    {
        FoldedLimits limits;
        limits.maxBytes = 10;
        const sb::Result<FrameTree> t = parseFolded("main;a 1\nmain;b 2\n", limits);
        QVERIFY(!t.ok());
        QCOMPARE(qtCode(t.error()), QStringLiteral("profile.too-large"));
    }

    // A stack that cannot be added leaves the tree as it was.
    void failedStackChangesNothing()
    {
        FrameTree t = treeOf("main;a 1\n");
        FoldedLimits limits;
        limits.maxNodes = 3;
        QVERIFY(!t.addStack(
                      QStringList{QStringLiteral("main"), QStringLiteral("b"), QStringLiteral("c")},
                      5, limits)
                     .ok());
        QCOMPARE(t.nodeCount(), 3);
        QCOMPARE(t.totalSamples(), qint64(1));
        QVERIFY(!t.addStack(QStringList{QStringLiteral("a;b")}, 1).ok());
        QVERIFY(!t.addStack(QStringList{QStringLiteral("a\nb")}, 1).ok());
        QVERIFY(!t.addStack(QStringList{}, 1).ok());
        QVERIFY(!t.addStack(QStringList{QStringLiteral("a")}, 0).ok());
        QCOMPARE(t.totalSamples(), qint64(1));
    }

    // Written back and read again: the same stacks, sorted, counts summed.
    void roundTrip_data()
    {
        QTest::addColumn<QByteArray>("folded");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("sorted and summed")
            << QByteArray("m;b 1\nm;a 2\nm;b 3\nm 4\n") << QByteArray("m 4\nm;a 2\nm;b 4\n");
        QTest::newRow("recursion") << QByteArray("f;f;f 2\nf 1\n") << QByteArray("f 1\nf;f;f 2\n");
        QTest::newRow("names kept byte for byte") << QByteArray("<a href=\"x\">;\xe5\x87\xbd 3\n")
                                                  << QByteArray("<a href=\"x\">;\xe5\x87\xbd 3\n");
        QTest::newRow("empty") << QByteArray("\n\n") << QByteArray();
    }
    void roundTrip()
    {
        QFETCH(QByteArray, folded);
        QFETCH(QByteArray, expected);
        const QByteArray text = foldedText(treeOf(folded));
        QCOMPARE(text, expected);
        QCOMPARE(foldedText(treeOf(text)), expected);
    }

    void merge()
    {
        FrameTree t = treeOf("m;a 1\n");
        QVERIFY(t.merge(treeOf("m;a 2\nm;b 3\n")).ok());
        QCOMPARE(t.totalSamples(), qint64(6));
        QCOMPARE(foldedText(t), QByteArray("m;a 3\nm;b 3\n"));
    }

    // A recursive function's total counts each stack once; self counts every leaf.
    void topFunctions_data()
    {
        QTest::addColumn<QByteArray>("folded");
        QTest::addColumn<QString>("function");
        QTest::addColumn<qint64>("self");
        QTest::addColumn<qint64>("total");
        const QByteArray recursive = "main;f;f;f 6\nmain;f;g;f 2\nmain;g 2\n";
        QTest::newRow("recursive f") << recursive << "f" << qint64(8) << qint64(8);
        QTest::newRow("g inside and outside f") << recursive << "g" << qint64(2) << qint64(4);
        QTest::newRow("main") << recursive << "main" << qint64(0) << qint64(10);
        QTest::newRow("mutual recursion")
            << QByteArray("a;b;a;b 5\na;b 5\n") << "b" << qint64(10) << qint64(10);
    }
    void topFunctions()
    {
        QFETCH(QByteArray, folded);
        QFETCH(QString, function);
        QFETCH(qint64, self);
        QFETCH(qint64, total);
        const FrameTree t = treeOf(folded);
        const QVector<FunctionCost> costs = profile::topFunctions(t, CostOrder::Self);
        const FunctionCost *c = costOf(costs, function);
        QVERIFY(c);
        QCOMPARE(c->selfSamples, self);
        QCOMPARE(c->totalSamples, total);
        QVERIFY(c->totalSamples <= t.totalSamples());
        QCOMPARE(c->totalShare, double(total) / double(t.totalSamples()));
    }

    void topFunctionsOrder()
    {
        const FrameTree t = treeOf("main;a 5\nmain;b 3\nmain;b;c 4\nmain 1\n");
        const QVector<FunctionCost> bySelf = profile::topFunctions(t, CostOrder::Self);
        QCOMPARE(bySelf.first().name, QStringLiteral("a"));
        QCOMPARE(bySelf.at(1).name, QStringLiteral("c"));
        const QVector<FunctionCost> byTotal = profile::topFunctions(t, CostOrder::Total, 2);
        QCOMPARE(byTotal.size(), 2);
        QCOMPARE(byTotal.first().name, QStringLiteral("main"));
        QCOMPARE(byTotal.at(1).name, QStringLiteral("b"));
    }

    // Each side normalised to its own samples; frames of one side only included.
    void diff()
    {
        const FrameTree a = treeOf("main;hash 50\nmain;parse 50\n"); // 100 samples
        const FrameTree b = treeOf("main;hash 300\nmain;gc 100\n");  // 400 samples
        const sb::Result<DiffTree> d = DiffTree::build(a, b);
        QVERIFY(d.ok());
        QCOMPARE(d->samplesA(), qint64(100));
        QCOMPARE(d->samplesB(), qint64(400));
        const FrameTree &s = d->shape();
        const int hash = nodeAt(s, QStringLiteral("main;hash"));
        const int parse = nodeAt(s, QStringLiteral("main;parse"));
        const int gc = nodeAt(s, QStringLiteral("main;gc"));
        QVERIFY(hash > 0 && parse > 0 && gc > 0);
        QCOMPARE(d->shareA(hash), 0.5);
        QCOMPARE(d->shareB(hash), 0.75);
        QCOMPARE(d->delta(hash), 0.25);
        QCOMPARE(d->delta(parse), -0.5); // gone in B
        QCOMPARE(d->delta(gc), 0.25);    // new in B
        QCOMPARE(d->selfDelta(gc), 0.25);
        QCOMPARE(d->delta(nodeAt(s, QStringLiteral("main"))), 0.0);
        // Widths: the mean share, callees never wider than their caller.
        QCOMPARE(d->weight(parse), 0.25);
        QCOMPARE(d->weight(hash) + d->weight(parse) + d->weight(gc), 1.0);
        // The function table of the two.
        const QVector<FunctionDelta> f = functionDeltas(a, b);
        QCOMPARE(f.first().name, QStringLiteral("parse"));
        QCOMPARE(f.first().selfDelta(), -0.5);
    }

    void diffOfAnEmptySide()
    {
        const sb::Result<DiffTree> d = DiffTree::build(FrameTree(), treeOf("m;x 3\n"));
        QVERIFY(d.ok());
        const int x = nodeAt(d->shape(), QStringLiteral("m;x"));
        QCOMPARE(d->weight(x), 1.0);
        QCOMPARE(d->delta(x), 1.0);
    }

    // Widths proportional to samples; callees inside their caller; zoom and narrow frames.
    void layout()
    {
        const FrameTree t = treeOf("main;a 60\nmain;b;c 30\nmain;b 10\n");
        const FlameLayout l = flameLayout(t);
        QCOMPARE(l.rows, 4);
        QCOMPARE(l.omitted, 0);
        QCOMPARE(l.rects.size(), 5);
        auto rectOf = [&](const FlameLayout &layout, const QString &path) -> FlameRect {
            const int n = nodeAt(t, path);
            for (const FlameRect &r : layout.rects)
                if (r.node == n)
                    return r;
            return FlameRect{-1, -1, -1, -1};
        };
        QCOMPARE(rectOf(l, QString()).width, 1.0);
        QCOMPARE(rectOf(l, QStringLiteral("main;a")).width, 0.6);
        QCOMPARE(rectOf(l, QStringLiteral("main;a")).x, 0.0);
        QCOMPARE(rectOf(l, QStringLiteral("main;b")).x, 0.6);
        QCOMPARE(rectOf(l, QStringLiteral("main;b;c")).width, 0.3);
        QCOMPARE(rectOf(l, QStringLiteral("main;b;c")).depth, 3);
        const int at = rectAt(l, 0.65, 3);
        QVERIFY(at >= 0);
        QCOMPARE(l.rects[at].node, nodeAt(t, QStringLiteral("main;b;c")));
        QCOMPARE(rectAt(l, 0.95, 3), -1);

        // Zoomed on b: b and its callers span the width, c takes 3/4 of it.
        const FlameLayout z = flameLayout(t, {}, nodeAt(t, QStringLiteral("main;b")));
        QCOMPARE(rectOf(z, QStringLiteral("main")).width, 1.0);
        QCOMPARE(rectOf(z, QStringLiteral("main;b")).width, 1.0);
        QCOMPARE(rectOf(z, QStringLiteral("main;b;c")).width, 0.75);
        QCOMPARE(rectOf(z, QStringLiteral("main;a")).node, -1);

        // Narrower than 0.35: a stays, c (and nothing under it) is left out.
        const FlameLayout narrow = flameLayout(t, {}, FrameTree::kRoot, 0.35);
        QCOMPARE(narrow.omitted, 1);
        QCOMPARE(rectOf(narrow, QStringLiteral("main;b;c")).node, -1);
    }

    // A search's share counts a stack once however often the match recurs in it.
    void matchedShare()
    {
        const FrameTree t = treeOf("main;f;f 4\nmain;g;f 2\nmain;g 4\n");
        QVector<bool> matches(t.names().size(), false);
        matches[t.names().indexOf(QStringLiteral("f"))] = true;
        QCOMPARE(profile::matchedShare(t, matches), 0.6);
        QVector<bool> none(t.names().size(), false);
        QCOMPARE(profile::matchedShare(t, none), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestFoldedStacks)
#include "tst_foldedstacks.moc"
