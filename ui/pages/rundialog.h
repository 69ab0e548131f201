#pragma once

#include "ui/charts/timeline.h"
#include "ui/models/runsmodel.h"

#include <QDialog>

class QLabel;
class QSplitter;
class QTableView;

namespace sb {

class CellsModel;
class ChartPanel;
class MatrixModel;
class MatrixView;
class StoreService;
struct StoredRun;
struct StoredWindow;

// Fills the grid and the cell table with a stored run, read-only: the planned matrix (when the
// stored plan still loads) with each stored attempt in stored order; the last invalid attempt of
// a cell reads "failed" unless the run can be resumed (then it is measured again); cells of a
// configuration the run blocked read "blocked". Pure apart from the models; GUI thread.
void fillStoredRun(const StoredRun &run, MatrixModel *matrix, CellsModel *cells);

// How the cells of a stored run ended (RunCounts): the planned matrix when the stored plan still
// loads (else the cells that have windows); a cell's last invalid attempt is failed unless the
// run can be resumed (then it is to measure); cells of a blocked configuration without a valid
// window are blocked. Pure.
RunCounts storedRunCounts(const StoredRun &run);

// A stored run opened from the History page: its grid and its cell table, read-only; a
// double-click on a cell with a stored window (or Enter) opens that window's timeline below them,
// read through `store` (null: no timelines). Not modal; deletes itself when closed. GUI thread.
class RunDialog : public QDialog
{
    Q_OBJECT
public:
    explicit RunDialog(const StoredRun &run, StoreService *store = nullptr,
                       QWidget *parent = nullptr);
    ~RunDialog() override;

    QString runId() const { return m_runId; }
    MatrixModel *matrix() const { return m_matrix; }
    CellsModel *cells() const { return m_cells; }
    MatrixView *matrixView() const { return m_matrixView; }
    QTableView *cellsView() const { return m_cellsView; }
    // The timeline of the window opened last (hidden until one is opened).
    ChartPanel *chartPanel() const { return m_charts; }
    const charts::Timeline &timeline() const { return m_timeline; }

public Q_SLOTS:
    // Reads window `windowId` of the run's store and shows its timeline: windowShown() follows,
    // or windowFailed() with one line naming the window.
    void openWindow(qint64 windowId);

Q_SIGNALS:
    void windowShown(qint64 windowId);
    void windowFailed(const QString &message);

private:
    void fitContents(QSplitter *split);
    void showWindow(const StoredWindow &result);

    StoreService *m_store;
    quint64 m_windowRequest = 0;
    QString m_location; // the store the run was read from
    charts::Timeline m_timeline;
    ChartPanel *m_charts = nullptr;
    QLabel *m_header = nullptr;
    QString m_runId;
    MatrixModel *m_matrix;
    CellsModel *m_cells;
    MatrixView *m_matrixView;
    QTableView *m_cellsView;
};

} // namespace sb
