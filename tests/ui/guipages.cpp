// gui_pages: the run monitor and the quick test page as standalone windows on real runs, for
// tests/ui/screenshots.sh and tests/bench/gui-overhead.sh (a build target, not a CTest test).
//
//   gui_pages monitor --plan P [--store S] [--profile quick] [--only a,b] [--routes r,s]
//                     [--headless] [--screenshot PNG --shot-window N [--stop-after-shot]]
//   gui_pages quicktest --screenshot PNG [--seconds 5] [--connections 8]
//
// monitor runs the plan through the RunController with the RunPage shown (or, with --headless,
// through a Runner on the main thread with no GUI at all) and prints one line
//   RESULT mode=gui|headless windows=N ok_per_s=X ok_per_client_cpu_s=Y max_lag_ms=Z
//          gui_thread_cpu_s=C
// from the stored windows (means over the run's valid windows; the lag is the event loop's
// longest stall measured by a 10 ms timer; C the GUI thread's CPU seconds during the run;
// both -1 headless; longest_redraw_ms the chart panel's longest redraw).
#include "core/qterror.h"
#include "stalltrace.h"
#include "store/runstore.h"
#include "ui/pages/quicktestpage.h"
#include "ui/pages/runpage.h"
#include "ui/runcontroller.h"
#include "ui/storeservice.h"
#include "ui/widgets/chartpanel.h"
#include "uitest.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QPixmap>
#include <QTemporaryDir>
#include <QTimer>
#include <QWindow>
#include <cstdio>
#include <ctime>
#include <memory>

using namespace sb;

namespace {

// CPU seconds the calling thread has used so far.
double threadCpuS()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

void printResult(const QString &mode, const QString &storeLocation, const QString &runId,
                 qint64 maxLagMs, double guiCpuS, double redrawMs = -1)
{
    auto opened = store::RunStore::open(storeLocation, store::RunStore::OpenMode::ReadOnly);
    if (!opened.ok()) {
        std::fprintf(stderr, "gui_pages: %s\n", opened.error().toString().c_str());
        return;
    }
    auto windows = (*opened)->windows(runId);
    double okPerS = 0;
    double okPerCpu = 0;
    int n = 0;
    if (windows.ok()) {
        for (const store::WindowRecord &w : *windows) {
            if (!w.valid || w.elapsedS <= 0 || w.clientCpuS <= 0)
                continue;
            okPerS += double(w.ok) / w.elapsedS;
            okPerCpu += double(w.ok) / w.clientCpuS;
            ++n;
        }
    }
    std::printf("RESULT mode=%s windows=%d ok_per_s=%.1f ok_per_client_cpu_s=%.1f max_lag_ms=%lld "
                "gui_thread_cpu_s=%.2f longest_redraw_ms=%.1f\n",
                qPrintable(mode), n, n ? okPerS / n : 0.0, n ? okPerCpu / n : 0.0,
                static_cast<long long>(maxLagMs), guiCpuS, redrawMs);
    std::fflush(stdout);
}

bool save(QWidget *w, const QString &path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    const bool ok = w->grab().save(path);
    std::printf("%s %s\n", ok ? "SCREENSHOT" : "SCREENSHOT-FAILED", qPrintable(path));
    std::fflush(stdout);
    return ok;
}

// With GUI_PAGES_TRACE_STALLS_MS=N set, every stall of the event loop of N ms or more is written
// as a STALL line (its slowest events, the GUI thread's CPU over it), and the busiest kinds of
// event as TRACE-TOTAL lines, after the RESULT line. The run events are named by slots connected
// ahead of the page's.
std::unique_ptr<test::StallTrace> traceStalls(test::TracingApplication &app,
                                              RunController &controller)
{
    const int thresholdMs = qEnvironmentVariableIntValue("GUI_PAGES_TRACE_STALLS_MS");
    if (thresholdMs <= 0)
        return nullptr;
    auto trace = std::make_unique<test::StallTrace>(thresholdMs);
    test::StallTrace *t = trace.get();
    app.setTrace(t);
    auto label = [t](const char *name) { return [t, name] { t->setLabel(name); }; };
    QObject::connect(&controller, &RunController::runStarted, t, label("runStarted"));
    QObject::connect(&controller, &RunController::windowStarted, t, label("windowStarted"));
    QObject::connect(&controller, &RunController::intervalMeasured, t, label("interval"));
    QObject::connect(&controller, &RunController::windowFinished, t, label("windowFinished"));
    QObject::connect(&controller, &RunController::progressed, t, label("progress"));
    QObject::connect(&controller, &RunController::noted, t, label("note"));
    QObject::connect(&controller, &RunController::runFinished, t, label("runFinished"));
    return trace;
}

// The page's size: GUI_PAGES_SIZE=WxH (the README's screenshots: 1280x800), else 1600x1000.
QSize pageSize()
{
    const QList<QByteArray> wh = qgetenv("GUI_PAGES_SIZE").split('x');
    const int w = wh.size() == 2 ? wh[0].toInt() : 0;
    const int h = wh.size() == 2 ? wh[1].toInt() : 0;
    return w > 0 && h > 0 ? QSize(w, h) : QSize(1600, 1000);
}

int monitor(test::TracingApplication &app, const QCommandLineParser &p)
{
    run::RunOptions o;
    o.planPath = p.value(QStringLiteral("plan"));
    o.storeLocation = p.value(QStringLiteral("store"));
    o.profile = p.value(QStringLiteral("profile"));
    if (p.isSet(QStringLiteral("only")))
        o.only = p.value(QStringLiteral("only")).split(QLatin1Char(','));
    if (p.isSet(QStringLiteral("routes")))
        o.routes = p.value(QStringLiteral("routes")).split(QLatin1Char(','));
    o.variables.insert(QStringLiteral("stackbench"), QStringLiteral(STACKBENCH_BIN));

    if (p.isSet(QStringLiteral("headless"))) {
        run::Runner runner;
        sb::Result<run::RunFinished> r = runner.run(o);
        if (!r.ok()) {
            std::fprintf(stderr, "gui_pages: %s\n", r.error().toString().c_str());
            return 1;
        }
        printResult(QStringLiteral("headless"), o.storeLocation, r->runId, -1, -1);
        return 0;
    }

    RunController controller;
    std::unique_ptr<test::StallTrace> trace = traceStalls(app, controller);
    StoreService service;
    RunPage page(&controller, &service);
    page.setWindowTitle(QStringLiteral("Run - Stackbench"));
    page.resize(pageSize());
    page.show();
    test::LagProbe probe;
    const QString shot = p.value(QStringLiteral("screenshot"));
    const int shotWindow = p.value(QStringLiteral("shot-window")).toInt();
    const bool stopAfterShot = p.isSet(QStringLiteral("stop-after-shot"));
    bool shotTaken = false;
    int window = 0;
    int exitCode = 0;
    double cpuAtStart = 0;
    QObject::connect(&controller, &RunController::runStarted, &app, [&] {
        probe.start();
        if (trace)
            trace->start();
        cpuAtStart = threadCpuS();
    });
    QObject::connect(&controller, &RunController::windowStarted, &app,
                     [&](const run::WindowStarted &e) { window = e.windowNumber; });
    QObject::connect(&controller, &RunController::intervalMeasured, &app,
                     [&](const run::IntervalUpdate &e) {
                         if (shot.isEmpty() || shotTaken || window < shotWindow ||
                             e.phase != run::Phase::Measure || e.interval.index < 2 || e.draining)
                             return;
                         shotTaken = true;
                         // Let the coalesced redraw of this interval happen first.
                         QTimer::singleShot(2 * ChartPanel::kReplotMs, &app, [&] {
                             save(&page, shot);
                             if (stopAfterShot)
                                 controller.stop();
                         });
                     });
    QObject::connect(
        &controller, &RunController::runFinished, &app, [&](const run::RunFinished &e) {
            probe.stop();
            std::printf("FINISHED %s %s\n", qPrintable(e.runId), qPrintable(e.status));
            printResult(QStringLiteral("gui"), o.storeLocation, e.runId, probe.maxLagMs(),
                        threadCpuS() - cpuAtStart, page.chartPanel()->longestRedrawMs());
            if (trace) {
                trace->stop();
                app.setTrace(nullptr);
                for (const QString &line : trace->report())
                    std::printf("%s\n", qPrintable(line));
                std::fflush(stdout);
            }
            QTimer::singleShot(0, &app, &QApplication::quit);
        });
    QObject::connect(&controller, &RunController::runFailed, &app, [&](const QString &m) {
        std::fprintf(stderr, "gui_pages: %s\n", qPrintable(m));
        exitCode = 1;
        QTimer::singleShot(0, &app, &QApplication::quit);
    });
    // The run starts on a window already on screen, as a user's Start does: its first paint is
    // not part of the run (under a busy X server it took 100-270 ms and was counted as a stall).
    QElapsedTimer exposing;
    exposing.start();
    while (!(page.windowHandle() && page.windowHandle()->isExposed()) && exposing.elapsed() < 10000)
        app.processEvents(QEventLoop::AllEvents, 50);
    app.processEvents();
    controller.start(o);
    const int rc = app.exec();
    return exitCode ? exitCode : rc;
}

int quicktest(QApplication &app, const QCommandLineParser &p)
{
    QTemporaryDir dir;
    test::Target target(dir.filePath(QStringLiteral("target.sqlite")), 1);
    if (target.port() == 0) {
        std::fprintf(stderr, "gui_pages: the target did not start: %s\n",
                     qPrintable(target.error()));
        return 1;
    }
    QuickTestPage page;
    page.setWindowTitle(QStringLiteral("Quick test - Stackbench"));
    page.setStoreLocation(dir.filePath(QStringLiteral("runs.sqlite")));
    page.resize(pageSize());
    page.show();
    LoadForm f;
    f.url = QStringLiteral("http://127.0.0.1:%1/users/1").arg(target.port());
    f.connections = p.value(QStringLiteral("connections"));
    f.length = p.value(QStringLiteral("seconds")) + QStringLiteral("s");
    f.warmUp = QStringLiteral("1s");
    f.headers = {{QStringLiteral("Accept"), QStringLiteral("application/json")}};
    page.setForm(f);
    page.setServerPid(target.pid());
    const QString shot = p.value(QStringLiteral("screenshot"));
    int exitCode = 0;
    QObject::connect(&page, &QuickTestPage::testFinished, &app, [&] {
        std::printf("%s\n", qPrintable(page.summaryText()));
        QTimer::singleShot(2 * ChartPanel::kReplotMs, &app, [&] {
            if (!shot.isEmpty() && !save(&page, shot))
                exitCode = 1;
            app.quit();
        });
    });
    QObject::connect(&page, &QuickTestPage::testFailed, &app, [&](const QString &m) {
        std::fprintf(stderr, "gui_pages: %s\n", qPrintable(m));
        exitCode = 1;
        app.quit();
    });
    QTimer::singleShot(0, &page, &QuickTestPage::startTest);
    const int rc = app.exec();
    return exitCode ? exitCode : rc;
}

} // namespace

int main(int argc, char **argv)
{
    test::TracingApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("stackbench-gui-pages"));
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("page"), QStringLiteral("monitor or quicktest"));
    p.addOptions({
        {QStringLiteral("plan"), QStringLiteral("Plan file."), QStringLiteral("PATH")},
        {QStringLiteral("store"), QStringLiteral("Run store."), QStringLiteral("PATH")},
        {QStringLiteral("profile"), QStringLiteral("Profile."), QStringLiteral("NAME"),
         QStringLiteral("quick")},
        {QStringLiteral("only"), QStringLiteral("Configurations."), QStringLiteral("LIST")},
        {QStringLiteral("routes"), QStringLiteral("Routes."), QStringLiteral("LIST")},
        {QStringLiteral("headless"), QStringLiteral("Run without the GUI.")},
        {QStringLiteral("screenshot"), QStringLiteral("Save a PNG."), QStringLiteral("PNG")},
        {QStringLiteral("shot-window"), QStringLiteral("Window to shoot in."), QStringLiteral("N"),
         QStringLiteral("1")},
        {QStringLiteral("stop-after-shot"), QStringLiteral("Stop the run after the shot.")},
        {QStringLiteral("seconds"), QStringLiteral("Quick test seconds."), QStringLiteral("S"),
         QStringLiteral("5")},
        {QStringLiteral("connections"), QStringLiteral("Quick test connections."),
         QStringLiteral("N"), QStringLiteral("8")},
    });
    p.addHelpOption();
    p.process(app);
    const QString page = p.positionalArguments().value(0);
    if (page == QLatin1String("monitor"))
        return monitor(app, p);
    if (page == QLatin1String("quicktest"))
        return quicktest(app, p);
    std::fprintf(stderr, "gui_pages: say monitor or quicktest (try --help)\n");
    return 2;
}
