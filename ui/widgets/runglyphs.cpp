#include "ui/widgets/runglyphs.h"

#include <QPainter>
#include <QPixmap>

namespace sb {

QIcon runGlyphIcon(RunGlyph glyph, const QPalette &palette)
{
    static const QColor colours[] = {QColor(0x2e, 0xa0, 0x4f), QColor(0xd9, 0x45, 0x3f),
                                     QColor(0x2e, 0xa0, 0x4f), QColor(0x2f, 0x7f, 0xd0)};
    QIcon icon;
    for (QIcon::Mode mode : {QIcon::Normal, QIcon::Disabled}) {
        QPixmap pm(32, 32);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        const QColor c = mode == QIcon::Disabled
                             ? palette.color(QPalette::Disabled, QPalette::WindowText)
                             : colours[int(glyph)];
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        switch (glyph) {
        case RunGlyph::Play:
            p.drawPolygon(QPolygonF{{8, 5}, {27, 16}, {8, 27}});
            break;
        case RunGlyph::Stop:
            p.drawRoundedRect(QRectF(7, 7, 18, 18), 2, 2);
            break;
        case RunGlyph::Resume:
            p.drawRect(QRectF(5, 6, 4, 20));
            p.drawPolygon(QPolygonF{{12, 5}, {28, 16}, {12, 27}});
            break;
        case RunGlyph::Check:
            p.setPen(QPen(c, 4.5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            p.setBrush(Qt::NoBrush);
            p.drawPolyline(QPolygonF{{6, 17}, {13, 24}, {26, 8}});
            break;
        }
        p.end();
        icon.addPixmap(pm, mode);
    }
    return icon;
}

} // namespace sb
