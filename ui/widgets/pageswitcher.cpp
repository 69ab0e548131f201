#include "ui/widgets/pageswitcher.h"

namespace sb {

PageSwitcher::PageSwitcher(QWidget *parent)
    : QListWidget(parent)
{
    setAccessibleName(tr("Pages"));
    setViewMode(QListView::IconMode);
    setFlow(QListView::TopToBottom);
    setMovement(QListView::Static);
    setWrapping(false);
    setUniformItemSizes(true);
    setIconSize(QSize(28, 28));
    setSpacing(0);
    setWordWrap(false);
    setTextElideMode(Qt::ElideNone);
}

void PageSwitcher::addPage(const QIcon &icon, const QString &name)
{
    auto *item = new QListWidgetItem(icon, name, this);
    item->setTextAlignment(Qt::AlignHCenter);
    item->setToolTip(tr("%1 (Ctrl+%2)").arg(name).arg(count()));
    m_widestName = std::max(m_widestName, fontMetrics().horizontalAdvance(name));
    fitCells();
}

void PageSwitcher::fitCells()
{
    const QSize cell(std::max(m_widestName, 48) + 24,
                     iconSize().height() + fontMetrics().height() + 14);
    setGridSize(cell);
    // Uniform item sizes take the first item's size: without this every name would get the room
    // "Plan" needs and longer ones ("Schnelltest", "快速测试") would be cut.
    for (int i = 0; i < count(); ++i)
        item(i)->setSizeHint(cell);
    setFixedWidth(cell.width() + 2 * frameWidth() + 4);
}

} // namespace sb
