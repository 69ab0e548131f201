#pragma once

#include "core/result.h"

#include <QChartView>

class QMenu;

namespace sb {

// A Qt Charts view that exports what it shows: its context menu offers PNG, SVG and PDF
// (charts/chartexport.h), and exportTo() does the same for File ▸ Export. It owns its chart;
// setChart() replaces (and deletes) the one before. GUI thread.
//
// The context menu is made when it opens: its actions are the mouse's way in and have no
// shortcuts; the keyboard's is the page's Export menu, whose actions have them.
class ChartView : public QChartView
{
    Q_OBJECT
public:
    explicit ChartView(QWidget *parent = nullptr);
    ~ChartView() override;

    // Shows `chart` (taking it over) and deletes the chart shown before.
    void replaceChart(QChart *chart);

    // Writes the chart as the suffix of `path` says (.png, .svg, .pdf), at the view's size.
    // Errors: charts::exportChart's.
    sb::Status exportTo(const QString &path);

    // A new context menu (Export as PNG…, SVG…, PDF…) with `parent`; the caller owns it.
    QMenu *createExportMenu(QWidget *parent);

public Q_SLOTS:
    // Asks for a file name (a file dialog with the format's filter) and exports to it.
    void exportWithDialog(const QString &suffix);

Q_SIGNALS:
    // A file was written by the menu or exportTo().
    void exported(const QString &path);
    // An export failed; `message` names the file and the reason.
    void exportFailed(const QString &message);
    // The user clicked the view or opened its context menu: the chart File ▸ Export means.
    void picked();

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
};

} // namespace sb
