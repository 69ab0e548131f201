#pragma once

#include "core/result.h"

#include <QChartView>

class QMenu;

namespace sb {

// A Qt Charts view that exports what it shows: its context menu offers PNG, SVG and PDF
// (charts/chartexport.h), and exportTo() does the same for File ▸ Export. It owns its chart;
// setChart() replaces (and deletes) the one before. GUI thread.
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

    // The context menu's actions (Export as PNG…, SVG…, PDF…), for tests.
    QMenu *exportMenu() const { return m_menu; }

public Q_SLOTS:
    // Asks for a file name (a file dialog with the format's filter) and exports to it.
    void exportWithDialog(const QString &suffix);

Q_SIGNALS:
    // A file was written by the menu or exportTo().
    void exported(const QString &path);
    // An export failed; `message` names the file and the reason.
    void exportFailed(const QString &message);

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    QMenu *m_menu;
};

} // namespace sb
