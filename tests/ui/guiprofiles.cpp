// CPU profiles in the GUI on stored runs, for screenshots and trying them by hand: writes the
// Compare fixture's runs (tests/ui/comparefixture.h) into a new store with profiles from the
// committed folded stacks (tests/data/profiles/) and cold starts, then shows them.
//
//   gui_profiles --store PATH [--show history|compare] [--run ID] [--open N | --diff N,M]
//                [--tab T] [--search TEXT] [--size WxH] [--screenshot FILE] [--stay]
//
// The store is written when PATH does not exist yet. --show history selects run A on the
// History page with its CPU profiles tab (--run: that run instead, of a store that exists);
// --open N / --diff N,M then open profile N (or M
// against N) of its list in a dialog. --show compare compares runs A and B on the Compare page
// at tab T (default: the CPU profiles tab). Prints "ready" when shown and quits unless --stay.
#include "comparefixture.h"
#include "ui/mainwindow.h"
#include "ui/pages/comparepage.h"
#include "ui/pages/historypage.h"
#include "ui/pages/profiledialog.h"
#include "ui/widgets/profilelist.h"
#include "ui/widgets/profileview.h"
#include "ui/widgets/rundetails.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTimer>
#include <QTreeWidget>
#include <cstdio>

using namespace sb;

namespace {

[[noreturn]] void fail(const QString &message)
{
    std::fprintf(stderr, "gui_profiles: %s\n", qPrintable(message));
    std::exit(1);
}

QByteArray fixture(const QString &name)
{
    QFile f(QStringLiteral(STACKBENCH_TEST_DATA "/profiles/") + name);
    if (!f.open(QIODevice::ReadOnly))
        fail(f.fileName() + QStringLiteral(": ") + f.errorString());
    return f.readAll();
}

qint64 samplesOf(const QByteArray &folded)
{
    qint64 n = 0;
    for (const QByteArray &line : folded.split('\n'))
        if (!line.isEmpty())
            n += line.mid(line.lastIndexOf(' ') + 1).toLongLong();
    return n;
}

void writeStore(const QString &path, const test::FixtureStore &ids)
{
    if (QString e = test::writeFixtureStore(path, ids); !e.isEmpty())
        fail(e);
    auto opened = store::RunStore::open(path);
    if (!opened.ok())
        fail(QString::fromStdString(opened.error().toString()));
    store::RunStore &s = **opened;
    struct Profile
    {
        QString run, configuration, file, note;
        double okPerS, cellOkPerS;
    };
    const QString python = QStringLiteral("python frames are the interpreter's (CPython 3.11 "
                                          "has no perf map)");
    const QList<Profile> profiles = {
        {ids.a, QStringLiteral("fast"), QStringLiteral("native.folded"), QString(), 28950, 30450},
        {ids.a, QStringLiteral("slow"), QStringLiteral("python.folded"), python, 11520, 12180},
        {ids.b, QStringLiteral("fast"), QStringLiteral("native-more-alloc.folded"), QString(),
         38100, 39500},
        {ids.b, QStringLiteral("slow"), QStringLiteral("python.folded"), python, 11800, 12150},
    };
    for (const Profile &p : profiles) {
        store::ProfileRecord r;
        r.runId = p.run;
        r.configuration = p.configuration;
        r.route = QStringLiteral("health");
        r.concurrency = 8;
        r.round = 2;
        r.takenAt = QDateTime::currentDateTimeUtc();
        r.okPerS = p.okPerS;
        r.cellOkPerS = p.cellOkPerS;
        r.frequencyHz = 99;
        r.callGraph = QStringLiteral("fp");
        r.folded = fixture(p.file);
        r.samples = samplesOf(r.folded);
        r.note = p.note;
        if (auto id = s.insertProfile(r); !id.ok())
            fail(QString::fromStdString(id.error().toString()));
    }
    for (const QString &run : {ids.a, ids.b})
        for (int round = 0; round < 3; ++round)
            for (const QString &configuration : {QStringLiteral("fast"), QStringLiteral("slow")}) {
                const bool fast = configuration == QLatin1String("fast");
                store::ServerStartRecord start;
                start.runId = run;
                start.configuration = configuration;
                start.round = round;
                start.startedAt = QDateTime::currentDateTimeUtc();
                start.execMs = 1.2;
                start.acceptMs = fast ? 3.1 + round : 180.0 + 9 * round;
                start.readyMs = fast ? 5.4 + round : 212.0 + 11 * round;
                start.rssBytes = (fast ? 4 : 38) * 1024 * 1024 + round * 65536;
                start.pssBytes = start.rssBytes * 9 / 10;
                if (sb::Status st = s.saveServerStart(start); !st.ok())
                    fail(QString::fromStdString(st.error().toString()));
            }
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("stackbench-gui-profiles"));
    QCommandLineParser parser;
    parser.addOptions(
        {{QStringLiteral("store"), QStringLiteral("The store."), QStringLiteral("PATH")},
         {QStringLiteral("show"), QStringLiteral("history or compare."), QStringLiteral("PAGE"),
          QStringLiteral("history")},
         {QStringLiteral("open"), QStringLiteral("Open profile N."), QStringLiteral("N")},
         {QStringLiteral("diff"), QStringLiteral("Open M against N."), QStringLiteral("N,M")},
         {QStringLiteral("tab"), QStringLiteral("Compare's tab."), QStringLiteral("T")},
         {QStringLiteral("size"), QStringLiteral("Window size."), QStringLiteral("WxH"),
          QStringLiteral("1280x720")},
         {QStringLiteral("screenshot"), QStringLiteral("Grab to FILE."), QStringLiteral("FILE")},
         {QStringLiteral("search"), QStringLiteral("Search the dialog's graph."),
          QStringLiteral("TEXT")},
         {QStringLiteral("stay"), QStringLiteral("Keep running.")},
         {QStringLiteral("run"), QStringLiteral("History: this run of an existing store."),
          QStringLiteral("ID")}});
    parser.process(app);
    const QString path = parser.value(QStringLiteral("store"));
    if (path.isEmpty())
        fail(QStringLiteral("--store PATH is required"));
    const test::FixtureStore ids;
    if (!QFileInfo::exists(path))
        writeStore(path, ids);
    const QStringList size = parser.value(QStringLiteral("size")).split(QLatin1Char('x'));

    MainWindow window;
    window.setStoreLocation(path);
    window.resize(size.value(0).toInt(), size.value(1).toInt());
    window.show();
    QWidget *grabbed = &window;
    if (parser.value(QStringLiteral("show")) == QLatin1String("compare")) {
        window.showPage(MainWindow::ComparePageIndex);
        ComparePage *page = window.comparePage();
        QSignalSpy shown(page, &ComparePage::comparisonShown);
        page->compareRuns({ids.a, ids.b});
        if (!shown.wait(30000))
            fail(QStringLiteral("no comparison shown"));
        page->showCell(QStringLiteral("health"), 8);
        page->chartTabs()->setCurrentIndex(parser.isSet(QStringLiteral("tab"))
                                               ? parser.value(QStringLiteral("tab")).toInt()
                                               : ComparePage::ChartTabCount);
    } else {
        window.showPage(MainWindow::HistoryPageIndex);
        HistoryPage *page = window.historyPage();
        QSignalSpy listed(page, &HistoryPage::runsLoaded);
        page->reload();
        if (!listed.wait(30000))
            fail(QStringLiteral("no run listed"));
        QSignalSpy details(page, &HistoryPage::detailsShown);
        const QString runId =
            parser.isSet(QStringLiteral("run")) ? parser.value(QStringLiteral("run")) : ids.a;
        if (!page->selectRun(runId))
            fail(QStringLiteral("run %1 is not listed").arg(runId));
        if (!details.wait(30000))
            fail(QStringLiteral("no details shown"));
        page->details()->setCurrentIndex(RunDetails::ProfilesTab);
        ProfileList *list = page->details()->profileList();
        QSignalSpy opened(page, &HistoryPage::profileOpened);
        const QStringList diff = parser.value(QStringLiteral("diff")).split(QLatin1Char(','));
        if (parser.isSet(QStringLiteral("open"))) {
            list->view()
                ->topLevelItem(parser.value(QStringLiteral("open")).toInt())
                ->setSelected(true);
            list->openButton()->click();
        } else if (diff.size() == 2) {
            list->view()->topLevelItem(diff[0].toInt())->setSelected(true);
            list->view()->topLevelItem(diff[1].toInt())->setSelected(true);
            list->diffButton()->click();
        }
        if (!opened.isEmpty()) {
            auto *dialog = opened.first().first().value<ProfileDialog *>();
            dialog->resize(size.value(0).toInt() - 80, size.value(1).toInt() - 60);
            dialog->move(window.pos() + QPoint(40, 30));
            grabbed = dialog;
            dialog->view()->searchEdit()->setText(parser.value(QStringLiteral("search")));
        }
    }
    QTimer::singleShot(500, &app, [&] {
        if (parser.isSet(QStringLiteral("screenshot")) &&
            !grabbed->grab().save(parser.value(QStringLiteral("screenshot"))))
            fail(QStringLiteral("cannot write the screenshot"));
        std::printf("ready\n");
        std::fflush(stdout);
        if (!parser.isSet(QStringLiteral("stay")))
            QCoreApplication::quit();
    });
    return app.exec();
}
