#pragma once

#include "run/runevents.h"
#include "run/schedule.h"
#include "ui/models/cellstate.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QStringList>

namespace sb {

// The matrix grid of a run: rows configuration x route, columns concurrency x round, each item
// one cell in one round with its state (CellState), figures and the reason it is not valid.
// Fed by the run's events (or stored windows, for a resumed run); a window for a cell outside
// the layout adds its row or column. No widgets; GUI thread (or any one thread).
class MatrixModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role
    {
        StateRole = Qt::UserRole + 1, // int(CellState)
        WindowIdRole,                 // qint64: the stored window to open (valid or last), 0 = none
        ConfigurationRole,            // QString
        RouteRole,                    // QString
        ConcurrencyRole,              // int
        RoundRole,                    // int, 0-based
        OkPerSRole                    // double: 2xx/s of the valid window, 0 otherwise
    };

    // What the grid knows about one cell in one round.
    struct Cell
    {
        CellState state = CellState::Pending;
        CellState before = CellState::Pending; // state before Running (restored on a stop)
        int attempts = 0;                      // finished attempts seen
        int attempt = 0;                       // 0-based attempt running or last finished
        qint64 windowId = 0;                   // last stored window of the cell
        QString reason;                        // why invalid, failed or blocked
        QStringList flags;                     // "client-bound", ...
        double okPerS = 0;                     // 2xx/s of the valid window
        double p99Us = 0;                      // p99 latency, microseconds
        double cores = 0;                      // server tree cores
        double okPerCpuS = 0;                  // 2xx per server CPU-second
    };

    explicit MatrixModel(QObject *parent = nullptr);

    // Lays the grid out for a schedule (configurations, routes and concurrency in first-seen
    // order, rounds 0..max); keeps what is known of cells already seen.
    void setSchedule(const QList<run::ScheduledWindow> &schedule);
    // Forgets everything.
    void clear();

    // Event handlers.
    void windowStarted(const run::WindowStarted &event);
    void windowFinished(const run::WindowFinished &event);
    // A stored window of a resumed run (in stored order).
    void windowStored(const store::WindowRecord &window);
    // The configuration is not measured any more: its unfinished cells become Blocked.
    void configurationBlocked(const QString &configuration, const QString &reason);
    // The run ended: a cell still Running (a stopped window) goes back to its earlier state.
    void runEnded();

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    Cell cell(int row, int column) const;
    // Row of (configuration, route) / column of (concurrency, round); -1 when absent.
    int row(const QString &configuration, const QString &route) const;
    int column(int concurrency, int round) const;
    QStringList configurations() const;
    // Cells per state, over the whole grid.
    int count(CellState state) const;
    // Sets the colour index of each configuration (its position in the plan).
    void setConfigurationOrder(const QStringList &configurations);
    int colourIndex(const QString &configuration) const;

private:
    struct RowKey
    {
        QString configuration;
        QString route;
        bool operator==(const RowKey &o) const = default;
    };
    struct ColumnKey
    {
        int concurrency = 0;
        int round = 0;
        bool operator==(const ColumnKey &o) const = default;
    };
    QString key(int round, const QString &configuration, const QString &route,
                int concurrency) const;
    // The cell, adding its row and column when new.
    Cell &ensure(int round, const QString &configuration, const QString &route, int concurrency);
    void changed(int round, const QString &configuration, const QString &route, int concurrency);
    void apply(const store::WindowRecord &w, bool willRetry, bool cellFailed, bool live);
    QString tooltip(int r, int c, const Cell &cell) const;

    QList<RowKey> m_rows;
    QList<ColumnKey> m_columns;
    QHash<QString, Cell> m_cells; // key(): round|configuration|route|concurrency
    QStringList m_configurationOrder;
};

} // namespace sb
