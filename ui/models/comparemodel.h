#pragma once

#include "ui/charts/comparedata.h"

#include <QAbstractTableModel>
#include <QList>

namespace sb {

// The Compare page's summary table: one row per route x concurrency x run x configuration with
// the cell's median [min-max] of 2xx/s and per CPU-second, server cores, p50 and p99 (medians of
// the windows' own), the server tree's peak RSS and PSS with its age (compared with the
// baseline's only on fresh trees or at equal age, report/memoryreport.h), the ratio to the baseline
// with its 95 % interval, the verdict, the noise floor, where the ceiling is (the cell's bound and
// its configuration's saturation sentence), and a label when the run is not like for like with the
// baseline run. Every number is the engine's (report::loadRunReport / report::compareRuns): the
// ratios and verdicts as `stackbench compare` and `stackbench report` print them, the cell
// figures in the Run page's formats (ui/models/figures.h), so that a figure reads the same on
// both pages. No widgets.
class CompareModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        RunColumn,
        ConfigurationColumn,
        RouteColumn,
        ConcurrencyColumn,
        RatioColumn,
        VerdictColumn,
        OkPerSColumn,
        PerCpuSColumn,
        WindowsColumn,
        CoresColumn,
        P50Column,
        P99Column,
        RssColumn, // peak RSS of the server tree, median [min-max]
        PssColumn, // peak PSS
        AgeColumn, // the tree's age at the windows (report::TreeAge)
        NoiseFloorColumn,
        CeilingColumn,
        LabelColumn,
        ColumnCount
    };
    enum Role
    {
        VerdictRole = Qt::UserRole + 1, // int: stats::Verdict; -1 for a baseline row
        VerdictKeyRole,                 // QString: stats::verdictKey(), "baseline" for one
        RatioRole,                      // double: the ratio; 0 for a baseline row
        SeriesColourRole,               // QColor: the series' colour on every chart
        RunIdRole,                      // QString
        RouteRole,                      // QString
        ConcurrencyRole,                // int
    };

    explicit CompareModel(QObject *parent = nullptr);

    // Shows a loaded comparison (an errored one empties the table).
    void setResult(const charts::CompareResult &result);
    const charts::CompareResult &result() const { return m_result; }
    void clear();

    // Which comparison the ratio, verdict and noise-floor columns show: 2xx/s or per CPU-second.
    void setMetric(charts::Metric metric);
    charts::Metric metric() const { return m_metric; }

    // Sentences about what is not like for like (RunComparison::differences) and the baseline
    // cells a run lacks; empty for one run.
    QStringList differences() const;
    QStringList missing() const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        int run = 0; // index into the result's runs
        const report::CellReport *cell = nullptr;
        bool baseline = false;
        // The comparison of this row for each metric (nullptr for a baseline row).
        const stats::Comparison *okPerS = nullptr;
        const stats::Comparison *perCpuS = nullptr;
    };
    void buildRunRows();
    void buildConfigurationRows();
    const stats::Comparison *comparison(const Row &row) const;
    QString runLabel(int run) const;
    QString ceilingText(const Row &row) const;
    QVariant display(const Row &row, int column) const;
    QVariant toolTip(const Row &row, int column) const;
    // The verdict rule in a sentence (a second one across runs: the drift), and a cell's test
    // with its note and the rule.
    QString verdictRule() const;
    QString verdictToolTip(const stats::Comparison &c) const;
    // The cell's memory against its baseline cell (the baseline configuration's in one run, the
    // same configuration's in the baseline run), as a tooltip.
    QString memoryToolTip(const Row &row) const;

    charts::CompareResult m_result;
    charts::Metric m_metric = charts::Metric::OkPerS;
    QList<Row> m_rows;
};

} // namespace sb
