#pragma once

#include <QDialog>

class QLabel;
class QSplitter;
class QTableView;

namespace sb {

class CellsModel;
class MatrixModel;
class MatrixView;
struct StoredRun;

// Fills the grid and the cell table with a stored run, read-only: the planned matrix (when the
// stored plan still loads) with each stored attempt in stored order; the last invalid attempt of
// a cell reads "failed" unless the run can be resumed (then it is measured again); cells of a
// configuration the run blocked read "blocked". Pure apart from the models; GUI thread.
void fillStoredRun(const StoredRun &run, MatrixModel *matrix, CellsModel *cells);

// A stored run opened from the History page: its grid and its cell table, read-only. Not modal;
// deletes itself when closed. GUI thread.
class RunDialog : public QDialog
{
    Q_OBJECT
public:
    explicit RunDialog(const StoredRun &run, QWidget *parent = nullptr);

    QString runId() const { return m_runId; }
    MatrixModel *matrix() const { return m_matrix; }
    CellsModel *cells() const { return m_cells; }
    MatrixView *matrixView() const { return m_matrixView; }
    QTableView *cellsView() const { return m_cellsView; }

private:
    void fitContents(QSplitter *split);

    QString m_runId;
    MatrixModel *m_matrix;
    CellsModel *m_cells;
    MatrixView *m_matrixView;
    QTableView *m_cellsView;
};

} // namespace sb
