#pragma once

#include "run/runner.h"
#include "run/schedule.h"
#include "ui/charts/livewindow.h"
#include "ui/charts/runstripdata.h"
#include "ui/charts/timeline.h"
#include "ui/widgets/livetiles.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QWidget>

class QCustomPlot;
class QLabel;
class QPushButton;
class QTableView;
class QTimer;

namespace sb {

class CellsModel;
class ChartPanel;
class MatrixModel;
class MatrixView;
class OffThread;
class RunController;
class RunStrip;
class StoreService;
struct StoredWindow;
struct StoredWindows;

// What the run monitor reads about a run besides its events: the plan's layout of the matrix,
// the gate, the profile's timings and, for a resumed run, the windows stored before. Read off
// the GUI thread when the run starts (the plan from its file, the windows from the store).
struct RunContext
{
    QString runId;
    QString error;                        // why it could not be read (the grid still fills in)
    QStringList configurations;           // the plan's configurations, in plan order
    QList<run::ScheduledWindow> schedule; // what the run measures
    QHash<QString, QString> routeText;    // route name -> "GET /users/1"
    double gatePct = 0;                   // sampler.foreignGatePct, percent of one core
    double warmUpS = 0;                   // profile warm-up by time, seconds (0: none or by count)
    double measureS = 0;                  // profile measured seconds
    int rounds = 0;                       // profile rounds
    int loadThreads = 1;   // plan load.threads (a window uses at most one per connection)
    QStringList loadHosts; // plan load.hosts: where the load comes from; empty = this machine
    QVector<store::WindowRecord> stored; // resumed run: windows stored before, with intervals
};

// Reads the plan part of the context of run `runId` (all but `stored`) from options.planPath
// with options.variables, its profile options.profile and the filters options.only and
// options.routes. Blocks on files; any thread.
RunContext loadRunContext(const run::RunOptions &options, const QString &runId);

// The live monitor of a run (GUI.md's sketch): a header naming round, configuration, route,
// concurrency, attempt, phase and seconds done/total (and the drain; between windows, a wait for
// a quiet machine with its seconds and the foreign CPU read); number tiles of the current window
// (LiveTiles); the four live charts of the current window with ghost lines of the cell's earlier
// valid windows, and its percentile curve beside them with the earlier rounds' curves; the run so
// far (RunStrip: every window's 2xx/s, p99 and cores by cell); the matrix grid; the cells so far.
// The last window stays on the charts until the next one has data. Driven by the RunController's
// signals; double-clicking a cell shows its stored window (read through `store` from the run's
// store) in the same charts. GUI thread only.
class RunPage : public QWidget
{
    Q_OBJECT
public:
    RunPage(RunController *controller, StoreService *store, QWidget *parent = nullptr);
    ~RunPage() override;

    MatrixModel *matrixModel() const { return m_matrix; }
    CellsModel *cellsModel() const { return m_cells; }
    ChartPanel *chartPanel() const { return m_charts; }
    LiveTiles *tiles() const { return m_tiles; }
    RunStrip *runStrip() const { return m_strip; }
    QCustomPlot *percentilePlot() const { return m_curve; }
    const charts::RunStripData &stripData() const { return m_stripData; }
    const charts::LiveWindow &liveWindow() const { return m_window; }
    // The text above the charts ("Stored window: ..."); empty for the live window.
    QString chartCaption() const;
    MatrixView *matrixView() const { return m_matrixView; }
    // The current window's data (what the charts show unless a stored window is open).
    const charts::Timeline &liveTimeline() const { return m_live; }
    QString headerText() const;
    QString progressText() const;
    bool isShowingStoredWindow() const { return m_showingStored; }
    // Whether the run's context (plan layout, gate, ...) has been applied.
    bool hasContext() const { return m_hasContext; }

public Q_SLOTS:
    // Reads window `windowId` from the run's store (through the store service) and shows its
    // timeline: storedWindowShown() or storedWindowFailed() follows.
    void showStoredWindow(qint64 windowId);
    // Back to the current window.
    void showLive();

Q_SIGNALS:
    void contextLoaded();
    void storedWindowShown(qint64 windowId);
    void storedWindowFailed(const QString &message);

private:
    void onRunStarted(const run::RunStarted &e);
    void onWindowStarted(const run::WindowStarted &e);
    void onInterval(const run::IntervalUpdate &e);
    void onWindowFinished(const run::WindowFinished &e);
    void onNoted(const run::RunNote &e);
    void onQuietWait(const run::WaitingForQuiet &e);
    void onProgress(const run::Progress &e);
    void onRunFinished(const run::RunFinished &e);
    void onRunFailed(const QString &message);
    void loadContext(const StoredWindows &stored);
    void loadContext(const run::RunOptions &options, const QVector<store::WindowRecord> &stored);
    void applyContext(const RunContext &context);
    void showWindow(const StoredWindow &result);
    void addWindow(const store::WindowRecord &w);
    void beginWindow(const run::CellRef &cell);
    void updateHeader();
    QString cellKey(const run::CellRef &cell) const;
    // The deferred start of the window's charts: the last window stays until this one has data.
    void resetLiveIfPending();
    void scheduleFigures(); // tiles and the percentile curve, coalesced
    void updateFigures();
    void stripWindow(const store::WindowRecord &w);
    void keepEarlier(const store::WindowRecord &w);
    LiveTiles::Earlier earlierOf(const QString &cellKey) const;
    QString storedCaption(const store::WindowRecord &w) const;

    RunController *m_controller;
    StoreService *m_store;
    OffThread *m_contextJob;      // reads the plan part of the context
    quint64 m_windowsRequest = 0; // a resumed run's stored windows
    quint64 m_windowRequest = 0;  // the stored window asked for last
    MatrixModel *m_matrix;
    CellsModel *m_cells;
    ChartPanel *m_charts;
    MatrixView *m_matrixView;
    QTableView *m_cellsView;
    QLabel *m_header;
    QLabel *m_progress;
    QPushButton *m_backToLive;
    LiveTiles *m_tiles;
    RunStrip *m_strip;
    QCustomPlot *m_curve;
    QTimer *m_figuresTimer;

    charts::Timeline m_live;
    charts::Timeline m_stored;
    bool m_showingStored = false;
    bool m_hasContext = false;
    bool m_refused = false; // startRefused() came; the runFailed() after it is not this run's
    RunContext m_context;
    QString m_runId;
    QString m_storeLocation;
    QHash<QString, QList<charts::Ghost>> m_earlier; // cellKey -> its last valid windows, capped
    struct EarlierWindow
    {
        double okPerS = 0;
        double p99Ms = 0;
        QVector<charts::PercentilePoint> curve;
    };
    QHash<QString, QList<EarlierWindow>> m_earlierFigures; // cellKey -> its valid windows' figures
    charts::LiveWindow m_window;
    charts::RunStripData m_stripData;
    void keepGhost(const store::WindowRecord &w);
    QSet<qint64> m_seenWindows;

    // The window going on.
    bool m_inWindow = false;
    bool m_resetPending = false; // the charts still show the last window
    double m_pendingMeasureStartS = -1;
    double m_pendingExpectedEndS = 0;
    run::CellRef m_cell;
    run::Phase m_phase = run::Phase::WarmUp;
    double m_warmUpDoneS = 0;
    double m_measuredS = 0;
    int m_inFlight = 0;
    bool m_draining = false;
    int m_windowNumber = 0;
    int m_totalWindows = 0;
    QString m_status; // shown instead of the phase between windows and at the end
};

} // namespace sb
