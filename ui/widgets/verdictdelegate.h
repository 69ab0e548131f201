#pragma once

#include <QStyledItemDelegate>

namespace sb {

// Paints a verdict as a badge: a rounded rectangle in palette::verdict()'s colour with the
// verdict's words on it (faster, slower, no winner, inside the noise floor, not enough
// windows). Reads the int verdict from `verdictRole` (a stats::Verdict; < 0 or invalid: the
// plain text, e.g. "baseline"). GUI thread.
class VerdictDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    VerdictDelegate(int verdictRole, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int m_role;
};

} // namespace sb
