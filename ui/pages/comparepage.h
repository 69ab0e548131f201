#pragma once

#include "core/result.h"
#include "store/records.h"
#include "ui/charts/comparedata.h"
#include "ui/pages/comparehtml.h"
#include "ui/storeresults.h"

#include <QList>
#include <QStringList>
#include <QWidget>

class QButtonGroup;
class QComboBox;
class QLabel;
class QSplitter;
class QTabWidget;
class QTableView;
class QTimer;
class QToolButton;
class QAction;
class QMenu;
class QTreeWidget;
class QTreeWidgetItem;

namespace sb {

class ChartExportMenu;
class CompareColdStart;
class CompareProfiles;
class ChartView;
class CompareModel;
class StoreService;

// Compare (GUI.md): two or more stored runs cell by cell against a baseline run, as
// `stackbench compare` does, or the configurations of one run against a baseline configuration,
// as `stackbench report` does. Left: the store's runs with check boxes. Right: baseline, the
// noise floor (from an A/A run), the raw <-> per CPU-second toggle, a label for runs that are not
// like for like, the summary table with verdict badges, and the charts (box plots, 2xx/s and
// latency against concurrency, percentile curves, per-window timelines, peak memory) of the route
// and cell picked in the table, each exportable to PNG, SVG and PDF; then the runs' CPU profiles
// (a differential flame graph) and cold starts. The store is the window's StoreService's (read
// on its thread; only the latest request's result is shown), and the page follows its switches.
// GUI thread.
class ComparePage : public QWidget
{
    Q_OBJECT
public:
    enum ChartTab
    {
        BoxPlotTab,
        ConcurrencyTab,
        PercentileTab,
        TimelineTab,
        MemoryTab,
        ChartTabCount
    };

    // Lists the runs of `store`'s location, and again when it changes.
    explicit ComparePage(StoreService *store, QWidget *parent = nullptr);
    ~ComparePage() override;

    // The runs ticked, the baseline first.
    QStringList selectedRuns() const { return m_selection; }
    CompareModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QTreeWidget *runList() const { return m_runs; }
    QComboBox *baselineBox() const { return m_baseline; }
    QComboBox *noiseFloorBox() const { return m_noiseFloor; }
    QTabWidget *chartTabs() const { return m_tabs; }
    // The tabs after the charts: CPU profiles (a differential flame graph of two profiled
    // cells) and cold start per run and configuration.
    CompareProfiles *profiles() const { return m_profiles; }
    CompareColdStart *coldStart() const { return m_coldStart; }
    // Every chart view, and the one of the tab shown that File ▸ Export means (the one last
    // clicked or right-clicked, the tab's first until then).
    QList<ChartView *> chartViews() const;
    ChartView *currentChartView() const;
    // The route and concurrency the charts show.
    QString chartRoute() const { return m_route; }
    int chartConcurrency() const { return m_concurrency; }
    // The status line (what is loading, what failed, how long the last comparison took).
    QString statusText() const;
    // The "not like for like" label: every way the runs differ ("" when alike), and what the
    // page shows of it (at most three, then a count; the rest in its tooltip).
    QString differencesText() const;
    QString differencesShown() const;

    // File ▸ Export for the chart shown: PNG, SVG or PDF by the suffix of `path`.
    sb::Status exportCurrentChart(const QString &path);
    // The page's Export menu (its Export button; the main window's File menu shows it too): the
    // chart shown as PNG, SVG or PDF (a file dialog; in the tab with two charts, the one last
    // clicked), and as HTML what the page shows (htmlExport()). Its shortcuts act while the
    // page has focus.
    QMenu *exportMenu() const;
    // What Export ▸ HTML writes: the comparison shown (two or more runs), or the one run's HTML
    // report with the baseline configuration chosen here, or nothing before a comparison shows.
    CompareHtml htmlExport() const;
    // Writes it to `path` (pages/comparehtml.h: on a worker thread), with this page's noise
    // floor; htmlExported or htmlExportFailed follows.
    void exportHtml(const QString &path);

    // Milliseconds the last comparison took: reading and comparing on the worker, and building
    // its table and charts on the GUI thread.
    double lastLoadMs() const { return m_loadMs; }
    double lastShowMs() const { return m_showMs; }

public Q_SLOTS:
    // Compares `runIds` of the store (two or more: the first is the baseline run; one: its
    // configurations).
    void compareRuns(const QStringList &runIds);
    // Re-reads the store's run list.
    void refreshRuns();
    // Raw 2xx/s or per CPU-second in the ratio/verdict columns, the box plots and the
    // throughput chart.
    void setPerCpu(bool perCpu);
    // The charts show `route` (and, for the percentile curves and timelines, `concurrency`).
    void showCell(const QString &route, int concurrency);

Q_SIGNALS:
    // The run list was read (or failed to be: the status says why).
    void runsListed();
    // A comparison's table and charts are shown.
    void comparisonShown();
    void comparisonFailed(const QString &message);
    // exportHtml() wrote `path` / could not (`message` names the run or file and why).
    void htmlExported(const QString &path);
    void htmlExportFailed(const QString &message);

protected:
    // Re-lists the store's runs: runs measured or imported elsewhere appear.
    void showEvent(QShowEvent *event) override;

private:
    void createControls();
    void createCharts();
    QToolButton *createExportButton();
    void updateExportActions();
    void exportHtmlWithDialog();
    void showLocation();
    void applyRuns(const RunsResult &result);
    void onRunItemChanged(QTreeWidgetItem *item);
    void onBaselineChosen(int index);
    void scheduleCompare();
    void requestCompare();
    void clearComparison();
    void showResult(const charts::CompareResult &result);
    void updateBaselineBox();
    void updateChartPickers();
    void rebuildCharts();
    void selectRowOf(const QString &route, int concurrency);
    void setStatus(const QString &text);
    QString tickHint() const; // the status with nothing ticked
    void readSettings();
    void writeSettings() const;

    StoreService *m_store;
    QStringList m_selection;         // ticked runs, baseline first
    QString m_baselineConfiguration; // one run: the configuration compared against
    quint64 m_requestId = 0;
    quint64 m_runsRequestId = 0;
    charts::CompareResult m_result; // what the charts draw
    QString m_route;
    int m_concurrency = 0;
    double m_loadMs = 0;
    double m_showMs = 0;
    bool m_updating = false;   // filling widgets: their change signals are not the user's
    bool m_saidNoRuns = false; // the status says the store has no run yet

    QTreeWidget *m_runs = nullptr;
    QComboBox *m_baseline = nullptr;
    QComboBox *m_noiseFloor = nullptr;
    QButtonGroup *m_metric = nullptr;
    QLabel *m_differences = nullptr;
    QLabel *m_status = nullptr;
    QTableView *m_table = nullptr;
    CompareModel *m_model = nullptr;
    QComboBox *m_routeBox = nullptr;
    QComboBox *m_concurrencyBox = nullptr;
    QTabWidget *m_tabs = nullptr;
    QSplitter *m_splitter = nullptr;
    QSplitter *m_rightSplitter = nullptr;
    QList<QList<ChartView *>> m_views; // per tab
    QTimer *m_compareTimer = nullptr;
    QList<int> m_picked; // per tab: the chart of m_views[tab] File ▸ Export means
    ChartExportMenu *m_exportMenu = nullptr;
    QAction *m_htmlAction = nullptr;
    CompareProfiles *m_profiles = nullptr;
    CompareColdStart *m_coldStart = nullptr;
};

} // namespace sb
