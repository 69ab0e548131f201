// The Compare page on stored runs, for screenshots (tests/ui/screenshots.sh), its speed
// (tests/bench/compare-speed.sh) and trying it by hand.
//
//   gui_compare --store PATH --runs A,B[,...] [--noise-floor RUN] [--per-cpu] [--tab N]
//               [--cell ROUTE:C] [--window] [--size WxH] [--screenshot FILE]
//               [--export-dir DIR] [--repeat N] [--html RUN --html-out FILE] [--stay]
//
// --window shows the page inside the main window (for screenshots), otherwise the page alone.
// Each comparison is timed from the request to the page painted (table and charts); --repeat
// compares N times more and prints the best, with the CPU time of all threads (the best too).
// --export-dir writes every chart as PNG, SVG and PDF (after the screenshot). --html times
// exporting RUN's HTML report (read + render + write). Prints "ready" when done and quits unless
// --stay.
#include "report/reporthtml.h"
#include "store/runstore.h"
#include "ui/mainwindow.h"
#include "ui/models/comparemodel.h"
#include "ui/pages/comparepage.h"
#include "ui/storeservice.h"
#include "ui/widgets/chartview.h"

#include <QApplication>
#include <QChart>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeWidget>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <memory>

using namespace sb;

namespace {

struct Options
{
    QString store;
    QStringList runs;
    QString noiseFloor;
    bool perCpu = false;
    int tab = -1;
    QString route;
    int concurrency = 0;
    QString screenshot;
    QString exportDir;
    int repeat = 0;
    QString htmlRun;
    QString htmlOut;
    bool stay = false;
    bool window = false;
    QSize size{1400, 900};
};

// CPU time of every thread of this process, ms: on a busy machine the wall time of a
// comparison mostly says how long it waited for a core.
double processCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

struct Timing
{
    double wallMs = 0; // from the request to the page painted
    double cpuMs = 0;  // CPU of all threads meanwhile
};

// Compares and waits until the page has painted the result.
Timing timedCompare(ComparePage *page, QWidget *top, const Options &o)
{
    QElapsedTimer clock;
    clock.start();
    const double cpu0 = processCpuMs();
    bool shown = false;
    const auto c =
        QObject::connect(page, &ComparePage::comparisonShown, page, [&shown] { shown = true; });
    const auto f =
        QObject::connect(page, &ComparePage::comparisonFailed, page, [](const QString &e) {
            std::fprintf(stderr, "gui_compare: %s\n", qPrintable(e));
            std::exit(1);
        });
    page->compareRuns(o.runs);
    while (!shown)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    QObject::disconnect(c);
    QObject::disconnect(f);
    top->repaint(); // paints the table and the chart shown now, synchronously
    return {double(clock.nsecsElapsed()) / 1e6, processCpuMs() - cpu0};
}

void exportCharts(ComparePage *page, const QString &dir)
{
    QDir().mkpath(dir);
    int n = 0;
    for (ChartView *view : page->chartViews())
        for (const char *suffix : {"png", "svg", "pdf"}) {
            const QString path = QDir(dir).filePath(
                QStringLiteral("%1.%2").arg(view->objectName(), QLatin1String(suffix)));
            if (sb::Status st = view->exportTo(path); !st.ok()) {
                std::fprintf(stderr, "gui_compare: %s\n", st.error().toString().c_str());
                std::exit(1);
            }
            ++n;
        }
    std::printf("exported %d chart files to %s\n", n, qPrintable(dir));
}

void exportHtml(const Options &o)
{
    QElapsedTimer clock;
    clock.start();
    auto opened = store::RunStore::open(o.store, store::RunStore::OpenMode::ReadOnly);
    if (!opened.ok()) {
        std::fprintf(stderr, "gui_compare: %s\n", opened.error().toString().c_str());
        std::exit(1);
    }
    sb::Result<QByteArray> html = report::reportHtmlFromStore(**opened, o.htmlRun);
    if (!html.ok()) {
        std::fprintf(stderr, "gui_compare: %s\n", html.error().toString().c_str());
        std::exit(1);
    }
    QFile out(o.htmlOut);
    if (!out.open(QIODevice::WriteOnly) || out.write(*html) != html->size()) {
        std::fprintf(stderr, "gui_compare: cannot write %s\n", qPrintable(o.htmlOut));
        std::exit(1);
    }
    out.close();
    std::printf("html: %lld bytes in %.0f ms (read, render, write)\n",
                static_cast<long long>(html->size()), double(clock.nsecsElapsed()) / 1e6);
}

Options parse(const QCoreApplication &app)
{
    QCommandLineParser p;
    p.addHelpOption();
    const QList<QCommandLineOption> options = {
        {QStringLiteral("store"), QStringLiteral("Run store."), QStringLiteral("PATH")},
        {QStringLiteral("runs"), QStringLiteral("Runs, baseline first."), QStringLiteral("IDS")},
        {QStringLiteral("noise-floor"), QStringLiteral("A/A run."), QStringLiteral("RUN")},
        {QStringLiteral("per-cpu"), QStringLiteral("Per CPU-second.")},
        {QStringLiteral("tab"), QStringLiteral("Chart tab."), QStringLiteral("N")},
        {QStringLiteral("cell"), QStringLiteral("Charted cell."), QStringLiteral("ROUTE:C")},
        {QStringLiteral("window"), QStringLiteral("Inside the main window.")},
        {QStringLiteral("size"), QStringLiteral("Window size."), QStringLiteral("WxH"),
         QStringLiteral("1400x900")},
        {QStringLiteral("screenshot"), QStringLiteral("Save the window."), QStringLiteral("FILE")},
        {QStringLiteral("export-dir"), QStringLiteral("Export every chart."),
         QStringLiteral("DIR")},
        {QStringLiteral("repeat"), QStringLiteral("Compare N more times."), QStringLiteral("N")},
        {QStringLiteral("html"), QStringLiteral("Time RUN's HTML report."), QStringLiteral("RUN")},
        {QStringLiteral("html-out"), QStringLiteral("HTML file."), QStringLiteral("FILE")},
        {QStringLiteral("stay"), QStringLiteral("Do not quit.")},
    };
    p.addOptions(options);
    p.process(app);
    Options o;
    o.store = p.value(QStringLiteral("store"));
    o.runs = p.value(QStringLiteral("runs")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    o.noiseFloor = p.value(QStringLiteral("noise-floor"));
    o.perCpu = p.isSet(QStringLiteral("per-cpu"));
    o.tab = p.isSet(QStringLiteral("tab")) ? p.value(QStringLiteral("tab")).toInt() : -1;
    if (p.isSet(QStringLiteral("cell"))) {
        const QStringList cell = p.value(QStringLiteral("cell")).split(QLatin1Char(':'));
        o.route = cell.value(0);
        o.concurrency = cell.value(1).toInt();
    }
    o.screenshot = p.value(QStringLiteral("screenshot"));
    o.exportDir = p.value(QStringLiteral("export-dir"));
    o.repeat = p.value(QStringLiteral("repeat")).toInt();
    o.htmlRun = p.value(QStringLiteral("html"));
    o.htmlOut = p.value(QStringLiteral("html-out"));
    o.stay = p.isSet(QStringLiteral("stay"));
    o.window = p.isSet(QStringLiteral("window"));
    const QStringList size = p.value(QStringLiteral("size")).split(QLatin1Char('x'));
    if (size.size() == 2 && size[0].toInt() > 0 && size[1].toInt() > 0)
        o.size = QSize(size[0].toInt(), size[1].toInt());
    return o;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("stackbench-gui-compare"));
    const Options o = parse(app);
    StoreService store; // the page's alone; the main window has its own
    store.setLocation(o.store);
    std::unique_ptr<QWidget> top;
    ComparePage *page = nullptr;
    if (o.window) {
        auto *window = new MainWindow;
        window->setStoreLocation(o.store);
        window->showPage(MainWindow::ComparePageIndex);
        page = window->findChild<ComparePage *>();
        // The docks are the plan's and the log's: closed, the page has the window's height.
        for (QDockWidget *dock : window->findChildren<QDockWidget *>())
            dock->close();
        top.reset(window);
    } else {
        page = new ComparePage(&store);
        top.reset(page);
    }
    top->resize(o.size);
    top->show();
    if (!o.runs.isEmpty()) {
        if (!o.noiseFloor.isEmpty()) {
            // The A/A run must be listed before it can be picked.
            bool listed = page->runList()->topLevelItemCount() > 0;
            QObject::connect(page, &ComparePage::runsListed, page, [&listed] { listed = true; });
            while (!listed)
                QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
            page->noiseFloorBox()->setCurrentIndex(page->noiseFloorBox()->findData(o.noiseFloor));
        }
        page->setPerCpu(o.perCpu);
        const Timing first = timedCompare(page, top.get(), o);
        std::printf("compare: %.0f ms from request to painted (read and compare %.0f ms on the "
                    "worker, table and charts %.0f ms; CPU %.0f ms)\n",
                    first.wallMs, page->lastLoadMs(), page->lastShowMs(), first.cpuMs);
        Timing best = first;
        for (int i = 0; i < o.repeat; ++i) {
            const Timing t = timedCompare(page, top.get(), o);
            best.wallMs = std::min(best.wallMs, t.wallMs);
            best.cpuMs = std::min(best.cpuMs, t.cpuMs);
        }
        if (o.repeat > 0)
            std::printf("compare: best of %d: %.0f ms (CPU of all threads: %.0f ms)\n",
                        o.repeat + 1, best.wallMs, best.cpuMs);
        if (!o.route.isEmpty())
            page->showCell(o.route, o.concurrency);
        if (o.tab >= 0)
            page->chartTabs()->setCurrentIndex(o.tab);
    }
    QCoreApplication::processEvents();
    top->repaint();
    if (!o.screenshot.isEmpty())
        top->grab().save(o.screenshot);
    if (!o.exportDir.isEmpty())
        exportCharts(page, o.exportDir);
    if (!o.htmlRun.isEmpty())
        exportHtml(o);
    std::printf("ready\n");
    std::fflush(stdout);
    if (!o.stay)
        return 0;
    return app.exec();
}
