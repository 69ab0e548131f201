#include "ui/widgets/verdictdelegate.h"

#include "stats/verdict.h"
#include "ui/charts/palette.h"

#include <QApplication>
#include <QPainter>

namespace sb {

VerdictDelegate::VerdictDelegate(int verdictRole, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_role(verdictRole)
{}

void VerdictDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                            const QModelIndex &index) const
{
    const QVariant v = index.data(m_role);
    if (!v.isValid() || v.toInt() < 0) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // The selection background first, so a selected row stays visibly selected.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

    const QColor fill = palette::verdict(stats::Verdict(v.toInt()));
    const QString text = index.data(Qt::DisplayRole).toString();
    const QFontMetrics fm(option.font);
    const int w = std::min(fm.horizontalAdvance(text) + 14, option.rect.width() - 4);
    const QRect badge(option.rect.left() + 3, option.rect.center().y() - fm.height() / 2 - 1, w,
                      fm.height() + 2);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(fill);
    painter->drawRoundedRect(badge, badge.height() / 2.0, badge.height() / 2.0);
    painter->setPen(palette::textOn(fill));
    painter->drawText(badge, Qt::AlignCenter, fm.elidedText(text, Qt::ElideRight, w - 8));
    painter->restore();
}

QSize VerdictDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    const QFontMetrics fm(option.font);
    s.setWidth(std::max(s.width(), fm.horizontalAdvance(index.data().toString()) + 24));
    s.setHeight(std::max(s.height(), fm.height() + 6));
    return s;
}

} // namespace sb
