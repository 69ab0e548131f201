#pragma once

#include "run/runner.h"
#include "run/schedule.h"
#include "ui/charts/timeline.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace sb {

class CellsModel;
class ChartPanel;
class MatrixModel;
class MatrixView;
class OffThread;
class RunController;
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
    QVector<store::WindowRecord> stored;  // resumed run: windows stored before, with intervals
};

// Reads the plan part of the context of run `runId` (all but `stored`) from options.planPath
// with options.variables, its profile options.profile and the filters options.only and
// options.routes. Blocks on files; any thread.
RunContext loadRunContext(const run::RunOptions &options, const QString &runId);

// The live monitor of a run (GUI.md's sketch): a header naming round, configuration, route,
// concurrency, attempt, phase and seconds done/total (and the drain; between windows, a wait for
// a quiet machine with its seconds and the foreign CPU read); the four live charts of
// the current window with ghost lines of the cell's earlier valid windows; the matrix grid;
// the cells so far. Driven by the RunController's signals; double-clicking a cell shows its
// stored window (read through `store` from the run's store) in the same charts. GUI thread only.
class RunPage : public QWidget
{
    Q_OBJECT
public:
    RunPage(RunController *controller, StoreService *store, QWidget *parent = nullptr);
    ~RunPage() override;

    MatrixModel *matrixModel() const { return m_matrix; }
    CellsModel *cellsModel() const { return m_cells; }
    ChartPanel *chartPanel() const { return m_charts; }
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

    charts::Timeline m_live;
    charts::Timeline m_stored;
    bool m_showingStored = false;
    bool m_hasContext = false;
    bool m_refused = false; // startRefused() came; the runFailed() after it is not this run's
    RunContext m_context;
    QString m_runId;
    QString m_storeLocation;
    QHash<QString, QList<charts::Ghost>> m_earlier; // cellKey -> its last valid windows, capped
    void keepGhost(const store::WindowRecord &w);
    QSet<qint64> m_seenWindows;

    // The window going on.
    bool m_inWindow = false;
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
