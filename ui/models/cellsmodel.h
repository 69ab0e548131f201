#pragma once

#include "report/runreport.h"
#include "stats/verdict.h"
#include "store/records.h"

#include <QAbstractTableModel>
#include <QList>
#include <QStringList>
#include <QVector>
#include <optional>

namespace sb {

// "Cells so far": one row per cell (configuration, route, concurrency) with the plain median
// [min-max] of 2xx/s and of per CPU-second over the valid windows seen (report/figures.h, as the
// stored report reads them), the ratio of 2xx/s medians to the same route and concurrency of the
// baseline configuration (the first configuration of the plan), and the verdict of
// report::compareCellPairs on the windows' 2xx/s - the stored report's rule (a configuration's
// cells judged together, paired by round), with the noise floor setNoiseFloor() gives -
// recomputed when a window arrives - and the server tree's peak RSS with its age. No widgets.
class CellsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        ConfigurationColumn,
        RouteColumn,
        ConcurrencyColumn,
        WindowsColumn,
        OkPerSColumn,
        PerCpuSColumn,
        RatioColumn,
        VerdictColumn,
        PeakRssColumn, // the server tree's peak RSS, median [min-max]; its age in the tooltip
        ColumnCount
    };
    enum Role
    {
        MedianRole = Qt::UserRole + 1, // double: the column's median (OkPerS, PerCpuS, Ratio)
        MinRole,                       // double
        MaxRole,                       // double
        VerdictRole                    // int: stats::Verdict (VerdictColumn); -1 for none
    };

    // The figures of one cell over its valid windows.
    struct Row
    {
        QString configuration;
        QString route;
        int concurrency = 0;
        QVector<double> okPerS;    // per valid window, 2xx/s
        QVector<double> okPerCpuS; // per valid window, 2xx per server CPU-second
        QVector<int> rounds;       // per valid window, its 0-based round
        // The 2xx/s windows against the baseline's (none for the baseline or without one).
        std::optional<stats::Comparison> verdict;
        QVector<double> rssPeakBytes{};        // per valid window, the tree's peak RSS
        QVector<double> pssPeakBytes{};        // per valid window, the tree's peak PSS
        QVector<report::WindowAge> treeAges{}; // per valid window, the tree's age
    };

    explicit CellsModel(QObject *parent = nullptr);

    // The plan's configurations in order: the first is the baseline; it also orders the rows.
    void setConfigurationOrder(const QStringList &configurations);
    QString baseline() const;
    // The noise floor of the verdicts: |ratio - 1| the harness produces itself (0.03 = 3 %, e.g.
    // report::noiseFloorOf an A/A run), as report::ReportOptions::noiseFloor; < 0 none (the
    // default, as `stackbench report` without --noise-floor). Recomputes every verdict.
    void setNoiseFloor(double noiseFloor);
    double noiseFloor() const { return m_options.noiseFloor; }
    void clear();
    // Counts a window if it is valid (invalid ones change nothing): dataChanged() for its row
    // and for the ratios and verdicts it changes, never the whole table unless it is the
    // baseline's.
    void addWindow(const store::WindowRecord &window);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    const Row &cellRow(int row) const { return m_rows[row]; }
    // Median 2xx/s of this row over the baseline's same route and concurrency; < 0 if unknown.
    double ratio(int row) const;
    double perCpuRatio(int row) const;

private:
    int baselineRow(int row) const;
    void updateVerdicts();
    int rankOf(const QString &configuration) const;
    int insertPosition(const Row &row) const;

    QList<Row> m_rows;
    report::ReportOptions m_options; // the verdicts' noise floor and seed, as the report's
    QStringList m_order;
    QStringList m_routes; // first-seen order
};

} // namespace sb
