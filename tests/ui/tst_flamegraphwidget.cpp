// The GUI's flame graph (ui/widgets/flamegraphwidget.h) and what shows it: widths proportional
// to samples, click to zoom and reset, the search's share, the differential colours and legend,
// the hover text; the top functions model (sortable, QAbstractItemModelTester), the profile view
// and its export, the History details' profile list, and the Compare page's profile pair and
// cold start table.

#include "profile/foldedstacks.h"
#include "report/palette.h"
#include "ui/models/coldstartmodel.h"
#include "ui/models/profilefunctionsmodel.h"
#include "ui/pages/comparecoldstart.h"
#include "ui/pages/compareprofiles.h"
#include "ui/storeresults.h"
#include "ui/widgets/flamegraphwidget.h"
#include "ui/widgets/profilelist.h"
#include "ui/widgets/profileview.h"
#include "ui/widgets/rundetails.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace sb;

namespace {

profile::FrameTree treeOf(const QByteArray &folded)
{
    sb::Result<profile::FrameTree> t = profile::parseFolded(folded);
    if (!t.ok())
        qFatal("parse: %s", t.error().toString().c_str());
    return *t;
}

int nodeAt(const profile::FrameTree &tree, const QString &path)
{
    int node = profile::FrameTree::kRoot;
    for (const QString &f : path.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        node = tree.childNamed(node, f);
        if (node < 0)
            return -1;
    }
    return node;
}

const QByteArray kFolded = "main;serve;sha256_block 60\nmain;serve;write 20\nmain;idle 20\n";

store::ProfileRecord record(const QString &configuration, const QByteArray &folded,
                            const QString &route = QStringLiteral("hash"), int concurrency = 32)
{
    store::ProfileRecord p;
    p.id = 1;
    p.runId = QStringLiteral("20261201-120000-0001");
    p.configuration = configuration;
    p.route = route;
    p.concurrency = concurrency;
    p.okPerS = 9500;
    p.cellOkPerS = 10000;
    p.frequencyHz = 99;
    p.callGraph = QStringLiteral("fp");
    p.folded = folded;
    p.samples = treeOf(folded).totalSamples();
    return p;
}

} // namespace

class TestFlameGraphWidget : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QApplication::setFont(QFont(QStringLiteral("DejaVu Sans"), 9)); }

    // Each frame as wide as its samples; callees under their caller (icicle: root on top).
    void widthsProportional()
    {
        FlameGraphWidget w;
        w.resize(808, 300); // 800 px inside the margins
        w.setProfile(treeOf(kFolded));
        const profile::FrameTree &t = w.tree();
        const QRectF all = w.frameRect(profile::FrameTree::kRoot);
        const QRectF serve = w.frameRect(nodeAt(t, QStringLiteral("main;serve")));
        const QRectF sha = w.frameRect(nodeAt(t, QStringLiteral("main;serve;sha256_block")));
        const QRectF idle = w.frameRect(nodeAt(t, QStringLiteral("main;idle")));
        QCOMPARE(all.width(), 800.0);
        QCOMPARE(serve.width(), 640.0);
        QCOMPARE(sha.width(), 480.0);
        QCOMPARE(idle.width(), 160.0);
        QCOMPARE(serve.left(), idle.left() + idle.width()); // callees by name: idle first
        QVERIFY(sha.top() > serve.top());
        QCOMPARE(w.nodeAt(sha.center().toPoint()),
                 nodeAt(t, QStringLiteral("main;serve;sha256_block")));
        QCOMPARE(w.layout().rows, 4);
        QVERIFY(w.minimumSizeHint().height() >= 4 * FlameGraphWidget::kRowHeight);
    }

    // A click zooms into a frame (it and its callers span the width); a click on a caller
    // zooms out to it; Escape resets.
    void zoomAndReset()
    {
        FlameGraphWidget w;
        w.resize(808, 300);
        w.setProfile(treeOf(kFolded));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy zoomed(&w, &FlameGraphWidget::zoomChanged);
        const int serve = nodeAt(w.tree(), QStringLiteral("main;serve"));
        const int sha = nodeAt(w.tree(), QStringLiteral("main;serve;sha256_block"));
        QTest::mouseClick(&w, Qt::LeftButton, {}, w.frameRect(serve).center().toPoint());
        QCOMPARE(w.zoomNode(), serve);
        QCOMPARE(zoomed.count(), 1);
        QCOMPARE(w.frameRect(serve).width(), 800.0);
        QCOMPARE(w.frameRect(sha).width(), 600.0);
        QVERIFY(w.frameRect(nodeAt(w.tree(), QStringLiteral("main;idle"))).isEmpty());
        QCOMPARE(w.frameRect(nodeAt(w.tree(), QStringLiteral("main"))).width(), 800.0);
        // Back up to main by clicking it.
        const int main = nodeAt(w.tree(), QStringLiteral("main"));
        QTest::mouseClick(&w, Qt::LeftButton, {}, w.frameRect(main).center().toPoint());
        QCOMPARE(w.zoomNode(), main);
        QTest::keyClick(&w, Qt::Key_Escape);
        QCOMPARE(w.zoomNode(), int(profile::FrameTree::kRoot));
        QCOMPARE(w.frameRect(serve).width(), 640.0);
        QCOMPARE(zoomed.count(), 3);
    }

    // The search: matching frames highlighted, the others dimmed; the share counts a stack
    // once however often the match recurs in it.
    void search_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("matches");
        QTest::addColumn<double>("share");
        QTest::newRow("one function") << "sha256" << 1 << 0.6;
        QTest::newRow("case-insensitive") << "WRITE" << 1 << 0.2;
        QTest::newRow("caller and callee") << "s" << 2 << 0.8; // serve, sha256_block: 80 %
        QTest::newRow("recursion counted once") << "rec" << 1 << 0.1;
        QTest::newRow("nothing") << "zzz" << 0 << 0.0;
    }
    void search()
    {
        QFETCH(QString, text);
        QFETCH(int, matches);
        QFETCH(double, share);
        FlameGraphWidget w;
        w.resize(808, 300);
        w.setProfile(treeOf(kFolded.chopped(13) + "main;rec;rec;rec 10\nmain;idle 10\n"));
        QSignalSpy changed(&w, &FlameGraphWidget::searchChanged);
        w.setSearch(text);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(w.searchMatches(), matches);
        QCOMPARE(w.searchShare() + 1.0, share + 1.0);
        const int idle = nodeAt(w.tree(), QStringLiteral("main;idle"));
        QCOMPARE(w.frameColour(idle), QColor::fromRgb(QRgb(0xff000000u | report::kFlameDimmed)));
        if (matches > 0) {
            const int matched = text == QLatin1String("WRITE")
                                    ? nodeAt(w.tree(), QStringLiteral("main;serve;write"))
                                    : -1;
            if (matched >= 0)
                QCOMPARE(w.frameColour(matched),
                         QColor::fromRgb(QRgb(0xff000000u | report::kFlameMatch)));
        }
        w.setSearch(QString());
        QCOMPARE(w.searchShare(), 0.0);
        QVERIFY(w.frameColour(idle) != QColor::fromRgb(QRgb(0xff000000u | report::kFlameDimmed)));
    }

    // Differential: red where the share grew, blue where it shrank; widths the mean share;
    // the legend's strip on top.
    void diffColours()
    {
        const sb::Result<profile::DiffTree> d = profile::DiffTree::build(
            treeOf("main;hash 50\nmain;parse 50\n"), treeOf("main;hash 300\nmain;gc 100\n"));
        QVERIFY(d.ok());
        FlameGraphWidget w;
        w.resize(808, 300);
        w.setDiff(*d, QStringLiteral("native"), QStringLiteral("python"));
        QVERIFY(w.isDiff());
        const int hash = nodeAt(w.tree(), QStringLiteral("main;hash"));
        const int parse = nodeAt(w.tree(), QStringLiteral("main;parse"));
        const int gc = nodeAt(w.tree(), QStringLiteral("main;gc"));
        const int main = nodeAt(w.tree(), QStringLiteral("main"));
        QVERIFY(w.frameColour(hash).red() > w.frameColour(hash).blue());
        QVERIFY(w.frameColour(gc).red() > w.frameColour(gc).blue());
        QVERIFY(w.frameColour(parse).blue() > w.frameColour(parse).red());
        QCOMPARE(w.frameColour(parse), QColor::fromRgb(QRgb(0xff000000u | report::kDiffShrank)));
        QCOMPARE(w.frameColour(main), QColor::fromRgb(QRgb(0xff000000u | report::kDiffSame)));
        QCOMPARE(w.colourScale(), 0.5);
        QCOMPARE(w.frameRect(parse).width(), 200.0); // (50 % + 0 %) / 2 of 800 px
        QCOMPARE(w.frameRect(profile::FrameTree::kRoot).top(),
                 double(FlameGraphWidget::kLegendHeight + 4));
        const QString tip = w.toolTipFor(hash);
        QVERIFY2(tip.contains(QStringLiteral("native: 50.0 %")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("python: 75.0 %")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("change +25.0 pp")), qPrintable(tip));
        // Painting draws the legend and frames without trouble.
        QImage image(w.size(), QImage::Format_ARGB32);
        w.render(&image);
        QCOMPARE(image.pixelColor(w.frameRect(parse).center().toPoint()),
                 QColor::fromRgb(QRgb(0xff000000u | report::kDiffShrank)));
    }

    void toolTips()
    {
        FlameGraphWidget w;
        w.resize(808, 300);
        w.setProfile(treeOf(kFolded));
        const QString serve = w.toolTipFor(nodeAt(w.tree(), QStringLiteral("main;serve")));
        QVERIFY2(serve.startsWith(QStringLiteral("serve\n")), qPrintable(serve));
        QVERIFY2(serve.contains(QStringLiteral("80 sample(s)")), qPrintable(serve));
        QVERIFY2(serve.contains(QStringLiteral("total 80.0 % of all samples")), qPrintable(serve));
        QVERIFY2(serve.contains(QStringLiteral("self 0.0 %")), qPrintable(serve));
        QVERIFY(w.toolTipFor(profile::FrameTree::kRoot).startsWith(QStringLiteral("all samples")));
        QVERIFY(w.toolTipFor(-1).isEmpty());
    }

    void emptyAndCleared()
    {
        FlameGraphWidget w;
        w.resize(400, 200);
        QVERIFY(w.layout().rects.isEmpty());
        w.setProfile(profile::FrameTree());
        QVERIFY(w.layout().rects.isEmpty());
        QCOMPARE(w.nodeAt(QPoint(100, 10)), -1);
        QImage image(w.size(), QImage::Format_ARGB32);
        w.render(&image); // the message, no crash
    }

    // The top functions: sortable by any column, tested by QAbstractItemModelTester.
    void functionsModel()
    {
        ProfileFunctionsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const profile::FrameTree t = treeOf(kFolded);
        model.setFunctions(profile::topFunctions(t, profile::CostOrder::Self));
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.columnCount(), 5);
        QCOMPARE(model.index(0, ProfileFunctionsModel::FunctionColumn).data().toString(),
                 QStringLiteral("sha256_block"));
        QCOMPARE(model.index(0, ProfileFunctionsModel::SelfColumn).data().toString(),
                 QStringLiteral("60.0 %"));
        model.sort(ProfileFunctionsModel::TotalColumn, Qt::DescendingOrder);
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("main"));
        QCOMPARE(model.index(0, ProfileFunctionsModel::TotalColumn).data().toString(),
                 QStringLiteral("100.0 %"));
        model.sort(ProfileFunctionsModel::FunctionColumn, Qt::AscendingOrder);
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("idle"));

        const sb::Result<profile::DiffTree> d =
            profile::DiffTree::build(treeOf("m;a 1\n"), treeOf("m;b 1\n"));
        QVERIFY(d.ok());
        model.setDeltas(profile::functionDeltas(treeOf("m;a 1\n"), treeOf("m;b 1\n")),
                        QStringLiteral("A1"), QStringLiteral("B1"));
        QCOMPARE(model.columnCount(), 6);
        QCOMPARE(model.headerData(ProfileFunctionsModel::SelfBColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Self in B1"));
        model.sort(ProfileFunctionsModel::ChangeColumn, Qt::DescendingOrder);
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("b"));
        QCOMPARE(model.index(0, ProfileFunctionsModel::ChangeColumn).data().toString(),
                 QStringLiteral("+100.0 pp"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    // The view: summary, search result line, export of the folded stacks (read back equal).
    void profileViewExport()
    {
        ProfileView view;
        store::ProfileRecord p = record(QStringLiteral("native"), kFolded);
        p.note = QStringLiteral("perf lost 3 samples");
        view.setProfile(p);
        QVERIFY(view.summaryText().contains(QStringLiteral("native on hash at c=32")));
        QVERIFY(view.summaryText().contains(QStringLiteral("-5.0 %")));
        QVERIFY(view.summaryText().contains(QStringLiteral("perf lost 3 samples")));
        view.searchEdit()->setText(QStringLiteral("write"));
        QVERIFY2(view.searchResultText().contains(QStringLiteral("20.0 %")),
                 qPrintable(view.searchResultText()));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out.folded"));
        QVERIFY(view.exportFolded(path).ok());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray written = f.readAll();
        QCOMPARE(profile::foldedText(treeOf(written)), profile::foldedText(treeOf(kFolded)));
        QVERIFY(!view.exportFolded(dir.filePath(QStringLiteral("no/such/dir/x.folded"))).ok());
        // A profile that cannot be read says so and exports nothing.
        store::ProfileRecord bad = p;
        bad.folded = "main;x y\n";
        view.setProfile(bad);
        QVERIFY(view.flameGraph()->layout().rects.isEmpty());
        QVERIFY(!view.exportFolded(path).ok());
        // A differential: both sides export.
        view.setDiff(p, record(QStringLiteral("python"), "main;serve;sha256_block 10\n"),
                     QStringLiteral("native"), QStringLiteral("python"));
        QVERIFY(view.flameGraph()->isDiff());
        QVERIFY(view.exportFolded(path, true).ok());
        f.close();
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("main;serve;sha256_block 10\n"));
        QCOMPARE(view.functions()->columnCount(), 6);
    }

    // History: the run's profiles listed; opening one, and two as a differential.
    void historyProfileList()
    {
        StoredRun run;
        run.runId = QStringLiteral("20261201-120000-0001");
        run.profiles = {record(QStringLiteral("native"), kFolded),
                        record(QStringLiteral("python"), "main;eval 5\n")};
        RunDetails details;
        details.setRun(run);
        QCOMPARE(details.tabText(RunDetails::ProfilesTab), QStringLiteral("CPU profiles (2)"));
        ProfileList *list = details.profileList();
        QCOMPARE(list->view()->topLevelItemCount(), 2);
        QSignalSpy one(list, &ProfileList::profileRequested);
        QSignalSpy two(list, &ProfileList::diffRequested);
        QVERIFY(!list->openButton()->isEnabled());
        list->view()->topLevelItem(1)->setSelected(true);
        QVERIFY(list->openButton()->isEnabled());
        list->openButton()->click();
        QCOMPARE(one.count(), 1);
        QCOMPARE(one.first().first().value<store::ProfileRecord>().configuration,
                 QStringLiteral("python"));
        list->view()->topLevelItem(0)->setSelected(true);
        QVERIFY(list->diffButton()->isEnabled());
        list->diffButton()->click();
        QCOMPARE(two.count(), 1);
        // The row selected first is the baseline.
        QCOMPARE(two.first().at(0).value<store::ProfileRecord>().configuration,
                 QStringLiteral("python"));
        QCOMPARE(two.first().at(1).value<store::ProfileRecord>().configuration,
                 QStringLiteral("native"));
        details.showMessage(QStringLiteral("none"));
        QCOMPARE(list->view()->topLevelItemCount(), 0);
        QCOMPARE(details.tabText(RunDetails::ProfilesTab), QStringLiteral("CPU profiles"));
    }

    // Compare: the baseline's profile against the same configuration in the next run, at the
    // cell the charts show; cold start per run and configuration.
    void compareProfilesAndColdStart()
    {
        charts::CompareResult result;
        result.id = 7;
        result.multiRun = true;
        report::RunReport a;
        a.run.id = QStringLiteral("20261201-120000-aaaa");
        a.configurations = {QStringLiteral("native"), QStringLiteral("python")};
        a.profiles = {record(QStringLiteral("python"), "main;eval 5\n"),
                      record(QStringLiteral("native"), kFolded),
                      record(QStringLiteral("native"), kFolded, QStringLiteral("other"))};
        a.starts = {store::ServerStartRecord{}, store::ServerStartRecord{}};
        for (store::ServerStartRecord &s : a.starts) {
            s.configuration = QStringLiteral("native");
            s.acceptMs = 10;
            s.rssBytes = 10 * 1024 * 1024;
        }
        a.starts[0].readyMs = 100;
        a.starts[1].readyMs = 140;
        a.starts[1].rssBytes = 12 * 1024 * 1024;
        report::RunReport b = a;
        b.run.id = QStringLiteral("20261201-130000-bbbb");
        b.profiles = {record(QStringLiteral("native"), "main;serve;sha256_block 90\nmain;gc 10\n")};
        result.source.runs = {a, b};

        CompareProfiles profiles;
        profiles.setComparison(result, QStringLiteral("hash"), 32);
        QCOMPARE(profiles.profileCount(), 4);
        QCOMPARE(profiles.sideA()->currentText(), QStringLiteral("native @ aaaa · hash · c=32"));
        QCOMPARE(profiles.sideB()->currentText(), QStringLiteral("native @ bbbb · hash · c=32"));
        QVERIFY(profiles.view()->flameGraph()->isDiff());
        // Another cell with one profile: shown alone.
        profiles.setComparison(result, QStringLiteral("other"), 32);
        QCOMPARE(profiles.sideA()->currentIndex(), profiles.sideB()->currentIndex());
        QVERIFY(!profiles.view()->flameGraph()->isDiff());
        // No profile at all.
        charts::CompareResult none;
        none.id = 8;
        profiles.setComparison(none, QString(), 0);
        QCOMPARE(profiles.profileCount(), 0);
        QVERIFY(profiles.view()->flameGraph()->layout().rects.isEmpty());

        CompareColdStart cold;
        QAbstractItemModelTester tester(cold.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        cold.setComparison(result);
        QCOMPARE(cold.model()->rowCount(), 2); // native in each run
        const QModelIndex ready = cold.model()->index(0, ColdStartModel::ReadyColumn);
        QCOMPARE(ready.data().toString(), QStringLiteral("120.0 ms [100.0-140.0]"));
        QCOMPARE(cold.model()->index(0, ColdStartModel::RssColumn).data().toString(),
                 QStringLiteral("11.0 MiB [10.0-12.0]"));
        QCOMPARE(cold.model()->index(1, ColdStartModel::RunColumn).data().toString(), b.run.id);
    }
};

QTEST_MAIN(TestFlameGraphWidget)
#include "tst_flamegraphwidget.moc"
