// How long the History page takes to list a store: from "load requested" (HistoryPage::reload)
// to "model filled" (HistoryPage::runsLoaded, after the table took the rows), on the page as the
// GUI shows it. For tests/bench/history-speed.sh; a build target, not a test.
//
//   history_speed STORE [REPEAT]
//
// Prints the first load (which opens the store; the page not shown yet) and the best of REPEAT
// (default 5) loads of the shown page after it, in milliseconds, and the runs and windows listed.
#include "ui/models/runsmodel.h"
#include "ui/pages/historypage.h"
#include "ui/storeservice.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <cstdio>

namespace {

// Milliseconds from reload() to runsLoaded(); -1 when it did not come within 60 s.
double timeOneLoad(sb::HistoryPage &page)
{
    QSignalSpy loaded(&page, &sb::HistoryPage::runsLoaded);
    QElapsedTimer clock;
    clock.start();
    page.reload();
    if (!loaded.wait(60000))
        return -1;
    return double(clock.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty()) {
        std::fprintf(stderr, "usage: history_speed STORE [REPEAT]\n");
        return 2;
    }
    const int repeat = args.size() > 1 ? std::max(1, args.at(1).toInt()) : 5;
    sb::StoreService store;
    store.setLocation(args.first());
    sb::HistoryPage page(&store); // hidden: nothing is read yet
    page.resize(1400, 700);
    const double first = timeOneLoad(page); // opens the store
    if (first < 0)
        return 1;
    page.show();
    double best = -1;
    for (int i = 0; i < repeat; ++i) {
        const double ms = timeOneLoad(page);
        if (ms < 0)
            return 1;
        best = best < 0 ? ms : std::min(best, ms);
    }
    qint64 windows = 0;
    for (const sb::RunRow &r : page.model()->runs())
        windows += r.windows;
    if (!page.message().contains(QLatin1String("run(s)"))) {
        std::fprintf(stderr, "history_speed: %s\n", qPrintable(page.message()));
        return 1;
    }
    std::printf("runs %lld\nwindows %lld\nfirst_ms %.1f\nbest_ms %.1f\n",
                static_cast<long long>(page.model()->rowCount()), static_cast<long long>(windows),
                first, best);
    return 0;
}
