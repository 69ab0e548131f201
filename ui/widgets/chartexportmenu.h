#pragma once

#include <QList>
#include <QMenu>
#include <functional>

namespace sb {

class ChartView;

// The Export menu of a page of charts: the chart shown as PNG, SVG or PDF (a file dialog,
// ChartView::exportWithDialog), each action naming the chart ("“Throughput” as PNG…"), all
// disabled while no chart is drawn. Its shortcuts (Ctrl+Shift+P, G, D) act while `page` has the
// focus. The page may add actions of its own below. GUI thread.
class ChartExportMenu : public QMenu
{
    Q_OBJECT
public:
    // `current()`: the chart view an export means now (null: none); `charted()`: whether it
    // shows data.
    ChartExportMenu(const QString &title, QWidget *page, std::function<ChartView *()> current,
                    std::function<bool()> charted);

    // Names the chart shown in the actions and enables them; the menu does it before it opens.
    void updateActions();

private:
    std::function<ChartView *()> m_current;
    std::function<bool()> m_charted;
    QList<QAction *> m_actions; // PNG, SVG, PDF
};

} // namespace sb
