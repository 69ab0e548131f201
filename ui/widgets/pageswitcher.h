#pragma once

#include <QListWidget>

namespace sb {

// The main window's page switcher: the pages top to bottom, each an icon over its name, every
// cell wide enough for the longest name (translations are longer) so none is cut. The row is the
// page's index. GUI thread.
class PageSwitcher : public QListWidget
{
    Q_OBJECT
public:
    explicit PageSwitcher(QWidget *parent = nullptr);

    // Adds a page below the others; its tooltip names its shortcut, Ctrl+<its number>.
    void addPage(const QIcon &icon, const QString &name);

private:
    void fitCells();

    int m_widestName = 0; // pixels
};

} // namespace sb
