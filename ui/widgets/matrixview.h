#pragma once

#include <QWidget>

class QTableView;

namespace sb {

class MatrixModel;

// The matrix grid (a MatrixModel in a table) with a legend of the cell states beneath it.
// Double-clicking (or pressing Enter on) a cell with a stored window emits windowActivated.
class MatrixView : public QWidget
{
    Q_OBJECT
public:
    explicit MatrixView(MatrixModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }

Q_SIGNALS:
    // The user asked for the stored timeline of window `windowId`.
    void windowActivated(qint64 windowId);

private:
    QTableView *m_table;
};

} // namespace sb
